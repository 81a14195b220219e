import Razzle
import XCTest

final class TrackTests: XCTestCase {
  func testKeyframesStaySortedAndReplace() throws {
    let track = try Track(property: "x")
    for (t, v) in [(50.0, 5.0), (10, 1), (30, 3), (20, 2), (30, 4)] {
      try track.setKeyframe(time: t, value: [v])
    }
    XCTAssertEqual(track.keyframes.map(\.time), [10, 20, 30, 50])
    XCTAssertEqual(track.keyframes.map(\.value), [[1], [2], [4], [5]])
    try track.removeKeyframe(at: 20)
    XCTAssertEqual(track.keyframeCount, 3)
    XCTAssertThrowsError(try track.removeKeyframe(at: 20)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .notFound)
    }
  }

  func testAFailedEditKeepsTheGeneration() throws {
    // Found by the API fuzzer: edits that fail once the write lock is held
    // (nothing at that time, a gap that overflows) moved the generation, so
    // style numbers read before them went stale although nothing changed.
    let track = try Track(property: "x")
    try track.setKeyframe(time: -1e308, value: [0])
    let generation = track.generation
    XCTAssertThrowsError(try track.removeKeyframe(at: 5)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .notFound)
    }
    // 1e308 - (-1e308) overflows.
    XCTAssertThrowsError(try track.setKeyframe(time: 1e308, value: [1])) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .invalidValue)
    }
    let times: [Double] = [1e308]
    let values: [Double] = [1]
    XCTAssertThrowsError(
      try times.withUnsafeBufferPointer { t in
        try values.withUnsafeBufferPointer { try track.setKeyframes(times: t, values: $0) }
      })
    let hidden = try Track(property: "hidden")
    try hidden.setKeyframe(time: -1e308, value: [0])
    let hiddenGeneration = hidden.generation
    XCTAssertThrowsError(try hidden.hide(at: 1e308))
    XCTAssertEqual(track.generation, generation)
    XCTAssertEqual(hidden.generation, hiddenGeneration)
    XCTAssertEqual(track.keyframes.map(\.time), [-1e308])
    try track.removeKeyframe(at: -1e308)
    XCTAssertNotEqual(track.generation, generation)
  }

  func testEmptyTrackIsAnError() throws {
    let track = try Track(property: "x")
    XCTAssertThrowsError(try track.sample(at: 0)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .emptyTrack)
    }
  }

  func testBatchEqualsSingleSamplesBitForBit() throws {
    let track = try Track(property: "x")
    var generator = SystemRandomNumberGenerator()
    let names = ["linear", "easeInOutCubic", "easeOutBounce", "easeInElastic", "easeOutBack(3)"]
    for i in 0..<40 {
      try track.setKeyframe(
        time: Double(i) * 2.5, value: [Double.random(in: -10...10, using: &generator)],
        easing: try Easing(parsing: names[i % names.count]))
    }
    let times = (0..<5000).map { _ in Double.random(in: -10...110, using: &generator) }
    var batch = [Double](repeating: 0, count: times.count)
    try times.withUnsafeBufferPointer { t in
      try batch.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
    }
    for (t, b) in zip(times, batch) {
      XCTAssertEqual(try track.sample(at: t)[0].bitPattern, b.bitPattern)
      XCTAssertEqual(try track.value(at: t).bitPattern, b.bitPattern)
    }
  }

  func testValueNeedsOneChannel() throws {
    // easeInQuad from 1 to 0 at p = 0.5: 1 − 0.25 = 0.75.
    let alpha = try Track(property: "alpha")
    try alpha.setKeyframe(time: 30, value: [1], easing: try Easing(parsing: "easeInQuad"))
    try alpha.setKeyframe(time: 60, value: [0])
    XCTAssertEqual(try alpha.value(at: 45), 0.75)
    XCTAssertEqual(try alpha.value(at: 0), 1)
    let center = try Track(property: "center")
    try center.setKeyframe(time: 0, value: [1, 2])
    XCTAssertThrowsError(try center.value(at: 0)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .wrongSize)
    }
    XCTAssertThrowsError(try Track(property: "x").value(at: 0)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .emptyTrack)
    }
  }

  func testVectorTrackBlendsPerChannel() throws {
    let track = try Track(property: "rgb", kind: .vector(3))
    try track.setKeyframe(time: 0, value: [0, 10, -4])
    try track.setKeyframe(time: 1, value: [1, 20, 4], easing: try Easing(parsing: "easeInQuad"))
    try track.setKeyframe(time: 2, value: [2, 0, 0])
    XCTAssertEqual(try track.sample(at: 0.5), [0.5, 15, 0])
    XCTAssertEqual(try track.sample(at: 1.5), [1.25, 15, 3])  // e = 0.25
    XCTAssertThrowsError(try track.setKeyframe(time: 3, value: [1, 2])) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .wrongSize)
    }
    XCTAssertThrowsError(try Track(property: "v", kind: .vector(0)))
    XCTAssertThrowsError(try Track(property: "v", kind: .vector(65)))
    XCTAssertThrowsError(try Track(property: ""))
  }

  func testBufferTooSmallWritesNothing() throws {
    let track = try Track(property: "x")
    try track.setKeyframe(time: 0, value: [1])
    var out: [Double] = [7]
    let times: [Double] = [0, 1]
    XCTAssertThrowsError(
      try times.withUnsafeBufferPointer { t in
        try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
      })
    XCTAssertEqual(out, [7])
  }
}
