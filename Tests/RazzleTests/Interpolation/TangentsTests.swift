import Razzle
import XCTest

/// Monotone tangents against SciPy's PchipInterpolator; Kochanek–Bartels
/// tangents against values worked by hand from the slope-form formulas.
final class TangentsTests: XCTestCase {
  // MARK: - Helpers

  private func monotone(_ t: [Double], _ v: [Double]) -> [Double] {
    (0..<t.count).map { i in
      Tangents.monotone(at: i, count: t.count, time: { t[$0] }, value: { v[$0] })
    }
  }

  private func kochanekBartels(
    _ t: [Double], _ v: [Double], _ p: [Tangents.KochanekBartels]
  ) -> [(incoming: Double, outgoing: Double)] {
    (0..<t.count).map { i in
      Tangents.kochanekBartels(at: i, count: t.count, p[i], time: { t[$0] }, value: { v[$0] })
    }
  }

  // MARK: - Monotone

  /// A data set and SciPy's derivatives at its knots.
  private struct PchipCase {
    var name: String
    var x: [Double]
    var y: [Double]
    /// `PchipInterpolator(x, y).derivative()(x)`.
    var derivative: [Double]
    /// `PchipInterpolator._find_derivatives(x, y, np)`, the derivatives the
    /// interpolator stores; `derivative` evaluates its polynomial at the
    /// last knot, which adds rounding there.
    var stored: [Double]
  }

  // From scipy 1.17.1 (numpy float64), printed with repr().
  private let pchipCases: [PchipCase] = [
    PchipCase(
      name: "generic, with a flat run and sign changes",
      x: [0, 0.7, 1.1, 2.5, 3.0, 4.8], y: [1, 2.5, 2.2, 2.2, 0.3, -1.4],
      derivative: [3.9837662337662327, 0.0, 0.0, 0.0, -1.7063777658678507, 0.0],
      stored: [3.9837662337662327, 0.0, 0.0, 0.0, -1.7063777658678507, 0.0]),
    PchipCase(
      name: "increasing, uneven spacing",
      x: [0, 1, 1.5, 4, 4.2], y: [0, 0.3, 2.0, 2.1, 5.0],
      derivative: [
        0.0, 0.6079470198675496, 0.10099009900990107, 0.1111742155331536, 15.571111111111094,
      ],
      stored: [
        0.0, 0.6079470198675496, 0.10099009900990107, 0.1111742155331536, 15.571111111111097,
      ]),
    PchipCase(
      name: "two points (linear)", x: [1, 3.5], y: [2, -1],
      derivative: [-1.2, -1.2], stored: [-1.2, -1.2]),
    PchipCase(
      name: "three points", x: [0, 0.4, 2], y: [0, 1, 1.2],
      derivative: [2.9750000000000005, 0.29069767441860456, 1.3877787807814457e-17],
      stored: [2.9750000000000005, 0.29069767441860456, 0.0]),
    PchipCase(
      name: "end clamped to 3 m0", x: [0, 1, 2], y: [0, 1, -9],
      derivative: [3.0, 0.0, -15.5], stored: [3.0, 0.0, -15.5]),
    PchipCase(
      name: "end estimate of the wrong sign set to 0", x: [0, 1, 2, 3.5], y: [0, 1, 6, 6.5],
      derivative: [0.0, 1.6666666666666667, 0.663716814159292, 1.1102230246251565e-16],
      stored: [0.0, 1.6666666666666667, 0.663716814159292, 0.0]),
    PchipCase(
      name: "flat runs", x: [0, 0.5, 1.75, 2, 3.1, 4, 5.5], y: [1, 1, 1, 2, 2, -0.5, -0.5],
      derivative: [0, 0, 0, 0, 0, 0, 0], stored: [0, 0, 0, 0, 0, 0, 0]),
    PchipCase(
      name: "oscillating", x: [-2, -1.3, 0.1, 0.2, 1.9, 2.6, 4.0, 7.25],
      y: [3, -1, 4, -1, 5, -9, 2, 6],
      derivative: [-8.809523809523808, 0.0, 0.0, 0.0, 0.0, 0.0, 2.3559892909577687, 0.0],
      stored: [-8.809523809523808, 0.0, 0.0, 0.0, 0.0, 0.0, 2.3559892909577687, 0.0]),
  ]

  func testMonotoneMatchesSciPyDerivatives() {
    for c in pchipCases {
      let d = monotone(c.x, c.y)
      for i in d.indices {
        XCTAssertEqual(d[i], c.derivative[i], accuracy: 1e-12, "\(c.name) at \(i)")
      }
    }
  }

  func testMonotoneIsBitwiseSciPysStoredDerivatives() {
    // The same operations in the same order as _find_derivatives/_edge_case.
    for c in pchipCases {
      XCTAssertEqual(monotone(c.x, c.y), c.stored, c.name)
    }
  }

  func testMonotoneSinglePoint() {
    XCTAssertEqual(monotone([4], [7]), [0])
  }

  func testMonotoneInterpolantDoesNotOvershoot() {
    // Hermite segments with monotone tangents stay within each segment's
    // values (Fritsch–Carlson's guarantee, given SciPy's end rule).
    for c in pchipCases where c.x.count >= 2 {
      let d = monotone(c.x, c.y)
      for k in 0..<(c.x.count - 1) {
        let dt = c.x[k + 1] - c.x[k]
        let low = min(c.y[k], c.y[k + 1])
        let high = max(c.y[k], c.y[k + 1])
        for i in 0...100 {
          let v = Hermite.value(
            at: Double(i) / 100, v0: c.y[k], m0: d[k], v1: c.y[k + 1], m1: d[k + 1], duration: dt)
          XCTAssertGreaterThanOrEqual(v, low - 1e-12, "\(c.name) segment \(k)")
          XCTAssertLessThanOrEqual(v, high + 1e-12, "\(c.name) segment \(k)")
        }
      }
    }
  }

  // MARK: - Kochanek–Bartels

  // Uneven spacing: slopes 2 (0→1), 0.5 (1→3), −4 (3→3.5).
  private let t: [Double] = [0, 1, 3, 3.5]
  private let v: [Double] = [0, 2, 3, 1]

  func testCatmullRomIsTheMeanOfAdjacentSlopes() {
    let p = [Tangents.KochanekBartels](repeating: .catmullRom, count: 4)
    let expected: [Double] = [2, 1.25, -1.75, -4]  // one-sided at the ends
    for (i, tangent) in kochanekBartels(t, v, p).enumerated() {
      XCTAssertEqual(tangent.incoming, expected[i], accuracy: 1e-15, "keyframe \(i)")
      XCTAssertEqual(tangent.outgoing, expected[i], accuracy: 1e-15, "keyframe \(i)")
    }
  }

  func testTension() {
    func at1(_ tension: Double) -> (incoming: Double, outgoing: Double) {
      Tangents.kochanekBartels(
        at: 1, count: 4, .init(tension: tension), time: { self.t[$0] }, value: { self.v[$0] })
    }
    XCTAssertEqual(at1(1).incoming, 0)
    XCTAssertEqual(at1(1).outgoing, 0)
    XCTAssertEqual(at1(0.5).outgoing, 0.625, accuracy: 1e-15)
    XCTAssertEqual(at1(-1).incoming, 2.5, accuracy: 1e-15)
    // T = 1 zeroes the one-sided end tangents too; T scales them.
    let tight = [Tangents.KochanekBartels](repeating: .init(tension: 1), count: 4)
    for tangent in kochanekBartels(t, v, tight) {
      XCTAssertEqual(tangent.incoming, 0)
      XCTAssertEqual(tangent.outgoing, 0)
    }
    let ends = kochanekBartels(
      t, v, [.init(tension: 0.5), .catmullRom, .catmullRom, .init(tension: 0.25)])
    XCTAssertEqual(ends[0].outgoing, 1, accuracy: 1e-15)
    XCTAssertEqual(ends[3].incoming, -3, accuracy: 1e-15)
  }

  func testBias() {
    // B = 1: both tangents follow the previous chord; B = −1: the next.
    let post = Tangents.kochanekBartels(
      at: 1, count: 4, .init(bias: 1), time: { self.t[$0] }, value: { self.v[$0] })
    XCTAssertEqual(post.incoming, 2, accuracy: 1e-15)
    XCTAssertEqual(post.outgoing, 2, accuracy: 1e-15)
    let pre = Tangents.kochanekBartels(
      at: 1, count: 4, .init(bias: -1), time: { self.t[$0] }, value: { self.v[$0] })
    XCTAssertEqual(pre.incoming, 0.5, accuracy: 1e-15)
    XCTAssertEqual(pre.outgoing, 0.5, accuracy: 1e-15)
  }

  func testContinuity() {
    // C = −1: incoming follows the previous chord, outgoing the next ("box
    // corners"); C = 1 swaps them ("inverted corners").
    let box = Tangents.kochanekBartels(
      at: 1, count: 4, .init(continuity: -1), time: { self.t[$0] }, value: { self.v[$0] })
    XCTAssertEqual(box.incoming, 2, accuracy: 1e-15)
    XCTAssertEqual(box.outgoing, 0.5, accuracy: 1e-15)
    let inverted = Tangents.kochanekBartels(
      at: 1, count: 4, .init(continuity: 1), time: { self.t[$0] }, value: { self.v[$0] })
    XCTAssertEqual(inverted.incoming, 0.5, accuracy: 1e-15)
    XCTAssertEqual(inverted.outgoing, 2, accuracy: 1e-15)
  }

  func testContinuityMinusOneGivesStraightSegments() {
    let p = [Tangents.KochanekBartels](repeating: .init(continuity: -1), count: 4)
    let tangents = kochanekBartels(t, v, p)
    for k in 0..<3 {
      let dt = t[k + 1] - t[k]
      for i in 0...10 {
        let s = Double(i) / 10
        let value = Hermite.value(
          at: s, v0: v[k], m0: tangents[k].outgoing, v1: v[k + 1], m1: tangents[k + 1].incoming,
          duration: dt)
        XCTAssertEqual(value, v[k] + s * (v[k + 1] - v[k]), accuracy: 1e-14, "segment \(k)")
      }
    }
  }

  func testAllThreeTogether() {
    // Keyframe 2: d₋ = 0.5, d₊ = −4, T = 0.5, C = 0.5, B = −0.25, so
    // (1 − T)/2 = 0.25 and
    // incoming = 0.25·0.75·0.5·0.5 + 0.25·1.25·1.5·(−4) = 0.046875 − 1.875
    // outgoing = 0.25·0.75·1.5·0.5 + 0.25·1.25·0.5·(−4) = 0.140625 − 0.625
    let tangent = Tangents.kochanekBartels(
      at: 2, count: 4, .init(tension: 0.5, continuity: 0.5, bias: -0.25), time: { self.t[$0] },
      value: { self.v[$0] })
    XCTAssertEqual(tangent.incoming, -1.828125, accuracy: 1e-15)
    XCTAssertEqual(tangent.outgoing, -0.484375, accuracy: 1e-15)
  }

  func testKochanekBartelsEndsIgnoreContinuityAndBias() {
    let p = Tangents.KochanekBartels(tension: 0, continuity: 0.7, bias: -0.9)
    let tangents = kochanekBartels(t, v, [p, p, p, p])
    XCTAssertEqual(tangents[0].incoming, 2)
    XCTAssertEqual(tangents[0].outgoing, 2)
    XCTAssertEqual(tangents[3].incoming, -4)
    XCTAssertEqual(tangents[3].outgoing, -4)
  }

  func testKochanekBartelsSmallCounts() {
    let one = Tangents.kochanekBartels(
      at: 0, count: 1, .catmullRom, time: { _ in 3 }, value: { _ in 9 })
    XCTAssertEqual(one.incoming, 0)
    XCTAssertEqual(one.outgoing, 0)
    let two = kochanekBartels([1, 3], [0, 5], [.catmullRom, .catmullRom])
    XCTAssertEqual(two[0].outgoing, 2.5)
    XCTAssertEqual(two[1].incoming, 2.5)
  }

  // MARK: - Affected ranges

  func testAffectedRangeByHand() {
    XCTAssertEqual(Tangents.affectedRange(edit: 0, count: 1), 0...0)
    XCTAssertEqual(Tangents.affectedRange(edit: 1, count: 2), 0...1)
    XCTAssertEqual(Tangents.affectedRange(edit: 0, count: 10), 0...1)
    XCTAssertEqual(Tangents.affectedRange(edit: 2, count: 10), 0...3)  // first looks 2 in
    XCTAssertEqual(Tangents.affectedRange(edit: 5, count: 10), 4...6)
    XCTAssertEqual(Tangents.affectedRange(edit: 7, count: 10), 6...9)  // last looks 2 in
    XCTAssertEqual(Tangents.affectedRange(edit: 9, count: 10), 8...9)
    XCTAssertNil(Tangents.affectedRange(removedAt: 0, count: 0))
    XCTAssertEqual(Tangents.affectedRange(removedAt: 0, count: 10), 0...0)
    XCTAssertEqual(Tangents.affectedRange(removedAt: 5, count: 10), 4...5)
    XCTAssertEqual(Tangents.affectedRange(removedAt: 10, count: 10), 9...9)
  }

  /// Deterministic pseudo-random numbers in [0, 1) (a 64-bit LCG).
  private struct Generator {
    var state: UInt64
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  private func randomKeys(_ n: Int, _ g: inout Generator) -> ([Double], [Double]) {
    var t: [Double] = []
    var time = g.next()
    for _ in 0..<n {
      t.append(time)
      time += 0.1 + g.next()
    }
    return (t, (0..<n).map { _ in 4 * g.next() - 2 })
  }

  private func allTangents(_ t: [Double], _ v: [Double]) -> [[Double]] {
    let p = Tangents.KochanekBartels(tension: 0.2, continuity: -0.3, bias: 0.4)
    return (0..<t.count).map { i in
      let kb = Tangents.kochanekBartels(
        at: i, count: t.count, p, time: { t[$0] }, value: { v[$0] })
      let m = Tangents.monotone(at: i, count: t.count, time: { t[$0] }, value: { v[$0] })
      return [kb.incoming, kb.outgoing, m]
    }
  }

  func testTangentsOutsideTheAffectedRangeDoNotChange() {
    var g = Generator(state: 42)
    for n in 1...9 {
      for _ in 0..<20 {
        let (t, v) = randomKeys(n, &g)
        let before = allTangents(t, v)
        for j in 0..<n {
          // Edit j's value and time (staying between its neighbours).
          var t2 = t
          var v2 = v
          v2[j] += 0.5
          t2[j] += 0.05
          let after = allTangents(t2, v2)
          let range = Tangents.affectedRange(edit: j, count: n)
          for i in 0..<n where !range.contains(i) {
            XCTAssertEqual(after[i], before[i], "edit \(j) of \(n) changed \(i)")
          }
          // Remove j.
          var t3 = t
          var v3 = v
          t3.remove(at: j)
          v3.remove(at: j)
          let removed = allTangents(t3, v3)
          let removedRange = Tangents.affectedRange(removedAt: j, count: n - 1)
          XCTAssertEqual(removedRange == nil, n == 1)
          for i in 0..<(n - 1) where !(removedRange?.contains(i) ?? false) {
            XCTAssertEqual(removed[i], before[i < j ? i : i + 1], "removing \(j) of \(n): \(i)")
          }
          // Insert before j (the inverse of removing: the new key is j).
          var t4 = t
          var v4 = v
          t4.insert(j == 0 ? t[0] - 0.3 : (t[j - 1] + t[j]) / 2, at: j)
          v4.insert(1.7, at: j)
          let inserted = allTangents(t4, v4)
          let insertedRange = Tangents.affectedRange(edit: j, count: n + 1)
          for i in 0..<(n + 1) where !insertedRange.contains(i) {
            XCTAssertEqual(
              inserted[i], before[i < j ? i : i - 1], "inserting at \(j) of \(n): \(i)")
          }
        }
      }
    }
  }
}
