// A Lottie (bodymovin) document imported into razzle: a timeline of one
// clip per layer, in frames or seconds, with Lottie's semantics as
// lottie-web evaluates them (Guides/Lottie.md).

/// A Lottie animation imported into razzle.
///
/// The ``timeline`` holds one clip per layer, in file order, each playing
/// the layer's animator (its animated properties as tracks) at its in
/// point and having an effect while in point ≤ frame < out point. Time is
/// in frames (Lottie's own numbers) unless the import asks for seconds.
/// ``values(at:)`` and ``sample(times:into:)`` give every animated
/// property with spatial positions and shape paths put together;
/// ``staticValues`` the properties that do not change.
public final class LottieAnimation: @unchecked Sendable {
  /// The unit the timeline's time is in.
  public enum TimeUnit: String, Sendable, CaseIterable {
    /// Lottie's frames: the timeline at frame f is the file at frame f.
    case frames
    /// Seconds: frame f is at f / frame rate.
    case seconds
  }

  /// The timeline: one clip per layer.
  public let timeline: Node
  /// The file's frame rate `fr` (frames per second).
  public let frameRate: Double
  /// The composition's in point `ip` and out point `op`, in frames.
  public let inPoint: Double
  public let outPoint: Double
  /// The composition's size `w`, `h`.
  public let width: Double
  public let height: Double
  /// The time unit of ``timeline``.
  public let timeUnit: TimeUnit
  /// The layers in file order.
  public let layers: [LottieLayer]
  /// What was not imported, in document order.
  public let warnings: [LottieWarning]
  /// The animated values, in the order a row of ``sample(times:into:)`` holds them.
  public let columns: [LottieColumn]
  /// The properties that do not change: (target, property, value).
  public let staticValues: [(target: String, property: String, value: [Double])]

  /// How each column is computed: its source and the timeline columns it reads.
  let plans: [(source: LottieSource, reads: [Int])]
  /// The timeline's columns per row.
  let timelineWidth: Int
  /// Each layer's transform parts, in file order.
  let layerTransforms: [LottieTransform]
  /// The layer whose world matrix premultiplies each layer's own (nil: none,
  /// also when its chain of parents is broken or loops).
  let composedParent: [Int?]
  /// The layers, parents before their children.
  let compositionOrder: [Int]
  /// The drawing model: compositions, layers, shapes, assets.
  let drawing: LottieDrawing

  /// The image assets, in the order IMAGE ops name them.
  public var images: [LottieImageAsset] { drawing.images }
  /// The document's markers (`markers`), in file order: named frames a
  /// caller can play between.
  public let markers: [LottieMarker]

  /// Builds composition frame `frame` (fractional allowed; the file's
  /// frames, whatever the import's time unit) into `list`, replacing what it
  /// held.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a frame that is not
  ///   finite, `.outOfRange` for a frame that would draw more than
  ///   ``LottieFrameBuilder/maximumLayerDraws`` layers; the list is then
  ///   empty.
  public func draw(frame: Double, into list: DisplayList) throws(RazzleError) {
    list.beginFrame(of: self)
    var builder = LottieFrameBuilder(drawing: drawing, list: list)
    do {
      try builder.build(frame: frame)
    } catch {
      list.reset(width: list.width, height: list.height, frame: .nan)
      throw error
    }
  }

  /// The numbers per row of ``sample(times:into:)``.
  public var rowWidth: Int { columns.last.map { $0.start + $0.channels } ?? 0 }

  /// Imports a Lottie JSON document.
  ///
  /// - Parameters:
  ///   - bytes: the document, UTF-8 JSON.
  ///   - timeUnit: frames (the default) or seconds for the timeline.
  /// - Throws: ``RazzleError`` `.invalidValue` naming the JSON Pointer
  ///   (and line and column for a JSON syntax error); nothing is built.
  /// - Complexity: O(size of the document + keyframes).
  public convenience init(json bytes: UnsafeBufferPointer<UInt8>, timeUnit: TimeUnit = .frames)
    throws(RazzleError)
  {
    switch JSONParser.parse(bytes) {
    case .success(let root): try self.init(document: root, timeUnit: timeUnit)
    case .failure(let error):
      throw RazzleError(.invalidValue, "lottie: \(error.description)")
    }
  }

  /// Imports a Lottie JSON document given as text; see ``init(json:timeUnit:)``.
  public convenience init(json text: String, timeUnit: TimeUnit = .frames) throws(RazzleError) {
    var text = text
    let result = text.withUTF8 { JSONParser.parse($0) }
    switch result {
    case .success(let root): try self.init(document: root, timeUnit: timeUnit)
    case .failure(let error):
      throw RazzleError(.invalidValue, "lottie: \(error.description)")
    }
  }

  /// Imports a parsed Lottie document; see ``init(json:timeUnit:)``.
  public init(document: JSONValue, timeUnit: TimeUnit = .frames) throws(RazzleError) {
    let root = LottieNode(value: document, pointer: .root)
    guard root.value.members != nil else {
      throw root.error("a Lottie document is an object, got \(root.value.typeName)")
    }
    let fr = try root.number("fr")
    guard fr > 0 else { throw (root["fr"] ?? root).error("the frame rate must be > 0, got \(fr)") }
    let ip = try root.number("ip")
    let op = try root.number("op")
    guard let layersNode = root["layers"] else { throw root.error("missing \"layers\"") }
    let layerNodes = try layersNode.requireArray()
    let importer = LottieImporter()
    if root.flag("ddd") { importer.warn(root["ddd"] ?? root, "3D composition", "imported as 2D") }
    let markers = try LottieMarker.read(root["markers"])
    let scale = timeUnit == .seconds ? 1 / fr : 1
    // The timeline has an effect only where a layer does (fill none, not a
    // group's `both`, which would show a layer at ip 0 before frame 0).
    // A layer may start before frame 0 (a negative `ip`), but Web
    // Animations puts every local time below 0 in a timeline's before
    // phase, whatever its delay. Then the timeline starts one unit before
    // the earliest in point and fills backwards: a time in its before phase
    // maps to its own inner time (local time − delay), and the children,
    // placed one unit in (fill none), have not started during that unit,
    // so nothing shows before its layer's in point.
    let origin = min(0, layerNodes.compactMap { $0["ip"]?.value.number }.min() ?? 0)
    let pad = origin < 0 ? 1.0 : 0
    let timeline = Node.timeline(
      timing: try Timing(delay: origin * scale - pad, fill: origin < 0 ? .backwards : .none))
    var names = LottieImporter.Names()
    var layers: [LottieLayer] = []
    var pending:
      [(name: String, index: Int?, parent: Int?, info: (Int, Double, Double, Double, Double))] = []
    var transforms: [LottieTransform] = []
    for node in layerNodes {
      guard node.value.members != nil else {
        throw node.error("expected a layer object, got \(node.value.typeName)")
      }
      let index = try node.integer("ind")
      let parent = try node.integer("parent")
      let name = names.unique(
        try node.string("nm") ?? "layer \(index.map(String.init) ?? String(pending.count))")
      importer.animator = Animator()
      let (type, lip, lop, st, sr, parts) = try importer.layer(node, name: name)
      guard lip.isFinite, lop.isFinite else { throw node.error("ip and op must be finite") }
      let duration = max(0, lop - lip) * scale
      let clip = try Node.clip(
        importer.animator, span: (lip, max(lip, lop)), timing: try Timing(duration: .time(duration))
      )
      try timeline.add(clip, at: .time((lip - origin) * scale + pad))
      pending.append((name, index, parent, (type, lip, lop, st, sr)))
      transforms.append(parts)
    }
    let chains = LottieImporter.parentChains(
      pending.map { ($0.index, $0.parent) }, names: pending.map(\.name))
    var byIndex: [Int: String] = [:]
    for entry in pending { if let i = entry.index, byIndex[i] == nil { byIndex[i] = entry.name } }
    for (k, entry) in pending.enumerated() {
      let parentName = entry.parent.flatMap { byIndex[$0] }
      if let problem = chains.problems[k] {
        let at = layerNodes[k]["parent"] ?? layerNodes[k]
        importer.warn(at, problem.feature, problem.message)
      }
      let (type, lip, lop, st, sr) = entry.info
      layers.append(
        LottieLayer(
          name: entry.name, index: entry.index, parentIndex: entry.parent, parent: parentName,
          type: type, inPoint: lip, outPoint: lop, startTime: st, stretch: sr))
    }
    let layout = try timeline.layout()
    var where_: [String: Int] = [:]
    for column in layout.columns {
      where_[column.target + "\u{0}" + column.property] = column.column
    }
    var columns: [LottieColumn] = []
    var plans: [(source: LottieSource, reads: [Int])] = []
    var start = 0
    for c in importer.columns {
      func at(_ property: String) -> Int { where_[c.target + "\u{0}" + property] ?? 0 }
      switch c.source {
      case .track(let p): plans.append((c.source, [at(p)]))
      case .concat(let ps): plans.append((c.source, ps.map(at)))
      case .spatial(let p, let s, _): plans.append((c.source, [at(p), at(s)]))
      }
      columns.append(
        LottieColumn(target: c.target, property: c.property, channels: c.channels, start: start))
      start += c.channels
    }
    self.timeline = timeline
    self.frameRate = fr
    self.inPoint = ip
    self.outPoint = op
    self.width = try root.number("w", default: 0)
    self.height = try root.number("h", default: 0)
    self.timeUnit = timeUnit
    self.layers = layers
    let (drawing, drawWarnings) = try LottieDrawingReader.read(
      root, frameRate: fr, inPoint: ip, outPoint: op)
    self.drawing = drawing
    self.markers = markers
    // What is neither drawn nor imported, once per place and feature.
    var seen: Set<String> = []
    var merged: [LottieWarning] = []
    for warning in importer.warnings + drawWarnings
    where seen.insert(warning.pointer + "\u{0}" + warning.feature).inserted {
      merged.append(warning)
    }
    self.warnings = merged
    self.columns = columns
    self.staticValues = importer.statics
    self.plans = plans
    self.timelineWidth = layout.width
    self.layerTransforms = transforms
    self.composedParent = chains.parent
    self.compositionOrder = chains.order
  }
}
