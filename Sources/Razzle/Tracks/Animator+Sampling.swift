import RazzleKernelsAVX2
import RazzleStores

extension Animator {
  /// Samples every track at every time into one matrix: in the ``MatrixLayout/rows``
  /// layout (the default) row j holds the values at `times[j]`, the columns
  /// holding the tracks' channels in the order the tracks were added (a
  /// scalar track takes one column, a color four, …); in the
  /// ``MatrixLayout/columns`` layout the same matrix is transposed, each
  /// column one contiguous row of `times.count` values. ``layout`` tells
  /// which columns belong to which track; the returned generation says
  /// which layout this matrix follows.
  ///
  /// The call holds every track's read lock while it runs, so the matrix is
  /// one consistent frame of the animator. Large batches (rows × tracks)
  /// are split across threads by rows (see ``Parallel``); a matrix larger
  /// than the last-level cache is written with non-temporal stores
  /// (``FrameMatrix``). Values are identical to single-track sampling, bit
  /// for bit, in either layout and on any number of threads.
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if `out` holds fewer than
  ///   `times.count × columns` doubles, `.emptyTrack` naming the first track
  ///   without keyframes, `.notFound` naming the first relative track whose
  ///   variable is not set. Nothing is written then. Relative tracks'
  ///   columns hold `value · variable + constant` (``TrackRelation``).
  /// - Returns: The number of columns and the layout generation.
  /// - Complexity: O(m × (log n + channels)) per track for m times.
  public func sample(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    layout: MatrixLayout = .rows
  )
    throws(RazzleError) -> (columns: Int, generation: UInt64)
  {
    try lock.withReadLock { () throws(RazzleError) -> (columns: Int, generation: UInt64) in
      // Every track of this animator shares its lock, so the read lock held
      // here covers their keyframes too: their samplers stay valid. The
      // tracks are visited through a buffer, which spares a reference count
      // per track per frame.
      if times.count == 1 {
        // A frame (one row or one column: the same doubles either way):
        // the frame cache knows the columns, the empty and the relative
        // tracks, so no track object is visited for them.
        // No caches: the animator never had a track, a frame has no columns.
        guard let frameCache = caches?.frame else { return (0, generation) }
        return try ordered.withUnsafeBufferPointer {
          (tracks) throws(RazzleError) -> (columns: Int, generation: UInt64) in
          try frameCache.withCurrent(tracks, edits: domain.edits) {
            (cache) throws(RazzleError) -> (columns: Int, generation: UInt64) in
            try cache.check(tracks)
            let columns = cache.columns
            guard out.count >= columns else {
              throw RazzleError(
                .bufferTooSmall,
                "output holds \(out.count) doubles, 1 rows of \(columns) columns need \(columns)")
            }
            if let base = out.baseAddress, let t = times.first, columns > 0 {
              cache.write(tracks, t, domain: domain, into: base)
            }
            return (columns, generation)
          }
        }
      }
      return try ordered.withUnsafeBufferPointer { (tracks) throws(RazzleError) in
        var columns = 0
        for i in tracks.indices {
          guard tracks[i].sampler != nil else { throw tracks[i].emptyError }
          if let bound = tracks[i].bound { _ = try tracks[i].relationFactor(unlocked: bound) }
          columns &+= tracks[i].channels
        }
        let (needed, overflow) = times.count.multipliedReportingOverflow(by: columns)
        guard !overflow, out.count >= needed else {
          throw RazzleError(
            .bufferTooSmall,
            "output holds \(out.count) doubles, \(times.count) rows of \(columns) columns need \(overflow ? "more" : String(needed))"
          )
        }
        guard let base = out.baseAddress, let queries = times.baseAddress, columns > 0 else {
          return (columns, generation)
        }
        let matrix = FrameMatrix(base: base, rows: times.count, columns: columns, layout: layout)
        // Split by rows, sized by the whole matrix: many tracks over a few
        // thousand times use every thread too.
        let (work, workOverflow) = times.count.multipliedReportingOverflow(by: tracks.count)
        Parallel.forEachChunk(times.count, work: workOverflow ? Int.max : work) { range in
          if matrix.writesInPlace {
            sampleInPlace(tracks, queries, range, into: base, columns: columns)
          } else if layout == .rows {
            sampleStreamed(tracks, queries, range, matrix)
          } else {
            sampleColumns(tracks, queries, range, matrix)
          }
        }
        return (columns, generation)
      }
    }
  }

  /// The rows `range` of a matrix the cache holds, written in place: rows
  /// a few at a time, every track writing its columns of a block of rows
  /// that stays in the core's cache until the block is done, so the matrix
  /// goes to memory once, row by row, instead of once per track (a track's
  /// column alone touches a cache line a row). The values do not depend on
  /// the blocks (sampleBatch's promise).
  private func sampleInPlace(
    _ tracks: UnsafeBufferPointer<Track>, _ queries: UnsafePointer<Double>, _ range: Range<Int>,
    into base: UnsafeMutablePointer<Double>, columns: Int
  ) {
    let rowsPerBlock = Swift.max(
      Animator.minimumBlockRows, Animator.blockBytes / Swift.max(1, columns &* 8))
    var first = range.lowerBound
    while first < range.upperBound {
      let count = Swift.min(rowsPerBlock, range.upperBound &- first)
      sampleBlock(tracks, queries + first, count, into: base + first &* columns, stride: columns)
      first &+= count
    }
  }

  /// The rows `range` of a matrix larger than the cache. Runs of eight
  /// plain linear scalar tracks whose columns are one cache line of every
  /// row go line by line, computed across the tracks and stored at once
  /// (`RazzleKernels.sampleLinearLines`; at the avx2 and avx512 levels);
  /// the other tracks tile by tile (``sampleTiled(_:_:_:_:firstColumn:)``).
  /// Measured on the hour-of-video matrix (1,000 plain linear tracks,
  /// 1.7 GB; one thread / two): the tiles 0.165 / 0.086 s, the lines 0.088 /
  /// 0.045 s — the machine's non-temporal write bandwidth, where the tiles'
  /// computing and storing took turns.
  private func sampleStreamed(
    _ tracks: UnsafeBufferPointer<Track>, _ queries: UnsafePointer<Double>, _ range: Range<Int>,
    _ matrix: FrameMatrix
  ) {
    let level = KernelLevel.active.storesLevel
    let lineOffset = FrameMatrix.lineOffset(base: matrix.base, columns: matrix.columns)
    func group(_ i: Int) -> Bool {
      i &+ 8 <= tracks.count && tracks[i..<i &+ 8].allSatisfy(\.streamsRuns)
    }
    var i = 0
    var column = 0
    var pending = (track: 0, column: 0)
    func flush(to end: Int) {
      if pending.track < end {
        sampleTiled(
          UnsafeBufferPointer(rebasing: tracks[pending.track..<end]), queries, range, matrix,
          firstColumn: pending.column)
      }
    }
    while i < tracks.count {
      guard level > 0, let lineOffset, (lineOffset &+ column) & 7 == 0, group(i) else {
        column &+= tracks[i].channels
        i &+= 1
        continue
      }
      var end = i &+ 8
      while group(end) { end &+= 8 }
      flush(to: i)
      let lanes = (i..<end).map { tracks[$0].sampler.unsafelyUnwrapped.linearTrack }
      lanes.withUnsafeBufferPointer {
        sampleLinearLines(
          tracks: $0.baseAddress.unsafelyUnwrapped, groups: (end &- i) / 8,
          queries: queries + range.lowerBound, rows: range.count,
          into: matrix.base + (range.lowerBound &* matrix.columns &+ column),
          stride: matrix.columns, level: level)
      }
      column &+= end &- i
      i = end
      pending = (i, column)
    }
    flush(to: tracks.count)
  }

  /// The rows `range` of a matrix larger than the cache, tile by tile. A
  /// tile is whole tracks of at most ``FrameMatrix/tileColumns`` columns (a
  /// wider track alone) by as many rows as fill ``FrameMatrix/tileBytes``
  /// with them: each track samples its rows of the tile as one contiguous
  /// batch (its channels side by side, as in its own rows: the kernels'
  /// fast path, one call a track for hundreds of rows), then the tile
  /// goes to the matrix transposed into rows by non-temporal stores
  /// (`razzle_stream_columns`), each row's part of it whole cache lines.
  /// Sampling every track into one block of full rows instead cost a call
  /// per track per ~130 rows and stores a row apart (bench case 55: rows
  /// layout 0.38 s on one thread, 0.26 s on two).
  ///
  /// `tracks` are the matrix's columns from `firstColumn` on.
  private func sampleTiled(
    _ tracks: UnsafeBufferPointer<Track>, _ queries: UnsafePointer<Double>, _ range: Range<Int>,
    _ matrix: FrameMatrix, firstColumn: Int
  ) {
    let columns = matrix.columns
    let level = FrameMatrix.transposeLevel
    // Where the matrix's rows start in a cache line, in doubles.
    let lineOffset = Int(truncatingIfNeeded: UInt(bitPattern: matrix.base) >> 3)
    let widest = tracks.reduce(1) { Swift.max($0, $1.channels) }
    let tileWidth = Swift.max(FrameMatrix.tileColumns, widest)
    let tileRows = Swift.min(
      range.count,
      Swift.max(FrameMatrix.minimumBlockRows, FrameMatrix.tileBytes / (tileWidth &* 8)))
    FrameMatrix.withStaging(tileRows &* tileWidth &+ 8 &* tileWidth) { staging in
      withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: tileWidth) {
        bases in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: tileWidth) { steps in
          let base = bases.baseAddress.unsafelyUnwrapped
          let step = steps.baseAddress.unsafelyUnwrapped
          var first = range.lowerBound
          while first < range.upperBound {
            let count = Swift.min(tileRows, range.upperBound &- first)
            var i = 0
            var column = firstColumn
            while i < tracks.count {
              // The tile's tracks, i..<end: at most tileWidth columns,
              // ending where a line of the matrix's rows starts if one of
              // the last eight track boundaries does (so no line is
              // written half by one tile and half by the next).
              var width = 0
              var end = i
              var aligned = (0, i)
              while end < tracks.count && (width == 0 || width &+ tracks[end].channels <= tileWidth)
              {
                width &+= tracks[end].channels
                end &+= 1
                if (lineOffset &+ column &+ width) & 7 == 0 { aligned = (width, end) }
              }
              if end < tracks.count && aligned.0 > 0 && aligned.0 &+ 8 > width {
                (width, end) = aligned
              }
              var offset = 0
              var c = 0
              for k in i..<end {
                let channels = tracks[k].channels
                let start = staging + offset
                sampleBlock(
                  UnsafeBufferPointer(rebasing: tracks[k..<k + 1]), queries + first, count,
                  into: start, stride: channels)
                for q in 0..<channels {
                  base[c] = UnsafePointer(start + q)
                  step[c] = channels
                  c &+= 1
                }
                // A line between tracks: columns a power of two apart
                // would share one set of the L1 cache, which the transpose
                // reads 64 of at a time.
                offset &+= count &* channels &+ 8
              }
              razzle_stream_columns(
                matrix.base + (first &* columns &+ column), columns, base, step, width, count,
                level)
              column &+= width
              i = end
            }
            first &+= count
          }
        }
      }
    }
  }

  /// The rows `range` of the columns layout: a scalar track samples its
  /// times straight into its column's row; when the matrix is larger than
  /// the cache (``FrameMatrix/isLarge``), by non-temporal stores — the
  /// linear kernel's own (`streaming`), or a staging block's copy. A track
  /// of several channels goes through a staging block whose channels are
  /// then split into their rows.
  private func sampleColumns(
    _ tracks: UnsafeBufferPointer<Track>, _ queries: UnsafePointer<Double>, _ range: Range<Int>,
    _ matrix: FrameMatrix
  ) {
    let widest = tracks.reduce(1) { Swift.max($0, $1.channels) }
    let rowsPerBlock = Swift.min(FrameMatrix.blockRows(columns: widest), range.count)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: rowsPerBlock &* widest) { buffer in
      let staging = buffer.baseAddress.unsafelyUnwrapped
      var column = 0
      for i in tracks.indices {
        let channels = tracks[i].channels
        let start = matrix.base + column &* matrix.rows
        if channels == 1 && !matrix.isLarge {
          let count = range.count
          sampleBlock(
            UnsafeBufferPointer(rebasing: tracks[i..<i + 1]), queries + range.lowerBound, count,
            into: start + range.lowerBound, stride: 1)
        } else if tracks[i].streamsRuns {
          // The linear kernel streams its runs itself: no staging.
          tracks[i].sampler.unsafelyUnwrapped.sampleBatch(
            UnsafeBufferPointer(start: queries + range.lowerBound, count: range.count),
            into: start + range.lowerBound, stride: 1, streaming: true)
        } else if channels == 1 {
          var first = range.lowerBound
          while first < range.upperBound {
            let count = Swift.min(rowsPerBlock, range.upperBound &- first)
            sampleBlock(
              UnsafeBufferPointer(rebasing: tracks[i..<i + 1]), queries + first, count,
              into: staging, stride: 1)
            razzle_stream_doubles(start + first, staging, count)
            first &+= count
          }
        } else {
          let channelRows = FrameMatrix(
            base: start, rows: matrix.rows, columns: channels, layout: .columns)
          var first = range.lowerBound
          while first < range.upperBound {
            let count = Swift.min(rowsPerBlock, range.upperBound &- first)
            sampleBlock(
              UnsafeBufferPointer(rebasing: tracks[i..<i + 1]), queries + first, count,
              into: staging, stride: channels)
            channelRows.write(staging, first: first, count: count)
            first &+= count
          }
        }
        column &+= channels
      }
    }
  }

  /// Every track of `tracks` at the `count` times `queries` into the rows
  /// at `out` (`stride` doubles apart), the tracks' channels side by side,
  /// relative tracks scaled by their variables.
  private func sampleBlock(
    _ tracks: UnsafeBufferPointer<Track>, _ queries: UnsafePointer<Double>, _ count: Int,
    into out: UnsafeMutablePointer<Double>, stride: Int
  ) {
    let chunk = UnsafeBufferPointer(start: queries, count: count)
    var column = 0
    for i in tracks.indices {
      let sampler = tracks[i].sampler.unsafelyUnwrapped
      let start = out + column
      sampler.sampleBatch(chunk, into: start, stride: stride)
      if let bound = tracks[i].bound {
        bound.apply(
          factor: domain.variables.values[bound.slot], derivative: false, to: start,
          count: count, channels: sampler.channels, stride: stride)
      }
      column &+= sampler.channels
    }
  }

  /// What ``sampleFrame(at:expecting:into:)`` reports, also when it throws:
  /// the row's column count and the layout generation it follows.
  public struct FrameShape: Sendable, Equatable {
    /// The columns of a row (every track's channels).
    public var columns: Int
    /// The animator's layout generation (see ``layout``).
    public var generation: UInt64

    /// Creates a shape.
    public init(columns: Int, generation: UInt64) {
      self.columns = columns
      self.generation = generation
    }
  }

  /// Samples every track at one time `t` into `out`, one row as
  /// ``sample(times:into:)`` writes it for a single time (the same bits),
  /// if the layout generation is still `expected` (nil: any generation).
  ///
  /// Built for callers that keep a row's size between frames: the
  /// generation check replaces reading the layout, and `shape` receives
  /// the column count and generation whether or not the call succeeds, so
  /// one call with an empty `out` tells a caller how much room a row needs.
  /// NaN and infinite times are sampled as every track samples them.
  ///
  /// - Parameters:
  ///   - t: The time.
  ///   - expected: The generation the caller's row size belongs to, or nil.
  ///   - out: Room for the row; nothing is written unless the call
  ///     succeeds.
  ///   - shape: Receives the columns and generation (also on a throw).
  /// - Throws: ``RazzleError`` `.stale` if the generation is not `expected`,
  ///   `.emptyTrack` / `.notFound` as ``sample(times:into:)``,
  ///   `.bufferTooSmall` if `out` holds fewer than the columns, in that
  ///   order. Nothing is written then.
  /// - Complexity: O(tracks); for a plain scalar track O(1) when `t` is in
  ///   the segment the previous frame sampled (the frame cache remembers
  ///   it), else O(log keyframes).
  public func sampleFrame(
    at t: Double, expecting expected: UInt64?, into out: UnsafeMutableBufferPointer<Double>,
    shape: inout FrameShape
  ) throws(RazzleError) {
    try lock.withReadLock { () throws(RazzleError) in
      guard let frameCache = caches?.frame else {
        // The animator never had a track: a frame of no columns.
        shape = FrameShape(columns: 0, generation: generation)
        if let expected, expected != generation {
          throw RazzleError(
            .stale, "the layout generation is \(generation), the caller's row is for \(expected)")
        }
        return
      }
      try ordered.withUnsafeBufferPointer { (tracks) throws(RazzleError) in
        try frameCache.withCurrent(tracks, edits: domain.edits) {
          (cache) throws(RazzleError) in
          shape = FrameShape(columns: cache.columns, generation: generation)
          if let expected, expected != generation {
            throw RazzleError(
              .stale, "the layout generation is \(generation), the caller's row is for \(expected)")
          }
          try cache.check(tracks)
          let columns = cache.columns
          guard out.count >= columns else {
            throw RazzleError(
              .bufferTooSmall,
              "output holds \(out.count) doubles, a row of \(columns) columns needs \(columns)")
          }
          if let base = out.baseAddress, columns > 0 {
            cache.write(tracks, t, domain: domain, into: base)
          }
        }
      }
    }
  }

  /// One frame (a single time) of every track: plain scalar tracks from the
  /// frame cache's contiguous buffers, the others through their kernels.
  /// Call with the domain's read lock held, after checking that every
  /// track has keyframes and every relative track's variable is set.
  func sampleFrame(
    _ tracks: UnsafeBufferPointer<Track>, _ t: Double, into out: UnsafeMutablePointer<Double>
  ) {
    caches?.frame.withCurrent(tracks, edits: domain.edits) { cache in
      cache.write(tracks, t, domain: domain, into: out)
    }
  }
}

extension Animator {
  /// The bytes of output one block of rows fills in ``sample(times:into:)``:
  /// beyond a core's L2 cache but well inside the shared L3, which measured
  /// faster than L2-sized blocks (fewer batch calls per track; README case
  /// 55).
  static var blockBytes: Int { 2 << 20 }
  /// The fewest rows a block has, however wide the rows (a batch call per
  /// track costs about a hundred nanoseconds).
  static var minimumBlockRows: Int { 256 }
}

extension Track {
  /// Whether the track's batches go through the plain linear kernel and
  /// write what it computes (not relative: no rewrite after the kernel), so
  /// it can stream them past the cache (``KeyframeSampler/streamsRuns``)
  /// and write eight neighbouring columns a line at a time.
  var streamsRuns: Bool {
    bound == nil && sampler.map(\.streamsRuns) ?? false
  }
}
