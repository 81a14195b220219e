// The rules of a stage (Guides/Scenes.md, "Stages"), checked once here for
// every way a stage arrives: read from a file, added from JSON text
// (kf_scene_add_stage) or added in Swift.

/// A rule a stage breaks: the error's category, why, and the member at
/// fault as a JSON Pointer relative to the stage object
/// (`/targets/2/shape`).
public struct StageProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// `.invalidValue` for a number or color out of its range,
  /// `.invalidName` for a bad or unknown name of a kind, `.notFound` for a
  /// reference to an object the scene does not have, `.duplicate` for a
  /// repeated name, `.format` for a member the stage or target may not
  /// have or lacks.
  public var kind: RazzleError.Kind
  /// What is wrong.
  public var reason: String
  /// The member at fault, relative to the stage object.
  public var pointer: JSONPointer

  /// `<pointer>: <reason>`.
  public var description: String { "\(pointer.display): \(reason)" }
}

/// What a stage may refer to: the scene's objects (by name) and the names
/// of its stages, at one moment.
struct StageReferences {
  var animators: [Scene.Item<Animator>]
  var nodes: [String?]
  var pagings: [Scene.Item<PagingLayout>]
  var paths: [String?]
  var masks: [String?]
  var stages: [String?]
}

extension Scene {
  /// The references a new stage may use. The caller holds the lock (or
  /// owns the scene, as the reader does).
  var stageReferences: StageReferences {
    StageReferences(
      animators: animatorItems, nodes: nodeItems.map(\.name), pagings: pagingItems,
      paths: pathItems.map(\.name), masks: maskItems.map(\.name), stages: stageItems.map(\.name))
  }
}

/// `problem` at the member `keys` (keys and indices) of the stage.
private func problem(_ kind: RazzleError.Kind, _ reason: String, _ keys: [JSONPointer.Component])
  -> StageProblem
{
  StageProblem(kind: kind, reason: reason, pointer: JSONPointer(keys))
}

/// `[a, b, …]` as a message shows numbers.
private func list(_ xs: [Double]) -> String {
  "[" + xs.map { "\($0)" }.joined(separator: ", ") + "]"
}

/// The message for a name `kind` objects do not have, with the closest
/// name as a suggestion.
private func missing(_ what: String, _ name: String, among names: [String?]) -> String {
  "no \(what) is named \"\(name)\"\(NameSuggestion.hint(for: name, among: names.compactMap { $0 }))"
}

/// Checks a color: four finite components in `0...1`.
private func checkColor(_ c: RGBA, at keys: [JSONPointer.Component]) throws(StageProblem) {
  let xs = [c.r, c.g, c.b, c.a]
  guard xs.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
    throw problem(.invalidValue, "a color's components are in [0, 1], got \(list(xs))", keys)
  }
}

/// Checks an `extensions` value: an object of JSON (finite numbers only),
/// as a file can hold.
private func checkExtensions(_ value: JSONValue?, at keys: [JSONPointer.Component])
  throws(StageProblem)
{
  func finite(_ v: JSONValue) -> Bool {
    switch v.content {
    case .null, .bool, .string: return true
    case .number(let x): return x.isFinite
    case .array(let a): return a.allSatisfy(finite)
    case .object(let m): return m.allSatisfy { finite($0.value) }
    }
  }
  guard let value else { return }
  guard value.members != nil, finite(value) else {
    throw problem(
      .invalidValue, "extensions must be an object of JSON values (finite numbers)",
      keys + [.key("extensions")])
  }
}

/// Checks a length: finite and ≥ 0 (or > 0 with `positive`).
private func checkLength(_ x: Double, positive: Bool = false, at keys: [JSONPointer.Component])
  throws(StageProblem)
{
  guard x.isFinite, positive ? x > 0 : x >= 0 else {
    throw problem(
      .invalidValue, "expected a finite number \(positive ? ">" : ">=") 0, got \(x)", keys)
  }
}

extension Stage {
  /// Checks every rule of the stage against the objects it may name.
  ///
  /// - Throws: the first ``StageProblem``, in the stage's member order
  ///   (targets in order, each in its member order).
  func check(_ refs: StageReferences) throws(StageProblem) {
    if let name {
      guard !name.isEmpty, !name.utf8.contains(0) else {
        throw problem(.invalidName, "a name must be non-empty without NUL", [.key("name")])
      }
      if refs.stages.contains(name) {
        throw problem(.duplicate, "another stage is named \"\(name)\"", [.key("name")])
      }
    }
    guard size.x > 0, size.x <= Self.maxSide, size.y > 0, size.y <= Self.maxSide else {
      throw problem(
        .invalidValue,
        "a stage's width and height are in (0, \(Int(Self.maxSide))], got \(list([size.x, size.y]))",
        [.key("size")])
    }
    try checkColor(background, at: [.key("background")])
    try checkSource(refs)
    if let range {
      guard range.x.isFinite, range.y.isFinite, range.x != range.y else {
        throw problem(
          .invalidValue,
          "a range is [from, to], finite with from != to, got \(list([range.x, range.y]))",
          [.key("range")])
      }
    }
    try checkExtensions(extensions, at: [])
    var names: Set<String> = []
    for (i, target) in targets.enumerated() {
      let at: [JSONPointer.Component] = [.key("targets"), .index(i)]
      try target.check(refs, at: at)
      guard names.insert(target.name).inserted else {
        throw problem(
          .duplicate, "another target of the stage is named \"\(target.name)\"", at + [.key("name")]
        )
      }
    }
  }

  /// Checks `animator`, `node` and `paging`: the source of the values.
  private func checkSource(_ refs: StageReferences) throws(StageProblem) {
    func animatorItem(_ name: String) throws(StageProblem) -> Animator {
      guard let item = refs.animators.first(where: { $0.name == name }) else {
        throw problem(
          .notFound, missing("animator", name, among: refs.animators.map(\.name)),
          [.key("animator")])
      }
      return item.object
    }
    if let paging {
      guard let layout = refs.pagings.first(where: { $0.name == paging }) else {
        throw problem(
          .notFound, missing("paging layout", paging, among: refs.pagings.map(\.name)),
          [.key("paging")])
      }
      if node != nil {
        throw problem(
          .format,
          "a stage with a paging layout takes its values from the layout's animator: give no node",
          [.key("node")])
      }
      if let animator, try animatorItem(animator) !== layout.object.animator {
        throw problem(
          .invalidValue,
          "the animator \"\(animator)\" is not the one the paging layout \"\(paging)\" uses",
          [.key("animator")])
      }
      return
    }
    switch (animator, node) {
    case (let a?, nil): _ = try animatorItem(a)
    case (nil, let n?):
      guard refs.nodes.contains(n) else {
        throw problem(.notFound, missing("root node", n, among: refs.nodes), [.key("node")])
      }
    case (nil, nil):
      throw problem(.format, "a stage needs the field \"animator\", \"node\" or \"paging\"", [])
    case (_?, _?):
      throw problem(.format, "give animator or node, not both", [.key("node")])
    }
  }
}

extension StageTarget {
  /// The shape a shape-specific member is for, by its name in the file.
  private var shapeMembers: [(key: String, shape: Shape, present: Bool)] {
    [
      ("corner_radius", .rect, cornerRadius != nil),
      ("text", .text, text != nil), ("font_size", .text, fontSize != nil),
      ("text_color", .text, textColor != nil), ("path", .path, path != nil),
      ("image", .image, image != nil),
    ]
  }

  /// Checks every rule of the target; `at` is its place in the stage.
  func check(_ refs: StageReferences, at: [JSONPointer.Component]) throws(StageProblem) {
    guard !name.isEmpty, name.utf8.count <= Self.maxNameBytes, !name.utf8.contains(0) else {
      throw problem(
        .invalidName,
        "a target name is 1 to \(Self.maxNameBytes) bytes of UTF-8 without NUL, got \(name.utf8.count) bytes",
        at + [.key("name")])
    }
    for (key, owner, present) in shapeMembers where present && owner != shape {
      throw problem(
        .format, "\"\(key)\" is for \(owner.name) targets, not \(shape.name)", at + [.key(key)])
    }
    let required: [Shape: (String, Bool)] = [
      .text: ("text", text != nil), .path: ("path", path != nil), .image: ("image", image != nil),
    ]
    if let (key, present) = required[shape], !present {
      throw problem(.format, "a \(shape.name) target needs the field \"\(key)\"", at)
    }
    guard frame.x.isFinite, frame.y.isFinite, frame.z.isFinite, frame.w.isFinite, frame.z >= 0,
      frame.w >= 0
    else {
      throw problem(
        .invalidValue,
        "a frame is [x, y, width, height], finite with width, height >= 0, got \(list([frame.x, frame.y, frame.z, frame.w]))",
        at + [.key("frame")])
    }
    try checkColor(fill, at: at + [.key("fill")])
    try checkColor(stroke, at: at + [.key("stroke")])
    try checkLength(strokeWidth, at: at + [.key("stroke_width")])
    if let cornerRadius { try checkLength(cornerRadius, at: at + [.key("corner_radius")]) }
    guard alpha >= 0, alpha <= 1 else {
      throw problem(.invalidValue, "alpha is in [0, 1], got \(alpha)", at + [.key("alpha")])
    }
    guard anchor.x.isFinite, anchor.y.isFinite else {
      throw problem(
        .invalidValue, "an anchor is finite, got \(list([anchor.x, anchor.y]))",
        at + [.key("anchor")])
    }
    try checkLength(blur, at: at + [.key("blur")])
    if let fontSize { try checkLength(fontSize, positive: true, at: at + [.key("font_size")]) }
    if let textColor { try checkColor(textColor, at: at + [.key("text_color")]) }
    if let path, !refs.paths.contains(path) {
      throw problem(.notFound, missing("path", path, among: refs.paths), at + [.key("path")])
    }
    if let image, image.isEmpty || image.utf8.contains(0) {
      throw problem(
        .invalidName, "an image is a file name: non-empty, without NUL", at + [.key("image")])
    }
    if let motionPath, !refs.paths.contains(motionPath) {
      throw problem(
        .notFound, missing("path", motionPath, among: refs.paths), at + [.key("motion_path")])
    }
    // "none" (the default, spelled out) needs no path; a turn does.
    if let motionRotate, motionRotate != MotionRotate.none, motionPath == nil {
      throw problem(
        .format, "\"motion_rotate\" is only for a target with a \"motion_path\"",
        at + [.key("motion_rotate")])
    }
    if let mask, !refs.masks.contains(mask) {
      throw problem(.notFound, missing("mask", mask, among: refs.masks), at + [.key("mask")])
    }
    try checkExtensions(extensions, at: at)
  }
}
