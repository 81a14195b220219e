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
  @inlinable @inline(__always)
  public func value(_ p: Double, mode: EasingMode) -> Double {
    if p == 0 || p == 1 { return p }
    switch mode {
    case .easeIn: return easeIn(p)
    case .easeOut: return easeOut(p)
    case .easeInOut:
      switch self {
      case .back(let s):
        // Penner's InOut back uses a larger overshoot than In/Out.
        return PennerCurve.back(overshoot: s * 1.525).reflectedInOut(p)
      case .elastic(let a, let period):
        return PennerCurve.elastic(amplitude: a, period: period ?? 0.45).joinedInOut(p)
      case .bounce:
        return joinedInOut(p)
      default:
        return reflectedInOut(p)
      }
    }
  }

  /// The in-out form whose second half is the point reflection of the first.
  @inlinable @inline(__always)
  func reflectedInOut(_ p: Double) -> Double {
    // Both halves, then a select: a branch on p < 0.5 mispredicts half the
    // time when a batch samples unordered times.
    let first = easeIn(2 * p) / 2
    let second = 1 - easeIn(2 - 2 * p) / 2
    return p < 0.5 ? first : second
  }

  /// The in-out form made of the in curve and then the out curve, each
  /// compressed to half the time (Penner's InOut elastic and bounce).
  @inlinable @inline(__always)
  func joinedInOut(_ p: Double) -> Double {
    if p < 0.5 { return easeIn(2 * p) / 2 }
    return easeOut(2 * p - 1) / 2 + 0.5
  }

  /// The ease-out form: Penner's explicit formula for elastic and bounce
  /// (his elastic out is not the reflection of elastic in when the amplitude
  /// exceeds 1); the reflection `1 − in(1 − p)` for the others.
  @inlinable @inline(__always)
  func easeOut(_ p: Double) -> Double {
    switch self {
    case .bounce: return PennerCurve.bounceOut(p)
    case .elastic:
      if p == 0 { return 0 }
      if p == 1 { return 1 }
      let (a, shift, period) = elasticShape
      return a * pow(2, -10 * p) * sin((p - shift) * (2 * Double.pi) / period) + 1
    default:
      return 1 - easeIn(1 - p)
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

  /// The ease-in form of each curve.
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double {
    switch self {
    case .sine: return 1 - cos(p * Double.pi / 2)
    case .quad: return p * p
    case .cubic: return p * p * p
    case .quart: return p * p * p * p
    case .quint: return p * p * p * p * p
    case .expo: return p == 0 ? 0 : pow(2, 10 * p - 10)
    case .circ: return 1 - (1 - p * p).squareRoot()
    case .back(let s): return p * p * ((s + 1) * p - s)
    case .elastic:
      if p == 0 { return 0 }
      if p == 1 { return 1 }
      let (a, shift, period) = elasticShape
      let q = p - 1
      return -(a * pow(2, 10 * q) * sin((q - shift) * (2 * Double.pi) / period))
    case .bounce: return 1 - PennerCurve.bounceOut(1 - p)
    }
  }

  /// Penner's easeOutBounce: four parabolic arcs. Each arc
  /// `7.5625 (p - c)² + k` is expanded so that dyadic inputs stay exact.
  @inlinable
  static func bounceOut(_ p: Double) -> Double {
    if p < 1 / 2.75 { return 7.5625 * p * p }
    if p < 2 / 2.75 { return (7.5625 * p - 8.25) * p + 3 }
    if p < 2.5 / 2.75 { return (7.5625 * p - 12.375) * p + 6 }
    return (7.5625 * p - 14.4375) * p + 7.875
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
