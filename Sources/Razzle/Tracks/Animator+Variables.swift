extension Animator {
  /// Sets the variable `name` to `value`, creating it if needed.
  ///
  /// Every track relative to `name` (see ``TrackRelation``) follows at its
  /// next sample; no keyframe changes. Safe while other threads sample: a
  /// sample, a frame or a matrix sees the variable entirely before or after
  /// the change.
  ///
  /// - Parameters:
  ///   - name: A variable name (see ``VariableName/validate(_:)``).
  ///   - value: A finite number.
  /// - Throws: ``RazzleError`` `.invalidName` for a bad name,
  ///   `.invalidValue` for NaN or ±∞; nothing changes then.
  public func setVariable(_ name: String, to value: Double) throws(RazzleError) {
    try VariableName.validate(name)
    guard value.isFinite else {
      throw RazzleError(.invalidValue, "variable \(name) must be finite, got \(value)")
    }
    lock.withWriteLock { domain.variables.set(name, value) }
  }

  /// The value of the variable `name`.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for a bad name, `.notFound`
  ///   if it is not set.
  public func variable(named name: String) throws(RazzleError) -> Double {
    try VariableName.validate(name)
    guard let value = lock.withReadLock({ domain.variables.value(named: name) }) else {
      throw RazzleError(.notFound, "no variable \(name)")
    }
    return value
  }

  /// Unsets the variable `name`. Tracks relative to it stay; sampling them
  /// is `.notFound` until it is set again.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for a bad name, `.notFound`
  ///   if it is not set.
  public func removeVariable(named name: String) throws(RazzleError) {
    try VariableName.validate(name)
    let removed = lock.withWriteLock { domain.variables.remove(name) }
    guard removed else { throw RazzleError(.notFound, "no variable \(name)") }
  }

  /// The set variables and their values, sorted by name (byte order), read
  /// together.
  ///
  /// - Complexity: O(v log v) for v variables.
  public var variables: [(name: String, value: Double)] {
    lock.withReadLock { domain.variables.sorted }
  }

  /// The number of set variables.
  public var variableCount: Int { lock.withReadLock { domain.variables.count } }
}
