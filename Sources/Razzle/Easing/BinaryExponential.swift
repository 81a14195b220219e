// 2^x without libm, for the expo and elastic easings: x = n + f with n the
// nearest integer (exact) and |f| ≤ 1/2, then 2^f from its Taylor series
// (Σ (f ln 2)^k / k!, k ≤ 13: the first term left out is below 4.3e-18 of
// the sum) and 2^n put into the exponent.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `2^x` for `|x| ≤ 1000` without calls to libm, within 4 ulp of the exact
/// value (checked against libm's `exp2` in `EasingTrigonometryTests`, and
/// through the easing vectors against mpmath), and exact at integers
/// (`2^f` is exactly 1 at f = 0). Pure additions and multiplications,
/// inlined, so the batch kernels' loops keep no call per sample; libm's
/// `exp2` beyond 1000 in magnitude and for ±∞ and NaN.
///
/// The same operations in the same order every time (no fused
/// multiply-add), so every caller gets the same bits for the same `x`.
///
/// - Parameter x: Any number.
/// - Returns: 2 to the power `x`.
@inlinable @inline(__always)
func binaryExponential(_ x: Double) -> Double {
  guard abs(x) <= 1000 else { return exp2(x) }
  // Adding 1.5 · 2⁵² rounds x to an integer n (ties to even) and leaves
  // n + 2⁵¹ in the low 52 bits of the significand.
  let magic = 6_755_399_441_055_744.0
  let shifted = x + magic
  let f = x - (shifted - magic)
  var s = 0x1.816193166d0f9p-40
  s = 0x1.c3bd650fc2986p-36 + f * s
  s = 0x1.e8cac7351bb25p-32 + f * s
  s = 0x1.e4cf5158b8ecap-28 + f * s
  s = 0x1.b5253d395e7c4p-24 + f * s
  s = 0x1.62c0223a5c824p-20 + f * s
  s = 0x1.ffcbfc588b0c7p-17 + f * s
  s = 0x1.430912f86c787p-13 + f * s
  s = 0x1.5d87fe78a6731p-10 + f * s
  s = 0x1.3b2ab6fba4e77p-7 + f * s
  s = 0x1.c6b08d704a0c0p-5 + f * s
  s = 0x1.ebfbdff82c58fp-3 + f * s
  s = 0x1.62e42fefa39efp-1 + f * s
  s = 1 + f * s
  // 2ⁿ: the exponent field 1023 + n (n + 2⁵¹ + 1023, shifted up so that
  // only its low 12 bits remain; 1023 + n is in 23...2023).
  let scale = Double(bitPattern: (shifted.bitPattern &+ 1023) << 52)
  return s * scale
}
