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

  /// The Euclidean length of the vector.
  @inlinable var length: Double { (x * x + y * y).squareRoot() }

  /// The point a fraction `t` of the way from `self` to `other`.
  @inlinable func lerp(_ other: PathPoint, _ t: Double) -> PathPoint {
    PathPoint(x + (other.x - x) * t, y + (other.y - y) * t)
  }
}
