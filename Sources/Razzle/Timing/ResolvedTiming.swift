// Web Animations Level 1's procedures from local time to transformed
// progress, step by step as the spec writes them, for one timing whose
// iteration duration and animation direction are known.
//
// https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
// https://drafts.csswg.org/web-animations-1/#core-animation-effect-calculations
// https://drafts.csswg.org/web-animations-1/#time-transformations

/// A timing with its iteration duration resolved (the intrinsic duration
/// put in for `auto`) and the direction time runs in: the numbers every
/// sample reads, derived once. Single and batch computations sample through
/// the same ``sample(_:)``, so they agree bit for bit.
@usableFromInline
struct ResolvedTiming: @unchecked Sendable {
  @usableFromInline let delay: Double
  @usableFromInline let iterationDuration: Double
  @usableFromInline let iterations: Double
  @usableFromInline let iterationStart: Double
  @usableFromInline let activeDuration: Double
  @usableFromInline let endTime: Double
  /// max(min(delay, end time), 0).
  @usableFromInline let beforeActiveBoundary: Double
  /// max(min(delay + active duration, end time), 0).
  @usableFromInline let activeAfterBoundary: Double
  @usableFromInline let direction: PlaybackDirection
  @usableFromInline let fillsBackwards: Bool
  @usableFromInline let fillsForwards: Bool
  @usableFromInline let backwards: Bool
  @usableFromInline let form: TimingEasing.Form
  /// A cubic Bézier's inverse table; `owner` keeps it alive.
  @usableFromInline let inverse: UnsafePointer<Double>?
  let owner: TimingEasing.InverseTable?
  @usableFromInline let easing: Easing

  /// Resolves `timing` for a node of intrinsic duration `intrinsicDuration`
  /// sampled with time running in `animationDirection`; a fill of `auto`
  /// means `autoFill` (`none` for a single timing or a clip, `both` for a
  /// group).
  init(
    _ timing: Timing, intrinsicDuration: Double, animationDirection: AnimationDirection,
    autoFill: FillMode = .none
  ) {
    delay = timing.delay
    iterationDuration = timing.iterationDuration(intrinsicDuration: intrinsicDuration)
    iterations = timing.iterations
    iterationStart = timing.iterationStart
    activeDuration = Self.activeDuration(iterationDuration, iterations)
    endTime = Self.endTime(timing.delay, activeDuration, timing.endDelay)
    beforeActiveBoundary = Self.maximum(Self.minimum(delay, endTime), 0)
    activeAfterBoundary = Self.maximum(Self.minimum(delay + activeDuration, endTime), 0)
    direction = timing.direction
    let fill = timing.fill == .auto ? autoFill : timing.fill
    fillsBackwards = fill.fillsBackwards
    fillsForwards = fill.fillsForwards
    backwards = animationDirection == .backwards
    form = timing.kernel.form
    owner = timing.kernel.inverse
    inverse = owner.map { UnsafePointer($0.base) }
    easing = timing.easing
  }

  /// iteration duration × iteration count, or 0 if either is 0 (the spec's
  /// rule for 0 × ∞).
  static func activeDuration(_ iterationDuration: Double, _ iterations: Double) -> Double {
    iterationDuration == 0 || iterations == 0 ? 0 : iterationDuration * iterations
  }

  /// max(start delay + active duration + end delay, 0).
  static func endTime(_ delay: Double, _ activeDuration: Double, _ endDelay: Double) -> Double {
    maximum(delay + activeDuration + endDelay, 0)
  }

  /// ECMAScript's `Math.max` (the spec's `max`): NaN if either is NaN, +0
  /// over −0.
  @inlinable @inline(__always)
  static func maximum(_ a: Double, _ b: Double) -> Double {
    if a.isNaN || b.isNaN { return .nan }
    if a == b { return a.sign == .plus ? a : b }
    return a > b ? a : b
  }

  /// ECMAScript's `Math.min`: NaN if either is NaN, −0 under +0.
  @inlinable @inline(__always)
  static func minimum(_ a: Double, _ b: Double) -> Double {
    if a.isNaN || b.isNaN { return .nan }
    if a == b { return a.sign == .minus ? a : b }
    return a < b ? a : b
  }

  /// x % 1 as ECMAScript (and C's `fmod`) computes it, without the library
  /// call: x − trunc(x) is exact for a finite x, and the remainder takes
  /// the sign of x (−0 for a negative whole number); NaN for ±∞ and NaN.
  @inlinable @inline(__always)
  static func remainderOfOne(_ x: Double) -> Double {
    Double(signOf: x, magnitudeOf: x - x.rounded(.towardZero))
  }

  /// The computed timing at local time `t`, unresolved values as NaN.
  @inlinable @inline(__always)
  func sample(_ t: Double) -> TimingSample {
    // The phase (a NaN local time has none).
    guard !t.isNaN else { return TimingSample(phase: .idle) }
    let phase: TimingPhase
    if t < beforeActiveBoundary || (backwards && t == beforeActiveBoundary) {
      phase = .before
    } else if t > activeAfterBoundary || (!backwards && t == activeAfterBoundary) {
      phase = .after
    } else {
      phase = .active
    }
    // The active time.
    let activeTime: Double
    switch phase {
    case .before:
      guard fillsBackwards else { return TimingSample(phase: phase) }
      activeTime = Self.maximum(t - delay, 0)
    case .after:
      guard fillsForwards else { return TimingSample(phase: phase) }
      activeTime = Self.maximum(Self.minimum(t - delay, activeDuration), 0)
    default:
      activeTime = t - delay
    }
    // The overall progress.
    var overall: Double
    if iterationDuration == 0 {
      overall = phase == .before ? 0 : iterations
    } else {
      overall = activeTime / iterationDuration
    }
    overall = overall + iterationStart
    // The simple iteration progress.
    var simple = Self.remainderOfOne(overall.isInfinite ? iterationStart : overall)
    if simple == 0 && phase != .before && activeTime == activeDuration && iterations != 0 {
      simple = 1
    }
    // The current iteration.
    let iteration: Double
    if phase == .after && iterations == .infinity {
      iteration = .infinity
    } else if simple == 1 {
      iteration = overall.rounded(.down) - 1
    } else {
      iteration = overall.rounded(.down)
    }
    // The directed progress.
    let forwards: Bool
    switch direction {
    case .normal: forwards = true
    case .reverse: forwards = false
    case .alternate, .alternateReverse:
      let d = direction == .alternateReverse ? iteration + 1 : iteration
      // d % 2 == 0 for a whole number d: d / 2 is whole (exact: d × 0.5).
      forwards = d.isInfinite || (d * 0.5).rounded(.towardZero) == d * 0.5
    }
    let directed = forwards ? simple : 1 - simple
    // The transformed progress, with the before flag.
    let beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)
    return TimingSample(
      phase: phase, activeTime: activeTime, overallProgress: overall,
      simpleIterationProgress: simple, currentIteration: iteration, directedProgress: directed,
      transformedProgress: eased(directed, beforeFlag: beforeFlag), reversed: !forwards)
  }

  /// `easing(p, beforeFlag:)`, evaluated from the kernel form.
  @inlinable @inline(__always)
  func eased(_ p: Double, beforeFlag: Bool) -> Double {
    switch form {
    case .identity: return p
    case .penner(let curve, let mode): return curve.value(p, mode: mode)
    case .steps(let steps): return steps.value(p, beforeFlag: beforeFlag)
    case .cubicBezier(let curve): return curve.value(p, inverse: inverse.unsafelyUnwrapped)
    case .general: return easing(p, beforeFlag: beforeFlag)
    }
  }
}

/// One sample of ``ResolvedTiming``: the phase and the spec's values, NaN
/// where they are unresolved.
@usableFromInline
struct TimingSample: Sendable {
  @usableFromInline var phase: TimingPhase
  @usableFromInline var activeTime: Double
  @usableFromInline var overallProgress: Double
  @usableFromInline var simpleIterationProgress: Double
  @usableFromInline var currentIteration: Double
  @usableFromInline var directedProgress: Double
  @usableFromInline var transformedProgress: Double
  /// Whether the current iteration plays backwards (its directed progress
  /// is 1 − the simple one); false without an effect.
  @usableFromInline var reversed: Bool

  /// A sample with no effect: every value unresolved.
  @inlinable
  init(phase: TimingPhase) {
    self.init(
      phase: phase, activeTime: .nan, overallProgress: .nan, simpleIterationProgress: .nan,
      currentIteration: .nan, directedProgress: .nan, transformedProgress: .nan, reversed: false)
  }

  @inlinable
  init(
    phase: TimingPhase, activeTime: Double, overallProgress: Double,
    simpleIterationProgress: Double, currentIteration: Double, directedProgress: Double,
    transformedProgress: Double, reversed: Bool
  ) {
    self.phase = phase
    self.activeTime = activeTime
    self.overallProgress = overallProgress
    self.simpleIterationProgress = simpleIterationProgress
    self.currentIteration = currentIteration
    self.directedProgress = directedProgress
    self.transformedProgress = transformedProgress
    self.reversed = reversed
  }
}
