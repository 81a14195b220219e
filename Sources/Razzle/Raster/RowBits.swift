// Rows of bits over a surface's cells or pixels: CoverageGrid's marks of
// the cells edges touched, AlphaMarks' sixteens of pixels that may be
// partly transparent.

/// Sets bits `first...last` (first <= last) of the 64-bit words at `row`
/// (bit i is bit i % 64 of word i / 64).
@inline(__always)
func setBits(_ row: UnsafeMutablePointer<UInt64>, from first: Int, through last: Int) {
  let w0 = first >> 6
  let w1 = last >> 6
  let low = ~UInt64(0) << UInt64(first & 63)
  let high = ~UInt64(0) >> UInt64(63 - (last & 63))
  if w0 == w1 {
    row[w0] |= low & high
    return
  }
  row[w0] |= low
  var k = w0 + 1
  while k < w1 {
    row[k] = ~0
    k += 1
  }
  row[w1] |= high
}
