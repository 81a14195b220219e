// Cubic Hermite interpolation of one channel over one segment.
//
// https://en.wikipedia.org/wiki/Cubic_Hermite_spline#Interpolation_on_an_arbitrary_interval
//
// The segment runs from (t0, v0) to (t1, v1) with tangents m0 and m1 in value
// per unit of time; with dt = t1 − t0 and s = (t − t0) / dt in [0, 1],
//
//   v(s) = h00(s) v0 + h10(s) dt m0 + h01(s) v1 + h11(s) dt m1,
//
// where h00 = (1 + 2s)(1 − s)², h10 = s(1 − s)², h01 = s²(3 − 2s) and
// h11 = s²(s − 1). The basis functions are kept in this factored form so that
// they are exactly 1 or 0 at s = 0 and s = 1, which makes v(0) = v0 and
// v(1) = v1 exactly.

/// Cubic Hermite interpolation of one channel over one segment.
///
/// Tangents are slopes in value per unit of time (the same units as
/// ``Tangents``); the functions multiply them by the segment's duration
/// themselves. To interpolate several channels at one parameter, build a
/// ``Basis`` once and apply it to each channel.
public enum Hermite {
  /// The four Hermite basis weights (or their derivatives) at one parameter.
  public struct Basis: Sendable, Hashable {
    /// The weight of the start value v0.
    public var h00: Double
    /// The weight of the scaled start tangent dt·m0.
    public var h10: Double
    /// The weight of the end value v1.
    public var h01: Double
    /// The weight of the scaled end tangent dt·m1.
    public var h11: Double

    /// Creates a basis from its four weights.
    @inlinable
    public init(h00: Double, h10: Double, h01: Double, h11: Double) {
      self.h00 = h00
      self.h10 = h10
      self.h01 = h01
      self.h11 = h11
    }

    /// The basis weights at `s`, for ``combine(v0:m0:v1:m1:duration:)`` to
    /// give v(s).
    ///
    /// - Parameter s: The parameter, normally in [0, 1].
    /// - Returns: (1, 0, 0, 0) exactly at s = 0 and (0, 0, 1, 0) exactly at
    ///   s = 1.
    /// - Complexity: O(1).
    @inlinable
    public static func value(at s: Double) -> Basis {
      let u = 1 - s
      return Basis(
        h00: (1 + 2 * s) * u * u, h10: s * u * u, h01: s * s * (3 - 2 * s), h11: -s * s * u)
    }

    /// The derivatives of the basis weights with respect to s at `s`, for
    /// ``combine(v0:m0:v1:m1:duration:)`` to give dv/ds.
    ///
    /// - Parameter s: The parameter, normally in [0, 1].
    /// - Returns: (0, 1, 0, 0) exactly at s = 0 and (0, 0, 0, 1) exactly at
    ///   s = 1.
    /// - Complexity: O(1).
    @inlinable
    public static func derivative(at s: Double) -> Basis {
      let u = 1 - s
      let h = 6 * s * u
      return Basis(h00: -h, h10: u * (1 - 3 * s), h01: h, h11: s * (3 * s - 2))
    }

    /// The weighted sum h00·v0 + h10·dt·m0 + h01·v1 + h11·dt·m1.
    ///
    /// - Parameters:
    ///   - v0: The value at the start of the segment.
    ///   - m0: The tangent at the start, in value per unit of time.
    ///   - v1: The value at the end of the segment.
    ///   - m1: The tangent at the end, in value per unit of time.
    ///   - dt: The segment's duration t1 − t0.
    /// - Returns: v(s) for a ``value(at:)`` basis, dv/ds for a
    ///   ``derivative(at:)`` basis. NaN or infinite inputs propagate, also
    ///   through weights that are zero (0 × ∞ is NaN).
    /// - Complexity: O(1).
    @inlinable
    public func combine(v0: Double, m0: Double, v1: Double, m1: Double, duration dt: Double)
      -> Double
    {
      (h00 * v0 + h01 * v1) + dt * (h10 * m0 + h11 * m1)
    }
  }

  /// A segment's cubic in power form, v(s) = a + s·(b + s·(c + s·d)): the
  /// form sampling evaluates (three multiplications and three additions a
  /// channel, where ``Basis/value(at:)`` and
  /// ``Basis/combine(v0:m0:v1:m1:duration:)`` take fifteen and six),
  /// computed once per segment at edit time from its values and tangents.
  ///
  /// With dv = v1 − v0 and the tangents scaled by the duration,
  /// b = dt·m0 and e = dt·m1: a = v0, c = (3·dv − 2·b) − e and
  /// d = (b + e) − 2·dv, the Hermite basis expanded in powers of s.
  public struct PowerForm: Sendable, Hashable {
    /// The constant term: the start value v0.
    public var a: Double
    /// The linear term: the start tangent times the duration.
    public var b: Double
    /// The quadratic term.
    public var c: Double
    /// The cubic term.
    public var d: Double

    /// Creates a cubic from its four coefficients.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    /// The power form of the Hermite segment from (v0, m0) to (v1, m1).
    ///
    /// - Parameters:
    ///   - v0: The value at the start of the segment.
    ///   - m0: The tangent at the start, in value per unit of time.
    ///   - v1: The value at the end of the segment.
    ///   - m1: The tangent at the end, in value per unit of time.
    ///   - dt: The segment's duration t1 − t0.
    /// - Complexity: O(1).
    @inlinable
    public init(v0: Double, m0: Double, v1: Double, m1: Double, duration dt: Double) {
      let dv = v1 - v0
      let b = dt * m0
      let e = dt * m1
      self.init(a: v0, b: b, c: (3 * dv - 2 * b) - e, d: (b + e) - 2 * dv)
    }

    /// v(s) by Horner's rule.
    ///
    /// - Parameter s: The parameter, normally in [0, 1].
    /// - Returns: a + s·(b + s·(c + s·d)): `a` exactly at s = 0 when the
    ///   coefficients are finite (but +0 for a = −0); v1 within a few ulps
    ///   of the coefficients at s = 1 (not exactly: samplers return the
    ///   next keyframe's own value at s = 1). NaN for a NaN `s`.
    /// - Complexity: O(1).
    @inlinable
    public func value(at s: Double) -> Double {
      a + s * (b + s * (c + s * d))
    }
  }

  /// The value of the Hermite segment at parameter `s`.
  ///
  /// - Parameters:
  ///   - s: The parameter (t − t0) / dt, normally in [0, 1]; outside it the
  ///     cubic is extrapolated.
  ///   - v0: The value at the start of the segment.
  ///   - m0: The tangent at the start, in value per unit of time.
  ///   - v1: The value at the end of the segment.
  ///   - m1: The tangent at the end, in value per unit of time.
  ///   - dt: The segment's duration t1 − t0, positive.
  /// - Returns: v(s); exactly `v0` at s = 0 and exactly `v1` at s = 1 when
  ///   every input is finite. NaN for a NaN `s`.
  /// - Complexity: O(1).
  @inlinable
  public static func value(
    at s: Double, v0: Double, m0: Double, v1: Double, m1: Double, duration dt: Double
  ) -> Double {
    Basis.value(at: s).combine(v0: v0, m0: m0, v1: v1, m1: m1, duration: dt)
  }

  /// The derivative dv/ds of the Hermite segment at parameter `s`.
  ///
  /// Divide by `dt` for the slope dv/dt in value per unit of time.
  ///
  /// - Parameters:
  ///   - s: The parameter (t − t0) / dt, normally in [0, 1].
  ///   - v0: The value at the start of the segment.
  ///   - m0: The tangent at the start, in value per unit of time.
  ///   - v1: The value at the end of the segment.
  ///   - m1: The tangent at the end, in value per unit of time.
  ///   - dt: The segment's duration t1 − t0, positive.
  /// - Returns: dv/ds; exactly dt·m0 at s = 0 and dt·m1 at s = 1 when every
  ///   input is finite. NaN for a NaN `s`.
  /// - Complexity: O(1).
  @inlinable
  public static func derivative(
    at s: Double, v0: Double, m0: Double, v1: Double, m1: Double, duration dt: Double
  ) -> Double {
    Basis.derivative(at: s).combine(v0: v0, m0: m0, v1: v1, m1: m1, duration: dt)
  }
}
