import XCTest

@testable import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class DirectionAngleTests: XCTestCase {
  /// The axes and diagonals exactly, and atan2's signed zeros.
  func testExactDirections() {
    XCTAssertEqual(atan2Degrees(0, 1), 0)
    XCTAssertEqual(atan2Degrees(1, 1), 45)
    XCTAssertEqual(atan2Degrees(1, 0), 90)
    XCTAssertEqual(atan2Degrees(1, -1), 135)
    XCTAssertEqual(atan2Degrees(0, -1), 180)
    XCTAssertEqual(atan2Degrees(-0.0, -1), -180)
    XCTAssertEqual(atan2Degrees(-1, -1), -135)
    XCTAssertEqual(atan2Degrees(-1, 0), -90)
    XCTAssertEqual(atan2Degrees(-2, 2), -45)
    XCTAssertEqual(atan2Degrees(0, 0), 0)
    XCTAssertEqual(atan2Degrees(0, -0.0), 180)
    XCTAssertEqual(atan2Degrees(-0.0, 0).sign, .minus)
  }

  /// Hand-worked: atan(1/√3) = 30°, atan(√3) = 60°, the 3-4-5 triangle's
  /// angle atan(3/4) = 36.86989764584402° (to 16 digits).
  func testSpecialAngles() {
    let root3 = 3.0.squareRoot()
    XCTAssertEqual(atan2Degrees(1, root3), 30, accuracy: 1e-14)
    XCTAssertEqual(atan2Degrees(root3, 1), 60, accuracy: 1e-14)
    XCTAssertEqual(atan2Degrees(3, 4), 36.86989764584402, accuracy: 1e-14)
    XCTAssertEqual(atan2Degrees(-4, -3), -126.86989764584402, accuracy: 2e-14)
  }

  /// Against libm's atan2 in degrees over directions all round and over
  /// many magnitudes: within 4 ulp of 180 (libm's own rounding, the degree
  /// conversion, and this function's 2.4 ulp).
  func testAgreesWithLibm() {
    var angle = -3.2
    while angle <= 3.2 {
      for r in [1e-300, 1e-8, 1, 3.5, 1e8, 1e300] {
        let x = r * cos(angle)
        let y = r * sin(angle)
        XCTAssertEqual(
          atan2Degrees(y, x), atan2(y, x) * (180 / Double.pi), accuracy: 4 * 180.0.ulp,
          "atan2(\(y), \(x))")
      }
      angle += 0.0007
    }
  }

  func testNonFinite() {
    XCTAssertTrue(atan2Degrees(.nan, 1).isNaN)
    XCTAssertTrue(atan2Degrees(1, .nan).isNaN)
    XCTAssertEqual(atan2Degrees(.infinity, .infinity), 45)
    XCTAssertEqual(atan2Degrees(1, -.infinity), 180)
  }

  /// The batch kernel (`directionAngles`, four directions at a time) gives
  /// `rotation.apply(atan2Degrees(dy, dx))` bit for bit at every level the
  /// CPU runs: directions all round, the axes and diagonals, signed zeros,
  /// ±∞, NaN, and offsets that take the angle past ±180° and ±360°, for
  /// every count up to 11 (the padded rest of a block included).
  func testBatchKernelMatchesTheScalarFunctions() throws {
    var dy: [Double] = [0, -0.0, 0, -0.0, 1, -1, 1, -1, 0, 0, 1, -1, 3, -4]
    var dx: [Double] = [0, 0, -0.0, -0.0, 1, 1, -1, -1, 1, -1, 0, 0, 4, -3]
    for (y, x) in [
      (Double.infinity, 1.0), (1, -.infinity), (.infinity, .infinity), (-.infinity, 2),
      (.nan, 1), (1, .nan), (1e-300, 1e300), (1e300, -1e-300), (5e-324, -5e-324),
    ] {
      dy.append(y)
      dx.append(x)
    }
    var angle = -3.2
    while angle <= 3.2 {
      dy.append(2.5 * sin(angle))
      dx.append(2.5 * cos(angle))
      angle += 0.0013
    }
    let rotations = [
      PathRotation.auto, try PathRotation(.reverse), try PathRotation(.auto, offset: 30),
      try PathRotation(.reverse, offset: -200), try PathRotation(.auto, offset: 1000.5),
      try PathRotation(.fixed, offset: 12),
    ]
    for level in KernelLevel.allCases where level.isSupported {
      for rotation in rotations {
        for count in Array(0...11) + [dy.count] {
          var got = [Double](repeating: 7, count: count)
          got.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            directionAngles(dy, dx, count: count, rotation: rotation, into: base, level: level)
          }
          for i in 0..<count {
            let expected = rotation.apply(atan2Degrees(dy[i], dx[i]))
            XCTAssertEqual(
              got[i].bitPattern, expected.bitPattern,
              "\(level) \(rotation) (\(dx[i]), \(dy[i])): \(got[i]) against \(expected)")
          }
        }
      }
    }
  }
}
