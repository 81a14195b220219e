import Razzle
import XCTest

final class TransformInterpolationTests: XCTestCase {
  private let degree = Double.pi / 180

  private func rotationZ(_ degrees: Double) -> Transform3D {
    .rotation(angle: degrees * degree, x: 0, y: 0, z: 1)
  }

  func testEndpointsAreExact() {
    let a = Transform3D.rotation(angle: 0.3, x: 1, y: 2, z: 3)
      .concatenating(.translation(x: 1, y: 2, z: 3)).concatenating(.perspective(distance: 700))
    var b = Transform3D.scale(x: 2, y: -1, z: 3)
    b.m21 = 0.25
    XCTAssertEqual(interpolateTransform(a, b, 0), a)
    XCTAssertEqual(interpolateTransform(a, b, 1), b)
    let p = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let q = Transform2D.rotation(1)
    XCTAssertEqual(interpolateTransform2D(p, q, 0), p)
    XCTAssertEqual(interpolateTransform2D(p, q, 1), q)
  }

  // Worked by hand: rotate(0°) → rotate(90°) about z at 0.5 is rotate(45°).
  func testRotationMidpoint() {
    assertClose(interpolateTransform(rotationZ(0), rotationZ(90), 0.5), rotationZ(45), 1e-15)
    assertClose(interpolateTransform(rotationZ(0), rotationZ(90), 0.25), rotationZ(22.5), 1e-15)
    let rx = Transform3D.rotation(angle: 60 * degree, x: 1, y: 0, z: 0)
    let rx2 = Transform3D.rotation(angle: 20 * degree, x: 1, y: 0, z: 0)
    assertClose(
      interpolateTransform(rx2, rx, 0.5), .rotation(angle: 40 * degree, x: 1, y: 0, z: 0), 1e-15)
  }

  // Worked by hand: scale 1 → 3 at 0.5 is 2; translation is linear.
  func testScaleAndTranslation() {
    assertClose(
      interpolateTransform(.identity, .scale(x: 3, y: 3, z: 3), 0.5), .scale(x: 2, y: 2, z: 2),
      1e-15)
    assertClose(
      interpolateTransform(.identity, .translation(x: 10, y: 20, z: 30), 0.25),
      .translation(x: 2.5, y: 5, z: 7.5), 1e-15)
    // Both at once: scale(1) translate(0) → scale(3) translate(8, -4).
    let to = Transform3D.scale(x: 3, y: 3).concatenating(.translation(x: 8, y: -4))
    assertClose(
      interpolateTransform(.identity, to, 0.5),
      Transform3D.scale(x: 2, y: 2).concatenating(.translation(x: 4, y: -2)), 1e-15)
  }

  func testSkewInterpolatesLinearly() {
    var to = Transform3D.identity
    to.m21 = 1
    var half = Transform3D.identity
    half.m21 = 0.5
    assertClose(interpolateTransform(.identity, to, 0.5), half, 1e-15)
  }

  func testPerspectiveInterpolatesLinearly() {
    assertClose(
      interpolateTransform(.identity, .perspective(distance: 500), 0.5),
      .perspective(distance: 1000), 1e-15)
  }

  // The rotation takes the shorter way: 170° → 190° (= −170°) passes
  // through 180°, not 0°. The CSS pseudo-code's Slerp, without negating a
  // quaternion when the dot product is negative, would go through 0°.
  func testRotationTakesTheShorterWay() {
    assertClose(interpolateTransform(rotationZ(170), rotationZ(190), 0.5), rotationZ(180), 1e-14)
    assertClose(interpolateTransform(rotationZ(190), rotationZ(170), 0.5), rotationZ(180), 1e-14)
    // 0° → 270° is the same as 0° → −90°: a quarter turn backwards.
    assertClose(interpolateTransform(rotationZ(0), rotationZ(270), 0.5), rotationZ(-45), 1e-14)
  }

  func testRotationAboutDifferentAxes() {
    // Quarter turns about x and y: the quaternions (s, 0, 0, s) and
    // (0, s, 0, s) with s = √½ have dot product ½, so θ = 60° and the
    // midpoint is their sum divided by 2·cos 30° = √3.
    let s = 0.5.squareRoot()
    let mid = interpolateTransform(
      .rotation(angle: .pi / 2, x: 1, y: 0, z: 0), .rotation(angle: .pi / 2, x: 0, y: 1, z: 0), 0.5)
    let q = SIMD4(s, s, 0, 2 * s) / 3.0.squareRoot()
    assertClose(mid, DecomposedTransform3D(quaternion: q).recomposed, 1e-15)
    // That is a rotation by 2·acos(2s/√3) about (1, 1, 0).
    let angle = 2 * acos(2 * s / 3.0.squareRoot())
    assertClose(mid, .rotation(angle: angle, x: 1, y: 1, z: 0), 1e-15)
  }

  func testSlerp() {
    let a = SIMD4(0, 0, sin(0.2), cos(0.2))
    let b = SIMD4(sin(0.5), 0, 0, cos(0.5))
    XCTAssertEqual(slerpQuaternion(a, b, 0), a)
    for t in stride(from: 0.0, through: 1, by: 0.125) {
      XCTAssertEqual(
        (slerpQuaternion(a, b, t) * slerpQuaternion(a, b, t)).sum(), 1, accuracy: 1e-15)
    }
    let end = slerpQuaternion(a, b, 1)
    for i in 0..<4 { XCTAssertEqual(end[i], b[i], accuracy: 1e-15) }
    // Equal or opposite quaternions are the same rotation: a is returned.
    XCTAssertEqual(slerpQuaternion(a, a, 0.3), a)
    XCTAssertEqual(slerpQuaternion(a, -a, 0.3), a)
    // A negative dot product is flipped: the result is the slerp towards −b.
    let c = slerpQuaternion(a, -b, 0.4)
    let d = slerpQuaternion(a, b, 0.4)
    for i in 0..<4 { XCTAssertEqual(c[i], d[i], accuracy: 1e-15) }
  }

  // CSS: a matrix that cannot be decomposed makes the interpolation
  // discrete, switching from `from` to `to` halfway.
  func testNonDecomposableFallsBackToDiscrete() {
    let flat = Transform3D.scale(x: 0, y: 1)
    let r = rotationZ(30)
    XCTAssertEqual(interpolateTransform(flat, r, 0.25), flat)
    XCTAssertEqual(interpolateTransform(flat, r, 0.4999), flat)
    XCTAssertEqual(interpolateTransform(flat, r, 0.5), r)
    XCTAssertEqual(interpolateTransform(r, flat, 0.75), flat)
    XCTAssertEqual(
      interpolateTransform2D(.scale(x: 0, y: 0), .identity, 0.3), .scale(x: 0, y: 0))
    XCTAssertEqual(interpolateTransform2D(.scale(x: 0, y: 0), .identity, 0.6), .identity)
  }

  func testDecomposedInterpolationMatchesTheFreeFunction() throws {
    let a = Transform3D.rotation(angle: 1, x: 1, y: 0, z: 1).concatenating(.translation(x: 5, y: 0))
    let b = Transform3D.scale(x: 2, y: 0.5).concatenating(.perspective(distance: 900))
    let da = try XCTUnwrap(DecomposedTransform3D(a))
    let db = try XCTUnwrap(DecomposedTransform3D(b))
    for e in [0.1, 0.5, 0.9] {
      XCTAssertEqual(da.interpolated(to: db, e).recomposed, interpolateTransform(a, b, e))
    }
  }

  // 2D transforms go through the 3D algorithm and stay 2D when neither is a
  // reflection.
  func testAffineInterpolation() {
    assertClose(
      interpolateTransform2D(.identity, .rotation(.pi / 2), 0.5), .rotation(.pi / 4), 1e-15)
    assertClose(
      interpolateTransform2D(.translation(x: 0, y: 10), .translation(x: 20, y: 30), 0.5),
      .translation(x: 10, y: 20), 1e-15)
    assertClose(
      interpolateTransform2D(.scale(x: 1, y: 2), .scale(x: 3, y: 4), 0.5), .scale(x: 2, y: 3),
      1e-15)
    let a = Transform2D(a: 1.5, b: 0.3, c: -0.2, d: 0.8, tx: 4, ty: -2)
    let b = Transform2D.rotation(2.5).concatenating(.translation(x: -3, y: 9))
    for e in [0.2, 0.5, 0.8] {
      let full = interpolateTransform(Transform3D(a), Transform3D(b), e)
      XCTAssertEqual(full.m13, 0, accuracy: 1e-15)
      XCTAssertEqual(full.m23, 0, accuracy: 1e-15)
      XCTAssertEqual(full.m31, 0, accuracy: 1e-15)
      XCTAssertEqual(full.m32, 0, accuracy: 1e-15)
      XCTAssertEqual(full.m33, 1, accuracy: 1e-15)
      XCTAssertEqual(interpolateTransform2D(a, b, e), Transform2D(full))
    }
  }

  // A reflection decomposes with all three scales negated, so from the
  // identity to a mirror image the 2D result shrinks to a point halfway
  // (documented behaviour of the 3D algorithm).
  func testAffineReflectionPassesThroughZeroScale() {
    let mid = interpolateTransform2D(.identity, .scale(x: -1, y: 1), 0.5)
    assertClose(mid, Transform2D(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), 1e-15)
  }
}
