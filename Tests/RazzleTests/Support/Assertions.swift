import Razzle
import XCTest

// Tolerance assertions shared by the value tests, each reporting at the
// caller's line.

/// Every component of `actual` within `tolerance` of `expected`.
func assertClose<V: SIMD>(
  _ actual: V, _ expected: V, _ tolerance: Double, _ message: String = "",
  file: StaticString = #filePath, line: UInt = #line
) where V.Scalar == Double {
  for i in actual.indices {
    XCTAssertEqual(
      actual[i], expected[i], accuracy: tolerance, "\(message) [\(i)] \(actual) vs \(expected)",
      file: file, line: line)
  }
}

/// Every channel of two colors within `tolerance`.
func assertClose(
  _ actual: RGBA, _ expected: RGBA, _ tolerance: Double, _ message: String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  assertClose(
    SIMD4(actual.r, actual.g, actual.b, actual.a),
    SIMD4(expected.r, expected.g, expected.b, expected.a),
    tolerance, message, file: file, line: line)
}

/// Every entry of two matrices within `tolerance`.
func assertClose(
  _ a: Transform3D, _ b: Transform3D, _ tolerance: Double, _ message: String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  for i in 0..<4 {
    for j in 0..<4 {
      XCTAssertEqual(
        a[i, j], b[i, j], accuracy: tolerance, "m\(i + 1)\(j + 1) \(message)", file: file,
        line: line)
    }
  }
}

/// Two affine transforms, compared as their 3D equivalents.
func assertClose(
  _ a: Transform2D, _ b: Transform2D, _ tolerance: Double, _ message: String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  assertClose(Transform3D(a), Transform3D(b), tolerance, message, file: file, line: line)
}
