// A 4×4 homogeneous transform in Core Animation's layout and conventions.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 4×4 homogeneous transform laid out like `CATransform3D`.
///
/// Points are row vectors multiplied on the left, `[x y z 1] · M`, so the
/// translation sits in `m41 m42 m43` and perspective in `m14 m24 m34`. The
/// sixteen numbers in the order `m11, m12, …, m44` are also the arguments of
/// CSS `matrix3d()` (which CSS calls column-major, since it writes points as
/// columns).
///
/// `a.concatenating(b)` applies `a` first, then `b`, like
/// `CATransform3DConcat(a, b)`.
public struct Transform3D: Sendable, Hashable {
  public var m11: Double
  public var m12: Double
  public var m13: Double
  public var m14: Double
  public var m21: Double
  public var m22: Double
  public var m23: Double
  public var m24: Double
  public var m31: Double
  public var m32: Double
  public var m33: Double
  public var m34: Double
  public var m41: Double
  public var m42: Double
  public var m43: Double
  public var m44: Double

  /// Creates a transform from its sixteen entries, in `CATransform3D` (and
  /// CSS `matrix3d()`) order.
  @inlinable
  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    self.m11 = m11
    self.m12 = m12
    self.m13 = m13
    self.m14 = m14
    self.m21 = m21
    self.m22 = m22
    self.m23 = m23
    self.m24 = m24
    self.m31 = m31
    self.m32 = m32
    self.m33 = m33
    self.m34 = m34
    self.m41 = m41
    self.m42 = m42
    self.m43 = m43
    self.m44 = m44
  }

  /// Reads sixteen doubles in `m11, m12, …, m44` order, as a flat channel
  /// array stores them.
  ///
  /// - Parameter pointer: At least sixteen readable doubles.
  @inlinable
  public init(contentsOf pointer: UnsafePointer<Double>) {
    self.init(
      m11: pointer[0], m12: pointer[1], m13: pointer[2], m14: pointer[3],
      m21: pointer[4], m22: pointer[5], m23: pointer[6], m24: pointer[7],
      m31: pointer[8], m32: pointer[9], m33: pointer[10], m34: pointer[11],
      m41: pointer[12], m42: pointer[13], m43: pointer[14], m44: pointer[15])
  }

  /// Writes the sixteen entries in `m11, m12, …, m44` order.
  ///
  /// - Parameter pointer: At least sixteen writable doubles.
  @inlinable
  public func store(into pointer: UnsafeMutablePointer<Double>) {
    pointer[0] = m11
    pointer[1] = m12
    pointer[2] = m13
    pointer[3] = m14
    pointer[4] = m21
    pointer[5] = m22
    pointer[6] = m23
    pointer[7] = m24
    pointer[8] = m31
    pointer[9] = m32
    pointer[10] = m33
    pointer[11] = m34
    pointer[12] = m41
    pointer[13] = m42
    pointer[14] = m43
    pointer[15] = m44
  }

  /// The entry in `row` and `column`, both counted from 0: `self[3, 0]` is
  /// `m41`. This is the `matrix[row][column]` of the CSS Transforms
  /// pseudo-code.
  ///
  /// - Precondition: `row` and `column` are in `0..<4`.
  @inlinable
  public subscript(row: Int, column: Int) -> Double {
    get {
      precondition((0..<4).contains(row) && (0..<4).contains(column), "index out of range")
      switch row * 4 + column {
      case 0: return m11
      case 1: return m12
      case 2: return m13
      case 3: return m14
      case 4: return m21
      case 5: return m22
      case 6: return m23
      case 7: return m24
      case 8: return m31
      case 9: return m32
      case 10: return m33
      case 11: return m34
      case 12: return m41
      case 13: return m42
      case 14: return m43
      default: return m44
      }
    }
    set {
      precondition((0..<4).contains(row) && (0..<4).contains(column), "index out of range")
      switch row * 4 + column {
      case 0: m11 = newValue
      case 1: m12 = newValue
      case 2: m13 = newValue
      case 3: m14 = newValue
      case 4: m21 = newValue
      case 5: m22 = newValue
      case 6: m23 = newValue
      case 7: m24 = newValue
      case 8: m31 = newValue
      case 9: m32 = newValue
      case 10: m33 = newValue
      case 11: m34 = newValue
      case 12: m41 = newValue
      case 13: m42 = newValue
      case 14: m43 = newValue
      default: m44 = newValue
      }
    }
  }
}

// MARK: - Constructors

extension Transform3D {
  /// The identity transform, `CATransform3DIdentity`.
  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

  /// A translation, like `CATransform3DMakeTranslation(x, y, z)`.
  ///
  /// - Parameters:
  ///   - x: The offset along x, stored in `m41`.
  ///   - y: The offset along y, in `m42`.
  ///   - z: The offset along z, in `m43`.
  /// - Returns: The translation.
  @inlinable
  public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
    var t = identity
    t.m41 = x
    t.m42 = y
    t.m43 = z
    return t
  }

  /// A scale about the origin, like `CATransform3DMakeScale(x, y, z)`.
  /// Negative factors reflect.
  ///
  /// - Parameters:
  ///   - x: The factor along x, stored in `m11`.
  ///   - y: The factor along y, in `m22`.
  ///   - z: The factor along z, in `m33`.
  /// - Returns: The scale.
  @inlinable
  public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
    var t = identity
    t.m11 = x
    t.m22 = y
    t.m33 = z
    return t
  }

  /// A rotation by `angle` radians about the axis `(x, y, z)` through the
  /// origin, like `CATransform3DMakeRotation(angle, x, y, z)` and CSS
  /// `rotate3d()`.
  ///
  /// The axis is normalized first; an axis of length 0 (or not finite) gives
  /// the identity, as CSS specifies. A positive angle about +z turns +x
  /// towards +y (`m12 = sin angle`).
  ///
  /// - Parameters:
  ///   - angle: The angle in radians.
  ///   - x: The axis' x component.
  ///   - y: The axis' y component.
  ///   - z: The axis' z component.
  /// - Returns: The rotation.
  @inlinable
  public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 && length.isFinite else { return identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle)
    let s = sin(angle)
    let t = 1 - c
    return Transform3D(
      m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
      m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
      m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// A perspective projection with the eye `distance` from the z = 0 plane:
  /// the identity with `m34 = −1/distance`, the usual Core Animation idiom
  /// and CSS `perspective()`.
  ///
  /// An infinite distance gives the identity. CSS clamps distances below 1
  /// to 1; this does not.
  ///
  /// - Parameter distance: The distance from the viewer to the z = 0 plane.
  /// - Returns: The projection.
  @inlinable
  public static func perspective(distance: Double) -> Transform3D {
    var t = identity
    t.m34 = -1 / distance
    return t
  }
}

// MARK: - Arithmetic

extension Transform3D {
  /// This transform followed by `other`: the matrix product `self · other`,
  /// like `CATransform3DConcat(self, other)`.
  ///
  /// - Parameter other: The transform applied second.
  /// - Returns: The combined transform.
  /// - Complexity: 64 multiplications.
  @inlinable
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let a = self
    let b = other
    return Transform3D(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
      m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
      m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
      m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
      m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
      m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
      m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
      m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
  }

  /// The determinant of the 4×4 matrix.
  @inlinable
  public var determinant: Double {
    let (b00, b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11) = minors
    return b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06
  }

  /// The 2×2 minors of the top two and bottom two rows, from which the
  /// determinant and the inverse are built (Laplace expansion by
  /// complementary minors).
  @inlinable
  var minors:
    (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)
  {
    let b00 = m11 * m22 - m12 * m21
    let b01 = m11 * m23 - m13 * m21
    let b02 = m11 * m24 - m14 * m21
    let b03 = m12 * m23 - m13 * m22
    let b04 = m12 * m24 - m14 * m22
    let b05 = m13 * m24 - m14 * m23
    let b06 = m31 * m42 - m32 * m41
    let b07 = m31 * m43 - m33 * m41
    let b08 = m31 * m44 - m34 * m41
    let b09 = m32 * m43 - m33 * m42
    let b10 = m32 * m44 - m34 * m42
    let b11 = m33 * m44 - m34 * m43
    return (b00, b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11)
  }

  /// The inverse transform, like `CATransform3DInvert`, or `nil` when the
  /// determinant is 0 or the result would not be finite.
  ///
  /// - Returns: `m` with `self.concatenating(m)` equal to the identity up to
  ///   rounding, or `nil`.
  @inlinable
  public func inverted() -> Transform3D? {
    let (b00, b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11) = minors
    let det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06
    guard det != 0 && det.isFinite else { return nil }
    let inverse = Transform3D(
      m11: (m22 * b11 - m23 * b10 + m24 * b09) / det,
      m12: (m13 * b10 - m12 * b11 - m14 * b09) / det,
      m13: (m42 * b05 - m43 * b04 + m44 * b03) / det,
      m14: (m33 * b04 - m32 * b05 - m34 * b03) / det,
      m21: (m23 * b08 - m21 * b11 - m24 * b07) / det,
      m22: (m11 * b11 - m13 * b08 + m14 * b07) / det,
      m23: (m43 * b02 - m41 * b05 - m44 * b01) / det,
      m24: (m31 * b05 - m33 * b02 + m34 * b01) / det,
      m31: (m21 * b10 - m22 * b08 + m24 * b06) / det,
      m32: (m12 * b08 - m11 * b10 - m14 * b06) / det,
      m33: (m41 * b04 - m42 * b02 + m44 * b00) / det,
      m34: (m32 * b02 - m31 * b04 - m34 * b00) / det,
      m41: (m22 * b07 - m21 * b09 - m23 * b06) / det,
      m42: (m11 * b09 - m12 * b07 + m13 * b06) / det,
      m43: (m42 * b01 - m41 * b03 - m43 * b00) / det,
      m44: (m31 * b03 - m32 * b01 + m33 * b00) / det)
    return inverse.isFinite ? inverse : nil
  }

  /// Whether all sixteen entries are finite.
  @inlinable
  public var isFinite: Bool {
    m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite
      && m22.isFinite && m23.isFinite && m24.isFinite && m31.isFinite && m32.isFinite
      && m33.isFinite && m34.isFinite && m41.isFinite && m42.isFinite && m43.isFinite
      && m44.isFinite
  }

  /// Whether the transform is a 2D affine transform: only `m11 m12 m21 m22
  /// m41 m42` differ from the identity (`CATransform3DIsAffine`).
  @inlinable
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
      && m34 == 0 && m43 == 0 && m44 == 1
  }
}
