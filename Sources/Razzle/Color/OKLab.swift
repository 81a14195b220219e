// Björn Ottosson's Oklab (https://bottosson.github.io/posts/oklab/), with the
// matrices of the CSS Color 4 sample code
// (https://drafts.csswg.org/css-color-4/#color-conversion-code, `XYZ_to_OKLab`
// and `OKLab_to_XYZ`), which recalculated Ottosson's matrices to 64-bit
// precision for a consistent D65 white (csswg-drafts#6642, color.js#357).
//
// Ottosson's blog post gives the combined linear-sRGB → LMS matrix M1 to 10
// digits. CSS instead goes linear sRGB → XYZ → LMS. The combined matrices here
// are those products, computed in exact rational arithmetic from the CSS
// numbers (the sRGB ↔ XYZ matrices are rational in the CSS code) and rounded
// once to Double:
//
//   linearSRGBToLMS = XYZtoLMS · lin_sRGB_to_XYZ
//   lmsToLinearSRGB = XYZ_to_lin_sRGB · LMStoXYZ
//
// They agree with Ottosson's published M1 to 6e-9 and with his inverse to
// 6e-8, and with the numbers color.js uses. Their product is the identity to
// 2e-16, so sRGB → Oklab → sRGB round trips are good to about 1e-15.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A color in Oklab: perceived lightness `l` (0 black … 1 white) and the
/// opponent axes `a` (green–red) and `b` (blue–yellow), without alpha.
///
/// Any real values are accepted; colors outside the sRGB gamut convert to
/// extended-range sRGB and back without clipping.
public struct OKLab: Sendable, Hashable {
  /// Lightness, 0 for black and 1 for the sRGB white.
  public var l: Double
  /// Green (negative) to red (positive).
  public var a: Double
  /// Blue (negative) to yellow (positive).
  public var b: Double

  /// Creates an Oklab color from its coordinates.
  ///
  /// - Parameters:
  ///   - l: Lightness.
  ///   - a: The green–red axis.
  ///   - b: The blue–yellow axis.
  @inlinable
  public init(l: Double, a: Double, b: Double) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// The coordinates `(l, a, b)` as a vector.
  @inlinable
  public var vector: SIMD3<Double> { SIMD3(l, a, b) }

  /// Creates an Oklab color from a vector `(l, a, b)`.
  ///
  /// - Parameter vector: Lightness, a and b.
  @inlinable
  public init(_ vector: SIMD3<Double>) {
    self.init(l: vector.x, a: vector.y, b: vector.z)
  }
}

extension OKLab {
  /// Converts linear-light sRGB (the CSS `srgb-linear` space) to Oklab.
  ///
  /// The cone responses go through a sign-preserving cube root (`cbrt`), so
  /// negative components from out-of-gamut colors are handled as CSS does.
  ///
  /// - Parameter linearRGB: Linear red, green and blue; any real numbers.
  @inlinable
  public init(linearRGB: SIMD3<Double>) {
    let c = linearRGB
    let l = cbrt(0.412221469470763 * c.x + 0.5363325372617348 * c.y + 0.0514459932675022 * c.z)
    let m = cbrt(
      0.21190349581782522 * c.x + 0.6806995506452344 * c.y + 0.10739695353694055 * c.z)
    let s = cbrt(
      0.08830245919005643 * c.x + 0.2817188391361215 * c.y + 0.6299787016738221 * c.z)
    self.init(
      l: 0.2104542683093140 * l + 0.7936177747023054 * m - 0.0040720430116193 * s,
      a: 1.9779985324311684 * l - 2.4285922420485799 * m + 0.4505937096174110 * s,
      b: 0.0259040424655478 * l + 0.7827717124575296 * m - 0.8086757549230774 * s)
  }

  /// The color in linear-light sRGB (the CSS `srgb-linear` space), without
  /// clipping.
  @inlinable
  public var linearRGB: SIMD3<Double> {
    let l1 = l + 0.3963377773761749 * a + 0.2158037573099136 * b
    let m1 = l - 0.1055613458156586 * a - 0.0638541728258133 * b
    let s1 = l - 0.0894841775298119 * a - 1.2914855480194092 * b
    let l3 = l1 * l1 * l1
    let m3 = m1 * m1 * m1
    let s3 = s1 * s1 * s1
    return SIMD3(
      4.076741636075958 * l3 - 3.307711539258062 * m3 + 0.2309699031821045 * s3,
      -1.268437973285032 * l3 + 2.6097573492876887 * m3 - 0.34131937600265727 * s3,
      -0.004196076138675557 * l3 - 0.7034186179359363 * m3 + 1.7076146940746117 * s3)
  }

  /// Converts an sRGB color to Oklab, ignoring its alpha.
  ///
  /// - Parameter color: A non-premultiplied sRGB color; extended-range
  ///   components are allowed.
  @inlinable
  public init(_ color: RGBA) {
    self.init(linearRGB: color.linearRGB)
  }

  /// The color in sRGB with the given alpha, without clipping.
  ///
  /// - Parameter alpha: The alpha of the result.
  /// - Returns: The sRGB color; components may lie outside `0...1`.
  @inlinable
  public func rgba(alpha: Double) -> RGBA {
    RGBA(linearRGB: linearRGB, a: alpha)
  }

  /// The CSS `deltaEOK` color difference: the Euclidean distance between two
  /// Oklab colors. About 0.02 is one just-noticeable difference.
  ///
  /// - Parameter other: The color to compare with.
  /// - Returns: A non-negative distance.
  @inlinable
  public func distance(to other: OKLab) -> Double {
    let d = vector - other.vector
    return (d * d).sum().squareRoot()
  }
}
