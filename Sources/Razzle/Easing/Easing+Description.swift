extension Easing: CustomStringConvertible {
  /// The canonical specification, with the names of `EasingNames`: parsing
  /// it gives back an equal easing (for `linear(…)`, up to the rounding of
  /// inputs written as percentages).
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
      let stops = curve.points.map { "\(format($0.output)) \(format($0.input * 100))%" }
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
/// a fraction (`1`, not `1.0`).
func format(_ x: Double) -> String {
  if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
  return "\(x)"
}
