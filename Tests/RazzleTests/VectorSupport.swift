import Foundation
import Razzle

/// Loads the shared test vectors in `Tests/vectors/`, the same files pytest
/// and the C program run (see `Tests/vectors/README.md` for the format).
enum Vectors {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("vectors")

  /// The names of every vector file, sorted.
  static func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
  }

  /// The parsed JSON document `name`: objects as `[String: Any]`, arrays as
  /// `[Any]`, numbers as `Int` or `Double`.
  static func load(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    guard let object = try JSONDecoder().decode(JSONValue.self, from: data).value as? [String: Any]
    else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return object
  }

  /// A JSON value, decoded with `JSONDecoder`, which rounds every number to
  /// the nearest double. (`JSONSerialization` on Linux does not: it reads
  /// 10.000000000000002 as 10.000000000000004 and -4.999999999999999 as
  /// -4.999999999999998, and the vectors need exact doubles.)
  private struct JSONValue: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        value = NSNull()
      } else if let bool = try? container.decode(Bool.self) {
        value = bool
      } else if let int = try? container.decode(Int.self) {
        value = int
      } else if let double = try? container.decode(Double.self) {
        value = double
      } else if let string = try? container.decode(String.self) {
        value = string
      } else if let array = try? container.decode([JSONValue].self) {
        value = array.map(\.value)
      } else {
        value = try container.decode([String: JSONValue].self).mapValues(\.value)
      }
    }
  }

  /// A JSON number, or one of the strings "nan", "inf", "-inf".
  static func number(_ any: Any?) -> Double {
    switch any {
    case let n as Int: return Double(n)
    case let n as Double: return n
    case let s as String where s == "nan": return .nan
    case let s as String where s == "inf": return .infinity
    case let s as String where s == "-inf": return -.infinity
    default: fatalError("not a vector number: \(String(describing: any))")
    }
  }

  static func numbers(_ any: Any?) -> [Double] {
    (any as? [Any] ?? []).map(number)
  }

  /// A number or a list of numbers, as a list.
  static func list(_ any: Any?) -> [Double] {
    any is [Any] ? numbers(any) : [number(any)]
  }

  /// `actual` matches `expected` within `tolerance` (0: bit-exact; NaN
  /// matches NaN; an infinite expected value matches only itself).
  static func matches(_ actual: Double, _ expected: Double, tolerance: Double) -> Bool {
    if expected.isNaN { return actual.isNaN }
    if expected.isInfinite { return actual == expected }
    if tolerance == 0 { return actual.bitPattern == expected.bitPattern || actual == expected }
    return abs(actual - expected) <= tolerance
  }

  /// A keyframe's style, or an error named as the C ABI would report it.
  ///
  /// Interpolation names are strings in the vectors and enum cases in Swift;
  /// a name `Interpolation(rawValue:)` rejects is reported as
  /// `.invalidValue`, the kind `kf_track_set_keyframe_styled` gives it.
  static func style(_ k: [String: Any]) throws(RazzleError) -> KeyframeStyle {
    var style = KeyframeStyle(easing: try Easing(parsing: k["easing"] as? String ?? ""))
    if let name = k["interpolation"] as? String, !name.isEmpty {
      guard let mode = Interpolation(rawValue: name) else {
        throw RazzleError(.invalidValue, "unknown interpolation \"\(name)\"")
      }
      style.interpolation = mode
    }
    if k["tension"] != nil { style.tension = number(k["tension"]) }
    if k["continuity"] != nil { style.continuity = number(k["continuity"]) }
    if k["bias"] != nil { style.bias = number(k["bias"]) }
    style.leftHandle = handle(k["left"])
    style.rightHandle = handle(k["right"])
    return style
  }

  static func handle(_ any: Any?) -> BezierHandle? {
    guard let h = any as? [String: Any] else { return nil }
    return BezierHandle(time: number(h["time"]), value: numbers(h["value"]))
  }

  /// Sets a keyframe object `k` (time, value and style fields) on `track`.
  static func set(_ k: [String: Any], on track: Track) throws(RazzleError) {
    try track.setKeyframe(time: number(k["time"]), value: numbers(k["value"]), style: style(k))
  }

  /// Builds the track a group describes, with its extrapolation.
  static func track(
    property: String, keyframes: [[String: Any]], extrapolation: [String: Any]? = nil
  ) throws -> Track {
    let track = try Track(property: property)
    for k in keyframes { try set(k, on: track) }
    if let extrapolation {
      let mode = { (side: String) throws -> Extrapolation? in
        guard let name = extrapolation[side] as? String else { return nil }
        guard let mode = Extrapolation(rawValue: name) else {
          throw RazzleError(.invalidValue, "unknown extrapolation \"\(name)\"")
        }
        return mode
      }
      try track.setExtrapolation(before: try mode("before"), after: try mode("after"))
    }
    return track
  }
}
