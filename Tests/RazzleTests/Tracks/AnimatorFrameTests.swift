import XCTest

@testable import Razzle

/// `Animator.sampleFrame(at:expecting:into:shape:)` and the frame cache's
/// remembered segments: every frame equals the track's own sample, bit for
/// bit, whatever segment the frame before sampled.
final class AnimatorFrameTests: XCTestCase {
  /// 12 plain scalar tracks of 1 ... 24 keyframes (the counting search and
  /// the binary search), keyframe times at 0, 1.5, 3, …
  private func animator() throws -> Animator {
    let animator = Animator()
    for i in 0..<12 {
      let track = try animator.addTrack(target: "t\(i)", property: "v")
      for k in 0..<(1 + 2 * i) {
        try track.setKeyframe(time: Double(k) * 1.5, value: [Double((k * 7 + i) % 11) / 4])
      }
    }
    return animator
  }

  private func frame(
    _ animator: Animator, _ t: Double, expecting: UInt64? = nil, room: Int = 12
  ) throws(RazzleError) -> ([Double], Animator.FrameShape) {
    var out = [Double](repeating: -7, count: room)
    var shape = Animator.FrameShape(columns: -1, generation: .max)
    do {
      try out.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
        try animator.sampleFrame(at: t, expecting: expecting, into: buffer, shape: &shape)
      }
    } catch {
      XCTAssertEqual(out, [Double](repeating: -7, count: room), "nothing written on \(error)")
      throw error
    }
    return (out, shape)
  }

  func testFramesAlongAPathEqualTrackSamples() throws {
    let animator = try animator()
    // Forward, backward, jumps, keyframe times, both ends, beyond, NaN.
    let path: [Double] = [
      0, 0.2, 1.5, 1.6, 3, 2.9, 30, 17.99, 18, -4, 4.5, .nan, 4.6, .infinity, -.infinity, 7.5, 7.4,
    ]
    for t in path {
      let (row, shape) = try frame(animator, t)
      XCTAssertEqual(shape, Animator.FrameShape(columns: 12, generation: animator.layoutGeneration))
      for i in 0..<12 {
        let expected = try animator.track(at: i).sample(at: t)[0]
        if expected.isNaN {
          XCTAssertTrue(row[i].isNaN, "t = \(t), track \(i)")
        } else {
          XCTAssertEqual(row[i].bitPattern, expected.bitPattern, "t = \(t), track \(i)")
        }
      }
    }
  }

  func testTheHintedValueIsTheSearchedValueFromAnyHint() {
    // Times 0, 1, 1, 2 (non-decreasing, as paced retiming makes them):
    // from every remembered segment the hinted value is the search's.
    let times: [Double] = [0, 1, 1, 2, 4]
    let values: [Double] = [0, 10, 20, 30, 50]
    for t in [-1, 0, 0.5, 1, 1.5, 2, 3, 4, 5, Double.nan] {
      let searched = plainScalarValue(times, values, times.count, t)
      for start in 0..<(times.count - 1) {
        var hint = start
        let hinted = hintedScalarValue(times, values, times.count, t, &hint)
        XCTAssertEqual(hinted.bitPattern, searched.bitPattern, "t = \(t), hint \(start)")
        if t.isNaN { XCTAssertEqual(hint, 0, "NaN takes the search, which gives 0") }
        // The hint left behind holds for t itself: a second call agrees.
        var again = hint
        XCTAssertEqual(
          hintedScalarValue(times, values, times.count, t, &again).bitPattern, searched.bitPattern)
        XCTAssertEqual(again, hint)
      }
    }
    // At t = 1 the segment is the last one starting at 1 (index 2).
    var hint = 0
    _ = hintedScalarValue(times, values, times.count, 1, &hint)
    XCTAssertEqual(hint, 2)
  }

  func testAStaleGenerationIsRefusedWithTheCurrentShape() throws {
    let animator = try animator()
    let generation = animator.layoutGeneration
    XCTAssertNoThrow(try frame(animator, 1, expecting: generation))
    try animator.addTrack(target: "new", property: "p", kind: .point).setKeyframe(
      time: 0, value: [1, 2])
    var shape = Animator.FrameShape(columns: -1, generation: .max)
    var out = [Double](repeating: -7, count: 14)
    XCTAssertThrowsError(
      try out.withUnsafeMutableBufferPointer {
        try animator.sampleFrame(at: 1, expecting: generation, into: $0, shape: &shape)
      }
    ) { XCTAssertEqual(($0 as? RazzleError)?.kind, .stale) }
    XCTAssertEqual(out, [Double](repeating: -7, count: 14))
    XCTAssertEqual(shape, Animator.FrameShape(columns: 14, generation: generation + 1))
    let (row, _) = try frame(animator, 1, expecting: generation + 1, room: 14)
    XCTAssertEqual(Array(row[12...]), [1, 2])
  }

  func testErrorsComeInOrderAndReportTheShape() throws {
    let animator = Animator()
    try animator.addTrack(target: "a", property: "v").setKeyframe(time: 0, value: [1])
    try animator.addTrack(target: "b", property: "v")
    XCTAssertThrowsError(try frame(animator, 0, room: 0)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .emptyTrack, "before the room")
    }
    XCTAssertThrowsError(try frame(animator, 0, expecting: 99)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .stale, "before the empty track")
    }
    try animator.track(at: 1).setKeyframe(time: 0, value: [2])
    XCTAssertThrowsError(try frame(animator, 0, room: 1)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .bufferTooSmall)
    }
    var shape = Animator.FrameShape(columns: -1, generation: .max)
    XCTAssertThrowsError(
      try animator.sampleFrame(
        at: 0, expecting: nil, into: UnsafeMutableBufferPointer(start: nil, count: 0),
        shape: &shape))
    XCTAssertEqual(shape.columns, 2, "a call with no room sizes the row")
    XCTAssertEqual(try frame(animator, 0, room: 2).0, [1, 2])
  }

  func testThreadsSamplingAtOnceGetTheirOwnFrames() throws {
    let animator = try animator()
    let times = (0..<64).map { Double($0) * 0.37 }
    var expected: [[Double]] = []
    for t in times {
      expected.append(try (0..<12).map { try animator.track(at: $0).sample(at: t)[0] })
    }
    let failures = LockedCounter()
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for step in 0..<400 {
        let j = (step * (worker + 1) + worker * 13) % times.count
        guard let (row, _) = try? frame(animator, times[j]), row == expected[j] else {
          failures.increment()
          return
        }
      }
    }
    XCTAssertEqual(failures.value, 0)
  }
}

/// A counter threads may bump at once.
private final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}
