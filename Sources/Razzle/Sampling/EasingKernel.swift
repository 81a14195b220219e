import RazzleKernels
import RazzleKernelsAVX2
import RazzleKernelsAVX512

/// An easing in the form the batch kernels evaluate: small, with no
/// references, so reading one per sample costs a load, not a copy of an
/// ``Easing`` with its larger payloads, and with the constants an edit can
/// compute (elastic's phase shift, its `asin`) computed when the style is
/// interned.
@usableFromInline
enum EasingKernel: Sendable, Equatable {
  case identity
  /// A Penner family other than elastic.
  case penner(PennerCurve, EasingMode)
  /// Penner's elastic with its shape resolved for the mode.
  case elastic(PennerElastic, EasingMode)
  /// A cubic Bézier: its slot in the pool's `beziers` and `inverses`.
  case cubicBezier(table: UInt32)
  case steps(Steps)
  case spring(Spring)
  /// `linear(…)`, whose points are an array: evaluate the style's
  /// ``Easing`` (a batch of one style holds the points once instead).
  case general

  /// The kernel form of `easing`; a cubic Bézier is `.general` here, and the
  /// ``StylePool`` that gives it a table slot makes it `.cubicBezier`.
  init(_ easing: Easing) {
    switch easing {
    case .linear: self = .identity
    case .penner(.elastic(let amplitude, let period), let mode):
      self = .elastic(PennerElastic(amplitude: amplitude, period: period, mode: mode), mode)
    case .penner(let curve, let mode): self = .penner(curve, mode)
    case .steps(let steps): self = .steps(steps)
    case .spring(let spring): self = .spring(spring)
    case .cubicBezier, .piecewiseLinear: self = .general
    }
  }
}

/// The cubic-Bézier eased kernel at `level` (see
/// `RazzleKernels.sampleBezierEased`): `m` values of the track (`times`,
/// `values` with `channels` a keyframe, `count` ≥ 2) whose segments all
/// ease with `curve`, to `out[j · stride + c]`; `inverse` is the curve's
/// inverse table. The kernel's tables are built once; a track of several
/// channels goes channel by channel (each channel's values copied out):
/// each channel of a track is the scalar formula, whose bits the kernel
/// gives.
@usableFromInline
func sampleBezierKernel(
  _ level: KernelLevel, _ times: UnsafePointer<Double>, _ values: UnsafePointer<Double>,
  _ count: Int, _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>,
  _ stride: Int, channels: Int = 1, curve: CubicBezier, inverse: UnsafePointer<Double>
) {
  let rows = 4 &* (CubicBezier.inverseIntervals &+ 1)
  let hermiteDoubles = 8 &* CubicBezier.inverseIntervals
  withUnsafeTemporaryAllocation(of: Double.self, capacity: 9 &+ rows &+ hermiteDoubles) { buffer in
    // Whether the tables are built (1) or not (0): in the buffer, as a
    // variable captured by `prepare` would be boxed on the heap.
    let prepared = buffer.baseAddress.unsafelyUnwrapped
    prepared.pointee = 0
    let constants = prepared + 1
    let intervals = constants + 8
    let hermite = UnsafeMutableRawPointer(intervals + rows)
      .bindMemory(to: HermiteInterval.self, capacity: CubicBezier.inverseIntervals)
    // The scalar route's intervals, for the lanes that miss, and the
    // vector kernel's rows from them: built when the kernel first needs
    // them, once for every channel (a block of times outside the
    // keyframes, or between equal values, needs none: building them for
    // every block cost 4.5 % of a Lottie matrix).
    func prepare() {
      guard prepared.pointee == 0 else { return }
      prepared.pointee = 1
      curve.hermiteIntervals(inverse, into: hermite)
      curve.kernelConstants(inverse, hermite: hermite, into: constants, intervals: intervals)
    }
    // Local functions, not closures in constants (escaping: a context on
    // the heap at every call).
    func fallback(_ p: Double) -> Double { curve.value(p, intervals: hermite) }
    let epsilon = CubicBezier.solverEpsilon
    func run(_ values: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>) {
      switch level {
      case .baseline:
        RazzleKernels.sampleBezierEased(
          times: times, values: values, count: count, queries: q, count: m, into: out,
          stride: stride, curve: constants, intervals: intervals, epsilon: epsilon,
          fallback: fallback, prepare: prepare)
      case .avx2:
        RazzleKernelsAVX2.sampleBezierEased(
          times: times, values: values, count: count, queries: q, count: m, into: out,
          stride: stride, curve: constants, intervals: intervals, epsilon: epsilon,
          fallback: fallback, prepare: prepare)
      case .avx512:
        RazzleKernelsAVX512.sampleBezierEased(
          times: times, values: values, count: count, queries: q, count: m, into: out,
          stride: stride, curve: constants, intervals: intervals, epsilon: epsilon,
          fallback: fallback, prepare: prepare)
      }
    }
    guard channels > 1 else { return run(values, out) }
    withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { buffer in
      let channel = buffer.baseAddress.unsafelyUnwrapped
      for c in 0..<channels {
        for k in 0..<count { channel[k] = values[k &* channels &+ c] }
        run(channel, out + c)
      }
    }
  }
}
