import XCTest

@testable import Razzle

/// The batch kernels of the curve modes (hold, smooth, monotone, bezier):
/// bit for bit what single samples give, on any number of threads and in
/// batches of any size, and the modes' values from independent formulas.
final class ModeKernelTests: XCTestCase {
  override func tearDown() { Parallel.setThreadCount(0) }

  /// 16 keyframes at uneven times, values rising and falling.
  static let times: [Double] = (0..<16).map { Double($0 * $0) / 2 + Double($0) }
  static let values: [Double] = [0, 1, 3, 2, 2, 5, -1, 0, 0.5, 4, 4.5, 3, -2, -2, 1, 6]

  static func queries(_ count: Int) -> [Double] {
    var rng = SplitMix64(seed: 71)
    let last = times[times.count - 1]
    return (0..<count).map { _ in Double.random(in: -0.05 * last...1.05 * last, using: &rng) }
      + times + [.nan, -.nan, .infinity, -.infinity, last - 1e-9]
  }

  /// The handles of keyframe i: left 45 % of the way back to the previous
  /// keyframe, right 20 % of the way to the next, off the straight line (so
  /// that no handles overlap and no correction applies).
  static func handles(_ i: Int) -> (left: BezierHandle, right: BezierHandle) {
    let t = times[i]
    let before = i > 0 ? times[i - 1] : t - 1
    let after = i + 1 < times.count ? times[i + 1] : t + 1
    return (
      BezierHandle(time: t - (t - before) * 0.45, value: [values[i] - 0.3]),
      BezierHandle(time: t + (after - t) * 0.2, value: [values[i] + 0.4])
    )
  }

  func track(_ interpolation: Interpolation, channels: Int = 1) throws -> Track {
    let kind: ValueKind? = channels == 1 ? nil : ValueKind.vector(channels)
    let track = try Track(property: "v", kind: kind)
    for (i, (t, v)) in zip(Self.times, Self.values).enumerated() {
      var style = KeyframeStyle(interpolation: interpolation)
      let value = (0..<channels).map { v * Double($0 + 1) }
      if interpolation == .bezier {
        let (left, right) = Self.handles(i)
        // Channel c's control values are c + 1 times channel 0's.
        style.leftHandle = BezierHandle(
          time: left.time, value: (0..<channels).map { Double($0 + 1) * left.value[0] })
        style.rightHandle = BezierHandle(
          time: right.time, value: (0..<channels).map { Double($0 + 1) * right.value[0] })
      }
      try track.setKeyframe(time: t, value: value, style: style)
    }
    return track
  }

  func batch(_ track: Track, _ times: [Double]) throws -> [Double] {
    var out = [Double](repeating: 0, count: times.count * track.channels)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
    }
    return out
  }

  /// The same bits, a NaN's sign and payload included (a NaN query gives
  /// its own NaN on every route).
  func assertSameBits(_ a: [Double], _ b: [Double], _ what: String) {
    XCTAssertEqual(a.count, b.count)
    let differing = zip(a, b).filter { $0.bitPattern != $1.bitPattern }
    XCTAssertEqual(differing.count, 0, "\(what): \(differing.count) values differ in their bits")
  }

  /// Large, small and one-sample batches, 1 and 3 threads, single samples:
  /// the same bits.
  func checkRoutes(_ track: Track, _ what: String) throws -> ([Double], [Double]) {
    let times = Self.queries(2 * Parallel.minimumChunk + 500)
    Parallel.setThreadCount(1)
    let one = try batch(track, times)
    Parallel.setThreadCount(3)
    assertSameBits(try batch(track, times), one, "\(what): 3 threads vs 1")
    let n = track.channels
    var singles: [Double] = []
    for t in times { singles += try track.sample(at: t) }
    assertSameBits(singles, one, "\(what): single samples vs the batch")
    let small = Array(times.suffix(30))
    assertSameBits(try batch(track, small), Array(one.suffix(30 * n)), "\(what): a small batch")
    return (times, one)
  }

  func testHold() throws {
    let (times, got) = try checkRoutes(try track(.hold), "hold")
    for (t, v) in zip(times, got) {
      if t.isNaN {
        XCTAssertTrue(v.isNaN)
        continue
      }
      // The value of the last keyframe at or before t (the first before it).
      let i = Self.times.lastIndex { $0 <= t } ?? 0
      XCTAssertEqual(v, Self.values[i], "t = \(t)")
    }
  }

  func testSmoothRoutesAgree() throws {
    _ = try checkRoutes(try track(.smooth), "smooth")
    _ = try checkRoutes(try track(.smooth, channels: 3), "smooth, 3 channels")
  }

  /// scipy's PCHIP, written out: Fritsch–Carlson interior tangents (the
  /// weighted harmonic mean of the neighbouring slopes, 0 at an extremum),
  /// scipy's three-point end tangents, then the Hermite cubic.
  static func pchip(_ t: Double) -> Double {
    let x = times
    let y = values
    let n = x.count
    let h = (0..<(n - 1)).map { x[$0 + 1] - x[$0] }
    let d = (0..<(n - 1)).map { (y[$0 + 1] - y[$0]) / h[$0] }
    var m = [Double](repeating: 0, count: n)
    for k in 1..<(n - 1) where d[k - 1] * d[k] > 0 {
      let w1 = 2 * h[k] + h[k - 1]
      let w2 = h[k] + 2 * h[k - 1]
      m[k] = (w1 + w2) / (w1 / d[k - 1] + w2 / d[k])
    }
    func end(_ h0: Double, _ h1: Double, _ d0: Double, _ d1: Double) -> Double {
      var value = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1)
      if value.sign != d0.sign || d0 == 0 {
        value = 0
      } else if d0.sign != d1.sign && abs(value) > 3 * abs(d0) {
        value = 3 * d0
      }
      return value
    }
    m[0] = end(h[0], h[1], d[0], d[1])
    m[n - 1] = end(h[n - 2], h[n - 3], d[n - 2], d[n - 3])
    if t <= x[0] { return y[0] }
    if t >= x[n - 1] { return y[n - 1] }
    let k = x.lastIndex { $0 <= t }!
    let s = (t - x[k]) / h[k]
    let h00 = 2 * s * s * s - 3 * s * s + 1
    let h10 = s * s * s - 2 * s * s + s
    let h01 = -2 * s * s * s + 3 * s * s
    let h11 = s * s * s - s * s
    return h00 * y[k] + h10 * h[k] * m[k] + h01 * y[k + 1] + h11 * h[k] * m[k + 1]
  }

  func testMonotoneIsPchip() throws {
    let (times, got) = try checkRoutes(try track(.monotone), "monotone")
    for (t, v) in zip(times, got) where !t.isNaN {
      XCTAssertEqual(v, Self.pchip(t), accuracy: 1e-12, "t = \(t)")
    }
  }

  /// The Bézier segment's value at time t: its time curve solved by
  /// bisection, then the value curve, both in Bernstein form.
  static func bezier(_ t: Double) -> Double {
    let last = times.count - 1
    if t <= times[0] { return values[0] }
    if t >= times[last] { return values[last] }
    let k = times.lastIndex { $0 <= t }!
    let right = handles(k).right
    let left = handles(k + 1).left
    func curve(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ s: Double) -> Double {
      let u = 1 - s
      return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if curve(times[k], right.time, left.time, times[k + 1], middle) < t {
        low = middle
      } else {
        high = middle
      }
    }
    let s = (low + high) / 2
    return curve(values[k], right.value[0], left.value[0], values[k + 1], s)
  }

  func testBezierHandles() throws {
    let (times, got) = try checkRoutes(try track(.bezier), "bezier")
    for (t, v) in zip(times, got) where !t.isNaN {
      XCTAssertEqual(v, Self.bezier(t), accuracy: 1e-9, "t = \(t)")
    }
    // Three channels: channel c is (c + 1) times channel 0's curve.
    let (_, wide) = try checkRoutes(try track(.bezier, channels: 3), "bezier, 3 channels")
    for (j, t) in times.enumerated() where !t.isNaN {
      for c in 0..<3 {
        XCTAssertEqual(wide[3 * j + c], Double(c + 1) * Self.bezier(t), accuracy: 1e-8)
      }
    }
  }

  func testEasedBezierSegmentsAgreeOnEveryRoute() throws {
    // Every third segment eased: no uniform style, so a batch of at least
    // `count` queries takes the mode kernel and a single sample the general
    // sampler; both give a NaN query's own NaN (its sign included).
    let track = try track(.bezier)
    for (i, (t, v)) in zip(Self.times, Self.values).enumerated() where i % 3 == 1 {
      var style = KeyframeStyle(interpolation: .bezier)
      (style.leftHandle, style.rightHandle) = Self.handles(i)
      style.easing = .cubicBezier(try CubicBezier(0.42, 0, 0.58, 1))
      try track.setKeyframe(time: t, value: [v], style: style)
    }
    let (times, got) = try checkRoutes(track, "eased bezier")
    for (t, v) in zip(times, got) where t.isNaN {
      XCTAssertEqual(v.bitPattern, t.bitPattern)
    }
  }

  func testOtherExtrapolationsKeepTheGeneralPath() throws {
    // A cycling hold track: past the end it repeats, which the mode kernels
    // (hold at both ends only) leave to the general sampler.
    let track = try track(.hold)
    try track.setExtrapolation(before: .hold, after: .cycle)
    let span = Self.times[15] - Self.times[0]
    let got = try batch(track, Self.times.map { $0 + span + 0.25 })
    XCTAssertEqual(got[0], Self.values[0])
    XCTAssertEqual(got[3], Self.values[3])
  }
}
