// The Hermite kernel: a scalar track whose segments are all `smooth` or
// `monotone`, uneased, with `hold` at both ends, on eight lanes at the
// CPU's level (see `ModeLanes.swift`). Each segment's cubic comes from the
// track's storage in power form (a, b, c, d), computed at edit time from
// the tangents; a lane loads keyframes k and k + 1's times (one 16-byte
// pair) and the segment's four coefficients (one 32-byte row), then runs
// Horner's rule as `Razzle`'s `Hermite.PowerForm.value(at:)` does, the
// same operations in the same order.

/// Writes the value of the scalar Hermite track (`times`, `values`,
/// `count` ≥ 2 keyframes, times increasing; `cubics`: per segment k its
/// cubic's a, b, c, d) at each of the `m` times `q` to `out[j · stride]`.
///
/// The value at t: t clamped to [t₀, t_{n−1}], k its segment,
/// s = (t − t_k)/(t_{k+1} − t_k), and a + s·(b + s·(c + s·d)), or
/// v_{k+1} exactly where s rounds to 1; v_k exactly at a keyframe, v_{n−1}
/// at and past the end, NaN at NaN.
/// `scalar(j)` writes query j instead for a batch of fewer than 8 times.
///
/// - Complexity: O(m + K) for non-decreasing times; O(m · min(K, log K))
///   otherwise.
public func sampleHermite(
  times: UnsafePointer<Double>, values: UnsafePointer<Double>, cubics: UnsafePointer<Double>,
  count: Int, queries q: UnsafePointer<Double>, count m: Int,
  into out: UnsafeMutablePointer<Double>, stride: Int, scalar: (Int) -> Void
) {
  let blocks = ModeLanes(times: times, count: count)
  let formula = HermiteLanes(
    times: times, cubics: cubics, last: blocks.last, lastValue: values[count &- 1])
  blocks.sample(formula, q, m, out, stride, scalar: scalar)
}

/// The Hermite cubic on eight lanes, as two halves of four.
struct HermiteLanes: ModeLaneFormula {
  let times: UnsafePointer<Double>
  let cubics: UnsafePointer<Double>
  let last: Double
  let lastValue: Double

  @inline(__always)
  func values(_ t: Lanes, _ tc: Lanes, _ k: LaneIndices, misses: inout SIMDMask<LaneIndices>)
    -> Lanes
  {
    let low = half(t.lowHalf, tc.lowHalf, k.lowHalf)
    let high = half(t.highHalf, tc.highHalf, k.highHalf)
    misses = unsafeBitCast(
      LaneIndices(
        lowHalf: unsafeBitCast(low.misses, to: HalfIndices.self),
        highHalf: unsafeBitCast(high.misses, to: HalfIndices.self)),
      to: SIMDMask<LaneIndices>.self)
    return Lanes(lowHalf: low.value, highHalf: high.value)
  }

  /// Four lanes' values, and the lanes whose s rounded to 1 before the last
  /// keyframe (a time just before a keyframe): `Razzle`'s
  /// `hermite(_:e:cubics:into:)` gives the next keyframe's value exactly
  /// there, so those rare lanes are missed and taken by the single-sample
  /// route.
  @inline(__always)
  func half(_ t: HalfLanes, _ tc: HalfLanes, _ k: HalfIndices)
    -> (value: HalfLanes, misses: SIMDMask<HalfIndices>)
  {
    let (t0, t1) = halfPairs(times, k)
    // One 32-byte load a lane (the segment's a, b, c, d), transposed.
    @inline(__always)
    func row(_ l: Int) -> HalfLanes {
      UnsafeRawPointer(cubics + Int(truncatingIfNeeded: k[l]) &* 4)
        .loadUnaligned(as: HalfLanes.self)
    }
    let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
    let a = HalfLanes(r0[0], r1[0], r2[0], r3[0])
    let b = HalfLanes(r0[1], r1[1], r2[1], r3[1])
    let c = HalfLanes(r0[2], r1[2], r2[2], r3[2])
    let d = HalfLanes(r0[3], r1[3], r2[3], r3[3])
    let s = (tc - t0) / (t1 - t0)
    // Hermite.PowerForm.value(at:).
    let v = a + s * (b + s * (c + s * d))
    let misses = (s .== 1) .& (t .< HalfLanes(repeating: last))
    return (fixedEnds(v, t, tc, t0, a, last: last, lastValue: lastValue), misses)
  }
}
