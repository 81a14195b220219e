#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Transform2D {
  /// Scale by `scale`, then rotate by `angle` radians
  /// (`CGAffineTransformMakeRotation`'s sign), then translate, applied to a
  /// point: ``init(scaleX:scaleY:sine:cosine:tx:ty:)`` from the parts.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite number.
  public static func make(
    translation: (x: Double, y: Double), scale: (x: Double, y: Double), angle: Double
  ) throws(RazzleError) -> Transform2D {
    let parts = [translation.x, translation.y, scale.x, scale.y, angle]
    let names = ["tx", "ty", "sx", "sy", "angle"]
    for (name, x) in zip(names, parts) where !x.isFinite {
      throw RazzleError(.invalidValue, "\(name) must be finite, got \(x)")
    }
    return Transform2D(
      scaleX: scale.x, scaleY: scale.y, sine: sin(angle), cosine: cos(angle), tx: translation.x,
      ty: translation.y)
  }
}
