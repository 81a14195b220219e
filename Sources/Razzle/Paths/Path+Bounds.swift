/// An axis-aligned rectangle: origin and size (SVG's `getBBox`).
public struct PathBounds: Sendable, Hashable {
  /// The smallest x.
  public var x: Double
  /// The smallest y.
  public var y: Double
  /// The extent in x.
  public var width: Double
  /// The extent in y.
  public var height: Double
}

extension Path {
  /// The tight bounding box of the drawn geometry: the segments' end points
  /// and the curves' extremes (Bézier derivative roots, the arcs' angles
  /// where x or y turns), not their control points. A path without
  /// segments has the zero-size box at its first moveto.
  ///
  /// - Complexity: O(segments).
  public var bounds: PathBounds {
    var points: [PathPoint] = []
    for segment in segments {
      points.append(segment.start)
      points.append(segment.endPoint)
      for t in segment.extremeParameters() { points.append(segment.point(t)) }
    }
    if points.isEmpty { points = [moves.first ?? .zero] }
    var lo = points[0]
    var hi = points[0]
    for p in points {
      lo = PathPoint(min(lo.x, p.x), min(lo.y, p.y))
      hi = PathPoint(max(hi.x, p.x), max(hi.y, p.y))
    }
    return PathBounds(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
  }
}
