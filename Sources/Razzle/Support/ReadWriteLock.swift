#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A readers–writer lock: many concurrent readers, or one writer.
///
/// Samplers take it for reading and run in parallel; mutations take it for
/// writing, so a sampler sees a track before or after a change, never during.
/// The pthread lock lives at a stable heap address, as pthread requires.
///
/// The lock is not recursive: code holding it must not take it again, not
/// even for reading. Writers are preferred, so a second read lock waits
/// behind a writer that queued after the first, and that writer waits for
/// the first: a deadlock.
/// Shared with the C layer (`package` access), which guards its handle table
/// with one.
@usableFromInline
package final class ReadWriteLock: @unchecked Sendable {
  @usableFromInline
  let lock: UnsafeMutablePointer<pthread_rwlock_t>

  @usableFromInline
  package init() {
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_rwlock_t())
    #if canImport(Glibc)
      // Prefer writers, so a steady stream of samplers cannot starve a
      // mutation indefinitely.
      var attributes = pthread_rwlockattr_t()
      pthread_rwlockattr_init(&attributes)
      pthread_rwlockattr_setkind_np(
        &attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
      pthread_rwlock_init(lock, &attributes)
      pthread_rwlockattr_destroy(&attributes)
    #else
      pthread_rwlock_init(lock, nil)
    #endif
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  /// Takes the lock for reading; pair with ``unlock()``.
  @inlinable
  package func lockForReading() { pthread_rwlock_rdlock(lock) }

  /// Releases the lock.
  @inlinable
  package func unlock() { pthread_rwlock_unlock(lock) }

  /// Runs `body` holding the lock for reading.
  @inlinable
  package func withReadLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }

  /// Runs `body` holding the lock for writing.
  @inlinable
  package func withWriteLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }
}
