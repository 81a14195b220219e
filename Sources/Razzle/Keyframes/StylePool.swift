/// Interned keyframe styles, so that a keyframe stores a 4-byte index and
/// the common plain keyframe (index 0) costs nothing more.
///
/// Each distinct style is stored once with a reference count; a style whose
/// last keyframe goes away frees its slot for reuse. Styles eased by a cubic
/// Bézier also get a slot in `beziers` and `inverses` (the solver's guess
/// table); no other style builds or stores one.
///
/// A pool that holds only the plain style allocates nothing: its buffers
/// are the process-wide ``Table/plain`` table (the plain style, the identity
/// kernel, no Bézier tables), which is never written. The first non-plain
/// style gives the pool a table of its own. Most tracks never have one.
///
/// A pool refers to its table: copies of a pool share it (the one owner is
/// a ``KeyframeStorage``).
@usableFromInline
struct StylePool: Sendable {
  /// The styles, their kernels and their Bézier tables, with the
  /// bookkeeping that interns them.
  @usableFromInline
  final class Table: @unchecked Sendable {
    @usableFromInline let styles = StableBuffer<KeyframeStyle>()
    /// Each style's easing in the form the batch kernels evaluate,
    /// parallel to `styles`.
    @usableFromInline let kernels = StableBuffer<EasingKernel>()
    /// The cubic Bézier of each table slot (see ``EasingKernel/cubicBezier(table:)``).
    @usableFromInline let beziers = StableBuffer<CubicBezier>()
    /// Each table slot's ``CubicBezier/inverseTable``, `inverseStride`
    /// doubles per slot.
    @usableFromInline let inverses = StableBuffer<Double>()
    var references: [Int] = [0]
    var indices: [KeyframeStyle: UInt32] = [:]
    var free: [UInt32] = []
    var freeTables: [UInt32] = []
    /// The style last retained and its index (0: none): a track's keyframes
    /// mostly share one style, which then costs a comparison, not a hash.
    var lastStyle = KeyframeStyle.plain
    var lastIndex: UInt32 = 0

    init() {
      styles.append(.plain)
      kernels.append(.identity)
    }

    /// The table of every pool that holds only the plain style; read-only.
    static let plain = Table()
  }

  /// This pool's own table, or nil while it holds only the plain style.
  private var own: Table?

  /// The table in use: the pool's own, or the shared plain one.
  @usableFromInline var table: Table { own ?? Table.plain }
  @usableFromInline var styles: StableBuffer<KeyframeStyle> { table.styles }
  /// Each style's easing in the form the batch kernels evaluate, parallel
  /// to `styles`.
  @usableFromInline var kernels: StableBuffer<EasingKernel> { table.kernels }
  /// The cubic Bézier of each table slot (see ``EasingKernel/cubicBezier(table:)``).
  @usableFromInline var beziers: StableBuffer<CubicBezier> { table.beziers }
  /// Each table slot's ``CubicBezier/inverseTable``, `inverseStride`
  /// doubles per slot.
  @usableFromInline var inverses: StableBuffer<Double> { table.inverses }
  @usableFromInline static var inverseStride: Int { CubicBezier.inverseIntervals + 1 }

  init() {}

  /// Whether the pool has a table of its own (for tests: a pool that never
  /// held a non-plain style has none).
  var hasOwnTable: Bool { own != nil }

  /// The number of table slots in use or free (for tests).
  var tableSlots: Int { beziers.count }

  /// The index of `style`, adding a reference to it.
  ///
  /// - Complexity: O(1) amortized (a hash lookup); a new cubic-Bézier style
  ///   also solves its 63-entry guess table.
  mutating func retain(_ style: KeyframeStyle) -> UInt32 {
    if let own, own.lastIndex != 0 && own.lastStyle == style {
      own.references[Int(own.lastIndex)] += 1
      return own.lastIndex
    }
    if style == .plain { return 0 }
    let own: Table
    if let existing = self.own {
      own = existing
    } else {
      own = Table()
      self.own = own
    }
    if let index = own.indices[style] {
      own.references[Int(index)] += 1
      own.lastStyle = style
      own.lastIndex = index
      return index
    }
    var kernel = EasingKernel(style.easing)
    if case .cubicBezier(let curve) = style.easing {
      kernel = .cubicBezier(table: StylePool.table(curve, in: own))
    }
    let index: UInt32
    if let reused = own.free.popLast() {
      index = reused
      own.styles[Int(index)] = style
      own.kernels[Int(index)] = kernel
      own.references[Int(index)] = 1
    } else {
      index = UInt32(own.styles.count)
      own.styles.append(style)
      own.kernels.append(kernel)
      own.references.append(1)
    }
    own.indices[style] = index
    own.lastStyle = style
    own.lastIndex = index
    return index
  }

  /// A table slot of `own` holding `curve` and its guess table.
  private static func table(_ curve: CubicBezier, in own: Table) -> UInt32 {
    let inverse = InverseTableCache.shared.table(curve)
    if let slot = own.freeTables.popLast() {
      own.beziers[Int(slot)] = curve
      for (k, t) in inverse.enumerated() {
        own.inverses[Int(slot) * StylePool.inverseStride + k] = t
      }
      return slot
    }
    own.beziers.append(curve)
    inverse.withUnsafeBufferPointer { own.inverses.insert(contentsOf: $0, at: own.inverses.count) }
    return UInt32(own.beziers.count - 1)
  }

  /// Adds `count` references to the style at `index`, which the pool holds
  /// (a bulk edit retains a style once, then counts its other keyframes).
  mutating func retain(index: UInt32, count: Int) {
    guard index != 0, let own else { return }
    own.references[Int(index)] += count
  }

  /// Drops a reference to the style at `index`.
  mutating func release(_ index: UInt32) {
    guard index != 0, let own else { return }
    let i = Int(index)
    own.references[i] -= 1
    if own.references[i] == 0 {
      if index == own.lastIndex {
        own.lastIndex = 0
        own.lastStyle = .plain
      }
      own.indices[own.styles[i]] = nil
      own.styles[i] = .plain
      if case .cubicBezier(let slot) = own.kernels[i] { own.freeTables.append(slot) }
      own.kernels[i] = .identity
      own.free.append(index)
    }
  }

  @inlinable subscript(index: UInt32) -> KeyframeStyle { styles[Int(index)] }

  /// The style at `index`, if the pool has a slot there (a freed slot
  /// reads as the plain style, which no keyframe refers to by that number).
  func style(number index: UInt32) -> KeyframeStyle? {
    let styles = self.styles
    return Int(index) < styles.count ? styles[Int(index)] : nil
  }

  /// How many keyframes use the style at `index` (not counted for the plain
  /// style, 0).
  func referenceCount(_ index: UInt32) -> Int {
    guard let own else { return 0 }
    return own.references[Int(index)]
  }
}
