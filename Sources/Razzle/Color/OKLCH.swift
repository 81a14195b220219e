// OkLCh: Oklab in polar form, as in CSS Color 4 §"Converting Lab or Oklab
// colors to LCH or OkLCh colors" and the sample code's `OKLab_to_OKLCH`.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A color in OkLCh, the polar form of ``OKLab``: lightness `l`, chroma `c`
/// (distance from the neutral axis) and hue angle `h` in degrees, without
/// alpha.
public struct OKLCH: Sendable, Hashable {
  /// Lightness, the same as ``OKLab/l``.
  public var l: Double
  /// Chroma, `√(a² + b²)`; not negative for converted colors.
  public var c: Double
  /// Hue in degrees: 0 along +a (purplish red), 90 along +b (mustard
  /// yellow). Converted colors have a hue in `[0, 360)`; any angle is
  /// accepted as input.
  public var h: Double

  /// The chroma at or below which the hue is powerless (has no visible
  /// effect): CSS Color 4's "powerless hue ε" for OkLCh, 0.000004. This is
  /// large enough that every sRGB gray (r = g = b) counts as achromatic
  /// despite rounding in the conversion.
  public static let powerlessChroma = 0.000004

  /// Creates an OkLCh color from its coordinates.
  ///
  /// - Parameters:
  ///   - l: Lightness.
  ///   - c: Chroma.
  ///   - h: Hue in degrees.
  @inlinable
  public init(l: Double, c: Double, h: Double) {
    self.l = l
    self.c = c
    self.h = h
  }

  /// The coordinates `(l, c, h)` as a vector.
  @inlinable
  public var vector: SIMD3<Double> { SIMD3(l, c, h) }

  /// Creates an OkLCh color from a vector `(l, c, h)`.
  ///
  /// - Parameter vector: Lightness, chroma and hue in degrees.
  @inlinable
  public init(_ vector: SIMD3<Double>) {
    self.init(l: vector.x, c: vector.y, h: vector.z)
  }

  /// Whether the hue is powerless: the chroma is at most
  /// ``powerlessChroma``, so the color is (nearly) gray and its hue angle is
  /// noise. CSS treats such a hue as missing when interpolating.
  @inlinable
  public var isHuePowerless: Bool { c <= OKLCH.powerlessChroma }
}

extension OKLCH {
  /// Converts an Oklab color to polar form.
  ///
  /// The hue is `atan2(b, a)` in degrees, moved into `[0, 360)`. For a gray
  /// (`a = b = 0`) it is 0; check ``isHuePowerless`` to tell whether it
  /// means anything.
  ///
  /// - Parameter lab: The Oklab color.
  @inlinable
  public init(_ lab: OKLab) {
    var hue = atan2(lab.b, lab.a) * (180 / Double.pi)
    if hue < 0 { hue += 360 }
    if hue >= 360 { hue -= 360 }
    self.init(l: lab.l, c: (lab.a * lab.a + lab.b * lab.b).squareRoot(), h: hue + 0)
  }

  /// The color in Oklab: `a = c·cos h`, `b = c·sin h`, with cos and sin of
  /// the hue in degrees from ``hueCosSin(_:)`` (within 1.1e-16, exact at
  /// multiples of 90°).
  @inlinable
  public var oklab: OKLab {
    let (cosine, sine) = hueCosSin(h)
    return OKLab(l: l, a: c * cosine, b: c * sine)
  }

  /// Converts an sRGB color to OkLCh, ignoring its alpha.
  ///
  /// - Parameter color: A non-premultiplied sRGB color; extended-range
  ///   components are allowed.
  @inlinable
  public init(_ color: RGBA) {
    self.init(OKLab(color))
  }

  /// The color in sRGB with the given alpha, without clipping.
  ///
  /// - Parameter alpha: The alpha of the result.
  /// - Returns: The sRGB color; components may lie outside `0...1`.
  @inlinable
  public func rgba(alpha: Double) -> RGBA {
    oklab.rgba(alpha: alpha)
  }
}
