/// Checks that every number in `values` is finite; `name` says what the
/// numbers are, for the message.
///
/// - Throws: ``RazzleError`` `.invalidValue` naming the first bad index.
func checkFinite(_ values: UnsafeBufferPointer<Double>, _ name: String) throws(RazzleError) {
  for (i, x) in values.enumerated() where !x.isFinite {
    throw RazzleError(.invalidValue, "\(name)[\(i)] must be finite, got \(x)")
  }
}

/// Checks that an output holds at least `needed` elements.
///
/// - Throws: ``RazzleError`` `.bufferTooSmall`.
func checkCapacity(_ capacity: Int, _ needed: Int, _ name: String) throws(RazzleError) {
  guard capacity >= needed else {
    throw RazzleError(.bufferTooSmall, "\(name) holds \(capacity) values, \(needed) are needed")
  }
}
