import Dispatch
import Razzle
import XCTest

final class AnimatorCopyTests: XCTestCase {
  func testACopyIsIndependent() throws {
    let original = Animator()
    let alpha = try original.addTrack(target: "label", property: "alpha")
    try alpha.setKeyframe(time: 30, value: [1], easing: .penner(.quad, .easeIn))
    try alpha.setKeyframe(time: 60, value: [0])
    let color = try original.addTrack(
      target: "label", property: "textColor", kind: .color(.oklch, premultiplied: true))
    try color.setKeyframe(time: 0, value: [1, 0, 0, 1])
    try color.setKeyframe(time: 1, value: [0, 0, 1, 0.5])
    try color.setExtrapolation(before: .cycle, after: .pingPong)

    let copy = original.copy()
    XCTAssertEqual(copy.tracks.map(\.property), ["alpha", "textColor"])
    for (a, b) in zip(original.tracks, copy.tracks) {
      XCTAssertEqual(a.keyframes, b.keyframes)
      XCTAssertEqual(a.kind, b.kind)
      XCTAssertEqual(a.extrapolation.before, b.extrapolation.before)
      XCTAssertEqual(a.extrapolation.after, b.extrapolation.after)
      for t in [-0.5, 0.25, 45, 70] { XCTAssertEqual(try a.sample(at: t), try b.sample(at: t)) }
    }
    // Editing the copy leaves the original alone, and the other way round.
    try copy.tracks[0].setKeyframe(time: 45, value: [0.5])
    try copy.removeTrack(target: "label", property: "textColor")
    XCTAssertEqual(alpha.keyframeCount, 2)
    XCTAssertEqual(original.trackCount, 2)
    try alpha.removeKeyframe(at: 30)
    XCTAssertEqual(copy.tracks[0].keyframeCount, 3)
    XCTAssertNotNil(copy.track(target: "label", property: "alpha"))
    XCTAssertNil(copy.track(target: "label", property: "textColor"))
  }

  /// Regression: `copy()` took the tracks' lock (the animator's own) a
  /// second time for each track. With writers preferred, a writer queued
  /// between the two read locks blocked the second, and itself waited for
  /// the first: copying while another thread edited deadlocked, usually on
  /// the first copy. Each copy must also be one consistent snapshot.
  func testCopyWhileAnotherThreadEditsNeitherDeadlocksNorTears() throws {
    let original = Animator()
    var tracks: [Track] = []
    for i in 0..<100 {
      let track = try original.addTrack(target: "v", property: "p\(i)")
      for k in 0..<20 { try track.setKeyframe(time: Double(k), value: [Double(k)]) }
      tracks.append(track)
    }
    final class Shared: @unchecked Sendable {
      let lock = ReadWriteLock()
      var stop = false
      var seen: Set<Double> = []
      var trackCounts: Set<Int> = []
    }
    let shared = Shared()
    let writerDone = DispatchSemaphore(value: 0)
    let copiesDone = DispatchSemaphore(value: 0)
    let first = tracks[0]
    // One writer sets the keyframes at 5 and 6 of the first track to the
    // same value, 1 or 2 in turn, in one edit: a copy holds (5, 6) as they
    // were, (1, 1) or (2, 2).
    DispatchQueue.global().async {
      let times: [Double] = [5, 6]
      var value = 1.0
      while !shared.lock.withReadLock({ shared.stop }) {
        value = 3 - value
        let values = [value, value]
        times.withUnsafeBufferPointer { t in
          values.withUnsafeBufferPointer { v in try? first.setKeyframes(times: t, values: v) }
        }
      }
      writerDone.signal()
    }
    DispatchQueue.global().async {
      for _ in 0..<20 {
        let copy = original.copy()
        let pair = copy.tracks.first.map { track in
          [5.0, 6].compactMap { try? track.sample(at: $0)[0] }
        }
        shared.lock.withWriteLock {
          shared.trackCounts.insert(copy.trackCount)
          switch pair {
          case [5, 6]?: shared.seen.insert(0)
          case let pair? where pair.count == 2 && pair[0] == pair[1]: shared.seen.insert(pair[0])
          default: shared.seen.insert(-1)
          }
        }
      }
      copiesDone.signal()
    }
    // A deadlock shows as copies that never finish; 20 copies of 2000
    // keyframes take milliseconds.
    let finished = copiesDone.wait(timeout: .now() + 60) == .success
    XCTAssertTrue(finished, "copy() deadlocked with a writer waiting")
    guard finished else { return }
    shared.lock.withWriteLock { shared.stop = true }
    writerDone.wait()
    shared.lock.withReadLock {
      XCTAssertEqual(shared.trackCounts, [100])
      XCTAssertTrue(shared.seen.isSubset(of: [0, 1, 2]), "torn copies: \(shared.seen)")
    }
  }

  func testAnimateIsOneRowOfTheMatrix() throws {
    let animator = Animator()
    let x = try animator.addTrack(target: "v", property: "x")
    let p = try animator.addTrack(target: "v", property: "position")
    try x.setKeyframe(time: 0, value: [0], easing: .penner(.sine, .easeInOut))
    try x.setKeyframe(time: 10, value: [10])
    try p.setKeyframe(time: 0, value: [1, 2])
    try p.setKeyframe(time: 4, value: [5, -2])
    let frame = try animator.animate(3)
    XCTAssertEqual(frame.map(\.key.property), ["x", "position"])
    // x: 10 * (1 - cos(0.3 pi)) / 2; position: a linear blend at 3/4.
    XCTAssertEqual(frame[0].value[0], 10 * (1 - cos(0.3 * .pi)) / 2, accuracy: 1e-12)
    XCTAssertEqual(frame[1].value, [4, -1])
    var row = [Double](repeating: 0, count: 3)
    _ = try row.withUnsafeMutableBufferPointer { out in
      try [3.0].withUnsafeBufferPointer { try animator.sample(times: $0, into: out) }
    }
    XCTAssertEqual(frame.flatMap(\.value), row)
    XCTAssertEqual(try Animator().animate(1).count, 0)
  }

  func testTransformOfATargetWithoutTracksIsNotFound() throws {
    let animator = Animator()
    XCTAssertThrowsError(try animator.transform(target: "nobody", at: 0)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .notFound)
    }
    let scale = try animator.addTrack(target: "v", property: "scale")
    try scale.setKeyframe(time: 0, value: [2])
    try scale.setKeyframe(time: 1, value: [4])
    // Only a scale: (s, 0, 0, s, 0, 0) with s = 3 at t = 0.5.
    let m = try animator.transform(target: "v", at: 0.5)
    XCTAssertEqual([m.a, m.b, m.c, m.d, m.tx, m.ty], [3, 0, 0, 3, 0, 0])
  }
}
