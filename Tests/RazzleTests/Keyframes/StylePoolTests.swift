import XCTest

@testable import Razzle

final class StylePoolTests: XCTestCase {
  func style(_ spec: String) throws -> KeyframeStyle {
    KeyframeStyle(easing: try Easing(parsing: spec))
  }

  func testPlainStyleIsIndexZeroAndFree() {
    var pool = StylePool()
    XCTAssertEqual(pool.retain(.plain), 0)
    XCTAssertEqual(pool.retain(KeyframeStyle()), 0)
    XCTAssertEqual(pool.referenceCount(0), 0)
    pool.release(0)
    XCTAssertEqual(pool[0], .plain)
  }

  func testEqualStylesShareOneSlotWithAReferenceCount() throws {
    var pool = StylePool()
    let a = pool.retain(try style("easeInQuad"))
    let b = pool.retain(try style("easeInQuad"))
    let c = pool.retain(try style("easeOutQuad"))
    XCTAssertEqual(a, 1)
    XCTAssertEqual(b, 1)
    XCTAssertEqual(c, 2)
    XCTAssertEqual(pool.referenceCount(1), 2)
    XCTAssertEqual(pool.kernels[1], .penner(.quad, .easeIn))
    pool.release(a)
    XCTAssertEqual(pool.referenceCount(1), 1)
    pool.release(b)
    XCTAssertEqual(pool[1], .plain, "freed")
    // A freed slot is reused by the next new style.
    XCTAssertEqual(pool.retain(try style("easeInOutSine")), 1)
    XCTAssertEqual(pool.kernels[1], .penner(.sine, .easeInOut))
  }

  func testOnlyCubicBezierStylesGetAnInverseTable() throws {
    var pool = StylePool()
    _ = pool.retain(try style("easeInQuad"))
    _ = pool.retain(try style("steps(4)"))
    _ = pool.retain(KeyframeStyle(interpolation: .hold))
    XCTAssertEqual(pool.tableSlots, 0)
    XCTAssertEqual(pool.inverses.count, 0)
    let ease = pool.retain(try style("ease"))
    XCTAssertEqual(pool.kernels[Int(ease)], .cubicBezier(table: 0))
    XCTAssertEqual(pool.tableSlots, 1)
    XCTAssertEqual(pool.beziers[0], .ease)
    XCTAssertEqual(Array(pool.inverses.buffer), CubicBezier.ease.inverseTable)
    let curve = try CubicBezier(0.1, 0.7, 0.9, 0.2)
    let other = pool.retain(KeyframeStyle(easing: .cubicBezier(curve)))
    XCTAssertEqual(pool.kernels[Int(other)], .cubicBezier(table: 1))
    XCTAssertEqual(Array(pool.inverses.buffer[65..<130]), curve.inverseTable)
    // Releasing frees the table slot; the next curve takes it over.
    pool.release(ease)
    let third = try CubicBezier(0.5, 0, 0.5, 1)
    let index = pool.retain(KeyframeStyle(easing: .cubicBezier(third)))
    XCTAssertEqual(pool.kernels[Int(index)], .cubicBezier(table: 0))
    XCTAssertEqual(pool.tableSlots, 2)
    XCTAssertEqual(pool.beziers[0], third)
    XCTAssertEqual(Array(pool.inverses.buffer[0..<65]), third.inverseTable)
  }

  func testTheInverseTableIsTheCurvesInverse() throws {
    // t at x = k/64 solves x(t) = k/64 (checked against the curve's own x(t)).
    let curve = try CubicBezier(0.42, 0, 0.58, 1)
    var pool = StylePool()
    _ = pool.retain(KeyframeStyle(easing: .cubicBezier(curve)))
    for k in 0...64 {
      let t = pool.inverses[k]
      XCTAssertEqual(curve.sampleX(t), Double(k) / 64, accuracy: 1e-12, "k = \(k)")
    }
  }
}
