import XCTest

@testable import Razzle

/// The CPU levels of the batch kernels: every level gives the bits of a
/// linear interpolation written out here, and of the single-sample path.
final class KernelLevelTests: XCTestCase {
  override func tearDown() {
    try? KernelLevel.select(nil)
    super.tearDown()
  }

  /// RazzleDazzle's rule for a plain linear track, by a linear scan: the
  /// last keyframe at or before t, clamped to the ends (the formula of
  /// Guides/Sampling.md, written independently of the kernels).
  func expected(_ times: [Double], _ values: [Double], _ t: Double) -> Double {
    if t.isNaN { return t }
    if t >= times[times.count - 1] { return values[values.count - 1] }
    if t <= times[0] { return values[0] }
    var k = 0
    while k + 2 < times.count && times[k + 1] <= t { k += 1 }
    if t == times[k] { return values[k] }
    return values[k] + (values[k + 1] - values[k]) * ((t - times[k]) / (times[k + 1] - times[k]))
  }

  func sampled(_ track: Track, _ queries: [Double]) throws -> [Double] {
    var out = [Double](repeating: -1, count: queries.count)
    try queries.withUnsafeBufferPointer { q in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: q, into: $0) }
    }
    return out
  }

  func testEveryLevelGivesTheFormulasBitsOnRandomAndSortedTimes() throws {
    var rng = SplitMix64(seed: 0x6b65_726e)
    let levels = KernelLevel.allCases.filter(\.isSupported)
    XCTAssertTrue(levels.contains(.baseline))
    for count in [2, 3, 8, 16, 17, 31, 32, 33, 64, 1000, 5000] {
      var times = (0..<count).map { _ in Double.random(in: 0...100, using: &rng) }.sorted()
      times[0] = 0
      times[count - 1] = 100
      if count > 4 { times[2] = times[1] }  // a repeated time: set once
      let track = try Track(property: "v")
      var keyframeTimes: [Double] = []
      var values: [Double] = []
      for t in times where keyframeTimes.last != t {
        let v = Double.random(in: -1...1, using: &rng)
        try track.setKeyframe(time: t, value: [v])
        keyframeTimes.append(t)
        values.append(v)
      }
      // 3 blocks and a tail; the ends, beyond them, NaN, ±inf, exact keyframe times.
      var queries = (0..<200).map { _ in Double.random(in: -10...110, using: &rng) }
      queries += [.nan, .infinity, -.infinity, 0, 100, -0.0] + keyframeTimes
      for sorted in [false, true] {
        if sorted { queries.sort { $0 < $1 || ($1.isNaN && !$0.isNaN) } }
        let reference = queries.map { expected(keyframeTimes, values, $0) }
        for level in levels {
          try KernelLevel.select(level)
          XCTAssertEqual(KernelLevel.active, level)
          let got = try sampled(track, queries)
          for (j, t) in queries.enumerated() {
            XCTAssertEqual(
              got[j].bitPattern, reference[j].bitPattern,
              "K=\(count) sorted=\(sorted) \(level): t=\(t) got \(got[j]) expected \(reference[j])")
            XCTAssertEqual(got[j].bitPattern, try track.value(at: t).bitPattern, "single sample")
          }
        }
      }
    }
  }

  /// The segment search the eased and color kernels share
  /// (`findSegmentsKernel`) at every level, against a linear scan: the last
  /// keyframe at or before the clamped time, at most count − 2, 0 for NaN —
  /// across the avx512 level's binary search (up to 16 keyframes), its count
  /// (up to 32) and the Swift search beyond, with repeated times.
  func testTheSegmentSearchFindsTheLastKeyframeAtOrBeforeEachTimeAtEveryLevel() throws {
    var rng = SplitMix64(seed: 0x7365_6172)
    let levels = KernelLevel.allCases.filter(\.isSupported)
    for count in [2, 3, 4, 8, 15, 16, 17, 31, 32, 33, 100] {
      var times = (0..<count).map { _ in Double.random(in: -50...50, using: &rng) }.sorted()
      if count > 3 { times[2] = times[1] }
      if count > 6 { times[count - 2] = times[count - 1] }
      var queries = (0..<203).map { _ in Double.random(in: -60...60, using: &rng) }
      queries += [.nan, .infinity, -.infinity, -0.0, times[0], times[count - 1]] + times
      let expected = queries.map { t -> Int in
        if t.isNaN { return 0 }
        let clamped = Swift.min(Swift.max(t, times[0]), times[count - 1])
        var k = 0
        while k + 2 < count && times[k + 1] <= clamped { k += 1 }
        return k
      }
      for level in levels {
        var got = [Int](repeating: -1, count: queries.count)
        times.withUnsafeBufferPointer { t in
          queries.withUnsafeBufferPointer { q in
            got.withUnsafeMutableBufferPointer {
              findSegmentsKernel(
                level, t.baseAddress!, count, q.baseAddress!, q.count, $0.baseAddress!)
            }
          }
        }
        for (j, t) in queries.enumerated() where got[j] != expected[j] {
          XCTFail("K=\(count) \(level): t=\(t) got segment \(got[j]), expected \(expected[j])")
        }
      }
    }
  }

  /// Sorted times at densities that take each path of the sorted kernel: a
  /// block in one segment, a block counted against a few segments, groups of
  /// eight counted against their own few, groups spanning more than the
  /// window (searched) — with clamped runs before and after the keyframes.
  func testSortedTimesAtEveryDensityGiveTheFormulasBits() throws {
    var rng = SplitMix64(seed: 0x736f_7274)
    let levels = KernelLevel.allCases.filter(\.isSupported)
    for count in [40, 300, 2000, 20000] {
      let times = (0..<count).map { 100 * Double($0) / Double(count - 1) }
      let values = (0..<count).map { _ in Double.random(in: -1...1, using: &rng) }
      for hold in [false, true] {
        let track = try Track(property: "v")
        for (t, v) in zip(times, values) {
          try track.setKeyframe(
            time: t, value: [v], style: KeyframeStyle(interpolation: hold ? .hold : .linear))
        }
        var queries = (0..<4003).map { _ in Double.random(in: -10...110, using: &rng) }
        queries += times.prefix(50)
        queries.sort()
        let reference = queries.map { t -> Double in
          if !hold { return expected(times, values, t) }
          return t >= 100 ? values[count - 1] : values[times.lastIndex { $0 <= t } ?? 0]
        }
        for level in levels {
          try KernelLevel.select(level)
          let got = try sampled(track, queries)
          for (j, t) in queries.enumerated() {
            XCTAssertEqual(
              got[j].bitPattern, reference[j].bitPattern,
              "K=\(count) hold=\(hold) \(level): t=\(t) got \(got[j]) expected \(reference[j])")
          }
        }
      }
    }
  }

  /// A sorted run inside one segment takes its progress (t − t₀)/(t₁ − t₀)
  /// from multiply-adds at the AVX2 and AVX-512 levels (`Divisor`): the
  /// division's bits, checked here against the division on segments whose
  /// lengths are the hard cases of a reciprocal (significand all ones, a
  /// power of two and the doubles around it, random), at the ends of the
  /// range the fused path takes (2⁻¹⁰⁰ and 2⁹⁰⁰) and beyond them (where it
  /// divides), with times from just past t₀ (below the least dividend the
  /// fused path takes, 2⁻⁸⁰⁰ of the length) to just before t₁.
  func testARunInsideOneSegmentGivesTheDivisionsBitsAtEveryLevel() throws {
    var rng = SplitMix64(seed: 0x6469_7669)
    let levels = KernelLevel.allCases.filter(\.isSupported)
    func significand(_ bits: UInt64, _ exponent: Int) -> Double {
      Double(sign: .plus, exponent: exponent, significand: 1 + Double(bits >> 12) * 0x1p-52)
    }
    var lengths: [Double] = [1, 0x1p-100, 0x1p900, 0x1p-101, 0x1p901, 0x1p-300, 0x1p1000, 3600]
    for exponent in [-100, -40, -1, 0, 7, 300, 899] {
      let all = significand(.max, exponent)  // 1.111…1 × 2^e
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      lengths += [all, all.nextDown, power, power.nextUp, power.nextDown]
      for _ in 0..<6 { lengths.append(significand(rng.next(), exponent)) }
    }
    for length in lengths {
      let t0 = length < 1e300 ? Double.random(in: -50...50, using: &rng) * length : 0
      let t1 = t0 + length
      guard t1 > t0, (t1 - t0).isFinite else { continue }
      let v0 = Double.random(in: -1...1, using: &rng)
      let v1 = Double.random(in: -1...1, using: &rng)
      let track = try Track(property: "v")
      try track.setKeyframe(time: t0, value: [v0])
      try track.setKeyframe(time: t1, value: [v1])
      // Sorted, strictly inside: random fractions, then the first doubles
      // after t₀ and the last before t₁, in runs longer than a block.
      var queries = (0..<2000).map { _ in t0 + Double.random(in: 0..<1, using: &rng) * length }
      var t = t0
      for _ in 0..<40 {
        t = t.nextUp
        queries.append(t)
      }
      t = t1
      for _ in 0..<40 {
        t = t.nextDown
        queries.append(t)
      }
      queries = queries.filter { $0 > t0 && $0 < t1 }.sorted()
      let reference = queries.map { v0 + (v1 - v0) * (($0 - t0) / (t1 - t0)) }
      // Contiguous (the track's batch: razzle_linear_run at the FMA
      // levels) and every second double (an animator's matrix of two
      // columns, written in place: the Swift loop with Divisor).
      let animator = Animator()
      for target in ["a", "b"] {
        let column = try animator.addTrack(target: target, property: "v")
        try column.setKeyframe(time: t0, value: [v0])
        try column.setKeyframe(time: t1, value: [v1])
      }
      for level in levels {
        try KernelLevel.select(level)
        let contiguous = try sampled(track, queries)
        var matrix = [Double](repeating: -1, count: 2 * queries.count)
        _ = try queries.withUnsafeBufferPointer { q in
          try matrix.withUnsafeMutableBufferPointer { try animator.sample(times: q, into: $0) }
        }
        for (name, got) in [
          ("contiguous", contiguous), ("strided", (0..<queries.count).map { matrix[2 * $0 + 1] }),
        ] {
          var differing = 0
          for (j, t) in queries.enumerated() where got[j].bitPattern != reference[j].bitPattern {
            differing += 1
            if differing <= 3 {
              XCTFail(
                "length \(length) \(level) \(name): t=\(t) got \(got[j]) expected \(reference[j])")
            }
          }
          XCTAssertEqual(differing, 0, "length \(length) \(level) \(name): \(queries.count) times")
        }
      }
    }
  }

  /// Blocks of NaN times (a layer's clip out of its interval: the
  /// kernels' shortcut writes each time's NaN without a search), quiet
  /// NaNs with payloads, among sorted times: each gives its own NaN's bits,
  /// as a single sample does, on a linear and on a hold track.
  func testBlocksOfNaNTimesGiveEachTimesNaNAtEveryLevel() throws {
    let levels = KernelLevel.allCases.filter(\.isSupported)
    var queries = (0..<70).map { Double($0) / 7 }
    queries += (0..<150).map { Double(nan: Double.RawSignificand($0 + 1), signaling: false) }
    queries += (0..<64).map { 10 + Double($0) / 8 }
    queries += (0..<63).map { _ in Double.nan } + [17.5]
    for hold in [false, true] {
      let track = try Track(property: "v")
      for (k, t) in [0.0, 4, 9, 20].enumerated() {
        try track.setKeyframe(
          time: t, value: [Double(k * k) - 1.5],
          style: KeyframeStyle(interpolation: hold ? .hold : .linear))
      }
      for level in levels {
        try KernelLevel.select(level)
        let got = try sampled(track, queries)
        var bad = 0
        for (j, t) in queries.enumerated() {
          let single = try track.value(at: t)
          if got[j].bitPattern != single.bitPattern { bad += 1 }
          if t.isNaN && got[j].bitPattern != t.bitPattern { bad += 1 }
        }
        XCTAssertEqual(bad, 0, "hold \(hold), \(level)")
      }
    }
  }

  func testHoldTracksGiveTheLastKeyframeAtOrBeforeTAtEveryLevel() throws {
    var rng = SplitMix64(seed: 0x686f_6c64)
    let levels = KernelLevel.allCases.filter(\.isSupported)
    for count in [2, 5, 16, 40, 700] {
      let times = (0..<count).map { 100 * Double($0) / Double(count - 1) }
      let values = (0..<count).map { _ in Double.random(in: -1...1, using: &rng) }
      let track = try Track(property: "v")
      for (t, v) in zip(times, values) {
        try track.setKeyframe(
          time: t, value: [v],
          style: KeyframeStyle(
            easing: count == 5 ? .penner(.quad, .easeInOut) : .linear, interpolation: .hold))
      }
      var queries = (0..<300).map { _ in Double.random(in: -10...110, using: &rng) }
      queries += [.nan, .infinity, -.infinity] + times
      for sorted in [false, true] {
        if sorted { queries.sort { $0 < $1 || ($1.isNaN && !$0.isNaN) } }
        // By hand: NaN at NaN, the last value at and past the end, else the
        // value of the last keyframe at or before t (the first before it).
        let expected = queries.map { t -> Double in
          if t.isNaN { return t }
          if t >= 100 { return values[count - 1] }
          return values[times.lastIndex { $0 <= t } ?? 0]
        }
        for level in levels {
          try KernelLevel.select(level)
          let got = try sampled(track, queries)
          for (j, t) in queries.enumerated() {
            XCTAssertEqual(got[j].bitPattern, expected[j].bitPattern, "K=\(count) \(level) t=\(t)")
            XCTAssertEqual(got[j].bitPattern, try track.value(at: t).bitPattern, "single sample")
          }
        }
      }
    }
  }

  func testALevelThisCPUCannotRunIsRefusedAndNamesAreChecked() throws {
    XCTAssertEqual(try KernelLevel(named: "avx2"), .avx2)
    XCTAssertThrowsError(try KernelLevel(named: "AVX2")) { error in
      let error = error as! RazzleError
      XCTAssertEqual(error.kind, .invalidName)
      XCTAssertTrue(error.message.contains("did you mean \"avx2\""), error.message)
    }
    let before = KernelLevel.active
    for level in KernelLevel.allCases where !level.isSupported {
      XCTAssertThrowsError(try KernelLevel.select(level))
      XCTAssertEqual(KernelLevel.active, before, "unchanged after an error")
    }
    try KernelLevel.select(.baseline)
    XCTAssertEqual(KernelLevel.active, .baseline)
    try KernelLevel.select(nil)
    XCTAssertEqual(KernelLevel.active, before, "nil restores the default")
  }
}
