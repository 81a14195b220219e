import RazzleStores

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Drawing a display list into pixels without any 2D library: the ops of
// include/keyframe.h ("How to draw the ops") interpreted over premultiplied
// RGBA8 surfaces. Paths are flattened and filled by exact area coverage
// (CoverageGrid), strokes outlined into polygons (Stroker); groups, masks
// and mattes are offscreen surfaces touched only within the boxes drawn
// into. What a caller gets is the frame as RGBA8 rows, straight alpha
// unless asked for premultiplied.

/// Draws display lists into RGBA8 pixels.
///
/// A rasterizer keeps its surfaces between frames: once it has drawn a
/// frame of a size it allocates nothing more for frames of that size. It
/// also keeps the pixels of a frame drawn twice in a row (up to 64 MiB):
/// when the same display list comes again under the same size, matrix,
/// background, alpha form and images, the frame is those pixels, copied
/// (an animation holding still costs a copy a frame). Not
/// thread-safe: one frame at a time (the C layer locks it); use one
/// rasterizer per thread to draw in parallel.
public final class Rasterizer: @unchecked Sendable {
  /// The largest side of a frame or an image, in pixels (`KF_RASTER_MAX_SIDE`).
  public static let maximumSide = 16384

  private var width = 0
  private var height = 0
  /// Free surfaces of the current size (cleared).
  private var layerPool: [PixelLayer] = []
  private var planePool: [CoveragePlane] = []
  private var grid = CoverageGrid()
  private var cover: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
  private var coverCapacity = 1
  private var table = GradientTable()
  private let lines = Polylines()
  private let outline = Polylines()
  private var stroker = Stroker()
  private var pattern: [Double] = []
  private var images: [Int: RasterImage] = [:]
  /// The coverage of the paths of the frame before.
  private let cache = CoverageCache()
  /// The hash of the cache key last looked up.
  private var pendingHash: UInt64 = 0
  /// The pixels of a frame drawn twice in a row, for when it comes again.
  private let reuse = FrameReuse()
  /// The numbers of the frame being drawn that its display list does not
  /// hold (``FrameKey/numbers``; storage kept between frames).
  private var frameNumbers: [UInt64] = []
  /// The marks of a plain frame drawn into the caller's rows in straight
  /// alpha (AlphaMarks), and their storage (`AlphaMarks.words` words a
  /// row).
  private var alphaMarks: AlphaMarks?
  private var rowMarks: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
  /// How many frames were drawn as plain frames (AlphaMarks; for tests).
  private(set) var plainFrames = 0
  /// How many frames were the kept pixels of a frame drawn twice in a row
  /// (see FrameReuse).
  var framesReused: Int { reuse.replays }
  /// Counts the changes of ``setImage(index:rgba:width:height:stride:)``.
  private var imageRevision: UInt64 = 0
  private let mutex = Mutex()
  /// The list ``render(_:frame:into:width:height:stride:matrix:background:premultiplied:)``
  /// builds frames into.
  let frameList = DisplayList()

  public init() {}

  deinit {
    grid.deallocate()
    cover.deallocate()
    rowMarks.deallocate()
    table.deallocate()
  }

  /// Runs `body` holding the rasterizer's lock.
  public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    mutex.lock()
    defer { mutex.unlock() }
    return try body()
  }

  /// Sets the pixels IMAGE ops with `index` draw: `width` × `height`
  /// straight-alpha RGBA8 rows `stride` bytes apart.
  public func setImage(
    index: Int, rgba: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int
  ) throws(RazzleError) {
    guard index >= 0 && index < 1 << 20 else {
      throw RazzleError(.outOfRange, "image index \(index) is not in 0..<\(1 << 20)")
    }
    try Self.checkRows("an image", width: width, height: height, stride: stride, bytes: rgba.count)
    images[index] = RasterImage(rgba: rgba, width: width, height: height, stride: stride)
    imageRevision &+= 1
  }

  /// Refuses RGBA8 rows of a size out of 1...``maximumSide``, a stride
  /// below 4 bytes a pixel, or a buffer shorter than the rows.
  private static func checkRows(
    _ what: String, width: Int, height: Int, stride: Int, bytes: Int
  ) throws(RazzleError) {
    guard width > 0 && height > 0 && width <= maximumSide && height <= maximumSide else {
      throw RazzleError(
        .invalidValue, "\(what) is 1 to \(maximumSide) pixels a side, not \(width)x\(height)")
    }
    guard stride >= width * 4 else {
      throw RazzleError(
        .invalidValue, "stride \(stride) is less than 4 bytes a pixel (\(width * 4))")
    }
    let needed = stride * (height - 1) + width * 4
    guard bytes >= needed else {
      throw RazzleError(
        .bufferTooSmall,
        "\(width)x\(height) pixels need \(needed) bytes, the buffer holds \(bytes)")
    }
  }

  /// Draws `list` into `pixels`: `width` × `height` RGBA8 rows `stride`
  /// bytes apart, every pixel written.
  ///
  /// - Parameters:
  ///   - list: the frame's ops.
  ///   - pixels: the rows, at least `stride` × (height - 1) + 4 × width bytes.
  ///   - width: the frame's width in pixels.
  ///   - height: its height.
  ///   - stride: bytes from one row to the next.
  ///   - matrix: maps the list's coordinates to pixels (a, b, c, d, e, f);
  ///     nil fits the composition (aspect kept, centred). Only the
  ///     composition's rectangle is drawn.
  ///   - background: straight RGBA in [0, 1] under the frame; nil for
  ///     transparent.
  ///   - premultiplied: true writes premultiplied channels, false (the
  ///     default) straight ones.
  /// - Throws: ``RazzleError`` `.invalidValue` for a size out of
  ///   1...``maximumSide``, a stride below 4 × width, a matrix that is not
  ///   finite and invertible, a background that is not finite;
  ///   `.bufferTooSmall` when `pixels` is shorter than the rows.
  public func draw(
    _ list: DisplayList, into pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int,
    stride: Int, matrix: (Double, Double, Double, Double, Double, Double)? = nil,
    background: SIMD4<Double>? = nil, premultiplied: Bool = false
  ) throws(RazzleError) {
    try Self.checkRows("a frame", width: width, height: height, stride: stride, bytes: pixels.count)
    let base: Affine
    if let m = matrix {
      base = Affine(a: m.0, b: m.1, c: m.2, d: m.3, tx: m.4, ty: m.5)
      let det = base.a * base.d - base.b * base.c
      guard base.isFinite && det != 0 && det.isFinite else {
        throw RazzleError(.invalidValue, "the matrix must be finite and invertible")
      }
    } else {
      let scale =
        list.width > 0 && list.height > 0
        ? min(Double(width) / list.width, Double(height) / list.height) : 1
      base = Affine(
        a: scale, d: scale, tx: (Double(width) - list.width * scale) / 2,
        ty: (Double(height) - list.height * scale) / 2)
    }
    if let b = background {
      guard b.x.isFinite && b.y.isFinite && b.z.isFinite && b.w.isFinite else {
        throw RazzleError(.invalidValue, "the background must be finite")
      }
    }
    // A frame whose list and numbers are a kept frame's: its pixels (see
    // FrameReuse).
    frameNumbers.removeAll(keepingCapacity: true)
    let given: UInt64 = (matrix == nil ? 0 : 2) | (background == nil ? 0 : 1)
    for v in [
      list.width.bitPattern, list.height.bitPattern, UInt64(width) << 32 | UInt64(height),
      premultiplied ? 1 : 0, imageRevision, UInt64(KernelLevel.active.storesLevel), given,
    ] {
      frameNumbers.append(v)
    }
    if let m = matrix {
      for v in [m.0, m.1, m.2, m.3, m.4, m.5] { frameNumbers.append(v.bitPattern) }
    }
    if let b = background {
      for v in [b.x, b.y, b.z, b.w] { frameNumbers.append(v.bitPattern) }
    }
    guard let out = pixels.baseAddress else { return }
    if reuse.replay(list, numbers: frameNumbers, into: out, stride: stride) { return }
    defer {
      reuse.drew(
        list, numbers: frameNumbers, frame: out, width: width, height: height, stride: stride)
    }
    resize(width, height)
    // Rows packed and aligned: the caller's pixels are the root surface
    // (no copy of the frame); otherwise a surface of ours, copied out.
    let direct =
      stride == width * 4 && UInt(bitPattern: pixels.baseAddress) % 4 == 0
    let root: PixelLayer
    if direct, let base = pixels.baseAddress {
      root = PixelLayer(
        wrapping: base.assumingMemoryBound(to: UInt32.self), width: width, height: height)
    } else {
      root = layer()
    }
    defer { if !direct { recycle(root) } }
    var color: UInt32 = 0
    if let b = background, b.w > 0 {
      func unit(_ v: Double) -> Double { v > 0 ? v < 1 ? v : 1 : 0 }
      let a = unit(b.w)
      color = packPixel(
        SIMD4(
          Float(unit(b.x) * a * 255), Float(unit(b.y) * a * 255), Float(unit(b.z) * a * 255),
          Float(a * 255)))
    }
    if color != 0 || direct {
      fillPixels(root.pixels, color, width * height)
      if color != 0 { root.box = PixelBox(x0: 0, y0: 0, x1: width, y1: height) }
    }
    // A plain frame into the caller's rows in straight alpha: the spans
    // mark where alpha is divided (AlphaMarks).
    if direct && color == 0 && !premultiplied && Self.isPlain(list) {
      plainFrames += 1
      alphaMarks = AlphaMarks(pixels: root.pixels, width: width, height: height, marks: rowMarks)
    }
    var frame = FrameState(matrix: base, clip: Clip(width: width, height: height))
    frame.clip = clipped(frame.clip, rect: (0, 0, list.width, list.height), by: base)
    cache.beginFrame()
    interpret(list, root: root, state: frame)
    cache.endFrame()
    // Over an opaque background every pixel is opaque: straight is as
    // premultiplied.
    let opaque = (background?.w ?? 0) >= 1
    if let marks = alphaMarks {
      alphaMarks = nil
      marks.finish(reciprocals: Self.reciprocals, level: KernelLevel.active.storesLevel)
    } else if direct {
      if !premultiplied && !opaque { unpremultiply(root) }
    } else {
      write(root, into: pixels, stride: stride, premultiplied: premultiplied, opaque: opaque)
    }
  }

  /// Whether every op of `list` is a SAVE, RESTORE, CLIP_RECT, FILL or
  /// STROKE: what it paints goes straight into the root, span by span.
  private static func isPlain(_ list: DisplayList) -> Bool {
    list.ops.withUnsafeBufferPointer { ops in
      for op in ops {
        switch DrawOpKind(rawValue: op.kind) {
        case .save, .restore, .clipRect, .fill, .stroke: continue
        default: return false
        }
      }
      return true
    }
  }

  // MARK: - Surfaces

  private func resize(_ w: Int, _ h: Int) {
    guard w != width || h != height else { return }
    width = w
    height = h
    cache.removeAll()
    layerPool.removeAll()
    planePool.removeAll()
    if w > coverCapacity {
      cover.deallocate()
      coverCapacity = w
      cover = .allocate(capacity: w)
    }
    rowMarks.deallocate()
    rowMarks = .allocate(capacity: h * AlphaMarks.words(width: w))
  }

  private func layer() -> PixelLayer {
    layerPool.popLast() ?? PixelLayer(width: width, height: height)
  }

  private func recycle(_ layer: PixelLayer) {
    layer.clear()
    if layer.width == width && layer.height == height { layerPool.append(layer) }
  }

  private func plane() -> CoveragePlane {
    planePool.popLast() ?? CoveragePlane(width: width, height: height)
  }

  private func recycle(_ plane: CoveragePlane) {
    if plane.width == width && plane.height == height { planePool.append(plane) }
  }

  /// The root surface into the caller's rows: a copy of each row, then,
  /// for straight alpha, each partly transparent pixel divided by its
  /// alpha (within the box drawn into; the rest is transparent).
  private func write(
    _ root: PixelLayer, into out: UnsafeMutableRawBufferPointer, stride: Int, premultiplied: Bool,
    opaque: Bool
  ) {
    guard let base = out.baseAddress else { return }
    let box = root.box
    let level = KernelLevel.active.storesLevel
    for y in 0..<height {
      let dst = base + y * stride
      guard y >= box.y0 && y < box.y1 else {
        dst.initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
        continue
      }
      dst.copyMemory(from: root.row(y), byteCount: width * 4)
      if premultiplied || opaque { continue }
      unpremultiply(
        dst.assumingMemoryBound(to: UInt32.self), from: box.x0, to: box.x1, level: level)
    }
  }

  /// Straight alpha in place over the root's box.
  private func unpremultiply(_ root: PixelLayer) {
    let box = root.box
    guard !box.isEmpty else { return }
    let level = KernelLevel.active.storesLevel
    for y in box.y0..<box.y1 {
      unpremultiply(root.row(y), from: box.x0, to: box.x1, level: level)
    }
  }

  /// Divides each partly transparent pixel of row[x0..<x1] by its alpha
  /// (razzle_unpremultiply_row: sixteen or eight pixels at a time at the
  /// kernel level `level`, the rest one at a time).
  @inline(__always)
  private func unpremultiply(
    _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, level: Int32
  ) {
    guard x0 < x1 else { return }
    razzle_unpremultiply_row(row + x0, x1 - x0, Self.reciprocals, level)
  }

  /// 255 · 2^16 / a, rounded, for a in 1...255 (0 for 0): unpremultiplying
  /// without a division.
  private static let reciprocals: UnsafePointer<UInt32> = {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    table[0] = 0
    for a in 1..<256 { table[a] = UInt32((255 * 65536 + a / 2) / a) }
    return UnsafePointer(table)
  }()

  // MARK: - The ops

  /// The transform and clip a SAVE saves.
  private struct FrameState {
    var matrix: Affine
    var clip: Clip
  }

  /// What a group (BEGIN_LAYER … END_LAYER) is doing.
  private struct Group {
    var content: PixelLayer
    var below: PixelLayer
    var opacity: Float
    var mode: UInt32
    var depth: Int
    /// BEGIN_MASK … END_MASK: the mask's coverage, and the pixels outside
    /// which it is 0.
    var mask: CoveragePlane?
    var maskBounds = PixelBox.empty
    /// BEGIN_MATTE … END_MATTE: the matte being drawn and its mode.
    var matte: PixelLayer?
    var matteMode: UInt32 = 0
    /// BEGIN_LAYER with ``DrawOp/layerFill``: the color (straight, 0–1)
    /// its pixels take and the factor of their alpha.
    var fill: SIMD4<Float>? = nil
  }

  private func interpret(_ list: DisplayList, root: PixelLayer, state initial: FrameState) {
    var state = initial
    var saved: [FrameState] = []
    var groups: [Group] = []
    var target = root
    // Groups whose mask is drawn as a clip (MaskClips), and those open.
    var clipGroups: [MaskClips.Plan] = []
    list.ops.withUnsafeBufferPointer { ops in
      let plans = MaskClips(ops).plans
      list.verbs.withUnsafeBufferPointer { verbs in
        list.points.withUnsafeBufferPointer { points in
          var i = 0
          while i < ops.count {
            let op = ops[i]
            defer { i += 1 }
            if let open = clipGroups.last, i == open.mask {
              // The content is drawn: the mask was the clip; its ops and
              // END_LAYER are done.
              if let last = saved.popLast() { restore(&state, to: last) }
              clipGroups.removeLast()
              i = open.end
              continue
            }
            if !plans.isEmpty, let plan = plans[i] {
              saved.append(state)
              state.clip = masked(
                state.clip, ops: ops, from: plan.mask, to: plan.maskEnd, verbs: verbs,
                points: points, matrix: state.matrix)
              clipGroups.append(plan)
              continue
            }
            switch DrawOpKind(rawValue: op.kind) {
            case .save:
              saved.append(state)
              let (a, b, c, d, e, f) = op.matrix
              state.matrix = state.matrix.concatenating(
                Affine(a: a, b: b, c: c, d: d, tx: e, ty: f))
            case .restore:
              if let last = saved.popLast() { restore(&state, to: last) }
            case .clipRect:
              state.clip = clipped(state.clip, rect: op.rect, by: state.matrix)
            case .beginLayer:
              let content = layer()
              var group = Group(
                content: content, below: target, opacity: Float(op.opacity), mode: op.mode,
                depth: saved.count)
              if op.flags & DrawOp.layerFill != 0 {
                let (r, g, b, a) = op.color
                group.fill = SIMD4(Float(r), Float(g), Float(b), Float(a))
              }
              groups.append(group)
              target = content
            case .endLayer:
              guard var group = groups.popLast() else { break }
              finishMatte(&group)
              if let fill = group.fill { recolor(group.content, fill) }
              composite(group.content, onto: group.below, opacity: group.opacity, mode: group.mode)
              recycle(group.content)
              if let mask = group.mask { recycle(mask) }
              target = group.below
            case .beginMask:
              guard !groups.isEmpty else { break }
              let plane = plane()
              let box = groups[groups.count - 1].content.box
              let start: Float = op.opacity >= 0.5 ? 1 : 0
              plane.fill(box, start)
              groups[groups.count - 1].mask = plane
              groups[groups.count - 1].maskBounds = start > 0 ? box : .empty
            case .maskPath:
              guard let group = groups.last, let mask = group.mask else { break }
              groups[groups.count - 1].maskBounds = maskPath(
                op, verbs: verbs, points: points, matrix: state.matrix, clip: state.clip,
                box: group.content.box, bounds: group.maskBounds, into: mask)
            case .endMask:
              guard !groups.isEmpty, let mask = groups[groups.count - 1].mask else { break }
              apply(
                mask, bounds: groups[groups.count - 1].maskBounds,
                to: groups[groups.count - 1].content)
              recycle(mask)
              groups[groups.count - 1].mask = nil
            case .beginMatte:
              guard !groups.isEmpty else { break }
              let matte = layer()
              groups[groups.count - 1].matte = matte
              groups[groups.count - 1].matteMode = op.mode
              target = matte
            case .endMatte:
              guard !groups.isEmpty else { break }
              finishMatte(&groups[groups.count - 1])
              target = groups[groups.count - 1].content
            case .fill:
              fill(op, verbs: verbs, points: points, state: state, into: target, list: list)
            case .stroke:
              stroke(op, verbs: verbs, points: points, state: state, into: target, list: list)
            case .image:
              image(op, state: state, into: target)
            case nil:
              break
            }
          }
        }
      }
    }
    // A list cut short leaves nothing open.
    while var group = groups.popLast() {
      finishMatte(&group)
      if let fill = group.fill { recolor(group.content, fill) }
      composite(group.content, onto: group.below, opacity: group.opacity, mode: group.mode)
      recycle(group.content)
      if let mask = group.mask { recycle(mask) }
    }
    while let last = saved.popLast() { restore(&state, to: last) }
  }

  private func restore(_ state: inout FrameState, to last: FrameState) {
    if let plane = state.clip.plane, plane !== last.clip.plane { recycle(plane) }
    state = last
  }

  /// Applies a group's matte (if one was drawn) to its content.
  ///
  /// A matte pixel's level (its alpha, or its luma for a luma matte) is
  /// one of 256 values, so the factor each level gives is looked up in a
  /// table built once a matte. Outside the matte's box the level is 0:
  /// an alpha or luma matte clears the content there (and the content's
  /// box shrinks to the matte's), an inverted one keeps it.
  private func finishMatte(_ group: inout Group) {
    guard let matte = group.matte else { return }
    let mode = group.matteMode
    let inverted = mode == 2 || mode == 4
    let luma = mode == 3 || mode == 4
    let content = group.content
    let box = content.box
    let inside = box.intersection(matte.box)
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 256) { buffer in
      guard let table = buffer.baseAddress else { return }
      for level in 0..<256 {
        let m = Float(level) * (1 / 255)
        table[level] = UInt16(factor256(inverted ? 1 - m : m))
      }
      for y in box.y0..<box.y1 {
        let row = content.row(y)
        guard y >= inside.y0 && y < inside.y1 else {
          if !inverted { fillPixels(row + box.x0, 0, box.x1 - box.x0) }
          continue
        }
        if !inverted {
          fillPixels(row + box.x0, 0, inside.x0 - box.x0)
          fillPixels(row + inside.x1, 0, box.x1 - inside.x1)
        }
        let m = matte.row(y)
        if luma {
          scaleByMatte(row, m, inside.x0, inside.x1, table) { p in
            // 0.2125, 0.7154, 0.0721 in 256ths (54 + 183 + 18 = 255: white is 255).
            ((p & 0xFF) &* 54 &+ ((p &>> 8) & 0xFF) &* 183 &+ ((p &>> 16) & 0xFF) &* 18) &>> 8
          }
        } else {
          scaleByMatte(row, m, inside.x0, inside.x1, table) { p in p &>> 24 }
        }
      }
    }
    if !inverted { content.box = inside }
    recycle(matte)
    group.matte = nil
    group.matteMode = 0
  }

  /// Scales each pixel of `row[x0..<x1]` that is not transparent by
  /// `table[level(matte pixel)]` (a factor in 0...256).
  @inline(__always)
  private func scaleByMatte(
    _ row: UnsafeMutablePointer<UInt32>, _ matte: UnsafeMutablePointer<UInt32>, _ x0: Int,
    _ x1: Int, _ table: UnsafePointer<UInt16>, _ level: (UInt32) -> UInt32
  ) {
    forEachVisiblePixel(row, from: x0, to: x1) { x in
      let f = UInt32(table[Int(truncatingIfNeeded: level(matte[x]))])
      if f != 256 { row[x] = scalePixel(row[x], f) }
    }
  }

  /// After Effects' Fill: every pixel of `layer` takes `fill`'s color, its
  /// alpha times `fill`'s alpha (channels out of range are clamped; not
  /// finite ones count as 0).
  private func recolor(_ layer: PixelLayer, _ fill: SIMD4<Float>) {
    let box = layer.box
    guard !box.isEmpty else { return }
    func unit(_ v: Float) -> Float { v.isFinite ? min(max(v, 0), 1) : 0 }
    let color = SIMD4(unit(fill.x), unit(fill.y), unit(fill.z), 1)
    let factor = unit(fill.w)
    // A pixel's new value depends on its alpha only: one of 256.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { buffer in
      guard let table = buffer.baseAddress else { return }
      for a in 0..<256 { table[a] = packPixel(color * (Float(a) * factor)) }
      for y in box.y0..<box.y1 {
        let row = layer.row(y)
        forEachVisiblePixel(row, from: box.x0, to: box.x1) { x in
          row[x] = table[Int(truncatingIfNeeded: row[x] &>> 24)]
        }
      }
    }
  }

  /// Multiplies `layer` by a mask that is 0 outside `bounds`: the pixels
  /// outside are cleared, the ones inside scaled (transparent ones
  /// skipped).
  private func apply(_ mask: CoveragePlane, bounds: PixelBox, to layer: PixelLayer) {
    let box = layer.box
    guard !box.isEmpty else { return }
    let inside = box.intersection(bounds)
    for y in box.y0..<box.y1 {
      let row = layer.row(y)
      guard y >= inside.y0 && y < inside.y1 else {
        fillPixels(row + box.x0, 0, box.x1 - box.x0)
        continue
      }
      fillPixels(row + box.x0, 0, inside.x0 - box.x0)
      fillPixels(row + inside.x1, 0, box.x1 - inside.x1)
      let m = mask.row(y)
      forEachVisiblePixel(row, from: inside.x0, to: inside.x1) { x in
        let f = factor256(m[x])
        if f != 256 { row[x] = scalePixel(row[x], f) }
      }
    }
    layer.box = inside
  }

  // MARK: - Clips

  /// A rotated or skewed clip rectangle in pixels: its four sides as the
  /// half-planes a·x + b·y + c >= 0 ((a, b) the unit normal pointing in, so
  /// the value is the distance inside in pixels).
  private struct ClipQuad {
    var a = SIMD4<Double>()
    var b = SIMD4<Double>()
    var c = SIMD4<Double>()

    /// The quad with corners `x`, `y` (in order around it, either way);
    /// nil when it has no area.
    init?(x: SIMD4<Double>, y: SIMD4<Double>) {
      let nx = SIMD4(x[1], x[2], x[3], x[0])
      let ny = SIMD4(y[1], y[2], y[3], y[0])
      let dx = nx - x
      let dy = ny - y
      // Twice the signed area: its sign tells which side is in.
      let area = (x * ny - nx * y).sum()
      let length = (dx * dx + dy * dy).squareRoot()
      guard area != 0 && area.isFinite, length.min() > 0 else { return nil }
      let s: Double = area > 0 ? 1 : -1
      // Inside when cross(d, p - corner) · s >= 0.
      a = -dy * s / length
      b = dx * s / length
      c = -(a * x + b * y)
    }

    /// True when every pixel of `box` lies wholly inside the quad.
    func holds(_ box: PixelBox) -> Bool {
      let margin = SIMD4<Double>(repeating: 1e-6)
      for (x, y) in [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)] {
        let d = a * Double(x) + b * Double(y) + c
        guard all(d .>= margin) else { return false }
      }
      return true
    }
  }

  /// The clip: a rectangle of pixels (fractional at its edges) and, for a
  /// clip that is not an axis-aligned rectangle, a coverage plane: the
  /// rectangle's coverage times that of each rotated rectangle clipped by
  /// (the first `quadCount` of `quads`, while there are at most two).
  private struct Clip {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    var plane: CoveragePlane?
    var quads: (ClipQuad?, ClipQuad?) = (nil, nil)
    /// How many rotated rectangles shaped the plane (past two, the quads
    /// no longer describe it).
    var quadCount = 0
    /// True when a mask shaped the plane (a group's mask drawn as a clip):
    /// coverage anywhere must be multiplied by it.
    var masked = false
    /// What the masks that shaped the plane depend on, for the coverage
    /// cache's key; nil when the plane cannot be described (it is then
    /// not cacheable).
    var maskKey: [UInt64]? = nil

    init(width: Int, height: Int) {
      x0 = 0
      y0 = 0
      x1 = Double(width)
      y1 = Double(height)
      plane = nil
    }

    /// The whole pixels of `box`, without a plane.
    init(box: PixelBox) {
      x0 = Double(box.x0)
      y0 = Double(box.y0)
      x1 = Double(box.x1)
      y1 = Double(box.y1)
      plane = nil
    }

    /// True when a coverage under this clip can be kept in the cache: no
    /// plane, or one the key can describe (the rotated rectangles).
    var isCacheable: Bool { plane == nil || (quadCount <= 2 && (!masked || maskKey != nil)) }

    /// True when coverage over `box` must be multiplied by the plane:
    /// there is one, and `box` is not wholly inside every rotated
    /// rectangle (where the plane is 1 and only the rectangle clips).
    func readsPlane(over box: PixelBox) -> Bool {
      guard plane != nil else { return false }
      guard quadCount <= 2 && !masked else { return true }
      if let q = quads.0, !q.holds(box) { return true }
      if let q = quads.1, !q.holds(box) { return true }
      return false
    }

    /// The whole pixels the clip touches.
    var box: PixelBox {
      guard x1 > x0 && y1 > y0 else { return .empty }
      return PixelBox(
        x0: Int(x0.rounded(.down)), y0: Int(y0.rounded(.down)), x1: Int(x1.rounded(.up)),
        y1: Int(y1.rounded(.up)))
    }

    /// True when the rectangle's edges fall between pixels: coverage there
    /// must be multiplied (as it must wherever a plane shapes the clip).
    var isFractional: Bool {
      x0 != x0.rounded() || y0 != y0.rounded() || x1 != x1.rounded() || y1 != y1.rounded()
    }
  }

  /// `clip` intersected with `rect` (x, y, w, h) mapped by `m`.
  private func clipped(_ clip: Clip, rect: (Double, Double, Double, Double), by m: Affine) -> Clip {
    var out = clip
    let (x, y, w, h) = rect
    if m.b == 0 && m.c == 0 {
      let (ax, ay) = m.apply(x, y)
      let (bx, by) = m.apply(x + w, y + h)
      out.x0 = max(clip.x0, min(ax, bx))
      out.x1 = min(clip.x1, max(ax, bx))
      out.y0 = max(clip.y0, min(ay, by))
      out.y1 = min(clip.y1, max(ay, by))
      return out
    }
    // A rotated or skewed rectangle: its coverage in a plane, times the
    // clip's.
    lines.removeAll()
    var qx = SIMD4<Double>()
    var qy = SIMD4<Double>()
    for (k, (px, py)) in [(x, y), (x + w, y), (x + w, y + h), (x, y + h)].enumerated() {
      (qx[k], qy[k]) = m.apply(px, py)
      lines.line(qx[k], qy[k])
    }
    lines.finish(closed: true)
    // A quad without area (its plane is all 0) is never said to hold a box.
    if out.quadCount < 2, let quad = ClipQuad(x: qx, y: qy) {
      if out.quadCount == 0 { out.quads.0 = quad } else { out.quads.1 = quad }
      out.quadCount += 1
    } else {
      out.quadCount = 3
    }
    out.x0 = max(clip.x0, lines.minX)
    out.x1 = min(clip.x1, lines.maxX)
    out.y0 = max(clip.y0, lines.minY)
    out.y1 = min(clip.y1, lines.maxY)
    // Zero where the new clip reads: its box (the rectangle's bounds within
    // the old clip's), not the old clip's box, which may be the canvas.
    let plane = plane()
    plane.fill(out.box, 0)
    let rows = plane.rows
    coverage(lines, evenOdd: false, clip: clip) { y, x, n, cells, constant in
      Self.store(rows, y, x, n, cells, constant)
    }
    out.plane = plane
    return out
  }

  /// `clip` times the mask of the BEGIN_MASK at `start` … END_MASK at
  /// `end` (a group's mask drawn as a clip, MaskClips: one opaque path
  /// added to an empty mask), the path in `matrix` and the SAVEs among
  /// the mask's ops. The clip's rectangle shrinks to the path's pixels,
  /// the only ones the plane holds.
  private func masked(
    _ clip: Clip, ops: UnsafeBufferPointer<DrawOp>, from start: Int, to end: Int,
    verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>, matrix: Affine
  ) -> Clip {
    var out = clip
    let box = clip.box
    let mask = plane()
    var bounds = PixelBox.empty
    // The key: a tag, the clip's rectangle the plane was made in, the
    // path's numbers, matrix and points, and a count (a nested mask's
    // words follow its parent's).
    let keyed = clip.isCacheable
    var key = keyed ? clip.maskKey ?? [] : []
    var pathCount: UInt64 = 0
    if keyed {
      key.append(0x6D61_736B)
      for v in [clip.x0, clip.y0, clip.x1, clip.y1] { key.append(v.bitPattern) }
    }
    var m = matrix
    var matrices: [Affine] = []
    for k in (start + 1)..<end {
      let op = ops[k]
      switch DrawOpKind(rawValue: op.kind) {
      case .save:
        matrices.append(m)
        let (a, b, c, d, e, f) = op.matrix
        m = m.concatenating(Affine(a: a, b: b, c: c, d: d, tx: e, ty: f))
      case .restore:
        if let last = matrices.popLast() { m = last }
      case .maskPath:
        bounds = addedMaskPath(op, verbs: verbs, points: points, matrix: m, box: box, into: mask)
        guard keyed else { break }
        pathCount += 1
        for v in [m.a, m.b, m.c, m.d, m.tx, m.ty] { key.append(v.bitPattern) }
        if let pathVerbs = path(op, verbs, points) {
          CoverageCache.appendPath(
            to: &key, verbs: pathVerbs, points: points, pointStart: Int(op.pointStart))
        } else {
          key.append(UInt64.max)
        }
      default:
        break
      }
    }
    let inside = bounds.intersection(box)
    // An older plane (rotated clips, an outer mask) multiplies in.
    if let older = clip.plane, !inside.isEmpty {
      for y in inside.y0..<inside.y1 {
        let dst = mask.row(y)
        let src = older.row(y)
        for x in inside.x0..<inside.x1 { dst[x] *= src[x] }
      }
    }
    if inside.isEmpty {
      out.x1 = out.x0
      out.y1 = out.y0
    } else {
      out.x0 = max(clip.x0, Double(inside.x0))
      out.y0 = max(clip.y0, Double(inside.y0))
      out.x1 = min(clip.x1, Double(inside.x1))
      out.y1 = min(clip.y1, Double(inside.y1))
    }
    out.plane = mask
    out.masked = true
    key.append(pathCount)
    out.maskKey = keyed ? key : nil
    return out
  }

  /// One MASK_PATH (added to an empty mask, opaque, not inverted, not
  /// expanded) as the whole mask: its coverage stored in `mask` over the
  /// pixels it touches within `box`, which it returns (MASK_PATH's
  /// combination, 0 + (1 − 0) · 1 · c, is the coverage itself).
  private func addedMaskPath(
    _ op: DrawOp, verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>,
    matrix: Affine, box: PixelBox, into mask: CoveragePlane
  ) -> PixelBox {
    guard !box.isEmpty, let pathVerbs = path(op, verbs, points) else { return .empty }
    let region = Clip(box: box)
    lines.removeAll()
    lines.append(
      verbs: pathVerbs, points: points, pointStart: Int(op.pointStart), matrix: matrix,
      tolerance: Self.tolerance, visible: visible(region))
    let pathBox = touched(lines, region)
    guard !pathBox.isEmpty else { return .empty }
    mask.fill(pathBox, 0)
    let rows = mask.rows
    coverage(lines, evenOdd: false, clip: region) { y, x, n, cells, constant in
      Self.store(rows, y, x, n, cells, constant)
    }
    return pathBox
  }

  // MARK: - Coverage

  /// The coverage of `polygons` (each contour closed) within the clip, row
  /// by row, as spans: body(y, x, count, coverages, constant) gets either
  /// `count` coverages from column x, or (coverages nil) a run of `count`
  /// pixels all covered by `constant`. Returns the box of pixels it may
  /// have covered.
  @discardableResult
  private func coverage(
    _ polygons: Polylines, evenOdd: Bool, clip: Clip,
    _ body: (Int, Int, Int, UnsafeMutablePointer<Float>?, Float) -> Void
  ) -> PixelBox {
    let box = touched(polygons, clip)
    guard !box.isEmpty else { return .empty }
    let usesPlane = clip.readsPlane(over: box)
    let w = box.x1 - box.x0
    let h = box.y1 - box.y0
    grid.reset(width: w, height: h)
    let ox = Double(box.x0)
    let oy = Double(box.y0)
    let xy = polygons.xy
    var begin = 0
    for end in polygons.ends {
      if end - begin >= 2 {
        var px = xy[2 * (end - 1)] - ox
        var py = xy[2 * (end - 1) + 1] - oy
        for i in begin..<end {
          let x = xy[2 * i] - ox
          let y = xy[2 * i + 1] - oy
          grid.addLine(px, py, x, y)
          px = x
          py = y
        }
      }
      begin = end
    }
    let partial = usesPlane || clip.isFractional
    // Where a rectangular clip covers whole pixels, spans pass unchanged
    // (or, with a plane, are multiplied by the plane only).
    let inner = PixelBox(
      x0: Int(clip.x0.rounded(.up)), y0: Int(clip.y0.rounded(.up)),
      x1: Int(clip.x1.rounded(.down)), y1: Int(clip.y1.rounded(.down)))
    let out = cover
    // The closures below capture no references (a clip plane is read
    // through its pointer): no reference counting per span.
    let planeValues = usesPlane ? clip.plane?.values : nil
    let planeWidth = usesPlane ? clip.plane?.width ?? 0 : 0
    let (cx0, cy0, cx1, cy1) = (clip.x0, clip.y0, clip.x1, clip.y1)
    for row in 0..<h {
      let y = box.y0 + row
      let rowInside = y >= inner.y0 && y < inner.y1
      grid.spans(row, into: out, evenOdd: evenOdd) { x, count, cells, constant in
        let first = box.x0 + x
        let insideRect = rowInside && first >= inner.x0 && first + count <= inner.x1
        guard partial && !(insideRect && !usesPlane) else {
          body(y, first, count, cells, constant)
          return
        }
        if cells == nil && insideRect, let planeValues {
          // A run of one coverage under a plane (a mask's inside is 1,
          // its outside 0): the plane's runs of 1 pass as runs, its 0s
          // are skipped, the rest is the coverage times the plane, pixel
          // by pixel (the same arithmetic as painting each cell).
          let p = planeValues + y * planeWidth + first
          var i = 0
          while i < count {
            let v = p[i]
            var j = i + 1
            if v == 1 || v == 0 {
              while j < count && p[j] == v { j += 1 }
              if v == 1 { body(y, first + i, j - i, nil, constant) }
            } else {
              while j < count && p[j] != 1 && p[j] != 0 { j += 1 }
              let c = out + x + i
              for k in i..<j { c[k - i] = constant * p[k] }
              body(y, first + i, j - i, c, 0)
            }
            i = j
          }
          return
        }
        // A clip with fractional edges or a shape: every pixel's coverage
        // times the clip's (the rectangle's factor is 1 inside its whole
        // pixels).
        let c = out + x
        if cells == nil { c.update(repeating: constant, count: count) }
        if !insideRect {
          let fy = Float(min(cy1, Double(y + 1)) - max(cy0, Double(y)))
          for i in 0..<count {
            let px = Double(first + i)
            let fx = Float(min(cx1, px + 1) - max(cx0, px))
            c[i] *= min(max(fx, 0), 1) * min(max(fy, 0), 1)
          }
        }
        if let planeValues {
          let p = planeValues + y * planeWidth + first
          for i in 0..<count { c[i] *= p[i] }
        }
        body(y, first, count, c, 0)
      }
    }
    return box
  }

  /// Stores a coverage span in a plane.
  @inline(__always)
  private static func store(
    _ plane: PlaneRows, _ y: Int, _ x: Int, _ count: Int, _ cells: UnsafeMutablePointer<Float>?,
    _ constant: Float
  ) {
    let row = plane.row(y) + x
    if let cells {
      row.update(from: cells, count: count)
    } else {
      row.update(repeating: constant, count: count)
    }
  }

  /// The pixels a coverage call may touch for `polygons`.
  private func touched(_ polygons: Polylines, _ clip: Clip) -> PixelBox {
    guard !polygons.ends.isEmpty, polygons.minX <= polygons.maxX, polygons.minY <= polygons.maxY
    else { return .empty }
    func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
      Int(min(max(v, -1e9), 1e9).rounded(rule))
    }
    return PixelBox(
      x0: whole(polygons.minX, .down), y0: whole(polygons.minY, .down),
      x1: whole(polygons.maxX, .up), y1: whole(polygons.maxY, .up)
    ).intersection(clip.box)
  }

  // MARK: - Drawing

  /// The visible rectangle for culling curves: the clip, a pixel wider.
  private func visible(_ clip: Clip) -> (Double, Double, Double, Double) {
    (clip.x0 - 1, clip.y0 - 1, clip.x1 + 1, clip.y1 + 1)
  }

  private static let tolerance = 0.1

  private func path(
    _ op: DrawOp, _ verbs: UnsafeBufferPointer<UInt8>, _ points: UnsafeBufferPointer<Double>
  ) -> UnsafeBufferPointer<UInt8>? {
    let start = Int(op.verbStart)
    let count = Int(op.verbCount)
    guard count > 0, start + count <= verbs.count else { return nil }
    return UnsafeBufferPointer(rebasing: verbs[start..<(start + count)])
  }

  private func fill(
    _ op: DrawOp, verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>,
    state: FrameState, into target: PixelLayer, list: DisplayList
  ) {
    guard let pathVerbs = path(op, verbs, points) else { return }
    guard let paint = paint(op, state: state, list: list) else { return }
    let cacheable = state.clip.isCacheable
    if cacheable {
      cache.beginKey(1)
      cache.add(UInt64(op.mode == 2 ? 1 : 0))
      addKey(state)
      cache.addPath(verbs: pathVerbs, points: points, pointStart: Int(op.pointStart))
      if replay(paint: paint, into: target) { return }
    }
    lines.removeAll()
    lines.append(
      verbs: pathVerbs, points: points, pointStart: Int(op.pointStart), matrix: state.matrix,
      tolerance: Self.tolerance, visible: visible(state.clip))
    paintCoverage(
      lines, evenOdd: op.mode == 2, paint: paint, state: state, into: target, record: cacheable)
  }

  /// Adds what every coverage depends on to the cache's key: the frame's
  /// size, the matrix, the clip's rectangle.
  private func addKey(_ state: FrameState) {
    cache.add(UInt64(width) << 32 | UInt64(height))
    let m = state.matrix
    for v in [
      m.a, m.b, m.c, m.d, m.tx, m.ty, state.clip.x0, state.clip.y0, state.clip.x1, state.clip.y1,
    ] {
      cache.add(v)
    }
    guard state.clip.plane != nil else { return }
    cache.add(UInt64(state.clip.quadCount))
    func add(_ quad: ClipQuad?) {
      guard let q = quad else { return }
      for k in 0..<4 {
        cache.add(q.a[k])
        cache.add(q.b[k])
        cache.add(q.c[k])
      }
    }
    add(state.clip.quads.0)
    add(state.clip.quads.1)
    if let words = state.clip.maskKey {
      cache.add(UInt64(words.count))
      for w in words { cache.add(w) }
    }
  }

  /// The last key's coverage from the frame before painted with `paint`;
  /// false on a miss (the key stays for recording).
  private func replay(paint: RasterPaint, into target: PixelLayer) -> Bool {
    let (found, hash) = cache.find()
    pendingHash = hash
    guard let entry = found else { return false }
    let table = self.table
    let pixels = target.pixels
    let stride = target.width
    let marks = alphaMarks?.pixels == pixels ? alphaMarks : nil
    entry.cells.withUnsafeBufferPointer { cells in
      let base = cells.baseAddress
      for span in entry.spans {
        let y = Int(span.y)
        let row = pixels + y * stride
        marks?.willPaint(
          y, Int(span.x), Int(span.count),
          overwrites: span.cells < 0 && paint.overwrites(coverage: span.constant))
        if span.cells < 0 {
          paint.fill(
            row, y: y, x0: Int(span.x), count: Int(span.count), coverage: span.constant,
            table: table)
        } else if let base {
          paint.blend(
            row, y: y, x0: Int(span.x), cover: base + Int(span.cells), count: Int(span.count),
            table: table)
        }
      }
    }
    target.box = target.box.union(entry.box)
    return true
  }

  /// Paints the coverage of `polygons`; with `record`, also keeps it in
  /// the cache under the key last looked up.
  private func paintCoverage(
    _ polygons: Polylines, evenOdd: Bool, paint: RasterPaint, state: FrameState,
    into target: PixelLayer, record: Bool = false
  ) {
    let table = self.table
    let pixels = target.pixels
    let stride = target.width
    // A coverage the clip's plane shaped is not kept (the key holds the
    // rotated rectangles, not the plane's values), unless a mask shaped it
    // (the key then holds what the masks' plane is made from).
    let planeShapes = state.clip.readsPlane(over: touched(polygons, state.clip))
    let keeps = !planeShapes || (state.clip.masked && state.clip.maskKey != nil)
    let recorder = record && keeps ? cache.record(hash: pendingHash) : nil
    var spans: [CoverageCache.Span] = []
    var cellValues: [Float] = []
    // A recording stops (and is not kept) past the room the cache has.
    var recording = recorder != nil
    var room = recorder?.room ?? 0
    if recording {
      swap(&spans, &cache.spanScratch)
      swap(&cellValues, &cache.cellScratch)
    }
    let spanBytes = MemoryLayout<CoverageCache.Span>.stride
    let marks = alphaMarks?.pixels == pixels ? alphaMarks : nil
    let drawn = coverage(polygons, evenOdd: evenOdd, clip: state.clip) {
      y, x, n, cells, constant in
      let row = pixels + y * stride
      if let cells {
        marks?.willPaint(y, x, n, overwrites: false)
        paint.blend(row, y: y, x0: x, cover: cells, count: n, table: table)
        if recording {
          room -= spanBytes + n * MemoryLayout<Float>.stride
          if room < 0 {
            recording = false
            return
          }
          spans.append(
            CoverageCache.Span(
              y: Int32(y), x: Int32(x), count: Int32(n), cells: Int32(cellValues.count),
              constant: 0))
          cellValues.append(contentsOf: UnsafeBufferPointer(start: cells, count: n))
        }
      } else {
        marks?.willPaint(y, x, n, overwrites: paint.overwrites(coverage: constant))
        paint.fill(row, y: y, x0: x, count: n, coverage: constant, table: table)
        if recording {
          room -= spanBytes
          if room < 0 {
            recording = false
            return
          }
          spans.append(
            CoverageCache.Span(
              y: Int32(y), x: Int32(x), count: Int32(n), cells: -1, constant: constant))
        }
      }
    }
    target.box = target.box.union(drawn)
    if let (entry, _) = recorder {
      if recording {
        entry.spans = Array(spans)
        entry.cells = Array(cellValues)
        entry.box = drawn
        cache.store(entry, hash: pendingHash)
      }
      // The scratch keeps its capacity up to a few MiB.
      let large = spans.capacity * spanBytes + cellValues.capacity * 4 > 4 << 20
      spans.removeAll(keepingCapacity: !large)
      cellValues.removeAll(keepingCapacity: !large)
      swap(&spans, &cache.spanScratch)
      swap(&cellValues, &cache.cellScratch)
    }
  }

  /// The scale a matrix applies to lengths (its larger singular value).
  private func lengthScale(_ m: Affine) -> Double {
    let p = m.a * m.a + m.b * m.b
    let q = m.c * m.c + m.d * m.d
    let r = m.a * m.c + m.b * m.d
    let mean = (p + q) / 2
    let spread = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
    return (mean + spread).squareRoot()
  }

  /// Outlines a path's stroke into `outline` (in pixels).
  private func outlineStroke(
    verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>, pointStart: Int,
    style: StrokeStyle, dashes: ArraySlice<Double>, dashOffset: Double, matrix: Affine
  ) -> Bool {
    let scale = lengthScale(matrix)
    guard scale > 0 && scale.isFinite else { return false }
    // Dashes are measured along the lines: finer lines keep their length
    // within a few hundredths of a percent of the curve's.
    let tolerance = Self.tolerance / scale / (dashes.isEmpty ? 1 : 16)
    lines.removeAll()
    lines.append(
      verbs: verbs, points: points, pointStart: pointStart, matrix: .identity,
      tolerance: tolerance, visible: nil)
    pattern.removeAll(keepingCapacity: true)
    if !dashes.isEmpty && dashes.allSatisfy({ $0 >= 0 && $0.isFinite }) && dashes.reduce(0, +) > 0 {
      pattern.append(contentsOf: dashes)
      if pattern.count % 2 == 1 { pattern.append(contentsOf: dashes) }
    }
    outline.removeAll()
    stroker.outline(
      lines, style: style, pattern: pattern, offset: dashOffset, tolerance: tolerance,
      into: outline)
    outline.transform(matrix)
    return true
  }

  private func stroke(
    _ op: DrawOp, verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>,
    state: FrameState, into target: PixelLayer, list: DisplayList
  ) {
    guard op.width > 0, let pathVerbs = path(op, verbs, points) else { return }
    guard let paint = paint(op, state: state, list: list) else { return }
    let dashStart = Int(op.dashStart)
    let dashEnd = dashStart + Int(op.dashCount)
    let dashes = dashEnd <= list.dashes.count ? list.dashes[dashStart..<dashEnd] : []
    let style = StrokeStyle(width: op.width, cap: op.cap, join: op.join, miterLimit: op.miterLimit)
    let cacheable = state.clip.isCacheable
    if cacheable {
      cache.beginKey(2)
      cache.add(op.width)
      cache.add(UInt64(op.cap) << 32 | UInt64(op.join))
      cache.add(op.miterLimit)
      cache.add(op.dashOffset)
      cache.add(UInt64(dashes.count))
      for d in dashes { cache.add(d) }
      addKey(state)
      cache.addPath(verbs: pathVerbs, points: points, pointStart: Int(op.pointStart))
      if replay(paint: paint, into: target) { return }
    }
    guard
      outlineStroke(
        verbs: pathVerbs, points: points, pointStart: Int(op.pointStart), style: style,
        dashes: dashes, dashOffset: op.dashOffset, matrix: state.matrix)
    else { return }
    paintCoverage(
      outline, evenOdd: false, paint: paint, state: state, into: target, record: cacheable)
  }

  private func image(_ op: DrawOp, state: FrameState, into target: PixelLayer) {
    guard let picture = images[Int(op.mode)], op.opacity > 0 else { return }
    let (x, y, w, h) = op.rect
    guard w > 0 && h > 0 else { return }
    // Image pixels to the op's coordinates, then to the frame's pixels.
    let place = Affine(
      a: w / Double(picture.width), d: h / Double(picture.height), tx: x, ty: y)
    guard let inverse = state.matrix.concatenating(place).inverted else { return }
    lines.removeAll()
    for (px, py) in [(x, y), (x + w, y), (x + w, y + h), (x, y + h)] {
      let (qx, qy) = state.matrix.apply(px, py)
      lines.line(qx, qy)
    }
    lines.finish(closed: true)
    paintCoverage(
      lines, evenOdd: false,
      paint: .image(picture.view, inverse: inverse, opacity: Float(min(op.opacity, 1))),
      state: state,
      into: target)
  }

  /// A FILL's or STROKE's paint in pixels; nil when it paints nothing.
  private func paint(_ op: DrawOp, state: FrameState, list: DisplayList) -> RasterPaint? {
    switch Paint(rawValue: op.paint) {
    case .solid, nil:
      let (r, g, b, a) = op.color
      guard a > 0 else { return nil }
      let alpha = min(a, 1)
      func level(_ v: Double) -> Float {
        v > 0 ? v < 1 ? Float(v * alpha * 255) : Float(alpha * 255) : 0
      }
      return .solid(packPixel(SIMD4(level(r), level(g), level(b), Float(alpha * 255))))
    case .linear, .radial:
      let start = Int(op.stopStart)
      let count = Int(op.stopCount)
      guard count > 0, (start + count) * 5 <= list.stops.count else { return nil }
      let alpha = min(max(op.color.3, 0), 1)
      guard alpha > 0 else { return nil }
      list.stops.withUnsafeBufferPointer {
        if let base = $0.baseAddress { table.build(base + 5 * start, count: count, alpha: alpha) }
      }
      let (x0, y0, r0, x1, y1, r1) = op.gradient
      guard let inverse = state.matrix.inverted else { return nil }
      if op.paint == Paint.linear.rawValue {
        let dx = x1 - x0
        let dy = y1 - y0
        let length2 = dx * dx + dy * dy
        // A gradient of no length paints its last stop's color (SVG's rule).
        guard length2 > 0 else { return .solid(table[1]) }
        // t at local (x, y) is ((x - x0) dx + (y - y0) dy) / length2, and
        // local = inverse · pixel.
        let kx = dx / length2
        let ky = dy / length2
        let t0 = (inverse.tx - x0) * kx + (inverse.ty - y0) * ky
        let tx = inverse.a * kx + inverse.b * ky
        let ty = inverse.c * kx + inverse.d * ky
        return .linear(t0: t0, tx: tx, ty: ty)
      }
      guard r0 >= 0 && r1 >= 0 else { return nil }
      // Circles that are one circle: the last stop's color (SVG's rule).
      guard x0 != x1 || y0 != y1 || r0 != r1 else { return .solid(table[1]) }
      return .radial(
        RadialGeometry(
          inverse: inverse, x0: x0, y0: y0, r0: r0, dx: x1 - x0, dy: y1 - y0, dr: r1 - r0))
    }
  }

  /// Whether `lines` is one contour of four points (five with its first
  /// repeated) going round a rectangle with horizontal and vertical sides,
  /// around every pixel of `box`: it covers the box whole under either
  /// fill rule.
  private static func isRectangle(_ lines: Polylines, covering box: PixelBox) -> Bool {
    guard lines.ends.count == 1, !box.isEmpty else { return false }
    var n = lines.ends[0]
    let xy = lines.xy
    if n == 5 && xy[8] == xy[0] && xy[9] == xy[1] { n = 4 }
    guard n == 4 else { return false }
    // (a, b), (c, b), (c, d), (a, d), starting along either axis.
    let (x0, y0, x1, y1, x2, y2, x3, y3) = (xy[0], xy[1], xy[2], xy[3], xy[4], xy[5], xy[6], xy[7])
    let alongX = y0 == y1 && x1 == x2 && y2 == y3 && x3 == x0
    let alongY = x0 == x1 && y1 == y2 && x2 == x3 && y3 == y0
    guard alongX || alongY else { return false }
    return lines.minX <= Double(box.x0) && lines.maxX >= Double(box.x1)
      && lines.minY <= Double(box.y0) && lines.maxY >= Double(box.y1)
  }

  /// Combines one MASK_PATH's coverage with the mask's, within `box`;
  /// returns the pixels outside which the mask is 0 afterwards (`bounds`
  /// before). Where a mode keeps the mask's value outside the path (add,
  /// subtract, lighten, difference of a path that is not inverted: its
  /// coverage there is 0), only the path's pixels are combined.
  private func maskPath(
    _ op: DrawOp, verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>,
    matrix: Affine, clip: Clip, box: PixelBox, bounds: PixelBox, into mask: CoveragePlane
  ) -> PixelBox {
    let mode = op.mode
    guard !box.isEmpty, (1...6).contains(mode) else { return bounds }
    let inverted = op.flags & 1 != 0
    let grow = op.width.isFinite ? op.width : 0
    let region = Clip(box: box)
    let pathVerbs = path(op, verbs, points)
    lines.removeAll()
    if let pathVerbs {
      lines.append(
        verbs: pathVerbs, points: points, pointStart: Int(op.pointStart), matrix: matrix,
        tolerance: Self.tolerance, visible: visible(region))
    }
    // A rectangle around the whole box (a merge's frame around everything,
    // a mask drawn as the layer's bounds): its coverage is 1 at every
    // pixel, so intersecting with it at full opacity, or taking the
    // darker, leaves the mask as it is (c · 1 = c, min(c, 1) = c) — two
    // passes over the box and a plane of coverage saved.
    if (mode == 3 || mode == 5) && !inverted && grow == 0 && op.opacity >= 1
      && Self.isRectangle(lines, covering: box)
    {
      return bounds.intersection(box)
    }
    // The pixels the path covers (an expansion grows them: all of them),
    // the pixels the combination visits, and the mask's bounds after.
    let pathBox = inverted || grow > 0 ? box : touched(lines, region)
    let visit: PixelBox
    let after: PixelBox
    switch mode {
    case 2:
      visit = pathBox
      after = bounds
    case 3, 5:
      visit = box
      after = bounds.intersection(pathBox)
    default:
      visit = pathBox
      after = bounds.union(pathBox)
    }
    guard !visit.isEmpty else { return after }
    let m = plane()
    defer { recycle(m) }
    m.fill(visit, 0)
    if let pathVerbs {
      let rows = m.rows
      coverage(lines, evenOdd: false, clip: region) { y, x, n, cells, constant in
        Self.store(rows, y, x, n, cells, constant)
      }
      if grow != 0 {
        let style = StrokeStyle(width: 2 * abs(grow), cap: 1, join: 1, miterLimit: 4)
        if outlineStroke(
          verbs: pathVerbs, points: points, pointStart: Int(op.pointStart), style: style,
          dashes: [], dashOffset: 0, matrix: matrix)
        {
          coverage(outline, evenOdd: false, clip: region) { y, x, n, cells, constant in
            let row = rows.row(y) + x
            for i in 0..<n {
              let c = cells?[i] ?? constant
              row[i] = grow > 0 ? row[i] + (1 - row[i]) * c : row[i] * (1 - c)
            }
          }
        }
      }
    }
    let a = op.opacity.isNaN ? 0 : Float(min(max(op.opacity, 0), 1))
    // One loop per mode and per inversion (chosen once, not per pixel).
    @inline(__always) func combine(_ f: (Float, Float) -> Float) {
      for y in visit.y0..<visit.y1 {
        let src = m.row(y)
        let dst = mask.row(y)
        if inverted {
          for x in visit.x0..<visit.x1 { dst[x] = f(dst[x], a * (1 - src[x])) }
        } else {
          for x in visit.x0..<visit.x1 { dst[x] = f(dst[x], a * src[x]) }
        }
      }
    }
    switch mode {
    case 1: combine { c, v in c + (1 - c) * v }
    case 2: combine { c, v in c * (1 - v) }
    case 3: combine { c, v in c * v }
    case 4: combine { c, v in max(c, v) }
    case 5: combine { c, v in min(c, v) }
    default: combine { c, v in abs(c - v) }
    }
    return after
  }
}

extension Affine {
  /// The inverse; nil when the matrix is singular or not finite.
  var inverted: Affine? {
    let det = a * d - b * c
    guard det != 0 && det.isFinite else { return nil }
    let r = 1 / det
    let m = Affine(
      a: d * r, b: -b * r, c: -c * r, d: a * r, tx: (c * ty - d * tx) * r,
      ty: (b * tx - a * ty) * r)
    return m.isFinite ? m : nil
  }
}
