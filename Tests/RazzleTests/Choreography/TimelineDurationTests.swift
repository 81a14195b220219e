import XCTest

@testable import Razzle

/// A timeline's natural duration is cached between adds (so n adds at the
/// end cost O(n)); every edit that can move a child's end must still show.
/// Durations here are hand-worked: a clip's is its animator's keyframe span.
final class TimelineDurationTests: XCTestCase {
  func animator(_ end: Double) throws -> (Animator, Track) {
    let a = Animator()
    let t = try a.addTrack(target: "v", property: "x")
    try t.setKeyframe(time: 0, value: [0])
    try t.setKeyframe(time: end, value: [1])
    return (a, t)
  }

  func testAddingAtTheEndSequencesTheChildren() throws {
    let line = Node.timeline()
    var starts: [Double] = []
    for end in [1.0, 2, 0.5, 4] {
      starts.append(try line.add(try Node.clip(try animator(end).0)))
    }
    XCTAssertEqual(starts, [0, 1, 3, 3.5])
    XCTAssertEqual(line.naturalDuration, 7.5)
  }

  /// A keyframe edit of a clip's animator after the add moves the end.
  func testAKeyframeEditAfterTheAddMovesTheEnd() throws {
    let line = Node.timeline()
    let (a, track) = try animator(1)
    try line.add(try Node.clip(a))
    XCTAssertEqual(line.naturalDuration, 1)
    try track.setKeyframe(time: 5, value: [2])
    XCTAssertEqual(line.naturalDuration, 5)
    XCTAssertEqual(try line.add(try Node.clip(try animator(1).0)), 5)
    try track.removeKeyframe(at: 5)
    XCTAssertEqual(line.naturalDuration, 6, "the second clip ends at 5 + 1")
  }

  /// An edit deeper in the tree (a nested timeline's child, a timing)
  /// moves the outer timeline's end.
  func testANestedEditMovesTheEnd() throws {
    let outer = Node.timeline()
    let inner = Node.timeline()
    try inner.add(try Node.clip(try animator(2).0))
    try outer.add(inner)
    XCTAssertEqual(outer.naturalDuration, 2)
    try inner.add(try Node.clip(try animator(3).0))
    XCTAssertEqual(outer.naturalDuration, 5)
    inner.setTiming(try Timing(delay: 1))
    XCTAssertEqual(outer.naturalDuration, 6)
    XCTAssertEqual(try outer.add(try Node.clip(try animator(1).0)), 6)
  }

  /// Building a new animator and then adding its clip, the usual loop,
  /// keeps the cache: the edits of an animator no clip plays do not count.
  func testEditsOfAnimatorsWithoutClipsDoNotInvalidate() throws {
    let line = Node.timeline()
    try line.add(try Node.clip(try animator(1).0))
    let before = EditDomain.allEdits.load(ordering: .relaxed)
    let (free, track) = try animator(3)
    try track.setKeyframe(time: 4, value: [0])
    XCTAssertEqual(EditDomain.allEdits.load(ordering: .relaxed), before)
    XCTAssertEqual(try line.add(try Node.clip(free)), 1)
    XCTAssertEqual(line.naturalDuration, 5)
  }
}
