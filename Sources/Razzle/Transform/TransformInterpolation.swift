// Interpolating transforms as CSS Transforms Level 2 §"Interpolation of
// decomposed 3D matrix values" does: decompose both matrices, interpolate the
// translation, scale, skew and perspective linearly and the rotation
// quaternions by spherical linear interpolation, and recompose.
//
// One deliberate deviation from the spec's pseudo-code: when the two
// quaternions' dot product is negative, one of them is negated first, so the
// rotation takes the shorter way (at most 180°). q and −q are the same
// rotation, so this changes only the path, never the endpoints. The spec's
// Slerp as written has no such step and can turn the long way round (up to
// 360°); Chromium (gfx::Quaternion::Slerp), WebKit (TransformationMatrix's
// slerp) and glTF all negate, and a decomposition is only defined up to the
// sign of its quaternion anyway.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Spherical linear interpolation between two unit quaternions `(x, y, z,
/// w)`, along the shorter arc.
///
/// Per CSS Transforms 2: the dot product is clamped to `−1…1`; if it is
/// (after the shorter-arc negation) exactly 1 the quaternions are the same
/// rotation and `a` is returned; otherwise
/// `a·(cos tθ − p·w) + b·w` with `θ = acos p`, `w = sin tθ / √(1 − p²)`.
/// If the dot product is negative, `b` is negated first (see the note at the
/// top of this file).
///
/// - Parameters:
///   - a: The rotation at `t = 0`.
///   - b: The rotation at `t = 1`.
///   - t: The interpolation parameter; values outside `0...1` extrapolate.
/// - Returns: The interpolated quaternion; at `t = 0` it is `a`, at `t = 1`
///   `b` or `−b` up to rounding.
@inlinable
public func slerpQuaternion(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
  SlerpPlan(a, b).quaternion(a, b, t)
}

/// The part of ``slerpQuaternion(_:_:_:)`` that depends on the two
/// quaternions only: the shorter-arc sign, the clamped dot product `p`, the
/// angle `θ = acos p` and `√(1 − p²)`. A transform track computes it once
/// per segment, when a keyframe is set, so a sample pays for `sin` and
/// `cos` of `tθ` only (``radianCosSin(_:)``, one reduction and two
/// polynomials).
@usableFromInline
struct SlerpPlan {
  /// Whether `b` is negated (a negative dot product).
  @usableFromInline var negated: Bool
  /// The dot product after negation, clamped to at most 1.
  @usableFromInline var product: Double
  /// `acos(product)`.
  @usableFromInline var theta: Double
  /// `√(1 − product²)`.
  @usableFromInline var denominator: Double

  /// The doubles ``store(into:)`` writes.
  @usableFromInline static let stride = 4

  @inlinable
  init(_ a: SIMD4<Double>, _ b: SIMD4<Double>) {
    var product = (a * b).sum()
    negated = product < 0
    if negated { product = -product }
    self.product = min(product, 1)
    theta = acos(self.product)
    denominator = (1 - self.product * self.product).squareRoot()
  }

  /// Reads a plan that ``store(into:)`` wrote.
  @inlinable
  init(contentsOf p: UnsafePointer<Double>) {
    negated = p[0] != 0
    product = p[1]
    theta = p[2]
    denominator = p[3]
  }

  /// Writes ``stride`` doubles: the sign as 1 or 0, the product, θ and the
  /// denominator.
  @inlinable
  func store(into p: UnsafeMutablePointer<Double>) {
    p[0] = negated ? 1 : 0
    p[1] = product
    p[2] = theta
    p[3] = denominator
  }

  /// The slerp of `a` and `b` (the quaternions the plan was made for) at `t`.
  @inlinable @inline(__always)
  func quaternion(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    if product == 1 { return a }
    let b = negated ? -b : b
    let (cosine, sine) = radianCosSin(t * theta)
    let w = sine / denominator
    return a * (cosine - product * w) + b * w
  }
}

extension DecomposedTransform3D {
  /// The decomposition a fraction `e` of the way to `other`: translation,
  /// scale, skew and perspective interpolated linearly
  /// (`x₀ + (x₁ − x₀)·e`), the quaternion by ``slerpQuaternion(_:_:_:)``.
  ///
  /// - Parameters:
  ///   - other: The decomposition at `e = 1`.
  ///   - e: The eased progress; values outside `0...1` extrapolate.
  /// - Returns: The interpolated decomposition.
  @inlinable
  public func interpolated(to other: DecomposedTransform3D, _ e: Double) -> DecomposedTransform3D {
    interpolated(to: other, e, plan: SlerpPlan(quaternion, other.quaternion))
  }

  /// ``interpolated(to:_:)`` with the quaternions' ``SlerpPlan`` made ahead.
  @inlinable @inline(__always)
  func interpolated(to other: DecomposedTransform3D, _ e: Double, plan: SlerpPlan)
    -> DecomposedTransform3D
  {
    DecomposedTransform3D(
      translation: translation + (other.translation - translation) * e,
      scale: scale + (other.scale - scale) * e,
      skew: skew + (other.skew - skew) * e,
      perspective: perspective + (other.perspective - perspective) * e,
      quaternion: plan.quaternion(quaternion, other.quaternion, e))
  }
}

/// Interpolates between two 3D transforms as CSS Transforms 2 interpolates
/// `matrix3d()` values: decompose, interpolate the parts, recompose (see
/// ``DecomposedTransform3D``).
///
/// `e = 0` returns `from` and `e = 1` returns `to` exactly, without
/// decomposing. If either matrix cannot be decomposed (for example a scale
/// of 0, or `m44 = 0`), CSS falls back to discrete interpolation: the result
/// is `from` for `e < 0.5` and `to` from `e = 0.5` on.
///
/// - Parameters:
///   - from: The transform at `e = 0`.
///   - to: The transform at `e = 1`.
///   - e: The eased progress; values outside `0...1` extrapolate the parts.
/// - Returns: The interpolated transform.
/// - Complexity: O(1); no allocation. For many samples of the same pair,
///   decompose once and call ``DecomposedTransform3D/interpolated(to:_:)``.
@inlinable
public func interpolateTransform(_ from: Transform3D, _ to: Transform3D, _ e: Double)
  -> Transform3D
{
  if e == 0 { return from }
  if e == 1 { return to }
  guard let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) else {
    return e < 0.5 ? from : to
  }
  return a.interpolated(to: b, e).recomposed
}

/// Interpolates between two 2D affine transforms by the 3D algorithm of
/// ``interpolateTransform(_:_:_:)``: each is taken as the 3D matrix
/// `a b 0 0 / c d 0 0 / 0 0 1 0 / tx ty 0 1`, and the 2D part of the result
/// is returned.
///
/// Between 2D transforms whose 2×2 parts have determinants of the same sign,
/// the result stays a rotation about z with 2D scale, skew and translation.
/// A reflection (negative determinant) decomposes as a 180° rotation about
/// the x axis with all three scales negated, so interpolating between a
/// transform and its mirror image swings through 3D and, seen in 2D, shrinks
/// to a point halfway (from the identity to `scale(x: −1, y: 1)` the scales
/// pass through 0). CSS Transforms 1's 2D decomposition, which Chromium and
/// WebKit use for 2D matrices, negates one scale instead and squashes to a
/// line.
///
/// `e = 0` and `e = 1` return the inputs exactly; a transform with a
/// singular 2×2 part falls back to discrete interpolation (switching at
/// `e = 0.5`).
///
/// - Parameters:
///   - from: The transform at `e = 0`.
///   - to: The transform at `e = 1`.
///   - e: The eased progress.
/// - Returns: The interpolated transform.
/// - Complexity: O(1); no allocation.
@inlinable
public func interpolateTransform2D(
  _ from: Transform2D, _ to: Transform2D, _ e: Double
) -> Transform2D {
  if e == 0 { return from }
  if e == 1 { return to }
  return Transform2D(interpolateTransform(Transform3D(from), Transform3D(to), e))
}

/// A transform prepared for interpolation: its decomposition (or the fact
/// that it has none), which depends on one matrix only, so a transform track
/// computes it once per keyframe, when the keyframe is set and stores it in
/// ``stride`` doubles: a flag (1 when the matrix decomposes), then the
/// translation, scale, skew, perspective and quaternion.
@usableFromInline
enum TransformEndpoint {
  /// The doubles ``store(_:into:)`` writes.
  @usableFromInline static let stride = 18

  /// Writes the decomposition of `matrix` (zeros for one that cannot be
  /// decomposed).
  @inlinable
  static func store(_ matrix: Transform3D, into p: UnsafeMutablePointer<Double>) {
    guard let d = DecomposedTransform3D(matrix) else {
      for i in 0..<stride { p[i] = 0 }
      return
    }
    p[0] = 1
    for i in 0..<3 {
      p[1 + i] = d.translation[i]
      p[4 + i] = d.scale[i]
      p[7 + i] = d.skew[i]
    }
    for i in 0..<4 {
      p[10 + i] = d.perspective[i]
      p[14 + i] = d.quaternion[i]
    }
  }

  /// Writes the ``SlerpPlan`` of two stored decompositions' quaternions
  /// (zeros unless both decompose).
  @inlinable
  static func storePlan(
    _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into p: UnsafeMutablePointer<Double>
  ) {
    guard decomposes(a) && decomposes(b) else {
      for i in 0..<SlerpPlan.stride { p[i] = 0 }
      return
    }
    SlerpPlan(SIMD4(a[14], a[15], a[16], a[17]), SIMD4(b[14], b[15], b[16], b[17])).store(into: p)
  }

  /// Whether the stored matrix decomposes.
  @inlinable
  static func decomposes(_ p: UnsafePointer<Double>) -> Bool { p[0] != 0 }

  /// The decomposition ``store(_:into:)`` wrote, for a matrix that
  /// ``decomposes(_:)``.
  @inlinable @inline(__always)
  static func load(_ p: UnsafePointer<Double>) -> DecomposedTransform3D {
    DecomposedTransform3D(
      translation: SIMD3(p[1], p[2], p[3]), scale: SIMD3(p[4], p[5], p[6]),
      skew: SIMD3(p[7], p[8], p[9]), perspective: SIMD4(p[10], p[11], p[12], p[13]),
      quaternion: SIMD4(p[14], p[15], p[16], p[17]))
  }
}
