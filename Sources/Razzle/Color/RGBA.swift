/// A color as non-premultiplied, sRGB-encoded red, green and blue, plus
/// alpha: the four numbers `UIColor.getRed(_:green:blue:alpha:)` reports.
///
/// Components in `0...1` are inside the sRGB gamut. Values outside that range
/// are extended-range sRGB (as on iOS 10 and later) and are kept as they are
/// by every conversion in razzle: nothing here clips unless asked to (see
/// ``clippedToSRGB`` and ``gamutMappedToSRGB``). Alpha is not clamped either.
public struct RGBA: Sendable, Hashable {
  /// Red, sRGB-encoded (gamma-corrected).
  public var r: Double
  /// Green, sRGB-encoded.
  public var g: Double
  /// Blue, sRGB-encoded.
  public var b: Double
  /// Alpha (opacity); 0 is transparent, 1 opaque. The color components are
  /// not multiplied by it.
  public var a: Double

  /// Creates a color from sRGB-encoded components and alpha.
  ///
  /// - Parameters:
  ///   - r: Red; extended-range values are allowed.
  ///   - g: Green.
  ///   - b: Blue.
  ///   - a: Alpha, 1 (opaque) by default.
  @inlinable
  public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The red, green and blue components as a vector, without alpha.
  @inlinable
  public var rgb: SIMD3<Double> {
    get { SIMD3(r, g, b) }
    set {
      r = newValue.x
      g = newValue.y
      b = newValue.z
    }
  }

  /// Creates a color from a vector of sRGB-encoded components and an alpha.
  ///
  /// - Parameters:
  ///   - rgb: Red, green and blue, sRGB-encoded.
  ///   - a: Alpha.
  @inlinable
  public init(rgb: SIMD3<Double>, a: Double) {
    self.init(r: rgb.x, g: rgb.y, b: rgb.z, a: a)
  }
}
