#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `(cos x, sin x)` for `x` in radians without calls to libm, for the
/// slerp of transforms (`t·θ` with θ in [0, π/2]) and the spring easing's
/// basis solutions: within 3e-16 of the exact values for |x| ≤ 1e5
/// (`SlerpTrigonometryTests`, `EasingTrigonometryTests`). `x` is reduced
/// by the nearest multiple n of π/2 with fdlibm's two-part Cody–Waite
/// constant (π/2 = 1.5707963267341256 + 6.077100506506192e-11; n times the
/// first part is exact for |n| < 2²⁰), then ``cosSinInQuadrant(_:_:)``.
/// Beyond |x| = 1e5, and for ±∞ or NaN, libm's `cos` and `sin`.
///
/// The same operations in the same order every time (no fused
/// multiply-add), so every caller gets the same bits for the same `x`.
///
/// - Parameter x: The angle in radians; any number.
/// - Returns: Its cosine and sine.
@inlinable @inline(__always)
func radianCosSin(_ x: Double) -> (cos: Double, sin: Double) {
  guard abs(x) <= 1e5 else { return (cos(x), sin(x)) }
  // 1.5 · 2⁵² rounds x · 2/π to an integer n and leaves its low bits at
  // the bottom of the significand (see hueCosSin).
  let magic = 6_755_399_441_055_744.0
  let shifted = x * 6.36619772367581382433e-01 + magic
  let quadrant = shifted.bitPattern & 3
  let n = shifted - magic
  let r = (x - n * 1.57079632673412561417e+00) - n * 6.07710050650619224932e-11
  return cosSinInQuadrant(r, quadrant)
}
