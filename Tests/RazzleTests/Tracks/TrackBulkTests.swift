import Foundation
import Razzle
import XCTest

final class TrackBulkTests: XCTestCase {
  private func setAll(
    _ track: Track, _ times: [Double], _ values: [Double], _ styles: [KeyframeStyle] = []
  )
    throws
  {
    try times.withUnsafeBufferPointer { t in
      try values.withUnsafeBufferPointer { v in
        try track.setKeyframes(times: t, values: v, styles: styles)
      }
    }
  }

  func testBulkSetMatchesASortedDictionary() throws {
    // A model: a dictionary of time → value, last write wins, read sorted.
    var generator = SystemRandomNumberGenerator()
    let track = try Track(property: "x")
    var model: [Double: Double] = [:]
    for round in 0..<20 {
      let count = Int.random(in: 0...50, using: &generator)
      let times = (0..<count).map { _ in Double(Int.random(in: -40...40, using: &generator)) / 4 }
      let values = times.indices.map { Double($0 + 100 * round) }
      try setAll(track, times, values)
      for (t, v) in zip(times, values) { model[t] = v }
      let expected = model.sorted { $0.key < $1.key }
      XCTAssertEqual(track.keyframes.map(\.time), expected.map(\.key))
      XCTAssertEqual(track.keyframes.map { $0.value[0] }, expected.map(\.value))
    }
  }

  func testLargeBatchesSortLikeTheModel() throws {
    // Above 512 entries the batch is radix sorted on the times' bits:
    // negatives, −0 and +0 (one time: the last entry wins), duplicates,
    // huge and tiny magnitudes, against the dictionary model.
    var generator = SystemRandomNumberGenerator()
    for count in [511, 512, 5000] {
      let track = try Track(property: "x")
      let pool: [Double] = [-0.0, 0.0, -1e300, 1e300, -5e-324, 5e-324, -1.5, 1.5]
      var times = (0..<count).map { _ in Double(Int.random(in: -3000...3000, using: &generator)) / 8
      }
      for i in 0..<pool.count { times[Int.random(in: 0..<count, using: &generator)] = pool[i] }
      let values = times.indices.map { Double($0) }
      var model: [Double: Double] = [:]
      for (t, v) in zip(times, values) { model[t] = v }  // −0 and +0 are one key
      try setAll(track, times, values)
      let expected = model.sorted { $0.key < $1.key }
      XCTAssertEqual(track.keyframes.map(\.time), expected.map(\.key), "count \(count)")
      XCTAssertEqual(track.keyframes.map { $0.value[0] }, expected.map(\.value), "count \(count)")
    }
  }

  func testBatchesSplitByTimeSortLikeTheModel() throws {
    // From 65,536 entries a batch spanning a finite range is split by time
    // into buckets, each split again by key and insertion sorted, or radix
    // sorted when its times cluster. Distributions that take each path,
    // against the dictionary model (the last entry of each time wins).
    var generator = SystemRandomNumberGenerator()
    // Not a multiple of eight: the buckets are worked out eight times at a
    // time, and the last few one by one.
    let n = 70_005
    func uniform() -> Double { Double(Int.random(in: 0..<(2 * n), using: &generator)) / 4 }
    let distributions: [(String, () -> Double)] = [
      ("uniform with repeats", uniform),
      (
        "negative, zeros and positive",
        {
          [-0.0, 0.0, -1.5, 1.5].randomElement(using: &generator)!
            + Double(Int.random(in: -5000...5000, using: &generator)) / 8
        }
      ),
      // Most times in a sliver of one bucket: the insertion sort gives up.
      (
        "clustered",
        {
          Bool.random(using: &generator)
            ? 1000 + Double(Int.random(in: 0..<4096, using: &generator)) * 0x1p-40
            : Double.random(in: 0...2000, using: &generator)
        }
      ),
      (
        "magnitudes from 1e-300 to 1e300",
        {
          let e = Double.random(in: -300...300, using: &generator)
          return (Bool.random(using: &generator) ? 1 : -1) * Foundation.pow(10, e)
        }
      ),
      ("a few distinct times", { Double(Int.random(in: 0..<3, using: &generator)) }),
    ]
    // Each also sorted: times that never decrease (repeats and all) keep
    // the last entry of each run without the sort.
    for (name, draw, sorted) in distributions.flatMap({
      [($0.0, $0.1, false), ($0.0 + ", sorted", $0.1, true)]
    }) {
      var times = (0..<n).map { _ in draw() }
      if sorted { times.sort() }
      let values = times.indices.map { Double($0) }
      var model: [Double: Double] = [:]
      for (t, v) in zip(times, values) { model[t] = v }  // −0 and +0 are one key
      let track = try Track(property: "x")
      try setAll(track, times, values)
      let expected = model.sorted { $0.key < $1.key }
      let keyframes = track.keyframes
      XCTAssertEqual(keyframes.count, expected.count, name)
      XCTAssertEqual(keyframes.map(\.time), expected.map(\.key), name)
      XCTAssertEqual(keyframes.map { $0.value[0] }, expected.map(\.value), name)
      // A zero keeps the sign of the entry kept for it.
      if let zero = keyframes.first(where: { $0.time == 0 }) {
        let entry = Int(zero.value[0])
        XCTAssertEqual(zero.time.sign, times[entry].sign, name)
      }
    }
  }

  func testAZeroKeepsTheSignOfItsLastEntry() throws {
    // −0 and +0 are one time, whose keyframe is the last zero entry's: its
    // value and its zero's sign (IEEE 754 equality cannot tell them apart,
    // so the sign is checked on its own). A comparison sort (100 entries),
    // a radix sort (600), a split by time (70,005), each in any order and
    // in order.
    var generator = SystemRandomNumberGenerator()
    for count in [100, 600, 70_005] {
      for lastSign in [FloatingPointSign.minus, .plus] {
        for sorted in [false, true] {
          var times = (0..<count).map { _ in
            Double(Int.random(in: -4000...4000, using: &generator)) / 8
          }
          if sorted { times.sort() }
          // Zeros of both signs where the zeros are (and, in any order, at
          // eight random places), the last of them of `lastSign`.
          let zeros = times.indices.filter { times[$0] == 0 }
          let places = sorted ? zeros : zeros + (0..<8).map { _ in Int.random(in: 0..<count) }
          guard let lastPlace = places.max() else { continue }
          for place in places { times[place] = Bool.random(using: &generator) ? -0.0 : 0.0 }
          times[lastPlace] = lastSign == .minus ? -0.0 : 0.0
          let values = times.indices.map { Double($0) }
          let track = try Track(property: "x")
          try setAll(track, times, values)
          let zero = try XCTUnwrap(track.keyframes.first { $0.time == 0 })
          let name = "\(count) entries, sorted \(sorted), last zero \(lastSign)"
          XCTAssertEqual(zero.time.sign, lastSign, name)
          XCTAssertEqual(zero.value[0], Double(lastPlace), name)
        }
      }
    }
  }

  func testOneSharedStyleOrOneEach() throws {
    let track = try Track(property: "x")
    let eased = KeyframeStyle(easing: .penner(.quad, .easeIn))
    try setAll(track, [2, 0, 1], [20, 0, 10], [eased])
    XCTAssertEqual(track.keyframes.map(\.style), [eased, eased, eased])
    // Per-keyframe styles follow their entries through the sort.
    let held = KeyframeStyle(interpolation: .hold)
    try setAll(track, [5, 4], [50, 40], [held, .plain])
    XCTAssertEqual(track.keyframes.map(\.time), [0, 1, 2, 4, 5])
    XCTAssertEqual(track.keyframes[3].style, .plain)
    XCTAssertEqual(track.keyframes[4].style, held)
    // Sampling follows: easeInQuad from 0 to 10 at the middle of [0, 1] is 2.5.
    XCTAssertEqual(try track.sample(at: 0.5), [2.5])
  }

  func testABadEntryChangesNothing() throws {
    let track = try Track(property: "alpha")
    try setAll(track, [0, 1], [0, 1])
    let before = track.keyframes
    let generation = track.generation
    for (times, values) in [
      ([2.0, 3], [0.5, 2.0]), ([2, .nan], [0.5, 0.5]), ([2], [0.5, 0.5]),
    ] {
      XCTAssertThrowsError(try setAll(track, times, values))
    }
    XCTAssertThrowsError(try setAll(track, [2, 3], [0.5, 0.5], [.plain, .plain, .plain])) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .wrongSize)
    }
    XCTAssertThrowsError(try setAll(track, [3, 2], [1, 2])) {
      // The message names the batch entry.
      XCTAssertTrue(($0 as? RazzleError)?.message.hasPrefix("keyframe 1:") == true, "\($0)")
    }
    // Gaps that overflow once merged: keyframes at -1e308 and 1e308 with
    // nothing between them are 2e308 apart.
    let far = try Track(property: "x")
    XCTAssertThrowsError(try setAll(far, [-1e308, 1e308], [0, 1])) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .invalidValue)
    }
    XCTAssertEqual(far.keyframeCount, 0)
    XCTAssertEqual(track.keyframes, before)
    XCTAssertEqual(track.generation, generation)
  }

  func testSmoothTracksGetTheirTangentsOnce() throws {
    // A bulk-set smooth track samples as the same track set one by one.
    let smooth = KeyframeStyle(interpolation: .smooth)
    let bulk = try Track(property: "x")
    let single = try Track(property: "x")
    let times: [Double] = [3, 0, 2, 1]
    let values: [Double] = [9, 0, 4, 1]
    try setAll(bulk, times, values, [smooth])
    for (t, v) in zip(times, values) { try single.setKeyframe(time: t, value: [v], style: smooth) }
    for t in stride(from: -0.5, through: 3.5, by: 0.25) {
      XCTAssertEqual(try bulk.sample(at: t), try single.sample(at: t), "t = \(t)")
    }
  }

  func testKindsWithDerivedDataSampleAsWhenSetOneByOne() throws {
    // Colors keep each keyframe in their blending space and transforms their
    // decomposition: a bulk merge must derive them for every keyframe.
    let kinds: [(ValueKind, [[Double]])] = [
      (.color(.oklch, premultiplied: true), [[1, 0, 0, 1], [0, 0, 1, 0.5], [0, 1, 0, 1]]),
      (.transform, [[1, 0, 0, 1, 0, 0], [0, 2, -2, 0, 5, 5], [-1, 0, 0, -1, 10, 0]]),
    ]
    for (kind, values) in kinds {
      let bulk = try Track(property: "v", kind: kind)
      let single = try Track(property: "v", kind: kind)
      let times: [Double] = [2, 0, 1]
      let order = [2, 0, 1]
      try setAll(bulk, times, order.flatMap { values[$0] })
      for (t, i) in zip(times, order) { try single.setKeyframe(time: t, value: values[i]) }
      for t in stride(from: -0.5, through: 2.5, by: 0.125) {
        XCTAssertEqual(try bulk.sample(at: t), try single.sample(at: t), "\(kind) t = \(t)")
      }
    }
  }

  func testSnapshotStylesAndGenerations() throws {
    let track = try Track(property: "x")
    let eased = KeyframeStyle(easing: .penner(.cubic, .easeOut))
    try track.setKeyframe(time: 0, value: [0], style: eased)
    try track.setKeyframe(time: 1, value: [1])
    let (styles, generation) = track.withKeyframes { times, values, styles, generation in
      XCTAssertEqual(Array(times), [0, 1])
      XCTAssertEqual(Array(values), [0, 1])
      return (Array(styles), generation)
    }
    XCTAssertEqual(styles[1], 0)
    XCTAssertEqual(try track.style(number: styles[0], generation: generation), eased)
    XCTAssertEqual(try track.style(number: 0, generation: generation), .plain)
    XCTAssertThrowsError(try track.style(number: 99, generation: generation)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .outOfRange)
    }
    try track.removeKeyframe(at: 1)
    XCTAssertNotEqual(track.generation, generation)
    XCTAssertThrowsError(try track.style(number: styles[0], generation: generation)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .stale)
    }
  }
}
