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
