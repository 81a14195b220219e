/// An easing in the form the batch kernels evaluate: small, with no
/// references, so reading one per sample costs a load, not a copy of an
/// ``Easing`` with its larger payloads.
@usableFromInline
enum EasingKernel: Sendable {
  case identity
  case penner(PennerCurve, EasingMode)
  /// The style's entry in the pool's `beziers` and `guesses`.
  case cubicBezier
  /// Any other family: evaluate the style's ``Easing``.
  case general

  init(_ easing: Easing) {
    switch easing {
    case .linear: self = .identity
    case .penner(let curve, let mode): self = .penner(curve, mode)
    case .cubicBezier: self = .cubicBezier
    case .steps, .piecewiseLinear, .spring: self = .general
    }
  }
}
