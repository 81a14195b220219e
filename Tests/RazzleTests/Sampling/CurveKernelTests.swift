import XCTest

@testable import Razzle

/// The vector kernels of scalar `smooth`, `monotone` and `bezier` tracks
/// (`RazzleKernels/HermiteKernel.swift`, `BezierHandleKernel.swift`): bit
/// for bit what single samples give at every CPU level, on random and
/// sorted times, in batches of every length around the lane and block
/// sizes, on 1 and 3 threads; the values of independent formulas (finite-
/// difference Catmull-Rom, scipy's PCHIP, a bisected Bézier); and after
/// every kind of edit, the same bits as a track built afresh.
final class CurveKernelTests: XCTestCase {
  override func tearDown() {
    try? KernelLevel.select(nil)
    Parallel.setThreadCount(0)
    super.tearDown()
  }

  /// Keyframes: times increasing, values, and for `bezier` each keyframe's
  /// handles (left, right: time, value).
  struct Keys {
    var times: [Double]
    var values: [Double]
    var handles: [(left: (Double, Double), right: (Double, Double))] = []
  }

  /// `count` keyframes at uneven times in [0, 100] (the ends included),
  /// values in [−1, 1], and handles off the straight line: left 45 % of the
  /// way back, right 20 % of the way on (no correction applies).
  static func keys(_ count: Int, seed: UInt64) -> Keys {
    var rng = SplitMix64(seed: seed)
    var times: [Double] = [0, 100]
    while times.count < count {
      let t = Double.random(in: 0...100, using: &rng)
      if !times.contains(t) { times.append(t) }
    }
    times.sort()
    let values = times.map { _ in Double.random(in: -1...1, using: &rng) }
    var keys = Keys(times: times, values: values)
    keys.handles = times.indices.map { i in
      let t = times[i]
      let before = i > 0 ? times[i - 1] : t - 1
      let after = i + 1 < times.count ? times[i + 1] : t + 1
      return ((t - (t - before) * 0.45, values[i] - 0.3), (t + (after - t) * 0.2, values[i] + 0.4))
    }
    return keys
  }

  static func style(_ mode: Interpolation, _ keys: Keys, _ i: Int) -> KeyframeStyle {
    var style = KeyframeStyle(interpolation: mode)
    if mode == .bezier {
      let (left, right) = keys.handles[i]
      style.leftHandle = BezierHandle(time: left.0, value: [left.1])
      style.rightHandle = BezierHandle(time: right.0, value: [right.1])
    }
    return style
  }

  static func track(_ mode: Interpolation, _ keys: Keys) throws -> Track {
    let track = try Track(property: "v")
    for i in keys.times.indices {
      try track.setKeyframe(
        time: keys.times[i], value: [keys.values[i]], style: style(mode, keys, i))
    }
    return track
  }

  /// `count` times over the keyframes' span and 5 % beyond, then every
  /// keyframe time, the ends' neighbours, NaN and ±∞.
  static func queries(_ keys: Keys, _ count: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    let first = keys.times[0]
    let last = keys.times[keys.times.count - 1]
    let span = last - first
    var q = (0..<count).map { _ in
      Double.random(in: first - 0.05 * span...last + 0.05 * span, using: &rng)
    }
    q += keys.times + [.nan, .infinity, -.infinity, last.nextDown, first.nextUp, -0.0]
    return q
  }

  func batch(_ track: Track, _ times: [Double]) throws -> [Double] {
    var out = [Double](repeating: -7, count: times.count)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { try track.sample(times: t, into: $0) }
    }
    return out
  }

  func assertSameBits(
    _ a: [Double], _ b: [Double], _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(a.count, b.count, what, file: file, line: line)
    let differing = zip(a, b).filter { $0.bitPattern != $1.bitPattern && !($0.isNaN && $1.isNaN) }
    XCTAssertEqual(
      differing.count, 0,
      "\(what): \(differing.count) values differ, first \(differing.first as Any)",
      file: file, line: line)
  }

  /// Every level, random and sorted order, batch lengths around 8 and 64,
  /// against single samples; returns the single samples.
  @discardableResult
  func checkRoutes(_ track: Track, _ times: [Double], _ what: String) throws -> [Double] {
    Parallel.setThreadCount(1)
    let singles = try times.map { try track.sample(at: $0)[0] }
    let sortedTimes = times.sorted { $0 < $1 || (!$0.isNaN && $1.isNaN) }
    let sortedSingles = try sortedTimes.map { try track.sample(at: $0)[0] }
    for level in KernelLevel.allCases where level.isSupported {
      try KernelLevel.select(level)
      assertSameBits(try batch(track, times), singles, "\(what), \(level), random order")
      assertSameBits(
        try batch(track, sortedTimes), sortedSingles, "\(what), \(level), sorted order")
      for n in [1, 7, 8, 9, 15, 16, 63, 64, 65, 71, 72, 73, 127, 130] where n <= times.count {
        let tail = Array(times.suffix(n))
        assertSameBits(
          try batch(track, tail), Array(singles.suffix(n)), "\(what), \(level), \(n) times")
        let run = Array(sortedTimes.prefix(n))
        assertSameBits(
          try batch(track, run), Array(sortedSingles.prefix(n)), "\(what), \(level), \(n) sorted")
      }
    }
    try KernelLevel.select(nil)
    return singles
  }

  // MARK: - Independent formulas

  /// The Hermite cubic in power-basis form.
  static func hermite(_ keys: Keys, _ m: [Double], _ t: Double) -> Double {
    let x = keys.times
    let y = keys.values
    let n = x.count
    if t <= x[0] { return y[0] }
    if t >= x[n - 1] { return y[n - 1] }
    let k = x.lastIndex { $0 <= t }!
    let h = x[k + 1] - x[k]
    let s = (t - x[k]) / h
    let h00 = 2 * s * s * s - 3 * s * s + 1
    let h10 = s * s * s - 2 * s * s + s
    let h01 = -2 * s * s * s + 3 * s * s
    let h11 = s * s * s - s * s
    return h00 * y[k] + h10 * h * m[k] + h01 * y[k + 1] + h11 * h * m[k + 1]
  }

  /// Finite-difference Catmull-Rom: the mean of the neighbouring chords'
  /// slopes inside, the one chord's slope at the ends.
  static func catmullRom(_ keys: Keys, _ t: Double) -> Double {
    let x = keys.times
    let y = keys.values
    let n = x.count
    let d: [Double] = (0..<(n - 1)).map { (i: Int) -> Double in
      (y[i + 1] - y[i]) / (x[i + 1] - x[i])
    }
    var m = [Double](repeating: 0, count: n)
    m[0] = d[0]
    m[n - 1] = d[n - 2]
    for i in 1..<(n - 1) { m[i] = (d[i - 1] + d[i]) / 2 }
    return hermite(keys, m, t)
  }

  /// scipy's PchipInterpolator, written out (3 keyframes or more).
  static func pchip(_ keys: Keys, _ t: Double) -> Double {
    let x = keys.times
    let y = keys.values
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
    return hermite(keys, m, t)
  }

  /// The Bézier segment at time t: its time curve bisected for the curve
  /// parameter, then the value curve, both in Bernstein form (handles that
  /// need no correction).
  static func bezier(_ keys: Keys, _ t: Double) -> Double {
    let x = keys.times
    let y = keys.values
    let n = x.count
    if t <= x[0] { return y[0] }
    if t >= x[n - 1] { return y[n - 1] }
    let k = x.lastIndex { $0 <= t }!
    let right = keys.handles[k].right
    let left = keys.handles[k + 1].left
    func curve(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ s: Double) -> Double {
      let u = 1 - s
      return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if curve(x[k], right.0, left.0, x[k + 1], middle) < t { low = middle } else { high = middle }
    }
    return curve(y[k], right.1, left.1, y[k + 1], (low + high) / 2)
  }

  func assertValues(
    _ got: [Double], _ times: [Double], _ accuracy: Double, _ what: String,
    _ expected: (Double) -> Double
  ) {
    for (t, v) in zip(times, got) {
      if t.isNaN {
        XCTAssertTrue(v.isNaN, "\(what): NaN time")
      } else {
        XCTAssertEqual(v, expected(t), accuracy: accuracy, "\(what): t = \(t)")
      }
    }
  }

  // MARK: - Routes and values

  func testHermiteKernelsMatchSingleSamplesAndTheFormulas() throws {
    for count in [2, 3, 16, 33, 200] {
      let keys = Self.keys(count, seed: UInt64(count))
      let times = Self.queries(keys, 1000, seed: 7)
      let smooth = try checkRoutes(try Self.track(.smooth, keys), times, "smooth, K = \(count)")
      assertValues(smooth, times, 1e-12, "smooth, K = \(count)") { Self.catmullRom(keys, $0) }
      let monotone = try checkRoutes(
        try Self.track(.monotone, keys), times, "monotone, K = \(count)")
      if count >= 3 {
        assertValues(monotone, times, 1e-12, "monotone, K = \(count)") { Self.pchip(keys, $0) }
      }
    }
  }

  func testBezierKernelMatchesSingleSamplesAndBisection() throws {
    for count in [2, 3, 16, 33, 200] {
      let keys = Self.keys(count, seed: UInt64(100 + count))
      // At least 4 queries per keyframe: the batch builds its segments.
      let times = Self.queries(keys, 1000, seed: 8)
      let got = try checkRoutes(try Self.track(.bezier, keys), times, "bezier, K = \(count)")
      assertValues(got, times, 1e-9, "bezier, K = \(count)") { Self.bezier(keys, $0) }
    }
  }

  /// A segment with vertical handles (each at its own key's time), whose
  /// time curve x(s) = 3s² − 2s³ is flat at both ends: from s = x three
  /// Halley steps fall short of the tolerance near them, so those lanes
  /// take the single-sample solve; the values still match bisection.
  func testBezierKernelHandsMissedSolvesToTheSingleSamplePath() throws {
    let track = try Track(property: "v")
    let t0 = 0.0
    let t1 = 10.0
    try track.setKeyframe(
      time: t0, value: [0],
      style: KeyframeStyle(
        interpolation: .bezier, rightHandle: BezierHandle(time: t0, value: [2])))
    try track.setKeyframe(
      time: t1, value: [1],
      style: KeyframeStyle(
        interpolation: .bezier, leftHandle: BezierHandle(time: t1, value: [-1])))
    let nearStart: [Double] = (1...200).map { (i: Int) -> Double in t0 + Double(i) * 1e-5 }
    let nearEnd: [Double] = (1...200).map { (i: Int) -> Double in t1 - Double(i) * 1e-5 }
    let across: [Double] = (0..<100).map { (i: Int) -> Double in Double(i) / 10 }
    let times = nearStart + nearEnd + across
    // The three Halley steps on x(s) (x1 = 0, x2 = 1) miss some of these
    // times: the test covers the route.
    let curve = UnitCubic(0, 1)
    let missed = times.filter { t in
      let x = (t - t0) / (t1 - t0)
      var s = x
      for _ in 0..<3 {
        let f = curve.value(s) - x
        let d1 = curve.derivative(s)
        s -= 2 * f * d1 / (2 * d1 * d1 - f * curve.secondDerivative(s))
        s = min(max(s, 0), 1)
      }
      return x > 0 && x < 1 && !(abs(curve.value(s) - x) < CubicBezier.solverEpsilon)
    }
    XCTAssertGreaterThan(missed.count, 100)
    let singles = try checkRoutes(track, times, "vertical handles")
    func bernstein(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ s: Double) -> Double {
      let u = 1 - s
      return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
    }
    for (t, v) in zip(times, singles) {
      var low = 0.0
      var high = 1.0
      for _ in 0..<60 {
        let middle = (low + high) / 2
        if bernstein(t0, t0, t1, t1, middle) < t { low = middle } else { high = middle }
      }
      XCTAssertEqual(v, bernstein(0, 2, -1, 1, (low + high) / 2), accuracy: 1e-6, "t = \(t)")
    }
  }

  func testThreadsGiveTheSameBits() throws {
    let keys = Self.keys(16, seed: 3)
    let times = Self.queries(keys, 2 * Parallel.minimumChunk + 500, seed: 9)
    for mode in [Interpolation.smooth, .monotone, .bezier] {
      let track = try Self.track(mode, keys)
      Parallel.setThreadCount(1)
      let one = try batch(track, times)
      Parallel.setThreadCount(3)
      assertSameBits(try batch(track, times), one, "\(mode): 3 threads vs 1")
    }
  }

  // MARK: - Edits

  /// The track after `edit`, against single samples, a track built afresh
  /// from its keyframes, and the mode's formula.
  func checkAfterEdit(
    _ track: Track, _ mode: Interpolation, _ keys: Keys, _ what: String
  ) throws {
    let times = Self.queries(keys, 600, seed: 11)
    let got = try checkRoutes(track, times, "\(mode) after \(what)")
    assertSameBits(
      got, try batch(try Self.track(mode, keys), times), "\(mode) after \(what): fresh")
    switch mode {
    case .smooth:
      assertValues(got, times, 1e-12, "\(mode) after \(what)") { Self.catmullRom(keys, $0) }
    case .monotone:
      assertValues(got, times, 1e-12, "\(mode) after \(what)") { Self.pchip(keys, $0) }
    default:
      assertValues(got, times, 1e-9, "\(mode) after \(what)") { Self.bezier(keys, $0) }
    }
  }

  func testEveryEditKeepsTheKernelsDataCurrent() throws {
    for mode in [Interpolation.smooth, .monotone, .bezier] {
      var keys = Self.keys(16, seed: 21)
      let track = try Self.track(mode, keys)
      try checkAfterEdit(track, mode, keys, "building")

      // Insert between two keyframes (handles short enough that no
      // correction applies).
      let inserted = (keys.times[6] + keys.times[7]) / 2
      keys.handles.insert(
        (
          (inserted - 0.3 * (inserted - keys.times[6]), 0.5),
          (inserted + 0.05 * (keys.times[7] - inserted), 1)
        ), at: 7)
      keys.times.insert(inserted, at: 7)
      keys.values.insert(0.75, at: 7)
      try track.setKeyframe(time: inserted, value: [0.75], style: Self.style(mode, keys, 7))
      try checkAfterEdit(track, mode, keys, "an insertion")

      // A new value at an existing keyframe.
      keys.values[3] = -0.9
      try track.setKeyframe(time: keys.times[3], value: [-0.9], style: Self.style(mode, keys, 3))
      try checkAfterEdit(track, mode, keys, "a new value")

      // Remove one inside and the last.
      try track.removeKeyframe(at: keys.times[10])
      try track.removeKeyframe(at: keys.times[keys.times.count - 1])
      for i in [keys.times.count - 1, 10] {
        keys.times.remove(at: i)
        keys.values.remove(at: i)
        keys.handles.remove(at: i)
      }
      try checkAfterEdit(track, mode, keys, "removals")

      // A bulk set: new keyframes past the end and before the start, one
      // replaced.
      let added: [(Double, Double)] = [(130, 0.2), (-20, -0.4), (keys.times[5], 0.1), (115, 0.9)]
      for (t, v) in added {
        if let i = keys.times.firstIndex(of: t) {
          keys.values[i] = v
        } else {
          let i = keys.times.firstIndex { $0 > t } ?? keys.times.count
          keys.times.insert(t, at: i)
          keys.values.insert(v, at: i)
          keys.handles.insert(((t - 2, v - 0.2), (t + 3, v + 0.3)), at: i)
        }
      }
      let styles = added.map { (t, _) in Self.style(mode, keys, keys.times.firstIndex(of: t)!) }
      try added.map(\.0).withUnsafeBufferPointer { times in
        try added.map(\.1).withUnsafeBufferPointer { values in
          try track.setKeyframes(times: times, values: values, styles: styles)
        }
      }
      try checkAfterEdit(track, mode, keys, "a bulk set")
    }
  }

  /// Style changes move a track off the kernels and back: a smooth track
  /// turned monotone keyframe by keyframe (mixed styles take the general
  /// path), then all of them; the values follow.
  func testStyleChangesKeepTheValuesCurrent() throws {
    let keys = Self.keys(16, seed: 31)
    let track = try Self.track(.smooth, keys)
    try checkAfterEdit(track, .smooth, keys, "building")
    try track.setKeyframe(
      time: keys.times[4], value: [keys.values[4]], style: Self.style(.monotone, keys, 4))
    let times = Self.queries(keys, 600, seed: 12)
    try checkRoutes(track, times, "smooth and one monotone")
    for i in keys.times.indices {
      try track.setKeyframe(
        time: keys.times[i], value: [keys.values[i]], style: Self.style(.monotone, keys, i))
    }
    try checkAfterEdit(track, .monotone, keys, "every style changed")
    // And to Bézier handles in one bulk set.
    let styles = keys.times.indices.map { Self.style(.bezier, keys, $0) }
    try keys.times.withUnsafeBufferPointer { times in
      try keys.values.withUnsafeBufferPointer { values in
        try track.setKeyframes(times: times, values: values, styles: styles)
      }
    }
    try checkAfterEdit(track, .bezier, keys, "a bulk style change")
  }
}
