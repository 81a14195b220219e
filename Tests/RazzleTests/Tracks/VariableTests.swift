import Razzle
import XCTest

/// Animator variables and tracks relative to them (value · variable +
/// constant), in every sampling path.
final class VariableTests: XCTestCase {
  private func kind(_ body: () throws -> Void) -> RazzleError.Kind? {
    do {
      try body()
      return nil
    } catch {
      return (error as? RazzleError)?.kind
    }
  }

  func testSetGetRemoveList() throws {
    let animator = Animator()
    try animator.setVariable("pageWidth", to: 375)
    try animator.setVariable("header.midX", to: -12.5)
    try animator.setVariable("_b", to: 0)
    XCTAssertEqual(try animator.variable(named: "pageWidth"), 375)
    XCTAssertEqual(animator.variableCount, 3)
    // Byte order: "_" (0x5F) sorts after upper case, before lower case.
    XCTAssertEqual(animator.variables.map(\.name), ["_b", "header.midX", "pageWidth"])
    XCTAssertEqual(animator.variables.map(\.value), [0, -12.5, 375])
    try animator.removeVariable(named: "_b")
    XCTAssertEqual(animator.variableCount, 2)
    XCTAssertEqual(kind { _ = try animator.variable(named: "_b") }, .notFound)
    XCTAssertEqual(kind { try animator.removeVariable(named: "_b") }, .notFound)
  }

  func testNamesAndValuesAreValidated() throws {
    let animator = Animator()
    for bad in [
      "", "1x", ".x", "page width", "wïdth", "a\u{0}b", String(repeating: "a", count: 256),
    ] {
      XCTAssertEqual(kind { try animator.setVariable(bad, to: 1) }, .invalidName, bad)
    }
    XCTAssertNoThrow(try animator.setVariable(String(repeating: "a", count: 255), to: 1))
    for bad in [Double.nan, .infinity, -.infinity] {
      XCTAssertEqual(kind { try animator.setVariable("w", to: bad) }, .invalidValue)
    }
    XCTAssertEqual(kind { _ = try animator.variable(named: "w") }, .notFound)
    XCTAssertEqual(animator.variableCount, 1)
  }

  /// RazzleDazzle's ConstraintMultiplierAnimation: constant =
  /// multiplier(t) · reference + constant, worked by hand.
  func testRelativeTrackInEverySamplingPath() throws {
    let animator = Animator()
    let track = try animator.addTrack(
      target: "label", property: "constant",
      options: TrackOptions(relativeTo: "ref.width", constant: 10))
    try track.setKeyframe(time: 0, value: [0])
    try track.setKeyframe(time: 1, value: [0.5])
    let plain = try animator.addTrack(target: "label", property: "x")
    try plain.setKeyframe(time: 0, value: [1])
    XCTAssertEqual(track.relation, TrackRelation(variable: "ref.width", constant: 10))
    XCTAssertNil(plain.relation)
    // Unset: an error naming the track and the variable, in every path.
    XCTAssertThrowsError(try track.sample(at: 0.5)) {
      let error = $0 as? RazzleError
      XCTAssertEqual(error?.kind, .notFound)
      XCTAssertTrue(error?.message.contains("label.constant") == true)
      XCTAssertTrue(error?.message.contains("\"ref.width\"") == true)
    }
    XCTAssertEqual(kind { _ = try animator.animate(0.5) }, .notFound)
    XCTAssertEqual(kind { _ = try track.velocity(at: 0.5) }, .notFound)
    var matrix = [Double](repeating: -1, count: 4)
    let times = [0.25, 0.5]
    XCTAssertEqual(
      kind {
        _ = try times.withUnsafeBufferPointer { t in
          try matrix.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
        }
      }, .notFound)
    XCTAssertEqual(matrix, [-1, -1, -1, -1], "nothing written on error")

    try animator.setVariable("ref.width", to: 200)
    XCTAssertEqual(try track.sample(at: 0.5), [60])  // 0.25 · 200 + 10
    XCTAssertEqual(try track.velocity(at: 0.5), [100])  // 0.5 · 200
    XCTAssertEqual(try animator.animate(0.5).map(\.value), [[60], [1]])
    _ = try times.withUnsafeBufferPointer { t in
      try matrix.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
    }
    XCTAssertEqual(matrix, [35, 1, 60, 1])
    // A new value, no keyframe edited: every path follows.
    try animator.setVariable("ref.width", to: 300)
    XCTAssertEqual(try track.sample(at: 0.5), [85])
    XCTAssertEqual(try animator.animate(0.5).map(\.value), [[85], [1]])
    XCTAssertEqual(try track.velocity(at: 2), [0])  // held after the last keyframe
    try animator.removeVariable(named: "ref.width")
    XCTAssertEqual(kind { _ = try animator.animate(0.5) }, .notFound)
  }

  func testRelativeTranslationComposes() throws {
    let animator = Animator()
    let shift = try animator.addTrack(
      target: "v", property: "translation",
      options: TrackOptions(relativeTo: "pageWidth", constant: 5))
    try shift.setKeyframe(time: 0, value: [1, -2])
    try animator.setVariable("pageWidth", to: 100)
    let m = try animator.transform(target: "v", at: 0)
    XCTAssertEqual([m.tx, m.ty], [105, -195])
  }

  func testRelativeTracksNeedAPerChannelUnboundedProperty() throws {
    let animator = Animator()
    XCTAssertEqual(
      kind {
        try animator.addTrack(
          target: "v", property: "alpha", options: TrackOptions(relativeTo: "w"))
      }, .kindMismatch)
    XCTAssertEqual(
      kind {
        try animator.addTrack(
          target: "v", property: "tint", options: TrackOptions(kind: "color", relativeTo: "w"))
      }, .kindMismatch)
    XCTAssertEqual(
      kind {
        try animator.addTrack(target: "v", property: "x", options: TrackOptions(relativeTo: "1w"))
      }, .invalidName)
    XCTAssertEqual(
      kind {
        try animator.addTrack(
          target: "v", property: "x", options: TrackOptions(relativeTo: "w", constant: .nan))
      }, .invalidValue)
    XCTAssertEqual(animator.trackCount, 0)
    XCTAssertEqual(animator.variableCount, 0, "a failed add sets no variable")
  }

  func testCopyTakesTheVariablesAndStaysIndependent() throws {
    let animator = Animator()
    let x = try animator.addTrack(
      target: "v", property: "x", options: TrackOptions(relativeTo: "pageWidth"))
    try x.setKeyframe(time: 0, value: [2])
    try animator.setVariable("pageWidth", to: 375)
    let copy = animator.copy()
    try animator.setVariable("pageWidth", to: 667)
    let copied = try XCTUnwrap(copy.track(target: "v", property: "x"))
    XCTAssertEqual(try copied.sample(at: 0), [750])
    XCTAssertEqual(try x.sample(at: 0), [1334])
    XCTAssertEqual(copied.relation?.variable, "pageWidth")
    XCTAssertEqual(copy.variables.map(\.name), ["pageWidth"])
  }

  /// Readers sample while a writer flips the variable: each value is one of
  /// the two consistent results, never a mix.
  func testVariablesChangeAtomicallyForSamplers() throws {
    let animator = Animator()
    let x = try animator.addTrack(
      target: "v", property: "x", options: TrackOptions(relativeTo: "w", constant: 1))
    try x.setKeyframe(time: 0, value: [0])
    try x.setKeyframe(time: 1, value: [2])
    try animator.setVariable("w", to: 10)
    let bad = UnsafeMutablePointer<Int>.allocate(capacity: 4)
    bad.initialize(repeating: 0, count: 4)
    defer { bad.deallocate() }
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for i in 0..<2000 {
        if worker == 0 {
          try? animator.setVariable("w", to: i % 2 == 0 ? 10 : 20)
        } else if let row = try? animator.animate(0.5).first?.value.first, row != 11 && row != 21 {
          bad[worker] += 1
        }
      }
    }
    XCTAssertEqual((0..<4).map { bad[$0] }, [0, 0, 0, 0])
  }
}
