// A layer's transform as lottie-web builds its matrix
// (TransformPropertyFactory.applyToMatrix): translate by −anchor, scale,
// skew along an axis, rotate, translate by position; and where each part's
// value comes from, so that it can be evaluated at any frame (a parent's
// transform applies while its child shows, whether or not the parent does).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where one imported property's value comes from.
enum LottieSampled {
  /// A static value.
  case constant([Double])
  /// Tracks whose channels, one after another, are the value.
  case tracks([Track])
  /// A spatial position (see ``LottieRoute``).
  case spatial(progress: Track, segment: Track, route: LottieRoute)

  /// Numbers per value.
  var channels: Int {
    switch self {
    case .constant(let value): return value.count
    case .tracks(let tracks): return tracks.reduce(0) { $0 + $1.channels }
    case .spatial(_, _, let route): return route.points[0].count
    }
  }

  /// The value at each frame: `frames.count × channels` numbers, row by
  /// row. The tracks are sampled directly (not through the layer's clip),
  /// so a value exists at every frame.
  func sample(_ frames: UnsafeBufferPointer<Double>) throws(RazzleError) -> [Double] {
    let width = channels
    var out = [Double](repeating: 0, count: frames.count * width)
    switch self {
    case .constant(let value):
      for j in 0..<frames.count { for c in 0..<width { out[j * width + c] = value[c] } }
    case .tracks(let tracks):
      var column = 0
      for track in tracks {
        let ch = track.channels
        var scratch = [Double](repeating: 0, count: frames.count * ch)
        try scratch.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
          try track.sample(times: frames, into: buffer)
        }
        for j in 0..<frames.count {
          for c in 0..<ch { out[j * width + column + c] = scratch[j * ch + c] }
        }
        column += ch
      }
    case .spatial(let progressTrack, let segmentTrack, let route):
      var progress = [Double](repeating: 0, count: frames.count)
      var segment = [Double](repeating: 0, count: frames.count)
      try progress.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
        try progressTrack.sample(times: frames, into: buffer)
      }
      try segment.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
        try segmentTrack.sample(times: frames, into: buffer)
      }
      out.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress, frames.count > 0 else { return }
        segment.withUnsafeBufferPointer { segment in
          progress.withUnsafeBufferPointer { progress in
            route.values(
              segments: segment.baseAddress.unsafelyUnwrapped,
              progress: progress.baseAddress.unsafelyUnwrapped, strides: (1, 1),
              count: frames.count,
              into: base, width: width)
          }
        }
      }
    }
    return out
  }
}

/// The parts of a layer's transform `ks`, each nil when the file has none
/// (then lottie-web's default: anchor and position 0, scale 100 %,
/// rotation, skew and skew axis 0°).
struct LottieTransform {
  var anchor: LottieSampled?
  var position: LottieSampled?
  /// `p.s: true`: the position is `x` and `y` (`z` is ignored in 2D).
  var splitPosition = false
  var positionX: LottieSampled?
  var positionY: LottieSampled?
  var scale: LottieSampled?
  var rotation: LottieSampled?
  var skew: LottieSampled?
  var skewAxis: LottieSampled?

  /// A part's values at every frame with `count` numbers each (missing
  /// numbers take `fallback`).
  private static func values(
    _ part: LottieSampled?, _ frames: UnsafeBufferPointer<Double>, count: Int, fallback: Double
  ) throws(RazzleError) -> [Double] {
    guard let part else { return [Double](repeating: fallback, count: frames.count * count) }
    let width = part.channels
    let raw = try part.sample(frames)
    if width == count { return raw }
    var out = [Double](repeating: fallback, count: frames.count * count)
    for j in 0..<frames.count {
      for c in 0..<min(width, count) { out[j * count + c] = raw[j * width + c] }
    }
    return out
  }

  /// The layer's own matrix at each frame, `[a, b, c, d, tx, ty]` (x' = a x
  /// + c y + tx, y' = b x + d y + ty) into `out + j × stride`: lottie-web's
  /// translate(−anchor) · scale(s / 100) · skewFromAxis(−skew, axis) ·
  /// rotate(−rotation) · translate(position), applied in that order.
  ///
  /// - Complexity: O(frames × tracks of the transform).
  func matrices(
    _ frames: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>, stride: Int
  ) throws(RazzleError) {
    let n = frames.count
    guard n > 0 else { return }
    let a = try Self.values(anchor, frames, count: 2, fallback: 0)
    var p: [Double]
    if splitPosition {
      let x = try Self.values(positionX, frames, count: 1, fallback: 0)
      let y = try Self.values(positionY, frames, count: 1, fallback: 0)
      p = [Double](repeating: 0, count: 2 * n)
      for j in 0..<n {
        p[2 * j] = x[j]
        p[2 * j + 1] = y[j]
      }
    } else {
      p = try Self.values(position, frames, count: 2, fallback: 0)
    }
    let s = try Self.values(scale, frames, count: 2, fallback: 100)
    let r = try Self.values(rotation, frames, count: 1, fallback: 0)
    let sk = try Self.values(skew, frames, count: 1, fallback: 0)
    let sa = try Self.values(skewAxis, frames, count: 1, fallback: 0)
    for j in 0..<n {
      let m = Self.ownMatrix(
        anchor: (a[2 * j], a[2 * j + 1]), position: (p[2 * j], p[2 * j + 1]),
        scale: (s[2 * j], s[2 * j + 1]), rotation: r[j], skew: skew == nil ? 0 : sk[j],
        skewAxis: sa[j])
      let o = out + j * stride
      (o[0], o[1], o[2], o[3], o[4], o[5]) = m
    }
  }

  /// One layer's or group's own matrix `(a, b, c, d, tx, ty)` (x' = a x +
  /// c y + tx, y' = b x + d y + ty): lottie-web's translate(−anchor) ·
  /// scale(s / 100) · skewFromAxis(−skew, axis) · rotate(−rotation) ·
  /// translate(position), applied in that order; angles in degrees, scale
  /// in percent. The sampled transforms and the player's frames both use it.
  @inline(__always)
  static func ownMatrix(
    anchor: (Double, Double), position: (Double, Double), scale: (Double, Double),
    rotation: Double, skew: Double, skewAxis: Double
  ) -> (Double, Double, Double, Double, Double, Double) {
    let radians = Double.pi / 180
    let sx = scale.0 * 0.01
    let sy = scale.1 * 0.01
    // skewFromAxis(−sk, sa) as a column matrix: R(−sa) · shear_x(−tan sk) · R(sa).
    var k00 = 1.0
    var k01 = 0.0
    var k10 = 0.0
    var k11 = 1.0
    if skew != 0 {
      let t = -tan(skew * radians)
      let cs = cos(skewAxis * radians)
      let sn = sin(skewAxis * radians)
      k00 = 1 + t * cs * sn
      k01 = t * cs * cs
      k10 = -t * sn * sn
      k11 = 1 - t * cs * sn
    }
    // rotate(−r) as a column matrix: [[cos r, −sin r], [sin r, cos r]].
    let cr = cos(rotation * radians)
    let sr = sin(rotation * radians)
    let m00 = (cr * k00 - sr * k10) * sx
    let m01 = (cr * k01 - sr * k11) * sy
    let m10 = (sr * k00 + cr * k10) * sx
    let m11 = (sr * k01 + cr * k11) * sy
    return (
      m00, m10, m01, m11, position.0 - (m00 * anchor.0 + m01 * anchor.1),
      position.1 - (m10 * anchor.0 + m11 * anchor.1)
    )
  }

  /// `parent · child` of two matrices `[a, b, c, d, tx, ty]`, into `child`.
  static func premultiply(
    _ parent: UnsafePointer<Double>, _ child: UnsafeMutablePointer<Double>
  ) {
    let a = parent[0] * child[0] + parent[2] * child[1]
    let b = parent[1] * child[0] + parent[3] * child[1]
    let c = parent[0] * child[2] + parent[2] * child[3]
    let d = parent[1] * child[2] + parent[3] * child[3]
    let tx = parent[0] * child[4] + parent[2] * child[5] + parent[4]
    let ty = parent[1] * child[4] + parent[3] * child[5] + parent[5]
    child[0] = a
    child[1] = b
    child[2] = c
    child[3] = d
    child[4] = tx
    child[5] = ty
  }
}
