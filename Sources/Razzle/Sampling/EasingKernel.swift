/// An easing in the form the batch kernels evaluate: small, with no
/// references, so reading one per sample costs a load, not a copy of an
/// ``Easing`` with its larger payloads.
@usableFromInline
enum EasingKernel: Sendable, Equatable {
  case identity
  case penner(PennerCurve, EasingMode)
  /// A cubic Bézier: its slot in the pool's `beziers` and `inverses`.
  case cubicBezier(table: UInt32)
  /// Any other family: evaluate the style's ``Easing``.
  case general

  /// The kernel form of `easing`; a cubic Bézier is `.general` here, and the
  /// ``StylePool`` that gives it a table slot makes it `.cubicBezier`.
  init(_ easing: Easing) {
    switch easing {
    case .linear: self = .identity
    case .penner(let curve, let mode): self = .penner(curve, mode)
    case .cubicBezier, .steps, .piecewiseLinear, .spring: self = .general
    }
  }
}
