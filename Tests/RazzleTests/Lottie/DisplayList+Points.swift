import Razzle

extension DisplayList {
  /// The points of `op`'s path, as (x, y) pairs in the order its verbs
  /// read them (a move's point, each line's, each cubic's three).
  func points(of op: DrawOp) -> [[Double]] {
    var out: [[Double]] = []
    var p = Int(op.pointStart)
    for v in 0..<Int(op.verbCount) {
      guard let verb = PathVerb(rawValue: verbs[Int(op.verbStart) + v]) else { break }
      for _ in 0..<verb.pointCount {
        out.append([points[2 * p], points[2 * p + 1]])
        p += 1
      }
    }
    return out
  }
}
