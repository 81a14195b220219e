#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain mutual-exclusion lock, with a try-lock for caches that would
/// rather recompute than wait.
///
/// The pthread mutex lives at a stable heap address, as pthread requires
/// (a stored `pthread_mutex_t` may move). Not recursive. A child forked
/// while another thread held it inherits it held: callers that can run in
/// such a child take it with ``tryLock()`` only, or re-create it there.
@usableFromInline
final class Mutex: @unchecked Sendable {
  private let raw: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    raw = .allocate(capacity: 1)
    raw.initialize(to: pthread_mutex_t())
    pthread_mutex_init(raw, nil)
  }

  deinit {
    pthread_mutex_destroy(raw)
    raw.deallocate()
  }

  /// Takes the lock, waiting for it.
  @inline(__always)
  func lock() { pthread_mutex_lock(raw) }

  /// Takes the lock if it is free; true if taken.
  @inline(__always)
  func tryLock() -> Bool { pthread_mutex_trylock(raw) == 0 }

  /// Releases the lock (taken by this thread).
  @inline(__always)
  func unlock() { pthread_mutex_unlock(raw) }

  /// Runs `body` with the lock held.
  @inline(__always)
  func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}
