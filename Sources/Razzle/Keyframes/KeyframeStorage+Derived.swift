// The data sampling derives from the keyframes: Hermite tangents for
// `smooth` and `monotone` segments, and retimed keyframe times for `paced`
// runs.

extension KeyframeStorage {
  /// Recomputes every segment's tangents and cubics.
  ///
  /// Segment k stores, per channel, the outgoing tangent at keyframe k and
  /// the incoming tangent at keyframe k + 1, by the segment's own rule:
  /// Kochanek–Bartels with each keyframe's own tension, continuity and bias
  /// for `smooth`; Fritsch–Carlson (scipy's PCHIP) for `monotone`; and the
  /// cubic they make over the segment in power form (what sampling
  /// evaluates). Other segments store zeros.
  ///
  /// - Complexity: O(n × channels).
  func computeTangents() {
    let n = count
    let segments = Swift.max(n - 1, 0)
    var result = [Double](repeating: 0, count: segments * 2 * channels)
    var cubicResult = [Double](repeating: 0, count: segments * 4 * channels)
    let channels = self.channels
    times.withUnsafeBufferPointer { times in
      values.withUnsafeBufferPointer { values in
        for k in 0..<segments {
          let style = pool[styleIndices[k]]
          guard style.interpolation.usesTangents else { continue }
          let next = pool[styleIndices[k + 1]]
          for c in 0..<channels {
            let time = { (i: Int) -> Double in times[i] }
            let value = { (i: Int) -> Double in values[i * channels + c] }
            let m0: Double
            let m1: Double
            if style.interpolation == .smooth {
              m0 =
                Tangents.kochanekBartels(
                  at: k, count: n, style.kochanekBartels, time: time, value: value
                ).outgoing
              m1 =
                Tangents.kochanekBartels(
                  at: k + 1, count: n, next.kochanekBartels, time: time, value: value
                ).incoming
            } else {
              m0 = Tangents.monotone(at: k, count: n, time: time, value: value)
              m1 = Tangents.monotone(at: k + 1, count: n, time: time, value: value)
            }
            result[k * 2 * channels + c] = m0
            result[k * 2 * channels + channels + c] = m1
            let cubic = Hermite.PowerForm(
              v0: value(k), m0: m0, v1: value(k + 1), m1: m1, duration: times[k + 1] - times[k])
            let at = (k * channels + c) * 4
            cubicResult[at] = cubic.a
            cubicResult[at + 1] = cubic.b
            cubicResult[at + 2] = cubic.c
            cubicResult[at + 3] = cubic.d
          }
        }
      }
    }
    tangents.replaceAll(with: result)
    cubics.replaceAll(with: cubicResult)
  }

  /// Recomputes the search times: each maximal run of consecutive `paced`
  /// segments is retimed by arc length between the run's first and last
  /// keyframe times; other keyframes keep their times.
  ///
  /// - Complexity: O(n × channels).
  func computePacedTimes() {
    var result = Array(times.buffer)
    let n = count
    var k = 0
    while k < n - 1 {
      guard pool[styleIndices[k]].interpolation == .paced else {
        k += 1
        continue
      }
      var end = k + 1
      while end < n - 1 && pool[styleIndices[end]].interpolation == .paced { end += 1 }
      // Keyframes k...end form the run.
      let start = k
      times.withUnsafeBufferPointer { times in
        values.withUnsafeBufferPointer { values in
          result.withUnsafeMutableBufferPointer { out in
            let runTimes = UnsafeBufferPointer(rebasing: times[start...end])
            let runValues = UnsafeBufferPointer(
              rebasing: values[start * channels..<(end + 1) * channels])
            let runOut = UnsafeMutableBufferPointer(rebasing: out[start...end])
            // The sizes agree by construction, so this cannot throw.
            try? Paced.retime(
              times: runTimes, values: runValues, channels: channels, into: runOut)
          }
        }
      }
      k = end
    }
    pacedTimes.replaceAll(with: result)
  }
}

extension KeyframeStyle {
  /// The style's tension, continuity and bias.
  var kochanekBartels: Tangents.KochanekBartels {
    Tangents.KochanekBartels(tension: tension, continuity: continuity, bias: bias)
  }
}
