import XCTest

@testable import Razzle

#if canImport(Glibc)
  import Glibc
#endif

/// The easings' libm-free trigonometry and 2^x against libm (an independent
/// implementation): the sine family's cos(p · π/2) and the spring's
/// (cos x, sin x), with exact ends and libm's special values.
final class EasingTrigonometryTests: XCTestCase {
  func testQuarterTurnCosineMatchesLibmAndIsExactAtTheEnds() {
    var rng = SplitMix64(seed: 0x7369_6e65)
    var worst = 0.0
    for i in 0..<200_000 {
      let p =
        i < 100_000
        ? Double.random(in: 0...1, using: &rng) : Double.random(in: -40...40, using: &rng)
      worst = max(worst, abs(quarterTurnCosine(p) - cos(p * Double.pi / 2)))
    }
    // The libm side rounds p · π first: up to half an ulp of it (7.1e-15
    // at 40 π) on top of each side's own error.
    XCTAssertLessThan(worst, 8e-15)
    XCTAssertEqual(quarterTurnCosine(0), 1)
    XCTAssertEqual(quarterTurnCosine(1), 0)
    XCTAssertEqual(quarterTurnCosine(0.5), 0.5.squareRoot(), accuracy: 1.2e-16)
    XCTAssertEqual(quarterTurnCosine(2), -1)
    XCTAssertTrue(quarterTurnCosine(.nan).isNaN)
    XCTAssertTrue(quarterTurnCosine(.infinity).isNaN)
    XCTAssertEqual(quarterTurnCosine(4e15), cos(4e15 * Double.pi / 2))
    // On [0, 1], the range the kernels use, within 2 ulp of 1 of libm.
    for k in 0...1000 {
      let p = Double(k) / 1000
      XCTAssertEqual(quarterTurnCosine(p), cos(p * Double.pi / 2), accuracy: 3.4e-16, "p=\(p)")
    }
  }

  func testRadianCosSinMatchesLibm() {
    var rng = SplitMix64(seed: 0x636f_7373)
    for bound in [1.0, 10, 100, 1e5] {
      var worst = 0.0
      for _ in 0..<50_000 {
        let x = Double.random(in: -bound...bound, using: &rng)
        let (c, s) = radianCosSin(x)
        worst = max(worst, abs(c - cos(x)), abs(s - sin(x)))
      }
      XCTAssertLessThan(worst, 3e-16, "|x| <= \(bound)")
    }
    XCTAssertEqual(radianCosSin(0).cos, 1)
    XCTAssertEqual(radianCosSin(0).sin, 0)
    XCTAssertTrue(radianCosSin(.nan).cos.isNaN)
    XCTAssertTrue(radianCosSin(.infinity).sin.isNaN)
    XCTAssertEqual(radianCosSin(3e5).cos, cos(3e5))
    XCTAssertEqual(radianCosSin(-3e5).sin, sin(-3e5))
  }

  func testBinaryExponentialMatchesLibmAndIsExactAtIntegers() {
    var rng = SplitMix64(seed: 0x6578_7032)
    for bound in [1.0, 10, 1000] {
      var worst = 0.0
      for _ in 0..<50_000 {
        let x = Double.random(in: -bound...bound, using: &rng)
        let exact = exp2(x)
        worst = max(worst, abs(binaryExponential(x) - exact) / exact.ulp)
      }
      // libm's exp2 is within 1 ulp of the exact value; the series within 3.
      XCTAssertLessThanOrEqual(worst, 4, "|x| <= \(bound)")
    }
    for n in -1000...1000 {
      XCTAssertEqual(binaryExponential(Double(n)), exp2(Double(n)), "n=\(n)")
    }
    XCTAssertEqual(binaryExponential(0), 1)
    XCTAssertEqual(binaryExponential(-10), 1.0 / 1024)
    XCTAssertEqual(binaryExponential(0.5), 2.0.squareRoot(), accuracy: 2 * 2.0.squareRoot().ulp)
    XCTAssertTrue(binaryExponential(.nan).isNaN)
    XCTAssertEqual(binaryExponential(.infinity), .infinity)
    XCTAssertEqual(binaryExponential(-.infinity), 0)
    XCTAssertEqual(binaryExponential(1500), exp2(1500))
    XCTAssertEqual(binaryExponential(-1074.5), exp2(-1074.5))
  }
}
