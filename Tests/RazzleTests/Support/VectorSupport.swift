import Foundation
import Razzle

/// Loads the shared test vectors in `Tests/vectors/`, the same files pytest
/// and the C program run (see `Tests/vectors/README.md` for the format).
enum Vectors {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("vectors")

  /// The names of every track vector file (schema `razzle-vectors/…`),
  /// sorted; the path and mask files have their own runner.
  static func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") && !pathFiles.contains($0) }.sorted()
  }

  /// The files of schema `razzle-path-vectors/1` (`PathVectorTests`).
  static let pathFiles: Set<String> = ["paths.json", "masks.json"]

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
    if tolerance == 0 { return actual.bitPattern == expected.bitPattern }
    return abs(actual - expected) <= tolerance
  }

  /// A keyframe's style, through the core's own name rules (as the C API
  /// and scene files read them).
  static func style(_ k: [String: Any]) throws(RazzleError) -> KeyframeStyle {
    var style = KeyframeStyle(easing: try Easing(parsing: k["easing"] as? String ?? ""))
    if let name = k["interpolation"] as? String, !name.isEmpty {
      style.interpolation = try Interpolation(named: name)
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

  /// The track options a group, compose track or rejection asks for with
  /// its fields `kind`, `channels`, `color_space` and `premultiplied`.
  static func options(_ spec: [String: Any]) -> TrackOptions {
    TrackOptions(
      kind: spec["kind"] as? String, channels: spec["channels"] as? Int ?? 0,
      colorSpace: spec["color_space"] as? String,
      premultiplied: spec["premultiplied"] as? Bool ?? false)
  }

  /// The extrapolation modes of `{"before": name, "after": name}`.
  static func extrapolation(_ modes: [String: Any]) throws(RazzleError) -> (
    before: Extrapolation?, after: Extrapolation?
  ) {
    func mode(_ side: String) throws(RazzleError) -> Extrapolation? {
      guard let name = modes[side] as? String else { return nil }
      return try Extrapolation(named: name)
    }
    return (try mode("before"), try mode("after"))
  }

  /// Applies one hide group operation, `{"hide_at": t}` or `{"show_at": t}`.
  static func apply(_ operation: [String: Any], to track: Track) throws(RazzleError) {
    if operation["hide_at"] != nil { try track.hide(at: number(operation["hide_at"])) }
    if operation["show_at"] != nil { try track.show(at: number(operation["show_at"])) }
  }

  /// Builds the track a track or hide group (or a rejection's setup)
  /// describes: its kind, keyframes, extrapolation and operations.
  static func track(_ spec: [String: Any], target: String = "view") throws(RazzleError) -> Track {
    guard let property = spec["property"] as? String else {
      throw RazzleError(.invalidName, "no property")
    }
    let track = try Animator().addTrack(target: target, property: property, options: options(spec))
    for k in spec["keyframes"] as? [[String: Any]] ?? [] { try set(k, on: track) }
    if let modes = spec["extrapolation"] as? [String: Any] {
      let (before, after) = try extrapolation(modes)
      try track.setExtrapolation(before: before, after: after)
    }
    for operation in spec["operations"] as? [[String: Any]] ?? [] {
      try apply(operation, to: track)
    }
    return track
  }

  /// The timing a timing group or rejection describes with its `timing`
  /// object (Python's keyword names, Core Animation's aliases included),
  /// through the core's own name rules.
  static func timing(_ spec: [String: Any]) throws(RazzleError) -> Timing {
    func value(_ key: String, _ fallback: Double) -> Double {
      spec[key].map { number($0) } ?? fallback
    }
    var duration = Timing.Duration.auto
    if let d = spec["duration"], (d as? String) != "auto" { duration = .time(number(d)) }
    var fill = FillMode.auto
    if let name = (spec["fill"] ?? spec["fill_mode"]) as? String {
      fill = try FillMode(parsing: name)
    }
    var direction = PlaybackDirection.normal
    if let name = spec["direction"] as? String { direction = try PlaybackDirection(named: name) }
    return try Timing(
      delay: value("delay", 0), endDelay: value("end_delay", 0), duration: duration,
      iterations: value("iterations", value("repeat_count", 1)),
      iterationStart: value("iteration_start", 0), direction: direction, fill: fill,
      easing: try Easing(parsing: spec["easing"] as? String ?? ""),
      autoreverses: spec["autoreverses"] as? Bool ?? false, timeOffset: value("time_offset", 0))
  }

  /// The checks the library is known to fail: (file, group id, "value" or
  /// "velocity") from `known_failures.txt`.
  static func knownFailures() throws -> Set<[String]> {
    let text = try String(
      contentsOf: directory.appendingPathComponent("known_failures.txt"), encoding: .utf8)
    var known = Set<[String]>()
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .split(separator: " ").map(String.init)
      if fields.count == 3 { known.insert(fields) }
    }
    return known
  }
}
