import Razzle
import XCTest

final class HSLTests: XCTestCase {
  // Conversions worked by hand from the CSS Color 4 formulas
  // (https://drafts.csswg.org/css-color-4/#hsl-to-rgb), all exact in binary.
  func testKnownConversions() {
    let cases: [(hsl: HSL, rgb: SIMD3<Double>)] = [
      (HSL(h: 0, s: 1, l: 0.5), SIMD3(1, 0, 0)),
      (HSL(h: 60, s: 1, l: 0.5), SIMD3(1, 1, 0)),
      (HSL(h: 120, s: 1, l: 0.5), SIMD3(0, 1, 0)),
      (HSL(h: 180, s: 1, l: 0.5), SIMD3(0, 1, 1)),
      (HSL(h: 240, s: 1, l: 0.5), SIMD3(0, 0, 1)),
      (HSL(h: 300, s: 1, l: 0.5), SIMD3(1, 0, 1)),
      // hsl(120 100% 25%) is rgb(0% 50% 0%).
      (HSL(h: 120, s: 1, l: 0.25), SIMD3(0, 0.5, 0)),
      // hsl(300 50% 50%): a = 0.25, so (0.75, 0.25, 0.75).
      (HSL(h: 300, s: 0.5, l: 0.5), SIMD3(0.75, 0.25, 0.75)),
      // hsl(30 100% 50%): orange (1, 0.5, 0).
      (HSL(h: 30, s: 1, l: 0.5), SIMD3(1, 0.5, 0)),
      (HSL(h: 0, s: 0, l: 0.75), SIMD3(0.75, 0.75, 0.75)),
      (HSL(h: 0, s: 0, l: 1), SIMD3(1, 1, 1)),
    ]
    for (hsl, rgb) in cases {
      assertClose(hsl.rgba(alpha: 1).rgb, rgb, 1e-15, "\(hsl) to rgb")
      assertClose(HSL(RGBA(rgb: rgb, a: 1)).vector, hsl.vector, 1e-13, "\(rgb) to hsl")
    }
  }

  func testAnyHueAngleIsAccepted() {
    assertClose(HSL(h: 480, s: 1, l: 0.5).rgba(alpha: 1).rgb, SIMD3(0, 1, 0), 1e-15)
    assertClose(HSL(h: -120, s: 1, l: 0.5).rgba(alpha: 1).rgb, SIMD3(0, 0, 1), 1e-15)
  }

  func testGraysHaveZeroSaturationAndPowerlessHue() {
    for i in 0...20 {
      let v = Double(i) / 20
      let hsl = HSL(RGBA(r: v, g: v, b: v))
      XCTAssertEqual(hsl.s, 0)
      XCTAssertEqual(hsl.h, 0)
      XCTAssertEqual(hsl.l, v)
      XCTAssertTrue(hsl.isHuePowerless)
    }
    XCTAssertFalse(HSL(h: 10, s: 0.001, l: 0.5).isHuePowerless)
  }

  func testAlphaIsPassedThrough() {
    XCTAssertEqual(HSL(h: 0, s: 1, l: 0.5).rgba(alpha: 0.25).a, 0.25)
  }

  func testRoundTripOverTheGamut() {
    let steps = 10
    for i in 0...steps {
      for j in 0...steps {
        for k in 0...steps {
          let c = RGBA(
            r: Double(i) / Double(steps), g: Double(j) / Double(steps), b: Double(k) / Double(steps)
          )
          let hsl = HSL(c)
          XCTAssertGreaterThanOrEqual(hsl.h, 0)
          XCTAssertLessThan(hsl.h, 360)
          assertClose(hsl.rgba(alpha: 1).rgb, c.rgb, 1e-14, "\(c)")
        }
      }
    }
  }

  func testRoundTripOutOfGamut() {
    let colors = [
      RGBA(r: 1.2, g: -0.1, b: 0.5),
      RGBA(r: -0.3, g: 0.2, b: 0.9),
      RGBA(r: 0.4, g: 1.5, b: 0.6),
      // Lightness below 0 gives a negative saturation, which CSS
      // (csswg-drafts#9222) turns positive by rotating the hue 180°.
      RGBA(r: -0.5, g: -0.2, b: 0.1),
      // Lightness above 1 likewise.
      RGBA(r: 1.5, g: 1.2, b: 0.9),
    ]
    for c in colors {
      let hsl = HSL(c)
      XCTAssertGreaterThanOrEqual(hsl.s, 0, "\(c)")
      assertClose(hsl.rgba(alpha: 1).rgb, c.rgb, 1e-14, "\(c)")
    }
  }

  func testLightnessZeroOrOneLosesTheColor() {
    // CSS's formula sets saturation to 0 when the lightness is exactly 0 or
    // 1, so these extended-range colors come back gray.
    let hsl = HSL(RGBA(r: -0.5, g: 0, b: 0.5))
    XCTAssertEqual(hsl.l, 0)
    XCTAssertEqual(hsl.s, 0)
    assertClose(hsl.rgba(alpha: 1).rgb, SIMD3(0, 0, 0), 0)
  }
}
