// Writes a stage object of a razzle-scene/1 file (Guides/Scenes.md,
// "Stages"): members in the guide's order, defaults left out (compared bit
// for bit, so a -0.0 is written and reads back as itself).

extension SceneWriter {
  /// The stage as the file's object.
  static func stage(_ stage: Stage) -> JSONValue {
    var members: [JSONMember] = []
    if let name = stage.name { members.append(member("name", .string(name))) }
    members.append(member("size", numbers([stage.size.x, stage.size.y])))
    if !same(stage.background, Stage.defaultBackground) {
      members.append(member("background", color(stage.background)))
    }
    if let animator = stage.animator { members.append(member("animator", .string(animator))) }
    if let node = stage.node { members.append(member("node", .string(node))) }
    if let paging = stage.paging { members.append(member("paging", .string(paging))) }
    if let driver = stage.driver, driver != (stage.paging == nil ? .time : .scroll) {
      members.append(member("driver", .string(driver.name)))
    }
    if let range = stage.range { members.append(member("range", numbers([range.x, range.y]))) }
    if !stage.targets.isEmpty {
      members.append(member("targets", .array(stage.targets.map(target))))
    }
    return withExtensions(members, stage.extensions)
  }

  /// A target as the file's object.
  static func target(_ t: StageTarget) -> JSONValue {
    var members: [JSONMember] = [
      member("name", .string(t.name)),
      member("shape", .string(t.shape.name)),
      member("frame", numbers([t.frame.x, t.frame.y, t.frame.z, t.frame.w])),
    ]
    if !same(t.fill, StageTarget.clear) { members.append(member("fill", color(t.fill))) }
    if !same(t.stroke, StageTarget.clear) { members.append(member("stroke", color(t.stroke))) }
    if !same(t.strokeWidth, 0) { members.append(member("stroke_width", .number(t.strokeWidth))) }
    if let r = t.cornerRadius, !same(r, 0) { members.append(member("corner_radius", .number(r))) }
    if !same(t.alpha, 1) { members.append(member("alpha", .number(t.alpha))) }
    if t.hidden { members.append(member("hidden", .bool(true))) }
    if !same(t.anchor.x, 0.5) || !same(t.anchor.y, 0.5) {
      members.append(member("anchor", numbers([t.anchor.x, t.anchor.y])))
    }
    if !same(t.blur, 0) { members.append(member("blur", .number(t.blur))) }
    if let text = t.text { members.append(member("text", .string(text))) }
    if let size = t.fontSize, !same(size, StageTarget.defaultFontSize) {
      members.append(member("font_size", .number(size)))
    }
    if let c = t.textColor, !same(c, StageTarget.defaultTextColor) {
      members.append(member("text_color", color(c)))
    }
    if let path = t.path { members.append(member("path", .string(path))) }
    if let image = t.image { members.append(member("image", .string(image))) }
    if let path = t.motionPath { members.append(member("motion_path", .string(path))) }
    if let rotate = t.motionRotate, rotate != .none {
      members.append(member("motion_rotate", .string(rotate.name)))
    }
    if let mask = t.mask { members.append(member("mask", .string(mask))) }
    if !t.scrolls { members.append(member("scrolls", .bool(false))) }
    return withExtensions(members, t.extensions)
  }

  private static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

  private static func same(_ a: RGBA, _ b: RGBA) -> Bool {
    same(a.r, b.r) && same(a.g, b.g) && same(a.b, b.b) && same(a.a, b.a)
  }

  private static func numbers(_ xs: [Double]) -> JSONValue.Content {
    .array(xs.map { JSONValue(.number($0)) })
  }

  private static func color(_ c: RGBA) -> JSONValue.Content { numbers([c.r, c.g, c.b, c.a]) }

  private static func withExtensions(_ members: [JSONMember], _ extensions: JSONValue?)
    -> JSONValue
  {
    guard let extensions else { return JSONValue(.object(members)) }
    return JSONValue(.object(members + [member("extensions", extensions.content)]))
  }
}
