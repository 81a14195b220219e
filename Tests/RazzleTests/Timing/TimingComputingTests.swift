import Razzle
import XCTest

/// Computed timing worked by hand from Web Animations Level 1's procedures
/// (https://drafts.csswg.org/web-animations-1/#core-animation-effect-calculations).
/// The shared vectors (Tests/vectors/timing.json) cover the combinations.
final class TimingComputingTests: XCTestCase {
  func testPhasesActiveTimeAndProgress() throws {
    // delay 1, duration 2, 1.5 iterations: active interval [1, 4].
    let timing = try Timing(delay: 1, duration: 2, iterations: 1.5, fill: .both)
    let before = try timing.computed(at: 0)
    XCTAssertEqual(before.phase, .before)
    XCTAssertEqual(before.activeTime, 0)
    XCTAssertEqual(before.transformedProgress, 0)
    let active = try timing.computed(at: 3.5)
    XCTAssertEqual(active.phase, .active)
    XCTAssertEqual(active.activeTime, 2.5)
    XCTAssertEqual(active.overallProgress, 1.25)
    XCTAssertEqual(active.currentIteration, 1)
    XCTAssertEqual(active.simpleIterationProgress, 0.25)
    let after = try timing.computed(at: 9)
    XCTAssertEqual(after.phase, .after)
    XCTAssertEqual(after.activeTime, 3)
    XCTAssertEqual(after.simpleIterationProgress, 0.5)
    XCTAssertEqual(after.endTime, 4)
    XCTAssertEqual(after.localTime, 9)
  }

  func testNoFillHasNoEffect() throws {
    let timing = try Timing(delay: 1, duration: 1)
    for t in [0.5, 2.0, 3.0] {
      let c = try timing.computed(at: t)
      XCTAssertFalse(c.isInEffect, "\(t)")
      XCTAssertNil(c.transformedProgress)
      XCTAssertNil(c.currentIteration)
    }
    XCTAssertTrue(try timing.computed(at: 1.5).isInEffect)
    let idle = try timing.computed(at: .nan)
    XCTAssertEqual(idle.phase, .idle)
    XCTAssertNil(idle.localTime)
    XCTAssertEqual(idle.activeDuration, 1)
  }

  /// At the end of a whole number of iterations the simple progress is 1 of
  /// the last iteration, not 0 of the next.
  func testEndOfIntegralIterations() throws {
    let c = try Timing(duration: 1, iterations: 2, fill: .forwards).computed(at: 2)
    XCTAssertEqual(c.phase, .after)
    XCTAssertEqual(c.simpleIterationProgress, 1)
    XCTAssertEqual(c.currentIteration, 1)
    // In the middle, an iteration boundary starts the next one.
    let middle = try Timing(duration: 1, iterations: 2).computed(at: 1)
    XCTAssertEqual(middle.simpleIterationProgress, 0)
    XCTAssertEqual(middle.currentIteration, 1)
  }

  /// A zero duration jumps: the overall progress is 0 before the start and
  /// the iteration count from it on; time running backwards is still before.
  func testZeroDuration() throws {
    let timing = try Timing(delay: 1, duration: 0, iterations: 3, fill: .both)
    let forwards = try timing.computed(at: 1)
    XCTAssertEqual(forwards.phase, .after)
    XCTAssertEqual(forwards.overallProgress, 3)
    XCTAssertEqual(forwards.simpleIterationProgress, 1)
    XCTAssertEqual(forwards.currentIteration, 2)
    let backwards = try timing.computed(at: 1, animationDirection: .backwards)
    XCTAssertEqual(backwards.phase, .before)
    XCTAssertEqual(backwards.overallProgress, 0)
    XCTAssertEqual(backwards.currentIteration, 0)
    let forever = try Timing(duration: 0, iterations: .infinity, fill: .forwards).computed(at: 0)
    XCTAssertEqual(forever.currentIteration, .infinity)
    XCTAssertEqual(forever.simpleIterationProgress, 1)
  }

  func testNegativeDelaysAndEndDelays() throws {
    // Starts half-way through the first iteration.
    let early = try Timing(delay: -0.5, duration: 1).computed(at: 0)
    XCTAssertEqual(early.phase, .active)
    XCTAssertEqual(early.activeTime, 0.5)
    // An end delay of -1.5 cuts 2 iterations of 1 at 0.5: after from there,
    // with the active time at 0.5.
    let cut = try Timing(endDelay: -1.5, duration: 1, iterations: 2, fill: .forwards)
    XCTAssertEqual(cut.endTime(), 0.5)
    let c = try cut.computed(at: 0.5)
    XCTAssertEqual(c.phase, .after)
    XCTAssertEqual(c.activeTime, 0.5)
  }

  func testDirections() throws {
    func directed(_ direction: PlaybackDirection, _ t: Double) throws -> Double? {
      try Timing(duration: 1, iterations: 3, direction: direction).computed(at: t)
        .directedProgress
    }
    XCTAssertEqual(try directed(.normal, 1.25), 0.25)
    XCTAssertEqual(try directed(.reverse, 1.25), 0.75)
    XCTAssertEqual(try directed(.alternate, 0.25), 0.25)
    XCTAssertEqual(try directed(.alternate, 1.25), 0.75)
    XCTAssertEqual(try directed(.alternateReverse, 0.25), 0.75)
    XCTAssertEqual(try directed(.alternateReverse, 1.25), 0.25)
  }

  /// The steps() before flag: set in the before phase going forwards, so
  /// `steps(2, start)` shows 0 (not 0.5) while it fills backwards; in the
  /// after phase going backwards (reverse), the same at the other end.
  func testStepsBeforeFlag() throws {
    let steps = try Easing(parsing: "steps(2, start)")
    let timing = try Timing(delay: 1, duration: 1, fill: .both, easing: steps)
    XCTAssertEqual(try timing.computed(at: 0.5).transformedProgress, 0)
    XCTAssertEqual(try timing.computed(at: 1).transformedProgress, 0.5)
    XCTAssertEqual(try timing.computed(at: 1, animationDirection: .backwards).phase, .before)
    let reverse = try Timing(delay: 1, duration: 1, direction: .reverse, fill: .both, easing: steps)
    XCTAssertEqual(try reverse.computed(at: 3).transformedProgress, 0)
    XCTAssertEqual(try reverse.computed(at: 1.75).transformedProgress, 0.5)
  }

  /// With one iteration of duration 1 the directed progress is the local
  /// time, so the transformed progress must be the easing's own value, bit
  /// for bit, for every family (the timing evaluates a reference-free form
  /// of it, with a cubic Bézier's inverse table built once).
  func testTransformedProgressIsTheEasingsValue() throws {
    let specs = [
      "linear", "easeInOutCubic", "easeOutElastic", "ease", "cubic-bezier(0.68, -0.6, 0.32, 1.6)",
      "steps(4, jump-none)", "linear(0, 0.25 75%, 1)", "spring(mass=1, stiffness=100, damping=10)",
    ]
    for spec in specs {
      let easing = try Easing(parsing: spec)
      let timing = try Timing(duration: 1, easing: easing)
      for k in 1..<64 {
        let p = Double(k) / 64
        XCTAssertEqual(
          try timing.computed(at: p).transformedProgress?.bitPattern, easing(p).bitPattern,
          "\(spec) at \(p)")
      }
    }
  }

  func testAutoDurationIsTheIntrinsicOne() throws {
    let timing = try Timing(iterations: 2)
    let c = try timing.computed(at: 3, intrinsicDuration: 2)
    XCTAssertEqual(c.iterationDuration, 2)
    XCTAssertEqual(c.activeDuration, 4)
    XCTAssertEqual(c.currentIteration, 1)
    XCTAssertEqual(c.simpleIterationProgress, 0.5)
    XCTAssertEqual(try timing.computed(at: 3).activeDuration, 0)
    XCTAssertThrowsError(try timing.computed(at: 0, intrinsicDuration: -1))
    XCTAssertThrowsError(try timing.computed(at: 0, intrinsicDuration: .nan))
    // A fixed duration ignores the intrinsic one.
    XCTAssertEqual(try Timing(duration: 1).computed(at: 0, intrinsicDuration: 5).activeDuration, 1)
  }
}
