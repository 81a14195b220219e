// Robert Penner's easing equations, normalized to progress p in [0, 1].
//
// The formulas are Penner's (the same ones easings.net lists). Where an
// algebraically equal form is exact for dyadic inputs (the bounce segments,
// written as expanded quadratics) that form is used, so that the published
// test values come out exactly.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shape of one of Penner's easing families.
///
/// `back` and `elastic` carry Penner's parameters; the defaults are his.
public enum PennerCurve: Sendable, Hashable {
  case sine
  case quad
  case cubic
  case quart
  case quint
  case expo
  case circ
  /// Overshoot `s` (Penner's default 1.70158). `easeInOutBack` scales it by
  /// 1.525, as Penner does.
  case back(overshoot: Double)
  /// Amplitude `a` (values below 1 are raised to 1, as Penner does) and
  /// period (Penner's default 0.3; `easeInOutElastic` defaults to 0.45).
  case elastic(amplitude: Double, period: Double?)
  case bounce

  /// Penner's default overshoot for the `back` family.
  public static let defaultOvershoot = 1.70158
}

/// Which end of the curve the easing applies to.
public enum EasingMode: Sendable, Hashable, CaseIterable {
  case easeIn
  case easeOut
  case easeInOut
}

extension PennerCurve {
  /// The eased progress for `p` in `mode`.
  ///
  /// Every curve maps 0 to 0 and 1 to 1 exactly. Penner's formulas miss the
  /// ends by an ulp in places (`1 − cos(π/2)`, the back curves'
  /// `(s + 1) − s`), so the ends are returned as such rather than computed.
  ///
  /// The arithmetic is the family's ``PennerForm`` form, which the batch
  /// kernels evaluate directly (with elastic's phase shift computed once):
  /// a value does not depend on the route.
  @inlinable @inline(__always)
  public func value(_ p: Double, mode: EasingMode) -> Double {
    switch self {
    case .sine: return PennerSine().value(p, mode: mode)
    case .quad: return PennerQuad().value(p, mode: mode)
    case .cubic: return PennerCubic().value(p, mode: mode)
    case .quart: return PennerQuart().value(p, mode: mode)
    case .quint: return PennerQuint().value(p, mode: mode)
    case .expo: return PennerExpo().value(p, mode: mode)
    case .circ: return PennerCirc().value(p, mode: mode)
    case .back(let s): return PennerBack(s, mode: mode).value(p, mode: mode)
    case .elastic(let a, let period):
      return PennerElastic(amplitude: a, period: period, mode: mode).value(p, mode: mode)
    case .bounce: return PennerBounce().value(p, mode: mode)
    }
  }

  /// Penner's effective amplitude, phase shift and period for `elastic`.
  @inlinable
  var elasticShape: (amplitude: Double, shift: Double, period: Double) {
    guard case .elastic(let amplitude, let period) = self else { return (1, 0, 1) }
    let per = period ?? 0.3
    if amplitude < 1 { return (1, per / 4, per) }
    return (amplitude, per / (2 * Double.pi) * asin(1 / amplitude), per)
  }

  /// Penner's easeOutBounce: four parabolic arcs. Each arc
  /// `7.5625 (p - c)² + k` is expanded so that dyadic inputs stay exact.
  /// All four are computed and one is selected: a branch per arc would
  /// mispredict on unordered times.
  @inlinable @inline(__always)
  static func bounceOut(_ p: Double) -> Double {
    let a = 7.5625 * p * p
    let b = (7.5625 * p - 8.25) * p + 3
    let c = (7.5625 * p - 12.375) * p + 6
    let d = (7.5625 * p - 14.4375) * p + 7.875
    return p < 1 / 2.75 ? a : (p < 2 / 2.75 ? b : (p < 2.5 / 2.75 ? c : d))
  }

  // MARK: - Derivatives

  /// The derivative of ``value(_:mode:)`` with respect to `p`.
  ///
  /// Analytic, from the same formulas; at the exponential curves' ends, where
  /// the value is pinned to 0 or 1 and so jumps by 2⁻¹⁰, the formula's
  /// one-sided derivative is returned. `easeInCirc` is vertical at 1
  /// (`+infinity`).
  @inlinable
  public func derivative(_ p: Double, mode: EasingMode) -> Double {
    switch mode {
    case .easeIn: return easeInDerivative(p)
    case .easeOut: return easeOutDerivative(p)
    case .easeInOut:
      switch self {
      case .back(let s):
        return PennerCurve.back(overshoot: s * 1.525).reflectedInOutDerivative(p)
      case .elastic(let a, let period):
        return PennerCurve.elastic(amplitude: a, period: period ?? 0.45).joinedInOutDerivative(p)
      case .bounce:
        return joinedInOutDerivative(p)
      default:
        return reflectedInOutDerivative(p)
      }
    }
  }

  @inlinable
  func reflectedInOutDerivative(_ p: Double) -> Double {
    p < 0.5 ? easeInDerivative(2 * p) : easeInDerivative(2 - 2 * p)
  }

  @inlinable
  func joinedInOutDerivative(_ p: Double) -> Double {
    p < 0.5 ? easeInDerivative(2 * p) : easeOutDerivative(2 * p - 1)
  }

  @inlinable
  func easeOutDerivative(_ p: Double) -> Double {
    switch self {
    case .bounce: return PennerCurve.bounceOutDerivative(p)
    case .elastic:
      let (a, shift, period) = elasticShape
      let k = 2 * Double.pi / period
      let theta = (p - shift) * k
      let decay = pow(2, -10 * p)
      return a * decay * (k * cos(theta) - 10 * PennerCurve.logTwo * sin(theta))
    default:
      return easeInDerivative(1 - p)
    }
  }

  @inlinable
  func easeInDerivative(_ p: Double) -> Double {
    switch self {
    case .sine: return Double.pi / 2 * sin(p * Double.pi / 2)
    case .quad: return 2 * p
    case .cubic: return 3 * p * p
    case .quart: return 4 * p * p * p
    case .quint: return 5 * p * p * p * p
    case .expo: return 10 * PennerCurve.logTwo * pow(2, 10 * p - 10)
    case .circ: return p / (1 - p * p).squareRoot()
    case .back(let s): return p * (3 * (s + 1) * p - 2 * s)
    case .elastic:
      let (a, shift, period) = elasticShape
      let k = 2 * Double.pi / period
      let q = p - 1
      let theta = (q - shift) * k
      let growth = pow(2, 10 * q)
      return -a * growth * (10 * PennerCurve.logTwo * sin(theta) + k * cos(theta))
    case .bounce: return PennerCurve.bounceOutDerivative(1 - p)
    }
  }

  /// The derivative of ``bounceOut(_:)``, arc by arc.
  @inlinable
  static func bounceOutDerivative(_ p: Double) -> Double {
    if p < 1 / 2.75 { return 15.125 * p }
    if p < 2 / 2.75 { return 15.125 * p - 8.25 }
    if p < 2.5 / 2.75 { return 15.125 * p - 12.375 }
    return 15.125 * p - 14.4375
  }

  @usableFromInline
  static let logTwo = 0.693_147_180_559_945_309_417_232_121_458_176_568
}
