extension Spring {
  /// The spring's position and/or velocity at every time (seconds).
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if a given output holds
  ///   fewer than `times.count` values; nothing is written then.
  public func evaluate(
    _ times: UnsafeBufferPointer<Double>, positions: UnsafeMutableBufferPointer<Double>?,
    velocities: UnsafeMutableBufferPointer<Double>?
  ) throws(RazzleError) {
    if let positions { try checkCapacity(positions.count, times.count, "out_position") }
    if let velocities { try checkCapacity(velocities.count, times.count, "out_velocity") }
    for (i, t) in times.enumerated() {
      positions?[i] = position(at: t)
      velocities?[i] = velocity(at: t)
    }
  }
}
