extension Easing {
  /// Evaluates the easing at every progress value: eased progress into
  /// `values` and, if given, d eased / d progress into `derivatives`.
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if an output holds fewer
  ///   than `progress.count` values; nothing is written then.
  /// - Complexity: O(n) evaluations.
  public func evaluate(
    _ progress: UnsafeBufferPointer<Double>, into values: UnsafeMutableBufferPointer<Double>,
    derivatives: UnsafeMutableBufferPointer<Double>? = nil
  ) throws(RazzleError) {
    try checkCapacity(values.count, progress.count, "out_values")
    if let derivatives { try checkCapacity(derivatives.count, progress.count, "out_derivatives") }
    for (i, p) in progress.enumerated() {
      values[i] = self(p)
      derivatives?[i] = derivative(p)
    }
  }
}
