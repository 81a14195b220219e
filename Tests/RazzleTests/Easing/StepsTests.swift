import Razzle
import XCTest

/// Expected values are worked by hand from the CSS Easing Level 1 algorithm
/// (https://drafts.csswg.org/css-easing-1/#step-easing-algo).
final class StepsTests: XCTestCase {
  /// Checks `steps` at each `(p, expected)` pair, exactly.
  private func check(
    _ steps: Steps, _ cases: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line
  ) {
    for (p, expected) in cases {
      XCTAssertEqual(steps.value(p), expected, "p = \(p)", file: file, line: line)
      XCTAssertEqual(steps.derivative(p), 0, "p = \(p)", file: file, line: line)
    }
  }

  /// CSS Easing 1 step 3: with the before flag, an input exactly at a jump
  /// takes the level before it; elsewhere the flag changes nothing, and
  /// `value(_:)` (keyframe segments) never sets it.
  func testBeforeFlag() throws {
    let start = try Steps(2, .jumpStart)
    // floor(0 × 2) + 1 = 1, minus 1 at the integral input: 0.
    XCTAssertEqual(start.value(0, beforeFlag: true), 0)
    XCTAssertEqual(start.value(0, beforeFlag: false), 0.5)
    // floor(0.5 × 2) + 1 = 2, minus 1: 0.5 (without the flag 2 / 2 = 1).
    XCTAssertEqual(start.value(0.5, beforeFlag: true), 0.5)
    XCTAssertEqual(start.value(0.5, beforeFlag: false), 1)
    XCTAssertEqual(start.value(0.25, beforeFlag: true), 0.5)
    let end = try Steps(2, .jumpEnd)
    // floor(1 × 2) = 2, minus 1: 0.5 at the end; at 0, 0 - 1 is clamped to 0.
    XCTAssertEqual(end.value(1, beforeFlag: true), 0.5)
    XCTAssertEqual(end.value(0, beforeFlag: true), 0)
    let both = try Steps(2, .jumpBoth)
    XCTAssertEqual(both.value(0, beforeFlag: true), 0)
    XCTAssertEqual(both.value(0, beforeFlag: false), 1.0 / 3)
    for p in stride(from: -0.5, through: 1.5, by: 0.125) {
      XCTAssertEqual(start.value(p), start.value(p, beforeFlag: false), "p = \(p)")
    }
    XCTAssertTrue(start.value(.nan, beforeFlag: true).isNaN)
    let easing = Easing.steps(start)
    XCTAssertEqual(easing(0, beforeFlag: true), 0)
    XCTAssertEqual(easing(0), 0.5)
    XCTAssertEqual(Easing.linear(0.3, beforeFlag: true), 0.3)
  }

  func testJumpEnd() throws {
    check(
      try Steps(4, .jumpEnd),
      [(0, 0), (0.1, 0), (0.2499, 0), (0.25, 0.25), (0.5, 0.5), (0.6, 0.5), (0.99, 0.75), (1, 1)])
    XCTAssertEqual(try Steps(4), try Steps(4, .jumpEnd))
    XCTAssertEqual(try Steps(4, .end), try Steps(4, .jumpEnd))
  }

  func testJumpStart() throws {
    check(
      try Steps(4, .jumpStart),
      [
        (0, 0.25), (0.1, 0.25), (0.25, 0.5), (0.5, 0.75), (0.74, 0.75), (0.75, 1), (0.99, 1),
        (1, 1),
      ])
    XCTAssertEqual(try Steps(4, .start), try Steps(4, .jumpStart))
  }

  func testJumpNone() throws {
    check(
      try Steps(4, .jumpNone),
      [(0, 0), (0.2, 0), (0.25, 1.0 / 3), (0.5, 2.0 / 3), (0.74, 2.0 / 3), (0.75, 1), (1, 1)])
    check(try Steps(2, .jumpNone), [(0, 0), (0.49, 0), (0.5, 1), (1, 1)])
  }

  func testJumpBoth() throws {
    check(
      try Steps(4, .jumpBoth),
      [(0, 0.2), (0.2, 0.2), (0.25, 0.4), (0.5, 0.6), (0.75, 0.8), (0.99, 0.8), (1, 1)])
    check(try Steps(1, .jumpBoth), [(0, 0.5), (0.5, 0.5), (0.99, 0.5), (1, 1)])
  }

  func testNamedSteps() {
    check(Steps.stepStart, [(0, 1), (0.5, 1), (1, 1)])
    check(Steps.stepEnd, [(0, 0), (0.5, 0), (0.999, 0), (1, 1)])
    XCTAssertEqual(Steps.stepStart, try Steps(1, .jumpStart))
    XCTAssertEqual(Steps.stepEnd, try Steps(1, .jumpEnd))
  }

  func testEndpointsForEveryPosition() throws {
    for position in Steps.Position.allCases {
      for n in 2...7 {
        XCTAssertEqual(try Steps(n, position).value(1), 1, "\(n) \(position)")
      }
    }
    XCTAssertEqual(try Steps(3, .jumpStart).value(0), 1.0 / 3)
    XCTAssertEqual(try Steps(3, .jumpBoth).value(0), 0.25)
    XCTAssertEqual(try Steps(3, .jumpEnd).value(0), 0)
    XCTAssertEqual(try Steps(3, .jumpNone).value(0), 0)
  }

  func testOutsideUnitIntervalIsNotClamped() throws {
    // steps(2, end): floor(1.5 × 2) = 3 jumps → 3/2; floor(−0.5 × 2) = −1 → −1/2.
    check(try Steps(2), [(1.5, 1.5), (-0.5, -0.5)])
    // steps(2, start): floor(−0.25 × 2) + 1 = 0; floor(−0.75 × 2) + 1 = −1;
    // floor(1.25 × 2) + 1 = 3.
    check(try Steps(2, .start), [(-0.25, 0), (-0.75, -0.5), (1.25, 1.5)])
    XCTAssertTrue(try Steps(2).value(.nan).isNaN)
  }

  func testInvalidParametersThrow() {
    XCTAssertThrowsError(try Steps(0)) { error in
      XCTAssertEqual((error as? RazzleError)?.kind, .easing)
    }
    XCTAssertThrowsError(try Steps(-3, .jumpBoth))
    XCTAssertThrowsError(try Steps(1, .jumpNone))
    XCTAssertNoThrow(try Steps(1, .jumpStart))
  }
}
