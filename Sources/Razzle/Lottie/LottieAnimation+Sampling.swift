// Every animated value of an imported Lottie animation at many times: the
// timeline sampled in one batch, then spatial positions and shape paths
// put together from their tracks.

extension LottieAnimation {
  /// Samples every column at each time (in the timeline's unit) into a
  /// matrix: in the ``MatrixLayout/rows`` layout (the default) row j holds
  /// the values at `times[j]`, columns as ``columns`` lists them
  /// (``rowWidth`` numbers per row); in the ``MatrixLayout/columns`` layout
  /// the same matrix transposed, each number of a row one contiguous row of
  /// `times.count` values. A layer's values are NaN where it does not show
  /// (frame < in point or ≥ out point). Both layouts hold the same bits.
  ///
  /// - Parameters:
  ///   - times: frames (or seconds, per ``timeUnit``).
  ///   - out: at least `times.count × rowWidth` doubles.
  ///   - layout: Rows (one per time) or columns (one per number of a row).
  /// - Throws: ``RazzleError`` `.bufferTooSmall` (nothing written).
  /// - Complexity: O(times × tracks), one batch sample of the timeline.
  public func sample(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    layout: MatrixLayout = .rows
  )
    throws(RazzleError)
  {
    let width = rowWidth
    let (needed, overflow) = times.count.multipliedReportingOverflow(by: width)
    guard !overflow, out.count >= needed else {
      throw RazzleError(
        .bufferTooSmall,
        "output holds \(out.count) doubles, \(times.count) rows of \(width) columns need \(overflow ? "more" : String(needed))"
      )
    }
    guard times.count > 0, width > 0, let base = out.baseAddress else { return }
    let inner = timelineWidth
    let matrix = FrameMatrix(base: base, rows: times.count, columns: width, layout: layout)
    var scratch = [Double](repeating: 0, count: times.count * inner)
    try scratch.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
      try timeline.sample(times: times, into: buffer)
      guard let rows = UnsafePointer(buffer.baseAddress) else { return }
      if matrix.writesInPlace {
        for j in 0..<times.count { assemble(rows + j &* inner, into: base + j &* width) }
        return
      }
      // Streamed or transposed: blocks of rows through a staging buffer in
      // the cache.
      let staged = Swift.min(times.count, matrix.blockRows)
      FrameMatrix.withStaging(staged &* width) { staging in
        var first = 0
        while first < times.count {
          let n = Swift.min(staged, times.count &- first)
          for j in 0..<n {
            assemble(rows + (first &+ j) &* inner, into: staging + j &* width)
          }
          matrix.write(staging, first: first, count: n)
          first &+= n
        }
      }
    }
  }

  /// One row of the matrix from one row of the timeline's samples: tracks
  /// copied, shape paths' vertex tracks put together, spatial positions
  /// evaluated along their routes.
  private func assemble(_ row: UnsafePointer<Double>, into dest: UnsafeMutablePointer<Double>) {
    for (k, plan) in plans.enumerated() {
      let column = columns[k]
      let o = dest + column.start
      switch plan.source {
      case .track:
        for c in 0..<column.channels { o[c] = row[plan.reads[0] + c] }
      case .concat:
        var c = 0
        for read in plan.reads {
          for d in 0..<6 { o[c + d] = row[read + d] }
          c += 6
        }
      case .spatial(_, _, let route):
        route.value(segment: row[plan.reads[1]], progress: row[plan.reads[0]], into: o)
      }
    }
  }

  /// Every column's value at one time: (target, property, value), the
  /// value nil where its layer does not show.
  ///
  /// - Throws: ``RazzleError`` as ``sample(times:into:)``.
  public func values(at time: Double) throws(RazzleError) -> [(
    target: String, property: String, value: [Double]?
  )] {
    var row = [Double](repeating: 0, count: rowWidth)
    try withUnsafePointer(to: time) { (t) throws(RazzleError) in
      try row.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
        try sample(times: UnsafeBufferPointer(start: t, count: 1), into: buffer)
      }
    }
    return columns.map { c in
      let value = Array(row[c.start..<(c.start + c.channels)])
      return (c.target, c.property, value.allSatisfy { $0.isNaN } ? nil : value)
    }
  }
}
