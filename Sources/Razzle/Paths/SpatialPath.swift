// Spatial interpolation of point tracks, as After Effects and Lottie do it
// for positions: keyframed points joined by cubic curves in space, each
// keyframe with an in and an out tangent, and the route traversed by arc
// length, so that the timing (how progress runs) and the route (where the
// point goes) are separate.

/// A route through keyframed points: segment i is the cubic Bézier from
/// point i to point i + 1 with control points `points[i] + outTangents[i]`
/// and `points[i + 1] + inTangents[i + 1]` (Lottie's `to` and `ti`, offsets
/// from their point); a segment whose two tangents are zero is a straight
/// line.
public struct SpatialPath: Sendable {
  /// The route as a path (open; one subpath), for every path query.
  public let path: Path

  /// Each segment's cubic for the route kernel
  /// (`RazzleKernels.RouteTable.polynomials`).
  let polynomials: [Double]

  /// The route through `points`.
  ///
  /// - Parameters:
  ///   - points: the keyframes' points, at least one.
  ///   - inTangents: each point's in tangent (the first is unused), or nil
  ///     for zeros.
  ///   - outTangents: each point's out tangent (the last is unused), or
  ///     nil for zeros.
  /// - Throws: ``RazzleError`` `.wrongSize` for no points or tangents of
  ///   another count, `.invalidValue` for a non-finite coordinate or a
  ///   route too long to measure (``PathSegment/maximumLength``), with the
  ///   segment's index.
  public init(points: [PathPoint], inTangents: [PathPoint]?, outTangents: [PathPoint]?)
    throws(RazzleError)
  {
    guard !points.isEmpty else { throw RazzleError(.wrongSize, "a spatial path needs a point") }
    for (name, list) in [("in tangents", inTangents), ("out tangents", outTangents)] {
      if let list, list.count != points.count {
        throw RazzleError(
          .wrongSize, "\(list.count) \(name) for \(points.count) points")
      }
    }
    for (name, list) in [
      ("points", points), ("in tangents", inTangents ?? []), ("out tangents", outTangents ?? []),
    ] {
      for (i, p) in list.enumerated() where !(p.x.isFinite && p.y.isFinite) {
        throw RazzleError(.invalidValue, "\(name)[\(i)] must be finite, got (\(p.x), \(p.y))")
      }
    }
    var segments: [PathSegment] = []
    var bound = 0.0
    for i in 0..<(points.count - 1) {
      let out = outTangents?[i] ?? .zero
      let into = inTangents?[i + 1] ?? .zero
      let p0 = points[i]
      let p3 = points[i + 1]
      let shape: PathSegment.Shape =
        out == .zero && into == .zero
        ? .line(p0, p3) : .cubic(p0, p0 + out, p3 + into, p3)
      let segment = PathSegment(shape, startsSubpath: i == 0)
      if let reason = segment.unmeasurableReason {
        throw RazzleError(.invalidValue, "segment \(i) (points \(i) to \(i + 1)): \(reason)")
      }
      bound += segment.lengthBound
      guard bound <= PathSegment.maximumLength else {
        throw RazzleError(
          .invalidValue,
          "segment \(i) (points \(i) to \(i + 1)): the route is too long to measure (its length may exceed 2^1020)"
        )
      }
      segments.append(segment)
    }
    path = Path(segments: segments, moves: [points[0]], closed: false)
    polynomials = segments.flatMap { s in
      [s.a.x, s.a.y, s.b.x, s.b.y, s.c.x, s.c.y, s.d.x, s.d.y, s.kind == 0 ? 1 : 0]
    }
  }

  /// The number of keyframe segments (points − 1).
  public var segmentCount: Int { path.segments.count }

  /// The point at keyframe progress `v` = i + u: a fraction u of segment
  /// i's own arc length (what a track's segment i gives at eased progress
  /// u). v is clamped to [0, segmentCount]; NaN gives NaN.
  public func point(keyframeProgress v: Double) -> PathPoint {
    // (No table built for NaN or a path without segments.)
    point(keyframeProgress: v, table: v == v && segmentCount > 0 ? path.table : nil)
  }

  /// The path's arc-length table (built on first use; each read takes the
  /// path's lock): for ``point(keyframeProgress:table:)``.
  var table: ArcLengthTable { path.table }

  /// ``point(keyframeProgress:)`` with the path's ``table`` read once by
  /// the caller for many points.
  func point(keyframeProgress v: Double, table: ArcLengthTable?) -> PathPoint {
    guard v == v else { return PathPoint(.nan, .nan) }
    guard segmentCount > 0, let table else { return path.moves[0] }
    return withPoints(table) { $0.point(v) }
  }

  /// Calls `body` with the ``Points`` of a route with at least one
  /// segment, whose arc-length table is `table` (the path's ``table``):
  /// many points for one read of the table's arrays.
  func withPoints<R>(_ table: ArcLengthTable, _ body: (Points) -> R) -> R {
    path.segments.withUnsafeBufferPointer { segments in
      table.segmentLengths.withUnsafeBufferPointer { lengths in
        table.segmentStarts.withUnsafeBufferPointer { starts in
          table.pieces.withUnsafeBufferPointer { pieces in
            polynomials.withUnsafeBufferPointer { polynomials in
              func points(_ query: ArcLengthTable.Query?) -> R {
                body(
                  Points(
                    segments: segments, lengths: lengths.baseAddress.unsafelyUnwrapped,
                    starts: starts.baseAddress.unsafelyUnwrapped, total: table.total, query: query,
                    pieces: pieces.baseAddress,
                    polynomials: polynomials.baseAddress.unsafelyUnwrapped))
              }
              // No pieces: every segment has length 0, and no query is made.
              return pieces.isEmpty ? points(nil) : table.withQuery { points($0) }
            }
          }
        }
      }
    }
  }

  /// What ``point(keyframeProgress:table:)`` reads, by address: valid
  /// only inside ``withPoints(_:_:)``.
  struct Points {
    let segments: UnsafeBufferPointer<PathSegment>
    /// Each segment's arc length and its start's, from the table.
    let lengths: UnsafePointer<Double>
    let starts: UnsafePointer<Double>
    let total: Double
    /// The table's query and pieces; nil for a table without pieces.
    let query: ArcLengthTable.Query?
    let pieces: UnsafePointer<ArcLengthPiece>?
    /// ``SpatialPath/polynomials``.
    let polynomials: UnsafePointer<Double>

    /// The point at keyframe progress `v`, not NaN
    /// (``point(keyframeProgress:)``).
    @inline(__always)
    func point(_ v: Double) -> PathPoint { point(at: locate(v)) }

    /// Where keyframe progress `v` (not NaN) falls: a segment and its t;
    /// on a segment i of length 0, (−1 − i, the fraction of it). A batch
    /// of one (``locate(_:count:found:ts:)``).
    @inline(__always)
    func locate(_ v: Double) -> (segment: Int, t: Double) {
      var found = 0
      var t = 0.0
      withUnsafePointer(to: v) { locate($0, count: 1, found: &found, ts: &t) }
      return (found, t)
    }

    /// Where each of `count` keyframe progress values `v` (not NaN) falls,
    /// as ``locate(_:)``, into `found` and `ts`. A batch locates a block
    /// of values, then evaluates their points (``point(at:)``): the
    /// independent chains of the inverse's polynomial overlap instead of
    /// waiting on the curve's. The fitted inverses of four values in a
    /// row that fall in one piece (the usual case for times in order) are
    /// evaluated on four lanes with the piece's coefficients read once:
    /// the same operations, lane by lane, as one value at a time, so the
    /// same bits.
    func locate(
      _ v: UnsafePointer<Double>, count: Int, found: UnsafeMutablePointer<Int>,
      ts: UnsafeMutablePointer<Double>
    ) {
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* count) { ints in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { doubles in
          // The values whose t is a fitted polynomial: their index, piece
          // and the polynomial's x.
          let rows = ints.baseAddress.unsafelyUnwrapped
          let pieceOf = rows + count
          let xs = doubles.baseAddress.unsafelyUnwrapped
          var pending = 0
          let n = segments.count
          // The piece of the value before: values in order mostly fall in
          // it again, found by two comparisons instead of the search (the
          // same piece: starts increase, and a piece holds [start, next)).
          var k = 0
          for m in 0..<count {
            let clamped = min(Double(n), max(0, v[m]))
            let i = min(n - 1, Int(clamped))
            let u = clamped - Double(i)
            let length = lengths[i]
            guard length > 0, let query, let pieces else {
              (found[m], ts[m]) = (~i, u)
              continue
            }
            let s = min(starts[i] + u * length, total)
            if !(query.starts[k] <= s && s < query.starts[k &+ 1]) {
              k = query.piece(containing: s)
            }
            let w = query.fraction(s, piece: k)
            if query.isFitted(w, piece: k) {
              rows[pending] = m
              pieceOf[pending] = k
              xs[pending] = 2 * w - 1
              pending &+= 1
              continue
            }
            let (index, t) = query.parameter(s, piece: k)
            found[m] = index
            ts[m] =
              t.isNaN
              ? ArcLengthTable.solvedParameter(
                s, piece: pieces[k], start: query.starts[k], segments)
              : t
          }
          // (No query: no piece, and nothing pending.)
          guard let query else { return }
          let degree = ArcLengthTable.fitDegree
          var p = 0
          while p < pending {
            let k = pieceOf[p]
            let record = query.records + k &* ArcLengthTable.recordStride
            let c = record + ArcLengthTable.fitOffset
            let (t0, t1) = (record[0], record[1])
            let segment = Int(record[3])
            if p &+ 4 <= pending && pieceOf[p &+ 1] == k && pieceOf[p &+ 2] == k
              && pieceOf[p &+ 3] == k
            {
              let x = SIMD4(xs[p], xs[p &+ 1], xs[p &+ 2], xs[p &+ 3])
              var sum = SIMD4(repeating: c[degree])
              var i = degree - 1
              while i >= 0 {
                sum = sum * x + SIMD4(repeating: c[i])
                i -= 1
              }
              let t = t0 + (t1 - t0) * sum
              for l in 0..<4 {
                let m = rows[p &+ l]
                found[m] = segment
                ts[m] = min(t1, max(t0, t[l]))
              }
              p &+= 4
            } else {
              let tau = ArcLengthTable.horner(
                UnsafeBufferPointer(start: record, count: ArcLengthTable.recordStride),
                ArcLengthTable.fitOffset, xs[p])
              let m = rows[p]
              found[m] = segment
              ts[m] = min(t1, max(t0, t0 + (t1 - t0) * tau))
              p &+= 1
            }
          }
        }
      }
    }

    /// The point ``locate(_:)`` found.
    @inline(__always)
    func point(at found: (segment: Int, t: Double)) -> PathPoint {
      let (index, t) = found
      guard index >= 0 else {
        let segment = segments[~index]
        return t < 1 ? segment.start : segment.endPoint
      }
      return segments[index].point(t)
    }
  }

  /// ``point(keyframeProgress:)`` for many values into `xy` (2 per value).
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall`.
  public func points(
    keyframeProgress values: UnsafeBufferPointer<Double>,
    into xy: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try checkCapacity(xy.count, 2 * values.count, "points")
    for (i, v) in values.enumerated() {
      let p = point(keyframeProgress: v)
      xy[2 * i] = p.x
      xy[2 * i + 1] = p.y
    }
  }
}
