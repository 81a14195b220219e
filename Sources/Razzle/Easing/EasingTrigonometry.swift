// cos and sin of an angle in radians for the spring easing's basis
// solutions, without libm: Cody–Waite reduction by π/2 in two parts
// (fdlibm's e_rem_pio2.c constants), then fdlibm's kernels
// (`cosSinInQuadrant`, shared with the hue and slerp trigonometry).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `(cos x, sin x)` for `x` in radians, within 3e-16 of the exact values
/// for |x| ≤ 1e5 (checked against libm in `EasingTrigonometryTests`).
///
/// x = n·π/2 + r with n the nearest integer to x·2/π; r = (x − n·p1) −
/// n·p1t, where p1 holds π/2's first 33 bits (so n·p1 is exact for
/// |n| < 2²⁰ and the first subtraction cancels exactly) and p1t the next
/// 53; the terms left out are below 1e-20 n. Beyond 1e5 in magnitude, and
/// for ±∞ or NaN, libm's `cos` and `sin` (NaN for ±∞ and NaN).
///
/// The same additions and multiplications in the same order every time
/// (no fused multiply-add), so a batch gives the bits a single call gives.
///
/// - Parameter x: The angle in radians; any number.
/// - Returns: Its cosine and sine.
@inlinable @inline(__always)
func radianCosSin(_ x: Double) -> (cos: Double, sin: Double) {
  guard abs(x) <= 1e5 else { return (cos(x), sin(x)) }
  // Adding 1.5 · 2⁵² rounds x · 2/π to an integer n (ties to even) and
  // leaves n's low bits at the bottom of the significand: the quadrant.
  let magic = 6_755_399_441_055_744.0
  let shifted = x * 6.36619772367581382433e-01 + magic
  let n = shifted - magic
  let r = (x - n * 1.57079632673412561417e+00) - n * 6.07710050650619224932e-11
  return cosSinInQuadrant(r, shifted.bitPattern & 3)
}
