import XCTest

@testable import Razzle

final class FrameCacheTests: XCTestCase {
  func testPlainScalarTracksAreGatheredAndOthersReferenced() throws {
    let tracks = [
      try Track(property: "a"), try Track(property: "p", kind: .point), try Track(property: "b"),
      try Track(property: "e"), try Track(property: "empty"),
    ]
    try tracks[0].setKeyframe(time: 0, value: [1])
    try tracks[0].setKeyframe(time: 10, value: [3])
    try tracks[1].setKeyframe(time: 0, value: [1, 2])
    try tracks[2].setKeyframe(time: 5, value: [9])
    try tracks[3].setKeyframe(time: 0, value: [0], easing: try Easing(parsing: "easeInQuad"))
    try tracks[3].setKeyframe(time: 1, value: [1])
    let cache = FrameCache()
    let (plain, others, firstEmpty, columns) = tracks.withUnsafeBufferPointer {
      cache.withCurrent($0, edits: 1) { ($0.plain, $0.others, $0.firstEmpty, $0.columns) }
    }
    // a: two keyframes at offset 0, column 0; p: the track itself, columns
    // 1–2; b: one keyframe at offset 2, column 3; e (eased): the track,
    // column 4; the empty track (index 4) its column 5.
    XCTAssertEqual(plain.map(\.offset), [0, 2])
    XCTAssertEqual(plain.map(\.count), [2, 1])
    XCTAssertEqual(plain.map(\.column), [0, 3])
    XCTAssertEqual(others.map(\.track), [1, 3])
    XCTAssertEqual(others.map(\.column), [1, 4])
    XCTAssertEqual(firstEmpty, 4)
    XCTAssertEqual(columns, 6)
    XCTAssertEqual(Array(cache.times.buffer), [0, 10, 5])
    XCTAssertEqual(Array(cache.values.buffer), [1, 3, 9])
    // Gathered values give what the track gives: 1 + 2·0.25 at t = 2.5.
    XCTAssertEqual(plainScalarValue(cache.times.base, cache.values.base, 2, 2.5), 1.5)
    XCTAssertEqual(plainScalarValue(cache.times.base, cache.values.base, 2, 99), 3)
    XCTAssertEqual(plainScalarValue(cache.times.base + 2, cache.values.base + 2, 1, -4), 9)
    XCTAssertTrue(plainScalarValue(cache.times.base, cache.values.base, 2, .nan).isNaN)
  }

  func testRebuildsOnlyForANewEditCount() throws {
    let track = try Track(property: "a")
    try track.setKeyframe(time: 0, value: [1])
    let cache = FrameCache()
    _ = [track].withUnsafeBufferPointer { cache.withCurrent($0, edits: 7) { $0 } }
    try track.setKeyframe(time: 0, value: [2])
    let stale = [track].withUnsafeBufferPointer {
      cache.withCurrent($0, edits: 7) { _ in cache.values[0] }
    }
    XCTAssertEqual(stale, 1, "same edit count: not rebuilt")
    let fresh = [track].withUnsafeBufferPointer {
      cache.withCurrent($0, edits: 8) { _ in cache.values[0] }
    }
    XCTAssertEqual(fresh, 2)
  }

  func testAnimatorFramesMatchTrackSamplesBitForBit() throws {
    let animator = Animator()
    var generator = SystemRandomNumberGenerator()
    for i in 0..<30 {
      let kind: ValueKind = i % 3 == 0 ? .point : .scalar
      let track = try animator.addTrack(target: "t\(i)", property: "v", kind: kind)
      for k in 0..<(1 + i % 5) {
        let value = (0..<kind.channels).map { _ in Double.random(in: -1...1, using: &generator) }
        try track.setKeyframe(time: Double(k) * 2, value: value)
      }
    }
    for time in [-1.0, 0, 1.3, 2, 5.5, 8, 100] {
      var frame = [Double](repeating: .nan, count: 40)
      let (columns, _) = try [time].withUnsafeBufferPointer { t in
        try frame.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
      }
      XCTAssertEqual(columns, 40)
      var expected: [Double] = []
      for i in 0..<30 { expected += try animator.track(at: i).sample(at: time) }
      XCTAssertEqual(frame, expected, "t = \(time)")
    }
  }

  /// The frame path reports what the batch path reports, in track order:
  /// a relative track without its variable before an empty track is
  /// `.notFound`, an empty track before it `.emptyTrack`.
  func testFrameErrorsInTrackOrder() throws {
    func frameError(_ animator: Animator) -> RazzleError.Kind? {
      var out = [Double](repeating: 7, count: 8)
      do {
        _ = try [1.0].withUnsafeBufferPointer { t in
          try out.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
        }
      } catch {
        XCTAssertEqual(out, [Double](repeating: 7, count: 8), "nothing written")
        return (error as? RazzleError)?.kind
      }
      return nil
    }
    let relativeFirst = Animator()
    let r = try relativeFirst.addTrack(
      target: "v", property: "constant", options: TrackOptions(relativeTo: "w", constant: 1))
    try r.setKeyframe(time: 0, value: [2])
    try relativeFirst.addTrack(target: "v", property: "x")
    XCTAssertEqual(frameError(relativeFirst), .notFound)
    let emptyFirst = Animator()
    try emptyFirst.addTrack(target: "v", property: "x")
    let r2 = try emptyFirst.addTrack(
      target: "v", property: "constant", options: TrackOptions(relativeTo: "w", constant: 1))
    try r2.setKeyframe(time: 0, value: [2])
    XCTAssertEqual(frameError(emptyFirst), .emptyTrack)
    // The variable set and the empty track filled: 2 · 3 + 1 = 7, and x.
    try emptyFirst.setVariable("w", to: 3)
    try emptyFirst.track(at: 0).setKeyframe(time: 0, value: [5])
    var out = [0.0, 0.0]
    _ = try [1.0].withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try emptyFirst.sample(times: t, into: $0) }
    }
    XCTAssertEqual(out, [5, 7])
  }
}
