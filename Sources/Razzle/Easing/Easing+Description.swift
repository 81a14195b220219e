extension Easing: CustomStringConvertible {
  /// The canonical specification, with the names of `EasingNames`: parsing
  /// it gives back an equal easing, whose curve is the same bit for bit.
  ///
  /// This holds for every easing that ``init(parsing:)`` accepts:
  /// - Numbers are printed as the shortest text that reads back as the same
  ///   double; `linear(…)` inputs as the shortest percentage that does
  ///   (`33.33333333333333%` for 1/3), since a percentage is read from its
  ///   decimal text.
  /// - Springs print in their physical form,
  ///   `spring(mass=…, stiffness=…, damping=…, velocity=…)`, whichever form
  ///   they were written in; a short duration or response gives a stiffness
  ///   and damping beyond the ±1e6 that other numbers are held to, so the
  ///   parser accepts any mass, stiffness and damping that make a valid
  ///   spring (it accepts what it prints).
  /// - Zero prints as `0`, and the parser reads `-0` as 0, so equal easings
  ///   print equally.
  ///
  /// Easings built directly from the types with numbers the parser rejects
  /// (a cubic-bezier y beyond ±1e6, a non-positive elastic period) print
  /// text that does not parse.
  public var description: String {
    switch self {
    case .linear: return EasingNames.keywords.name(of: .linear)
    case .penner(let curve, let mode): return Easing.pennerText(curve, mode)
    case .cubicBezier(let c):
      return EasingNames.keywords.name(of: .cubicBezier)
        + "(\(format(c.x1)), \(format(c.y1)), \(format(c.x2)), \(format(c.y2)))"
    case .steps(let steps):
      return EasingNames.keywords.name(of: .steps)
        + "(\(steps.count), \(EasingNames.stepPositions.name(of: steps.position)))"
    case .piecewiseLinear(let curve):
      let stops = curve.points.map { "\(format($0.output)) \(formatPercentage($0.input))%" }
      return EasingNames.keywords.name(of: .linear) + "(\(stops.joined(separator: ", ")))"
    case .spring(let s):
      let arguments: [(EasingParameter, Double)] = [
        (.mass, s.mass), (.stiffness, s.stiffness), (.damping, s.damping),
        (.velocity, s.initialVelocity),
      ]
      return EasingNames.keywords.name(of: .spring) + "("
        + arguments.map { "\($0.rawValue)=\(format($1))" }.joined(separator: ", ") + ")"
    }
  }

  /// A Penner curve's name, with its arguments where they differ from the
  /// defaults.
  private static func pennerText(_ curve: PennerCurve, _ mode: EasingMode) -> String {
    let name = EasingNames.name(curve.family, mode)
    switch curve {
    case .back(let s):
      return s == PennerCurve.defaultOvershoot ? name : name + "(\(format(s)))"
    case .elastic(let a, let period):
      if let period { return name + "(\(format(a)), \(format(period)))" }
      return a == 1 ? name : name + "(\(format(a)))"
    default:
      return name
    }
  }
}

/// A number as the shortest text that parses back to it; integers without
/// a fraction (`1`, not `1.0`), and zero of either sign as `0`.
func format(_ x: Double) -> String {
  if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
  return "\(x)"
}

/// `100 x` as the shortest text from which a percentage reads back as `x`
/// (see `EasingSyntax.Part.percentage`): Swift's shortest round-trip digits
/// of `x` with the decimal point moved two places right. `0.75` gives `75`,
/// `1/3` gives `33.33333333333333`, `1e-9` gives `1e-7`; zero gives `0`.
func formatPercentage(_ x: Double) -> String {
  if x == 0 { return "0" }
  if !x.isFinite { return "\(x)" }
  var text = Substring("\(x)")  // "0.75", "1.0", "-1.25e-05", "1e+16"
  let sign = text.first == "-" ? "-" : ""
  if !sign.isEmpty { text = text.dropFirst() }
  var exponent = 0
  if let e = text.firstIndex(of: "e") {
    exponent = Int(text[text.index(after: e)...].drop(while: { $0 == "+" })) ?? 0
    text = text[..<e]
  }
  let integerDigits = text.prefix(while: { $0 != "." })
  var digits = Array(integerDigits) + Array(text.dropFirst(integerDigits.count + 1))
  // The value is 0.d₁d₂… × 10^point.
  var point = integerDigits.count + exponent + 2
  while digits.count > 1 && digits.first == "0" {
    digits.removeFirst()
    point -= 1
  }
  while digits.count > 1 && digits.last == "0" { digits.removeLast() }
  let body: String
  if point > 21 || point < -5 {
    let rest = digits.dropFirst()
    body = "\(digits[0])" + (rest.isEmpty ? "" : "." + String(rest)) + "e\(point - 1)"
  } else if point <= 0 {
    body = "0." + String(repeating: "0", count: -point) + String(digits)
  } else if point >= digits.count {
    body = String(digits) + String(repeating: "0", count: point - digits.count)
  } else {
    body = String(digits[..<point]) + "." + String(digits[point...])
  }
  return sign + body
}
