import XCTest

@testable import Razzle

/// How a track keeps its keyframes: no storage while it has none, the
/// shared plain style table until a keyframe has another style, the
/// extrapolation on the track itself.
final class TrackStorageTests: XCTestCase {
  private func setAll(
    _ track: Track, _ times: [Double], _ values: [Double], _ styles: [KeyframeStyle] = []
  ) throws {
    try times.withUnsafeBufferPointer { t in
      try values.withUnsafeBufferPointer { v in
        try track.setKeyframes(times: t, values: v, styles: styles)
      }
    }
  }

  func testAnEmptyTrackHasNoStorageUntilItsFirstKeyframe() throws {
    let animator = Animator()
    let track = try animator.addTrack(target: "v", property: "x", options: TrackOptions())
    XCTAssertNil(track.keyframeStorage)
    XCTAssertEqual(track.keyframeCount, 0)
    XCTAssertTrue(track.keyframes.isEmpty)
    XCTAssertNil(track.index(ofKeyframeAt: 0))
    XCTAssertEqual(try track.style(number: 0, generation: track.generation), .plain)
    try track.setKeyframe(time: 1, value: [2])
    XCTAssertNotNil(track.keyframeStorage)
    try track.removeKeyframe(at: 1)
    XCTAssertNil(track.keyframeStorage, "the last keyframe's removal drops the storage")
    XCTAssertThrowsError(try track.sample(at: 0)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .emptyTrack)
    }
    // A failed edit of an empty track leaves it empty.
    XCTAssertThrowsError(try track.removeKeyframe(at: 1))
    XCTAssertThrowsError(try track.setKeyframe(time: .nan, value: [0]))
    XCTAssertNil(track.keyframeStorage)
  }

  func testExtrapolationSetBeforeTheKeyframesApplies() throws {
    // Linear before, cycle after, set while the track is empty. Keyframes
    // (0, 0) and (2, 4): slope 2, so t = −1 gives −2; cycle maps t = 3 to
    // t = 1, value 2.
    let track = try Track(property: "x")
    let generation = track.generation
    try track.setExtrapolation(before: .hold, after: .hold)
    XCTAssertEqual(track.generation, generation, "setting the modes a track has is no edit")
    try track.setExtrapolation(before: .linear, after: .cycle)
    XCTAssertNotEqual(track.generation, generation)
    XCTAssertNil(track.keyframeStorage)
    try setAll(track, [0, 2], [0, 4])
    XCTAssertEqual(try track.sample(at: -1), [-2])
    XCTAssertEqual(try track.sample(at: 3), [2])
    XCTAssertEqual(track.extrapolation.before, .linear)
    XCTAssertEqual(track.extrapolation.after, .cycle)
    // A copy keeps them, with or without keyframes.
    let empty = try Track(property: "x")
    try empty.setExtrapolation(after: .pingPong)
    let copied = empty.lock.withReadLock { empty.copy(lockedIn: EditDomain()) }
    XCTAssertEqual(copied.extrapolation.after, .pingPong)
    XCTAssertNil(copied.keyframeStorage)
    let full = track.lock.withReadLock { track.copy(lockedIn: EditDomain()) }
    XCTAssertEqual(try full.sample(at: -1), [-2])
  }

  func testPlainTracksShareOneStyleTable() throws {
    let a = try Track(property: "x")
    let b = try Track(property: "y")
    try setAll(a, [0, 1], [0, 1])
    try b.setKeyframe(time: 0, value: [5])
    let (pa, pb) = (try XCTUnwrap(a.keyframeStorage).pool, try XCTUnwrap(b.keyframeStorage).pool)
    XCTAssertFalse(pa.hasOwnTable)
    XCTAssertFalse(pb.hasOwnTable)
    XCTAssertEqual(a.sampler?.styles, b.sampler?.styles)
    XCTAssertEqual(a.sampler?.kernels, b.sampler?.kernels)
    XCTAssertEqual(pa.styles.count, 1)
    // A non-plain style gives the track a table of its own; the shared
    // one keeps only the plain style.
    try a.setKeyframe(time: 0.5, value: [9], easing: try Easing(parsing: "easeInQuad"))
    let own = try XCTUnwrap(a.keyframeStorage).pool
    XCTAssertTrue(own.hasOwnTable)
    XCTAssertNotEqual(a.sampler?.styles, b.sampler?.styles)
    XCTAssertEqual(StylePool.Table.plain.styles.count, 1)
    XCTAssertEqual(StylePool.Table.plain.styles[0], .plain)
    XCTAssertEqual(StylePool.Table.plain.kernels[0], .identity)
    // Sampling reads the track's own table: easeInQuad at p = 0.5 of the
    // segment (0.5, 9) → (1, 1) is 9 + (1 − 9) · 0.25 = 7.
    XCTAssertEqual(try a.sample(at: 0.75), [7])
  }

  func testAnOrderedBatchIntoAnEmptyTrackEqualsOneByOne() throws {
    // The copy path for an empty track and strictly increasing times must
    // give what setting the keyframes one at a time gives: times, values,
    // styles (one for all, one per entry, none) and samples, bit for bit.
    let eased = KeyframeStyle(easing: try Easing(parsing: "easeOutCubic"))
    let smooth = KeyframeStyle(interpolation: .smooth, tension: 0.5)
    let times: [Double] = [-3, -1, 0, 0.5, 2, 7]
    let values: [Double] = [1, -2, 0.25, 3, 3, -1]
    for styles in [[], [eased], [eased, smooth, .plain, eased, smooth, .plain]] {
      let bulk = try Track(property: "x")
      try setAll(bulk, times, values, styles)
      let single = try Track(property: "x")
      for i in times.indices {
        let style = styles.isEmpty ? .plain : styles.count == 1 ? styles[0] : styles[i]
        try single.setKeyframe(time: times[i], value: [values[i]], style: style)
      }
      XCTAssertEqual(bulk.keyframes, single.keyframes)
      let queries = stride(from: -4.0, through: 8, by: 0.125).map { $0 }
      for t in queries {
        XCTAssertEqual(
          try bulk.sample(at: t)[0].bitPattern, try single.sample(at: t)[0].bitPattern, "t = \(t)")
      }
      let storage = try XCTUnwrap(bulk.keyframeStorage)
      let model = try XCTUnwrap(single.keyframeStorage)
      XCTAssertEqual(storage.styledCount, model.styledCount)
      XCTAssertEqual(storage.curveCount, model.curveCount)
      XCTAssertEqual(storage.tangentCount, model.tangentCount)
      XCTAssertEqual(storage.uniformStyle, model.uniformStyle)
      XCTAssertEqual(Array(storage.tangents.buffer), Array(model.tangents.buffer))
      XCTAssertEqual(Array(storage.cubics.buffer), Array(model.cubics.buffer))
    }
    // A gap that overflows refuses the whole batch, as the merge does.
    let track = try Track(property: "x")
    XCTAssertThrowsError(try setAll(track, [-1e308, 1e308], [0, 1])) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .invalidValue)
    }
    XCTAssertNil(track.keyframeStorage)
  }

  func testColorTracksDeriveTheirKeyframesThroughEitherPath() throws {
    // The kind's derived data (a color in its blending space) is the same
    // whether the keyframes came in one ordered batch or one by one.
    let kind = ValueKind.color(.oklab, premultiplied: false)
    let bulk = try Track(property: "fill", kind: kind)
    let single = try Track(property: "fill", kind: kind)
    let values: [Double] = [1, 0, 0, 1, 0, 0, 1, 0.5]
    try setAll(bulk, [0, 1], values)
    try single.setKeyframe(time: 0, value: Array(values[0..<4]))
    try single.setKeyframe(time: 1, value: Array(values[4..<8]))
    let derived = Array(try XCTUnwrap(bulk.keyframeStorage).derived.buffer)
    XCTAssertEqual(derived, Array(try XCTUnwrap(single.keyframeStorage).derived.buffer))
    XCTAssertEqual(derived.count, 10)
    XCTAssertEqual(try bulk.sample(at: 0.3), try single.sample(at: 0.3))
  }
}
