import Foundation
import Razzle

/// Loads the shared test vectors in `Tests/vectors/`, the same files pytest
/// and the C program run (see `Tests/vectors/README.md` for the format).
enum Vectors {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("vectors")

  /// The parsed JSON document `name`.
  static func load(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return object
  }

  /// A JSON number, or one of the strings "nan", "inf", "-inf".
  static func number(_ any: Any?) -> Double {
    switch any {
    case let n as NSNumber: return n.doubleValue
    case let s as String where s == "nan": return .nan
    case let s as String where s == "inf": return .infinity
    case let s as String where s == "-inf": return -.infinity
    default: fatalError("not a vector number: \(String(describing: any))")
    }
  }

  static func numbers(_ any: Any?) -> [Double] {
    (any as? [Any] ?? []).map(number)
  }

  /// `actual` matches `expected` within `tolerance` (0: bit-exact; NaN
  /// matches NaN).
  static func matches(_ actual: Double, _ expected: Double, tolerance: Double) -> Bool {
    if expected.isNaN { return actual.isNaN }
    if tolerance == 0 { return actual.bitPattern == expected.bitPattern || actual == expected }
    return abs(actual - expected) <= tolerance
  }

  /// Builds the track a group describes.
  static func track(property: String, keyframes: [[String: Any]]) throws -> Track {
    let track = try Track(property: property)
    for k in keyframes {
      try track.setKeyframe(
        time: number(k["time"]), value: numbers(k["value"]),
        easing: try Easing(parsing: k["easing"] as? String ?? ""))
    }
    return track
  }
}
