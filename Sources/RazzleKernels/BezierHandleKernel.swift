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

/// The Bézier segment on eight lanes: the keyframes' times and values as
/// eight lanes, the solve and the value curve on two halves of four (which
/// keeps the coefficients and iterates in AVX2's sixteen registers).
///
/// (This arrangement measured best: 77 instructions a sample under
/// callgrind at K = 16, against 105–128 for pair loads by halves or a
/// written-out solve, which the compiler splits into 16-byte pieces.)
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
    let (t0, t1) = eightPairs(times, k)
    let (v0, v1) = eightPairs(values, k)
    let low = half(tc.lowHalf, t0.lowHalf, t1.lowHalf, v0.lowHalf, v1.lowHalf, k.lowHalf)
    let high = half(tc.highHalf, t0.highHalf, t1.highHalf, v0.highHalf, v1.highHalf, k.highHalf)
    misses = unsafeBitCast(
      LaneIndices(
        lowHalf: unsafeBitCast(low.misses, to: HalfIndices.self),
        highHalf: unsafeBitCast(high.misses, to: HalfIndices.self)),
      to: SIMDMask<LaneIndices>.self)
    let v = Lanes(lowHalf: low.value, highHalf: high.value)
    return v.replacing(with: v0, where: tc .== t0)
      .replacing(with: Lanes(repeating: lastValue), where: t .>= Lanes(repeating: last))
      .replacing(with: t, where: t .!= t)
  }

  /// Four lanes' value curve at the solved parameter, and the lanes whose
  /// solve missed.
  @inline(__always)
  func half(
    _ tc: HalfLanes, _ t0: HalfLanes, _ t1: HalfLanes, _ v0: HalfLanes, _ v1: HalfLanes,
    _ k: HalfIndices
  ) -> (value: HalfLanes, misses: SIMDMask<HalfIndices>) {
    // Each segment's record: a, b, c, p1 as one 32-byte load a lane,
    // transposed, and p2.
    var rows = (HalfLanes(), HalfLanes(), HalfLanes(), HalfLanes())
    var p2 = HalfLanes()
    withUnsafeMutableBytes(of: &rows) { raw in
      for l in 0..<4 {
        let curve = curves + Int(truncatingIfNeeded: k[l]) &* bezierHandleCurveStride
        raw.storeBytes(
          of: UnsafeRawPointer(curve).loadUnaligned(as: HalfLanes.self),
          toByteOffset: l &* 32, as: HalfLanes.self)
        p2[l] = curve[4]
      }
    }
    let a = HalfLanes(rows.0[0], rows.1[0], rows.2[0], rows.3[0])
    let b = HalfLanes(rows.0[1], rows.1[1], rows.2[1], rows.3[1])
    let c = HalfLanes(rows.0[2], rows.1[2], rows.2[2], rows.3[2])
    let p1 = HalfLanes(rows.0[3], rows.1[3], rows.2[3], rows.3[3])
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
    let tolerance = HalfLanes(repeating: self.tolerance)
    let misses = solves .& .!((error .< tolerance) .& (-tolerance .< error))
    s = s.replacing(with: 0, where: time .<= t0).replacing(with: 1, where: time .>= t1)
    // BezierSegment.value(at:v0:correctedRight:correctedLeft:v1:).
    let u = 1 - s
    let v = u * u * u * v0 + 3 * u * s * (u * p1 + s * p2) + s * s * s * v1
    return (v, misses)
  }
}

/// Entries k and k + 1 of `pairs` (adjacent doubles) on eight lanes: one
/// 16-byte load a lane, split into the first and the second.
@inline(__always)
func eightPairs(_ pairs: UnsafePointer<Double>, _ k: LaneIndices) -> (Lanes, Lanes) {
  var both = SIMD16<Double>()
  for l in 0..<8 {
    let pair = UnsafeRawPointer(pairs + Int(truncatingIfNeeded: k[l]))
      .loadUnaligned(as: SIMD2<Double>.self)
    both[2 &* l] = pair[0]
    both[2 &* l &+ 1] = pair[1]
  }
  return (both.evenHalf, both.oddHalf)
}
