/// A Bézier handle: a point in (time, value) space; the time is shared by
/// all channels, the value has one number per channel.
public struct BezierHandle: Sendable, Hashable {
  /// The handle's time.
  public var time: Double
  /// The handle's value, one number per channel.
  public var value: [Double]

  /// Creates a handle.
  public init(time: Double, value: [Double]) {
    self.time = time
    self.value = value
  }
}
