import Foundation
import Razzle
import XCTest

/// Runs `Tests/vectors/lottie.json` (expected values derived from the
/// Lottie format's rules in derive.py) through the Swift API.
final class LottieAnimationTests: XCTestCase {
  static let lottieDirectory = Vectors.directory.deletingLastPathComponent()
    .appendingPathComponent("lottie")

  private func document() throws -> [String: Any] {
    let doc = try Vectors.load("lottie.json")
    XCTAssertEqual(doc["schema"] as? String, "razzle-lottie-vectors/1")
    return doc
  }

  private func load(_ name: String, _ unit: LottieAnimation.TimeUnit = .frames) throws
    -> LottieAnimation
  {
    let text = try String(
      contentsOf: Self.lottieDirectory.appendingPathComponent(name), encoding: .utf8)
    return try LottieAnimation(json: text, timeUnit: unit)
  }

  func testFiles() throws {
    let doc = try document()
    let tolerance = Vectors.number(doc["tolerance"])
    var checked = 0
    for file in try XCTUnwrap(doc["files"] as? [[String: Any]]) {
      let name = try XCTUnwrap(file["file"] as? String)
      let animation = try load(name)
      XCTAssertEqual(animation.frameRate, Vectors.number(file["frame_rate"]), name)
      XCTAssertEqual(animation.inPoint, Vectors.number(file["in_point"]), name)
      XCTAssertEqual(animation.outPoint, Vectors.number(file["out_point"]), name)
      let frames = Vectors.numbers(file["frames"])
      var rows = [Double](repeating: 0, count: frames.count * animation.rowWidth)
      try frames.withUnsafeBufferPointer { t in
        try rows.withUnsafeMutableBufferPointer { try animation.sample(times: t, into: $0) }
      }
      let columns = try XCTUnwrap(file["columns"] as? [[String: Any]])
      XCTAssertEqual(
        animation.columns.map { "\($0.target)|\($0.property)" },
        columns.map { "\($0["target"] as? String ?? "")|\($0["property"] as? String ?? "")" }, name)
      for (c, column) in zip(animation.columns, columns) {
        let values = try XCTUnwrap(column["values"] as? [Any])
        for (j, expected) in values.enumerated() {
          let id = "\(name) \(c.target) \(c.property) at \(frames[j])"
          let got = Array(
            rows[
              (j * animation.rowWidth + c.start)..<(j * animation.rowWidth + c.start + c.channels)])
          if expected is NSNull {
            XCTAssertTrue(got.allSatisfy { $0.isNaN }, id)
          } else {
            let e = Vectors.numbers(expected)
            XCTAssertEqual(got.count, e.count, id)
            for (a, b) in zip(got, e) {
              XCTAssertEqual(a, b, accuracy: tolerance * max(1, abs(b)), id)
            }
          }
          checked += 1
        }
      }
      // One time through `values(at:)` agrees with the batch.
      let single = try animation.values(at: frames[frames.count / 2])
      for (c, v) in zip(animation.columns, single) {
        let row = frames.count / 2
        let batch = Array(
          rows[
            (row * animation.rowWidth + c.start)..<(row * animation.rowWidth + c.start + c.channels)
          ])
        if let v = v.value {
          XCTAssertEqual(v, batch, name)
        } else {
          XCTAssertTrue(batch.allSatisfy { $0.isNaN })
        }
      }
      for s in try XCTUnwrap(file["static"] as? [[String: Any]]) {
        let target = s["target"] as? String
        let property = s["property"] as? String
        let found = animation.staticValues.first { $0.target == target && $0.property == property }
        XCTAssertEqual(
          found?.value, Vectors.numbers(s["value"]), "\(name) static \(property ?? "")")
      }
      let layers = try XCTUnwrap(file["layers"] as? [[String: Any]])
      XCTAssertEqual(animation.layers.map(\.name), layers.map { $0["name"] as? String ?? "" }, name)
      XCTAssertEqual(animation.layers.map(\.parent), layers.map { $0["parent"] as? String }, name)
      XCTAssertEqual(
        Set(animation.warnings.map(\.pointer)), Set(file["warnings"] as? [String] ?? []),
        "\(name): \(animation.warnings)")
    }
    XCTAssertGreaterThan(checked, 300)
  }

  func testRejections() throws {
    for r in try XCTUnwrap(try document()["rejections"] as? [[String: Any]]) {
      let id = r["id"] as? String ?? "?"
      do {
        _ = try LottieAnimation(json: r["json"] as? String ?? "")
        XCTFail("\(id) imported")
      } catch {
        XCTAssertEqual(error.kind, .invalidValue, id)
        XCTAssertTrue(
          error.message.contains(r["message_contains"] as? String ?? "\u{0}"),
          "\(id): \(error.message)")
      }
    }
  }

  func testSecondsPlaceLayersByFrameRate() throws {
    let frames = try load("keyframes.json")
    let seconds = try load("keyframes.json", .seconds)
    // Frame 27 at 30 fps is 0.9 s; the legacy layer (ip 15) and box agree.
    let a = try frames.values(at: 27)
    let b = try seconds.values(at: 0.9)
    for (x, y) in zip(a, b) {
      XCTAssertEqual(x.value?.count, y.value?.count)
      for (p, q) in zip(x.value ?? [], y.value ?? []) { XCTAssertEqual(p, q, accuracy: 1e-9) }
    }
    // 1.5 s is frame 45, the legacy layer's out point.
    XCTAssertNil(try seconds.values(at: 1.5).first { $0.target == "legacy" }?.value)
    XCTAssertEqual(frames.timeline.children.count, 2)
    XCTAssertEqual(frames.timeline.children[1].start, 15)
    XCTAssertEqual(seconds.timeline.children[1].start, 0.5, accuracy: 1e-15)
  }
}
