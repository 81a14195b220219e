import XCTest

@testable import Razzle

/// The color batches' conversion kernel (`convertColorsToSRGB`, four
/// colors at a time) at every CPU level against the scalar conversions
/// (`ColorSpace.color(fromCoordinates:alpha:)`), bit for bit: random
/// colors in and far out of gamut, and the edges of each branch the scalar
/// code takes (the transfer function's linear part, ±∞, NaN, subnormals,
/// hues at multiples of 90° and beyond the exact reduction's 1e15). The
/// values themselves are checked against mpmath by the vectors.
final class ColorConversionKernelTests: XCTestCase {
  override func tearDown() {
    try? KernelLevel.select(nil)
    super.tearDown()
  }

  /// Components where `linearToSRGB` changes branch or is exact, and
  /// extremes.
  private static let edges: [Double] = [
    0, -0.0, 0.0031308, 0.0031308.nextUp, 0.0031308.nextDown, -0.0031308, -0.0031308.nextUp, 1,
    -1, 1.0.nextDown, 0.5, 2, 1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e300,
    -1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 1e-3, 12.5, 4096,
  ]

  /// Hues where `hueCosSin` is exact, changes quadrant or falls back to libm.
  private static let hues: [Double] = [
    0, 45, 90, 135, 180, 225, 270, 315, 360, -90, -45, -0.0, 44.999999, 45.000001, 1e15,
    1e15.nextUp, -1e15, -1e15.nextDown, 1e16, 1e300, .infinity, -.infinity, .nan, 720.5, 12345.678,
  ]

  /// `count` colors: random coordinates of the space's usual range (and
  /// beyond), then every edge in every channel.
  private func coordinates(_ space: ColorSpace, _ count: Int, seed: UInt64) -> [SIMD3<Double>] {
    var rng = SplitMix64(seed: seed)
    var colors: [SIMD3<Double>] = (0..<count).map { _ in
      switch space {
      case .oklch:
        return SIMD3(
          rng.nextDouble(in: -0.2...1.2), rng.nextDouble(in: 0...0.5),
          rng.nextDouble(in: -400...800))
      case .oklab:
        return SIMD3(
          rng.nextDouble(in: -0.2...1.2), rng.nextDouble(in: -0.5...0.5),
          rng.nextDouble(in: -0.5...0.5))
      default:
        return SIMD3(
          rng.nextDouble(in: -2...2), rng.nextDouble(in: -0.01...0.01),
          rng.nextDouble(in: 0...100))
      }
    }
    for edge in Self.edges {
      colors.append(SIMD3(edge, 0.1, 30))
      colors.append(SIMD3(0.5, edge, 200))
      colors.append(SIMD3(0.5, 0.05, edge))
    }
    if space == .oklch {
      for hue in Self.hues { colors.append(SIMD3(0.7, 0.15, hue)) }
    }
    return colors
  }

  /// The scalar conversion of one color, as a color track's single blend
  /// does it (a missing OkLCh hue as a = b = 0).
  private func scalar(_ space: ColorSpace, _ c: SIMD3<Double>, missing: Bool) -> [Double] {
    let color =
      missing && space == .oklch
      ? OKLab(l: c.x, a: 0, b: 0).rgba(alpha: 1) : space.color(fromCoordinates: c, alpha: 1)
    return [color.r, color.g, color.b]
  }

  private func kernel(
    _ space: ColorSpace, _ colors: [SIMD3<Double>], _ missing: [Double], _ level: KernelLevel
  ) -> [[Double]] {
    var x = colors.map(\.x)
    var y = colors.map(\.y)
    var z = colors.map(\.z)
    let n = colors.count
    x.withUnsafeMutableBufferPointer { x in
      y.withUnsafeMutableBufferPointer { y in
        z.withUnsafeMutableBufferPointer { z in
          missing.withUnsafeBufferPointer { missing in
            convertColorsToSRGB(
              x.baseAddress!, y.baseAddress!, z.baseAddress!,
              missingHue: missing.baseAddress!, count: n, from: space, level: level)
          }
        }
      }
    }
    return (0..<n).map { [x[$0], y[$0], z[$0]] }
  }

  func testEveryLevelGivesTheScalarConversionsBits() throws {
    let levels = KernelLevel.allCases.filter(\.isSupported)
    XCTAssertTrue(levels.contains(.baseline))
    for space in [ColorSpace.linearSRGB, .oklab, .oklch] {
      // Counts around the four lanes, so the padded rest runs too.
      for count in [1, 3, 4, 5, 7, 8, 9, 61, 4000] {
        let colors = coordinates(space, count, seed: UInt64(count))
        var rng = SplitMix64(seed: 99)
        let missing = colors.map { _ in rng.unit() < 0.1 ? 1.0 : 0 }
        for level in levels {
          let got = kernel(space, colors, missing, level)
          for (i, c) in colors.enumerated() {
            let expected = scalar(space, c, missing: missing[i] != 0)
            for channel in 0..<3 {
              XCTAssertEqual(
                got[i][channel].bitPattern, expected[channel].bitPattern,
                "\(space) \(level) \(c) missing \(missing[i]) channel \(channel): "
                  + "\(got[i][channel]) vs \(expected[channel])")
            }
          }
        }
      }
    }
  }

  /// The transfer function's power over every binade it takes (0.0031308
  /// up to the largest double), where the kernel's exponent split (a
  /// multiply and shift for the division by 12) must match the scalar one.
  func testTheTransferFunctionMatchesOverEveryBinade() throws {
    var values: [Double] = []
    var rng = SplitMix64(seed: 2024)
    for e in -9...1023 {
      let p = Double(sign: .plus, exponent: e, significand: 1)
      values += [p, p * (1 + rng.unit()), -p * (1 + rng.unit()), (p * 2).nextDown]
    }
    let colors = values.map { SIMD3($0, -$0 / 3, $0 / 7) }
    let missing = [Double](repeating: 0, count: colors.count)
    for level in KernelLevel.allCases.filter(\.isSupported) {
      let got = kernel(.linearSRGB, colors, missing, level)
      for (i, c) in colors.enumerated() {
        let expected = [linearToSRGB(c.x), linearToSRGB(c.y), linearToSRGB(c.z)]
        for channel in 0..<3 {
          XCTAssertEqual(
            got[i][channel].bitPattern, expected[channel].bitPattern, "\(level) \(c) \(channel)")
        }
      }
    }
  }

  /// Color tracks in every batched space, premultiplied or not, sample the
  /// same bits at every level, batches and single samples alike (the plain
  /// tracks' kernel, `sampleColorSegments`, and the scalar route it leaves
  /// ends, keyframe times, NaN and a block's last times to). OkLCh hues
  /// lie in every quadrant, and halfway between keyframes 12 to 15 they are
  /// exactly 90°, 180° and 270° (where the quadrant's swap meets a zero
  /// sine or cosine).
  func testColorTracksGiveTheSameBitsAtEveryLevel() throws {
    var rng = SplitMix64(seed: 5150)
    var ts = (0..<3000).map { _ in -1 + 18 * rng.unit() }
    ts += [0, 15, .nan, 7.5, 3, 4, -.infinity, .infinity, 15.0.nextDown, 0.0.nextUp, -0.0]
    ts += (0..<64).map { 12.5 + Double($0 % 3) }
    // 16 keyframes: the avx512 kernel searches the segments itself (in
    // registers); 23: it reads the ones the search before it found.
    for (space, keyframes) in [ColorSpace.linearSRGB, .oklab, .oklch].flatMap({ s in
      [16, 23].map { (s, $0) }
    }) {
      for premultiplied in [true, false] {
        let track = try Track(
          property: "textColor", kind: .color(space, premultiplied: premultiplied))
        for k in 0..<keyframes {
          var value = (0..<4).map { _ in rng.unit() }
          if k == 4 { value = [0.3, 0.3, 0.3, 1] }
          if k == 9 { value[3] = 0 }
          if k == 10 { value = [0.6, 0.6, 0.6, 0] }
          if space == .oklch {
            value[2] = k < 12 || k > 15 ? 720 * rng.unit() - 360 : [80, 100, 260, 280][k - 12]
          }
          try track.setKeyframe(time: Double(k), value: value)
        }
        var results: [KernelLevel: [Double]] = [:]
        for level in KernelLevel.allCases.filter(\.isSupported) {
          try KernelLevel.select(level)
          var out = [Double](repeating: 0, count: 4 * ts.count)
          try ts.withUnsafeBufferPointer { t in
            try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
          }
          for j in ts.indices {
            let single = try track.sample(at: ts[j])
            for c in 0..<4 where out[4 * j + c].bitPattern != single[c].bitPattern {
              XCTFail(
                "\(space) \(keyframes) keyframes premultiplied \(premultiplied) \(level) t \(ts[j]) "
                  + "channel \(c)")
            }
          }
          results[level] = out
        }
        let baseline = results[.baseline]!
        for (level, out) in results {
          XCTAssertTrue(
            zip(out, baseline).allSatisfy { $0.bitPattern == $1.bitPattern },
            "\(space) premultiplied \(premultiplied) \(level)")
        }
      }
    }
  }
}
