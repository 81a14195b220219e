import XCTest

@testable import Razzle

#if canImport(Glibc)
  import Glibc
#endif

/// The batch kernels' specialized easing forms: for every family, a track
/// with one easing on all its segments gives, bit for bit, the same values
/// in a batch (small and large, on 1 and 3 threads) as one sample at a time,
/// and those values follow the family's formula written independently.
final class EasingKernelTests: XCTestCase {
  override func tearDown() { Parallel.setThreadCount(0) }

  /// Keyframe times 0, 1, 3, 6, … and values alternating in sign.
  static let keyframes: [(Double, Double)] = (0..<16).map { (i: Int) -> (Double, Double) in
    let time = Double(i * (i + 1) / 2)
    let sign: Double = i % 2 == 0 ? 1 : -1
    return (time, sign * Double(i + 1) / 4)
  }

  /// Query times: random ones over the keyframes and 5 % beyond each end,
  /// every keyframe time, the ends of the range, NaN and infinities.
  static func queries(_ count: Int) -> [Double] {
    var rng = SplitMix64(seed: 14)
    let last = keyframes[keyframes.count - 1].0
    var times = (0..<count).map { _ in Double.random(in: -0.05 * last...1.05 * last, using: &rng) }
    times += keyframes.map(\.0) + [0, last, .nan, .infinity, -.infinity, 1e-300, last - 1e-12]
    return times
  }

  func track(_ spec: String) throws -> Track {
    let track = try Track(property: "v")
    let style = KeyframeStyle(easing: try Easing(parsing: spec))
    for (t, v) in Self.keyframes { try track.setKeyframe(time: t, value: [v], style: style) }
    return track
  }

  func batch(_ track: Track, _ times: [Double]) throws -> [Double] {
    var out = [Double](repeating: 0, count: times.count)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
    }
    return out
  }

  func assertSameBits(_ a: [Double], _ b: [Double], _ what: String) {
    XCTAssertEqual(a.count, b.count)
    var mismatches = 0
    for (x, y) in zip(a, b) where x.bitPattern != y.bitPattern && !(x.isNaN && y.isNaN) {
      mismatches += 1
    }
    XCTAssertEqual(mismatches, 0, "\(what): \(mismatches) values differ in their bits")
  }

  /// The value at `t` by the sampling rule with `ease` as the formula
  /// (Guides/Sampling.md): the time clamped to the keyframes (`hold`); at a
  /// keyframe the segment starting there at progress 0, at the last one the
  /// last segment at progress 1 (Web Animations), each the keyframe's own
  /// value where the easing gives exactly 0 (1).
  func expected(_ t: Double, _ ease: (Double) -> Double) -> Double {
    let kf = Self.keyframes
    if t.isNaN { return t }
    let n = kf.count
    if t >= kf[n - 1].0 {
      let (v0, v1) = (kf[n - 2].1, kf[n - 1].1)
      let e = ease(1)
      return e == 1 ? v1 : v0 + (v1 - v0) * e
    }
    let tc = Swift.max(t, kf[0].0)
    let i = kf.lastIndex { $0.0 <= tc }!
    let (t0, v0) = kf[i]
    let (t1, v1) = kf[i + 1]
    let e = ease((tc - t0) / (t1 - t0))
    if tc == t0 && e == 0 { return v0 }
    return v0 + (v1 - v0) * e
  }

  /// Each family's batch against single samples, threads and its formula.
  ///
  /// `threads`: also a batch split across threads (more than 2 ×
  /// ``Parallel/minimumChunk`` times), once per kernel form.
  func check(
    _ spec: String, tolerance: Double, threads: Bool = false, _ formula: (Double) -> Double
  ) throws {
    let track = try track(spec)
    let times = Self.queries(threads ? 2 * Parallel.minimumChunk + 1000 : 5000)
    Parallel.setThreadCount(1)
    let one = try batch(track, times)
    if threads {
      Parallel.setThreadCount(3)
      assertSameBits(try batch(track, times), one, "\(spec): 3 threads vs 1")
    }
    // Single samples: the first 5000 times and the special ones at the end.
    let probe = Array(0..<5000) + Array((times.count - 30)..<times.count)
    let singles = try probe.map { try track.value(at: times[$0]) }
    assertSameBits(singles, probe.map { one[$0] }, "\(spec): single samples vs the batch")
    // Small batches (one sample, fewer than a block) take the other forms.
    let small = Array(times.suffix(40))
    assertSameBits(try batch(track, small), Array(one.suffix(40)), "\(spec): a small batch")
    assertSameBits(
      try batch(track, [times[7]]), [one[7]], "\(spec): a batch of one")
    var worst = 0.0
    for (t, v) in zip(times, one) {
      let e = expected(t, formula)
      if e.isNaN {
        XCTAssertTrue(v.isNaN, "\(spec) at \(t)")
      } else {
        worst = Swift.max(worst, abs(v - e))
      }
    }
    XCTAssertLessThanOrEqual(worst, tolerance, "\(spec): the batch against its formula")
  }

  // MARK: - Penner

  func testEveryPennerCurve() throws {
    for (name, formula) in PennerTests.reference.sorted(by: { $0.key < $1.key }) {
      try check(
        name, tolerance: 2e-11,
        threads: ["easeInOutSine", "easeInOutElastic", "easeInOutBounce"].contains(name),
        formula)
    }
  }

  func testParametrizedBackAndElastic() throws {
    let s = 2.5
    try check("easeOutBack(2.5)", tolerance: 2e-11) {
      1 + (s + 1) * pow($0 - 1, 3) + s * pow($0 - 1, 2)
    }
    // Penner: shift = period / 2π · asin(1 / a).
    for (mode, a, period) in [("In", 1.5, 0.4), ("Out", 1.2, 0.4), ("InOut", 2.0, 0.6)] {
      let shift = period / (2 * .pi) * asin(1 / a)
      let easeIn = { (p: Double) -> Double in
        let q = p - 1
        return -(a * pow(2, 10 * q) * sin((q - shift) * 2 * .pi / period))
      }
      let easeOut = { (p: Double) -> Double in
        a * pow(2, -10 * p) * sin((p - shift) * 2 * .pi / period) + 1
      }
      let formula: (Double) -> Double = {
        if $0 == 0 || $0 == 1 { return $0 }
        switch mode {
        case "In": return easeIn($0)
        case "Out": return easeOut($0)
        default: return $0 < 0.5 ? easeIn(2 * $0) / 2 : easeOut(2 * $0 - 1) / 2 + 0.5
        }
      }
      try check("ease\(mode)Elastic(\(a), \(period))", tolerance: 2e-11, formula)
    }
  }

  // MARK: - The CSS families

  /// y at x = p by bisection on x(t) (60 halvings: t to 1e-18).
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> (Double) -> Double {
    let x = { (t: Double) in 3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t }
    let y = { (t: Double) in 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t }
    return { p in
      if p <= 0 || p >= 1 { return p <= 0 ? 0 : 1 }
      var low = 0.0
      var high = 1.0
      for _ in 0..<60 {
        let middle = (low + high) / 2
        if x(middle) < p { low = middle } else { high = middle }
      }
      return y((low + high) / 2)
    }
  }

  func testCubicBezierCurves() throws {
    // The bench's ease-in-out, CSS ease, overshooting curves, and curves
    // with a vertical inverse at an end (x1 = 0 or x2 = 1), where the
    // Hermite step hands over to the safeguarded solver.
    for (x1, y1, x2, y2) in [
      (0.42, 0.0, 0.58, 1.0), (0.25, 0.1, 0.25, 1.0), (0.68, -0.6, 0.32, 1.6),
      (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.9, 0.1, 0.1, 0.9),
    ] {
      try check(
        "cubic-bezier(\(x1), \(y1), \(x2), \(y2))", tolerance: 1e-8, threads: x1 == 0.42,
        Self.bezier(x1, y1, x2, y2))
    }
  }

  func testCubicBezierRoutesAgree() throws {
    // The public value(p), the table form and the batch's intervals: the
    // same bits at every p, on and between the table's nodes.
    for curve in [
      CubicBezier.cssEaseInOut, CubicBezier.ease, CubicBezier.cssEaseIn, CubicBezier.cssEaseOut,
      try CubicBezier(0.9, 0.1, 0.1, 0.9),
    ] {
      let table = curve.inverseTable
      var intervals = [HermiteInterval](
        repeating: HermiteInterval(c0: 0, c1: 0, c2: 0, c3: 0, r0: 0, r1: 0, r2: 0, end: 0),
        count: CubicBezier.inverseIntervals)
      table.withUnsafeBufferPointer { inverse in
        intervals.withUnsafeMutableBufferPointer {
          curve.hermiteIntervals(inverse.baseAddress!, into: $0.baseAddress!)
        }
      }
      let reference = Self.bezier(curve.x1, curve.y1, curve.x2, curve.y2)
      for i in -20...1300 {
        let p = Double(i) / 1280
        let direct = curve.value(p)
        let fromTable = table.withUnsafeBufferPointer { curve.value(p, inverse: $0.baseAddress!) }
        let fromIntervals = intervals.withUnsafeBufferPointer {
          curve.value(p, intervals: $0.baseAddress!)
        }
        XCTAssertEqual(direct.bitPattern, fromTable.bitPattern, "\(curve) at \(p)")
        XCTAssertEqual(direct.bitPattern, fromIntervals.bitPattern, "\(curve) at \(p)")
        if (0...1).contains(p) { XCTAssertEqual(direct, reference(p), accuracy: 1e-9) }
      }
    }
  }

  func testSteps() throws {
    // CSS: floor(p·n) (+1 for jump-start / jump-both) over the jumps,
    // clamped to [0, jumps] inside [0, 1].
    for (spec, n, add, jumps) in [
      ("steps(4)", 4.0, 0.0, 4.0), ("steps(4, jump-start)", 4, 1, 4),
      ("steps(4, jump-none)", 4, 0, 3), ("steps(3, jump-both)", 3, 1, 4),
    ] {
      try check(spec, tolerance: 0, threads: add == 1) { p in
        Swift.min(floor(p * n) + add, jumps) / jumps
      }
    }
  }

  func testPiecewiseLinear() throws {
    // linear(0, 0.3 10%, 0.5 40%, 0.95 80%, 1): straight pieces between
    // (0, 0), (0.1, 0.3), (0.4, 0.5), (0.8, 0.95), (1, 1).
    let xs = [0, 0.1, 0.4, 0.8, 1]
    let ys = [0, 0.3, 0.5, 0.95, 1]
    try check("linear(0, 0.3 10%, 0.5 40%, 0.95 80%, 1)", tolerance: 1e-13, threads: true) { p in
      let i = Swift.min((xs.lastIndex { $0 <= p }) ?? 0, xs.count - 2)
      return ys[i] + (p - xs[i]) / (xs[i + 1] - xs[i]) * (ys[i + 1] - ys[i])
    }
    // Not 0 at 0, not 1 at 1: the eased value at the keyframes and the ends
    // (Web Animations), in every batch form.
    try check("linear(0.5, 1)", tolerance: 1e-13, threads: true) { p in 0.5 + 0.5 * p }
    try check("linear(0, 0.5)", tolerance: 1e-13) { p in 0.5 * p }
    // A duplicated input: the right-hand point wins there.
    try check("linear(0, 0.25 50%, 0.75 50%, 1)", tolerance: 1e-13) { p in
      p < 0.5 ? 0.5 * p : 0.75 + (p - 0.5) * 0.5
    }
  }

  func testSpring() throws {
    // m = 1, k = 100, c = 10: decay 5, ω = √75; x(t) = 1 − e^(−5t)(cos ωt +
    // 5 sin(ωt)/ω), run over the settling duration; p = 1 gives exactly 1
    // (Guides/Easing.md), so the last keyframe's value is reached.
    let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
    let duration = spring.settlingDuration
    let w = 75.0.squareRoot()
    try check("spring(mass=1, stiffness=100, damping=10)", tolerance: 1e-11, threads: true) {
      p in
      let t = p * duration
      return p == 1 ? 1 : 1 - exp(-5 * t) * (cos(w * t) + 5 * sin(w * t) / w)
    }
  }

  // MARK: - Mixed styles

  func testKernelFormsOfTheStylePool() throws {
    // The per-segment path (no uniform style) evaluates the same forms.
    let track = try Track(property: "v")
    let specs = [
      "easeInOutElastic", "steps(3)", "cubic-bezier(0.42, 0, 0.58, 1)", "easeOutBounce",
      "spring(mass=1, stiffness=100, damping=10)", "linear(0, 0.7, 1)",
    ]
    for (i, (t, v)) in Self.keyframes.enumerated() {
      let style = KeyframeStyle(easing: try Easing(parsing: specs[i % specs.count]))
      try track.setKeyframe(time: t, value: [v], style: style)
    }
    let times = Self.queries(5000)
    let all = try batch(track, times)
    for (j, t) in times.enumerated() {
      let i = Self.keyframes.lastIndex { $0.0 <= t }.map { Swift.min($0, 14) } ?? 0
      let easing = try Easing(parsing: specs[i % specs.count])
      let e = expected(t, { easing($0) })
      if e.isNaN { XCTAssertTrue(all[j].isNaN) } else { XCTAssertEqual(all[j], e, "t = \(t)") }
    }
  }
}
