import Razzle
import XCTest

final class PropertyRuleTests: XCTestCase {
  func check(_ rule: PropertyRule, _ value: [Double], _ property: String = "p") -> RazzleError? {
    do {
      try value.withUnsafeBufferPointer { try rule.validate($0, property: property) }
      return nil
    } catch {
      return error as? RazzleError
    }
  }

  func testImpliedKinds() {
    for name in [
      "alpha", "rotation", "scale", "cornerRadius", "strokeStart", "strokeEnd", "pathPosition",
      "constraintConstant",
    ] {
      XCTAssertEqual(PropertyRule.impliedKind(of: name), .scalar, name)
    }
    for name in ["backgroundColor", "fillColor", "strokeColor", "textColor"] {
      XCTAssertEqual(PropertyRule.impliedKind(of: name), .color, name)
    }
    XCTAssertEqual(PropertyRule.impliedKind(of: "translation"), .point)
    XCTAssertEqual(PropertyRule.impliedKind(of: "position"), .point)
    XCTAssertEqual(PropertyRule.impliedKind(of: "size"), .size)
    XCTAssertEqual(PropertyRule.impliedKind(of: "frame"), .rect)
    XCTAssertEqual(PropertyRule.impliedKind(of: "hidden"), .bool)
    XCTAssertEqual(PropertyRule.impliedKind(of: "transform"), .transform)
    XCTAssertEqual(PropertyRule.impliedKind(of: "transform3d"), .transform3d)
    XCTAssertNil(PropertyRule.impliedKind(of: "Alpha"))
    XCTAssertNil(PropertyRule.impliedKind(of: "opacity"))
  }

  func testRanges() {
    XCTAssertEqual(PropertyRule(property: "alpha", kind: .scalar).range, .unitInterval)
    XCTAssertEqual(PropertyRule(property: "strokeEnd", kind: .scalar).range, .unitInterval)
    XCTAssertEqual(PropertyRule(property: "scale", kind: .scalar).range, .nonNegative)
    XCTAssertEqual(PropertyRule(property: "cornerRadius", kind: .scalar).range, .nonNegative)
    XCTAssertEqual(PropertyRule(property: "rotation", kind: .scalar).range, .any)
    XCTAssertEqual(PropertyRule(property: "anything", kind: .scalar).range, .any)
    // A color property keeps its (empty) range in any color space.
    XCTAssertEqual(
      PropertyRule(property: "textColor", kind: .color(.oklch, premultiplied: true)).range, .any)
  }

  func testUnitIntervalAndNonNegative() {
    let alpha = PropertyRule(property: "alpha", kind: .scalar)
    XCTAssertNil(check(alpha, [0]))
    XCTAssertNil(check(alpha, [1]))
    XCTAssertEqual(
      check(alpha, [1.0000001], "alpha")?.message,
      "alpha: value must be within [0, 1], got 1.0000001")
    XCTAssertEqual(check(alpha, [-0.5])?.kind, .invalidValue)
    let scale = PropertyRule(property: "scale", kind: .scalar)
    XCTAssertNil(check(scale, [0]))
    XCTAssertNil(check(scale, [1e300]))
    XCTAssertEqual(check(scale, [-1], "scale")?.message, "scale: value must be >= 0, got -1.0")
  }

  func testFiniteFirstThenTheKindThenTheRange() {
    let size = PropertyRule(property: "size", kind: .size)
    XCTAssertEqual(
      check(size, [1, .nan], "size")?.message, "size: channel 1 must be finite, got nan")
    // A NaN anywhere is reported before a kind constraint on an earlier channel.
    XCTAssertEqual(
      check(size, [-1, .infinity], "size")?.message, "size: channel 1 must be finite, got inf")
    XCTAssertEqual(
      check(size, [-1, 2], "size")?.message, "size: channel 0 (width) must be >= 0, got -1.0")
    let color = PropertyRule(property: "fillColor", kind: .color)
    XCTAssertEqual(
      check(color, [0, 0, 0, 2], "fillColor")?.message,
      "fillColor: channel 3 (alpha) must be within [0, 1], got 2.0")
    XCTAssertNil(check(color, [-0.5, 1.5, 2, 1]), "extended sRGB components are allowed")
    let hidden = PropertyRule(property: "hidden", kind: .bool)
    XCTAssertEqual(check(hidden, [2], "hidden")?.message, "hidden: value must be 0 or 1, got 2.0")
    let any = PropertyRule(property: "v", kind: .vector(3))
    XCTAssertNil(check(any, [-1e308, 0, 1e308]))
    XCTAssertEqual(check(any, [0, -.infinity, 0])?.kind, .invalidValue)
  }
}
