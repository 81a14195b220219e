// Every animated value of an imported Lottie animation at many times: the
// timeline sampled in one batch, then spatial positions and shape paths
// put together from their tracks.

import RazzleStores

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
    let assembly = self.assembly()
    if matrix.streams, try sampleTiled(times, matrix, assembly) { return }
    // The timeline sampled a block of rows at a time into a scratch block
    // that stays in the cache, then assembled: the whole timeline's samples
    // at once (400,000 times of a 47-column file: 150 MB, zeroed and
    // faulted in on every call) cost a fifth of the call and its memory.
    // A block's samples (at most `Parallel.minimumChunk` doubles) are too
    // few for the timeline to split them across threads itself; the rows
    // are split here, as before.
    var block = Swift.max(1, Swift.min(1_024, Parallel.minimumChunk / Swift.max(1, inner)))
    if !matrix.writesInPlace { block = Swift.min(block, matrix.blockRows) }
    let lock = Mutex()
    nonisolated(unsafe) var failure: RazzleError? = nil
    // Eight chunks a thread: a file's values move in some stretches of
    // its frames and hold in others (intelia_logo_animation.json, 400,000
    // times on one thread: the first half 87 ms, the second 57 ms).
    Parallel.forEachChunk(times.count, work: needed, chunksPerThread: 8) { range in
      let scratch = UnsafeMutableBufferPointer<Double>.allocate(capacity: block &* inner)
      defer { scratch.deallocate() }
      let rows = UnsafePointer(scratch.baseAddress.unsafelyUnwrapped)
      func run(_ staging: UnsafeMutablePointer<Double>?) {
        var first = range.lowerBound
        while first < range.upperBound {
          let n = Swift.min(block, range.upperBound &- first)
          do throws(RazzleError) {
            try timeline.sample(
              times: UnsafeBufferPointer(rebasing: times[first..<(first &+ n)]),
              into: UnsafeMutableBufferPointer(rebasing: scratch[0..<(n &* inner)]))
          } catch {
            lock.lock()
            if failure == nil { failure = error }
            lock.unlock()
            return
          }
          if let staging {
            // Streamed or transposed: through a staging block in the cache.
            assemble(assembly, rows, inner: inner, count: n, into: staging, width: width)
            matrix.write(staging, first: first, count: n)
          } else {
            assemble(
              assembly, rows, inner: inner, count: n, into: base + first &* width, width: width)
          }
          first &+= n
        }
      }
      if matrix.writesInPlace {
        run(nil)
      } else {
        FrameMatrix.withStaging(block &* width) { run($0) }
      }
    }
    if let failure { throw failure }
  }

  /// The rows layout of a matrix past the cache (``FrameMatrix/streams``),
  /// tile by tile, as `Node.sample` writes its own: the timeline's tracks
  /// write their rows of a tile as contiguous values (the kernels' fast
  /// path: vector stores, and held stretches filled, instead of a value a
  /// row's width apart), the routes read their segment and progress
  /// columns there and write their positions beside them, and
  /// `razzle_stream_columns` transposes the tile into the matrix's rows by
  /// non-temporal stores: the copy of each row and the stream of the block
  /// in one pass. Returns false, having written nothing, for a timeline
  /// that cannot be tiled (a stagger), which the caller samples by rows.
  ///
  /// Measured on `intelia_logo_animation.json` (bench case 64, 400,000
  /// times, 150 MB): by rows through a staging block 92–96 ms on one
  /// thread, 48–53 ms on two; tiled 74–78 and 42–43 ms; with the route
  /// kernel, the staged transpose and 3-channel Bézier tracks on the
  /// vector kernel (0.3.22) 55 and 29 ms; with repeated columns computed
  /// once, the time maps on lanes, hidden rows written as NaN, no
  /// allocation per block and staging buffers kept per thread (0.3.23)
  /// 36.5 and 18.5–19 ms.
  private func sampleTiled(
    _ times: UnsafeBufferPointer<Double>, _ matrix: FrameMatrix, _ assembly: Assembly
  ) throws(RazzleError) -> Bool {
    try timeline.withPlan { (plan) throws(RazzleError) -> Bool in
      let inner = plan.width
      let width = matrix.columns
      guard !plan.hasStagger, inner == timelineWidth, let queries = times.baseAddress else {
        return false
      }
      let rows = Swift.min(NodeSampler.blockSize, times.count)
      // A column's rows and a line more (see `Node.sampleTiled`).
      let pitch = rows &+ 8
      // Where the timeline writes each of its columns in the tile.
      let (offsets, steps) = NodeSampler.tilePlaces(plan, tileRows: pitch)
      // Each matrix column's place in the tile: a track's column where
      // the timeline wrote it; a route's position in columns of its own
      // after the timeline's, a channel a column (the route kernel's
      // output, and contiguous for the transpose).
      var columnOffsets = [Int](repeating: -1, count: width)
      var columnSteps = [Int](repeating: 1, count: width)
      var k = 0
      while k < assembly.copies.count {
        let (to, from, count) = (assembly.copies[k], assembly.copies[k + 1], assembly.copies[k + 2])
        for c in 0..<count {
          columnOffsets[to + c] = offsets[from + c]
          columnSteps[to + c] = steps[from + c]
        }
        k += 3
      }
      // (route, segment column, progress column, its tile offset, channels)
      var positions: [(route: Int, segment: Int, progress: Int, offset: Int, channels: Int)] = []
      var end = inner &* pitch
      k = 0
      while k < assembly.spatial.count {
        let (to, progress, segment, route) = (
          assembly.spatial[k], assembly.spatial[k + 1], assembly.spatial[k + 2],
          assembly.spatial[k + 3]
        )
        let channels = assembly.routes[route].points[0].count
        for c in 0..<channels {
          columnOffsets[to + c] = end &+ c &* pitch
          columnSteps[to + c] = 1
        }
        positions.append((route, segment, progress, end, channels))
        end &+= channels &* pitch
        k += 4
      }
      guard columnOffsets.allSatisfy({ $0 >= 0 }) else { return false }
      let tileCount = end
      Parallel.forEachChunk(times.count, work: times.count &* width, chunksPerThread: 8) { range in
        FrameMatrix.withStaging(tileCount) { tile in
          withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: width) { bases in
            for c in 0..<width { bases[c] = UnsafePointer(tile + columnOffsets[c]) }
            columnSteps.withUnsafeBufferPointer { columnSteps in
              NodeSampler.with(plan: plan, block: rows, tileRows: pitch) { sampler in
                var row = range.lowerBound
                while row < range.upperBound {
                  let n = Swift.min(rows, range.upperBound &- row)
                  sampler.run(queries + row, n, false, tile)
                  for p in positions {
                    assembly.routes[p.route].values(
                      segments: tile + offsets[p.segment], progress: tile + offsets[p.progress],
                      strides: (steps[p.segment], steps[p.progress]), count: n,
                      into: tile + p.offset, width: 1, channelStride: pitch)
                  }
                  razzle_stream_columns(
                    matrix.base + row &* width, width, bases.baseAddress.unsafelyUnwrapped,
                    columnSteps.baseAddress.unsafelyUnwrapped, width, n, FrameMatrix.transposeLevel)
                  row &+= n
                }
              }
            }
          }
        }
      }
      return true
    }
  }

  /// The columns' plans flattened for the row loop, which then touches no
  /// reference (a plan's enum payload and read list, copied a row and a
  /// column, cost more in reference counting than the copies themselves).
  private struct Assembly {
    /// (destination, source, count): runs of doubles copied as they are
    /// (tracks, and a shape's vertex tracks one after another), adjacent
    /// runs joined.
    var copies: [Int] = []
    /// (destination, progress read, segment read, route): spatial
    /// positions.
    var spatial: [Int] = []
    var routes: [LottieRoute] = []

    mutating func copy(to destination: Int, from source: Int, count: Int) {
      let n = copies.count
      if n >= 3 && copies[n - 3] + copies[n - 1] == destination
        && copies[n - 2] + copies[n - 1] == source
      {
        copies[n - 1] += count
      } else {
        copies += [destination, source, count]
      }
    }
  }

  private func assembly() -> Assembly {
    var assembly = Assembly()
    for (k, plan) in plans.enumerated() {
      let column = columns[k]
      switch plan.source {
      case .track:
        assembly.copy(to: column.start, from: plan.reads[0], count: column.channels)
      case .concat:
        for (i, read) in plan.reads.enumerated() {
          assembly.copy(to: column.start + 6 * i, from: read, count: 6)
        }
      case .spatial(_, _, let route):
        assembly.spatial += [column.start, plan.reads[0], plan.reads[1], assembly.routes.count]
        assembly.routes.append(route)
      }
    }
    return assembly
  }

  /// `count` rows of the matrix (`width` apart) from rows of the
  /// timeline's samples (`inner` apart): tracks copied, shape paths'
  /// vertex tracks put together, spatial positions evaluated along their
  /// routes.
  private func assemble(
    _ assembly: Assembly, _ rows: UnsafePointer<Double>, inner: Int, count: Int,
    into dest: UnsafeMutablePointer<Double>, width: Int
  ) {
    assembly.copies.withUnsafeBufferPointer { copies in
      for j in 0..<count {
        let row = rows + j &* inner
        let o = dest + j &* width
        var k = 0
        while k < copies.count {
          // Runs of a few doubles (a value's channels): a loop, not a call
          // of `memmove` per run and row.
          let (to, from) = (o + copies[k], row + copies[k &+ 1])
          for c in 0..<copies[k &+ 2] { to[c] = from[c] }
          k &+= 3
        }
      }
    }
    // A spatial column at a time, its route read once.
    var k = 0
    while k < assembly.spatial.count {
      let (to, progress, segment) = (
        assembly.spatial[k], assembly.spatial[k + 1], assembly.spatial[k + 2]
      )
      assembly.routes[assembly.spatial[k + 3]].values(
        segments: rows + segment, progress: rows + progress, strides: (inner, inner),
        count: count, into: dest + to, width: width)
      k += 4
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
