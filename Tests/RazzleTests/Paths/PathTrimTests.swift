import Razzle
import XCTest

/// Stroke trimming.
final class PathTrimTests: XCTestCase {
  func testOpenTrimClampsAndSlicesExactly() throws {
    let p = try Path(data: "M0 0 L10 0 L10 10")
    XCTAssertEqual(try p.trimmed(from: 0.25, to: 0.75).description, "M5 0 L10 0 L10 5")
    XCTAssertEqual(try p.trimmed(from: -1, to: 0.5).description, "M0 0 L10 0")
    XCTAssertEqual(try p.trimmed(from: 0.6, to: 0.4).description, "M10 2")
  }

  func testClosedTrimRunsPastTheEnd() throws {
    let p = try Path(data: "M0 0 H10 V10 H0 Z")
    XCTAssertEqual(try p.trimmed(from: 0.875, to: 1.125).description, "M0 5 L0 0 L5 0")
    XCTAssertEqual(try p.trimmed(from: 0.3, to: 1.3).description, p.description)
  }

  func testCubicSliceLiesOnTheCurve() throws {
    let p = try Path(data: "M0 0 C0 100 100 100 100 0")
    let t = try p.trimmed(from: 0.2, to: 0.7)
    XCTAssertEqual(t.length, 0.5 * p.length, accuracy: 1e-12 * p.length)
    for k in 0...10 {
      let f = Double(k) / 10
      let a = t.point(at: f)
      let b = p.point(at: 0.2 + 0.5 * f)
      XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
      XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
    }
    XCTAssertThrowsError(try p.trimmed(from: .nan, to: 1))
  }

  func testArcSliceKeepsTheEllipse() throws {
    let p = try Path(data: "M0 0 A5 5 0 0 1 10 0")
    let t = try p.trimmed(from: 0, to: 0.5)
    XCTAssertEqual(t.length, 2.5 * .pi, accuracy: 1e-12)
    let end = t.point(at: 1)
    XCTAssertEqual(end.x, 5, accuracy: 1e-12)
    XCTAssertEqual(end.y, -5, accuracy: 1e-12)
  }

  func testTrimPoints() throws {
    let p = try Path(data: "M0 0 L10 0")
    var xy = [Double](repeating: 0, count: 6)
    try xy.withUnsafeMutableBufferPointer {
      try p.trimPoints(from: 0.2, to: 0.8, count: 3, into: $0)
    }
    XCTAssertEqual(xy, [2, 0, 5, 0, 8, 0])
  }
}
