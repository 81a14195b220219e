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
