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

extension BezierHandle {
  /// A handle from its time followed by its value's channels.
  ///
  /// - Throws: ``RazzleError`` `.wrongSize` for an empty buffer.
  public init(flat: UnsafeBufferPointer<Double>) throws(RazzleError) {
    guard let time = flat.first else {
      throw RazzleError(.wrongSize, "a handle is its time followed by its value, got 0 numbers")
    }
    self.init(time: time, value: Array(flat.dropFirst()))
  }

  /// The handle as its time followed by its value's channels.
  public var flat: [Double] { [time] + value }
}
