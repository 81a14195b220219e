import XCTest

@testable import Razzle

final class KeyframeStorageTests: XCTestCase {
  func set(
    _ storage: inout KeyframeStorage, _ time: Double, _ value: [Double],
    _ style: KeyframeStyle = .plain
  ) {
    value.withUnsafeBufferPointer { storage.set(time: time, value: $0, style: style) }
  }

  func testSetKeepsTimesSortedAndReplacesAtTheSameTime() {
    var storage = KeyframeStorage(kind: .point)
    set(&storage, 20, [2, 20])
    set(&storage, 10, [1, 10])
    set(&storage, 30, [3, 30])
    set(&storage, 20, [5, 50])
    XCTAssertEqual(storage.count, 3)
    XCTAssertEqual(Array(storage.times.buffer), [10, 20, 30])
    XCTAssertEqual(Array(storage.values.buffer), [1, 10, 5, 50, 3, 30])
    XCTAssertEqual(storage.keyframe(at: 1).value, [5, 50])
    storage.remove(at: 0)
    XCTAssertEqual(Array(storage.times.buffer), [20, 30])
    XCTAssertEqual(Array(storage.values.buffer), [5, 50, 3, 30])
  }

  func testUpperBoundAndIndex() {
    var storage = KeyframeStorage(kind: .scalar)
    XCTAssertEqual(storage.upperBound(5), 0)
    for t in [0.0, 10, 20, 30] { set(&storage, t, [t]) }
    // The first index whose time is greater than t.
    XCTAssertEqual(storage.upperBound(-1), 0)
    XCTAssertEqual(storage.upperBound(0), 1)
    XCTAssertEqual(storage.upperBound(5), 1)
    XCTAssertEqual(storage.upperBound(10), 2)
    XCTAssertEqual(storage.upperBound(29.999), 3)
    XCTAssertEqual(storage.upperBound(30), 4)
    XCTAssertEqual(storage.upperBound(1e300), 4)
    XCTAssertEqual(storage.index(of: 20), 2)
    XCTAssertNil(storage.index(of: 21))
    XCTAssertNil(storage.index(of: .nan))
    XCTAssertNil(storage.index(of: -.infinity))
  }

  func testCheckGapsRejectsOverflowingNeighbours() {
    var storage = KeyframeStorage(kind: .scalar)
    set(&storage, -1e308, [0])
    XCTAssertTrue(storage.checkGaps(around: 0))
    XCTAssertFalse(storage.checkGaps(around: 1e308), "1e308 − (−1e308) overflows")
    // Replacing the keyframe itself has no gap to check on its left.
    XCTAssertTrue(storage.checkGaps(around: -1e308))
  }

  func testColorKeyframesKeepTheirBlendingSpaceCoordinates() {
    var storage = KeyframeStorage(kind: .color(.oklab, premultiplied: true))
    let red = RGBA(r: 1, g: 0, b: 0, a: 0.5)
    let blue = RGBA(r: 0, g: 0, b: 1, a: 1)
    set(&storage, 10, [0, 0, 1, 1])
    set(&storage, 0, [1, 0, 0, 0.5])
    XCTAssertEqual(storage.derivedStride, 5)
    func expected(_ c: RGBA) -> [Double] {
      let lab = OKLab(c)
      return [lab.l * c.a, lab.a * c.a, lab.b * c.a, c.a, 0]
    }
    XCTAssertEqual(Array(storage.derived.buffer), expected(red) + expected(blue))
    set(&storage, 10, [1, 0, 0, 0.5])
    XCTAssertEqual(Array(storage.derived.buffer), expected(red) + expected(red), "replaced")
    storage.remove(at: 0)
    XCTAssertEqual(Array(storage.derived.buffer), expected(red))
  }

  func testSegmentDataFollowsEveryEdit() {
    // After each insert, replace and remove, a transform track's per-segment
    // data equals that of a track built afresh from the same keyframes.
    var generator = SystemRandomNumberGenerator()
    func rotation(_ angle: Double) -> [Double] {
      [cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0]
    }
    var storage = KeyframeStorage(kind: .transform)
    var model: [Double: [Double]] = [:]
    for step in 0..<60 {
      let time = Double(Int.random(in: 0..<12, using: &generator))
      if step % 4 == 3, let i = storage.index(of: time) {
        storage.remove(at: i)
        model[time] = nil
      } else {
        let value = rotation(Double.random(in: -4...4, using: &generator))
        set(&storage, time, value)
        model[time] = value
      }
      var fresh = KeyframeStorage(kind: .transform)
      for t in model.keys.sorted() { set(&fresh, t, model[t]!) }
      XCTAssertEqual(storage.segmentData.count, Swift.max(model.count - 1, 0) * 4)
      XCTAssertEqual(
        Array(storage.segmentData.buffer), Array(fresh.segmentData.buffer), "step \(step)")
      XCTAssertEqual(Array(storage.derived.buffer), Array(fresh.derived.buffer), "step \(step)")
    }
  }

  func testPerChannelKindsDeriveNothing() {
    var storage = KeyframeStorage(kind: .vector(3))
    set(&storage, 0, [1, 2, 3])
    set(&storage, 1, [4, 5, 6])
    XCTAssertEqual(storage.derivedStride, 0)
    XCTAssertTrue(storage.derived.isEmpty)
  }

  func testStylesAreCountedForTheKernels() throws {
    var storage = KeyframeStorage(kind: .scalar)
    let eased = KeyframeStyle(easing: try Easing(parsing: "easeInQuad"))
    set(&storage, 0, [0], eased)
    set(&storage, 1, [1], eased)
    set(&storage, 2, [0])
    XCTAssertEqual(storage.styledCount, 2)
    XCTAssertEqual(storage.curveCount, 0)
    XCTAssertEqual(
      storage.uniformStyle, Int(storage.styleIndices[0]), "the last style shapes nothing")
    set(&storage, 3, [1], KeyframeStyle(interpolation: .smooth))
    XCTAssertEqual(storage.curveCount, 1)
    XCTAssertEqual(storage.uniformStyle, -1)
    storage.remove(at: 3)
    XCTAssertEqual(storage.curveCount, 0)
    XCTAssertEqual(storage.styledCount, 2)
    let sampler = try XCTUnwrap(storage.makeSampler())
    XCTAssertFalse(sampler.allPlain)
    XCTAssertTrue(sampler.allLinear)
    XCTAssertTrue(sampler.usesSegmentKernel)
  }

  // MARK: - Derived curve data (KeyframeStorage+Derived)

  func testCatmullRomTangentsByHand() {
    // Keyframes (0, 0), (1, 1), (3, 5): smooth with tension 0 is
    // Catmull-Rom in slope form, the mean of the adjacent slopes 1 and 2 at
    // the middle; the ends take the one-sided slopes.
    var storage = KeyframeStorage(kind: .scalar)
    let smooth = KeyframeStyle(interpolation: .smooth)
    set(&storage, 0, [0], smooth)
    set(&storage, 1, [1], smooth)
    set(&storage, 3, [5], smooth)
    XCTAssertEqual(Array(storage.tangents.buffer), [1, 1.5, 1.5, 2])
    // Each segment's cubic a + s·(b + s·(c + s·d)): b = dt·m0,
    // c = 3·dv − 2·dt·m0 − dt·m1, d = dt·m0 + dt·m1 − 2·dv; 0 → 1 with
    // tangents 1 and 1.5, then 1 → 5 over 2 with tangents 1.5 and 2.
    XCTAssertEqual(Array(storage.cubics.buffer), [0, 1, -0.5, 0.5, 1, 3, 2, -1])
    storage.remove(at: 2)
    XCTAssertEqual(Array(storage.tangents.buffer), [1, 1])
    XCTAssertEqual(Array(storage.cubics.buffer), [0, 1, 0, 0], "the straight line")
  }

  func testMonotoneTangentsFlattenAtAnExtremum() {
    // Fritsch–Carlson: slopes 1 and −1 on either side of (1, 1) change
    // sign, so the tangent there is 0.
    var storage = KeyframeStorage(kind: .scalar)
    let monotone = KeyframeStyle(interpolation: .monotone)
    set(&storage, 0, [0], monotone)
    set(&storage, 1, [1], monotone)
    set(&storage, 2, [0], monotone)
    let m = Array(storage.tangents.buffer)
    XCTAssertEqual(m[1], 0)
    XCTAssertEqual(m[2], 0)
  }

  func testPacedRetimingByArcLength() {
    // Legs of length 1 and 3 between times 0 and 8: the middle keyframe
    // moves to 8·1/4 = 2.
    var storage = KeyframeStorage(kind: .scalar)
    let paced = KeyframeStyle(interpolation: .paced)
    set(&storage, 0, [0], paced)
    set(&storage, 7, [1], paced)
    set(&storage, 8, [4], paced)
    XCTAssertEqual(Array(storage.pacedTimes.buffer), [0, 2, 8])
    XCTAssertEqual(storage.makeSampler()?.times[1], 2, "the sampler searches the retimed times")
    storage.remove(at: 1)
    set(&storage, 4, [2])
    // A run of one paced segment (0 → 4) keeps its times.
    XCTAssertEqual(Array(storage.pacedTimes.buffer), [0, 4, 8])
    storage.remove(at: 0)
    // A paced last keyframe shapes no segment: the times stay.
    XCTAssertEqual(Array(storage.pacedTimes.buffer), [4, 8])
  }
}
