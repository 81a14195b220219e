// Core Animation's paced timing (`kCAAnimationPaced`): keyframe times are
// chosen so that the animated value moves at constant speed along the
// polyline through the keyframe values.
//
// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/paced

/// Paced keyframe timing: constant speed along the polyline of values.
public enum Paced {
  /// Retimes a run of keyframes so that the value moves along the polyline
  /// through them at constant speed.
  ///
  /// The run keeps its first and last times; every keyframe in between gets
  /// the time at which a point moving at constant speed along the polyline,
  /// starting at the first value at the first time and reaching the last
  /// value at the last time, passes its value. The length of each leg is the
  /// Euclidean distance between consecutive values over all channels, so
  /// `out[i] = t₀ + (tₙ₋₁ − t₀) · Lᵢ / L`, with Lᵢ the length of the
  /// polyline up to keyframe i and L its total length. As in Core Animation,
  /// the original times in between only matter through the run's ends.
  ///
  /// Edge cases:
  /// - zero total length (every value equal), or a total length that is not
  ///   finite (a NaN value, or an overflowing sum of squares for values
  ///   beyond about 1e154): there is no speed to keep constant, so the
  ///   original times are copied unchanged;
  /// - a leg of zero length (two consecutive equal values) gets zero
  ///   duration: the two keyframes get the same time, so the result is only
  ///   non-decreasing, not strictly increasing. Callers that need strictly
  ///   increasing times must merge or drop such keyframes;
  /// - `out[0]` is exactly the first time and `out[n − 1]` exactly the last;
  /// - no keyframes: nothing is written; one keyframe: its time is copied.
  ///
  /// - Parameters:
  ///   - times: The run's keyframe times; only the first and last are used
  ///     (unless the total length is zero), and they should be finite with
  ///     the first at most the last.
  ///   - values: The run's values, `channels` consecutive doubles per
  ///     keyframe.
  ///   - channels: The number of channels per value, at least 1.
  ///   - out: Receives `times.count` retimed times. It may be the same
  ///     memory as `times`.
  /// - Throws: ``RazzleError`` of kind `.wrongSize` if `channels < 1` or
  ///   `values.count` is not `times.count × channels`; of kind
  ///   `.bufferTooSmall` if `out` holds fewer than `times.count` doubles.
  ///   Nothing is written when it throws.
  /// - Complexity: O(*n* × *c*) for *n* keyframes of *c* channels; no
  ///   allocation.
  @inlinable
  public static func retime(
    times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>, channels: Int,
    into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    let n = times.count
    if channels < 1 {
      throw RazzleError(.wrongSize, "paced timing needs at least 1 channel, got \(channels)")
    }
    if values.count != n * channels {
      throw RazzleError(
        .wrongSize,
        "paced timing: \(values.count) values for \(n) keyframes of \(channels) channels")
    }
    if out.count < n {
      throw RazzleError(
        .bufferTooSmall, "paced timing: output holds \(out.count) times, needs \(n)")
    }
    if n == 0 { return }
    let first = times[0]
    let last = times[n - 1]
    var total = 0.0
    for i in 1..<n {
      total += distance(values, from: i - 1, to: i, channels: channels)
    }
    guard total > 0 && total.isFinite else {
      for i in 0..<n { out[i] = times[i] }
      return
    }
    // The same sums in the same order as `total`, so the last partial
    // length would equal it exactly; the ends are set directly anyway.
    let span = last - first
    var length = 0.0
    out[0] = first
    for i in 1..<(n - 1) {
      length += distance(values, from: i - 1, to: i, channels: channels)
      out[i] = first + span * (length / total)
    }
    out[n - 1] = last
  }

  /// The Euclidean distance between the values of keyframes `a` and `b`.
  @inlinable
  static func distance(
    _ values: UnsafeBufferPointer<Double>, from a: Int, to b: Int, channels: Int
  ) -> Double {
    var sum = 0.0
    let baseA = a * channels
    let baseB = b * channels
    for c in 0..<channels {
      let d = values[baseB + c] - values[baseA + c]
      sum += d * d
    }
    return sum.squareRoot()
  }
}
