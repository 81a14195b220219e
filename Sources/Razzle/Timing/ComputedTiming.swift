/// A timing's computed values at one local time, as Web Animations'
/// procedures give them (`getComputedTiming()`), from
/// ``Timing/computed(at:intrinsicDuration:animationDirection:)``.
///
/// `nil` is the spec's *unresolved*: outside the active interval without a
/// fill there is no effect, so the active time and everything computed from
/// it are `nil` (NaN in the C API and the batch calls, `None` in Python).
public struct ComputedTiming: Sendable, Hashable {
  /// The phase the local time falls in (`idle` for a NaN local time).
  public var phase: TimingPhase
  /// The local time; `nil` if it was NaN.
  public var localTime: Double?
  /// The iteration duration: the timing's, or the intrinsic duration for
  /// `auto`.
  public var iterationDuration: Double
  /// iteration duration × iterations (0 if either is 0).
  public var activeDuration: Double
  /// max(delay + active duration + end delay, 0).
  public var endTime: Double
  /// The time into the active interval, clamped to it when filling.
  public var activeTime: Double?
  /// Iterations completed, fractional, plus the iteration start.
  public var overallProgress: Double?
  /// Progress through the current iteration in [0, 1]: 1 (not 0) at the
  /// end of the active interval after a whole number of iterations.
  public var simpleIterationProgress: Double?
  /// The index of the current iteration (`+∞` after an infinite count).
  public var currentIteration: Double?
  /// The simple iteration progress, or 1 minus it in an iteration played
  /// backwards.
  public var directedProgress: Double?
  /// The easing applied to the directed progress (with the before flag for
  /// `steps()`): the progress a keyframe effect samples.
  public var transformedProgress: Double?

  /// Whether the timing has an effect (Web Animations' *in effect*: the
  /// active time is resolved).
  public var isInEffect: Bool { activeTime != nil }

  /// Creates computed timing from its values.
  public init(
    phase: TimingPhase, localTime: Double?, iterationDuration: Double, activeDuration: Double,
    endTime: Double, activeTime: Double?, overallProgress: Double?,
    simpleIterationProgress: Double?, currentIteration: Double?, directedProgress: Double?,
    transformedProgress: Double?
  ) {
    self.phase = phase
    self.localTime = localTime
    self.iterationDuration = iterationDuration
    self.activeDuration = activeDuration
    self.endTime = endTime
    self.activeTime = activeTime
    self.overallProgress = overallProgress
    self.simpleIterationProgress = simpleIterationProgress
    self.currentIteration = currentIteration
    self.directedProgress = directedProgress
    self.transformedProgress = transformedProgress
  }
}
