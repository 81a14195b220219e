#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// One cubic segment in lottie-web's polynomial form (its
// `PolynomialBezier`), for the shape modifiers that walk a path segment by
// segment (zig zag, offset path): its numbers are computed as lottie-web
// computes them, so the modified paths are lottie-web's.

/// A cubic Bézier segment p0, p1, p2, p3 and its polynomial coefficients:
/// B(t) = ((a t + b) t + c) t + d.
struct PolynomialBezier {
  typealias Point = (Double, Double)

  let points: (Point, Point, Point, Point)
  let a: Point
  let b: Point
  let c: Point
  let d: Point

  /// The segment p0 … p3; with `linearize`, a control point on its end
  /// (nearly: ``nearlyEqual(_:_:)``) moves a third of the chord in.
  init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, linearize: Bool = false) {
    var p1 = p1
    var p2 = p2
    if linearize && Self.nearlyEqual(p0, p1) { p1 = Self.lerp(p0, p3, 1.0 / 3) }
    if linearize && Self.nearlyEqual(p2, p3) { p2 = Self.lerp(p0, p3, 2.0 / 3) }
    points = (p0, p1, p2, p3)
    func coefficients(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> (
      Double, Double, Double, Double
    ) {
      (-p0 + 3 * p1 - 3 * p2 + p3, 3 * p0 - 6 * p1 + 3 * p2, -3 * p0 + 3 * p1, p0)
    }
    let x = coefficients(p0.0, p1.0, p2.0, p3.0)
    let y = coefficients(p0.1, p1.1, p2.1, p3.1)
    a = (x.0, y.0)
    b = (x.1, y.1)
    c = (x.2, y.2)
    d = (x.3, y.3)
  }

  /// lottie-web's `floatEqual`: within a 100,000th of the smaller
  /// magnitude.
  static func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) * 100000 <= min(abs(a), abs(b))
  }

  /// lottie-web's `pointEqual`.
  static func nearlyEqual(_ p: Point, _ q: Point) -> Bool {
    nearlyEqual(p.0, q.0) && nearlyEqual(p.1, q.1)
  }

  /// lottie-web's `floatZero`.
  static func nearlyZero(_ f: Double) -> Bool { abs(f) <= 0.00001 }

  static func lerp(_ p: Point, _ q: Point, _ amount: Double) -> Point {
    (p.0 * (1 - amount) + q.0 * amount, p.1 * (1 - amount) + q.1 * amount)
  }

  func point(_ t: Double) -> Point {
    (
      ((a.0 * t + b.0) * t + c.0) * t + d.0,
      ((a.1 * t + b.1) * t + c.1) * t + d.1
    )
  }

  func derivative(_ t: Double) -> Point {
    ((3 * t * a.0 + 2 * b.0) * t + c.0, (3 * t * a.1 + 2 * b.1) * t + c.1)
  }

  func tangentAngle(_ t: Double) -> Double {
    let p = derivative(t)
    return atan2(p.1, p.0)
  }

  func normalAngle(_ t: Double) -> Double {
    let p = derivative(t)
    return atan2(p.0, p.1)
  }

  /// The segment's inflection points strictly inside (0, 1), in order.
  func inflectionPoints() -> [Double] {
    let denominator = a.1 * b.0 - a.0 * b.1
    if Self.nearlyZero(denominator) { return [] }
    let cusp = (-0.5 * (a.1 * c.0 - a.0 * c.1)) / denominator
    let square = cusp * cusp - ((1.0 / 3) * (b.1 * c.0 - b.0 * c.1)) / denominator
    if square < 0 { return [] }
    let root = square.squareRoot()
    if Self.nearlyZero(root) {
      return root > 0 && root < 1 ? [cusp] : []
    }
    return [cusp - root, cusp + root].filter { $0 > 0 && $0 < 1 }
  }

  /// The two segments either side of t (a point segment at an end).
  func split(_ t: Double) -> (PolynomialBezier, PolynomialBezier) {
    let (p0, p1, p2, p3) = points
    if t <= 0 { return (Self(p0, p0, p0, p0), self) }
    if t >= 1 { return (self, Self(p3, p3, p3, p3)) }
    let p10 = Self.lerp(p0, p1, t)
    let p11 = Self.lerp(p1, p2, t)
    let p12 = Self.lerp(p2, p3, t)
    let p20 = Self.lerp(p10, p11, t)
    let p21 = Self.lerp(p11, p12, t)
    let p = Self.lerp(p20, p21, t)
    return (
      Self(p0, p10, p20, p, linearize: true), Self(p, p21, p12, p3, linearize: true)
    )
  }

  /// The least and greatest of one coordinate (0 x, 1 y) over the segment.
  private func extrema(_ axis: Int) -> (min: Double, max: Double) {
    func of(_ p: Point) -> Double { axis == 0 ? p.0 : p.1 }
    var low = of(points.0)
    var high = of(points.3)
    if low > high { swap(&low, &high) }
    // Roots of the derivative: 3a t² + 2b t + c.
    let qa = 3 * of(a)
    let qb = 2 * of(b)
    let qc = of(c)
    var roots: [Double] = []
    if qa != 0 {
      let s = qb * qb - 4 * qa * qc
      if s >= 0 {
        let single = -qb / (2 * qa)
        if s == 0 {
          roots = [single]
        } else {
          let delta = s.squareRoot() / (2 * qa)
          roots = [single - delta, single + delta]
        }
      }
    }
    for r in roots where r > 0 && r < 1 {
      let value = of(point(r))
      if value < low {
        low = value
      } else if value > high {
        high = value
      }
    }
    return (low, high)
  }

  /// The bounding box's center and size.
  fileprivate var box: (cx: Double, cy: Double, width: Double, height: Double) {
    let x = extrema(0)
    let y = extrema(1)
    return ((x.max + x.min) / 2, (y.max + y.min) / 2, x.max - x.min, y.max - y.min)
  }

  /// Where the two segments cross, as (t on self, t on other) pairs, by
  /// lottie-web's subdivision of bounding boxes (to boxes within
  /// `tolerance` or `depth` halvings).
  func intersections(_ other: PolynomialBezier, tolerance: Double = 2, depth: Int = 7)
    -> [(Double, Double)]
  {
    struct Piece {
      let curve: PolynomialBezier
      let t1: Double
      let t2: Double
      let box: (cx: Double, cy: Double, width: Double, height: Double)
      var t: Double { (t1 + t2) / 2 }
      init(_ curve: PolynomialBezier, _ t1: Double, _ t2: Double) {
        self.curve = curve
        self.t1 = t1
        self.t2 = t2
        box = curve.box
      }
      func halves() -> (Piece, Piece) {
        let (l, r) = curve.split(0.5)
        return (Piece(l, t1, t), Piece(r, t, t2))
      }
    }
    var found: [(Double, Double)] = []
    func search(_ p: Piece, _ q: Piece, _ level: Int) {
      guard abs(p.box.cx - q.box.cx) * 2 < p.box.width + q.box.width,
        abs(p.box.cy - q.box.cy) * 2 < p.box.height + q.box.height
      else { return }
      if level >= depth
        || (p.box.width <= tolerance && p.box.height <= tolerance && q.box.width <= tolerance
          && q.box.height <= tolerance)
      {
        found.append((p.t, q.t))
        return
      }
      let (p0, p1) = p.halves()
      let (q0, q1) = q.halves()
      search(p0, q0, level + 1)
      search(p0, q1, level + 1)
      search(p1, q0, level + 1)
      search(p1, q1, level + 1)
    }
    search(Piece(self, 0, 1), Piece(other, 0, 1), 0)
    return found
  }

  /// lottie-web's `lineIntersection`: where the line through s1, e1
  /// crosses the line through s2, e2 (homogeneous coordinates), or nil
  /// when they are (nearly) parallel.
  static func lineIntersection(_ s1: Point, _ e1: Point, _ s2: Point, _ e2: Point) -> Point? {
    typealias V = (Double, Double, Double)
    func cross(_ a: V, _ b: V) -> V {
      (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }
    let r = cross(cross((s1.0, s1.1, 1), (e1.0, e1.1, 1)), cross((s2.0, s2.1, 1), (e2.0, e2.1, 1)))
    if nearlyZero(r.2) { return nil }
    return (r.0 / r.2, r.1 / r.2)
  }

  /// lottie-web's `polarOffset`: `length` from p at `angle` (y down).
  static func polarOffset(_ p: Point, _ angle: Double, _ length: Double) -> Point {
    (p.0 + cos(angle) * length, p.1 - sin(angle) * length)
  }

  /// lottie-web's `pointDistance` (`Math.hypot`).
  static func distance(_ p: Point, _ q: Point) -> Double { hypot(p.0 - q.0, p.1 - q.1) }
}
