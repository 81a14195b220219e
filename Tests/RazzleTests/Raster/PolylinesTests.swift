import XCTest

@testable import Razzle

/// How paths become the polylines the rasterizer covers and strokes.
final class PolylinesTests: XCTestCase {
  /// `verbs` (0 move, 1 line, 2 cubic, 3 close) over `points`, flattened
  /// at the rasterizer's tolerance, as (x, y) pairs.
  func flattened(_ verbs: [UInt8], _ points: [Double]) -> [(Double, Double)] {
    let lines = Polylines()
    verbs.withUnsafeBufferPointer { v in
      points.withUnsafeBufferPointer { p in
        lines.append(
          verbs: v, points: p, pointStart: 0, matrix: .identity, tolerance: 0.1, visible: nil)
      }
    }
    return (0..<lines.pairCount).map { (lines.xy[2 * $0], lines.xy[2 * $0 + 1]) }
  }

  /// A square whose sides are curves with their handles on their ends, as
  /// Lottie writes a rectangle and every vertex with zero tangents: each
  /// side is its chord, one line (Wang's formula gave this 200-pixel side
  /// ⌈√(0.75 · 200 / 0.1)⌉ = 39 collinear pieces).
  func testACurveWithItsHandlesOnItsEndsIsOneLine() {
    let square: [Double] = [
      0, 0, 0, 0, 200, 0, 200, 0, 200, 0, 200, 200, 200, 200, 200, 200, 0, 200, 0, 200, 0, 200,
      0, 0, 0, 0,
    ]
    let points = flattened([0, 2, 2, 2, 2, 3], square)
    XCTAssertEqual(points.count, 5)
    for (got, corner) in zip(points, [(0.0, 0.0), (200, 0), (200, 200), (0, 200), (0, 0)]) {
      XCTAssertEqual(got.0, corner.0)
      XCTAssertEqual(got.1, corner.1)
    }
  }

  /// A curve with one handle off its end is a curve: flattened into the
  /// lines Wang's formula asks for, every point on the cubic.
  func testACurveWithAHandleOffItsEndIsFlattened() {
    let points = flattened([0, 2], [0, 0, 0, 100, 100, 100, 100, 100])
    XCTAssertGreaterThan(points.count, 10)
    for (x, y) in points {
      // x(t) = 100(3t²(1 − t) + t³) increases with t: t found from x by
      // bisection, y must be y(t) = 100(3(1 − t)²t + 3(1 − t)t² + t³).
      var lo = 0.0
      var hi = 1.0
      for _ in 0..<60 {
        let t = (lo + hi) / 2
        if 100 * (3 * t * t * (1 - t) + t * t * t) < x { lo = t } else { hi = t }
      }
      let t = (lo + hi) / 2
      let u = 1 - t
      XCTAssertEqual(y, 100 * (3 * u * u * t + 3 * u * t * t + t * t * t), accuracy: 1e-9)
    }
  }
}
