// Reads a `razzle-scene/1` file (Guides/Scenes.md) into new objects, through
// the core's own validating constructors: every rule a C or Python caller
// meets applies to a file too. The first error stops the load with the
// JSON Pointer, line and column of the value at fault; the objects built so
// far are dropped, so nothing is half-loaded.

extension Scene {
  /// Loads a scene from UTF-8 `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: a `razzle-scene/1` file.
  ///   - limits: the JSON parser's size and depth bounds.
  /// - Returns: a scene of new objects, or the first error.
  /// - Complexity: O(size of the file), plus sorting each track's keyframes.
  public static func load(
    _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits = .default
  ) -> Result<Scene, SceneError> {
    switch JSONParser.parse(bytes, limits: limits) {
    case .failure(let e):
      return .failure(
        SceneError(kind: .format, reason: e.reason, pointer: e.pointer, position: e.position))
    case .success(let root):
      var reader = SceneReader()
      do throws(SceneError) {
        return .success(try reader.scene(root))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Loads a scene from `text`; see ``load(_:limits:)-(UnsafeBufferPointer<UInt8>,_)``.
  public static func load(_ text: String, limits: JSONParser.Limits = .default) -> Result<
    Scene, SceneError
  > {
    var text = text
    return text.withUTF8 { load($0, limits: limits) }
  }
}

/// The state of one load.
struct SceneReader {
  /// The path to the object being read.
  var path: [JSONPointer.Component] = []
  var extensions: [String: JSONValue] = [:]
  private var animators: [Animator] = []
  /// Easings already parsed, by their text.
  private var easings: [String: Easing] = [:]
  /// The easing read last and its text: a track's keyframes mostly repeat
  /// one, which then costs a comparison, not a hash.
  private var lastEasingText: String?
  private var lastEasing = Easing.linear

  // MARK: - Errors and members

  func pointer(_ key: String? = nil) -> JSONPointer {
    JSONPointer(key.map { path + [.key($0)] } ?? path)
  }

  func fail(
    _ kind: RazzleError.Kind, _ reason: String, _ value: JSONValue, key: String? = nil
  ) -> SceneError {
    SceneError(kind: kind, reason: reason, pointer: pointer(key), position: value.position)
  }

  func fail(_ reason: String, _ value: JSONValue, key: String? = nil) -> SceneError {
    fail(.format, reason, value, key: key)
  }

  func wrap(_ error: RazzleError, _ value: JSONValue, key: String? = nil) -> SceneError {
    fail(error.kind, error.message, value, key: key)
  }

  /// The members of `value`, which must be an object with members among
  /// `known` and `extensions`; every name in `required` must be there.
  /// Records the extensions object.
  mutating func members(
    _ value: JSONValue, _ what: String, known: [String], required: [String] = []
  ) throws(SceneError) -> [JSONMember] {
    guard case .object(let members) = value.content else {
      throw fail("expected \(what) (an object), got \(value.typeName)", value)
    }
    for m in members where !known.contains(m.key) {
      if m.key == "extensions" {
        guard case .object = m.value.content else {
          throw fail("extensions must be an object, got \(m.value.typeName)", m.value, key: m.key)
        }
        extensions[JSONPointer(path).description] = m.value
        continue
      }
      throw SceneError(
        kind: .format,
        reason: "unknown field \"\(m.key)\" in \(what) (known: \(known.joined(separator: ", ")))",
        pointer: pointer(m.key), position: m.keyPosition)
    }
    for name in required where !members.contains(where: { $0.key == name }) {
      throw fail("\(what) needs the field \"\(name)\"", value)
    }
    return members
  }

  func number(_ v: JSONValue, _ key: String) throws(SceneError) -> Double {
    guard case .number(let x) = v.content else {
      throw fail("expected a number, got \(v.typeName)", v, key: key)
    }
    return x
  }

  func integer(_ v: JSONValue, _ key: String, min: Int = 0) throws(SceneError) -> Int {
    let x = try number(v, key)
    guard x == x.rounded(), x >= Double(min), x <= 9_007_199_254_740_992 else {
      throw fail("expected an integer >= \(min), got \(x)", v, key: key)
    }
    return Int(x)
  }

  func string(_ v: JSONValue, _ key: String) throws(SceneError) -> String {
    guard case .string(let s) = v.content else {
      throw fail("expected a string, got \(v.typeName)", v, key: key)
    }
    return s
  }

  func bool(_ v: JSONValue, _ key: String) throws(SceneError) -> Bool {
    guard case .bool(let b) = v.content else {
      throw fail("expected true or false, got \(v.typeName)", v, key: key)
    }
    return b
  }

  func array(_ v: JSONValue, _ key: String) throws(SceneError) -> [JSONValue] {
    guard case .array(let a) = v.content else {
      throw fail("expected an array, got \(v.typeName)", v, key: key)
    }
    return a
  }

  func numbers(_ v: JSONValue, _ key: String, count: Int? = nil) throws(SceneError)
    -> [Double]
  {
    let elements = try array(v, key)
    if let count, elements.count != count {
      throw fail(.wrongSize, "expected \(count) numbers, got \(elements.count)", v, key: key)
    }
    var out: [Double] = []
    out.reserveCapacity(elements.count)
    for (i, e) in elements.enumerated() {
      guard case .number(let x) = e.content else {
        throw SceneError(
          kind: .format, reason: "expected a number, got \(e.typeName)",
          pointer: JSONPointer(path + [.key(key), .index(i)]), position: e.position)
      }
      out.append(x)
    }
    return out
  }

  /// ``numbers(_:_:count:)`` appended to `out` without an array between.
  func appendNumbers(_ v: JSONValue, _ key: String, count: Int, to out: inout [Double])
    throws(SceneError)
  {
    guard case .array(let elements) = v.content else {
      throw fail("expected an array, got \(v.typeName)", v, key: key)
    }
    if elements.count != count {
      throw fail(.wrongSize, "expected \(count) numbers, got \(elements.count)", v, key: key)
    }
    for i in elements.indices {
      guard case .number(let x) = elements[i].content else {
        let e = elements[i]
        throw SceneError(
          kind: .format, reason: "expected a number, got \(e.typeName)",
          pointer: JSONPointer(path + [.key(key), .index(i)]), position: e.position)
      }
      out.append(x)
    }
  }

  /// A name of a `NamedValue` type (interpolation, extrapolation, …).
  func named<T: NamedValue>(_ v: JSONValue, _ key: String, as: T.Type) throws(SceneError)
    -> T
  {
    let text = try string(v, key)
    do throws(RazzleError) {
      return try T(named: text)
    } catch {
      throw wrap(error, v, key: key)
    }
  }

  mutating func easing(_ v: JSONValue, _ key: String) throws(SceneError) -> Easing {
    let text = try string(v, key)
    if let last = lastEasingText, last == text { return lastEasing }
    if let known = easings[text] {
      lastEasingText = text
      lastEasing = known
      return known
    }
    do throws(RazzleError) {
      let parsed = try Easing(parsing: text)
      easings[text] = parsed
      lastEasingText = text
      lastEasing = parsed
      return parsed
    } catch {
      throw wrap(error, v, key: key)
    }
  }

  func name(_ v: JSONValue) throws(SceneError) -> String {
    let s = try string(v, "name")
    guard !s.isEmpty, !s.utf8.contains(0) else {
      throw fail(.invalidName, "a name must be non-empty without NUL", v, key: "name")
    }
    return s
  }

  // MARK: - The scene

  mutating func scene(_ root: JSONValue) throws(SceneError) -> Scene {
    let members = try members(
      root, "a scene",
      known: ["format", "animators", "nodes", "pagings", "paths", "masks", "stages"],
      required: ["format"])
    let scene = Scene()
    var lists: [String: JSONValue] = [:]
    for m in members { lists[m.key] = m.value }
    if let f = lists["format"] {
      let format = try string(f, "format")
      guard format == Scene.format else {
        throw fail(
          "unsupported format \"\(format)\": this library reads \"\(Scene.format)\"", f,
          key: "format")
      }
    }
    // Animators first: the others refer to them by index.
    for kind in Scene.ItemKind.allCases where kind != .stage {
      guard let list = lists[kind.listName] else { continue }
      let elements = try array(list, kind.listName)
      path = [.key(kind.listName)]
      var names: [String?] = []
      for (i, element) in elements.enumerated() {
        path = [.key(kind.listName), .index(i)]
        var itemName: String?
        if let n = element["name"] { itemName = try name(n) }
        if let itemName, names.contains(itemName) {
          throw fail(
            .duplicate, "another \(kind.rawValue) is named \"\(itemName)\"",
            element["name"] ?? element,
            key: "name")
        }
        names.append(itemName)
        switch kind {
        case .animator:
          let a = try animator(element)
          animators.append(a)
          scene.animatorItems.append(Scene.Item(name: itemName, object: a))
        case .node:
          scene.nodeItems.append(Scene.Item(name: itemName, object: try node(element, top: true)))
        case .paging:
          scene.pagingItems.append(Scene.Item(name: itemName, object: try paging(element)))
        case .path:
          scene.pathItems.append(Scene.Item(name: itemName, object: try pathObject(element)))
        case .mask:
          scene.maskItems.append(Scene.Item(name: itemName, object: try mask(element)))
        case .stage: break
        }
      }
      path = []
    }
    // Stages last: they name objects of every other list.
    if let list = lists["stages"] {
      let elements = try array(list, "stages")
      for (i, element) in elements.enumerated() {
        path = [.key("stages"), .index(i)]
        scene.stageItems.append(try stage(element, against: scene.stageReferences).canonical)
      }
      path = []
    }
    scene.extensions = extensions
    return scene
  }

  // MARK: - Animators

  private mutating func animator(_ value: JSONValue) throws(SceneError) -> Animator {
    let members = try members(
      value, "an animator", known: ["name", "variables", "tracks"], required: ["tracks"])
    let animator = Animator()
    for m in members {
      switch m.key {
      case "variables":
        guard case .object(let variables) = m.value.content else {
          throw fail("expected variables (an object), got \(m.value.typeName)", m.value, key: m.key)
        }
        path.append(.key("variables"))
        // A map of names: "extensions" is a variable name here like any other.
        for v in variables {
          let x = try number(v.value, v.key)
          do throws(RazzleError) {
            try animator.setVariable(v.key, to: x)
          } catch {
            throw wrap(error, v.value, key: v.key)
          }
        }
        path.removeLast()
      case "tracks":
        let tracks = try array(m.value, "tracks")
        path.append(.key("tracks"))
        for (i, t) in tracks.enumerated() {
          path.append(.index(i))
          try track(t, in: animator)
          path.removeLast()
        }
        path.removeLast()
      default: break
      }
    }
    return animator
  }

  private static let trackFields = [
    "target", "property", "kind", "channels", "color_space", "premultiplied", "before", "after",
    "relative_to", "constant", "keyframes",
  ]

  private mutating func track(_ value: JSONValue, in animator: Animator) throws(SceneError) {
    let members = try members(
      value, "a track", known: Self.trackFields, required: ["property", "keyframes"])
    var options = TrackOptions()
    var target = ""
    var property = ""
    var keyframes: JSONValue?
    for m in members {
      let v = m.value
      switch m.key {
      case "target": target = try string(v, m.key)
      case "property": property = try string(v, m.key)
      case "kind": options.kind = try string(v, m.key)
      case "channels": options.channels = try integer(v, m.key, min: 1)
      case "color_space": options.colorSpace = try string(v, m.key)
      case "premultiplied": options.premultiplied = try bool(v, m.key)
      case "before": options.before = try named(v, m.key, as: Extrapolation.self)
      case "after": options.after = try named(v, m.key, as: Extrapolation.self)
      case "relative_to": options.relativeTo = try string(v, m.key)
      case "constant": options.constant = try number(v, m.key)
      case "keyframes": keyframes = v
      default: break
      }
    }
    let track: Track
    do throws(RazzleError) {
      track = try animator.addTrack(target: target, property: property, options: options)
    } catch {
      throw wrap(error, value)
    }
    guard let keyframes else { return }
    let list = try array(keyframes, "keyframes")
    path.append(.key("keyframes"))
    defer { path.removeLast() }
    let channels = track.channels
    var times: [Double] = []
    var values: [Double] = []
    times.reserveCapacity(list.count)
    values.reserveCapacity(list.count * channels)
    // The first keyframe's style, and every keyframe's only once one
    // differs from it: a track whose keyframes share one style (the common
    // case) gives the bulk call that one style, checked and interned once.
    var first = KeyframeStyle.plain
    var styles: [KeyframeStyle] = []
    var style = KeyframeStyle.plain
    for (i, kf) in list.enumerated() {
      path.append(.index(i))
      let time = try keyframe(kf, channels: channels, into: &values, style: &style)
      if let last = times.last, !(time > last) {
        throw fail(
          .invalidValue, "keyframe times must increase: \(time) follows \(last)", kf,
          key: "time")
      }
      times.append(time)
      if i == 0 {
        first = style
      } else if !styles.isEmpty {
        styles.append(style)
      } else if style != first {
        styles.reserveCapacity(list.count)
        styles.append(contentsOf: repeatElement(first, count: i))
        styles.append(style)
      }
      path.removeLast()
    }
    if styles.isEmpty && first != .plain { styles = [first] }
    var failed = -1
    do throws(RazzleError) {
      try times.withUnsafeBufferPointer { (t) throws(RazzleError) in
        try values.withUnsafeBufferPointer { (v) throws(RazzleError) in
          try track.setKeyframes(times: t, values: v, styles: styles, failed: &failed)
        }
      }
    } catch {
      if failed >= 0 {
        path.append(.index(failed))
        defer { path.removeLast() }
        // The bulk call's "keyframe <i>: " prefix: the pointer names it.
        var message = Substring(error.message)
        if message.hasPrefix("keyframe "), let colon = message.firstIndex(of: ":") {
          message = message[message.index(after: colon)...].drop { $0 == " " }
        }
        throw fail(error.kind, String(message), list[failed])
      }
      throw wrap(error, keyframes)
    }
  }

  private static let keyframeFields = [
    "time", "value", "easing", "interpolation", "tension", "continuity", "bias", "left_handle",
    "right_handle",
  ]

  /// Reads one keyframe: returns its time, appends its value to `values`
  /// and sets `style` to its style.
  private mutating func keyframe(
    _ value: JSONValue, channels: Int, into values: inout [Double], style: inout KeyframeStyle
  ) throws(SceneError) -> Double {
    let members = try members(
      value, "a keyframe", known: Self.keyframeFields, required: ["time", "value"])
    var time = 0.0
    resetToPlain(&style)
    for k in members.indices {
      // Each member's parts are read in place, not copied out as a member.
      let v = members[k].value
      switch members[k].key {
      case "time":
        guard case .number(let x) = v.content else {
          throw fail("expected a number, got \(v.typeName)", v, key: "time")
        }
        time = x
      case "value":
        if channels == 1 {
          guard case .number(let x) = v.content else {
            throw fail("a one-channel value is a number, got \(v.typeName)", v, key: "value")
          }
          values.append(x)
        } else {
          try appendNumbers(v, "value", count: channels, to: &values)
        }
      case "easing":
        if case .string(let text) = v.content, let last = lastEasingText, last == text {
          style.easing = lastEasing
        } else {
          style.easing = try easing(v, "easing")
        }
      case "interpolation":
        style.interpolation = try named(v, "interpolation", as: Interpolation.self)
      case "tension": style.tension = try number(v, "tension")
      case "continuity": style.continuity = try number(v, "continuity")
      case "bias": style.bias = try number(v, "bias")
      case "left_handle", "right_handle":
        let key = members[k].key
        let flat = try numbers(v, key, count: channels + 1)
        let handle = BezierHandle(time: flat[0], value: Array(flat.dropFirst()))
        if key == "left_handle" { style.leftHandle = handle } else { style.rightHandle = handle }
      default: break
      }
    }
    return time
  }

  /// Sets `style` to ``KeyframeStyle/plain`` field by field: cheaper than
  /// a copy of the whole style when, as usual, it has no handles.
  private func resetToPlain(_ style: inout KeyframeStyle) {
    style.easing = .linear
    style.interpolation = .linear
    style.tension = 0
    style.continuity = 0
    style.bias = 0
    if style.leftHandle != nil { style.leftHandle = nil }
    if style.rightHandle != nil { style.rightHandle = nil }
  }

  // MARK: - Nodes

  private func animatorIndex(_ v: JSONValue) throws(SceneError) -> Animator {
    let i = try integer(v, "animator")
    guard i < animators.count else {
      throw fail(
        .outOfRange, "animator index \(i) is out of range (the scene has \(animators.count))", v,
        key: "animator")
    }
    return animators[i]
  }

  private mutating func timing(_ v: JSONValue) throws(SceneError) -> Timing {
    path.append(.key("timing"))
    defer { path.removeLast() }
    let members = try members(
      v, "a timing",
      known: [
        "delay", "end_delay", "duration", "iterations", "iteration_start", "direction", "fill",
        "easing",
      ])
    var delay = 0.0
    var endDelay = 0.0
    var duration = Timing.Duration.auto
    var iterations = 1.0
    var iterationStart = 0.0
    var direction = PlaybackDirection.normal
    var fill = FillMode.auto
    var easing = Easing.linear
    for m in members {
      let x = m.value
      switch m.key {
      case "delay": delay = try number(x, m.key)
      case "end_delay": endDelay = try number(x, m.key)
      case "duration":
        switch x.content {
        case .string("auto"): duration = .auto
        case .string("infinite"): duration = .time(.infinity)
        case .number(let d): duration = .time(d)
        default:
          throw fail(
            "expected a number, \"auto\" or \"infinite\", got \(x.typeName)", x, key: m.key)
        }
      case "iterations":
        switch x.content {
        case .string("infinite"): iterations = .infinity
        case .number(let n): iterations = n
        default: throw fail("expected a number or \"infinite\", got \(x.typeName)", x, key: m.key)
        }
      case "iteration_start": iterationStart = try number(x, m.key)
      case "direction": direction = try named(x, m.key, as: PlaybackDirection.self)
      case "fill": fill = try named(x, m.key, as: FillMode.self)
      case "easing": easing = try self.easing(x, m.key)
      default: break
      }
    }
    do throws(RazzleError) {
      return try Timing(
        delay: delay, endDelay: endDelay, duration: duration, iterations: iterations,
        iterationStart: iterationStart, direction: direction, fill: fill, easing: easing)
    } catch {
      throw wrap(error, v)
    }
  }

  private mutating func node(_ value: JSONValue, top: Bool = false) throws(SceneError) -> Node {
    guard let typeValue = value["type"] else {
      _ = try members(value, "a node", known: ["type"], required: ["type"])
      throw fail("a node needs the field \"type\"", value)
    }
    let type = try string(typeValue, "type")
    let common = top ? ["name", "type", "timing"] : ["type", "timing"]
    var timing = Timing.default
    if let t = value["timing"] { timing = try self.timing(t) }
    switch type {
    case "clip":
      let members = try members(
        value, "a clip", known: common + ["animator", "span", "composite"], required: ["animator"])
      var animator: Animator?
      var span: (Double, Double)?
      var composite = Composite.replace
      for m in members {
        switch m.key {
        case "animator": animator = try animatorIndex(m.value)
        case "span":
          let s = try numbers(m.value, m.key, count: 2)
          span = (s[0], s[1])
        case "composite": composite = try named(m.value, m.key, as: Composite.self)
        default: break
        }
      }
      guard let animator else { throw fail("a clip needs the field \"animator\"", value) }
      do throws(RazzleError) {
        return try Node.clip(animator, span: span, timing: timing, composite: composite)
      } catch {
        throw wrap(error, value)
      }
    case "timeline":
      let members = try members(
        value, "a timeline", known: common + ["children", "labels"], required: ["children"])
      let timeline = Node.timeline(timing: timing)
      for m in members {
        switch m.key {
        case "children":
          let children = try array(m.value, m.key)
          path.append(.key("children"))
          for (i, c) in children.enumerated() {
            path.append(.index(i))
            let entry = try self.members(
              c, "a timeline child", known: ["start", "node"], required: ["start", "node"])
            var start = 0.0
            var child: Node?
            for e in entry {
              if e.key == "start" { start = try number(e.value, "start") }
              if e.key == "node" {
                path.append(.key("node"))
                child = try node(e.value)
                path.removeLast()
              }
            }
            if let child {
              do throws(RazzleError) {
                try timeline.add(child, at: .time(start))
              } catch {
                throw wrap(error, c)
              }
            }
            path.removeLast()
          }
          path.removeLast()
        case "labels":
          guard case .object(let labels) = m.value.content else {
            throw fail("expected labels (an object), got \(m.value.typeName)", m.value, key: m.key)
          }
          path.append(.key("labels"))
          for l in labels {
            let t = try number(l.value, l.key)
            do throws(RazzleError) {
              try timeline.addLabel(l.key, at: .time(t))
            } catch {
              throw wrap(error, l.value, key: l.key)
            }
          }
          path.removeLast()
        default: break
        }
      }
      return timeline
    case "stagger":
      let members = try members(
        value, "a stagger", known: common + ["template", "targets", "distribution"],
        required: ["template", "targets"])
      var template: Node?
      var targets: [String] = []
      var distribution: StaggerDistribution?
      for m in members {
        switch m.key {
        case "template":
          path.append(.key("template"))
          if let t = m.value["type"], t.string != "clip" {
            throw fail(.invalidValue, "a stagger's template must be a clip", t, key: "type")
          }
          template = try node(m.value)
          path.removeLast()
        case "targets":
          let list = try array(m.value, m.key)
          path.append(.key("targets"))
          for (i, t) in list.enumerated() { targets.append(try string(t, String(i))) }
          path.removeLast()
        case "distribution":
          path.append(.key("distribution"))
          distribution = try self.distribution(m.value)
          path.removeLast()
        default: break
        }
      }
      guard let template else { throw fail("a stagger needs the field \"template\"", value) }
      do throws(RazzleError) {
        let spread: StaggerDistribution
        if let distribution { spread = distribution } else { spread = try StaggerDistribution() }
        return try Node.stagger(template, targets: targets, distribution: spread, timing: timing)
      } catch {
        throw wrap(error, value)
      }
    default:
      throw fail(
        .invalidName, "unknown node type \"\(type)\" (known: clip, timeline, stagger)", typeValue,
        key: "type")
    }
  }

  private mutating func distribution(_ value: JSONValue) throws(SceneError) -> StaggerDistribution {
    let members = try members(
      value, "a distribution",
      known: ["each", "amount", "from", "seed", "grid", "axis", "ease", "max_count"])
    var spread = StaggerDistribution.Spread.each(0.05)
    var spreads = 0
    var origin = StaggerDistribution.Origin.index(0)
    var random = false
    var seed: UInt64 = 0
    var grid: (rows: Int, columns: Int)?
    var axis = StaggerDistribution.Axis.both
    var ease: Easing?
    var maxCount: Int?
    for m in members {
      let v = m.value
      switch m.key {
      case "each":
        spread = .each(try number(v, m.key))
        spreads += 1
      case "amount":
        spread = .amount(try number(v, m.key))
        spreads += 1
      case "from":
        switch v.content {
        case .number: origin = .index(try integer(v, m.key))
        case .array:
          let p = try numbers(v, m.key, count: 2)
          origin = .point(x: p[0], y: p[1])
        case .string(let s):
          switch s {
          case "start": origin = .start
          case "center": origin = .center
          case "end": origin = .end
          case "edges": origin = .edges
          case "random": random = true
          default:
            throw fail(
              .invalidName,
              "unknown stagger origin \"\(s)\" (known: start, center, end, edges, random, an index, [x, y])",
              v, key: m.key)
          }
        default:
          throw fail("expected a name, an index or [x, y], got \(v.typeName)", v, key: m.key)
        }
      case "seed":
        switch v.content {
        case .number: seed = UInt64(try integer(v, m.key))
        case .string(let s):
          guard let parsed = UInt64(s) else {
            throw fail(.invalidValue, "a seed is an integer in [0, 2^64)", v, key: m.key)
          }
          seed = parsed
        default: throw fail("expected an integer, got \(v.typeName)", v, key: m.key)
        }
      case "grid":
        let g = try numbers(v, m.key, count: 2)
        guard g.allSatisfy({ $0 == $0.rounded() && $0 >= 1 && $0 <= 1e9 }) else {
          throw fail(.invalidValue, "a grid is [rows, columns], integers >= 1", v, key: m.key)
        }
        grid = (Int(g[0]), Int(g[1]))
      case "axis": axis = try named(v, m.key, as: StaggerDistribution.Axis.self)
      case "ease": ease = try easing(v, m.key)
      case "max_count":
        let x = try number(v, m.key)
        guard x == x.rounded(), abs(x) <= 1e15 else {
          throw fail(.invalidValue, "max_count is an integer", v, key: m.key)
        }
        maxCount = Int(x)
      default: break
      }
    }
    if spreads > 1 { throw fail("give each or amount, not both", value) }
    if random { origin = .random(seed: seed) }
    do throws(RazzleError) {
      return try StaggerDistribution(
        spread, from: origin, grid: grid, axis: axis, ease: ease, maxCount: maxCount)
    } catch {
      throw wrap(error, value)
    }
  }

  // MARK: - Paging, paths, masks

  private mutating func paging(_ value: JSONValue) throws(SceneError) -> PagingLayout {
    let members = try members(
      value, "a paging layout", known: ["name", "animator", "pages", "variable", "kept"],
      required: ["animator", "pages", "kept"])
    var animator: Animator?
    var pages = 1
    var variable = "pageWidth"
    var kept: [(target: String, attribute: PageAttribute, hasOffsets: Bool)] = []
    for m in members {
      switch m.key {
      case "animator": animator = try animatorIndex(m.value)
      case "pages": pages = try integer(m.value, m.key, min: 1)
      case "variable": variable = try string(m.value, m.key)
      case "kept":
        let list = try array(m.value, m.key)
        path.append(.key("kept"))
        for (i, k) in list.enumerated() {
          path.append(.index(i))
          let entry = try self.members(
            k, "a kept view", known: ["target", "attribute", "offsets"],
            required: ["target", "attribute"])
          var target = ""
          var attribute = PageAttribute.centerX
          var offsets = false
          for e in entry {
            switch e.key {
            case "target": target = try string(e.value, e.key)
            case "attribute": attribute = try named(e.value, e.key, as: PageAttribute.self)
            case "offsets": offsets = try bool(e.value, e.key)
            default: break
            }
          }
          kept.append((target, attribute, offsets))
          path.removeLast()
        }
        path.removeLast()
      default: break
      }
    }
    guard let animator else { throw fail("a paging layout needs the field \"animator\"", value) }
    do throws(RazzleError) {
      return try PagingLayout(animator: animator, pageCount: pages, variable: variable, kept: kept)
    } catch {
      throw wrap(error, value)
    }
  }

  private mutating func pathObject(_ value: JSONValue) throws(SceneError) -> Path {
    let members = try members(value, "a path", known: ["name", "data"], required: ["data"])
    guard let data = members.first(where: { $0.key == "data" })?.value else {
      throw fail("a path needs the field \"data\"", value)
    }
    let text = try string(data, "data")
    do throws(RazzleError) {
      return try Path(data: text)
    } catch {
      throw wrap(error, data, key: "data")
    }
  }

  private mutating func mask(_ value: JSONValue) throws(SceneError) -> Mask {
    let members = try members(
      value, "a mask", known: ["name", "kind", "width", "height"],
      required: ["kind", "width", "height"])
    var kind = MaskKind.top
    var width = 0.0
    var height = 0.0
    for m in members {
      switch m.key {
      case "kind": kind = try named(m.value, m.key, as: MaskKind.self)
      case "width": width = try number(m.value, m.key)
      case "height": height = try number(m.value, m.key)
      default: break
      }
    }
    do throws(RazzleError) {
      return try Mask(kind, width: width, height: height)
    } catch {
      throw wrap(error, value)
    }
  }
}
