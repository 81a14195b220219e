/// (x, y, width, height), blended per component; width and height ≥ 0:
/// `frame`.
public struct RectKind: PerChannelKind {
  @usableFromInline static let name = "rect"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 4...4, componentNames: ["x", "y", "width", "height"],
    isPerChannel: true, typeName: "Rect", blending: "per component")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> RectKind {
    RectKind()
  }

  @inlinable var channels: Int { 4 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }

  /// A negative width or height (channels 2 and 3).
  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? {
    extentViolation(value, from: 2)
  }
}
