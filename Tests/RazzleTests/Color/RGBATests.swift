import Razzle
import XCTest

final class RGBATests: XCTestCase {
  func testAlphaDefaultsToOpaque() {
    let c = RGBA(r: 0.25, g: 0.5, b: 0.75)
    XCTAssertEqual(c.a, 1)
  }

  func testExtendedRangeIsKept() {
    let c = RGBA(r: -0.5, g: 1.25, b: 3, a: 0.5)
    XCTAssertEqual(c.r, -0.5)
    XCTAssertEqual(c.g, 1.25)
    XCTAssertEqual(c.b, 3)
    XCTAssertEqual(c.a, 0.5)
  }

  func testRGBVectorGetAndSet() {
    var c = RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4)
    XCTAssertEqual(c.rgb, SIMD3(0.1, 0.2, 0.3))
    c.rgb = SIMD3(0.7, 0.8, 0.9)
    XCTAssertEqual(c, RGBA(r: 0.7, g: 0.8, b: 0.9, a: 0.4))
    XCTAssertEqual(RGBA(rgb: SIMD3(1, 2, 3), a: 0), RGBA(r: 1, g: 2, b: 3, a: 0))
  }
}
