import RazzleKernels
import RazzleKernelsAVX2

/// `atan2(y, x)` in degrees, in [−180, 180], without a call to libm for
/// finite arguments: the direction of a path's tangent, on every angle a
/// path query gives. Within 2.4 ulp of the exact angle; a non-finite
/// argument goes to libm's `atan2`.
///
/// One direction through the batch kernel's lanes
/// (`RazzleKernels.directionDegrees(y:x:)`, which documents the method), so
/// a single query's angle and a batch's are the same bits by construction.
///
/// - Parameters:
///   - y: The vertical component.
///   - x: The horizontal component.
/// - Returns: The angle in degrees.
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
  RazzleKernels.directionDegrees(y: y, x: x)
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
  case .avx2, .avx512:
    // AVX2's build at the avx512 level too: see KernelLevel.avx512.
    RazzleKernelsAVX2.directionDegrees(
      dy, dx, count: count, reverse: reverse, offset: rotation.offset, into: angles)
  }
}
