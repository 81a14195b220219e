/// The values a track accepts, from its property name and kind.
///
/// These are RazzleDazzle's `validateValue` rules and the kinds' own
/// constraints. RazzleDazzle silently dropped a keyframe that broke them;
/// razzle rejects it with an error.
public enum PropertyRule: Sendable, Hashable {
  /// Every channel finite.
  case finite
  /// Finite and within 0…1 (`alpha`, `strokeStart`, `strokeEnd`, `pathPosition`).
  case unitInterval
  /// Finite and at least 0 (`scale`, `cornerRadius`).
  case nonNegative
  /// A size (both channels ≥ 0) or a rect (width and height, channels 2
  /// and 3, ≥ 0).
  case extent
  /// Exactly 0 or 1.
  case boolean
  /// Finite components and an alpha (channel 3) within 0…1.
  case color

  /// The rule for `property` with values of `kind`.
  public init(property: String, kind: ValueKind) {
    switch kind {
    case .size, .rect: self = .extent
    case .bool: self = .boolean
    case .color: self = .color
    case .point, .vector, .transform, .transform3d: self = .finite
    case .scalar:
      switch property {
      case "alpha", "strokeStart", "strokeEnd", "pathPosition": self = .unitInterval
      case "scale", "cornerRadius": self = .nonNegative
      default: self = .finite
      }
    }
  }

  /// The kind that a known property name implies (RazzleDazzle's and
  /// JazzHands' animation types), or nil for any other name, which is a
  /// scalar unless the caller gives a kind.
  public static func impliedKind(of property: String) -> ValueKind? {
    switch property {
    case "alpha", "rotation", "scale", "cornerRadius", "strokeStart", "strokeEnd", "pathPosition",
      "constraintConstant":
      return .scalar
    case "backgroundColor", "fillColor", "strokeColor", "textColor": return .color
    case "translation", "position": return .point
    case "size": return .size
    case "frame": return .rect
    case "hidden": return .bool
    case "transform": return .transform
    case "transform3d": return .transform3d
    default: return nil
    }
  }

  /// Checks every channel of a value.
  ///
  /// - Throws: ``RazzleError`` of kind `.invalidValue` naming the channel and
  ///   the rule it breaks.
  public func validate(_ value: UnsafeBufferPointer<Double>, property: String) throws(RazzleError) {
    for (channel, v) in value.enumerated() {
      let what = value.count == 1 ? "value" : "channel \(channel)"
      guard v.isFinite else {
        throw RazzleError(.invalidValue, "\(property): \(what) must be finite, got \(v)")
      }
      let broken: String?
      switch self {
      case .finite: broken = nil
      case .unitInterval: broken = (0...1).contains(v) ? nil : "must be within [0, 1]"
      case .nonNegative: broken = v >= 0 ? nil : "must be >= 0"
      case .extent:
        let isExtent = value.count == 2 || channel >= 2
        broken =
          !isExtent || v >= 0 ? nil : "(\(channel % 2 == 0 ? "width" : "height")) must be >= 0"
      case .boolean: broken = v == 0 || v == 1 ? nil : "must be 0 or 1"
      case .color:
        broken = channel != 3 || (0...1).contains(v) ? nil : "(alpha) must be within [0, 1]"
      }
      if let broken {
        throw RazzleError(.invalidValue, "\(property): \(what) \(broken), got \(v)")
      }
    }
  }
}
