#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Arc length of a path: each segment is cut into pieces on which the
// eight-point Gauss–Legendre rule agrees with itself on the two halves to
// 1e-15 of the segment's length (adaptive subdivision, at least 32 pieces per
// curved segment), and the table keeps each piece's cumulative length. An
// arc-length query finds its piece by binary search, guesses t by the cubic
// Hermite inverse of s(t) over the piece (dt/ds = 1/speed at both ends),
// and corrects it with a safeguarded Newton iteration on
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
  /// Per piece, ``fitDegree`` + 1 Chebyshev coefficients of its inverse
  /// τ(u) = (t − t0) / (t1 − t0) over u = arc length fraction of the piece,
  /// or NaN first when the piece keeps the exact solve (uniform speed, or a
  /// fit that misses ``fitTolerance``).
  @usableFromInline var fits: [Double] = []
  /// For each of `buckets.count` equal spans of arc length, the piece that
  /// holds the span's start: a query scans forward from there (pieces are
  /// about equally long, so a step or two) instead of a binary search.
  @usableFromInline var buckets: [Int32] = []
  /// buckets.count / total.
  @usableFromInline var bucketScale = 0.0

  /// The degree of each piece's inverse fit.
  @usableFromInline static let fitDegree = 10
  /// A fit is kept when its arc length error stays below this fraction of
  /// the piece's length at every check point.
  static let fitTolerance = 1e-13

  /// The pieces most curved segments get before adaptive refinement.
  static let minimumPieces = 32
  /// How deep refinement goes (2⁻³⁰ of a segment).
  static let maximumDepth = 30

  init(_ segments: [PathSegment]) {
    var total = 0.0
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
        }
      } else {
        var found: [ArcLengthPiece] = []
        let n = Self.minimumPieces
        let estimate = (0..<n).reduce(0.0) { sum, k in
          sum
            + GaussLegendre.integrate(Double(k) / Double(n), Double(k + 1) / Double(n)) {
              segment.speed($0)
            }
        }
        let tolerance = 1e-15 * estimate
        for k in 0..<n {
          Self.refine(
            segment, index, Double(k) / Double(n), Double(k + 1) / Double(n), tolerance, 0,
            &found)
        }
        for piece in found where piece.length > 0 {
          pieces.append(piece)
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
    fits = Self.fitInverses(pieces, segments)
    if s > 0 && !pieces.isEmpty {
      let count = 2 * pieces.count
      bucketScale = Double(count) / s
      var k = 0
      for b in 0..<count {
        let at = Double(b) / bucketScale
        while k + 1 < pieces.count && starts[k + 1] <= at { k += 1 }
        buckets.append(Int32(k))
      }
    }
  }

  /// Chebyshev fits of each curved piece's inverse, from exact solves at
  /// the Chebyshev nodes, each checked against the exact arc length at 33
  /// points: a query then costs one polynomial instead of integrals.
  private static func fitInverses(_ pieces: [ArcLengthPiece], _ segments: [PathSegment])
    -> [Double]
  {
    let m = fitDegree + 1
    var fits = [Double](repeating: .nan, count: pieces.count * m)
    var values = [Double](repeating: 0, count: m)
    for (k, piece) in pieces.enumerated() where !piece.uniform {
      let segment = segments[piece.segment]
      let h = piece.t1 - piece.t0
      for j in 0..<m {
        let angle: Double = Double.pi * (Double(j) + 0.5) / Double(m)
        let x = cos(angle)
        let u = 0.5 * (1 + x)
        values[j] = (exactT(piece, u * piece.length, segment) - piece.t0) / h
      }
      var coefficients = [Double](repeating: 0, count: m)
      for i in 0..<m {
        var sum = 0.0
        for j in 0..<m {
          let angle: Double = Double.pi * Double(i) * (Double(j) + 0.5) / Double(m)
          sum += values[j] * cos(angle)
        }
        coefficients[i] = (i == 0 ? 1 : 2) * sum / Double(m)
      }
      var ok = true
      for q in 0...32 where ok {
        let u = Double(q) / 32
        let t = piece.t0 + h * clenshaw(coefficients, 0, 2 * u - 1)
        let reached = GaussLegendre.integrate(piece.t0, t) { segment.speed($0) }
        ok = abs(reached - u * piece.length) <= fitTolerance * piece.length && t >= piece.t0 - 1e-15
      }
      if ok {
        for i in 0..<m { fits[k * m + i] = coefficients[i] }
      }
    }
    return fits
  }

  /// Σ cᵢ Tᵢ(x) over `fitDegree + 1` coefficients starting at `offset`.
  @inlinable @inline(__always)
  static func clenshaw<C: RandomAccessCollection<Double>>(
    _ c: C, _ offset: C.Index, _ x: Double
  ) -> Double where C.Index == Int {
    var b1 = 0.0
    var b2 = 0.0
    var i = fitDegree
    while i >= 1 {
      let b0 = 2 * x * b1 - b2 + c[offset + i]
      b2 = b1
      b1 = b0
      i -= 1
    }
    return x * b1 - b2 + c[offset]
  }

  private static func refine(
    _ segment: PathSegment, _ index: Int, _ a: Double, _ b: Double, _ tolerance: Double,
    _ depth: Int, _ out: inout [ArcLengthPiece]
  ) {
    let m = 0.5 * (a + b)
    let whole = GaussLegendre.integrate(a, b) { segment.speed($0) }
    let left = GaussLegendre.integrate(a, m) { segment.speed($0) }
    let right = GaussLegendre.integrate(m, b) { segment.speed($0) }
    if abs(left + right - whole) <= tolerance || depth >= maximumDepth {
      out.append(
        ArcLengthPiece(
          segment: index, t0: a, t1: b, length: left + right, speed0: segment.speed(a),
          speed1: segment.speed(b), uniform: false))
      return
    }
    refine(segment, index, a, m, tolerance / 2, depth + 1, &out)
    refine(segment, index, m, b, tolerance / 2, depth + 1, &out)
  }

  /// The total arc length.
  @inlinable var total: Double { starts[starts.count - 1] }

  /// The piece that holds arc length s (0 ≤ s ≤ total; the last piece for
  /// s = total): the last piece starting at or before s.
  @inlinable @inline(__always)
  func piece(containing s: Double) -> Int {
    starts.withUnsafeBufferPointer { starts in
      let pieces = starts.count - 1
      guard !buckets.isEmpty, s.isFinite else {
        var lo = 0
        var n = pieces
        while n > 1 {
          let half = n / 2
          lo = starts[lo + half] <= s ? lo + half : lo
          n -= half
        }
        return lo
      }
      let b = Swift.min(buckets.count - 1, Swift.max(0, Int(s * bucketScale)))
      var k = Int(buckets.withUnsafeBufferPointer { $0[b] })
      while k > 0 && starts[k] > s { k -= 1 }
      while k + 1 < pieces && starts[k + 1] <= s { k += 1 }
      return k
    }
  }

  /// The segment and its t at arc length s (0 ≤ s ≤ total), for a table
  /// with at least one piece.
  @inlinable @inline(__always)
  func locate(_ s: Double, in segments: UnsafeBufferPointer<PathSegment>) -> (Int, Double) {
    let k = piece(containing: s)
    let piece = pieces.withUnsafeBufferPointer { $0[k] }
    let (start, next) = starts.withUnsafeBufferPointer { ($0[k], $0[k + 1]) }
    let r = s - start
    let h = piece.t1 - piece.t0
    let u = s >= next ? 1 : min(1, max(0, r / piece.length))
    if piece.uniform { return (piece.segment, piece.t0 + u * h) }
    if u == 0 || u == 1 { return (piece.segment, u == 0 ? piece.t0 : piece.t1) }
    let m = Self.fitDegree + 1
    let fitted = fits.withUnsafeBufferPointer { (fits) -> Double? in
      guard !fits[k &* m].isNaN else { return nil }
      return piece.t0 + h * Self.clenshaw(fits, k &* m, 2 * u - 1)
    }
    if let fitted { return (piece.segment, min(piece.t1, max(piece.t0, fitted))) }
    return (piece.segment, Self.exactT(piece, r, segments[piece.segment]))
  }

  /// The t at arc length `r` into `piece` of `segment`, solved: a cubic
  /// Hermite guess, then safeguarded Newton steps on the integral.
  @usableFromInline
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
      // Newton converges quadratically: from a residual below 1e-6 of the
      // piece the step leaves about (1e-6)² of it, so it is taken without
      // another integral.
      if (newton && abs(f) <= 1e-6 * piece.length) || hi - lo <= 1e-16 { break }
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
