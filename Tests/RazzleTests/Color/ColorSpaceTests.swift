import Razzle
import XCTest

final class ColorSpaceTests: XCTestCase {
  func testRawValuesAreTheCSSNames() {
    XCTAssertEqual(
      ColorSpace.allCases.map(\.rawValue), ["srgb", "linear-srgb", "oklab", "oklch", "hsl"])
    XCTAssertEqual(ColorSpace(rawValue: "linear-srgb"), .linearSRGB)
    XCTAssertNil(ColorSpace(rawValue: "lab"))
  }

  func testHueIndex() {
    XCTAssertNil(ColorSpace.srgb.hueIndex)
    XCTAssertNil(ColorSpace.linearSRGB.hueIndex)
    XCTAssertNil(ColorSpace.oklab.hueIndex)
    XCTAssertEqual(ColorSpace.oklch.hueIndex, 2)
    XCTAssertEqual(ColorSpace.hsl.hueIndex, 0)
  }

  func testCoordinatesMatchTheSpaceTypes() {
    let c = RGBA(r: 0.8, g: 0.3, b: 0.1, a: 0.5)
    XCTAssertEqual(ColorSpace.srgb.coordinates(of: c), c.rgb)
    XCTAssertEqual(ColorSpace.linearSRGB.coordinates(of: c), c.linearRGB)
    XCTAssertEqual(ColorSpace.oklab.coordinates(of: c), OKLab(c).vector)
    XCTAssertEqual(ColorSpace.oklch.coordinates(of: c), OKLCH(c).vector)
    XCTAssertEqual(ColorSpace.hsl.coordinates(of: c), HSL(c).vector)
  }

  func testRoundTripInEverySpace() {
    let colors = [
      RGBA(r: 0.8, g: 0.3, b: 0.1, a: 0.5), RGBA(r: 0, g: 0, b: 0, a: 1),
      RGBA(r: 1, g: 1, b: 1, a: 0), RGBA(r: 1.2, g: -0.1, b: 0.4, a: 1),
    ]
    for space in ColorSpace.allCases {
      for c in colors {
        let back = space.color(fromCoordinates: space.coordinates(of: c), alpha: c.a)
        XCTAssertEqual(back.r, c.r, accuracy: 1e-12, "\(space) \(c)")
        XCTAssertEqual(back.g, c.g, accuracy: 1e-12, "\(space) \(c)")
        XCTAssertEqual(back.b, c.b, accuracy: 1e-12, "\(space) \(c)")
        XCTAssertEqual(back.a, c.a, "\(space) \(c)")
      }
    }
  }

  func testPowerlessHue() {
    let gray = RGBA(r: 0.4, g: 0.4, b: 0.4)
    let red = RGBA(r: 1, g: 0, b: 0)
    for space in ColorSpace.allCases {
      XCTAssertFalse(space.isHuePowerless(space.coordinates(of: red)), "\(space)")
      XCTAssertEqual(
        space.isHuePowerless(space.coordinates(of: gray)), space.hueIndex != nil, "\(space)")
    }
  }
}
