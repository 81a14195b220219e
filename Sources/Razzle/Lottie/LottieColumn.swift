/// One value of an imported Lottie animation, as ``LottieAnimation``'s
/// `values` and `sample` give it: a (target, property) pair with its
/// channels, computed from one or more timeline tracks.
public struct LottieColumn: Sendable, Hashable {
  /// The layer's (and shape groups') name path, `box` or `box/Group 1`.
  public let target: String
  /// The Lottie property path, `transform.position` or `Fill 1.color`.
  public let property: String
  /// Numbers per value.
  public let channels: Int
  /// The first of its channels in a row of ``LottieAnimation/sample(frames:into:)``.
  public let start: Int
}

/// How a column's value is computed from the timeline's matrix.
enum LottieSource {
  /// One track's columns as they are.
  case track(String)
  /// Several tracks' columns one after another (a shape's vertices).
  case concat([String])
  /// A position along a spatial route: a progress track (keyframe i + eased
  /// progress) and a segment track (i, held), see ``LottieRoute``.
  case spatial(progress: String, segment: String, route: LottieRoute)
}

/// A spatial position property: the keyframes' points and, per segment,
/// whether it is a curve traversed by arc length (its tangents kept) or a
/// straight interpolation (lottie-web dropped its tangents).
struct LottieRoute: @unchecked Sendable {
  let points: [[Double]]
  let curved: [Bool]
  let path: SpatialPath

  /// The value at segment `segment` (held: an integer) and progress track
  /// value `progress` (segment + eased progress).
  func value(segment: Double, progress: Double, into out: UnsafeMutablePointer<Double>) {
    value(segment: segment, progress: progress, into: out, table: path.table)
  }

  /// ``value(segment:progress:into:)`` with the path's arc-length table
  /// read once by the caller for many values.
  func value(
    segment: Double, progress: Double, into out: UnsafeMutablePointer<Double>,
    table: ArcLengthTable
  ) {
    let channels = points[0].count
    guard segment == segment, progress == progress else {
      for c in 0..<channels { out[c] = .nan }
      return
    }
    let i = min(points.count - 1, max(0, Int(segment)))
    let eased = progress - Double(i)
    if i == points.count - 1 {
      for c in 0..<channels { out[c] = points[i][c] }
    } else if curved[i] {
      // lottie-web walks its table of the segment: an eased progress past
      // the end stops at the end point; razzle clamps both ways.
      let p = path.point(keyframeProgress: Double(i) + min(1, max(0, eased)), table: table)
      out[0] = p.x
      out[1] = p.y
      for c in 2..<max(2, channels) {
        out[c] = points[i][c] + (points[i + 1][c] - points[i][c]) * eased
      }
    } else {
      for c in 0..<channels { out[c] = points[i][c] + (points[i + 1][c] - points[i][c]) * eased }
    }
  }

  /// lottie-web's test that a point lies on the line through two others
  /// (`bez.pointOnLine2D`: the determinant within 0.001).
  static func onLine(_ a: [Double], _ b: [Double], _ c: [Double]) -> Bool {
    let det =
      a[0] * b[1] + a[1] * c[0] + b[0] * c[1] - c[0] * b[1] - c[1] * a[0] - b[0] * a[1]
    return det > -0.001 && det < 0.001
  }

  /// Whether lottie-web keeps segment tangents `to`/`ti` from `s` to `e`:
  /// it drops them when both control points lie on the line through
  /// the ends, and when the ends coincide and both tangents are zero.
  static func keepsTangents(_ s: [Double], _ e: [Double], _ to: [Double], _ ti: [Double]) -> Bool {
    let c1 = [s[0] + to[0], s[1] + to[1]]
    let c2 = [e[0] + ti[0], e[1] + ti[1]]
    let same = s[0] == e[0] && s[1] == e[1]
    if !same && onLine(s, e, c1) && onLine(s, e, c2) { return false }
    if same && to[0] == 0 && to[1] == 0 && ti[0] == 0 && ti[1] == 0 { return false }
    return true
  }
}
