// cos and sin of a hue angle in degrees, for turning OkLCh back into Oklab
// on every sample of an OkLCh color track: the angle is reduced exactly in
// degrees (to r in [−45°, 45°] and a quadrant), and cos r and sin r come from
// the minimax polynomials of fdlibm's __kernel_cos and __kernel_sin
// (FreeBSD msun k_cos.c, k_sin.c; error below 1 ulp on [−π/4, π/4]).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `(cos h, sin h)` for `h` in degrees, within 1.1e-16 of the exact values
/// (checked against libm in `HueTrigonometryTests`, and through the color
/// vectors against mpmath), and exact at multiples of 90°: `(1, 0)` at 0°,
/// `(0, 1)` at 90°.
///
/// The reduction `h = 90n + r` is exact for `|h| ≤ 1e15` (90n is an
/// integer, and r is a multiple of h's ulp below 45 in magnitude), so the
/// only rounding before the polynomials is `r · π/180`. Beyond 1e15, and
/// for ±∞ or NaN, libm's `cos` and `sin` of `h · π/180` are used (NaN for
/// ±∞ and NaN).
///
/// The same additions and multiplications in the same order every time (no
/// fused multiply-add), so a batch gives the bits a single call gives.
///
/// - Parameter degrees: The hue angle; any number.
/// - Returns: Its cosine and sine.
@inlinable @inline(__always)
func hueCosSin(_ degrees: Double) -> (cos: Double, sin: Double) {
  guard abs(degrees) <= 1e15 else {
    let radians = degrees * (Double.pi / 180)
    return (cos(radians), sin(radians))
  }
  // Adding 1.5 · 2⁵² rounds h / 90 to an integer n (ties to even) and
  // leaves n's low bits at the bottom of the significand: the quadrant.
  let magic = 6_755_399_441_055_744.0
  let shifted = degrees * (1.0 / 90) + magic
  let quadrant = shifted.bitPattern & 3
  let n = shifted - magic
  let x = (degrees - 90 * n) * (Double.pi / 180)
  return cosSinInQuadrant(x, quadrant)
}

/// `(cos, sin)` of `x + quadrant · π/2` for `|x| ≤ π/4` (a little beyond
/// loses nothing measurable): fdlibm's kernels, then the quadrant's swap
/// and signs. Shared by ``hueCosSin(_:)`` and ``radianCosSin(_:)``.
///
/// - Parameters:
///   - x: The reduced angle in radians.
///   - quadrant: Only its two low bits count.
/// - Returns: The cosine and sine.
@inlinable @inline(__always)
func cosSinInQuadrant(_ x: Double, _ quadrant: UInt64) -> (cos: Double, sin: Double) {
  let z = x * x
  let sinTail =
    8.33333333332248946124e-03 + z
    * (-1.98412698298579493134e-04 + z
      * (2.75573137070700676789e-06 + z
        * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
  let s = x + z * x * (-1.66666666666666324348e-01 + z * sinTail)
  let cosTail =
    z
    * (4.16666666666666019037e-02 + z
      * (-1.38888888888741095749e-03 + z
        * (2.48015872894767294178e-05 + z
          * (-2.75573143513906633035e-07 + z
            * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
  let half = 0.5 * z
  let w = 1 - half
  let c = w + (((1 - w) - half) + z * cosTail)
  // cos(r + 90°k), sin(r + 90°k): k odd swaps them (one negated), k ≥ 2
  // negates both. As arithmetic on 0 or 1 and a sign bit, not selects
  // (branches on baseline x86-64, unpredictable for hues all round): with
  // odd = 0, 1·c − 0·s is c exactly, and with odd = 1, 0·c − 1·s is −s
  // (+0 for s = 0).
  let odd = Double(quadrant & 1)
  let flip = (quadrant & 2) << 62
  let cosine = Double(bitPattern: ((1 - odd) * c - odd * s).bitPattern ^ flip)
  let sine = Double(bitPattern: (odd * c + (1 - odd) * s).bitPattern ^ flip)
  return (cosine, sine)
}
