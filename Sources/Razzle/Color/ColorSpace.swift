/// A color space in which colors can be interpolated, named as in CSS
/// Color 4's `<color-interpolation-method>` (`in oklch`, `in srgb-linear`, …).
///
/// Each space describes a color by three coordinates (alpha is kept apart):
///
/// | Space        | Coordinates                          | Hue index |
/// |--------------|--------------------------------------|-----------|
/// | `srgb`       | r, g, b sRGB-encoded (``RGBA``)      | —         |
/// | `linearSRGB` | r, g, b linear light                 | —         |
/// | `oklab`      | l, a, b (``OKLab``)                  | —         |
/// | `oklch`      | l, c, h° (``OKLCH``)                 | 2         |
/// | `hsl`        | h°, s, l as fractions (``HSL``)      | 0         |
public enum ColorSpace: String, Sendable, CaseIterable {
  /// Gamma-encoded sRGB: the components as given.
  case srgb
  /// Linear-light sRGB (CSS `srgb-linear`): physically even light mixing.
  case linearSRGB = "linear-srgb"
  /// Oklab: perceptually even steps.
  case oklab
  /// OkLCh: Oklab in polar form; keeps chroma up between hues.
  case oklch
  /// HSL, the legacy CSS polar form of sRGB.
  case hsl

  /// The position of the hue among the three coordinates, or `nil` for the
  /// rectangular (non-polar) spaces.
  @inlinable
  public var hueIndex: Int? {
    switch self {
    case .srgb, .linearSRGB, .oklab: return nil
    case .oklch: return 2
    case .hsl: return 0
    }
  }

  /// The three coordinates of an sRGB color in this space (alpha is not
  /// included). See the table in ``ColorSpace`` for their order.
  ///
  /// - Parameter color: A non-premultiplied sRGB color; extended-range
  ///   components are allowed and are not clipped.
  /// - Returns: The coordinates; a hue is in degrees in `[0, 360)`.
  @inlinable
  public func coordinates(of color: RGBA) -> SIMD3<Double> {
    switch self {
    case .srgb: return color.rgb
    case .linearSRGB: return color.linearRGB
    case .oklab: return OKLab(color).vector
    case .oklch: return OKLCH(color).vector
    case .hsl: return HSL(color).vector
    }
  }

  /// The sRGB color with the given coordinates in this space and alpha: the
  /// inverse of ``coordinates(of:)``, without clipping.
  ///
  /// - Parameters:
  ///   - coordinates: Three coordinates in this space's order; a hue may be
  ///     any angle in degrees.
  ///   - alpha: The alpha of the result.
  /// - Returns: A non-premultiplied sRGB color.
  @inlinable
  public func color(fromCoordinates coordinates: SIMD3<Double>, alpha: Double) -> RGBA {
    switch self {
    case .srgb: return RGBA(rgb: coordinates, a: alpha)
    case .linearSRGB: return RGBA(linearRGB: coordinates, a: alpha)
    case .oklab: return OKLab(coordinates).rgba(alpha: alpha)
    case .oklch: return OKLCH(coordinates).rgba(alpha: alpha)
    case .hsl: return HSL(coordinates).rgba(alpha: alpha)
    }
  }

  /// Whether the hue of these coordinates is powerless (the color is gray),
  /// by the space's threshold: ``OKLCH/powerlessChroma`` for `oklch`,
  /// ``HSL/powerlessSaturation`` for `hsl`; always `false` for the
  /// rectangular spaces, which have no hue.
  ///
  /// - Parameter coordinates: Coordinates in this space.
  /// - Returns: `true` if the hue should be treated as missing.
  @inlinable
  public func isHuePowerless(_ coordinates: SIMD3<Double>) -> Bool {
    switch self {
    case .srgb, .linearSRGB, .oklab: return false
    case .oklch: return OKLCH(coordinates).isHuePowerless
    case .hsl: return HSL(coordinates).isHuePowerless
    }
  }
}

extension ColorSpace: NamedValue {
  public static var noun: String { "color space" }
  public var name: String { rawValue }
}
