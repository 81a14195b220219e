// The sRGB transfer function, extended to all real numbers exactly as the
// CSS Color 4 sample code does (`lin_sRGB` and `gam_sRGB` in
// https://drafts.csswg.org/css-color-4/#color-conversion-code): the curve is
// mirrored through the origin, so negative components (extended-range sRGB)
// keep their sign, and values above 1 follow the same power law.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converts one sRGB-encoded component to linear light.
///
/// Below `0.04045` in magnitude the curve is the straight line `x / 12.92`;
/// above, `sign(x) · ((|x| + 0.055) / 1.055)^2.4`. 0 maps to 0, and 1 to 1
/// within one ulp (the formula, evaluated as CSS writes it, gives
/// 0.9999999999999999); NaN stays NaN.
///
/// - Parameter x: An sRGB-encoded component; any real number.
/// - Returns: The linear-light component, with the sign of `x`.
@inlinable
public func srgbToLinear(_ x: Double) -> Double {
  let magnitude = abs(x)
  if magnitude <= 0.04045 { return x / 12.92 }
  let linear = pow((magnitude + 0.055) / 1.055, 2.4)
  return x < 0 ? -linear : linear
}

/// Converts one linear-light component to sRGB encoding: the inverse of
/// ``srgbToLinear(_:)``.
///
/// Above `0.0031308` in magnitude the curve is
/// `sign(x) · (1.055 · |x|^(1/2.4) − 0.055)`; below, `12.92 · x`. 0 maps to 0,
/// and 1 to 1 within one ulp (as the CSS formula gives it); ±∞ stay ±∞ and
/// NaN stays NaN.
///
/// The power `|x|^(1/2.4)` is ``srgbEncodingPower(_:)``, within 1.1 ulp of
/// the exact `|x|^(5/12)`, at about a third of `pow`'s instructions: it is
/// what every color sample in a non-sRGB space ends with. (libm's
/// `pow(|x|, 1 / 2.4)` raises to the double nearest 5/12, 2.8e-17 above
/// it, and so differs by up to 2 ulp plus `|ln x| · 2.8e-17` relative.)
///
/// - Parameter x: A linear-light component; any real number.
/// - Returns: The sRGB-encoded component, with the sign of `x`.
@inlinable @inline(__always)
public func linearToSRGB(_ x: Double) -> Double {
  let magnitude = abs(x)
  if magnitude <= 0.0031308 { return 12.92 * x }
  if !magnitude.isFinite { return x }
  let encoded = 1.055 * srgbEncodingPower(magnitude) - 0.055
  // x's sign bit on the (positive) result: a select of doubles would be a
  // branch on baseline x86-64.
  return Double(bitPattern: encoded.bitPattern | (x.bitPattern & (1 << 63)))
}

/// `x^(5/12)` (that is `x^(1/2.4)`) for a positive, finite, normal `x`,
/// within 1.1 ulp of the exact power, with no call to `pow`.
///
/// `x = 2^(12q + r) · m` with `m` in `[1, 2)` and `r` in `0..<12`, so
/// `x^(5/12) = 2^(5q) · z` where `z` solves `z¹² = a`, `a = 2^(5r) · m⁵`
/// (exact scalings by powers of two). A degree-6 Chebyshev fit of
/// `m^(5/12)` over `[1, 2)` (error 2.4e-7) times `2^(5r/12)` gives `z`
/// to about 3e-7; one Halley step for `z¹² = a`, written as a correction
/// `z + z·2(a − z¹²)/(13z¹² + 11a)` so that the rounding of `a` and `z¹²`
/// enters divided by 12, leaves 3e-20 of truncation and about 1 ulp of
/// rounding (1.06 ulp at most against mpmath over 2.5e4 points from 0.003
/// to e⁴⁰, worked while writing it; the tests check it against `pow` and,
/// through the vectors, against mpmath).
///
/// The same additions and multiplications in the same order every time
/// (no fused multiply-add), so a batch gives the bits a single call gives.
///
/// - Parameter x: A positive, finite, normal number (not checked).
/// - Returns: `x^(5/12)`.
@inlinable @inline(__always)
func srgbEncodingPower(_ x: Double) -> Double {
  let bits = x.bitPattern
  let exponent = Int(truncatingIfNeeded: bits >> 52) &- 1023
  let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
  // exponent = 12q + r with 0 <= r < 12 (the offset keeps the division's
  // operand positive, so it rounds down).
  let shifted = exponent &+ 1200
  let q = shifted / 12 &- 100
  let r = shifted &- 12 &* (shifted / 12)
  let u = m - 1.5
  var z = -0x1.60c89e024cef0p-9
  z = z * u + 0x1.571c1c182651fp-8
  z = z * u - 0x1.3c0f0fd7a4377p-7
  z = z * u + 0x1.6f65631530eb9p-6
  z = z * u - 0x1.05f58b26f13c3p-4
  z = z * u + 0x1.50cccc06bac27p-2
  z = z * u + 0x1.2f1e22ca7ced8p+0
  z *= twoToFiveTwelfths(r)
  let m2 = m * m
  let a = m2 * m2 * m * Double(bitPattern: UInt64(truncatingIfNeeded: 1023 &+ 5 &* r) << 52)
  let z2 = z * z
  let z6 = z2 * z2 * z2
  let z12 = z6 * z6
  z += z * (2 * (a - z12)) / (13 * z12 + 11 * a)
  return z * Double(bitPattern: UInt64(truncatingIfNeeded: 1023 &+ 5 &* q) << 52)
}

/// `2^(5r/12)` for `r` in `0..<12`, correctly rounded (mpmath): the
/// starting guess's scale in ``srgbEncodingPower(_:)``. A switch of
/// constants, which the compiler turns into a table.
@inlinable @inline(__always)
func twoToFiveTwelfths(_ r: Int) -> Double {
  switch r {
  case 0: return 1
  case 1: return 0x1.55b8108f0ec5ep+0
  case 2: return 0x1.c823e074ec129p+0
  case 3: return 0x1.306fe0a31b715p+1
  case 4: return 0x1.965fea53d6e3dp+1
  case 5: return 0x1.0f38f92d97963p+2
  case 6: return 0x1.6a09e667f3bcdp+2
  case 7: return 0x1.e3437e7101344p+2
  case 8: return 0x1.428a2f98d728bp+3
  case 9: return 0x1.ae89f995ad3adp+3
  case 10: return 0x1.1f59ac3c7d6c0p+4
  default: return 0x1.7f910d768cfb0p+4
  }
}

extension RGBA {
  /// The red, green and blue components in linear light (the CSS
  /// `srgb-linear` space), without alpha.
  @inlinable
  public var linearRGB: SIMD3<Double> {
    SIMD3(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b))
  }

  /// Creates a color from linear-light red, green and blue and an alpha.
  ///
  /// - Parameters:
  ///   - linearRGB: Components in the CSS `srgb-linear` space; any real
  ///     numbers.
  ///   - a: Alpha.
  @inlinable
  public init(linearRGB: SIMD3<Double>, a: Double) {
    self.init(
      r: linearToSRGB(linearRGB.x), g: linearToSRGB(linearRGB.y), b: linearToSRGB(linearRGB.z),
      a: a)
  }
}
