// Reading a Lottie document's drawing model (LottieDrawing): the root
// composition, precomposition assets (shared, read once, cycles refused),
// image assets, layers, masks, mattes and shape trees. What is not drawn
// yet is a warning with its JSON Pointer; malformed input throws naming
// the pointer.

struct LottieDrawingReader {
  var warnings: [LottieWarning] = []
  private var compositions: [LottieDrawComposition] = []
  private var images: [LottieImageAsset] = []
  /// Asset id → (is a composition, index, node).
  private var assets: [String: (composition: Bool, index: Int)] = [:]
  private var assetNodes: [String: LottieNode] = [:]
  /// Composition indexes being read (a reference back to one is a cycle).
  private var reading: Set<String> = []
  private var depth = 0
  private var fonts = LottieFonts()

  /// How deep precompositions may nest.
  static let maximumNesting = 64

  private mutating func warn(_ node: LottieNode, _ feature: String, _ message: String) {
    warnings.append(
      LottieWarning(pointer: node.pointer.description, feature: feature, message: message))
  }

  /// Reads the drawing model of the document `root`.
  static func read(_ root: LottieNode, frameRate: Double, inPoint: Double, outPoint: Double)
    throws(RazzleError) -> (LottieDrawing, [LottieWarning])
  {
    var reader = LottieDrawingReader()
    if let list = root["assets"]?.elements {
      for asset in list {
        guard asset.value.members != nil else { continue }
        let id: String
        if let text = try asset.string("id") {
          id = text
        } else if let number = asset["id"]?.value.number {
          id = number == number.rounded() ? String(Int(number)) : String(number)
        } else {
          throw asset.error("missing \"id\"")
        }
        if reader.assetNodes[id] != nil {
          throw (asset["id"] ?? asset).error("duplicate asset id \"\(id)\"")
        }
        reader.assetNodes[id] = asset
        if asset["layers"] == nil {
          reader.assets[id] = (false, reader.images.count)
          reader.images.append(try reader.image(asset, id: id))
        }
      }
    }
    try reader.readFonts(root)
    let width = root["w"]?.value.number ?? 0
    let height = root["h"]?.value.number ?? 0
    reader.compositions.append(
      LottieDrawComposition(id: "", width: width, height: height, layers: []))
    let layers = try reader.layers(
      try (root["layers"] ?? root).requireArray())
    reader.compositions[0].layers = layers
    return (
      LottieDrawing(
        compositions: reader.compositions, images: reader.images, fonts: reader.fonts,
        frameRate: frameRate,
        inPoint: inPoint, outPoint: outPoint),
      reader.warnings
    )
  }

  private mutating func image(_ asset: LottieNode, id: String) throws(RazzleError)
    -> LottieImageAsset
  {
    let w = asset["w"]?.value.number ?? 0
    let h = asset["h"]?.value.number ?? 0
    var result = LottieImageAsset(id: id, width: w, height: h, data: nil, path: nil)
    let p = try asset.string("p") ?? ""
    if p.hasPrefix("data:") {
      guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64") else {
        throw (asset["p"] ?? asset).error("a data: URI that is not base64")
      }
      guard let bytes = Base64.decode(p[p.index(after: comma)...]) else {
        throw (asset["p"] ?? asset).error("the data: URI's base64 is malformed")
      }
      result.data = bytes
    } else if !p.isEmpty {
      let path = (try asset.string("u") ?? "") + p
      // Relative to the file's folder and inside it: no absolute path, no
      // "..", no scheme, no NUL.
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      if path.hasPrefix("/") || path.contains("\\") || path.contains(":") || path.contains("\u{0}")
        || parts.contains("..")
      {
        warnings.append(
          LottieWarning(
            pointer: (asset["p"] ?? asset).pointer.description, feature: "image",
            message: "the path \"\(path)\" leaves the file's folder; the image is not drawn"))
      } else {
        result.path = path
      }
    }
    return result
  }

  /// The composition of asset `id`, read on first use.
  private mutating func composition(_ id: String, at node: LottieNode)
    throws(RazzleError) -> Int?
  {
    if let known = assets[id] { return known.composition ? known.index : nil }
    guard let asset = assetNodes[id] else { return nil }
    guard !reading.contains(id) else {
      throw node.error("precomposition \"\(id)\" contains itself (a cycle of references)")
    }
    guard depth < Self.maximumNesting else {
      throw node.error("precompositions nest more than \(Self.maximumNesting) deep")
    }
    reading.insert(id)
    depth += 1
    let index = compositions.count
    compositions.append(
      LottieDrawComposition(
        id: id, width: asset["w"]?.value.number ?? 0, height: asset["h"]?.value.number ?? 0,
        layers: []))
    let layers = try self.layers(
      try (asset["layers"] ?? asset).requireArray())
    compositions[index].layers = layers
    depth -= 1
    reading.remove(id)
    assets[id] = (true, index)
    return index
  }

  /// A composition's layers, parents and mattes resolved.
  private mutating func layers(_ nodes: [LottieNode]) throws(RazzleError)
    -> [LottieDrawLayer]
  {
    var result: [LottieDrawLayer] = []
    var parents: [(Int?, LottieNode?)] = []
    var mattePointers: [Int?] = []
    result.reserveCapacity(nodes.count)
    for node in nodes {
      guard node.value.members != nil else {
        throw node.error("expected a layer object, got \(node.value.typeName)")
      }
      let (layer, parent, tp) = try self.layer(node)
      result.append(layer)
      parents.append((parent, node["parent"]))
      mattePointers.append(tp)
    }
    var byIndex: [Int: Int] = [:]
    for (slot, layer) in result.enumerated() {
      if let index = layer.index, byIndex[index] == nil { byIndex[index] = slot }
    }
    for slot in result.indices {
      if let parent = parents[slot].0 {
        if let target = byIndex[parent], target != slot {
          result[slot].parent = target
        } else if let node = parents[slot].1 {
          warn(
            node, "parent",
            "no layer has \"ind\" \(parent) (or it is the layer itself); not parented")
        }
      }
      guard result[slot].matteMode != 0 else { continue }
      // The matte: the layer whose ind is `tp`, else the layer above.
      var matte: Int?
      if let tp = mattePointers[slot] {
        matte = byIndex[tp]
      } else if slot > 0 {
        matte = slot - 1
      }
      if let matte, matte != slot {
        result[slot].matte = matte
        result[matte].isMatte = true
      } else {
        warn(nodes[slot], "track matte", "the matte layer is missing; drawn without a matte")
        result[slot].matteMode = 0
      }
    }
    // A parent chain that loops is broken where it would.
    for slot in result.indices {
      var seen: Set<Int> = [slot]
      var current = slot
      while let parent = result[current].parent {
        if seen.contains(parent) {
          result[current].parent = nil
          warn(nodes[current], "parent", "the chain of parents loops; broken here")
          break
        }
        seen.insert(parent)
        current = parent
      }
    }
    return result
  }

  private mutating func layer(_ node: LottieNode) throws(RazzleError) -> (
    LottieDrawLayer, parent: Int?, tp: Int?
  ) {
    let type = try node.integer("ty") ?? -1
    let ip = try node.number("ip")
    let op = try node.number("op")
    let st = try node.number("st", default: 0)
    var sr = try node.number("sr", default: 1)
    guard ip.isFinite, op.isFinite, st.isFinite else {
      throw node.error("\"ip\", \"op\" and \"st\" must be finite")
    }
    if !(sr.isFinite && sr != 0) {
      warn(node["sr"] ?? node, "stretch", "\(sr) is not a usable stretch; 1 is used")
      sr = 1
    }
    if node.flag("ddd") {
      warn(node["ddd"] ?? node, "3D layer", "drawn as 2D (z and 3D rotations ignored)")
    }
    let fills = try effects(node)
    if let member = node["sy"], !(member.value.array?.isEmpty ?? false) {
      warn(member, "layer styles", "not drawn")
    }
    let transform = try self.transform(node["ks"])
    let tt = try node.integer("tt") ?? 0
    if !(0...4).contains(tt) {
      throw (node["tt"] ?? node).error("a track matte mode of 0 to 4, got \(tt)")
    }
    let bm = try node.integer("bm") ?? 0
    var blend = UInt32(0)
    if (0...15).contains(bm) {
      blend = UInt32(bm)
    } else {
      warn(node["bm"] ?? node, "blend mode", "unknown blend mode \(bm); drawn as normal")
    }
    var masks: [LottieMask] = []
    if let list = node["masksProperties"]?.elements {
      for item in list {
        guard item.value.members != nil else {
          throw item.error("expected a mask object, got \(item.value.typeName)")
        }
        let letter = try item.string("mode") ?? "a"
        guard let mode = MaskMode(letter: letter) else {
          if letter != "n" { warn(item, "mask mode", "unknown mode \"\(letter)\"; ignored") }
          continue
        }
        let pt = try LottieProperty.read(item["pt"], fallback: [], shape: true, warnings: &warnings)
        let closed = Self.closedFlag(item["pt"])
        masks.append(
          LottieMask(
            mode: mode, inverted: item.flag("inv"), path: pt, closed: closed,
            opacity: try LottieProperty.read(item["o"], fallback: [100], warnings: &warnings),
            expansion: try LottieProperty.read(item["x"], fallback: [0], warnings: &warnings)))
      }
    }
    var timeRemap: LottieProperty?
    if type == 0, let tm = node["tm"] {
      // In seconds: the frame builder multiplies by the frame rate.
      timeRemap = try LottieProperty.read(tm, fallback: [0], warnings: &warnings)
    }
    var content = LottieLayerContent.none
    switch type {
    case 4:
      content = .shapes(try shapes(try node["shapes"]?.requireArray() ?? []))
    case 1:
      let color = Self.hexColor(try node.string("sc") ?? "#000000")
      if color == nil {
        warn(node["sc"] ?? node, "solid color", "not a #rrggbb color; black is used")
      }
      content = .solid(
        color: color ?? SIMD4(0, 0, 0, 1), width: node["sw"]?.value.number ?? 0,
        height: node["sh"]?.value.number ?? 0)
    case 3:
      content = .none
    case 0:
      let id: String
      if let text = try node.string("refId") {
        id = text
      } else {
        throw node.error("a precomposition layer needs \"refId\"")
      }
      if let index = try composition(id, at: node["refId"] ?? node) {
        content = .precomposition(
          index, width: node["w"]?.value.number ?? compositions[index].width,
          height: node["h"]?.value.number ?? compositions[index].height)
      } else {
        warn(
          node["refId"] ?? node, "precomposition",
          "no precomposition asset \"\(id)\"; nothing drawn")
      }
    case 2:
      let id = try node.string("refId") ?? ""
      if let known = assets[id], !known.composition {
        content = .image(known.index)
      } else {
        warn(node["refId"] ?? node, "image", "no image asset \"\(id)\"; nothing drawn")
      }
    case 5:
      if let text = try text(node) { content = .text(text) }
    default:
      warn(
        node, "\(LottieImporter.layerTypeNames[type] ?? "type \(type)") layer",
        "not drawn")
    }
    let layer = LottieDrawLayer(
      pointer: node.pointer.description, name: try node.string("nm") ?? "",
      index: try node.integer("ind"), inPoint: ip, outPoint: op, startTime: st, stretch: sr,
      transform: transform, masks: masks, matteMode: UInt32(tt), isMatte: node.flag("td"),
      hidden: node.flag("hd"), blendMode: blend, autoOrient: node.flag("ao"),
      timeRemap: timeRemap, content: content)
    layer.fills = fills
    return (layer, try node.integer("parent"), try node.integer("tp"))
  }

  /// A layer's effects (`ef`): the enabled Fill effects (type 21) read,
  /// every other effect a warning (expression controls, type 5, draw
  /// nothing and are skipped quietly).
  private mutating func effects(_ node: LottieNode) throws(RazzleError) -> [LottieFillEffect] {
    guard let list = node["ef"]?.elements else {
      if let member = node["ef"], member.value.array == nil {
        throw member.error("expected an array of effects, got \(member.value.typeName)")
      }
      return []
    }
    var fills: [LottieFillEffect] = []
    for effect in list {
      guard effect.value.members != nil else {
        throw effect.error("expected an effect object, got \(effect.value.typeName)")
      }
      let type = try effect.integer("ty") ?? -1
      if let enabled = effect["en"]?.value.number, enabled == 0 { continue }
      switch type {
      case 5:
        continue
      case 21:
        // lottie-web's SVGFillFilter reads the color from the third
        // parameter and the opacity from the seventh; the mask, invert
        // and feather parameters are not drawn.
        let parameters = effect["ef"]?.elements ?? []
        func parameter(_ index: Int, _ name: String) -> LottieNode? {
          parameters.first { (try? $0.string("mn")) == "ADBE Fill-\(name)" }
            ?? (index < parameters.count ? parameters[index] : nil)
        }
        let color = try LottieProperty.read(
          parameter(2, "0002")?["v"], fallback: [1, 0, 0, 1], warnings: &warnings)
        let opacity = try LottieProperty.read(
          parameter(6, "0005")?["v"], fallback: [1], warnings: &warnings)
        for (index, name, what) in [
          (0, "0001", "its mask"), (3, "0006", "invert"), (4, "0003", "feather"),
          (5, "0004", "feather"),
        ] {
          if let p = parameter(index, name), let v = p["v"]?["k"]?.value.number, v != 0 {
            warn(p, "effects", "a Fill effect's \(what) is not drawn")
          }
        }
        fills.append(LottieFillEffect(color: color, opacity: opacity))
      default:
        let name = (try? effect.string("mn")) ?? (try? effect.string("nm")) ?? "type \(type)"
        warn(effect, "effects", "\(name) not drawn (razzle draws Fill)")
      }
    }
    return fills
  }

  /// The most glyphs a file embeds (`chars`): more is an error.
  static let maximumGlyphs = 1 << 16

  /// The embedded fonts: `fonts.list` (name, family, style, ascent) and
  /// the glyphs of `chars` (their outlines' paths at their first value).
  private mutating func readFonts(_ root: LottieNode) throws(RazzleError) {
    for font in root["fonts"]?["list"]?.elements ?? [] where font.value.members != nil {
      guard let name = try font.string("fName") else { continue }
      fonts.fonts[name] = (
        try font.string("fFamily") ?? name, try font.string("fStyle") ?? "",
        font["ascent"]?.value.number ?? 0
      )
    }
    guard let chars = root["chars"]?.elements else { return }
    guard chars.count <= Self.maximumGlyphs else {
      throw (root["chars"] ?? root).error(
        "\(chars.count) glyphs, more than the \(Self.maximumGlyphs) a file may embed")
    }
    for glyph in chars where glyph.value.members != nil {
      guard let character = try glyph.string("ch") else { continue }
      let items = try shapes(try glyph["data"]?["shapes"]?.requireArray() ?? [])
      var contours: [BezierContour] = []
      Self.collectPaths(items, into: &contours)
      let key = LottieFonts.key(
        character, style: try glyph.string("style") ?? "", family: try glyph.string("fFamily") ?? ""
      )
      let advance = glyph["w"]?.value.number ?? 0
      fonts.glyphs[key] = LottieGlyph(advance: advance.isFinite ? advance : 0, contours: contours)
    }
  }

  /// The paths of a glyph's shapes (groups' transforms are not applied, as
  /// lottie-web draws glyphs), at their first value.
  private static func collectPaths(_ items: [LottieShapeItem], into contours: inout [BezierContour])
  {
    for item in items {
      switch item {
      case .group(let children, _): collectPaths(children, into: &contours)
      case .path(let property, let closed, _) where property.dimensions >= 6:
        var numbers = [Double](repeating: 0, count: property.dimensions)
        numbers.withUnsafeMutableBufferPointer {
          property.value(at: 0, into: $0.baseAddress.unsafelyUnwrapped)
        }
        numbers.withUnsafeBufferPointer {
          contours.append(BezierContour(lottie: $0, closed: closed))
        }
      default: continue
      }
    }
  }

  /// A text layer's documents (`t.d.k`), or nil with a warning when it
  /// cannot be drawn (no embedded glyphs). Text animators (`t.a`) are
  /// read (``LottieTextAnimator``); text on a path (`t.p`) is a warning:
  /// the text draws without it.
  private mutating func text(_ node: LottieNode) throws(RazzleError) -> LottieText? {
    guard let t = node["t"], let keys = t["d"]?["k"]?.elements else {
      warn(node, "text", "no text document \"t.d.k\"; not drawn")
      return nil
    }
    var documents: [(time: Double, document: LottieTextDocument)] = []
    for key in keys where key.value.members != nil {
      guard let s = key["s"], s.value.members != nil else { continue }
      let text = try s.string("t") ?? ""
      func color(_ name: String) throws(RazzleError) -> SIMD3<Double>? {
        guard let list = try s[name]?.numbers(), list.count >= 3 else { return nil }
        return SIMD3(list[0], list[1], list[2])
      }
      var box: SIMD2<Double>?
      if let ps = try s["ps"]?.numbers(), ps.count >= 2 { box = SIMD2(ps[0], ps[1]) }
      documents.append(
        (
          key["t"]?.value.number ?? 0,
          LottieTextDocument(
            characters: text.map { String($0) }, size: s["s"]?.value.number ?? 0,
            font: try s.string("f") ?? "", justify: Self.code(s["j"], default: 0),
            tracking: s["tr"]?.value.number ?? 0, lineHeight: s["lh"]?.value.number ?? 0,
            baselineShift: s["ls"]?.value.number ?? 0, fill: try color("fc"),
            stroke: try color("sc"), strokeWidth: s["sw"]?.value.number ?? 0,
            boxPosition: box)
        ))
    }
    if fonts.glyphs.isEmpty {
      warn(t, "text", "the file embeds no glyphs (\"chars\"); not drawn")
      return nil
    }
    let missing = Set(
      documents.flatMap { d in
        d.document.characters.filter { c in
          c != "\r" && c != "\u{3}" && c != "\r\n" && fonts.glyph(c, font: d.document.font) == nil
        }
      })
    if !missing.isEmpty {
      warn(
        t, "text glyphs",
        "no embedded glyph for \(missing.sorted().prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")); drawn as nothing"
      )
    }
    if t["p"]?["m"] != nil { warn(t["p"] ?? t, "text on a path", "not applied") }
    if documents.contains(where: { $0.document.boxPosition != nil }),
      keys.contains(where: { $0["s"]?["sz"] != nil })
    {
      warn(t, "paragraph text", "the box's line wrapping is not applied")
    }
    var laidOut = LottieText(documents: documents.sorted { $0.time < $1.time }, fonts: fonts)
    if let list = t["a"] {
      let animators = try list.requireArray()
      if animators.count > LottieTextAnimator.maximumCount {
        warn(
          list, "text animators",
          "\(animators.count) animators; the first \(LottieTextAnimator.maximumCount) are applied")
      }
      for node in animators.prefix(LottieTextAnimator.maximumCount) {
        if let animator = try textAnimator(node) { laidOut.animators.append(animator) }
      }
    }
    if let more = t["m"], more.value.members != nil {
      laidOut.grouping = Self.code(more["g"], default: 1)
      if let a = more["a"] {
        laidOut.alignment = try LottieProperty.read(a, fallback: [0, 0], warnings: &warnings)
      }
    }
    return laidOut
  }

  /// One text animator (`t.a[]`): its range selector and the properties
  /// it animates; nil with a warning when it cannot apply (no range
  /// selector). Parts lottie-web applies that razzle does not are
  /// warnings: randomized order, 3D rotations, hue, saturation and
  /// brightness.
  private mutating func textAnimator(_ node: LottieNode) throws(RazzleError)
    -> LottieTextAnimator?
  {
    guard node.value.members != nil else {
      throw node.error("expected a text animator object, got \(node.value.typeName)")
    }
    guard let s = node["s"], s.value.members != nil else {
      warn(node, "text animator", "no range selector \"s\"; not applied")
      return nil
    }
    if s["x"] != nil || s["t"]?.value.number == 1 {
      warn(s, "expression selector", "not applied (needs a JavaScript engine)")
      return nil
    }
    if s["rn"]?.value.number == 1 {
      warn(s, "randomized text selector", "applied in order (lottie-web shuffles at random)")
    }
    func number(_ key: String) -> Int { Self.code(s[key], default: 0) }
    func prop(_ key: String, _ fallback: Double) throws(RazzleError) -> LottieProperty {
      try LottieProperty.read(s[key], fallback: [fallback], warnings: &warnings)
    }
    let selector = LottieTextSelector(
      shape: number("sh"), byIndex: number("r") == 2, basedOn: number("b"),
      start: try prop("s", 0), end: try prop("e", 100), offset: try prop("o", 0),
      amount: try prop("a", 100), easeLow: try prop("ne", 0), easeHigh: try prop("xe", 0),
      smoothness: try prop("sm", 100))
    var animator = LottieTextAnimator(selector: selector)
    guard let a = node["a"], a.value.members != nil else { return animator }
    func read(_ key: String, _ fallback: [Double]) throws(RazzleError) -> LottieProperty? {
      guard let member = a[key] else { return nil }
      return try LottieProperty.read(member, fallback: fallback, warnings: &warnings)
    }
    animator.anchor = try read("a", [0, 0])
    animator.position = try read("p", [0, 0])
    animator.scale = try read("s", [100, 100])
    animator.rotation = try read("r", [0])
    animator.skew = try read("sk", [0])
    animator.skewAxis = try read("sa", [0])
    animator.opacity = try read("o", [100])
    animator.fillColor = try read("fc", [0, 0, 0])
    animator.strokeColor = try read("sc", [0, 0, 0])
    animator.strokeWidth = try read("sw", [0])
    animator.tracking = try read("t", [0])
    for key in ["rx", "ry"] where a[key] != nil {
      warn(a[key] ?? a, "3D text rotation (\(key))", "ignored (drawn as 2D)")
    }
    for key in ["fh", "fs", "fb"] where a[key] != nil {
      warn(a[key] ?? a, "text fill hue, saturation or brightness (\(key))", "not applied")
    }
    return animator
  }

  /// A small whole number naming a choice (a justification, a shape, a
  /// basis): the member's number truncated, or `default` when it is
  /// missing, not a number, or beyond ±2³¹ (no choice is that far out).
  static func code(_ node: LottieNode?, default fallback: Int) -> Int {
    guard let x = node?.value.number, x.isFinite, abs(x) < 2_147_483_648 else { return fallback }
    return Int(x)
  }

  /// `c` of a shape property's static value or first keyframe.
  static func closedFlag(_ node: LottieNode?) -> Bool {
    guard let k = node?["k"] else { return false }
    if let list = k.elements, let first = list.first {
      if let s = first["s"] {
        return (s.elements?.first ?? s).flag("c")
      }
      return first.flag("c")
    }
    return k.flag("c")
  }

  /// "#rrggbb" as RGBA in [0, 1].
  static func hexColor(_ text: String) -> SIMD4<Double>? {
    var hex = Substring(text)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
    return SIMD4(
      Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255,
      Double(value & 0xFF) / 255, 1)
  }

  /// A transform `ks` / `tr`.
  mutating func transform(_ node: LottieNode?) throws(RazzleError) -> LottieDrawTransform {
    var anchor = LottieProperty(constant: [0, 0])
    var position = LottieProperty(constant: [0, 0])
    var positionX: LottieProperty? = nil
    var positionY: LottieProperty? = nil
    var scale = LottieProperty(constant: [100, 100])
    var rotation = LottieProperty(constant: [0])
    var skew: LottieProperty? = nil
    var skewAxis: LottieProperty? = nil
    var opacity = LottieProperty(constant: [100])
    if let node {
      guard node.value.members != nil else {
        throw node.error("expected a transform object, got \(node.value.typeName)")
      }
      anchor = try LottieProperty.read(node["a"], fallback: [0, 0], warnings: &warnings)
      if let p = node["p"] {
        if p.flag("s") {
          positionX = try LottieProperty.read(p["x"], fallback: [0], warnings: &warnings)
          positionY = try LottieProperty.read(p["y"], fallback: [0], warnings: &warnings)
        } else {
          position = try LottieProperty.read(
            p, fallback: [0, 0], spatial: true, warnings: &warnings)
        }
      }
      scale = try LottieProperty.read(node["s"], fallback: [100, 100], warnings: &warnings)
      rotation = try LottieProperty.read(
        node["r"] ?? node["rz"], fallback: [0], warnings: &warnings)
      opacity = try LottieProperty.read(node["o"], fallback: [100], warnings: &warnings)
      if let sk = node["sk"] {
        skew = try LottieProperty.read(sk, fallback: [0], warnings: &warnings)
        skewAxis = try LottieProperty.read(node["sa"], fallback: [0], warnings: &warnings)
      }
      for key in ["rx", "ry", "or"] {
        if let member = node[key] { warn(member, "3D rotation (\(key))", "ignored (drawn as 2D)") }
      }
    }
    return LottieDrawTransform(
      anchor: anchor, position: position, positionX: positionX, positionY: positionY,
      scale: scale, rotation: rotation, skew: skew, skewAxis: skewAxis, opacity: opacity)
  }

  /// A shape list (top first).
  mutating func shapes(_ items: [LottieNode]) throws(RazzleError) -> [LottieShapeItem] {
    var result: [LottieShapeItem] = []
    // A merge paths item a later stroke in this list draws unmerged.
    var merged: LottieNode?
    for item in items {
      guard item.value.members != nil else {
        throw item.error("expected a shape object, got \(item.value.typeName)")
      }
      guard let type = try item.string("ty") else { throw item.error("missing \"ty\"") }
      if item.flag("hd") { continue }
      // The direction `d` (a number; a stroke's `d` is its dashes):
      // lottie-web reverses an ellipse or a path for 3, and a rectangle for
      // anything but 1 or 2 (a missing `d` included).
      let direction = item["d"]?.value.number
      let reversed = direction == 3
      switch type {
      case "gr":
        let children = try item["it"]?.requireArray() ?? []
        var transform: LottieDrawTransform?
        var inner: [LottieNode] = []
        for child in children {
          if child.value.members != nil, (try child.string("ty")) == "tr" {
            transform = try self.transform(child)
          } else {
            inner.append(child)
          }
        }
        result.append(.group(try shapes(inner), transform))
      case "tr":
        continue  // a transform outside a group: read by the group
      case "sh":
        let ks = try LottieProperty.read(item["ks"], fallback: [], shape: true, warnings: &warnings)
        result.append(.path(ks, closed: Self.closedFlag(item["ks"]), reversed: reversed))
      case "rc":
        result.append(
          .rect(
            position: try LottieProperty.read(item["p"], fallback: [0, 0], warnings: &warnings),
            size: try LottieProperty.read(item["s"], fallback: [0, 0], warnings: &warnings),
            roundness: try LottieProperty.read(item["r"], fallback: [0], warnings: &warnings),
            reversed: !(direction == 1 || direction == 2)))
      case "el":
        result.append(
          .ellipse(
            position: try LottieProperty.read(item["p"], fallback: [0, 0], warnings: &warnings),
            size: try LottieProperty.read(item["s"], fallback: [0, 0], warnings: &warnings),
            reversed: reversed))
      case "sr":
        result.append(.polystar(try polystar(item, reversed: reversed)))
      case "rp":
        // The items before it in this list become its copies.
        result = [.repeated(result, try repeater(item))]
      case "fl", "gf":
        guard let paint = try paint(item) else { continue }
        let rule = (try item.integer("r")) == 2 ? UInt32(2) : UInt32(1)
        result.append(
          .fill(
            paint: paint,
            opacity: try LottieProperty.read(item["o"], fallback: [100], warnings: &warnings),
            rule: rule))
      case "st", "gs":
        if let merge = merged {
          warn(
            merge, "merge paths under a stroke",
            "fills draw the combined shape; strokes draw each path as it is")
          merged = nil
        }
        guard let paint = try paint(item) else { continue }
        var dashes: [LottieProperty] = []
        var offset: LottieProperty?
        if let list = item["d"]?.elements {
          for dash in list {
            let n = try dash.string("n") ?? "d"
            let value = try LottieProperty.read(dash["v"], fallback: [0], warnings: &warnings)
            if n == "o" { offset = value } else { dashes.append(value) }
          }
        }
        let cap = UInt32(clamping: min(3, max(1, try item.integer("lc") ?? 2)))
        let join = UInt32(clamping: min(3, max(1, try item.integer("lj") ?? 2)))
        let miter = item["ml"]?.value.number ?? item["ml2"]?["k"]?.value.number ?? 4
        result.append(
          .stroke(
            LottieStrokeStyle(
              paint: paint,
              opacity: try LottieProperty.read(item["o"], fallback: [100], warnings: &warnings),
              width: try LottieProperty.read(item["w"], fallback: [1], warnings: &warnings),
              cap: cap, join: join, miterLimit: miter.isFinite ? miter : 4, dashes: dashes,
              dashOffset: offset)))
      case "rd":
        result.append(
          .roundCorners(try LottieProperty.read(item["r"], fallback: [0], warnings: &warnings)))
      case "pb":
        result.append(
          .puckerBloat(try LottieProperty.read(item["a"], fallback: [0], warnings: &warnings)))
      case "zz":
        result.append(
          .zigZag(
            size: try LottieProperty.read(item["s"], fallback: [0], warnings: &warnings),
            ridges: try LottieProperty.read(item["r"], fallback: [0], warnings: &warnings),
            points: try LottieProperty.read(item["pt"], fallback: [1], warnings: &warnings)))
      case "op":
        result.append(
          .offsetPath(
            amount: try LottieProperty.read(item["a"], fallback: [0], warnings: &warnings),
            join: try item.integer("lj") ?? 1,
            miterLimit: try LottieProperty.read(item["ml"], fallback: [4], warnings: &warnings)))
      case "mm":
        let mode = try item.integer("mm") ?? 1
        switch mode {
        case 1:
          continue  // merge: the paths as one compound path, as drawn
        case 2...5:
          if result.contains(where: \.combines) {
            warn(
              item, "merge paths of merged paths",
              "the earlier merge's paths take part as they are, not combined")
          }
          result.append(.mergePaths(mode: mode))
          merged = item
        default:
          warn(item, "merge paths mode \(mode)", "not applied: the paths draw as they are")
        }
      case "tm":
        let mode = try item.integer("m") ?? 1
        result.append(
          .trim(
            start: try LottieProperty.read(item["s"], fallback: [0], warnings: &warnings),
            end: try LottieProperty.read(item["e"], fallback: [100], warnings: &warnings),
            offset: try LottieProperty.read(item["o"], fallback: [0], warnings: &warnings),
            mode: mode == 2 ? 2 : 1))
      default:
        let name = LottieImporter.shapeTypeNames[type].map { " (\($0))" } ?? ""
        warn(item, "shape type \"\(type)\"\(name)", "not drawn yet")
      }
    }
    return result
  }

  /// A fill's or stroke's paint: its color `c`, or for `gf`/`gs` its
  /// gradient; nil (with a warning: the item is not drawn) for a gradient
  /// whose stops `g` are missing or fewer than it says.
  private mutating func paint(_ item: LottieNode) throws(RazzleError) -> LottiePaint? {
    let type = try item.string("ty")
    guard type == "gf" || type == "gs" else {
      return .color(
        try LottieProperty.read(item["c"], fallback: [0, 0, 0, 1], warnings: &warnings))
    }
    guard let g = item["g"] else {
      warn(item, "gradient", "no stops \"g\"; not drawn")
      return nil
    }
    let count = try g.integer("p") ?? 0
    let stops = try LottieProperty.read(g["k"], fallback: [], warnings: &warnings)
    guard count >= 1 && count <= 4096 && stops.dimensions >= 4 * count else {
      warn(
        g["k"] ?? g, "gradient",
        "\(count) color stops (1 to 4096) in \(stops.dimensions) numbers (4 a stop); not drawn")
      return nil
    }
    return .gradient(
      LottieGradient(
        radial: (try item.integer("t")) == 2,
        start: try LottieProperty.read(item["s"], fallback: [0, 0], warnings: &warnings),
        end: try LottieProperty.read(item["e"], fallback: [0, 0], warnings: &warnings),
        highlightLength: try LottieProperty.read(item["h"], fallback: [0], warnings: &warnings),
        highlightAngle: try LottieProperty.read(item["a"], fallback: [0], warnings: &warnings),
        colorStops: count, stops: stops, collapsable: Self.collapsable(stops, count)))
  }

  /// lottie-web's checkCollapsable: `count` opacity stops, each within 0.01
  /// of its color stop's offset, in the static value or every keyframe.
  static func collapsable(_ stops: LottieProperty, _ count: Int) -> Bool {
    guard stops.dimensions == 6 * count else { return false }
    let d = stops.dimensions
    let values = stops.isAnimated ? stops.values : stops.constant
    var k = 0
    while k + d <= values.count {
      for i in 0..<count where abs(values[k + 4 * i] - values[k + 4 * count + 2 * i]) > 0.01 {
        return false
      }
      k += d
    }
    return true
  }

  /// A repeater item (`rp`), its transform `tr` with `so` and `eo`.
  private mutating func repeater(_ item: LottieNode) throws(RazzleError) -> LottieRepeater {
    let tr = item["tr"]
    if let c = item["c"], let k = c["k"]?.value.number, k > Double(LottieRepeater.maximumCopies) {
      warn(c, "repeater", "\(k) copies; drawn as \(LottieRepeater.maximumCopies)")
    }
    return LottieRepeater(
      copies: try LottieProperty.read(item["c"], fallback: [1], warnings: &warnings),
      offset: try LottieProperty.read(item["o"], fallback: [0], warnings: &warnings),
      anchor: try LottieProperty.read(tr?["a"], fallback: [0, 0], warnings: &warnings),
      position: try LottieProperty.read(tr?["p"], fallback: [0, 0], warnings: &warnings),
      scale: try LottieProperty.read(tr?["s"], fallback: [100, 100], warnings: &warnings),
      rotation: try LottieProperty.read(tr?["r"], fallback: [0], warnings: &warnings),
      startOpacity: try LottieProperty.read(tr?["so"], fallback: [100], warnings: &warnings),
      endOpacity: try LottieProperty.read(tr?["eo"], fallback: [100], warnings: &warnings),
      above: (try item.integer("m") ?? 1) != 2)
  }

  /// A polystar item (`sr`).
  private mutating func polystar(_ item: LottieNode, reversed: Bool) throws(RazzleError)
    -> LottiePolystar
  {
    let star = (try item.integer("sy") ?? 1) != 2
    return LottiePolystar(
      star: star,
      position: try LottieProperty.read(item["p"], fallback: [0, 0], warnings: &warnings),
      points: try LottieProperty.read(item["pt"], fallback: [5], warnings: &warnings),
      rotation: try LottieProperty.read(item["r"], fallback: [0], warnings: &warnings),
      outerRadius: try LottieProperty.read(item["or"], fallback: [0], warnings: &warnings),
      outerRoundness: try LottieProperty.read(item["os"], fallback: [0], warnings: &warnings),
      innerRadius: try LottieProperty.read(item["ir"], fallback: [0], warnings: &warnings),
      innerRoundness: try LottieProperty.read(item["is"], fallback: [0], warnings: &warnings),
      reversed: reversed)
  }
}

/// Base64 (RFC 4648, padding optional, whitespace skipped).
enum Base64 {
  static func decode<S: StringProtocol>(_ text: S) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for c in text.utf8 {
      let v: UInt32
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "+"), UInt8(ascii: "-"): v = 62
      case UInt8(ascii: "/"), UInt8(ascii: "_"): v = 63
      case UInt8(ascii: "="), 0x20, 0x0A, 0x0D, 0x09: continue
      default: return nil
      }
      buffer = (buffer << 6) | v
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
      }
    }
    return out
  }
}
