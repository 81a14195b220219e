import XCTest

@testable import Razzle

/// Columns that repeat another column's values (``Plan/repeats``): found
/// only where the tracks sample alike at the same animator times, and
/// computed once in a tile without changing a bit of the matrix.
final class RepeatedColumnsTests: XCTestCase {
  override func tearDown() {
    FrameMatrix.streamingOverride.store(-1, ordering: .relaxed)
    Parallel.setThreadCount(0)
    try? KernelLevel.select(nil)
  }

  /// Sets keyframes at 0, 4 and 10 (the first eased by `easing`) with the
  /// values `values` (one channel each, or `channels` copies).
  private func keys(
    _ track: Track, _ values: [Double], easing: String = "cubic-bezier(0.437, 0, 0.13, 1)",
    channels: Int = 1
  ) throws {
    for (k, time) in [0.0, 4, 10].enumerated() {
      try track.setKeyframe(
        time: time, value: Array(repeating: values[k], count: channels),
        style: k == 0 ? KeyframeStyle(easing: try Easing(parsing: easing)) : .plain)
    }
  }

  /// A timeline of layers as a Lottie file has them, with the expected
  /// source of each column written out:
  /// - clip A (span 0…10 at time 0): `a.end` and `a.offset` (eased), `a.x`
  ///   (linear), `a.fill` (a color), and `a.copy`, `a.end`'s keyframes
  ///   again in the same clip: it repeats `a.end`;
  /// - clip B, timed as A: `b.end`, `b.x` and `b.fill` repeat A's;
  ///   `b.offset` has `a.offset`'s times and values with another easing,
  ///   `b.zero` `a.end`'s with −0 for 0 (neither repeats);
  /// - clip C, A's tracks at time 1 (another map: none repeats);
  /// - clip D, timed as A: `d.x` has `a.x`'s keyframes, but clip E adds to
  ///   it later (not its only writer); `d.rel` has `a.end`'s keyframes
  ///   relative to a variable (its values are rewritten).
  private func layers() throws -> (Node, expected: [Int]) {
    let timeline = Node.timeline()
    var expected: [Int] = []
    func clip(_ name: String, at start: Double, _ build: (Animator) throws -> [Int]) throws {
      let animator = Animator()
      expected += try build(animator)
      try timeline.add(try Node.clip(animator, span: (0, 10)), at: .time(start))
    }
    // Columns: a.end 0, a.offset 1, a.x 2, a.fill 3…6, a.copy 7.
    try clip("a", at: 0) { a in
      try keys(try a.addTrack(target: "a", property: "end"), [0, 60, 100])
      try keys(try a.addTrack(target: "a", property: "offset"), [0, 200, 360])
      try keys(try a.addTrack(target: "a", property: "x"), [3, -1, 2], easing: "linear")
      try keys(
        try a.addTrack(target: "a", property: "backgroundColor"), [0.25, 0.5, 1], channels: 4)
      try keys(try a.addTrack(target: "a", property: "copy"), [0, 60, 100])
      return [0, 1, 2, 3, 4, 5, 6, 0]
    }
    // b.end 8, b.x 9, b.fill 10…13, b.offset 14, b.zero 15.
    try clip("b", at: 0) { b in
      try keys(try b.addTrack(target: "b", property: "end"), [0, 60, 100])
      try keys(try b.addTrack(target: "b", property: "x"), [3, -1, 2], easing: "linear")
      try keys(
        try b.addTrack(target: "b", property: "backgroundColor"), [0.25, 0.5, 1], channels: 4)
      try keys(
        try b.addTrack(target: "b", property: "offset"), [0, 200, 360], easing: "easeInOutCubic")
      try keys(try b.addTrack(target: "b", property: "zero"), [-0.0, 60, 100])
      return [0, 2, 3, 4, 5, 6, 14, 15]
    }
    // c.end 16, c.x 17.
    try clip("c", at: 1) { c in
      try keys(try c.addTrack(target: "c", property: "end"), [0, 60, 100])
      try keys(try c.addTrack(target: "c", property: "x"), [3, -1, 2], easing: "linear")
      return [16, 17]
    }
    // d.x 18, d.rel 19.
    try clip("d", at: 0) { d in
      try keys(try d.addTrack(target: "d", property: "x"), [3, -1, 2], easing: "linear")
      try d.setVariable("width", to: 2)
      try keys(
        try d.addTrack(
          target: "d", property: "rel", options: TrackOptions(relativeTo: "width", constant: 0)),
        [0, 60, 100])
      return [18, 19]
    }
    let e = Animator()
    let merged = try e.addTrack(target: "d", property: "x")
    try merged.setKeyframe(time: 0, value: [0.5])
    try merged.setKeyframe(time: 4, value: [0.25])
    try timeline.add(try Node.clip(e, composite: .add), at: .time(2))
    return (timeline, expected)
  }

  func testRepeatedColumnsAreTheTracksThatSampleAlikeAtTheSameTimes() throws {
    let (timeline, expected) = try layers()
    let repeats = try timeline.withPlan { $0.repeats }
    XCTAssertEqual(repeats, expected)
    // A timeline without repeats has none listed.
    let single = Node.timeline()
    let animator = Animator()
    try keys(try animator.addTrack(target: "a", property: "end"), [0, 60, 100])
    try keys(try animator.addTrack(target: "a", property: "offset"), [0, 200, 360])
    try single.add(try Node.clip(animator))
    XCTAssertEqual(try single.withPlan { $0.repeats }, [])
  }

  /// The matrix in tiles (streamed at every size) at every level this CPU
  /// runs, on one and two threads: the bits of the same matrix written in
  /// place, where every track writes its own column.
  func testTiledMatrixWithRepeatedColumnsHoldsTheInPlaceBits() throws {
    let (timeline, _) = try layers()
    let width = 20
    // Sorted times across the clips and past both ends, then shuffled
    // ones, NaN and infinities.
    var times = (0..<3_001).map { Double($0) * 13 / 3_000 - 1.5 }
    var state: UInt64 = 64
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      times.append(Double(state >> 11) / Double(1 << 53) * 13 - 1.5)
    }
    times += [.nan, .infinity, -.infinity, 0, 4, 10, 11]
    var expected = [Double](repeating: 0, count: times.count * width)
    try times.withUnsafeBufferPointer { t in
      _ = try expected.withUnsafeMutableBufferPointer { try timeline.sample(times: t, into: $0) }
    }
    // The columns that repeat hold their source's values (the in-place
    // rows compute each), and the others differ from it somewhere.
    let repeats = try timeline.withPlan { $0.repeats }
    for c in 0..<width where repeats[c] != c {
      XCTAssertTrue(
        (0..<times.count).allSatisfy {
          expected[$0 * width + c].bitPattern == expected[$0 * width + repeats[c]].bitPattern
        }, "column \(c)")
    }
    FrameMatrix.streamingOverride.store(0, ordering: .relaxed)
    for level in KernelLevel.allCases where level.isSupported {
      try KernelLevel.select(level)
      for threads in [1, 2] {
        Parallel.setThreadCount(threads)
        var out = [Double](repeating: 7, count: expected.count)
        try times.withUnsafeBufferPointer { t in
          _ = try out.withUnsafeMutableBufferPointer {
            try timeline.sample(times: t, into: $0, layout: .rows)
          }
        }
        let bad = zip(out, expected).filter { $0.bitPattern != $1.bitPattern }.count
        XCTAssertEqual(bad, 0, "\(level), \(threads) threads")
      }
    }
  }
}
