extension Timing {
  /// The computed timing at `localTime`, exactly as Web Animations Level 1's
  /// procedures compute it: the phase, the active time, the overall
  /// progress, the simple iteration progress, the current iteration, the
  /// directed progress and the transformed progress.
  ///
  /// Edge cases, all the spec's:
  /// - a zero iteration duration jumps: before the start the overall
  ///   progress is 0, from the start on it is the iteration count;
  /// - at the end of a whole number of iterations the simple iteration
  ///   progress is 1 of the last iteration, not 0 of the next;
  /// - an infinite iteration count is `+∞` iterations in the after phase
  ///   (reached only with a zero iteration duration);
  /// - a negative delay starts part-way; a negative end delay cuts the
  ///   active interval, and the phases are clamped to the end time;
  /// - at the start of the active interval time running backwards is still
  ///   before it, and at its end time running forwards is already after it,
  ///   which decides the fill and the `steps()` before flag there.
  ///
  /// A NaN local time is unresolved (phase `idle`, no effect). `±∞` follow
  /// the same arithmetic (before and after the active interval); a value it
  /// leaves undefined (∞ / ∞ with an infinite iteration duration) is `nil`.
  ///
  /// - Parameters:
  ///   - localTime: The node's local time.
  ///   - intrinsicDuration: The node's intrinsic duration, which an `auto`
  ///     duration stands for; ≥ 0 (`+∞` allowed). 0 for a timing on its own.
  ///   - animationDirection: The direction time runs in (`backwards` for a
  ///     negative playback rate).
  /// - Returns: The computed timing.
  /// - Throws: ``RazzleError`` `.invalidValue` for a negative or NaN
  ///   intrinsic duration.
  /// - Complexity: O(1), plus one evaluation of the easing.
  public func computed(
    at localTime: Double, intrinsicDuration: Double = 0,
    animationDirection: AnimationDirection = .forwards
  ) throws(RazzleError) -> ComputedTiming {
    let model = try resolved(
      intrinsicDuration: intrinsicDuration, animationDirection: animationDirection)
    return ComputedTiming(model, model.sample(localTime), localTime: localTime)
  }

  /// The timing resolved for a node: its iteration duration, boundaries and
  /// fill, ready to sample.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a negative or NaN
  ///   intrinsic duration.
  func resolved(intrinsicDuration: Double, animationDirection: AnimationDirection)
    throws(RazzleError) -> ResolvedTiming
  {
    guard intrinsicDuration >= 0 else {
      throw Self.invalid(
        "intrinsic_duration must be >= 0 (+inf allowed), got \(intrinsicDuration)")
    }
    return ResolvedTiming(
      self, intrinsicDuration: intrinsicDuration, animationDirection: animationDirection)
  }
}
