import Razzle
import XCTest

/// Checks `Spring` against SwiftUI's published parameter mapping, reference
/// step-response values, and an independent RK4 integration of
/// m x'' + c x' + k (x − 1) = 0.
final class SpringTests: XCTestCase {
  /// Integrates the spring ODE with classical RK4 at a fixed step and returns
  /// (position, velocity) at each of the increasing `times`.
  private func integrate(
    mass m: Double, stiffness k: Double, damping c: Double, initialVelocity v0: Double,
    times: [Double], step h: Double = 1e-5
  ) -> [(x: Double, v: Double)] {
    func acceleration(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
    var x = 0.0
    var v = v0
    var t = 0.0
    var results: [(x: Double, v: Double)] = []
    for target in times {
      while t < target {
        let dt = min(h, target - t)
        let k1x = v
        let k1v = acceleration(x, v)
        let k2x = v + dt / 2 * k1v
        let k2v = acceleration(x + dt / 2 * k1x, v + dt / 2 * k1v)
        let k3x = v + dt / 2 * k2v
        let k3v = acceleration(x + dt / 2 * k2x, v + dt / 2 * k2v)
        let k4x = v + dt * k3v
        let k4v = acceleration(x + dt * k3x, v + dt * k3v)
        x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t = t + dt >= target - 1e-12 ? target : t + dt
      }
      results.append((x, v))
    }
    return results
  }

  private func assertMatchesIntegration(
    _ spring: Spring, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
  ) {
    let times = (0...30).map { Double($0) * 0.05 }
    let reference = integrate(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
      initialVelocity: spring.initialVelocity, times: times)
    for (t, r) in zip(times, reference) {
      XCTAssertEqual(
        spring.position(at: t), r.x, accuracy: accuracy, "x(\(t)) ζ=\(spring.dampingRatio)",
        file: file, line: line)
      XCTAssertEqual(
        spring.velocity(at: t), r.v, accuracy: accuracy * max(1, abs(r.v)),
        "v(\(t)) ζ=\(spring.dampingRatio)", file: file, line: line)
    }
  }

  func testUnderdampedMatchesIntegration() throws {
    assertMatchesIntegration(try Spring())  // m 1, k 100, c 10: ζ = 0.5
    assertMatchesIntegration(try Spring(mass: 2, stiffness: 50, damping: 3, initialVelocity: 3))
    assertMatchesIntegration(try Spring.bouncy(duration: 0.4))
  }

  func testCriticallyDampedMatchesIntegration() throws {
    let spring = try Spring(mass: 1, stiffness: 100, damping: 20)
    XCTAssertEqual(spring.dampingRatio, 1)
    assertMatchesIntegration(spring)
    assertMatchesIntegration(
      try Spring(mass: 0.5, stiffness: 200, damping: 20, initialVelocity: -2))
    assertMatchesIntegration(try Spring.smooth())
  }

  func testOverdampedMatchesIntegration() throws {
    assertMatchesIntegration(try Spring(mass: 1, stiffness: 100, damping: 50))
    assertMatchesIntegration(try Spring(mass: 1, stiffness: 10, damping: 100, initialVelocity: 5))
    assertMatchesIntegration(try Spring(duration: 0.5, bounce: -0.5))
  }

  func testNearCriticalDampingIsContinuous() throws {
    let critical = try Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 1)
    for relative in [1e-6, 1e-9, 1e-12, 1e-15] {
      for sign in [-1.0, 1.0] {
        let spring = try Spring(
          mass: 1, stiffness: 100, damping: 20 * (1 + sign * relative), initialVelocity: 1)
        assertMatchesIntegration(spring)
        for t in stride(from: 0.0, through: 3, by: 0.01) {
          let x = spring.position(at: t)
          let v = spring.velocity(at: t)
          XCTAssertTrue(x.isFinite && v.isFinite)
          // d x / d c is bounded (|∂x/∂c| < 0.01 here), so a relative change
          // of `relative` in c moves x by far less than 20 × relative.
          XCTAssertEqual(x, critical.position(at: t), accuracy: 20 * relative + 1e-14)
          XCTAssertEqual(v, critical.velocity(at: t), accuracy: 400 * relative + 1e-12)
        }
        // The settling time moves smoothly too (dT/dc × c ≈ 5.7 s here).
        XCTAssertEqual(
          spring.settlingDuration, critical.settlingDuration, accuracy: 10 * relative + 1e-12)
      }
    }
  }

  func testSwiftUIMapping() throws {
    let spring = try Spring.bouncy(duration: 0.4)
    XCTAssertEqual(spring.mass, 1)
    XCTAssertEqual(spring.stiffness, 246.74011, accuracy: 5e-6)
    XCTAssertEqual(spring.damping, 21.99115, accuracy: 5e-6)
    XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
    // Step response at 0.1 … 0.5 s.
    let expected = [0.561376, 0.984087, 1.044043, 1.014498, 0.999307]
    for (i, x) in expected.enumerated() {
      let t = Double(i + 1) / 10
      XCTAssertEqual(spring.position(at: t), x, accuracy: 5e-7, "t = \(t)")
    }

    XCTAssertEqual(try Spring.bouncy(), try Spring(duration: 0.5, bounce: 0.3))
    XCTAssertEqual(try Spring.snappy(), try Spring(duration: 0.5, bounce: 0.15))
    XCTAssertEqual(try Spring.smooth(), try Spring(duration: 0.5, bounce: 0))
    XCTAssertEqual(try Spring.smooth().dampingRatio, 1)
    XCTAssertEqual(try Spring.snappy().dampingRatio, 0.85, accuracy: 1e-12)
    // Negative bounce: ζ = 1 / (1 + bounce).
    let over = try Spring(duration: 0.5, bounce: -0.5)
    XCTAssertEqual(over.damping, 16 * Double.pi, accuracy: 1e-12)
    XCTAssertEqual(over.stiffness, 16 * Double.pi * Double.pi, accuracy: 1e-12)
    XCTAssertEqual(over.dampingRatio, 2, accuracy: 1e-12)
  }

  func testDampingRatioResponseMapping() throws {
    let spring = try Spring(dampingRatio: 0.7, response: 0.4)
    XCTAssertEqual(spring.mass, 1)
    XCTAssertEqual(spring.stiffness, 246.74011, accuracy: 5e-6)
    XCTAssertEqual(spring.damping, 21.99115, accuracy: 5e-6)
    XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
    let critical = try Spring(dampingRatio: 1, response: 1, initialVelocity: 2)
    XCTAssertEqual(critical.stiffness, 4 * Double.pi * Double.pi, accuracy: 1e-12)
    XCTAssertEqual(critical.damping, 4 * Double.pi, accuracy: 1e-12)
    XCTAssertEqual(critical.initialVelocity, 2)
  }

  func testSettlingDurationIsTheLastExcursion() throws {
    let epsilon = Spring.settlingTolerance
    XCTAssertEqual(epsilon, 1e-4)
    let springs = [
      try Spring(), try Spring.bouncy(duration: 0.4), try Spring.snappy(), try Spring.smooth(),
      try Spring(duration: 0.5, bounce: -0.5),
      try Spring(mass: 2, stiffness: 50, damping: 3, initialVelocity: 3),
      try Spring(mass: 1, stiffness: 10, damping: 100, initialVelocity: 5),
      try Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -30),
      try Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-10), initialVelocity: 7),
    ]
    for spring in springs {
      let settle = spring.settlingDuration
      func excursion(_ t: Double) -> Double {
        max(abs(spring.position(at: t) - 1), abs(spring.velocity(at: t)))
      }
      XCTAssertTrue(settle > 0 && settle.isFinite, "\(spring)")
      // At the settling time one of the two is exactly at the tolerance.
      XCTAssertEqual(excursion(settle), epsilon, accuracy: 1e-12, "\(spring)")
      // A brute-force scan: the last sample at or above ε is just before it.
      let step = settle / 100_000
      var lastAbove = 0.0
      var t = 0.0
      while t < 3 * settle + 1 {
        if excursion(t) >= epsilon { lastAbove = t }
        t += step
      }
      XCTAssertLessThanOrEqual(lastAbove, settle, "\(spring)")
      XCTAssertGreaterThan(lastAbove, settle - 2 * step, "\(spring)")
    }
  }

  func testEasing() throws {
    for spring in [try Spring.bouncy(), try Spring.smooth(), try Spring(duration: 1, bounce: -0.3)]
    {
      let settle = spring.settlingDuration
      XCTAssertEqual(spring.value(0), 0)
      XCTAssertEqual(spring.value(1), 1)
      XCTAssertEqual(spring.value(-0.5), 0)
      XCTAssertEqual(spring.value(1.5), 1)
      XCTAssertEqual(spring.derivative(1), 0)
      XCTAssertEqual(spring.derivative(-1), 0)
      XCTAssertEqual(spring.derivative(0), 0)  // initial velocity 0
      XCTAssertEqual(abs(spring.value(1.0.nextDown) - 1), 0, accuracy: Spring.settlingTolerance)
      let h = 1e-6
      for i in 1..<100 {
        let p = Double(i) / 100
        XCTAssertEqual(spring.value(p), spring.position(at: p * settle))
        let difference = (spring.value(p + h) - spring.value(p - h)) / (2 * h)
        XCTAssertEqual(spring.derivative(p), difference, accuracy: 1e-5 * max(1, abs(difference)))
      }
    }
    let moving = try Spring(initialVelocity: 4)
    XCTAssertEqual(moving.derivative(0), 4 * moving.settlingDuration)
    XCTAssertEqual(moving.position(at: .infinity), 1)
    XCTAssertEqual(moving.velocity(at: .infinity), 0)
    XCTAssertEqual(try Spring(damping: 50).position(at: .infinity), 1)
    XCTAssertEqual(try Spring(damping: 20).position(at: .infinity), 1)
    XCTAssertTrue(moving.value(.nan).isNaN)
    XCTAssertTrue(moving.derivative(.nan).isNaN)
  }

  func testUndampedSpringNeverSettles() throws {
    let spring = try Spring(damping: 0)
    XCTAssertEqual(spring.settlingDuration, .infinity)
    // x(t) = 1 − cos(10 t).
    XCTAssertEqual(spring.position(at: 0.1), 1 - cos(1), accuracy: 1e-15)
    XCTAssertEqual(spring.velocity(at: 0.1), 10 * sin(1), accuracy: 1e-14)
    XCTAssertEqual(spring.value(0), 0)
    XCTAssertEqual(spring.value(1), 1)
    XCTAssertTrue(spring.value(0.5).isNaN)
  }

  func testEqualityUsesParameters() throws {
    XCTAssertEqual(try Spring(), try Spring(mass: 1, stiffness: 100, damping: 10))
    XCTAssertNotEqual(try Spring(), try Spring(initialVelocity: 1))
    XCTAssertEqual(Set([try Spring(), try Spring()]).count, 1)
  }

  func testInvalidParametersThrow() {
    XCTAssertThrowsError(try Spring(mass: 0)) { error in
      XCTAssertEqual((error as? RazzleError)?.kind, .easing)
    }
    XCTAssertThrowsError(try Spring(mass: -1))
    XCTAssertThrowsError(try Spring(mass: .nan))
    XCTAssertThrowsError(try Spring(stiffness: 0))
    XCTAssertThrowsError(try Spring(stiffness: .infinity))
    XCTAssertThrowsError(try Spring(damping: -1))
    XCTAssertThrowsError(try Spring(damping: .nan))
    XCTAssertThrowsError(try Spring(initialVelocity: .nan))
    XCTAssertThrowsError(try Spring(dampingRatio: -0.1, response: 1))
    XCTAssertThrowsError(try Spring(dampingRatio: 0.5, response: 0))
    XCTAssertThrowsError(try Spring(dampingRatio: .nan, response: 1))
    XCTAssertThrowsError(try Spring(duration: 0, bounce: 0))
    XCTAssertThrowsError(try Spring(duration: .nan))
    XCTAssertThrowsError(try Spring(duration: 1, bounce: 1))
    XCTAssertThrowsError(try Spring(duration: 1, bounce: -1))
    XCTAssertThrowsError(try Spring(duration: 1, bounce: .nan))
    XCTAssertThrowsError(try Spring.bouncy(duration: -1))
  }
}
