extension Path {
  /// The point and/or angle at each of many arc-length fractions, in one
  /// call: `xy[2i], xy[2i + 1]` and `angles[i]` for `fractions[i]`, as
  /// ``point(at:)`` and ``angle(at:)`` give them (with `rotation` applied
  /// to the angle). Large batches are split across threads
  /// (``Parallel``) with identical results.
  ///
  /// - Parameters:
  ///   - fractions: arc-length fractions (any numbers: see the type's
  ///     wrapping rule; NaN gives NaN).
  ///   - rotation: how the angle is made from the tangent.
  ///   - xy: room for 2 × count doubles, or nil.
  ///   - angles: room for count doubles, or nil.
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if an output is short.
  /// - Complexity: O(n log p) for n fractions on a path of p table pieces.
  public func points(
    at fractions: UnsafeBufferPointer<Double>, rotation: PathRotation = .auto,
    xy: UnsafeMutableBufferPointer<Double>?, angles: UnsafeMutableBufferPointer<Double>?
  ) throws(RazzleError) {
    let n = fractions.count
    if let xy { try checkCapacity(xy.count, 2 * n, "points") }
    if let angles { try checkCapacity(angles.count, n, "angles") }
    guard n > 0 else { return }
    let base = fractions.baseAddress.unsafelyUnwrapped
    let xyBase = xy?.baseAddress
    let angleBase = angles?.baseAddress
    let table = self.table
    Parallel.forEachChunk(n) { range in
      guard !table.pieces.isEmpty else {
        var scratch = (0.0, 0.0)
        withUnsafeMutablePointer(to: &scratch) {
          $0.withMemoryRebound(to: Double.self, capacity: 2) { tmp in
            for i in range {
              let out = xyBase.map { $0 + 2 * i } ?? tmp
              evaluate(base[i], table, rotation: rotation, xy: out, angle: angleBase.map { $0 + i })
            }
          }
        }
        return
      }
      evaluateBlocks(
        base, range, table, rotation: rotation, xy: xyBase, angles: angleBase)
    }
  }

  /// The points and angles of `fractions[range]`, on a table with at least
  /// one piece, a block of ``queryBlock`` at a time in passes: every
  /// fraction's segment and t (noting the queries on arcs and on the
  /// other segments in two lists, without a branch), then the points and
  /// tangents of each list, then every angle (``directionAngles``, four at
  /// a time at the CPU's kernel level). Each pass's iterations are
  /// independent, short and take the same branches, so the processor
  /// overlaps their long chains of dependent arithmetic (the inverse's
  /// polynomial, the curve, the angle's divisions and polynomial) instead
  /// of waiting on each in turn. Each query runs the operations of
  /// ``evaluate(_:_:rotation:xy:angle:)`` in the same order, so the bits
  /// are the single call's, on any thread count.
  private func evaluateBlocks(
    _ fractions: UnsafePointer<Double>, _ range: Range<Int>, _ table: ArcLengthTable,
    rotation: PathRotation, xy: UnsafeMutablePointer<Double>?,
    angles: UnsafeMutablePointer<Double>?
  ) {
    let block = Self.queryBlock
    let level = KernelLevel.active
    segments.withUnsafeBufferPointer { segments in
      table.evaluators.withUnsafeBufferPointer { evaluators in
        let evaluators = evaluators.baseAddress.unsafelyUnwrapped
        table.withQuery { query in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * block) { lists in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 * block) { scratch in
              let found = lists.baseAddress.unsafelyUnwrapped
              let onArcs = found + block
              let onCurves = onArcs + block
              let ts = scratch.baseAddress.unsafelyUnwrapped
              let dxs = ts + block
              let dys = dxs + block
              // The points when the caller wants angles only.
              let own = dys + block
              var start = range.lowerBound
              while start < range.upperBound {
                let count = Swift.min(block, range.upperBound - start)
                let out = xy.map { $0 + 2 * start } ?? own
                var arcCount = 0
                var curveCount = 0
                var undefined = 0
                for j in 0..<count {
                  let s = distance(fractions[start + j], table)
                  if s.isFinite {
                    let k = query.piece(containing: s)
                    var (index, t) = query.parameter(s, piece: k)
                    if t.isNaN { t = table.solvedParameter(s, piece: k, segments) }
                    found[j] = index
                    ts[j] = t
                    let arc = evaluators[index].isArc ? 1 : 0
                    onArcs[arcCount] = j
                    onCurves[curveCount] = j
                    arcCount += arc
                    curveCount += 1 - arc
                  } else {
                    found[j] = -1
                    undefined += 1
                    out[2 * j] = .nan
                    out[2 * j + 1] = .nan
                    dxs[j] = .nan
                    dys[j] = .nan
                  }
                }
                if angles == nil {
                  for j in 0..<count where found[j] >= 0 {
                    let p = SegmentEvaluator.point(evaluators + found[j], ts[j])
                    out[2 * j] = p.x
                    out[2 * j + 1] = p.y
                  }
                  start += count
                  continue
                }
                for m in 0..<curveCount {
                  let j = onCurves[m]
                  let (p, d) = SegmentEvaluator.polynomialPointAndTangent(
                    evaluators + found[j], ts[j])
                  out[2 * j] = p.x
                  out[2 * j + 1] = p.y
                  dxs[j] = d.x
                  dys[j] = d.y
                }
                for m in 0..<arcCount {
                  let j = onArcs[m]
                  let (p, d) = SegmentEvaluator.arcPointAndTangent(evaluators + found[j], ts[j])
                  out[2 * j] = p.x
                  out[2 * j + 1] = p.y
                  dxs[j] = d.x
                  dys[j] = d.y
                }
                if let angles {
                  directionAngles(
                    dys, dxs, count: count, rotation: rotation, into: angles + start,
                    level: level)
                  if undefined != 0 {
                    for j in 0..<count where found[j] < 0 { angles[start + j] = .nan }
                  }
                }
                start += count
              }
            }
          }
        }
      }
    }
  }

  /// The fractions a batch carries through each pass together.
  static let queryBlock = 64

  /// `count` points evenly spaced in arc length from fraction `start` to
  /// fraction `end` (both included; one point for count 1, at `start`),
  /// written to `xy` (2 × count doubles): the stroke between `start` and
  /// `end` (``trimmed(from:to:)``) as sampled points.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite fraction,
  ///   `.bufferTooSmall`.
  public func trimPoints(
    from start: Double, to end: Double, count: Int, into xy: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    guard start.isFinite, end.isFinite else {
      throw RazzleError(.invalidValue, "trim fractions must be finite, got \(start), \(end)")
    }
    try checkCapacity(xy.count, 2 * count, "points")
    let (a, b) = trimRange(start, end)
    let table = self.table
    for i in 0..<count {
      let f = count == 1 ? a : a + (b - a) * Double(i) / Double(count - 1)
      // The range is already resolved: wrap only past 1 on closed paths.
      evaluate(
        isClosed && f >= 1 && b > 1 ? f - 1 : f, table, rotation: .auto,
        xy: xy.baseAddress.unsafelyUnwrapped + 2 * i, angle: nil)
      if isClosed && i == count - 1 && count > 1 && b - a >= 1 {
        // The whole closed path: the last point is the first.
        xy[2 * i] = xy[0]
        xy[2 * i + 1] = xy[1]
      }
    }
  }
}
