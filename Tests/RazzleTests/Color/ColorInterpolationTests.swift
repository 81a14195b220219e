import Razzle
import XCTest

final class ColorInterpolationTests: XCTestCase {
  private let samples = [
    RGBA(r: 0.8, g: 0.3, b: 0.1, a: 0.5), RGBA(r: 0.1, g: 0.6, b: 0.9, a: 1),
    RGBA(r: 0.5, g: 0.5, b: 0.5, a: 0.2), RGBA(r: 1.2, g: -0.1, b: 0.3, a: 1),
    RGBA(r: 0, g: 0, b: 0, a: 0),
  ]

  func testEndpointsAreExact() {
    for space in ColorSpace.allCases {
      for premultiplied in [false, true] {
        for a in samples {
          for b in samples {
            XCTAssertEqual(interpolateColor(a, b, 0, in: space, premultiplied: premultiplied), a)
            XCTAssertEqual(interpolateColor(a, b, 1, in: space, premultiplied: premultiplied), b)
          }
        }
      }
    }
  }

  func testSameColorStaysPut() {
    for space in ColorSpace.allCases {
      for c in samples where c.a != 0 {
        for e in [0.25, 0.5, 0.75] {
          assertClose(interpolateColor(c, c, e, in: space), c, 1e-12, "\(space) \(c)")
        }
      }
    }
  }

  // CSS Color 4, example "ex-premultiplied-srgb"
  // (https://drafts.csswg.org/css-color-4/#interpolation-alpha):
  // rgb(24% 12% 98% / 0.4) and rgb(62% 26% 64% / 0.6) interpolated in sRGB
  // have the midpoint rgb(46.8% 20.4% 77.6% / 0.5).
  func testCSSPremultipliedSRGBExample() {
    let a = RGBA(r: 0.24, g: 0.12, b: 0.98, a: 0.4)
    let b = RGBA(r: 0.62, g: 0.26, b: 0.64, a: 0.6)
    let mid = interpolateColor(a, b, 0.5, in: .srgb, premultiplied: true)
    assertClose(mid, RGBA(r: 0.468, g: 0.204, b: 0.776, a: 0.5), 1e-12)
    // Without premultiplication it is the plain average.
    let plain = interpolateColor(a, b, 0.5, in: .srgb, premultiplied: false)
    assertClose(plain, RGBA(r: 0.43, g: 0.19, b: 0.81, a: 0.5), 1e-12)
  }

  // CSS Color 4, example "ex-shorter": the midpoint of oklch(0.6 0.24
  // 30) and oklch(0.8 0.15 90) in OkLCh is oklch(0.7 0.195 60).
  func testCSSShorterHueExample() {
    let red = OKLCH(l: 0.6, c: 0.24, h: 30).rgba(alpha: 1)
    let yellow = OKLCH(l: 0.8, c: 0.15, h: 90).rgba(alpha: 1)
    let mid = OKLCH(interpolateColor(red, yellow, 0.5, in: .oklch))
    XCTAssertEqual(mid.l, 0.7, accuracy: 1e-12)
    XCTAssertEqual(mid.c, 0.195, accuracy: 1e-12)
    XCTAssertEqual(mid.h, 60, accuracy: 1e-9)
  }

  func testHueTakesTheShorterArcAcrossZero() {
    let a = HSL(h: 350, s: 1, l: 0.5).rgba(alpha: 1)
    let b = HSL(h: 10, s: 1, l: 0.5).rgba(alpha: 1)
    // Midway is hue 0 (red), not hue 180 (cyan), in either direction.
    assertClose(interpolateColor(a, b, 0.5, in: .hsl), RGBA(r: 1, g: 0, b: 0), 1e-12)
    assertClose(interpolateColor(b, a, 0.5, in: .hsl), RGBA(r: 1, g: 0, b: 0), 1e-12)
    let quarter = HSL(interpolateColor(a, b, 0.25, in: .hsl))
    XCTAssertEqual(quarter.h, 355, accuracy: 1e-9)
    let lch0 = OKLCH(l: 0.6, c: 0.1, h: 340).rgba(alpha: 1)
    let lch1 = OKLCH(l: 0.6, c: 0.1, h: 60).rgba(alpha: 1)
    XCTAssertEqual(OKLCH(interpolateColor(lch0, lch1, 0.5, in: .oklch)).h, 20, accuracy: 1e-9)
  }

  func testPowerlessHueTakesTheOtherColorsHue() {
    // White has no hue: fading red to white in OkLCh keeps red's hue
    // instead of swinging through hue 0's neighbours.
    let red = RGBA(r: 1, g: 0, b: 0)
    let white = RGBA(r: 1, g: 1, b: 1)
    let redHue = OKLCH(red).h
    for e in [0.25, 0.5, 0.75] {
      XCTAssertEqual(OKLCH(interpolateColor(red, white, e, in: .oklch)).h, redHue, accuracy: 1e-6)
      XCTAssertEqual(OKLCH(interpolateColor(white, red, e, in: .oklch)).h, redHue, accuracy: 1e-6)
    }
    // Gray to blue in HSL keeps blue's hue, 240.
    let gray = RGBA(r: 0.5, g: 0.5, b: 0.5)
    let blue = RGBA(r: 0, g: 0, b: 1)
    XCTAssertEqual(HSL(interpolateColor(gray, blue, 0.5, in: .hsl)).h, 240, accuracy: 1e-9)
  }

  func testBothHuesPowerlessGivesAGray() {
    let black = RGBA(r: 0, g: 0, b: 0)
    let white = RGBA(r: 1, g: 1, b: 1)
    for space in [ColorSpace.oklch, .hsl] {
      let mid = interpolateColor(black, white, 0.5, in: space)
      XCTAssertEqual(mid.r, mid.g, accuracy: 1e-12, "\(space)")
      XCTAssertEqual(mid.g, mid.b, accuracy: 1e-12, "\(space)")
    }
    // In HSL the gray is lightness 0.5; in OkLCh, Oklab lightness 0.5.
    assertClose(interpolateColor(black, white, 0.5, in: .hsl), RGBA(r: 0.5, g: 0.5, b: 0.5), 1e-15)
    XCTAssertEqual(OKLab(interpolateColor(black, white, 0.5, in: .oklch)).l, 0.5, accuracy: 1e-12)
    assertClose(
      interpolateColor(black, white, 0.5, in: .oklch),
      interpolateColor(black, white, 0.5, in: .oklab), 1e-12)
  }

  func testLinearAndOklabMidpointsOfBlackAndWhite() {
    let black = RGBA(r: 0, g: 0, b: 0)
    let white = RGBA(r: 1, g: 1, b: 1)
    let linear = interpolateColor(black, white, 0.5, in: .linearSRGB)
    XCTAssertEqual(linear.r, linearToSRGB(0.5), accuracy: 1e-15)
    let lab = interpolateColor(black, white, 0.5, in: .oklab)
    XCTAssertEqual(OKLab(lab).l, 0.5, accuracy: 1e-12)
    XCTAssertEqual(OKLab(lab).a, 0, accuracy: 1e-7)
  }

  func testFadingToTransparentKeepsTheColorWhenPremultiplied() {
    let red = RGBA(r: 1, g: 0, b: 0, a: 1)
    let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)
    for space in ColorSpace.allCases {
      for e in [0.25, 0.5, 0.75] {
        let c = interpolateColor(red, transparent, e, in: space, premultiplied: true)
        assertClose(c, RGBA(r: 1, g: 0, b: 0, a: 1 - e), 1e-12, "\(space) \(e)")
      }
    }
    // Without premultiplication the color darkens towards black.
    let darker = interpolateColor(red, transparent, 0.5, in: .srgb, premultiplied: false)
    assertClose(darker, RGBA(r: 0.5, g: 0, b: 0, a: 0.5), 1e-15)
  }

  func testZeroInterpolatedAlphaIsNotDividedBy() {
    let a = RGBA(r: 1, g: 0, b: 0, a: 0)
    let b = RGBA(r: 0, g: 0, b: 1, a: 0)
    let mid = interpolateColor(a, b, 0.5, in: .srgb, premultiplied: true)
    assertClose(mid, RGBA(r: 0, g: 0, b: 0, a: 0), 0)
  }

  func testHueIsNotPremultiplied() {
    let a = OKLCH(l: 0.6, c: 0.1, h: 30).rgba(alpha: 0.2)
    let b = OKLCH(l: 0.6, c: 0.1, h: 90).rgba(alpha: 1)
    // Premultiplying only l and c leaves equal l and c unchanged, and the
    // hue interpolates on its own: 30 + 60·0.5.
    let mid = interpolateColor(a, b, 0.5, in: .oklch, premultiplied: true)
    let lch = OKLCH(mid)
    XCTAssertEqual(lch.h, 60, accuracy: 1e-9)
    XCTAssertEqual(lch.l, 0.6, accuracy: 1e-12)
    XCTAssertEqual(lch.c, 0.1, accuracy: 1e-12)
    XCTAssertEqual(mid.a, 0.6, accuracy: 1e-15)
  }

  func testExtrapolationAndOutOfGamutValuesAreNotClipped() {
    let a = RGBA(r: 0.2, g: 0.2, b: 0.2)
    let b = RGBA(r: 0.8, g: 0.8, b: 0.8)
    assertClose(
      interpolateColor(a, b, 1.5, in: .srgb), RGBA(r: 1.1, g: 1.1, b: 1.1), 1e-15)
    let wide = RGBA(r: 1.3, g: -0.2, b: 0.1)
    let mid = interpolateColor(wide, wide, 0.5, in: .oklab)
    assertClose(mid, wide, 1e-12)
  }
}
