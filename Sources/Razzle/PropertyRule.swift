/// The values a property accepts, looked up by property name.
///
/// These are RazzleDazzle's `validateValue` rules. RazzleDazzle silently
/// dropped a keyframe that broke them; razzle rejects it with an error.
public enum PropertyRule: Sendable, Hashable {
  /// Any finite number.
  case finite
  /// Finite and within 0…1 (`alpha`, `strokeStart`, `strokeEnd`, `pathPosition`).
  case unitInterval
  /// Finite and at least 0 (`scale`, `cornerRadius`).
  case nonNegative

  /// The rule for a property name; unknown names accept any finite number.
  public init(property: String) {
    switch property {
    case "alpha", "strokeStart", "strokeEnd", "pathPosition": self = .unitInterval
    case "scale", "cornerRadius": self = .nonNegative
    default: self = .finite
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
      switch self {
      case .finite: break
      case .unitInterval where !(0...1).contains(v):
        throw RazzleError(.invalidValue, "\(property): \(what) must be within [0, 1], got \(v)")
      case .nonNegative where v < 0:
        throw RazzleError(.invalidValue, "\(property): \(what) must be >= 0, got \(v)")
      default: break
      }
    }
  }
}
