import Foundation
import Razzle
import XCTest

/// Runs `Tests/vectors/lottie_transforms.json` (each layer's own and world
/// matrix, composed by hand from lottie-web's rules in derive.py) through
/// the Swift API.
final class LottieTransformTests: XCTestCase {
  private func load(_ name: String, _ unit: LottieAnimation.TimeUnit = .frames) throws
    -> LottieAnimation
  {
    let text = try String(
      contentsOf: LottieAnimationTests.lottieDirectory.appendingPathComponent(name),
      encoding: .utf8)
    return try LottieAnimation(json: text, timeUnit: unit)
  }

  func testVectors() throws {
    let doc = try Vectors.load("lottie_transforms.json")
    XCTAssertEqual(doc["schema"] as? String, "razzle-lottie-transform-vectors/1")
    let tolerance = Vectors.number(doc["tolerance"])
    var checked = 0
    for file in try XCTUnwrap(doc["files"] as? [[String: Any]]) {
      let name = try XCTUnwrap(file["file"] as? String)
      let animation = try load(name)
      let names = try XCTUnwrap(file["layers"] as? [String])
      XCTAssertEqual(animation.layers.map(\.name), names, name)
      let frames = Vectors.numbers(file["frames"])
      let width = names.count * 6
      for (key, world) in [("own", false), ("world", true)] {
        var out = [Double](repeating: 0, count: frames.count * width)
        try frames.withUnsafeBufferPointer { t in
          try out.withUnsafeMutableBufferPointer {
            try animation.sampleTransforms(times: t, world: world, into: $0)
          }
        }
        let rows = try XCTUnwrap(file[key] as? [[Any]])
        for (j, row) in rows.enumerated() {
          for (l, expected) in row.enumerated() {
            let got = Array(out[(j * width + l * 6)..<(j * width + l * 6 + 6)])
            let id = "\(name) \(key) \(names[l]) at \(frames[j]): \(got)"
            if expected is NSNull {
              XCTAssertTrue(got.allSatisfy(\.isNaN), id)
            } else {
              for (a, b) in zip(got, Vectors.numbers(expected)) {
                XCTAssertEqual(a, b, accuracy: tolerance * max(1, abs(b)), id)
              }
            }
            checked += 1
          }
        }
      }
      // One time through transforms(at:) agrees with the batch.
      let j = frames.count / 2
      let single = try animation.transforms(at: frames[j])
      let rows = try XCTUnwrap(file["world"] as? [[Any]])
      for (l, entry) in single.enumerated() {
        XCTAssertEqual(entry.layer, names[l])
        XCTAssertEqual(entry.matrix == nil, rows[j][l] is NSNull, "\(name) \(names[l])")
      }
      let parentWarnings = Set(
        animation.warnings.map(\.pointer).filter { $0.hasSuffix("/parent") })
      XCTAssertEqual(parentWarnings, Set(file["parent_warnings"] as? [String] ?? []), name)
    }
    XCTAssertGreaterThan(checked, 400)
  }

  func testSecondsAreFramesOverTheFrameRate() throws {
    let frames = try load("parenting.json")
    let seconds = try load("parenting.json", .seconds)
    for frame in [0.0, 27.0, 45.0, 61.5, 93.0] {
      let a = try frames.transforms(at: frame)
      let b = try seconds.transforms(at: frame / 30)
      for (x, y) in zip(a, b) {
        XCTAssertEqual(x.matrix == nil, y.matrix == nil, "\(x.layer) at \(frame)")
        for (p, q) in zip(x.matrix ?? [], y.matrix ?? []) {
          XCTAssertEqual(p, q, accuracy: 1e-9 * max(1, abs(p)), "\(x.layer) at \(frame)")
        }
      }
    }
  }

  func testChainsNeverLoopAndAreReported() throws {
    // A chain of 2,000 layers, each the parent of the one before it, ending
    // in a loop between the last two: every layer's chain loops.
    var layers: [String] = []
    let n = 2000
    for i in 1...n {
      let parent = i == n ? n - 1 : i + 1
      layers.append(
        "{\"ind\": \(i), \"parent\": \(parent), \"ty\": 3, \"ip\": 0, \"op\": 10, \"ks\": {\"p\": {\"a\": 0, \"k\": [\(i), 0]}}}"
      )
    }
    let text = "{\"fr\": 30, \"ip\": 0, \"op\": 10, \"layers\": [\(layers.joined(separator: ","))]}"
    let animation = try LottieAnimation(json: text)
    let cycles = animation.warnings.filter { $0.feature == "parent cycle" }
    XCTAssertEqual(cycles.count, n)
    // Not composed: each layer's world matrix is its own translation.
    let world = try animation.transforms(at: 1)
    XCTAssertEqual(world[0].matrix, [1, 0, 0, 1, 1, 0])
    XCTAssertEqual(world[n - 1].matrix, [1, 0, 0, 1, Double(n), 0])
  }

  func testDeepChainComposes() throws {
    // Layer i (ind i) is the child of layer i + 1; each translates by 1:
    // layer 1's world translation is the chain's length.
    var layers: [String] = []
    let n = 500
    for i in 1...n {
      let parent = i < n ? ", \"parent\": \(i + 1)" : ""
      layers.append(
        "{\"ind\": \(i)\(parent), \"ty\": 3, \"ip\": 0, \"op\": 10, \"ks\": {\"p\": {\"a\": 0, \"k\": [1, 2]}}}"
      )
    }
    let text = "{\"fr\": 30, \"ip\": 0, \"op\": 10, \"layers\": [\(layers.joined(separator: ","))]}"
    let animation = try LottieAnimation(json: text)
    XCTAssertTrue(animation.warnings.isEmpty, "\(animation.warnings)")
    let world = try animation.transforms(at: 3)
    XCTAssertEqual(world[0].matrix, [1, 0, 0, 1, Double(n), Double(2 * n)])
    XCTAssertEqual(world[n - 1].matrix, [1, 0, 0, 1, 1, 2])
    let own = try animation.transforms(at: 3, world: false)
    XCTAssertEqual(own[0].matrix, [1, 0, 0, 1, 1, 2])
  }

  func testBufferTooSmallWritesNothing() throws {
    let animation = try load("parenting.json")
    var out = [Double](repeating: 7, count: 2 * 9 * 6 - 1)
    let times: [Double] = [0, 1]
    XCTAssertThrowsError(
      try times.withUnsafeBufferPointer { t in
        try out.withUnsafeMutableBufferPointer {
          try animation.sampleTransforms(times: t, into: $0)
        }
      }
    ) { XCTAssertEqual(($0 as? RazzleError)?.kind, .bufferTooSmall) }
    XCTAssertTrue(out.allSatisfy { $0 == 7 })
  }

  func testIndicesMustBeIntegers() throws {
    for bad in ["1e300", "2.5"] {
      let text =
        "{\"fr\": 30, \"ip\": 0, \"op\": 10, \"layers\": [{\"ind\": \(bad), \"ty\": 3, \"ip\": 0, \"op\": 10}]}"
      XCTAssertThrowsError(try LottieAnimation(json: text)) {
        let message = ($0 as? RazzleError)?.message ?? ""
        XCTAssertTrue(message.contains("/layers/0/ind"), message)
      }
    }
  }

  func testMalformedEasingAndValuesNameTheirPlace() throws {
    // The importer reads easing parts and numbers in place; an error still
    // names the element at fault.
    func layer(_ opacity: String) -> String {
      "{\"fr\": 30, \"ip\": 0, \"op\": 10, \"layers\": [{\"ty\": 3, \"ip\": 0, \"op\": 10, \"ks\": {\"o\": \(opacity)}}]}"
    }
    let cases: [(String, String)] = [
      (
        "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [0], \"o\": {\"x\": [], \"y\": [0]}, \"i\": {\"x\": [1], \"y\": [1]}}, {\"t\": 5, \"s\": [1]}]}",
        "/layers/0/ks/o/k/0/o/x: expected at least one number"
      ),
      (
        "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [0], \"o\": {\"x\": [0.5], \"y\": [0]}, \"i\": {\"x\": [1, \"a\"], \"y\": [1]}}, {\"t\": 5, \"s\": [1]}]}",
        "/layers/0/ks/o/k/0/i/x/1: expected a number"
      ),
      (
        "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [0], \"o\": {\"y\": [0]}, \"i\": {\"x\": [1], \"y\": [1]}}, {\"t\": 5, \"s\": [1]}]}",
        "/layers/0/ks/o/k/0/o: missing \"x\""
      ),
      ("{\"a\": 0, \"k\": [1, \"2\"]}", "/layers/0/ks/o/k/1: expected a number"),
      (
        "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [0, null], \"h\": 1}, {\"t\": 5, \"s\": [1, 1]}]}",
        "/layers/0/ks/o/k/0/s/1: expected a number"
      ),
    ]
    for (opacity, expected) in cases {
      XCTAssertThrowsError(try LottieAnimation(json: layer(opacity))) {
        let message = ($0 as? RazzleError)?.message ?? ""
        XCTAssertTrue(message.contains(expected), "\(message), expected \(expected)")
      }
    }
  }
}
