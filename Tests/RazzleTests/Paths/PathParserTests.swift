import Razzle
import XCTest

/// The path data grammar: every command, compact syntax and errors.
final class PathParserTests: XCTestCase {
  private func error(_ data: String) -> PathSyntaxError? {
    if case .failure(let e) = Path.parse(data) { return e }
    return nil
  }

  func testCompactNumbersAndFlags() throws {
    let p = try Path(data: "M1.5.5l1-1")
    XCTAssertEqual(p.moves, [PathPoint(1.5, 0.5)])
    XCTAssertEqual(p.segments[0].endPoint, PathPoint(2.5, -0.5))
    let arc = try Path(data: "M0 0a1 1 0 00 1 1")
    XCTAssertEqual(arc.segments.count, 1)
    XCTAssertEqual(arc.segments[0].endPoint, PathPoint(1, 1))
    XCTAssertEqual(try Path(data: "M1e1-2E-1").moves, [PathPoint(10, -0.2)])
  }

  func testImplicitRepeatsAndMoveLineto() throws {
    let p = try Path(data: "M0 0 10 0 10 10 m5 5 1 1")
    XCTAssertEqual(p.segments.count, 3)
    XCTAssertEqual(p.segments[2].start, PathPoint(15, 15))
    XCTAssertEqual(p.segments[2].endPoint, PathPoint(16, 16))
    XCTAssertTrue(p.segments[2].startsSubpath)
  }

  func testSmoothCurvesReflectTheLastControlPoint() throws {
    let p = try Path(data: "M0 0 C10 0 20 10 20 20 S30 40 40 40 Q50 40 50 50 T60 60")
    guard case .cubic(_, let c1, _, _) = p.segments[1].shape else { return XCTFail() }
    XCTAssertEqual(c1, PathPoint(20, 30))
    guard case .quadratic(_, let q, _) = p.segments[3].shape else { return XCTFail() }
    XCTAssertEqual(q, PathPoint(50, 60))
    // S after a non-curve: the first control point is the current point.
    guard case .cubic(let s0, let s1, _, _) = try Path(data: "M1 2 S3 4 5 6").segments[0].shape
    else { return XCTFail() }
    XCTAssertEqual(s0, s1)
  }

  func testCloseThenDrawStartsAtTheSubpathStart() throws {
    let p = try Path(data: "M10 10 h10 z l5 5")
    XCTAssertEqual(p.segments.count, 3)
    XCTAssertTrue(p.segments[1].closes)
    XCTAssertEqual(p.segments[2].start, PathPoint(10, 10))
    XCTAssertFalse(p.isClosed)
    XCTAssertTrue(try Path(data: "M0 0 L1 0 L1 1z").isClosed)
  }

  func testErrorsGiveOffsetAndReason() {
    let cases: [(String, Int, String)] = [
      ("", 0, "empty"),
      ("L1 1", 0, "moveto"),
      ("M1 1 L", 6, "x coordinate"),
      ("M1 1 X2 2", 5, "unknown command 'X'"),
      ("M0 0 L1 1,", 10, "after ','"),
      ("M0 0 A1 1 0 2 0 1 1", 12, "large-arc flag"),
      ("M0 0 Z 1", 7, "closepath"),
      ("M1e 1", 2, "exponent"),
      ("M1e999 0", 1, "out of range"),
      ("M0,,0", 3, "y coordinate"),
    ]
    for (data, offset, reason) in cases {
      guard let e = error(data) else {
        XCTFail("\(data) parsed")
        continue
      }
      XCTAssertEqual(e.offset, offset, data)
      XCTAssertTrue(e.reason.contains(reason), "\(data): \(e.reason)")
      XCTAssertTrue(e.error.message.contains("at byte \(offset)"))
    }
  }

  func testDescriptionRoundTrips() throws {
    let p = try Path(
      data: "m10 10 h5 v5 c1 2 3 4 5 6 s1 1 2 2 q1 1 2 0 t2 0 a5 3 20 1 0 4 4 z M0 0 L1 1")
    let text = p.description
    let q = try Path(data: text)
    XCTAssertEqual(q.segments.count, p.segments.count)
    XCTAssertEqual(q.length, p.length, accuracy: 1e-12 * p.length)
    XCTAssertEqual(q.description, text)
  }
}
