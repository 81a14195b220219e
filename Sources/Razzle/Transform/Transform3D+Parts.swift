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
