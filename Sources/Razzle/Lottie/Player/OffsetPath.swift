#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Offset path (`op`): each contour moved `amount` along its normals, as
// lottie-web's OffsetPathModifier computes it — each segment split at its
// inflection points and offset by the intersections of its control
// polygon's offset sides, neighbours that cross cut where they cross, and
// the gaps between them joined by a miter, a round or a bevel.

extension BezierContour {
  /// lottie-web's line joins of an offset path (`lj`).
  enum OffsetJoin: Int {
    case miter = 1
    case round = 2
    case bevel = 3
  }

  /// The contour offset by `amount` (positive: to the left of the
  /// direction of travel in y-down coordinates, outward for a clockwise
  /// contour on screen), as lottie-web's OffsetPathModifier does; an open
  /// contour becomes the closed outline around it (out along one side,
  /// back along the other). A miter is drawn where its point is less than
  /// `miterLimit` from the corner (a distance, as lottie-web compares it),
  /// else a bevel.
  func offset(by amount: Double, join: OffsetJoin, miterLimit: Double) -> BezierContour {
    typealias Bezier = PolynomialBezier
    let vertices = triples()
    let n = vertices.count
    let count = closed ? n : n - 1
    var pieces: [[Bezier]] = []
    if count > 0 {
      for k in 0..<count {
        let next = (k + 1) % n
        let segment = Bezier(
          vertices[k].v, vertices[k].o, vertices[next].i, vertices[next].v, linearize: true)
        pieces.append(Self.offsetSplit(segment, amount))
      }
      if !closed {
        for k in (0..<count).reversed() {
          let next = (k + 1) % n
          let segment = Bezier(
            vertices[next].v, vertices[next].i, vertices[k].o, vertices[k].v, linearize: true)
          pieces.append(Self.offsetSplit(segment, amount))
        }
      }
    }
    Self.pruneIntersections(&pieces)
    var out: [Triple] = []
    var lastPoint: Point?
    var lastSegment: Bezier?
    for piece in pieces {
      if let previous = lastSegment {
        lastPoint = Self.joinGap(&out, previous, piece[0], join, miterLimit)
      }
      lastSegment = piece[piece.count - 1]
      for segment in piece {
        let (p0, p1, p2, p3) = segment.points
        if let last = lastPoint, Bezier.nearlyEqual(p0, last), !out.isEmpty {
          out[out.count - 1].o = p1
        } else {
          out.append((p0, p1, p0))
        }
        out.append((p3, p3, p2))
        lastPoint = p3
      }
    }
    if let last = lastSegment, let first = pieces.first?.first {
      _ = Self.joinGap(&out, last, first, join, miterLimit)
    }
    return BezierContour(triples: out, closed: closed)
  }

  /// lottie-web's `offsetSegmentSplit`: the segment cut at its inflection
  /// points (so each piece's control polygon is convex), each piece offset.
  private static func offsetSplit(_ segment: PolynomialBezier, _ amount: Double)
    -> [PolynomialBezier]
  {
    let flex = segment.inflectionPoints()
    if flex.isEmpty { return [offsetSegment(segment, amount)] }
    if flex.count == 1 || PolynomialBezier.nearlyEqual(flex[1], 1) {
      let (left, right) = segment.split(flex[0])
      return [offsetSegment(left, amount), offsetSegment(right, amount)]
    }
    let (left, rest) = segment.split(flex[0])
    let (middle, right) = rest.split((flex[1] - flex[0]) / (1 - flex[0]))
    return [
      offsetSegment(left, amount), offsetSegment(middle, amount), offsetSegment(right, amount),
    ]
  }

  /// lottie-web's `offsetSegment`: the three sides of the control polygon
  /// moved `amount` along their normals; the new control points where the
  /// moved sides meet (or the moved side's end where they are parallel).
  private static func offsetSegment(_ segment: PolynomialBezier, _ amount: Double)
    -> PolynomialBezier
  {
    typealias Bezier = PolynomialBezier
    func moved(_ p: Point, _ q: Point) -> (Point, Point) {
      let angle = atan2(q.0 - p.0, q.1 - p.1)
      return (Bezier.polarOffset(p, angle, amount), Bezier.polarOffset(q, angle, amount))
    }
    let (s0, s1, s2, s3) = segment.points
    let (p0, p1a) = moved(s0, s1)
    let (p1b, p2b) = moved(s1, s2)
    let (p2a, p3) = moved(s2, s3)
    let p1 = Bezier.lineIntersection(p0, p1a, p1b, p2b) ?? p1a
    let p2 = Bezier.lineIntersection(p2a, p3, p1b, p2b) ?? p2a
    return Bezier(p0, p1, p2, p3)
  }

  /// lottie-web's `joinLines`: what joins `first`'s end to `second`'s
  /// start, appended to `out`; returns the point the output has reached.
  private static func joinGap(
    _ out: inout [Triple], _ first: PolynomialBezier, _ second: PolynomialBezier,
    _ join: OffsetJoin, _ miterLimit: Double
  ) -> Point {
    typealias Bezier = PolynomialBezier
    let p0 = first.points.3
    let p1 = second.points.0
    if join == .bevel || Bezier.nearlyEqual(p0, p1) { return p0 }
    if join == .round {
      let angleOut = -first.tangentAngle(1)
      let angleIn = -second.tangentAngle(0) + .pi
      let center = Bezier.lineIntersection(
        p0, Bezier.polarOffset(p0, angleOut + .pi / 2, 100), p1,
        Bezier.polarOffset(p1, angleOut + .pi / 2, 100))
      let radius = center.map { Bezier.distance($0, p0) } ?? Bezier.distance(p0, p1) / 2
      if !out.isEmpty {
        out[out.count - 1].o = Bezier.polarOffset(p0, angleOut, 2 * radius * kappa)
      }
      out.append((p1, p1, Bezier.polarOffset(p1, angleIn, 2 * radius * kappa)))
      return p1
    }
    let t0 = Bezier.nearlyEqual(p0, first.points.2) ? first.points.0 : first.points.2
    let t1 = Bezier.nearlyEqual(p1, second.points.1) ? second.points.3 : second.points.1
    if let corner = Bezier.lineIntersection(t0, p0, p1, t1),
      Bezier.distance(corner, p0) < miterLimit
    {
      out.append((corner, corner, corner))
      return corner
    }
    return p0
  }

  /// lottie-web's `pruneIntersections`: where the last piece of one
  /// segment's offset crosses the first of the next (the last segment's
  /// and the first's too), both are cut there.
  private static func pruneIntersections(_ pieces: inout [[PolynomialBezier]]) {
    guard !pieces.isEmpty else { return }
    for k in pieces.indices.dropFirst() {
      (pieces[k - 1], pieces[k]) = prune(pieces[k - 1], pieces[k])
    }
    if pieces.count > 1 {
      let last = pieces.count - 1
      (pieces[last], pieces[0]) = prune(pieces[last], pieces[0])
    }
  }

  private static func prune(_ a: [PolynomialBezier], _ b: [PolynomialBezier]) -> (
    [PolynomialBezier], [PolynomialBezier]
  ) {
    func crossing(_ p: PolynomialBezier, _ q: PolynomialBezier) -> (Double, Double)? {
      var found = p.intersections(q)
      if let first = found.first, PolynomialBezier.nearlyEqual(first.0, 1) { found.removeFirst() }
      return found.first
    }
    var outA = a
    var outB = b
    if let (s, t) = crossing(a[a.count - 1], b[0]) {
      outA[a.count - 1] = a[a.count - 1].split(s).0
      outB[0] = b[0].split(t).1
    }
    if a.count > 1 && b.count > 1, let (s, t) = crossing(a[0], b[b.count - 1]) {
      return ([a[0].split(s).0], [b[b.count - 1].split(t).1])
    }
    return (outA, outB)
  }
}
