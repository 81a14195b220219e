import XCTest

@testable import Razzle

/// The batch's segment records give what the segments themselves give,
/// bit for bit, for every shape (so a path query's point and angle did not
/// change with them), and a batch of path queries does not depend on the
/// thread count.
final class SegmentEvaluatorTests: XCTestCase {
  override func tearDown() { Parallel.setThreadCount(0) }

  private let data =
    "M0 0 L10 0 Q20 0 20 10 C20 20 30 30 40 30 C40 30 50 30 60 40 A20 10 30 0 1 90 60 "
    + "A15 15 0 1 0 100 80 C100 80 100 80 120 80 C130 80 130 80 130 90 Z"

  func testRecordsMatchTheSegments() throws {
    let path = try Path(data: data)
    let ts = [0, 1e-12, 0.001, 0.25, 0.5, 0.5 + 1e-9, 0.75, 0.999, 1 - 1e-15, 1]
    for segment in path.segments {
      let record = SegmentEvaluator(segment)
      for t in ts {
        let p = segment.point(t)
        let d = segment.tangent(t)
        let q = record.point(t)
        let (r, e) = record.pointAndTangent(t)
        for (got, expected) in [
          (q.x, p.x), (q.y, p.y), (r.x, p.x), (r.y, p.y), (e.x, d.x), (e.y, d.y),
        ] {
          XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(segment.shape) at \(t)")
        }
      }
    }
  }

  func testBatchIsTheSameOnEveryThreadCount() throws {
    let path = try Path(data: data)
    let n = 3 * Parallel.minimumChunk
    let fractions = (0..<n).map { Double($0 * 7919 % n) / Double(n) * 1.2 - 0.1 }
    var reference: ([Double], [Double])?
    for threads in [1, 2, 3] {
      Parallel.setThreadCount(threads)
      var xy = [Double](repeating: 0, count: 2 * n)
      var angles = [Double](repeating: 0, count: n)
      try fractions.withUnsafeBufferPointer { f in
        try xy.withUnsafeMutableBufferPointer { xy in
          try angles.withUnsafeMutableBufferPointer { try path.points(at: f, xy: xy, angles: $0) }
        }
      }
      if let (x0, a0) = reference {
        XCTAssertTrue(zip(xy, x0).allSatisfy { $0.bitPattern == $1.bitPattern }, "\(threads)")
        XCTAssertTrue(zip(angles, a0).allSatisfy { $0.bitPattern == $1.bitPattern }, "\(threads)")
      } else {
        reference = (xy, angles)
      }
    }
  }
}
