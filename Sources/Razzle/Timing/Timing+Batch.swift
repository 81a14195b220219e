extension Timing {
  /// The transformed progress and the current iteration at every local time
  /// in one call: bit for bit what ``computed(at:intrinsicDuration:animationDirection:)``
  /// gives per time, NaN where there is no effect (and for NaN times).
  ///
  /// - Parameters:
  ///   - localTimes: The local times.
  ///   - intrinsicDuration: What an `auto` duration stands for; ≥ 0.
  ///   - animationDirection: The direction time runs in.
  ///   - progress: Receives the transformed progress per time, or `nil`.
  ///   - iterations: Receives the current iteration per time, or `nil`.
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if an output holds fewer
  ///   values than there are times, `.invalidValue` for a bad intrinsic
  ///   duration; nothing is written then.
  /// - Complexity: O(n) samples; batches of at least 2 × 65,536 times are
  ///   split across threads (``Parallel``), with the same results.
  public func progress(
    at localTimes: UnsafeBufferPointer<Double>, intrinsicDuration: Double = 0,
    animationDirection: AnimationDirection = .forwards,
    into progress: UnsafeMutableBufferPointer<Double>?,
    iterations: UnsafeMutableBufferPointer<Double>? = nil
  ) throws(RazzleError) {
    let resolved = try resolved(
      intrinsicDuration: intrinsicDuration, animationDirection: animationDirection)
    let n = localTimes.count
    if let progress { try checkCapacity(progress.count, n, "out_progress") }
    if let iterations { try checkCapacity(iterations.count, n, "out_iterations") }
    guard n > 0, let times = localTimes.baseAddress else { return }
    let p = progress?.baseAddress
    let k = iterations?.baseAddress
    Parallel.forEachChunk(n) { range in
      for i in range {
        let s = resolved.sample(times[i])
        p?[i] = s.transformedProgress
        k?[i] = s.currentIteration
      }
    }
  }

  /// The transformed progress at every local time (NaN where there is no
  /// effect), as ``progress(at:intrinsicDuration:animationDirection:into:iterations:)``.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a bad intrinsic duration.
  public func progress(
    at localTimes: [Double], intrinsicDuration: Double = 0,
    animationDirection: AnimationDirection = .forwards
  ) throws(RazzleError) -> [Double] {
    var out = [Double](repeating: 0, count: localTimes.count)
    try localTimes.withUnsafeBufferPointer { (times) throws(RazzleError) in
      try out.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
        try progress(
          at: times, intrinsicDuration: intrinsicDuration,
          animationDirection: animationDirection, into: buffer)
      }
    }
    return out
  }
}
