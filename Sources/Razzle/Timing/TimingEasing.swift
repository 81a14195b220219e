/// A timing's easing in the form a sample reads: no references to copy per
/// sample, and a cubic Bézier's inverse table built once, when the timing
/// is made, rather than per evaluation. Each form evaluates exactly what
/// ``Easing/callAsFunction(_:beforeFlag:)`` does, so the results are the
/// easing's own, bit for bit.
@usableFromInline
struct TimingEasing: Sendable {
  @usableFromInline
  enum Form: Sendable {
    case identity
    case penner(PennerCurve, EasingMode)
    case steps(Steps)
    case cubicBezier(CubicBezier)
    /// Any other family: evaluate the ``Easing``.
    case general
  }

  @usableFromInline let form: Form
  /// A cubic Bézier's inverse table (``CubicBezier/inverseTable``), else nil.
  @usableFromInline let inverse: InverseTable?

  init(_ easing: Easing) {
    switch easing {
    case .linear: form = .identity
    case .penner(let curve, let mode): form = .penner(curve, mode)
    case .steps(let steps): form = .steps(steps)
    case .cubicBezier(let curve): form = .cubicBezier(curve)
    case .piecewiseLinear, .spring: form = .general
    }
    if case .cubicBezier(let curve) = easing {
      inverse = InverseTable(curve.inverseTable)
    } else {
      inverse = nil
    }
  }

  /// A table of doubles at a fixed address, for the life of the object.
  @usableFromInline
  final class InverseTable: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Double>
    private let count: Int

    init(_ values: [Double]) {
      count = values.count
      base = .allocate(capacity: values.count)
      base.initialize(from: values, count: values.count)
    }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }
}
