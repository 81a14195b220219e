// CSS Easing Functions Level 1, cubic Bézier easing functions:
// `cubic-bezier(x1, y1, x2, y2)` and the keywords `ease`, `ease-in`,
// `ease-out` and `ease-in-out`.
//
// https://drafts.csswg.org/css-easing-1/#cubic-bezier-easing-functions
//
// The evaluation strategy is the one browsers use (WebKit's UnitBezier,
// Chromium's gfx::CubicBezier): precomputed polynomial coefficients, Newton's
// method on x(t) = p from a good first guess, and bisection when Newton
// misbehaves, combined in one safeguarded loop (`UnitCubic.solve`, which
// `BezierSegment` uses too). Every route (single values, the batch kernels)
// starts from an inverse table sampled at x = k/64: the two entries around
// p give a cubic Hermite guess of t(x) and its slope, one or two Newton
// steps along that slope (no division) finish the solve, and the
// safeguarded loop takes the rare cases they miss.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cubic Bézier timing curve: CSS `cubic-bezier(x1, y1, x2, y2)`.
///
/// The curve runs from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2). For progress p in [0, 1] the eased progress is y(t) at the
/// parameter t where x(t) = p; x1 and x2 lie in [0, 1], so x(t) never
/// decreases and t is unique up to flat stretches.
///
/// Outside [0, 1] the curve is extended along straight lines, as Chromium
/// does (the spec leaves this to the implementation): `value(p)` is
/// `startGradient × p` for p < 0 and `1 + endGradient × (p − 1)` for p > 1,
/// where the gradients are the curve's tangent slopes at its ends. When an
/// end tangent is vertical the gradient there is 0 (Chromium's choice), and
/// when the first or last control point coincides with its end point the
/// other control point gives the direction (see ``startGradient``).
///
/// Values are compared by their four parameters.
public struct CubicBezier: Sendable, Hashable {
  /// The x coordinate of the first control point, in [0, 1].
  public let x1: Double
  /// The y coordinate of the first control point.
  public let y1: Double
  /// The x coordinate of the second control point, in [0, 1].
  public let x2: Double
  /// The y coordinate of the second control point.
  public let y2: Double

  /// x(t) in power form.
  @usableFromInline let xCurve: UnitCubic
  /// y(t) in power form.
  @usableFromInline let yCurve: UnitCubic

  /// The slope used to extrapolate below p = 0: the tangent slope at (0, 0).
  ///
  /// `y1 / x1` if x1 > 0; if the first control point is (0, 0), the slope
  /// towards the second, `y2 / x2` (or 1 if that is also at x = 0 and
  /// y2 = 0, the straight line); 0 if the tangent is vertical.
  public let startGradient: Double
  /// The slope used to extrapolate above p = 1: the tangent slope at (1, 1),
  /// with the same rules as ``startGradient`` mirrored.
  public let endGradient: Double

  /// The tolerance in x to which ``value(_:)`` solves x(t) = p: 1e-12, five
  /// orders of magnitude tighter than WebKit's and Chromium's 1e-7, so the
  /// eased value is accurate to about 1e-12 times the curve's slope.
  public static let solverEpsilon = 1e-12

  /// Creates `cubic-bezier(x1, y1, x2, y2)`.
  ///
  /// - Parameters:
  ///   - x1: The first control point's x, in [0, 1].
  ///   - y1: The first control point's y, any finite number.
  ///   - x2: The second control point's x, in [0, 1].
  ///   - y2: The second control point's y, any finite number.
  /// - Throws: ``RazzleError`` of kind `.easing` if a parameter is NaN or
  ///   infinite, or x1 or x2 is outside [0, 1].
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(RazzleError) {
    for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
      throw RazzleError(.easing, "cubic-bezier() \(name) must be finite, got \(value)")
    }
    for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
      throw RazzleError(.easing, "cubic-bezier() \(name) must be in [0, 1], got \(value)")
    }
    self.init(validated: x1, y1, x2, y2)
  }

  /// Creates the curve from parameters known to be valid.
  private init(validated x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    xCurve = UnitCubic(x1, x2)
    yCurve = UnitCubic(y1, y2)

    if x1 > 0 {
      startGradient = y1 / x1
    } else if y1 == 0 && x2 > 0 {
      startGradient = y2 / x2
    } else if y1 == 0 && y2 == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    if x2 < 1 {
      endGradient = (y2 - 1) / (x2 - 1)
    } else if y2 == 1 && x1 < 1 {
      endGradient = (y1 - 1) / (x1 - 1)
    } else if y2 == 1 && y1 == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }
  }

  // MARK: - Named curves

  /// CSS `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)` (CSS Easing Level 1),
  /// the CSS default timing function.
  public static let ease = CubicBezier(validated: 0.25, 0.1, 0.25, 1)
  /// CSS `ease-in`, `cubic-bezier(0.42, 0, 1, 1)` (CSS Easing Level 1).
  public static let cssEaseIn = CubicBezier(validated: 0.42, 0, 1, 1)
  /// CSS `ease-out`, `cubic-bezier(0, 0, 0.58, 1)` (CSS Easing Level 1).
  public static let cssEaseOut = CubicBezier(validated: 0, 0, 0.58, 1)
  /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)` (CSS Easing
  /// Level 1).
  public static let cssEaseInOut = CubicBezier(validated: 0.42, 0, 0.58, 1)

  /// Core Animation's `kCAMediaTimingFunctionDefault`, control points
  /// (0.25, 0.1), (0.25, 1) (Apple's CAMediaTimingFunction documentation);
  /// the same curve as CSS `ease`.
  public static let coreAnimationDefault = CubicBezier(validated: 0.25, 0.1, 0.25, 1)
  /// Core Animation's `kCAMediaTimingFunctionEaseIn`, control points
  /// (0.42, 0), (1, 1); the same curve as CSS `ease-in`.
  public static let coreAnimationEaseIn = CubicBezier(validated: 0.42, 0, 1, 1)
  /// Core Animation's `kCAMediaTimingFunctionEaseOut`, control points
  /// (0, 0), (0.58, 1); the same curve as CSS `ease-out`.
  public static let coreAnimationEaseOut = CubicBezier(validated: 0, 0, 0.58, 1)
  /// Core Animation's `kCAMediaTimingFunctionEaseInEaseOut`, control points
  /// (0.42, 0), (0.58, 1); the same curve as CSS `ease-in-out`.
  public static let coreAnimationEaseInEaseOut = CubicBezier(validated: 0.42, 0, 0.58, 1)

  // MARK: - Equality

  public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
    lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
  }

  // MARK: - Evaluation

  /// x(t).
  @inlinable
  func sampleX(_ t: Double) -> Double { xCurve.value(t) }

  /// y(t).
  @inlinable
  func sampleY(_ t: Double) -> Double { yCurve.value(t) }

  /// dx/dt at t.
  @inlinable
  func sampleDerivativeX(_ t: Double) -> Double { xCurve.derivative(t) }

  /// dy/dt at t.
  @inlinable
  func sampleDerivativeY(_ t: Double) -> Double { yCurve.derivative(t) }

  /// The parameter t in [0, 1] where x(t) = `x`, for `x` in (0, 1), to
  /// ``solverEpsilon``: ``UnitCubic``'s three Halley steps from t = x, and
  /// its safeguarded Newton–bisection solve where they miss (the same solve
  /// as a Bézier interpolation segment's time curve).
  ///
  /// - Complexity: O(1): three steps, rarely up to 64 more.
  @inlinable
  func solveCurveX(_ x: Double) -> Double {
    xCurve.solveUnit(x, tolerance: CubicBezier.solverEpsilon)
  }

  /// ``solveCurveX(_:)`` from the guess `t` inside a bracket [low, high]
  /// known to hold the solution. Kept out of line: it is the batch kernels'
  /// rare fallback, and inlined it would crowd their loops.
  @inlinable @inline(never)
  func solveCurveX(_ x: Double, from start: Double, low: Double, high: Double) -> Double {
    xCurve.solve(x, from: start, low: low, high: high, tolerance: CubicBezier.solverEpsilon)
  }

  /// The number of intervals in an ``inverseTable``.
  public static let inverseIntervals = 64

  /// t at x = k/64 for k in 0...64: the inverse of x(t) sampled evenly, from
  /// which ``value(_:inverse:)`` starts its solve. Kept outside the curve,
  /// so that copying an ``Easing`` stays cheap.
  public var inverseTable: [Double] {
    (0...CubicBezier.inverseIntervals).map(inverseEntry)
  }

  /// Entry `k` of ``inverseTable``: t at x = k/64 (exactly 0 and 1 at the
  /// ends).
  @inlinable
  func inverseEntry(_ k: Int) -> Double {
    k == 0
      ? 0
      : k == CubicBezier.inverseIntervals
        ? 1 : solveCurveX(Double(k) / Double(CubicBezier.inverseIntervals))
  }

  /// ``value(_:)`` from this curve's ``inverseTable``: the same solve, to
  /// ``solverEpsilon``, without data-dependent branches on the common path.
  ///
  /// The two table entries around p give the interval's Hermite inverse
  /// (``HermiteInterval``), whose value at p is the guess and whose slope
  /// the Newton step uses, so the step needs no division. If the result
  /// misses ``solverEpsilon`` or leaves the interval (near a vertical
  /// inverse, where x(t) is flat), the safeguarded solver takes over inside
  /// the table's bracket.
  ///
  /// - Parameters:
  ///   - p: Progress through the segment.
  ///   - inverse: This curve's ``inverseTable``, 65 doubles.
  /// - Returns: As ``value(_:)``.
  @inlinable @inline(__always)
  public func value(_ p: Double, inverse: UnsafePointer<Double>) -> Double {
    guard p > 0 && p < 1 else { return endValue(p) }
    let scaled = p * Double(CubicBezier.inverseIntervals)
    let k = Int(scaled)
    var interval = hermiteInterval(inverse[k], inverse[k &+ 1])
    return solved(p, scaled: scaled, k: k, &interval)
  }

  /// ``value(_:inverse:)`` from the Hermite intervals of the whole table
  /// (``hermiteIntervals(_:into:)``, built once for a batch): the same
  /// arithmetic, and no branch on whether p lies inside (0, 1).
  @inlinable @inline(__always)
  func value(_ p: Double, intervals: UnsafePointer<HermiteInterval>) -> Double {
    let inside = p > 0 && p < 1
    // Outside (0, 1) the solve runs at 1/2, and its result is not used.
    let x = inside ? p : 0.5
    let scaled = x * Double(CubicBezier.inverseIntervals)
    let k = Int(scaled)
    let y = solved(x, scaled: scaled, k: k, intervals + k)
    return inside ? y : endValue(p)
  }

  /// Writes the Hermite interval of each pair of neighbouring entries of
  /// `inverse` (this curve's ``inverseTable``) to `intervals`
  /// (``inverseIntervals`` of them).
  @inlinable
  func hermiteIntervals(
    _ inverse: UnsafePointer<Double>, into intervals: UnsafeMutablePointer<HermiteInterval>
  ) {
    for k in 0..<CubicBezier.inverseIntervals {
      (intervals + k).initialize(to: hermiteInterval(inverse[k], inverse[k &+ 1]))
    }
  }

  /// The numbers the vector kernel (`RazzleKernels.sampleBezierEased`)
  /// reads: into `constants` (8 doubles) x(t)'s and y(t)'s power-form
  /// coefficients a, b, c and the two end gradients; into `intervals`
  /// (4 × (``inverseIntervals`` + 1) doubles) the guess c0, c1, c2, c3 of
  /// each Hermite interval of `inverse` (this curve's ``inverseTable``),
  /// then a last row whose c0 is 1 (so row k + 1 starts where interval k
  /// ends). These are the numbers ``hermiteIntervals(_:into:)`` builds; the
  /// kernel computes the slope's r0, r1, r2 from them as
  /// ``hermiteInterval(_:_:)`` does, and an interval that sends its solves
  /// to the fallback (NaN r2) has a NaN c3 here instead.
  ///
  /// `hermite` holds the intervals ``hermiteIntervals(_:into:)`` built
  /// from `inverse`: each is computed once for both.
  @inlinable
  func kernelConstants(
    _ inverse: UnsafePointer<Double>, hermite: UnsafePointer<HermiteInterval>,
    into constants: UnsafeMutablePointer<Double>, intervals: UnsafeMutablePointer<Double>
  ) {
    constants[0] = xCurve.a
    constants[1] = xCurve.b
    constants[2] = xCurve.c
    constants[3] = yCurve.a
    constants[4] = yCurve.b
    constants[5] = yCurve.c
    constants[6] = startGradient
    constants[7] = endGradient
    for k in 0..<CubicBezier.inverseIntervals {
      let h = hermite[k]
      let row = intervals + k &* 4
      row[0] = h.c0
      row[1] = h.c1
      row[2] = h.c2
      row[3] = h.r2.isNaN ? .nan : h.c3
    }
    let end = intervals + CubicBezier.inverseIntervals &* 4
    end[0] = inverse[CubicBezier.inverseIntervals]
    end[1] = 0
    end[2] = 0
    end[3] = 0
  }

  /// The cubic Hermite inverse t(x) over one table interval, from its end
  /// entries t0 = t(k/64) and t1 = t((k+1)/64) and the slopes dt/dx =
  /// 1 / x′(t) there. Where x′ at an end is 1e-3 or less (a nearly vertical
  /// inverse, which no cubic follows) the interval keeps the straight guess
  /// and marks its slope NaN, which sends every solve in it to the fallback.
  @inlinable @inline(__always)
  func hermiteInterval(_ t0: Double, _ t1: Double) -> HermiteInterval {
    let d0 = sampleDerivativeX(t0)
    let d1 = sampleDerivativeX(t1)
    let h = 1 / Double(CubicBezier.inverseIntervals)
    guard d0 > 1e-3 && d1 > 1e-3 else {
      return HermiteInterval(c0: t0, c1: t1 - t0, c2: 0, c3: 0, r0: 0, r1: 0, r2: .nan, end: t1)
    }
    let m0 = h / d0
    let m1 = h / d1
    let c2 = 3 * (t1 - t0) - 2 * m0 - m1
    let c3 = 2 * (t0 - t1) + m0 + m1
    let scale = Double(CubicBezier.inverseIntervals)
    return HermiteInterval(
      c0: t0, c1: m0, c2: c2, c3: c3, r0: m0 * scale, r1: 2 * c2 * scale, r2: 3 * c3 * scale,
      end: t1)
  }

  /// y at x = `p` in (0, 1) from its table interval (`scaled` = 64 p,
  /// `k` = ⌊scaled⌋): the Hermite guess, a Newton step along the Hermite
  /// slope, a second where the first misses, and the fallback of
  /// ``value(_:inverse:)``.
  @inlinable @inline(__always)
  func solved(
    _ p: Double, scaled: Double, k: Int, _ interval: UnsafePointer<HermiteInterval>
  ) -> Double {
    let c = interval.pointee
    let u = scaled - Double(k)
    let guess = c.c0 + u * (c.c1 + u * (c.c2 + u * c.c3))
    let slope = c.r0 + u * (c.r1 + u * c.r2)
    let t = guess - (sampleX(guess) - p) * slope
    let miss = sampleX(t) - p
    if abs(miss) < CubicBezier.solverEpsilon && t >= c.c0 && t <= c.end {
      return sampleY(t)
    }
    // A second step along the same slope. The first leaves an error of
    // about the guess's times the slope's relative error, which sits near
    // the tolerance for nearly straight curves (After Effects' default
    // (0.167, 0.167, 0.833, 0.833) missed on 15 % of its progress values);
    // the second squares that factor.
    let t2 = t - miss * slope
    if abs(sampleX(t2) - p) < CubicBezier.solverEpsilon && t2 >= c.c0 && t2 <= c.end {
      return sampleY(t2)
    }
    return fallback(p, scaled: scaled, k: k, t0: c.c0, t1: c.end)
  }

  /// The solve for intervals where the Hermite steps miss: from the
  /// straight guess between the table's entries, one Halley step, and the
  /// safeguarded solver inside the table's bracket if that misses too. Kept
  /// out of line: it is rare, and inlined it would crowd the kernels' loops.
  @inlinable @inline(never)
  func fallback(_ p: Double, scaled: Double, k: Int, t0: Double, t1: Double) -> Double {
    let guess = t0 + (t1 - t0) * (scaled - Double(k))
    var t = guess
    // One Halley step (cubic convergence), with a single division:
    // t −= 2 f f′ / (2 f′² − f f″).
    let f = sampleX(t) - p
    let d1 = sampleDerivativeX(t)
    let d2 = xCurve.secondDerivative(t)
    t -= 2 * f * d1 / (2 * d1 * d1 - f * d2)
    // Where x(t) is nearly flat, a small error in x hides a large one in t
    // (and so in y): leave those to the safeguarded solver.
    if !(abs(sampleX(t) - p) < CubicBezier.solverEpsilon && t >= t0 && t <= t1 && d1 > 1e-3) {
      // The table brackets the solution: x(t0) ≤ p ≤ x(t1).
      t = solveCurveX(p, from: guess, low: t0, high: t1)
    }
    return sampleY(t)
  }

  /// The value outside the open unit interval: exact ends, straight-line
  /// extrapolation beyond them, NaN at NaN. Every case is computed and one
  /// selected (no branch on p).
  @inlinable @inline(__always)
  func endValue(_ p: Double) -> Double {
    let below = startGradient * p
    let above = 1 + endGradient * (p - 1)
    return p == 0 ? 0 : (p == 1 ? 1 : (p < 0 ? below : (p > 1 ? above : p)))
  }

  /// The eased progress at `p`.
  ///
  /// - Parameter p: Progress through the segment, normally in [0, 1].
  /// - Returns: y(t) where x(t) = p for p in [0, 1], exactly 0 at p = 0 and
  ///   exactly 1 at p = 1; the straight-line extension along
  ///   ``startGradient`` or ``endGradient`` outside [0, 1]. NaN for a NaN `p`.
  /// - Complexity: O(1); a few polynomial evaluations.
  @inlinable
  public func value(_ p: Double) -> Double {
    if p > 0 && p < 1 {
      // The batch kernels' solve, so a value never depends on the route:
      // of the inverse table it needs only the two entries around p, each
      // computed as the table computes it (two solves, not 63).
      let scaled = p * Double(CubicBezier.inverseIntervals)
      let k = Int(scaled)
      var interval = hermiteInterval(inverseEntry(k), inverseEntry(k &+ 1))
      return solved(p, scaled: scaled, k: k, &interval)
    }
    return endValue(p)
  }

  /// The derivative of ``value(_:)`` with respect to `p`, computed
  /// analytically as (dy/dt) / (dx/dt).
  ///
  /// - Parameter p: Progress through the segment.
  /// - Returns: For p in [0, 1), the curve's slope at p; at p = 0 that is
  ///   the right-hand slope, which differs from ``startGradient`` only when
  ///   the start tangent is vertical. Where the tangent is vertical (dx/dt
  ///   = 0 and the curve rises or falls) the result is `+infinity` or
  ///   `-infinity`; where both dx/dt and dy/dt vanish, the limit of the
  ///   slope, from higher derivatives. For p < 0 ``startGradient``, for
  ///   p ≥ 1 ``endGradient`` (the right-hand derivative at p = 1, which
  ///   equals the curve's own end slope unless that is vertical). NaN for a
  ///   NaN `p`.
  /// - Complexity: O(1).
  @inlinable
  public func derivative(_ p: Double) -> Double {
    if p >= 0 && p < 1 { return slope(at: p == 0 ? 0 : solveCurveX(p)) }
    if p < 0 { return startGradient }
    if p >= 1 { return endGradient }
    return p  // NaN
  }

  /// dy/dx at parameter `t`, approached from above where dx/dt = 0.
  @inlinable
  func slope(at t: Double) -> Double {
    let dx = sampleDerivativeX(t)
    let dy = sampleDerivativeY(t)
    if dx != 0 { return dy / dx }
    // dx/dt vanishes: compare the first non-zero derivatives of x and y at
    // t. With x^(k) and y^(j) the first non-zero ones, dy/dx behaves like
    // (y^(j) / x^(k)) s^(j−k) (up to factorials) as s → 0+.
    let xs = [dx, xCurve.secondDerivative(t), 6 * xCurve.a]
    let ys = [dy, yCurve.secondDerivative(t), 6 * yCurve.a]
    guard let k = xs.firstIndex(where: { $0 != 0 }) else { return 0 }  // x constant: impossible
    guard let j = ys.firstIndex(where: { $0 != 0 }) else { return 0 }
    if j > k { return 0 }
    if j == k { return ys[j] / xs[k] }
    return (ys[j] > 0) == (xs[k] > 0) ? .infinity : -.infinity
  }
}

/// One interval of a cubic Bézier's inverse table in Hermite form: the guess
/// t(u) = c0 + u (c1 + u (c2 + u c3)) for u = 64 x − k in [0, 1], its slope
/// dt/dx = r0 + u (r1 + u r2), and the interval's end t1 (its start is c0).
/// A NaN `r2` marks an interval whose solves all take the fallback.
@usableFromInline
struct HermiteInterval: Sendable {
  @usableFromInline let c0: Double
  @usableFromInline let c1: Double
  @usableFromInline let c2: Double
  @usableFromInline let c3: Double
  @usableFromInline let r0: Double
  @usableFromInline let r1: Double
  @usableFromInline let r2: Double
  @usableFromInline let end: Double

  @inlinable
  init(
    c0: Double, c1: Double, c2: Double, c3: Double, r0: Double, r1: Double, r2: Double,
    end: Double
  ) {
    self.c0 = c0
    self.c1 = c1
    self.c2 = c2
    self.c3 = c3
    self.r0 = r0
    self.r1 = r1
    self.r2 = r2
    self.end = end
  }
}
