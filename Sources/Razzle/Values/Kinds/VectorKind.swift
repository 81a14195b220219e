/// A fixed number of independent numbers (1…64), blended per component.
public struct VectorKind: PerChannelKind {
  @usableFromInline static let name = "vector"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 1...maximumChannels, componentNames: [], isPerChannel: true,
    parameters: ["channels"], blending: "per component")

  /// The most channels a vector may have.
  public static let maximumChannels = 64

  /// The number of doubles in one value.
  public let channels: Int

  /// Creates the kind; ``ValueKind`` checks `channels` (1…64) before a
  /// track uses it.
  public init(channels: Int) { self.channels = channels }

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool)
    throws(RazzleError) -> VectorKind
  {
    let kind = VectorKind(channels: channels)
    try kind.checkWellFormed()
    return kind
  }

  @usableFromInline var componentNames: [String] { [] }

  @usableFromInline
  func checkWellFormed() throws(RazzleError) {
    guard (1...VectorKind.maximumChannels).contains(channels) else {
      throw RazzleError(
        .wrongSize,
        "a vector track has 1 to \(VectorKind.maximumChannels) channels, not \(channels)")
    }
  }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? { nil }
  @usableFromInline var constrainsValues: Bool { false }
}
