/// (width, height), blended per component; both ≥ 0: `size`.
public struct SizeKind: PerChannelKind {
  @usableFromInline static let name = "size"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 2...2, componentNames: ["width", "height"], isPerChannel: true,
    typeName: "Size", blending: "per component")

  /// Creates the kind.
  public init() {}

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> SizeKind {
    SizeKind()
  }

  @inlinable var channels: Int { 2 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }

  /// A negative width or height.
  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? {
    extentViolation(value, from: 0)
  }
}

/// The first negative channel from `start` on, which alternate width and
/// height (a size's two channels, a rect's last two).
@usableFromInline
func extentViolation(_ value: UnsafeBufferPointer<Double>, from start: Int) -> (
  channel: Int, reason: String
)? {
  for c in start..<value.count where !(value[c] >= 0) {
    return (c, "(\((c - start) % 2 == 0 ? "width" : "height")) must be >= 0")
  }
  return nil
}
