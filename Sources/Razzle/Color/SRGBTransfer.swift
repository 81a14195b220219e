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
/// and 1 to 1 within one ulp.
///
/// - Parameter x: A linear-light component; any real number.
/// - Returns: The sRGB-encoded component, with the sign of `x`.
@inlinable
public func linearToSRGB(_ x: Double) -> Double {
  let magnitude = abs(x)
  if magnitude <= 0.0031308 { return 12.92 * x }
  let encoded = 1.055 * pow(magnitude, 1 / 2.4) - 0.055
  return x < 0 ? -encoded : encoded
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
