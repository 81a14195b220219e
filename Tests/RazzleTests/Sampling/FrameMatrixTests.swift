import RazzleStores
import XCTest

@testable import Razzle

/// The frame matrix in both layouts, written in place, streamed past the
/// cache and transposed: every path holds the values single samples give,
/// bit for bit, on one and on two threads.
final class FrameMatrixTests: XCTestCase {
  override func tearDown() {
    FrameMatrix.streamingOverride.store(-1, ordering: .relaxed)
    Parallel.setThreadCount(0)
  }

  /// Scalar, eased, rectangle, color and relative tracks.
  private func scene() throws -> (Animator, [Track]) {
    let animator = Animator()
    let alpha = try animator.addTrack(target: "v", property: "alpha")
    try alpha.setKeyframe(time: 0, value: [0], easing: try Easing(parsing: "easeInOutCubic"))
    try alpha.setKeyframe(time: 7, value: [1])
    try alpha.setKeyframe(time: 10, value: [0.25])
    let frame = try animator.addTrack(target: "v", property: "frame")
    try frame.setKeyframe(time: 0, value: [0, 0, 10, 10])
    try frame.setKeyframe(time: 10, value: [100, 50, 20, 40])
    var tracks = [alpha, frame]
    for i in 0..<13 {
      // Plain scalar tracks: the vector kernel, 15 columns in all so rows
      // are not a multiple of a cache line.
      let x = try animator.addTrack(target: "w\(i)", property: "x")
      for k in 0..<(2 + i) {
        try x.setKeyframe(time: Double(k) * 10 / Double(1 + i), value: [Double(k * k - i)])
      }
      tracks.append(x)
    }
    let color = try animator.addTrack(target: "v", property: "backgroundColor")
    try color.setKeyframe(time: 1, value: [1, 0, 0, 1])
    try color.setKeyframe(time: 9, value: [0, 0.5, 1, 0.5])
    tracks.append(color)
    try animator.setVariable("width", to: 375)
    let relative = try animator.addTrack(
      target: "r", property: "x", options: TrackOptions(relativeTo: "width", constant: 10))
    try relative.setKeyframe(time: 0, value: [0])
    try relative.setKeyframe(time: 10, value: [2])
    tracks.append(relative)
    return (animator, tracks)
  }

  /// Sorted, random, NaN, infinite and out-of-range times.
  private func times(_ count: Int) -> [Double] {
    var generator = SplitMix64(seed: 25)
    return (0..<count).map { j in
      switch j % 97 {
      case 0: return .nan
      case 1: return .infinity
      case 2: return -.infinity
      default:
        let unit = Double(generator.next() >> 11) / Double(1 << 53)
        return j < count / 2 ? Double(j) * 12 / Double(count) - 1 : unit * 12 - 1
      }
    }
  }

  /// Runs `body` with the rows layout streamed at every size, at every
  /// kernel level this CPU runs, on one and two threads, for every place
  /// in a cache line a matrix can start at (`shift`).
  private func atEveryLevelThreadAndShift(
    _ body: (_ level: KernelLevel, _ threads: Int, _ shift: Int) throws -> Void
  ) throws {
    FrameMatrix.streamingOverride.store(0, ordering: .relaxed)
    defer { try? KernelLevel.select(nil) }
    for level in KernelLevel.allCases where level.isSupported {
      try KernelLevel.select(level)
      for threads in [1, 2] {
        Parallel.setThreadCount(threads)
        for shift in 0..<8 { try body(level, threads, shift) }
      }
    }
  }

  /// Calls `sample` with a matrix of `expected.count` doubles that starts
  /// `shift` doubles past a cache line, in a buffer of 7s: the number of
  /// its values whose bits differ from `expected`'s, and of 7s overwritten
  /// around it.
  private func mismatches(
    _ expected: [Double], shift: Int,
    _ sample: (UnsafeMutableBufferPointer<Double>) throws -> Void
  ) rethrows -> Int {
    var out = [Double](repeating: 7, count: expected.count + 16)
    return try out.withUnsafeMutableBufferPointer { buffer -> Int in
      let base = buffer.baseAddress!
      // The first place of a line at or after the buffer's start, then
      // `shift` doubles on.
      let line = (8 - Int(UInt(bitPattern: base) >> 3) & 7) & 7
      let start = line + shift
      let matrix = UnsafeMutableBufferPointer(start: base + start, count: expected.count)
      try sample(matrix)
      var bad = 0
      for i in 0..<matrix.count where matrix[i].bitPattern != expected[i].bitPattern { bad += 1 }
      for i in 0..<start where buffer[i] != 7 { bad += 1 }
      for i in (start + matrix.count)..<buffer.count where buffer[i] != 7 { bad += 1 }
      return bad
    }
  }

  func testLayoutsMatchSingleSamples() throws {
    let (animator, tracks) = try scene()
    let times = times(20_011)
    var expected: [[Double]] = []
    for t in times { expected.append(try tracks.flatMap { try $0.sample(at: t) }) }
    let columns = expected[0].count
    XCTAssertEqual(columns, 1 + 4 + 13 + 4 + 1)
    for threads in [1, 2] {
      Parallel.setThreadCount(threads)
      for streamed in [false, true] {
        FrameMatrix.streamingOverride.store(streamed ? 0 : -1, ordering: .relaxed)
        for layout in MatrixLayout.allCases {
          var out = [Double](repeating: 7, count: times.count * columns + 3)
          let (got, _) = try times.withUnsafeBufferPointer { t in
            try out.withUnsafeMutableBufferPointer {
              try animator.sample(times: t, into: $0, layout: layout)
            }
          }
          XCTAssertEqual(got, columns)
          let context = "\(layout), \(threads) threads, streamed \(streamed)"
          var mismatches = 0
          for j in times.indices {
            for c in 0..<columns {
              let value = layout == .rows ? out[j * columns + c] : out[c * times.count + j]
              if value.bitPattern != expected[j][c].bitPattern { mismatches += 1 }
            }
          }
          XCTAssertEqual(mismatches, 0, context)
          XCTAssertEqual(Array(out.suffix(3)), [7, 7, 7], "nothing past the matrix: \(context)")
        }
      }
    }
  }

  /// The rows layout past the cache goes tile by tile, transposed into
  /// rows by `razzle_stream_columns`: with rows a whole number of cache
  /// lines (136 columns: scalar tracks, a color and a rectangle between
  /// them) the lines of unit-step columns are transposed in registers at
  /// each kernel level this CPU runs, tiles end where lines start, and the
  /// matrix starts at every place in a line. The same bits as single
  /// samples, nothing written around the matrix.
  func testTiledRowsMatchSingleSamplesAtEveryLevelAndAlignment() throws {
    try checkTiledRows(scalars: 128, colorAfter: 40, frameAfter: 99, columns: 136)
  }

  /// Rows that are not a whole number of cache lines (45 columns, one
  /// tile wide: eight rows are 45 whole lines, staged in the cache and
  /// streamed from wherever the matrix starts in a line), the color's and
  /// the rectangle's channels four apart in the tile (gathered): the same
  /// bits as single samples at every level, alignment and thread count.
  func testTiledRowsOfPartialLinesMatchSingleSamplesAtEveryLevelAndAlignment() throws {
    try checkTiledRows(scalars: 37, colorAfter: 3, frameAfter: 30, columns: 45)
  }

  /// `scalars` scalar tracks, a color after scalar `colorAfter` and a
  /// rectangle after `frameAfter`, sampled at 1,203 times into a rows
  /// matrix of `columns` columns by tiles (``atEveryLevelThreadAndShift``):
  /// the bits of single samples.
  private func checkTiledRows(scalars: Int, colorAfter: Int, frameAfter: Int, columns: Int) throws {
    let animator = Animator()
    var tracks: [Track] = []
    for i in 0..<scalars {
      let x = try animator.addTrack(target: "t\(i)", property: "x")
      let count = 2 + i % 5
      for k in 0..<count {
        // −0 at the ends of some: the value before the first keyframe and
        // from the last on is the keyframe's, sign of zero included.
        let end = (k == 0 || k == count - 1) && i % 4 == 1
        try x.setKeyframe(
          time: Double(k) * 3 + Double(i % 3), value: [end ? -0.0 : Double(i * 7 - k * k)])
      }
      tracks.append(x)
      if i == colorAfter {
        let color = try animator.addTrack(target: "c", property: "backgroundColor")
        try color.setKeyframe(time: 1, value: [1, 0, 0, 1])
        try color.setKeyframe(time: 9, value: [0, 0.5, 1, 0.5])
        tracks.append(color)
      }
      if i == frameAfter {
        let frame = try animator.addTrack(target: "f", property: "frame")
        try frame.setKeyframe(time: 0, value: [0, 0, 10, 10])
        try frame.setKeyframe(time: 10, value: [100, 50, 20, 40])
        tracks.append(frame)
      }
    }
    let times = times(1_203)
    var expected: [Double] = []
    for t in times { expected += try tracks.flatMap { try $0.sample(at: t) } }
    XCTAssertEqual(expected.count, times.count * columns)
    try atEveryLevelThreadAndShift { level, threads, shift in
      let bad = try mismatches(expected, shift: shift) { matrix in
        try times.withUnsafeBufferPointer {
          _ = try animator.sample(times: $0, into: matrix, layout: .rows)
        }
      }
      XCTAssertEqual(bad, 0, "\(level), \(threads) threads, shift \(shift)")
    }
  }

  /// A node's matrix in both layouts, streamed (the rows layout in tiles)
  /// or not, on one and two threads: the same bits.
  func testNodeLayouts() throws {
    let (animator, _) = try scene()
    let timeline = Node.timeline()
    try timeline.add(
      Node.clip(animator, timing: try Timing(duration: 4, iterations: 2, direction: .alternate)))
    // A second clip adding to some of the same columns from 1 on: its
    // tracks merge into what the first wrote (the tiles' second path).
    let extra = Animator()
    let alpha = try extra.addTrack(target: "v", property: "alpha")
    try alpha.setKeyframe(time: 0, value: [0.5])
    try alpha.setKeyframe(time: 3, value: [0.25])
    let frame = try extra.addTrack(target: "v", property: "frame")
    try frame.setKeyframe(time: 0, value: [1, 2, 3, 4])
    try frame.setKeyframe(time: 2, value: [-1, -2, 3, 4])
    try timeline.add(try Node.clip(extra, composite: .add), at: .time(1))
    let times = times(5_003)
    var rows = [Double](repeating: 0, count: times.count * 23)
    try times.withUnsafeBufferPointer { t in
      _ = try rows.withUnsafeMutableBufferPointer { try timeline.sample(times: t, into: $0) }
    }
    for (streamed, threads) in [(false, 1), (true, 1), (false, 2), (true, 2)] {
      FrameMatrix.streamingOverride.store(streamed ? 0 : -1, ordering: .relaxed)
      Parallel.setThreadCount(threads)
      for layout in MatrixLayout.allCases {
        var out = [Double](repeating: 0, count: times.count * 23)
        let (width, _) = try times.withUnsafeBufferPointer { t in
          try out.withUnsafeMutableBufferPointer {
            try timeline.sample(times: t, into: $0, layout: layout)
          }
        }
        XCTAssertEqual(width, 23)
        let transposed =
          layout == .rows
          ? out : (0..<out.count).map { i in out[(i % 23) * times.count + i / 23] }
        XCTAssertEqual(
          transposed.map(\.bitPattern), rows.map(\.bitPattern),
          "\(layout) \(streamed) \(threads) threads")
      }
    }
  }

  /// A timeline whose clips are plain linear tracks writes runs of them
  /// line by line into a rows-layout matrix past the cache
  /// (``NodeLines``), the other columns through the tile. The runs here:
  /// twelve one-track clips and a three-track one that play together, ten
  /// clips placed later that fill nothing (NaN outside), fourteen more
  /// together; between them an eased clip, and one of the last run's
  /// columns merged into by a later clip (not a run's column then). At
  /// every level this CPU runs, one and two threads, and every place in a
  /// line the matrix starts at: the bits of the same timeline's matrix
  /// written in place (no lines, no tiles), nothing written around it.
  func testNodeLineRunsMatchInPlaceRowsAtEveryLevelAndAlignment() throws {
    let timeline = Node.timeline()
    var index = 0
    func linear(_ animator: Animator, _ name: String) throws {
      let track = try animator.addTrack(target: name, property: "x")
      let count = 2 + index % 6
      for k in 0..<count {
        let end = (k == 0 || k == count - 1) && index % 4 == 1
        try track.setKeyframe(
          time: Double(k) * 9 / Double(count - 1) + Double(index % 3) * 0.25,
          value: [end ? -0.0 : Double(index * 5 - k * k)])
      }
      index += 1
    }
    func clips(_ count: Int, at start: Double, timing: Timing = .default) throws {
      for _ in 0..<count {
        let animator = Animator()
        try linear(animator, "c\(index)")
        try timeline.add(try Node.clip(animator, span: (0, 10), timing: timing), at: .time(start))
      }
    }
    try clips(12, at: 0)
    let three = Animator()
    for _ in 0..<3 { try linear(three, "c\(index)") }
    try timeline.add(try Node.clip(three, span: (0, 10)), at: .time(0))
    let eased = Animator()
    let alpha = try eased.addTrack(target: "e", property: "alpha")
    try alpha.setKeyframe(time: 0, value: [0], easing: try Easing(parsing: "easeInOutCubic"))
    try alpha.setKeyframe(time: 10, value: [1])
    try timeline.add(try Node.clip(eased, span: (0, 10)), at: .time(0))
    try clips(10, at: 1, timing: try Timing(fill: .none))
    try clips(14, at: 0)
    let merge = Animator()
    let merged = try merge.addTrack(target: "c30", property: "x")
    try merged.setKeyframe(time: 0, value: [0.5])
    try merged.setKeyframe(time: 4, value: [0.25])
    try timeline.add(try Node.clip(merge, composite: .add), at: .time(2))
    let columns = 40
    let times = times(1_203)
    var expected = [Double](repeating: 0, count: times.count * columns)
    try times.withUnsafeBufferPointer { t in
      _ = try expected.withUnsafeMutableBufferPointer { try timeline.sample(times: t, into: $0) }
    }
    // The runs: 15 tracks, 10, and 8 (the merged column, c30's, splits
    // the last 14 into 5, too few for a line, and 8).
    let runs = try timeline.withPlan { $0.lineRuns.map(\.tracks.count) }
    XCTAssertEqual(runs, [15, 10, 8])
    try atEveryLevelThreadAndShift { level, threads, shift in
      var lined = false
      let bad = try mismatches(expected, shift: shift) { matrix in
        try times.withUnsafeBufferPointer {
          _ = try timeline.sample(times: $0, into: matrix, layout: .rows)
        }
        lined = try timeline.withPlan {
          NodeLines(plan: $0, base: matrix.baseAddress!) != nil
        }
      }
      XCTAssertEqual(bad, 0, "\(level), \(threads) threads, shift \(shift)")
      // Lines at avx2 and avx512 (each run has 8 columns at a line at
      // every shift).
      XCTAssertEqual(lined, level != .baseline, "\(level), shift \(shift)")
    }
  }

  /// The transpose of a tile into contiguous rows (`razzle_stream_columns`
  /// with `stride == width`) at every level this CPU runs: widths of whole
  /// lines and not (staged eight rows at a time, on the stack up to 256
  /// columns, from the heap past it), columns of step one and interleaved
  /// ones of steps two and three (gathered), row counts around eight, at
  /// every place in a line. Each value where it belongs, nothing written
  /// outside.
  func testStreamColumnsIntoContiguousRows() {
    for level in KernelLevel.allCases where level.isSupported {
      for width in [8, 13, 47, 64, 261] {
        for rows in [0, 7, 8, 9, 23, 200] {
          // Column c: rows values of step 1, or one channel of a pair or
          // a triple laid side by side.
          var tile: [Double] = []
          var offsets: [Int] = []
          var steps: [Int] = []
          var c = 0
          while c < width {
            let step = c % 5 == 1 && c + 2 <= width ? 2 : (c % 7 == 3 && c + 3 <= width ? 3 : 1)
            let start = tile.count
            tile += [Double](repeating: 0, count: rows * step + 8)
            for k in 0..<step {
              for j in 0..<rows { tile[start + j * step + k] = Double((c + k) * 100_000 + j) }
              offsets.append(start + k)
              steps.append(step)
            }
            c += step
          }
          for shift in 0..<8 {
            var out = [Double](repeating: -1, count: rows * width + 24)
            tile.withUnsafeBufferPointer { tile in
              let bases = offsets.map { Optional(tile.baseAddress! + $0) }
              out.withUnsafeMutableBufferPointer { out in
                let base = out.baseAddress!
                let line = (8 - Int(UInt(bitPattern: base) >> 3) & 7) & 7
                razzle_stream_columns(
                  base + line + shift, width, bases, steps, width, rows, level.storesLevel)
              }
            }
            let line = out.withUnsafeBufferPointer {
              (8 - Int(UInt(bitPattern: $0.baseAddress!) >> 3) & 7) & 7
            }
            var bad = 0
            for i in out.indices {
              let p = i - line - shift
              let want = p >= 0 && p < rows * width ? Double((p % width) * 100_000 + p / width) : -1
              if out[i] != want { bad += 1 }
            }
            XCTAssertEqual(bad, 0, "\(level), width \(width), rows \(rows), shift \(shift)")
          }
        }
      }
    }
  }

  /// The non-temporal copy at every alignment and length around a cache
  /// line: the source's doubles, nothing written outside.
  func testStreamCopy() {
    let source = (0..<200).map { Double($0) + 0.5 }
    for offset in 0..<9 {
      for count in [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 63, 64, 65, 100, 191] {
        var destination = [Double](repeating: -1, count: 210)
        destination.withUnsafeMutableBufferPointer { d in
          source.withUnsafeBufferPointer { s in
            razzle_stream_doubles(d.baseAddress! + offset, s.baseAddress!, count)
          }
        }
        let expected =
          [Double](repeating: -1, count: offset) + source[0..<count]
          + [Double](repeating: -1, count: 210 - offset - count)
        XCTAssertEqual(destination, expected, "offset \(offset), count \(count)")
      }
    }
  }

  /// A staging block: 1 MiB of rows, at least 64 rows, at most 16 MiB
  /// (a very wide matrix stages fewer rows), at least one row.
  func testStagingBlockRows() {
    XCTAssertEqual(FrameMatrix.blockRows(columns: 1), 131_072)  // 2^20 / 8
    XCTAssertEqual(FrameMatrix.blockRows(columns: 1000), 131)  // 1,048,576 / 8,000
    XCTAssertEqual(FrameMatrix.blockRows(columns: 10_000), 64)  // 13 raised to the minimum
    XCTAssertEqual(FrameMatrix.blockRows(columns: 1_000_000), 2)  // 16 MiB / 8 MB
    XCTAssertEqual(FrameMatrix.blockRows(columns: 100_000_000), 1)
  }
}
