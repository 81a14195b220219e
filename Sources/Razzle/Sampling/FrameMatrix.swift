// The frame matrix: one value per (time, column), written block by block
// in either layout, and streamed past the caches when it is larger than
// them.
//
// A sampler computes a block of rows into a small buffer that stays in the
// core's cache (the staging block), then the block goes to its place in
// the caller's matrix:
// - `rows` layout, a matrix larger than the last-level cache: copied with
//   non-temporal stores (`RazzleStores`), which write whole cache lines to
//   memory without first reading them. A plain store reads every line it
//   overwrites, so this halves the memory traffic of a matrix that cannot
//   stay in the cache anyway. An animator's tracks go tile by tile instead
//   (``tileColumns`` columns by ``tileBytes``): each track samples its rows
//   of the tile as one contiguous batch, and the tile is transposed into
//   the rows in registers, whole lines by non-temporal stores
//   (`razzle_stream_columns`).
// - `rows` layout, a smaller matrix: the sampler writes in place (no
//   staging): the lines stay in the cache, where the caller reads them.
// - `columns` layout: transposed into the matrix's columns, each a
//   contiguous run of the block's rows.
// The values do not depend on the layout or on the blocks (every sampler
// computes a value from its time alone), so both layouts hold the same
// bits.

import RazzleStores
import Synchronization

/// How a frame matrix — one value per (time, column) — lies in memory.
///
/// Use ``rows`` (the default) when each time is consumed as a whole: a
/// frame loop, a table with one row per frame, a renderer. Use ``columns``
/// when each column is consumed as a series: plotting one property over
/// time, filtering or differentiating a channel, writing a column store.
/// Both hold the same values bit for bit; each is the fast way to produce
/// its own shape (transposing afterwards costs a second pass over memory).
public enum MatrixLayout: String, CaseIterable, Sendable {
  /// `(times, columns)`, row-major: `out[j · columns + c]` is column c at
  /// `times[j]`.
  case rows
  /// `(columns, times)`, row-major: `out[c · times + j]` is column c at
  /// `times[j]`; each column is one contiguous row.
  case columns
}

/// A caller's frame matrix of `rows` times and `columns` columns at `base`
/// in `layout`, and how blocks of its rows are written.
struct FrameMatrix {
  let base: UnsafeMutablePointer<Double>
  let rows: Int
  let columns: Int
  let layout: MatrixLayout

  /// Whether the matrix is at least ``streamingBytes``: larger than the
  /// cache, so written by non-temporal stores in either layout.
  let isLarge: Bool

  /// Whether blocks of rows go to memory by non-temporal stores: the rows
  /// layout, for a matrix of at least ``streamingBytes``.
  var streams: Bool { layout == .rows && isLarge }

  init(base: UnsafeMutablePointer<Double>, rows: Int, columns: Int, layout: MatrixLayout) {
    self.base = base
    self.rows = rows
    self.columns = columns
    self.layout = layout
    let (count, overflow) = rows.multipliedReportingOverflow(by: columns)
    isLarge = overflow || count >= FrameMatrix.streamingBytes / MemoryLayout<Double>.size
  }

  /// Whether a sampler writes rows in place: the rows layout, not streamed.
  var writesInPlace: Bool { layout == .rows && !streams }

  /// Where every row of the rows layout starts in a cache line, in doubles
  /// (0 ..< 8), when every row starts at the same place: `base` 8-byte
  /// aligned and `columns` a multiple of eight; else nil. What writing a
  /// row's columns a whole cache line at a time needs
  /// (`RazzleKernels.sampleLinearLines`).
  static func lineOffset(base: UnsafeMutablePointer<Double>, columns: Int) -> Int? {
    let address = UInt(bitPattern: base)
    guard address & 7 == 0 && columns & 7 == 0 else { return nil }
    return Int(truncatingIfNeeded: address >> 3) & 7
  }

  /// The rows of one staging block of this matrix's width.
  var blockRows: Int { FrameMatrix.blockRows(columns: columns) }

  /// The rows of one staging block of `columns` doubles a row: about
  /// ``stagingBytes`` of them, at least ``minimumBlockRows`` (a batch call
  /// per column costs about a hundred nanoseconds, which few rows would
  /// not repay) unless that would take more than ``maximumStagingBytes``,
  /// and at least one.
  static func blockRows(columns: Int) -> Int {
    let rowBytes = Swift.max(1, columns) &* MemoryLayout<Double>.size
    let rows = Swift.max(minimumBlockRows, stagingBytes / rowBytes)
    return Swift.max(1, Swift.min(rows, maximumStagingBytes / rowBytes))
  }

  /// Writes `count` rows starting at row `first`, given row-major in
  /// `block` (`columns` doubles a row), to their place in the matrix: in
  /// the rows layout (used only when it ``streams``; other row-layout
  /// matrices are written in place by their samplers) by non-temporal
  /// stores, in the columns layout transposed.
  func write(_ block: UnsafePointer<Double>, first: Int, count: Int) {
    switch layout {
    case .rows:
      razzle_stream_doubles(base + first &* columns, block, count &* columns)
    case .columns:
      // Eight columns at a time: each row of the block gives eight
      // neighbouring doubles (one cache line read), which go to eight
      // columns' runs (eight lines being filled, which stay in the L1
      // cache until complete).
      var c = 0
      while c &+ 8 <= columns {
        let destination = base + (c &* rows &+ first)
        for j in 0..<count {
          let source = block + (j &* columns &+ c)
          for k in 0..<8 { destination[k &* rows &+ j] = source[k] }
        }
        c &+= 8
      }
      while c < columns {
        let destination = base + (c &* rows &+ first)
        for j in 0..<count { destination[j] = block[j &* columns &+ c] }
        c &+= 1
      }
    }
  }

  /// The matrix size from which the rows layout is streamed: the
  /// last-level cache's size, between 8 and 32 MiB (32 MiB when the C
  /// library does not say). A matrix that large leaves the cache before a
  /// caller reads it back, so nothing is lost by writing around the cache.
  /// A larger last-level cache is a server's, shared by many cores and
  /// guests (a two-core guest here reports 260 MiB): a 150 MB matrix
  /// written in place there took 126 ms on one thread and 72 ms on two,
  /// streamed 122 and 65–70 ms (an imported Lottie file's, bench case 64).
  static var streamingBytes: Int {
    let forced = streamingOverride.load(ordering: .relaxed)
    return forced >= 0 ? forced : defaultStreamingBytes
  }

  private static let defaultStreamingBytes: Int = {
    let reported = Int(razzle_last_level_cache_bytes())
    return reported > 0 ? Swift.min(32 << 20, Swift.max(8 << 20, reported)) : 32 << 20
  }()

  /// A threshold tests set to stream small matrices; -1 for the default.
  static let streamingOverride = Atomic<Int>(-1)

  /// Calls `body` with a staging buffer of `count` doubles on huge pages
  /// where the kernel offers them (``withStagingMemory(bytes:_:)``).
  static func withStaging(_ count: Int, _ body: (UnsafeMutablePointer<Double>) -> Void) {
    withStagingMemory(bytes: count &* MemoryLayout<Double>.size) {
      body($0.bindMemory(to: Double.self, capacity: count))
    }
  }

  /// The bytes of one staging block: half a huge page, so a block's rows
  /// written column by column miss neither the TLB nor the L2 cache.
  /// Measured on the hour-of-video matrix (bench case 55, 1,000 columns):
  /// 1 MiB 0.33 s on one thread, 2 MiB 0.36 s, 512 KiB 0.42 s (more
  /// batch calls per value).
  static var stagingBytes: Int { 1 << 20 }

  /// The most columns of a tile (``Animator``'s rows layout past the
  /// cache): eight cache lines of each row, whole tracks.
  static var tileColumns: Int { 64 }

  /// The bytes of one tile (``Animator``'s rows layout past the cache):
  /// half the core's L2 cache or less, so that two threads' tiles on
  /// sibling cores stay in it. Measured on the hour-of-video matrix (bench
  /// case 55, two threads): 256 KiB 0.14–0.16 s, 512 KiB 0.15–0.17 s,
  /// 1 MiB 0.19 s, 128 KiB 0.17–0.19 s (more batch calls per value).
  static var tileBytes: Int { 1 << 18 }

  /// The vectors `razzle_stream_columns` transposes with: the active
  /// kernel level's, so tests that pin a level cover each.
  static var transposeLevel: Int32 { KernelLevel.active.storesLevel }

  /// The fewest rows of a staging block.
  static var minimumBlockRows: Int { 64 }

  /// The most bytes a staging block takes, however wide its rows.
  static var maximumStagingBytes: Int { 16 << 20 }
}
