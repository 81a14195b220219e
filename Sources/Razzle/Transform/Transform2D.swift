// A 2D affine transform in Core Graphics' layout and conventions.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2D affine transform laid out like `CGAffineTransform` (named
/// `Transform2D` because Foundation already has an `AffineTransform`): the
/// matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// applied to row vectors, `[x y 1] · M`. It is the ``Transform3D``
/// `a b 0 0 / c d 0 0 / 0 0 1 0 / tx ty 0 1` (see ``Transform3D/init(_:)``),
/// and the arguments of CSS `matrix(a, b, c, d, tx, ty)`.
///
/// `t1.concatenating(t2)` applies `t1` first, like
/// `CGAffineTransformConcat(t1, t2)`.
public struct Transform2D: Sendable, Hashable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  /// Creates a transform from its six entries, in `CGAffineTransformMake`
  /// order.
  @inlinable
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// Reads six doubles in `a, b, c, d, tx, ty` order.
  ///
  /// - Parameter pointer: At least six readable doubles.
  @inlinable
  public init(contentsOf pointer: UnsafePointer<Double>) {
    self.init(
      a: pointer[0], b: pointer[1], c: pointer[2], d: pointer[3], tx: pointer[4], ty: pointer[5])
  }

  /// Writes the six entries in `a, b, c, d, tx, ty` order.
  ///
  /// - Parameter pointer: At least six writable doubles.
  @inlinable
  public func store(into pointer: UnsafeMutablePointer<Double>) {
    pointer[0] = a
    pointer[1] = b
    pointer[2] = c
    pointer[3] = d
    pointer[4] = tx
    pointer[5] = ty
  }

  /// The identity transform, `CGAffineTransformIdentity`.
  public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation, like `CGAffineTransformMakeTranslation(x, y)`.
  ///
  /// - Parameters:
  ///   - x: The offset along x.
  ///   - y: The offset along y.
  /// - Returns: `(1, 0, 0, 1, x, y)`.
  @inlinable
  public static func translation(x: Double, y: Double) -> Transform2D {
    Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale about the origin, like `CGAffineTransformMakeScale(x, y)`.
  ///
  /// - Parameters:
  ///   - x: The factor along x.
  ///   - y: The factor along y.
  /// - Returns: `(x, 0, 0, y, 0, 0)`.
  @inlinable
  public static func scale(x: Double, y: Double) -> Transform2D {
    Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation about the origin, like `CGAffineTransformMakeRotation(angle)`:
  /// a positive angle turns +x towards +y (clockwise on a y-down screen).
  ///
  /// - Parameter angle: The angle in radians.
  /// - Returns: `(cos, sin, −sin, cos, 0, 0)`.
  @inlinable
  public static func rotation(_ angle: Double) -> Transform2D {
    let c = cos(angle)
    let s = sin(angle)
    return Transform2D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// Scale by (sx, sy), then rotate, then translate by (tx, ty), applied to a
  /// point: `scale(sx, sy)·rotation(θ)·translation(tx, ty)` in closed form,
  /// `(sx·cos θ, sx·sin θ, −sy·sin θ, sy·cos θ, tx, ty)`, from the angle's
  /// sine and cosine (so a caller with exact values at multiples of 90°
  /// gets exact zeros). Zeros are positive however they arose.
  ///
  /// This is the one composition razzle uses: ``Animator/transform(target:at:)``
  /// for a view's scale, rotation and translation tracks, and the C API's
  /// `kf_transform_make`.
  @inlinable
  public init(
    scaleX sx: Double, scaleY sy: Double, sine: Double, cosine: Double, tx: Double, ty: Double
  ) {
    // `+ 0` turns a −0 (a zero scale or sine times a negative) into 0.
    self.init(
      a: sx * cosine + 0, b: sx * sine + 0, c: -(sy * sine) + 0, d: sy * cosine + 0,
      tx: tx + 0, ty: ty + 0)
  }

  /// This transform followed by `other`, like
  /// `CGAffineTransformConcat(self, other)`.
  ///
  /// - Parameter other: The transform applied second.
  /// - Returns: The combined transform.
  @inlinable
  public func concatenating(_ other: Transform2D) -> Transform2D {
    Transform2D(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// The 2D part of a 3D transform, `(m11, m12, m21, m22, m41, m42)`, like
  /// `CATransform3DGetAffineTransform`. Whatever else the 3D transform does
  /// (z terms, perspective) is dropped.
  ///
  /// - Parameter transform: A 3D transform.
  @inlinable
  public init(_ transform: Transform3D) {
    self.init(
      a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
      tx: transform.m41, ty: transform.m42)
  }
}

extension Transform3D {
  /// The 3D transform equal to a 2D affine one,
  /// `a b 0 0 / c d 0 0 / 0 0 1 0 / tx ty 0 1`, like
  /// `CATransform3DMakeAffineTransform`.
  ///
  /// - Parameter affine: A 2D affine transform.
  @inlinable
  public init(_ affine: Transform2D) {
    self.init(
      m11: affine.a, m12: affine.b, m13: 0, m14: 0,
      m21: affine.c, m22: affine.d, m23: 0, m24: 0,
      m31: 0, m32: 0, m33: 1, m34: 0,
      m41: affine.tx, m42: affine.ty, m43: 0, m44: 1)
  }
}
