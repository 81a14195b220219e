#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The geometry a Lottie shape tree draws: contours of cubic Bézier
// segments, built from Lottie's vertex lists, rectangles and ellipses as
// lottie-web builds them, measured and trimmed by arc length.

/// One contour: a start point and cubic segments (every Lottie segment is
/// a cubic; a line is a cubic with its control points on its ends).
struct BezierContour: Sendable {
  /// x, y pairs: the start, then three points (c1, c2, end) a segment.
  var points: [Double]
  var closed: Bool

  var segmentCount: Int { max(0, (points.count / 2 - 1) / 3) }

  /// lottie-web's "roundCorner" (4/3 · (√2 − 1), rounded as it writes it).
  static let kappa = 0.5519

  /// A contour of Lottie's shape numbers (v, i, o per vertex; tangents
  /// relative to their vertex): segment k joins vertex k to k + 1 with
  /// control points v[k] + o[k] and v[k + 1] + i[k + 1]; closed adds the
  /// segment from the last vertex back to the first.
  init(lottie n: UnsafeBufferPointer<Double>, closed: Bool) {
    let count = n.count / 6
    self.closed = closed
    points = []
    guard count > 0 else { return }
    points.reserveCapacity(2 + 6 * count)
    points.append(n[0])
    points.append(n[1])
    let last = closed ? count : count - 1
    for k in 0..<last {
      let a = 6 * k
      let b = 6 * ((k + 1) % count)
      points.append(n[a] + n[a + 4])
      points.append(n[a + 1] + n[a + 5])
      points.append(n[b] + n[b + 2])
      points.append(n[b + 1] + n[b + 3])
      points.append(n[b])
      points.append(n[b + 1])
    }
  }

  init(points: [Double], closed: Bool) {
    self.points = points
    self.closed = closed
  }

  /// A point (x, y).
  typealias Point = (Double, Double)
  /// A vertex and its out and in control points, absolute, as lottie-web's
  /// `setTripleAt` lists them.
  typealias Triple = (v: Point, o: Point, i: Point)

  /// The contour's vertices as lottie-web's shape path holds them: one a
  /// vertex (a closed contour's end, its start again, is not one), with its
  /// out control point (an open contour's last: the vertex) and its in
  /// control point (an open contour's first: the vertex).
  func triples() -> [Triple] {
    let n = segmentCount + (closed ? 0 : 1)
    guard n > 0 else { return [] }
    func point(_ index: Int) -> Point { (points[index], points[index + 1]) }
    var out: [Triple] = []
    out.reserveCapacity(n)
    for k in 0..<n {
      let v = point(6 * k)
      let o = k < segmentCount ? point(6 * k + 2) : v
      let i: Point
      if k > 0 {
        i = point(6 * k - 2)
      } else if closed && segmentCount > 0 {
        i = point(6 * (segmentCount - 1) + 4)
      } else {
        i = v
      }
      out.append((v, o, i))
    }
    return out
  }

  /// The contour through `triples`: segment k from vertex k (its out
  /// control point) to vertex k + 1 (its in control point), and when
  /// `closed` from the last back to the first.
  init(triples: [Triple], closed: Bool) {
    self.closed = closed
    guard let first = triples.first else {
      points = []
      return
    }
    points = [first.v.0, first.v.1]
    let last = closed ? triples.count : triples.count - 1
    points.reserveCapacity(2 + 6 * max(0, last))
    for k in 0..<max(0, last) {
      let a = triples[k]
      let b = triples[(k + 1) % triples.count]
      points += [a.o.0, a.o.1, b.i.0, b.i.1, b.v.0, b.v.1]
    }
  }

  /// The contour with each sharp vertex (both its control points on it)
  /// replaced by two vertices `radius` along its edges (at most half an
  /// edge) joined by a curve, as lottie-web's RoundCornersModifier does;
  /// an open contour keeps its end vertices.
  func roundingCorners(_ radius: Double) -> BezierContour {
    let vertices = triples()
    let n = vertices.count
    guard n > 0 else { return self }
    var out: [Triple] = []
    for k in 0..<n {
      let (cv, o, i) = vertices[k]
      guard cv == o && cv == i else {
        out.append(vertices[k])
        continue
      }
      if (k == 0 || k == n - 1) && !closed {
        out.append(vertices[k])
        continue
      }
      for side in 0..<2 {
        let other = side == 0 ? vertices[(k + n - 1) % n].v : vertices[(k + 1) % n].v
        let dx = other.0 - cv.0
        let dy = other.1 - cv.1
        let distance = (dx * dx + dy * dy).squareRoot()
        let share = distance > 0 ? min(distance / 2, radius) / distance : 0
        let p = (cv.0 + dx * share, cv.1 + dy * share)
        // The control point toward the corner, kappa of the way back.
        let c = (p.0 - (p.0 - cv.0) * Self.kappa, p.1 - (p.1 - cv.1) * Self.kappa)
        out.append(side == 0 ? (p, c, p) : (p, p, c))
      }
    }
    return BezierContour(triples: out, closed: closed)
  }

  /// The contour zig-zagged as lottie-web's ZigZagModifier does: each
  /// vertex, and `ridges` points evenly spaced in t on each segment, moved
  /// `size` along the normal, alternately to either side (a vertex's
  /// normal is the perpendicular of the line from the vertex before it to
  /// the one after, an open contour's ends wrapping round as lottie-web's
  /// do); corners are sharp, or with `smooth` each point's control points
  /// lie along the path, a 2 (ridges + 1)-th of its segment's chord (a
  /// vertex's: of its neighbours' distances) from it. A closed contour
  /// ends on its first vertex again.
  ///
  /// The ridges a segment are cut so that the contour has at most
  /// `vertexLimit` vertices (a file's `r` of 1e9 draws in bounded time).
  func zigZagged(size amplitude: Double, ridges: Double, smooth: Bool, vertexLimit: Int)
    -> BezierContour
  {
    let vertices = triples()
    let n = vertices.count
    let count = closed ? n : n - 1
    guard count > 0 else { return BezierContour(points: [], closed: closed) }
    let frequency = Int(min(ridges, Double(max(0, (vertexLimit - 1) / count - 1))))
    let spacing = Double((frequency + 1) * 2)
    var out: [Triple] = []
    out.reserveCapacity(count * (frequency + 1) + 1)
    // A point moved `direction` · `size` along `angle`, its control points
    // along the path either side (direction is ±1: the products round as
    // lottie-web's cos(angle) · direction · size do).
    func setPoint(
      _ p: Point, _ angle: Double, _ direction: Double, _ outLength: Double, _ inLength: Double
    ) {
      let moved = PolynomialBezier.polarOffset(p, angle, direction * amplitude)
      out.append(
        (
          moved, PolynomialBezier.polarOffset(moved, angle - .pi / 2, outLength),
          PolynomialBezier.polarOffset(moved, angle + .pi / 2, inLength)
        ))
    }
    // (√(dx² + dy²) as lottie-web's zig zag computes it; its offset path
    // uses Math.hypot, PolynomialBezier.distance.)
    func distance(_ a: Point, _ b: Point) -> Double {
      let dx = a.0 - b.0
      let dy = a.1 - b.1
      return (dx * dx + dy * dy).squareRoot()
    }
    func corner(_ k: Int, _ direction: Double) {
      let previous = vertices[k == 0 ? n - 1 : k - 1].v
      let next = vertices[(k + 1) % n].v
      let point = vertices[k % n].v
      // The perpendicular of next − previous (a rotation by −π/2, with
      // its cosine and sine as computed), and its angle.
      let vx = next.0 - previous.0
      let vy = next.1 - previous.1
      let rotation = -Double.pi * 0.5
      let perpendicular = (
        cos(rotation) * vx - sin(rotation) * vy, sin(rotation) * vx + cos(rotation) * vy
      )
      let angle = atan2(0, 1) - atan2(perpendicular.1, perpendicular.0)
      let previousLength = smooth ? distance(point, previous) : 0
      let nextLength = smooth ? distance(point, next) : 0
      setPoint(point, angle, direction, nextLength / spacing, previousLength / spacing)
    }
    func segment(_ k: Int, _ direction: Double) -> Double {
      var direction = direction
      let next = (k + 1) % n
      let curve = PolynomialBezier(
        vertices[k].v, vertices[k].o, vertices[next].i, vertices[next].v, linearize: true)
      let chord = smooth ? distance(curve.points.3, curve.points.0) : 0
      for r in 0..<frequency {
        let t = Double(r + 1) / Double(frequency + 1)
        setPoint(curve.point(t), curve.normalAngle(t), direction, chord / spacing, chord / spacing)
        direction = -direction
      }
      return direction
    }
    var direction = -1.0
    corner(0, direction)
    for k in 0..<count {
      direction = segment(k, -direction)
      corner(k + 1, direction)
    }
    return BezierContour(triples: out, closed: closed)
  }

  /// The contour bloated (amount > 0: vertices in, segments bulging out)
  /// or puckered (amount < 0: vertices out, segments pulled in), as
  /// lottie-web's PuckerAndBloatModifier does: with c the mean of the
  /// vertices and p = amount / 100, each vertex v moves to v + (c − v) p
  /// and each control point q (absolute) to q − (c − q) p, the opposite
  /// way.
  func puckeringAndBloating(_ amount: Double) -> BezierContour {
    // Vertices: the start and each segment's end, less a closed
    // contour's last (its start again).
    let vertices = segmentCount + (closed ? 0 : 1)
    guard vertices > 0 else { return self }
    var cx = 0.0
    var cy = 0.0
    for k in 0..<vertices {
      cx += points[6 * k]
      cy += points[6 * k + 1]
    }
    cx /= Double(vertices)
    cy /= Double(vertices)
    let p = amount / 100
    var moved = points
    for j in stride(from: 0, to: moved.count, by: 2) {
      // Index 6k is a vertex; 6k + 2 and 6k + 4 are control points.
      let f = j % 6 == 0 ? p : -p
      moved[j] = points[j] + (cx - points[j]) * f
      moved[j + 1] = points[j + 1] + (cy - points[j + 1]) * f
    }
    return BezierContour(points: moved, closed: closed)
  }

  /// lottie-web's rectangle (RectShapeProperty.convertRectToPath): from the
  /// top right corner, down the right side first (up when `reversed`,
  /// direction 3), corners rounded by min(r, w / 2, h / 2).
  static func rectangle(
    center p: SIMD4<Double>, size s: SIMD4<Double>, roundness r: Double, reversed: Bool
  ) -> BezierContour {
    let p0 = p[0]
    let p1 = p[1]
    let v0 = s[0] / 2
    let v1 = s[1] / 2
    let round = max(0, min(v0, v1, r))
    let c = round * (1 - kappa)
    typealias T = (v: (Double, Double), o: (Double, Double), i: (Double, Double))
    var t: [T] = []
    if !reversed {
      t.append(((p0 + v0, p1 - v1 + round), (p0 + v0, p1 - v1 + round), (p0 + v0, p1 - v1 + c)))
      t.append(((p0 + v0, p1 + v1 - round), (p0 + v0, p1 + v1 - c), (p0 + v0, p1 + v1 - round)))
      if round != 0 {
        t.append(((p0 + v0 - round, p1 + v1), (p0 + v0 - round, p1 + v1), (p0 + v0 - c, p1 + v1)))
        t.append(((p0 - v0 + round, p1 + v1), (p0 - v0 + c, p1 + v1), (p0 - v0 + round, p1 + v1)))
        t.append(((p0 - v0, p1 + v1 - round), (p0 - v0, p1 + v1 - round), (p0 - v0, p1 + v1 - c)))
        t.append(((p0 - v0, p1 - v1 + round), (p0 - v0, p1 - v1 + c), (p0 - v0, p1 - v1 + round)))
        t.append(((p0 - v0 + round, p1 - v1), (p0 - v0 + round, p1 - v1), (p0 - v0 + c, p1 - v1)))
        t.append(((p0 + v0 - round, p1 - v1), (p0 + v0 - c, p1 - v1), (p0 + v0 - round, p1 - v1)))
      } else {
        t.append(((p0 - v0, p1 + v1), (p0 - v0 + c, p1 + v1), (p0 - v0, p1 + v1)))
        t.append(((p0 - v0, p1 - v1), (p0 - v0, p1 - v1 + c), (p0 - v0, p1 - v1)))
      }
    } else {
      t.append(((p0 + v0, p1 - v1 + round), (p0 + v0, p1 - v1 + c), (p0 + v0, p1 - v1 + round)))
      if round != 0 {
        t.append(((p0 + v0 - round, p1 - v1), (p0 + v0 - round, p1 - v1), (p0 + v0 - c, p1 - v1)))
        t.append(((p0 - v0 + round, p1 - v1), (p0 - v0 + c, p1 - v1), (p0 - v0 + round, p1 - v1)))
        t.append(((p0 - v0, p1 - v1 + round), (p0 - v0, p1 - v1 + round), (p0 - v0, p1 - v1 + c)))
        t.append(((p0 - v0, p1 + v1 - round), (p0 - v0, p1 + v1 - c), (p0 - v0, p1 + v1 - round)))
        t.append(((p0 - v0 + round, p1 + v1), (p0 - v0 + round, p1 + v1), (p0 - v0 + c, p1 + v1)))
        t.append(((p0 + v0 - round, p1 + v1), (p0 + v0 - c, p1 + v1), (p0 + v0 - round, p1 + v1)))
        t.append(((p0 + v0, p1 + v1 - round), (p0 + v0, p1 + v1 - round), (p0 + v0, p1 + v1 - c)))
      } else {
        t.append(((p0 - v0, p1 - v1), (p0 - v0 + c, p1 - v1), (p0 - v0, p1 - v1)))
        t.append(((p0 - v0, p1 + v1), (p0 - v0, p1 + v1 - c), (p0 - v0, p1 + v1)))
        t.append(((p0 + v0, p1 + v1), (p0 + v0 - c, p1 + v1), (p0 + v0, p1 + v1)))
      }
    }
    return BezierContour(triples: t, closed: true)
  }

  /// The most vertices a polystar makes (a star has twice its points):
  /// more is drawn as this many, so a hostile `pt` costs bounded work.
  static let maximumPolystarVertices = 1 << 16

  /// lottie-web's polystar (StarShapeProperty.convertStarToPath and
  /// convertPolygonToPath) at frame t: ⌊pt⌋ points (a star alternates
  /// outer and inner vertices, 2⌊pt⌋ of them) from the top, rotated by `r`
  /// degrees, clockwise on screen (the other way for direction 3); each
  /// vertex's tangents lie along the circle, `os`/`is` % of the polygon's
  /// perimeter share long. Nil when no vertex is drawn (fewer than one
  /// point, or numbers that are not finite).
  static func polystar(_ s: LottiePolystar, at t: Double) -> BezierContour? {
    let p = s.position.vector(at: t)
    let pt = s.points.scalar(at: t).rounded(.down)
    guard pt >= 1, pt.isFinite else { return nil }
    let n = Int(min(pt * (s.star ? 2 : 1), Double(maximumPolystarVertices)))
    let angle = 2 * Double.pi / Double(n)
    let outer = s.outerRadius.scalar(at: t)
    let inner = s.star ? s.innerRadius.scalar(at: t) : outer
    let outerRound = s.outerRoundness.scalar(at: t) * 0.01
    let innerRound = s.star ? s.innerRoundness.scalar(at: t) * 0.01 : outerRound
    // A star's perimeter share is 2π r / (2n) per vertex pair, a polygon's
    // 2π r / (4n): lottie-web's two constants.
    let outerSegment = 2 * Double.pi * outer / Double(s.star ? n * 2 : n * 4)
    let innerSegment = 2 * Double.pi * inner / Double(s.star ? n * 2 : n * 4)
    let dir: Double = s.reversed ? -1 : 1
    var current = -Double.pi / 2 + s.rotation.scalar(at: t) * Double.pi / 180
    typealias T = (v: (Double, Double), o: (Double, Double), i: (Double, Double))
    var triples: [T] = []
    triples.reserveCapacity(n)
    var long = true
    for _ in 0..<n {
      let radius = long ? outer : inner
      let round = long ? outerRound : innerRound
      let segment = long ? outerSegment : innerSegment
      var x = radius * cos(current)
      var y = radius * sin(current)
      let length = (x * x + y * y).squareRoot()
      let ox = x == 0 && y == 0 ? 0 : y / length
      let oy = x == 0 && y == 0 ? 0 : -x / length
      x += p[0]
      y += p[1]
      let k = segment * round * dir
      triples.append(((x, y), (x - ox * k, y - oy * k), (x + ox * k, y + oy * k)))
      if s.star { long.toggle() }
      current += angle * dir
    }
    let contour = BezierContour(triples: triples, closed: true)
    return contour.points.allSatisfy(\.isFinite) ? contour : nil
  }

  /// lottie-web's ellipse (EllShapeProperty.convertEllToPath): four
  /// vertices from the top, clockwise on screen (counter-clockwise when
  /// `reversed`).
  static func ellipse(center p: SIMD4<Double>, size s: SIMD4<Double>, reversed: Bool)
    -> BezierContour
  {
    let p0 = p[0]
    let p1 = p[1]
    let s0 = s[0] / 2
    let s1 = s[1] / 2
    let k = kappa
    let cw = !reversed
    typealias T = (v: (Double, Double), o: (Double, Double), i: (Double, Double))
    let t: [T] = [
      (
        (p0, p1 - s1), (cw ? p0 + s0 * k : p0 - s0 * k, p1 - s1),
        (cw ? p0 - s0 * k : p0 + s0 * k, p1 - s1)
      ),
      (
        (cw ? p0 + s0 : p0 - s0, p1), (cw ? p0 + s0 : p0 - s0, p1 + s1 * k),
        (cw ? p0 + s0 : p0 - s0, p1 - s1 * k)
      ),
      (
        (p0, p1 + s1), (cw ? p0 - s0 * k : p0 + s0 * k, p1 + s1),
        (cw ? p0 + s0 * k : p0 - s0 * k, p1 + s1)
      ),
      (
        (cw ? p0 - s0 : p0 + s0, p1), (cw ? p0 - s0 : p0 + s0, p1 - s1 * k),
        (cw ? p0 - s0 : p0 + s0, p1 + s1 * k)
      ),
    ]
    return BezierContour(triples: t, closed: true)
  }

  /// A rectangle's four corners as a closed contour of lines.
  static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierContour {
    var c = BezierContour(points: [x, y], closed: true)
    for (px, py) in [(x + w, y), (x + w, y + h), (x, y + h), (x, y)] {
      let (ax, ay) = (c.points[c.points.count - 2], c.points[c.points.count - 1])
      c.points += [ax, ay, px, py, px, py]
    }
    return c
  }

  // MARK: Measuring and cutting

  /// Segment k's control points.
  @inline(__always)
  func segment(_ k: Int) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
    let i = 6 * k
    return (
      points[i], points[i + 1], points[i + 2], points[i + 3], points[i + 4], points[i + 5],
      points[i + 6], points[i + 7]
    )
  }

  /// |B'(t)| of a cubic.
  @inline(__always)
  static func speed(
    _ s: (Double, Double, Double, Double, Double, Double, Double, Double), _ t: Double
  ) -> Double {
    let u = 1 - t
    let dx = 3 * (u * u * (s.2 - s.0) + 2 * u * t * (s.4 - s.2) + t * t * (s.6 - s.4))
    let dy = 3 * (u * u * (s.3 - s.1) + 2 * u * t * (s.5 - s.3) + t * t * (s.7 - s.5))
    return norm(dx, dy)
  }

  /// The arc length of a cubic over [a, b]: the eight-point Gauss–Legendre
  /// rule on each half (exact to rounding for lines, well under a
  /// thousandth of a pixel for the curves a design draws).
  static func length(
    _ s: (Double, Double, Double, Double, Double, Double, Double, Double), _ a: Double = 0,
    _ b: Double = 1
  ) -> Double {
    let m = 0.5 * (a + b)
    return GaussLegendre.integrate(a, m) { speed(s, $0) }
      + GaussLegendre.integrate(m, b) { speed(s, $0) }
  }

  /// Each segment's length.
  func segmentLengths() -> [Double] {
    (0..<segmentCount).map { Self.length(segment($0)) }
  }

  /// The t at which a cubic of length `total` has covered `target`.
  static func parameter(
    _ s: (Double, Double, Double, Double, Double, Double, Double, Double), at target: Double,
    total: Double
  ) -> Double {
    guard total > 0 else { return 0 }
    if target <= 0 { return 0 }
    if target >= total { return 1 }
    var lo = 0.0
    var hi = 1.0
    var t = target / total
    for _ in 0..<30 {
      let f = length(s, 0, t) - target
      if abs(f) <= 1e-9 * total { break }
      if f > 0 { hi = t } else { lo = t }
      let v = speed(s, t)
      var next = v > 0 ? t - f / v : 0.5 * (lo + hi)
      if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
      t = next
      if hi - lo < 1e-12 { break }
    }
    return t
  }

  /// The part of a cubic between t0 and t1, by de Casteljau.
  static func slice(
    _ s: (Double, Double, Double, Double, Double, Double, Double, Double), _ t0: Double,
    _ t1: Double
  ) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
    func split(
      _ s: (Double, Double, Double, Double, Double, Double, Double, Double), _ t: Double
    ) -> (
      (Double, Double, Double, Double, Double, Double, Double, Double),
      (Double, Double, Double, Double, Double, Double, Double, Double)
    ) {
      func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
      let ax = lerp(s.0, s.2)
      let ay = lerp(s.1, s.3)
      let bx = lerp(s.2, s.4)
      let by = lerp(s.3, s.5)
      let cx = lerp(s.4, s.6)
      let cy = lerp(s.5, s.7)
      let dx = lerp(ax, bx)
      let dy = lerp(ay, by)
      let ex = lerp(bx, cx)
      let ey = lerp(by, cy)
      let fx = lerp(dx, ex)
      let fy = lerp(dy, ey)
      return ((s.0, s.1, ax, ay, dx, dy, fx, fy), (fx, fy, ex, ey, cx, cy, s.6, s.7))
    }
    var piece = s
    if t1 < 1 { piece = split(piece, t1).0 }
    if t0 > 0 { piece = split(piece, t1 > 0 ? t0 / t1 : 0).1 }
    return piece
  }
}
