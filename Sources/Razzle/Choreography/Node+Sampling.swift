// Sampling a node tree: times mapped down the tree in blocks, one batch
// sample per clip and block, values written into the node's columns.

import RazzleStores

extension Node {
  /// The (target, property) pairs this node animates, in tree order, with
  /// their kinds and columns (Guides/Choreography.md, "Values").
  ///
  /// - Throws: ``RazzleError`` `.kindMismatch` when two clips animate one
  ///   pair with different kinds, or `add` a kind that is not blended
  ///   channel by channel; `.emptyTrack` for a track without keyframes.
  public func layout() throws(RazzleError) -> (
    columns: [NodeColumn], width: Int, generation: UInt64
  ) {
    try withPlan { (plan) throws(RazzleError) in
      (plan.columns, plan.width, plan.layoutGeneration)
    }
  }

  /// Samples the node at every local time into a matrix: in the
  /// ``MatrixLayout/rows`` layout (the default) row j holds the values at
  /// `times[j]`, columns as ``layout()`` lists them; in the
  /// ``MatrixLayout/columns`` layout the same matrix transposed, each
  /// column one contiguous row of `times.count` values. A pair no clip has
  /// an effect on at a time is NaN there.
  ///
  /// The tree is sampled holding every animator's read lock, so the rows
  /// are one consistent state of all of them. Large batches (rows ×
  /// columns) are split across threads by rows; a matrix larger than the
  /// last-level cache is written with non-temporal stores
  /// (``FrameMatrix``). Both layouts hold the same bits.
  ///
  /// - Parameters:
  ///   - times: The node's local times (NaN: no effect anywhere).
  ///   - out: At least `times.count × width` doubles.
  ///   - direction: The direction time runs in (a player running at a
  ///     negative rate passes `backwards`).
  ///   - layout: Rows (one per time) or columns (one per column).
  /// - Returns: The number of columns per row and the layout generation
  ///   (see ``layout()``).
  /// - Throws: ``RazzleError`` as ``layout()``, and `.bufferTooSmall`
  ///   (nothing written).
  /// - Complexity: O(times × (nodes + samples)).
  @discardableResult
  public func sample(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    direction: AnimationDirection = .forwards, layout: MatrixLayout = .rows
  ) throws(RazzleError) -> (width: Int, generation: UInt64) {
    try withPlan { (plan) throws(RazzleError) -> (width: Int, generation: UInt64) in
      let width = plan.width
      let (needed, overflow) = times.count.multipliedReportingOverflow(by: width)
      guard !overflow, out.count >= needed else {
        throw RazzleError(
          .bufferTooSmall,
          "output holds \(out.count) doubles, \(times.count) rows of \(width) columns need \(overflow ? "more" : String(needed))"
        )
      }
      guard let base = out.baseAddress, let queries = times.baseAddress, width > 0 else {
        return (width, plan.layoutGeneration)
      }
      // The columns layout in longer blocks: each block is a kernel call
      // per track and column.
      let columnsByTrack = layout == .columns && !plan.hasStagger
      let block = Swift.max(
        1,
        Swift.min(
          columnsByTrack ? NodeSampler.columnBlockSize : NodeSampler.blockSize, times.count,
          NodeSampler.scratchBudget
            / Swift.max(1, plan.maximumFanOut * (plan.maximumScratchWidth + 2))))
      let matrix = FrameMatrix(base: base, rows: times.count, columns: width, layout: layout)
      let tiled = matrix.streams && !plan.hasStagger
      let lines = tiled ? NodeLines(plan: plan, base: base) : nil
      // Split by rows, sized by the whole matrix (as an animator's batch):
      // a timeline of many clips over 1e5 times uses every thread too.
      Parallel.forEachChunk(times.count, work: needed) { range in
        if tiled {
          sampleTiled(plan, queries, range, direction, block: block, matrix, lines: lines)
          return
        }
        if columnsByTrack {
          // Each track writes its columns' rows straight (no staging and
          // no transposition).
          NodeSampler.with(
            plan: plan, block: block, columnRows: times.count, streams: matrix.isLarge
          ) { sampler in
            var row = range.lowerBound
            while row < range.upperBound {
              let n = Swift.min(block, range.upperBound - row)
              sampler.run(queries + row, n, direction == .backwards, base + row)
              row += n
            }
          }
          return
        }
        NodeSampler.with(plan: plan, block: block) { sampler in
          if matrix.writesInPlace {
            var row = range.lowerBound
            while row < range.upperBound {
              let n = Swift.min(block, range.upperBound - row)
              sampler.run(queries + row, n, direction == .backwards, base + row &* width)
              row += n
            }
            return
          }
          // Streamed or transposed: blocks of rows through a staging
          // buffer in the cache.
          let staged = Swift.min(block, matrix.blockRows)
          // On a huge page: the clips write their columns down the rows.
          FrameMatrix.withStaging(staged &* width) { staging in
            var row = range.lowerBound
            while row < range.upperBound {
              let n = Swift.min(staged, range.upperBound - row)
              sampler.run(queries + row, n, direction == .backwards, staging)
              matrix.write(staging, first: row, count: n)
              row += n
            }
          }
        }
      }
      return (width, plan.layoutGeneration)
    }
  }

  /// The rows `range` of a rows-layout matrix larger than the cache, tile
  /// by tile: each track writes its pair's rows of the tile as contiguous
  /// values (the kernels' fast path, `stride` its channels, instead of a
  /// row's width apart: a cache line a value), then `razzle_stream_columns`
  /// transposes the tile into the matrix's rows by non-temporal stores.
  /// A tile is the sampler's block of rows (up to 1,024) by the whole
  /// width, in the cache's last level for wide plans. Measured on the
  /// hour-of-video matrix as a timeline of 1,000 clips (bench case 63, one
  /// thread / two): rows through a staging block 0.34 / 0.17–0.18 s, tiles
  /// of 1,024 rows 0.23 / 0.13 s (of 128 rows 0.30 / 0.17 s; without the
  /// line between columns 0.30 / 0.15 s). The transpose then stores at the
  /// machine's write bandwidth; what is left is that computing and storing
  /// take turns.
  ///
  /// With `lines`, the columns of its parts go to the matrix line by line
  /// instead, computed across eight tracks and stored at once as an
  /// animator's plain linear tracks (`Animator.sampleStreamed`): their
  /// computing and storing overlap. The tile transposes the other
  /// columns.
  private func sampleTiled(
    _ plan: Plan, _ queries: UnsafePointer<Double>, _ range: Range<Int>,
    _ direction: AnimationDirection, block: Int, _ matrix: FrameMatrix, lines: NodeLines?
  ) {
    let width = plan.width
    let rows = Swift.min(block, range.count)
    // A column's rows and a line more: columns a power of two apart would
    // share a set of the L1 cache, which the transpose reads eight of at
    // a time.
    let pitch = rows &+ 8
    let places = NodeSampler.tilePlaces(plan, tileRows: pitch, lines: lines)
    FrameMatrix.withStaging(pitch &* width) { tile in
      withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: width) { bases in
        places.steps.withUnsafeBufferPointer { steps in
          for c in 0..<width { bases[c] = UnsafePointer(tile + places.offsets[c]) }
          let transposed = lines?.uncoveredRanges ?? [0..<width]
          NodeSampler.with(plan: plan, block: block, tileRows: pitch, lines: lines) { sampler in
            var row = range.lowerBound
            while row < range.upperBound {
              let n = Swift.min(rows, range.upperBound - row)
              let rowBase = matrix.base + row &* width
              sampler.run(queries + row, n, direction == .backwards, tile, lineRows: rowBase)
              for columns in transposed {
                razzle_stream_columns(
                  rowBase + columns.lowerBound, width,
                  bases.baseAddress.unsafelyUnwrapped + columns.lowerBound,
                  steps.baseAddress.unsafelyUnwrapped + columns.lowerBound, columns.count, n,
                  FrameMatrix.transposeLevel)
              }
              row += n
            }
          }
        }
      }
    }
  }

  /// Samples at one local time: each (target, property) with its value, or
  /// nil where no clip has an effect.
  ///
  /// - Throws: ``RazzleError`` as ``layout()``.
  public func values(at time: Double, direction: AnimationDirection = .forwards)
    throws(RazzleError) -> [(column: NodeColumn, value: [Double]?)]
  {
    try withPlan { (plan) throws(RazzleError) in
      var row = [Double](repeating: .nan, count: plan.width)
      row.withUnsafeMutableBufferPointer { out in
        plan.sampleRow(at: time, backwards: direction == .backwards, into: out.baseAddress)
      }
      // A clip writes every channel of a pair or none: one NaN channel
      // (an effect whose value is NaN aside) means no effect.
      return plan.columns.map { c in
        let v = Array(row[c.column..<c.column + c.kind.channels])
        return (c, v.allSatisfy(\.isNaN) ? nil : v)
      }
    }
  }

  /// Runs `body` with a current plan, holding the choreography lock and
  /// every animator's read lock.
  func withPlan<R>(_ body: (Plan) throws(RazzleError) -> R) throws(RazzleError) -> R {
    try withPlanOrFailure { (result) throws(RazzleError) -> R in
      switch result {
      case .success(let plan): return try body(plan)
      case .failure(let error): throw error
      }
    }
  }

  /// Runs `body` holding the choreography lock and every animator's read
  /// lock, with a current plan whose relative tracks' variables are set,
  /// or the error ``withPlan(_:)`` would throw (a player moves its clock
  /// before it reports that error, under the same locks).
  func withPlanOrFailure<R>(_ body: (Result<Plan, RazzleError>) throws(RazzleError) -> R)
    throws(RazzleError) -> R
  {
    try Choreography.lock.withReadLock { () throws(RazzleError) -> R in
      let cached = planLock.withReadLock { cachedPlan }
      // The tree unchanged since the cached plan: its animators, in lock
      // order, are still the ones under the node (a frame loop's case; the
      // walk and sort are skipped).
      let animators: [Animator]
      if let cached, cached.treeGeneration == Choreography.generation {
        animators = cached.animators
      } else {
        animators = unlockedLockOrder()
      }
      for a in animators { a.lock.lockForReading() }
      defer { for a in animators.reversed() { a.lock.unlock() } }
      let result: Result<Plan, RazzleError>
      do throws(RazzleError) {
        if let cached, cached.isCurrent(animators) {
          // Variables change without an edit: check them each call.
          try cached.checkVariables()
          result = .success(cached)
        } else {
          let plan = try unlockedPlan(animators: animators)
          try plan.checkVariables()
          planLock.withWriteLock {
            if let last = cachedPlan, last.columns != plan.columns { layoutGeneration &+= 1 }
            plan.layoutGeneration = layoutGeneration
            cachedPlan = plan
          }
          result = .success(plan)
        }
      } catch {
        result = .failure(error)
      }
      return try body(result)
    }
  }
}

extension Plan {
  /// Samples one row at the local time `time` into `out` (``width``
  /// doubles; nothing for a width of 0): the row
  /// ``Node/sample(times:into:direction:)`` writes for a single time. Call
  /// inside ``Node/withPlan(_:)``.
  func sampleRow(at time: Double, backwards: Bool, into out: UnsafeMutablePointer<Double>?) {
    guard let out, width > 0 else { return }
    withUnsafePointer(to: time) { t in
      NodeSampler.with(plan: self, block: 1) { $0.run(t, 1, backwards, out) }
    }
  }
}
