/// A timing curve: maps a segment's linear progress p in [0, 1] to eased
/// progress.
///
/// An easing is attached to a keyframe and shapes the segment that starts at
/// that keyframe (RazzleDazzle's rule). Easings are parsed from strings once,
/// when a keyframe is set (see ``Easing/init(parsing:)``), and are plain values
/// afterwards, so evaluating one costs a switch and the curve's arithmetic.
///
/// New families (cubic-bezier, steps, piecewise-linear, springs) are added as
/// new cases with their own payload types; `Easing` values are compared by
/// their parameters.
public enum Easing: Sendable, Hashable {
  /// The identity: eased progress equals progress.
  case linear
  /// One of Robert Penner's curves in one of the three modes.
  case penner(PennerCurve, EasingMode)

  /// The eased progress at `p`.
  ///
  /// - Parameter p: Progress through the segment, normally in [0, 1].
  /// - Returns: The eased progress; 0 at p = 0 and 1 at p = 1 for every
  ///   curve. Curves such as `back` and `elastic` leave [0, 1] in between.
  @inlinable
  public func callAsFunction(_ p: Double) -> Double {
    switch self {
    case .linear: return p
    case .penner(let curve, let mode): return curve.value(p, mode: mode)
    }
  }
}
