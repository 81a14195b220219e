/// A track's keyframes, sorted by time, in flat arrays (structure of arrays),
/// and the sampling arithmetic over them.
///
/// Not thread-safe by itself: ``Track`` guards it with a lock.
///
/// Memory: 8 bytes of time, 8 bytes per channel and one ``Easing`` per
/// keyframe.
@usableFromInline
struct KeyframeStorage: Sendable {
  /// Keyframe times, strictly increasing.
  @usableFromInline var times: [Double] = []
  /// Keyframe values, `channels` consecutive doubles per keyframe.
  @usableFromInline var values: [Double] = []
  /// The easing of the segment that starts at each keyframe.
  @usableFromInline var easings: [Easing] = []
  /// Channels per value.
  @usableFromInline let channels: Int
  /// How two values blend.
  @usableFromInline let kind: ValueKind

  init(kind: ValueKind) {
    self.kind = kind
    self.channels = kind.channels
  }

  @inlinable var count: Int { times.count }

  /// The index of the first keyframe whose time is greater than `t`.
  ///
  /// - Complexity: O(1) when `t` is past the last keyframe (appending in time
  ///   order), O(log n) otherwise.
  @inlinable
  func upperBound(_ t: Double) -> Int {
    times.withUnsafeBufferPointer { times in
      var low = 0
      var high = times.count
      if high > 0 && times[high - 1] <= t { return high }
      while low < high {
        let mid = (low &+ high) >> 1
        if times[mid] <= t { low = mid &+ 1 } else { high = mid }
      }
      return low
    }
  }

  /// Sets the keyframe at `time`, replacing the value and easing of one that
  /// is already there. The caller has validated the arguments.
  mutating func set(time: Double, value: UnsafeBufferPointer<Double>, easing: Easing) {
    let i = upperBound(time)
    if i > 0 && times[i - 1] == time {
      let base = (i - 1) * channels
      for c in 0..<channels { values[base + c] = value[c] }
      easings[i - 1] = easing
    } else {
      times.insert(time, at: i)
      values.insert(contentsOf: value, at: i * channels)
      easings.insert(easing, at: i)
    }
  }

  /// The index of the keyframe exactly at `time`, if any.
  func index(of time: Double) -> Int? {
    let i = upperBound(time)
    return i > 0 && times[i - 1] == time ? i - 1 : nil
  }

  /// Removes the keyframe at `index`.
  mutating func remove(at index: Int) {
    times.remove(at: index)
    values.removeSubrange(index * channels..<(index + 1) * channels)
    easings.remove(at: index)
  }

  /// The keyframe at `index`.
  func keyframe(at index: Int) -> Keyframe {
    Keyframe(
      time: times[index],
      value: Array(values[index * channels..<(index + 1) * channels]),
      easing: easings[index])
  }

  /// Writes the value at time `t` to `out` (`channels` doubles).
  ///
  /// RazzleDazzle's rule: before the first keyframe, the first value; at or
  /// after the last, the last value; between k_i and k_{i+1},
  /// p = (t − t_i)/(t_{i+1} − t_i), e = easing_i(p), and the kind blends
  /// v_i and v_{i+1} at e. Exactly at a keyframe, its value. NaN gives NaN in
  /// every channel; ±∞ clamps to the ends.
  ///
  /// - Precondition: at least one keyframe.
  @inlinable
  func sample(
    at t: Double, times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>,
    easings: UnsafeBufferPointer<Easing>, into out: UnsafeMutablePointer<Double>
  ) {
    let n = times.count
    let v = values.baseAddress.unsafelyUnwrapped
    if t.isNaN {
      for c in 0..<channels { out[c] = .nan }
      return
    }
    let i: Int
    if t <= times[0] {
      i = 0
    } else if t >= times[n &- 1] {
      i = n &- 1
    } else {
      // Largest i with times[i] <= t; here 0 <= i <= n − 2.
      var low = 0
      var high = n
      while low < high {
        let mid = (low &+ high) >> 1
        if times[mid] <= t { low = mid &+ 1 } else { high = mid }
      }
      let k = low &- 1
      let t0 = times[k]
      if t != t0 {
        let p = (t - t0) / (times[k &+ 1] - t0)
        let e = easings[k](p)
        kind.blend(v + k &* channels, v + (k &+ 1) &* channels, e, into: out)
        return
      }
      i = k
    }
    let base = v + i &* channels
    for c in 0..<channels { out[c] = base[c] }
  }

  /// Writes the value at each of `queries` to `out`, `channels` doubles per
  /// query, in query order. Gives bit for bit what single samples give.
  ///
  /// - Precondition: at least one keyframe; `out` holds
  ///   `queries.count × channels` doubles.
  @inlinable
  func sample(queries: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>) {
    times.withUnsafeBufferPointer { times in
      values.withUnsafeBufferPointer { values in
        easings.withUnsafeBufferPointer { easings in
          for (j, t) in queries.enumerated() {
            sample(
              at: t, times: times, values: values, easings: easings,
              into: out + j &* channels)
          }
        }
      }
    }
  }
}
