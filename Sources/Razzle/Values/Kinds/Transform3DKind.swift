/// A 4×4 matrix m11…m44 in CATransform3D order (CSS `matrix3d()`'s argument
/// order): `transform3d`. Blended by CSS Transforms Level 2 decomposition
/// (see ``interpolateTransform(_:_:_:)``).
///
/// Derived per keyframe: the decomposition (or that there is none), so a
/// sample interpolates the parts and recomposes.
public struct Transform3DKind: ValueKindProtocol {
  @usableFromInline static let name = "transform3d"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 16...16,
    componentNames: (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } },
    isPerChannel: false, typeName: "Transform3D",
    blending: "CSS Transforms 2: decompose, slerp, recompose")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> Transform3DKind {
    Transform3DKind()
  }

  @inlinable var channels: Int { 16 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }
  @inlinable var isPerChannel: Bool { false }
  @inlinable var derivedStride: Int { TransformEndpoint.stride }
  @inlinable var segmentStride: Int { SlerpPlan.stride }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? { nil }
  @usableFromInline var constrainsValues: Bool { false }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {
    TransformEndpoint.store(Transform3D(contentsOf: value), into: derived)
  }

  @inlinable
  func blend(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    // The ends exactly; discrete at e = 0.5 unless both ends decompose.
    let bothDecompose =
      TransformEndpoint.decomposes(segment.from.derived)
      && TransformEndpoint.decomposes(segment.to.derived)
    let source =
      e == 0 || (!bothDecompose && e < 0.5)
      ? segment.from.value : (e == 1 || !bothDecompose ? segment.to.value : nil)
    if let source {
      for c in 0..<16 { out[c] = source[c] }
      return
    }
    let blended = TransformEndpoint.load(segment.from.derived).interpolated(
      to: TransformEndpoint.load(segment.to.derived), e,
      plan: SlerpPlan(contentsOf: segment.shared)
    ).recomposed
    blended.store(into: out)
  }

  /// The slerp's plan for the two rotations (zeros unless both decompose).
  @inlinable
  func deriveSegment(
    _ from: BlendOperand, _ to: BlendOperand, into segment: UnsafeMutablePointer<Double>
  ) {
    TransformEndpoint.storePlan(from.derived, to.derived, into: segment)
  }

  /// A central difference (step 1e-6 in e): decomposition is nonlinear.
  @inlinable
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    centralDifference(segment, e, into: out)
  }
}
