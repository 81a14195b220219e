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
      var scratch = (0.0, 0.0)
      withUnsafeMutablePointer(to: &scratch) {
        $0.withMemoryRebound(to: Double.self, capacity: 2) { tmp in
          for i in range {
            let out = xyBase.map { $0 + 2 * i } ?? tmp
            evaluate(base[i], table, rotation: rotation, xy: out, angle: angleBase.map { $0 + i })
          }
        }
      }
    }
  }

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
