/// An animator's plain scalar tracks gathered into two contiguous buffers,
/// for sampling a whole scene at one time (a frame) without chasing a
/// pointer per track: the loop then streams through memory the hardware
/// prefetches.
///
/// Besides the buffers it keeps what a frame would otherwise learn by
/// visiting every track: the number of columns, the first track without
/// keyframes, and the relative tracks. A frame then reads no track object
/// except those sampled through their own kernels (not plain scalar).
///
/// Rebuilt on the first frame after any edit of the animator or its tracks
/// (see ``EditDomain``): O(total keyframes), once per edit burst. Readers
/// hold the domain's read lock throughout, so no edit runs meanwhile; the
/// mutex only orders readers that find the cache stale at the same time.
final class FrameCache: @unchecked Sendable {
  /// A plain scalar track: its keyframes in the buffers and its column.
  struct Plain {
    var offset: Int
    var count: Int
    var column: Int
  }

  /// A track sampled the usual way: its index among the animator's tracks
  /// and its first column.
  struct Other {
    var track: Int
    var column: Int
  }

  /// A relative track's index, columns and relation (see
  /// ``TrackRelation``).
  struct Relative {
    var track: Int
    var column: Int
    var channels: Int
    var relation: BoundRelation
  }

  private let mutex = Mutex()
  /// Owns `segments` during one frame (taken with trylock, never waited on).
  private let hintMutex = Mutex()
  /// The domain's edit count this cache was built at.
  private var builtAt = UInt64.max
  let times = StableBuffer<Double>()
  let values = StableBuffer<Double>()
  private(set) var plain: [Plain] = []
  /// Per plain track, the segment the last frame sampled (a hint, checked
  /// before use); read and written only by the reader holding `hintMutex`.
  private let segments = StableBuffer<Int>()
  private(set) var others: [Other] = []
  /// The relative tracks, in track order, applied after the others.
  private(set) var relatives: [Relative] = []
  /// The columns of a row (every track's channels).
  private(set) var columns = 0
  /// The index of the first track without keyframes, or −1.
  private(set) var firstEmpty = -1

  /// Makes the cache current for `tracks` at edit count `edits`, then runs
  /// `body` with it. Call with the domain's read lock held.
  @inline(__always)
  func withCurrent<R, E: Error>(
    _ tracks: UnsafeBufferPointer<Track>, edits: UInt64, _ body: (FrameCache) throws(E) -> R
  ) throws(E) -> R {
    mutex.withLock { if builtAt != edits { rebuild(tracks, edits) } }
    // Stable now: a rebuild needs an edit, and edits wait for the read lock.
    return try body(self)
  }

  /// Checks what sampling a row needs, in track order: the first track
  /// without keyframes, or the first relative track whose variable is not
  /// set, throws. Call inside ``withCurrent(_:edits:_:)``.
  ///
  /// - Throws: ``RazzleError`` `.emptyTrack` or `.notFound`.
  func check(_ tracks: UnsafeBufferPointer<Track>) throws(RazzleError) {
    for relative in relatives {
      if firstEmpty >= 0 && firstEmpty < relative.track { break }
      _ = try tracks[relative.track].relationFactor(unlocked: relative.relation)
    }
    if firstEmpty >= 0 { throw tracks[firstEmpty].emptyError }
  }

  /// Writes one row at time `t` into `out` (``columns`` doubles): plain
  /// scalar tracks from the buffers, the others through their kernels,
  /// then the relative tracks' post-multiply. Call inside
  /// ``withCurrent(_:edits:_:)`` after ``check(_:)`` passed.
  @inline(__always)
  func write(
    _ tracks: UnsafeBufferPointer<Track>, _ t: Double, domain: EditDomain,
    into out: UnsafeMutablePointer<Double>
  ) {
    let times = self.times.base
    let values = self.values.base
    // Frame-to-frame coherence: a frame's time is usually in the segment
    // the last frame found for each track, so the remembered segments are
    // tried first. They belong to whichever reader holds `hintMutex`; a
    // reader that finds it taken (another thread mid-frame) searches
    // afresh and remembers nothing, so no two threads touch them at once.
    if hintMutex.tryLock() {
      let segments = self.segments.base
      plain.withUnsafeBufferPointer { plain in
        for (i, entry) in plain.enumerated() {
          out[entry.column] = hintedScalarValue(
            times + entry.offset, values + entry.offset, entry.count, t, segments + i)
        }
      }
      hintMutex.unlock()
    } else {
      plain.withUnsafeBufferPointer { plain in
        for entry in plain {
          out[entry.column] = plainScalarValue(
            times + entry.offset, values + entry.offset, entry.count, t)
        }
      }
    }
    if !others.isEmpty {
      withUnsafePointer(to: t) { time in
        let query = UnsafeBufferPointer(start: time, count: 1)
        for other in others {
          let sampler = tracks[other.track].sampler.unsafelyUnwrapped
          sampler.sampleBatch(query, into: out + other.column, stride: sampler.channels)
        }
      }
    }
    // Relative tracks: a post-multiply of their columns, after the loops
    // above, which write them untouched.
    if relatives.isEmpty { return }
    let variables = domain.variables.values
    for relative in relatives {
      relative.relation.apply(
        factor: variables[relative.relation.slot], derivative: false,
        to: out + relative.column, count: 1, channels: relative.channels,
        stride: relative.channels)
    }
  }

  private func rebuild(_ tracks: UnsafeBufferPointer<Track>, _ edits: UInt64) {
    times.replaceAll(with: [])
    values.replaceAll(with: [])
    plain.removeAll(keepingCapacity: true)
    others.removeAll(keepingCapacity: true)
    relatives.removeAll(keepingCapacity: true)
    firstEmpty = -1
    var column = 0
    for (i, track) in tracks.enumerated() {
      let channels = track.channels
      defer { column += channels }
      guard let sampler = track.sampler else {
        if firstEmpty < 0 { firstEmpty = i }
        continue
      }
      if let bound = track.bound {
        relatives.append(
          Relative(track: i, column: column, channels: sampler.channels, relation: bound))
      }
      if sampler.channels == 1 && sampler.allPlain && sampler.usesSegmentKernel {
        plain.append(Plain(offset: times.count, count: sampler.count, column: column))
        times.insert(
          contentsOf: UnsafeBufferPointer(start: sampler.times, count: sampler.count),
          at: times.count)
        values.insert(
          contentsOf: UnsafeBufferPointer(start: sampler.values, count: sampler.count),
          at: values.count)
      } else {
        others.append(Other(track: i, column: column))
      }
    }
    segments.replaceAll(repeating: 0, count: plain.count)
    columns = column
    builtAt = edits
  }
}

/// ``plainScalarValue(_:_:_:_:)`` starting from the segment `hint` names:
/// the same segment (the largest k in `0 ... count − 2` with
/// `times[k] <= tc`, see ``segmentIndex(_:_:_:)``), so the same bits, with
/// two comparisons instead of a search when the hint still holds. The
/// segment found is stored back into `hint`.
@inline(__always)
func hintedScalarValue(
  _ times: UnsafePointer<Double>, _ values: UnsafePointer<Double>, _ count: Int, _ t: Double,
  _ hint: UnsafeMutablePointer<Int>
) -> Double {
  if count == 1 { return t.isNaN ? t : values[0] }
  let first = times[0]
  let last = times[count &- 1]
  let tc = t < first ? first : (t > last ? last : t)
  var base = hint.pointee
  // Valid when times[base] <= tc and no later segment starts at or before
  // tc; NaN fails the first test and takes the search (which gives 0).
  if !(base <= count &- 2 && times[base] <= tc && (base == count &- 2 || tc < times[base &+ 1])) {
    base =
      count <= countingSearchLimit
      ? segmentIndexByCount(times, count, tc) : segmentIndex(times, count, tc)
    hint.pointee = base
  }
  let t0 = times[base]
  let p = (tc - t0) / (times[base &+ 1] - t0)
  let v0 = values[base]
  let blended = v0 + (values[base &+ 1] - v0) * p
  return t >= last ? values[count &- 1] : (tc == t0 ? v0 : blended)
}
