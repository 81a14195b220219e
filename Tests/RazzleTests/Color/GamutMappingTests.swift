import Razzle
import XCTest

final class GamutMappingTests: XCTestCase {
  func testInGamut() {
    XCTAssertTrue(RGBA(r: 0, g: 1, b: 0.5).isInSRGBGamut)
    XCTAssertFalse(RGBA(r: 1.0000001, g: 1, b: 0.5).isInSRGBGamut)
    XCTAssertFalse(RGBA(r: 0.5, g: -1e-9, b: 0.5).isInSRGBGamut)
    XCTAssertFalse(RGBA(r: .nan, g: 0.5, b: 0.5).isInSRGBGamut)
  }

  func testClipClampsEachComponent() {
    let c = RGBA(r: -0.2, g: 0.4, b: 1.7, a: 0.3)
    XCTAssertEqual(c.clippedToSRGB, RGBA(r: 0, g: 0.4, b: 1, a: 0.3))
    XCTAssertEqual(RGBA(r: 0.1, g: 0.2, b: 0.3).clippedToSRGB, RGBA(r: 0.1, g: 0.2, b: 0.3))
  }

  func testInGamutColorsAreUnchanged() {
    for c in [
      RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4), RGBA(r: 1, g: 0, b: 0), RGBA(r: 0.5, g: 0.5, b: 0.5),
    ] {
      XCTAssertEqual(c.gamutMappedToSRGB, c)
    }
  }

  func testLightnessOutOfRangeGivesWhiteOrBlack() {
    XCTAssertEqual(
      RGBA(r: 1.2, g: 1.1, b: 1.3, a: 0.5).gamutMappedToSRGB, RGBA(r: 1, g: 1, b: 1, a: 0.5))
    XCTAssertEqual(RGBA(r: -0.1, g: -0.2, b: -0.1).gamutMappedToSRGB, RGBA(r: 0, g: 0, b: 0))
  }

  // CSS Color 4, example "ex-longer"
  // (https://drafts.csswg.org/css-color-4/#hue-longer): oklch(0.7 0.195 240)
  // is out of the sRGB gamut and is shown as rgb(0% 66.25% 100%).
  func testCSSExample() {
    let c = OKLCH(l: 0.7, c: 0.195, h: 240).rgba(alpha: 1)
    XCTAssertFalse(c.isInSRGBGamut)
    let mapped = c.gamutMappedToSRGB
    XCTAssertEqual(mapped.r, 0, accuracy: 1e-3)
    XCTAssertEqual(mapped.g, 0.6625, accuracy: 1e-3)
    XCTAssertEqual(mapped.b, 1, accuracy: 1e-3)
  }

  func testMappingReducesChromaAtConstantLightnessAndHue() {
    let colors = [
      RGBA(r: 1.2, g: -0.2, b: 0.1), RGBA(r: -0.3, g: 0.9, b: 0.2, a: 0.7),
      OKLCH(l: 0.5, c: 0.35, h: 300).rgba(alpha: 1), OKLCH(l: 0.9, c: 0.3, h: 120).rgba(alpha: 1),
    ]
    for c in colors {
      XCTAssertFalse(c.isInSRGBGamut)
      let mapped = c.gamutMappedToSRGB
      XCTAssertTrue(mapped.isInSRGBGamut, "\(mapped)")
      XCTAssertEqual(mapped.a, c.a)
      let before = OKLCH(c)
      let after = OKLCH(mapped)
      // Within one JND (deltaEOK 0.02) of the constant-lightness,
      // constant-hue color of reduced chroma.
      let target = OKLCH(l: before.l, c: after.c, h: before.h).oklab
      XCTAssertLessThan(OKLab(mapped).distance(to: target), 0.02, "\(c)")
      XCTAssertLessThanOrEqual(after.c, before.c)
      XCTAssertEqual(after.l, before.l, accuracy: 0.02, "\(c)")
    }
  }

  func testNaNDoesNotLoop() {
    XCTAssertTrue(RGBA(r: .nan, g: 0, b: 0).gamutMappedToSRGB.r.isNaN)
    XCTAssertTrue(RGBA(r: .infinity, g: 0, b: 0).gamutMappedToSRGB.r.isNaN)
  }
}
