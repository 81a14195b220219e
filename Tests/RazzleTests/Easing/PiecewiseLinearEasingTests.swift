import Razzle
import XCTest

/// Expected points and values are worked by hand from CSS Easing Level 2
/// (https://drafts.csswg.org/css-easing-2/#the-linear-easing-function).
final class PiecewiseLinearEasingTests: XCTestCase {
  private typealias Point = PiecewiseLinearEasing.Point

  /// The points of `easing` as `(input, output)` pairs.
  private func pairs(_ easing: PiecewiseLinearEasing) -> [[Double]] {
    easing.points.map { [$0.input, $0.output] }
  }

  private func assertValues(
    _ easing: PiecewiseLinearEasing, _ cases: [(p: Double, value: Double, slope: Double)],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    for c in cases {
      XCTAssertEqual(
        easing.value(c.p), c.value, accuracy: 1e-15, "p = \(c.p)", file: file, line: line)
      XCTAssertEqual(
        easing.derivative(c.p), c.slope, accuracy: 1e-12, "slope at p = \(c.p)", file: file,
        line: line)
    }
  }

  func testSpecExampleEvenlySpaced() throws {
    // linear(0, 0.25, 1): the middle stop gets input 50%.
    let easing = try PiecewiseLinearEasing([(0, []), (0.25, []), (1, [])])
    XCTAssertEqual(pairs(easing), [[0, 0], [0.5, 0.25], [1, 1]])
    assertValues(
      easing,
      [
        (0, 0, 0.5), (0.25, 0.125, 0.5), (0.5, 0.25, 1.5), (0.75, 0.625, 1.5), (1, 1, 1.5),
        // Extrapolation along the first and last segments.
        (-0.5, -0.25, 0.5), (1.5, 1.75, 1.5),
      ])
  }

  func testSpecExampleWithInput() throws {
    // linear(0, 0.25 75%, 1) has points (0, 0), (0.75, 0.25), (1, 1).
    let easing = try PiecewiseLinearEasing([(0, []), (0.25, [0.75]), (1, [])])
    XCTAssertEqual(pairs(easing), [[0, 0], [0.75, 0.25], [1, 1]])
    assertValues(easing, [(0.375, 0.125, 1.0 / 3), (0.875, 0.625, 3), (1, 1, 3)])
  }

  func testTwoInputsMakeTwoPoints() throws {
    // linear(0, 0.5 25% 75%, 1): a flat section from 25% to 75%.
    let easing = try PiecewiseLinearEasing([(0, []), (0.5, [0.25, 0.75]), (1, [])])
    XCTAssertEqual(pairs(easing), [[0, 0], [0.25, 0.5], [0.75, 0.5], [1, 1]])
    assertValues(easing, [(0.125, 0.25, 2), (0.5, 0.5, 0), (0.875, 0.75, 2)])
  }

  func testRunsOfMissingInputsAreSpreadEvenly() throws {
    // linear(0, 0.1, 0.5 50%, 0.6, 0.7, 1): 0.1 at 25%; 0.6 and 0.7 at 4/6
    // and 5/6 of the way.
    let easing = try PiecewiseLinearEasing([
      (0, []), (0.1, []), (0.5, [0.5]), (0.6, []), (0.7, []), (1, []),
    ])
    let inputs = easing.points.map(\.input)
    let expected = [0, 0.25, 0.5, 4.0 / 6, 5.0 / 6, 1]
    XCTAssertEqual(inputs.count, expected.count)
    for (input, want) in zip(inputs, expected) {
      XCTAssertEqual(input, want, accuracy: 1e-15)
    }
    XCTAssertEqual(easing.points.map(\.output), [0, 0.1, 0.5, 0.6, 0.7, 1])
  }

  func testDuplicateInputsTakeTheLastPoint() throws {
    // linear(0, 0.2 50%, 0.8 50%, 1): a jump at 50%.
    let easing = try PiecewiseLinearEasing([(0, []), (0.2, [0.5]), (0.8, [0.5]), (1, [])])
    XCTAssertEqual(pairs(easing), [[0, 0], [0.5, 0.2], [0.5, 0.8], [1, 1]])
    assertValues(easing, [(0.25, 0.1, 0.4), (0.5, 0.8, 0.4), (0.75, 0.9, 0.4)])
    XCTAssertEqual(easing.value(0.5.nextDown), 0.2, accuracy: 1e-15)
  }

  func testOutOfOrderInputsAreRaised() throws {
    // linear(0, 0.9 60%, 0.5 40%, 1): 40% is raised to 60%.
    let easing = try PiecewiseLinearEasing([(0, []), (0.9, [0.6]), (0.5, [0.4]), (1, [])])
    XCTAssertEqual(pairs(easing), [[0, 0], [0.6, 0.9], [0.6, 0.5], [1, 1]])
    assertValues(easing, [(0.3, 0.45, 1.5), (0.6, 0.5, 1.25), (0.8, 0.75, 1.25)])
    // The second input of a stop is raised too: linear(0, 0.5 60% 40%, 1).
    let raised = try PiecewiseLinearEasing([(0, []), (0.5, [0.6, 0.4]), (1, [])])
    XCTAssertEqual(pairs(raised), [[0, 0], [0.6, 0.5], [0.6, 0.5], [1, 1]])
    // A stop without an input after a larger one: linear(0, 1 80%, 0.5, 0.2 70%, 1).
    let run = try PiecewiseLinearEasing([(0, []), (1, [0.8]), (0.5, []), (0.2, [0.7]), (1, [])])
    XCTAssertEqual(pairs(run), [[0, 0], [0.8, 1], [0.8, 0.5], [0.8, 0.2], [1, 1]])
  }

  func testEndsWithGivenInputs() throws {
    // linear(0 20%, 1 80%): extrapolated below 20% and above 80%.
    let easing = try PiecewiseLinearEasing([(0, [0.2]), (1, [0.8])])
    XCTAssertEqual(pairs(easing), [[0.2, 0], [0.8, 1]])
    assertValues(easing, [(0, -1.0 / 3, 5.0 / 3), (0.5, 0.5, 5.0 / 3), (1, 4.0 / 3, 5.0 / 3)])
    // linear(0, 0.5 150%, 1): the last stop's input is max(1, 150%).
    let beyond = try PiecewiseLinearEasing([(0, []), (0.5, [1.5]), (1, [])])
    XCTAssertEqual(pairs(beyond), [[0, 0], [1.5, 0.5], [1.5, 1]])
    // Past the last point the last two points share an input: B's output.
    XCTAssertEqual(beyond.value(2), 1)
    XCTAssertEqual(beyond.derivative(2), 0)
    // linear(0 -50%, 1): a negative first input.
    let negative = try PiecewiseLinearEasing([(0, [-0.5]), (1, [])])
    XCTAssertEqual(pairs(negative), [[-0.5, 0], [1, 1]])
  }

  func testAllPointsAtOneInput() throws {
    // linear(0 50%, 1 50%): every p uses the pair (50%, 0), (50%, 1) → 1.
    let easing = try PiecewiseLinearEasing([(0, [0.5]), (1, [0.5])])
    for p in [-1, 0, 0.25, 0.5, 0.75, 1, 2] {
      XCTAssertEqual(easing.value(p), 1, "p = \(p)")
      XCTAssertEqual(easing.derivative(p), 0, "p = \(p)")
    }
  }

  func testIdentity() throws {
    let easing = try PiecewiseLinearEasing([(0, []), (1, [])])
    for p in stride(from: -1.0, through: 2, by: 0.125) {
      XCTAssertEqual(easing.value(p), p)
      XCTAssertEqual(easing.derivative(p), 1)
    }
    XCTAssertTrue(easing.value(.nan).isNaN)
    XCTAssertEqual(easing, try PiecewiseLinearEasing([(0, [0]), (1, [1])]))
  }

  func testInvalidStopsThrow() {
    XCTAssertThrowsError(try PiecewiseLinearEasing([])) { error in
      XCTAssertEqual((error as? RazzleError)?.kind, .easing)
    }
    XCTAssertThrowsError(try PiecewiseLinearEasing([(0, [])]))
    XCTAssertThrowsError(try PiecewiseLinearEasing([(0, []), (.nan, [])]))
    XCTAssertThrowsError(try PiecewiseLinearEasing([(0, []), (.infinity, [])]))
    XCTAssertThrowsError(try PiecewiseLinearEasing([(0, [.nan]), (1, [])]))
    XCTAssertThrowsError(try PiecewiseLinearEasing([(0, []), (1, [0.5, -.infinity])]))
    XCTAssertThrowsError(try PiecewiseLinearEasing([(0, []), (0.5, [0.2, 0.4, 0.6]), (1, [])]))
  }
}
