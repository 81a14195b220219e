// Reads a stage object of a razzle-scene/1 file (Guides/Scenes.md,
// "Stages"): the structure here (types, known and required members), every
// other rule in Stage+Validation.swift, so a file and kf_scene_add_stage
// give the same errors.

extension SceneReader {
  static let stageFields = [
    "name", "size", "background", "animator", "node", "paging", "driver", "range", "targets",
  ]

  static let targetFields = [
    "name", "shape", "frame", "fill", "stroke", "stroke_width", "corner_radius", "alpha", "hidden",
    "anchor", "blur", "text", "font_size", "text_color", "path", "image", "motion_path",
    "motion_rotate", "mask", "scrolls",
  ]

  /// The stage `value` (at ``path``), checked against the objects `refs`
  /// lists.
  ///
  /// - Throws: the first structural error, else the first
  ///   ``StageProblem`` of the stage, located in the text.
  mutating func stage(_ value: JSONValue, against refs: StageReferences) throws(SceneError)
    -> Stage
  {
    let members = try members(value, "a stage", known: Self.stageFields, required: ["size"])
    var stage = Stage(size: .zero)
    stage.extensions = takeExtensions()
    for m in members {
      let v = m.value
      switch m.key {
      case "name": stage.name = try string(v, m.key)
      case "size": stage.size = try pair(v, m.key)
      case "background": stage.background = try color(v, m.key)
      case "animator": stage.animator = try string(v, m.key)
      case "node": stage.node = try string(v, m.key)
      case "paging": stage.paging = try string(v, m.key)
      case "driver": stage.driver = try named(v, m.key, as: Stage.Driver.self)
      case "range": stage.range = try pair(v, m.key)
      case "targets":
        let list = try array(v, m.key)
        path.append(.key(m.key))
        stage.targets.reserveCapacity(list.count)
        for (i, t) in list.enumerated() {
          path.append(.index(i))
          stage.targets.append(try target(t))
          path.removeLast()
        }
        path.removeLast()
      default: break
      }
    }
    do throws(StageProblem) {
      try stage.check(refs)
    } catch {
      throw located(error, in: value)
    }
    return stage
  }

  private mutating func target(_ value: JSONValue) throws(SceneError) -> StageTarget {
    let members = try members(
      value, "a target", known: Self.targetFields, required: ["name", "shape", "frame"])
    var target = StageTarget(name: "", shape: .rect, frame: .zero)
    target.extensions = takeExtensions()
    for m in members {
      let v = m.value
      switch m.key {
      case "name": target.name = try string(v, m.key)
      case "shape": target.shape = try named(v, m.key, as: StageTarget.Shape.self)
      case "frame":
        let f = try numbers(v, m.key, count: 4)
        target.frame = SIMD4(f[0], f[1], f[2], f[3])
      case "fill": target.fill = try color(v, m.key)
      case "stroke": target.stroke = try color(v, m.key)
      case "stroke_width": target.strokeWidth = try number(v, m.key)
      case "corner_radius": target.cornerRadius = try number(v, m.key)
      case "alpha": target.alpha = try number(v, m.key)
      case "hidden": target.hidden = try bool(v, m.key)
      case "anchor": target.anchor = try pair(v, m.key)
      case "blur": target.blur = try number(v, m.key)
      case "text": target.text = try string(v, m.key)
      case "font_size": target.fontSize = try number(v, m.key)
      case "text_color": target.textColor = try color(v, m.key)
      case "path": target.path = try string(v, m.key)
      case "image": target.image = try string(v, m.key)
      case "motion_path": target.motionPath = try string(v, m.key)
      case "motion_rotate":
        target.motionRotate = try named(v, m.key, as: StageTarget.MotionRotate.self)
      case "mask": target.mask = try string(v, m.key)
      case "scrolls": target.scrolls = try bool(v, m.key)
      default: break
      }
    }
    return target
  }

  /// The `extensions` object ``members(_:_:known:required:)`` recorded for
  /// the object at ``path``, taken back: a stage keeps its own.
  private mutating func takeExtensions() -> JSONValue? {
    extensions.removeValue(forKey: JSONPointer(path).description)
  }

  private func pair(_ v: JSONValue, _ key: String) throws(SceneError) -> SIMD2<Double> {
    let xs = try numbers(v, key, count: 2)
    return SIMD2(xs[0], xs[1])
  }

  private func color(_ v: JSONValue, _ key: String) throws(SceneError) -> RGBA {
    let xs = try numbers(v, key, count: 4)
    return RGBA(r: xs[0], g: xs[1], b: xs[2], a: xs[3])
  }

  /// `problem` as an error of the text: its pointer below ``path``, and
  /// the position of the value there (or of the nearest enclosing one).
  private func located(_ problem: StageProblem, in stage: JSONValue) -> SceneError {
    var value = stage
    for component in problem.pointer.components {
      let next: JSONValue?
      switch component {
      case .key(let key): next = value[key]
      case .index(let i): next = value.array.flatMap { i < $0.count ? $0[i] : nil }
      }
      guard let next else { break }
      value = next
    }
    return SceneError(
      kind: problem.kind, reason: problem.reason,
      pointer: JSONPointer(path + problem.pointer.components), position: value.position)
  }
}
