import Razzle
import XCTest

/// Geometry at the edges of the double range: every path the parsers accept
/// is measured in bounded work, without overflow, and geometry that cannot
/// be measured is refused at its segment (issue: a 75-byte file once
/// refined a curve into 2³⁰ pieces and aborted the process).
final class HostileGeometryTests: XCTestCase {
  func testHugeQuadraticHasItsHandWorkedLength() throws {
    // B(t) = 2t(1 − t)(1e200, 1e200) + t²(1, 1): out along the diagonal to
    // (0.5e200, 0.5e200) and back, 2 · √2 · 0.5e200 (to 1e-200 of it).
    let p = try Path(data: "M0 0 Q1e200 1e200 1 1")
    XCTAssertEqual(p.length, 2.0.squareRoot() * 1e200, accuracy: 1e186)
  }

  func testTinyRadiusArcIsTheSegmentItDegeneratesTo() throws {
    // rx = 1e-300 (its square underflows): a half ellipse of ry = 5 from
    // (0, 0) to (0, 10), flattened onto the segment: length 10.
    let p = try Path(data: "M0 0 A1e-300 5 0 1 1 0 10")
    XCTAssertEqual(p.length, 10, accuracy: 1e-12)
    XCTAssertEqual(p.point(at: 0.5).y, 5, accuracy: 1e-9)
  }

  func testLongLineDoesNotOverflow() throws {
    XCTAssertEqual(try Path(data: "M0 0 L 1e200 0").length, 1e200)
    XCTAssertEqual(try Path(data: "M0 0 L 1e-300 0").length, 1e-300)
  }

  func testCubicWhoseSpeedSquaredOverflows() throws {
    // All control points on y = −x: x(t) = 3t(1 − t)(1 − 2t) · 1e154 (the
    // end point's 1 is lost to rounding), whose turning points are
    // ±1e154 / (2√3): the length is √2 · 4 / (2√3) · 1e154.
    let p = try Path(data: "M0 0 C 1e154 -1e154 -1e154 1e154 1 1")
    XCTAssertEqual(p.length, 2 * 2.0.squareRoot() / 3.0.squareRoot() * 1e154, accuracy: 1e140)
    XCTAssertTrue(p.point(at: 0.3).x.isFinite)
  }

  func testGeometryTooLongToMeasureIsRefusedAtItsSegment() {
    for (data, offset) in [
      ("M0 0 L 1e308 0", 5),  // one segment past 2^1020
      ("M0 0 L 1e307 0 L 0 0", 15),  // the sum passes it at the second
      ("M0 0 C 1e308 0 0 0 1 1", 5),
      ("M0 0 L 1e300 0 Q 1e307 0 0 0", 15),  // a control point
    ] {
      switch Path.parse(data) {
      case .success: XCTFail("\(data) was accepted")
      case .failure(let error):
        XCTAssertEqual(error.offset, offset, data)
        XCTAssertEqual(error.error.kind, .invalidValue, data)
      }
    }
  }

  func testSpatialRouteTooLongIsRefusedWithItsSegment() {
    XCTAssertThrowsError(
      try SpatialPath(
        points: [PathPoint(0, 0), PathPoint(10, 10)], inTangents: nil,
        outTangents: [PathPoint(1e308, -1e308), .zero])
    ) { error in
      XCTAssertTrue("\(error)".contains("segment 0"), "\(error)")
    }
    // 1e154 is measurable: the route answers.
    let route = try? SpatialPath(
      points: [PathPoint(0, 0), PathPoint(10, 10)], inTangents: nil,
      outTangents: [PathPoint(1e154, -1e154), .zero])
    XCTAssertNotNil(route)
    XCTAssertTrue(route?.point(keyframeProgress: 0.5).x.isFinite ?? false)
  }

  func testPathDataHasASizeLimit() {
    // 4 MiB (KF_PATH_DATA_MAX_BYTES): one byte more is refused at the limit,
    // before a segment is made.
    let limit = 4 << 20
    var data = "M0 0"
    data += String(repeating: " ", count: limit - data.utf8.count)
    XCTAssertNotNil(try? Path(data: data))
    switch Path.parse(data + " ") {
    case .success: XCTFail("accepted")
    case .failure(let error):
      XCTAssertEqual(error.offset, limit)
      XCTAssertTrue(error.reason.contains("longer than"), error.reason)
    }
  }
}
