#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A stroke as polygons to fill: each contour's outline (one side forward
// with its joins, miter, round or bevel, the end cap, the other side back,
// the start cap), every outline oriented the same way so that the nonzero
// rule fills their union. Dashes cut the lines first, as canvas and SVG do.
// Strokes are outlined in the path's own coordinates, so a scaled or
// skewed layer strokes as the designer's tool does; the polygons are
// mapped to pixels after.

/// How a stroke is drawn: width, cap and join (kf_line_cap, kf_line_join
/// numbers), miter limit.
struct StrokeStyle {
  var width: Double
  var cap: UInt32
  var join: UInt32
  var miterLimit: Double
}

/// Outlines strokes into polygons; keeps its scratch storage between
/// strokes.
struct Stroker {
  /// One contour's points without repeats.
  private var points: [Double] = []
  /// One dash's points.
  private var dash: [Double] = []

  /// The most dashes one stroke draws: a pattern far finer than the path
  /// is long would otherwise make unbounded work; past it the rest of the
  /// path is not drawn.
  static let maximumDashes = 100_000

  /// Adds the outline of `lines` (contours in the stroke's coordinates)
  /// drawn with `style` and `pattern` (on, off, … lengths, even count;
  /// empty for a solid line) from `offset` to `out`. `tolerance` is the
  /// largest distance, in the same coordinates, a round join or cap may be
  /// from its circle.
  mutating func outline(
    _ lines: Polylines, style: StrokeStyle, pattern: [Double], offset: Double, tolerance: Double,
    into out: Polylines
  ) {
    let hw = style.width / 2
    guard hw > 0 && hw.isFinite else { return }
    var geometry = Geometry(hw: hw, style: style, tolerance: tolerance)
    var dashesLeft = Self.maximumDashes
    var begin = 0
    for (k, end) in lines.ends.enumerated() {
      defer { begin = end }
      points.removeAll(keepingCapacity: true)
      var closed = lines.closed[k]
      for i in begin..<end {
        let x = lines.xy[2 * i]
        let y = lines.xy[2 * i + 1]
        let n = points.count
        if n >= 2 && points[n - 2] == x && points[n - 1] == y { continue }
        points.append(x)
        points.append(y)
      }
      var n = points.count / 2
      if n == 0 { continue }  // a contour past the point budget
      if closed && n >= 2 && points[0] == points[2 * n - 2] && points[1] == points[2 * n - 1] {
        points.removeLast(2)
        n -= 1
      }
      if n < 3 && closed && n == 2 {
        // A closed contour of two points is a line there and back.
        closed = false
        points.append(points[0])
        points.append(points[1])
        n = 3
      }
      if pattern.isEmpty {
        geometry.contour(points, n, closed: closed, into: out)
      } else {
        dashed(
          n, closed: closed, pattern: pattern, offset: offset, geometry: &geometry,
          budget: &dashesLeft, into: out)
      }
    }
  }

  /// Cuts the contour in `points` by the dash pattern and strokes each dash.
  private mutating func dashed(
    _ n: Int, closed: Bool, pattern: [Double], offset: Double, geometry: inout Geometry,
    budget: inout Int, into out: Polylines
  ) {
    let total = pattern.reduce(0, +)
    guard total > 0 && total.isFinite, n >= 1 else { return }
    var phase = offset.truncatingRemainder(dividingBy: total)
    if phase < 0 { phase += total }
    var index = 0
    while phase >= pattern[index] {
      phase -= pattern[index]
      index = (index + 1) % pattern.count
    }
    var left = pattern[index] - phase
    var on = index % 2 == 0
    dash.removeAll(keepingCapacity: true)
    if on { addDash(points[0], points[1]) }
    let segments = closed ? n : n - 1
    for s in 0..<segments {
      let j = (s + 1) % n
      let x0 = points[2 * s]
      let y0 = points[2 * s + 1]
      let x1 = points[2 * j]
      let y1 = points[2 * j + 1]
      let length = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
      var done = 0.0
      while length - done > left {
        done += left
        let t = done / length
        let x = x0 + (x1 - x0) * t
        let y = y0 + (y1 - y0) * t
        if on {
          addDash(x, y)
          geometry.contour(dash, dash.count / 2, closed: false, into: out)
          budget -= 1
          if budget <= 0 { return }
          dash.removeAll(keepingCapacity: true)
        } else {
          addDash(x, y)
        }
        on.toggle()
        index = (index + 1) % pattern.count
        left = pattern[index]
        // A zero-length "on" is a dot (a cap alone); a zero-length "off"
        // joins two dashes.
      }
      left -= length - done
      if on { addDash(x1, y1) }
    }
    if on && !dash.isEmpty {
      geometry.contour(dash, dash.count / 2, closed: false, into: out)
    }
  }

  /// A point of the dash being cut (a repeat of the last is dropped; a
  /// dash of one point is a dot).
  private mutating func addDash(_ x: Double, _ y: Double) {
    let n = dash.count
    if n >= 2 && dash[n - 2] == x && dash[n - 1] == y { return }
    dash.append(x)
    dash.append(y)
  }
}

/// The outline of one stroke's contours.
///
/// An open contour becomes one polygon: its right side forward (joins on
/// the outer side of each turn, the inner side through the vertex), the
/// end cap, its left side backward, the start cap. A closed contour becomes
/// its right side forward and its left side backward, two loops whose
/// band the nonzero rule fills. Every outline turns the same way (positive
/// area), so outlines that overlap add up instead of cancelling, and an
/// outline's edges are the stroke's edges: anti-aliasing sees one edge
/// where pieces drawn separately would overlap.
private struct Geometry {
  let hw: Double
  let style: StrokeStyle
  /// The angle one line of a round join or cap may turn.
  let arcStep: Double
  /// cos(arcStep / 2): a turn whose cosine is above it needs no arc.
  let smallTurn: Double

  init(hw: Double, style: StrokeStyle, tolerance: Double) {
    self.hw = hw
    self.style = style
    let c = 1 - min(tolerance / hw, 1)
    arcStep = max(2 * acos(c), 0.05)
    smallTurn = cos(arcStep / 2)
  }

  /// Strokes the first n points of `p` (no repeats).
  func contour(_ p: [Double], _ n: Int, closed: Bool, into out: Polylines) {
    if n == 1 || n == 2 && p[0] == p[2] && p[1] == p[3] {
      dot(p[0], p[1], into: out)
      return
    }
    out.finish(closed: false)
    if closed {
      side(p, n, forward: true, closed: true, into: out)
      out.finish(closed: true)
      side(p, n, forward: false, closed: true, into: out)
      out.finish(closed: true)
    } else {
      side(p, n, forward: true, closed: false, into: out)
      cap(p, from: n - 2, to: n - 1, into: out)
      side(p, n, forward: false, closed: false, into: out)
      cap(p, from: 1, to: 0, into: out)
      out.finish(closed: true)
    }
  }

  /// A zero-length contour: a round cap draws a disc, a square cap a
  /// square, butt nothing (as canvas does).
  private func dot(_ x: Double, _ y: Double, into out: Polylines) {
    switch style.cap {
    case 2:
      let steps = max(8, Int((2 * Double.pi / arcStep).rounded(.up)))
      out.polygon(steps) { k in
        let a = 2 * Double.pi * Double(k) / Double(steps)
        return (x + hw * cos(a), y + hw * sin(a))
      }
    case 3:
      out.polygon(4) { k in
        (x + (k == 1 || k == 2 ? hw : -hw), y + (k >= 2 ? hw : -hw))
      }
    default: return
    }
  }

  /// The unit direction from point i to point j; nil for none.
  @inline(__always)
  private func direction(_ p: [Double], _ i: Int, _ j: Int) -> (Double, Double)? {
    let dx = p[2 * j] - p[2 * i]
    let dy = p[2 * j + 1] - p[2 * i + 1]
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 && length.isFinite else { return nil }
    return (dx / length, dy / length)
  }

  /// The right side of the contour walked forward or backward (the left
  /// side backward is the right side of the reversed contour).
  private func side(
    _ p: [Double], _ n: Int, forward: Bool, closed: Bool, into out: Polylines
  ) {
    @inline(__always) func at(_ k: Int) -> Int { forward ? k : n - 1 - k }
    if !closed {
      // The first point's offset; each vertex after adds its join.
      guard let (dx, dy) = direction(p, at(0), at(1)) else { return }
      out.line(p[2 * at(0)] + hw * dy, p[2 * at(0) + 1] - hw * dx)
      for k in 1..<(n - 1) { join(p, at(k - 1), at(k), at(k + 1), into: out) }
      guard let (ex, ey) = direction(p, at(n - 2), at(n - 1)) else { return }
      out.line(p[2 * at(n - 1)] + hw * ey, p[2 * at(n - 1) + 1] - hw * ex)
    } else {
      for k in 0..<n { join(p, at((k + n - 1) % n), at(k), at((k + 1) % n), into: out) }
    }
  }

  /// The right side's points at vertex v between the line from a and the
  /// line to b: the outer join when the path turns left, the vertex
  /// itself between the two offsets when it turns right.
  private func join(_ p: [Double], _ a: Int, _ v: Int, _ b: Int, into out: Polylines) {
    guard let (d0x, d0y) = direction(p, a, v), let (d1x, d1y) = direction(p, v, b) else { return }
    let vx = p[2 * v]
    let vy = p[2 * v + 1]
    // The right normals.
    let u0x = d0y
    let u0y = -d0x
    let u1x = d1y
    let u1y = -d1x
    let cross = d0x * d1y - d0y * d1x
    let dot = d0x * d1x + d0y * d1y
    if abs(cross) <= 1e-12 && dot > 0 {
      out.line(vx + hw * u0x, vy + hw * u0y)
      return
    }
    // The right side is outside the turn when cross > 0 (the path turns
    // away from it, toward (-d0y, d0x)).
    guard cross > 0 || (abs(cross) <= 1e-12 && dot < 0) else {
      // Inside the turn the two offset lines cross hw tan(turn / 2) before
      // the vertex's offsets: that point is the side's corner when both
      // lines are longer; otherwise the side passes through the vertex
      // itself (the pieces then overlap, which the nonzero rule fills).
      let back = hw * abs(cross) / (1 + dot)
      let la = hypot(p[2 * v] - p[2 * a], p[2 * v + 1] - p[2 * a + 1])
      let lb = hypot(p[2 * b] - p[2 * v], p[2 * b + 1] - p[2 * v + 1])
      if back < la && back < lb && 1 + dot > 1e-12 {
        let k = hw / (1 + dot)
        out.line(vx + (u0x + u1x) * k, vy + (u0y + u1y) * k)
      } else {
        out.line(vx + hw * u0x, vy + hw * u0y)
        out.line(vx, vy)
        out.line(vx + hw * u1x, vy + hw * u1y)
      }
      return
    }
    switch style.join {
    case 2 where dot < smallTurn:
      let turn = atan2(abs(cross), dot)
      let steps = max(1, Int((turn / arcStep).rounded(.up)))
      for k in 0...steps {
        let psi = turn * Double(k) / Double(steps)
        let c = cos(psi)
        let sn = sin(psi)
        out.line(vx + hw * (c * u0x + sn * d0x), vy + hw * (c * u0y + sn * d0y))
      }
    case 1 where 1 + dot > 1e-12 && 2 / (1 + dot) <= style.miterLimit * style.miterLimit:
      // The miter's length over the width is 1 / cos(turn / 2).
      let k = hw / (1 + dot)
      out.line(vx + hw * u0x, vy + hw * u0y)
      out.line(vx + (u0x + u1x) * k, vy + (u0y + u1y) * k)
      out.line(vx + hw * u1x, vy + hw * u1y)
    default:
      out.line(vx + hw * u0x, vy + hw * u0y)
      out.line(vx + hw * u1x, vy + hw * u1y)
    }
  }

  /// The cap at point `end` of the line from point `from`: from the right
  /// side's last point around the end to the left side's first.
  private func cap(_ p: [Double], from: Int, to end: Int, into out: Polylines) {
    guard let (dx, dy) = direction(p, from, end) else { return }
    let ex = p[2 * end]
    let ey = p[2 * end + 1]
    let rx = dy
    let ry = -dx
    switch style.cap {
    case 2:
      let steps = max(2, Int((Double.pi / arcStep).rounded(.up)))
      for k in 1..<steps {
        let phi = Double.pi * Double(k) / Double(steps)
        let c = cos(phi)
        let sn = sin(phi)
        out.line(ex + hw * (c * rx + sn * dx), ey + hw * (c * ry + sn * dy))
      }
    case 3:
      out.line(ex + hw * (rx + dx), ey + hw * (ry + dy))
      out.line(ex + hw * (dx - rx), ey + hw * (dy - ry))
    default: return
    }
  }
}
