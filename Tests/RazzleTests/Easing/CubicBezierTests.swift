import Razzle
import XCTest

#if arch(x86_64) || arch(i386)
  /// The reference works in extended precision where the platform has it, so
  /// that even ill-conditioned points (x'(t) = 0) are solved accurately.
  private typealias Wide = Float80
#else
  private typealias Wide = Double
#endif

/// Checks `CubicBezier` against an independent solution of the parametric
/// form: x(t) and y(t) in Bernstein form, and x(t) = p solved by plain
/// bisection to the limit of (extended) precision.
final class CubicBezierTests: XCTestCase {
  /// A reference curve in Bernstein form, independent of the type's
  /// polynomial coefficients.
  private struct Reference {
    var x1, y1, x2, y2: Wide

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
      (self.x1, self.y1, self.x2, self.y2) = (Wide(x1), Wide(y1), Wide(x2), Wide(y2))
    }

    func bernstein(_ a: Wide, _ b: Wide, _ t: Wide) -> Wide {
      let s = 1 - t
      return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
    }

    func bernsteinDerivative(_ a: Wide, _ b: Wide, _ t: Wide) -> Wide {
      let s = 1 - t
      return 3 * s * s * a + 6 * s * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// The parameter where x(t) = p, by 200 steps of bisection.
    func parameter(_ p: Double) -> Wide {
      var low: Wide = 0
      var high: Wide = 1
      for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(x1, x2, middle) < Wide(p) { low = middle } else { high = middle }
      }
      return (low + high) / 2
    }

    func value(_ p: Double) -> Double { Double(bernstein(y1, y2, parameter(p))) }

    func slope(_ p: Double) -> Double {
      let t = parameter(p)
      return Double(bernsteinDerivative(y1, y2, t) / bernsteinDerivative(x1, x2, t))
    }
  }

  private let curves: [(Double, Double, Double, Double)] = [
    (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
    (0.68, -0.55, 0.265, 1.55),  // easeInOutBack from easings.net
    (0.175, 0.885, 0.32, 1.275),  // easeOutBack
    (0.1, 2.5, 0.9, -1.5), (0.5, 0.5, 0.5, 0.5), (0.9, 0.1, 0.1, 0.9),
    (0.3, -3, 0.7, 4),
  ]

  func testMatchesParametricSolution() throws {
    for (x1, y1, x2, y2) in curves {
      let curve = try CubicBezier(x1, y1, x2, y2)
      let reference = Reference(x1: x1, y1: y1, x2: x2, y2: y2)
      for i in 0...1000 {
        let p = Double(i) / 1000
        XCTAssertEqual(
          curve.value(p), reference.value(p), accuracy: 1e-9, "(\(x1),\(y1),\(x2),\(y2)) at \(p)")
      }
    }
  }

  func testSteepCurvesWithinOneMillionth() throws {
    // Vertical tangents at the ends and in the middle. At p = 0.5 the curve
    // (1, 0, 0, 1) has x(t) − 0.5 = 4 (t − 0.5)³: rounding in x(t) alone
    // moves t by ~1e-5 there, so 1e-6 is all any double solver can promise.
    for (x1, y1, x2, y2) in [(0.0, 1.0, 0.0, 1.0), (0, 0.5, 1, 0.5), (1, 0, 0, 1), (0, 3, 1, -2)] {
      let curve = try CubicBezier(x1, y1, x2, y2)
      let reference = Reference(x1: x1, y1: y1, x2: x2, y2: y2)
      for i in 0...2000 {
        let p = Double(i) / 2000
        XCTAssertEqual(
          curve.value(p), reference.value(p), accuracy: 1e-6, "(\(x1),\(y1),\(x2),\(y2)) at \(p)")
      }
    }
  }

  func testKnownValueOfEase() {
    // ease(0.5): x(t) = 0.5 at t = 0.69957243870638562…, y = 0.80240338758485698…
    // (solved with mpmath at 40 digits).
    XCTAssertEqual(CubicBezier.ease.value(0.5), 0.802403387584857, accuracy: 1e-14)
  }

  func testEndsAreExact() throws {
    for (x1, y1, x2, y2) in curves {
      let curve = try CubicBezier(x1, y1, x2, y2)
      XCTAssertEqual(curve.value(0), 0)
      XCTAssertEqual(curve.value(1), 1)
    }
  }

  func testDerivativeMatchesFiniteDifferencesAndParametricSlope() throws {
    let h = 1e-6
    for (x1, y1, x2, y2) in curves {
      let curve = try CubicBezier(x1, y1, x2, y2)
      let reference = Reference(x1: x1, y1: y1, x2: x2, y2: y2)
      for i in 1..<100 {
        let p = Double(i) / 100
        let difference = (curve.value(p + h) - curve.value(p - h)) / (2 * h)
        let d = curve.derivative(p)
        XCTAssertEqual(
          d, difference, accuracy: 1e-5 * max(1, abs(d)), "\(x1),\(y1),\(x2),\(y2) @ \(p)")
        XCTAssertEqual(d, reference.slope(p), accuracy: 1e-8 * max(1, abs(d)))
      }
    }
  }

  func testDerivativeAtTheEnds() throws {
    // ease: slope 0.1/0.25 at the start, (1 − 1)/(0.25 − 1) = 0 at the end.
    XCTAssertEqual(CubicBezier.ease.derivative(0), 0.4, accuracy: 1e-15)
    XCTAssertEqual(CubicBezier.ease.derivative(1), 0)
    XCTAssertEqual(CubicBezier.ease.derivative(-1), 0.4, accuracy: 1e-15)
    // ease-in: x2 = y2 = 1, so the end slope is (0 − 1)/(0.42 − 1).
    XCTAssertEqual(CubicBezier.cssEaseIn.derivative(1), 1 / 0.58, accuracy: 1e-15)
    XCTAssertEqual(CubicBezier.cssEaseIn.derivative(0), 0)
    // ease-out: P1 = (0, 0), so the start slope is towards P2: 1/0.58.
    XCTAssertEqual(CubicBezier.cssEaseOut.derivative(0), 1 / 0.58, accuracy: 1e-15)
    XCTAssertEqual(CubicBezier.cssEaseOut.startGradient, 1 / 0.58, accuracy: 1e-15)
    // All control points at the ends: the straight line, slope 1.
    let line = try CubicBezier(0, 0, 1, 1)
    XCTAssertEqual(line.derivative(0), 1)
    XCTAssertEqual(line.startGradient, 1)
    XCTAssertEqual(line.endGradient, 1)
    // A vertical start tangent: infinite slope at p = 0, flat extrapolation.
    let vertical = try CubicBezier(0, 0.5, 0.5, 1)
    XCTAssertEqual(vertical.derivative(0), .infinity)
    XCTAssertEqual(vertical.startGradient, 0)
    XCTAssertEqual(vertical.value(-1), 0)
    // P1 = P0 and x2 = 0: x ~ t³, y ~ 3 y2 t², a vertical tangent again.
    XCTAssertEqual(try CubicBezier(0, 0, 0, 0.5).derivative(0), .infinity)
    XCTAssertEqual(try CubicBezier(0, 0, 0, -0.5).derivative(0), -.infinity)
  }

  func testLinearExtrapolation() throws {
    // Below 0 along the start slope, above 1 along the end slope.
    XCTAssertEqual(CubicBezier.ease.value(-0.5), -0.2, accuracy: 1e-15)
    XCTAssertEqual(CubicBezier.ease.value(1.5), 1)
    XCTAssertEqual(CubicBezier.cssEaseIn.value(2), 1 + 1 / 0.58, accuracy: 1e-15)
    XCTAssertEqual(CubicBezier.cssEaseIn.value(-1), 0)
    let back = try CubicBezier(0.68, -0.55, 0.265, 1.55)
    XCTAssertEqual(back.value(-0.1), -0.55 / 0.68 * -0.1, accuracy: 1e-15)
    // End slope (1.55 − 1)/(0.265 − 1) < 0: the curve comes down onto 1.
    XCTAssertEqual(back.value(1.1), 1 - 0.55 / 0.735 * 0.1, accuracy: 1e-15)
    XCTAssertTrue(back.value(.nan).isNaN)
    XCTAssertTrue(back.derivative(.nan).isNaN)
  }

  func testNamedCurves() throws {
    XCTAssertEqual(CubicBezier.ease, try CubicBezier(0.25, 0.1, 0.25, 1))
    XCTAssertEqual(CubicBezier.cssEaseIn, try CubicBezier(0.42, 0, 1, 1))
    XCTAssertEqual(CubicBezier.cssEaseOut, try CubicBezier(0, 0, 0.58, 1))
    XCTAssertEqual(CubicBezier.cssEaseInOut, try CubicBezier(0.42, 0, 0.58, 1))
    XCTAssertEqual(CubicBezier.coreAnimationDefault, CubicBezier.ease)
    XCTAssertEqual(CubicBezier.coreAnimationEaseIn, CubicBezier.cssEaseIn)
    XCTAssertEqual(CubicBezier.coreAnimationEaseOut, CubicBezier.cssEaseOut)
    XCTAssertEqual(CubicBezier.coreAnimationEaseInEaseOut, CubicBezier.cssEaseInOut)
    XCTAssertNotEqual(CubicBezier.cssEaseIn, CubicBezier.cssEaseOut)
    // ease-in-out is symmetric: f(p) + f(1 − p) = 1.
    for i in 0...100 {
      let p = Double(i) / 100
      XCTAssertEqual(
        CubicBezier.cssEaseInOut.value(p) + CubicBezier.cssEaseInOut.value(1 - p), 1,
        accuracy: 1e-11)
    }
  }

  func testMonotoneWhenYIsMonotone() {
    var previous = -Double.infinity
    for i in 0...10_000 {
      let v = CubicBezier.ease.value(Double(i) / 10_000)
      XCTAssertGreaterThanOrEqual(v, previous)
      previous = v
    }
  }

  func testInvalidParametersThrow() {
    XCTAssertThrowsError(try CubicBezier(1.5, 0, 0.5, 1)) { error in
      XCTAssertEqual((error as? RazzleError)?.kind, .easing)
    }
    XCTAssertThrowsError(try CubicBezier(0.5, 0, -0.1, 1))
    XCTAssertThrowsError(try CubicBezier(.nan, 0, 0.5, 1))
    XCTAssertThrowsError(try CubicBezier(0.5, .nan, 0.5, 1))
    XCTAssertThrowsError(try CubicBezier(0.5, 0, 0.5, .infinity))
    XCTAssertNoThrow(try CubicBezier(0, -100, 1, 100))
  }
}
