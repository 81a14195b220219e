// SVG 1.1 Appendix F.6: elliptical arcs, converted from the endpoint
// parameterization of path data to the center parameterization, which is
// evaluated exactly (no Bézier approximation).
//
// https://www.w3.org/TR/SVG11/implnote.html#ArcImplementationNotes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An elliptical arc in center parameterization: the point at angle θ is
/// `center + R(φ) · (rx cos θ, ry sin θ)`, for θ from `startAngle` to
/// `startAngle + sweepAngle` (radians; a negative sweep runs clockwise in
/// SVG's y-down coordinates).
public struct EllipticalArc: Sendable, Hashable {
  /// The ellipse's center.
  public var center: PathPoint
  /// The radii, after F.6.6's scaling up of radii too small to reach.
  public var rx: Double
  /// The y radius.
  public var ry: Double
  /// The radii as path data gave them (absolute values), before F.6.6
  /// scales them up: what the path's text writes back, so that it parses
  /// to the same ellipse bit for bit.
  public var givenRx: Double
  public var givenRy: Double
  /// The x axis rotation φ in degrees, as path data writes it (mod 360).
  public var rotation: Double
  /// θ1 in radians.
  public var startAngle: Double
  /// Δθ in radians, in (-2π, 2π).
  public var sweepAngle: Double
  @usableFromInline var cosPhi: Double
  @usableFromInline var sinPhi: Double

  /// The arc's center form from path data's endpoint form (F.6.5), or nil
  /// when F.6.2 says the arc is a straight line (a zero radius), or when
  /// it bows from its chord by less than 1e-7 of the chord (a radius past
  /// about a million chords: razzle's decision, where angles would lose
  /// the points' places to rounding). Identical endpoints give nil too:
  /// the caller omits the segment (F.6.2).
  ///
  /// - Parameters:
  ///   - p1: the current point.
  ///   - p2: the arc's end point.
  ///   - rx: the x radius (its absolute value is used, F.6.6 step 1).
  ///   - ry: the y radius.
  ///   - rotation: φ in degrees.
  ///   - largeArc: the large-arc flag.
  ///   - sweep: the sweep flag (positive-angle direction).
  public init?(
    from p1: PathPoint, to p2: PathPoint, rx: Double, ry: Double, rotation: Double,
    largeArc: Bool, sweep: Bool
  ) {
    var rx = abs(rx)
    var ry = abs(ry)
    guard rx > 0, ry > 0, p1 != p2 else { return nil }
    givenRx = rx
    givenRy = ry
    let phi = rotation.truncatingRemainder(dividingBy: 360)
    let (s, c) = sinCos(degrees: phi)
    let dx = (p1.x - p2.x) / 2
    let dy = (p1.y - p2.y) / 2
    let x1 = c * dx + s * dy
    let y1 = -s * dx + c * dy
    // F.6.6: radii too small are scaled up until the ellipse just fits.
    // (x1/rx)² rather than x1²/rx²: the squares of a tiny or huge radius
    // would underflow or overflow (1e-300² is 0, and 0/0 a NaN center).
    let qx = x1 / rx
    let qy = y1 / ry
    let lambda = qx * qx + qy * qy
    if lambda > 1 {
      let k = lambda.squareRoot()
      rx *= k
      ry *= k
    }
    // F.6.5.2's radicand (rx²ry² − rx²y1'² − ry²x1'²) / (rx²y1'² + ry²x1'²)
    // is 1/Λ − 1: written so, it is exactly 0 for scaled radii instead of a
    // rounding error whose square root would move the center by 1e-8.
    var k = lambda >= 1 ? 0 : (1 / lambda - 1).squareRoot()
    if largeArc == sweep { k = -k }
    let cx1 = k * rx * y1 / ry
    let cy1 = -k * ry * x1 / rx
    center = PathPoint(
      c * cx1 - s * cy1 + (p1.x + p2.x) / 2, s * cx1 + c * cy1 + (p1.y + p2.y) / 2)
    let ux = (x1 - cx1) / rx
    let uy = (y1 - cy1) / ry
    let vx = (-x1 - cx1) / rx
    let vy = (-y1 - cy1) / ry
    startAngle = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }
    // An arc that bows from its chord by less than 1e-7 of it (at most
    // max(rx, ry) δ² / 8 from the chord: a radius past about a million
    // chords) is its chord. Its points, the center plus a huge radius
    // times the cosine of an angle a rounding from ±π/2, would lose their
    // place ("A1e97 20 0 0 1 …" put a point 1e81 away).
    let chord = 2 * (dx * dx + dy * dy).squareRoot()
    guard Swift.max(rx, ry) * delta * delta / 8 > 1e-7 * chord else { return nil }
    sweepAngle = delta
    self.rx = rx
    self.ry = ry
    self.rotation = phi
    cosPhi = c
    sinPhi = s
  }

  /// The arc from θ = `start` to θ = `start + sweep` on the same ellipse.
  func subArc(start: Double, sweep: Double) -> EllipticalArc {
    var arc = self
    arc.startAngle = start
    arc.sweepAngle = sweep
    // A part of the ellipse is written with the ellipse's own radii (its
    // chord is shorter: the given radii would be scaled differently).
    arc.givenRx = rx
    arc.givenRy = ry
    return arc
  }

  /// The point at angle θ (radians). The cosine and sine are
  /// ``radianCosSin(_:)``'s (no call to libm), as every arc query takes them.
  @inlinable @inline(__always)
  func point(angle theta: Double) -> PathPoint {
    let (ct, st) = radianCosSin(theta)
    return PathPoint(
      center.x + rx * cosPhi * ct - ry * sinPhi * st,
      center.y + rx * sinPhi * ct + ry * cosPhi * st)
  }

  /// d point / dθ at angle θ.
  @inlinable @inline(__always)
  func derivative(angle theta: Double) -> PathPoint {
    let (ct, st) = radianCosSin(theta)
    return PathPoint(-rx * cosPhi * st - ry * sinPhi * ct, -rx * sinPhi * st + ry * cosPhi * ct)
  }

  /// The angles in (0, 1) of the arc's parameter where x or y is extreme.
  func extremeParameters() -> [Double] {
    let bases = [
      atan2(-ry * sinPhi, rx * cosPhi),  // dx/dθ = 0
      atan2(ry * cosPhi, rx * sinPhi),  // dy/dθ = 0
    ]
    var result: [Double] = []
    for base in bases {
      for k in -4...4 {
        let t = (base + Double(k) * Double.pi - startAngle) / sweepAngle
        if t > 0 && t < 1 { result.append(t) }
      }
    }
    return result
  }
}
