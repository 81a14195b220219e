/// One keyframe: a value at a time, and the easing of the segment that
/// starts here.
public struct Keyframe: Sendable, Hashable {
  /// When the keyframe is (any finite number: seconds, a scroll offset, …).
  public var time: Double
  /// The value's channels (one for a scalar track).
  public var value: [Double]
  /// The easing of the segment from this keyframe to the next.
  public var easing: Easing

  /// Creates a keyframe.
  public init(time: Double, value: [Double], easing: Easing = .linear) {
    self.time = time
    self.value = value
    self.easing = easing
  }
}
