// Per-keyframe tangents for Hermite interpolation of one channel: Kochanek–
// Bartels (TCB, and Catmull-Rom as its default) and monotone (Fritsch–
// Carlson, as SciPy's PchipInterpolator computes it).
//
// Every tangent is computed from a small window of keyframes around it, so
// after an edit only the tangents in ``Tangents/affectedRange(edit:count:)``
// need recomputing.
//
// Kochanek & Bartels, "Interpolating splines with local tension, continuity,
// and bias control", SIGGRAPH 1984.
// Fritsch & Carlson, "Monotone piecewise cubic interpolation", SIAM J. Numer.
// Anal. 17(2), 1980; the end-point rule is Moler's pchiptx.m (Numerical
// Computing with MATLAB, 3.6), as in scipy/interpolate/_cubic.py.

/// Per-keyframe tangents (slopes in value per unit of time) of one channel,
/// for ``Hermite`` interpolation.
///
/// The keyframes are read through two closures, `time(i)` and `value(i)`,
/// for `i` in `0..<count`, so that a caller can read one channel of
/// interleaved storage without copying it. Each function reads only a few
/// keyframes next to the one it computes (see
/// ``affectedRange(edit:count:)``).
///
/// Requirements of every function: `count ≥ 1`, `0 ≤ i < count`, times
/// strictly increasing and every time and value finite. Violations are not
/// diagnosed: the results are meaningless (NaN or infinite for repeated
/// times).
public enum Tangents {
  /// The tension, continuity and bias of a Kochanek–Bartels keyframe.
  ///
  /// Each is usually in [−1, 1]; other values are allowed and extrapolate
  /// the formulas. All three 0 gives Catmull-Rom.
  public struct KochanekBartels: Sendable, Hashable {
    /// T: 1 shortens both tangents to 0 ("tight"), −1 doubles them
    /// ("round").
    public var tension: Double
    /// C: 0 makes the incoming and outgoing tangents equal (a smooth
    /// curve); −1 makes each segment a straight line with corners at the
    /// keyframes ("box corners"); 1 swaps the chords ("inverted corners").
    public var continuity: Double
    /// B: 1 takes the direction from the previous chord (overshoot after the
    /// keyframe), −1 from the next chord (undershoot before it).
    public var bias: Double

    /// Creates the parameters; all default to 0 (Catmull-Rom).
    @inlinable
    public init(tension: Double = 0, continuity: Double = 0, bias: Double = 0) {
      self.tension = tension
      self.continuity = continuity
      self.bias = bias
    }

    /// T = C = B = 0: the finite-difference Catmull-Rom tangent.
    public static let catmullRom = KochanekBartels()
  }

  /// The Kochanek–Bartels tangents at keyframe `i`, in slope form.
  ///
  /// With the slopes of the chords on either side,
  /// d₋ = (vᵢ − vᵢ₋₁) / (tᵢ − tᵢ₋₁) and d₊ = (vᵢ₊₁ − vᵢ) / (tᵢ₊₁ − tᵢ),
  ///
  /// - outgoing (used at the start of the segment i → i+1)
  ///   = (1−T)(1+B)(1+C)/2 · d₋ + (1−T)(1−B)(1−C)/2 · d₊,
  /// - incoming (used at the end of the segment i−1 → i)
  ///   = (1−T)(1+B)(1−C)/2 · d₋ + (1−T)(1−B)(1+C)/2 · d₊.
  ///
  /// This is the assignment of Kochanek & Bartels' paper and of LightWave's
  /// envelopes: C = −1 makes the outgoing tangent follow the next chord and
  /// the incoming one the previous chord, so every segment between two
  /// keyframes with C = −1 is a straight line. Working with slopes rather
  /// than value differences keeps the tangents meaningful when keyframes are
  /// unevenly spaced: with T = C = B = 0 both tangents are (d₋ + d₊) / 2, the
  /// finite-difference form of Catmull-Rom (not the "cardinal" chord
  /// (vᵢ₊₁ − vᵢ₋₁) / (tᵢ₊₁ − tᵢ₋₁), which differs on uneven spacing).
  ///
  /// Edge cases:
  /// - first keyframe: both tangents are (1−T) · d₊; last keyframe: both are
  ///   (1−T) · d₋ (continuity and bias have no effect at the ends);
  /// - a single keyframe: both are 0.
  ///
  /// - Parameters:
  ///   - i: The keyframe, in `0..<count`.
  ///   - count: The number of keyframes, at least 1.
  ///   - parameters: Keyframe `i`'s tension, continuity and bias.
  ///   - time: The time of keyframe `k`; read for `k` in `i−1...i+1`.
  ///   - value: This channel's value at keyframe `k`; read for `k` in
  ///     `i−1...i+1`.
  /// - Returns: The incoming and outgoing tangents, in value per unit of
  ///   time.
  /// - Complexity: O(1).
  @inlinable
  public static func kochanekBartels(
    at i: Int, count: Int, _ parameters: KochanekBartels,
    time: (Int) -> Double, value: (Int) -> Double
  ) -> (incoming: Double, outgoing: Double) {
    assert(count >= 1 && i >= 0 && i < count, "keyframe \(i) out of 0..<\(count)")
    let scale = 1 - parameters.tension
    if count == 1 { return (0, 0) }
    let v = value(i)
    let t = time(i)
    if i == 0 {
      let next = scale * ((value(1) - v) / (time(1) - t))
      return (next, next)
    }
    let previous = (v - value(i - 1)) / (t - time(i - 1))
    if i == count - 1 {
      let end = scale * previous
      return (end, end)
    }
    let next = (value(i + 1) - v) / (time(i + 1) - t)
    let c = parameters.continuity
    let b = parameters.bias
    let half = scale / 2
    let incoming = half * (1 + b) * (1 - c) * previous + half * (1 - b) * (1 + c) * next
    let outgoing = half * (1 + b) * (1 + c) * previous + half * (1 - b) * (1 - c) * next
    return (incoming, outgoing)
  }

  /// The monotone (Fritsch–Carlson) tangent at keyframe `i`, exactly as
  /// SciPy's `PchipInterpolator` computes its derivatives
  /// (`_find_derivatives` and `_edge_case` in scipy/interpolate/_cubic.py,
  /// the same arithmetic in the same order, so the results agree bit for
  /// bit).
  ///
  /// With hₖ = tₖ₊₁ − tₖ and mₖ = (vₖ₊₁ − vₖ) / hₖ:
  ///
  /// - interior keyframe i: 0 if mᵢ₋₁ and mᵢ differ in sign or either is 0;
  ///   otherwise the weighted harmonic mean
  ///   1 / ((w₁ / mᵢ₋₁ + w₂ / mᵢ) / (w₁ + w₂)) with w₁ = 2hᵢ + hᵢ₋₁ and
  ///   w₂ = hᵢ + 2hᵢ₋₁. The result lies between the two slopes, so the
  ///   interpolant does not overshoot the keyframes;
  /// - first keyframe: the one-sided three-point estimate
  ///   d = ((2h₀ + h₁) m₀ − h₀ m₁) / (h₀ + h₁); then 0 if d's sign differs
  ///   from m₀'s, else 3m₀ if m₀ and m₁ differ in sign and |d| > 3|m₀|,
  ///   else d. The last keyframe mirrors this with hₙ₋₂, hₙ₋₃, mₙ₋₂, mₙ₋₃;
  /// - two keyframes: both tangents are the chord's slope (SciPy's linear
  ///   case), so the segment is a straight line;
  /// - a single keyframe: 0.
  ///
  /// - Parameters:
  ///   - i: The keyframe, in `0..<count`.
  ///   - count: The number of keyframes, at least 1.
  ///   - time: The time of keyframe `k`; read for `k` in `i−1...i+1`, and
  ///     up to two keyframes inward at the ends.
  ///   - value: This channel's value at keyframe `k`; read for the same `k`.
  /// - Returns: The tangent, in value per unit of time; incoming and
  ///   outgoing are the same.
  /// - Complexity: O(1).
  @inlinable
  public static func monotone(
    at i: Int, count: Int, time: (Int) -> Double, value: (Int) -> Double
  ) -> Double {
    assert(count >= 1 && i >= 0 && i < count, "keyframe \(i) out of 0..<\(count)")
    if count == 1 { return 0 }
    if count == 2 { return (value(1) - value(0)) / (time(1) - time(0)) }
    // SciPy's differences always run forward in time: h₀ and m₀ belong to
    // the end's own segment, h₁ and m₁ to the one beyond it.
    if i == 0 {
      let (t0, t1, t2) = (time(0), time(1), time(2))
      let (v0, v1, v2) = (value(0), value(1), value(2))
      let h0 = t1 - t0
      let h1 = t2 - t1
      return pchipEnd(h0: h0, h1: h1, m0: (v1 - v0) / h0, m1: (v2 - v1) / h1)
    }
    if i == count - 1 {
      let (t0, t1, t2) = (time(i - 2), time(i - 1), time(i))
      let (v0, v1, v2) = (value(i - 2), value(i - 1), value(i))
      let h0 = t2 - t1
      let h1 = t1 - t0
      return pchipEnd(h0: h0, h1: h1, m0: (v2 - v1) / h0, m1: (v1 - v0) / h1)
    }
    let t = time(i)
    let v = value(i)
    let hPrevious = t - time(i - 1)
    let hNext = time(i + 1) - t
    let mPrevious = (v - value(i - 1)) / hPrevious
    let mNext = (value(i + 1) - v) / hNext
    if sign(mPrevious) != sign(mNext) || mNext == 0 || mPrevious == 0 { return 0 }
    let w1 = 2 * hNext + hPrevious
    let w2 = hNext + 2 * hPrevious
    let mean = (w1 / mPrevious + w2 / mNext) / (w1 + w2)
    return 1.0 / mean
  }

  /// SciPy's `PchipInterpolator._edge_case`: the shape-preserving one-sided
  /// three-point derivative at an end.
  ///
  /// - Parameters:
  ///   - h0: The width of the end's own segment.
  ///   - h1: The width of the segment beyond it.
  ///   - m0: The slope of the end's own segment.
  ///   - m1: The slope of the segment beyond it.
  /// - Returns: The end tangent.
  @inlinable
  static func pchipEnd(h0: Double, h1: Double, m0: Double, m1: Double) -> Double {
    let d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
    if sign(d) != sign(m0) { return 0 }
    if sign(m0) != sign(m1) && abs(d) > 3 * abs(m0) { return 3 * m0 }
    return d
  }

  /// NumPy's `sign` for finite numbers: −1, 0 or 1 (0 for ±0).
  @inlinable
  static func sign(_ x: Double) -> Double {
    x > 0 ? 1 : (x < 0 ? -1 : 0)
  }

  /// The keyframes whose tangents depend on keyframe `j`, for recomputing
  /// only those after an edit.
  ///
  /// A tangent at keyframe i reads keyframes i−1 through i+1, except that
  /// the monotone end tangents read two keyframes inward (keyframes 0...2
  /// for the first, n−3...n−1 for the last). The range is exact for
  /// ``monotone(at:count:time:value:)`` and covers
  /// ``kochanekBartels(at:count:_:time:value:)`` too (whose end tangents
  /// read only one keyframe inward, so the range can include one keyframe
  /// that did not change).
  ///
  /// - After changing keyframe `j`'s time or value, pass `j` and the count.
  /// - After inserting a keyframe at index `j`, pass `j` and the new count:
  ///   every other tangent reads the same keyframes as before, under
  ///   shifted indices.
  /// - After removing one, use ``affectedRange(removedAt:count:)``.
  ///
  /// - Parameters:
  ///   - j: The edited keyframe, in `0..<count`.
  ///   - count: The number of keyframes, at least 1.
  /// - Returns: The indices to recompute, within `0...count − 1`.
  /// - Complexity: O(1).
  @inlinable
  public static func affectedRange(edit j: Int, count: Int) -> ClosedRange<Int> {
    assert(count >= 1 && j >= 0 && j < count, "keyframe \(j) out of 0..<\(count)")
    let low = j <= 2 ? 0 : j - 1
    let high = j >= count - 3 ? count - 1 : j + 1
    return low...high
  }

  /// The keyframes whose tangents change when a keyframe is removed.
  ///
  /// Removing the keyframe at index `j` joins keyframes `j − 1` and `j`
  /// (numbered after the removal); a tangent changes if its window (see
  /// ``affectedRange(edit:count:)``) spans that join.
  ///
  /// - Parameters:
  ///   - j: The index the removed keyframe had, in `0...count`.
  ///   - count: The number of keyframes after the removal, at least 0.
  /// - Returns: The indices to recompute (numbered after the removal), or
  ///   `nil` if no keyframe is left.
  /// - Complexity: O(1).
  @inlinable
  public static func affectedRange(removedAt j: Int, count: Int) -> ClosedRange<Int>? {
    assert(count >= 0 && j >= 0 && j <= count, "removed keyframe \(j) out of 0...\(count)")
    if count == 0 { return nil }
    // Interior windows spanning the join: i in j−1...j. The first tangent's
    // window 0...2 spans it if j ≤ 2, the last one's n−3...n−1 if j ≥ n−2.
    let low = j <= 2 ? 0 : j - 1
    let high = j >= count - 2 ? count - 1 : j
    return Swift.max(0, Swift.min(low, count - 1))...Swift.min(high, count - 1)
  }
}
