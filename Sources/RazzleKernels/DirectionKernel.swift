// The angle of each point of a path batch, four at a time: the direction of
// its tangent in degrees, turned by `offset-rotate`. This file is compiled
// at each CPU level as `LinearKernel.swift` is.
//
// `Razzle`'s single path queries take their angle from the same lanes
// (`directionDegrees(y:x:)`); the rotation repeats `PathRotation.apply`'s
// operations, in its order, lane by lane, selecting where it chooses. A lane
// with a non-finite component, or an angle the rotation takes past ±360°,
// is redone with libm's calls. Nothing here fuses a multiply and an add, so
// every level gives the same bits (tested in `DirectionAngleTests`).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Four doubles: one AVX2 register, two SSE2 registers.
typealias DirectionLanes = SIMD4<Double>
/// Four 64-bit patterns, lane by lane those of four doubles.
typealias DirectionLaneBits = SIMD4<UInt64>

/// Writes `angles[i]`, for i in `0..<count`, the direction of the tangent
/// `(dx[i], dy[i])` in degrees, plus 180 if `reverse`, plus `offset`, in
/// (−180, 180]: `Razzle`'s `PathRotation.apply(atan2Degrees(dy, dx))` for
/// the `auto` and `reverse` modes, bit for bit, NaN and ±∞ included.
///
/// - Complexity: O(count).
public func directionDegrees(
  _ dy: UnsafePointer<Double>, _ dx: UnsafePointer<Double>, count n: Int, reverse: Bool,
  offset: Double, into angles: UnsafeMutablePointer<Double>
) {
  var i = 0
  while i &+ 4 <= n {
    let y = UnsafeRawPointer(dy + i).loadUnaligned(as: DirectionLanes.self)
    let x = UnsafeRawPointer(dx + i).loadUnaligned(as: DirectionLanes.self)
    let a = rotatedLanes(directionLanes(y, x), reverse: reverse, offset: offset)
    UnsafeMutableRawPointer(angles + i).storeBytes(of: a, as: DirectionLanes.self)
    i &+= 4
  }
  guard i < n else { return }
  // The rest, padded with the direction (1, 0).
  var y = DirectionLanes(repeating: 0)
  var x = DirectionLanes(repeating: 1)
  for l in 0..<(n &- i) {
    y[l] = dy[i &+ l]
    x[l] = dx[i &+ l]
  }
  let a = rotatedLanes(directionLanes(y, x), reverse: reverse, offset: offset)
  for l in 0..<(n &- i) { angles[i &+ l] = a[l] }
}

/// `atan2(y, x)` in degrees for one direction: ``directionLanes(_:_:)``
/// with the other three lanes padded, so `Razzle`'s single path queries
/// (`atan2Degrees`) and its batches give the same bits.
public func directionDegrees(y: Double, x: Double) -> Double {
  directionLanes(DirectionLanes(y, 0, 0, 0), DirectionLanes(x, 1, 1, 1))[0]
}

/// `atan2(y, x)` in degrees, in [−180, 180], on four directions, without a
/// call to libm for finite arguments.
///
/// The ratio of the smaller to the larger of |x| and |y| is taken to
/// [−tan(π/8), tan(π/8)] by `(t − 1)/(1 + t)` (which subtracts 45° exactly),
/// where fdlibm's `atan` polynomial (FreeBSD msun s_atan.c, 11 terms, error
/// below 1 ulp on |t| < 7/16) gives the angle; the octant is restored with
/// exact offsets of 90° and 180° and y's sign, as `atan2` does for signed
/// zeros (`atan2(±0, −0) = ±180`). Within 2.4 ulp of the exact angle
/// (checked against mpmath over 2e4 directions; `DirectionAngleTests`
/// checks it against libm's `atan2` over a grid). A lane with a non-finite
/// argument goes to libm's `atan2`. The octant's choices are arithmetic on
/// exactly 0 or 1 (`90·k + (1 − 2k)·d`, exact for both k); no fused
/// multiply-add, so every CPU level gives the same bits.
@inline(__always)
func directionLanes(_ y: DirectionLanes, _ x: DirectionLanes) -> DirectionLanes {
  let zero = DirectionLanes(repeating: 0)
  let one = DirectionLanes(repeating: 1)
  let xBits = unsafeBitCast(x, to: DirectionLaneBits.self)
  let yBits = unsafeBitCast(y, to: DirectionLaneBits.self)
  let ax = unsafeBitCast(xBits & 0x7FFF_FFFF_FFFF_FFFF, to: DirectionLanes.self)
  let ay = unsafeBitCast(yBits & 0x7FFF_FFFF_FFFF_FFFF, to: DirectionLanes.self)
  // min and max as Swift.min and Swift.max pick them (equal lanes are the
  // same number either way).
  let swappedMask = ay .> ax
  let swapped = zero.replacing(with: one, where: swappedMask)
  let numerator = ay.replacing(with: ax, where: swappedMask)
  let denominator = ax.replacing(with: ay, where: swappedMask)
  let t = (numerator / denominator).replacing(with: zero, where: denominator .== zero)
  let above = zero.replacing(with: one, where: t .> 0.41421356237309503)
  let r = (t - above) / (1 + above * t)
  let z = r * r
  let w = z * z
  // The polynomials of atan2Degrees, one Horner step a line.
  var odd: DirectionLanes = 4.97687799461593236017e-02 + w * 1.62858201153657823623e-02
  odd = 6.66107313738753120669e-02 + w * odd
  odd = 9.09088713343650656196e-02 + w * odd
  odd = 1.42857142725034663711e-01 + w * odd
  odd = 3.33333333333329318027e-01 + w * odd
  odd = z * odd
  var even: DirectionLanes = -5.83357013379057348645e-02 + w * -3.65315727442169155270e-02
  even = -7.69187620504482999495e-02 + w * even
  even = -1.11111104054623557880e-01 + w * even
  even = -1.99999999998764832476e-01 + w * even
  even = w * even
  let base: DirectionLanes = r - r * (odd + even)
  var degrees: DirectionLanes = 45 * above + base * (180 / Double.pi)
  degrees = 90 * swapped + (1 - 2 * swapped) * degrees
  // x's sign bit as exactly 0 or 1 (2⁵² + the bit, less 2⁵²).
  let left =
    unsafeBitCast((xBits &>> 63) | 0x4330_0000_0000_0000, to: DirectionLanes.self) - 0x1p52
  degrees = 180 * left + (1 - 2 * left) * degrees
  var result = unsafeBitCast(
    unsafeBitCast(degrees, to: DirectionLaneBits.self)
      | (yBits & 0x8000_0000_0000_0000), to: DirectionLanes.self)
  let finite = (ax .< .infinity) .& (ay .< .infinity)
  if zero.replacing(with: one, where: .!finite).sum() != 0 {
    for l in 0..<4 where !(ax[l] < .infinity && ay[l] < .infinity) {
      result[l] = atan2(y[l], x[l]) * (180 / Double.pi)
    }
  }
  return result
}

/// `PathRotation.apply` on four directions in degrees, for `auto`
/// (`reverse` false) and `reverse`.
@inline(__always)
func rotatedLanes(_ degrees: DirectionLanes, reverse: Bool, offset: Double)
  -> DirectionLanes
{
  var r = reverse ? degrees + 180 + offset : degrees + offset
  let magnitude = unsafeBitCast(
    unsafeBitCast(r, to: DirectionLaneBits.self) & 0x7FFF_FFFF_FFFF_FFFF, to: DirectionLanes.self)
  let small = magnitude .< 360
  if DirectionLanes(repeating: 1).replacing(with: 0, where: small).sum() != 0 {
    for l in 0..<4 where !(magnitude[l] < 360) {
      r[l] = r[l].truncatingRemainder(dividingBy: 360)
    }
  }
  let high = r .> 180
  let low = r .<= -180
  return r.replacing(with: r - 360, where: high).replacing(with: r + 360, where: low)
}
