import Razzle
import XCTest

/// The batch call is the single computation, bit for bit, at every time.
final class TimingBatchTests: XCTestCase {
  func testBatchEqualsSingleBitForBit() throws {
    // Above 2 × 65,536 times, so the batch is split across threads.
    let count = 2 * Parallel.minimumChunk + 1
    // Spread over [-2, 14), in a scrambled order (7919 is prime to count).
    var times = (0..<count).map { -2 + 16 * Double($0 * 7919 % count) / Double(count) }
    times[0] = .nan
    times[1] = 1  // the delay: a phase boundary
    times[2] = 11  // the end of the active interval
    let timings = [
      try Timing(
        delay: 1, endDelay: 0.5, duration: 2, iterations: 5, iterationStart: 0.25,
        direction: .alternate, fill: .both, easing: try Easing(parsing: "steps(3, jump-both)")),
      try Timing(delay: -1, duration: 0.75, iterations: .infinity, direction: .reverse),
      try Timing(iterations: 3, fill: .forwards, easing: try Easing(parsing: "ease")),
      try Timing(
        duration: 1.5, iterations: 4, easing: try Easing(parsing: "linear(0, 0.25 75%, 1)")),
    ]
    for timing in timings {
      for direction in AnimationDirection.allCases {
        var progress = [Double](repeating: 0, count: count)
        var iterations = [Double](repeating: 0, count: count)
        try times.withUnsafeBufferPointer { t in
          try progress.withUnsafeMutableBufferPointer { p in
            try iterations.withUnsafeMutableBufferPointer { k in
              try timing.progress(
                at: t, intrinsicDuration: 2, animationDirection: direction, into: p,
                iterations: k)
            }
          }
        }
        var mismatches = 0
        for i in stride(from: 0, to: count, by: 7) {
          let c = try timing.computed(
            at: times[i], intrinsicDuration: 2, animationDirection: direction)
          if progress[i].bitPattern != (c.transformedProgress ?? .nan).bitPattern
            || iterations[i].bitPattern != (c.currentIteration ?? .nan).bitPattern
          {
            mismatches += 1
          }
        }
        XCTAssertEqual(mismatches, 0, "\(timing) \(direction)")
        XCTAssertTrue(progress[0].isNaN)
      }
    }
  }

  func testOutputsAreChecked() throws {
    let timing = try Timing(duration: 1)
    let times = [0.0, 0.5]
    var small = [Double](repeating: 7, count: 1)
    let short: RazzleError? = times.withUnsafeBufferPointer { t in
      small.withUnsafeMutableBufferPointer { p -> RazzleError? in
        do {
          try timing.progress(at: t, into: p)
          return nil
        } catch {
          return error as? RazzleError
        }
      }
    }
    XCTAssertEqual(short?.kind, .bufferTooSmall)
    XCTAssertThrowsError(try timing.progress(at: times, intrinsicDuration: -1))
    XCTAssertEqual(small, [7])
    XCTAssertEqual(try timing.progress(at: times), [0, 0.5])
    XCTAssertEqual(try timing.progress(at: []), [])
  }
}
