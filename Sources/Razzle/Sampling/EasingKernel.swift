/// An easing in the form the batch kernels evaluate: small, with no
/// references, so reading one per sample costs a load, not a copy of an
/// ``Easing`` with its larger payloads, and with the constants an edit can
/// compute (elastic's phase shift, its `asin`) computed when the style is
/// interned.
@usableFromInline
enum EasingKernel: Sendable, Equatable {
  case identity
  /// A Penner family other than elastic.
  case penner(PennerCurve, EasingMode)
  /// Penner's elastic with its shape resolved for the mode.
  case elastic(PennerElastic, EasingMode)
  /// A cubic Bézier: its slot in the pool's `beziers` and `inverses`.
  case cubicBezier(table: UInt32)
  case steps(Steps)
  case spring(Spring)
  /// `linear(…)`, whose points are an array: evaluate the style's
  /// ``Easing`` (a batch of one style holds the points once instead).
  case general

  /// The kernel form of `easing`; a cubic Bézier is `.general` here, and the
  /// ``StylePool`` that gives it a table slot makes it `.cubicBezier`.
  init(_ easing: Easing) {
    switch easing {
    case .linear: self = .identity
    case .penner(.elastic(let amplitude, let period), let mode):
      self = .elastic(PennerElastic(amplitude: amplitude, period: period, mode: mode), mode)
    case .penner(let curve, let mode): self = .penner(curve, mode)
    case .steps(let steps): self = .steps(steps)
    case .spring(let spring): self = .spring(spring)
    case .cubicBezier, .piecewiseLinear: self = .general
    }
  }
}
