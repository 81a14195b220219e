import XCTest

@testable import Razzle

final class SRGBTransferTests: XCTestCase {
  func testEndpoints() {
    XCTAssertEqual(srgbToLinear(0), 0)
    XCTAssertEqual(linearToSRGB(0), 0)
    // The CSS formula does not give 1 exactly for 1; it is within one ulp.
    XCTAssertEqual(srgbToLinear(1), 1, accuracy: 2.3e-16)
    XCTAssertEqual(linearToSRGB(1), 1, accuracy: 2.3e-16)
  }

  func testLinearSegment() {
    XCTAssertEqual(srgbToLinear(0.04045), 0.04045 / 12.92)
    XCTAssertEqual(srgbToLinear(0.02), 0.02 / 12.92)
    XCTAssertEqual(linearToSRGB(0.003), 0.003 * 12.92)
  }

  func testPowerSegment() {
    XCTAssertEqual(srgbToLinear(0.5), 0.21404114048223255, accuracy: 1e-15)
    XCTAssertEqual(linearToSRGB(0.5), 0.7353569830524495, accuracy: 1e-15)
  }

  func testNegativeValuesKeepTheirSign() {
    for x in [0.01, 0.04045, 0.2, 0.5, 1, 2.5] {
      XCTAssertEqual(srgbToLinear(-x), -srgbToLinear(x))
      XCTAssertEqual(linearToSRGB(-x), -linearToSRGB(x))
    }
  }

  func testValuesAboveOneAreNotClipped() {
    let x = 1.5
    XCTAssertEqual(srgbToLinear(x), pow((x + 0.055) / 1.055, 2.4), accuracy: 1e-15)
    XCTAssertGreaterThan(srgbToLinear(x), 1)
  }

  // CSS Color 4 (https://drafts.csswg.org/css-color-4/#predefined-sRGB-linear),
  // example "srgb-linear-swatches": color(srgb 0.691 0.139 0.259) is the same
  // color as color(srgb-linear 0.435 0.017 0.055) (given to 3 decimals).
  func testCSSExample() {
    let linear = RGBA(r: 0.691, g: 0.139, b: 0.259).linearRGB
    XCTAssertEqual(linear.x, 0.435, accuracy: 5e-4)
    XCTAssertEqual(linear.y, 0.017, accuracy: 5e-4)
    XCTAssertEqual(linear.z, 0.055, accuracy: 5e-4)
  }

  func testRoundTripOverExtendedRange() {
    var x = -2.0
    while x <= 3 {
      XCTAssertEqual(linearToSRGB(srgbToLinear(x)), x, accuracy: 1e-14)
      XCTAssertEqual(srgbToLinear(linearToSRGB(x)), x, accuracy: 1e-14)
      x += 0.01
    }
  }

  func testRGBAConversionKeepsAlpha() {
    let c = RGBA(r: 0.2, g: -0.3, b: 1.4, a: 0.25)
    let back = RGBA(linearRGB: c.linearRGB, a: c.a)
    XCTAssertEqual(back.r, c.r, accuracy: 1e-15)
    XCTAssertEqual(back.g, c.g, accuracy: 1e-15)
    XCTAssertEqual(back.b, c.b, accuracy: 1e-15)
    XCTAssertEqual(back.a, 0.25)
  }

  func testNaNPropagates() {
    XCTAssertTrue(srgbToLinear(.nan).isNaN)
    XCTAssertTrue(linearToSRGB(.nan).isNaN)
  }

  // The power x^(5/12) without `pow` (srgbEncodingPower) against libm's
  // pow(x, 1 / 2.4), from the threshold up to 1e300 and over random
  // mantissas of 24 binades: within 2 ulp (each within about 1 ulp of its
  // exact power) plus |ln x| · 2.8e-17 relative, because the double 1 / 2.4
  // is 5/12 + 2.8e-17 and pow raises to that (the vectors check this
  // function against the exact 5/12 in mpmath).
  func testEncodingPowerAgreesWithPow() {
    func check(_ x: Double) {
      let expected = pow(x, 1 / 2.4)
      let tolerance = 2 * expected.ulp + abs(log(x)) * 2.8e-17 * expected
      XCTAssertEqual(srgbEncodingPower(x), expected, accuracy: tolerance, "\(x)")
    }
    var x = 0.0031309
    while x < 1e300 {
      check(x)
      x *= 1.0137
    }
    var rng = SplitMix64(seed: 14)
    for _ in 0..<20_000 {
      let m = rng.nextDouble(in: 1...2)
      let e = Int(rng.next() % 24) - 12
      check(m * Double(sign: .plus, exponent: e, significand: 1))
    }
  }

  // Hand-worked: 1^(5/12) = 1, (2^12)^(5/12) = 2^5, (2^-12)^(5/12) = 2^-5,
  // exactly: the Halley step from the fit's 1 + 2e-7 lands on 1, and the
  // powers of 2^12 only scale it.
  func testEncodingPowerAtPowersOfTwo() {
    XCTAssertEqual(srgbEncodingPower(1), 1)
    XCTAssertEqual(srgbEncodingPower(4096), 32)
    XCTAssertEqual(srgbEncodingPower(1.0 / 4096), 1.0 / 32)
  }

  func testInfinitiesStayInfinite() {
    XCTAssertEqual(linearToSRGB(.infinity), .infinity)
    XCTAssertEqual(linearToSRGB(-.infinity), -.infinity)
  }
}
