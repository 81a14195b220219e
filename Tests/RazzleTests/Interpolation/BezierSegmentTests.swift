import XCTest

@testable import Razzle

/// Checks `BezierSegment` against an independent evaluation of the
/// parametric curve (de Casteljau's construction, time inverted by plain
/// bisection) and against handle corrections worked by hand from Blender's
/// `BKE_curve_correct_bezpart`.
final class BezierSegmentTests: XCTestCase {
  /// A Bézier curve in (time, value) space, evaluated by de Casteljau.
  private struct Reference {
    var t: (Double, Double, Double, Double)
    var v: (Double, Double, Double, Double)

    static func casteljau(_ p: (Double, Double, Double, Double), _ s: Double) -> Double {
      func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
      let (a, b, c) = (lerp(p.0, p.1), lerp(p.1, p.2), lerp(p.2, p.3))
      let (d, e) = (lerp(a, b), lerp(b, c))
      return lerp(d, e)
    }

    /// The parameter where time(s) = `time`, by 200 steps of bisection.
    func parameter(_ time: Double) -> Double {
      var low = 0.0
      var high = 1.0
      for _ in 0..<200 {
        let middle = (low + high) / 2
        if Reference.casteljau(t, middle) < time { low = middle } else { high = middle }
      }
      return (low + high) / 2
    }

    func value(atTime time: Double) -> Double { Reference.casteljau(v, parameter(time)) }
  }

  /// A segment with handles as set (before correction), for one channel.
  private struct Setup {
    var t0, v0, rightTime, rightValue, leftTime, leftValue, t1, v1: Double

    var segment: BezierSegment {
      BezierSegment(
        startTime: t0, rightHandleTime: rightTime, leftHandleTime: leftTime, endTime: t1)
    }

    func value(_ s: Double) -> Double {
      segment.value(at: s, v0: v0, rightHandle: rightValue, leftHandle: leftValue, v1: v1)
    }

    func valueDerivative(_ s: Double) -> Double {
      segment.valueDerivative(
        at: s, v0: v0, rightHandle: rightValue, leftHandle: leftValue, v1: v1)
    }

    func velocity(_ s: Double) -> Double {
      segment.velocity(at: s, v0: v0, rightHandle: rightValue, leftHandle: leftValue, v1: v1)
    }

    func value(atTime t: Double) -> Double { value(segment.parameter(forTime: t)) }
  }

  /// Segments whose handles need no correction.
  private let plain: [Setup] = [
    Setup(
      t0: 0, v0: 1, rightTime: 0.5, rightValue: 2.5, leftTime: 1.2, leftValue: -0.4, t1: 2, v1: 0),
    Setup(t0: -3, v0: 10, rightTime: -3, rightValue: 14, leftTime: 5, leftValue: 0, t1: 5, v1: 2),
    Setup(t0: 1, v0: 0, rightTime: 1.75, rightValue: 0, leftTime: 1.75, leftValue: 1, t1: 2, v1: 1),
    Setup(
      t0: 0, v0: 0, rightTime: 0.01, rightValue: 5, leftTime: 0.99, leftValue: -5, t1: 1, v1: 0),
  ]

  func testValueMatchesParametricCurve() {
    for c in plain {
      XCTAssertEqual(c.segment.handleScale, 1)
      XCTAssertEqual(c.segment.rightHandleTime, c.rightTime)
      XCTAssertEqual(c.segment.leftHandleTime, c.leftTime)
      let reference = Reference(
        t: (c.t0, c.rightTime, c.leftTime, c.t1), v: (c.v0, c.rightValue, c.leftValue, c.v1))
      for i in 0...1000 {
        let t = c.t0 + (c.t1 - c.t0) * Double(i) / 1000
        // The vertical handles of the second case make value(t) steep near
        // the ends (a square-root shape), so compare there more loosely.
        let tolerance = (i < 10 || i > 990) ? 1e-6 : 1e-9
        XCTAssertEqual(
          c.value(atTime: t), reference.value(atTime: t), accuracy: tolerance, "\(c) @ \(t)")
      }
    }
  }

  func testEndsAreExact() {
    for c in plain {
      XCTAssertEqual(c.value(0), c.v0)
      XCTAssertEqual(c.value(1), c.v1)
      XCTAssertEqual(c.segment.time(at: 0), c.t0)
      XCTAssertEqual(c.segment.time(at: 1), c.t1)
      XCTAssertEqual(c.segment.parameter(forTime: c.t0), 0)
      XCTAssertEqual(c.segment.parameter(forTime: c.t1), 1)
      XCTAssertEqual(c.segment.parameter(forTime: c.t0 - 1), 0)
      XCTAssertEqual(c.segment.parameter(forTime: c.t1 + 1), 1)
      XCTAssert(c.segment.parameter(forTime: .nan).isNaN)
    }
  }

  func testParameterInvertsTime() {
    for c in plain {
      for i in 0...200 {
        let s = Double(i) / 200
        let t = c.segment.time(at: s)
        XCTAssertEqual(c.segment.time(at: c.segment.parameter(forTime: t)), t, accuracy: 1e-11)
      }
    }
  }

  /// The time solve is the easing curve's: on [0, 1] with handle times x1
  /// and x2 (dyadic, so that both build the same polynomial exactly), the
  /// segment's parameter is `CubicBezier`'s solve of x(t) = p, bit for bit.
  func testTimeSolveIsTheEasingCurvesSolve() throws {
    for (x1, x2) in [(0.25, 0.75), (0.125, 0.5), (0, 1), (0.5, 0.5), (0.0625, 0.9375)] {
      let segment = BezierSegment(startTime: 0, rightHandleTime: x1, leftHandleTime: x2, endTime: 1)
      let curve = try CubicBezier(x1, 0.3, x2, 0.9)
      for k in 1..<64 {
        let p = Double(k) / 64 + 1e-3
        XCTAssertEqual(
          segment.parameter(forTime: p).bitPattern, curve.solveCurveX(p).bitPattern,
          "x1 \(x1), x2 \(x2), p \(p)")
      }
    }
  }

  func testHandlesOnTheLineGiveAValueLinearInTime() {
    // Keys (1, 2) and (3, 6): slope 2. The handles lie on that line but are
    // not at the thirds, so the parameterization is not uniform; the value
    // must still be linear in time.
    let c = Setup(
      t0: 1, v0: 2, rightTime: 1.2, rightValue: 2.4, leftTime: 2.9, leftValue: 5.8, t1: 3, v1: 6)
    for i in 0...100 {
      let t = 1 + 2 * Double(i) / 100
      XCTAssertEqual(c.value(atTime: t), 2 + 2 * (t - 1), accuracy: 1e-11)
      XCTAssertEqual(c.velocity(c.segment.parameter(forTime: t)), 2, accuracy: 1e-9)
    }
  }

  func testDefaultHandlesGiveConstantSpeed() {
    XCTAssertEqual(BezierSegment.defaultHandle(from: 0, toward: 3), 1)
    XCTAssertEqual(BezierSegment.defaultHandle(from: 3, toward: 0), 2)
    let (t0, t1) = (0.5, 2.0)
    let values: [(Double, Double)] = [(0, 1), (-4, 8), (3, 3)]  // three channels
    let segment = BezierSegment(
      startTime: t0, rightHandleTime: BezierSegment.defaultHandle(from: t0, toward: t1),
      leftHandleTime: BezierSegment.defaultHandle(from: t1, toward: t0), endTime: t1)
    XCTAssertEqual(segment.handleScale, 1)
    for i in 0...50 {
      let s = Double(i) / 50
      XCTAssertEqual(segment.time(at: s), t0 + s * (t1 - t0), accuracy: 1e-15)
      XCTAssertEqual(segment.timeDerivative(at: s), t1 - t0, accuracy: 1e-14)
      for (v0, v1) in values {
        let right = BezierSegment.defaultHandle(from: v0, toward: v1)
        let left = BezierSegment.defaultHandle(from: v1, toward: v0)
        let t = t0 + s * (t1 - t0)
        let u = segment.parameter(forTime: t)
        XCTAssertEqual(u, s, accuracy: 1e-12)
        XCTAssertEqual(
          segment.value(at: u, v0: v0, rightHandle: right, leftHandle: left, v1: v1),
          v0 + (v1 - v0) * (t - t0) / (t1 - t0), accuracy: 1e-12)
      }
    }
  }

  // MARK: - Correction

  /// Checks that time never runs backwards on the corrected segment.
  private func assertMonotoneTime(_ segment: BezierSegment, line: UInt = #line) {
    XCTAssert(segment.startTime <= segment.rightHandleTime, line: line)
    XCTAssert(segment.rightHandleTime <= segment.leftHandleTime, line: line)
    XCTAssert(segment.leftHandleTime <= segment.endTime, line: line)
    var previous = -Double.infinity
    for i in 0...10_000 {
      let s = Double(i) / 10_000
      let t = segment.time(at: s)
      XCTAssertGreaterThanOrEqual(t, previous, "s = \(s)", line: line)
      XCTAssertGreaterThanOrEqual(segment.timeDerivative(at: s), 0, "s = \(s)", line: line)
      previous = t
    }
  }

  func testOverlappingHandlesAreScaledTogether() {
    // t0 = 0, t1 = 1; len1 = 0.8, len2 = 0.4: overlap, scale 1 / 1.2.
    let c = Setup(
      t0: 0, v0: 0, rightTime: 0.8, rightValue: 1, leftTime: 0.6, leftValue: -1, t1: 1, v1: 0.5)
    let segment = c.segment
    let scale = 1 / 1.2
    XCTAssertEqual(segment.handleScale, scale, accuracy: 1e-15)
    XCTAssertEqual(segment.rightHandleTime, 0.8 * scale, accuracy: 1e-15)
    XCTAssertEqual(segment.leftHandleTime, 1 - 0.4 * scale, accuracy: 1e-15)
    let right = segment.rightHandleValue(v0: 0, handle: 1)
    let left = segment.leftHandleValue(v1: 0.5, handle: -1)
    XCTAssertEqual(right, scale, accuracy: 1e-15)
    XCTAssertEqual(left, 0.5 - 1.5 * scale, accuracy: 1e-15)
    assertMonotoneTime(segment)
    // The curve is the Bézier through the corrected control points.
    let reference = Reference(
      t: (0, 0.8 * scale, 1 - 0.4 * scale, 1), v: (0, scale, 0.5 - 1.5 * scale, 0.5))
    for i in 0...500 {
      let t = Double(i) / 500
      XCTAssertEqual(c.value(atTime: t), reference.value(atTime: t), accuracy: 1e-9, "t = \(t)")
    }
  }

  func testHandleBeyondTheOtherKeyKeepsItsDirection() {
    // Right handle at (3, 3) on a segment from t = 0 to t = 1: len1 = 3,
    // default left handle len2 = 1/3, scale = 1 / (10/3) = 0.3.
    let c = Setup(
      t0: 0, v0: 0, rightTime: 3, rightValue: 3, leftTime: 2.0 / 3, leftValue: 1, t1: 1, v1: 1)
    let segment = c.segment
    XCTAssertEqual(segment.handleScale, 0.3, accuracy: 1e-15)
    XCTAssertEqual(segment.rightHandleTime, 0.9, accuracy: 1e-15)
    XCTAssertEqual(segment.leftHandleTime, 0.9, accuracy: 1e-15)
    XCTAssertEqual(segment.rightHandleValue(v0: 0, handle: 3), 0.9, accuracy: 1e-15)
    // The slope at the start is still the handle's: 3 / 3 = 1.
    XCTAssertEqual(c.velocity(0), 1, accuracy: 1e-14)
    assertMonotoneTime(segment)
    // Both handles far past the other key.
    assertMonotoneTime(
      BezierSegment(startTime: 2, rightHandleTime: 50, leftHandleTime: -40, endTime: 3))
  }

  func testHandlesOnTheWrongSideBecomeVertical() {
    // A right handle before t0 and a left handle after t1 are clamped to
    // their keys' times, keeping their values.
    let c = Setup(
      t0: 0, v0: 0, rightTime: -0.5, rightValue: 1, leftTime: 1.5, leftValue: 2, t1: 1, v1: 1)
    let segment = c.segment
    XCTAssertEqual(segment.rightHandleTime, 0)
    XCTAssertEqual(segment.leftHandleTime, 1)
    XCTAssertEqual(segment.handleScale, 1)
    XCTAssertEqual(segment.timeDerivative(at: 0), 0)
    XCTAssertEqual(segment.timeDerivative(at: 1), 0)
    assertMonotoneTime(segment)
    // Vertical and rising at both ends: dv/dt → +∞ from inside.
    XCTAssertEqual(c.velocity(0), .infinity)
    XCTAssertEqual(c.velocity(1), -.infinity)  // the left handle is above v1: falling into it
    let reference = Reference(t: (0, 0, 1, 1), v: (0, 1, 2, 1))
    for i in 1..<100 {
      let t = Double(i) / 100
      XCTAssertEqual(c.value(atTime: t), reference.value(atTime: t), accuracy: 1e-9)
    }
  }

  // MARK: - Derivatives

  func testDerivativesMatchCentralDifferences() {
    let h = 1e-6
    for c in plain {
      let segment = c.segment
      for i in 1..<100 {
        let s = Double(i) / 100
        let dv = (c.value(s + h) - c.value(s - h)) / (2 * h)
        XCTAssertEqual(c.valueDerivative(s), dv, accuracy: 1e-7 * max(1, abs(dv)), "\(c) @ \(s)")
        let dt = (segment.time(at: s + h) - segment.time(at: s - h)) / (2 * h)
        XCTAssertEqual(segment.timeDerivative(at: s), dt, accuracy: 1e-7 * max(1, abs(dt)))
        // dv/dt through time itself.
        let t = segment.time(at: s)
        let slope = (c.value(atTime: t + h) - c.value(atTime: t - h)) / (2 * h)
        XCTAssertEqual(c.velocity(s), slope, accuracy: 1e-5 * max(1, abs(slope)), "\(c) @ \(s)")
      }
    }
  }

  func testVelocityLimitsAtVerticalEnds() {
    // Zero-length right handle at (t0, v0): dv/ds and dt/ds both vanish at
    // s = 0; the limit is the slope from the key toward the left handle.
    let a = Setup(
      t0: 0, v0: 1, rightTime: 0, rightValue: 1, leftTime: 0.5, leftValue: 3, t1: 1, v1: 2)
    XCTAssertEqual(a.velocity(0), (3 - 1) / 0.5, accuracy: 1e-14)
    XCTAssertEqual(a.velocity(1e-7), 4, accuracy: 1e-5)
    // Zero-length left handle at (t1, v1): the slope toward the right handle.
    let b = Setup(
      t0: 0, v0: 1, rightTime: 0.25, rightValue: 0, leftTime: 1, leftValue: 2, t1: 1, v1: 2)
    XCTAssertEqual(b.velocity(1), (0 - 2) / (0.25 - 1), accuracy: 1e-14)
    XCTAssertEqual(b.velocity(1 - 1e-7), 8.0 / 3, accuracy: 1e-5)
    // Both handles at (t0, v0): time and value start like s³; the limit is
    // the chord's slope.
    let c = Setup(
      t0: 0, v0: 1, rightTime: 0, rightValue: 1, leftTime: 0, leftValue: 1, t1: 2, v1: 5)
    XCTAssertEqual(c.segment.handleScale, 1)
    XCTAssertEqual(c.velocity(0), 2, accuracy: 1e-14)
    XCTAssertEqual(c.velocity(1e-6), 2, accuracy: 1e-5)
    // Both handles at t0, value rising from the left handle: the value
    // moves like s² while time moves like s³.
    let d = Setup(
      t0: 0, v0: 1, rightTime: 0, rightValue: 1, leftTime: 0, leftValue: 3, t1: 2, v1: 5)
    XCTAssertEqual(d.velocity(0), .infinity)
    // A vertical handle with no value offset at a key whose other handle is
    // also at t0 but below: falling like s².
    let e = Setup(
      t0: 0, v0: 1, rightTime: 0, rightValue: 1, leftTime: 0, leftValue: -3, t1: 2, v1: 5)
    XCTAssertEqual(e.velocity(0), -.infinity)
  }
}
