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
      ("easeIn", "unknown easing \"easeIn\""),
      ("EaseInQuad", "unknown easing"),
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
