/// Everything about a keyframe but its time and value: the easing and
/// interpolation of its outgoing segment, its Kochanek–Bartels parameters
/// and its Bézier handles.
public struct KeyframeStyle: Sendable, Hashable {
  /// The easing of the outgoing segment.
  public var easing: Easing
  /// The interpolation of the outgoing segment.
  public var interpolation: Interpolation
  /// Kochanek–Bartels tension, continuity and bias of this keyframe's
  /// tangents (used by `smooth` segments on either side), each in [−1, 1].
  public var tension: Double
  /// See ``tension``.
  public var continuity: Double
  /// See ``tension``.
  public var bias: Double
  /// The handle before the keyframe (for an incoming `bezier` segment, and
  /// `linear` extrapolation before a first keyframe).
  public var leftHandle: BezierHandle?
  /// The handle after the keyframe (for an outgoing `bezier` segment, and
  /// `linear` extrapolation after a last keyframe).
  public var rightHandle: BezierHandle?

  /// Creates a style; the defaults are RazzleDazzle's plain linear keyframe.
  public init(
    easing: Easing = .linear, interpolation: Interpolation = .linear, tension: Double = 0,
    continuity: Double = 0, bias: Double = 0, leftHandle: BezierHandle? = nil,
    rightHandle: BezierHandle? = nil
  ) {
    self.easing = easing
    self.interpolation = interpolation
    self.tension = tension
    self.continuity = continuity
    self.bias = bias
    self.leftHandle = leftHandle
    self.rightHandle = rightHandle
  }

  /// The plain linear keyframe.
  public static let plain = KeyframeStyle()
}

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

  /// How many keyframes use the style at `index` (not counted for the plain
  /// style, 0).
  func referenceCount(_ index: UInt32) -> Int { references[Int(index)] }
}

/// An easing in the form the batch kernels evaluate: small, with no
/// references, so reading one per sample costs a load, not a copy of an
/// ``Easing`` with its larger payloads.
@usableFromInline
enum EasingKernel: Sendable {
  case identity
  case penner(PennerCurve, EasingMode)
  /// The style's entry in the pool's `beziers` and `guesses`.
  case cubicBezier
  /// Any other family: evaluate the style's ``Easing``.
  case general

  init(_ easing: Easing) {
    switch easing {
    case .linear: self = .identity
    case .penner(let curve, let mode): self = .penner(curve, mode)
    case .cubicBezier: self = .cubicBezier
    case .steps, .piecewiseLinear, .spring: self = .general
    }
  }
}
