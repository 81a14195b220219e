import Razzle
import XCTest

final class TrackOptionsTests: XCTestCase {
  private func kind(_ options: TrackOptions, _ property: String) throws -> ValueKind? {
    try options.resolveKind(for: property)
  }

  private func assertThrows(
    _ options: TrackOptions, _ property: String, _ expected: RazzleError.Kind,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try options.resolveKind(for: property), file: file, line: line) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, expected, "\($0)", file: file, line: line)
    }
  }

  func testDefaultsAreThePropertysOwnKind() throws {
    XCTAssertNil(try kind(TrackOptions(), "alpha"))
    XCTAssertNil(try kind(TrackOptions(kind: ""), "anything"))
  }

  func testNamedKinds() throws {
    XCTAssertEqual(try kind(TrackOptions(kind: "point"), "center"), .point)
    XCTAssertEqual(try kind(TrackOptions(kind: "vector", channels: 3), "rgb"), .vector(3))
    XCTAssertEqual(try kind(TrackOptions(kind: "rect", channels: 4), "frame"), .rect)
    assertThrows(TrackOptions(kind: "rect", channels: 3), "frame", .wrongSize)
    assertThrows(TrackOptions(channels: 3), "x", .wrongSize)
    assertThrows(TrackOptions(kind: "vector", channels: 65), "x", .wrongSize)
  }

  func testColorOptions() throws {
    XCTAssertEqual(
      try kind(TrackOptions(colorSpace: "oklch"), "fillColor"), .color(.oklch, premultiplied: false)
    )
    // Color options without a kind make a color track of an unknown name...
    XCTAssertEqual(
      try kind(TrackOptions(premultiplied: true), "glow"), .color(.srgb, premultiplied: true))
    // ...and contradict a name that implies another kind.
    assertThrows(TrackOptions(colorSpace: "oklab"), "alpha", .kindMismatch)
    assertThrows(TrackOptions(kind: "point", colorSpace: "oklab"), "p", .kindMismatch)
    assertThrows(TrackOptions(colorSpace: "cmyk"), "fillColor", .invalidName)
  }

  func testAnimatorAppliesOptionsOrNothing() throws {
    let animator = Animator()
    let options = TrackOptions(kind: "vector", channels: 2, before: .cycle, after: .pingPong)
    let track = try animator.addTrack(target: "v", property: "w", options: options)
    XCTAssertEqual(track.extrapolation.before, .cycle)
    XCTAssertEqual(track.extrapolation.after, .pingPong)
    XCTAssertEqual(TrackOptions(of: track), options)
    // An extrapolation the kind cannot do: nothing is added.
    XCTAssertThrowsError(
      try animator.addTrack(
        target: "v", property: "fillColor", options: TrackOptions(before: .linear)))
    XCTAssertNil(animator.track(target: "v", property: "fillColor"))
    XCTAssertEqual(animator.trackCount, 1)
  }

  func testOptionsOfAColorTrack() throws {
    let track = try Track(property: "fillColor", kind: .color(.hsl, premultiplied: true))
    let options = TrackOptions(of: track)
    XCTAssertEqual(options.kind, "color")
    XCTAssertEqual(options.channels, 4)
    XCTAssertEqual(options.colorSpace, "hsl")
    XCTAssertTrue(options.premultiplied)
    XCTAssertNil(TrackOptions(of: try Track(property: "alpha")).colorSpace)
  }
}
