import XCTest

@testable import Razzle

final class TransformDecompositionTests: XCTestCase {
  private func roundTrip(
    _ m: Transform3D, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let d = DecomposedTransform3D(m) else {
      return XCTFail("not decomposable: \(message)", file: file, line: line)
    }
    // Unit up to the orthogonality Gram–Schmidt achieves on ill-conditioned
    // random matrices.
    XCTAssertEqual((d.quaternion * d.quaternion).sum(), 1, accuracy: 1e-10, file: file, line: line)
    XCTAssertGreaterThanOrEqual(d.quaternion.w, 0, file: file, line: line)
    // Decomposition normalizes by m44.
    var expected = m
    for i in 0..<4 {
      for j in 0..<4 { expected[i, j] = m[i, j] / m.m44 }
    }
    assertClose(d.recomposed, expected, 1e-9, message, file: file, line: line)
  }

  private let degree = Double.pi / 180

  func testIdentity() {
    XCTAssertEqual(DecomposedTransform3D(.identity), .identity)
    XCTAssertEqual(DecomposedTransform3D.identity.recomposed, .identity)
  }

  func testParts() throws {
    let t = try XCTUnwrap(DecomposedTransform3D(.translation(x: 1, y: -2, z: 3)))
    XCTAssertEqual(t, DecomposedTransform3D(translation: SIMD3(1, -2, 3)))
    let s = try XCTUnwrap(DecomposedTransform3D(.scale(x: 2, y: 3, z: 4)))
    XCTAssertEqual(s, DecomposedTransform3D(scale: SIMD3(2, 3, 4)))
    let angle = 50 * degree
    let r = try XCTUnwrap(DecomposedTransform3D(.rotation(angle: angle, x: 0, y: 0, z: 1)))
    assertClose(r.quaternion, SIMD4(0, 0, sin(angle / 2), cos(angle / 2)), 1e-15)
    assertClose(r.scale, SIMD3(1, 1, 1), 1e-15)
    let p = try XCTUnwrap(DecomposedTransform3D(.perspective(distance: 400)))
    assertClose(p.perspective, SIMD4(0, 0, -1.0 / 400, 1), 1e-18)
  }

  // CSS skewX(α) is m21 = tan α: the xy shear.
  func testSkew() throws {
    var m = Transform3D.identity
    m.m21 = tan(30 * degree)
    let d = try XCTUnwrap(DecomposedTransform3D(m))
    assertClose(d.skew, SIMD3(tan(30 * degree), 0, 0), 1e-15)
    assertClose(d.scale, SIMD3(1, 1, 1), 1e-15)
    var yz = Transform3D.identity
    yz.m32 = 0.5
    yz.m31 = -0.25
    let d2 = try XCTUnwrap(DecomposedTransform3D(yz))
    assertClose(d2.skew, SIMD3(0, -0.25, 0.5), 1e-15)
  }

  // The parts recompose as scale, then skew, then rotation, then
  // translation, then perspective (applied in that order to a point).
  func testRecompositionOrder() {
    let angle = 30 * degree
    let d = DecomposedTransform3D(
      translation: SIMD3(5, 6, 7), scale: SIMD3(2, 3, 4), skew: SIMD3(0.5, 0, 0),
      perspective: SIMD4(0, 0, -0.01, 1), quaternion: SIMD4(0, 0, sin(angle / 2), cos(angle / 2)))
    var skew = Transform3D.identity
    skew.m21 = 0.5
    let expected = Transform3D.scale(x: 2, y: 3, z: 4)
      .concatenating(skew)
      .concatenating(.rotation(angle: angle, x: 0, y: 0, z: 1))
      .concatenating(.translation(x: 5, y: 6, z: 7))
      .concatenating(.perspective(distance: 100))
    assertClose(d.recomposed, expected, 1e-14)
  }

  func testRotationsPast180Degrees() {
    let axes: [SIMD3<Double>] = [
      SIMD3(0, 0, 1), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(1, 1, 1), SIMD3(1, -1, 0),
      SIMD3(-2, 0.5, 3),
    ]
    for axis in axes {
      for degrees in [90.0, 179, 180, 181, 200, 270, 359, 540, -120] {
        let m = Transform3D.rotation(angle: degrees * degree, x: axis.x, y: axis.y, z: axis.z)
        roundTrip(m, "\(degrees)° about \(axis)")
      }
    }
  }

  // csswg-drafts#3710: a 180° rotation whose off-diagonal entries are equal
  // defeats the spec's sign test; the quaternion must still be right.
  func testHalfTurnAboutADiagonal() throws {
    let m = Transform3D.rotation(angle: .pi, x: 1, y: -1, z: 0)
    let d = try XCTUnwrap(DecomposedTransform3D(m))
    let q = d.quaternion
    XCTAssertEqual(abs(q.x), 0.5.squareRoot(), accuracy: 1e-15)
    XCTAssertEqual(q.x * q.y, -0.5, accuracy: 1e-15)
    assertClose(d.recomposed, m, 1e-15)
    // matrix(1, 1, 1, 0, 0, 0), the example in the issue.
    roundTrip(Transform3D(Transform2D(a: 1, b: 1, c: 1, d: 0, tx: 0, ty: 0)), "#3710")
  }

  func testReflections() throws {
    roundTrip(.scale(x: -1, y: 1), "scaleX(-1)")
    roundTrip(.scale(x: 1, y: -1, z: 1), "scaleY(-1)")
    roundTrip(.scale(x: -1, y: -1, z: -1), "scale(-1)")
    roundTrip(.scale(x: 2, y: -3, z: 0.5), "scale(2, -3, 0.5)")
    roundTrip(
      Transform3D.scale(x: -2, y: 1).concatenating(.rotation(angle: 2.5, x: 0, y: 0, z: 1)),
      "mirrored and rotated")
    // A reflection becomes all scales negated with a half-turn about x.
    let d = try XCTUnwrap(DecomposedTransform3D(.scale(x: -1, y: 1)))
    assertClose(d.scale, SIMD3(-1, -1, -1), 1e-15)
    assertClose(d.quaternion, SIMD4(1, 0, 0, 0), 1e-15)
  }

  func testPerspective() {
    roundTrip(.perspective(distance: 500), "perspective")
    roundTrip(
      Transform3D.rotation(angle: 0.8, x: 0, y: 1, z: 0)
        .concatenating(.translation(x: 10, y: -20, z: 30))
        .concatenating(.perspective(distance: 800)),
      "rotate, translate, perspective")
    roundTrip(
      Transform3D.perspective(distance: 800)
        .concatenating(.rotation(angle: 0.8, x: 1, y: 0, z: 0))
        .concatenating(.translation(x: 10, y: -20, z: 30)),
      "perspective first")
    var m = Transform3D.perspective(distance: 300)
    m.m14 = 0.001
    m.m24 = -0.002
    m.m44 = 2
    roundTrip(m, "general perspective row, m44 = 2")
  }

  func testSkewedCompositesRoundTrip() {
    var skew = Transform3D.identity
    skew.m21 = 0.7
    skew.m31 = -0.3
    skew.m32 = 1.2
    roundTrip(skew, "skew")
    roundTrip(
      Transform3D.scale(x: 3, y: 0.5, z: 2).concatenating(skew)
        .concatenating(.rotation(angle: 4, x: 1, y: 2, z: -1))
        .concatenating(.translation(x: 100, y: 200, z: -50)),
      "scale, skew, rotate, translate")
  }

  func testRandomMatricesRoundTrip() {
    var rng = SplitMix64(seed: 42)
    for n in 0..<500 {
      var m = Transform3D.identity
      for i in 0..<4 {
        for j in 0..<4 { m[i, j] = rng.nextDouble(in: -2...2) }
      }
      if n % 2 == 0 {
        m.m14 = 0
        m.m24 = 0
        m.m34 = 0
        m.m44 = 1
      }
      guard abs(m.m44) > 0.1 else { continue }
      roundTrip(m, "random \(n)")
    }
  }

  func testNonDecomposable() {
    XCTAssertNil(DecomposedTransform3D(.scale(x: 0, y: 1)))
    XCTAssertNil(DecomposedTransform3D(.scale(x: 1, y: 1, z: 0)))
    var m = Transform3D.identity
    m.m44 = 0
    XCTAssertNil(DecomposedTransform3D(m))
    m = .identity
    m.m11 = .nan
    XCTAssertNil(DecomposedTransform3D(m))
    m = .identity
    m.m41 = .infinity
    XCTAssertNil(DecomposedTransform3D(m))
    // Rank-deficient without any zero row.
    var flat = Transform3D.identity
    flat.m21 = 1
    flat.m22 = 0
    flat.m31 = 1
    flat.m32 = 0
    flat.m33 = 0
    XCTAssertNil(DecomposedTransform3D(flat))
  }
}
