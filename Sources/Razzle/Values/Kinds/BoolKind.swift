/// 0 or 1: `hidden`. RazzleDazzle's rule: the start value while eased
/// progress is 0, then the end value.
public struct BoolKind: ValueKindProtocol {
  @usableFromInline static let name = "bool"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 1...1, componentNames: ["value"], isPerChannel: false,
    blending: "the start value while eased progress is 0, then the end value")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> BoolKind {
    BoolKind()
  }

  @inlinable var channels: Int { 1 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }
  @inlinable var isPerChannel: Bool { false }
  @inlinable var derivedStride: Int { 0 }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? {
    value[0] == 0 || value[0] == 1 ? nil : (0, "must be 0 or 1")
  }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {}

  @inlinable @inline(__always)
  func blend(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    out[0] = e == 0 ? segment.from.value[0] : segment.to.value[0]
  }

  /// 0: a switch has no slope (its jump is ignored).
  @inlinable
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    out[0] = 0
  }
}
