#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The numbers a point query reads of one ``PathSegment``, in a plain
/// record of doubles: what a batch of path queries evaluates, read in place
/// through a pointer (a ``PathSegment`` carries its shape as an enum beside
/// these and is copied whole when passed by value).
///
/// ``point(_:)`` and ``pointAndTangent(_:)`` give exactly what
/// ``PathSegment/point(_:)`` and ``PathSegment/tangent(_:)`` give (the
/// same operations in the same order); an arc's `cos θ` and `sin θ` are
/// computed once for both (``radianCosSin(_:)``, as the arc's own).
@usableFromInline
struct SegmentEvaluator: Sendable {
  /// True for an elliptical arc; the power form is unused then.
  @usableFromInline let isArc: Bool
  @usableFromInline let a: PathPoint
  @usableFromInline let b: PathPoint
  @usableFromInline let c: PathPoint
  @usableFromInline let d: PathPoint
  @usableFromInline let end: PathPoint
  @usableFromInline let endDerivative: PathPoint
  @usableFromInline let center: PathPoint
  @usableFromInline let rx: Double
  @usableFromInline let ry: Double
  @usableFromInline let cosPhi: Double
  @usableFromInline let sinPhi: Double
  @usableFromInline let startAngle: Double
  @usableFromInline let sweepAngle: Double

  init(_ segment: PathSegment) {
    isArc = segment.kind == 1 && segment.arc != nil
    a = segment.a
    b = segment.b
    c = segment.c
    d = segment.d
    end = segment.end
    endDerivative = segment.endDerivative
    let arc = segment.arc
    center = arc?.center ?? .zero
    rx = arc?.rx ?? 0
    ry = arc?.ry ?? 0
    cosPhi = arc?.cosPhi ?? 1
    sinPhi = arc?.sinPhi ?? 0
    startAngle = arc?.startAngle ?? 0
    sweepAngle = arc?.sweepAngle ?? 0
  }

  /// ``PathSegment/point(_:)``.
  @inlinable @inline(__always)
  func point(_ t: Double) -> PathPoint {
    withUnsafePointer(to: self) { Self.point($0, t) }
  }

  /// ``PathSegment/point(_:)`` and ``PathSegment/tangent(_:)`` at once.
  @inlinable @inline(__always)
  func pointAndTangent(_ t: Double) -> (point: PathPoint, tangent: PathPoint) {
    withUnsafePointer(to: self) {
      $0.pointee.isArc ? Self.arcPointAndTangent($0, t) : Self.polynomialPointAndTangent($0, t)
    }
  }

  // The evaluations read the record through a pointer, field by field: a
  // method called on `pointee` gets the record by value, which the
  // optimizer copies whole (168 bytes) before each query of a batch.

  /// ``point(_:)`` of the record at `e`.
  @inlinable @inline(__always)
  static func point(_ e: UnsafePointer<SegmentEvaluator>, _ t: Double) -> PathPoint {
    if t == 1 { return e.pointee.end }
    if e.pointee.isArc {
      if t == 0 { return e.pointee.d }
      let theta = e.pointee.startAngle + t * e.pointee.sweepAngle
      let (ct, st) = radianCosSin(theta)
      return arcPoint(e, ct, st)
    }
    let (a, b, c, d) = (e.pointee.a, e.pointee.b, e.pointee.c, e.pointee.d)
    return PathPoint(((a.x * t + b.x) * t + c.x) * t + d.x, ((a.y * t + b.y) * t + c.y) * t + d.y)
  }

  /// ``pointAndTangent(_:)`` of the arc record at `e`.
  @inlinable @inline(__always)
  static func arcPointAndTangent(_ e: UnsafePointer<SegmentEvaluator>, _ t: Double) -> (
    point: PathPoint, tangent: PathPoint
  ) {
    let theta = e.pointee.startAngle + t * e.pointee.sweepAngle
    let (ct, st) = radianCosSin(theta)
    let p = t == 1 ? e.pointee.end : (t == 0 ? e.pointee.d : arcPoint(e, ct, st))
    let (rx, ry) = (e.pointee.rx, e.pointee.ry)
    let (cosPhi, sinPhi) = (e.pointee.cosPhi, e.pointee.sinPhi)
    let derivative = PathPoint(
      -rx * cosPhi * st - ry * sinPhi * ct, -rx * sinPhi * st + ry * cosPhi * ct)
    return (p, e.pointee.sweepAngle * derivative)
  }

  /// ``pointAndTangent(_:)`` of the record at `e`, not an arc.
  @inlinable @inline(__always)
  static func polynomialPointAndTangent(_ e: UnsafePointer<SegmentEvaluator>, _ t: Double) -> (
    point: PathPoint, tangent: PathPoint
  ) {
    let (a, b, c, d) = (e.pointee.a, e.pointee.b, e.pointee.c, e.pointee.d)
    let p =
      t == 1
      ? e.pointee.end
      : PathPoint(
        ((a.x * t + b.x) * t + c.x) * t + d.x, ((a.y * t + b.y) * t + c.y) * t + d.y)
    let first: PathPoint
    if t == 0 || t == 1 {
      // Exactly, from the control points (see PathSegment.tangent).
      first = t == 0 ? (c.x == 0 && c.y == 0 ? .zero : c) : e.pointee.endDerivative
    } else {
      first = PathPoint((3 * a.x * t + 2 * b.x) * t + c.x, (3 * a.y * t + 2 * b.y) * t + c.y)
    }
    if first.x != 0 || first.y != 0 { return (p, first) }
    return (p, e.pointee.higherTangent(t))
  }

  /// The arc's point from `cos θ` and `sin θ`: ``EllipticalArc/point(angle:)``.
  @inlinable @inline(__always)
  static func arcPoint(_ e: UnsafePointer<SegmentEvaluator>, _ ct: Double, _ st: Double)
    -> PathPoint
  {
    let (center, rx, ry) = (e.pointee.center, e.pointee.rx, e.pointee.ry)
    let (cosPhi, sinPhi) = (e.pointee.cosPhi, e.pointee.sinPhi)
    return PathPoint(
      center.x + rx * cosPhi * ct - ry * sinPhi * st,
      center.y + rx * sinPhi * ct + ry * cosPhi * st)
  }

  /// Where a polynomial segment's first derivative vanishes: the rest of
  /// ``PathSegment/tangent(_:)``.
  @usableFromInline
  func higherTangent(_ t: Double) -> PathPoint {
    let sign: Double = t < 0.5 ? 1 : -1
    let second = PathPoint(6 * a.x * t + 2 * b.x, 6 * a.y * t + 2 * b.y)
    if second.x != 0 || second.y != 0 { return sign * second }
    if a.x != 0 || a.y != 0 { return a }
    return end - d
  }
}
