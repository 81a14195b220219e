// HSL as in CSS Color 4: §"Converting HSL colors to sRGB colors" (`hslToRgb`)
// and §"Converting sRGB colors to HSL colors" (`rgbToHsl`, including the
// csswg-drafts#9222 fix that turns a negative saturation from a very
// out-of-gamut color into a positive one by rotating the hue 180°).
// Saturation and lightness are fractions here, not CSS percentages.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A color in HSL: hue `h` in degrees, saturation `s` and lightness `l` as
/// fractions (CSS's `hsl(120 50% 25%)` is `HSL(h: 120, s: 0.5, l: 0.25)`),
/// without alpha.
///
/// HSL is a re-parametrization of sRGB. Extended-range sRGB colors convert
/// to saturations above 1 or lightnesses outside `0...1` and back, except
/// where CSS's formula loses information: a color whose lightness is exactly
/// 0 or 1 gets saturation 0, so `(−0.5, 0, 0.5)` comes back as black.
public struct HSL: Sendable, Hashable {
  /// Hue in degrees: 0 red, 120 green, 240 blue. Converted colors have a hue
  /// in `[0, 360)`; any angle is accepted as input.
  public var h: Double
  /// Saturation, 0 (gray) … 1 (fully saturated) for sRGB colors.
  public var s: Double
  /// Lightness, 0 (black) … 1 (white) for sRGB colors.
  public var l: Double

  /// The saturation at or below which the hue is powerless: `1e-5`, the ε
  /// the CSS Color 4 sample code uses on saturation (as a fraction) in its
  /// `rgbToHsl`/`rgbToHwb`. Exact grays (`r = g = b`) have saturation 0.
  public static let powerlessSaturation = 0.00001

  /// Creates an HSL color from its coordinates.
  ///
  /// - Parameters:
  ///   - h: Hue in degrees.
  ///   - s: Saturation as a fraction.
  ///   - l: Lightness as a fraction.
  @inlinable
  public init(h: Double, s: Double, l: Double) {
    self.h = h
    self.s = s
    self.l = l
  }

  /// The coordinates `(h, s, l)` as a vector.
  @inlinable
  public var vector: SIMD3<Double> { SIMD3(h, s, l) }

  /// Creates an HSL color from a vector `(h, s, l)`.
  ///
  /// - Parameter vector: Hue in degrees, saturation and lightness.
  @inlinable
  public init(_ vector: SIMD3<Double>) {
    self.init(h: vector.x, s: vector.y, l: vector.z)
  }

  /// Whether the hue is powerless: the saturation is at most
  /// ``powerlessSaturation``, so the color is (nearly) gray. CSS treats such
  /// a hue as missing when interpolating.
  @inlinable
  public var isHuePowerless: Bool { abs(s) <= HSL.powerlessSaturation }
}

extension HSL {
  /// Converts an sRGB color to HSL, ignoring its alpha (CSS `rgbToHsl`).
  ///
  /// A gray (`r = g = b`) gets hue 0 and saturation 0 (CSS leaves the hue
  /// missing). A negative saturation, which only very out-of-gamut colors
  /// produce, is made positive by turning the hue 180°.
  ///
  /// - Parameter color: A non-premultiplied sRGB color; extended-range
  ///   components are allowed.
  @inlinable
  public init(_ color: RGBA) {
    let (r, g, b) = (color.r, color.g, color.b)
    let maximum = max(r, g, b)
    let minimum = min(r, g, b)
    let lightness = (minimum + maximum) / 2
    let d = maximum - minimum
    var hue = 0.0
    var saturation = 0.0
    if d != 0 {
      saturation =
        (lightness == 0 || lightness == 1)
        ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
      if maximum == r {
        hue = (g - b) / d + (g < b ? 6 : 0)
      } else if maximum == g {
        hue = (b - r) / d + 2
      } else {
        hue = (r - g) / d + 4
      }
      hue *= 60
    }
    if saturation < 0 {
      hue += 180
      saturation = -saturation
    }
    if hue >= 360 { hue -= 360 }
    self.init(h: hue, s: saturation, l: lightness)
  }

  /// The color in sRGB with the given alpha (CSS `hslToRgb`), without
  /// clipping.
  ///
  /// The hue is taken modulo 360, so any angle works.
  ///
  /// - Parameter alpha: The alpha of the result.
  /// - Returns: The sRGB color.
  @inlinable
  public func rgba(alpha: Double) -> RGBA {
    var hue = fmod(h, 360)
    if hue < 0 { hue += 360 }
    let chroma = s * min(l, 1 - l)
    @inline(__always) func channel(_ n: Double) -> Double {
      let k = fmod(n + hue / 30, 12)
      return l - chroma * max(-1, min(k - 3, 9 - k, 1))
    }
    return RGBA(r: channel(0), g: channel(8), b: channel(4), a: alpha)
  }
}
