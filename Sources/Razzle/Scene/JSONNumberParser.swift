// Decimal to double, correctly rounded, without building a String: a
// number's significant digits w (up to 19, as a UInt64) and its decimal
// exponent q give w × 10^q, converted by Clinger's fast path when both are
// small and exact, else by the Eisel–Lemire algorithm (one or two 64 × 128
// bit products with a table of powers of five, see
// JSONNumberParser+Powers.swift), which either gives the correctly
// rounded double or says it cannot decide. Whatever it cannot decide
// (more than 19 significant digits, subnormals, overflow, the rare
// ambiguous product) goes to the standard library's exact conversion.

/// Correctly rounded decimal to binary64 conversion of w × 10^q.
enum JSONNumberParser {
  /// The range of q the table covers: below it w × 10^q (w < 2^64) rounds
  /// to 0, above it to infinity.
  static let smallestPower = -342
  static let largestPower = 308

  /// w × 10^q rounded to the nearest double (ties to even).
  ///
  /// - Parameters:
  ///   - w: the significant digits as an integer, exact (not truncated).
  ///   - q: the decimal exponent.
  /// - Returns: the double, or nil when the fast algorithms cannot decide
  ///   it (the caller converts the text exactly then): a subnormal or
  ///   infinite result, or an ambiguous product.
  @inline(__always)
  static func double(_ w: UInt64, _ q: Int) -> Double? {
    if w == 0 { return 0 }
    // Clinger: w and 10^|q| are exact doubles, one rounding.
    if w <= 1 << 53 && q >= -22 && q <= 22 {
      let x = Double(w)
      return q >= 0 ? x * exactPowersOfTen[q] : x / exactPowersOfTen[-q]
    }
    return eiselLemire(w, q)
  }

  /// The Eisel–Lemire conversion of w × 10^q (w ≠ 0), as fast_float
  /// (Lemire 2021, Algorithm 1) computes it.
  ///
  /// - Returns: the double; nil for subnormal and infinite results and for
  ///   the products it cannot round.
  static func eiselLemire(_ w: UInt64, _ q: Int) -> Double? {
    guard q >= smallestPower && q <= largestPower else { return nil }
    let lz = w.leadingZeroBitCount
    let normalized = w << UInt64(lz)
    let index = 2 * (q - smallestPower)
    return powersOfFive.withUnsafeBufferPointer { (table) -> Double? in
      var (high, low) = normalized.multipliedFullWidth(by: table[index])
      if high & 0x1FF == 0x1FF {
        // The truncated power may be too small to decide: add the next 64 bits.
        let (high2, _) = normalized.multipliedFullWidth(by: table[index + 1])
        let (sum, carry) = low.addingReportingOverflow(high2)
        low = sum
        if carry { high &+= 1 }
        // Still all ones below the bits kept: undecided (outside the
        // exponents where 5^q is exact in the table).
        if low == UInt64.max && (q < -27 || q > 55) { return nil }
      }
      let upper = Int(high >> 63)
      let shift = UInt64(upper + 9)
      var mantissa = high >> shift
      // floor(log2(10^q)) + 63 + the bias 1023, less the normalization.
      var power2 = ((217_706 * q) >> 16) + 63 + upper - lz + 1023
      guard power2 > 0 else { return nil }
      // Exactly between two doubles (possible only for small |q|): round
      // to even instead of up.
      if low <= 1 && q >= -4 && q <= 23 && mantissa & 3 == 1 && mantissa << shift == high {
        mantissa &= ~1
      }
      mantissa += mantissa & 1
      mantissa >>= 1
      if mantissa >= 2 << 52 {
        mantissa = 1 << 52
        power2 += 1
      }
      mantissa &= ~(1 << 52)
      guard power2 < 2047 else { return nil }
      return Double(bitPattern: UInt64(power2) << 52 | mantissa)
    }
  }

  /// 10^0 … 10^22, each exact as a double.
  static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}
