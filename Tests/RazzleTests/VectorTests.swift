import Razzle
import XCTest

/// Runs every file in `Tests/vectors/` through the Swift API.
final class VectorTests: XCTestCase {
  func testEveryVectorFileIsRun() throws {
    let files = try Vectors.files()
    for name in ["foundation.json", "easing.json", "interpolation.json"] {
      XCTAssertTrue(files.contains(name), "\(name) is missing")
    }
  }

  func testTrackAndEasingGroups() throws {
    var checked = 0
    for file in try Vectors.files() {
      let groups = try XCTUnwrap(try Vectors.load(file)["groups"] as? [[String: Any]])
      for group in groups {
        let id = "\(file)/\(group["id"] as? String ?? "?")"
        switch group["type"] as? String {
        case "track": checked += try runTrackGroup(group, id: id)
        case "easing": checked += try runEasingGroup(group, id: id)
        default: XCTFail("unknown group type in \(id)")
        }
      }
    }
    XCTAssertGreaterThan(checked, 800)
  }

  /// Samples and velocities of a track group; returns the number of tests.
  private func runTrackGroup(_ group: [String: Any], id: String) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let velocityTolerance =
      group["velocity_tolerance"].map { Vectors.number($0) } ?? tolerance
    let track = try Vectors.track(
      property: try XCTUnwrap(group["property"] as? String),
      keyframes: try XCTUnwrap(group["keyframes"] as? [[String: Any]]),
      extrapolation: group["extrapolation"] as? [String: Any])
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    for test in tests {
      let tcId = test["tcId"] as? Int ?? -1
      let t = Vectors.number(test["time"])
      let expected = Vectors.list(test["expected"])
      let actual = try track.sample(at: t)
      XCTAssertEqual(actual.count, expected.count, "\(id) tcId \(tcId)")
      for (a, e) in zip(actual, expected) {
        XCTAssertTrue(
          Vectors.matches(a, e, tolerance: tolerance),
          "\(id) tcId \(tcId): at \(t) got \(a), expected \(e)")
      }
      let velocity = try track.velocity(at: t)
      if test["expected_velocity"] != nil {
        let expected = Vectors.list(test["expected_velocity"])
        XCTAssertEqual(velocity.count, expected.count, "\(id) tcId \(tcId)")
        for (a, e) in zip(velocity, expected) {
          XCTAssertTrue(
            Vectors.matches(a, e, tolerance: velocityTolerance),
            "\(id) tcId \(tcId): velocity at \(t) got \(a), expected \(e)")
        }
      }
    }
    return tests.count
  }

  /// An easing group: the easing evaluated directly and, for 0 < p < 1,
  /// through a track (0 → 0 with the easing, 1 → 1), which must agree bit for
  /// bit; returns the number of tests.
  private func runEasingGroup(_ group: [String: Any], id: String) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let derivativeTolerance =
      group["derivative_tolerance"].map { Vectors.number($0) } ?? tolerance
    let easing = try Easing(parsing: try XCTUnwrap(group["easing"] as? String))
    let track = try Track(property: "progress")
    try track.setKeyframe(time: 0, value: [0], easing: easing)
    try track.setKeyframe(time: 1, value: [1])
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    for test in tests {
      let tcId = test["tcId"] as? Int ?? -1
      let p = Vectors.number(test["progress"])
      let value = easing(p)
      let expected = Vectors.list(test["expected"])[0]
      XCTAssertTrue(
        Vectors.matches(value, expected, tolerance: tolerance),
        "\(id) tcId \(tcId): at \(p) got \(value), expected \(expected)")
      let derivative = easing.derivative(p)
      if test["expected_derivative"] != nil {
        let expected = Vectors.number(test["expected_derivative"])
        XCTAssertTrue(
          Vectors.matches(derivative, expected, tolerance: derivativeTolerance),
          "\(id) tcId \(tcId): derivative at \(p) got \(derivative), expected \(expected)")
      }
      if p > 0 && p < 1 {
        XCTAssertEqual(
          try track.sample(at: p)[0].bitPattern, value.bitPattern, "\(id) tcId \(tcId) track")
        XCTAssertEqual(
          try track.velocity(at: p)[0].bitPattern, derivative.bitPattern,
          "\(id) tcId \(tcId) track velocity")
      }
    }
    return tests.count
  }

  func testRejections() throws {
    let kindNames: [RazzleError.Kind: String] = [
      .invalidValue: "KF_E_INVALID_VALUE", .wrongSize: "KF_E_WRONG_SIZE", .easing: "KF_E_EASING",
    ]
    var checked = 0
    for file in try Vectors.files() {
      let rejections = try Vectors.load(file)["rejections"] as? [[String: Any]] ?? []
      for vector in rejections {
        let id = "\(file)/\(vector["id"] as? String ?? "?")"
        let track = try Vectors.track(
          property: try XCTUnwrap(vector["property"] as? String),
          keyframes: try XCTUnwrap(vector["keyframes"] as? [[String: Any]]))
        let before = track.keyframes
        let set = try XCTUnwrap(vector["set"] as? [String: Any])
        let expected = try XCTUnwrap(vector["status"] as? String)
        do {
          try Vectors.set(set, on: track)
          XCTAssertEqual(expected, "KF_OK", "\(id) was accepted")
        } catch {
          XCTAssertEqual(kindNames[error.kind], expected, "\(id): \(error.message)")
          if let fragment = vector["message_contains"] as? String {
            XCTAssertTrue(error.message.contains(fragment), "\(id): \(error.message)")
          }
          XCTAssertEqual(track.keyframes, before, "\(id) changed the track")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 30)
  }
}
