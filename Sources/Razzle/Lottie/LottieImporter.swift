// The import's working state: the current layer's animator, the columns
// and static values found so far, the warnings.

/// What a property's value is, for the tracks it becomes.
enum LottiePropertyRole {
  /// Numbers, one track (or one per dimension when the dimensions ease
  /// differently).
  case plain
  /// A position: spatial when a segment keeps its `to`/`ti` tangents.
  case position
  /// A shape path: one 6-channel track per vertex.
  case shape
}

final class LottieImporter {
  var warnings: [LottieWarning] = []
  var columns: [(target: String, property: String, channels: Int, source: LottieSource)] = []
  var statics: [(target: String, property: String, value: [Double])] = []
  var animator = Animator()

  func warn(_ node: LottieNode, _ feature: String, _ message: String = "not imported") {
    warnings.append(
      LottieWarning(pointer: node.pointer.description, feature: feature, message: message))
  }

  /// Imports the animatable property `node` (nothing when it is nil).
  ///
  /// - Returns: where its value comes from (nil when `node` is nil).
  @discardableResult
  func property(
    _ node: LottieNode?, target: String, property: String, role: LottiePropertyRole = .plain
  ) throws(RazzleError) -> LottieSampled? {
    guard let node else { return nil }
    guard node.value.members != nil else {
      throw node.error("expected a property object, got \(node.value.typeName)")
    }
    let flatten: (LottieNode) throws(RazzleError) -> [Double] =
      role == .shape
      ? { (n) throws(RazzleError) in try Self.shapeNumbers(n) }
      : {
        (n) throws(RazzleError) in try n.numbers()
      }
    switch try node.animatable(flatten: flatten, warnings: &warnings) {
    case .constant(let value):
      statics.append((target, property, value))
      return .constant(value)
    case .keyframes(var keys):
      Self.separateEqualTimes(&keys)
      switch role {
      case .plain: return try plain(keys, target: target, property: property)
      case .position:
        if let route = try Self.route(keys) {
          return try spatial(keys, route: route, target: target, property: property)
        }
        return try plain(keys, target: target, property: property)
      case .shape: return try shape(keys, target: target, property: property)
      }
    }
  }

  /// Keyframes at one time: lottie-web shows the later one from that time
  /// on, and the segment before arrives at the earlier one's value, so the
  /// earlier one moves to the previous double.
  static func separateEqualTimes(_ keys: inout [LottieKeyframe]) {
    guard keys.count > 1 else { return }
    for k in stride(from: keys.count - 2, through: 0, by: -1)
    where keys[k].time >= keys[k + 1].time {
      keys[k].time = keys[k + 1].time.nextDown
    }
  }

  /// Adds a track of `keys` (dimensions `dims` of each value, with
  /// dimension `easingDimension`'s easing).
  @discardableResult
  func addTrack(
    _ keys: [LottieKeyframe], target: String, property: String, dims: Range<Int>,
    easingDimension: Int
  ) throws(RazzleError) -> Track {
    let channels = dims.count
    let options = TrackOptions(kind: channels == 1 ? "scalar" : "vector", channels: channels)
    let track = try animator.addTrack(target: target, property: property, options: options)
    var times: [Double] = []
    var values: [Double] = []
    var styles: [KeyframeStyle] = []
    times.reserveCapacity(keys.count)
    values.reserveCapacity(keys.count * channels)
    styles.reserveCapacity(keys.count)
    for key in keys {
      times.append(key.time)
      values.append(contentsOf: key.value[dims])
      styles.append(Self.style(key, easingDimension))
    }
    try times.withUnsafeBufferPointer { (t) throws(RazzleError) in
      try values.withUnsafeBufferPointer { (v) throws(RazzleError) in
        try track.setKeyframes(times: t, values: v, styles: styles)
      }
    }
    return track
  }

  static func style(_ key: LottieKeyframe, _ dimension: Int) -> KeyframeStyle {
    if key.hold { return KeyframeStyle(interpolation: .hold) }
    let index = min(dimension, key.easing.count - 1)
    guard index >= 0, let bezier = key.easing[index] else { return .plain }
    return KeyframeStyle(easing: .cubicBezier(bezier))
  }

  /// Numbers: one track, or one scalar track per dimension (`property.0`,
  /// `property.1`, …) when some keyframe eases its dimensions differently.
  func plain(_ keys: [LottieKeyframe], target: String, property: String) throws(RazzleError)
    -> LottieSampled
  {
    let dims = keys[0].value.count
    let split =
      dims > 1 && keys.contains { key in key.easing.dropFirst().contains { $0 != key.easing[0] } }
    if split {
      var tracks: [Track] = []
      for d in 0..<dims {
        let name = "\(property).\(d)"
        tracks.append(
          try addTrack(keys, target: target, property: name, dims: d..<(d + 1), easingDimension: d))
        columns.append((target, name, 1, .track(name)))
      }
      return .tracks(tracks)
    } else {
      guard dims <= ValueKind.maximumChannels else {
        throw LottieNode(value: JSONValue(.null), pointer: keys[0].pointer).error(
          "a value of \(dims) numbers (at most \(ValueKind.maximumChannels))")
      }
      let track = try addTrack(
        keys, target: target, property: property, dims: 0..<dims, easingDimension: 0)
      columns.append((target, property, dims, .track(property)))
      return .tracks([track])
    }
  }

  /// The spatial route of a position's keyframes, or nil when lottie-web
  /// drops every segment's tangents (then it is a plain property).
  static func route(_ keys: [LottieKeyframe]) throws(RazzleError) -> LottieRoute? {
    let dims = keys[0].value.count
    guard dims >= 2 else { return nil }
    var curved: [Bool] = []
    var outs: [PathPoint] = []
    var ins: [PathPoint] = [.zero]
    for k in 0..<(keys.count - 1) {
      var keep = false
      if let to = keys[k].outTangent, let ti = keys[k].inTangent, !keys[k].hold {
        guard to.count >= 2, ti.count >= 2 else {
          throw LottieNode(value: JSONValue(.null), pointer: keys[k].pointer).error(
            "\"to\" and \"ti\" need at least two numbers")
        }
        keep = LottieRoute.keepsTangents(keys[k].value, keys[k + 1].value, to, ti)
        if keep {
          outs.append(PathPoint(to[0], to[1]))
          ins.append(PathPoint(ti[0], ti[1]))
        }
      }
      if !keep {
        outs.append(.zero)
        ins.append(.zero)
      }
      curved.append(keep)
    }
    guard curved.contains(true) else { return nil }
    outs.append(.zero)
    let points = keys.map { $0.value }
    let path: SpatialPath
    do {
      path = try SpatialPath(
        points: points.map { PathPoint($0[0], $0[1]) }, inTangents: ins, outTangents: outs)
    } catch {
      // A route that cannot be measured: the message names the segment, the
      // pointer its first keyframe.
      let segment = curved.indices.first { k in
        let p0 = PathPoint(points[k][0], points[k][1])
        let p1 = PathPoint(points[k + 1][0], points[k + 1][1])
        return PathSegment(.cubic(p0, p0 + outs[k], p1 + ins[k + 1], p1)).unmeasurableReason != nil
      }
      throw LottieNode(value: JSONValue(.null), pointer: keys[segment ?? 0].pointer).error(
        "the spatial tangents: \(error.message)")
    }
    return LottieRoute(points: points, curved: curved, path: path)
  }

  /// A spatial position: `property.progress` (keyframe i has value i, with
  /// its easing: i + eased progress) and `property.segment` (i, held).
  func spatial(_ keys: [LottieKeyframe], route: LottieRoute, target: String, property: String)
    throws(RazzleError) -> LottieSampled
  {
    var progress = keys
    var segment = keys
    for k in keys.indices {
      progress[k].value = [Double(k)]
      segment[k].value = [Double(k)]
      segment[k].hold = true
    }
    let p = "\(property).progress"
    let s = "\(property).segment"
    let progressTrack = try addTrack(
      progress, target: target, property: p, dims: 0..<1, easingDimension: 0)
    let segmentTrack = try addTrack(
      segment, target: target, property: s, dims: 0..<1, easingDimension: 0)
    columns.append(
      (target, property, keys[0].value.count, .spatial(progress: p, segment: s, route: route)))
    return .spatial(progress: progressTrack, segment: segmentTrack, route: route)
  }

  /// A shape path: track `property.<k>` holds vertex k's (x, y, in x, in
  /// y, out x, out y), each keyframe with its first dimension's easing.
  func shape(_ keys: [LottieKeyframe], target: String, property: String) throws(RazzleError)
    -> LottieSampled
  {
    let vertices = keys[0].value.count / 6
    var names: [String] = []
    var tracks: [Track] = []
    for v in 0..<vertices {
      let name = "\(property).\(v)"
      tracks.append(
        try addTrack(
          keys, target: target, property: name, dims: (6 * v)..<(6 * v + 6), easingDimension: 0))
      names.append(name)
    }
    columns.append((target, property, 6 * vertices, .concat(names)))
    return .tracks(tracks)
  }

  /// A shape value `{"v", "i", "o", "c"}` (or an array holding one, as
  /// keyframes write it) as (x, y, in x, in y, out x, out y) per vertex.
  static func shapeNumbers(_ node: LottieNode) throws(RazzleError) -> [Double] {
    var shape = node
    if let list = node.elements {
      guard list.count == 1 else { throw node.error("expected one shape, got \(list.count)") }
      shape = list[0]
    }
    guard shape.value.members != nil else {
      throw shape.error("expected a shape object, got \(shape.value.typeName)")
    }
    var lists: [[LottieNode]] = []
    for key in ["v", "i", "o"] {
      guard let member = shape[key] else { throw shape.error("missing \"\(key)\"") }
      lists.append(try member.requireArray())
    }
    guard lists[1].count == lists[0].count, lists[2].count == lists[0].count else {
      throw shape.error(
        "\(lists[0].count) vertices with \(lists[1].count) in and \(lists[2].count) out tangents")
    }
    var out: [Double] = []
    out.reserveCapacity(6 * lists[0].count)
    for k in lists[0].indices {
      for list in lists {
        let xy = try list[k].numbers()
        guard xy.count >= 2 else { throw list[k].error("expected a point [x, y]") }
        out.append(xy[0])
        out.append(xy[1])
      }
    }
    return out
  }
}
