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

/// Tracks whose segments all share one Penner easing: the kernel is
/// specialized for the family `F`; the mode is the same for every sample
/// (a branch the processor predicts).
@usableFromInline
struct UniformPenner<F: PennerForm>: ProgressEasing {
  @usableFromInline let family: F
  @usableFromInline let mode: EasingMode

  @inlinable init(_ family: F, _ mode: EasingMode) {
    self.family = family
    self.mode = mode
  }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { family.value(p, mode: mode) }
}

/// Tracks whose segments all share one cubic Bézier easing, for small
/// batches: each sample builds its table interval's Hermite form.
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

/// Tracks whose segments all share one cubic Bézier easing, for large
/// batches: the table's Hermite intervals built once for the batch (the
/// same numbers each sample of ``UniformBezier`` builds).
@usableFromInline
struct UniformBezierIntervals: ProgressEasing {
  @usableFromInline let curve: CubicBezier
  @usableFromInline let intervals: UnsafePointer<HermiteInterval>

  @inlinable init(curve: CubicBezier, intervals: UnsafePointer<HermiteInterval>) {
    self.curve = curve
    self.intervals = intervals
  }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { curve.value(p, intervals: intervals) }
}

/// Tracks whose segments all share one `steps` easing.
@usableFromInline
struct UniformSteps: ProgressEasing {
  @usableFromInline let steps: Steps

  @inlinable init(_ steps: Steps) { self.steps = steps }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { steps.value(p) }
}

/// Tracks whose segments all share one spring easing.
@usableFromInline
struct UniformSpring: ProgressEasing {
  @usableFromInline let spring: Spring

  @inlinable init(_ spring: Spring) { self.spring = spring }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double { spring.value(p) }
}

/// Tracks whose segments all share one `linear(…)` easing: its points'
/// address, held for the batch (no reference counting per sample).
@usableFromInline
struct UniformPiecewiseLinear: ProgressEasing {
  @usableFromInline let points: UnsafePointer<PiecewiseLinearEasing.Point>
  @usableFromInline let count: Int

  @inlinable init(points: UnsafePointer<PiecewiseLinearEasing.Point>, count: Int) {
    self.points = points
    self.count = count
  }

  @inlinable @inline(__always)
  func ease(_ p: Double, segment k: Int) -> Double {
    PiecewiseLinearEasing.value(p, points: points, count: count)
  }
}

extension KeyframeSampler {
  /// Style `index`'s easing at `p`, through the pool's kernel forms.
  @inlinable @inline(__always)
  func ease(_ p: Double, style index: Int) -> Double {
    switch kernels[index] {
    case .identity: return p
    case .penner(let curve, let mode): return curve.value(p, mode: mode)
    case .elastic(let family, let mode): return family.value(p, mode: mode)
    case .cubicBezier(let table):
      return beziers[Int(table)].value(p, inverse: inverses + Int(table) &* StylePool.inverseStride)
    case .steps(let steps): return steps.value(p)
    case .spring(let spring): return spring.value(p)
    case .general: return styles[index].easing(p)
    }
  }

}
