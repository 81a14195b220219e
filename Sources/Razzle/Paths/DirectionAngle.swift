import RazzleKernels
import RazzleKernelsAVX2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `atan2(y, x)` in degrees, in [−180, 180], without a call to libm for
/// finite arguments: the direction of a path's tangent, on every angle a
/// path query gives.
///
/// The ratio of the smaller to the larger of |x| and |y| is taken to
/// [−tan(π/8), tan(π/8)] by `(t − 1)/(1 + t)` (which subtracts 45° exactly),
/// where fdlibm's `atan` polynomial (FreeBSD msun s_atan.c, 11 terms, error
/// below 1 ulp on |t| < 7/16) gives the angle; the octant is restored with
/// exact offsets of 90° and 180° and y's sign, as `atan2` does for signed
/// zeros (`atan2(±0, −0) = ±180`). Within 2.4 ulp of the exact angle
/// (checked against mpmath over 2e4 directions; `DirectionAngleTests`
/// checks it against libm's `atan2` over a grid). A non-finite argument
/// goes to libm's `atan2`.
///
/// The same operations in the same order every time (no fused
/// multiply-add), so a batch gives the bits a single call gives. The
/// octant's choices are arithmetic on 0 or 1 (`90·k + (1 − 2k)·d`, exact
/// for both k), not selects, which baseline x86-64 compiles to branches.
///
/// - Parameters:
///   - y: The vertical component.
///   - x: The horizontal component.
/// - Returns: The angle in degrees.
@inlinable @inline(__always)
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
  let ax = abs(x)
  let ay = abs(y)
  guard ax < .infinity && ay < .infinity else { return atan2(y, x) * (180 / Double.pi) }
  // The octant's choices as 0 or 1 in a double (a conversion, not a
  // select: on baseline x86-64 a select of doubles is a branch, and these
  // are unpredictable for directions all round).
  let swapped = Double(ay > ax ? 1 : 0)
  let numerator = min(ax, ay)
  let denominator = max(ax, ay)
  let t = denominator == 0 ? 0 : numerator / denominator
  let above = Double(t > 0.41421356237309503 ? 1 : 0)  // tan(π/8)
  // t, or (t − 1)/(1 + t) above tan(π/8).
  let r = (t - above) / (1 + above * t)
  let z = r * r
  let w = z * z
  let odd =
    z
    * (3.33333333333329318027e-01 + w
      * (1.42857142725034663711e-01 + w
        * (9.09088713343650656196e-02 + w
          * (6.66107313738753120669e-02 + w
            * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
  let even =
    w
    * (-1.99999999998764832476e-01 + w
      * (-1.11111104054623557880e-01 + w
        * (-7.69187620504482999495e-02 + w
          * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
  var degrees = 45 * above + (r - r * (odd + even)) * (180 / Double.pi)
  degrees = 90 * swapped + (1 - 2 * swapped) * degrees
  let left = Double(x.sign == .minus ? 1 : 0)
  degrees = 180 * left + (1 - 2 * left) * degrees
  // degrees is in [0, 180]: y's sign bit gives atan2's sign.
  return Double(bitPattern: degrees.bitPattern | (y.bitPattern & (1 << 63)))
}

/// `rotation.apply(atan2Degrees(dy[i], dx[i]))` into `angles[i]` for i in
/// `0..<count`, at `level`: the angles of a path batch, four at a time by
/// `directionDegrees` of `RazzleKernels` (the same bits).
///
/// - Complexity: O(count).
func directionAngles(
  _ dy: UnsafePointer<Double>, _ dx: UnsafePointer<Double>, count: Int,
  rotation: PathRotation, into angles: UnsafeMutablePointer<Double>,
  level: KernelLevel = .active
) {
  let reverse: Bool
  switch rotation.mode {
  case .fixed:
    angles.update(repeating: rotation.offset, count: count)
    return
  case .auto: reverse = false
  case .reverse: reverse = true
  }
  switch level {
  case .baseline:
    RazzleKernels.directionDegrees(
      dy, dx, count: count, reverse: reverse, offset: rotation.offset, into: angles)
  case .avx2:
    RazzleKernelsAVX2.directionDegrees(
      dy, dx, count: count, reverse: reverse, offset: rotation.offset, into: angles)
  }
}
