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
