import XCTest

@testable import Razzle

/// Runs `choreography.json` and `player.json` (schema razzle-choreography/1)
/// through the Swift API; pytest and the C program run the same files.
final class ChoreographyVectorTests: XCTestCase {
  typealias Object = [String: Any]

  func testBothFilesAreFound() throws {
    XCTAssertEqual(
      try Vectors.files(schema: "razzle-choreography/"), ["choreography.json", "player.json"])
  }

  // MARK: - Building from the files' descriptions

  /// A clip of natural duration `d`: one track `a.x` keyed 0 → 0, d → d.
  func unitClip(_ d: Double, timing: Timing = .default) throws -> Node {
    let a = Animator()
    let t = try a.addTrack(target: "a", property: "x")
    try t.setKeyframe(time: 0, value: [0])
    if d > 0 { try t.setKeyframe(time: d, value: [d]) }
    return try Node.clip(a, timing: timing)
  }

  static func placement(_ any: Any?) throws(RazzleError) -> Placement {
    switch any {
    case nil, is NSNull: return .end(0)
    case let s as String: return try Placement(parsing: s)
    default: return .time(Vectors.number(any))
    }
  }

  func node(_ spec: Object) throws -> Node {
    if let clip = spec["clip"] as? Object {
      let a = Animator()
      for t in clip["tracks"] as? [Object] ?? [] {
        let track = try a.addTrack(
          target: t["target"] as? String ?? "", property: try XCTUnwrap(t["property"] as? String))
        for k in t["keyframes"] as? [[Any]] ?? [] {
          try track.setKeyframe(time: Vectors.number(k[0]), value: [Vectors.number(k[1])])
        }
      }
      let span = (clip["span"] as? [Any]).map { (Vectors.number($0[0]), Vectors.number($0[1])) }
      return try Node.clip(
        a, span: span, timing: try Vectors.timing(clip["timing"] as? Object ?? [:]),
        composite: try Composite(named: clip["composite"] as? String ?? "replace"))
    }
    let line = try XCTUnwrap(spec["timeline"] as? Object)
    let timeline = Node.timeline(timing: try Vectors.timing(line["timing"] as? Object ?? [:]))
    for child in line["children"] as? [Object] ?? [] {
      try timeline.add(
        try node(try XCTUnwrap(child["node"] as? Object)), at: Self.placement(child["at"]))
    }
    return timeline
  }

  static func origin(_ g: Object) throws(RazzleError) -> StaggerDistribution.Origin {
    switch g["from"] {
    case nil: return .index(0)
    case let name as String:
      let kind = try StaggerDistribution.OriginKind(named: name)
      return StaggerDistribution.origin(kind, seed: UInt64(g["seed"] as? Int ?? 0))
    case let point as [Any]:
      return .point(x: Vectors.number(point[0]), y: Vectors.number(point[1]))
    case let any: return .index(Int(Vectors.number(any)))
    }
  }

  static func distribution(_ g: Object) throws(RazzleError) -> StaggerDistribution {
    let grid = (g["grid"] as? [Int]).map { ($0[0], $0[1]) }
    return try StaggerDistribution(
      g["amount"] != nil
        ? .amount(Vectors.number(g["amount"])) : .each(Vectors.number(g["each"] ?? 0.05)),
      from: origin(g), grid: grid,
      axis: try StaggerDistribution.Axis(named: g["axis"] as? String ?? "both"),
      ease: try (g["ease"] as? String).map { (s) throws(RazzleError) in try Easing(parsing: s) },
      maxCount: g["max_count"] as? Int)
  }

  func relativeKeyframes(_ g: Object) throws -> Node {
    var k = try RelativeKeyframes(
      duration: Vectors.number(g["duration"]), delay: Vectors.number(g["delay"] ?? 0),
      mode: try KeyframeCalculationMode(named: g["calculation_mode"] as? String ?? "linear"))
    for (target, properties) in try Self.ordered(g["start"]) {
      for (property, value) in try Self.ordered(properties) {
        try k.setStart(target: target, property: property, value: Vectors.list(value))
      }
    }
    for block in g["blocks"] as? [[Any]] ?? [] {
      var values: [(target: String, property: String, value: [Double])] = []
      for (target, properties) in try Self.ordered(block[2]) {
        for (property, value) in try Self.ordered(properties) {
          values.append((target, property, Vectors.list(value)))
        }
      }
      try k.addBlock(
        start: Vectors.number(block[0]), duration: Vectors.number(block[1]), values: values)
    }
    return try k.makeClip()
  }

  /// A JSON object's entries in the file's order (`JSONDecoder` forgets it;
  /// the files list properties in column order, so the runner keeps a
  /// sorted order and the columns say which is which).
  static func ordered(_ any: Any?) throws -> [(String, Any)] {
    (any as? Object ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  func values(_ node: Node, at time: Double, columns: [[String]]) throws -> [[Double]?] {
    let frame = try node.values(at: time)
    return columns.map { pair in
      frame.first { $0.column.target == pair[0] && $0.column.property == pair[1] }?.value ?? nil
    }
  }

  func check(
    _ actual: [[Double]?], _ expected: [Any], tolerance: Double, _ message: String
  ) {
    XCTAssertEqual(actual.count, expected.count, message)
    for (a, e) in zip(actual, expected) {
      if e is NSNull {
        XCTAssertNil(a, message)
        continue
      }
      let want = Vectors.list(e)
      guard let a, a.count == want.count else {
        XCTFail("\(message): \(String(describing: a)) vs \(want)")
        continue
      }
      for (x, y) in zip(a, want) {
        XCTAssertTrue(Vectors.matches(x, y, tolerance: tolerance), "\(message): \(a) vs \(want)")
      }
    }
  }

  // MARK: - choreography.json

  func testChoreographyGroups() throws {
    let doc = try Vectors.load("choreography.json")
    var checked = 0
    for g in try XCTUnwrap(doc["groups"] as? [Object]) {
      let id = g["id"] as? String ?? "?"
      let tolerance = Vectors.number(g["tolerance"] ?? 0)
      switch g["kind"] as? String {
      case "placement":
        let line = Node.timeline()
        var starts: [Double] = []
        for op in g["ops"] as? [Object] ?? [] {
          if op["op"] as? String == "add" {
            starts.append(
              try line.add(
                try unitClip(Vectors.number(op["duration"])), at: Self.placement(op["at"])))
          } else {
            try line.addLabel(try XCTUnwrap(op["name"] as? String), at: Self.placement(op["at"]))
          }
        }
        check(starts.map { [$0] }, g["starts"] as? [Any] ?? [], tolerance: tolerance, id)
        XCTAssertEqual(line.naturalDuration, Vectors.number(g["duration"]), accuracy: tolerance, id)
        for (name, time) in g["labels"] as? Object ?? [:] {
          XCTAssertEqual(try line.labelTime(name), Vectors.number(time), accuracy: tolerance, id)
        }
        checked += 1
      case "tree":
        let root = try node(try XCTUnwrap(g["node"] as? Object))
        let columns = try XCTUnwrap(g["columns"] as? [[String]])
        XCTAssertEqual(try root.layout().columns.map { [$0.target, $0.property] }, columns, id)
        for s in g["samples"] as? [Object] ?? [] {
          let t = Vectors.number(s["time"])
          check(
            try values(root, at: t, columns: columns), s["values"] as? [Any] ?? [],
            tolerance: tolerance, "\(id) at \(t)")
          checked += 1
        }
        // The batch call gives the same rows.
        let times = (g["samples"] as? [Object] ?? []).map { Vectors.number($0["time"]) }
        let width = try root.layout().width
        var out = [Double](repeating: 0, count: times.count * width)
        try times.withUnsafeBufferPointer { t in
          try out.withUnsafeMutableBufferPointer { o in _ = try root.sample(times: t, into: o) }
        }
        for (j, t) in times.enumerated() {
          let single = try values(root, at: t, columns: columns)
          let row = Array(out[j * width..<(j + 1) * width])
          XCTAssertEqual(
            single.flatMap { $0 ?? [.nan] }.map(\.bitPattern), row.map(\.bitPattern), id)
        }
      case "stagger":
        let count = try XCTUnwrap(g["count"] as? Int)
        let offsets = try Self.distribution(g).offsets(count: count)
        check(offsets.map { [$0] }, g["offsets"] as? [Any] ?? [], tolerance: tolerance, id)
        checked += 1
      case "preset":
        let count = try XCTUnwrap(g["count"] as? Int)
        let preset = try StaggerPreset(named: try XCTUnwrap(g["preset"] as? String))
        let spring = StaggerPreset.defaultSpring
        XCTAssertEqual(spring.stiffness, Vectors.number(g["stiffness"]), accuracy: 1e-9, id)
        XCTAssertEqual(spring.damping, Vectors.number(g["damping"]), accuracy: 1e-9, id)
        let node = try preset.stagger(
          targets: (0..<count).map { "item\($0)" }, maxCount: g["max_count"] as? Int ?? 20)
        let columns = try XCTUnwrap(g["columns"] as? [[String]])
        if g["subset"] as? Bool != true {
          XCTAssertEqual(try node.layout().columns.map { [$0.target, $0.property] }, columns, id)
        }
        for s in g["samples"] as? [Object] ?? [] {
          let t = Vectors.number(s["time"])
          check(
            try values(node, at: t, columns: columns), s["values"] as? [Any] ?? [],
            tolerance: tolerance, "\(id) at \(t)")
          checked += 1
        }
      case "relative_keyframes":
        let clip = try relativeKeyframes(g)
        let columns = try XCTUnwrap(g["columns"] as? [[String]])
        for s in g["samples"] as? [Object] ?? [] {
          let t = Vectors.number(s["time"])
          check(
            try values(clip, at: t, columns: columns), s["values"] as? [Any] ?? [],
            tolerance: tolerance, "\(id) at \(t)")
          checked += 1
        }
      default:
        XCTFail("\(id): unknown kind \(String(describing: g["kind"]))")
      }
    }
    XCTAssertGreaterThan(checked, 200)
  }

  func testChoreographyRejections() throws {
    let doc = try Vectors.load("choreography.json")
    for r in try XCTUnwrap(doc["rejections"] as? [Object]) {
      let id = r["id"] as? String ?? "?"
      let status = try XCTUnwrap(r["status"] as? String)
      var error: RazzleError?
      switch r["kind"] as? String {
      case "placement":
        let line = Node.timeline()
        for op in r["ops"] as? [Object] ?? [] {
          if op["op"] as? String == "add" {
            try line.add(try unitClip(Vectors.number(op["duration"])), at: Self.placement(op["at"]))
          } else {
            try line.addLabel(try XCTUnwrap(op["name"] as? String), at: Self.placement(op["at"]))
          }
        }
        let op = try XCTUnwrap(r["op"] as? Object)
        do {
          if op["op"] as? String == "add" {
            try line.add(try unitClip(Vectors.number(op["duration"])), at: Self.placement(op["at"]))
          } else {
            try line.addLabel(try XCTUnwrap(op["name"] as? String), at: Self.placement(op["at"]))
          }
        } catch let e as RazzleError { error = e }
        check(
          line.children.map { [$0.start] }, r["starts"] as? [Any] ?? [], tolerance: 0, id)
        XCTAssertEqual(line.naturalDuration, Vectors.number(r["duration"]), id)
      case "stagger":
        do {
          let count = r["count"] as? Int ?? 0
          let template = try unitClip(1)
          _ = try Node.stagger(
            template, targets: (0..<count).map { "item\($0)" },
            distribution: try Self.distribution(r))
        } catch let e as RazzleError { error = e }
      case "relative_keyframes":
        do { _ = try relativeKeyframes(r) } catch let e as RazzleError { error = e }
      default:
        XCTFail("\(id): unknown kind")
      }
      XCTAssertEqual(error.map { "KF_E_" + Self.statusName($0.kind) }, status, id)
      if let needle = r["message_contains"] as? String {
        XCTAssertTrue(
          error?.message.contains(needle) ?? false, "\(id): \(String(describing: error))")
      }
    }
  }

  /// `.invalidValue` → `INVALID_VALUE`: the header's name without `KF_E_`.
  static func statusName(_ kind: RazzleError.Kind) -> String {
    let names: [RazzleError.Kind: String] = [
      .null: "NULL", .invalidHandle: "INVALID_HANDLE", .invalidValue: "INVALID_VALUE",
      .wrongSize: "WRONG_SIZE", .bufferTooSmall: "BUFFER_TOO_SMALL", .easing: "EASING",
      .emptyTrack: "EMPTY_TRACK", .notFound: "NOT_FOUND", .duplicate: "DUPLICATE",
      .invalidName: "INVALID_NAME", .outOfRange: "OUT_OF_RANGE", .kindMismatch: "KIND_MISMATCH",
      .stale: "STALE", .invalidState: "INVALID_STATE",
    ]
    return names[kind] ?? "?"
  }

  // MARK: - player.json

  func player(_ g: Object) throws -> Player {
    let spec = try XCTUnwrap(g["node"] as? Object)
    let clip = try unitClip(
      Vectors.number(spec["duration"]), timing: try Vectors.timing(spec["timing"] as? Object ?? [:])
    )
    return Player(clip)
  }

  func run(_ step: Object, on player: Player) throws -> [PlayerEvent] {
    switch step["op"] as? String {
    case "tick": return try player.tick(Vectors.number(step["now"]))
    case "advance": return try player.advance(by: Vectors.number(step["dt"]))
    case "play": try player.play()
    case "pause": try player.pause()
    case "reverse": try player.reverse()
    case "finish": try player.finish()
    case "cancel": player.cancel()
    case "seek": try player.setCurrentTime(Vectors.number(step["time"]))
    case "rate": try player.setPlaybackRate(Vectors.number(step["rate"]))
    case let op: XCTFail("unknown op \(String(describing: op))")
    }
    return []
  }

  func check(_ player: Player, _ expect: Object, events: [PlayerEvent]?, _ id: String) {
    let tolerance = 1e-9
    if expect["current_time"] is NSNull || expect["current_time"] == nil {
      XCTAssertNil(player.currentTime, id)
    } else {
      XCTAssertEqual(
        player.currentTime ?? .nan, Vectors.number(expect["current_time"]), accuracy: tolerance, id)
    }
    XCTAssertEqual(player.playState.name, expect["play_state"] as? String, id)
    if let rate = expect["playback_rate"] {
      XCTAssertEqual(player.playbackRate, Vectors.number(rate), id)
    }
    guard let events, let want = expect["events"] as? [[Any]] else { return }
    XCTAssertEqual(events.count, want.count, "\(id): \(events)")
    for (e, w) in zip(events, want) {
      XCTAssertEqual(e.kind.name, w[0] as? String, "\(id): \(events)")
      XCTAssertEqual(e.clockTime, Vectors.number(w[1]), accuracy: tolerance, "\(id): \(events)")
      if w[2] is NSNull {
        XCTAssertNil(e.iteration, id)
      } else {
        XCTAssertEqual(e.iteration, Vectors.number(w[2]), "\(id): \(events)")
      }
    }
  }

  func testPlayerGroups() throws {
    let doc = try Vectors.load("player.json")
    var checked = 0
    for g in try XCTUnwrap(doc["groups"] as? [Object]) {
      let id = g["id"] as? String ?? "?"
      let player = try player(g)
      for step in g["steps"] as? [Object] ?? [] {
        let events = try run(step, on: player)
        check(
          player, try XCTUnwrap(step["expect"] as? Object), events: events,
          "\(id) #\(step["tcId"] ?? "")")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 90)
  }

  func testPlayerRejections() throws {
    let doc = try Vectors.load("player.json")
    for r in try XCTUnwrap(doc["rejections"] as? [Object]) {
      let id = r["id"] as? String ?? "?"
      let player = try player(r)
      for step in r["steps"] as? [Object] ?? [] { _ = try run(step, on: player) }
      var error: RazzleError?
      do { _ = try run(try XCTUnwrap(r["op"] as? Object), on: player) } catch let e as RazzleError {
        error = e
      }
      XCTAssertEqual(error.map { "KF_E_" + Self.statusName($0.kind) }, r["status"] as? String, id)
      check(player, try XCTUnwrap(r["expect"] as? Object), events: nil, id)
    }
  }
}
