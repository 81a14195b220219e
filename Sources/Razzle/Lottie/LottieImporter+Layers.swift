// Layers, their transforms and their shape trees.

extension LottieImporter {
  /// Names unique within one scope: `name`, then `name #2`, `name #3`, …,
  /// each escaped as one component of a target path (`/` written `\/`, `\`
  /// written `\\`), so that a group named "a/b" and a group "b" inside "a"
  /// never make the same target.
  struct Names {
    var used: Set<String> = []

    /// A scope whose names may not be `reserved` (they get ` #2`).
    init(reserving reserved: [String] = []) { used = Set(reserved) }

    mutating func unique(_ name: String) -> String {
      let name = Self.escaped(name)
      var candidate = name
      var n = 2
      while used.contains(candidate) {
        candidate = "\(name) #\(n)"
        n += 1
      }
      used.insert(candidate)
      return candidate
    }

    /// `name` as one component of a name path.
    static func escaped(_ name: String) -> String {
      guard name.contains(where: { $0 == "/" || $0 == "\\" }) else { return name }
      var out = ""
      for c in name {
        if c == "/" || c == "\\" { out.append("\\") }
        out.append(c)
      }
      return out
    }
  }

  /// The transform `ks` / `tr` of a layer or group, as `transform.*`.
  ///
  /// - Returns: where each of its parts comes from, for the layer's matrix.
  @discardableResult
  func transform(_ node: LottieNode?, target: String) throws(RazzleError) -> LottieTransform {
    var parts = LottieTransform()
    guard let node else { return parts }
    guard node.value.members != nil else {
      throw node.error("expected a transform object, got \(node.value.typeName)")
    }
    parts.anchor = try property(node["a"], target: target, property: "transform.anchor")
    if let p = node["p"] {
      if p.flag("s") {
        parts.positionX = try property(p["x"], target: target, property: "transform.position.x")
        parts.positionY = try property(p["y"], target: target, property: "transform.position.y")
        try property(p["z"], target: target, property: "transform.position.z")
        parts.splitPosition = true
      } else {
        parts.position = try property(
          p, target: target, property: "transform.position", role: .position)
      }
    }
    parts.scale = try property(node["s"], target: target, property: "transform.scale")
    parts.rotation = try property(
      node["r"] ?? node["rz"], target: target, property: "transform.rotation")
    try property(node["o"], target: target, property: "transform.opacity")
    parts.skew = try property(node["sk"], target: target, property: "transform.skew")
    parts.skewAxis = try property(node["sa"], target: target, property: "transform.skewAxis")
    for key in ["rx", "ry", "or"] {
      if let member = node[key] { warn(member, "3D rotation (\(key))") }
    }
    return parts
  }

  /// The shape items `items` of a layer or group under `target`.
  func shapes(_ items: [LottieNode], target: String) throws(RazzleError) {
    // A shape item's properties are "<name>.<property>" beside the group's
    // own "transform.*": an item named "transform" is "transform #2".
    var names = Names(reserving: ["transform"])
    for item in items {
      guard item.value.members != nil else {
        throw item.error("expected a shape object, got \(item.value.typeName)")
      }
      guard let type = try item.string("ty") else { throw item.error("missing \"ty\"") }
      if item.flag("hd") { continue }  // hidden: lottie-web does not draw it
      if type == "tr" {
        try transform(item, target: target)
        continue
      }
      let name = names.unique(try item.string("nm") ?? "\(type) \(names.used.count + 1)")
      switch type {
      case "gr":
        let children = try item["it"]?.requireArray() ?? []
        try shapes(children, target: "\(target)/\(name)")
      case "fl":
        try property(item["c"], target: target, property: "\(name).color")
        try property(item["o"], target: target, property: "\(name).opacity")
      case "st":
        try property(item["c"], target: target, property: "\(name).color")
        try property(item["o"], target: target, property: "\(name).opacity")
        try property(item["w"], target: target, property: "\(name).width")
      case "tm":
        try property(item["s"], target: target, property: "\(name).start")
        try property(item["e"], target: target, property: "\(name).end")
        try property(item["o"], target: target, property: "\(name).offset")
      case "rc":
        try property(item["p"], target: target, property: "\(name).position")
        try property(item["s"], target: target, property: "\(name).size")
        try property(item["r"], target: target, property: "\(name).roundness")
      case "el":
        try property(item["p"], target: target, property: "\(name).position")
        try property(item["s"], target: target, property: "\(name).size")
      case "sh":
        try property(item["ks"], target: target, property: "\(name).shape", role: .shape)
        if let ks = item["ks"], let k = ks["k"] {
          let first = k.elements?.first?["s"]?.elements?.first ?? k.elements?.first ?? k
          statics.append((target, "\(name).closed", [first.flag("c") ? 1 : 0]))
        }
      default:
        break  // the drawing model warns about shapes it does not draw
      }
    }
  }

  static let shapeTypeNames: [String: String] = [
    "gf": "gradient fill", "gs": "gradient stroke", "sr": "polystar", "rp": "repeater",
    "rd": "round corners", "mm": "merge paths", "op": "offset path", "pb": "pucker and bloat",
    "tw": "twist", "zz": "zig zag", "gr": "group", "no": "no style",
  ]

  static let layerTypeNames: [Int: String] = [
    0: "precomposition", 1: "solid", 2: "image", 3: "null", 4: "shape", 5: "text", 6: "audio",
    13: "camera",
  ]

  /// One layer: its clip's animator gets every animated property.
  func layer(_ node: LottieNode, name: String) throws(RazzleError) -> (
    type: Int, ip: Double, op: Double, st: Double, sr: Double, transform: LottieTransform
  ) {
    let type = try node.integer("ty") ?? -1
    let ip = try node.number("ip")
    let op = try node.number("op")
    let st = try node.number("st", default: 0)
    let sr = try node.number("sr", default: 1)
    if node.flag("ddd") {
      warn(node["ddd"] ?? node, "3D layer", "imported as 2D (z, 3D rotations ignored)")
    }
    // Masks, mattes, time remapping and auto-orient are drawn (the
    // drawing model, LottieDrawingReader); effects and layer styles are
    // neither drawn nor imported.
    for (key, feature) in [("ef", "effects"), ("sy", "layer styles")] {
      if let member = node[key], !(member.value.array?.isEmpty ?? false),
        !(member.value.number == 0)
      {
        warn(member, feature)
      }
    }
    let parts = try transform(node["ks"], target: name)
    switch type {
    case 4:
      try shapes(try node["shapes"]?.requireArray() ?? [], target: name)
    case 1, 3:
      break
    default:
      // Precompositions, solids, images and text are drawn (their content
      // is not imported as tracks); the drawing model warns about the rest.
      break
    }
    return (type, ip, op, st, sr, parts)
  }
}
