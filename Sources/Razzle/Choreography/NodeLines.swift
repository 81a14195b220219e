// A plan's line runs (``PlanLineRun``) placed on one frame matrix: which of
// each run's columns start a cache line of every row there, and so go line
// by line (`RazzleKernels.sampleLinearLines`), and which clips write the
// rest (a run's edges) through the tile as any other clip.

import RazzleKernelsAVX2

/// A plan's line runs on one rows-layout matrix past the cache.
struct NodeLines {
  /// One run's part that goes line by line.
  struct Part {
    /// Its first column: a cache line's first value in every row.
    let column: Int
    /// Groups of eight columns (0: none at this alignment).
    let groups: Int
    /// The `8 · groups` tracks, in column order.
    let tracks: [LinearTrack]
    /// The run's children (indices in the timeline's list) with a track
    /// outside the part.
    let edges: [Int]
  }

  /// Per run of ``Plan/lineRuns``.
  let parts: [Part]
  /// Per column of the plan: whether a part writes it.
  let covered: [Bool]
  /// The ``KernelLevel/storesLevel`` the lines run at.
  let level: Int32

  /// The parts of `plan`'s runs in rows of `plan.width` doubles at `base`,
  /// or nil when there is none: no run, a level below avx2, rows that do
  /// not start every cache line at the same column (a width not a multiple
  /// of eight, or `base` not 8-byte aligned), or no run with eight columns
  /// at a line.
  init?(plan: Plan, base: UnsafeMutablePointer<Double>) {
    let level = KernelLevel.active.storesLevel
    guard level > 0, !plan.lineRuns.isEmpty,
      let lineOffset = FrameMatrix.lineOffset(base: base, columns: plan.width)
    else { return nil }
    var covered = [Bool](repeating: false, count: plan.width)
    var parts: [Part] = []
    parts.reserveCapacity(plan.lineRuns.count)
    for run in plan.lineRuns {
      let head = (8 - ((lineOffset + run.firstColumn) & 7)) & 7
      let groups = Swift.max(0, run.tracks.count - head) / 8
      let lined = head..<(head + 8 * groups)
      let tracks = run.tracks[lined].map { $0.sampler.linearTrack }
      for k in lined { covered[run.firstColumn + k] = true }
      var edges: [Int] = []
      var first = 0
      for (child, count) in zip(run.children, run.trackCounts) {
        if first < lined.lowerBound || first + count > lined.upperBound { edges.append(child) }
        first += count
      }
      parts.append(
        Part(column: run.firstColumn + head, groups: groups, tracks: tracks, edges: edges))
    }
    guard parts.contains(where: { $0.groups > 0 }) else { return nil }
    self.parts = parts
    self.covered = covered
    self.level = level
  }

  /// The columns no part writes, as ranges.
  var uncoveredRanges: [Range<Int>] {
    var ranges: [Range<Int>] = []
    var c = 0
    while c < covered.count {
      guard !covered[c] else {
        c += 1
        continue
      }
      var end = c + 1
      while end < covered.count && !covered[end] { end += 1 }
      ranges.append(c..<end)
      c = end
    }
    return ranges
  }

  /// Writes `part` at `n` animator times into `n` rows at `rows`, `stride`
  /// doubles apart (the same bits as the tracks' own samples).
  func write(
    _ part: Part, queries: UnsafePointer<Double>, _ n: Int, into rows: UnsafeMutablePointer<Double>,
    stride: Int
  ) {
    guard part.groups > 0 else { return }
    part.tracks.withUnsafeBufferPointer {
      sampleLinearLines(
        tracks: $0.baseAddress.unsafelyUnwrapped, groups: part.groups, queries: queries, rows: n,
        into: rows + part.column, stride: stride, level: level)
    }
  }
}
