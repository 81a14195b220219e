import Razzle
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Penner's curves against the formulas as easings.net writes them: another
/// algebraic form of the same functions, written independently.
final class PennerTests: XCTestCase {
  static let c1 = 1.70158
  static let c2 = c1 * 1.525
  static let c3 = c1 + 1
  static let c4 = 2 * Double.pi / 3
  static let c5 = 2 * Double.pi / 4.5

  static func bounceOut(_ x: Double) -> Double {
    let n1 = 7.5625
    let d1 = 2.75
    if x < 1 / d1 { return n1 * x * x }
    if x < 2 / d1 {
      let y = x - 1.5 / d1
      return n1 * y * y + 0.75
    }
    if x < 2.5 / d1 {
      let y = x - 2.25 / d1
      return n1 * y * y + 0.9375
    }
    let y = x - 2.625 / d1
    return n1 * y * y + 0.984375
  }

  static let reference: [String: (Double) -> Double] = [
    "easeInSine": { 1 - cos($0 * .pi / 2) },
    "easeOutSine": { sin($0 * .pi / 2) },
    "easeInOutSine": { -(cos(.pi * $0) - 1) / 2 },
    "easeInQuad": { $0 * $0 },
    "easeOutQuad": { 1 - (1 - $0) * (1 - $0) },
    "easeInOutQuad": { $0 < 0.5 ? 2 * $0 * $0 : 1 - pow(-2 * $0 + 2, 2) / 2 },
    "easeInCubic": { pow($0, 3) },
    "easeOutCubic": { 1 - pow(1 - $0, 3) },
    "easeInOutCubic": { $0 < 0.5 ? 4 * pow($0, 3) : 1 - pow(-2 * $0 + 2, 3) / 2 },
    "easeInQuart": { pow($0, 4) },
    "easeOutQuart": { 1 - pow(1 - $0, 4) },
    "easeInOutQuart": { $0 < 0.5 ? 8 * pow($0, 4) : 1 - pow(-2 * $0 + 2, 4) / 2 },
    "easeInQuint": { pow($0, 5) },
    "easeOutQuint": { 1 - pow(1 - $0, 5) },
    "easeInOutQuint": { $0 < 0.5 ? 16 * pow($0, 5) : 1 - pow(-2 * $0 + 2, 5) / 2 },
    "easeInExpo": { $0 == 0 ? 0 : pow(2, 10 * $0 - 10) },
    "easeOutExpo": { $0 == 1 ? 1 : 1 - pow(2, -10 * $0) },
    "easeInOutExpo": {
      $0 == 0
        ? 0
        : $0 == 1
          ? 1 : $0 < 0.5 ? pow(2, 20 * $0 - 10) / 2 : (2 - pow(2, -20 * $0 + 10)) / 2
    },
    "easeInCirc": { 1 - sqrt(1 - pow($0, 2)) },
    "easeOutCirc": { sqrt(1 - pow($0 - 1, 2)) },
    "easeInOutCirc": {
      $0 < 0.5 ? (1 - sqrt(1 - pow(2 * $0, 2))) / 2 : (sqrt(1 - pow(-2 * $0 + 2, 2)) + 1) / 2
    },
    "easeInBack": { c3 * $0 * $0 * $0 - c1 * $0 * $0 },
    "easeOutBack": { 1 + c3 * pow($0 - 1, 3) + c1 * pow($0 - 1, 2) },
    "easeInOutBack": {
      $0 < 0.5
        ? (pow(2 * $0, 2) * ((c2 + 1) * 2 * $0 - c2)) / 2
        : (pow(2 * $0 - 2, 2) * ((c2 + 1) * ($0 * 2 - 2) + c2) + 2) / 2
    },
    "easeInElastic": {
      $0 == 0 ? 0 : $0 == 1 ? 1 : -pow(2, 10 * $0 - 10) * sin(($0 * 10 - 10.75) * c4)
    },
    "easeOutElastic": {
      $0 == 0 ? 0 : $0 == 1 ? 1 : pow(2, -10 * $0) * sin(($0 * 10 - 0.75) * c4) + 1
    },
    "easeInOutElastic": {
      $0 == 0
        ? 0
        : $0 == 1
          ? 1
          : $0 < 0.5
            ? -(pow(2, 20 * $0 - 10) * sin((20 * $0 - 11.125) * c5)) / 2
            : (pow(2, -20 * $0 + 10) * sin((20 * $0 - 11.125) * c5)) / 2 + 1
    },
    "easeInBounce": { 1 - bounceOut(1 - $0) },
    "easeOutBounce": { bounceOut($0) },
    "easeInOutBounce": {
      $0 < 0.5 ? (1 - bounceOut(1 - 2 * $0)) / 2 : (1 + bounceOut(2 * $0 - 1)) / 2
    },
  ]

  func testAllThirtyCurvesMatchTheReferenceFormulas() throws {
    XCTAssertEqual(Self.reference.count, 30)
    for (name, formula) in Self.reference {
      let easing = try Easing(parsing: name)
      XCTAssertEqual(easing.description, name)
      for i in 0...200 {
        let p = Double(i) / 200
        XCTAssertEqual(easing(p), formula(p), accuracy: 1e-12, "\(name) at \(p)")
      }
      XCTAssertEqual(easing(0), 0, "\(name)(0) is exactly 0")
      XCTAssertEqual(easing(1), 1, "\(name)(1) is exactly 1")
    }
  }

  func testBackOvershootParameter() throws {
    let s = 2.5
    let easing = try Easing(parsing: "easeOutBack(2.5)")
    XCTAssertEqual(try Easing(parsing: "easeOutBack(overshoot=2.5)"), easing)
    for p in stride(from: 0.0, through: 1, by: 0.05) {
      XCTAssertEqual(
        easing(p), 1 + (s + 1) * pow(p - 1, 3) + s * pow(p - 1, 2), accuracy: 1e-12)
    }
    // The overshoot peaks above 1: the point of the curve.
    XCTAssertGreaterThan(easing(0.7), 1)
  }

  func testElasticParametersFollowPenner() throws {
    // Penner: s = p / (2π) · asin(1 / a); out = a · 2^(−10t) · sin((t − s)·2π/p) + 1.
    let a = 1.5
    let period = 0.4
    let shift = period / (2 * .pi) * asin(1 / a)
    let easing = try Easing(parsing: "easeOutElastic(1.5, 0.4)")
    for p in stride(from: 0.05, to: 1, by: 0.05) {
      XCTAssertEqual(
        easing(p), a * pow(2, -10 * p) * sin((p - shift) * 2 * .pi / period) + 1, accuracy: 1e-12)
    }
    XCTAssertThrowsError(try Easing(parsing: "easeOutElastic(1, 0)"))
    XCTAssertThrowsError(try Easing(parsing: "easeOutElastic(1, -0.3)"))
  }
}
