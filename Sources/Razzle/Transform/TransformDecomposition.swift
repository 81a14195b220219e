// Decomposing and recomposing 3D matrices, after CSS Transforms Level 2
// §"Interpolation of 3D matrices"
// (https://drafts.csswg.org/css-transforms-2/#interpolation-of-3d-matrices),
// which follows the "unmatrix" of Graphics Gems II with a quaternion for the
// rotation.
//
// The decomposition follows the spec's pseudo-code step by step, except for
// how the quaternion is read off the orthonormal rotation matrix. The spec
// takes `0.5·√(1 ± r00 ± r11 ± r22)` for each component and fixes the signs by
// comparing off-diagonal entries. That loses precision (a component that
// should be 0 comes out near 1e-8, and the round trip is only good to about
// 1e-8), and the sign test fails for 180° rotations whose off-diagonal
// entries are equal (csswg-drafts#3710). Here the components come from the
// standard branch-on-the-largest-diagonal method (as in Chromium's
// DecomposeTransform); it gives the same quaternion as the spec wherever the
// spec's is right, normalized to w ≥ 0 as the spec's always is.
//
// The recomposition is M = P·T·R·Kyz·Kxz·Kxy·S in the column-vector notation
// of the spec (perspective, translation, rotation, skews, scale, applied
// right to left), which is what Chromium, WebKit and Gecko compute. The
// spec's pseudo-code writes the rotation matrix transposed relative to its
// own decomposition, so followed literally it turns every decomposed rotation
// backwards (csswg-drafts#3230, WebKit 17162, Ladybird 9784); this uses the
// rotation matrix that the decomposition's quaternion actually describes.
// Transform3D stores the transpose of the spec's column-vector matrix, so the
// product is evaluated as S·Kxyᵀ·Kxzᵀ·Kyzᵀ·Rᵀ·Tᵀ·Pᵀ.

/// A 3D transform split into the parts CSS interpolates separately:
/// perspective, translation, rotation (a unit quaternion), skew and scale.
///
/// ``recomposed`` rebuilds the matrix; a decomposed matrix recomposes to
/// itself (divided by its `m44`) to about 1e-15 relative error for
/// well-conditioned matrices.
public struct DecomposedTransform3D: Sendable, Hashable {
  /// The translation `(x, y, z)`: the matrix's `m41 m42 m43`.
  public var translation: SIMD3<Double>
  /// The scale factors along the (skewed, rotated) axes. A reflection shows
  /// up as all three negated, with a rotation to match.
  public var scale: SIMD3<Double>
  /// The shear factors `(xy, xz, yz)`.
  public var skew: SIMD3<Double>
  /// The perspective row `(x, y, z, w)`; `(0, 0, 0, 1)` when there is none.
  public var perspective: SIMD4<Double>
  /// The rotation as a unit quaternion `(x, y, z, w)`: a rotation by θ about
  /// the unit axis u is `(u·sin(θ/2), cos(θ/2))`. Decomposition returns
  /// `w ≥ 0`.
  public var quaternion: SIMD4<Double>

  /// Creates a decomposition from its parts; the defaults give the identity.
  ///
  /// - Parameters:
  ///   - translation: The translation.
  ///   - scale: The scale factors.
  ///   - skew: The shears `(xy, xz, yz)`.
  ///   - perspective: The perspective row.
  ///   - quaternion: The rotation, `(x, y, z, w)`.
  @inlinable
  public init(
    translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, skew: SIMD3<Double> = .zero,
    perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)
  ) {
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.perspective = perspective
    self.quaternion = quaternion
  }

  /// The decomposition of the identity.
  public static let identity = DecomposedTransform3D()
}

extension DecomposedTransform3D {
  /// Decomposes a matrix, or returns `nil` if it cannot be decomposed.
  ///
  /// Following CSS Transforms 2, a matrix cannot be decomposed when `m44` is
  /// 0 or when the upper-left 3×3 part (after dividing by `m44`) has
  /// determinant exactly 0; here also when any input or result is not
  /// finite. (CSS then interpolates discretely; see
  /// ``interpolateTransform(_:_:_:)``.) Nearly singular matrices decompose,
  /// into large or tiny factors.
  ///
  /// - Parameter matrix: The transform to split.
  /// - Complexity: O(1); a few dozen multiplications, no allocation.
  @inlinable
  public init?(_ matrix: Transform3D) {
    guard matrix.isFinite, matrix.m44 != 0 else { return nil }
    // Normalize the matrix so that m44 = 1.
    var m = matrix
    if m.m44 != 1 {
      let w = m.m44
      m.m11 /= w
      m.m12 /= w
      m.m13 /= w
      m.m14 /= w
      m.m21 /= w
      m.m22 /= w
      m.m23 /= w
      m.m24 /= w
      m.m31 /= w
      m.m32 /= w
      m.m33 /= w
      m.m34 /= w
      m.m41 /= w
      m.m42 /= w
      m.m43 /= w
      m.m44 = 1
    }
    var row0 = SIMD3(m.m11, m.m12, m.m13)
    var row1 = SIMD3(m.m21, m.m22, m.m23)
    var row2 = SIMD3(m.m31, m.m32, m.m33)
    // The perspective matrix (the matrix with m14 = m24 = m34 = 0, m44 = 1)
    // has the determinant of the upper 3×3 part.
    let det3 = dot3(row0, cross3(row1, row2))
    guard det3 != 0 else { return nil }
    let translation = SIMD3(m.m41, m.m42, m.m43)

    // Isolate perspective: solve perspectiveMatrix · p = (m14, m24, m34, 1)
    // (the spec's rhs · transpose(inverse(perspectiveMatrix))). The
    // perspective matrix is [A 0; t 1], so A·p.xyz = rhs.xyz and
    // p.w = 1 − t·p.xyz.
    var perspective = SIMD4<Double>(0, 0, 0, 1)
    if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
      let rhs = SIMD3(m.m14, m.m24, m.m34)
      // Cramer's rule for A·x = rhs, with A's rows row0, row1, row2.
      let c0 = SIMD3(row0.x, row1.x, row2.x)
      let c1 = SIMD3(row0.y, row1.y, row2.y)
      let c2 = SIMD3(row0.z, row1.z, row2.z)
      let x =
        SIMD3(
          dot3(rhs, cross3(c1, c2)), dot3(c0, cross3(rhs, c2)), dot3(c0, cross3(c1, rhs))) / det3
      perspective = SIMD4(x.x, x.y, x.z, 1 - dot3(translation, x))
    }

    // Scale and shear, by Gram–Schmidt on the rows.
    var scale = SIMD3<Double>.zero
    var skew = SIMD3<Double>.zero
    scale.x = length3(row0)
    row0 /= scale.x
    skew.x = dot3(row0, row1)
    row1 -= skew.x * row0
    scale.y = length3(row1)
    row1 /= scale.y
    skew.x /= scale.y
    skew.y = dot3(row0, row2)
    row2 -= skew.y * row0
    skew.z = dot3(row1, row2)
    row2 -= skew.z * row1
    scale.z = length3(row2)
    row2 /= scale.z
    skew.y /= scale.z
    skew.z /= scale.z

    // The rows are now orthonormal. If they form a left-handed system
    // (determinant −1), negate them and the scale factors.
    if dot3(row0, cross3(row1, row2)) < 0 {
      scale = -scale
      row0 = -row0
      row1 = -row1
      row2 = -row2
    }

    let quaternion = DecomposedTransform3D.quaternion(rows: row0, row1, row2)
    self.init(
      translation: translation, scale: scale, skew: skew, perspective: perspective,
      quaternion: quaternion)
    guard isFinite else { return nil }
  }

  /// The unit quaternion, with w ≥ 0, of the rotation whose row-vector
  /// matrix has the given orthonormal rows (the spec's `row[0…2]`).
  ///
  /// In the spec's column-vector notation the rotation matrix R has these
  /// rows as its columns, `R[j][i] = row[i][j]`; the quaternion is the one
  /// whose standard matrix is R.
  @inlinable
  static func quaternion(
    rows row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>
  ) -> SIMD4<Double> {
    // rXY is R[X][Y] in the column-vector notation.
    let (rxx, ryx, rzx) = (row0.x, row0.y, row0.z)
    let (rxy, ryy, rzy) = (row1.x, row1.y, row1.z)
    let (rxz, ryz, rzz) = (row2.x, row2.y, row2.z)
    let trace = rxx + ryy + rzz
    var q: SIMD4<Double>
    if trace > 0 {
      let r = (1 + trace).squareRoot()
      let s = 0.5 / r
      q = SIMD4((rzy - ryz) * s, (rxz - rzx) * s, (ryx - rxy) * s, 0.5 * r)
    } else if rxx > ryy && rxx > rzz {
      let r = (1 + rxx - ryy - rzz).squareRoot()
      let s = 0.5 / r
      q = SIMD4(0.5 * r, (rxy + ryx) * s, (rxz + rzx) * s, (rzy - ryz) * s)
    } else if ryy > rzz {
      let r = (1 - rxx + ryy - rzz).squareRoot()
      let s = 0.5 / r
      q = SIMD4((rxy + ryx) * s, 0.5 * r, (ryz + rzy) * s, (rxz - rzx) * s)
    } else {
      let r = (1 - rxx - ryy + rzz).squareRoot()
      let s = 0.5 / r
      q = SIMD4((rxz + rzx) * s, (ryz + rzy) * s, 0.5 * r, (ryx - rxy) * s)
    }
    return q.w < 0 ? -q : q
  }

  /// Whether every component is finite.
  @inlinable
  public var isFinite: Bool {
    allFinite(translation) && allFinite(scale) && allFinite(skew) && allFinite(perspective)
      && allFinite(quaternion)
  }

  /// The matrix these parts describe: perspective, then translation,
  /// rotation, skew and scale, composed as CSS Transforms 2 §"Recomposing to
  /// a 3D matrix" intends (see the note at the top of this file).
  ///
  /// The quaternion is used as given; a non-unit quaternion gives a matrix
  /// that is not a pure rotation.
  ///
  /// - Complexity: O(1); no allocation.
  @inlinable
  public var recomposed: Transform3D {
    let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
    // Rows of the row-vector rotation matrix (the transpose of the spec's
    // column-vector R).
    let r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
    let r1 = SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
    let r2 = SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
    // The linear part S·Kᵀ·Rᵀ, with K = Kyz·Kxz·Kxy = I + xy·E01 + xz·E02 +
    // yz·E12 in column-vector notation.
    let l0 = scale.x * r0
    let l1 = scale.y * (skew.x * r0 + r1)
    let l2 = scale.z * (skew.y * r0 + skew.z * r1 + r2)
    let p = SIMD3(perspective.x, perspective.y, perspective.z)
    let t = translation
    return Transform3D(
      m11: l0.x, m12: l0.y, m13: l0.z, m14: dot3(l0, p),
      m21: l1.x, m22: l1.y, m23: l1.z, m24: dot3(l1, p),
      m31: l2.x, m32: l2.y, m33: l2.z, m34: dot3(l2, p),
      m41: t.x, m42: t.y, m43: t.z, m44: dot3(t, p) + perspective.w)
  }

  /// The entries of ``recomposed`` that a 2D affine transform keeps (`m11
  /// m12 m21 m22 m41 m42`, as `Transform2D.init(_:)` takes them from a
  /// ``Transform3D``), computed alone: the same expressions, so the same bits, without the
  /// rest of the matrix (the perspective and z parts do not reach them).
  @inlinable
  var recomposed2D: Transform2D {
    let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
    let r00 = 1 - 2 * (y * y + z * z)
    let r01 = 2 * (x * y + z * w)
    let r10 = 2 * (x * y - z * w)
    let r11 = 1 - 2 * (x * x + z * z)
    return Transform2D(
      a: scale.x * r00, b: scale.x * r01, c: scale.y * (skew.x * r00 + r10),
      d: scale.y * (skew.x * r01 + r11), tx: translation.x, ty: translation.y)
  }
}
