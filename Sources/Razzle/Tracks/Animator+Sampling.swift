extension Animator {
  /// Samples every track at every time into one row-major matrix: row j
  /// holds the values at `times[j]`, the columns hold the tracks' channels
  /// in the order the tracks were added (a scalar track takes one column, a
  /// color four, …). ``layout`` tells which columns belong to which track;
  /// the returned generation says which layout this matrix follows.
  ///
  /// The call holds every track's read lock while it runs, so the matrix is
  /// one consistent frame of the animator. Large batches (rows × tracks)
  /// are split across threads by rows (see ``Parallel``); values are
  /// identical to single-track sampling, bit for bit, on any number of
  /// threads.
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if `out` holds fewer than
  ///   `times.count × columns` doubles, `.emptyTrack` naming the first track
  ///   without keyframes, `.notFound` naming the first relative track whose
  ///   variable is not set. Nothing is written then. Relative tracks'
  ///   columns hold `value · variable + constant` (``TrackRelation``).
  /// - Returns: The number of columns and the layout generation.
  /// - Complexity: O(m × (log n + channels)) per track for m times.
  public func sample(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  )
    throws(RazzleError) -> (columns: Int, generation: UInt64)
  {
    try lock.withReadLock { () throws(RazzleError) -> (columns: Int, generation: UInt64) in
      // Every track of this animator shares its lock, so the read lock held
      // here covers their keyframes too: their samplers stay valid. The
      // tracks are visited through a buffer, which spares a reference count
      // per track per frame.
      if times.count == 1 {
        // A frame: the frame cache knows the columns, the empty and the
        // relative tracks, so no track object is visited for them.
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
        // Split by rows, sized by the whole matrix: many tracks over a few
        // thousand times use every thread too.
        let (work, workOverflow) = times.count.multipliedReportingOverflow(by: tracks.count)
        // Rows a few at a time: every track writes its columns of a block of
        // rows that stays in the core's cache until the block is done, so
        // the matrix goes to memory once, row by row, instead of once per
        // track (a track's column alone touches a cache line a row). The
        // values do not depend on the blocks (sampleBatch's promise).
        let rowsPerBlock = Swift.max(
          Animator.minimumBlockRows, Animator.blockBytes / Swift.max(1, columns &* 8))
        Parallel.forEachChunk(times.count, work: workOverflow ? Int.max : work) { range in
          var first = range.lowerBound
          while first < range.upperBound {
            let count = Swift.min(rowsPerBlock, range.upperBound &- first)
            let chunk = UnsafeBufferPointer(start: queries + first, count: count)
            var column = 0
            for i in tracks.indices {
              let sampler = tracks[i].sampler.unsafelyUnwrapped
              let start = base + (first &* columns &+ column)
              sampler.sampleBatch(chunk, into: start, stride: columns)
              if let bound = tracks[i].bound {
                bound.apply(
                  factor: domain.variables.values[bound.slot], derivative: false, to: start,
                  count: count, channels: sampler.channels, stride: columns)
              }
              column &+= sampler.channels
            }
            first &+= count
          }
        }
        return (columns, generation)
      }
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
