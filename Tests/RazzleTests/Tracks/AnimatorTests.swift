import Razzle
import XCTest

final class AnimatorTests: XCTestCase {
  /// Snapshots of the track list are new arrays, not copy-on-write shares
  /// of the animator's own list: a share is safe, but ThreadSanitizer cannot
  /// see the reference counts that order it and reported every later edit
  /// as a race with the snapshot's readers (found by the 8-thread stress).
  func testTrackSnapshotsShareNoStorage() throws {
    let animator = Animator()
    try animator.addTrack(target: "v", property: "x")
    try animator.addTrack(target: "v", property: "y")
    let a = animator.layout.tracks
    let b = animator.tracks
    let c = animator.layout.tracks
    let addresses = [a, b, c].map { $0.withUnsafeBufferPointer { $0.baseAddress } }
    XCTAssertEqual(Set(addresses).count, 3)
    XCTAssertEqual(a.map(\.property), ["x", "y"])
    XCTAssertTrue(zip(a, b).allSatisfy { $0 === $1 })
    XCTAssertEqual(animator.layoutGeneration, animator.layout.generation)
  }

  func testOneTrackPerTargetAndProperty() throws {
    let animator = Animator()
    let alpha = try animator.addTrack(target: "label", property: "alpha")
    XCTAssertThrowsError(try animator.addTrack(target: "label", property: "alpha")) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .duplicate)
    }
    try animator.addTrack(target: "other", property: "alpha")
    XCTAssertTrue(animator.track(target: "label", property: "alpha") === alpha)
    XCTAssertEqual(animator.trackCount, 2)
  }

  func testAnimateSamplesEveryTrackInInsertionOrder() throws {
    let animator = Animator()
    let alpha = try animator.addTrack(target: "label", property: "alpha")
    try alpha.setKeyframe(time: 30, value: [1])
    try alpha.setKeyframe(time: 60, value: [0])
    let x = try animator.addTrack(target: "label", property: "x")
    try x.setKeyframe(time: 0, value: [0])
    try x.setKeyframe(time: 90, value: [300])
    let frame = try animator.animate(45)
    XCTAssertEqual(frame.map(\.key.property), ["alpha", "x"])
    XCTAssertEqual(frame.map(\.value), [[0.5], [150]])
  }

  func testRemovedTrackKeepsWorking() throws {
    let animator = Animator()
    let a = try animator.addTrack(target: "v", property: "a")
    try animator.addTrack(target: "v", property: "b")
    try animator.addTrack(target: "v", property: "c")
    try a.setKeyframe(time: 0, value: [2])
    try animator.removeTrack(target: "v", property: "a")
    XCTAssertEqual(animator.tracks.map(\.property), ["b", "c"])
    XCTAssertNotNil(animator.track(target: "v", property: "c"))
    XCTAssertEqual(try a.sample(at: 1), [2])
    XCTAssertThrowsError(try animator.removeTrack(target: "v", property: "a"))
    XCTAssertEqual(try animator.track(at: 1).property, "c")
    XCTAssertThrowsError(try animator.track(at: 2))
  }
}
