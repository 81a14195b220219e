#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One drawn piece of a path: a line, a quadratic or cubic Bézier curve or
/// an elliptical arc, parameterized by t in [0, 1].
///
/// Lines and Béziers are evaluated in power form, `((a t + b) t + c) t + d`
/// (a line and a quadratic have a = 0, and a line b = 0 too); arcs through
/// their center parameterization, exactly.
public struct PathSegment: Sendable, Hashable {
  /// What the segment is.
  public enum Shape: Sendable, Hashable {
    /// A straight line between two points (also `H`, `V`, `Z` and arcs with
    /// a zero radius).
    case line(PathPoint, PathPoint)
    /// A quadratic Bézier curve: start, control point, end.
    case quadratic(PathPoint, PathPoint, PathPoint)
    /// A cubic Bézier curve: start, two control points, end.
    case cubic(PathPoint, PathPoint, PathPoint, PathPoint)
    /// An elliptical arc from `start` to `end`.
    case arc(EllipticalArc, start: PathPoint, end: PathPoint)
  }

  /// The segment's geometry.
  public let shape: Shape
  /// True for the line a `Z` draws back to the subpath's start.
  public let closes: Bool
  /// True when a moveto comes right before the segment.
  public let startsSubpath: Bool

  @usableFromInline let kind: UInt8  // 0 polynomial, 1 arc
  @usableFromInline let a: PathPoint
  @usableFromInline let b: PathPoint
  @usableFromInline let c: PathPoint
  @usableFromInline let d: PathPoint
  @usableFromInline let end: PathPoint
  @usableFromInline let arc: EllipticalArc?
  /// d point / dt at t = 1 from the control points (exactly zero when the
  /// last control point is the end point).
  @usableFromInline let endDerivative: PathPoint

  /// A segment of `shape`.
  init(_ shape: Shape, closes: Bool = false, startsSubpath: Bool = false) {
    self.shape = shape
    self.closes = closes
    self.startsSubpath = startsSubpath
    var arc: EllipticalArc?
    switch shape {
    case .line(let p0, let p1):
      (a, b, c, d, end) = (.zero, .zero, p1 - p0, p0, p1)
    case .quadratic(let p0, let p1, let p2):
      (a, b, c, d, end) = (.zero, p0 - 2 * p1 + p2, 2 * (p1 - p0), p0, p2)
    case .cubic(let p0, let p1, let p2, let p3):
      a = (p3 - p0) + 3 * (p1 - p2)
      b = 3 * (p0 - 2 * p1 + p2)
      c = 3 * (p1 - p0)
      d = p0
      end = p3
    case .arc(let e, let start, let stop):
      (a, b, c, d, end) = (.zero, .zero, .zero, start, stop)
      arc = e
    }
    self.kind = arc == nil ? 0 : 1
    self.arc = arc
    switch shape {
    case .line(let p0, let p1): endDerivative = p1 - p0
    case .quadratic(_, let p1, let p2): endDerivative = 2 * (p2 - p1)
    case .cubic(_, _, let p2, let p3): endDerivative = 3 * (p3 - p2)
    case .arc: endDerivative = .zero
    }
  }

  /// The segment's start point.
  public var start: PathPoint { d }

  /// The largest length a path, and each of its segments, may have:
  /// 2¹⁰²⁰ ≈ 1.1e307. Bounding the geometry (not just its coordinates)
  /// keeps every length, power-form coefficient, speed and integral finite
  /// with room for rounding, so any path that is accepted can be measured
  /// and sampled.
  public static let maximumLength = 0x1p1020

  /// An upper bound of the segment's arc length, computed without
  /// overflow: its control polygon's length (a Bézier curve is never
  /// longer), or for an arc |Δθ| · max(rx, ry). ∞ or NaN for geometry
  /// that cannot be measured.
  var lengthBound: Double {
    switch shape {
    case .line(let p0, let p1): return norm(p1.x - p0.x, p1.y - p0.y)
    case .quadratic(let p0, let p1, let p2):
      return norm(p1.x - p0.x, p1.y - p0.y) + norm(p2.x - p1.x, p2.y - p1.y)
    case .cubic(let p0, let p1, let p2, let p3):
      return norm(p1.x - p0.x, p1.y - p0.y) + norm(p2.x - p1.x, p2.y - p1.y)
        + norm(p3.x - p2.x, p3.y - p2.y)
    case .arc(let e, _, _):
      let values = [e.center.x, e.center.y, e.rx, e.ry, e.startAngle, e.sweepAngle]
      guard values.allSatisfy(\.isFinite) else { return .nan }
      return abs(e.sweepAngle) * max(e.rx, e.ry)
    }
  }

  /// Why the segment cannot be measured, or nil when it can: a coordinate
  /// that is not finite, or a length bound past ``maximumLength``.
  var unmeasurableReason: String? {
    let numbers = [a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y, end.x, end.y]
    guard numbers.allSatisfy(\.isFinite) else { return "the segment's geometry is not finite" }
    let bound = lengthBound
    guard bound <= Self.maximumLength else {
      return bound.isNaN
        ? "the segment's geometry is not finite"
        : "the segment is too long to measure (its length may exceed 2^1020)"
    }
    return nil
  }
  /// The segment's end point.
  public var endPoint: PathPoint { end }

  /// True when its speed is constant in t: lines and circular arcs.
  var hasUniformSpeed: Bool {
    switch shape {
    case .line: return true
    case .arc(let e, _, _): return e.rx == e.ry
    default: return false
    }
  }

  /// The point at t (exactly the end points at 0 and 1).
  @inlinable @inline(__always)
  public func point(_ t: Double) -> PathPoint {
    if t == 1 { return end }
    if kind == 1, let arc {
      if t == 0 { return d }
      return arc.point(angle: arc.startAngle + t * arc.sweepAngle)
    }
    return PathPoint(((a.x * t + b.x) * t + c.x) * t + d.x, ((a.y * t + b.y) * t + c.y) * t + d.y)
  }

  /// d point / dt at t.
  @inlinable @inline(__always)
  public func derivative(_ t: Double) -> PathPoint {
    if kind == 1, let arc {
      return arc.sweepAngle * arc.derivative(angle: arc.startAngle + t * arc.sweepAngle)
    }
    return PathPoint(
      (3 * a.x * t + 2 * b.x) * t + c.x, (3 * a.y * t + 2 * b.y) * t + c.y)
  }

  /// |d point / dt| at t.
  @inlinable @inline(__always)
  func speed(_ t: Double) -> Double {
    if kind == 1, let arc {
      // The rotation does not change the speed: |Δθ| √(rx² sin²θ + ry² cos²θ),
      // with sin²θ = (1 − cos 2θ) / 2, one cosine.
      // Scaled by the larger radius, so that neither square overflows nor
      // underflows.
      let c2 = cos(2 * (arc.startAngle + t * arc.sweepAngle))
      let r = max(arc.rx, arc.ry)
      let qx = arc.rx / r
      let qy = arc.ry / r
      let rx2 = qx * qx
      let ry2 = qy * qy
      return abs(arc.sweepAngle) * r
        * max(0, 0.5 * (rx2 + ry2) - 0.5 * (rx2 - ry2) * c2).squareRoot()
    }
    let x = (3 * a.x * t + 2 * b.x) * t + c.x
    let y = (3 * a.y * t + 2 * b.y) * t + c.y
    return norm(x, y)
  }

  /// The direction of travel at t: the derivative, or where it vanishes (a
  /// control point on its end point, a cusp) the first non-zero higher
  /// derivative, signed for the side of t the curve leaves towards; the
  /// chord if all vanish.
  @inlinable
  func tangent(_ t: Double) -> PathPoint {
    let first: PathPoint
    if kind == 0 && (t == 0 || t == 1) {
      // Exactly, from the control points: the power form's rounding would
      // give a tiny vector in any direction where the derivative is zero.
      first = t == 0 ? (c.x == 0 && c.y == 0 ? .zero : c) : endDerivative
    } else {
      first = derivative(t)
    }
    if first.x != 0 || first.y != 0 || kind == 1 { return first }
    let sign: Double = t < 0.5 ? 1 : -1
    let second = PathPoint(6 * a.x * t + 2 * b.x, 6 * a.y * t + 2 * b.y)
    if second.x != 0 || second.y != 0 { return sign * second }
    if a.x != 0 || a.y != 0 { return a }
    return end - d
  }

  /// The t values in (0, 1) where x or y has an extreme.
  func extremeParameters() -> [Double] {
    if let arc { return arc.extremeParameters() }
    var result: [Double] = []
    for (ca, cb, cc) in [(a.x, b.x, c.x), (a.y, b.y, c.y)] {
      // qa t² + qb t + qc = 0, its coefficients scaled by a power of two
      // (exactly, so the roots are those of the coefficients as they are)
      // to put the largest near 1: the discriminant's squares neither
      // overflow nor underflow for any finite coordinates.
      let largest = Swift.max(abs(ca), abs(cb), abs(cc))
      guard largest > 0, largest.isFinite else { continue }
      let k = Double(
        sign: .plus, exponent: Swift.min(Swift.max(-largest.exponent, -1000), 1000),
        significand: 1)
      let qa = 3 * (ca * k)
      let qb = 2 * (cb * k)
      let qc = cc * k
      if qa == 0 {
        if qb != 0 { result.append(-qc / qb) }
        continue
      }
      let disc = qb * qb - 4 * qa * qc
      if disc < 0 { continue }
      let root = disc.squareRoot()
      let q = -0.5 * (qb + (qb < 0 ? -root : root))
      result.append(q / qa)
      if q != 0 { result.append(qc / q) }
    }
    return result.filter { $0 > 0 && $0 < 1 }
  }

  /// The part of the segment between t0 and t1 (0 ≤ t0 ≤ t1 ≤ 1), exact
  /// for every shape: de Casteljau subdivision for Béziers, the same
  /// ellipse for arcs.
  func slice(_ t0: Double, _ t1: Double, startsSubpath: Bool) -> PathSegment {
    let p0 = point(t0)
    let p3 = point(t1)
    switch shape {
    case .line:
      return PathSegment(.line(p0, p3), startsSubpath: startsSubpath)
    case .quadratic(let q0, let q1, let q2):
      // The control point of the slice: the tangent lines at t0 and t1 meet.
      let c = Self.blossom2(q0, q1, q2, t0, t1)
      return PathSegment(.quadratic(p0, c, p3), startsSubpath: startsSubpath)
    case .cubic(let q0, let q1, let q2, let q3):
      let c1 = Self.blossom3(q0, q1, q2, q3, t0, t0, t1)
      let c2 = Self.blossom3(q0, q1, q2, q3, t0, t1, t1)
      return PathSegment(.cubic(p0, c1, c2, p3), startsSubpath: startsSubpath)
    case .arc(let e, _, _):
      let sub = e.subArc(
        start: e.startAngle + t0 * e.sweepAngle, sweep: (t1 - t0) * e.sweepAngle)
      return PathSegment(.arc(sub, start: p0, end: p3), startsSubpath: startsSubpath)
    }
  }

  /// The quadratic's blossom f(u, v): the control points of any slice.
  private static func blossom2(
    _ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ u: Double, _ v: Double
  ) -> PathPoint {
    let a = p0.lerp(p1, u)
    let b = p1.lerp(p2, u)
    return a.lerp(b, v)
  }

  /// The cubic's blossom f(u, v, w).
  private static func blossom3(
    _ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint, _ u: Double,
    _ v: Double, _ w: Double
  ) -> PathPoint {
    let a = p0.lerp(p1, u)
    let b = p1.lerp(p2, u)
    let c = p2.lerp(p3, u)
    return a.lerp(b, v).lerp(b.lerp(c, v), w)
  }
}
