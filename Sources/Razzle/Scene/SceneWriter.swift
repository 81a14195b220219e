// Writes a scene as a `razzle-scene/1` file (Guides/Scenes.md): a fixed
// order of members, defaults left out, numbers in their shortest
// round-trip form, so the same objects always give the same bytes.

extension Scene {
  /// The format this library writes and reads.
  public static let format = "razzle-scene/1"

  /// The scene as `razzle-scene/1` text (pretty layout, ending with a line
  /// break).
  ///
  /// Each track, node and layout is read under its own lock, so each is
  /// one consistent state even while other threads edit it. Animators that nodes or
  /// paging layouts use but the scene does not list are written after the
  /// listed ones, in the order they are met.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a paging layout whose
  ///   kept track or page width variable was removed from its animator, or
  ///   whose width variable was set to a width that is not > 0; `.format`
  ///   for a text longer
  ///   than ``maximumTextBytes``, which no reader would take back (the
  ///   round trip the format promises holds for everything written).
  /// - Complexity: O(size of the file).
  public func write() throws(RazzleError) -> String {
    let value = try json()
    // The writer prints finite numbers only: every value a scene holds is
    // validated finite, so nil is a rule broken upstream, which must not
    // become an empty file.
    guard let text = JSONWriter.write(value, layout: .pretty, integerKeys: SceneWriter.integerKeys)
    else {
      throw RazzleError(
        .invalidValue, "the scene holds a number that is not finite; nothing is written")
    }
    let size = text.utf8.count
    guard size <= Scene.maximumTextBytes else {
      throw RazzleError(
        .format,
        "the scene's text would be \(size) bytes, more than the \(Scene.maximumTextBytes) a scene file may "
          + "hold (KF_SCENE_MAX_BYTES), so it could not be loaded back: split it into several scenes"
      )
    }
    return text
  }

  /// The longest scene text, in bytes, that is read or written (64 MiB):
  /// the JSON parser's default limit, `KF_SCENE_MAX_BYTES`.
  public static let maximumTextBytes = JSONParser.Limits.default.maxBytes

  /// The scene as a JSON tree (what ``write()`` prints).
  public func json() throws(RazzleError) -> JSONValue {
    let (animators, nodes, pagings, paths, masks, stages, extensions) = lock.withReadLock {
      (animatorItems, nodeItems, pagingItems, pathItems, maskItems, stageItems, self.extensions)
    }
    var writer = SceneWriter(extensions: extensions)
    for item in animators { writer.index(of: item.object, name: item.name) }
    // Nodes and pagings first, so that the animators they add are known.
    var nodeValues: [JSONValue] = []
    for (i, item) in nodes.enumerated() {
      nodeValues.append(writer.node(item.object, at: "/nodes/\(i)", name: item.name))
    }
    var pagingValues: [JSONValue] = []
    for (i, item) in pagings.enumerated() {
      var members = writer.named(item.name)
      members += try writer.paging(item.object, at: "/pagings/\(i)")
      pagingValues.append(writer.object(members, at: "/pagings/\(i)"))
    }
    var top: [JSONMember] = [SceneWriter.member("format", .string(Scene.format))]
    let animatorValues = writer.animatorValues()
    if !animatorValues.isEmpty {
      top.append(SceneWriter.member("animators", .array(animatorValues)))
    }
    if !nodeValues.isEmpty { top.append(SceneWriter.member("nodes", .array(nodeValues))) }
    if !pagingValues.isEmpty { top.append(SceneWriter.member("pagings", .array(pagingValues))) }
    if !paths.isEmpty {
      top.append(
        SceneWriter.member(
          "paths",
          .array(
            paths.enumerated().map { i, item in
              writer.object(
                writer.named(item.name) + [
                  SceneWriter.member(
                    "data", .string(item.object.sourceData ?? item.object.description))
                ], at: "/paths/\(i)")
            })))
    }
    if !masks.isEmpty {
      top.append(
        SceneWriter.member(
          "masks",
          .array(
            masks.enumerated().map { i, item in
              writer.object(
                writer.named(item.name) + [
                  SceneWriter.member("kind", .string(item.object.kind.name)),
                  SceneWriter.member("width", .number(item.object.width)),
                  SceneWriter.member("height", .number(item.object.height)),
                ], at: "/masks/\(i)")
            })))
    }
    if !stages.isEmpty {
      top.append(SceneWriter.member("stages", .array(stages.map(SceneWriter.stage))))
    }
    return writer.object(top, at: "")
  }
}

/// The state of one write: the animators met so far.
struct SceneWriter {
  let extensions: [String: JSONValue]
  private var animators: [(animator: Animator, name: String?)] = []
  private var indices: [ObjectIdentifier: Int] = [:]

  init(extensions: [String: JSONValue]) { self.extensions = extensions }

  /// Members whose numbers are counts or indices, written as integers.
  static let integerKeys: Set<String> = [
    "animator", "channels", "pages", "seed", "max_count", "grid", "from",
  ]

  static func member(_ key: String, _ content: JSONValue.Content) -> JSONMember {
    JSONMember(
      key: key, keyPosition: JSONPosition(offset: 0, line: 1, column: 1), value: JSONValue(content))
  }

  func named(_ name: String?) -> [JSONMember] {
    name.map { [Self.member("name", .string($0))] } ?? []
  }

  /// An object, with the extensions read at `pointer` as its last member.
  func object(_ members: [JSONMember], at pointer: @autoclosure () -> String) -> JSONValue {
    guard !extensions.isEmpty, let ext = extensions[pointer()] else {
      return JSONValue(.object(members))
    }
    return JSONValue(
      .object(members + [JSONMember(key: "extensions", keyPosition: ext.position, value: ext)]))
  }

  @discardableResult
  mutating func index(of animator: Animator, name: String? = nil) -> Int {
    let id = ObjectIdentifier(animator)
    if let i = indices[id] { return i }
    indices[id] = animators.count
    animators.append((animator, name))
    return animators.count - 1
  }

  func animatorValues() -> [JSONValue] {
    animators.enumerated().map { i, entry in
      object(
        named(entry.name) + Self.animator(entry.animator, extensions, i), at: "/animators/\(i)")
    }
  }

  // MARK: - Animators

  static func animator(_ animator: Animator, _ extensions: [String: JSONValue], _ index: Int)
    -> [JSONMember]
  {
    // Not under the animator's lock: each track takes it to read its
    // keyframes (a nested read lock could wait behind a queued writer).
    let variables = animator.variables
    let tracks = animator.tracks
    var members: [JSONMember] = []
    if !variables.isEmpty {
      members.append(
        member(
          "variables",
          .object(variables.map { member($0.name, .number($0.value)) })))
    }
    let writer = SceneWriter(extensions: extensions)
    members.append(
      member(
        "tracks",
        .array(
          tracks.enumerated().map { t, track in
            writer.track(track, at: "/animators/\(index)/tracks/\(t)")
          })))
    return members
  }

  func track(_ track: Track, at pointer: String) -> JSONValue {
    let options = TrackOptions(of: track)
    var members: [JSONMember] = [
      Self.member("target", .string(track.target)),
      Self.member("property", .string(track.property)),
      Self.member("kind", .string(track.kind.name)),
    ]
    if track.kind.name == "vector" {
      members.append(Self.member("channels", .number(Double(track.channels))))
    }
    if let space = options.colorSpace {
      members.append(Self.member("color_space", .string(space)))
      members.append(Self.member("premultiplied", .bool(options.premultiplied)))
    }
    members.append(Self.member("before", .string(options.before.name)))
    members.append(Self.member("after", .string(options.after.name)))
    if let relation = track.relation {
      members.append(Self.member("relative_to", .string(relation.variable)))
      members.append(Self.member("constant", .number(relation.constant)))
    }
    let keyframes = track.keyframes
    let scalar = track.channels == 1
    var values: [JSONValue] = []
    values.reserveCapacity(keyframes.count)
    for (k, kf) in keyframes.enumerated() {
      var m: [JSONMember] = [Self.member("time", .number(kf.time))]
      m.append(
        Self.member(
          "value",
          scalar ? .number(kf.value[0]) : .array(kf.value.map { JSONValue(.number($0)) })))
      let style = kf.style
      if style.easing != .linear {
        m.append(Self.member("easing", .string(style.easing.description)))
      }
      if style.interpolation != .linear {
        m.append(Self.member("interpolation", .string(style.interpolation.name)))
      }
      for (key, x) in [
        ("tension", style.tension), ("continuity", style.continuity), ("bias", style.bias),
      ]
      where x.bitPattern != 0 {
        m.append(Self.member(key, .number(x)))
      }
      if let h = style.leftHandle {
        m.append(Self.member("left_handle", .array(h.flat.map { JSONValue(.number($0)) })))
      }
      if let h = style.rightHandle {
        m.append(Self.member("right_handle", .array(h.flat.map { JSONValue(.number($0)) })))
      }
      values.append(object(m, at: "\(pointer)/keyframes/\(k)"))
    }
    members.append(Self.member("keyframes", .array(values)))
    return object(members, at: pointer)
  }

  // MARK: - Timing and nodes

  /// Whether `timing` is the default to the bit, so the file leaves it
  /// out: a negative zero delay, end delay or iteration start equals the
  /// default's zero but is written, as scene files keep the sign of a
  /// zero (Guides/Scenes.md).
  static func isDefault(_ timing: Timing) -> Bool {
    timing == .default && timing.delay.sign == .plus && timing.endDelay.sign == .plus
      && timing.iterationStart.sign == .plus
  }

  func timing(_ timing: Timing, at pointer: String) -> JSONValue {
    let duration: JSONValue.Content
    switch timing.duration {
    case .auto: duration = .string("auto")
    case .time(let d): duration = d == .infinity ? .string("infinite") : .number(d)
    }
    let members = [
      Self.member("delay", .number(timing.delay)),
      Self.member("end_delay", .number(timing.endDelay)),
      Self.member("duration", duration),
      Self.member(
        "iterations",
        timing.iterations == .infinity ? .string("infinite") : .number(timing.iterations)),
      Self.member("iteration_start", .number(timing.iterationStart)),
      Self.member("direction", .string(timing.direction.name)),
      Self.member("fill", .string(timing.fill.name)),
      Self.member("easing", .string(timing.easing.description)),
    ]
    return object(members, at: pointer)
  }

  /// A node: its name (top-level nodes), type, timing and content.
  mutating func node(_ node: Node, at pointer: String, name: String? = nil) -> JSONValue {
    var members = named(name)
    members.append(Self.member("type", .string(node.kind.name)))
    let timing = node.timing
    if !Self.isDefault(timing) {
      members.append(
        JSONMember(
          key: "timing", keyPosition: JSONPosition(offset: 0, line: 1, column: 1),
          value: self.timing(timing, at: pointer + "/timing")))
    }
    switch node.kind {
    case .clip:
      guard let animator = node.animator, let settings = node.clipSettings else { break }
      members.append(Self.member("animator", .number(Double(index(of: animator)))))
      if let span = settings.span {
        members.append(
          Self.member(
            "span", .array([JSONValue(.number(span.start)), JSONValue(.number(span.end))])))
      }
      if settings.composite != .replace {
        members.append(Self.member("composite", .string(settings.composite.name)))
      }
    case .timeline:
      var children: [JSONValue] = []
      for (k, child) in node.children.enumerated() {
        let at = pointer + "/children/\(k)"
        let value = self.node(child.node, at: at + "/node")
        children.append(
          object(
            [
              Self.member("start", .number(child.start)),
              JSONMember(key: "node", keyPosition: value.position, value: value),
            ], at: at))
      }
      members.append(Self.member("children", .array(children)))
      let labels = node.labels
      if !labels.isEmpty {
        members.append(
          Self.member("labels", .object(labels.map { Self.member($0.name, .number($0.time)) })))
      }
    case .stagger:
      guard let settings = node.staggerSettings else { break }
      let template = self.node(settings.template, at: pointer + "/template")
      members.append(JSONMember(key: "template", keyPosition: template.position, value: template))
      members.append(
        Self.member("targets", .array(settings.targets.map { JSONValue(.string($0)) })))
      let distribution = self.distribution(settings.distribution, at: pointer + "/distribution")
      members.append(
        JSONMember(key: "distribution", keyPosition: distribution.position, value: distribution))
    }
    return object(members, at: pointer)
  }

  func distribution(_ d: StaggerDistribution, at pointer: String) -> JSONValue {
    var members: [JSONMember] = []
    switch d.spread {
    case .each(let e): members.append(Self.member("each", .number(e)))
    case .amount(let a): members.append(Self.member("amount", .number(a)))
    }
    switch d.origin {
    case .start: members.append(Self.member("from", .string("start")))
    case .center: members.append(Self.member("from", .string("center")))
    case .end: members.append(Self.member("from", .string("end")))
    case .edges: members.append(Self.member("from", .string("edges")))
    case .random(let seed):
      members.append(Self.member("from", .string("random")))
      members.append(
        Self.member(
          "seed", seed <= 1 << 53 ? .number(Double(seed)) : .string(String(seed))))
    case .index(let i): members.append(Self.member("from", .number(Double(i))))
    case .point(let x, let y):
      members.append(Self.member("from", .array([JSONValue(.number(x)), JSONValue(.number(y))])))
    }
    if let grid = d.grid {
      members.append(
        Self.member(
          "grid",
          .array([JSONValue(.number(Double(grid.rows))), JSONValue(.number(Double(grid.columns)))]))
      )
    }
    if d.axis != .both { members.append(Self.member("axis", .string(d.axis.name))) }
    if let ease = d.ease { members.append(Self.member("ease", .string(ease.description))) }
    if let maxCount = d.maxCount {
      members.append(Self.member("max_count", .number(Double(maxCount))))
    }
    return object(members, at: pointer)
  }

  // MARK: - Paging

  mutating func paging(_ paging: PagingLayout, at pointer: String) throws(RazzleError)
    -> [JSONMember]
  {
    // The reader rebuilds the layout from its width variable: one that was
    // removed, or set to a width a layout refuses, would write a file that
    // does not load.
    guard let width = try? paging.pageWidth() else {
      throw RazzleError(
        .invalidValue,
        "the paging layout's page width variable \"\(paging.variable)\" was removed from its animator"
      )
    }
    guard width.isFinite && width > 0 else {
      throw RazzleError(
        .invalidValue,
        "the paging layout's page width variable \"\(paging.variable)\" is \(width); a page width must be finite and > 0"
      )
    }
    let animatorIndex = index(of: paging.animator)
    var kept: [JSONValue] = []
    for (k, entry) in paging.keptEntries.enumerated() {
      let property = entry.attribute.name
      guard paging.animator.track(target: entry.target, property: property) === entry.track,
        entry.offsets.map({
          paging.animator.track(target: entry.target, property: property + "Offset") === $0
        }) ?? true
      else {
        throw RazzleError(
          .invalidValue,
          "the paging layout keeps \(entry.target), whose track was removed from its animator")
      }
      var m = [
        Self.member("target", .string(entry.target)),
        Self.member("attribute", .string(property)),
      ]
      if entry.offsets != nil { m.append(Self.member("offsets", .bool(true))) }
      kept.append(object(m, at: "\(pointer)/kept/\(k)"))
    }
    return [
      Self.member("animator", .number(Double(animatorIndex))),
      Self.member("pages", .number(Double(paging.pageCount))),
      Self.member("variable", .string(paging.variable)),
      Self.member("kept", .array(kept)),
    ]
  }
}
