/// Checks that every number in `values` is finite; `name` says what the
/// numbers are, for the message.
///
/// - Throws: ``RazzleError`` `.invalidValue` naming the first bad index.
func checkFinite(_ values: UnsafeBufferPointer<Double>, _ name: String) throws(RazzleError) {
  guard !allFinite(values) else { return }
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

/// Whether every one of `values` is finite (one vectorized pass).
func allFinite(_ values: UnsafeBufferPointer<Double>) -> Bool {
  allWithin(values, -.infinity, .infinity)
}

/// Whether every one of `values` is finite and within lower...upper, eight
/// at a time (comparisons are false for NaN, and v − v is NaN for ±∞).
func allWithin(_ values: UnsafeBufferPointer<Double>, _ lower: Double, _ upper: Double) -> Bool {
  typealias D8 = SIMD8<Double>
  guard let base = values.baseAddress else { return true }
  let n = values.count
  let low = D8(repeating: lower)
  let high = D8(repeating: upper)
  let zero = D8()
  var fits = SIMDMask<D8.MaskStorage>(repeating: true)
  var i = 0
  while i &+ 8 <= n {
    let v = UnsafeRawPointer(base + i).loadUnaligned(as: D8.self)
    fits = fits .& (v .>= low) .& (v .<= high) .& (v - v .== zero)
    i &+= 8
  }
  var all = Swift.all(fits)
  while i < n {
    let v = base[i]
    all = all && v >= lower && v <= upper && v - v == 0
    i &+= 1
  }
  return all
}
