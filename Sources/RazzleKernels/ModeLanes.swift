// The block loop of the curve-mode kernels (`HermiteKernel.swift`,
// `BezierHandleKernel.swift`): scalar tracks whose segments are `smooth`,
// `monotone` or `bezier`, uneased, with `hold` at both ends. Compiled at
// each CPU level as `LinearKernel.swift` is.
//
// Query times go in blocks of 64. A block whose times do not decrease finds
// its segments by walking a cursor forward; other blocks search eight times
// at a time (``laneSegments(_:_:_:)``). The mode's formula then runs on
// eight lanes, the last group of a block overlapping the one before it when
// the block is not a multiple of eight (a time gives the same value in
// either group). Each lane computes what `Razzle`'s single-sample loop
// (`modeKernel`) computes for its time, operation by operation, so a
// value does not depend on the route, the block or the level. What a lane
// cannot finish (a Bézier time the fast solve misses) and batches of fewer
// than eight times go back to `Razzle` through `scalar`.

/// A mode's value on eight lanes.
protocol ModeLaneFormula {
  /// The value of the times `t` (clamped: `tc`) in segments `k`, the first
  /// lane being query `j`: v_{n−1} at and past the end, v_k exactly at
  /// keyframe k, NaN at NaN. `misses` gets the lanes whose value this
  /// formula could not compute (``ModeLanes/sample(_:_:_:_:_:scalar:)``
  /// hands them to the single-sample path).
  func values(_ t: Lanes, _ tc: Lanes, _ k: LaneIndices, misses: inout SIMDMask<LaneIndices>)
    -> Lanes
}

/// A scalar track's keyframe times and ends, with the block loop.
struct ModeLanes {
  let times: UnsafePointer<Double>
  let count: Int
  let first: Double
  let last: Double

  init(times: UnsafePointer<Double>, count: Int) {
    self.times = times
    self.count = count
    first = times[0]
    last = times[count &- 1]
  }

  @inline(__always)
  func clamp(_ t: Double) -> Double { t < first ? first : (t > last ? last : t) }

  /// Writes `formula`'s value at each of the `m` times `q` to
  /// `out[j · stride]`; `scalar(j)` writes query j's value instead where
  /// the formula misses, and for every query of a batch of fewer than 8.
  @inline(__always)
  func sample<F: ModeLaneFormula>(
    _ formula: F, _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>,
    _ stride: Int, scalar: (Int) -> Void
  ) {
    if m < 8 {
      for j in 0..<m { scalar(j) }
      return
    }
    let blockSize = 64
    withUnsafeTemporaryAllocation(of: Int64.self, capacity: blockSize &+ 8) { buffer in
      let ks = buffer.baseAddress.unsafelyUnwrapped
      var start = 0
      while start < m {
        // The last block takes the remainder when it is shorter than a
        // group of eight: every block has at least eight times.
        var end = Swift.min(start &+ blockSize, m)
        if m &- end < 8 { end = m }
        // Sorted blocks walk a cursor; others search each group as it is
        // evaluated.
        let sorted = isNondecreasing(q, start, end)
        if sorted { walk(q, start, end, ks) }
        var j = start
        while j < end {
          let g = Swift.min(j, end &- 8)
          let t = UnsafeRawPointer(q + g).loadUnaligned(as: Lanes.self)
          let tc = clamped(t, first, last)
          let k =
            sorted
            ? UnsafeRawPointer(ks + (g &- start)).loadUnaligned(as: LaneIndices.self)
            : laneSegments(times, count, tc)
          var misses = SIMDMask<LaneIndices>()
          let v = formula.values(t, tc, k, misses: &misses)
          if stride == 1 {
            UnsafeMutableRawPointer(out + g).storeBytes(of: v, as: Lanes.self)
          } else {
            for l in 0..<8 { out[(g &+ l) &* stride] = v[l] }
          }
          if any(misses) {
            for l in 0..<8 where misses[l] { scalar(g &+ l) }
          }
          j = g &+ 8
        }
        start = end
      }
    }
  }

  /// The segments of the non-decreasing times `q[start..<end]` (at most
  /// 71) into `ks`, by walking a cursor: the largest k ≤ count − 2 with
  /// times[k] ≤ the clamped time, as `segmentIndex` gives it.
  @inline(__always)
  func walk(
    _ q: UnsafePointer<Double>, _ start: Int, _ end: Int, _ ks: UnsafeMutablePointer<Int64>
  ) {
    // No NaN here; on the raw time the walk stops where it would on the
    // clamped one.
    var cursor = segmentIndex(times, count, clamp(q[start]))
    for j in start..<end {
      let t = q[j]
      while cursor < count &- 2 && times[cursor &+ 1] <= t { cursor &+= 1 }
      ks[j &- start] = Int64(truncatingIfNeeded: cursor)
    }
  }
}

/// Four doubles: the mode formulas run on two halves of four lanes, which
/// keeps their operands in AVX2's sixteen registers (one each) and lets the
/// pair loads below fill whole registers.
typealias HalfLanes = SIMD4<Double>
/// Four segment indices.
typealias HalfIndices = SIMD4<Int64>

/// Entries k and k + 1 of `pairs` (adjacent doubles, `pairs + k · scale`)
/// on four lanes: one 16-byte load a lane, lanes 0 and 2 and lanes 1 and 3
/// sharing a register, then unpacked into the first and the second.
@inline(__always)
func halfPairs(_ pairs: UnsafePointer<Double>, _ k: HalfIndices, scale: Int = 1) -> (
  HalfLanes, HalfLanes
) {
  @inline(__always)
  func pair(_ l: Int) -> SIMD2<Double> {
    UnsafeRawPointer(pairs + Int(truncatingIfNeeded: k[l]) &* scale)
      .loadUnaligned(as: SIMD2<Double>.self)
  }
  let even = HalfLanes(lowHalf: pair(0), highHalf: pair(2))
  let odd = HalfLanes(lowHalf: pair(1), highHalf: pair(3))
  return (
    HalfLanes(even[0], odd[0], even[2], odd[2]), HalfLanes(even[1], odd[1], even[3], odd[3])
  )
}

/// A half's value where the rule fixes it: v_k exactly at keyframe k,
/// v_{n−1} at and past the end, NaN at NaN.
@inline(__always)
func fixedEnds(
  _ v: HalfLanes, _ t: HalfLanes, _ tc: HalfLanes, _ t0: HalfLanes, _ v0: HalfLanes,
  last: Double, lastValue: Double
) -> HalfLanes {
  v.replacing(with: v0, where: tc .== t0)
    .replacing(with: HalfLanes(repeating: lastValue), where: t .>= HalfLanes(repeating: last))
    .replacing(with: t, where: t .!= t)
}
