/// A timing curve: maps a segment's linear progress p in [0, 1] to eased
/// progress.
///
/// An easing is attached to a keyframe and shapes the segment that starts at
/// that keyframe (RazzleDazzle's rule). Easings are parsed from strings once,
/// when a keyframe is set (see ``Easing/init(parsing:)``), and are plain values
/// afterwards, so evaluating one costs a switch and the curve's arithmetic.
///
/// Every family maps 0 to 0 and 1 to 1 exactly, except `steps` with
/// `jump-start`/`jump-both`, whose value at 0 is CSS's (the first step).
public enum Easing: Sendable, Hashable {
  /// The identity: eased progress equals progress.
  case linear
  /// One of Robert Penner's curves in one of the three modes.
  case penner(PennerCurve, EasingMode)
  /// CSS `cubic-bezier(x1, y1, x2, y2)`, and the named CSS and Core
  /// Animation curves.
  case cubicBezier(CubicBezier)
  /// CSS `steps(n, position)`.
  case steps(Steps)
  /// CSS `linear(…)` with stops.
  case piecewiseLinear(PiecewiseLinearEasing)
  /// A damped spring, run for its settling duration over the segment.
  case spring(Spring)

  /// The eased progress at `p`.
  ///
  /// - Parameter p: Progress through the segment, normally in [0, 1].
  /// - Returns: The eased progress. Curves such as `back`, `elastic`, an
  ///   overshooting `cubic-bezier` or an underdamped spring leave [0, 1] in
  ///   between.
  @inlinable @inline(__always)
  public func callAsFunction(_ p: Double) -> Double {
    switch self {
    case .linear: return p
    case .penner(let curve, let mode): return curve.value(p, mode: mode)
    case .cubicBezier(let curve): return curve.value(p)
    case .steps(let steps): return steps.value(p)
    case .piecewiseLinear(let curve): return curve.value(p)
    case .spring(let spring): return spring.value(p)
    }
  }

  /// The eased progress at `p` with CSS Easing's before flag, which only
  /// `steps` reads (``Steps/value(_:beforeFlag:)``): a timing's transformed
  /// progress (``Timing``). Every other family ignores the flag.
  ///
  /// - Parameters:
  ///   - p: Input progress, normally in [0, 1].
  ///   - beforeFlag: The flag as Web Animations sets it for the current phase
  ///     and direction.
  /// - Returns: The eased progress; `self(p)` when the flag is unset.
  @inlinable @inline(__always)
  public func callAsFunction(_ p: Double, beforeFlag: Bool) -> Double {
    if case .steps(let steps) = self { return steps.value(p, beforeFlag: beforeFlag) }
    return self(p)
  }

  /// The derivative of the eased progress with respect to progress at `p`:
  /// analytic for every family; the right-hand derivative where the curve
  /// has a kink; 0 on the flat parts of `steps` (their jumps are ignored).
  @inlinable
  public func derivative(_ p: Double) -> Double {
    switch self {
    case .linear: return p.isNaN ? p : 1
    case .penner(let curve, let mode): return curve.derivative(p, mode: mode)
    case .cubicBezier(let curve): return curve.derivative(p)
    case .steps(let steps): return steps.derivative(p)
    case .piecewiseLinear(let curve): return curve.derivative(p)
    case .spring(let spring): return spring.derivative(p)
    }
  }
}
