// A Blender / After Effects style Bézier segment in (time, value) space: the
// keys (t0, v0) and (t1, v1), the first key's right handle and the second
// key's left handle. Handle times are shared by all channels; handle values
// are per channel.
//
// Handles that would make time run backwards are corrected as Blender's
// BKE_curve_correct_bezpart does (blenkernel/intern/curve.cc): when the two
// handles' time extents overlap, both handle offsets are scaled down
// together. Blender's F-curves call the looser BKE_fcurve_correct_bezpart,
// which only shortens each handle to the segment's length; razzle uses the
// curve variant, which also keeps the two handles from crossing.
//
// Time is solved for the curve parameter with the safeguarded Newton–
// bisection loop of `UnitCubic` (the approach of WebKit's UnitBezier), the
// one the easing curve `CubicBezier` uses, on the time curve normalized to
// run from 0 to 1.

/// One Bézier segment of a keyframed curve in (time, value) space.
///
/// The segment is built from the times alone, which all channels share; its
/// value functions then take one channel's key and handle values. A value
/// curve is the cubic Bézier with control values v0, the corrected right
/// handle value, the corrected left handle value and v1; the time curve is
/// the cubic Bézier with the corrected handle times.
///
/// Handle correction, done once in ``init(startTime:rightHandleTime:leftHandleTime:endTime:)``:
///
/// 1. A handle on the wrong side of its own key (a right handle before t0,
///    a left handle after t1) has its time clamped to its key's time,
///    keeping its value: the handle becomes vertical. Blender does not do
///    this here (it takes the handles' absolute time lengths and relies on
///    its handle editing to keep them on their sides); razzle adds it so that
///    any input gives a curve whose time never runs backwards.
/// 2. With len1 = rightHandleTime − t0 and len2 = t1 − leftHandleTime, if
///    len1 + len2 > t1 − t0 (the handles' time extents overlap, or one
///    reaches past the other key) both handles' offsets from their keys, in
///    time and in value, are multiplied by (t1 − t0) / (len1 + len2). This
///    keeps each handle's direction, so the curve's slope at the keys is
///    unchanged.
///
/// Afterwards both handle times lie in [t0, t1] with the right handle at or
/// before the left one, so time is strictly increasing inside the segment.
///
/// Handles one third of the way towards the other key in both time and
/// value (``defaultHandle(from:toward:)``) make the segment a straight line
/// traversed at constant speed.
///
/// Requirements: every number finite and t0 < t1. Violations are not
/// diagnosed.
public struct BezierSegment: Sendable, Hashable {
  /// The first key's time, t0.
  public let startTime: Double
  /// The second key's time, t1.
  public let endTime: Double
  /// The corrected time of the first key's right handle, in [t0, t1].
  public let rightHandleTime: Double
  /// The corrected time of the second key's left handle, in [t0, t1], at or
  /// after ``rightHandleTime``.
  public let leftHandleTime: Double
  /// The factor applied to both handles' value offsets by the correction,
  /// in (0, 1]: 1 when the handles did not overlap.
  public let handleScale: Double

  /// The normalized time curve x(s) for the solver: from x(0) = 0 to
  /// x(1) = 1 (up to rounding), with control values x1 ≤ x2 in [0, 1].
  @usableFromInline let timeCurve: UnitCubic

  /// Creates the segment from its key and handle times, correcting the
  /// handles as the type's description explains.
  ///
  /// - Parameters:
  ///   - t0: The first key's time.
  ///   - right: The time of the first key's right handle, as set.
  ///   - left: The time of the second key's left handle, as set.
  ///   - t1: The second key's time, greater than `t0`.
  /// - Complexity: O(1).
  @inlinable
  public init(
    startTime t0: Double, rightHandleTime right: Double, leftHandleTime left: Double,
    endTime t1: Double
  ) {
    let duration = t1 - t0
    // Step 1: each handle on its own side of its key.
    let right = Swift.max(right, t0)
    let left = Swift.min(left, t1)
    let length1 = right - t0
    let length2 = t1 - left
    // Step 2: Blender's proportional shortening of overlapping handles.
    let total = length1 + length2
    if total > duration {
      // x1 = len1 / (len1 + len2) and 1 − x2 = len2 / (len1 + len2). Here and
      // below, `min` keeps rounding from putting the right handle after the
      // left one.
      let scale = duration / total
      let left = t1 - length2 * scale
      self.init(
        startTime: t0, endTime: t1, rightHandleTime: Swift.min(t0 + length1 * scale, left),
        leftHandleTime: left, handleScale: scale, x1: length1 / total, x2: 1 - length2 / total)
    } else {
      self.init(
        startTime: t0, endTime: t1, rightHandleTime: Swift.min(right, left), leftHandleTime: left,
        handleScale: 1, x1: length1 / duration, x2: 1 - length2 / duration)
    }
  }

  /// Stores corrected times and the normalized time curve's coefficients.
  @inlinable
  init(
    startTime: Double, endTime: Double, rightHandleTime: Double, leftHandleTime: Double,
    handleScale: Double, x1: Double, x2: Double
  ) {
    self.startTime = startTime
    self.endTime = endTime
    self.rightHandleTime = rightHandleTime
    self.leftHandleTime = leftHandleTime
    self.handleScale = handleScale
    let x2 = Swift.min(Swift.max(x2, 0), 1)
    timeCurve = UnitCubic(Swift.min(Swift.max(x1, 0), x2), x2)
  }

  /// The default handle of a key: the point one third of the way from the
  /// key toward the other key of the segment, in time or in one channel's
  /// value.
  ///
  /// A segment whose two handles are both defaults, in time and in every
  /// channel, is the straight line between its keys, traversed at constant
  /// speed (its value is linear in time).
  ///
  /// - Parameters:
  ///   - key: The key's time or value.
  ///   - other: The other key's time or value.
  /// - Returns: `key + (other − key) / 3`.
  /// - Complexity: O(1).
  @inlinable
  public static func defaultHandle(from key: Double, toward other: Double) -> Double {
    key + (other - key) / 3
  }

  // MARK: - Time

  /// The time at parameter `s`.
  ///
  /// - Parameter s: The curve parameter, normally in [0, 1].
  /// - Returns: t(s), in Bernstein form; exactly t0 at s = 0 and exactly t1
  ///   at s = 1.
  /// - Complexity: O(1).
  @inlinable
  public func time(at s: Double) -> Double {
    let u = 1 - s
    return u * u * u * startTime + 3 * u * s * (u * rightHandleTime + s * leftHandleTime)
      + s * s * s * endTime
  }

  /// dt/ds, the rate of time along the curve parameter.
  ///
  /// - Parameter s: The curve parameter, normally in [0, 1].
  /// - Returns: A value ≥ 0 on [0, 1]; exactly 0 at s = 0 when the right
  ///   handle has zero time length and at s = 1 when the left one has, and
  ///   positive everywhere else in [0, 1].
  /// - Complexity: O(1).
  @inlinable
  public func timeDerivative(at s: Double) -> Double {
    let u = 1 - s
    return 3
      * (u * u * (rightHandleTime - startTime) + 2 * u * s * (leftHandleTime - rightHandleTime)
        + s * s * (endTime - leftHandleTime))
  }

  /// The curve parameter s where the time curve passes `t`.
  ///
  /// Solves x(s) = (t − t0) / (t1 − t0) to 1e-12 (``CubicBezier/solverEpsilon``):
  /// three Halley steps from s = p without branches, and where they miss
  /// the safeguarded Newton–bisection loop that ``CubicBezier`` uses
  /// (Newton's method from s = p, with every evaluation narrowing a bracket
  /// around the root and a bisection step replacing any Newton step that
  /// would leave it).
  ///
  /// - Parameter t: A time.
  /// - Returns: The parameter in [0, 1]: exactly 0 for t ≤ t0, exactly 1
  ///   for t ≥ t1. NaN for a NaN `t`.
  /// - Complexity: O(1): three Halley steps, rarely up to 64 more.
  @inlinable
  public func parameter(forTime t: Double) -> Double {
    if t.isNaN { return t }
    if t <= startTime { return 0 }
    if t >= endTime { return 1 }
    let p = (t - startTime) / (endTime - startTime)
    return timeCurve.solveUnit(p, tolerance: CubicBezier.solverEpsilon)
  }

  // MARK: - Values

  /// The corrected value of the first key's right handle for one channel.
  ///
  /// - Parameters:
  ///   - v0: The first key's value.
  ///   - handle: The right handle's value, as set.
  /// - Returns: `handle` itself when the handles were not scaled, otherwise
  ///   v0 + ``handleScale`` · (handle − v0).
  /// - Complexity: O(1).
  @inlinable
  public func rightHandleValue(v0: Double, handle: Double) -> Double {
    handleScale == 1 ? handle : v0 + handleScale * (handle - v0)
  }

  /// The corrected value of the second key's left handle for one channel.
  ///
  /// - Parameters:
  ///   - v1: The second key's value.
  ///   - handle: The left handle's value, as set.
  /// - Returns: `handle` itself when the handles were not scaled, otherwise
  ///   v1 + ``handleScale`` · (handle − v1).
  /// - Complexity: O(1).
  @inlinable
  public func leftHandleValue(v1: Double, handle: Double) -> Double {
    handleScale == 1 ? handle : v1 + handleScale * (handle - v1)
  }

  /// One channel's value at curve parameter `s`.
  ///
  /// - Parameters:
  ///   - s: The curve parameter, normally from ``parameter(forTime:)``.
  ///   - v0: The first key's value.
  ///   - rightHandle: The first key's right handle value, as set (this
  ///     function applies the correction).
  ///   - leftHandle: The second key's left handle value, as set.
  ///   - v1: The second key's value.
  /// - Returns: The Bézier value in Bernstein form; exactly `v0` at s = 0
  ///   and exactly `v1` at s = 1. Outside [0, 1] the cubic is extrapolated.
  /// - Complexity: O(1).
  @inlinable
  public func value(
    at s: Double, v0: Double, rightHandle: Double, leftHandle: Double, v1: Double
  ) -> Double {
    value(
      at: s, v0: v0, correctedRight: rightHandleValue(v0: v0, handle: rightHandle),
      correctedLeft: leftHandleValue(v1: v1, handle: leftHandle), v1: v1)
  }

  /// ``value(at:v0:rightHandle:leftHandle:v1:)`` from handle values already
  /// corrected (``rightHandleValue(v0:handle:)``,
  /// ``leftHandleValue(v1:handle:)``), as the batch kernels keep them.
  @inlinable @inline(__always)
  func value(
    at s: Double, v0: Double, correctedRight p1: Double, correctedLeft p2: Double, v1: Double
  ) -> Double {
    let u = 1 - s
    return u * u * u * v0 + 3 * u * s * (u * p1 + s * p2) + s * s * s * v1
  }

  /// dv/ds for one channel at curve parameter `s`.
  ///
  /// - Parameters:
  ///   - s: The curve parameter.
  ///   - v0: The first key's value.
  ///   - rightHandle: The first key's right handle value, as set.
  ///   - leftHandle: The second key's left handle value, as set.
  ///   - v1: The second key's value.
  /// - Returns: The derivative of ``value(at:v0:rightHandle:leftHandle:v1:)``
  ///   with respect to s.
  /// - Complexity: O(1).
  @inlinable
  public func valueDerivative(
    at s: Double, v0: Double, rightHandle: Double, leftHandle: Double, v1: Double
  ) -> Double {
    let p1 = rightHandleValue(v0: v0, handle: rightHandle)
    let p2 = leftHandleValue(v1: v1, handle: leftHandle)
    let u = 1 - s
    return 3 * (u * u * (p1 - v0) + 2 * u * s * (p2 - p1) + s * s * (v1 - p2))
  }

  /// The velocity dv/dt for one channel at curve parameter `s`: (dv/ds) /
  /// (dt/ds).
  ///
  /// dt/ds is positive inside the segment; it vanishes only at s = 0 when
  /// the right handle has zero time length, and at s = 1 when the left one
  /// has (a vertical handle). There the result is the one-sided limit from
  /// inside the segment, found from the first non-vanishing derivatives of
  /// value and time at that end: ±infinity if the value moves faster than
  /// time, a finite slope if they vanish to the same order, 0 if the value
  /// is slower.
  ///
  /// - Parameters:
  ///   - s: The curve parameter, in [0, 1].
  ///   - v0: The first key's value.
  ///   - rightHandle: The first key's right handle value, as set.
  ///   - leftHandle: The second key's left handle value, as set.
  ///   - v1: The second key's value.
  /// - Returns: dv/dt, in value per unit of time.
  /// - Complexity: O(1).
  @inlinable
  public func velocity(
    at s: Double, v0: Double, rightHandle: Double, leftHandle: Double, v1: Double
  ) -> Double {
    let dt = timeDerivative(at: s)
    let dv = valueDerivative(
      at: s, v0: v0, rightHandle: rightHandle, leftHandle: leftHandle, v1: v1)
    if dt != 0 || !(s == 0 || s == 1) { return dv / dt }
    // A vertical handle. Let P be the value control points and Q the time
    // ones. Near the end, with r → 0+ the distance from it (r = s at s = 0,
    // r = 1 − s at s = 1), v'(s) ≈ v′ + σ v″ r + v‴ r² / 2 and
    // t'(s) ≈ σ t″ r + t‴ r² / 2, where σ = +1 at s = 0 and −1 at s = 1
    // (t′ = 0 here, and t'(s) > 0 inside).
    let p1 = rightHandleValue(v0: v0, handle: rightHandle)
    let p2 = leftHandleValue(v1: v1, handle: leftHandle)
    let q1 = rightHandleTime
    let q2 = leftHandleTime
    let q0 = startTime
    let q3 = endTime
    let v3 = 6 * (v1 - 3 * p2 + 3 * p1 - v0)
    let t3 = 6 * (q3 - 3 * q2 + 3 * q1 - q0)
    let v2: Double
    let t2: Double
    if s == 0 {
      v2 = 6 * (v0 - 2 * p1 + p2)
      t2 = 6 * (q0 - 2 * q1 + q2)
    } else {
      v2 = -6 * (p1 - 2 * p2 + v1)
      t2 = -6 * (q1 - 2 * q2 + q3)
    }
    if dv != 0 { return dv > 0 ? .infinity : -.infinity }
    if t2 != 0 { return v2 / t2 }
    if v2 != 0 { return v2 > 0 ? .infinity : -.infinity }
    return v3 / t3
  }
}
