import Razzle
import XCTest

/// Paced timing against hand-worked polylines.
final class PacedTests: XCTestCase {
  /// Runs `Paced.retime` on arrays.
  private func retime(_ times: [Double], _ values: [Double], channels: Int) throws -> [Double] {
    var out = [Double](repeating: .nan, count: times.count)
    try times.withUnsafeBufferPointer { times in
      try values.withUnsafeBufferPointer { values in
        try out.withUnsafeMutableBufferPointer { out in
          try Paced.retime(times: times, values: values, channels: channels, into: out)
        }
      }
    }
    return out
  }

  func testEqualLegsGiveEvenlySpacedTimes() throws {
    // A unit square walked around: four legs of length 1.
    let values: [Double] = [0, 0, 1, 0, 1, 1, 0, 1, 0, 0]
    let out = try retime([2, 2.1, 7, 9.9, 10], values, channels: 2)
    XCTAssertEqual(out, [2, 4, 6, 8, 10])
  }

  func testThreeFourFive() throws {
    // (0, 0) → (3, 0) → (3, 4): legs 3 and 4, so the corner is reached at
    // 3/7 of the run: 0 + 14 · 3/7 = 6.
    XCTAssertEqual(try retime([0, 0.5, 14], [0, 0, 3, 0, 3, 4], channels: 2), [0, 6, 14])
    // (0, 0, 0) → (3, 4, 0) → (3, 4, 12): legs 5 and 12 of 17; the middle
    // keyframe moves to 1 + 34 · 5/17 = 11.
    XCTAssertEqual(
      try retime([1, 30, 35], [0, 0, 0, 3, 4, 0, 3, 4, 12], channels: 3), [1, 11, 35])
  }

  func testOneChannelUsesAbsoluteDifferences() throws {
    // 0 → 1 → −1 → 2: legs 1, 2, 3 of 6 over [0, 12].
    XCTAssertEqual(try retime([0, 5, 6, 12], [0, 1, -1, 2], channels: 1), [0, 2, 6, 12])
  }

  func testZeroTotalLengthKeepsTheOriginalTimes() throws {
    let times: [Double] = [0, 0.3, 2, 2.5]
    XCTAssertEqual(try retime(times, [1, 2, 1, 2, 1, 2, 1, 2], channels: 2), times)
    XCTAssertEqual(try retime(times, [1, 1, 1, .nan], channels: 1), times)
  }

  func testZeroLengthLegGivesEqualTimes() throws {
    XCTAssertEqual(try retime([0, 1, 2, 3], [0, 5, 5, 10], channels: 1), [0, 1.5, 1.5, 3])
  }

  func testEndsAreExact() throws {
    let out = try retime([0.1, 0.2, 0.7], [0, 0.3, 0.9], channels: 1)
    XCTAssertEqual(out.first, 0.1)
    XCTAssertEqual(out.last, 0.7)
  }

  func testSmallRuns() throws {
    XCTAssertEqual(try retime([], [], channels: 3), [])
    XCTAssertEqual(try retime([4], [1, 2], channels: 2), [4])
    XCTAssertEqual(try retime([4, 9], [1, 2, 3, 4], channels: 2), [4, 9])
  }

  func testOutputMayBeTheInput() throws {
    var times: [Double] = [0, 0.5, 14]
    let values: [Double] = [0, 0, 3, 0, 3, 4]
    try times.withUnsafeMutableBufferPointer { times in
      try values.withUnsafeBufferPointer { values in
        try Paced.retime(
          times: UnsafeBufferPointer(times), values: values, channels: 2, into: times)
      }
    }
    XCTAssertEqual(times, [0, 6, 14])
  }

  func testErrorsWriteNothing() {
    func check(
      _ times: [Double], _ values: [Double], channels: Int, outCount: Int,
      _ kind: RazzleError.Kind, line: UInt = #line
    ) {
      var out = [Double](repeating: -1, count: outCount)
      XCTAssertThrowsError(
        try times.withUnsafeBufferPointer { times in
          try values.withUnsafeBufferPointer { values in
            try out.withUnsafeMutableBufferPointer { out in
              try Paced.retime(times: times, values: values, channels: channels, into: out)
            }
          }
        }, line: line
      ) { error in
        XCTAssertEqual((error as? RazzleError)?.kind, kind, "\(error)", line: line)
      }
      XCTAssertEqual(out, [Double](repeating: -1, count: outCount), line: line)
    }
    check([0, 1], [0, 1, 2], channels: 2, outCount: 2, .wrongSize)
    check([0, 1], [0, 1], channels: 0, outCount: 2, .wrongSize)
    check([0, 1, 2], [0, 1, 2], channels: 1, outCount: 2, .bufferTooSmall)
  }
}
