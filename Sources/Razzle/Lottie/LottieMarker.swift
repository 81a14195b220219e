/// A marker of a Lottie document (`markers`): a named frame, or a named
/// segment when it has a duration, which After Effects exports from its
/// composition markers and players use to play part of a file ("intro",
/// "loop", "outro").
public struct LottieMarker: Sendable, Hashable {
  /// `cm`: the marker's comment, its name ("" when absent). Exporters write
  /// it as is; some put JSON in it, which is kept as text.
  public var name: String
  /// `tm`: where it starts, in the file's frames.
  public var frame: Double
  /// `dr`: its length in frames (0 for a point in time).
  public var duration: Double

  /// Creates a marker.
  public init(name: String, frame: Double, duration: Double) {
    self.name = name
    self.frame = frame
    self.duration = duration
  }

  /// The markers of `node` (the document's `markers`, nil when absent).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` with the JSON Pointer for a
  ///   marker that is not an object, a frame or duration that is not a
  ///   finite number (a duration below 0 included), or a name with a NUL.
  static func read(_ node: LottieNode?) throws(RazzleError) -> [LottieMarker] {
    guard let node else { return [] }
    var markers: [LottieMarker] = []
    for item in try node.requireArray() {
      guard item.value.members != nil else {
        throw item.error("expected a marker object, got \(item.value.typeName)")
      }
      let frame = try item.number("tm", default: 0)
      let duration = try item.number("dr", default: 0)
      guard frame.isFinite else {
        throw (item["tm"] ?? item).error("a marker's frame must be finite")
      }
      guard duration.isFinite && duration >= 0 else {
        throw (item["dr"] ?? item).error(
          "a marker's duration must be finite and >= 0, got \(duration)")
      }
      markers.append(
        LottieMarker(name: try item.string("cm") ?? "", frame: frame, duration: duration))
    }
    return markers
  }
}
