// The Hermite kernel: a scalar track whose segments are all `smooth` or
// `monotone`, uneased, with `hold` at both ends, on eight lanes at the
// CPU's level (see `ModeLanes.swift`). The tangents come from the track's
// storage, computed at edit time; a lane loads keyframes k and k + 1 (time,
// value) and the segment's two tangents as three 16-byte pairs, then runs
// the Hermite cubic of `Razzle`'s `Hermite.Basis`, the same operations in
// the same order.

/// Writes the value of the scalar Hermite track (`times`, `values`,
/// `count` ≥ 2 keyframes, times increasing; `tangents`: per segment k the
/// outgoing tangent at keyframe k, then the incoming one at k + 1) at each
/// of the `m` times `q` to `out[j · stride]`.
///
/// The value at t: t clamped to [t₀, t_{n−1}], k its segment,
/// dt = t_{k+1} − t_k, s = (t − t_k)/dt, and with u = 1 − s
/// (h00·v_k + h01·v_{k+1}) + dt·(h10·m0 + h11·m1), where
/// h00 = (1 + 2s)·u·u, h10 = s·u·u, h01 = s·s·(3 − 2s), h11 = −s·s·u;
/// v_k exactly at a keyframe, v_{n−1} at and past the end, NaN at NaN.
/// `scalar(j)` writes query j instead for a batch of fewer than 8 times.
///
/// - Complexity: O(m + K) for non-decreasing times; O(m · min(K, log K))
///   otherwise.
public func sampleHermite(
  times: UnsafePointer<Double>, values: UnsafePointer<Double>, tangents: UnsafePointer<Double>,
  count: Int, queries q: UnsafePointer<Double>, count m: Int,
  into out: UnsafeMutablePointer<Double>, stride: Int, scalar: (Int) -> Void
) {
  let blocks = ModeLanes(times: times, count: count)
  let formula = HermiteLanes(
    times: times, values: values, tangents: tangents, last: blocks.last,
    lastValue: values[count &- 1])
  blocks.sample(formula, q, m, out, stride, scalar: scalar)
}

/// The Hermite cubic on eight lanes, as two halves of four.
struct HermiteLanes: ModeLaneFormula {
  let times: UnsafePointer<Double>
  let values: UnsafePointer<Double>
  let tangents: UnsafePointer<Double>
  let last: Double
  let lastValue: Double

  @inline(__always)
  func values(_ t: Lanes, _ tc: Lanes, _ k: LaneIndices, misses: inout SIMDMask<LaneIndices>)
    -> Lanes
  {
    Lanes(
      lowHalf: half(t.lowHalf, tc.lowHalf, k.lowHalf),
      highHalf: half(t.highHalf, tc.highHalf, k.highHalf))
  }

  @inline(__always)
  func half(_ t: HalfLanes, _ tc: HalfLanes, _ k: HalfIndices) -> HalfLanes {
    let (t0, t1) = halfPairs(times, k)
    let (v0, v1) = halfPairs(values, k)
    let (m0, m1) = halfPairs(tangents, k, scale: 2)
    let dt = t1 - t0
    let s = (tc - t0) / dt
    // Hermite.Basis.value(at:) and combine(v0:m0:v1:m1:duration:).
    let u = 1 - s
    let h00 = (1 + 2 * s) * u * u
    let h10 = s * u * u
    let h01 = s * s * (3 - 2 * s)
    let h11 = -s * s * u
    let v = (h00 * v0 + h01 * v1) + dt * (h10 * m0 + h11 * m1)
    return fixedEnds(v, t, tc, t0, v0, last: last, lastValue: lastValue)
  }
}
