import XCTest

@testable import Razzle

/// The route kernel (`RazzleKernels.sampleRoutePoints`, through
/// `SpatialPath.Points.points`) and the Lottie route's column-by-column
/// blocks give the bits of one point at a time, at every kernel level this
/// CPU runs.
final class RouteKernelTests: XCTestCase {
  /// A route as After Effects exports one: curved segments, a straight
  /// one, a segment of length 0 (a held point), a tight turn (pieces
  /// halved), and a cusp where a tangent is zero.
  private func route() throws -> SpatialPath {
    let points = [
      PathPoint(478.5, 197), PathPoint(605.211, 514.635), PathPoint(700, 514.635),
      PathPoint(700, 514.635), PathPoint(320, 380), PathPoint(330, 390), PathPoint(90, 40),
    ]
    let outs = [
      PathPoint(21.12, 52.94), PathPoint(0, 0), PathPoint(0, 0), PathPoint(-200, 80),
      PathPoint(400, 300), PathPoint(0, 0), PathPoint(0, 0),
    ]
    let ins = [
      PathPoint(0, 0), PathPoint(-21.12, -52.94), PathPoint(0, 0), PathPoint(0, 0),
      PathPoint(150, -90), PathPoint(-380, 310), PathPoint(40, 60),
    ]
    return try SpatialPath(points: points, inTangents: ins, outTangents: outs)
  }

  /// Keyframe progress values: dense and in order past both ends (the
  /// usual case: eights that share a piece), shuffled, every segment's
  /// ends and the places just beside them, and a count that leaves a
  /// tail of seven.
  private func progressValues(segments: Int) -> [Double] {
    var values = (0..<20_000).map { Double($0) / 20_000 * (Double(segments) + 1) - 0.5 }
    var generator = SystemRandomNumberGenerator()
    var shuffled = values
    shuffled.shuffle(using: &generator)
    values += shuffled
    for i in 0...segments {
      let v = Double(i)
      values += [v, v.nextUp, v.nextDown, v + 0.5, -0.0]
    }
    values += [Double](repeating: 1.25, count: 8)
    return Array(values.prefix((values.count - 7) / 8 * 8 + 7))
  }

  func testRoutePointsMatchSinglePointsAtEveryLevel() throws {
    let route = try route()
    let values = progressValues(segments: route.segmentCount)
    XCTAssertEqual(values.count % 8, 7)
    let expected = values.map { route.point(keyframeProgress: $0) }
    for level in KernelLevel.allCases where level.isSupported {
      var x = [Double](repeating: 7, count: values.count)
      var y = [Double](repeating: 7, count: values.count)
      route.withPoints(route.table) { points in
        values.withUnsafeBufferPointer { v in
          x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
              points.points(
                v.baseAddress!, count: v.count, x: x.baseAddress!, y: y.baseAddress!, level: level)
            }
          }
        }
      }
      var bad = 0
      for j in values.indices
      where x[j].bitPattern != expected[j].x.bitPattern
        || y[j].bitPattern != expected[j].y.bitPattern
      {
        bad += 1
      }
      XCTAssertEqual(bad, 0, "\(level)")
    }
  }

  /// A Lottie route's values for rows of its segment and progress tracks:
  /// blocks in one segment (column by column, the kernel), hidden blocks
  /// (NaN), blocks across segments, held rows and NaN rows (row by row),
  /// into interleaved rows
  /// and into a channel a column: the bits of each row alone.
  func testLottieRouteBlocksMatchSingleRows() throws {
    let route = try route()
    let points = [
      [478.5, 197, 0], [605.211, 514.635, 5], [700, 514.635, 5], [700, 514.635, 5], [320, 380, 1],
      [330, 390, 1], [90, 40, 1],
    ]
    let curved = [true, false, false, true, true, true]
    let lottie = LottieRoute(points: points, curved: curved, path: route)
    var segments: [Double] = []
    var progress: [Double] = []
    // 64-row blocks in one segment with an eased progress running past
    // both ends of it, then rows that cross segments, hold, or are NaN.
    for i in 0..<6 {
      for j in 0..<192 {
        segments.append(Double(i))
        progress.append(Double(i) + (Double(j) / 160 - 0.1))
      }
    }
    // Hidden blocks (a layer out of its interval): segment and progress
    // NaN, then progress NaN alone; then a block hidden but for one row.
    segments += Array(repeating: .nan, count: 128) + Array(repeating: 2, count: 64)
    progress += Array(repeating: .nan, count: 192)
    segments += Array(repeating: .nan, count: 64)
    progress += Array(repeating: .nan, count: 40) + [2.25] + Array(repeating: .nan, count: 23)
    segments[segments.count - 24] = 2
    for j in 0..<300 {
      segments.append(Double(j % 7))
      progress.append(j % 11 == 0 ? .nan : Double(j % 7) + Double(j % 5) / 4)
      if j % 13 == 0 {
        segments.append(segments.last!)
        progress.append(progress.last!)
      }
    }
    segments += [.nan, 2, 2]
    progress += [1, .nan, 2.5]
    let rows = segments.count
    // Each row as the route's rule says, written out here: NaN for a NaN
    // input; at the last point from the last segment on; else the point
    // at the eased progress clamped to the segment (a curved one) or the
    // line between the ends, and the third channel on that line.
    var expected: [Double] = []
    for j in 0..<rows {
      guard !segments[j].isNaN, !progress[j].isNaN else {
        expected += [.nan, .nan, .nan]
        continue
      }
      let i = min(points.count - 1, max(0, Int(segments[j])))
      let eased = progress[j] - Double(i)
      guard i < points.count - 1 else {
        expected += points[i]
        continue
      }
      let line = (0..<3).map { c in points[i][c] + (points[i + 1][c] - points[i][c]) * eased }
      if curved[i] {
        let p = route.point(keyframeProgress: Double(i) + min(1, max(0, eased)))
        expected += [p.x, p.y, line[2]]
      } else {
        expected += line
      }
    }
    for level in KernelLevel.allCases where level.isSupported {
      try KernelLevel.select(level)
      defer { try? KernelLevel.select(nil) }
      // Interleaved rows, then planar columns (one channel a column).
      for planar in [false, true] {
        var out = [Double](repeating: 7, count: 3 * rows)
        out.withUnsafeMutableBufferPointer { out in
          lottie.values(
            segments: segments, progress: progress, strides: (1, 1), count: rows,
            into: out.baseAddress!, width: planar ? 1 : 3, channelStride: planar ? rows : 1)
        }
        var bad = 0
        for j in 0..<rows {
          for c in 0..<3 {
            let got = planar ? out[c * rows + j] : out[3 * j + c]
            if got.bitPattern != expected[3 * j + c].bitPattern { bad += 1 }
          }
        }
        XCTAssertEqual(bad, 0, "\(level), planar \(planar)")
      }
    }
  }
}
