import XCTest

@testable import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class SlerpTrigonometryTests: XCTestCase {
  /// Against libm over [−20, 20] radians (a slerp's t·θ, extrapolated):
  /// within 2.3e-16.
  func testAgreesWithLibm() {
    var x = -20.0
    while x <= 20 {
      let (c, s) = radianCosSin(x)
      XCTAssertEqual(c, cos(x), accuracy: 2.3e-16, "cos \(x)")
      XCTAssertEqual(s, sin(x), accuracy: 2.3e-16, "sin \(x)")
      x += 0.0123
    }
  }

  /// Hand-worked: cos 0 = 1, sin 0 = 0 exactly; sin(π/6) = 1/2 and
  /// cos(π/3) = 1/2 within one ulp; at the double nearest π/2, sin = 1
  /// exactly and cos = π/2 − x = 6.123233995736766e-17, to 4e-27 (the
  /// two-part π/2 of the reduction is good to about 2e-27 absolute).
  func testSpecialAngles() {
    XCTAssertEqual(radianCosSin(0).cos, 1)
    XCTAssertEqual(radianCosSin(0).sin, 0)
    XCTAssertEqual(radianCosSin(Double.pi / 6).sin, 0.5, accuracy: 0.5.ulp)
    XCTAssertEqual(radianCosSin(Double.pi / 3).cos, 0.5, accuracy: 0.5.ulp)
    XCTAssertEqual(radianCosSin(Double.pi / 2).sin, 1)
    XCTAssertEqual(radianCosSin(Double.pi / 2).cos, 6.123233995736766e-17, accuracy: 4e-27)
  }

  func testNonFiniteAndLargeAngles() {
    XCTAssertTrue(radianCosSin(.nan).cos.isNaN)
    XCTAssertTrue(radianCosSin(.infinity).sin.isNaN)
    XCTAssertEqual(radianCosSin(2e5).cos, cos(2e5))
    XCTAssertEqual(radianCosSin(2e5).sin, sin(2e5))
    XCTAssertEqual(radianCosSin(9.9e4).sin, sin(9.9e4), accuracy: 1e-11)
  }
}
