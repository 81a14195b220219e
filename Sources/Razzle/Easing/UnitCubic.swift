// One coordinate of a cubic Bézier curve that runs from 0 to 1, in power
// form, and the solve of u(t) = x on it: the one Newton–bisection loop that
// both the easing curve (`CubicBezier`, its x(t) = p) and the interpolation
// segment (`BezierSegment`, its normalized time curve) use.
//
// The strategy is the one browsers use (WebKit's UnitBezier, Chromium's
// gfx::CubicBezier): precomputed polynomial coefficients, Newton's method
// from a good first guess, and bisection when Newton misbehaves. Here the
// two are combined in one safeguarded loop: every evaluation narrows a
// bracket around the root, and a Newton step that would leave the bracket
// is replaced by a bisection step.

/// u(t) = ((a t + b) t + c) t: a cubic Bézier coordinate with end values 0
/// and 1 and control values p1 and p2.
///
/// u(0) = 0 exactly and u(1) = 1 up to rounding. When p1 and p2 lie in
/// [0, 1], u never decreases on [0, 1] and
/// ``solve(_:from:low:high:tolerance:)`` applies.
@usableFromInline
struct UnitCubic: Sendable, Hashable {
  @usableFromInline let a: Double
  @usableFromInline let b: Double
  @usableFromInline let c: Double

  /// The coordinate with control values `p1` and `p2`.
  ///
  /// - Parameters:
  ///   - p1: The first control point's value.
  ///   - p2: The second control point's value.
  @inlinable
  init(_ p1: Double, _ p2: Double) {
    // Bernstein form expanded: c = 3 p1, b = 3 (p2 − p1) − c, a = 1 − c − b.
    c = 3 * p1
    b = 3 * (p2 - p1) - c
    a = 1 - c - b
  }

  /// u(t).
  @inlinable
  func value(_ t: Double) -> Double { ((a * t + b) * t + c) * t }

  /// du/dt.
  @inlinable
  func derivative(_ t: Double) -> Double { (3 * a * t + 2 * b) * t + c }

  /// d²u/dt².
  @inlinable
  func secondDerivative(_ t: Double) -> Double { 6 * a * t + 2 * b }

  /// The most iterations of the safeguarded loop. Bisection alone reaches
  /// double precision in t within 53 of them.
  @usableFromInline
  static let maxIterations = 64

  /// The parameter t in [low, high] where u(t) = `x`, to within `tolerance`
  /// in u, for a non-decreasing u.
  ///
  /// Newton's method from `start`, safeguarded by the bracket [low, high],
  /// which every evaluation narrows (u never decreases): a Newton step that
  /// would leave the bracket, a flat tangent, or a NaN step gives a
  /// bisection step instead.
  ///
  /// - Parameters:
  ///   - x: The value to solve for, with u(low) ≤ x ≤ u(high).
  ///   - start: The first guess, inside the bracket.
  ///   - low: The bracket's lower end.
  ///   - high: The bracket's upper end.
  ///   - tolerance: The accepted error |u(t) − x|.
  /// - Returns: The parameter; the bracket's midpoint once the bracket can
  ///   shrink no more, or the last iterate after ``maxIterations`` steps.
  /// - Complexity: O(1): at most ``maxIterations`` steps, usually 2 to 4.
  @inlinable
  func solve(
    _ x: Double, from start: Double, low: Double, high: Double, tolerance: Double
  ) -> Double {
    var low = low
    var high = high
    var t = start
    for _ in 0..<UnitCubic.maxIterations {
      let error = value(t) - x
      if abs(error) < tolerance { return t }
      if error < 0 { low = t } else { high = t }
      let slope = derivative(t)
      let next = slope > 0 ? t - error / slope : .nan
      // `!(…)` also sends a NaN step to bisection.
      if !(next > low && next < high) {
        let middle = (low + high) / 2
        if middle <= low || middle >= high { return middle }  // bracket exhausted
        t = middle
      } else {
        t = next
      }
    }
    return t
  }
  /// The parameter t in [0, 1] where u(t) = `x`, to within `tolerance` in u,
  /// for a non-decreasing u on [0, 1], with no branch on the data on the
  /// common path: three Halley steps from t = x (cubic convergence: an
  /// error of 0.1 falls below 1e-20), each clamped to [0, 1], then a check;
  /// if it misses (a flat stretch, a zero denominator), the safeguarded
  /// ``solve(_:from:low:high:tolerance:)`` from x over [0, 1].
  ///
  /// - Complexity: O(1): three steps, or at most ``maxIterations`` more.
  @inlinable @inline(__always)
  func solveUnit(_ x: Double, tolerance: Double) -> Double {
    var t = x
    for _ in 0..<3 {
      let f = value(t) - x
      let d1 = derivative(t)
      t -= 2 * f * d1 / (2 * d1 * d1 - f * secondDerivative(t))
      t = t < 0 ? 0 : (t > 1 ? 1 : t)
    }
    if abs(value(t) - x) < tolerance { return t }
    return solveUnitFallback(x, tolerance: tolerance)
  }

  /// The safeguarded solve over [0, 1] from x, out of line (the rare case
  /// of ``solveUnit(_:tolerance:)``).
  @inlinable @inline(never)
  func solveUnitFallback(_ x: Double, tolerance: Double) -> Double {
    solve(x, from: x, low: 0, high: 1, tolerance: tolerance)
  }
}
