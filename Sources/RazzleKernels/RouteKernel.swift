// The route kernel: points along a spatial route (a position keyframed
// with tangents, as After Effects and Lottie move a layer) at keyframe
// progress values, by arc length. Compiled at each CPU level as
// `LinearKernel.swift` is (a symbolic link in `RazzleKernelsAVX2`; the
// avx512 level runs AVX2's build, which measured as fast).
//
// `Razzle` owns the route (`SpatialPath`) and its arc-length table
// (`ArcLengthTable`); this module sees them as plain numbers
// (`razzle_route_table`, in `RazzleStores`: one type for every build).
// The arithmetic is `SpatialPath.Points.locate` and `point(at:)` lane by
// lane, the same operations in the same order (no fused multiply-add), so
// each lane gives the bits of the single-sample path: the progress clamped to the route, its segment and the fraction
// of it, the arc length there, the fraction of the table's piece, the
// piece's fitted inverse (a polynomial in 2w − 1) clamped to the piece's
// parameters, and the segment's cubic at that parameter.
//
// Values go sixteen at a time, as two eights whose fitted inverses are
// evaluated side by side (two chains of dependent steps). Eight that share
// a segment and a fitted piece of the table, none at either end of the
// piece and none at the route's parameter 1 (the usual case for times in
// order: a piece holds hundreds of them), are computed on lanes with the
// piece's and the segment's numbers read once; any other eight, and the
// last count % 8, go to `fallback`, which the caller locates as one batch.

import RazzleStores

/// Whether every lane of `m` is set, and whether any is: the lanes and-ed
/// and or-ed in line (the standard library's `all` and `any` reduce through
/// a generic call that its inliner leaves out of line in a function this
/// large: 11 % of a Lottie matrix's time).
@_transparent func every(_ m: SIMDMask<SIMD8<Int64>>) -> Bool {
  let v = m._storage
  return (v[0] & v[1] & v[2] & v[3] & v[4] & v[5] & v[6] & v[7]) != 0
}

@_transparent func some(_ m: SIMDMask<SIMD8<Int64>>) -> Bool {
  let v = m._storage
  return (v[0] | v[1] | v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) != 0
}

/// The doubles of a route table's `polynomials` a segment takes.
@inline(__always) var routePolynomialStride: Int { 9 }

/// Writes the route's point at each of the `count` keyframe progress
/// values `v` (not NaN; v = i + u: a fraction u of segment i's arc length,
/// clamped to [0, segmentCount]) to `x[j]` and `y[j]`.
///
/// - Parameters:
///   - table: The route (`razzle_route_table`).
///   - v: The keyframe progress values.
///   - count: Their number.
///   - x: Where each point's x goes.
///   - y: Where each point's y goes.
///   - piece: The table's piece containing an arc length in [0, total].
///   - fallback: Writes value j's point by the scalar path.
public func sampleRoutePoints(
  _ table: razzle_route_table, along v: UnsafePointer<Double>, count: Int,
  x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, piece: (Double) -> Int,
  fallback: (Int) -> Void
) {
  typealias Lanes = SIMD8<Double>
  let n = Int(table.segment_count)
  let segments = Lanes(repeating: Double(n))
  let one = Lanes(repeating: 1)
  let piece_starts = table.piece_starts.unsafelyUnwrapped
  let degree = Int(table.fit_degree)
  // The piece of the eight before: values in order mostly fall in it again.
  var k = 0
  /// Eight values ready for the fitted inverse: its input and the piece's
  /// record and segment's polynomial.
  struct Ready {
    let xs: Lanes
    let record: UnsafePointer<Double>
    let polynomial: UnsafePointer<Double>
  }
  /// The eight values from `j` ready for the inverse, or nil having sent
  /// them to `fallback`; `k` the piece of the eight before, then theirs.
  /// (`k` a parameter: a local function that is not inlined and captures
  /// a variable boxes it on the heap, at every call of the kernel.)
  @inline(__always) func ready(_ j: Int, _ k: inout Int) -> Ready? {
    let values = UnsafeRawPointer(v + j).loadUnaligned(as: Lanes.self)
    // min(Double(n), max(0, v)), as Swift's min and max choose.
    var clamped = Lanes(repeating: 0).replacing(with: values, where: values .>= 0)
    clamped = segments.replacing(with: clamped, where: clamped .< segments)
    // One segment i for the eight: Int(clamped) == i on every lane (or the
    // last segment, which takes clamped = n too).
    let i = Swift.min(n &- 1, Int(clamped[0]))
    let low = Double(i)
    let inside =
      i == n &- 1
      ? clamped .>= Lanes(repeating: low)
      : (clamped .>= Lanes(repeating: low)) .& (clamped .< Lanes(repeating: low + 1))
    let length = table.lengths.unsafelyUnwrapped[i]
    guard every(inside), length > 0 else {
      for l in 0..<8 { fallback(j &+ l) }
      return nil
    }
    let u = clamped - Lanes(repeating: low)
    let total = Lanes(repeating: table.total)
    let along = Lanes(repeating: table.starts.unsafelyUnwrapped[i]) + u * Lanes(repeating: length)
    let s = along.replacing(with: total, where: total .< along)
    // One piece for the eight: [starts[k], starts[k + 1]) holds every s.
    func holds(_ k: Int) -> Bool {
      every(
        (Lanes(repeating: piece_starts[k]) .<= s) .& (s .< Lanes(repeating: piece_starts[k &+ 1])))
    }
    if !holds(k) { k = piece(s[0]) }
    let record = table.records.unsafelyUnwrapped + k &* Int(table.record_stride)
    let segment = Int(record[3])
    let polynomial = table.polynomials.unsafelyUnwrapped + segment &* routePolynomialStride
    guard holds(k), record[4] == table.fitted_mode, polynomial[8] == 1 else {
      for l in 0..<8 { fallback(j &+ l) }
      return nil
    }
    // The fraction of the piece (s < its end: min(1, max(0, ·))), which
    // the fitted inverse takes strictly inside (0, 1).
    let raw = (s - Lanes(repeating: piece_starts[k])) * Lanes(repeating: record[2])
    var w = Lanes(repeating: 0).replacing(with: raw, where: raw .>= 0)
    w = one.replacing(with: w, where: w .< one)
    guard !some(w .== 0 .| w .== one) else {
      for l in 0..<8 { fallback(j &+ l) }
      return nil
    }
    return Ready(xs: 2 * w - one, record: record, polynomial: polynomial)
  }
  /// The fitted inverse (the piece's polynomial in xs, by Horner's rule).
  @inline(__always) func inverse(_ r: Ready) -> Lanes {
    let c = r.record + Int(table.fit_offset)
    var sum = Lanes(repeating: c[degree])
    var d = degree &- 1
    while d >= 0 {
      sum = sum * r.xs + Lanes(repeating: c[d])
      d &-= 1
    }
    return sum
  }
  /// The eight points from `j`, their inverse `sum` (t clamped to the
  /// piece), or to `fallback` where a t is 1.
  @inline(__always) func write(_ r: Ready, _ sum: Lanes, _ j: Int) {
    let t0 = Lanes(repeating: r.record[0])
    let t1 = Lanes(repeating: r.record[1])
    var t = t0 + (t1 - t0) * sum
    t = t0.replacing(with: t, where: t .>= t0)
    t = t1.replacing(with: t, where: t .< t1)
    // At t = 1 the point is the segment's end point, not its cubic's.
    guard !some(t .== one) else {
      for l in 0..<8 { fallback(j &+ l) }
      return
    }
    func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Lanes {
      ((Lanes(repeating: a) * t + Lanes(repeating: b)) * t + Lanes(repeating: c)) * t
        + Lanes(repeating: d)
    }
    let p = r.polynomial
    UnsafeMutableRawPointer(x + j).storeBytes(of: cubic(p[0], p[2], p[4], p[6]), as: Lanes.self)
    UnsafeMutableRawPointer(y + j).storeBytes(of: cubic(p[1], p[3], p[5], p[7]), as: Lanes.self)
  }
  var j = 0
  // Sixteen at a time: the two inverses' chains of dependent steps side
  // by side.
  while j &+ 16 <= count {
    let a = ready(j, &k)
    let b = ready(j &+ 8, &k)
    if let a, let b {
      let ca = a.record + Int(table.fit_offset)
      let cb = b.record + Int(table.fit_offset)
      var sa = Lanes(repeating: ca[degree])
      var sb = Lanes(repeating: cb[degree])
      var d = degree &- 1
      while d >= 0 {
        sa = sa * a.xs + Lanes(repeating: ca[d])
        sb = sb * b.xs + Lanes(repeating: cb[d])
        d &-= 1
      }
      write(a, sa, j)
      write(b, sb, j &+ 8)
    } else if let a {
      write(a, inverse(a), j)
    } else if let b {
      write(b, inverse(b), j &+ 8)
    }
    j &+= 16
  }
  if j &+ 8 <= count {
    if let a = ready(j, &k) { write(a, inverse(a), j) }
    j &+= 8
  }
  while j < count {
    fallback(j)
    j &+= 1
  }
}
