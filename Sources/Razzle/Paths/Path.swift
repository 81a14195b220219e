#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path: SVG path data parsed into segments, with the arc-length table
/// that makes every query a function of the arc-length fraction.
///
/// A fraction f stands for the arc length f × ``length`` along the drawn
/// segments (movetos draw nothing and add no length). Fractions outside
/// [0, 1] wrap for a closed path (one whose last command is `Z`: f − ⌊f⌋,
/// so 1 is 0 again, as CSS `offset-distance` does) and are clamped to
/// [0, 1] for an open one; NaN gives NaN, and so do ±∞ on a closed path.
/// At a joint between segments a query sees the later segment; at fraction
/// 1 of an open path, the last. A path of length 0 gives its first point
/// and angle 0 everywhere.
///
/// Accuracy: the length to about 1e-15 of itself (the table is built to
/// 1e-15 of each segment's length); points and angles are those of the
/// exact arc-length parameterization to better than 1e-10 of the length
/// (a query stops once one Newton step from a residual below 1e-6 of its
/// table piece is taken).
///
/// Paths are values: immutable and safe to share across threads.
public struct Path: Sendable {
  /// The drawn segments, in order.
  public let segments: [PathSegment]
  /// The moveto points, one per subpath.
  public let moves: [PathPoint]
  /// True when the last command is a closepath (`Z` or `z`).
  public let isClosed: Bool
  let lazyTable: LazyArcLengthTable
  /// The path data this path was parsed from, or nil for a path built
  /// otherwise (a trim, spatial points). Scene files write it back as it
  /// is, so a parsed path reads back bit for bit.
  public internal(set) var sourceData: String?
  /// The arc-length table (built on first use).
  var table: ArcLengthTable { lazyTable.table }

  /// Parses SVG path data.
  ///
  /// - Parameter data: path data such as `"M0 0 C10 0 10 10 20 10 Z"`.
  /// - Throws: ``RazzleError`` `.invalidValue` whose message gives the byte
  ///   offset and the reason (``parse(_:)`` gives them as values).
  /// - Complexity: O(n) in the text's length.
  public init(data: String) throws(RazzleError) {
    switch Path.parse(data) {
    case .success(let path): self = path
    case .failure(let error): throw error.error
    }
  }

  /// Parses SVG path data, the error as a ``PathSyntaxError``.
  public static func parse(_ data: String) -> Result<Path, PathSyntaxError> {
    PathParser.parse(data).map {
      var path = Path(segments: $0.segments, moves: $0.moves, closed: $0.closed)
      path.sourceData = data
      return path
    }
  }

  /// A path of `segments` (validated by the caller).
  init(segments: [PathSegment], moves: [PathPoint], closed: Bool) {
    self.segments = segments
    self.moves = moves
    self.isClosed = closed
    self.lazyTable = LazyArcLengthTable(segments)
  }

  /// The total arc length of the drawn segments.
  public var length: Double { table.total }

  /// The arc length at fraction `f` under the wrap / clamp rule, or NaN.
  @inline(__always)
  func distance(_ f: Double, _ table: ArcLengthTable) -> Double {
    let total = table.total
    if isClosed {
      let w = f - f.rounded(.down)
      return w * total
    }
    guard f == f else { return .nan }
    return min(1, max(0, f)) * total
  }

  /// The segment and parameter at arc length s (a finite s in [0, length],
  /// on a path of positive length).
  func locate(distance s: Double) -> (Int, Double) {
    let table = self.table
    return segments.withUnsafeBufferPointer { table.locate(s, in: $0) }
  }

  /// The point at arc-length fraction `f` (see the type's wrapping rule).
  public func point(at f: Double) -> PathPoint {
    var xy = (0.0, 0.0)
    withUnsafeMutablePointer(to: &xy) {
      $0.withMemoryRebound(to: Double.self, capacity: 2) { out in
        evaluate(f, table, rotation: .auto, xy: out, angle: nil)
      }
    }
    return PathPoint(xy.0, xy.1)
  }

  /// The direction of travel at fraction `f`, in degrees: atan2(dy, dx) of
  /// the tangent, in (-180, 180] (clockwise on screen, as SVG's y is
  /// down); where a control point sits on its end point, the direction the
  /// curve leaves in.
  public func angle(at f: Double) -> Double {
    var angle = 0.0
    var xy = (0.0, 0.0)
    withUnsafeMutablePointer(to: &xy) {
      $0.withMemoryRebound(to: Double.self, capacity: 2) { out in
        evaluate(f, table, rotation: .auto, xy: out, angle: &angle)
      }
    }
    return angle
  }

  /// Writes the point (and the angle, if `angle` is not nil) at fraction f.
  @inline(__always)
  func evaluate(
    _ f: Double, _ table: ArcLengthTable, rotation: PathRotation,
    xy: UnsafeMutablePointer<Double>, angle: UnsafeMutablePointer<Double>?
  ) {
    let s = distance(f, table)
    guard s.isFinite else {
      xy[0] = .nan
      xy[1] = .nan
      angle?.pointee = .nan
      return
    }
    guard !table.pieces.isEmpty else {
      let p = moves.first ?? .zero
      xy[0] = p.x
      xy[1] = p.y
      angle?.pointee = rotation.apply(0)
      return
    }
    segments.withUnsafeBufferPointer { segments in
      let (index, t) = table.locate(s, in: segments)
      table.evaluators.withUnsafeBufferPointer { evaluators in
        let segment = evaluators.baseAddress.unsafelyUnwrapped + index
        if let angle {
          let (p, d) =
            segment.pointee.isArc
            ? SegmentEvaluator.arcPointAndTangent(segment, t)
            : SegmentEvaluator.polynomialPointAndTangent(segment, t)
          xy[0] = p.x
          xy[1] = p.y
          angle.pointee = rotation.apply(atan2Degrees(d.y, d.x))
        } else {
          let p = SegmentEvaluator.point(segment, t)
          xy[0] = p.x
          xy[1] = p.y
        }
      }
    }
  }
}
