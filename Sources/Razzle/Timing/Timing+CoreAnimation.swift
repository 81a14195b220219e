// Core Animation's CAMediaTiming vocabulary in Web Animations' terms.
//
// - `repeatCount` is `iterations` (fractional, HUGE_VALF ≈ +∞).
// - `fillMode` is `fill`: `kCAFillModeRemoved` ("removed") is `none`.
// - `timingFunction` is `easing`.
// - `autoreverses`: each repeat plays forwards, then backwards, each pass
//   taking `duration`: direction `alternate` with twice the iterations, so
//   the active duration is 2 × duration × repeatCount.
// - `timeOffset`: an offset into the active local time that wraps around
//   the iterations, leaving the active duration as it was: `iterationStart`
//   += timeOffset / duration.
// - `speed` scales a layer's time: in Web Animations that is the playback
//   rate of the animation (the player) driving an effect, not a property of
//   the effect's timing.
// - `beginTime` places a node in its parent's time: a timeline's business
//   (a lone timing's local time starts at 0; `delay` shifts its active
//   interval within it).

extension Timing {
  /// `direction`, `iterations` and `iterationStart` with Core Animation's
  /// `autoreverses` and `timeOffset` folded in.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for `autoreverses` with a
  ///   direction other than `normal`, a time offset that is not finite, a
  ///   non-zero one without a fixed duration > 0, or an offset that takes
  ///   the iteration start below 0.
  static func foldingCoreAnimation(
    autoreverses: Bool, timeOffset: Double, duration: Duration, iterations: Double,
    iterationStart: Double, direction: PlaybackDirection
  ) throws(RazzleError) -> (
    direction: PlaybackDirection, iterations: Double, iterationStart: Double
  ) {
    var result = (direction: direction, iterations: iterations, iterationStart: iterationStart)
    if autoreverses {
      guard direction == .normal else {
        throw invalid(
          "autoreverses plays each repeat forwards then backwards (direction alternate); it does not combine with direction \(direction.name)"
        )
      }
      result.direction = .alternate
      result.iterations = 2 * iterations
    }
    guard timeOffset.isFinite else {
      throw invalid("time_offset must be finite, got \(timeOffset)")
    }
    if timeOffset != 0 {
      guard case .time(let d) = duration, d > 0 else {
        throw invalid(
          "time_offset \(timeOffset) needs a duration > 0: it is added to iteration_start as time_offset / duration"
        )
      }
      let start = iterationStart + timeOffset / d
      guard start >= 0, start.isFinite else {
        throw invalid(
          "time_offset \(timeOffset) takes iteration_start to \(start); it must stay finite and >= 0"
        )
      }
      result.iterationStart = start
    }
    return result
  }
}
