// Web Animations Level 1, the timing model: one animation effect's timing
// properties and their validation.
//
// https://drafts.csswg.org/web-animations-1/#timing-model

/// One node's time transform: the Web Animations Level 1 timing of an
/// animation effect, mapping a local time to a phase, an iteration and a
/// progress through it (``computed(at:intrinsicDuration:animationDirection:)``).
///
/// A timing is a value: its properties are validated once, when it is made,
/// and never change. Any node (a clip, a group, a stagger) holds one; this
/// type is the whole of what a node's timing means.
///
/// - `delay` (start delay): where the active interval starts in local time;
///   negative starts part-way through.
/// - `endDelay`: time added after the active interval (negative cuts it).
/// - `duration`: one iteration's length, or `auto`: the node's intrinsic
///   duration, given when computing (0 for a timing on its own, as Web
///   Animations gives a keyframe effect).
/// - `iterations`: how many times it repeats, fractional and `+∞` allowed.
/// - `iterationStart`: the offset into the iterations at which it starts.
/// - `direction`: which iterations play backwards.
/// - `fill`: whether it has an effect before and after the active interval.
/// - `easing`: any razzle easing, applied to each iteration's directed
///   progress; `steps()` read the before flag as Web Animations sets it.
///
/// Core Animation's vocabulary maps onto these (see
/// ``init(delay:endDelay:duration:iterations:iterationStart:direction:fill:easing:autoreverses:timeOffset:)``
/// and `Guides/Timing.md`): `repeatCount` is `iterations`, `fillMode` is
/// `fill` (``FillMode/init(parsing:)`` reads `removed`), `autoreverses` and
/// `timeOffset` are folded into `direction`, `iterations` and
/// `iterationStart`. `speed` is not a timing property: a playback rate
/// belongs to the player that drives a timing, as in Web Animations.
public struct Timing: Sendable, Hashable {
  /// An iteration duration: a time, or `auto` (the node's intrinsic
  /// duration). Integer and float literals are times.
  public enum Duration: Sendable, Hashable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
  {
    /// The node's intrinsic duration, given when computing.
    case auto
    /// A fixed iteration duration, ≥ 0 (`+∞` allowed).
    case time(Double)

    public init(floatLiteral value: Double) { self = .time(value) }
    public init(integerLiteral value: Int) { self = .time(Double(value)) }
  }

  /// The start delay, finite.
  public let delay: Double
  /// The end delay, finite.
  public let endDelay: Double
  /// The iteration duration.
  public let duration: Duration
  /// The iteration count, ≥ 0 (`+∞` allowed).
  public let iterations: Double
  /// The iteration start, finite and ≥ 0.
  public let iterationStart: Double
  /// The playback direction.
  public let direction: PlaybackDirection
  /// The fill mode.
  public let fill: FillMode
  /// The timing function applied to the directed progress.
  public let easing: Easing
  /// `easing` as samples read it.
  let kernel: TimingEasing

  /// Creates a timing, validated as Web Animations' `updateTiming()` does.
  ///
  /// - Parameters:
  ///   - delay: The start delay; finite.
  ///   - endDelay: The end delay; finite.
  ///   - duration: The iteration duration: ≥ 0 (`+∞` allowed), or `.auto`.
  ///   - iterations: The iteration count (Core Animation's `repeatCount`):
  ///     ≥ 0, fractional or `+∞`. (Core Animation reads a `repeatCount` of 0
  ///     as "unset", that is once; here 0 is no iteration.)
  ///   - iterationStart: Where in the series of iterations the timing
  ///     starts; finite and ≥ 0.
  ///   - direction: The playback direction.
  ///   - fill: The fill mode (Core Animation's `fillMode`).
  ///   - easing: The timing function (Core Animation's `timingFunction`).
  ///   - autoreverses: Core Animation's `autoreverses`: each of the
  ///     `iterations` repeats plays forwards, then backwards, each pass
  ///     taking `duration`. The timing gets direction `alternate` and twice
  ///     the iterations, so the active duration doubles. Needs `direction`
  ///     `normal`.
  ///   - timeOffset: Core Animation's `timeOffset`, in local time: the timing
  ///     starts that far into its iterations and wraps around, with the same
  ///     active duration. Added to `iterationStart` as `timeOffset /
  ///     duration`, so a non-zero offset needs a fixed duration > 0; the
  ///     sum must stay ≥ 0.
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN anywhere, a delay,
  ///   end delay, iteration start or time offset that is not finite, a
  ///   negative duration, iteration count or iteration start, and for
  ///   `autoreverses` with another direction or a time offset without a
  ///   duration to divide it by.
  public init(
    delay: Double = 0, endDelay: Double = 0, duration: Duration = .auto, iterations: Double = 1,
    iterationStart: Double = 0, direction: PlaybackDirection = .normal, fill: FillMode = .auto,
    easing: Easing = .linear, autoreverses: Bool = false, timeOffset: Double = 0
  ) throws(RazzleError) {
    guard delay.isFinite else { throw Self.invalid("delay must be finite, got \(delay)") }
    guard endDelay.isFinite else { throw Self.invalid("end_delay must be finite, got \(endDelay)") }
    if case .time(let d) = duration, !(d >= 0) {
      throw Self.invalid("duration must be >= 0 (or auto), got \(d)")
    }
    guard iterations >= 0 else {
      throw Self.invalid("iterations must be >= 0 (+inf allowed), got \(iterations)")
    }
    guard iterationStart.isFinite && iterationStart >= 0 else {
      throw Self.invalid("iteration_start must be finite and >= 0, got \(iterationStart)")
    }
    let folded = try Self.foldingCoreAnimation(
      autoreverses: autoreverses, timeOffset: timeOffset, duration: duration,
      iterations: iterations, iterationStart: iterationStart, direction: direction)
    self.delay = delay
    self.endDelay = endDelay
    self.duration = duration
    self.iterations = folded.iterations
    self.iterationStart = folded.iterationStart
    self.direction = folded.direction
    self.fill = fill
    self.easing = easing
    kernel = TimingEasing(easing)
  }

  /// Web Animations' default timing: no delays, `auto` duration, one
  /// iteration, `normal`, fill `auto`, linear.
  public static let `default` = Timing(
    validated: 0, 0, .auto, 1, 0, .normal, .auto, .linear)

  /// A timing whose properties are known to be valid.
  private init(
    validated delay: Double, _ endDelay: Double, _ duration: Duration, _ iterations: Double,
    _ iterationStart: Double, _ direction: PlaybackDirection, _ fill: FillMode, _ easing: Easing
  ) {
    self.delay = delay
    self.endDelay = endDelay
    self.duration = duration
    self.iterations = iterations
    self.iterationStart = iterationStart
    self.direction = direction
    self.fill = fill
    self.easing = easing
    kernel = TimingEasing(easing)
  }

  /// This timing with another fill mode.
  func replacingFill(_ fill: FillMode) -> Timing {
    Timing(
      validated: delay, endDelay, duration, iterations, iterationStart, direction, fill, easing)
  }

  public static func == (a: Timing, b: Timing) -> Bool {
    a.delay == b.delay && a.endDelay == b.endDelay && a.duration == b.duration
      && a.iterations == b.iterations && a.iterationStart == b.iterationStart
      && a.direction == b.direction && a.fill == b.fill && a.easing == b.easing
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(delay)
    hasher.combine(endDelay)
    hasher.combine(duration)
    hasher.combine(iterations)
    hasher.combine(iterationStart)
    hasher.combine(direction)
    hasher.combine(fill)
    hasher.combine(easing)
  }

  static func invalid(_ message: String) -> RazzleError {
    RazzleError(.invalidValue, message)
  }

  /// The iteration duration: `duration`, or `intrinsicDuration` for `auto`.
  ///
  /// - Parameter intrinsicDuration: The node's intrinsic duration.
  /// - Returns: The iteration duration.
  public func iterationDuration(intrinsicDuration: Double = 0) -> Double {
    if case .time(let d) = duration { return d }
    return intrinsicDuration
  }

  /// The active duration: iteration duration × iterations, and 0 when
  /// either is 0 (0 × ∞ included).
  ///
  /// - Parameter intrinsicDuration: The node's intrinsic duration, which
  ///   `auto` stands for.
  /// - Returns: The active duration, ≥ 0 (`+∞` allowed).
  public func activeDuration(intrinsicDuration: Double = 0) -> Double {
    ResolvedTiming.activeDuration(
      iterationDuration(intrinsicDuration: intrinsicDuration), iterations)
  }

  /// The end time: max(delay + active duration + end delay, 0).
  ///
  /// - Parameter intrinsicDuration: The node's intrinsic duration, which
  ///   `auto` stands for.
  /// - Returns: The end time, ≥ 0.
  public func endTime(intrinsicDuration: Double = 0) -> Double {
    ResolvedTiming.endTime(delay, activeDuration(intrinsicDuration: intrinsicDuration), endDelay)
  }
}
