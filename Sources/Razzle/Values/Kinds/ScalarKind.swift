/// One number, blended as `v0 + (v1 − v0)·e`: `alpha`, `rotation`,
/// `scale`, … (the property table in ``PropertyRule`` adds their ranges).
public struct ScalarKind: PerChannelKind {
  @usableFromInline static let name = "scalar"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 1...1, componentNames: ["value"], isPerChannel: true,
    blending: "v0 + (v1 - v0)*e")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> ScalarKind {
    ScalarKind()
  }

  @inlinable var channels: Int { 1 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? { nil }
  @usableFromInline var constrainsValues: Bool { false }
}
