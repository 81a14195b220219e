#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits large batches across threads.
///
/// A batch of at least ``minimumChunk`` items per thread is cut into
/// contiguous chunks, one per thread (or several, for rows of uneven cost:
/// ``forEachChunk(_:work:chunksPerThread:)``), each taken by the next free
/// thread; the calling thread works on chunks too and returns when all
/// are done. Every item is computed by the same
/// code whatever chunk it falls in and whichever thread runs it, so results
/// are identical for any thread count.
///
/// The helper threads form one persistent pool (``WorkerPool``): started
/// lazily by the first batch that needs them, parked on a condition
/// variable between batches, so a split costs a wake-up (microseconds), not
/// a thread start. One batch uses the pool at a time; a batch that finds it
/// busy (another thread's batch) runs on its caller's thread alone, with
/// the same results. After `fork()` the child starts with an empty pool and
/// starts its own helpers when it first needs them.
///
/// The thread count is, in order: the last ``setThreadCount(_:)`` with a
/// positive value, `$RAZZLE_THREADS` when the library first needs it, or the
/// number of online processors.
public enum Parallel {
  /// Items a thread must have before a batch is split.
  public static let minimumChunk = 1 << 16

  private static let lock = ReadWriteLock()
  nonisolated(unsafe) private static var configured = 0

  /// The number of threads a large batch uses (at least 1).
  public static var threadCount: Int {
    let value = lock.withReadLock { configured }
    return value > 0 ? value : defaultThreadCount
  }

  /// Sets the thread count; 0 restores the default. Helper threads already
  /// started stay parked (a later larger count starts more).
  public static func setThreadCount(_ count: Int) {
    lock.withWriteLock { configured = Swift.min(Swift.max(0, count), maximumThreads) }
  }

  /// The most threads a batch is split across, whatever is asked for.
  public static let maximumThreads = 256

  private static let defaultThreadCount: Int = {
    if let text = getenv("RAZZLE_THREADS"), let n = Int(String(cString: text)), n > 0 {
      return Swift.min(n, maximumThreads)
    }
    return Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }()

  /// Calls `body` on chunks of `0..<count` covering it exactly, in parallel
  /// when the batch is large enough.
  @inlinable
  public static func forEachChunk(_ count: Int, _ body: (Range<Int>) -> Void) {
    let threads = count >= 2 * minimumChunk ? Swift.min(threadCount, count / minimumChunk) : 1
    if threads <= 1 {
      body(0..<count)
      return
    }
    run(count, threads, body)
  }

  /// Calls `body` on chunks of `0..<count` covering it exactly, in parallel
  /// when `work`, the items the whole batch computes (an animator's rows ×
  /// its columns, say), is large enough: a batch of 1e4 times over 100
  /// tracks is split as one of 1e6 times over one track would be, as long
  /// as each thread gets at least one row.
  ///
  /// - Parameters:
  ///   - count: The rows to split.
  ///   - work: The items computed over all rows (at least `count`).
  ///   - body: Called once per chunk of rows, possibly on several threads
  ///     at once.
  @inlinable
  public static func forEachChunk(_ count: Int, work: Int, _ body: (Range<Int>) -> Void) {
    forEachChunk(count, work: work, chunksPerThread: 1, body)
  }

  /// ``forEachChunk(_:work:_:)`` for rows of uneven cost (an imported
  /// animation's frames, where values move in some stretches and hold in
  /// others): the rows go in `chunksPerThread` chunks per thread, each
  /// handed to whichever thread is free, so that no thread waits long on
  /// another's costlier stretch. The results are the same for any split.
  @inlinable
  public static func forEachChunk(
    _ count: Int, work: Int, chunksPerThread: Int, _ body: (Range<Int>) -> Void
  ) {
    let threads =
      work >= 2 * minimumChunk ? Swift.min(threadCount, work / minimumChunk, count) : 1
    if threads <= 1 {
      body(0..<count)
      return
    }
    run(count, threads, body, chunksPerThread: Swift.max(1, chunksPerThread))
  }

  /// Splits `0..<count` into `threads × chunksPerThread` contiguous chunks
  /// (the last may be shorter) and runs them on `threads` threads: the
  /// pool's and the calling thread, each taking the next chunk when done
  /// with one.
  @usableFromInline
  static func run(
    _ count: Int, _ threads: Int, _ body: (Range<Int>) -> Void, chunksPerThread: Int = 1
  ) {
    let pieces = Swift.min(count, threads &* chunksPerThread)
    let chunk = (count + pieces - 1) / pieces
    let chunks = (count + chunk - 1) / chunk
    withoutActuallyEscaping(body) { body in
      let box = Box(count: count, chunk: chunk, body)
      WorkerPool.shared.run(box, chunks: chunks, helpers: Swift.min(threads, chunks) - 1)
    }
  }

  /// A batch handed to the pool: its chunking and its body.
  @usableFromInline
  final class Box {
    let count: Int
    let chunk: Int
    let body: (Range<Int>) -> Void

    init(count: Int, chunk: Int, _ body: @escaping (Range<Int>) -> Void) {
      self.count = count
      self.chunk = chunk
      self.body = body
    }

    /// Runs chunk `i`.
    func work(_ i: Int) {
      body((i &* chunk)..<Swift.min(count, (i &+ 1) &* chunk))
    }
  }
}

/// The persistent helper threads behind ``Parallel``.
///
/// State lives behind one mutex: the batch being run (at most one), the
/// next chunk to hand out, and how many helpers are inside the batch.
/// Helpers wait on `wake` for a new batch; the caller hands out chunks to
/// itself as well, so a batch finishes even if no helper wakes in time (or
/// none could be started), then waits on `done` until every helper that
/// joined the batch has left it: nothing refers to the batch after `run`
/// returns.
final class WorkerPool: @unchecked Sendable {
  static let shared = WorkerPool()

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// The batch being run, unretained (its caller keeps it alive).
  private var batch: Unmanaged<Parallel.Box>?
  /// Bumped for every batch, so a helper joins each one at most once.
  private var serial: UInt64 = 0
  private var nextChunk = 0
  private var chunks = 0
  /// Helpers the current batch may still take (its thread count − 1).
  private var openSeats = 0
  /// Helpers inside the current batch.
  private var inside = 0
  /// Helper threads started (and parked or working).
  private var workers = 0

  private init() {
    initializeLocks()
    // The child of a fork has only the forking thread: no helper exists
    // there, and the locks may have been copied mid-use.
    pthread_atfork(
      { WorkerPool.shared.prepareFork() }, { WorkerPool.shared.parentAfterFork() },
      { WorkerPool.shared.childAfterFork() })
  }

  private func initializeLocks() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wake, nil)
    pthread_cond_init(done, nil)
  }

  // Forks wait for the mutex, so the child's copy of the state is whole.
  private func prepareFork() { pthread_mutex_lock(mutex) }
  private func parentAfterFork() { pthread_mutex_unlock(mutex) }

  private func childAfterFork() {
    // The forking thread held the mutex and was in no batch (it was
    // forking): no batch runs in the child, and its helpers are gone.
    initializeLocks()
    batch = nil
    nextChunk = 0
    chunks = 0
    openSeats = 0
    inside = 0
    workers = 0
  }

  /// Runs chunks `0..<chunks` of `box`, with up to `helpers` helpers
  /// (fewer than `chunks`); returns when every chunk is done.
  func run(_ box: Parallel.Box, chunks: Int, helpers: Int) {
    pthread_mutex_lock(mutex)
    guard batch == nil else {
      // Another thread's batch has the pool: this one runs here.
      pthread_mutex_unlock(mutex)
      for i in 0..<chunks { box.work(i) }
      return
    }
    startWorkers(helpers)
    batch = Unmanaged.passUnretained(box)
    serial = serial == UInt64.max ? 1 : serial + 1
    nextChunk = 0
    self.chunks = chunks
    openSeats = helpers
    inside = 0
    pthread_cond_broadcast(wake)
    // The caller takes chunks too.
    while nextChunk < chunks {
      let i = nextChunk
      nextChunk += 1
      pthread_mutex_unlock(mutex)
      box.work(i)
      pthread_mutex_lock(mutex)
    }
    // Every chunk is handed out: no helper joins any more; wait for those
    // inside to finish theirs.
    openSeats = 0
    while inside > 0 { pthread_cond_wait(done, mutex) }
    batch = nil
    pthread_mutex_unlock(mutex)
  }

  /// Starts helpers until there are `count` (as many as the system gives).
  /// Call holding the mutex.
  private func startWorkers(_ count: Int) {
    while workers < count {
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
      var thread = pthread_t()
      let started = pthread_create(
        &thread, &attributes,
        { _ in WorkerPool.shared.workerLoop() }, nil)
      pthread_attr_destroy(&attributes)
      guard started == 0 else { return }  // fewer helpers: the caller does the rest
      workers += 1
    }
  }

  /// A helper's life: park until a batch has a seat, run chunks while any
  /// are left, leave, park again.
  private func workerLoop() -> Never {
    pthread_mutex_lock(mutex)
    // 0 is no batch's serial: a helper started for a batch may join it.
    var seen: UInt64 = 0
    while true {
      while batch == nil || serial == seen || openSeats == 0 {
        pthread_cond_wait(wake, mutex)
      }
      seen = serial
      openSeats -= 1
      inside += 1
      let box = batch.unsafelyUnwrapped
      while nextChunk < chunks {
        let i = nextChunk
        nextChunk += 1
        pthread_mutex_unlock(mutex)
        box._withUnsafeGuaranteedRef { $0.work(i) }
        pthread_mutex_lock(mutex)
      }
      inside -= 1
      if inside == 0 { pthread_cond_signal(done) }
    }
  }
}
