import XCTest

@testable import Razzle

/// A 2D transform track recomposes only the entries a 2D transform keeps
/// (`recomposed2D`): they must be the full recomposition's, bit for bit,
/// for 2D keyframes (reflections included, which swing through 3D) and for
/// general 3D decompositions.
final class Transform2DRecompositionTests: XCTestCase {
  func testTheEntriesAreTheFullRecompositions() {
    var rng = SplitMix64(seed: 15)
    var checked = 0
    for n in 0..<400 {
      let a = Transform2D(
        a: rng.nextDouble(in: -2...2), b: rng.nextDouble(in: -2...2), c: rng.nextDouble(in: -2...2),
        d: rng.nextDouble(in: -2...2), tx: rng.nextDouble(in: -50...50),
        ty: rng.nextDouble(in: -50...50))
      var m = Transform3D(a)
      if n % 2 == 1 {
        for i in 0..<4 {
          for j in 0..<4 { m[i, j] = rng.nextDouble(in: -2...2) }
        }
        m.m44 = 1 + rng.unit()
      }
      guard let d = DecomposedTransform3D(m) else { continue }
      let e = rng.nextDouble(in: -0.5...1.5)
      let other = DecomposedTransform3D(Transform3D(Transform2D.rotation(rng.unit() * 6)))!
      let blended = d.interpolated(to: other, e)
      let full = Transform2D(blended.recomposed)
      let part = blended.recomposed2D
      for (x, y) in [(full.a, part.a), (full.b, part.b), (full.c, part.c), (full.d, part.d)] {
        XCTAssertEqual(x.bitPattern, y.bitPattern)
      }
      XCTAssertEqual(full.tx.bitPattern, part.tx.bitPattern)
      XCTAssertEqual(full.ty.bitPattern, part.ty.bitPattern)
      checked += 1
    }
    XCTAssertGreaterThan(checked, 350)
  }

  /// A track's batch equals its single samples and `interpolateTransform2D`
  /// bit for bit (the kind's blend is the function's arithmetic).
  func testTrackSamplesEqualInterpolateTransform2D() throws {
    let track = try Track(property: "transform")
    var rng = SplitMix64(seed: 16)
    var values: [Transform2D] = []
    for k in 0..<8 {
      let v = try Transform2D.make(
        translation: (rng.nextDouble(in: -50...50), rng.nextDouble(in: -50...50)),
        scale: (rng.nextDouble(in: 0.5...2), k == 4 ? -1 : rng.nextDouble(in: 0.5...2)),
        angle: rng.nextDouble(in: -3...3))
      values.append(v)
      try track.setKeyframe(time: Double(k), value: [v.a, v.b, v.c, v.d, v.tx, v.ty])
    }
    let times = (0..<700).map { Double($0) / 100 }
    var out = [Double](repeating: 0, count: 6 * times.count)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
    }
    for (j, t) in times.enumerated() {
      let k = min(6, Int(t))
      let expected = interpolateTransform2D(values[k], values[k + 1], t - Double(k))
      let single = try track.sample(at: t)
      let e = [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty]
      for c in 0..<6 {
        XCTAssertEqual(out[6 * j + c].bitPattern, single[c].bitPattern, "t \(t)")
        XCTAssertEqual(single[c].bitPattern, e[c].bitPattern, "t \(t) channel \(c)")
      }
    }
  }
}
