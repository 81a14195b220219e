import Razzle
import XCTest

final class Transform3DTests: XCTestCase {
  /// `[x y z 1] · m`, divided by w.
  private func apply(_ m: Transform3D, _ p: SIMD3<Double>) -> SIMD3<Double> {
    let x = p.x * m.m11 + p.y * m.m21 + p.z * m.m31 + m.m41
    let y = p.x * m.m12 + p.y * m.m22 + p.z * m.m32 + m.m42
    let z = p.x * m.m13 + p.y * m.m23 + p.z * m.m33 + m.m43
    let w = p.x * m.m14 + p.y * m.m24 + p.z * m.m34 + m.m44
    return SIMD3(x, y, z) / w
  }

  func testIdentity() {
    let i = Transform3D.identity
    for r in 0..<4 {
      for c in 0..<4 { XCTAssertEqual(i[r, c], r == c ? 1 : 0) }
    }
    XCTAssertEqual(i.determinant, 1)
    XCTAssertTrue(i.isAffine)
  }

  func testTranslationAndScaleLayout() {
    let t = Transform3D.translation(x: 1, y: 2, z: 3)
    XCTAssertEqual(SIMD3(t.m41, t.m42, t.m43), SIMD3(1, 2, 3))
    XCTAssertEqual(apply(t, SIMD3(1, 1, 1)), SIMD3(2, 3, 4))
    let s = Transform3D.scale(x: 2, y: 3, z: 4)
    XCTAssertEqual(SIMD3(s.m11, s.m22, s.m33), SIMD3(2, 3, 4))
    XCTAssertEqual(s.determinant, 24)
    XCTAssertEqual(Transform3D.scale(x: 2, y: 3), Transform3D.scale(x: 2, y: 3, z: 1))
  }

  // CATransform3DMakeRotation(π/2, 0, 0, 1): m12 = 1, m21 = −1, so +x turns
  // into +y.
  func testRotationMatchesCoreAnimation() {
    let r = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
    XCTAssertEqual(r.m12, 1, accuracy: 1e-15)
    XCTAssertEqual(r.m21, -1, accuracy: 1e-15)
    XCTAssertEqual(r.m11, 0, accuracy: 1e-15)
    let p = apply(r, SIMD3(1, 0, 0))
    XCTAssertEqual(p.x, 0, accuracy: 1e-15)
    XCTAssertEqual(p.y, 1, accuracy: 1e-15)
    // About x, +y turns into +z; about y, +z turns into +x.
    let px = apply(Transform3D.rotation(angle: .pi / 2, x: 1, y: 0, z: 0), SIMD3(0, 1, 0))
    XCTAssertEqual(px.z, 1, accuracy: 1e-15)
    let py = apply(Transform3D.rotation(angle: .pi / 2, x: 0, y: 1, z: 0), SIMD3(0, 0, 1))
    XCTAssertEqual(py.x, 1, accuracy: 1e-15)
  }

  // CSS Transforms 2 §"Mathematical Description of Transform Functions":
  // rotate3d(x, y, z, α) with sc = sin(α/2)cos(α/2), sq = sin²(α/2), written
  // for column vectors, so its transpose is the row-vector matrix.
  func testRotationMatchesTheCSSFormula() {
    let (ax, ay, az, angle) = (1.0, -2.0, 0.5, 2.3)
    let n = (ax * ax + ay * ay + az * az).squareRoot()
    let (x, y, z) = (ax / n, ay / n, az / n)
    let sc = sin(angle / 2) * cos(angle / 2)
    let sq = sin(angle / 2) * sin(angle / 2)
    let css = Transform3D(
      m11: 1 - 2 * (y * y + z * z) * sq, m12: 2 * (x * y * sq + z * sc),
      m13: 2 * (x * z * sq - y * sc), m14: 0,
      m21: 2 * (x * y * sq - z * sc), m22: 1 - 2 * (x * x + z * z) * sq,
      m23: 2 * (y * z * sq + x * sc), m24: 0,
      m31: 2 * (x * z * sq + y * sc), m32: 2 * (y * z * sq - x * sc),
      m33: 1 - 2 * (x * x + y * y) * sq, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
    assertClose(Transform3D.rotation(angle: angle, x: ax, y: ay, z: az), css, 1e-15)
  }

  func testRotationAxisIsNormalized() {
    assertClose(
      Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 5),
      Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 1), 1e-15)
    XCTAssertEqual(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0), .identity)
    XCTAssertEqual(Transform3D.rotation(angle: 1, x: .nan, y: 0, z: 0), .identity)
    XCTAssertEqual(
      Transform3D.rotation(angle: 0.3, x: 1, y: 2, z: 3).determinant, 1, accuracy: 1e-15)
  }

  func testPerspective() {
    let p = Transform3D.perspective(distance: 500)
    XCTAssertEqual(p.m34, -1.0 / 500)
    // A point 100 closer to the viewer appears 500/400 = 1.25 times larger.
    let q = apply(p, SIMD3(10, 20, 100))
    XCTAssertEqual(q.x, 12.5, accuracy: 1e-12)
    XCTAssertEqual(q.y, 25, accuracy: 1e-12)
    XCTAssertEqual(Transform3D.perspective(distance: .infinity), .identity)
  }

  func testConcatenationAppliesSelfFirst() {
    let t = Transform3D.translation(x: 10, y: 0)
    let s = Transform3D.scale(x: 2, y: 2)
    XCTAssertEqual(apply(t.concatenating(s), SIMD3(1, 1, 0)), SIMD3(22, 2, 0))
    XCTAssertEqual(apply(s.concatenating(t), SIMD3(1, 1, 0)), SIMD3(12, 2, 0))
    // CATransform3DConcat(t, s) has translation t·s.
    XCTAssertEqual(t.concatenating(s).m41, 20)
  }

  func testConcatenationIsAssociative() {
    let a = Transform3D.rotation(angle: 0.4, x: 1, y: 1, z: 0)
    let b = Transform3D.perspective(distance: 300).concatenating(.translation(x: 3, y: 4, z: 5))
    let c = Transform3D.scale(x: 2, y: -1, z: 0.5)
    assertClose(a.concatenating(b).concatenating(c), a.concatenating(b.concatenating(c)), 1e-14)
  }

  func testInverse() {
    let m = Transform3D.rotation(angle: 0.4, x: 1, y: 1, z: 0)
      .concatenating(.translation(x: 3, y: 4, z: 5))
      .concatenating(.scale(x: 2, y: -1, z: 0.5))
      .concatenating(.perspective(distance: 300))
    guard let inverse = m.inverted() else { return XCTFail("invertible") }
    assertClose(m.concatenating(inverse), .identity, 1e-14)
    assertClose(inverse.concatenating(m), .identity, 1e-14)
    XCTAssertEqual(m.determinant * inverse.determinant, 1, accuracy: 1e-14)
    XCTAssertNil(Transform3D.scale(x: 0, y: 1).inverted())
  }

  func testSubscriptAndFlatStorage() {
    var m = Transform3D.identity
    m[3, 0] = 7
    m[0, 3] = -1
    XCTAssertEqual(m.m41, 7)
    XCTAssertEqual(m.m14, -1)
    var values = [Double](repeating: 0, count: 16)
    let source = Transform3D(
      m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
      m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
    values.withUnsafeMutableBufferPointer { source.store(into: $0.baseAddress!) }
    XCTAssertEqual(values, (1...16).map(Double.init))
    let read = values.withUnsafeBufferPointer { Transform3D(contentsOf: $0.baseAddress!) }
    XCTAssertEqual(read, source)
    XCTAssertEqual(source[2, 1], 10)
  }

  func testIsAffine() {
    XCTAssertTrue(Transform3D.translation(x: 1, y: 2).isAffine)
    XCTAssertFalse(Transform3D.translation(x: 1, y: 2, z: 3).isAffine)
    XCTAssertFalse(Transform3D.perspective(distance: 100).isAffine)
    XCTAssertFalse(Transform3D.rotation(angle: 0.1, x: 1, y: 0, z: 0).isAffine)
    XCTAssertTrue(Transform3D.rotation(angle: 0.1, x: 0, y: 0, z: 1).isAffine)
  }
}
