extension Easing {
  /// Parses an easing specification.
  ///
  /// The empty string means `linear`. Names are case-sensitive:
  /// - `linear`
  /// - Penner's 30 curves, `ease{In,Out,InOut}{Sine,Quad,Cubic,Quart,Quint,
  ///   Expo,Circ,Back,Elastic,Bounce}`; the Back curves take an optional
  ///   overshoot (`easeOutBack(2.5)`, or `overshoot=2.5`), the Elastic curves
  ///   an optional amplitude and period (`easeOutElastic(1, 0.3)`).
  /// - `cubic-bezier(x1, y1, x2, y2)` with x1, x2 in [0, 1]; CSS's `ease`,
  ///   `ease-in`, `ease-out`, `ease-in-out`; Core Animation's `easeIn`,
  ///   `easeOut`, `easeInEaseOut`, `default`.
  /// - `steps(n)`, `steps(n, jump-start | jump-end | jump-none | jump-both |
  ///   start | end)`, `step-start`, `step-end`.
  /// - `linear(…)`: CSS Easing Level 2 stops such as `linear(0, 0.25 75%, 1)`.
  /// - `spring(mass=1, stiffness=100, damping=10, velocity=0)` (positional in
  ///   that order too), `spring(dampingRatio=…, response=…)`,
  ///   `spring(duration=…, bounce=…)`, each with an optional `velocity`; and
  ///   SwiftUI's `smooth`, `snappy`, `bouncy` with an optional duration
  ///   (default 0.5) and extra bounce: `bouncy(0.4)`.
  ///
  /// - Throws: ``RazzleError`` of kind `.easing` whose message quotes the spec
  ///   and names the problem (unknown name, bad argument, syntax error).
  public init(parsing spec: String) throws(RazzleError) {
    if spec.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
      self = .linear
      return
    }
    let syntax = try EasingSyntax(parsing: spec)
    var arguments = ArgumentList(spec: spec, syntax: syntax)
    let easing = try Easing.make(syntax.name, &arguments)
    try arguments.finish()
    self = easing
  }

  /// The easing `name` with its arguments.
  private static func make(_ name: String, _ arguments: inout ArgumentList) throws(RazzleError)
    -> Easing
  {
    switch name {
    case "linear":
      return arguments.isEmpty ? .linear : .piecewiseLinear(try arguments.linearStops())
    case "cubic-bezier":
      let x1 = try arguments.required("x1")
      let y1 = try arguments.required("y1")
      let x2 = try arguments.required("x2")
      let y2 = try arguments.required("y2")
      do {
        return .cubicBezier(try CubicBezier(x1, y1, x2, y2))
      } catch {
        throw arguments.error(error.message)
      }
    case "ease", "default": return .cubicBezier(.ease)
    case "ease-in", "easeIn": return .cubicBezier(.cssEaseIn)
    case "ease-out", "easeOut": return .cubicBezier(.cssEaseOut)
    case "ease-in-out", "easeInEaseOut": return .cubicBezier(.cssEaseInOut)
    case "steps":
      let count = try arguments.required("count")
      guard count == count.rounded(), count >= 1, count <= Double(Int32.max) else {
        throw arguments.error("the step count must be an integer >= 1, got \(count)")
      }
      let position = try arguments.word("position", default: "jump-end")
      let positions: [String: Steps.Position] = [
        "jump-start": .jumpStart, "start": .jumpStart, "jump-end": .jumpEnd, "end": .jumpEnd,
        "jump-none": .jumpNone, "jump-both": .jumpBoth,
      ]
      guard let resolved = positions[position] else {
        throw arguments.error(
          "unknown step position '\(position)' (jump-start, jump-end, jump-none, jump-both, start, end)"
        )
      }
      do {
        return .steps(try Steps(Int(count), resolved))
      } catch {
        throw arguments.error(error.message)
      }
    case "step-start": return .steps(.stepStart)
    case "step-end": return .steps(.stepEnd)
    case "spring": return .spring(try arguments.spring())
    case "smooth", "snappy", "bouncy":
      let base: Double = name == "snappy" ? 0.15 : name == "bouncy" ? 0.3 : 0
      let duration = try arguments.number("duration", default: 0.5)
      let extra = try arguments.number("extraBounce", default: 0)
      return .spring(
        try arguments.checkedSpring { () throws(RazzleError) in
          try Spring(duration: duration, bounce: base + extra)
        })
    default:
      let (curve, mode) = try pennerCurve(name, &arguments)
      return .penner(curve, mode)
    }
  }

  /// One of Penner's names, such as `easeInOutQuad`.
  private static func pennerCurve(_ name: String, _ arguments: inout ArgumentList)
    throws(RazzleError) -> (PennerCurve, EasingMode)
  {
    var family: Substring?
    var mode = EasingMode.easeIn
    for (prefix, candidate) in [
      ("easeInOut", EasingMode.easeInOut), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ] where family == nil && name.hasPrefix(prefix) {
      family = name.dropFirst(prefix.count)
      mode = candidate
    }
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
      throw RazzleError(.easing, "unknown easing \"\(name)\" in \"\(arguments.spec)\"")
    }
    return (curve, mode)
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
    return try bounded(value, label)
  }

  /// The largest magnitude a number in a specification may have. Larger
  /// ones overflow the curves' arithmetic (a cubic-bezier y of 1e308 turns
  /// its polynomial into ∞ − ∞) and mean nothing as timing.
  static let largestNumber = 1e6

  /// `value` if its magnitude is at most ``largestNumber``.
  func bounded(_ value: Double, _ label: String) throws(RazzleError) -> Double {
    guard abs(value) <= ArgumentList.largestNumber else {
      throw error("\(label) must be within ±\(format(ArgumentList.largestNumber)), got \(value)")
    }
    return value
  }

  /// A single finite number argument, or `defaultValue` if absent.
  mutating func number(_ label: String, default defaultValue: Double) throws(RazzleError)
    -> Double
  {
    try optionalNumber(label) ?? defaultValue
  }

  /// True when the spec has no arguments.
  var isEmpty: Bool { remaining.isEmpty && position == 0 }

  /// A number argument that must be present.
  mutating func required(_ label: String) throws(RazzleError) -> Double {
    guard let value = try optionalNumber(label) else { throw error("missing \(label)") }
    return value
  }

  /// A single word argument, or `defaultValue` if absent.
  mutating func word(_ label: String, default defaultValue: String) throws(RazzleError) -> String {
    guard let argument = try take(label) else { return defaultValue }
    guard argument.parts.count == 1, case .word(let word) = argument.parts[0] else {
      throw error("\(label) must be a word")
    }
    return word
  }

  /// CSS `linear(…)` stops: each argument is one number (the output) and up
  /// to two percentages (inputs), in any order. Consumes every argument.
  mutating func linearStops() throws(RazzleError) -> PiecewiseLinearEasing {
    var stops: [(output: Double, inputs: [Double])] = []
    for argument in remaining {
      var output: Double?
      var inputs: [Double] = []
      for part in argument.parts {
        switch part {
        case .number(let value) where output == nil: output = try bounded(value, "an output")
        case .percentage(let value) where inputs.count < 2:
          inputs.append(try bounded(value, "an input") / 100)
        default:
          throw error(
            "a stop is one number and at most two percentages (offset \(argument.offset))")
        }
      }
      guard argument.label == nil, let output else {
        throw error("a stop needs an output number (offset \(argument.offset))")
      }
      stops.append((output, inputs))
    }
    position += remaining.count
    remaining.removeAll()
    do {
      return try PiecewiseLinearEasing(stops)
    } catch {
      throw self.error(error.message)
    }
  }

  /// A spring from physical parameters (labelled or positional: mass,
  /// stiffness, damping, velocity), or from `dampingRatio` and `response`, or
  /// from `duration` and `bounce`; each with an optional `velocity`.
  mutating func spring() throws(RazzleError) -> Spring {
    let labels = Set(remaining.compactMap(\.label))
    if labels.contains("dampingRatio") || labels.contains("response") {
      let ratio = try required("dampingRatio")
      let response = try required("response")
      let velocity = try number("velocity", default: 0)
      return try checkedSpring { () throws(RazzleError) in
        try Spring(dampingRatio: ratio, response: response, initialVelocity: velocity)
      }
    }
    if labels.contains("duration") || labels.contains("bounce") {
      let duration = try required("duration")
      let bounce = try number("bounce", default: 0)
      let velocity = try number("velocity", default: 0)
      return try checkedSpring { () throws(RazzleError) in
        try Spring(duration: duration, bounce: bounce, initialVelocity: velocity)
      }
    }
    let mass = try number("mass", default: 1)
    let stiffness = try number("stiffness", default: 100)
    let damping = try number("damping", default: 10)
    let velocity = try number("velocity", default: 0)
    return try checkedSpring { () throws(RazzleError) in
      try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }
  }

  /// Builds a spring, rewording its errors for this spec, and rejects one
  /// that never settles: as an easing it runs for its settling duration.
  func checkedSpring(_ make: () throws(RazzleError) -> Spring) throws(RazzleError) -> Spring {
    let spring: Spring
    do {
      spring = try make()
    } catch {
      throw self.error(error.message)
    }
    guard spring.settlingDuration.isFinite else {
      throw self.error("an undamped spring never settles, so it cannot be an easing")
    }
    return spring
  }

  /// Fails if any argument was not consumed.
  func finish() throws(RazzleError) {
    guard let extra = remaining.first else { return }
    if let label = extra.label { throw error("unknown parameter '\(label)'") }
    throw error(position == 0 ? "takes no arguments" : "too many arguments (at most \(position))")
  }
}

extension Easing: CustomStringConvertible {
  /// The canonical specification: parsing it gives back an equal easing
  /// (for `linear(…)`, up to the rounding of inputs written as percentages).
  public var description: String {
    switch self {
    case .linear: return "linear"
    case .penner(let curve, let mode): return Easing.pennerName(curve, mode)
    case .cubicBezier(let c):
      return "cubic-bezier(\(format(c.x1)), \(format(c.y1)), \(format(c.x2)), \(format(c.y2)))"
    case .steps(let steps):
      let position: String
      switch steps.position {
      case .jumpStart: position = "jump-start"
      case .jumpEnd: position = "jump-end"
      case .jumpNone: position = "jump-none"
      case .jumpBoth: position = "jump-both"
      }
      return "steps(\(steps.count), \(position))"
    case .piecewiseLinear(let curve):
      let stops = curve.points.map { "\(format($0.output)) \(format($0.input * 100))%" }
      return "linear(\(stops.joined(separator: ", ")))"
    case .spring(let s):
      return "spring(mass=\(format(s.mass)), stiffness=\(format(s.stiffness)), "
        + "damping=\(format(s.damping)), velocity=\(format(s.initialVelocity)))"
    }
  }

  private static func pennerName(_ curve: PennerCurve, _ mode: EasingMode) -> String {
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
      return s == PennerCurve.defaultOvershoot ? prefix + "Back" : prefix + "Back(\(format(s)))"
    case .elastic(let a, let period):
      if let period { return prefix + "Elastic(\(format(a)), \(format(period)))" }
      return a == 1 ? prefix + "Elastic" : prefix + "Elastic(\(format(a)))"
    }
  }
}

/// A number as the shortest text that parses back to it; integers without
/// a fraction (`1`, not `1.0`).
func format(_ x: Double) -> String {
  if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
  return "\(x)"
}
