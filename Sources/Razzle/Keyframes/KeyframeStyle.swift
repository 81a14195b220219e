/// Everything about a keyframe but its time and value: the easing and
/// interpolation of its outgoing segment, its Kochanek–Bartels parameters
/// and its Bézier handles.
public struct KeyframeStyle: Sendable, Hashable {
  /// The easing of the outgoing segment.
  public var easing: Easing
  /// The interpolation of the outgoing segment.
  public var interpolation: Interpolation
  /// Kochanek–Bartels tension, continuity and bias of this keyframe's
  /// tangents (used by `smooth` segments on either side), each in [−1, 1].
  public var tension: Double
  /// See ``tension``.
  public var continuity: Double
  /// See ``tension``.
  public var bias: Double
  /// The handle before the keyframe (for an incoming `bezier` segment, and
  /// `linear` extrapolation before a first keyframe).
  public var leftHandle: BezierHandle?
  /// The handle after the keyframe (for an outgoing `bezier` segment, and
  /// `linear` extrapolation after a last keyframe).
  public var rightHandle: BezierHandle?

  /// Creates a style; the defaults are RazzleDazzle's plain linear keyframe.
  public init(
    easing: Easing = .linear, interpolation: Interpolation = .linear, tension: Double = 0,
    continuity: Double = 0, bias: Double = 0, leftHandle: BezierHandle? = nil,
    rightHandle: BezierHandle? = nil
  ) {
    self.easing = easing
    self.interpolation = interpolation
    self.tension = tension
    self.continuity = continuity
    self.bias = bias
    self.leftHandle = leftHandle
    self.rightHandle = rightHandle
  }

  /// The plain linear keyframe.
  public static let plain = KeyframeStyle()
}

extension KeyframeStyle {
  /// A style from the text and flat arrays the C API and scene files give:
  /// an easing specification, an interpolation, the tangent parameters and
  /// handles as `[time, value…]`.
  ///
  /// - Parameters:
  ///   - easingSpec: An easing specification; nil or empty means linear.
  ///   - interpolation: The outgoing segment's interpolation.
  ///   - tension: Kochanek–Bartels tension, in [−1, 1] (checked when set).
  ///   - continuity: Kochanek–Bartels continuity.
  ///   - bias: Kochanek–Bartels bias.
  ///   - leftHandle: nil, or the handle's time followed by its value's
  ///     channels (the track checks the channel count when the style is set).
  ///   - rightHandle: As `leftHandle`, after the keyframe.
  /// - Throws: ``RazzleError`` `.easing` for a bad specification,
  ///   `.wrongSize` for a handle without a time.
  public init(
    easingSpec: String?, interpolation: Interpolation = .linear, tension: Double = 0,
    continuity: Double = 0, bias: Double = 0, leftHandle: UnsafeBufferPointer<Double>? = nil,
    rightHandle: UnsafeBufferPointer<Double>? = nil
  ) throws(RazzleError) {
    let easing = try easingSpec.map { (spec) throws(RazzleError) in try Easing(parsing: spec) }
    self.init(
      easing: easing ?? .linear, interpolation: interpolation, tension: tension,
      continuity: continuity, bias: bias, leftHandle: try leftHandle.map(BezierHandle.init(flat:)),
      rightHandle: try rightHandle.map(BezierHandle.init(flat:)))
  }
}
