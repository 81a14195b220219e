// Penner's families as small value types: each family's ease-in (and, for
// elastic and bounce, ease-out) formula with its parameters resolved when
// the easing is made, so that the batch kernels are specialized for one
// family and evaluate no switch, no `asin` and no copy of an ``Easing`` per
// sample. ``PennerCurve/value(_:mode:)`` evaluates through the same types,
// so single samples and batches compute the same arithmetic.
//
// The forms avoid branches on the data: where a formula has cases (the two
// halves of an in-out curve, the bounce arcs, the pinned ends) every case is
// computed and one selected, since a branch there mispredicts on unordered
// times. The transcendentals avoid libm (expo's and elastic's 2^x through
// `binaryExponential`, elastic's sine through `radianCosSin`), so a sample
// makes no call and every route gets the same bits.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One of Penner's families with its parameters resolved.
@usableFromInline
protocol PennerForm: Sendable {
  /// The ease-in curve at `p`.
  func easeIn(_ p: Double) -> Double
  /// The ease-out curve at `p`.
  func easeOut(_ p: Double) -> Double
  /// The in-out curve at `p`.
  func easeInOut(_ p: Double) -> Double
}

extension PennerForm {
  /// The reflection `1 − in(1 − p)` (every family but elastic and bounce).
  @inlinable @inline(__always)
  func easeOut(_ p: Double) -> Double { 1 - easeIn(1 - p) }

  /// The in-out form whose second half is the point reflection of the
  /// first: in(2p)/2 below p = 1/2, 1 − in(2 − 2p)/2 from there; one
  /// evaluation of the in curve at the selected argument.
  @inlinable @inline(__always)
  func easeInOut(_ p: Double) -> Double {
    let low = p < 0.5
    let e = easeIn(low ? 2 * p : 2 - 2 * p)
    return low ? e / 2 : 1 - e / 2
  }

  /// The eased progress at `p` in `mode`: exactly `p` at 0 and 1.
  @inlinable @inline(__always)
  func value(_ p: Double, mode: EasingMode) -> Double {
    let v: Double
    switch mode {
    case .easeIn: v = easeIn(p)
    case .easeOut: v = easeOut(p)
    case .easeInOut: v = easeInOut(p)
    }
    return p == 0 || p == 1 ? p : v
  }
}

@usableFromInline
struct PennerSine: PennerForm {
  @inlinable init() {}
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { 1 - quarterTurnCosine(p) }
}

/// cos(p · π/2) without libm for |p| ≤ 1e15: p = n + f with n the nearest
/// integer (exact), then fdlibm's kernels at f · π/2 in [−π/4, π/4] and
/// quadrant n (``cosSinInQuadrant(_:_:)``, within 1.1e-16 of the exact
/// value). Exactly 1 at p = 0 and 0 at p = 1. Pure additions and
/// multiplications, inlined, so the batch kernels' loops keep no call per
/// sample; libm's `cos` beyond 1e15 and for ±∞ and NaN (NaN).
///
/// - Parameter p: Progress; any number.
/// - Returns: cos(p · π/2).
@inlinable @inline(__always)
func quarterTurnCosine(_ p: Double) -> Double {
  guard abs(p) <= 1e15 else { return cos(p * Double.pi / 2) }
  // Adding 1.5 · 2⁵² rounds p to an integer n (ties to even) and leaves
  // n's low bits at the bottom of the significand: the quadrant.
  let magic = 6_755_399_441_055_744.0
  let shifted = p + magic
  let n = shifted - magic
  return cosSinInQuadrant((p - n) * (Double.pi / 2), shifted.bitPattern & 3).cos
}

@usableFromInline
struct PennerQuad: PennerForm {
  @inlinable init() {}
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { p * p }
}

@usableFromInline
struct PennerCubic: PennerForm {
  @inlinable init() {}
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { p * p * p }
}

@usableFromInline
struct PennerQuart: PennerForm {
  @inlinable init() {}
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { p * p * p * p }
}

@usableFromInline
struct PennerQuint: PennerForm {
  @inlinable init() {}
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { p * p * p * p * p }
}

@usableFromInline
struct PennerExpo: PennerForm {
  @inlinable init() {}
  /// 2^(10p − 10), and exactly 0 at p = 0.
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double {
    let v = binaryExponential(10 * p - 10)
    return p == 0 ? 0 : v
  }
}

@usableFromInline
struct PennerCirc: PennerForm {
  @inlinable init() {}
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { 1 - (1 - p * p).squareRoot() }
}

/// `back` with its overshoot: Penner's in-out uses 1.525 times the given
/// one.
@usableFromInline
struct PennerBack: PennerForm {
  @usableFromInline let s: Double

  /// The family for `mode`, with the overshoot Penner uses in it.
  @inlinable init(_ overshoot: Double, mode: EasingMode) {
    s = mode == .easeInOut ? overshoot * 1.525 : overshoot
  }

  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { p * p * ((s + 1) * p - s) }
}

/// `elastic` with Penner's effective amplitude, phase shift and angular
/// frequency, computed once (the `asin` of the shift among them).
@usableFromInline
struct PennerElastic: PennerForm, Equatable {
  @usableFromInline let amplitude: Double
  @usableFromInline let shift: Double
  /// 2π / period.
  @usableFromInline let frequency: Double

  /// The family for `mode`: the period defaults to 0.3, or 0.45 in-out
  /// (Penner's defaults); amplitudes below 1 are raised to 1 with the
  /// quarter-period shift.
  @inlinable init(amplitude: Double, period: Double?, mode: EasingMode) {
    let per = period ?? (mode == .easeInOut ? 0.45 : 0.3)
    let (a, shift, _) = PennerCurve.elastic(amplitude: amplitude, period: per).elasticShape
    self.amplitude = a
    self.shift = shift
    frequency = 2 * Double.pi / per
  }

  /// −a 2^(10q) sin((q − shift) ω) with q = p − 1; exactly 0 and 1 at the
  /// ends.
  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double {
    let q = p - 1
    let v = -(amplitude * binaryExponential(10 * q) * radianCosSin((q - shift) * frequency).sin)
    return p == 0 ? 0 : (p == 1 ? 1 : v)
  }

  /// Penner's explicit ease-out, a 2^(−10p) sin((p − shift) ω) + 1 (not
  /// the reflection of ease-in when the amplitude exceeds 1).
  @inlinable @inline(__always)
  func easeOut(_ p: Double) -> Double {
    let v = amplitude * binaryExponential(-10 * p) * radianCosSin((p - shift) * frequency).sin + 1
    return p == 0 ? 0 : (p == 1 ? 1 : v)
  }

  /// Penner's in-out elastic: in(2p)/2, then out(2p − 1)/2 + 1/2. Both
  /// halves share the sine's argument (q = 2p − 1) and the exponent up to
  /// its sign, so one exponential and one sine serve both.
  @inlinable @inline(__always)
  func easeInOut(_ p: Double) -> Double {
    let low = p < 0.5
    let q = 2 * p - 1
    let grow = binaryExponential(low ? 10 * q : -10 * q)
    let wave = amplitude * grow * radianCosSin((q - shift) * frequency).sin
    // The out half's pinned start: out(0) = 0, so the value 1/2 at p = 1/2.
    return low ? -wave / 2 : (q == 0 ? 0.5 : (wave + 1) / 2 + 0.5)
  }
}

@usableFromInline
struct PennerBounce: PennerForm {
  @inlinable init() {}

  @inlinable @inline(__always)
  func easeIn(_ p: Double) -> Double { 1 - PennerCurve.bounceOut(1 - p) }

  @inlinable @inline(__always)
  func easeOut(_ p: Double) -> Double { PennerCurve.bounceOut(p) }

  /// in(2p)/2, then out(2p − 1)/2 + 1/2, through one `bounceOut`.
  @inlinable @inline(__always)
  func easeInOut(_ p: Double) -> Double {
    let low = p < 0.5
    let b = PennerCurve.bounceOut(low ? 1 - 2 * p : 2 * p - 1)
    return low ? (1 - b) / 2 : b / 2 + 0.5
  }
}
