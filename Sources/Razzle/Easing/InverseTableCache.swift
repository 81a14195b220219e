/// The guess tables (``CubicBezier/inverseTable``) of the last few curves
/// solved, shared by every style pool: the tracks of one file (an import,
/// a scene) often ease with a handful of curves, and a table costs 63
/// solves.
///
/// A table depends on its curve's control points alone, so a cached one
/// has the bits a new solve would give. The cache is taken with a try-lock: a caller that
/// finds it busy (another thread, or a child forked while a thread held
/// it) solves the table itself and stores nothing, so nobody waits.
final class InverseTableCache: @unchecked Sendable {
  /// The process-wide cache.
  static let shared = InverseTableCache()

  /// The number of curves kept (the oldest is replaced first).
  static let capacity = 8

  private let mutex = Mutex()
  private var curves: [CubicBezier] = []
  private var tables: [[Double]] = []
  private var next = 0

  private init() {}

  /// `curve`'s guess table, from the cache or solved (and then kept).
  ///
  /// - Complexity: O(``capacity``) comparisons; 63 solves on a miss.
  func table(_ curve: CubicBezier) -> [Double] {
    guard mutex.tryLock() else { return curve.inverseTable }
    if let k = curves.firstIndex(where: { Self.same($0, curve) }) {
      let table = tables[k]
      mutex.unlock()
      return table
    }
    mutex.unlock()
    let table = curve.inverseTable
    guard mutex.tryLock() else { return table }
    if curves.count < Self.capacity {
      curves.append(curve)
      tables.append(table)
    } else {
      curves[next] = curve
      tables[next] = table
      next = (next + 1) % Self.capacity
    }
    mutex.unlock()
    return table
  }

  /// Whether two curves have the same control points, bit for bit (so
  /// -0 and 0 are told apart).
  private static func same(_ a: CubicBezier, _ b: CubicBezier) -> Bool {
    a.x1.bitPattern == b.x1.bitPattern && a.y1.bitPattern == b.y1.bitPattern
      && a.x2.bitPattern == b.x2.bitPattern && a.y2.bitPattern == b.y2.bitPattern
  }
}
