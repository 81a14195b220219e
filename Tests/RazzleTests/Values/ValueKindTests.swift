import XCTest

@testable import Razzle

/// Each kind's declaration: name, channels, component names, validation,
/// blend and blend derivative, derived data, and the registry around them.
final class ValueKindTests: XCTestCase {
  /// Blends `from` → `to` at `e` with `kind`, deriving each end's data as a
  /// track does when the keyframe is set.
  func blend(_ kind: ValueKind, _ from: [Double], _ to: [Double], _ e: Double) -> [Double] {
    withSegment(kind, from, to) { segment in
      var out = [Double](repeating: .nan, count: kind.channels)
      out.withUnsafeMutableBufferPointer { kind.base.blend(segment, e, into: $0.baseAddress!) }
      return out
    }
  }

  func blendDerivative(_ kind: ValueKind, _ from: [Double], _ to: [Double], _ e: Double)
    -> [Double]
  {
    withSegment(kind, from, to) { segment in
      var out = [Double](repeating: .nan, count: kind.channels)
      out.withUnsafeMutableBufferPointer {
        kind.base.blendDerivative(segment, e, into: $0.baseAddress!)
      }
      return out
    }
  }

  func derived(_ kind: ValueKind, _ value: [Double]) -> [Double] {
    var out = [Double](repeating: .nan, count: kind.base.derivedStride)
    value.withUnsafeBufferPointer { v in
      out.withUnsafeMutableBufferPointer { kind.base.derive(v.baseAddress!, into: $0.baseAddress!) }
    }
    return out
  }

  /// Runs `body` with the segment from → to, each end's and the segment's
  /// data derived as a track derives them when keyframes are set.
  func withSegment<R>(
    _ kind: ValueKind, _ from: [Double], _ to: [Double], _ body: (BlendSegment) -> R
  ) -> R {
    let da = derived(kind, from) + [0]
    let db = derived(kind, to) + [0]
    var shared = [Double](repeating: .nan, count: kind.base.segmentStride + 1)
    return from.withUnsafeBufferPointer { f in
      to.withUnsafeBufferPointer { t in
        da.withUnsafeBufferPointer { a in
          db.withUnsafeBufferPointer { b in
            let start = BlendOperand(value: f.baseAddress!, derived: a.baseAddress!)
            let end = BlendOperand(value: t.baseAddress!, derived: b.baseAddress!)
            return shared.withUnsafeMutableBufferPointer { s in
              kind.base.deriveSegment(start, end, into: s.baseAddress!)
              return body(BlendSegment(from: start, to: end, shared: UnsafePointer(s.baseAddress!)))
            }
          }
        }
      }
    }
  }

  func violation(_ kind: ValueKind, _ value: [Double]) -> (channel: Int, reason: String)? {
    value.withUnsafeBufferPointer { kind.base.violation(in: $0) }
  }

  // MARK: - The registry and the catalog

  func testCatalogListsEveryKindOnceWithItsComponents() {
    XCTAssertEqual(
      ValueKind.catalog.map(\.name),
      ["scalar", "point", "size", "rect", "vector", "color", "bool", "transform", "transform3d"])
    let names = Dictionary(uniqueKeysWithValues: ValueKind.catalog.map { ($0.name, $0) })
    XCTAssertEqual(names["point"]?.componentNames, ["x", "y"])
    XCTAssertEqual(names["size"]?.componentNames, ["width", "height"])
    XCTAssertEqual(names["rect"]?.componentNames, ["x", "y", "width", "height"])
    XCTAssertEqual(names["color"]?.componentNames, ["r", "g", "b", "a"])
    XCTAssertEqual(names["transform"]?.componentNames, ["a", "b", "c", "d", "tx", "ty"])
    XCTAssertEqual(names["transform3d"]?.componentNames.count, 16)
    XCTAssertEqual(names["transform3d"]?.componentNames.first, "m11")
    XCTAssertEqual(names["transform3d"]?.componentNames[4], "m21")
    XCTAssertEqual(names["transform3d"]?.componentNames.last, "m44")
    XCTAssertEqual(names["vector"]?.componentNames, [])
    XCTAssertEqual(names["vector"]?.channels, 1...64)
    XCTAssertEqual(names["vector"]?.parameters, ["channels"])
    XCTAssertEqual(names["color"]?.parameters, ["colorSpace", "premultiplied"])
    for entry in ValueKind.catalog where entry.name != "vector" {
      XCTAssertEqual(entry.channels.count, 1, entry.name)
      XCTAssertEqual(entry.componentNames.count, entry.channels.lowerBound, entry.name)
    }
    // The record types the Python binding names its samples by.
    XCTAssertEqual(
      ValueKind.catalog.map { $0.typeName ?? "-" },
      ["-", "Point", "Size", "Rect", "-", "Color", "-", "Transform", "Transform3D"])
    XCTAssertEqual(
      ValueKind.catalog.filter(\.isPerChannel).map(\.name),
      ["scalar", "point", "size", "rect", "vector"])
  }

  func testKindsByNameAgreeWithTheirCatalogEntries() throws {
    for entry in ValueKind.catalog {
      let kind = try ValueKind(name: entry.name, channels: 3)
      XCTAssertEqual(kind.name, entry.name)
      XCTAssertEqual(kind.isPerChannel, entry.isPerChannel, entry.name)
      XCTAssertEqual(kind.channels, entry.name == "vector" ? 3 : entry.channels.lowerBound)
      XCTAssertEqual(kind.description, entry.name)
      if entry.name != "vector" { XCTAssertEqual(kind.componentNames, entry.componentNames) }
    }
  }

  func testNamedKindsEqualTheStaticOnes() throws {
    XCTAssertEqual(try ValueKind(name: "scalar"), .scalar)
    XCTAssertEqual(try ValueKind(name: "bool"), .bool)
    XCTAssertEqual(try ValueKind(name: "vector", channels: 5), .vector(5))
    XCTAssertNotEqual(try ValueKind(name: "vector", channels: 5), .vector(4))
    XCTAssertEqual(try ValueKind(name: "color"), .color)
    XCTAssertEqual(
      try ValueKind(name: "color", colorSpace: .oklch, premultiplied: true),
      .color(.oklch, premultiplied: true))
    XCTAssertNotEqual(
      ValueKind.color(.oklch, premultiplied: true), .color(.oklch, premultiplied: false))
    XCTAssertNotEqual(ValueKind.point, .size)
    XCTAssertEqual(Set([ValueKind.point, .point, .size, .vector(2)]).count, 3)
  }

  func testUnknownNamesAndBadVectorSizesThrow() {
    XCTAssertThrowsError(try ValueKind(name: "colour")) {
      let error = $0 as? RazzleError
      XCTAssertEqual(error?.kind, .invalidName)
      XCTAssertEqual(
        error?.message,
        "unknown value kind \"colour\" (did you mean \"color\"?) (scalar, point, size, rect, vector, color, bool, transform, transform3d)"
      )
    }
    for n in [0, -1, 65] {
      XCTAssertThrowsError(try ValueKind(name: "vector", channels: n)) {
        XCTAssertEqual(($0 as? RazzleError)?.kind, .wrongSize)
      }
      XCTAssertThrowsError(try ValueKind.vector(n).checkWellFormed())
    }
    XCTAssertNoThrow(try ValueKind.vector(64).checkWellFormed())
    XCTAssertNoThrow(try ValueKind.color.checkWellFormed())
  }

  func testModelReadsAColorKindsSpace() {
    let kind = ValueKind.color(.hsl, premultiplied: true)
    XCTAssertEqual(kind.model(as: ColorKind.self)?.space, .hsl)
    XCTAssertEqual(kind.model(as: ColorKind.self)?.premultiplied, true)
    XCTAssertNil(ValueKind.point.model(as: ColorKind.self))
    XCTAssertEqual(ValueKind.vector(7).model(as: VectorKind.self)?.channels, 7)
  }

  // MARK: - Validation (the kind's own constraints)

  func testValidation() {
    XCTAssertNil(violation(.scalar, [-1e300]))
    XCTAssertNil(violation(.point, [-5, -5]))
    XCTAssertNil(violation(.size, [0, 3]))
    XCTAssertEqual(violation(.size, [-1, 3])?.channel, 0)
    XCTAssertEqual(violation(.size, [-1, 3])?.reason, "(width) must be >= 0")
    XCTAssertEqual(violation(.size, [1, -3])?.reason, "(height) must be >= 0")
    XCTAssertNil(violation(.rect, [-1, -1, 0, 0]))
    XCTAssertEqual(violation(.rect, [-1, -1, -2, 0])?.channel, 2)
    XCTAssertEqual(violation(.rect, [0, 0, 2, -1e-300])?.reason, "(height) must be >= 0")
    XCTAssertNil(violation(.bool, [0]))
    XCTAssertNil(violation(.bool, [1]))
    XCTAssertEqual(violation(.bool, [0.5])?.reason, "must be 0 or 1")
    XCTAssertNil(violation(.color, [2, -1, 5, 1]))
    XCTAssertEqual(violation(.color, [0, 0, 0, 1.5])?.channel, 3)
    XCTAssertEqual(violation(.color, [0, 0, 0, -0.1])?.reason, "(alpha) must be within [0, 1]")
    XCTAssertNil(violation(.transform, [0, 0, 0, 0, 0, 0]))
    XCTAssertNil(violation(.vector(3), [-1, 0, 1]))
  }

  /// A kind that says it puts no constraint on values (so validation skips
  /// asking it) finds none in values every other kind would refuse; the
  /// kinds with constraints say so.
  func testKindsWithoutConstraintsSayNothingIsWrong() {
    let free: [ValueKind] = [.scalar, .point, .vector(3), .transform, .transform3d]
    for kind in free {
      XCTAssertFalse(kind.constrainsValues, "\(kind)")
      for v in [-1e300, -1, -0.5, 0, 0.5, 2, 1e300] {
        XCTAssertNil(violation(kind, [Double](repeating: v, count: kind.channels)), "\(kind) \(v)")
      }
    }
    for kind in [ValueKind.size, .rect, .bool, .color] {
      XCTAssertTrue(kind.constrainsValues, "\(kind)")
    }
    XCTAssertEqual(
      Set(ValueKind.catalog.map(\.name)),
      Set((free + [.size, .rect, .bool, .color]).map(\.name)), "every kind above")
  }

  // MARK: - Blends, by hand

  func testPerChannelBlendIsTheLinearFormula() {
    // 1 + (3 − 1)·0.25 = 1.5; −2 + (6 + 2)·0.25 = 0; and e = 1.5 extrapolates.
    XCTAssertEqual(blend(.point, [1, -2], [3, 6], 0.25), [1.5, 0])
    XCTAssertEqual(blend(.scalar, [10], [20], 1.5), [25])
    XCTAssertEqual(blend(.rect, [0, 0, 10, 10], [4, 8, 20, 0], 0.5), [2, 4, 15, 5])
    XCTAssertEqual(blend(.vector(3), [1, 2, 3], [3, 2, 1], 0.5), [2, 2, 2])
    XCTAssertEqual(blendDerivative(.point, [1, -2], [3, 6], 0.7), [2, 8])
    XCTAssertEqual(ValueKind.point.base.derivedStride, 0)
  }

  func testBoolSwitchesOnceProgressLeavesZero() {
    XCTAssertEqual(blend(.bool, [0], [1], 0), [0])
    XCTAssertEqual(blend(.bool, [0], [1], 1e-300), [1])
    XCTAssertEqual(blend(.bool, [1], [0], -0.5), [0])
    XCTAssertEqual(blendDerivative(.bool, [0], [1], 0.5), [0])
  }

  func testSRGBColorBlendsEncodedComponents() {
    // srgb, not premultiplied: each encoded component and alpha linearly.
    let kind = ValueKind.color
    XCTAssertEqual(blend(kind, [1, 0, 0.5, 1], [0, 1, 0.5, 0], 0.25), [0.75, 0.25, 0.5, 0.75])
    // d/de of the linear blend is to − from (a central difference of a
    // straight line, to rounding).
    let slope = blendDerivative(kind, [1, 0, 0.5, 1], [0, 1, 0.5, 0], 0.25)
    for (got, expected) in zip(slope, [-1.0, 1, 0, -1]) {
      XCTAssertEqual(got, expected, accuracy: 1e-9)
    }
  }

  func testPremultipliedSRGBColorByHand() {
    // Premultiplied: (1·1 + (0·0 − 1·1)·0.5) / α with α = 0.5: red 1, and
    // transparent black adds no darkness.
    let kind = ValueKind.color(.srgb, premultiplied: true)
    XCTAssertEqual(blend(kind, [1, 0, 0, 1], [0, 0, 0, 0], 0.5), [1, 0, 0, 0.5])
    // The derived data: coordinates times alpha, alpha, no hue.
    XCTAssertEqual(derived(kind, [0.5, 0.25, 1, 0.5]), [0.25, 0.125, 0.5, 0.5, 0])
  }

  func testColorEndsAreExactAndMiddlesMatchInterpolateColor() {
    let from = RGBA(r: 0.9, g: 0.2, b: 0.1, a: 0.8)
    let to = RGBA(r: 0.1, g: 0.3, b: 0.95, a: 0.4)
    let a = [from.r, from.g, from.b, from.a]
    let b = [to.r, to.g, to.b, to.a]
    for space in ColorSpace.allCases {
      for premultiplied in [false, true] {
        let kind = ValueKind.color(space, premultiplied: premultiplied)
        XCTAssertEqual(blend(kind, a, b, 0), a)
        XCTAssertEqual(blend(kind, a, b, 1), b)
        for e in [0.3, 0.5, -0.2, 1.4] {
          let c = interpolateColor(from, to, e, in: space, premultiplied: premultiplied)
          // Bit for bit: the kind blends prepared ends with the same arithmetic.
          XCTAssertEqual(blend(kind, a, b, e), [c.r, c.g, c.b, c.a], "\(space) \(e)")
        }
      }
    }
  }

  func testOKLCHDerivesHueAndPowerlessness() {
    let kind = ValueKind.color(.oklch, premultiplied: false)
    let red = derived(kind, [1, 0, 0, 1])
    // CSS Color 4's sample: sRGB red is oklch(0.62796 0.25768 29.2339°).
    XCTAssertEqual(red[0], 0.627955, accuracy: 1e-5)
    XCTAssertEqual(red[1], 0.257683, accuracy: 1e-5)
    XCTAssertEqual(red[2], 29.2339, accuracy: 1e-3)
    XCTAssertEqual(red[3], 1)
    XCTAssertEqual(red[4], 0)
    XCTAssertEqual(derived(kind, [0.5, 0.5, 0.5, 1])[4], 1, "gray: powerless hue")
    // A gray end takes the other end's hue: halfway from white to red in
    // OkLCh keeps red's hue.
    let mid = blend(kind, [1, 1, 1, 1], [1, 0, 0, 1], 0.5)
    let hue = ColorSpace.oklch.coordinates(of: RGBA(r: mid[0], g: mid[1], b: mid[2]))[2]
    XCTAssertEqual(hue, 29.2339, accuracy: 1e-3)
  }

  func testTransformMidpointRotatesHalfway() {
    // identity → rotation by 90°: halfway is a rotation by 45°, (cos, sin,
    // −sin, cos) in CGAffineTransform's (a, b, c, d) order.
    let s = 0.5.squareRoot()
    let mid = blend(.transform, [1, 0, 0, 1, 0, 0], [0, 1, -1, 0, 10, 20], 0.5)
    for (got, expected) in zip(mid, [s, s, -s, s, 5, 10]) {
      XCTAssertEqual(got, expected, accuracy: 1e-12)
    }
    XCTAssertEqual(
      blend(.transform, [1, 0, 0, 1, 0, 0], [0, 1, -1, 0, 10, 20], 1), [0, 1, -1, 0, 10, 20])
    // d/de at e = 0.5: the rotation angle moves at π/2 per unit e, so
    // d(cos θ)/de = −sin(π/4)·π/2; the translation at (10, 20).
    let slope = blendDerivative(.transform, [1, 0, 0, 1, 0, 0], [0, 1, -1, 0, 10, 20], 0.5)
    let rate = s * Double.pi / 2
    for (got, expected) in zip(slope, [-rate, rate, -rate, -rate, 10, 20]) {
      XCTAssertEqual(got, expected, accuracy: 1e-6)
    }
  }

  func testTransformDerivesItsDecomposition() {
    // scale(2, 3) then translate(5, 7): scale (2, 3, 1), no rotation.
    let d = derived(.transform, [2, 0, 0, 3, 5, 7])
    XCTAssertEqual(d.count, 18)
    XCTAssertEqual(d[0], 1, "decomposes")
    XCTAssertEqual(Array(d[1...3]), [5, 7, 0], "translation")
    XCTAssertEqual(Array(d[4...6]), [2, 3, 1], "scale")
    XCTAssertEqual(Array(d[7...9]), [0, 0, 0], "skew")
    XCTAssertEqual(Array(d[10...13]), [0, 0, 0, 1], "perspective")
    XCTAssertEqual(Array(d[14...17]), [0, 0, 0, 1], "quaternion")
    XCTAssertEqual(derived(.transform, [0, 0, 0, 0, 1, 1]), [Double](repeating: 0, count: 18))
  }

  func testTransformSegmentsKeepTheirSlerpPlan() {
    // Rotations by 0 and 90° about z: quaternions (0, 0, 0, 1) and
    // (0, 0, sin 45°, cos 45°), dot product cos 45°, angle 45°.
    let s = 0.5.squareRoot()
    withSegment(.transform, [1, 0, 0, 1, 0, 0], [0, 1, -1, 0, 0, 0]) { segment in
      XCTAssertEqual(segment.shared[0], 0, "not negated")
      XCTAssertEqual(segment.shared[1], s, accuracy: 1e-15)
      XCTAssertEqual(segment.shared[2], Double.pi / 4, accuracy: 1e-15)
      XCTAssertEqual(segment.shared[3], s, accuracy: 1e-15)
    }
    // Rotations by 170° and −170°: quaternions (0, 0, ±sin 85°, cos 85°)
    // with dot product cos 170° < 0, so the plan negates the second (the
    // shorter way, through 180°) and keeps |cos 170°|.
    let (c, n) = (cos(170 * Double.pi / 180), sin(170 * Double.pi / 180))
    withSegment(.transform, [c, n, -n, c, 0, 0], [c, -n, n, c, 0, 0]) { segment in
      XCTAssertEqual(segment.shared[0], 1)
      XCTAssertEqual(segment.shared[1], -c, accuracy: 1e-12)
      XCTAssertEqual(segment.shared[2], 10 * Double.pi / 180, accuracy: 1e-9)
    }
    // Halfway, the shorter way: a rotation by 180°.
    let half = blend(.transform, [c, n, -n, c, 0, 0], [c, -n, n, c, 0, 0], 0.5)
    for (got, expected) in zip(half, [-1.0, 0, 0, -1, 0, 0]) {
      XCTAssertEqual(got, expected, accuracy: 1e-12)
    }
    withSegment(.transform, [1, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0]) { segment in
      XCTAssertEqual(Array(UnsafeBufferPointer(start: segment.shared, count: 4)), [0, 0, 0, 0])
    }
    XCTAssertEqual(ValueKind.color.base.segmentStride, 0)
    XCTAssertEqual(ValueKind.transform3d.base.segmentStride, 4)
  }

  func testSingularTransformsSwitchAtHalfway() {
    let singular = [0.0, 0, 0, 0, 1, 1]
    let identity = [1.0, 0, 0, 1, 0, 0]
    XCTAssertEqual(blend(.transform, identity, singular, 0.49), identity)
    XCTAssertEqual(blend(.transform, identity, singular, 0.5), singular)
    var flat3D = [Double](repeating: 0, count: 16)
    flat3D[15] = 0  // m44 = 0: no decomposition
    var unit = [Double](repeating: 0, count: 16)
    for i in stride(from: 0, to: 16, by: 5) { unit[i] = 1 }
    XCTAssertEqual(blend(.transform3d, unit, flat3D, 0.25), unit)
    XCTAssertEqual(blend(.transform3d, unit, flat3D, 0.75), flat3D)
  }

  func testTransform3DMatchesInterpolateTransform() {
    let a = Transform3D.rotation(angle: 0.7, x: 1, y: 2, z: 3).concatenating(
      .translation(x: 1, y: -2, z: 3))
    let b = Transform3D.scale(x: 2, y: 0.5, z: 1.5).concatenating(.perspective(distance: 500))
    var va = [Double](repeating: 0, count: 16)
    var vb = va
    va.withUnsafeMutableBufferPointer { a.store(into: $0.baseAddress!) }
    vb.withUnsafeMutableBufferPointer { b.store(into: $0.baseAddress!) }
    for e in [0.0, 0.2, 0.5, 0.9, 1.0, 1.3] {
      var expected = [Double](repeating: 0, count: 16)
      expected.withUnsafeMutableBufferPointer {
        interpolateTransform(a, b, e).store(into: $0.baseAddress!)
      }
      XCTAssertEqual(blend(.transform3d, va, vb, e), expected, "e = \(e)")
    }
  }
}
