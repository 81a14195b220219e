/// Hands out an easing's arguments by position or label, and checks that
/// every argument was used.
struct ArgumentList {
  let spec: String
  let name: String
  var remaining: [EasingSyntax.Argument]
  var position = 0

  /// Takes the arguments of `syntax`, whose name accepts the labels
  /// `parameters`.
  ///
  /// - Throws: ``RazzleError`` of kind `.easing` for a label the name does
  ///   not take (with the closest one it does take, if one is close) or a
  ///   label given twice.
  init(spec: String, syntax: EasingSyntax, parameters: [EasingParameter]) throws(RazzleError) {
    self.spec = spec
    self.name = syntax.name
    self.remaining = syntax.arguments ?? []
    var seen: Set<String> = []
    for label in remaining.compactMap(\.label) {
      guard parameters.contains(where: { $0.rawValue == label }) else {
        let hint = NameSuggestion.hint(for: label, among: parameters.map(\.rawValue))
        throw error("unknown parameter '\(label)'\(hint)")
      }
      guard seen.insert(label).inserted else { throw error("parameter '\(label)' is given twice") }
    }
  }

  func error(_ what: String) -> RazzleError {
    RazzleError(.easing, "invalid easing \"\(spec)\": \(name): \(what)")
  }

  /// The argument labelled `parameter`, or else the next argument if it is
  /// positional.
  mutating func take(_ parameter: EasingParameter) -> EasingSyntax.Argument? {
    if let i = remaining.firstIndex(where: { $0.label == parameter.rawValue }) {
      position += 1
      return remaining.remove(at: i)
    }
    if let first = remaining.first, first.label == nil {
      position += 1
      return remaining.removeFirst()
    }
    return nil
  }

  /// A single finite number argument within ±``largestNumber``, or nil if
  /// absent.
  mutating func optionalNumber(_ parameter: EasingParameter) throws(RazzleError) -> Double? {
    guard let value = try optionalUnboundedNumber(parameter) else { return nil }
    return try bounded(value, parameter.rawValue)
  }

  /// A single finite number argument of any magnitude, or nil if absent: for
  /// parameters whose range the type they build checks.
  mutating func optionalUnboundedNumber(_ parameter: EasingParameter) throws(RazzleError)
    -> Double?
  {
    guard let argument = take(parameter) else { return nil }
    guard argument.parts.count == 1, case .number(let value) = argument.parts[0] else {
      throw error("\(parameter.rawValue) must be a number")
    }
    return value
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
  mutating func number(_ parameter: EasingParameter, default defaultValue: Double)
    throws(RazzleError) -> Double
  {
    try optionalNumber(parameter) ?? defaultValue
  }

  /// True when the spec has no arguments.
  var isEmpty: Bool { remaining.isEmpty && position == 0 }

  /// A number argument that must be present.
  mutating func required(_ parameter: EasingParameter) throws(RazzleError) -> Double {
    guard let value = try optionalNumber(parameter) else {
      throw error("missing \(parameter.rawValue)")
    }
    return value
  }

  /// A single word argument, or nil if absent.
  mutating func word(_ parameter: EasingParameter) throws(RazzleError) -> String? {
    guard let argument = take(parameter) else { return nil }
    guard argument.parts.count == 1, case .word(let word) = argument.parts[0] else {
      throw error("\(parameter.rawValue) must be a word")
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
        case .percentage(let percent, let fraction) where inputs.count < 2:
          _ = try bounded(percent, "an input")
          inputs.append(fraction)
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
  ///
  /// Mass, stiffness and damping are not held to ``largestNumber``: a
  /// short `duration` or `response` gives a stiffness and damping beyond it,
  /// and the physical form is the canonical text of every spring, so it must
  /// accept them. ``Spring`` itself rejects parameters whose derived decay
  /// rate or frequency overflow.
  mutating func spring() throws(RazzleError) -> Spring {
    let labels = Set(remaining.compactMap(\.label))
    func given(_ parameter: EasingParameter) -> Bool { labels.contains(parameter.rawValue) }
    if given(.dampingRatio) || given(.response) {
      let ratio = try required(.dampingRatio)
      let response = try required(.response)
      let velocity = try number(.velocity, default: 0)
      return try checkedSpring { () throws(RazzleError) in
        try Spring(dampingRatio: ratio, response: response, initialVelocity: velocity)
      }
    }
    if given(.duration) || given(.bounce) {
      let duration = try required(.duration)
      let bounce = try number(.bounce, default: 0)
      let velocity = try number(.velocity, default: 0)
      return try checkedSpring { () throws(RazzleError) in
        try Spring(duration: duration, bounce: bounce, initialVelocity: velocity)
      }
    }
    let mass = try optionalUnboundedNumber(.mass) ?? 1
    let stiffness = try optionalUnboundedNumber(.stiffness) ?? 100
    let damping = try optionalUnboundedNumber(.damping) ?? 10
    let velocity = try number(.velocity, default: 0)
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
