extension Easing {
  /// Parses an easing specification.
  ///
  /// The empty string means `linear`. Names are case-sensitive; every name
  /// is listed once, in `EasingNames`, which the printer reads too:
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
  /// Numbers must lie within ±1e6, except a spring's mass, stiffness and
  /// damping, which only the spring itself bounds (see ``description``).
  /// `-0` is read as 0.
  ///
  /// - Throws: ``RazzleError`` of kind `.easing` whose message quotes the spec
  ///   and names the problem (unknown name or parameter, with the closest
  ///   known one when there is a close one: `unknown easing "easeinquad"
  ///   (did you mean "easeInQuad"?)`; bad argument; syntax error with its
  ///   offset).
  public init(parsing spec: String) throws(RazzleError) {
    if spec.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
      self = .linear
      return
    }
    let syntax = try EasingSyntax(parsing: spec)
    guard let keyword = EasingNames.keywords.value(named: syntax.name) else {
      let hint = NameSuggestion.hint(for: syntax.name, among: EasingNames.keywords.names)
      let context = syntax.name == spec ? "" : " in \"\(spec)\""
      throw RazzleError(.easing, "unknown easing \"\(syntax.name)\"\(hint)\(context)")
    }
    var arguments = try ArgumentList(spec: spec, syntax: syntax, parameters: keyword.parameters)
    let easing = try Easing.make(keyword, &arguments)
    try arguments.finish()
    self = easing
  }

  /// The easing `keyword` names, with its arguments.
  private static func make(_ keyword: EasingKeyword, _ arguments: inout ArgumentList)
    throws(RazzleError) -> Easing
  {
    switch keyword {
    case .linear:
      return arguments.isEmpty ? .linear : .piecewiseLinear(try arguments.linearStops())
    case .cubicBezier:
      let x1 = try arguments.required(.x1)
      let y1 = try arguments.required(.y1)
      let x2 = try arguments.required(.x2)
      let y2 = try arguments.required(.y2)
      do {
        return .cubicBezier(try CubicBezier(x1, y1, x2, y2))
      } catch {
        throw arguments.error(error.message)
      }
    case .namedCurve(let curve): return .cubicBezier(curve)
    case .steps:
      let count = try arguments.required(.count)
      guard count == count.rounded(), count >= 1, count <= Double(Int32.max) else {
        throw arguments.error("the step count must be an integer >= 1, got \(count)")
      }
      let position = try arguments.word(.position)
      let resolved: Steps.Position
      if let position {
        guard let named = EasingNames.stepPositions.value(named: position) else {
          let names = EasingNames.stepPositions.names
          let hint = NameSuggestion.hint(for: position, among: names)
          throw arguments.error(
            "unknown step position '\(position)'"
              + (hint.isEmpty ? " (\(names.joined(separator: ", ")))" : hint))
        }
        resolved = named
      } else {
        resolved = .jumpEnd
      }
      do {
        return .steps(try Steps(Int(count), resolved))
      } catch {
        throw arguments.error(error.message)
      }
    case .namedSteps(let steps): return .steps(steps)
    case .spring: return .spring(try arguments.spring())
    case .springPreset(let preset):
      let duration = try arguments.number(.duration, default: 0.5)
      let extra = try arguments.number(.extraBounce, default: 0)
      return .spring(
        try arguments.checkedSpring { () throws(RazzleError) in
          try Spring(duration: duration, bounce: preset.bounce + extra)
        })
    case .penner(let family, let mode):
      return .penner(try pennerCurve(family, &arguments), mode)
    }
  }

  /// The curve of a Penner family with its arguments.
  private static func pennerCurve(_ family: PennerFamily, _ arguments: inout ArgumentList)
    throws(RazzleError) -> PennerCurve
  {
    switch family {
    case .sine: return .sine
    case .quad: return .quad
    case .cubic: return .cubic
    case .quart: return .quart
    case .quint: return .quint
    case .expo: return .expo
    case .circ: return .circ
    case .back:
      return .back(
        overshoot: try arguments.number(.overshoot, default: PennerCurve.defaultOvershoot))
    case .elastic:
      let amplitude = try arguments.number(.amplitude, default: 1)
      let period = try arguments.optionalNumber(.period)
      if let period, period <= 0 {
        throw arguments.error("period must be positive, got \(period)")
      }
      return .elastic(amplitude: amplitude, period: period)
    case .bounce: return .bounce
    }
  }
}
