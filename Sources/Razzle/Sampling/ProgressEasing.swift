/// Turns segment progress into eased progress inside the kernels; one
/// conformance per kind of track, so each kernel is specialized.
@usableFromInline
protocol ProgressEasing {
  func ease(_ p: Double, segment k: Int) -> Double
}

/// Plain tracks: progress is eased progress.
@usableFromInline
struct NoEasing: ProgressEasing {
  @inlinable init() {}
  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { p }
}

/// Tracks with eased linear segments: each segment's easing.
@usableFromInline
struct SegmentEasing: ProgressEasing {
  @usableFromInline let sampler: KeyframeSampler

  @inlinable init(_ sampler: KeyframeSampler) { self.sampler = sampler }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double {
    sampler.ease(p, style: Int(sampler.styleIndices[k]))
  }
}

/// Tracks whose segments all share one Penner easing.
@usableFromInline
struct UniformPenner: ProgressEasing {
  @usableFromInline let curve: PennerCurve
  @usableFromInline let mode: EasingMode

  @inlinable init(curve: PennerCurve, mode: EasingMode) {
    self.curve = curve
    self.mode = mode
  }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { curve.value(p, mode: mode) }
}

/// Tracks whose segments all share one cubic Bézier easing.
@usableFromInline
struct UniformBezier: ProgressEasing {
  @usableFromInline let curve: CubicBezier
  @usableFromInline let inverse: UnsafePointer<Double>

  @inlinable init(curve: CubicBezier, inverse: UnsafePointer<Double>) {
    self.curve = curve
    self.inverse = inverse
  }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { curve.value(p, inverse: inverse) }
}

extension KeyframeSampler {
  /// Style `index`'s easing at `p`, through the pool's kernel forms.
  @inlinable @inline(__always)
  func ease(_ p: Double, style index: Int) -> Double {
    switch kernels[index] {
    case .identity: return p
    case .penner(let curve, let mode): return curve.value(p, mode: mode)
    case .cubicBezier(let table):
      return beziers[Int(table)].value(p, inverse: inverses + Int(table) &* StylePool.inverseStride)
    case .general: return styles[index].easing(p)
    }
  }
}
