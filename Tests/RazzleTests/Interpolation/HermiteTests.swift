import Razzle
import XCTest

/// Checks `Hermite` against SciPy's `CubicHermiteSpline` on one segment.
final class HermiteTests: XCTestCase {
  /// One segment and SciPy's values at s in `parameters`.
  private struct Case {
    var t0, t1, v0, v1, m0, m1: Double
    var values: [Double]
    var slopes: [Double]
  }

  private let parameters: [Double] = [0, 0.1, 0.25, 0.5, 0.8, 1]

  // From scipy 1.17.1: sp = CubicHermiteSpline([t0, t1], [v0, v1], [m0, m1]);
  // values = sp(t), slopes = sp.derivative()(t), for t = t0 + s (t1 − t0).
  private let cases: [Case] = [
    Case(
      t0: 0.5, t1: 2.0, v0: 1.25, v1: -0.75, m0: 3.0, m1: -2.5,
      values: [1.25, 1.5922500000000002, 1.74609375, 1.28125, 0.0819999999999994, -0.75],
      slopes: [3.0, 1.5949999999999998, -0.15625, -2.125, -2.92, -2.5]),
    Case(
      t0: -1.0, t1: 0.2, v0: 10.0, v1: 10.5, m0: -40.0, m1: 7.0,
      values: [
        10.0, 6.0504, 2.9343749999999993, 3.1999999999999975, 7.8368, 10.499999999999986,
      ],
      slopes: [-40.0, -26.165, -9.218749999999995, 8.875, 13.83999999999999, 7.0]),
    Case(
      t0: 3.0, t1: 3.125, v0: 0.0, v1: 1.0, m0: 0.0, m1: 0.0,
      values: [0.0, 0.028000000000000767, 0.15625, 0.5, 0.8960000000000008, 1.0],
      slopes: [0.0, 4.3200000000000545, 9.0, 12.0, 7.679999999999978, 0.0]),
  ]

  func testMatchesSciPyCubicHermiteSpline() {
    for c in cases {
      let dt = c.t1 - c.t0
      for (k, s) in parameters.enumerated() {
        let value = Hermite.value(at: s, v0: c.v0, m0: c.m0, v1: c.v1, m1: c.m1, duration: dt)
        let dvds = Hermite.derivative(at: s, v0: c.v0, m0: c.m0, v1: c.v1, m1: c.m1, duration: dt)
        XCTAssertEqual(value, c.values[k], accuracy: 1e-12, "\(c) at s = \(s)")
        XCTAssertEqual(dvds / dt, c.slopes[k], accuracy: 1e-12, "\(c) at s = \(s)")
      }
    }
  }

  func testEndsAreExact() {
    let inputs: [(Double, Double, Double, Double, Double)] = [
      (0.1, 0.7, -3, 1e6, 0.3), (-0.0, 2.5, 5, 7, 1e-3), (1e300, -1e300, 1e10, 0, 100),
      (0.3, 0.1, 0.2, 0.4, 1 / 3),
    ]
    for (v0, v1, m0, m1, dt) in inputs {
      XCTAssertEqual(Hermite.value(at: 0, v0: v0, m0: m0, v1: v1, m1: m1, duration: dt), v0)
      XCTAssertEqual(Hermite.value(at: 1, v0: v0, m0: m0, v1: v1, m1: m1, duration: dt), v1)
      XCTAssertEqual(
        Hermite.derivative(at: 0, v0: v0, m0: m0, v1: v1, m1: m1, duration: dt), dt * m0)
      XCTAssertEqual(
        Hermite.derivative(at: 1, v0: v0, m0: m0, v1: v1, m1: m1, duration: dt), dt * m1)
    }
  }

  func testDerivativeMatchesCentralDifferences() {
    let h = 1e-6
    for c in cases {
      let dt = c.t1 - c.t0
      for i in 1..<50 {
        let s = Double(i) / 50
        func v(_ s: Double) -> Double {
          Hermite.value(at: s, v0: c.v0, m0: c.m0, v1: c.v1, m1: c.m1, duration: dt)
        }
        let difference = (v(s + h) - v(s - h)) / (2 * h)
        let d = Hermite.derivative(at: s, v0: c.v0, m0: c.m0, v1: c.v1, m1: c.m1, duration: dt)
        XCTAssertEqual(d, difference, accuracy: 1e-7 * max(1, abs(d)))
      }
    }
  }

  func testBasisCombinesPerChannel() {
    // One basis, several channels: the same as the per-channel functions.
    let s = 0.37
    let basis = Hermite.Basis.value(at: s)
    let slopeBasis = Hermite.Basis.derivative(at: s)
    for (v0, v1, m0, m1) in [(0.0, 1.0, 2.0, -1.0), (5, -5, 0, 0), (1e3, 2e3, 1e4, 1e4)] {
      XCTAssertEqual(
        basis.combine(v0: v0, m0: m0, v1: v1, m1: m1, duration: 0.25),
        Hermite.value(at: s, v0: v0, m0: m0, v1: v1, m1: m1, duration: 0.25))
      XCTAssertEqual(
        slopeBasis.combine(v0: v0, m0: m0, v1: v1, m1: m1, duration: 0.25),
        Hermite.derivative(at: s, v0: v0, m0: m0, v1: v1, m1: m1, duration: 0.25))
    }
    // The value weights sum to 1 on v0, v1 (a constant is reproduced).
    XCTAssertEqual(basis.h00 + basis.h01, 1, accuracy: 1e-15)
    XCTAssertEqual(slopeBasis.h00 + slopeBasis.h01, 0, accuracy: 1e-15)
  }

  func testPowerFormMatchesSciPyCubicHermiteSpline() {
    for c in cases {
      let dt = c.t1 - c.t0
      let cubic = Hermite.PowerForm(v0: c.v0, m0: c.m0, v1: c.v1, m1: c.m1, duration: dt)
      XCTAssertEqual(cubic.a, c.v0)
      XCTAssertEqual(cubic.b, dt * c.m0)
      for (k, s) in parameters.enumerated() {
        XCTAssertEqual(cubic.value(at: s), c.values[k], accuracy: 1e-12, "\(c) at s = \(s)")
      }
    }
  }

  func testPowerFormIsTheBasisExpanded() {
    // The same cubic as the factored basis, to rounding, across the
    // segment and beyond it (an easing may overshoot), with large values.
    let inputs: [(Double, Double, Double, Double, Double)] = [
      (0.1, 0.7, -3, 1e6, 0.3), (-0.0, 2.5, 5, 7, 1e-3), (1e3, -2e3, 1e4, 0, 100),
      (0.3, 0.1, 0.2, 0.4, 1 / 3),
    ]
    for (v0, v1, m0, m1, dt) in inputs {
      let cubic = Hermite.PowerForm(v0: v0, m0: m0, v1: v1, m1: m1, duration: dt)
      let scale = [v0, v1, dt * m0, dt * m1].map(abs).max() ?? 1
      XCTAssertEqual(cubic.value(at: 0), v0 == 0 ? 0 : v0)
      for i in -10...30 {
        let s = Double(i) / 20
        let basis = Hermite.value(at: s, v0: v0, m0: m0, v1: v1, m1: m1, duration: dt)
        XCTAssertEqual(cubic.value(at: s), basis, accuracy: 1e-14 * scale * 8, "s = \(s)")
      }
    }
    XCTAssertTrue(Hermite.PowerForm(a: 1, b: 2, c: 3, d: 4).value(at: .nan).isNaN)
  }

  func testLinearDataIsReproducedExactlyEnough() {
    // Tangents equal to the chord's slope give the straight line.
    let (t0, t1, v0, v1) = (2.0, 5.0, -1.0, 8.0)
    let slope = (v1 - v0) / (t1 - t0)
    for i in 0...20 {
      let s = Double(i) / 20
      XCTAssertEqual(
        Hermite.value(at: s, v0: v0, m0: slope, v1: v1, m1: slope, duration: t1 - t0),
        v0 + s * (v1 - v0), accuracy: 1e-14 * 9)
    }
  }
}
