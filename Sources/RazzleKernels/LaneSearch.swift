// The segment search on eight lanes, shared by the plain linear kernel and
// the eased kernels of `Razzle` (which find segments here a block at a
// time, then ease and blend). Compiled at each CPU level as
// `LinearKernel.swift` is.

/// Eight doubles: two AVX2 registers, four SSE2 registers.
@usableFromInline typealias Lanes = SIMD8<Double>
/// Eight segment indices.
@usableFromInline typealias LaneIndices = SIMD8<Int64>

/// The largest keyframe count whose blocks of unordered times are searched
/// by counting in the vector kernel (above: interleaved binary search).
let vectorCountingLimit = 32

/// `t` clamped to [first, last] lane by lane; NaN stays NaN.
@inline(__always)
func clamped(_ t: Lanes, _ first: Double, _ last: Double) -> Lanes {
  t.replacing(with: Lanes(repeating: first), where: t .< Lanes(repeating: first))
    .replacing(with: Lanes(repeating: last), where: t .> Lanes(repeating: last))
}

/// The largest k ≤ count − 2 with times[k] ≤ tc, lane by lane (0 for NaN),
/// as ``segmentIndex(_:_:_:)`` gives it: by counting for a few keyframes,
/// else by interleaved branch-free binary searches.
@inline(__always)
func laneSegments(_ times: UnsafePointer<Double>, _ count: Int, _ tc: Lanes) -> LaneIndices {
  var k = LaneIndices(repeating: 0)
  if count <= vectorCountingLimit {
    var i = 1
    while i < count &- 1 {
      // A true lane is all ones (−1): subtracting it counts.
      k &-= unsafeBitCast(Lanes(repeating: times[i]) .<= tc, to: LaneIndices.self)
      i &+= 1
    }
    return k
  }
  var length = count &- 1
  while length > 1 {
    let half = length >> 1
    var probe = Lanes()
    for l in 0..<8 { probe[l] = times[Int(truncatingIfNeeded: k[l]) &+ half] }
    k &-= unsafeBitCast(probe .<= tc, to: LaneIndices.self) &* Int64(half)
    length &-= half
  }
  return k
}

/// Writes the segment of each of the `m` times `q`, clamped to
/// [times[0], times[count − 1]], to `segments`: the largest k ≤ count − 2
/// with times[k] ≤ t (0 for NaN), for `count` ≥ 2 non-decreasing times.
///
/// - Complexity: O(m · min(count, log count)).
public func findSegments(
  times: UnsafePointer<Double>, count: Int, queries q: UnsafePointer<Double>, count m: Int,
  into segments: UnsafeMutablePointer<Int>
) {
  let first = times[0]
  let last = times[count &- 1]
  var j = 0
  while j &+ 8 <= m {
    let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
    let k = laneSegments(times, count, clamped(t, first, last))
    for l in 0..<8 { segments[j &+ l] = Int(truncatingIfNeeded: k[l]) }
    j &+= 8
  }
  while j < m {
    let t = q[j]
    segments[j] = segmentIndex(times, count, t < first ? first : (t > last ? last : t))
    j &+= 1
  }
}

/// The segment of `c0`, the clamped first time of a non-decreasing block
/// starting at `start`: a short walk from `cursor` (the segment of the time
/// before the block) when `carried` and the block continues that run, else
/// the search. Both give the largest k with times[k] ≤ c0, so values do not
/// depend on where blocks start.
@inline(__always)
func runStartSegment(
  _ times: UnsafePointer<Double>, _ count: Int, _ q: UnsafePointer<Double>, _ start: Int,
  _ c0: Double, _ cursor: Int, _ carried: Bool
) -> Int {
  guard carried && q[start &- 1] <= q[start] else { return segmentIndex(times, count, c0) }
  var cursor = cursor
  var steps = 0
  while cursor < count &- 2 && times[cursor &+ 1] <= c0 && steps < 8 {
    cursor &+= 1
    steps &+= 1
  }
  return steps == 8 ? segmentIndex(times, count, c0) : cursor
}
