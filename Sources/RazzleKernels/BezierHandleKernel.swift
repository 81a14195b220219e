// The Bézier-handle kernel: a scalar track whose segments are all `bezier`
// (each keyframe with its own handles), uneased, with `hold` at both ends,
// on eight lanes at the CPU's level (see `ModeLanes.swift`). `Razzle`
// builds each segment's corrected time curve and handle values once for
// the batch; a lane then solves its segment's time curve for the curve
// parameter with `UnitCubic.solveUnit`'s three Halley steps (clamped to
// [0, 1]) and its check, and evaluates the value curve in Bernstein form,
// as `BezierSegment.parameter(forTime:)` and `value(at:…)` do, operation by
// operation. A lane whose check fails (a flat stretch of the time curve,
// where the safeguarded Newton–bisection solve takes over) is a miss: the
// single-sample path computes it.

/// The doubles per segment of the Bézier-handle kernel's curves: the
/// normalized time curve's power-form coefficients a, b, c
/// (x(s) = ((a·s + b)·s + c)·s), then the corrected right-handle value of
/// the first keyframe and the corrected left-handle value of the second.
public let bezierHandleCurveStride = 8

/// Writes the value of the scalar Bézier-handle track (`times`, `values`,
/// `count` ≥ 2 keyframes, times increasing; `curves`: per segment
/// ``bezierHandleCurveStride`` doubles as that constant describes) at each
/// of the `m` times `q` to `out[j · stride]`.
///
/// The value at t: t clamped to [t₀, t_{n−1}], k its segment,
/// dt = t_{k+1} − t_k, p = (t − t_k)/dt, the time t_k + p·dt mapped to
/// x = (that − t_k)/dt (0 at or before t_k, 1 at or after t_{k+1}), the
/// curve parameter s from three Halley steps on x(s) = x from s = x, and
/// the value curve at s; v_k exactly at a keyframe, v_{n−1} at and past the
/// end, NaN at NaN. `scalar(j)` writes query j instead where the Halley
/// steps leave |x(s) − x| ≥ `tolerance`, and for a batch of fewer than 8.
///
/// - Complexity: O(m + K) for non-decreasing times; O(m · min(K, log K))
///   otherwise.
public func sampleBezierHandles(
  times: UnsafePointer<Double>, values: UnsafePointer<Double>, curves: UnsafePointer<Double>,
  count: Int, queries q: UnsafePointer<Double>, count m: Int,
  into out: UnsafeMutablePointer<Double>, stride: Int, tolerance: Double,
  scalar: (Int) -> Void
) {
  let blocks = ModeLanes(times: times, count: count)
  let formula = BezierHandleLanes(
    times: times, values: values, curves: curves, last: blocks.last,
    lastValue: values[count &- 1], tolerance: tolerance)
  blocks.sample(formula, q, m, out, stride, scalar: scalar)
}

/// The Bézier segment on eight lanes.
struct BezierHandleLanes: ModeLaneFormula {
  let times: UnsafePointer<Double>
  let values: UnsafePointer<Double>
  let curves: UnsafePointer<Double>
  let last: Double
  let lastValue: Double
  let tolerance: Double

  @inline(__always)
  func values(_ t: Lanes, _ tc: Lanes, _ k: LaneIndices, misses: inout SIMDMask<LaneIndices>)
    -> Lanes
  {
    let (t0, t1) = lanePairs(times, k)
    let (v0, v1) = lanePairs(values, k)
    var a = Lanes()
    var b = Lanes()
    var c = Lanes()
    var p1 = Lanes()
    var p2 = Lanes()
    for l in 0..<8 {
      let curve = curves + Int(truncatingIfNeeded: k[l]) &* bezierHandleCurveStride
      a[l] = curve[0]
      b[l] = curve[1]
      c[l] = curve[2]
      p1[l] = curve[3]
      p2[l] = curve[4]
    }
    let dt = t1 - t0
    let p = (tc - t0) / dt
    // BezierSegment.parameter(forTime:) of the time t0 + p·dt.
    let time = t0 + p * dt
    let x = (time - t0) / (t1 - t0)
    // UnitCubic.solveUnit: three Halley steps from s = x, each clamped.
    var s = x
    for _ in 0..<3 {
      let f = ((a * s + b) * s + c) * s - x
      let d1 = (3 * a * s + 2 * b) * s + c
      let d2 = 6 * a * s + 2 * b
      s -= 2 * f * d1 / (2 * d1 * d1 - f * d2)
      s = s.replacing(with: 0, where: s .< 0).replacing(with: 1, where: s .> 1)
    }
    let solves = (time .> t0) .& (time .< t1)
    let error = ((a * s + b) * s + c) * s - x
    // |error| < tolerance, with the sign as two comparisons (false for NaN).
    let tolerance = Lanes(repeating: self.tolerance)
    misses = solves .& .!((error .< tolerance) .& (-tolerance .< error))
    s = s.replacing(with: 0, where: time .<= t0).replacing(with: 1, where: time .>= t1)
    // BezierSegment.value(at:v0:correctedRight:correctedLeft:v1:).
    let u = 1 - s
    let v = u * u * u * v0 + 3 * u * s * (u * p1 + s * p2) + s * s * s * v1
    return v.replacing(with: v0, where: tc .== t0)
      .replacing(with: Lanes(repeating: lastValue), where: t .>= Lanes(repeating: last))
      .replacing(with: t, where: t .!= t)
  }
}
