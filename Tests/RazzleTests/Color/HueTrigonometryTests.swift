import XCTest

@testable import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class HueTrigonometryTests: XCTestCase {
  /// Exact at multiples of 90°, as the reduction in degrees makes them.
  func testQuarterTurnsAreExact() {
    for k in -8...8 {
      let (c, s) = hueCosSin(Double(90 * k))
      let expected: [(Double, Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
      let (ec, es) = expected[((k % 4) + 4) % 4]
      XCTAssertEqual(c, ec, "cos \(90 * k)°")
      XCTAssertEqual(s, es, "sin \(90 * k)°")
    }
  }

  /// Hand-worked values: cos 60° = sin 30° = 1/2, cos 30° = √3/2,
  /// cos 45° = √2/2, each within one ulp (π/180 is rounded).
  func testSpecialAngles() {
    let half = 0.5
    let root3 = 3.0.squareRoot() / 2
    let root2 = 2.0.squareRoot() / 2
    XCTAssertEqual(hueCosSin(60).cos, half, accuracy: half.ulp)
    XCTAssertEqual(hueCosSin(30).sin, half, accuracy: half.ulp)
    XCTAssertEqual(hueCosSin(30).cos, root3, accuracy: root3.ulp)
    XCTAssertEqual(hueCosSin(45).cos, root2, accuracy: root2.ulp)
    XCTAssertEqual(hueCosSin(45).sin, root2, accuracy: root2.ulp)
    XCTAssertEqual(hueCosSin(-150).cos, -root3, accuracy: root3.ulp)
    XCTAssertEqual(hueCosSin(-150).sin, -half, accuracy: half.ulp)
    XCTAssertEqual(hueCosSin(390).sin, half, accuracy: half.ulp)
  }

  /// Against libm's cos and sin of h·π/180 for h in [−180°, 180°]: within
  /// 4.5e-16 (libm's argument h·π/180 is rounded, by up to half an ulp of
  /// π, which the exact reduction in degrees avoids, plus the kernels'
  /// below 1 ulp).
  func testAgreesWithLibm() {
    var h = -180.0
    while h <= 180 {
      let radians = h * (Double.pi / 180)
      let (c, s) = hueCosSin(h)
      XCTAssertEqual(c, cos(radians), accuracy: 4.5e-16, "cos \(h)°")
      XCTAssertEqual(s, sin(radians), accuracy: 4.5e-16, "sin \(h)°")
      h += 0.0137
    }
  }

  /// Whole turns change nothing (beyond an ulp where a different quadrant
  /// is chosen at ±45°): the reduction in degrees is exact. The angles are
  /// multiples of 3/8°, so that adding the turns is exact too.
  func testWholeTurns() {
    var h = -180.0
    while h <= 180 {
      let (c, s) = hueCosSin(h)
      for turns in [-3.0, -1, 1, 2, 5, 1000] {
        let (ct, st) = hueCosSin(h + 360 * turns)
        XCTAssertEqual(ct, c, accuracy: 2.3e-16, "cos \(h)° + \(turns) turns")
        XCTAssertEqual(st, s, accuracy: 2.3e-16, "sin \(h)° + \(turns) turns")
      }
      h += 0.375
    }
  }

  func testNonFiniteAndHugeAngles() {
    XCTAssertTrue(hueCosSin(.nan).cos.isNaN)
    XCTAssertTrue(hueCosSin(.nan).sin.isNaN)
    XCTAssertTrue(hueCosSin(.infinity).cos.isNaN)
    XCTAssertTrue(hueCosSin(-.infinity).sin.isNaN)
    // Beyond 1e15 libm's functions of h·π/180 are used, as before.
    let huge = 3e15
    XCTAssertEqual(hueCosSin(huge).cos, cos(huge * (Double.pi / 180)))
    XCTAssertEqual(hueCosSin(huge).sin, sin(huge * (Double.pi / 180)))
    // Up to 1e15 the reduction is exact: 1e15 is a quarter turn on from
    // 1e15 − 90 (280° and 10° of the circle).
    let (c0, s0) = hueCosSin(1e15 - 90)
    let (c1, s1) = hueCosSin(1e15)
    XCTAssertEqual(c1, -s0)
    XCTAssertEqual(s1, c0)
  }
}
