#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits large batches across threads.
///
/// A batch of at least ``minimumChunk`` items per thread is cut into
/// contiguous chunks, one per thread; the calling thread works on the first
/// and waits for the others. Every item is computed by the same code
/// whatever chunk it falls in, so results are identical for any thread
/// count. Threads are started per batch (tens of microseconds) rather than
/// pooled: below the threshold a batch runs on the caller's thread alone,
/// and above it the batch takes milliseconds.
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

  /// Sets the thread count; 0 restores the default.
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
    let threads =
      work >= 2 * minimumChunk ? Swift.min(threadCount, work / minimumChunk, count) : 1
    if threads <= 1 {
      body(0..<count)
      return
    }
    run(count, threads, body)
  }

  @usableFromInline
  static func run(_ count: Int, _ threads: Int, _ body: (Range<Int>) -> Void) {
    withoutActuallyEscaping(body) { body in
      let chunk = (count + threads - 1) / threads
      var workers: [(pthread_t?, Unmanaged<Box>)] = []
      for i in 1..<threads {
        let range = (i * chunk)..<Swift.min(count, (i + 1) * chunk)
        let box = Unmanaged.passRetained(Box { body(range) })
        var thread = pthread_t()
        let started = pthread_create(
          &thread, nil,
          { context in
            guard let context else { return nil }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().work()
            return nil
          }, box.toOpaque())
        if started == 0 {
          workers.append((thread, box))
        } else {
          // No thread: do the chunk here.
          box.takeUnretainedValue().work()
          workers.append((nil, box))
        }
      }
      body(0..<Swift.min(count, chunk))
      for (thread, box) in workers {
        if let thread { pthread_join(thread, nil) }
        box.release()
      }
    }
  }

  /// A chunk of work handed to a thread.
  @usableFromInline
  final class Box {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
  }
}
