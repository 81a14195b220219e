// A frame as drawing operations: what a Lottie frame becomes for any 2D
// library (cairo, Skia, a canvas). The list is an arena: ops, path verbs,
// path points and dash lengths in four flat arrays, refilled for each
// frame without a per-element allocation once it has grown. Guides/Lottie.md
// describes how a caller draws each op; include/keyframe.h (kf_draw_op)
// is the same layout.

/// One drawing operation. Its layout is `kf_draw_op`'s (a test checks
/// every offset): unsigned 32-bit fields first, then doubles.
public struct DrawOp: Sendable, Equatable {
  /// What the op does (``DrawOpKind``).
  public var kind: UInt32 = 0
  /// BEGIN_LAYER: the blend mode (Lottie's `bm`, 0 normal … 15
  /// luminosity); MASK_PATH: ``MaskMode``; BEGIN_MATTE: the matte mode (1
  /// alpha, 2 alpha inverted, 3 luma, 4 luma inverted); FILL: the fill rule
  /// (1 nonzero, 2 even-odd); IMAGE: the asset's index.
  public var mode: UInt32 = 0
  /// MASK_PATH: 1 when the mask is inverted; BEGIN_LAYER:
  /// ``layerFill`` when the group's pixels are filled with `color` before
  /// it is composited.
  public var flags: UInt32 = 0
  /// STROKE: the line cap (1 butt, 2 round, 3 square).
  public var cap: UInt32 = 0
  /// STROKE: the line join (1 miter, 2 round, 3 bevel).
  public var join: UInt32 = 0
  /// STROKE: the dash lengths (on, off, on, …) at `dashStart` in the
  /// list's dashes; 0 for a solid line.
  public var dashCount: UInt32 = 0
  public var dashStart: UInt32 = 0
  /// FILL, STROKE, MASK_PATH, CLIP_PATH: the path's verbs at `verbStart`.
  public var verbCount: UInt32 = 0
  public var verbStart: UInt32 = 0
  /// The path's first point (a pair index into the list's points).
  public var pointStart: UInt32 = 0
  /// FILL, STROKE: the paint (``Paint``): a solid `color` or a gradient.
  public var paint: UInt32 = 0
  /// A gradient: its stops at `stopStart` in the list's stops (five
  /// doubles each: offset, red, green, blue, alpha).
  public var stopCount: UInt32 = 0
  public var stopStart: UInt32 = 0
  /// Zero (keeps the doubles aligned as the header's struct has them).
  public var reserved: UInt32 = 0
  /// SAVE: the matrix concatenated to the current transform,
  /// (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f.
  public var matrix: (Double, Double, Double, Double, Double, Double) = (1, 0, 0, 1, 0, 0)
  /// FILL, STROKE: the color, red, green, blue in [0, 1] and alpha with
  /// every opacity above it multiplied in; not premultiplied.
  /// BEGIN_LAYER with ``layerFill``: the color every pixel of the group
  /// takes (red, green, blue) and the factor of its alpha.
  public var color: (Double, Double, Double, Double) = (0, 0, 0, 0)
  /// BEGIN_LAYER: the group's opacity; BEGIN_MASK: the mask's starting
  /// coverage (0 or 1); MASK_PATH: the mask's opacity; IMAGE: the opacity.
  public var opacity: Double = 1
  /// STROKE: the width; MASK_PATH: the expansion (positive grows the mask).
  public var width: Double = 0
  /// STROKE: the miter limit.
  public var miterLimit: Double = 4
  /// STROKE: where the dash pattern starts.
  public var dashOffset: Double = 0
  /// CLIP_RECT, IMAGE: x, y, width, height.
  public var rect: (Double, Double, Double, Double) = (0, 0, 0, 0)
  /// A gradient paint: x0, y0, r0, x1, y1, r1 (a linear gradient runs from
  /// (x0, y0) to (x1, y1), its radii 0; a radial one between the circles).
  public var gradient: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)

  public init() {}

  /// BEGIN_LAYER's flag (`KF_LAYER_FILL`): After Effects' Fill effect. At
  /// END_LAYER, before the group is composited, each of its pixels takes
  /// `color`'s red, green and blue, and its alpha is multiplied by
  /// `color`'s alpha (lottie-web's SVG renderer: a color matrix).
  public static let layerFill: UInt32 = 1

  public static func == (a: DrawOp, b: DrawOp) -> Bool {
    a.kind == b.kind && a.mode == b.mode && a.flags == b.flags && a.cap == b.cap
      && a.join == b.join && a.dashCount == b.dashCount && a.dashStart == b.dashStart
      && a.verbCount == b.verbCount && a.verbStart == b.verbStart && a.pointStart == b.pointStart
      && a.matrix == b.matrix && a.color == b.color && a.opacity == b.opacity
      && a.width == b.width && a.miterLimit == b.miterLimit && a.dashOffset == b.dashOffset
      && a.rect == b.rect && a.paint == b.paint && a.stopCount == b.stopCount
      && a.stopStart == b.stopStart && a.gradient == b.gradient
  }
}

/// What a FILL or STROKE paints with (`KF_PAINT_*`).
public enum Paint: UInt32, Sendable, CaseIterable {
  /// The op's `color`.
  case solid = 0
  /// A linear gradient from (x0, y0) to (x1, y1).
  case linear = 1
  /// A two-point conical gradient from the circle (x0, y0, r0) to the
  /// circle (x1, y1, r1).
  case radial = 2
}

/// The kinds of ``DrawOp`` (`KF_OP_*`).
public enum DrawOpKind: UInt32, Sendable, CaseIterable {
  /// Saves the state (transform, clip) and concatenates `matrix`.
  case save = 1
  /// Restores the state of the matching SAVE.
  case restore = 2
  /// Starts an offscreen group, composited at END_LAYER with `opacity`,
  /// the blend mode `mode`, and its mask and matte, if any.
  case beginLayer = 3
  /// Ends the group of the matching BEGIN_LAYER.
  case endLayer = 4
  /// Starts the group's mask: a coverage starting at `opacity` (0 or 1),
  /// which each MASK_PATH until END_MASK combines with its mode.
  case beginMask = 5
  /// One mask path: its coverage (inverted when `flags` is 1, grown by
  /// `width`), times `opacity`, combined with the mask by `mode`.
  case maskPath = 6
  /// Ends the mask: the group's content is multiplied by its coverage.
  case endMask = 7
  /// Starts the group's track matte: the ops until END_MATTE draw it.
  case beginMatte = 8
  /// Ends the matte: the group's content is multiplied by the matte's
  /// alpha or luma (inverted or not), per `mode`.
  case endMatte = 9
  /// Fills the path with `color` by the fill rule `mode`.
  case fill = 10
  /// Strokes the path with `color`, `width`, `cap`, `join`, `miterLimit`
  /// and the dashes.
  case stroke = 11
  /// Draws the image asset `mode` into `rect` with `opacity`.
  case image = 12
  /// Clips to `rect` until the matching RESTORE.
  case clipRect = 13
}

/// The modes of a MASK_PATH op (`KF_MASK_MODE_*`), Lottie's `mode` letters.
public enum MaskMode: UInt32, Sendable, CaseIterable {
  case add = 1
  case subtract = 2
  case intersect = 3
  case lighten = 4
  case darken = 5
  case difference = 6

  /// The mode of a Lottie letter; nil for `n` (none) and unknown letters.
  init?(letter: String) {
    switch letter {
    case "a": self = .add
    case "s": self = .subtract
    case "i": self = .intersect
    case "l": self = .lighten
    case "d": self = .darken
    case "f": self = .difference
    default: return nil
    }
  }
}

/// Path verbs in a display list (`KF_VERB_*`): how many points each takes.
public enum PathVerb: UInt8, Sendable, CaseIterable {
  /// Starts a contour at one point.
  case move = 0
  /// A line to one point.
  case line = 1
  /// A cubic Bézier curve: two control points and the end point.
  case cubic = 2
  /// Closes the contour (no point).
  case close = 3

  /// The points the verb reads.
  public var pointCount: Int {
    switch self {
    case .move, .line: return 1
    case .cubic: return 3
    case .close: return 0
    }
  }
}

/// A frame's drawing operations, in composition pixels (a SAVE's matrix
/// maps the coordinates of the ops inside it to those outside).
///
/// The version of the layout is ``version``. Not thread-safe: one frame is
/// built into a list at a time (the C layer locks each list).
public final class DisplayList: @unchecked Sendable {
  /// The layout version (`KF_DISPLAY_LIST_VERSION`): 2 since gradients.
  public static let version: UInt32 = 2
  /// The largest list one frame may make: ops, verbs and point pairs each
  /// (a frame that would pass it stops with an error instead of growing
  /// without bound).
  public static let maximumItems = 1 << 20

  public internal(set) var ops: [DrawOp] = []
  public internal(set) var verbs: [UInt8] = []
  /// x, y pairs.
  public internal(set) var points: [Double] = []
  public internal(set) var dashes: [Double] = []
  /// Gradient stops: offset, red, green, blue, alpha.
  public internal(set) var stops: [Double] = []
  /// The composition's size.
  public internal(set) var width: Double = 0
  public internal(set) var height: Double = 0
  /// The frame the list holds.
  public internal(set) var frame: Double = .nan

  /// Held while a frame is built into the list or its content is read.
  private let mutex = Mutex()

  /// The ops a layer whose shapes never change drew into this list, to be
  /// appended again instead of rebuilt (see ``LottieFrameBuilder``).
  /// A class, not a struct: a lookup takes one reference, not one for
  /// each array (the replay of a still layer is most of a small file's
  /// frame).
  final class LayerOps {
    /// The layer (held, so that its identifier is not reused).
    let layer: AnyObject
    /// The opacity multiplied into the paints.
    let alpha: Double
    let ops: [DrawOp]
    let verbs: [UInt8]
    let points: [Double]
    let dashes: [Double]
    let stops: [Double]

    init(
      layer: AnyObject, alpha: Double, ops: [DrawOp], verbs: [UInt8], points: [Double],
      dashes: [Double], stops: [Double]
    ) {
      self.layer = layer
      self.alpha = alpha
      self.ops = ops
      self.verbs = verbs
      self.points = points
      self.dashes = dashes
      self.stops = stops
    }

    var size: Int { ops.count * 32 + verbs.count + points.count + dashes.count + stops.count }
  }

  /// The recorded layers, and what they hold in all.
  private var layerOps: [ObjectIdentifier: LayerOps] = [:]
  private var layerOpsSize = 0
  /// The import the recordings come from: a list drawn from another one
  /// lets them go (they hold that import's layers).
  private weak var recordedFrom: AnyObject?

  /// Starts a frame of `source`: recordings of another source are dropped.
  func beginFrame(of source: AnyObject) {
    guard recordedFrom !== source else { return }
    layerOps.removeAll()
    layerOpsSize = 0
    recordedFrom = source
  }
  /// The most numbers the recorded layers hold (about 32 MiB).
  static let maximumRecorded = 1 << 22

  /// How long each of the list's arrays is: where a recording starts.
  struct Mark {
    let ops: Int
    let verbs: Int
    let points: Int
    let dashes: Int
    let stops: Int
  }

  var mark: Mark {
    Mark(
      ops: ops.count, verbs: verbs.count, points: points.count, dashes: dashes.count,
      stops: stops.count)
  }

  /// Appends what `layer` drew with `alpha` before; false when nothing is
  /// recorded for them.
  func replay(_ layer: AnyObject, alpha: Double) -> Bool {
    guard let recorded = layerOps[ObjectIdentifier(layer)], recorded.layer === layer,
      recorded.alpha == alpha
    else { return false }
    let base = Bases(self)
    ops.reserveCapacity(ops.count + recorded.ops.count)
    for var op in recorded.ops {
      base.shift(&op, by: 1)
      ops.append(op)
    }
    verbs += recorded.verbs
    points += recorded.points
    dashes += recorded.dashes
    stops += recorded.stops
    return true
  }

  /// Where an op's verbs, points, dashes and stops start, in each array's
  /// units, at a point of the build.
  private struct Bases {
    let verbs: UInt32
    let pairs: UInt32
    let dashes: UInt32
    let stops: UInt32

    init(verbs: Int, points: Int, dashes: Int, stops: Int) {
      self.verbs = UInt32(truncatingIfNeeded: verbs)
      pairs = UInt32(truncatingIfNeeded: points / 2)
      self.dashes = UInt32(truncatingIfNeeded: dashes)
      self.stops = UInt32(truncatingIfNeeded: stops / 5)
    }

    init(_ list: DisplayList) {
      self.init(
        verbs: list.verbs.count, points: list.points.count, dashes: list.dashes.count,
        stops: list.stops.count)
    }

    /// Moves `op`'s starts by these bases, up (`sign` 1) or down (-1). A
    /// start below the base (a field the op does not use, left at 0) stays;
    /// at a base of 0 an unused 0 is moved like a used one, which only
    /// changes a start whose count is 0.
    func shift(_ op: inout DrawOp, by sign: Int) {
      @inline(__always) func move(_ v: inout UInt32, _ base: UInt32) {
        if sign > 0 {
          v = v == UInt32.max ? 0 : v &+ base
        } else {
          // An unused start: marked, back to 0 on the way up.
          v = v >= base ? v &- base : UInt32.max
        }
      }
      move(&op.verbStart, verbs)
      move(&op.pointStart, pairs)
      move(&op.dashStart, dashes)
      move(&op.stopStart, stops)
    }
  }

  /// Records what was appended since `start` as `layer`'s ops with
  /// `alpha` (nothing once the recordings hold ``maximumRecorded``).
  func record(_ layer: AnyObject, alpha: Double, since start: Mark) {
    guard layerOpsSize < Self.maximumRecorded else { return }
    let base = Bases(
      verbs: start.verbs, points: start.points, dashes: start.dashes, stops: start.stops)
    let recorded = LayerOps(
      layer: layer, alpha: alpha,
      ops: ops[start.ops...].map { op in
        var op = op
        base.shift(&op, by: -1)
        return op
      },
      verbs: Array(verbs[start.verbs...]), points: Array(points[start.points...]),
      dashes: Array(dashes[start.dashes...]), stops: Array(stops[start.stops...]))
    if let old = layerOps.updateValue(recorded, forKey: ObjectIdentifier(layer)) {
      layerOpsSize -= old.size
    }
    layerOpsSize += recorded.size
  }

  public init() {}

  /// Runs `body` holding the list's lock.
  public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    mutex.lock()
    defer { mutex.unlock() }
    return try body()
  }

  /// Empties the list, keeping its capacity.
  func reset(width: Double, height: Double, frame: Double) {
    ops.removeAll(keepingCapacity: true)
    verbs.removeAll(keepingCapacity: true)
    points.removeAll(keepingCapacity: true)
    dashes.removeAll(keepingCapacity: true)
    stops.removeAll(keepingCapacity: true)
    self.width = width
    self.height = height
    self.frame = frame
  }

  /// True when the list has passed ``maximumItems``.
  var isFull: Bool {
    ops.count > Self.maximumItems || verbs.count > Self.maximumItems
      || points.count > 2 * Self.maximumItems || stops.count > 5 * Self.maximumItems
  }

  @inline(__always)
  func append(_ op: DrawOp) { ops.append(op) }

  func append(_ kind: DrawOpKind) {
    var op = DrawOp()
    op.kind = kind.rawValue
    ops.append(op)
  }
}
