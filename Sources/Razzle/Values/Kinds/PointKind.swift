/// (x, y), blended per component: `translation`, `position`.
public struct PointKind: PerChannelKind {
  @usableFromInline static let name = "point"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 2...2, componentNames: ["x", "y"], isPerChannel: true,
    typeName: "Point", blending: "per component")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> PointKind {
    PointKind()
  }

  @inlinable var channels: Int { 2 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? { nil }
  @usableFromInline var constrainsValues: Bool { false }
}
