#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An animator's plain scalar tracks gathered into two contiguous buffers,
/// for sampling a whole scene at one time (a frame) without chasing a
/// pointer per track: the loop then streams through memory the hardware
/// prefetches.
///
/// Rebuilt on the first frame after any edit of the animator or its tracks
/// (see ``EditDomain``): O(total keyframes), once per edit burst. Readers
/// hold the domain's read lock throughout, so no edit runs meanwhile; the
/// mutex only orders readers that find the cache stale at the same time.
final class FrameCache: @unchecked Sendable {
  /// One track's place: its keyframes in the buffers (plain scalar tracks)
  /// or its index among the animator's tracks (any other track).
  struct Entry {
    var offset: Int
    var count: Int
    var column: Int
    /// The track's index for a track sampled the usual way, else −1.
    var track: Int
  }

  /// A relative track's columns and relation (see ``TrackRelation``).
  struct Relative {
    var column: Int
    var channels: Int
    var relation: BoundRelation
  }

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The domain's edit count this cache was built at.
  private var builtAt = UInt64.max
  let times = StableBuffer<Double>()
  let values = StableBuffer<Double>()
  private(set) var entries: [Entry] = []
  /// The relative tracks, applied after the entries.
  private(set) var relatives: [Relative] = []

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Makes the cache current for `tracks` at edit count `edits`, then runs
  /// `body` with its entries. Call with the domain's read lock held.
  func withCurrent<R>(
    _ tracks: UnsafeBufferPointer<Track>, edits: UInt64, _ body: ([Entry]) -> R
  ) -> R {
    pthread_mutex_lock(mutex)
    if builtAt != edits { rebuild(tracks, edits) }
    pthread_mutex_unlock(mutex)
    // Stable now: a rebuild needs an edit, and edits wait for the read lock.
    return body(entries)
  }

  private func rebuild(_ tracks: UnsafeBufferPointer<Track>, _ edits: UInt64) {
    times.replaceAll(with: [])
    values.replaceAll(with: [])
    entries.removeAll(keepingCapacity: true)
    relatives.removeAll(keepingCapacity: true)
    var column = 0
    for (i, track) in tracks.enumerated() {
      guard let sampler = track.sampler else { continue }
      if let bound = track.bound {
        relatives.append(Relative(column: column, channels: sampler.channels, relation: bound))
      }
      if sampler.channels == 1 && sampler.allPlain && sampler.usesSegmentKernel {
        entries.append(Entry(offset: times.count, count: sampler.count, column: column, track: -1))
        times.insert(
          contentsOf: UnsafeBufferPointer(start: sampler.times, count: sampler.count),
          at: times.count)
        values.insert(
          contentsOf: UnsafeBufferPointer(start: sampler.values, count: sampler.count),
          at: values.count)
      } else {
        entries.append(Entry(offset: 0, count: 0, column: column, track: i))
      }
      column += sampler.channels
    }
    builtAt = edits
  }
}
