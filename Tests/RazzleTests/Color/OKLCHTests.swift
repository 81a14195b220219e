import Razzle
import XCTest

final class OKLCHTests: XCTestCase {
  // CSS Color 4, example "ex-oklch-samples"
  // (https://drafts.csswg.org/css-color-4/#specifying-oklab-oklch): the
  // same colors as the Oklab samples, in OkLCh, with rgb() swatches given to
  // 0.01% (rounded renderings; checked to 0.2%). The sixth, shown as the
  // named color purple, is left out as in OKLabTests.
  func testCSSSamples() {
    let samples: [(lch: OKLCH, rgb: SIMD3<Double>)] = [
      (OKLCH(l: 0.40101, c: 0.12332, h: 21.555), SIMD3(49.06, 13.87, 15.9)),
      (OKLCH(l: 0.59686, c: 0.15619, h: 49.7694), SIMD3(77.61, 36.34, 2.45)),
      (OKLCH(l: 0.65125, c: 0.13138, h: 104.097), SIMD3(61.65, 57.51, 9.28)),
      (OKLCH(l: 0.66016, c: 0.15546, h: 134.231), SIMD3(40.73, 65.12, 22.35)),
      (OKLCH(l: 0.72322, c: 0.12403, h: 247.996), SIMD3(38.29, 67.27, 93.85)),
    ]
    for (lch, rgb) in samples {
      assertClose(lch.rgba(alpha: 1).rgb, rgb / 100, 2e-3, "\(lch)")
    }
  }

  // The CSS samples give each color both as oklab() and oklch() (5
  // significant digits); the polar form must agree with the rectangular one.
  func testCSSSamplesAgreeWithOklab() {
    let pairs: [(OKLab, OKLCH)] = [
      (OKLab(l: 0.40101, a: 0.1147, b: 0.0453), OKLCH(l: 0.40101, c: 0.12332, h: 21.555)),
      (OKLab(l: 0.59686, a: 0.1009, b: 0.1192), OKLCH(l: 0.59686, c: 0.15619, h: 49.7694)),
      (OKLab(l: 0.65125, a: -0.0320, b: 0.1274), OKLCH(l: 0.65125, c: 0.13138, h: 104.097)),
      (OKLab(l: 0.66016, a: -0.1084, b: 0.1114), OKLCH(l: 0.66016, c: 0.15546, h: 134.231)),
      (OKLab(l: 0.72322, a: -0.0465, b: -0.1150), OKLCH(l: 0.72322, c: 0.12403, h: 247.996)),
    ]
    for (lab, lch) in pairs {
      let converted = OKLCH(lab)
      XCTAssertEqual(converted.c, lch.c, accuracy: 1e-4)
      XCTAssertEqual(converted.h, lch.h, accuracy: 0.05)
    }
  }

  func testSRGBPrimaries() {
    // Well-known values, e.g. oklch(62.8% 0.2577 29.23) for sRGB red.
    let red = OKLCH(RGBA(r: 1, g: 0, b: 0))
    assertClose(red.vector, SIMD3(0.62796, 0.25768, 29.2339), 1e-4)
    let blue = OKLCH(RGBA(r: 0, g: 0, b: 1))
    assertClose(blue.vector, SIMD3(0.45201, 0.31321, 264.052), 1e-3)
  }

  func testHueIsInRange() {
    for i in 0...10 {
      for j in 0...10 {
        for k in 0...10 {
          let lch = OKLCH(RGBA(r: Double(i) / 10, g: Double(j) / 10, b: Double(k) / 10))
          XCTAssertGreaterThanOrEqual(lch.h, 0)
          XCTAssertLessThan(lch.h, 360)
          XCTAssertFalse(lch.h.sign == .minus && lch.h == 0, "no negative zero")
        }
      }
    }
  }

  func testEverySRGBGrayIsAchromatic() {
    for i in 0...255 {
      let v = Double(i) / 255
      XCTAssertTrue(OKLCH(RGBA(r: v, g: v, b: v)).isHuePowerless, "gray \(i)")
    }
    XCTAssertFalse(OKLCH(l: 0.5, c: 0.0001, h: 10).isHuePowerless)
    XCTAssertTrue(OKLCH(l: 0.5, c: OKLCH.powerlessChroma, h: 10).isHuePowerless)
  }

  func testPolarRoundTrip() {
    let labs = [
      OKLab(l: 0.5, a: 0.1, b: 0.2), OKLab(l: 0.3, a: -0.2, b: 0.05),
      OKLab(l: 0.8, a: -0.01, b: -0.3), OKLab(l: 0.6, a: 0.2, b: -0.001),
    ]
    for lab in labs {
      let back = OKLCH(lab).oklab
      assertClose(back.vector, lab.vector, 1e-15)
    }
    // Hues outside [0, 360) are accepted.
    assertClose(
      OKLCH(l: 0.5, c: 0.1, h: -90).oklab.vector, OKLCH(l: 0.5, c: 0.1, h: 270).oklab.vector, 1e-15)
  }

  func testSRGBRoundTrip() {
    let colors = [
      RGBA(r: 0.2, g: 0.4, b: 0.6), RGBA(r: 1, g: 0.5, b: 0), RGBA(r: -0.3, g: 0.9, b: 1.4),
      RGBA(r: 0.5, g: 0.5, b: 0.5),
    ]
    for c in colors {
      assertClose(OKLCH(c).rgba(alpha: 1).rgb, c.rgb, 1e-12, "\(c)")
    }
  }
}
