/// A point (or a vector) in a path's coordinate system: SVG user units, x to
/// the right and y down.
public struct PathPoint: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (down in SVG).
  public var y: Double

  /// The point (x, y).
  @inlinable
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = PathPoint(0, 0)

  @inlinable static func + (a: PathPoint, b: PathPoint) -> PathPoint {
    PathPoint(a.x + b.x, a.y + b.y)
  }
  @inlinable static func - (a: PathPoint, b: PathPoint) -> PathPoint {
    PathPoint(a.x - b.x, a.y - b.y)
  }
  @inlinable static func * (k: Double, a: PathPoint) -> PathPoint { PathPoint(k * a.x, k * a.y) }

  /// The Euclidean length of the vector, without overflow or underflow in
  /// its squares (``norm(_:_:)``).
  @inlinable var length: Double { norm(x, y) }

  /// The point a fraction `t` of the way from `self` to `other`.
  @inlinable func lerp(_ other: PathPoint, _ t: Double) -> PathPoint {
    PathPoint(x + (other.x - x) * t, y + (other.y - y) * t)
  }
}

/// √(x² + y²) without spurious overflow or underflow: the plain formula
/// where the squares are safe (the usual case, one branch), else the
/// components scaled by the larger one first (`hypot`'s rule). 1e200 gives
/// 1e200, not ∞; 1e-300 gives 1e-300, not 0.
@inlinable @inline(__always)
func norm(_ x: Double, _ y: Double) -> Double {
  let sum = x * x + y * y
  if sum < 0x1p1000 && sum > 0x1p-1000 { return sum.squareRoot() }
  let m = max(abs(x), abs(y))
  guard m > 0 && m.isFinite else { return m == 0 ? 0 : abs(x) + abs(y) }
  let u = x / m
  let v = y / m
  return m * (u * u + v * v).squareRoot()
}
