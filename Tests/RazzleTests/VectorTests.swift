import Razzle
import XCTest

/// Runs `Tests/vectors/foundation.json` through the Swift API.
final class VectorTests: XCTestCase {
  func testTrackAndEasingGroups() throws {
    let document = try Vectors.load("foundation.json")
    let groups = try XCTUnwrap(document["groups"] as? [[String: Any]])
    var checked = 0
    for group in groups {
      let id = group["id"] as? String ?? "?"
      let tolerance = Vectors.number(group["tolerance"])
      let track: Track
      let inputKey: String
      switch group["type"] as? String {
      case "track":
        track = try Vectors.track(
          property: try XCTUnwrap(group["property"] as? String),
          keyframes: try XCTUnwrap(group["keyframes"] as? [[String: Any]]))
        inputKey = "time"
      case "easing":
        let easing = try Easing(parsing: try XCTUnwrap(group["easing"] as? String))
        track = try Track(property: "progress")
        try track.setKeyframe(time: 0, value: [0], easing: easing)
        try track.setKeyframe(time: 1, value: [1])
        inputKey = "progress"
        // The direct evaluation must agree with the track's bit for bit.
        for test in try XCTUnwrap(group["tests"] as? [[String: Any]]) {
          let p = Vectors.number(test[inputKey])
          XCTAssertEqual(easing(p), try track.sample(at: p)[0], "\(id) p=\(p)")
        }
      default:
        XCTFail("unknown group type in \(id)")
        continue
      }
      for test in try XCTUnwrap(group["tests"] as? [[String: Any]]) {
        let tcId = test["tcId"] as? Int ?? -1
        let x = Vectors.number(test[inputKey])
        let expected =
          test["expected"] is [Any]
          ? Vectors.numbers(test["expected"]) : [Vectors.number(test["expected"])]
        let actual = try track.sample(at: x)
        XCTAssertEqual(actual.count, expected.count, "tcId \(tcId)")
        for (a, e) in zip(actual, expected) {
          XCTAssertTrue(
            Vectors.matches(a, e, tolerance: tolerance),
            "\(id) tcId \(tcId): at \(x) got \(a), expected \(e)")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 40)
  }

  func testRejections() throws {
    let document = try Vectors.load("foundation.json")
    let rejections = try XCTUnwrap(document["rejections"] as? [[String: Any]])
    let kindNames: [RazzleError.Kind: String] = [
      .invalidValue: "KF_E_INVALID_VALUE", .wrongSize: "KF_E_WRONG_SIZE", .easing: "KF_E_EASING",
    ]
    for vector in rejections {
      let id = vector["id"] as? String ?? "?"
      let track = try Vectors.track(
        property: try XCTUnwrap(vector["property"] as? String),
        keyframes: try XCTUnwrap(vector["keyframes"] as? [[String: Any]]))
      let before = track.keyframes
      let set = try XCTUnwrap(vector["set"] as? [String: Any])
      let expected = try XCTUnwrap(vector["status"] as? String)
      do {
        let easing = try Easing(parsing: set["easing"] as? String ?? "")
        try track.setKeyframe(
          time: Vectors.number(set["time"]), value: Vectors.numbers(set["value"]), easing: easing)
        XCTAssertEqual(expected, "KF_OK", "\(id) was accepted")
      } catch {
        XCTAssertEqual(kindNames[error.kind], expected, "\(id): \(error.message)")
        if let fragment = vector["message_contains"] as? String {
          XCTAssertTrue(error.message.contains(fragment), "\(id): \(error.message)")
        }
        XCTAssertEqual(track.keyframes, before, "\(id) changed the track")
      }
    }
  }
}
