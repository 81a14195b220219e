#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Paths as straight lines: a display list's verbs and points flattened
// into contours of points, under a matrix, within a tolerance. What the
// rasterizer fills (each contour closed) and what the stroker outlines.

/// Contours of points (x, y pairs), each open or closed, with their bounds.
/// The points live in storage the object keeps between paths (a frame
/// flattens thousands of paths: appending is a store, not an array append).
final class Polylines {
  /// x, y pairs of every contour, one after another (`pairCount` pairs).
  private(set) var xy: UnsafeMutablePointer<Double>
  private var capacity: Int
  private(set) var pairCount = 0
  /// Each contour's end (a pair index into `xy`) and whether it is closed.
  private(set) var ends: [Int] = []
  private(set) var closed: [Bool] = []
  private(set) var minX = Double.infinity
  private(set) var minY = Double.infinity
  private(set) var maxX = -Double.infinity
  private(set) var maxY = -Double.infinity
  /// True while a contour is open for points.
  private var open = false

  init() {
    capacity = 256
    xy = .allocate(capacity: 2 * capacity)
  }

  deinit { xy.deallocate() }

  var isEmpty: Bool { ends.isEmpty && !open }

  func removeAll() {
    pairCount = 0
    ends.removeAll(keepingCapacity: true)
    closed.removeAll(keepingCapacity: true)
    minX = .infinity
    minY = .infinity
    maxX = -.infinity
    maxY = -.infinity
    open = false
  }

  /// Starts a contour at (x, y), ending the one before as open.
  func move(_ x: Double, _ y: Double) {
    finish(closed: false)
    open = true
    point(x, y)
  }

  /// A line to (x, y).
  @inline(__always)
  func line(_ x: Double, _ y: Double) {
    open = true
    point(x, y)
  }

  /// Ends the contour being added, closed or open (nothing for none).
  func finish(closed isClosed: Bool) {
    guard open else { return }
    open = false
    ends.append(pairCount)
    closed.append(isClosed)
  }

  /// The most points one path becomes (16 MiB): a path that would pass it
  /// (a million curves across the frame, a stroke of a million sharp
  /// turns) keeps its first points and drops the rest, so its memory and
  /// its drawing time stay bounded.
  static let maximumPairs = 1 << 20

  @inline(__always)
  private func point(_ x: Double, _ y: Double) {
    guard pairCount < Self.maximumPairs else { return }
    if pairCount == capacity { grow() }
    xy[2 * pairCount] = x
    xy[2 * pairCount + 1] = y
    pairCount += 1
    if x < minX { minX = x }
    if x > maxX { maxX = x }
    if y < minY { minY = y }
    if y > maxY { maxY = y }
  }

  /// Adds a closed polygon, its points given by `count` calls of `point`,
  /// oriented so that its signed area is not negative (the stroker's
  /// pieces then never cancel each other under the nonzero rule).
  private func grow() {
    let bigger = UnsafeMutablePointer<Double>.allocate(capacity: 4 * capacity)
    bigger.update(from: xy, count: 2 * pairCount)
    xy.deallocate()
    xy = bigger
    capacity *= 2
  }

  func polygon(_ count: Int, _ point: (Int) -> (Double, Double)) {
    guard count >= 3 else { return }
    finish(closed: false)
    let first = 2 * pairCount
    var area = 0.0
    var (px, py) = point(count - 1)
    for i in 0..<count {
      let (x, y) = point(i)
      area += px * y - x * py
      px = x
      py = y
      self.point(x, y)
    }
    if area < 0 {
      // Reverse the pairs just added.
      var i = first
      var j = 2 * pairCount - 2
      while i < j {
        (xy[i], xy[j]) = (xy[j], xy[i])
        (xy[i + 1], xy[j + 1]) = (xy[j + 1], xy[i + 1])
        i += 2
        j -= 2
      }
    }
    ends.append(pairCount)
    closed.append(true)
  }

  /// Maps every point by `m` (the bounds follow).
  func transform(_ m: Affine) {
    guard !m.isIdentity else { return }
    minX = .infinity
    minY = .infinity
    maxX = -.infinity
    maxY = -.infinity
    for i in 0..<pairCount {
      let (x, y) = m.apply(xy[2 * i], xy[2 * i + 1])
      xy[2 * i] = x
      xy[2 * i + 1] = y
      if x < minX { minX = x }
      if x > maxX { maxX = x }
      if y < minY { minY = y }
      if y > maxY { maxY = y }
    }
  }

  /// Flattens a display list path (`verbs`, and its points from pair
  /// `pointStart` of `points`) mapped by `m` into contours, curves split
  /// until no line is farther than `tolerance` from its curve. A curve
  /// whose control points all lie outside `visible` (mapped coordinates;
  /// nil for no culling) is its chord: what it covers is outside, and the
  /// chord has the same winding inside.
  func append(
    verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>, pointStart: Int,
    matrix m: Affine, tolerance: Double, visible: (Double, Double, Double, Double)?
  ) {
    var p = pointStart * 2
    let limit = points.count
    var cx = 0.0
    var cy = 0.0
    var sx = 0.0
    var sy = 0.0
    for verb in verbs {
      switch verb {
      case 0:  // move
        guard p + 1 < limit else { return }
        (cx, cy) = m.apply(points[p], points[p + 1])
        p += 2
        sx = cx
        sy = cy
        move(cx, cy)
      case 1:  // line
        guard p + 1 < limit else { return }
        if !open { move(cx, cy) }  // after a close: from the contour's start
        (cx, cy) = m.apply(points[p], points[p + 1])
        p += 2
        line(cx, cy)
      case 2:  // cubic
        guard p + 5 < limit else { return }
        let (x1, y1) = m.apply(points[p], points[p + 1])
        let (x2, y2) = m.apply(points[p + 2], points[p + 3])
        let (x3, y3) = m.apply(points[p + 4], points[p + 5])
        p += 6
        if !open { move(cx, cy) }
        cubic(cx, cy, x1, y1, x2, y2, x3, y3, tolerance: tolerance, visible: visible)
        cx = x3
        cy = y3
      default:  // close
        if open {
          finish(closed: true)
          cx = sx
          cy = sy
        }
      }
    }
    finish(closed: false)
  }

  /// The curve from (x0, y0) (the current point) to (x3, y3) as lines.
  func cubic(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
    _ x3: Double, _ y3: Double, tolerance: Double, visible: (Double, Double, Double, Double)?
  ) {
    // A straight segment written as a curve (Lottie's vertices with zero
    // tangents, every rectangle's side): the chord is the curve. Flattened
    // by Wang's formula it became up to dozens of collinear pieces, which
    // every edge loop, stroke join and cache key then paid for.
    if x1 == x0 && y1 == y0 && x2 == x3 && y2 == y3 {
      line(x3, y3)
      return
    }
    if let (vx0, vy0, vx1, vy1) = visible {
      if max(max(x0, x1), max(x2, x3)) < vx0 || min(min(x0, x1), min(x2, x3)) > vx1
        || max(max(y0, y1), max(y2, y3)) < vy0 || min(min(y0, y1), min(y2, y3)) > vy1
      {
        line(x3, y3)
        return
      }
    }
    // Wang's formula: n lines keep within the tolerance.
    let ddx = max(abs(x0 - 2 * x1 + x2), abs(x1 - 2 * x2 + x3))
    let ddy = max(abs(y0 - 2 * y1 + y2), abs(y1 - 2 * y2 + y3))
    let bound = (ddx * ddx + ddy * ddy).squareRoot()
    let steps = (0.75 * bound / tolerance).squareRoot().rounded(.up)
    // Past a quarter of the points a path may have, curves are chords.
    let n =
      steps.isFinite && pairCount < Self.maximumPairs / 4
      ? Int(min(max(steps, 1), Self.maximumCurveLines)) : 1
    if n == 1 {
      line(x3, y3)
      return
    }
    let dt = 1 / Double(n)
    for i in 1..<n {
      let t = Double(i) * dt
      let u = 1 - t
      let b0 = u * u * u
      let b1 = 3 * u * u * t
      let b2 = 3 * u * t * t
      let b3 = t * t * t
      line(b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3, b0 * y0 + b1 * y1 + b2 * y2 + b3 * y3)
    }
    line(x3, y3)
  }

  /// The most lines one curve becomes (a curve thousands of pixels long
  /// is still smooth to the eye; the bound keeps the work finite).
  static let maximumCurveLines = 512.0
}
