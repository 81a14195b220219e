import Razzle
import XCTest

final class EasingParsingTests: XCTestCase {
  func testLinearSpellings() throws {
    for spec in ["", "  ", "linear", " linear ", "linear()"] {
      XCTAssertEqual(try Easing(parsing: spec), .linear, spec)
    }
  }

  func testCanonicalFormRoundTrips() throws {
    for spec in [
      "easeInQuad", "easeOutBack(2.5)", "easeInOutBack", "easeInElastic(1.2)",
      "easeOutElastic(1.2, 0.4)", "linear",
    ] {
      let easing = try Easing(parsing: spec)
      XCTAssertEqual(easing.description, spec)
      XCTAssertEqual(try Easing(parsing: easing.description), easing)
    }
    XCTAssertEqual(try Easing(parsing: "easeOutBack( 1.70158 )").description, "easeOutBack")
    XCTAssertEqual(try Easing(parsing: "easeOutBack(2.5e0)").description, "easeOutBack(2.5)")
  }

  /// Each bad spec fails with a message that says what is wrong, and where.
  func testErrorsPointAtTheProblem() {
    let cases: [(String, String)] = [
      ("bogus", "unknown easing \"bogus\""),
      ("EaseInQuad", "unknown easing"),
      ("easeInSideways", "unknown easing \"easeInSideways\""),
      ("easeInQuad(", "missing ')' at offset 11"),
      ("easeOutBack(2.5", "missing ')' at offset 15"),
      ("easeInQuad)", "unbalanced ')' at offset 10"),
      ("easeInQuad(1)", "takes no arguments"),
      ("easeOutBack(1, 2)", "too many arguments"),
      ("easeOutBack(speed=2)", "unknown parameter 'speed'"),
      ("easeOutBack(fast)", "overshoot must be a number"),
      ("easeOutBack(,)", "missing argument at offset 12"),
      ("easeOutBack(1e999)", "out of range"),
      ("(", "expected an easing name at offset 0"),
      ("easeInQuad x", "unexpected text at offset 11"),
      ("easeOutBack((1))", "unexpected '('"),
    ]
    for (spec, fragment) in cases {
      do {
        let easing = try Easing(parsing: spec)
        XCTFail("\(spec) parsed as \(easing)")
      } catch {
        XCTAssertEqual(error.kind, .easing)
        XCTAssertTrue(error.message.contains(fragment), "\(spec): \(error.message)")
        XCTAssertTrue(error.message.contains("\"\(spec)\""), "quotes the spec: \(error.message)")
      }
    }
  }
}

final class EasingFamilyParsingTests: XCTestCase {
  func testCSSAndCoreAnimationSpellings() throws {
    XCTAssertEqual(try Easing(parsing: "ease"), .cubicBezier(try CubicBezier(0.25, 0.1, 0.25, 1)))
    XCTAssertEqual(try Easing(parsing: "default"), try Easing(parsing: "ease"))
    XCTAssertEqual(try Easing(parsing: "ease-in"), .cubicBezier(try CubicBezier(0.42, 0, 1, 1)))
    XCTAssertEqual(try Easing(parsing: "easeIn"), try Easing(parsing: "ease-in"))
    XCTAssertEqual(try Easing(parsing: "ease-out"), .cubicBezier(try CubicBezier(0, 0, 0.58, 1)))
    XCTAssertEqual(try Easing(parsing: "easeInEaseOut"), try Easing(parsing: "ease-in-out"))
    XCTAssertEqual(
      try Easing(parsing: "cubic-bezier(0.42, 0, 0.58, 1)"), try Easing(parsing: "ease-in-out"))
    XCTAssertEqual(try Easing(parsing: "steps(4)"), .steps(try Steps(4, .jumpEnd)))
    XCTAssertEqual(try Easing(parsing: "steps(4, start)"), .steps(try Steps(4, .jumpStart)))
    XCTAssertEqual(try Easing(parsing: "step-start"), .steps(try Steps(1, .jumpStart)))
    XCTAssertEqual(try Easing(parsing: "step-end"), .steps(try Steps(1, .jumpEnd)))
    XCTAssertEqual(
      try Easing(parsing: "linear(0, 0.25 75%, 1)"),
      .piecewiseLinear(try PiecewiseLinearEasing([(0, []), (0.25, [0.75]), (1, [])])))
    XCTAssertEqual(
      try Easing(parsing: "linear(0, 75% 0.25, 1)"), try Easing(parsing: "linear(0, 0.25 75%, 1)"))
  }

  func testSpringSpellings() throws {
    let bouncy = try Easing(parsing: "bouncy(0.4)")
    guard case .spring(let spring) = bouncy else { return XCTFail("\(bouncy)") }
    // SwiftUI: stiffness (2π/0.4)², damping 4π(1 − 0.3)/0.4.
    XCTAssertEqual(spring.stiffness, 246.74011, accuracy: 1e-5)
    XCTAssertEqual(spring.damping, 21.99115, accuracy: 1e-5)
    XCTAssertEqual(try Easing(parsing: "spring(duration=0.4, bounce=0.3)"), bouncy)
    XCTAssertEqual(try Easing(parsing: "bouncy(duration=0.4)"), bouncy)
    XCTAssertEqual(try Easing(parsing: "snappy(0.4, 0.15)"), bouncy)
    XCTAssertEqual(
      try Easing(parsing: "spring(1, 100, 10, 0)"),
      try Easing(parsing: "spring(mass=1, stiffness=100, damping=10)"))
    XCTAssertEqual(try Easing(parsing: "spring"), try Easing(parsing: "spring(damping=10)"))
    guard case .spring(let ratio) = try Easing(parsing: "spring(dampingRatio=0.5, response=0.8)")
    else { return XCTFail() }
    XCTAssertEqual(ratio.dampingRatio, 0.5, accuracy: 1e-12)
    XCTAssertEqual(ratio.stiffness, pow(2 * .pi / 0.8, 2), accuracy: 1e-9)
  }

  func testDescriptionsRoundTrip() throws {
    for spec in [
      "cubic-bezier(0.42, 0, 0.58, 1)", "cubic-bezier(0.1, -0.6, 0.2, 1.8)", "steps(4, jump-end)",
      "steps(3, jump-none)", "linear(0 0%, 0.25 75%, 1 100%)", "linear(0 0%, 1 50%, 0 100%)",
      "spring(mass=1, stiffness=100, damping=10, velocity=0)",
      "spring(mass=2, stiffness=300, damping=5, velocity=-1.5)",
    ] {
      let easing = try Easing(parsing: spec)
      XCTAssertEqual(easing.description, spec)
      XCTAssertEqual(try Easing(parsing: easing.description), easing)
    }
  }

  func testBadSpecsNameTheProblem() {
    let cases: [(String, String)] = [
      ("cubic-bezier(1.5, 0, 0, 1)", "x1"),
      ("cubic-bezier(0, 0, -0.1, 1)", "x2"),
      ("cubic-bezier(0, 0, 1)", "missing y2"),
      ("cubic-bezier(0, 0, 1, 1, 1)", "too many arguments"),
      ("steps(0)", "integer >= 1"),
      ("steps(2.5)", "integer >= 1"),
      ("steps(1, jump-none)", "jump-none"),
      ("steps(2, sideways)", "unknown step position 'sideways'"),
      ("spring(mass=0)", "mass"),
      ("spring(damping=0)", "never settles"),
      ("spring(duration=-1)", "duration"),
      ("spring(dampingRatio=0.5)", "missing response"),
      ("bouncy(0)", "duration"),
      ("linear(0)", "at least 2"),
      ("linear(0, 50% 60% 70%, 1)", "at most two percentages"),
      ("linear(0, 50%, 1)", "needs an output"),
      ("cubic-bezier(0, 0, 1, 1", "missing ')'"),
      ("steps(2))", "unbalanced ')'"),
      ("wobble", "unknown easing \"wobble\""),
    ]
    for (spec, fragment) in cases {
      do {
        let easing = try Easing(parsing: spec)
        XCTFail("\(spec) parsed as \(easing)")
      } catch {
        XCTAssertTrue(error.message.contains(fragment), "\(spec): \(error.message)")
      }
    }
  }
}
