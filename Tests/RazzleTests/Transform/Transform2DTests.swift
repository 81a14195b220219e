import Razzle
import XCTest

final class Transform2DTests: XCTestCase {
  func testConstructorsMatchCoreGraphics() {
    XCTAssertEqual(
      Transform2D.translation(x: 3, y: 4), Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4)
    )
    XCTAssertEqual(
      Transform2D.scale(x: 2, y: -1), Transform2D(a: 2, b: 0, c: 0, d: -1, tx: 0, ty: 0))
    let r = Transform2D.rotation(.pi / 6)
    XCTAssertEqual(r.a, 3.0.squareRoot() / 2, accuracy: 1e-15)
    XCTAssertEqual(r.b, 0.5, accuracy: 1e-15)
    XCTAssertEqual(r.c, -0.5, accuracy: 1e-15)
    XCTAssertEqual(r.d, 3.0.squareRoot() / 2, accuracy: 1e-15)
    XCTAssertEqual(Transform2D.identity, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
  }

  func testConcatenationMatchesTheThreeDimensionalProduct() {
    let t1 = Transform2D(a: 1.5, b: 0.2, c: -0.4, d: 0.9, tx: 3, ty: -7)
    let t2 = Transform2D(a: 0.3, b: -1.1, c: 2, d: 0.5, tx: -2, ty: 4)
    let flat = t1.concatenating(t2)
    let deep = Transform2D(Transform3D(t1).concatenating(Transform3D(t2)))
    XCTAssertEqual(flat.a, deep.a, accuracy: 1e-15)
    XCTAssertEqual(flat.b, deep.b, accuracy: 1e-15)
    XCTAssertEqual(flat.c, deep.c, accuracy: 1e-15)
    XCTAssertEqual(flat.d, deep.d, accuracy: 1e-15)
    XCTAssertEqual(flat.tx, deep.tx, accuracy: 1e-15)
    XCTAssertEqual(flat.ty, deep.ty, accuracy: 1e-15)
    // Translate then scale: the translation is scaled too.
    let ts = Transform2D.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 2))
    XCTAssertEqual(ts.tx, 20)
  }

  func testThreeDimensionalEmbedding() {
    let t = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let m = Transform3D(t)
    XCTAssertEqual(
      m,
      Transform3D(
        m11: 1, m12: 2, m13: 0, m14: 0, m21: 3, m22: 4, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 5, m42: 6, m43: 0, m44: 1))
    XCTAssertTrue(m.isAffine)
    XCTAssertEqual(Transform2D(m), t)
    // Projection drops what is not 2D.
    XCTAssertEqual(
      Transform2D(Transform3D.translation(x: 1, y: 2, z: 3)), .translation(x: 1, y: 2))
  }

  func testFlatStorage() {
    let t = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    var values = [Double](repeating: 0, count: 6)
    values.withUnsafeMutableBufferPointer { t.store(into: $0.baseAddress!) }
    XCTAssertEqual(values, [1, 2, 3, 4, 5, 6])
    XCTAssertEqual(
      values.withUnsafeBufferPointer { Transform2D(contentsOf: $0.baseAddress!) }, t)
  }
}
