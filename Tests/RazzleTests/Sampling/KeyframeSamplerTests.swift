import XCTest

@testable import Razzle

final class KeyframeSamplerTests: XCTestCase {
  func track(
    _ kind: ValueKind? = nil, _ keyframes: [(Double, [Double])], style: KeyframeStyle = .plain
  )
    throws -> Track
  {
    let track = try Track(property: "v", kind: kind)
    for (t, v) in keyframes { try track.setKeyframe(time: t, value: v, style: style) }
    return track
  }

  func values(_ track: Track, _ times: [Double]) throws -> [Double] {
    var out = [Double](repeating: .nan, count: times.count * track.channels)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
    }
    return out
  }

  func velocities(_ track: Track, _ times: [Double]) throws -> [Double] {
    var out = [Double](repeating: .nan, count: times.count * track.channels)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try track.velocity(times: t, into: $0) }
    }
    return out
  }

  // MARK: - The one segment search

  func testSegmentIndexIsTheLastTimeAtOrBeforeT() {
    let times: [Double] = [0, 10, 20, 20, 30]  // paced retiming can repeat a time
    times.withUnsafeBufferPointer { p in
      let search = { segmentIndex(p.baseAddress!, p.count, $0) }
      XCTAssertEqual(search(-5), 0)
      XCTAssertEqual(search(0), 0)
      XCTAssertEqual(search(9.99), 0)
      XCTAssertEqual(search(10), 1)
      XCTAssertEqual(search(19), 1)
      XCTAssertEqual(search(20), 3, "the last of equal times")
      XCTAssertEqual(search(29), 3)
      XCTAssertEqual(search(30), 3, "at or after the last time: the last segment")
      XCTAssertEqual(search(1e300), 3)
      XCTAssertEqual(search(.nan), 0)
      XCTAssertEqual(segmentIndex(p.baseAddress!, 1, 5), 0)
      // The kernels' counting form gives the same segments.
      let count = { segmentIndexByCount(p.baseAddress!, p.count, $0) }
      for (t, expected) in [
        (-5.0, 0), (0, 0), (9.99, 0), (10, 1), (19, 1), (20, 3), (30, 3), (1e300, 3),
      ] {
        XCTAssertEqual(count(t), expected, "t = \(t)")
      }
      XCTAssertEqual(count(.nan), 0)
    }
    // Against a linear scan, on every count up to 40 and times on and off
    // the keyframes.
    for n in 2...40 {
      let ts = (0..<n).map { Double($0 * $0) }
      ts.withUnsafeBufferPointer { p in
        for q in stride(from: -1.0, through: Double(n * n), by: 0.5) {
          let expected = Swift.min(Swift.max((ts.lastIndex { $0 <= q }) ?? 0, 0), n - 2)
          XCTAssertEqual(segmentIndex(p.baseAddress!, n, q), expected, "n = \(n), t = \(q)")
          XCTAssertEqual(segmentIndexByCount(p.baseAddress!, n, q), expected, "n = \(n), t = \(q)")
        }
      }
    }
  }

  // MARK: - The sampling rule

  func testRazzleDazzleRuleByHand() throws {
    let alpha = try track(nil, [(30, [1]), (60, [0]), (90, [0.5])])
    // Before the first: the first value; (45 − 30)/30 = 0.5 → 0.5; 75 →
    // 0 + 0.5·0.5 = 0.25; at and after the last: the last value.
    XCTAssertEqual(
      try values(alpha, [-1e300, 0, 30, 45, 60, 75, 90, 1e9, .infinity, -.infinity]),
      [1, 1, 1, 0.5, 0, 0.25, 0.5, 0.5, 0.5, 1])
    XCTAssertTrue(try values(alpha, [.nan])[0].isNaN)
    let one = try track(nil, [(5, [7])])
    XCTAssertEqual(try values(one, [-10, 5, 10]), [7, 7, 7])
    XCTAssertTrue(try values(one, [.nan])[0].isNaN)
  }

  func testEasingOfTheSegmentsStartKeyframe() throws {
    let t = try Track(property: "v")
    try t.setKeyframe(time: 0, value: [0], easing: try Easing(parsing: "easeInQuad"))
    try t.setKeyframe(time: 10, value: [10], easing: try Easing(parsing: "easeOutQuad"))
    try t.setKeyframe(time: 20, value: [0])
    // easeInQuad(0.5) = 0.25; easeOutQuad(0.5) = 0.75 → 10 − 10·0.75.
    XCTAssertEqual(try values(t, [5, 15]), [2.5, 2.5])
    // Velocity: d/dt of 10·p² at p = 0.5, p = t/10 → 10·2·0.5/10 = 1.
    XCTAssertEqual(try velocities(t, [5])[0], 1, accuracy: 1e-12)
  }

  func testExtrapolationModesByHand() throws {
    let t = try track(nil, [(0, [0]), (10, [10]), (20, [0])])
    try t.setExtrapolation(before: .linear, after: .cycle)
    // Before: the first slope, 1 per unit time; after: 25 wraps to 5.
    XCTAssertEqual(try values(t, [-5, 25, 40]), [-5, 5, 0])
    try t.setExtrapolation(before: .pingPong, after: .cycleOffset)
    // cycle-offset: each repeat shifts by last − first = 0; ping-pong runs
    // backwards on odd repeats: −5 → 5 (mirror), −25 → 15 ... forward.
    XCTAssertEqual(try values(t, [-5, -25, 25]), [5, 5, 5])
    let rising = try track(nil, [(0, [0]), (10, [4])])
    try rising.setExtrapolation(before: .hold, after: .cycleOffset)
    XCTAssertEqual(try values(rising, [15, 35]), [6, 14], "4 per repeat")
    XCTAssertEqual(try velocities(rising, [15, -1]), [0.4, 0])
  }

  func testCyclingHasNoLimitAtInfinity() throws {
    for kind in [ValueKind.scalar, .color, .transform] {
      let start: [Double] =
        kind == .transform ? [1, 0, 0, 1, 0, 0] : Array(repeating: 0.5, count: kind.channels)
      let end: [Double] =
        kind == .transform ? [2, 0, 0, 2, 5, 5] : Array(repeating: 1, count: kind.channels)
      let t = try track(kind, [(0, start), (10, end)], style: KeyframeStyle(interpolation: .hold))
      try t.setExtrapolation(before: .cycle, after: .pingPong)
      XCTAssertTrue(try values(t, [.infinity, -.infinity]).allSatisfy(\.isNaN), kind.name)
      XCTAssertTrue(try velocities(t, [.infinity, -.infinity]).allSatisfy(\.isNaN), kind.name)
    }
  }

  func testColorTrackSamplesEqualInterpolateColor() throws {
    let a = RGBA(r: 0.9, g: 0.1, b: 0.3, a: 1)
    let b = RGBA(r: 0.2, g: 0.8, b: 0.6, a: 0.5)
    for space in ColorSpace.allCases {
      let t = try track(
        .color(space, premultiplied: true),
        [(0, [a.r, a.g, a.b, a.a]), (4, [b.r, b.g, b.b, b.a])])
      let got = try values(t, [1, 2, 3])
      for (j, e) in [0.25, 0.5, 0.75].enumerated() {
        let c = interpolateColor(a, b, e, in: space, premultiplied: true)
        XCTAssertEqual(Array(got[j * 4..<j * 4 + 4]), [c.r, c.g, c.b, c.a], "\(space)")
      }
      // Velocity: a central difference of the blend, divided by the
      // segment's 4 units of time.
      let v = try velocities(t, [2])
      let h = 1e-6
      let hi = interpolateColor(a, b, 0.5 + h, in: space, premultiplied: true)
      let lo = interpolateColor(a, b, 0.5 - h, in: space, premultiplied: true)
      XCTAssertEqual(v[0], (hi.r - lo.r) / (2 * h) / 4, "\(space)")
      XCTAssertEqual(v[3], (hi.a - lo.a) / (2 * h) / 4, "\(space)")
    }
  }

  func testEditsUpdateTheDerivedData() throws {
    let t = try track(
      .color(.oklab, premultiplied: false), [(0, [1, 0, 0, 1]), (10, [0, 0, 1, 1])])
    try t.setKeyframe(time: 10, value: [0, 1, 0, 1])
    try t.setKeyframe(time: 5, value: [1, 1, 1, 1])
    let c = interpolateColor(
      RGBA(r: 1, g: 1, b: 1), RGBA(r: 0, g: 1, b: 0), 0.5, in: .oklab, premultiplied: false)
    XCTAssertEqual(try values(t, [7.5]), [c.r, c.g, c.b, c.a])
    try t.removeKeyframe(at: 5)
    let d = interpolateColor(
      RGBA(r: 1, g: 0, b: 0), RGBA(r: 0, g: 1, b: 0), 0.75, in: .oklab, premultiplied: false)
    XCTAssertEqual(try values(t, [7.5]), [d.r, d.g, d.b, d.a])
  }

  func testEveryPathGivesTheSameBitsAsSingleSamples() throws {
    // Sorted, unsorted and short batches through the segment kernels and the
    // general path, against one-time samples.
    var generator = SystemRandomNumberGenerator()
    let styles = [
      KeyframeStyle.plain, KeyframeStyle(easing: try Easing(parsing: "easeInOutCubic")),
      KeyframeStyle(easing: try Easing(parsing: "cubic-bezier(0.3, -0.5, 0.6, 1.4)")),
      KeyframeStyle(interpolation: .monotone),
    ]
    for kind in [ValueKind.scalar, .point, .color(.oklch, premultiplied: false)] {
      for style in styles where kind.isPerChannel || style.interpolation == .linear {
        let t = try Track(property: "v", kind: kind)
        for i in 0..<20 {
          let v = (0..<kind.channels).map { _ in Double.random(in: 0...1, using: &generator) }
          try t.setKeyframe(time: Double(i) * 3, value: v, style: style)
        }
        var times = (0..<3000).map { _ in Double.random(in: -5...65, using: &generator) }
        for sorted in [false, true] {
          if sorted { times.sort() }
          let batch = try values(t, times)
          for (j, time) in times.enumerated() where j % 7 == 0 {
            let single = try t.sample(at: time)
            XCTAssertEqual(
              Array(batch[j * kind.channels..<(j + 1) * kind.channels]), single,
              "\(kind) \(style.easing) t = \(time)")
          }
        }
      }
    }
  }

  func testTransformVelocityNeedsNoHeapAndMatchesTheDifference() throws {
    let t = try track(
      .transform3d,
      [
        (0, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
        (2, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 4, 6, 8, 1]),
      ])
    // A quarter turn about z over 2 units of time: at e = 0.5 (t = 1) the
    // angle moves at (π/2)/2 per unit time, so d m11/dt = −sin(π/4)·π/4;
    // the translation at (4, 6, 8)/2.
    let v = try velocities(t, [1])
    let rate = 0.5.squareRoot() * Double.pi / 4
    XCTAssertEqual(v[0], -rate, accuracy: 1e-6)
    XCTAssertEqual(v[1], rate, accuracy: 1e-6)
    XCTAssertEqual(v[12], 2, accuracy: 1e-6)
    XCTAssertEqual(v[13], 3, accuracy: 1e-6)
    XCTAssertEqual(v[14], 4, accuracy: 1e-6)
    XCTAssertEqual(v[15], 0, accuracy: 1e-9)
  }
}

/// Web Animations at keyframe boundaries through the general sampler (the
/// batch kernels' side is in EasingKernelTests and the shared vectors).
final class KeyframeBoundaryTests: XCTestCase {
  func sample(_ track: Track, _ t: Double) throws -> [Double] { try track.sample(at: t) }

  /// `linear` extrapolation continues from the value at the end keyframe's
  /// time: with steps(2, jump-start) that is halfway, 0 + (4 − 0)·½ = 2 and
  /// 0 + (8 − 0)·½ = 4, and the steps' slope there is 0, so it stays flat.
  func testLinearExtrapolationStartsFromTheEasedBoundary() throws {
    let track = try Track(property: "v", kind: .vector(2))
    try track.setKeyframe(
      time: 0, value: [0, 0],
      style: KeyframeStyle(easing: try Easing(parsing: "steps(2, jump-start)")))
    try track.setKeyframe(time: 2, value: [4, 8])
    try track.setExtrapolation(before: .linear, after: .cycle)
    XCTAssertEqual(try sample(track, 0), [2, 4])
    XCTAssertEqual(try sample(track, -1), [2, 4])
    // Cycling maps 2.5 to 0.5 (first plateau) and 4 to 0: the boundary again.
    XCTAssertEqual(try sample(track, 2.5), [2, 4])
    XCTAssertEqual(try sample(track, 4), [2, 4])
    XCTAssertEqual(try sample(track, 1), [4, 8])
  }

  /// A color track (blended through its space, the general sampler): at the
  /// keyframe, the blend at e = ½ — the same color as inside the plateau —
  /// not the keyframe's own color; `step-end` (0 at 0) keeps the keyframe's.
  func testColorAtAKeyframeWithAnEasingNotZeroAtZero() throws {
    let track = try Track(property: "fillColor")
    try track.setKeyframe(time: 0, value: [0, 0, 0, 1])
    try track.setKeyframe(
      time: 1, value: [1, 0, 0, 1],
      style: KeyframeStyle(easing: try Easing(parsing: "steps(2, jump-start)")))
    try track.setKeyframe(time: 3, value: [0, 0, 1, 1])
    let atKeyframe = try sample(track, 1)
    XCTAssertEqual(atKeyframe, try sample(track, 1.5))
    XCTAssertNotEqual(atKeyframe, [1, 0, 0, 1])
    let held = try Track(property: "fillColor")
    try held.setKeyframe(
      time: 0, value: [1, 0, 0, 1], style: KeyframeStyle(easing: try Easing(parsing: "step-end")))
    try held.setKeyframe(time: 1, value: [0, 0, 1, 1])
    XCTAssertEqual(try sample(held, 0), [1, 0, 0, 1])
    XCTAssertEqual(try sample(held, 1), [0, 0, 1, 1])
  }
}
