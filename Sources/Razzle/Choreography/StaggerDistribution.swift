// GSAP's stagger distribution (gsap-core's `distribute`), with AnimationKit's
// cap on the number of animated items.
//
// https://gsap.com/resources/getting-started/Staggers/

/// How a stagger spreads its items' start offsets: GSAP's `distribute()`
/// (each or amount, from, grid, axis, ease) and AnimationKit's
/// `maxAnimationCount`. Guides/Choreography.md gives the formulas.
public struct StaggerDistribution: Sendable, Hashable {
  /// Where the stagger starts from.
  public enum Origin: Sendable, Hashable {
    /// Item 0 (GSAP's `"start"`, the default).
    case start
    /// The middle of the list or grid.
    case center
    /// The last item.
    case end
    /// Both ends inwards.
    case edges
    /// The distances shuffled with a seeded generator.
    case random(seed: UInt64)
    /// Item `index`.
    case index(Int)
    /// A point of the grid in ratios, (0, 0) the first cell, (1, 1) the
    /// last.
    case point(x: Double, y: Double)
  }

  /// Which way distances are measured: Euclidean, or along one axis.
  public enum Axis: String, Sendable, Hashable, CaseIterable {
    case both, x, y
  }

  /// An origin's name, as the C API and Python spell it (`"start"`,
  /// `"center"`, …, `"index"`, `"point"`).
  public enum OriginKind: String, Sendable, Hashable, CaseIterable {
    case start, center, end, edges, random, index, point
  }

  /// How the spread is given.
  public enum Spread: Sendable, Hashable {
    /// Each unit of distance adds this much (GSAP's `each`).
    case each(Double)
    /// The whole spread (GSAP's `amount`).
    case amount(Double)
  }

  public let spread: Spread
  public let origin: Origin
  /// A grid of rows × columns (row-major), or nil for one row.
  public let grid: (rows: Int, columns: Int)?
  public let axis: Axis
  /// An easing over the normalized distance.
  public let ease: Easing?
  /// AnimationKit's `maxAnimationCount`: offsets capped at `each ·
  /// maxCount`; ≤ 0: nothing animates.
  public let maxCount: Int?

  /// Creates a distribution.
  ///
  /// - Parameters:
  ///   - spread: `each` (≥ 0, finite; default 0.05, AnimationKit's) or
  ///     `amount` (finite).
  ///   - origin: Where it starts from.
  ///   - grid: rows × columns, both ≥ 1.
  ///   - axis: Measure along one axis only.
  ///   - ease: An easing over the normalized distance.
  ///   - maxCount: AnimationKit's cap; needs `each`.
  /// - Throws: ``RazzleError`` `.invalidValue` for a spread that is not
  ///   finite or beyond ``maximumMagnitude``, a negative `each`, a grid
  ///   with fewer than one or more than ``maximumGridSide`` rows or columns,
  ///   an origin point outside [0, 1]², a negative index, `maxCount` with
  ///   `amount` or beyond ``maximumCount``.
  /// The largest `each` or `amount`: a spread over many items stays
  /// finite (a scene file holds it too).
  public static let maximumMagnitude = 1e15
  /// The most rows or columns a grid has (what a scene file holds).
  public static let maximumGridSide = 1_000_000_000
  /// The largest `maxCount` magnitude (an integer a scene file holds
  /// exactly).
  public static let maximumCount = 1_000_000_000_000_000

  public init(
    _ spread: Spread = .each(0.05), from origin: Origin = .index(0),
    grid: (rows: Int, columns: Int)? = nil, axis: Axis = .both, ease: Easing? = nil,
    maxCount: Int? = nil
  ) throws(RazzleError) {
    let most = Self.maximumMagnitude
    switch spread {
    case .each(let e):
      guard e.isFinite && e >= 0 && e <= most else {
        throw RazzleError(
          .invalidValue, "stagger each must be finite, >= 0 and <= 1e15, got \(e)")
      }
    case .amount(let a):
      guard a.isFinite && abs(a) <= most else {
        throw RazzleError(
          .invalidValue, "stagger amount must be finite and within ±1e15, got \(a)")
      }
      guard maxCount == nil else {
        throw RazzleError(.invalidValue, "max_count needs each, not amount")
      }
    }
    if let grid {
      let side = Self.maximumGridSide
      guard grid.rows >= 1 && grid.columns >= 1 && grid.rows <= side && grid.columns <= side
      else {
        throw RazzleError(
          .invalidValue,
          "a stagger grid needs rows and columns in 1...\(side), got \(grid.rows)x\(grid.columns)")
      }
    }
    if let maxCount, abs(maxCount) > Self.maximumCount {
      throw RazzleError(
        .invalidValue, "max_count must be within ±1e15, got \(maxCount)")
    }
    switch origin {
    case .index(let i) where i < 0:
      throw RazzleError(.invalidValue, "a stagger origin index must be >= 0, got \(i)")
    case .point(let x, let y) where !(x >= 0 && x <= 1 && y >= 0 && y <= 1):
      throw RazzleError(
        .invalidValue, "a stagger origin point must lie in [0, 1]², got (\(x), \(y))")
    default: break
    }
    self.spread = spread
    self.origin = origin
    self.grid = grid
    self.axis = axis
    self.ease = ease
    self.maxCount = maxCount
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.spread == b.spread && a.origin == b.origin && a.grid?.rows == b.grid?.rows
      && a.grid?.columns == b.grid?.columns && a.axis == b.axis && a.ease == b.ease
      && a.maxCount == b.maxCount
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(spread)
    hasher.combine(origin)
    hasher.combine(grid?.rows)
    hasher.combine(grid?.columns)
    hasher.combine(axis)
    hasher.combine(ease)
    hasher.combine(maxCount)
  }

  /// The origin's name.
  public var originKind: OriginKind {
    switch origin {
    case .start: return .start
    case .center: return .center
    case .end: return .end
    case .edges: return .edges
    case .random: return .random
    case .index: return .index
    case .point: return .point
    }
  }

  /// The origin a kind and its parameters name.
  ///
  /// - Parameters:
  ///   - kind: The origin's kind.
  ///   - index: The item, for `index`.
  ///   - x: The grid point's x ratio, for `point`.
  ///   - y: The grid point's y ratio, for `point`.
  ///   - seed: The shuffle's seed, for `random`.
  /// - Returns: The origin.
  public static func origin(
    _ kind: OriginKind, index: Int = 0, x: Double = 0, y: Double = 0, seed: UInt64 = 0
  ) -> Origin {
    switch kind {
    case .start: return .start
    case .center: return .center
    case .end: return .end
    case .edges: return .edges
    case .random: return .random(seed: seed)
    case .index: return .index(index)
    case .point: return .point(x: x, y: y)
    }
  }

  /// Whether nothing animates (AnimationKit's `maxAnimationCount` ≤ 0).
  public var animatesNothing: Bool { (maxCount ?? 1) <= 0 }

  /// The start offsets of `count` items.
  ///
  /// - Parameter count: The number of items, ≥ 1.
  /// - Returns: `count` offsets.
  /// - Complexity: O(count), plus one easing evaluation per item.
  public func offsets(count: Int) -> [Double] {
    let n = Swift.max(count, 1)
    let wrap = grid?.columns ?? Int.max
    let hasGrid = grid != nil
    // The origin.
    let ox: Double
    let oy: Double
    func ratios(_ rx: Double, _ ry: Double) -> (Double, Double) {
      (Double(Swift.min(wrap, n)) * rx - 0.5, hasGrid ? Double(n) * ry / Double(wrap) - 0.5 : 0)
    }
    switch origin {
    case .start, .random: (ox, oy) = ratios(0, 0)
    case .center, .edges: (ox, oy) = ratios(0.5, 0.5)
    case .end: (ox, oy) = ratios(1, 1)
    case .point(let x, let y): (ox, oy) = ratios(x, y)
    case .index(let k):
      (ox, oy) = (Double(k % wrap), hasGrid ? Double(k / wrap) : 0)
    }
    // The distances.
    var distances = [Double](repeating: 0, count: n)
    var low = Double.infinity
    var high = -Double.infinity
    for j in 0..<n {
      let x = Double(j % wrap) - ox
      let y = oy - Double(j / wrap)
      let d: Double
      switch axis {
      case .both: d = (x * x + y * y).squareRoot()
      case .x: d = abs(x)
      case .y: d = abs(y)
      }
      distances[j] = d
      low = Swift.min(low, d)
      high = Swift.max(high, d)
    }
    if case .random(let seed) = origin {
      var generator = SplitMix64(seed: seed)
      var j = n - 1
      while j > 0 {
        let k = Int(generator.next() % UInt64(j + 1))
        distances.swapAt(j, k)
        j -= 1
      }
    }
    // The spread.
    var v: Double
    switch spread {
    case .amount(let a): v = a
    case .each(let e):
      let s: Double
      if !hasGrid || wrap > n {
        s = Double(n - 1)
      } else {
        switch axis {
        case .both: s = Swift.max(Double(wrap), Double(n) / Double(wrap))
        case .y: s = Double(n) / Double(wrap)
        case .x: s = Double(wrap)
        }
      }
      v = e * s
    }
    if case .edges = origin { v = -v }
    let base = v < 0 ? -v : 0
    let range = high - low
    let cap: Double? = {
      if let maxCount, case .each(let e) = spread { return e * Double(maxCount) }
      return nil
    }()
    return distances.map { d in
      let l = range > 0 ? (d - low) / range : 0
      let eased: Double
      if let ease {
        eased = v < 0 ? 1 - ease(1 - l) : ease(l)
      } else {
        eased = l
      }
      let offset = base + eased * v
      return cap.map { Swift.min(offset, $0) } ?? offset
    }
  }
}

extension StaggerDistribution.Axis: PinnedCode {
  public static var noun: String { "stagger axis" }
  public var name: String { rawValue }
  /// `KF_STAGGER_AXIS_*` order.
  public static let pinned: [Self] = [.both, .x, .y]
}

extension StaggerDistribution.OriginKind: PinnedCode {
  public static var noun: String { "stagger origin" }
  public var name: String { rawValue }
  /// `KF_STAGGER_FROM_*` order.
  public static let pinned: [Self] = [.start, .center, .end, .edges, .random, .index, .point]
}
