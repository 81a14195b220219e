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
