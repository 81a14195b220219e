import XCTest

@testable import Razzle

/// `Animator.addTracks`: the tracks one by one would give, or nothing.
final class AnimatorBulkTests: XCTestCase {
  private func add(
    _ animator: Animator, _ targets: [String], _ properties: [String], keyframes: Int,
    times: [Double], values: [Double], options: TrackOptions = TrackOptions()
  ) throws(RazzleError) -> [Track] {
    try times.withUnsafeBufferPointer { (t) throws(RazzleError) in
      try values.withUnsafeBufferPointer { (v) throws(RazzleError) in
        try animator.addTracks(
          targets: targets, properties: properties, options: options, keyframes: keyframes,
          times: t, values: v)
      }
    }
  }

  func testSharedAndPerTrackTimesGiveTheLinearRule() throws {
    let animator = Animator()
    // Shared times 0 and 4; values by hand: 1 + (3 - 1) · (1 / 4) = 1.5.
    let shared = try add(
      animator, ["a", "b"], ["x", "x"], keyframes: 2, times: [0, 4], values: [1, 3, -2, 2])
    XCTAssertEqual(try shared[0].value(at: 1), 1.5)
    XCTAssertEqual(try shared[1].value(at: 3), 1)
    // One row a track, in any order: b's row is 2, 0 → sorted 0, 2.
    let rows = try add(
      animator, ["c", "d"], ["y", "y"], keyframes: 2, times: [0, 1, 2, 0], values: [0, 8, 4, 0])
    XCTAssertEqual(try rows[0].value(at: 0.25), 2)
    XCTAssertEqual(try rows[1].value(at: 0.5), 1)  // 0 + (4 − 0) · 0.25
    XCTAssertEqual(animator.tracks.map(\.target), ["a", "b", "c", "d"])
  }

  func testAnErrorAddsNothing() throws {
    let animator = Animator()
    try animator.addTrack(target: "kept", property: "alpha").setKeyframe(time: 0, value: [1])
    let before = animator.layout
    let attempts: [(RazzleError.Kind, () throws -> Void)] = [
      (
        .duplicate,
        {
          _ = try self.add(
            animator, ["n", "kept"], ["alpha", "alpha"], keyframes: 1, times: [0], values: [0, 0])
        }
      ),
      (
        .duplicate,
        {
          _ = try self.add(
            animator, ["n", "n"], ["x", "x"], keyframes: 1, times: [0], values: [0, 0])
        }
      ),
      (
        .invalidValue,
        {
          _ = try self.add(
            animator, ["n", "m"], ["alpha", "alpha"], keyframes: 1, times: [0], values: [0, 2])
        }
      ),
      (
        .wrongSize,
        {
          _ = try self.add(
            animator, ["n", "m"], ["x", "x"], keyframes: 1, times: [0], values: [0])
        }
      ),
      (
        .wrongSize,
        {
          _ = try self.add(
            animator, ["n", "m"], ["x", "x"], keyframes: 2, times: [0, 1, 2], values: [0, 0, 0, 0])
        }
      ),
      (
        .wrongSize,
        {
          _ = try self.add(animator, ["n", "m"], ["x"], keyframes: 1, times: [0], values: [0, 0])
        }
      ),
      (
        .invalidName,
        {
          _ = try self.add(
            animator, ["n", "m"], ["x", ""], keyframes: 1, times: [0], values: [0, 0])
        }
      ),
    ]
    for (kind, attempt) in attempts {
      XCTAssertThrowsError(try attempt()) { error in
        XCTAssertEqual((error as? RazzleError)?.kind, kind, "\(error)")
      }
      let after = animator.layout
      XCTAssertEqual(after.generation, before.generation, "unchanged after \(kind)")
      XCTAssertEqual(after.tracks.map(\.target), ["kept"])
    }
  }
}
