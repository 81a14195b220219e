import XCTest

@testable import Razzle

/// A simple timing's map of a forward block (`RazzleKernels.mapSimpleTimes`)
/// at every level this CPU runs, against the map written out here: the
/// local time t = time − shift gives `early` before the active interval,
/// `late` from its end on, NaN for NaN, else start + (t − delay) × ratio,
/// in that order of operations (bit for bit).
final class TimeMapKernelTests: XCTestCase {
  override func tearDown() {
    try? KernelLevel.select(nil)
  }

  func testMapsEveryLaneAsTheRuleAtEveryLevel() throws {
    // Times on and around both boundaries (5 and 45 after a shift of 2),
    // NaN, infinities, signed zeros, and dense times across the interval.
    var times: [Double] = [
      7, 47, 7.0.nextDown, 7.0.nextUp, 47.0.nextDown, 47.0.nextUp, .nan, .infinity, -.infinity,
      0, -0.0, 2, 2.0.nextUp, 1e300, -1e300,
    ]
    times += (0..<1_000).map { -3 + Double($0) * 0.0537 }
    var state: UInt64 = 2_512
    for _ in 0..<1_001 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      times.append(Double(state >> 11) / Double(1 << 53) * 60 - 5)
    }
    let shift = 2.0
    // (early, late, ratio): fills both ways or none, inner time the local
    // time less the delay (ratio 1) or scaled.
    let maps: [(Double, Double, Double)] = [
      (5, 45, 1), (.nan, .nan, 1), (0, 10, 0.37), (1, .nan, 3),
    ]
    for level in KernelLevel.allCases where level.isSupported {
      try KernelLevel.select(level)
      for (early, late, ratio) in maps {
        let (before, after, delay, start) = (5.0, 45.0, 5.0, early.isNaN ? 0 : early)
        var out = [Double](repeating: 7, count: times.count)
        let mapped = times.withUnsafeBufferPointer { t in
          out.withUnsafeMutableBufferPointer {
            mapSimpleTimesKernel(
              t.baseAddress!, t.count, shift: shift, before: before, after: after, early: early,
              late: late, delay: delay, start: start, ratio: ratio, into: $0.baseAddress!)
          }
        }
        XCTAssertEqual(mapped, times.count / 8 * 8, "\(level)")
        var bad = 0
        for (j, time) in times.enumerated() {
          let t = time - shift
          let expected: Double
          if j >= mapped {
            expected = 7
          } else if t.isNaN {
            expected = .nan
          } else if t < before {
            expected = early
          } else if t >= after {
            expected = late
          } else {
            expected = start + (t - delay) * ratio
          }
          if out[j].bitPattern != expected.bitPattern {
            bad += 1
          }
        }
        XCTAssertEqual(bad, 0, "\(level), early \(early), late \(late), ratio \(ratio)")
      }
    }
  }
}
