import Foundation
import XCTest

@testable import Razzle

final class UnitCubicTests: XCTestCase {
  /// Power-form coefficients of the Bernstein form 3p1 t(1−t)² + 3p2 t²(1−t)
  /// + t³, expanded by hand: c = 3p1, b = 3p2 − 6p1, a = 1 + 3p1 − 3p2.
  func testCoefficients() {
    let u = UnitCubic(0.25, 0.5)
    XCTAssertEqual(u.c, 0.75)
    XCTAssertEqual(u.b, 0)
    XCTAssertEqual(u.a, 0.25)
    XCTAssertEqual(u.value(0), 0)
    XCTAssertEqual(u.value(1), 1)
    XCTAssertEqual(u.value(0.5), 0.25 * 0.125 + 0.75 * 0.5)
    XCTAssertEqual(u.derivative(0.5), 3 * 0.25 * 0.25 + 0.75)
    XCTAssertEqual(u.secondDerivative(0.5), 6 * 0.25 * 0.5)
  }

  /// Control values 1/3 and 2/3 make u(t) = t; 0 and 1 make smoothstep
  /// 3t² − 2t³, symmetric about (1/2, 1/2).
  func testSolveKnownCurves() {
    let line = UnitCubic(1.0 / 3, 2.0 / 3)
    for x in [0.1, 0.5, 0.9] {
      XCTAssertEqual(line.solve(x, from: x, low: 0, high: 1, tolerance: 1e-12), x, accuracy: 1e-12)
    }
    let smoothstep = UnitCubic(0, 1)
    XCTAssertEqual(smoothstep.solve(0.5, from: 0.5, low: 0, high: 1, tolerance: 1e-12), 0.5)
    let quarter = 3 * 0.0625 - 2 * 0.015625  // u(1/4) = 0.15625
    XCTAssertEqual(
      smoothstep.solve(quarter, from: quarter, low: 0, high: 1, tolerance: 1e-12), 0.25,
      accuracy: 1e-11)
  }

  /// Flat ends: u = t³ (flat at 0) and u = 1 − (1 − t)³ (flat at 1), where
  /// Newton stalls and bisection takes over; the answer still meets the
  /// tolerance in u.
  func testSolveFlatEnds() {
    let cube = UnitCubic(0, 0)
    let t = cube.solve(1e-6, from: 1e-6, low: 0, high: 1, tolerance: 1e-12)
    XCTAssertEqual(t, 0.01, accuracy: 1e-7)
    XCTAssertLessThan(abs(cube.value(t) - 1e-6), 1e-12)
    let mirrored = UnitCubic(1, 1)
    let s = mirrored.solve(1 - 1e-6, from: 1 - 1e-6, low: 0, high: 1, tolerance: 1e-12)
    XCTAssertEqual(s, 0.99, accuracy: 1e-6)
    XCTAssertLessThan(abs(mirrored.value(s) - (1 - 1e-6)), 1e-12)
    // From a poor guess inside a bracket that holds the root.
    XCTAssertEqual(
      cube.solve(0.125, from: 0.59, low: 0.4, high: 0.6, tolerance: 1e-15), 0.5, accuracy: 1e-15)
  }
}
