import Razzle
import XCTest

/// Lengths, points, angles and wrapping, against hand-worked geometry.
final class PathTests: XCTestCase {
  private func path(_ data: String) throws -> Path { try Path(data: data) }

  private func assertPoint(
    _ p: PathPoint, _ x: Double, _ y: Double, _ tolerance: Double = 1e-12,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(p.x, x, accuracy: tolerance, "x", file: file, line: line)
    XCTAssertEqual(p.y, y, accuracy: tolerance, "y", file: file, line: line)
  }

  func testLineIsThreeFourFive() throws {
    let p = try path("M0 0 L3 4")
    XCTAssertEqual(p.length, 5)
    assertPoint(p.point(at: 0.5), 1.5, 2)
    XCTAssertEqual(p.angle(at: 0.5), atan2(4, 3) * 180 / .pi, accuracy: 1e-12)
    XCTAssertFalse(p.isClosed)
    // Open paths clamp.
    assertPoint(p.point(at: -1), 0, 0)
    assertPoint(p.point(at: 7), 3, 4)
    XCTAssertTrue(p.point(at: .nan).x.isNaN)
  }

  func testClosedSquareWrapsAndTakesTheLaterSegmentAtJoints() throws {
    let p = try path("M0 0 H10 V10 H0 Z")
    XCTAssertTrue(p.isClosed)
    XCTAssertEqual(p.length, 40)
    assertPoint(p.point(at: 0.25), 10, 0)
    XCTAssertEqual(p.angle(at: 0.25), 90)  // y down: the side going down
    assertPoint(p.point(at: 1), 0, 0)
    XCTAssertEqual(p.angle(at: 1), 0)  // 1 is 0 again
    assertPoint(p.point(at: -0.25), 0, 10)
    XCTAssertEqual(p.angle(at: -0.25), -90)
    assertPoint(p.point(at: 2.125), 5, 0)
    XCTAssertTrue(p.point(at: .infinity).x.isNaN)
  }

  func testHalfCircleArcAndRadiiScaledUp() throws {
    // Radius 5 from (0, 0) to (10, 0), sweep 1: through (5, -5) (y down).
    for data in ["M0 0 A5 5 0 0 1 10 0", "M0 0 A1 1 0 0 1 10 0", "M0 0 a2 2 0 1 1 10 0"] {
      let p = try path(data)
      XCTAssertEqual(p.length, 5 * .pi, accuracy: 1e-12, data)
      assertPoint(p.point(at: 0.5), 5, -5)
      XCTAssertEqual(p.angle(at: 0.5), 0, accuracy: 1e-12)
      assertPoint(p.point(at: 1), 10, 0)
    }
  }

  func testRotatedEllipseArcEndsWhereItSays() throws {
    let p = try path("M10 20 A30 10 30 1 0 50 40")
    assertPoint(p.point(at: 0), 10, 20)
    assertPoint(p.point(at: 1), 50, 40)
    guard case .arc(let arc, _, _) = p.segments[0].shape else { return XCTFail("not an arc") }
    XCTAssertEqual(arc.rotation, 30)
    XCTAssertGreaterThan(abs(arc.sweepAngle), .pi)  // the large arc
    XCTAssertLessThan(arc.sweepAngle, 0)  // sweep flag 0
  }

  func testDegenerateArcsAreLinesOrNothing() throws {
    XCTAssertEqual(try path("M0 0 A0 5 0 0 1 10 0").length, 10)
    let omitted = try path("M0 0 A5 5 0 0 1 0 0")
    XCTAssertEqual(omitted.segments.count, 0)
    XCTAssertEqual(omitted.length, 0)
    assertPoint(omitted.point(at: 0.5), 0, 0)
    XCTAssertEqual(omitted.angle(at: 0.5), 0)
  }

  func testBoundsUseExtremesNotControlPoints() throws {
    let b = try path("M0 0 C0 10 10 10 10 0").bounds
    XCTAssertEqual(b.x, 0)
    XCTAssertEqual(b.y, 0)
    XCTAssertEqual(b.width, 10)
    XCTAssertEqual(b.height, 7.5, accuracy: 1e-12)
    let circle = try path("M0 0 A5 5 0 1 1 0 10 A5 5 0 1 1 0 0").bounds
    XCTAssertEqual(circle.x, -5, accuracy: 1e-12)
    XCTAssertEqual(circle.width, 10, accuracy: 1e-12)
    XCTAssertEqual(circle.height, 10, accuracy: 1e-12)
  }

  func testBoundsOfCurvesAtExtremeScales() throws {
    // x(t) = 3s·t(1 − t)(1 − 2t) and y(t) = 3s·t(1 − t) for control points
    // (s, s) and (−s, s): x is extreme where 1 − 6t + 6t² = 0, t = 1/2 ∓
    // √3/6, at ±s·√3/6; y peaks at t = 1/2 at 3s/4. The derivative's
    // coefficients' squares overflow at s = 1e153 and underflow at 1e-160.
    for scale in [1.0, 1e153, 1e-160, 1e300] {
      let b = try path("M0 0 C\(scale) \(scale) \(-scale) \(scale) 0 0").bounds
      let half = scale * 3.0.squareRoot() / 6
      XCTAssertEqual(b.x, -half, accuracy: half * 1e-14, "\(scale)")
      XCTAssertEqual(b.width, 2 * half, accuracy: half * 1e-14, "\(scale)")
      XCTAssertEqual(b.y, 0, "\(scale)")
      XCTAssertEqual(b.height, 0.75 * scale, accuracy: scale * 1e-14, "\(scale)")
    }
  }

  func testTangentWhereAControlPointSitsOnItsEnd() throws {
    // The first control point is the start: the curve leaves towards the
    // second one, (10, 10) from (0, 0): 45°.
    let p = try path("M0 0 C0 0 10 10 20 0")
    XCTAssertEqual(p.angle(at: 0), 45, accuracy: 1e-12)
    // The last control point is the end: it arrives from (10, 10): -45°.
    let q = try path("M0 0 C10 10 20 0 20 0")
    XCTAssertEqual(q.angle(at: 1), -45, accuracy: 1e-12)
  }

  func testRotationModes() throws {
    let p = try path("M0 0 L0 10")  // straight down: 90°
    func angle(_ mode: PathRotation.Mode, _ offset: Double) throws -> Double {
      var f = [0.5]
      var out = [0.0]
      try f.withUnsafeMutableBufferPointer { f in
        try out.withUnsafeMutableBufferPointer { o in
          try p.points(
            at: UnsafeBufferPointer(f), rotation: try PathRotation(mode, offset: offset), xy: nil,
            angles: o)
        }
      }
      return out[0]
    }
    XCTAssertEqual(try angle(.auto, 0), 90)
    XCTAssertEqual(try angle(.reverse, 0), -90)
    XCTAssertEqual(try angle(.auto, 100), -170)
    XCTAssertEqual(try angle(.fixed, 30), 30)
    XCTAssertThrowsError(try PathRotation(.auto, offset: .nan))
    XCTAssertEqual(try PathRotation.Mode(code: 1), .reverse)
  }

  func testBatchMatchesSingleCallsBitForBit() throws {
    let p = try path("M0 0 C30 0 30 30 60 30 S90 60 120 60 A20 40 15 0 1 150 90 Q170 100 180 80 Z")
    let fractions = (0...2000).map { Double($0) / 1000 - 0.5 } + [.nan]
    var xy = [Double](repeating: 0, count: 2 * fractions.count)
    var angles = [Double](repeating: 0, count: fractions.count)
    try fractions.withUnsafeBufferPointer { f in
      try xy.withUnsafeMutableBufferPointer { xy in
        try angles.withUnsafeMutableBufferPointer { a in
          try p.points(at: f, xy: xy, angles: a)
        }
      }
    }
    for (i, f) in fractions.enumerated() {
      let q = p.point(at: f)
      XCTAssertEqual(q.x.bitPattern, xy[2 * i].bitPattern)
      XCTAssertEqual(q.y.bitPattern, xy[2 * i + 1].bitPattern)
      XCTAssertEqual(p.angle(at: f).bitPattern, angles[i].bitPattern)
    }
  }

  func testArcLengthIsMonotoneAndConsistent() throws {
    // Distances between successive points never exceed the arc length
    // between them, and add up to the length.
    let p = try path("M0 0 C100 0 0 100 100 100 S200 0 300 100")
    let n = 4000
    var chord = 0.0
    var previous = p.point(at: 0)
    for k in 1...n {
      let q = p.point(at: Double(k) / Double(n))
      let d = (q - previous)
      chord += (d.x * d.x + d.y * d.y).squareRoot()
      XCTAssertLessThanOrEqual(
        (d.x * d.x + d.y * d.y).squareRoot(), p.length / Double(n) * (1 + 1e-9))
      previous = q
    }
    XCTAssertEqual(chord, p.length, accuracy: 1e-4 * p.length)
  }
}

extension PathPoint {
  fileprivate static func - (a: PathPoint, b: PathPoint) -> PathPoint {
    PathPoint(a.x - b.x, a.y - b.y)
  }
}
