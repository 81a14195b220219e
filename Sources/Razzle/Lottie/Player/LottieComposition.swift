#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The drawing model of a Lottie document: its compositions (the root and
// every precomposition asset), their layers and shape trees, with every
// animatable property read once (LottieProperty). A frame is drawn from it
// by LottieFrameBuilder; nothing here changes after the import.

/// A 2D affine matrix (a, b, c, d, tx, ty): x' = a x + c y + tx,
/// y' = b x + d y + ty.
struct Affine: Sendable, Equatable {
  var a = 1.0
  var b = 0.0
  var c = 0.0
  var d = 1.0
  var tx = 0.0
  var ty = 0.0

  static let identity = Affine()

  var isIdentity: Bool { self == .identity }

  /// True when every entry is a finite number.
  var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// self · other (other applies first).
  func concatenating(_ o: Affine) -> Affine {
    Affine(
      a: a * o.a + c * o.b, b: b * o.a + d * o.b, c: a * o.c + c * o.d, d: b * o.c + d * o.d,
      tx: a * o.tx + c * o.ty + tx, ty: b * o.tx + d * o.ty + ty)
  }

  @inline(__always)
  func apply(_ x: Double, _ y: Double) -> (Double, Double) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }

  var tuple: (Double, Double, Double, Double, Double, Double) { (a, b, c, d, tx, ty) }
}

/// A layer's or a group's transform (`ks`, `tr`).
final class LottieDrawTransform: @unchecked Sendable {
  // Constants: a frame reads them without retaining them (a `var` of a
  // class is retained around each read).
  let anchor: LottieProperty
  let position: LottieProperty
  let positionX: LottieProperty?
  let positionY: LottieProperty?
  let scale: LottieProperty
  let rotation: LottieProperty
  let skew: LottieProperty?
  let skewAxis: LottieProperty?
  let opacity: LottieProperty

  init(
    anchor: LottieProperty, position: LottieProperty, positionX: LottieProperty?,
    positionY: LottieProperty?, scale: LottieProperty, rotation: LottieProperty,
    skew: LottieProperty?, skewAxis: LottieProperty?, opacity: LottieProperty
  ) {
    self.anchor = anchor
    self.position = position
    self.positionX = positionX
    self.positionY = positionY
    self.scale = scale
    self.rotation = rotation
    self.skew = skew
    self.skewAxis = skewAxis
    self.opacity = opacity
  }

  /// The matrix at frame t: lottie-web's translate(−anchor) · scale / 100 ·
  /// skewFromAxis(−skew, axis) · rotate(−rotation) · translate(position)
  /// (the same arithmetic as ``LottieTransform/matrices``), with
  /// `extraRotation` degrees (auto-orient) added to the rotation.
  func matrix(at t: Double, extraRotation: Double = 0) -> Affine {
    let a = anchor.vector(at: t)
    var p = position.vector(at: t)
    if let positionX, let positionY {
      p = SIMD4(positionX.scalar(at: t), positionY.scalar(at: t), 0, 0)
    }
    let s = scale.vector(at: t, fallback: SIMD4(100, 100, 100, 0))
    let m = LottieTransform.ownMatrix(
      anchor: (a[0], a[1]), position: (p[0], p[1]),
      scale: (s[0], scale.dimensions >= 2 ? s[1] : s[0]),
      rotation: rotation.scalar(at: t) + extraRotation, skew: skew?.scalar(at: t) ?? 0,
      skewAxis: skewAxis?.scalar(at: t) ?? 0)
    return Affine(a: m.0, b: m.1, c: m.2, d: m.3, tx: m.4, ty: m.5)
  }

  /// The opacity at frame t, in [0, 1].
  func alpha(at t: Double) -> Double { min(1, max(0, opacity.scalar(at: t) * 0.01)) }

  /// No property is animated.
  var isStatic: Bool {
    [anchor, position, scale, rotation, opacity].allSatisfy { !$0.isAnimated }
      && [positionX, positionY, skew, skewAxis].allSatisfy { !($0?.isAnimated ?? false) }
  }
}

/// One item of a shape tree.
indirect enum LottieShapeItem: Sendable {
  /// A group: its items (top first) and its transform.
  case group([LottieShapeItem], LottieDrawTransform?)
  /// A path: vertices v, in tangents i, out tangents o (6 numbers a
  /// vertex), closed or not.
  case path(LottieProperty, closed: Bool, reversed: Bool)
  /// A rectangle: center, size, roundness.
  case rect(
    position: LottieProperty, size: LottieProperty, roundness: LottieProperty, reversed: Bool)
  /// An ellipse: center, size.
  case ellipse(position: LottieProperty, size: LottieProperty, reversed: Bool)
  /// A star or a polygon.
  case polystar(LottiePolystar)
  /// A repeater (`rp`) and the items before it in its list, which it
  /// replaces by its copies (see ``LottieRepeater``).
  case repeated([LottieShapeItem], LottieRepeater)
  /// One copy of a repeater's items at a frame: a group with this matrix
  /// and opacity (made by ``LottieRepeater/expand(_:at:budget:)``).
  case copy([LottieShapeItem], Affine, alpha: Double)
  /// A fill (`fl`, `gf`): its paint, opacity (%), fill rule (1 nonzero, 2
  /// even-odd).
  case fill(paint: LottiePaint, opacity: LottieProperty, rule: UInt32)
  /// A stroke.
  case stroke(LottieStrokeStyle)
  /// Round corners (`rd`): the radius.
  case roundCorners(LottieProperty)
  /// Pucker and bloat (`pb`): the amount (%).
  case puckerBloat(LottieProperty)
  /// Zig zag (`zz`): the size `s`, ridges per segment `r`, points `pt`
  /// (1 corner, 2 smooth).
  case zigZag(size: LottieProperty, ridges: LottieProperty, points: LottieProperty)
  /// Offset path (`op`): the amount `a`, line join `lj` (1 miter, 2
  /// round, 3 bevel), miter limit `ml`.
  case offsetPath(amount: LottieProperty, join: Int, miterLimit: LottieProperty)
  /// Trim paths: start, end (%), offset (degrees), 1 simultaneously or 2
  /// individually.
  case trim(start: LottieProperty, end: LottieProperty, offset: LottieProperty, mode: Int)
  /// Merge paths (`mm`) that combine shapes: 2 add, 3 subtract, 4
  /// intersect, 5 exclude intersections (1, merge, keeps the paths as
  /// one compound path, as drawing them does: no item).
  case mergePaths(mode: Int)
}

extension LottieShapeItem {
  /// The item is, or holds, a merge paths item that combines shapes.
  var combines: Bool {
    switch self {
    case .mergePaths: return true
    case .group(let items, _), .copy(let items, _, _), .repeated(let items, _):
      return items.contains(where: \.combines)
    default: return false
    }
  }

  /// No property of the item (nor of the items it holds) is animated.
  var isStatic: Bool {
    switch self {
    case .group(let items, let transform):
      return (transform?.isStatic ?? true) && items.allSatisfy(\.isStatic)
    case .path(let p, _, _): return !p.isAnimated
    case .rect(let p, let s, let r, _): return !p.isAnimated && !s.isAnimated && !r.isAnimated
    case .ellipse(let p, let s, _): return !p.isAnimated && !s.isAnimated
    case .polystar(let star):
      return [
        star.position, star.points, star.rotation, star.outerRadius, star.outerRoundness,
        star.innerRadius, star.innerRoundness,
      ].allSatisfy { !$0.isAnimated }
    case .repeated(let items, let repeater):
      return repeater.isStatic && items.allSatisfy(\.isStatic)
    case .copy(let items, _, _): return items.allSatisfy(\.isStatic)
    case .fill(let paint, let opacity, _): return paint.isStatic && !opacity.isAnimated
    case .stroke(let style):
      return style.paint.isStatic && !style.opacity.isAnimated && !style.width.isAnimated
        && style.dashes.allSatisfy { !$0.isAnimated } && !(style.dashOffset?.isAnimated ?? false)
    case .roundCorners(let r), .puckerBloat(let r): return !r.isAnimated
    case .zigZag, .offsetPath:
      // They spend the frame's modifier budget
      // (`ShapeTree.maximumModifierVertices`), so a layer with one is built
      // every frame, never replayed: a frame's drawing then spends it the
      // same way each time it is drawn.
      return false
    case .trim(let s, let e, let o, _): return !s.isAnimated && !e.isAnimated && !o.isAnimated
    case .mergePaths: return true
    }
  }
}

/// What a fill or stroke paints with.
enum LottiePaint: Sendable {
  /// `c`: a color, each channel 0–1.
  case color(LottieProperty)
  /// `gf`, `gs`: a gradient.
  case gradient(LottieGradient)

  var isStatic: Bool {
    switch self {
    case .color(let c): return !c.isAnimated
    case .gradient(let g):
      return [g.start, g.end, g.highlightLength, g.highlightAngle, g.stops].allSatisfy {
        !$0.isAnimated
      }
    }
  }
}

/// A gradient fill's or stroke's geometry and colors.
struct LottieGradient: Sendable {
  /// 1 linear, 2 radial (`t`).
  var radial: Bool
  /// `s`, `e`: the start and end points.
  var start: LottieProperty
  var end: LottieProperty
  /// `h`: the highlight's distance from the start toward the end, in % of
  /// the radius; `a`: its angle from that direction, in degrees (radial).
  var highlightLength: LottieProperty
  var highlightAngle: LottieProperty
  /// `g.p`: the color stops; `g.k`: their numbers (offset, r, g, b each),
  /// then opacity stops (offset, alpha each).
  var colorStops: Int
  var stops: LottieProperty
  /// Every keyframe has as many opacity stops as color stops, each within
  /// 0.01 of its color stop's offset (lottie-web's checkCollapsable): each
  /// color stop then takes its opacity stop's alpha.
  var collapsable: Bool
}

/// A polystar (`sr`): a star (`sy` 1) or a polygon (2), as lottie-web's
/// StarShapeProperty builds it.
struct LottiePolystar: Sendable {
  var star: Bool
  var position: LottieProperty
  var points: LottieProperty
  var rotation: LottieProperty
  var outerRadius: LottieProperty
  var outerRoundness: LottieProperty
  var innerRadius: LottieProperty
  var innerRoundness: LottieProperty
  /// Direction 3: drawn the other way round.
  var reversed: Bool
}

/// A stroke's paint and style.
struct LottieStrokeStyle: Sendable {
  var paint: LottiePaint
  var opacity: LottieProperty
  var width: LottieProperty
  var cap: UInt32
  var join: UInt32
  var miterLimit: Double
  /// Dash lengths (`d`, `g`) in order, and the offset (`o`).
  var dashes: [LottieProperty]
  var dashOffset: LottieProperty?
}

/// A mask of a layer.
struct LottieMask: Sendable {
  var mode: MaskMode
  var inverted: Bool
  var path: LottieProperty
  var closed: Bool
  var opacity: LottieProperty
  var expansion: LottieProperty
}

/// After Effects' Fill effect (`ef` type 21, "ADBE Fill"): the layer's
/// pixels take `color` and their alpha times `opacity` (0–1), as
/// lottie-web's SVG renderer draws it (a color matrix on the layer).
struct LottieFillEffect: Sendable {
  var color: LottieProperty
  var opacity: LottieProperty
}

/// What a layer draws.
enum LottieLayerContent: Sendable {
  case none
  case shapes([LottieShapeItem])
  case solid(color: SIMD4<Double>, width: Double, height: Double)
  /// A precomposition: the composition's index, the clip size.
  case precomposition(Int, width: Double, height: Double)
  /// An image asset's index.
  case image(Int)
  /// Text drawn with the file's embedded glyphs.
  case text(LottieText)
}

/// One layer, ready to draw (a class: a frame reads layers many times,
/// parents and mattes among them, without copying their properties).
final class LottieDrawLayer: @unchecked Sendable {
  var pointer: String
  var name: String
  var index: Int?
  /// The parent's position in the composition's layers.
  var parent: Int? = nil
  var inPoint: Double
  var outPoint: Double
  var startTime: Double
  var stretch: Double
  var transform: LottieDrawTransform
  var masks: [LottieMask]
  /// 0 none, 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
  var matteMode: UInt32
  /// The matte layer's position in the composition's layers.
  var matte: Int? = nil
  /// `td`: the layer is a matte and does not draw by itself.
  var isMatte: Bool
  var hidden: Bool
  var blendMode: UInt32
  var autoOrient: Bool
  var timeRemap: LottieProperty?
  /// Fill effects in order (each replaces the color: the last one's
  /// color, every opacity multiplied).
  var fills: [LottieFillEffect] = []
  let content: LottieLayerContent
  /// The layer's shapes hold no animated property: every frame draws them
  /// the same (a display list replays them, ``DisplayList``).
  let staticShapes: Bool

  init(
    pointer: String, name: String, index: Int?, inPoint: Double, outPoint: Double,
    startTime: Double, stretch: Double, transform: LottieDrawTransform, masks: [LottieMask],
    matteMode: UInt32, isMatte: Bool, hidden: Bool, blendMode: UInt32, autoOrient: Bool,
    timeRemap: LottieProperty?, content: LottieLayerContent
  ) {
    self.pointer = pointer
    self.name = name
    self.index = index
    self.inPoint = inPoint
    self.outPoint = outPoint
    self.startTime = startTime
    self.stretch = stretch
    self.transform = transform
    self.masks = masks
    self.matteMode = matteMode
    self.isMatte = isMatte
    self.hidden = hidden
    self.blendMode = blendMode
    self.autoOrient = autoOrient
    self.timeRemap = timeRemap
    self.content = content
    if case .shapes(let items) = content {
      staticShapes = items.allSatisfy(\.isStatic)
    } else {
      staticShapes = false
    }
  }
}

/// A composition: the root or a precomposition asset.
struct LottieDrawComposition: Sendable {
  var id: String
  var width: Double
  var height: Double
  /// Layers in file order (the first on top).
  var layers: [LottieDrawLayer]
}

/// An image asset.
public struct LottieImageAsset: Sendable {
  /// The asset's `id`.
  public var id: String
  /// Its size `w`, `h`.
  public var width: Double
  public var height: Double
  /// The encoded image (PNG, JPEG, …) of a `data:` URI, decoded from base64.
  public var data: [UInt8]?
  /// An external file's path relative to the Lottie file's folder (`u` + `p`).
  public var path: String?
}

/// The drawing model of a document.
struct LottieDrawing: Sendable {
  /// compositions[0] is the root.
  var compositions: [LottieDrawComposition]
  var images: [LottieImageAsset]
  /// The embedded fonts text layers draw with.
  var fonts: LottieFonts
  var frameRate: Double
  var inPoint: Double
  var outPoint: Double
}
