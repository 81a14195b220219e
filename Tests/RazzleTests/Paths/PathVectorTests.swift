import Razzle
import XCTest

/// Runs `Tests/vectors/paths.json` and `masks.json` through the Swift API.
final class PathVectorTests: XCTestCase {
  private func groups(_ file: String) throws -> [[String: Any]] {
    let doc = try Vectors.load(file)
    XCTAssertEqual(doc["schema"] as? String, "razzle-path-vectors/1")
    return try XCTUnwrap(doc["groups"] as? [[String: Any]])
  }

  func testPathGroups() throws {
    var checked = 0
    for group in try groups("paths.json") {
      let id = group["id"] as? String ?? "?"
      let data = try XCTUnwrap(group["data"] as? String)
      let path = try Path(data: data)
      let tolerance = Vectors.number(group["tolerance"])
      let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
      switch group["type"] as? String {
      case "path":
        XCTAssertEqual(path.isClosed, group["closed"] as? Bool, id)
        XCTAssertEqual(path.length, Vectors.number(group["length"]), accuracy: tolerance, id)
        if let bounds = group["bounds"] {
          let b = path.bounds
          let tol = Vectors.number(group["bounds_tolerance"])
          for (a, e) in zip([b.x, b.y, b.width, b.height], Vectors.numbers(bounds)) {
            XCTAssertEqual(a, e, accuracy: tol, "\(id) bounds")
          }
        }
        let mode = try PathRotation.Mode(named: group["rotate"] as? String ?? "auto")
        let rotation = try PathRotation(mode, offset: Vectors.number(group["rotate_angle"] ?? 0))
        let fractions = tests.map { Vectors.number($0["fraction"]) }
        var xy = [Double](repeating: 0, count: 2 * tests.count)
        var angles = [Double](repeating: 0, count: tests.count)
        try fractions.withUnsafeBufferPointer { f in
          try xy.withUnsafeMutableBufferPointer { xy in
            try angles.withUnsafeMutableBufferPointer { a in
              try path.points(at: f, rotation: rotation, xy: xy, angles: a)
            }
          }
        }
        for (i, test) in tests.enumerated() {
          let expected = Vectors.numbers(test["expected"])
          let tc = "\(id) tcId \(test["tcId"] ?? "?")"
          XCTAssertEqual(xy[2 * i], expected[0], accuracy: tolerance, tc)
          XCTAssertEqual(xy[2 * i + 1], expected[1], accuracy: tolerance, tc)
          XCTAssertEqual(
            angleDifference(angles[i], Vectors.number(test["expected_angle"])), 0,
            accuracy: Vectors.number(group["angle_tolerance"]), tc)
          checked += 1
        }
      case "trim":
        let trimmed = try Path(
          data: try path.trimmed(
            from: Vectors.number(group["start"]), to: Vectors.number(group["end"])
          ).description)
        XCTAssertEqual(trimmed.length, Vectors.number(group["length"]), accuracy: tolerance, id)
        for test in tests {
          let p = trimmed.point(at: Vectors.number(test["fraction"]))
          let expected = Vectors.numbers(test["expected"])
          XCTAssertEqual(p.x, expected[0], accuracy: tolerance, "\(id) \(test["tcId"] ?? "?")")
          XCTAssertEqual(p.y, expected[1], accuracy: tolerance, "\(id) \(test["tcId"] ?? "?")")
          checked += 1
        }
      default: XCTFail("unknown group type in \(id)")
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }

  func testPathRejections() throws {
    let doc = try Vectors.load("paths.json")
    for rejection in try XCTUnwrap(doc["rejections"] as? [[String: Any]]) {
      let data = try XCTUnwrap(rejection["data"] as? String)
      guard case .failure(let error) = Path.parse(data) else {
        XCTFail("\(rejection["id"] ?? "?") parsed")
        continue
      }
      XCTAssertEqual(error.offset, rejection["offset"] as? Int, data)
      let needle = try XCTUnwrap(rejection["message_contains"] as? String)
      XCTAssertTrue(error.error.message.contains(needle), "\(data): \(error.error.message)")
      XCTAssertEqual(error.error.kind, .invalidValue)
    }
  }

  func testMaskGroups() throws {
    let doc = try Vectors.load("masks.json")
    for group in try groups("masks.json") {
      let mask = try Mask(
        try MaskKind(named: try XCTUnwrap(group["mask"] as? String)),
        width: Vectors.number(group["width"]), height: Vectors.number(group["height"]))
      let tolerance = Vectors.number(group["tolerance"])
      for test in try XCTUnwrap(group["tests"] as? [[String: Any]]) {
        let g = mask.geometry(Vectors.number(test["progress"]))
        for (a, e) in zip([g.x, g.y, g.width, g.height], Vectors.numbers(test["expected"])) {
          XCTAssertEqual(a, e, accuracy: tolerance, "\(group["id"] ?? "?") \(test["tcId"] ?? "?")")
        }
        XCTAssertEqual(g.radius, Vectors.number(test["expected_radius"]), accuracy: tolerance)
      }
    }
    for rejection in try XCTUnwrap(doc["rejections"] as? [[String: Any]]) {
      do {
        _ = try Mask(
          try MaskKind(named: try XCTUnwrap(rejection["mask"] as? String)),
          width: Vectors.number(rejection["width"]), height: Vectors.number(rejection["height"]))
        XCTFail("\(rejection["id"] ?? "?") accepted")
      } catch let error as RazzleError {
        let status = try XCTUnwrap(rejection["status"] as? String)
        XCTAssertEqual(
          error.kind, status == "KF_E_INVALID_NAME" ? .invalidName : .invalidValue, status)
        if let needle = rejection["message_contains"] as? String {
          XCTAssertTrue(error.message.contains(needle), error.message)
        }
      }
    }
  }

  /// a − b in degrees, wrapped into (-180, 180].
  private func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
    return d
  }
}
