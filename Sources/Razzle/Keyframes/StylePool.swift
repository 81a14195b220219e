/// Interned keyframe styles, so that a keyframe stores a 4-byte index and
/// the common plain keyframe (index 0) costs nothing more.
///
/// Each distinct style is stored once with a reference count; a style whose
/// last keyframe goes away frees its slot for reuse. Styles eased by a cubic
/// Bézier also get a slot in `beziers` and `inverses` (the solver's guess
/// table); no other style builds or stores one.
@usableFromInline
struct StylePool: Sendable {
  @usableFromInline let styles: StableBuffer<KeyframeStyle> = {
    let styles = StableBuffer<KeyframeStyle>()
    styles.append(.plain)
    return styles
  }()
  /// Each style's easing in the form the batch kernels evaluate, parallel
  /// to `styles`.
  @usableFromInline let kernels: StableBuffer<EasingKernel> = {
    let kernels = StableBuffer<EasingKernel>()
    kernels.append(.identity)
    return kernels
  }()
  /// The cubic Bézier of each table slot (see ``EasingKernel/cubicBezier(table:)``).
  @usableFromInline let beziers = StableBuffer<CubicBezier>()
  /// Each table slot's ``CubicBezier/inverseTable``, `inverseStride`
  /// doubles per slot.
  @usableFromInline let inverses = StableBuffer<Double>()
  @usableFromInline static var inverseStride: Int { CubicBezier.inverseIntervals + 1 }
  private var references: [Int] = [0]
  private var indices: [KeyframeStyle: UInt32] = [:]
  private var free: [UInt32] = []
  private var freeTables: [UInt32] = []
  /// The style last retained and its index (0: none): a track's keyframes
  /// mostly share one style, which then costs a comparison, not a hash.
  private var lastStyle = KeyframeStyle.plain
  private var lastIndex: UInt32 = 0

  init() {}

  /// The number of table slots in use or free (for tests).
  var tableSlots: Int { beziers.count }

  /// The index of `style`, adding a reference to it.
  ///
  /// - Complexity: O(1) amortized (a hash lookup); a new cubic-Bézier style
  ///   also solves its 63-entry guess table.
  mutating func retain(_ style: KeyframeStyle) -> UInt32 {
    if lastIndex != 0 && lastStyle == style {
      references[Int(lastIndex)] += 1
      return lastIndex
    }
    if style == .plain { return 0 }
    if let index = indices[style] {
      references[Int(index)] += 1
      lastStyle = style
      lastIndex = index
      return index
    }
    var kernel = EasingKernel(style.easing)
    if case .cubicBezier(let curve) = style.easing { kernel = .cubicBezier(table: table(curve)) }
    let index: UInt32
    if let reused = free.popLast() {
      index = reused
      styles[Int(index)] = style
      kernels[Int(index)] = kernel
      references[Int(index)] = 1
    } else {
      index = UInt32(styles.count)
      styles.append(style)
      kernels.append(kernel)
      references.append(1)
    }
    indices[style] = index
    lastStyle = style
    lastIndex = index
    return index
  }

  /// A table slot holding `curve` and its guess table.
  private mutating func table(_ curve: CubicBezier) -> UInt32 {
    let inverse = curve.inverseTable
    if let slot = freeTables.popLast() {
      beziers[Int(slot)] = curve
      for (k, t) in inverse.enumerated() { inverses[Int(slot) * StylePool.inverseStride + k] = t }
      return slot
    }
    beziers.append(curve)
    inverse.withUnsafeBufferPointer { inverses.insert(contentsOf: $0, at: inverses.count) }
    return UInt32(beziers.count - 1)
  }

  /// Adds `count` references to the style at `index`, which the pool holds
  /// (a bulk edit retains a style once, then counts its other keyframes).
  mutating func retain(index: UInt32, count: Int) {
    guard index != 0 else { return }
    references[Int(index)] += count
  }

  /// Drops a reference to the style at `index`.
  mutating func release(_ index: UInt32) {
    guard index != 0 else { return }
    let i = Int(index)
    references[i] -= 1
    if references[i] == 0 {
      if index == lastIndex {
        lastIndex = 0
        lastStyle = .plain
      }
      indices[styles[i]] = nil
      styles[i] = .plain
      if case .cubicBezier(let slot) = kernels[i] { freeTables.append(slot) }
      kernels[i] = .identity
      free.append(index)
    }
  }

  @inlinable subscript(index: UInt32) -> KeyframeStyle { styles[Int(index)] }

  /// The style at `index`, if the pool has a slot there (a freed slot
  /// reads as the plain style, which no keyframe refers to by that number).
  func style(number index: UInt32) -> KeyframeStyle? {
    Int(index) < styles.count ? styles[Int(index)] : nil
  }

  /// How many keyframes use the style at `index` (not counted for the plain
  /// style, 0).
  func referenceCount(_ index: UInt32) -> Int { references[Int(index)] }
}
