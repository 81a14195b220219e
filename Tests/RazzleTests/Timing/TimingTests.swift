import Razzle
import XCTest

/// Validation as Web Animations' `updateTiming()` does it, and Core
/// Animation's aliases folded into the Web Animations properties.
final class TimingTests: XCTestCase {
  private func rejects(
    _ message: String, file: StaticString = #filePath, line: UInt = #line,
    _ make: () throws(RazzleError) -> Timing
  ) {
    do {
      _ = try make()
      XCTFail("accepted", file: file, line: line)
    } catch {
      XCTAssertEqual(error.kind, .invalidValue, error.message, file: file, line: line)
      XCTAssertTrue(error.message.contains(message), error.message, file: file, line: line)
    }
  }

  func testDefaultsAreWebAnimations() throws {
    let timing = try Timing()
    XCTAssertEqual(timing, Timing.default)
    XCTAssertEqual(timing.delay, 0)
    XCTAssertEqual(timing.endDelay, 0)
    XCTAssertEqual(timing.duration, .auto)
    XCTAssertEqual(timing.iterations, 1)
    XCTAssertEqual(timing.iterationStart, 0)
    XCTAssertEqual(timing.direction, .normal)
    XCTAssertEqual(timing.fill, .auto)
    XCTAssertEqual(timing.easing, .linear)
    let literal: Timing.Duration = 2
    XCTAssertEqual(literal, .time(2))
  }

  func testInvalidPropertiesAreRejected() {
    rejects("delay") { () throws(RazzleError) in try Timing(delay: .nan) }
    rejects("delay") { () throws(RazzleError) in try Timing(delay: .infinity) }
    rejects("end_delay") { () throws(RazzleError) in try Timing(endDelay: -.infinity) }
    rejects("duration") { () throws(RazzleError) in try Timing(duration: -1) }
    rejects("duration") { () throws(RazzleError) in try Timing(duration: .time(.nan)) }
    rejects("duration") { () throws(RazzleError) in try Timing(duration: .time(-.infinity)) }
    rejects("iterations") { () throws(RazzleError) in try Timing(iterations: -0.5) }
    rejects("iterations") { () throws(RazzleError) in try Timing(iterations: .nan) }
    rejects("iteration_start") { () throws(RazzleError) in try Timing(iterationStart: -1) }
    rejects("iteration_start") { () throws(RazzleError) in try Timing(iterationStart: .infinity) }
    rejects("time_offset") { () throws(RazzleError) in try Timing(duration: 1, timeOffset: .nan) }
  }

  func testInfiniteDurationAndIterationsAreAllowed() throws {
    let timing = try Timing(duration: .time(.infinity), iterations: .infinity)
    XCTAssertEqual(timing.activeDuration(), .infinity)
    XCTAssertEqual(try Timing(duration: .time(.infinity), iterations: 0).activeDuration(), 0)
    XCTAssertEqual(try Timing(duration: 0, iterations: .infinity).activeDuration(), 0)
  }

  func testDurations() throws {
    let timing = try Timing(delay: 1, endDelay: -0.5, duration: 2, iterations: 1.5)
    XCTAssertEqual(timing.iterationDuration(), 2)
    XCTAssertEqual(timing.activeDuration(), 3)
    XCTAssertEqual(timing.endTime(), 3.5)
    XCTAssertEqual(try Timing(delay: -5, duration: 1).endTime(), 0)
    let auto = try Timing(iterations: 3)
    XCTAssertEqual(auto.activeDuration(), 0)
    XCTAssertEqual(auto.activeDuration(intrinsicDuration: 2), 6)
    XCTAssertEqual(auto.endTime(intrinsicDuration: 2), 6)
  }

  /// `autoreverses`: each repeat is a forward and a backward pass of
  /// `duration`, so 1.5 repeats of 2 are 3 alternate iterations, 6 long.
  func testAutoreversesIsAlternateWithTwiceTheIterations() throws {
    let timing = try Timing(duration: 2, iterations: 1.5, autoreverses: true)
    XCTAssertEqual(timing.direction, .alternate)
    XCTAssertEqual(timing.iterations, 3)
    XCTAssertEqual(timing.activeDuration(), 6)
    XCTAssertEqual(
      try Timing(duration: 1, iterations: .infinity, autoreverses: true).iterations, .infinity)
    XCTAssertEqual(
      try Timing(duration: 1, autoreverses: true),
      try Timing(duration: 1, iterations: 2, direction: .alternate))
    rejects("autoreverses") { () throws(RazzleError) in
      try Timing(duration: 1, direction: .reverse, autoreverses: true)
    }
    // Back at the start after a whole number of repeats, as Core Animation.
    let end = try Timing(duration: 2, fill: .forwards, autoreverses: true).computed(at: 10)
    XCTAssertEqual(end.transformedProgress, 0)
    XCTAssertEqual(end.currentIteration, 1)
  }

  /// `timeOffset` starts part-way and wraps around: iterationStart +=
  /// offset / duration, the active duration unchanged.
  func testTimeOffsetIsAnIterationStart() throws {
    let timing = try Timing(duration: 4, timeOffset: 1)
    XCTAssertEqual(timing.iterationStart, 0.25)
    XCTAssertEqual(timing.activeDuration(), 4)
    // At 3.5: 3.5 / 4 + 0.25 = 1.125, into the second iteration.
    let c = try timing.computed(at: 3.5)
    XCTAssertEqual(c.overallProgress, 1.125)
    XCTAssertEqual(c.currentIteration, 1)
    XCTAssertEqual(c.simpleIterationProgress, 0.125)
    XCTAssertEqual(try Timing(duration: 2, iterationStart: 1, timeOffset: -1).iterationStart, 0.5)
    rejects("time_offset") { () throws(RazzleError) in try Timing(timeOffset: 1) }
    rejects("time_offset") { () throws(RazzleError) in try Timing(duration: 0, timeOffset: 1) }
    rejects("time_offset") { () throws(RazzleError) in try Timing(duration: 1, timeOffset: -2) }
    XCTAssertEqual(try Timing(timeOffset: 0).iterationStart, 0)
  }

  func testNamesAndCodes() throws {
    XCTAssertEqual(try PlaybackDirection(named: "alternate-reverse"), .alternateReverse)
    XCTAssertEqual(try FillMode(parsing: "removed"), FillMode.none)
    XCTAssertEqual(try FillMode(parsing: "both"), .both)
    XCTAssertEqual(try AnimationDirection(code: 1), .backwards)
    XCTAssertEqual(TimingPhase.idle.code, 3)
    do {
      _ = try FillMode(parsing: "forward")
      XCTFail("accepted")
    } catch {
      XCTAssertEqual(error.kind, .invalidName)
      XCTAssertTrue(error.message.contains("did you mean \"forwards\""), error.message)
      XCTAssertTrue(error.message.contains("removed"), error.message)
    }
    XCTAssertThrowsError(try PlaybackDirection(named: "Normal"))
    XCTAssertThrowsError(try FillMode(code: 5))
  }
}
