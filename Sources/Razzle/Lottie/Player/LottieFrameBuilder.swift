#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// One frame of a Lottie drawing as a display list, with lottie-web's rules
// (Guides/Lottie.md, "Playing"): layers bottom to top, a layer shown while
// ip ≤ time < op, properties evaluated at their composition's time,
// precompositions at (time − st) / sr or their time remap, parents' local
// matrices premultiplied, masks and track mattes as offscreen groups, and
// shape trees with their styles' scoping, trims and paint order.

/// Builds frames of a ``LottieDrawing`` into a ``DisplayList``.
struct LottieFrameBuilder {
  let drawing: LottieDrawing
  let list: DisplayList
  /// Layers drawn so far in this frame (precompositions used many times
  /// repeat theirs): bounded, so that a file cannot make a frame's work
  /// explode.
  private var layerBudget = LottieFrameBuilder.maximumLayerDraws
  /// The vertices zig zags and offset paths may still make in this frame.
  private var modifierBudget = ShapeTree.maximumModifierVertices

  /// The most layers one frame draws (every use of a precomposition
  /// counts its layers again).
  static let maximumLayerDraws = 1 << 16

  init(drawing: LottieDrawing, list: DisplayList) {
    self.drawing = drawing
    self.list = list
  }

  /// Builds composition frame `frame` into the list.
  mutating func build(frame: Double) throws(RazzleError) {
    let root = drawing.compositions[0]
    list.reset(width: root.width, height: root.height, frame: frame)
    guard frame.isFinite else {
      throw RazzleError(.invalidValue, "frame must be finite, got \(frame)")
    }
    try composition(0, time: frame, alpha: 1)
  }

  // MARK: Compositions and layers

  private mutating func composition(_ index: Int, time: Double, alpha: Double) throws(RazzleError) {
    let layers = drawing.compositions[index].layers
    for slot in layers.indices.reversed() {
      let layer = layers[slot]
      if layer.hidden || layer.isMatte { continue }
      guard layer.inPoint <= time && time < layer.outPoint else { continue }
      try self.layer(layers, slot, time: time, alpha: alpha)
    }
  }

  /// A layer's matrix in its composition: its parents' local matrices
  /// premultiplied (lottie-web: parents apply also where they do not show).
  private func worldMatrix(_ layers: [LottieDrawLayer], _ slot: Int, time: Double) -> Affine {
    var m = localMatrix(layers[slot], time: time)
    var current = slot
    var steps = 0
    while let parent = layers[current].parent, steps < layers.count {
      m = localMatrix(layers[parent], time: time).concatenating(m)
      current = parent
      steps += 1
    }
    return m
  }

  private func localMatrix(_ layer: LottieDrawLayer, time: Double) -> Affine {
    var orient = 0.0
    if layer.autoOrient { orient = autoOrientAngle(layer.transform, time: time) }
    return layer.transform.matrix(at: time, extraRotation: orient)
  }

  /// lottie-web's auto-orient: the direction from the position 0.01 frames
  /// earlier to the position now (at the ends, from the first key to 0.01
  /// after it, or from 0.05 before the last to it), in degrees.
  private func autoOrientAngle(_ t: LottieDrawTransform, time: Double) -> Double {
    func position(_ f: Double) -> SIMD4<Double> {
      if let x = t.positionX, let y = t.positionY {
        return SIMD4(x.scalar(at: f), y.scalar(at: f), 0, 0)
      }
      return t.position.vector(at: f)
    }
    let times = t.positionX?.times ?? t.position.times
    guard let first = times.first, let last = times.last else { return 0 }
    let v1: SIMD4<Double>
    let v2: SIMD4<Double>
    if time <= first {
      v1 = position(first + 0.01)
      v2 = position(first)
    } else if time >= last {
      v1 = position(last)
      v2 = position(last - 0.05)
    } else {
      v1 = position(time)
      v2 = position(time - 0.01)
    }
    let dx = v1[0] - v2[0]
    let dy = v1[1] - v2[1]
    guard dx != 0 || dy != 0 else { return 0 }
    return atan2(dy, dx) * 180 / .pi
  }

  private mutating func layer(
    _ layers: [LottieDrawLayer], _ slot: Int, time: Double, alpha: Double
  ) throws(RazzleError) {
    layerBudget -= 1
    guard layerBudget >= 0, !list.isFull else {
      throw RazzleError(
        .outOfRange,
        "the frame draws more than \(Self.maximumLayerDraws) layers or \(DisplayList.maximumItems) items (precompositions nested too widely)"
      )
    }
    let layer = layers[slot]
    let opacity = layer.transform.alpha(at: time) * alpha
    if opacity <= 0 && layer.matteMode == 0 { return }
    let matrix = worldMatrix(layers, slot, time: time)
    // Values that overflow (a scale of 1e300, a skew of 90°) give a matrix
    // no drawing library takes: such a layer does not show, and every
    // number a list holds is finite.
    guard matrix.isFinite else { return }
    let matte = layer.matteMode != 0 ? layer.matte : nil
    let grouped =
      !layer.masks.isEmpty || matte != nil || layer.blendMode != 0 || !layer.fills.isEmpty
    if grouped {
      var op = DrawOp()
      op.kind = DrawOpKind.beginLayer.rawValue
      op.mode = layer.blendMode
      op.opacity = 1
      if !layer.fills.isEmpty {
        // Each Fill replaces the color: the last one's color, every
        // opacity multiplied.
        var alpha = 1.0
        var color = SIMD4<Double>(1, 0, 0, 1)
        for fill in layer.fills {
          color = fill.color.vector(at: time, fallback: SIMD4(1, 0, 0, 1))
          let o = fill.opacity.scalar(at: time)
          alpha *= o.isFinite ? min(1, max(0, o)) : 1
        }
        func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        op.flags = DrawOp.layerFill
        op.color = (unit(color[0]), unit(color[1]), unit(color[2]), alpha)
      }
      list.append(op)
    }
    let saved = list.ops.count
    save(matrix)
    try content(layer, time: time, alpha: opacity)
    if list.ops.count == saved + 1 {
      list.ops.removeLast()  // nothing drawn: no SAVE and RESTORE
    } else {
      list.append(.restore)
    }
    if !layer.masks.isEmpty { masks(layer, matrix: matrix, time: time) }
    if let matte {
      var op = DrawOp()
      op.kind = DrawOpKind.beginMatte.rawValue
      op.mode = layer.matteMode
      list.append(op)
      let source = layers[matte]
      if source.inPoint <= time && time < source.outPoint {
        try self.layer(layers, matte, time: time, alpha: alpha)
      }
      list.append(.endMatte)
    }
    if grouped { list.append(.endLayer) }
  }

  private func save(_ m: Affine) {
    var op = DrawOp()
    op.kind = DrawOpKind.save.rawValue
    op.matrix = m.tuple
    list.append(op)
  }

  private mutating func content(_ layer: LottieDrawLayer, time: Double, alpha: Double)
    throws(RazzleError)
  {
    switch layer.content {
    case .none: return
    case .solid(let color, let w, let h):
      guard w > 0 && h > 0 else { return }
      var op = paint(.fill, color: color, alpha: alpha)
      op.mode = 1
      path([BezierContour.box(0, 0, w, h)], .identity, into: &op)
      list.append(op)
    case .text(let text):
      guard let document = text.document(at: time) else { return }
      if !text.animators.isEmpty {
        animatedText(text, document, time: time, alpha: alpha)
        return
      }
      let outlines = text.outlines(at: time, drawing.fonts)
      guard !outlines.isEmpty else { return }
      if let fill = document.fill {
        var op = paint(.fill, color: SIMD4(fill[0], fill[1], fill[2], 1), alpha: alpha)
        op.mode = 1
        path(outlines, .identity, into: &op)
        if op.verbCount > 0 { list.append(op) }
      }
      if let stroke = document.stroke, document.strokeWidth > 0, document.strokeWidth.isFinite {
        var op = paint(.stroke, color: SIMD4(stroke[0], stroke[1], stroke[2], 1), alpha: alpha)
        op.width = document.strokeWidth
        op.cap = 1
        op.join = 1
        path(outlines, .identity, into: &op)
        if op.verbCount > 0 { list.append(op) }
      }
    case .image(let index):
      let asset = drawing.images[index]
      var op = DrawOp()
      op.kind = DrawOpKind.image.rawValue
      op.mode = UInt32(index)
      op.opacity = alpha
      op.rect = (0, 0, asset.width, asset.height)
      list.append(op)
    case .precomposition(let index, let w, let h):
      let local = time - layer.startTime
      var inner: Double
      if let remap = layer.timeRemap {
        inner = remap.scalar(at: time) * drawing.frameRate
        if inner == layer.outPoint { inner = layer.outPoint - 1 }
      } else {
        inner = local / layer.stretch
      }
      guard inner.isFinite else { return }
      var clip = DrawOp()
      clip.kind = DrawOpKind.clipRect.rawValue
      clip.rect = (0, 0, w, h)
      list.append(.save)
      list.append(clip)
      try composition(index, time: inner, alpha: alpha)
      list.append(.restore)
    case .shapes(let shapes):
      // Shapes without an animated property draw the same ops every frame
      // at one opacity: the list appends them again.
      if layer.staticShapes && list.replay(layer, alpha: alpha) { return }
      let start = list.mark
      var budget = LottieRepeater.maximumItems
      let items = LottieRepeater.expand(shapes, at: time, budget: &budget)
      var tree = ShapeTree()
      tree.collect(items, time: time)
      tree.applyModifiers(budget: &modifierBudget)
      draw(tree, items, time: time, alpha: alpha)
      if layer.staticShapes { list.record(layer, alpha: alpha, since: start) }
    }
  }

  /// A text layer with animators: each letter filled, then stroked, with
  /// its own opacity and colors (lottie-web's canvas renderer draws letter
  /// by letter); a letter its animators make transparent draws nothing.
  private mutating func animatedText(
    _ text: LottieText, _ document: LottieTextDocument, time: Double, alpha: Double
  ) {
    for letter in text.letters(at: time, drawing.fonts) where letter.opacity > 0 {
      let a = alpha * min(letter.opacity, 1)
      if let fill = letter.fill ?? document.fill {
        var op = paint(.fill, color: SIMD4(fill[0], fill[1], fill[2], 1), alpha: a)
        op.mode = 1
        path(letter.contours, .identity, into: &op)
        if op.verbCount > 0 { list.append(op) }
      }
      let width = letter.strokeWidth ?? document.strokeWidth
      if let stroke = letter.stroke ?? document.stroke, width > 0, width.isFinite {
        var op = paint(.stroke, color: SIMD4(stroke[0], stroke[1], stroke[2], 1), alpha: a)
        op.width = width
        op.cap = 1
        op.join = 1
        path(letter.contours, .identity, into: &op)
        if op.verbCount > 0 { list.append(op) }
      }
    }
  }

  // MARK: Masks

  private func masks(_ layer: LottieDrawLayer, matrix: Affine, time: Double) {
    let first = layer.masks[0].mode
    var begin = DrawOp()
    begin.kind = DrawOpKind.beginMask.rawValue
    begin.opacity = first == .subtract || first == .intersect ? 1 : 0
    list.append(begin)
    save(matrix)
    for mask in layer.masks {
      var op = DrawOp()
      op.kind = DrawOpKind.maskPath.rawValue
      op.mode = mask.mode.rawValue
      op.flags = mask.inverted ? 1 : 0
      op.opacity = min(1, max(0, mask.opacity.scalar(at: time) * 0.01))
      let expansion = mask.expansion.scalar(at: time)
      op.width = expansion.isFinite ? expansion : 0
      var contours: [BezierContour] = []
      // lottie-web's SVG masks draw nothing for an open path.
      if mask.closed && mask.path.dimensions >= 6 {
        var numbers = [Double](repeating: 0, count: mask.path.dimensions)
        numbers.withUnsafeMutableBufferPointer {
          mask.path.value(at: time, into: $0.baseAddress.unsafelyUnwrapped)
        }
        numbers.withUnsafeBufferPointer { contours.append(BezierContour(lottie: $0, closed: true)) }
      }
      path(contours, .identity, into: &op)
      list.append(op)
    }
    list.append(.restore)
    list.append(.endMask)
  }

  // MARK: Shapes

  /// Appends `contours` (mapped by `m`) to the list's verbs and points and
  /// points `op` at them.
  private func path(_ contours: [BezierContour], _ m: Affine, into op: inout DrawOp) {
    op.verbStart = UInt32(truncatingIfNeeded: list.verbs.count)
    op.pointStart = UInt32(truncatingIfNeeded: list.points.count / 2)
    let identity = m.isIdentity
    for contour in contours {
      let p = contour.points
      guard p.count >= 2 else { continue }
      // A move, then a cubic for each whole three points: the contour's
      // first 2 + 6 × cubics numbers, copied (or mapped) in one pass.
      let cubics = (p.count - 2) / 6
      let count = 2 + 6 * cubics
      list.verbs.append(PathVerb.move.rawValue)
      list.verbs.append(contentsOf: repeatElement(PathVerb.cubic.rawValue, count: cubics))
      if contour.closed { list.verbs.append(PathVerb.close.rawValue) }
      p.withUnsafeBufferPointer { source in
        if identity {
          list.points.append(contentsOf: source[0..<count])
          return
        }
        let start = list.points.count
        list.points.append(contentsOf: repeatElement(0, count: count))
        list.points.withUnsafeMutableBufferPointer { target in
          var j = 0
          while j < count {
            let (x, y) = m.apply(source[j], source[j + 1])
            target[start + j] = x
            target[start + j + 1] = y
            j += 2
          }
        }
      }
    }
    op.verbCount = UInt32(truncatingIfNeeded: list.verbs.count) &- op.verbStart
    // A point that overflowed (a group's matrix times a huge vertex): the
    // path is dropped, so every number the list holds is finite.
    let first = 2 * Int(op.pointStart)
    if !list.points[first...].allSatisfy(\.isFinite) {
      list.points.removeSubrange(first...)
      list.verbs.removeSubrange(Int(op.verbStart)...)
      op.verbCount = 0
    }
  }

  /// A FILL or STROKE op with its paint at frame `time`, every opacity
  /// above it in `alpha`; nil for a gradient whose numbers are not finite
  /// (nothing is drawn, as for a layer that overflows).
  private func paint(_ kind: DrawOpKind, _ paint: LottiePaint, alpha: Double, time: Double)
    -> DrawOp?
  {
    switch paint {
    case .color(let property):
      return self.paint(
        kind, color: property.vector(at: time, fallback: SIMD4(0, 0, 0, 1)), alpha: alpha)
    case .gradient(let gradient):
      var op = self.paint(kind, color: SIMD4(1, 1, 1, 1), alpha: alpha)
      guard self.gradient(gradient, at: time, into: &op) else { return nil }
      return op
    }
  }

  /// A FILL or STROKE op with a solid color, `alpha` times its own.
  private func paint(_ kind: DrawOpKind, color: SIMD4<Double>, alpha: Double) -> DrawOp {
    var op = DrawOp()
    op.kind = kind.rawValue
    let a = (color[3].isNaN ? 1 : color[3]) * alpha
    op.color = (
      min(1, max(0, color[0])), min(1, max(0, color[1])), min(1, max(0, color[2])),
      min(1, max(0, a))
    )
    return op
  }

  /// A gradient's geometry and stops at frame `time` into `op` and the
  /// list, as lottie-web's renderers compute them
  /// (CVShapeElement.renderGradientFill, GradientProperty): a radial
  /// gradient runs from its highlight (radius 0) to the circle about the
  /// start through the end, the highlight at h % of the radius (held
  /// at 99 % once it reaches the circle) and `a` degrees off the start–end
  /// direction; offsets are whole percents and channels whole 255ths, as
  /// lottie-web rounds them. Opacity stops at the color stops' offsets give
  /// each its alpha (lottie-web's "collapsable" case); elsewhere both
  /// lists' offsets are stops, each color and alpha interpolated on its own
  /// list.
  private func gradient(_ g: LottieGradient, at time: Double, into op: inout DrawOp) -> Bool {
    let s = g.start.vector(at: time)
    let e = g.end.vector(at: time)
    if g.radial {
      let dx = e[0] - s[0]
      let dy = e[1] - s[1]
      let radius = (dx * dx + dy * dy).squareRoot()
      let angle = atan2(dy, dx)
      // lottie-web moves a highlight at or past the circle to 99 %.
      var h = g.highlightLength.scalar(at: time) * 0.01
      if h >= 1 { h = 0.99 } else if h <= -1 { h = -0.99 }
      let a = g.highlightAngle.scalar(at: time) * Double.pi / 180
      let distance = radius * h
      op.paint = Paint.radial.rawValue
      op.gradient = (
        cos(angle + a) * distance + s[0], sin(angle + a) * distance + s[1], 0, s[0], s[1], radius
      )
    } else {
      op.paint = Paint.linear.rawValue
      op.gradient = (s[0], s[1], 0, e[0], e[1], 0)
    }
    let g6 = op.gradient
    guard g6.0.isFinite, g6.1.isFinite, g6.3.isFinite, g6.4.isFinite, g6.5.isFinite else {
      return false
    }
    var numbers = [Double](repeating: 0, count: g.stops.dimensions)
    numbers.withUnsafeMutableBufferPointer {
      g.stops.value(at: time, into: $0.baseAddress.unsafelyUnwrapped)
    }
    guard numbers.allSatisfy(\.isFinite) else { return false }
    let p = g.colorStops
    let m = (numbers.count - 4 * p) / 2
    // lottie-web's "collapsable": the opacity stops sit at the color stops'
    // offsets (read once for every keyframe), so each color stop takes
    // its alpha.
    let collapsable = g.collapsable
    // Colors: offsets in whole percents, channels in whole 255ths.
    var colors: [(offset: Double, value: SIMD3<Double>, alpha: Double)] = (0..<p).map { i in
      let rgb = SIMD3(numbers[4 * i + 1], numbers[4 * i + 2], numbers[4 * i + 3])
      let channels = ((rgb * 255).rounded(.toNearestOrAwayFromZero) / 255)
        .clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
      let alpha = collapsable ? min(1, max(0, numbers[4 * p + 2 * i + 1])) : 1
      return ((numbers[4 * i] * 100).rounded(.toNearestOrAwayFromZero) / 100, channels, alpha)
    }
    colors.sort { $0.offset < $1.offset }
    // Opacity offsets in whole percents too.
    var alphas: [(offset: Double, value: SIMD2<Double>)] = (0..<m).map { j in
      (
        (numbers[4 * p + 2 * j] * 100).rounded(.toNearestOrAwayFromZero) / 100,
        SIMD2(repeating: min(1, max(0, numbers[4 * p + 2 * j + 1])))
      )
    }
    alphas.sort { $0.offset < $1.offset }
    op.stopStart = UInt32(truncatingIfNeeded: list.stops.count / 5)
    func append(_ offset: Double, _ rgb: SIMD3<Double>, _ alpha: Double) {
      list.stops.append(min(1, max(0, offset)))
      list.stops.append(rgb[0])
      list.stops.append(rgb[1])
      list.stops.append(rgb[2])
      list.stops.append(alpha)
    }
    if m == 0 || collapsable {
      for c in colors { append(c.offset, c.value, c.alpha) }
    } else {
      // Both lists' offsets, in order; each channel from its own list.
      let rgb = colors.map { (offset: $0.offset, value: $0.value) }
      var offsets = rgb.map(\.offset) + alphas.map(\.offset)
      offsets.sort()
      var last = -Double.infinity
      for x in offsets where x != last {
        last = x
        append(
          x, Self.interpolate(rgb, at: x, empty: SIMD3(repeating: 1)),
          Self.interpolate(alphas, at: x, empty: SIMD2(repeating: 1))[0])
      }
    }
    op.stopCount = UInt32(truncatingIfNeeded: list.stops.count / 5) &- op.stopStart
    return true
  }

  /// A piecewise-linear list's value at `x` (its ends beyond them; `empty`
  /// for no list).
  private static func interpolate<V: SIMD>(
    _ list: [(offset: Double, value: V)], at x: Double, empty: V
  ) -> V where V.Scalar == Double {
    guard let first = list.first, let last = list.last else { return empty }
    if x <= first.offset { return first.value }
    if x >= last.offset { return last.value }
    var k = 0
    while k + 1 < list.count && list[k + 1].offset <= x { k += 1 }
    let a = list[k]
    let b = list[k + 1]
    let u = b.offset > a.offset ? (x - a.offset) / (b.offset - a.offset) : 0
    return a.value + (b.value - a.value) * u
  }

  /// Draws the styles of a collected shape tree, bottom to top.
  private func draw(_ tree: ShapeTree, _ items: [LottieShapeItem], time: Double, alpha: Double) {
    drawGroup(
      tree, items, group: 0, chainMatrix: .identity, groupAlpha: alpha, time: time)
  }

  private func drawGroup(
    _ tree: ShapeTree, _ items: [LottieShapeItem], group: Int, chainMatrix: Affine,
    groupAlpha: Double, time: Double
  ) {
    let info = tree.groups[group]
    for k in items.indices.reversed() {
      switch items[k] {
      case .group(let children, _), .copy(let children, _, _):
        let child = info.childGroups[k]
        let childInfo = tree.groups[child]
        drawGroup(
          tree, children, group: child, chainMatrix: chainMatrix.concatenating(childInfo.matrix),
          groupAlpha: groupAlpha * childInfo.alpha, time: time)
      case .fill(let fill, let opacity, let rule):
        let range = info.entryStart..<info.itemEntryStart[k]
        guard !range.isEmpty else { continue }
        let o = min(1, max(0, opacity.scalar(at: time) * 0.01)) * groupAlpha
        guard o > 0, chainMatrix.isFinite else { continue }
        guard var op = paint(.fill, fill, alpha: o, time: time) else { continue }
        op.mode = rule
        let merged = merges(within: range, tree, before: k, in: group)
        guard !merged.isEmpty else {
          emit(&op, tree, [range], group: group, chainMatrix: chainMatrix)
          continue
        }
        // The entries no merge combines fill as they are; each merge's
        // as its combined shape.
        var plain: [Range<Int>] = []
        var cursor = range.lowerBound
        for merge in merged {
          if cursor < merge.range.lowerBound { plain.append(cursor..<merge.range.lowerBound) }
          cursor = merge.range.upperBound
        }
        if cursor < range.upperBound { plain.append(cursor..<range.upperBound) }
        if !plain.isEmpty {
          var rest = op
          emit(&rest, tree, plain, group: group, chainMatrix: chainMatrix)
        }
        for merge in merged {
          emitMerged(op, tree, merge, group: group, chainMatrix: chainMatrix)
        }
      case .stroke(let style):
        let range = info.entryStart..<info.itemEntryStart[k]
        guard !range.isEmpty else { continue }
        let o = min(1, max(0, style.opacity.scalar(at: time) * 0.01)) * groupAlpha
        let width = style.width.scalar(at: time)
        guard o > 0, width > 0, width.isFinite, chainMatrix.isFinite else { continue }
        guard var op = paint(.stroke, style.paint, alpha: o, time: time) else { continue }
        op.width = width
        op.cap = style.cap
        op.join = style.join
        op.miterLimit = style.miterLimit
        if !style.dashes.isEmpty {
          op.dashStart = UInt32(truncatingIfNeeded: list.dashes.count)
          var total = 0.0
          for dash in style.dashes {
            let v = max(0, dash.scalar(at: time))
            total += v
            list.dashes.append(v)
          }
          let offset = style.dashOffset?.scalar(at: time) ?? 0
          if total > 0 && total.isFinite && offset.isFinite {
            op.dashCount = UInt32(style.dashes.count)
            op.dashOffset = offset
          } else {
            list.dashes.removeLast(style.dashes.count)
          }
        }
        emit(&op, tree, [range], group: group, chainMatrix: chainMatrix)
      default:
        continue
      }
    }
  }

  /// Emits a style's op over the entries `range`, in the style's group's
  /// coordinates (the group chain's matrix around it).
  private func emit(
    _ op: inout DrawOp, _ tree: ShapeTree, _ ranges: [Range<Int>], group: Int,
    chainMatrix: Affine
  ) {
    appendPath(of: ranges, tree, group: group, into: &op)
    guard op.verbCount > 0 else { return }
    let wrap = !chainMatrix.isIdentity
    if wrap { save(chainMatrix) }
    list.append(op)
    if wrap { list.append(.restore) }
  }

  /// Appends the contours of the entries in `ranges` to the list as `op`'s
  /// path, in the coordinates of the style's group `group` (the groups
  /// between it and each entry map the entry's points).
  private func appendPath(
    of ranges: [Range<Int>], _ tree: ShapeTree, group: Int, into op: inout DrawOp
  ) {
    let depth = tree.groups[group].depth
    let verbStart = list.verbs.count
    let pointStart = list.points.count / 2
    for range in ranges {
      for entry in tree.entries[range] where !entry.contours.isEmpty {
        var m = Affine.identity
        for g in entry.chain.dropFirst(depth + 1) { m = m.concatenating(tree.groups[g].matrix) }
        var piece = DrawOp()
        path(entry.contours, m, into: &piece)
      }
    }
    op.verbStart = UInt32(truncatingIfNeeded: verbStart)
    op.pointStart = UInt32(truncatingIfNeeded: pointStart)
    op.verbCount = UInt32(truncatingIfNeeded: list.verbs.count - verbStart)
  }

  /// The merges a style over `range` (item `item` of group `group`)
  /// paints as combined shapes: those wholly inside it and before it (a
  /// merge in the style's own group after the style does not apply to
  /// it), in order, a merge inside another's paths left to that one (its
  /// paths then combine as they are; the reader warns).
  private func merges(
    within range: Range<Int>, _ tree: ShapeTree, before item: Int, in group: Int
  ) -> [ShapeTree.Merge] {
    guard !tree.merges.isEmpty else { return [] }
    let inside = tree.merges.filter {
      !$0.range.isEmpty && $0.range.lowerBound >= range.lowerBound
        && $0.range.upperBound <= range.upperBound && ($0.group != group || $0.item < item)
    }.sorted {
      ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound)
    }
    var chosen: [ShapeTree.Merge] = []
    for merge in inside where merge.range.lowerBound >= (chosen.last?.range.upperBound ?? 0) {
      chosen.append(merge)
    }
    return chosen
  }

  /// A fill of merged paths as ops every drawer already draws: a group
  /// filling the paths' bounding box with the paint, masked by the paths
  /// combined in order: the first added, each later one by the merge's
  /// mode (add, subtract, intersect, or for exclude intersections the
  /// mask's difference). Paths without area take no part.
  private func emitMerged(
    _ paint: DrawOp, _ tree: ShapeTree, _ merge: ShapeTree.Merge, group: Int,
    chainMatrix: Affine
  ) {
    var masks: [DrawOp] = []
    let firstPoint = list.points.count
    // A path without area (a point, a line: a 1-vertex path is common in
    // exported files) covers nothing: it takes no part, where as the first
    // of an intersection it would empty it.
    func hasArea(_ contours: [BezierContour]) -> Bool {
      contours.contains { c in
        let xs = stride(from: 0, to: c.points.count - 1, by: 2).map { c.points[$0] }
        let ys = stride(from: 1, to: c.points.count, by: 2).map { c.points[$0] }
        return (xs.max() ?? 0) > (xs.min() ?? 0) && (ys.max() ?? 0) > (ys.min() ?? 0)
      }
    }
    let paths = merge.paths.filter { range in
      range.allSatisfy { hasArea(tree.entries[$0].contours) }
    }
    for (k, range) in paths.enumerated() {
      var op = DrawOp()
      op.kind = DrawOpKind.maskPath.rawValue
      switch (k, merge.mode) {
      case (0, _), (_, 2): op.mode = 1
      case (_, 3): op.mode = 2
      case (_, 4): op.mode = 3
      default: op.mode = 6
      }
      appendPath(of: [range], tree, group: group, into: &op)
      if op.verbCount > 0 { masks.append(op) }
    }
    // The box of the paths' points (control points hold their curves),
    // a little wider so that its edges never meet the mask's.
    var x0 = Double.infinity
    var y0 = Double.infinity
    var x1 = -Double.infinity
    var y1 = -Double.infinity
    for i in stride(from: firstPoint, to: list.points.count - 1, by: 2) {
      x0 = min(x0, list.points[i])
      x1 = max(x1, list.points[i])
      y0 = min(y0, list.points[i + 1])
      y1 = max(y1, list.points[i + 1])
    }
    guard !masks.isEmpty, x0 <= x1, y0 <= y1 else { return }
    let margin = 1 + 0.05 * max(x1 - x0, y1 - y0)
    guard margin.isFinite else { return }
    var fill = paint
    fill.mode = 1
    path(
      [BezierContour.box(x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin)],
      .identity, into: &fill)
    var begin = DrawOp()
    begin.kind = DrawOpKind.beginLayer.rawValue
    begin.opacity = 1
    list.append(begin)
    save(chainMatrix)
    list.append(fill)
    list.append(.restore)
    var beginMask = DrawOp()
    beginMask.kind = DrawOpKind.beginMask.rawValue
    beginMask.opacity = 0
    list.append(beginMask)
    save(chainMatrix)
    for op in masks { list.append(op) }
    list.append(.restore)
    list.append(.endMask)
    list.append(.endLayer)
  }
}
