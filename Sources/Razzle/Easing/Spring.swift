// A damped harmonic oscillator used as a timing curve, in closed form.
//
// m x'' + c x' + k (x − 1) = 0, x(0) = 0, x'(0) = v0. With y = x − 1,
// decay = c / 2m and λ = k/m − decay² (the square of the damped angular
// frequency; negative when overdamped),
//
//   y(t) = e^(−decay t) (−C(t) + (v0 − decay) S(t)),
//
// where C(t) = cos(√λ t), S(t) = sin(√λ t) / √λ when λ > 0; cosh and sinh of
// √−λ t when λ < 0; and C = 1, S = t when λ = 0. C and S are entire functions
// of λ t², so one formula covers all three regimes, and near critical
// damping (small |λ| t²) their Taylor series are used: nothing divides by
// zero and the motion changes continuously through damping ratio 1.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A spring: the step response of a damped harmonic oscillator, usable as an
/// easing.
///
/// The position x(t) obeys `m x'' + c x' + k (x − 1) = 0` with x(0) = 0 and
/// x'(0) = ``initialVelocity`` (in units of the distance to the target per
/// second, positive towards the target), so it starts at 0 and settles at 1.
/// ``position(at:)`` and ``velocity(at:)`` are exact closed forms for under-,
/// critically and overdamped springs.
///
/// As an easing, progress p maps to time `p × settlingDuration` (see
/// ``settlingDuration``).
///
/// Springs are compared by mass, stiffness, damping and initial velocity.
public struct Spring: Sendable, Hashable {
  /// The mass m, positive.
  public let mass: Double
  /// The stiffness k, positive.
  public let stiffness: Double
  /// The damping coefficient c, zero or positive.
  public let damping: Double
  /// The velocity at t = 0, as a fraction of the distance to the target per
  /// second; positive values move towards the target.
  public let initialVelocity: Double

  /// The time after which the spring stays within ``settlingTolerance`` of
  /// its target, in both position and velocity, forever.
  ///
  /// This is the smallest t such that |x(s) − 1| < ε and |x'(s)| < ε for
  /// every s > t, with ε = ``settlingTolerance``: the last time either
  /// quantity reaches ε. It is found without sampling: the local maxima of
  /// |x − 1| and |x'| are the zeros of their derivatives, known in closed
  /// form, and for an underdamped spring successive maxima shrink by the
  /// factor e^(−decay π / ω_d), so the last maximum at or above ε is
  /// computed directly (the envelope argument, applied to the actual
  /// maxima rather than a bound). From that maximum |x − 1| (or |x'|)
  /// decreases until its next zero, and the crossing of ε in between is
  /// refined by bisection to full double precision.
  ///
  /// `+infinity` for an undamped spring (damping 0), which never settles.
  public let settlingDuration: Double

  /// The tolerance ε of ``settlingDuration``, 1e-4: one ten-thousandth of
  /// the distance in position, and of the distance per second in velocity.
  public static let settlingTolerance = 1e-4

  /// `decay` in the closed form: c / 2m.
  @usableFromInline let decay: Double
  /// λ in the closed form: k/m − decay².
  @usableFromInline let lambda: Double

  // MARK: - Creating springs

  /// Creates a spring from its physical parameters.
  ///
  /// - Parameters:
  ///   - mass: The mass m; positive and finite.
  ///   - stiffness: The stiffness k; positive and finite.
  ///   - damping: The damping coefficient c; zero or positive, finite.
  ///   - initialVelocity: The velocity at t = 0 in distances per second;
  ///     finite.
  /// - Throws: ``RazzleError`` of kind `.easing` if a parameter is out of
  ///   range, NaN or infinite.
  /// - Complexity: O(1); computing ``settlingDuration`` takes a few hundred
  ///   evaluations of the closed form at most.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
  ) throws(RazzleError) {
    for (name, value) in [
      ("mass", mass), ("stiffness", stiffness), ("damping", damping),
      ("initialVelocity", initialVelocity),
    ] where !value.isFinite {
      throw RazzleError(.easing, "spring \(name) must be finite, got \(value)")
    }
    if !(mass > 0) { throw RazzleError(.easing, "spring mass must be positive, got \(mass)") }
    if !(stiffness > 0) {
      throw RazzleError(.easing, "spring stiffness must be positive, got \(stiffness)")
    }
    if !(damping >= 0) {
      throw RazzleError(.easing, "spring damping must not be negative, got \(damping)")
    }
    let decay = damping / (2 * mass)
    let lambda = stiffness / mass - decay * decay
    guard decay.isFinite, lambda.isFinite else {
      throw RazzleError(
        .easing,
        "spring parameters out of range: mass \(mass), stiffness \(stiffness), damping \(damping)")
    }
    let unsettled = Spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
      decay: decay, lambda: lambda, settlingDuration: .nan)
    self = Spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
      decay: decay, lambda: lambda, settlingDuration: unsettled.computeSettlingDuration())
  }

  /// Creates a spring from validated parameters and their derived values.
  private init(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, decay: Double,
    lambda: Double, settlingDuration: Double
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.decay = decay
    self.lambda = lambda
    self.settlingDuration = settlingDuration
  }

  /// Creates a spring from a damping ratio and a response time, as
  /// UIKit's `UISpringTimingParameters(dampingRatio:)` and SwiftUI's
  /// `Spring(response:dampingRatio:)` do, with mass 1:
  /// stiffness = (2π / response)², damping = 4π × dampingRatio / response.
  ///
  /// - Parameters:
  ///   - dampingRatio: c / (2√(mk)): 0 undamped, below 1 bouncy, 1 critical,
  ///     above 1 overdamped; zero or positive, finite.
  ///   - response: The period of the undamped oscillation in seconds;
  ///     positive, finite.
  ///   - initialVelocity: The velocity at t = 0 in distances per second.
  /// - Throws: ``RazzleError`` of kind `.easing` if a parameter is out of
  ///   range, NaN or infinite.
  public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0)
    throws(RazzleError)
  {
    if !(dampingRatio >= 0 && dampingRatio.isFinite) {
      throw RazzleError(.easing, "spring dampingRatio must be finite and >= 0, got \(dampingRatio)")
    }
    if !(response > 0 && response.isFinite) {
      throw RazzleError(.easing, "spring response must be finite and positive, got \(response)")
    }
    let angularFrequency = 2 * Double.pi / response
    try self.init(
      mass: 1, stiffness: angularFrequency * angularFrequency,
      damping: 4 * Double.pi * dampingRatio / response, initialVelocity: initialVelocity)
  }

  /// Creates a spring from a perceptual duration and bounce, as SwiftUI's
  /// `Spring(duration:bounce:)` does, with mass 1:
  /// stiffness = (2π / duration)², and damping = 4π (1 − bounce) / duration
  /// for bounce ≥ 0 or 4π / (duration (1 + bounce)) for bounce < 0.
  ///
  /// - Parameters:
  ///   - duration: The perceptual duration in seconds (the undamped period);
  ///     positive, finite. The spring takes longer to settle
  ///     (see ``settlingDuration``).
  ///   - bounce: In (−1, 1): 0 is critically damped, positive values bounce,
  ///     negative values are overdamped.
  ///   - initialVelocity: The velocity at t = 0 in distances per second.
  /// - Throws: ``RazzleError`` of kind `.easing` if a parameter is out of
  ///   range, NaN or infinite.
  public init(duration: Double, bounce: Double = 0, initialVelocity: Double = 0)
    throws(RazzleError)
  {
    if !(duration > 0 && duration.isFinite) {
      throw RazzleError(.easing, "spring duration must be finite and positive, got \(duration)")
    }
    if !(bounce > -1 && bounce < 1) {
      throw RazzleError(.easing, "spring bounce must be in (-1, 1), got \(bounce)")
    }
    let angularFrequency = 2 * Double.pi / duration
    let damping =
      bounce >= 0
      ? 4 * Double.pi * (1 - bounce) / duration
      : 4 * Double.pi / (duration * (1 + bounce))
    try self.init(
      mass: 1, stiffness: angularFrequency * angularFrequency, damping: damping,
      initialVelocity: initialVelocity)
  }

  /// SwiftUI's `.smooth`: no bounce (critically damped).
  ///
  /// - Parameter duration: The perceptual duration in seconds; positive.
  /// - Returns: `Spring(duration: duration, bounce: 0)`.
  /// - Throws: ``RazzleError`` of kind `.easing` for an invalid duration.
  public static func smooth(duration: Double = 0.5) throws(RazzleError) -> Spring {
    try Spring(duration: duration, bounce: SpringPreset.smooth.bounce)
  }

  /// SwiftUI's `.snappy`: a little bounce.
  ///
  /// - Parameter duration: The perceptual duration in seconds; positive.
  /// - Returns: `Spring(duration: duration, bounce: 0.15)`.
  /// - Throws: ``RazzleError`` of kind `.easing` for an invalid duration.
  public static func snappy(duration: Double = 0.5) throws(RazzleError) -> Spring {
    try Spring(duration: duration, bounce: SpringPreset.snappy.bounce)
  }

  /// SwiftUI's `.bouncy`: a visible bounce.
  ///
  /// - Parameter duration: The perceptual duration in seconds; positive.
  /// - Returns: `Spring(duration: duration, bounce: 0.3)`.
  /// - Throws: ``RazzleError`` of kind `.easing` for an invalid duration.
  public static func bouncy(duration: Double = 0.5) throws(RazzleError) -> Spring {
    try Spring(duration: duration, bounce: SpringPreset.bouncy.bounce)
  }

  /// The damping ratio ζ = c / (2√(mk)): below 1 the spring overshoots,
  /// 1 is critical damping, above 1 it creeps towards the target.
  public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

  // MARK: - Equality

  public static func == (lhs: Spring, rhs: Spring) -> Bool {
    lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
      && lhs.initialVelocity == rhs.initialVelocity
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(mass)
    hasher.combine(stiffness)
    hasher.combine(damping)
    hasher.combine(initialVelocity)
  }

  // MARK: - Motion

  /// e^(−decay t) C(t) and e^(−decay t) S(t), the two basis solutions.
  @inlinable
  func basis(_ t: Double) -> (c: Double, s: Double) {
    if t == .infinity && decay > 0 { return (0, 0) }  // at rest, even where cos(∞) is NaN
    let lt2 = lambda * t * t
    if abs(lt2) < 1e-6 {
      // Taylor series in λt²; the first omitted terms are below 2e-21.
      let e = exp(-decay * t)
      let c = 1 + lt2 * (-1.0 / 2 + lt2 / 24)
      let s = t * (1 + lt2 * (-1.0 / 6 + lt2 / 120))
      return (e * c, e * s)
    }
    if lambda > 0 {
      let w = lambda.squareRoot()
      let e = exp(-decay * t)
      let (cosine, sine) = radianCosSin(w * t)
      return (e * cosine, e * sine / w)
    }
    let w = (-lambda).squareRoot()
    let h = w * t
    if abs(h) < 20 {
      let e = exp(-decay * t)
      return (e * cosh(h), e * sinh(h) / w)
    }
    // Split into the two exponential modes so that neither factor overflows.
    // The slow rate −decay + w is computed as −(k/m) / (decay + w), which
    // does not cancel.
    let slow = exp(-(stiffness / mass) / (decay + w) * t)
    let fast = exp(-(decay + w) * t)
    return ((slow + fast) / 2, (slow - fast) / (2 * w))
  }

  /// The position at time `t`: 0 at t = 0, tending to 1.
  ///
  /// - Parameter t: Seconds since the spring was released; normally ≥ 0
  ///   (negative times give the same analytic solution run backwards).
  /// - Returns: x(t); exactly 1 at `t = +infinity` unless the spring is
  ///   undamped, where that is NaN; NaN for a NaN `t`.
  /// - Complexity: O(1).
  @inlinable
  public func position(at t: Double) -> Double {
    let (c, s) = basis(t)
    return 1 - c + (initialVelocity - decay) * s
  }

  /// The velocity at time `t`, in distances per second.
  ///
  /// - Parameter t: Seconds since the spring was released; normally ≥ 0.
  /// - Returns: x'(t); ``initialVelocity`` at t = 0.
  /// - Complexity: O(1).
  @inlinable
  public func velocity(at t: Double) -> Double {
    let (c, s) = basis(t)
    return initialVelocity * c + (lambda - decay * (initialVelocity - decay)) * s
  }

  // MARK: - Easing

  /// The eased progress at `p`: the position at `p × settlingDuration`.
  ///
  /// - Parameter p: Progress through the segment, normally in [0, 1].
  /// - Returns: Exactly 0 for p ≤ 0 and exactly 1 for p ≥ 1 (the spring
  ///   rests before it is released and after it settles; just before p = 1
  ///   the position is within ``settlingTolerance`` of 1). NaN for a NaN `p`,
  ///   and for 0 < p < 1 on an undamped spring, which never settles.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func value(_ p: Double) -> Double {
    // The position at any p, then the rests selected: a branch on p would
    // mispredict on unordered times.
    let x = position(at: p * settlingDuration)
    return p <= 0 ? 0 : (p >= 1 ? 1 : x)
  }

  /// The derivative of ``value(_:)`` with respect to `p`:
  /// `velocity(at: p × settlingDuration) × settlingDuration`.
  ///
  /// - Parameter p: Progress through the segment.
  /// - Returns: For 0 ≤ p < 1 the scaled velocity (at p = 0, the right-hand
  ///   derivative `initialVelocity × settlingDuration`). 0 for p < 0 and for
  ///   p ≥ 1, matching ``value(_:)``, which holds 1 from p = 1 on: the
  ///   right-hand derivative at p = 1. (The left-hand limit there is below
  ///   `settlingTolerance × settlingDuration` in magnitude.) NaN for a NaN
  ///   `p`.
  /// - Complexity: O(1).
  @inlinable
  public func derivative(_ p: Double) -> Double {
    if p < 0 || p >= 1 { return 0 }
    if !(p >= 0) { return p }  // NaN
    return velocity(at: p * settlingDuration) * settlingDuration
  }

  // MARK: - Settling

  /// A solution `e^(−decay t) (p C(t) + q S(t))`: the displacement y = x − 1,
  /// the velocity, or the acceleration.
  private struct Mode {
    var p: Double
    var q: Double
  }

  /// The displacement x − 1 as a ``Mode``.
  private var displacement: Mode { Mode(p: -1, q: initialVelocity - decay) }

  /// The time derivative of `mode`, using C' = −λS and S' = C.
  private func timeDerivative(of mode: Mode) -> Mode {
    Mode(p: mode.q - decay * mode.p, q: -lambda * mode.p - decay * mode.q)
  }

  /// The value of `mode` at `t`.
  private func evaluate(_ mode: Mode, at t: Double) -> Double {
    let (c, s) = basis(t)
    return mode.p * c + mode.q * s
  }

  /// The smallest t > 0 where `mode` is zero, or nil if there is none.
  ///
  /// The zeros solve S(t)/C(t) = −p/q: tan(√λ t)/√λ for λ > 0, t for λ = 0,
  /// and tanh(√−λ t)/√−λ (increasing, below 1/√−λ) for λ < 0.
  private func firstZero(of mode: Mode) -> Double? {
    let (p, q) = (mode.p, mode.q)
    if p == 0 && q == 0 { return nil }
    if lambda > 0 {
      let w = lambda.squareRoot()
      if q == 0 { return Double.pi / 2 / w }
      let theta = atan(-p / q * w)
      return theta > 0 ? theta / w : (theta + Double.pi) / w
    }
    if q == 0 { return nil }  // p C(t) with C > 0, or p = 0 only at t = 0
    let ratio = -p / q
    if !(ratio > 0) { return nil }
    if lambda == 0 { return ratio }
    let w = (-lambda).squareRoot()
    let x = ratio * w
    return x < 1 ? atanh(x) / w : nil
  }

  /// The time after which |x − 1| and |x'| stay below the tolerance.
  private func computeSettlingDuration() -> Double {
    if decay == 0 { return .infinity }
    let y = displacement
    let v = timeDerivative(of: y)
    return Swift.max(lastExcursion(of: y), lastExcursion(of: v))
  }

  /// sup { t ≥ 0 : |mode(t)| ≥ ε }, or 0 if |mode| < ε throughout.
  ///
  /// The local maxima of |mode| are at t = 0 and at the zeros of its
  /// derivative; between a maximum and the next zero of the mode (or of its
  /// derivative) |mode| is monotone, which brackets the last crossing.
  private func lastExcursion(of mode: Mode) -> Double {
    let epsilon = Spring.settlingTolerance
    let slope = timeDerivative(of: mode)
    let firstPeak = firstZero(of: slope)
    let firstRoot = firstZero(of: mode)
    let magnitude = { (t: Double) in abs(self.evaluate(mode, at: t)) }

    if lambda > 0 {
      // Underdamped: maxima at firstPeak + kπ/w, each e^(−decay π/w) times
      // the one before; zeros of the mode every π/w as well.
      let w = lambda.squareRoot()
      let period = Double.pi / w
      if let firstPeak, let firstRoot, magnitude(firstPeak) >= epsilon {
        let shrink = decay * period  // ln of the ratio of successive maxima
        var k = (log(magnitude(firstPeak) / epsilon) / shrink).rounded(.down)
        // Correct the rounding of k against the actual maxima.
        for _ in 0..<4 where k > 0 && magnitude(firstPeak + k * period) < epsilon { k -= 1 }
        for _ in 0..<4 where magnitude(firstPeak + (k + 1) * period) >= epsilon { k += 1 }
        let peak = firstPeak + k * period
        guard peak.isFinite else { return .infinity }  // damping too small to settle
        var gap = (firstRoot - firstPeak).truncatingRemainder(dividingBy: period)
        if gap <= 0 { gap += period }
        return crossing(of: magnitude, from: peak, to: peak + gap)
      }
      guard magnitude(0) >= epsilon else { return 0 }
      return crossing(
        of: magnitude, from: 0, to: Swift.min(firstRoot ?? period, firstPeak ?? period))
    }

    // Critically or overdamped: at most one zero of the mode and one of its
    // derivative, and |mode| decreases to 0 after the last of them.
    let start: Double
    if let firstPeak, magnitude(firstPeak) >= epsilon {
      start = firstPeak
    } else if magnitude(0) >= epsilon {
      start = 0
      let end = [firstRoot, firstPeak].compactMap { $0 }.min()
      if let end { return crossing(of: magnitude, from: 0, to: end) }
    } else {
      return 0
    }
    // |mode| decreases from `start` on; find an end below ε by doubling a
    // step of the slowest time constant, 1 / |−decay + √−λ|.
    let slowRate = (stiffness / mass) / (decay + (-lambda).squareRoot())
    var step = 1 / slowRate
    var end = start + step
    while magnitude(end) >= epsilon && end.isFinite {
      step *= 2
      end = start + step
    }
    return crossing(of: magnitude, from: start, to: end)
  }

  /// The point in [low, high] where a monotone `f` falls below the
  /// tolerance, given f(low) ≥ ε > f(high), by bisection to the last bit.
  private func crossing(of f: (Double) -> Double, from low: Double, to high: Double) -> Double {
    var low = low
    var high = high
    for _ in 0..<200 {
      let middle = low + (high - low) / 2
      if middle <= low || middle >= high { break }
      if f(middle) >= Spring.settlingTolerance { low = middle } else { high = middle }
    }
    return high
  }
}
