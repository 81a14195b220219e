#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A repeater (`rp`): ⌈c⌉ copies of the items before it in its list, copy
/// k transformed k + o times by `tr` and faded from `so` to `eo`, as
/// lottie-web's RepeaterModifier draws them.
///
/// Copy k's matrix rotates by k·r about the anchor, scales about it by s^k
/// (a fractional step scales by 1 + (s − 1)·f), then moves by k·p; the
/// offset o adds to k (negative: the inverse steps). In the list, top
/// first, composite "above" (`m` 1) puts copy 0 on top and copy n − 1 at
/// the bottom; "below" (2) the reverse. The copy at list position i has
/// opacity so + (eo − so)·i/(n − 1).
struct LottieRepeater: Sendable {
  var copies: LottieProperty
  var offset: LottieProperty
  var anchor: LottieProperty
  var position: LottieProperty
  var scale: LottieProperty
  var rotation: LottieProperty
  var startOpacity: LottieProperty
  var endOpacity: LottieProperty
  var above: Bool

  /// No property is animated.
  var isStatic: Bool {
    [copies, offset, anchor, position, scale, rotation, startOpacity, endOpacity].allSatisfy {
      !$0.isAnimated
    }
  }

  /// The most copies one repeater makes; more are drawn as this many.
  static let maximumCopies = 1000
  /// The most items the repeaters of one layer make at a frame (nested
  /// repeaters multiply): copies past it are not drawn.
  static let maximumItems = 1 << 16

  /// `items` with every repeater replaced by its copies at frame t, within
  /// `budget` items (what a copy costs is its items, counted deeply).
  static func expand(_ items: [LottieShapeItem], at t: Double, budget: inout Int)
    -> [LottieShapeItem]
  {
    guard items.contains(where: \.holdsRepeater) else { return items }
    var out: [LottieShapeItem] = []
    out.reserveCapacity(items.count)
    for item in items {
      switch item {
      case .group(let children, let transform):
        out.append(.group(expand(children, at: t, budget: &budget), transform))
      case .repeated(let inner, let repeater):
        out += repeater.copies(of: expand(inner, at: t, budget: &budget), at: t, budget: &budget)
      default:
        out.append(item)
      }
    }
    return out
  }

  /// The copies of `items` at frame t, top first.
  func copies(of items: [LottieShapeItem], at t: Double, budget: inout Int) -> [LottieShapeItem] {
    let c = copies.scalar(at: t).rounded(.up)
    guard c >= 1, c.isFinite else { return [] }
    let cost = max(1, items.reduce(0) { $0 + $1.size })
    let n = min(Int(min(c, Double(Self.maximumCopies))), max(0, budget / cost))
    guard n > 0 else { return [] }
    budget -= n * cost
    let o = offset.scalar(at: t)
    let a = anchor.vector(at: t)
    let p = position.vector(at: t)
    let s = scale.vector(at: t, fallback: SIMD4(100, 100, 100, 0)) * 0.01
    let sy = scale.dimensions >= 2 ? s[1] : s[0]
    let r = rotation.scalar(at: t)
    let so = startOpacity.scalar(at: t) * 0.01
    let eo = endOpacity.scalar(at: t) * 0.01
    // The offset's own steps: whole ones, then the fraction (lottie-web's
    // applyTransforms with perc = 1, then perc = the fraction).
    let whole = o.magnitude.rounded(.down)
    let fraction = o.magnitude - whole
    func offsetScale(_ s: Double) -> Double {
      let step = pow(s, whole) * (1 + (s - 1) * fraction)
      return o >= 0 ? step : 1 / step
    }
    let ox = offsetScale(s[0])
    let oy = offsetScale(sy)
    var out: [LottieShapeItem] = []
    out.reserveCapacity(n)
    for i in 0..<n {
      let k = Double(above ? i : n - 1 - i)
      let amount = o + k
      let radians = r * amount * Double.pi / 180
      let scaleX = ox * pow(s[0], k)
      let scaleY = oy * pow(sy, k)
      let cr = cos(radians)
      let sr = sin(radians)
      // Rotate about the anchor, then scale about it, then move.
      let m00 = scaleX * cr
      let m01 = -scaleX * sr
      let m10 = scaleY * sr
      let m11 = scaleY * cr
      let matrix = Affine(
        a: m00, b: m10, c: m01, d: m11,
        tx: a[0] - (m00 * a[0] + m01 * a[1]) + p[0] * amount,
        ty: a[1] - (m10 * a[0] + m11 * a[1]) + p[1] * amount)
      let alpha = n > 1 ? so + (eo - so) * Double(i) / Double(n - 1) : so
      out.append(.copy(items, matrix, alpha: min(1, max(0, alpha))))
    }
    return out
  }
}

extension LottieShapeItem {
  /// The item is a repeater or holds one.
  var holdsRepeater: Bool {
    switch self {
    case .repeated: return true
    case .group(let children, _), .copy(let children, _, _):
      return children.contains(where: \.holdsRepeater)
    default: return false
    }
  }

  /// The items this one stands for, counted deeply (a group and its
  /// children).
  var size: Int {
    switch self {
    case .group(let children, _), .copy(let children, _, _), .repeated(let children, _):
      return 1 + children.reduce(0) { $0 + $1.size }
    default: return 1
    }
  }
}
