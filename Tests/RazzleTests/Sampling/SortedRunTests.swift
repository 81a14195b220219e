import XCTest

@testable import Razzle

/// Dense sorted times (a frame matrix's) on the segment kernel's routes:
/// blocks wholly before the first keyframe or past the last write the
/// first time's value to the whole block. Each value keeps the single
/// sample's bits, and the held ends are the easing's ends worked by hand,
/// also where an easing does not start at 0 or end at 1 (`linear(0.2,
/// 0.9)`: the first segment's value at 0.2 of the way before the first
/// keyframe, not the first keyframe's; the last segment's at 0.9 past the
/// last).
final class SortedRunTests: XCTestCase {
  override func tearDown() {
    try? KernelLevel.select(nil)
    super.tearDown()
  }

  static let times: [Double] = [10, 14, 30, 31, 60]
  static let values: [Double] = [2, -1, 4, 0.5, 3]

  /// Times from 40 before the first keyframe to 40 past the last: whole
  /// blocks of 64 at both ends, and blocks across keyframes.
  static let queries: [Double] = (0..<3_000).map { -30 + 130 * Double($0) / 2_999 }

  func check(
    _ easings: [String], channels: Int, _ what: String, start: Double = 0, end: Double = 1
  ) throws {
    let kind: ValueKind? = channels == 1 ? nil : .vector(channels)
    let track = try Track(property: "v", kind: kind)
    for (k, (t, v)) in zip(Self.times, Self.values).enumerated() {
      let easing = try Easing(parsing: easings[k % easings.count])
      try track.setKeyframe(
        time: t, value: (0..<channels).map { v * Double($0 + 1) }, easing: easing)
    }
    let q = Self.queries
    for level in KernelLevel.allCases.filter(\.isSupported) {
      try KernelLevel.select(level)
      var out = [Double](repeating: .nan, count: q.count * channels)
      try q.withUnsafeBufferPointer { t in
        try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
      }
      for (j, t) in q.enumerated() {
        let single = try track.sample(at: t)
        for c in 0..<channels {
          let got = out[j * channels + c]
          XCTAssertEqual(got.bitPattern, single[c].bitPattern, "\(what) \(level) t=\(t) c=\(c)")
          // The ends by hand: before the first keyframe, the first segment
          // at the easing's start `start`; past the last, the last segment
          // at its end `end`.
          let scale = Double(c + 1)
          if t < Self.times[0] {
            let want = (Self.values[0] + (Self.values[1] - Self.values[0]) * start) * scale
            XCTAssertEqual(got, want, accuracy: 1e-12, "\(what) t=\(t)")
          } else if t >= Self.times[4] {
            let want = (Self.values[3] + (Self.values[4] - Self.values[3]) * end) * scale
            XCTAssertEqual(got, want, accuracy: 1e-12, "\(what) t=\(t)")
          }
        }
      }
    }
  }

  func testPennerAndBezierScalarAndVector() throws {
    try check(["easeInOutQuad"], channels: 1, "quad")
    try check(["cubic-bezier(0.3, 0.1, 0.2, 1)"], channels: 3, "bezier, 3 channels")
    try check(["steps(4, jump-none)"], channels: 2, "steps")
  }

  func testAnEasingThatStartsAboveZeroAndEndsShortOfOneHoldsItsEnds() throws {
    try check(["linear(0.2, 0.9)"], channels: 1, "linear()", start: 0.2, end: 0.9)
    try check(["linear(0.2, 0.9)"], channels: 2, "linear(), 2 channels", start: 0.2, end: 0.9)
  }

  func testMixedEasings() throws {
    try check(
      ["linear(0.2, 0.9)", "cubic-bezier(0.5, 0, 0.5, 1)", "easeOutCubic"], channels: 1,
      "mixed", start: 0.2, end: 0.9)
  }
}
