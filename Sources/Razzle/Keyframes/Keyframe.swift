/// One keyframe: a value at a time, and the style of the segment that starts
/// here (easing, interpolation, tangent parameters, Bézier handles).
public struct Keyframe: Sendable, Hashable {
  /// When the keyframe is (any finite number: seconds, a scroll offset, …).
  public var time: Double
  /// The value's channels (one for a scalar track).
  public var value: [Double]
  /// The easing, interpolation, tangent parameters and handles.
  public var style: KeyframeStyle

  /// Creates a keyframe.
  public init(time: Double, value: [Double], style: KeyframeStyle = .plain) {
    self.time = time
    self.value = value
    self.style = style
  }

  /// Creates a keyframe with an easing and otherwise plain style.
  public init(time: Double, value: [Double], easing: Easing) {
    self.init(time: time, value: value, style: KeyframeStyle(easing: easing))
  }

  /// The easing of the segment from this keyframe to the next.
  public var easing: Easing {
    get { style.easing }
    set { style.easing = newValue }
  }
}
