/// The segment of `times` that holds `t`: the largest k in
/// `0 ... count − 2` with `times[k] <= t` (0 when there is none: `t` before
/// the first time, or NaN), for non-decreasing `times` (paced retiming can
/// repeat a time). At `t >= times[count − 1]` that is the last segment,
/// `count − 2`. With fewer than two times, 0.
///
/// The one search every sampling path and every edit uses. It has no
/// branches on the data: each halving step is a select, compiled to a
/// conditional move (see Package.swift), so unordered query times cost no
/// mispredictions.
///
/// - Complexity: ⌈log₂(count − 1)⌉ steps.
@inlinable @inline(__always)
func segmentIndex(_ times: UnsafePointer<Double>, _ count: Int, _ t: Double) -> Int {
  var base = 0
  var length = count &- 1
  while length > 1 {
    let half = length >> 1
    base = times[base &+ half] <= t ? base &+ half : base
    length &-= half
  }
  return base
}

/// The most keyframes for which the batch kernels find segments with
/// ``segmentIndexByCount(_:_:_:)`` rather than the binary search.
@usableFromInline let countingSearchLimit = 16

/// ``segmentIndex(_:_:_:)`` by counting: the number of inner times
/// `times[1 ... count − 2]` that are `<= t`, which for non-decreasing times
/// is the same index (the largest k with `times[k] <= t`, 0 for NaN or a
/// `t` before `times[1]`). The comparisons are independent of each other,
/// so the loop vectorizes and no load waits for the one before: for a few
/// keyframes this beats the binary search's chain of dependent loads. Needs
/// `count >= 2`.
///
/// - Complexity: count − 2 comparisons.
@inlinable @inline(__always)
func segmentIndexByCount(_ times: UnsafePointer<Double>, _ count: Int, _ t: Double) -> Int {
  var k = 0
  var i = 1
  while i < count &- 1 {
    k &+= times[i] <= t ? 1 : 0
    i &+= 1
  }
  return k
}
