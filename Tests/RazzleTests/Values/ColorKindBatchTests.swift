import XCTest

@testable import Razzle

/// A color track's batch (``ColorKind``'s `sampleEach`, which notes blends
/// and converts them stage by stage) against single samples and against
/// `interpolateColor`, bit for bit, in every batched space, and across
/// thread counts. The values themselves are checked against CSS Color 4 in
/// mpmath by the vectors (kinds.json, `*-16-keyframes`).
final class ColorKindBatchTests: XCTestCase {
  override func tearDown() { Parallel.setThreadCount(0) }

  private static let spaces: [ColorSpace] = [.oklab, .oklch, .linearSRGB, .srgb, .hsl]

  /// 16 keyframes from a fixed seed, with a gray one (a powerless hue), a
  /// transparent one, two equal neighbours, an overshooting easing and an
  /// eased one.
  private func makeTrack(_ space: ColorSpace, premultiplied: Bool) throws -> (
    Track, [(Double, [Double], Easing?)]
  ) {
    let track = try Track(property: "textColor", kind: .color(space, premultiplied: premultiplied))
    var rng = SplitMix64(seed: 1414)
    var keyframes: [(Double, [Double], Easing?)] = []
    for k in 0..<16 {
      var value = (0..<4).map { _ in rng.unit() }
      if k == 5 { value = [0.5, 0.5, 0.5, 0.8] }
      if k == 9 { value[3] = 0 }
      if k == 12 { value = keyframes[11].1 }
      let easing: Easing? =
        k == 3
        ? .penner(.back(overshoot: 1.70158), .easeInOut) : (k == 7 ? .penner(.cubic, .easeIn) : nil)
      keyframes.append((Double(k), value, easing))
      if let easing {
        try track.setKeyframe(time: Double(k), value: value, easing: easing)
      } else {
        try track.setKeyframe(time: Double(k), value: value)
      }
    }
    try track.setExtrapolation(before: .cycle, after: .pingPong)
    return (track, keyframes)
  }

  /// Times inside every segment (more than one block of the batch), at
  /// keyframes, outside (cycled), NaN and ±∞.
  private func times(_ count: Int) -> [Double] {
    var rng = SplitMix64(seed: 7)
    var times = (0..<count).map { _ in -20 + 55 * rng.unit() }
    times += [0, 3, 7, 15, 15.5, -0.5, .nan, .infinity, -.infinity, 3.5, 9.25, 11.5]
    return times
  }

  func testBatchEqualsSingleSamples() throws {
    for space in Self.spaces {
      for premultiplied in [false, true] {
        let (track, _) = try makeTrack(space, premultiplied: premultiplied)
        let ts = times(1000)
        var out = [Double](repeating: 0, count: 4 * ts.count)
        try ts.withUnsafeBufferPointer { t in
          try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
        }
        for (j, t) in ts.enumerated() {
          let single = try track.sample(at: t)
          for c in 0..<4 {
            XCTAssertEqual(
              out[4 * j + c].bitPattern, single[c].bitPattern,
              "\(space) premultiplied \(premultiplied) t \(t) channel \(c)")
          }
        }
      }
    }
  }

  /// A sample inside a plain segment is `interpolateColor` at the progress,
  /// bit for bit: the batched conversion is the single blend's.
  func testSamplesEqualInterpolateColor() throws {
    for space in Self.spaces {
      for premultiplied in [false, true] {
        let (track, keyframes) = try makeTrack(space, premultiplied: premultiplied)
        for k in 0..<15 where keyframes[k].2 == nil {
          for f in [0.1, 0.25, 0.5, 0.7, 0.999] {
            let t = Double(k) + f
            let a = keyframes[k].1
            let b = keyframes[k + 1].1
            let expected = interpolateColor(
              RGBA(r: a[0], g: a[1], b: a[2], a: a[3]), RGBA(r: b[0], g: b[1], b: b[2], a: b[3]),
              t - Double(k), in: space, premultiplied: premultiplied)
            let got = try track.sample(at: t)
            let e = [expected.r, expected.g, expected.b, expected.a]
            for c in 0..<4 {
              XCTAssertEqual(
                got[c].bitPattern, e[c].bitPattern, "\(space) \(premultiplied) \(t) \(c)")
            }
          }
        }
      }
    }
  }

  /// Large batches split across threads give the same bits on 1, 2 and 3
  /// threads.
  func testThreadCountsGiveTheSameBits() throws {
    for space in [ColorSpace.oklab, .oklch] {
      let (track, _) = try makeTrack(space, premultiplied: space == .oklch)
      let ts = times(3 * Parallel.minimumChunk)
      var reference: [Double] = []
      for threads in [1, 2, 3] {
        Parallel.setThreadCount(threads)
        var out = [Double](repeating: 0, count: 4 * ts.count)
        try ts.withUnsafeBufferPointer { t in
          try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
        }
        if reference.isEmpty {
          reference = out
        } else {
          XCTAssertTrue(
            zip(out, reference).allSatisfy { $0.bitPattern == $1.bitPattern },
            "\(space) on \(threads) threads")
        }
      }
    }
  }
}
