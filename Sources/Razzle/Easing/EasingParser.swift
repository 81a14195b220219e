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
