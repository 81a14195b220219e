extension Easing {
  /// Parses an easing specification.
  ///
  /// The empty string means `linear`. Names are case-sensitive:
  /// - `linear`
  /// - Penner's 30 curves, `ease{In,Out,InOut}{Sine,Quad,Cubic,Quart,Quint,
  ///   Expo,Circ,Back,Elastic,Bounce}`; the Back curves take an optional
  ///   overshoot (`easeOutBack(2.5)`, or `overshoot=2.5`), the Elastic curves
  ///   an optional amplitude and period (`easeOutElastic(1, 0.3)`).
  ///
  /// - Throws: ``RazzleError`` of kind `.easing` whose message quotes the spec
  ///   and names the problem (unknown name, bad argument, syntax error).
  public init(parsing spec: String) throws(RazzleError) {
    if spec.allSatisfy({ $0 == " " || $0 == "\t" }) {
      self = .linear
      return
    }
    let syntax = try EasingSyntax(parsing: spec)
    var arguments = ArgumentList(spec: spec, syntax: syntax)
    if syntax.name == "linear" {
      try arguments.finish()
      self = .linear
    } else if let (mode, family) = Easing.pennerName(syntax.name) {
      let curve: PennerCurve
      switch family {
      case "Sine": curve = .sine
      case "Quad": curve = .quad
      case "Cubic": curve = .cubic
      case "Quart": curve = .quart
      case "Quint": curve = .quint
      case "Expo": curve = .expo
      case "Circ": curve = .circ
      case "Back":
        curve = .back(
          overshoot: try arguments.number("overshoot", default: PennerCurve.defaultOvershoot))
      case "Elastic":
        let amplitude = try arguments.number("amplitude", default: 1)
        let period = try arguments.optionalNumber("period")
        if let period, period <= 0 {
          throw arguments.error("period must be positive, got \(period)")
        }
        curve = .elastic(amplitude: amplitude, period: period)
      case "Bounce": curve = .bounce
      default:
        throw RazzleError(.easing, "unknown easing \"\(syntax.name)\" in \"\(spec)\"")
      }
      try arguments.finish()
      self = .penner(curve, mode)
    } else {
      throw RazzleError(.easing, "unknown easing \"\(syntax.name)\" in \"\(spec)\"")
    }
  }

  /// Splits a Penner name such as `easeInOutQuad` into its mode and family.
  private static func pennerName(_ name: String) -> (EasingMode, Substring)? {
    for (prefix, mode) in [
      ("easeInOut", EasingMode.easeInOut), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ]
    where name.hasPrefix(prefix) {
      return (mode, name.dropFirst(prefix.count))
    }
    return nil
  }
}

/// Hands out an easing's arguments by position or label, and checks that
/// every argument was used.
struct ArgumentList {
  let spec: String
  let name: String
  var remaining: [EasingSyntax.Argument]
  var position = 0

  init(spec: String, syntax: EasingSyntax) {
    self.spec = spec
    self.name = syntax.name
    self.remaining = syntax.arguments ?? []
  }

  func error(_ what: String) -> RazzleError {
    RazzleError(.easing, "invalid easing \"\(spec)\": \(name): \(what)")
  }

  /// The next argument if it is positional, or the argument labelled `label`.
  mutating func take(_ label: String) throws(RazzleError) -> EasingSyntax.Argument? {
    if let i = remaining.firstIndex(where: { $0.label == label }) {
      position += 1
      return remaining.remove(at: i)
    }
    if let first = remaining.first, first.label == nil {
      position += 1
      return remaining.removeFirst()
    }
    return nil
  }

  /// A single finite number argument, or nil if absent.
  mutating func optionalNumber(_ label: String) throws(RazzleError) -> Double? {
    guard let argument = try take(label) else { return nil }
    guard argument.parts.count == 1, case .number(let value) = argument.parts[0] else {
      throw error("\(label) must be a number")
    }
    return value
  }

  /// A single finite number argument, or `defaultValue` if absent.
  mutating func number(_ label: String, default defaultValue: Double) throws(RazzleError)
    -> Double
  {
    try optionalNumber(label) ?? defaultValue
  }

  /// Fails if any argument was not consumed.
  func finish() throws(RazzleError) {
    guard let extra = remaining.first else { return }
    if let label = extra.label { throw error("unknown parameter '\(label)'") }
    throw error(position == 0 ? "takes no arguments" : "too many arguments (at most \(position))")
  }
}

extension Easing: CustomStringConvertible {
  /// The canonical specification: parsing it gives back an equal easing.
  public var description: String {
    switch self {
    case .linear: return "linear"
    case .penner(let curve, let mode):
      let prefix: String
      switch mode {
      case .easeIn: prefix = "easeIn"
      case .easeOut: prefix = "easeOut"
      case .easeInOut: prefix = "easeInOut"
      }
      switch curve {
      case .sine: return prefix + "Sine"
      case .quad: return prefix + "Quad"
      case .cubic: return prefix + "Cubic"
      case .quart: return prefix + "Quart"
      case .quint: return prefix + "Quint"
      case .expo: return prefix + "Expo"
      case .circ: return prefix + "Circ"
      case .bounce: return prefix + "Bounce"
      case .back(let s):
        return s == PennerCurve.defaultOvershoot ? prefix + "Back" : prefix + "Back(\(s))"
      case .elastic(let a, let period):
        if let period { return prefix + "Elastic(\(a), \(period))" }
        return a == 1 ? prefix + "Elastic" : prefix + "Elastic(\(a))"
      }
    }
  }
}
