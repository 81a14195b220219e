import Razzle
import XCTest

/// Spatial interpolation through keyframed points.
final class SpatialPathTests: XCTestCase {
  func testStraightSegmentsAreTraversedByArcLength() throws {
    let s = try SpatialPath(
      points: [PathPoint(0, 0), PathPoint(30, 0), PathPoint(30, 10)], inTangents: nil,
      outTangents: nil)
    XCTAssertEqual(s.path.length, 40)
    XCTAssertEqual(s.path.point(at: 0.5), PathPoint(20, 0))
    XCTAssertEqual(s.point(keyframeProgress: 1.5), PathPoint(30, 5))
    XCTAssertEqual(s.point(keyframeProgress: 9), PathPoint(30, 10))
  }

  func testTangentsMakeCubics() throws {
    // A quarter of a circle of radius 1 as the usual cubic (k = 0.5523).
    let k = 4 * (2.0.squareRoot() - 1) / 3
    let s = try SpatialPath(
      points: [PathPoint(1, 0), PathPoint(0, 1)], inTangents: [.zero, PathPoint(k, 0)],
      outTangents: [PathPoint(0, k), .zero])
    XCTAssertEqual(s.path.length, .pi / 2, accuracy: 1e-3)
    let mid = s.point(keyframeProgress: 0.5)
    XCTAssertEqual(mid.x, mid.y, accuracy: 1e-12)  // symmetric
    XCTAssertThrowsError(try SpatialPath(points: [], inTangents: nil, outTangents: nil))
    XCTAssertThrowsError(
      try SpatialPath(points: [PathPoint(.nan, 0)], inTangents: nil, outTangents: nil))
    XCTAssertThrowsError(
      try SpatialPath(points: [.zero, .zero], inTangents: [.zero], outTangents: nil))
  }
}
