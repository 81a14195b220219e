import Razzle
import XCTest

final class AnimatorSamplingTests: XCTestCase {
  /// The animator's matrix equals its tracks sampled one by one, bit for
  /// bit, on the frame path (one time) and the batch path (many times).
  func testMatrixMatchesTracks() throws {
    let animator = Animator()
    let alpha = try animator.addTrack(target: "v", property: "alpha")
    try alpha.setKeyframe(time: 0, value: [0], easing: try Easing(parsing: "easeInOutCubic"))
    try alpha.setKeyframe(time: 10, value: [1])
    let frame = try animator.addTrack(target: "v", property: "frame")
    try frame.setKeyframe(time: 0, value: [0, 0, 10, 10])
    try frame.setKeyframe(time: 10, value: [100, 50, 20, 40])
    let x = try animator.addTrack(target: "w", property: "x")
    try x.setKeyframe(time: 2, value: [4])
    try x.setKeyframe(time: 8, value: [-4])
    for times in [[3.5], [-1, 0, 2.5, 5, 10, 11, .nan]] {
      var out = [Double](repeating: 0, count: times.count * 6)
      let (columns, _) = try times.withUnsafeBufferPointer { t in
        try out.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
      }
      XCTAssertEqual(columns, 6)
      for (row, t) in times.enumerated() {
        let expected = try alpha.sample(at: t) + frame.sample(at: t) + x.sample(at: t)
        let got = Array(out[row * 6..<(row + 1) * 6])
        XCTAssertEqual(got.map(\.bitPattern), expected.map(\.bitPattern), "t = \(t)")
      }
    }
  }

  /// One-time frames come from a cache; an edit must show in the next one.
  func testFrameCacheSeesEdits() throws {
    let animator = Animator()
    let x = try animator.addTrack(target: "v", property: "x")
    try x.setKeyframe(time: 0, value: [0])
    try x.setKeyframe(time: 10, value: [10])
    func frame(_ t: Double) throws -> Double {
      var out = [0.0]
      _ = try [t].withUnsafeBufferPointer { times in
        try out.withUnsafeMutableBufferPointer { try animator.sample(times: times, into: $0) }
      }
      return out[0]
    }
    XCTAssertEqual(try frame(5), 5)
    try x.setKeyframe(time: 10, value: [20])
    XCTAssertEqual(try frame(5), 10)
    try x.removeKeyframe(at: 0)
    XCTAssertEqual(try frame(5), 20)
  }

  func testEmptyTrackAndSmallBuffer() throws {
    let animator = Animator()
    try animator.addTrack(target: "v", property: "x")
    var out = [Double](repeating: 7, count: 4)
    XCTAssertThrowsError(
      try [1.0].withUnsafeBufferPointer { t in
        try out.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
      }
    ) { XCTAssertEqual(($0 as? RazzleError)?.kind, .emptyTrack) }
    XCTAssertEqual(out, [7, 7, 7, 7])
  }
}
