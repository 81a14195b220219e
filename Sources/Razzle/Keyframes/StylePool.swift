/// Interned keyframe styles, so that a keyframe stores a 4-byte index and
/// the common plain keyframe (index 0) costs nothing more.
///
/// Each distinct style is stored once with a reference count; a style whose
/// last keyframe goes away frees its slot for reuse.
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
  /// Each style's cubic Bézier and its solver's guess table, parallel to
  /// `styles` (unused entries hold `ease`).
  @usableFromInline let beziers: StableBuffer<CubicBezier> = {
    let beziers = StableBuffer<CubicBezier>()
    beziers.append(.ease)
    return beziers
  }()
  /// Each style's ``CubicBezier/inverseTable``, `inverseStride` doubles
  /// per style, parallel to `styles`.
  @usableFromInline let inverses: StableBuffer<Double> = {
    let inverses = StableBuffer<Double>()
    CubicBezier.ease.inverseTable.withUnsafeBufferPointer { inverses.insert(contentsOf: $0, at: 0) }
    return inverses
  }()
  @usableFromInline static var inverseStride: Int { CubicBezier.inverseIntervals + 1 }
  private var references: [Int] = [0]
  private var indices: [KeyframeStyle: UInt32] = [:]
  private var free: [UInt32] = []

  init() {}

  /// The index of `style`, adding a reference to it.
  mutating func retain(_ style: KeyframeStyle) -> UInt32 {
    if style == .plain { return 0 }
    if let index = indices[style] {
      references[Int(index)] += 1
      return index
    }
    let index: UInt32
    let kernel = EasingKernel(style.easing)
    let bezier: CubicBezier
    if case .cubicBezier(let curve) = style.easing { bezier = curve } else { bezier = .ease }
    if let reused = free.popLast() {
      index = reused
      styles[Int(index)] = style
      kernels[Int(index)] = kernel
      beziers[Int(index)] = bezier
      let table = bezier.inverseTable
      for (k, t) in table.enumerated() { inverses[Int(index) * StylePool.inverseStride + k] = t }
      references[Int(index)] = 1
    } else {
      index = UInt32(styles.count)
      styles.append(style)
      kernels.append(kernel)
      beziers.append(bezier)
      bezier.inverseTable.withUnsafeBufferPointer {
        inverses.insert(contentsOf: $0, at: inverses.count)
      }
      references.append(1)
    }
    indices[style] = index
    return index
  }

  /// Drops a reference to the style at `index`.
  mutating func release(_ index: UInt32) {
    guard index != 0 else { return }
    let i = Int(index)
    references[i] -= 1
    if references[i] == 0 {
      indices[styles[i]] = nil
      styles[i] = .plain
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
