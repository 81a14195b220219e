/// A 2D affine transform (a, b, c, d, tx, ty), in CGAffineTransform's order:
/// `transform`. Blended as CSS Transforms Level 2 blends the equivalent 3D
/// matrix (see ``interpolateTransform2D(_:_:_:)``).
///
/// Derived per keyframe: the decomposition of the equivalent 3D matrix, so
/// a sample interpolates the parts and recomposes.
public struct TransformKind: ValueKindProtocol {
  @usableFromInline static let name = "transform"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 6...6, componentNames: ["a", "b", "c", "d", "tx", "ty"],
    isPerChannel: false, typeName: "Transform",
    blending: "CSS Transforms 2 on the equivalent 3D matrix")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> TransformKind {
    TransformKind()
  }

  @inlinable var channels: Int { 6 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }
  @inlinable var isPerChannel: Bool { false }
  @inlinable var derivedStride: Int { TransformEndpoint.stride }
  @inlinable var segmentStride: Int { SlerpPlan.stride }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? { nil }
  @usableFromInline var constrainsValues: Bool { false }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {
    TransformEndpoint.store(Transform3D(Transform2D(contentsOf: value)), into: derived)
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
      for c in 0..<6 { out[c] = source[c] }
      return
    }
    // Only the 2D entries of the recomposed matrix are kept, so only they
    // are computed (``DecomposedTransform3D/recomposed2D``).
    TransformEndpoint.load(segment.from.derived).interpolated(
      to: TransformEndpoint.load(segment.to.derived), e,
      plan: SlerpPlan(contentsOf: segment.shared)
    ).recomposed2D.store(into: out)
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
