import XCTest

@testable import Razzle

/// The arc-length table's inverse fits: a piece whose inverse has no
/// degree-10 fit is halved until it has one (within a bounded number of
/// pieces), and every fitted point lies at the arc length asked for, as an
/// integral the test computes on its own says.
final class ArcLengthFitTests: XCTestCase {
  /// A route segment of intelia_logo_animation.json (layer "dot dot 4", its
  /// first keyframe): the second control point lies past the end, so the
  /// route turns tightly near t = 0.81 and the speed's complex zeros lie
  /// near the real axis there. Before the pieces were halved for a fit, 23
  /// of its 40 pieces were solved on the integral at every query.
  let tightTurn = PathSegment(
    .cubic(
      PathPoint(484, 655), PathPoint(484 - 4.83333349227905, 655 + 4.58333349227905),
      PathPoint(455 - 18.1666660308838, 682.5 + 18.25), PathPoint(455, 682.5)),
    startsSubpath: true)

  /// |B′(t)| of a cubic from its control points, written out (Bernstein
  /// derivative: 3[(1 − t)²(P1 − P0) + 2t(1 − t)(P2 − P1) + t²(P3 − P2)]).
  func speed(_ p: [PathPoint], _ t: Double) -> Double {
    let a = (1 - t) * (1 - t)
    let b = 2 * t * (1 - t)
    let c = t * t
    let x = 3 * (a * (p[1].x - p[0].x) + b * (p[2].x - p[1].x) + c * (p[3].x - p[2].x))
    let y = 3 * (a * (p[1].y - p[0].y) + b * (p[2].y - p[1].y) + c * (p[3].y - p[2].y))
    return (x * x + y * y).squareRoot()
  }

  /// ∫ speed over [a, b] by adaptive Simpson (the test's own rule).
  func length(_ p: [PathPoint], _ a: Double, _ b: Double) -> Double {
    func simpson(_ a: Double, _ b: Double, _ fa: Double, _ fm: Double, _ fb: Double) -> Double {
      (b - a) / 6 * (fa + 4 * fm + fb)
    }
    func adapt(
      _ a: Double, _ b: Double, _ fa: Double, _ fm: Double, _ fb: Double, _ whole: Double,
      _ depth: Int
    ) -> Double {
      let m = 0.5 * (a + b)
      let lm = 0.5 * (a + m)
      let rm = 0.5 * (m + b)
      let flm = speed(p, lm)
      let frm = speed(p, rm)
      let left = simpson(a, m, fa, flm, fm)
      let right = simpson(m, b, fm, frm, fb)
      if depth > 40 || abs(left + right - whole) <= 1e-13 * (abs(whole) + 1e-300) {
        return left + right + (left + right - whole) / 15
      }
      return adapt(a, m, fa, flm, fm, left, depth + 1) + adapt(m, b, fm, frm, fb, right, depth + 1)
    }
    let fa = speed(p, a)
    let fm = speed(p, 0.5 * (a + b))
    let fb = speed(p, b)
    return adapt(a, b, fa, fm, fb, simpson(a, b, fa, fm, fb), 0)
  }

  func testPiecesBesideATightTurnAreHalvedUntilEachHasAFit() throws {
    let table = ArcLengthTable([tightTurn])
    let modes = (0..<table.pieces.count).map { table.records[$0 * ArcLengthTable.recordStride + 4] }
    XCTAssertEqual(modes.filter { $0 == ArcLengthTable.solvedMode }.count, 0)
    XCTAssertGreaterThan(table.pieces.count, 40)
    // The pieces still tile [0, 1] in order.
    XCTAssertEqual(table.pieces.first?.t0, 0)
    XCTAssertEqual(table.pieces.last?.t1, 1)
    for (a, b) in zip(table.pieces, table.pieces.dropFirst()) { XCTAssertEqual(a.t1, b.t0) }
  }

  func testFittedPointsLieAtTheirArcLengthByAnIndependentIntegral() throws {
    guard case .cubic(let p0, let p1, let p2, let p3) = tightTurn.shape else {
      return XCTFail("not a cubic")
    }
    let controls = [p0, p1, p2, p3]
    let table = ArcLengthTable([tightTurn])
    let total = length(controls, 0, 1)
    XCTAssertEqual(table.total, total, accuracy: 1e-12 * total)
    var worst = 0.0
    [tightTurn].withUnsafeBufferPointer { segments in
      for k in 0...4000 {
        let s = Double(k) / 4000 * table.total
        let (segment, t) = table.locate(s, in: segments)
        XCTAssertEqual(segment, 0)
        worst = max(worst, abs(length(controls, 0, t) - s))
      }
    }
    // The table's inverse holds to 1e-13 of a piece; the two integrals
    // agree to about 1e-12 of the length.
    XCTAssertLessThan(worst, 1e-11 * total)
  }

  func testHalvingIsBoundedAtACusp() throws {
    // A cusp at t = 0.5 (B′(0.5) = 0): pieces around it never fit, and the
    // halving stops at twice the pieces refinement gave (64 more for few).
    let cusp = PathSegment(
      .cubic(PathPoint(0, 0), PathPoint(100, 100), PathPoint(0, 100), PathPoint(100, 0)),
      startsSubpath: true)
    XCTAssertEqual(
      speed([PathPoint(0, 0), PathPoint(100, 100), PathPoint(0, 100), PathPoint(100, 0)], 0.5), 0)
    let found = ArcLengthTable.refine(cusp, 0).filter { $0.length > 0 }
    let fitted = ArcLengthTable.fitted(found, cusp, most: ArcLengthTable.maximumPieces)
    XCTAssertLessThanOrEqual(fitted.count, found.count + max(64, found.count))
    XCTAssertGreaterThan(fitted.filter { $0.1 == nil }.count, 0)
    let sum = fitted.reduce(0.0) { $0 + $1.0.length }
    let whole = found.reduce(0.0) { $0 + $1.length }
    XCTAssertEqual(sum, whole, accuracy: 1e-12 * whole)
    // A budget of `most` pieces is kept.
    let capped = ArcLengthTable.fitted(found, cusp, most: found.count + 3)
    XCTAssertLessThanOrEqual(capped.count, found.count + 3)
  }

  /// A route segment of file_transfer.json (layer "Layer 2 Outlines"):
  /// its in tangent is zero, so the speed falls to zero at its end, where
  /// t − 1 ~ √(s − length). Points within 1e-13 of the length from that
  /// end lie where they belong, by an independent integral of the rest of
  /// the way (0.3.19 put them up to 0.14 px off: its solver stopped after
  /// a Newton step it trusted to converge quadratically, which it does
  /// not where the speed vanishes). The same at a start of zero speed.
  func testPointsNearAnEndOfZeroSpeedLieAtTheirArcLength() throws {
    let start = PathPoint(350.557, 373.25)
    let control = PathPoint(350.557 + 9.91666698455811, 373.25 - 261)
    let end = PathPoint(152.057, 121.25)
    for reversed in [false, true] {
      let controls = reversed ? [end, end, control, start] : [start, control, end, end]
      let segment = PathSegment(
        .cubic(controls[0], controls[1], controls[2], controls[3]), startsSubpath: true)
      let table = ArcLengthTable([segment])
      let total = length(controls, 0, 1)
      [segment].withUnsafeBufferPointer { segments in
        for k in 2...13 {
          let near = pow(10, -Double(k))
          // Arc length `near` of the total from the end of zero speed.
          let s = reversed ? near * table.total : (1 - near) * table.total
          let (_, t) = table.locate(s, in: segments)
          let rest = reversed ? length(controls, 0, t) : length(controls, t, 1)
          let what = "reversed \(reversed), \(near) of the length from the end"
          XCTAssertEqual(rest, near * total, accuracy: 1e-12 * total, what)
        }
      }
    }
  }
}
