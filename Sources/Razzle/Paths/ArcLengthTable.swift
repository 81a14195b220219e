#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Arc length of a path: each segment is cut into pieces on which the
// eight-point Gauss–Legendre rule agrees with itself on the two halves to
// 1e-15 of the segment's length (adaptive subdivision, at least 32 pieces per
// curved segment; a piece whose inverse has no fit is halved a few times
// more), and the table keeps each piece's cumulative length. An
// arc-length query finds its piece through a bucket index (a step or two),
// and inverts s(t) on it by a degree-10 polynomial fitted when the table is
// built (checked against the exact integral to 1e-13 of the piece), or where
// no fit passes, by a cubic Hermite guess (dt/ds = 1/speed at both ends)
// corrected with a safeguarded Newton iteration on
// s(t) = s0 + ∫ speed over [t0, t], each step one eight-point rule.

/// One piece of one segment: t in [t0, t1] covers arc lengths
/// [start, start + length].
@usableFromInline
struct ArcLengthPiece: Sendable {
  @usableFromInline var segment: Int
  @usableFromInline var t0: Double
  @usableFromInline var t1: Double
  @usableFromInline var length: Double
  @usableFromInline var speed0: Double
  @usableFromInline var speed1: Double
  @usableFromInline var uniform: Bool
}

/// The pieces of every segment of positive length, in path order.
@usableFromInline
struct ArcLengthTable: Sendable {
  /// Cumulative arc length at each piece's start, then the total.
  @usableFromInline var starts: [Double] = [0]
  @usableFromInline var pieces: [ArcLengthPiece] = []
  /// Each segment's arc length.
  var segmentLengths: [Double] = []
  /// Each segment's cumulative arc length at its start.
  var segmentStarts: [Double] = []
  /// The index of each segment's first piece (pieces.count for none).
  var firstPiece: [Int] = []
  /// Per piece, ``recordStride`` doubles, all a query reads of it: t0, t1,
  /// 1 / length, the segment's index, how t is found (``uniformMode``,
  /// ``fittedMode`` or ``solvedMode``), then ``fitDegree`` + 1 coefficients
  /// (constant first) of the fitted inverse τ(x) = (t − t0) / (t1 − t0) as
  /// a polynomial in x = 2u − 1, u the arc-length fraction of the piece
  /// (zeros unless fitted).
  @usableFromInline var records: [Double] = []
  /// Per segment, what a point query evaluates (in path order).
  @usableFromInline var evaluators: [SegmentEvaluator] = []
  /// For each of `buckets.count` equal spans of arc length, the piece that
  /// holds the span's start: a query scans forward from there (pieces are
  /// about equally long, so a step or two) instead of a binary search.
  @usableFromInline var buckets: [Int32] = []
  /// buckets.count / total.
  @usableFromInline var bucketScale = 0.0

  /// The degree of each piece's inverse fit.
  @usableFromInline static let fitDegree = 10
  /// The doubles of one piece's record.
  @usableFromInline static let recordStride = 16
  /// Where a record's fit coefficients start.
  @usableFromInline static let fitOffset = 5
  /// A record's mode: t is linear in u (lines, circular arcs).
  @usableFromInline static let uniformMode = 0.0
  /// A record's mode: t is the fitted polynomial.
  @usableFromInline static let fittedMode = 1.0
  /// A record's mode: t is solved on the integral (``exactT(_:_:_:)``).
  @usableFromInline static let solvedMode = 2.0
  /// A fit is kept when its arc length error stays below this fraction of
  /// the piece's length at every check point.
  static let fitTolerance = 1e-13

  /// The pieces most curved segments get before adaptive refinement.
  static let minimumPieces = 32
  /// How deep refinement goes (2⁻³⁰ of a segment).
  static let maximumDepth = 30
  /// The most pieces refinement makes of one segment: a segment's table
  /// costs at most this many times three integrals, whatever its
  /// coordinates (a smooth curve needs 32–64; a cusp or a near-degenerate
  /// ellipse a few hundred).
  static let maximumPieces = 4096
  /// The most pieces one path's table holds (about 200 bytes each): a path
  /// of many curved segments gives each fewer (at least 4; the usual 32 and
  /// 4096 up to 32,768 and 256 curved segments), so a table stays a few
  /// hundred megabytes whatever the path data, at some accuracy for the
  /// longest paths.
  static let pathPieceBudget = 1 << 20

  /// Each curved segment's first and largest piece counts for a path of
  /// `curved` curved segments (``pathPieceBudget``).
  static func pieceCounts(curved: Int) -> (first: Int, most: Int) {
    let share = pathPieceBudget / max(1, curved)
    return (max(4, min(minimumPieces, share)), max(4, min(maximumPieces, share)))
  }

  init(_ segments: [PathSegment]) {
    var total = 0.0
    // Per piece, its inverse's fit (``fit(_:_:)``).
    var fits: [[Double]?] = []
    let counts = Self.pieceCounts(curved: segments.reduce(0) { $0 + ($1.hasUniformSpeed ? 0 : 1) })
    for (index, segment) in segments.enumerated() {
      segmentStarts.append(total)
      firstPiece.append(pieces.count)
      var length = 0.0
      if segment.hasUniformSpeed {
        let v = segment.speed(0)
        length = v
        if case .line(let p0, let p1) = segment.shape { length = (p1 - p0).length }
        if length > 0 {
          pieces.append(
            ArcLengthPiece(
              segment: index, t0: 0, t1: 1, length: length, speed0: v, speed1: v, uniform: true))
          fits.append(nil)
        }
      } else {
        let found = Self.refine(segment, index, first: counts.first, most: counts.most)
        for (piece, fit) in Self.fitted(found.filter { $0.length > 0 }, segment, most: counts.most)
        {
          pieces.append(piece)
          fits.append(fit)
          length += piece.length
        }
      }
      segmentLengths.append(length)
      total += length
    }
    var s = 0.0
    starts = []
    for piece in pieces {
      starts.append(s)
      s += piece.length
    }
    starts.append(s)
    let m = Self.fitDegree + 1
    records.reserveCapacity(pieces.count * Self.recordStride)
    for (piece, fit) in zip(pieces, fits) {
      let mode = piece.uniform ? Self.uniformMode : (fit == nil ? Self.solvedMode : Self.fittedMode)
      records += [piece.t0, piece.t1, 1 / piece.length, Double(piece.segment), mode]
      for i in 0..<m { records.append(fit?[i] ?? 0) }
    }
    evaluators = segments.map(SegmentEvaluator.init)
    if s > 0 && !pieces.isEmpty && !(Double(4 * pieces.count) / s).isFinite {
      // A length so small that count / s overflows (a subnormal total):
      // one bucket, and a query walks the few pieces from the first.
      buckets = [0]
      bucketScale = 0
    } else if s > 0 && !pieces.isEmpty {
      let count = 4 * pieces.count
      bucketScale = Double(count) / s
      var k = 0
      for b in 0..<count {
        let at = Double(b) / bucketScale
        while k + 1 < pieces.count && starts[k + 1] <= at { k += 1 }
        buckets.append(Int32(k))
      }
    }
  }

  /// How many times a piece whose inverse has no fit is halved for one
  /// (``fitted(_:_:most:)``).
  static let fitSplits = 4

  /// The pieces of a curved segment with their inverses' fits
  /// (``fit(_:_:)``), in parameter order. A piece without a fit is
  /// halved, level by level, at most ``fitSplits`` times, while the segment
  /// has at most `most` pieces and twice those it came with (64 more for a
  /// few): the table's size and build time stay bounded whatever the
  /// coordinates. A
  /// singularity of the inverse near the piece (speed's complex zeros
  /// beside a tight turn) keeps a degree-10 polynomial from it, and is
  /// farther away relative to a shorter piece. Pieces still without a fit
  /// are solved on the integral at each query.
  static func fitted(_ found: [ArcLengthPiece], _ segment: PathSegment, most: Int)
    -> [(ArcLengthPiece, [Double]?)]
  {
    var done: [(ArcLengthPiece, [Double]?)] = []
    let budget = Swift.min(most, found.count + Swift.max(64, found.count))
    var count = found.count
    var level = found
    var depth = 0
    while !level.isEmpty {
      var next: [ArcLengthPiece] = []
      for piece in level {
        if let fit = fit(piece, segment) {
          done.append((piece, fit))
          continue
        }
        let m = 0.5 * (piece.t0 + piece.t1)
        guard depth < fitSplits, count < budget, m > piece.t0, m < piece.t1 else {
          done.append((piece, nil))
          continue
        }
        let left = GaussLegendre.integrate(piece.t0, m) { segment.speed($0) }
        let right = GaussLegendre.integrate(m, piece.t1) { segment.speed($0) }
        guard left > 0, right > 0, left.isFinite, right.isFinite else {
          done.append((piece, nil))
          continue
        }
        let speed = segment.speed(m)
        next.append(
          ArcLengthPiece(
            segment: piece.segment, t0: piece.t0, t1: m, length: left, speed0: piece.speed0,
            speed1: speed, uniform: false))
        next.append(
          ArcLengthPiece(
            segment: piece.segment, t0: m, t1: piece.t1, length: right, speed0: speed,
            speed1: piece.speed1, uniform: false))
        count += 1
      }
      level = next
      depth += 1
    }
    done.sort { $0.0.t0 < $1.0.t0 }
    return done
  }

  /// The fit of a curved piece's inverse: from exact solves at the
  /// Chebyshev nodes (Chebyshev interpolation, turned into the power form a
  /// query evaluates by Horner's rule), checked in that form against the
  /// exact arc length at 33 points: a query then costs one polynomial
  /// instead of integrals. Its coefficients, constant first; nil for none.
  static func fit(_ piece: ArcLengthPiece, _ segment: PathSegment) -> [Double]? {
    let m = fitDegree + 1
    let h = piece.t1 - piece.t0
    var values = [Double](repeating: 0, count: m)
    let cosines = chebyshevCosines
    for j in 0..<m {
      // The node x_j = cos(π (j + ½) / m): row 1 of the table.
      let u = 0.5 * (1 + cosines[m + j])
      values[j] = (exactT(piece, u * piece.length, segment) - piece.t0) / h
    }
    var coefficients = [Double](repeating: 0, count: m)
    for i in 0..<m {
      var sum = 0.0
      for j in 0..<m { sum += values[j] * cosines[i * m + j] }
      coefficients[i] = (i == 0 ? 1 : 2) * sum / Double(m)
    }
    let power = powerForm(coefficients)
    // A t can be off by half its spacing, which moves the point by that
    // times the speed: on a short piece far along its segment (beside a
    // tight turn) more than 1e-13 of the piece, whatever the inverse.
    let spacing = 2 * piece.t1.ulp * Swift.max(piece.speed0, piece.speed1)
    let tolerance = fitTolerance * piece.length + spacing
    for q in 0...32 {
      let u = Double(q) / 32
      let t = piece.t0 + h * horner(power, 0, 2 * u - 1)
      let reached = GaussLegendre.integrate(piece.t0, t) { segment.speed($0) }
      guard abs(reached - u * piece.length) <= tolerance && t >= piece.t0 - 1e-15 else {
        return nil
      }
    }
    return power
  }

  /// cos(π i (j + ½) / m) at row i, column j, for i, j < m = fitDegree + 1:
  /// the Chebyshev transform's matrix, the same for every piece (computed
  /// once: the cosines were a sixth of the time a curved path took to
  /// measure).
  static let chebyshevCosines: [Double] = {
    let m = fitDegree + 1
    var table = [Double](repeating: 0, count: m * m)
    for i in 0..<m {
      for j in 0..<m {
        let angle: Double = Double.pi * Double(i) * (Double(j) + 0.5) / Double(m)
        table[i * m + j] = cos(angle)
      }
    }
    return table
  }()

  /// The power-form coefficients (constant first) of Σ cᵢ Tᵢ(x), by
  /// T₀ = 1, T₁ = x, Tₙ₊₁ = 2x Tₙ − Tₙ₋₁.
  static func powerForm(_ chebyshev: [Double]) -> [Double] {
    let m = chebyshev.count
    var result = [Double](repeating: 0, count: m)
    var previous = [Double](repeating: 0, count: m)
    var current = [Double](repeating: 0, count: m)
    previous[0] = 1
    if m > 1 { current[1] = 1 }
    for n in 0..<m {
      let basis = n == 0 ? previous : current
      for i in 0..<m { result[i] += chebyshev[n] * basis[i] }
      if n >= 1 && n + 1 < m {
        var next = [Double](repeating: 0, count: m)
        for i in 0..<m {
          next[i] = (i > 0 ? 2 * current[i - 1] : 0) - previous[i]
        }
        previous = current
        current = next
      }
    }
    return result
  }

  /// Σ cᵢ xⁱ over `fitDegree + 1` coefficients starting at `offset`, by
  /// Horner's rule.
  @inlinable @inline(__always)
  static func horner<C: RandomAccessCollection<Double>>(
    _ c: C, _ offset: C.Index, _ x: Double
  ) -> Double where C.Index == Int {
    var sum = c[offset + fitDegree]
    var i = fitDegree - 1
    while i >= 0 {
      sum = sum * x + c[offset + i]
      i -= 1
    }
    return sum
  }

  /// The pieces of a curved segment: `minimumPieces` equal ones, then
  /// level by level each piece whose two halves disagree with the whole by
  /// more than 1e-15 of the segment's length (halved at each level) is split
  /// in two.
  /// The work is bounded whatever the coordinates: at most `maximumDepth`
  /// levels and `maximumPieces` pieces (a level that would pass the budget
  /// is not split, and the pieces stay as they are, each still integrated
  /// by the eight-point rule on both halves), and a piece whose integral is
  /// not finite is never split.
  static func refine(
    _ segment: PathSegment, _ index: Int, first: Int = minimumPieces, most: Int = maximumPieces
  ) -> [ArcLengthPiece] {
    struct Pending {
      var a: Double
      var b: Double
      var whole: Double
    }
    let n = first
    var level: [Pending] = (0..<n).map { k in
      let a = Double(k) / Double(n)
      let b = Double(k + 1) / Double(n)
      return Pending(a: a, b: b, whole: GaussLegendre.integrate(a, b) { segment.speed($0) })
    }
    let estimate = level.reduce(0.0) { $0 + $1.whole }
    var tolerance = 1e-15 * estimate
    // Accepted pieces, tagged with their start so that the result is in
    // parameter order.
    var done: [ArcLengthPiece] = []
    var depth = 0
    while !level.isEmpty {
      var next: [Pending] = []
      var split: [(Pending, Double, Double)] = []
      for piece in level {
        let m = 0.5 * (piece.a + piece.b)
        let left = GaussLegendre.integrate(piece.a, m) { segment.speed($0) }
        let right = GaussLegendre.integrate(m, piece.b) { segment.speed($0) }
        let error = abs(left + right - piece.whole)
        if error <= tolerance || !error.isFinite || !(m > piece.a && m < piece.b) {
          done.append(
            ArcLengthPiece(
              segment: index, t0: piece.a, t1: piece.b, length: left + right,
              speed0: segment.speed(piece.a), speed1: segment.speed(piece.b), uniform: false))
        } else {
          split.append((piece, left, right))
        }
      }
      if depth >= maximumDepth || done.count + 2 * split.count > most {
        for (piece, left, right) in split {
          done.append(
            ArcLengthPiece(
              segment: index, t0: piece.a, t1: piece.b, length: left + right,
              speed0: segment.speed(piece.a), speed1: segment.speed(piece.b), uniform: false))
        }
        break
      }
      for (piece, left, right) in split {
        let m = 0.5 * (piece.a + piece.b)
        next.append(Pending(a: piece.a, b: m, whole: left))
        next.append(Pending(a: m, b: piece.b, whole: right))
      }
      level = next
      tolerance /= 2
      depth += 1
    }
    done.sort { $0.t0 < $1.t0 }
    return done
  }

  /// The total arc length.
  @inlinable var total: Double { starts[starts.count - 1] }

  /// The piece that holds arc length s (0 ≤ s ≤ total; the last piece for
  /// s = total): the last piece starting at or before s.
  @inlinable @inline(__always)
  func piece(containing s: Double) -> Int {
    guard !buckets.isEmpty, s.isFinite else {
      return starts.withUnsafeBufferPointer { starts in
        var lo = 0
        var n = starts.count - 1
        while n > 1 {
          let half = n / 2
          lo = starts[lo + half] <= s ? lo + half : lo
          n -= half
        }
        return lo
      }
    }
    return withQuery { $0.piece(containing: s) }
  }

  /// The segment and its t at arc length s (0 ≤ s ≤ total), for a table
  /// with at least one piece.
  @inlinable @inline(__always)
  func locate(_ s: Double, in segments: UnsafeBufferPointer<PathSegment>) -> (Int, Double) {
    let k = piece(containing: s)
    let (segment, t) = withQuery { $0.parameter(s, piece: k) }
    guard t.isNaN else { return (segment, t) }
    return (segment, solvedParameter(s, piece: k, segments))
  }

  /// The t of a piece whose inverse has no fit (``Query/parameter(_:piece:)``
  /// gave NaN): ``exactT(_:_:_:)`` on the piece.
  @usableFromInline @inline(never)
  func solvedParameter(_ s: Double, piece k: Int, _ segments: UnsafeBufferPointer<PathSegment>)
    -> Double
  {
    Self.solvedParameter(s, piece: pieces[k], start: starts[k], segments)
  }

  /// ``solvedParameter(_:piece:_:)`` for the piece `piece` that starts at
  /// arc length `start`.
  @usableFromInline @inline(never)
  static func solvedParameter(
    _ s: Double, piece: ArcLengthPiece, start: Double,
    _ segments: UnsafeBufferPointer<PathSegment>
  ) -> Double {
    exactT(piece, s - start, segments[piece.segment])
  }

  /// Calls `body` with the table's ``Query``.
  @inlinable @inline(__always)
  func withQuery<R>(_ body: (Query) -> R) -> R {
    starts.withUnsafeBufferPointer { starts in
      buckets.withUnsafeBufferPointer { buckets in
        records.withUnsafeBufferPointer { records in
          body(
            Query(
              starts: starts.baseAddress.unsafelyUnwrapped, pieceCount: starts.count - 1,
              buckets: buckets.baseAddress.unsafelyUnwrapped, lastBucket: buckets.count - 1,
              bucketScale: bucketScale, records: records.baseAddress.unsafelyUnwrapped))
        }
      }
    }
  }

  /// What an arc-length query reads of a table with at least one piece:
  /// its arrays' addresses, valid inside ``withQuery(_:)`` only. A batch
  /// takes it once and inlines each query's steps.
  @usableFromInline
  struct Query {
    @usableFromInline let starts: UnsafePointer<Double>
    @usableFromInline let pieceCount: Int
    @usableFromInline let buckets: UnsafePointer<Int32>
    @usableFromInline let lastBucket: Int
    @usableFromInline let bucketScale: Double
    @usableFromInline let records: UnsafePointer<Double>

    @inlinable
    init(
      starts: UnsafePointer<Double>, pieceCount: Int, buckets: UnsafePointer<Int32>,
      lastBucket: Int, bucketScale: Double, records: UnsafePointer<Double>
    ) {
      self.starts = starts
      self.pieceCount = pieceCount
      self.buckets = buckets
      self.lastBucket = lastBucket
      self.bucketScale = bucketScale
      self.records = records
    }

    /// The piece containing arc length s, finite, in [0, total]: from the
    /// bucket's first piece, a step back while it starts past s, then on
    /// while the next starts at or before s (``ArcLengthTable/piece(containing:)``
    /// for a table with buckets).
    @inlinable @inline(__always)
    func piece(containing s: Double) -> Int {
      // Clamped as a double first: Int() of NaN, ±∞ or a huge value traps.
      var x = s * bucketScale
      if !(x >= 0) { x = 0 }
      if x > Double(lastBucket) { x = Double(lastBucket) }
      let b = Int(x)
      var k = Int(buckets[b])
      while k > 0 && starts[k] > s { k -= 1 }
      // Usually zero or one step on: the first without a branch (which
      // would mispredict for random queries), then any rare others.
      k += k + 1 < pieceCount && starts[Swift.min(k + 1, pieceCount)] <= s ? 1 : 0
      while k + 1 < pieceCount && starts[k + 1] <= s { k += 1 }
      return k
    }

    /// The fraction of piece `k`'s arc length at arc length s (in the
    /// piece), in [0, 1].
    @inlinable @inline(__always)
    func fraction(_ s: Double, piece k: Int) -> Double {
      s >= starts[k + 1]
        ? 1 : min(1, max(0, (s - starts[k]) * records[k &* ArcLengthTable.recordStride &+ 2]))
    }

    /// Whether ``parameter(_:piece:)`` at fraction `u` of piece `k`
    /// evaluates the piece's fitted polynomial at x = 2u − 1 (then clamps
    /// t0 + (t1 − t0) τ(x) to the piece): a batch evaluates those on lanes.
    @inlinable @inline(__always)
    func isFitted(_ u: Double, piece k: Int) -> Bool {
      records[k &* ArcLengthTable.recordStride &+ 4] == ArcLengthTable.fittedMode && u != 0
        && u != 1
    }

    /// The segment of piece `k` and its t at arc length s (in the piece),
    /// t NaN for a piece solved on the integral.
    @inlinable @inline(__always)
    func parameter(_ s: Double, piece k: Int) -> (segment: Int, t: Double) {
      let record = records + k &* ArcLengthTable.recordStride
      let t0 = record[0]
      let t1 = record[1]
      let u = fraction(s, piece: k)
      let segment = Int(record[3])
      let mode = record[4]
      if mode == ArcLengthTable.uniformMode { return (segment, t0 + u * (t1 - t0)) }
      if u == 0 || u == 1 { return (segment, u == 0 ? t0 : t1) }
      guard mode == ArcLengthTable.fittedMode else { return (segment, .nan) }
      let tau = ArcLengthTable.horner(
        UnsafeBufferPointer(start: record, count: ArcLengthTable.recordStride),
        ArcLengthTable.fitOffset, 2 * u - 1)
      return (segment, min(t1, max(t0, t0 + (t1 - t0) * tau)))
    }
  }

  /// The t at arc length `r` into `piece` of `segment`, solved: a cubic
  /// Hermite guess, then safeguarded Newton steps on the integral.
  @usableFromInline @inline(never)
  static func exactT(_ piece: ArcLengthPiece, _ r: Double, _ segment: PathSegment) -> Double {
    let h = piece.t1 - piece.t0
    let u = min(1, max(0, r / piece.length))
    // Cubic Hermite inverse: t(u) with dt/du = length / speed at the ends.
    var t = piece.t0 + u * h
    if piece.speed0 > 0 && piece.speed1 > 0 {
      let m0 = piece.length / piece.speed0
      let m1 = piece.length / piece.speed1
      if m0 <= 3 * h && m1 <= 3 * h {
        let u2 = u * u
        let u3 = u2 * u
        t =
          piece.t0 + h * (3 * u2 - 2 * u3) + m0 * (u3 - 2 * u2 + u) + m1 * (u3 - u2)
      }
    }
    var lo = piece.t0
    var hi = piece.t1
    t = min(hi, max(lo, t))
    let tolerance = 1e-14 * piece.length
    for _ in 0..<60 {
      let f = GaussLegendre.integrate(piece.t0, t) { segment.speed($0) } - r
      if abs(f) <= tolerance { break }
      if f > 0 { hi = t } else { lo = t }
      let v = segment.speed(t)
      var next = t - f / v
      let newton = next > lo && next < hi
      if !newton { next = 0.5 * (lo + hi) }
      t = next
      // Newton converges quadratically where the speed is not small: from
      // a residual below 1e-6 of the piece the step leaves about (1e-6)²
      // of it, so it is taken without another integral. Near a point of
      // zero speed (a route's keyframe without a tangent on that side) it
      // converges only linearly, and a step from a small residual can land
      // far inside the bracket: there every step is checked on the
      // integral. (Taken there too, 0.3.19 put a point 0.14 px from where
      // it belongs, within 1e-9 of the length from such an end.)
      let steady = v >= 0.5 * piece.length / h
      if (newton && steady && abs(f) <= 1e-6 * piece.length) || hi - lo <= 1e-16 { break }
    }
    return t
  }
}

/// The table of a path, built on first use (parsing alone does not pay for
/// it) by whichever thread asks first; then shared, read-only.
final class LazyArcLengthTable: @unchecked Sendable {
  private let lock = ReadWriteLock()
  private var built: ArcLengthTable?
  private let segments: [PathSegment]

  init(_ segments: [PathSegment]) { self.segments = segments }

  var table: ArcLengthTable {
    if let built = lock.withReadLock({ built }) { return built }
    return lock.withWriteLock {
      if let built { return built }
      let table = ArcLengthTable(segments)
      built = table
      return table
    }
  }
}
