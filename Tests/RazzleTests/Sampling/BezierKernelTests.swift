import XCTest

@testable import Razzle

/// The cubic-Bézier eased vector kernel (`RazzleKernels.sampleBezierEased`)
/// at every CPU level: the same bits at each level, on 1 and 2 threads, in
/// batches of every size and in single samples, and values that follow the
/// curve solved here independently, by bisection.
final class BezierKernelTests: XCTestCase {
  override func tearDown() {
    try? KernelLevel.select(nil)
    Parallel.setThreadCount(0)
    super.tearDown()
  }

  /// y at x = p on cubic-bezier(x1, y1, x2, y2) by 200 bisection steps on
  /// the Bernstein form (no table, no Newton): the slow route, to compare
  /// with.
  static func bisected(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double)
    -> Double
  {
    bernstein(y1, y2, parameter(x1, x2, p))
  }

  /// The parameter s where the Bernstein form with control values `x1`,
  /// `x2` reaches `p`, by 200 bisection steps.
  static func parameter(_ x1: Double, _ x2: Double, _ p: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if bernstein(x1, x2, middle) < p { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// The cubic Bernstein form from 0 to 1 with control values `p1`, `p2`.
  static func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// The sampling rule (Guides/Sampling.md) with `ease` on every segment,
  /// by a linear scan of the keyframes.
  static func expected(
    _ times: [Double], _ values: [Double], _ t: Double, _ ease: (Double) -> Double
  ) -> Double {
    if t.isNaN { return t }
    if t >= times[times.count - 1] { return values[values.count - 1] }
    if t <= times[0] { return values[0] }
    var k = 0
    while k + 2 < times.count && times[k + 1] <= t { k += 1 }
    if t == times[k] { return values[k] }
    let p = (t - times[k]) / (times[k + 1] - times[k])
    return values[k] + (values[k + 1] - values[k]) * ease(p)
  }

  func sampled(_ track: Track, _ queries: [Double]) throws -> [Double] {
    var out = [Double](repeating: -1, count: queries.count)
    try queries.withUnsafeBufferPointer { q in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: q, into: $0) }
    }
    return out
  }

  /// Curves for the kernel's routes: the benchmark's ease-in-out, `ease`,
  /// overshoot in y, vertical inverse tangents at the ends (x1 = 0, x2 =
  /// 1: intervals marked for the fallback), and a flat point in x(s) at
  /// s = 1/2 (cubic-bezier(1, 0, 0, 1): the Newton steps miss there).
  /// Then curves of real Lottie files where the first Newton step misses
  /// often and the second takes over: After Effects' default (0.167,
  /// 0.167, 0.833, 0.833), nearly straight, on about one progress value in
  /// seven; (0.996, 0, 0.21, 1) on nearly a third; (0, 0, 0, 1), whose
  /// inverse is a cube root at 0.
  static let curves: [(Double, Double, Double, Double)] = [
    (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.68, -0.6, 0.32, 1.6), (0, 0, 1, 1),
    (1, 0, 0, 1), (0.9, 0.1, 0.1, 0.9), (0.167, 0.167, 0.833, 0.833), (0.996, 0, 0.21, 1),
    (0, 0, 0, 1),
  ]

  func testEveryLevelAndThreadCountGivesTheSameBitsAsSingleSamplesAndTheBisectedCurve() throws {
    var rng = SplitMix64(seed: 0x6265_7a69)
    let levels = KernelLevel.allCases.filter(\.isSupported)
    XCTAssertTrue(levels.contains(.baseline))
    for (x1, y1, x2, y2) in Self.curves {
      let easing = try Easing(parsing: "cubic-bezier(\(x1), \(y1), \(x2), \(y2))")
      for count in [2, 16, 40] {
        var times = (0..<count).map { _ in Double.random(in: 0...100, using: &rng) }.sorted()
        times[0] = 0
        times[count - 1] = 100
        let track = try Track(property: "v")
        var keyframeTimes: [Double] = []
        var values: [Double] = []
        for t in times where keyframeTimes.last != t {
          let v = Double.random(in: -1...1, using: &rng)
          try track.setKeyframe(time: t, value: [v], easing: easing)
          keyframeTimes.append(t)
          values.append(v)
        }
        // Four blocks and a tail of 7; the ends, beyond them, NaN, ±inf,
        // exact keyframe times, and times just inside each segment's ends.
        var queries = (0..<250).map { _ in Double.random(in: -10...110, using: &rng) }
        queries += [.nan, .infinity, -.infinity, 0, 100, -0.0] + keyframeTimes
        queries += keyframeTimes.flatMap { [$0.nextUp, $0.nextDown] }
        for sorted in [false, true] {
          if sorted { queries.sort { $0 < $1 || ($1.isNaN && !$0.isNaN) } }
          let reference = queries.map {
            Self.expected(keyframeTimes, values, $0) { Self.bisected(x1, y1, x2, y2, $0) }
          }
          var first: [Double]?
          for level in levels {
            try KernelLevel.select(level)
            let got = try sampled(track, queries)
            for (j, t) in queries.enumerated() {
              let what = "(\(x1), \(y1), \(x2), \(y2)) K=\(count) sorted=\(sorted) \(level) t=\(t)"
              XCTAssertEqual(got[j].bitPattern, try track.value(at: t).bitPattern, what)
              if t.isNaN {
                XCTAssertTrue(got[j].isNaN, what)
              } else {
                // 1e-12 in x times the curve's slope (at most about 3 here,
                // 1e4 next to the flat point), scaled by |v1 − v0| ≤ 2.
                XCTAssertEqual(got[j], reference[j], accuracy: 1e-8, what)
              }
            }
            if let first {
              XCTAssertEqual(got.map(\.bitPattern), first.map(\.bitPattern), "\(level)")
            }
            first = got
            // Batch sizes from 1 to 70: the tails of the kernel's groups
            // of sixteen, the small-batch route (fewer than 64 times) and
            // the kernel's blocks of 64.
            for size in [1, 7, 8, 9, 15, 16, 17, 33, 63, 64, 65, 70] {
              let part = try sampled(track, Array(queries.prefix(size)))
              XCTAssertEqual(
                part.map(\.bitPattern), got.prefix(size).map(\.bitPattern), "n=\(size)")
            }
          }
        }
      }
    }
  }

  /// Single values of the curves whose first Newton step often misses
  /// (the second takes those) lie on the curve solved by bisection, to the
  /// solver's tolerance of 1e-12 in x times the curve's slope there, at
  /// 5,001 progress values spread over (0, 1) and 200 next to each end.
  func testValuesWhereTheFirstStepMissesLieOnTheCurve() throws {
    for (x1, y1, x2, y2) in Self.curves.suffix(3) {
      let curve = try CubicBezier(x1, y1, x2, y2)
      func derivative(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
      }
      var ps = (1..<5_002).map { Double($0) / 5_002 }
      ps += (1...200).flatMap { [Double($0) * 1e-6, 1 - Double($0) * 1e-6] }
      var worst = 0.0
      for p in ps {
        let s = Self.parameter(x1, x2, p)
        let slope = abs(derivative(y1, y2, s) / derivative(x1, x2, s))
        let error = abs(curve.value(p) - Self.bernstein(y1, y2, s))
        // 1e-12 in x, times the slope (with room for the rounding of y).
        worst = max(worst, error / (1e-12 * max(1, slope.isFinite ? slope : 1e6) + 4e-16))
      }
      XCTAssertLessThan(worst, 1, "(\(x1), \(y1), \(x2), \(y2))")
    }
  }

  /// The kernel's ease-in-out far from the fallback agrees with the
  /// bisected curve to the solver's tolerance, and a batch split across
  /// two threads gives one thread's bits.
  func testLargeBatchesOnTwoThreadsAtEveryLevel() throws {
    let track = try Track(property: "v")
    let easing = try Easing(parsing: "cubic-bezier(0.42, 0, 0.58, 1)")
    let keyframes: [(Double, Double)] = [(0, -1), (10, 1), (25, -0.5), (40, 2)]
    for (t, v) in keyframes { try track.setKeyframe(time: t, value: [v], easing: easing) }
    var rng = SplitMix64(seed: 0x7477_6f74)
    let queries = (0..<(2 * Parallel.minimumChunk + 333)).map { _ in
      Double.random(in: -2...42, using: &rng)
    }
    var reference: [Double]?
    for level in KernelLevel.allCases.filter(\.isSupported) {
      try KernelLevel.select(level)
      for threads in [1, 2] {
        Parallel.setThreadCount(threads)
        let got = try sampled(track, queries)
        if let reference {
          XCTAssertEqual(got.map(\.bitPattern), reference.map(\.bitPattern), "\(level) \(threads)")
        } else {
          reference = got
          let times = keyframes.map(\.0)
          let values = keyframes.map(\.1)
          var worst = 0.0
          for (j, t) in queries.enumerated() where j % 97 == 0 {
            let want = Self.expected(times, values, t) { Self.bisected(0.42, 0, 0.58, 1, $0) }
            worst = max(worst, abs(got[j] - want))
          }
          // |v1 − v0| ≤ 3, the curve's slope ≤ 1.6, 1e-12 in x.
          XCTAssertLessThan(worst, 1e-11)
        }
      }
    }
  }

  /// Dense sorted times, as a frame matrix asks for them: blocks before
  /// the first keyframe and past the last (held values, written without
  /// the easing), blocks inside one segment (its keyframes and usually one
  /// inverse interval read once), blocks across keyframes, and blocks of
  /// NaN (a clip without effect) with a negative and a payload NaN among
  /// them. Each value has the single sample's bits at every level, in a
  /// track's own row and in an animator's rows (stride 3), and follows the
  /// bisected curve.
  func testDenseSortedTimesTakeTheRunRoutesWithTheSameBits() throws {
    let easing = try Easing(parsing: "cubic-bezier(0.42, 0, 0.58, 1)")
    // Then a pose held under the easing (2 to 2: written without it) and
    // one at -0 (computed: -0 + 0 · e is +0).
    let keyframes: [(Double, Double)] = [
      (20, 0.25), (35, 1), (36, -0.5), (80, 2), (90, 2), (95, -0.0), (100, -0.0),
    ]
    let animator = Animator()
    let tracks = try ["a", "b", "c"].map { try animator.addTrack(target: $0, property: "v") }
    for track in tracks {
      for (t, v) in keyframes { try track.setKeyframe(time: t, value: [v], easing: easing) }
    }
    var queries = (0..<3_000).map { -10 + 120 * Double($0) / 2_999 }
    queries += Array(repeating: .nan, count: 150)
    queries[3_070] = -.nan
    queries[3_071] = Double(bitPattern: 0x7FF8_0000_0000_1234)
    queries += (0..<200).map { 30 + Double($0) / 10 }
    let times = keyframes.map(\.0)
    let values = keyframes.map(\.1)
    var first: [UInt64]?
    for level in KernelLevel.allCases.filter(\.isSupported) {
      try KernelLevel.select(level)
      let got = try sampled(tracks[0], queries)
      var rows = [Double](repeating: -1, count: 3 * queries.count)
      try queries.withUnsafeBufferPointer { q in
        try rows.withUnsafeMutableBufferPointer { _ = try animator.sample(times: q, into: $0) }
      }
      for (j, t) in queries.enumerated() {
        let what = "\(level) j=\(j) t=\(t)"
        let single = try tracks[0].value(at: t).bitPattern
        XCTAssertEqual(got[j].bitPattern, single, what)
        for c in 0..<3 { XCTAssertEqual(rows[3 * j + c].bitPattern, single, what) }
        if t.isNaN {
          XCTAssertEqual(got[j].bitPattern, t.bitPattern, what)
        } else {
          let want = Self.expected(times, values, t) { Self.bisected(0.42, 0, 0.58, 1, $0) }
          XCTAssertEqual(got[j], want, accuracy: 1e-11, what)
        }
      }
      if let first { XCTAssertEqual(got.map(\.bitPattern), first, "\(level)") }
      first = got.map(\.bitPattern)
    }
  }

  /// A scalar track whose segments ease with different curves (and one
  /// Penner easing, one plain segment): runs of times in
  /// order inside a Bézier segment go to the vector kernel as that segment
  /// alone (`sampleBezierRuns`); the values have the single samples' bits
  /// at every level, before the first keyframe and past the last too, and
  /// follow each segment's bisected curve.
  func testRunsInsideSegmentsOfDifferentEasingsTakeTheVectorKernelWithTheSameBits() throws {
    let curves = Self.curves
    let keyframes: [(Double, Double, String)] = [
      (10, 0.5, "cubic-bezier(\(curves[0].0), \(curves[0].1), \(curves[0].2), \(curves[0].3))"),
      (30, 2, "cubic-bezier(\(curves[2].0), \(curves[2].1), \(curves[2].2), \(curves[2].3))"),
      (31, -1, "easeInQuad"),
      (50, 3, "linear"),
      (70, 4, "cubic-bezier(\(curves[3].0), \(curves[3].1), \(curves[3].2), \(curves[3].3))"),
      (90, 0, "cubic-bezier(\(curves[4].0), \(curves[4].1), \(curves[4].2), \(curves[4].3))"),
      (120, 1, "linear"),
    ]
    let animator = Animator()
    let track = try animator.addTrack(target: "a", property: "v")
    for (t, v, easing) in keyframes {
      try track.setKeyframe(time: t, value: [v], easing: try Easing(parsing: easing))
    }
    // Dense and in order from before the first keyframe to past the last
    // (every keyframe time hit exactly), then NaN (a hidden layer's run:
    // quiet NaNs with payloads, each its own), then a short run, then
    // random times.
    var queries = (0..<6_000).map { Double($0) / 40 }
    queries += (0..<70).map { Double(nan: Double.RawSignificand($0 + 3), signaling: false) }
    queries += (0..<40).map { 60 + Double($0) / 100 }
    var random = SystemRandomNumberGenerator()
    queries += (0..<500).map { _ in Double.random(in: 0..<130, using: &random) }
    var first: [UInt64]?
    for level in KernelLevel.allCases.filter(\.isSupported) {
      try KernelLevel.select(level)
      let got = try sampled(track, queries)
      for (j, t) in queries.enumerated() {
        let what = "\(level) j=\(j) t=\(t)"
        XCTAssertEqual(got[j].bitPattern, try track.value(at: t).bitPattern, what)
        guard !t.isNaN else {
          XCTAssertEqual(got[j].bitPattern, t.bitPattern, what)
          continue
        }
        // The rule by hand: the segment of the last keyframe at or before
        // t, eased by that keyframe's easing (a curve bisected).
        var want = keyframes[0].1
        // cubic-bezier(1, 0, 0, 1) is flat in x at s = 1/2: there the
        // bisection resolves s only to about the cube root of a rounding
        // (y within 1e-5).
        var tolerance = 1e-10
        if t >= 120 {
          want = 1
        } else if t > 10 {
          var k = 0
          while k + 2 < keyframes.count && keyframes[k + 1].0 <= t { k += 1 }
          let (t0, v0, _) = keyframes[k]
          let (t1, v1, _) = keyframes[k + 1]
          let p = (t - t0) / (t1 - t0)
          let e: Double
          switch k {
          case 0: e = Self.bisected(curves[0].0, curves[0].1, curves[0].2, curves[0].3, p)
          case 1: e = Self.bisected(curves[2].0, curves[2].1, curves[2].2, curves[2].3, p)
          case 2: e = p * p
          case 3: e = p
          case 4: e = Self.bisected(curves[3].0, curves[3].1, curves[3].2, curves[3].3, p)
          case 5: e = Self.bisected(curves[4].0, curves[4].1, curves[4].2, curves[4].3, p)
          default: e = .nan
          }
          want = t == t0 ? v0 : v0 + (v1 - v0) * e
          if k == 5 { tolerance = 1e-5 }
        }
        XCTAssertEqual(got[j], want, accuracy: tolerance, what)
      }
      if let first { XCTAssertEqual(got.map(\.bitPattern), first, "\(level)") }
      first = got.map(\.bitPattern)
    }
  }

  /// Tracks of two and four channels (a point, a rectangle) with one
  /// cubic-Bézier easing take the vector kernel channel by channel: each
  /// channel's values have the single sample's bits at every level, held
  /// channels (equal keyframe values) among them, dense and random
  /// times, NaN, and follow the bisected curve (After Effects' default,
  /// whose first Newton step often misses).
  func testTracksOfSeveralChannelsTakeTheVectorKernelChannelByChannel() throws {
    let curve = Self.curves[6]
    let easing = try Easing(
      parsing: "cubic-bezier(\(curve.0), \(curve.1), \(curve.2), \(curve.3))")
    let animator = Animator()
    let point = try animator.addTrack(target: "p", property: "center")
    let frame = try animator.addTrack(target: "f", property: "frame")
    let keyframes: [(Double, [Double])] = [
      (5, [742.953, 606.801, 0, 3]), (60, [448.953, 606.801, 0, 10]),
      (61, [0, 1, 2, 3]), (140, [-100, 0.5, 2, 0.25]),
    ]
    for (t, v) in keyframes {
      try point.setKeyframe(time: t, value: Array(v.prefix(2)), easing: easing)
      try frame.setKeyframe(time: t, value: v, easing: easing)
    }
    var queries = (0..<4_000).map { Double($0) / 25 }
    queries += Array(repeating: .nan, count: 40)
    var random = SystemRandomNumberGenerator()
    queries += (0..<300).map { _ in Double.random(in: 0..<150, using: &random) }
    for level in KernelLevel.allCases.filter(\.isSupported) {
      try KernelLevel.select(level)
      for (track, channels) in [(point, 2), (frame, 4)] {
        var got = [Double](repeating: -1, count: channels * queries.count)
        try queries.withUnsafeBufferPointer { q in
          try got.withUnsafeMutableBufferPointer { try track.sample(times: q, into: $0) }
        }
        var bad = 0
        var far = 0.0
        for (j, t) in queries.enumerated() {
          let single = try track.sample(at: t)
          for c in 0..<channels where got[channels * j + c].bitPattern != single[c].bitPattern {
            bad += 1
          }
          guard !t.isNaN else { continue }
          let k = t < 60 ? 0 : (t < 61 ? 1 : 2)
          let (t0, v0) = keyframes[k]
          let (t1, v1) = keyframes[k + 1]
          let tc = min(max(t, 5), 140)
          let e = Self.bisected(curve.0, curve.1, curve.2, curve.3, (tc - t0) / (t1 - t0))
          for c in 0..<channels {
            let want = tc == t0 ? v0[c] : v0[c] + (v1[c] - v0[c]) * e
            far = max(far, abs(got[channels * j + c] - want))
          }
        }
        XCTAssertEqual(bad, 0, "\(level), \(channels) channels")
        XCTAssertLessThan(far, 1e-9, "\(level), \(channels) channels")
      }
    }
  }
}
