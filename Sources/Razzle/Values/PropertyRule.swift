/// The values a track accepts, from its property name and kind.
///
/// A value is checked in three steps: every channel finite, then the
/// kind's own constraints (a size's extents ≥ 0, a bool's 0 or 1, a color's
/// alpha in [0, 1]; see each kind), then the property's range from the
/// property table (RazzleDazzle's `validateValue`: `alpha` in [0, 1],
/// `scale` ≥ 0, …). RazzleDazzle silently dropped a keyframe that broke
/// them; razzle rejects it with an error.
public struct PropertyRule: Sendable, Hashable {
  /// A range a property puts on every channel of its values.
  public enum ValueRange: Sendable, Hashable {
    /// Any finite number.
    case any
    /// Within 0…1 (`alpha`, `strokeStart`, `strokeEnd`, `pathPosition`).
    case unitInterval
    /// At least 0 (`scale`, `cornerRadius`).
    case nonNegative

    /// The range's ends, infinite where it is unbounded.
    public var bounds: (lower: Double, upper: Double) {
      switch self {
      case .any: return (-.infinity, .infinity)
      case .unitInterval: return (0, 1)
      case .nonNegative: return (0, .infinity)
      }
    }
  }

  /// The kind whose constraints apply.
  public let kind: ValueKind
  /// The property's range; `.any` for a property not in the table or a
  /// track of another kind than the table's.
  public let range: ValueRange

  /// One known property: the kind its name implies and its range.
  struct Entry {
    let kind: ValueKind
    let range: ValueRange
  }

  /// The known properties (RazzleDazzle's and JazzHands' animation types):
  /// one line per property.
  static let table: [String: Entry] = [
    "alpha": Entry(kind: .scalar, range: .unitInterval),
    "strokeStart": Entry(kind: .scalar, range: .unitInterval),
    "strokeEnd": Entry(kind: .scalar, range: .unitInterval),
    "pathPosition": Entry(kind: .scalar, range: .unitInterval),
    "scale": Entry(kind: .scalar, range: .nonNegative),
    "cornerRadius": Entry(kind: .scalar, range: .nonNegative),
    "rotation": Entry(kind: .scalar, range: .any),
    "constraintConstant": Entry(kind: .scalar, range: .any),
    "backgroundColor": Entry(kind: .color, range: .any),
    "fillColor": Entry(kind: .color, range: .any),
    "strokeColor": Entry(kind: .color, range: .any),
    "textColor": Entry(kind: .color, range: .any),
    "translation": Entry(kind: .point, range: .any),
    "position": Entry(kind: .point, range: .any),
    "center": Entry(kind: .point, range: .any),
    "size": Entry(kind: .size, range: .any),
    "frame": Entry(kind: .rect, range: .any),
    "hidden": Entry(kind: .bool, range: .any),
    "transform": Entry(kind: .transform, range: .any),
    "transform3d": Entry(kind: .transform3d, range: .any),
  ]

  /// The rule for `property` with values of `kind`.
  ///
  /// - Parameters:
  ///   - property: The property's name.
  ///   - kind: The track's kind; the property's range applies when it is
  ///     the kind the table gives (a color track may differ in its space).
  public init(property: String, kind: ValueKind) {
    self.kind = kind
    if let entry = PropertyRule.table[property], entry.kind.name == kind.name {
      range = entry.range
    } else {
      range = .any
    }
  }

  /// A known property's kind and range, or nil for a name the table does
  /// not have.
  public static func known(_ property: String) -> (kind: ValueKind, range: ValueRange)? {
    table[property].map { ($0.kind, $0.range) }
  }

  /// The kind that a known property name implies (RazzleDazzle's and
  /// JazzHands' animation types), or nil for any other name, which is a
  /// scalar unless the caller gives a kind. A color property implies an
  /// sRGB, non-premultiplied ``ValueKind/color``.
  public static func impliedKind(of property: String) -> ValueKind? { table[property]?.kind }

  /// Whether every one of `values` (any number of values' channels, one
  /// after another) passes ``validate(_:property:)`` by the common case
  /// alone: a kind without constraints of its own, every channel finite
  /// and in the property's range. One pass over a bulk edit's values; false
  /// sends the caller to ``validate(_:property:)`` value by value, for the
  /// message.
  func admitsAll(_ values: UnsafeBufferPointer<Double>) -> Bool {
    guard !kind.constrainsValues else { return false }
    let (lower, upper) = range.bounds
    return allWithin(values, lower, upper)
  }

  /// Checks every channel of a value: finite, the kind's constraints, the
  /// property's range.
  ///
  /// - Parameters:
  ///   - value: The value's channels (the caller has checked the count).
  ///   - property: The property's name, for the message.
  /// - Throws: ``RazzleError`` of kind `.invalidValue` naming the channel and
  ///   the rule it breaks.
  public func validate(_ value: UnsafeBufferPointer<Double>, property: String) throws(RazzleError) {
    // The common case first: a kind without constraints of its own and
    // every channel finite and in range (a bulk set checks each keyframe).
    // Anything else takes the checks below, in their order, for the message.
    if !kind.constrainsValues {
      let (lower, upper) = range.bounds
      var fits = true
      for v in value { fits = fits && v.isFinite && v >= lower && v <= upper }
      if fits { return }
    }
    func what(_ channel: Int) -> String { value.count == 1 ? "value" : "channel \(channel)" }
    for (channel, v) in value.enumerated() where !v.isFinite {
      throw RazzleError(.invalidValue, "\(property): \(what(channel)) must be finite, got \(v)")
    }
    if let (channel, reason) = kind.base.violation(in: value) {
      throw RazzleError(
        .invalidValue, "\(property): \(what(channel)) \(reason), got \(value[channel])")
    }
    let broken: String
    let test: (Double) -> Bool
    switch range {
    case .any: return
    case .unitInterval: (broken, test) = ("must be within [0, 1]", { (0...1).contains($0) })
    case .nonNegative: (broken, test) = ("must be >= 0", { $0 >= 0 })
    }
    for (channel, v) in value.enumerated() where !test(v) {
      throw RazzleError(.invalidValue, "\(property): \(what(channel)) \(broken), got \(v)")
    }
  }
}
