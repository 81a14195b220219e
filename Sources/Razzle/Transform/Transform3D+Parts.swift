extension Transform3D {
  /// A 3D transform from JazzHands' `IFTTTTransform3D` parts: rotation by
  /// `angle` radians about the axis (x, y, z), then scale, then translation,
  /// then the perspective `m34` (usually −1/eye distance), applied to a point
  /// in that order; which is what JazzHands' CATransform3DRotate / Scale /
  /// Translate calls on an identity with m34 set produce.
  ///
  /// A zero rotation axis means no rotation.
  public static func jazzHands(
    translation: (x: Double, y: Double, z: Double) = (0, 0, 0),
    scale: (x: Double, y: Double, z: Double) = (1, 1, 1),
    rotation: (angle: Double, x: Double, y: Double, z: Double) = (0, 0, 0, 1),
    m34: Double = 0
  ) -> Transform3D {
    var perspective = Transform3D.identity
    perspective.m34 = m34
    let hasAxis = rotation.x != 0 || rotation.y != 0 || rotation.z != 0
    let rotate =
      hasAxis
      ? Transform3D.rotation(angle: rotation.angle, x: rotation.x, y: rotation.y, z: rotation.z)
      : .identity
    return
      rotate
      .concatenating(.scale(x: scale.x, y: scale.y, z: scale.z))
      .concatenating(.translation(x: translation.x, y: translation.y, z: translation.z))
      .concatenating(perspective)
  }
}

extension Transform3D {
  /// ``jazzHands(translation:scale:rotation:m34:)`` with every number checked.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite number.
  public static func make(
    translation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
    rotation: (angle: Double, x: Double, y: Double, z: Double), m34: Double
  ) throws(RazzleError) -> Transform3D {
    let parts: [(String, Double)] = [
      ("translation[0]", translation.x), ("translation[1]", translation.y),
      ("translation[2]", translation.z), ("scale[0]", scale.x), ("scale[1]", scale.y),
      ("scale[2]", scale.z), ("rotation[0]", rotation.angle), ("rotation[1]", rotation.x),
      ("rotation[2]", rotation.y), ("rotation[3]", rotation.z), ("m34", m34),
    ]
    for (name, x) in parts where !x.isFinite {
      throw RazzleError(.invalidValue, "\(name) must be finite, got \(x)")
    }
    return jazzHands(translation: translation, scale: scale, rotation: rotation, m34: m34)
  }
}
