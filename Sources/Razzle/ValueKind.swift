/// What a track animates: how many `Double` channels one value has, and how
/// two values are blended.
///
/// Every value crosses the C ABI as a flat array of `channels` doubles, so a
/// new kind needs a case here and nothing new at the boundary.
public enum ValueKind: Sendable, Hashable {
  /// One number, blended as `v0 + (v1 − v0)·e`.
  case scalar
  /// A fixed number of independent numbers (1…64), blended per component.
  case vector(Int)

  /// The most channels a `vector` track may have.
  public static let maximumChannels = 64

  /// The number of doubles in one value.
  @inlinable
  public var channels: Int {
    switch self {
    case .scalar: return 1
    case .vector(let n): return n
    }
  }

  /// A short name for messages and the C API (`"scalar"`, `"vector"`).
  public var name: String {
    switch self {
    case .scalar: return "scalar"
    case .vector: return "vector"
    }
  }

  /// Blends `from` and `to` at eased progress `e` into `out`, channel by
  /// channel (`channels` doubles each). `e = 0` gives `from` and `e = 1` gives
  /// `to`, exactly, for every kind.
  @inlinable
  func blend(
    _ from: UnsafePointer<Double>, _ to: UnsafePointer<Double>, _ e: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    switch self {
    case .scalar:
      out[0] = from[0] + (to[0] - from[0]) * e
    case .vector(let n):
      for c in 0..<n { out[c] = from[c] + (to[c] - from[c]) * e }
    }
  }
}
