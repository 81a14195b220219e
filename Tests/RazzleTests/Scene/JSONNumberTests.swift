import Foundation
import XCTest

@testable import Razzle

/// The JSON reader's decimal to double conversion (Clinger's fast path,
/// Eisel–Lemire, the exact fallback) against the standard library's
/// correctly rounded `Double(String)` (glibc's strtod) as the oracle: every
/// text must give the same bits, or be refused exactly where the oracle
/// gives infinity.
final class JSONNumberTests: XCTestCase {
  private var failures = 0

  /// Checks one text: parsed as a document and inside an array.
  private func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let oracle = Double(text) else {
      XCTFail("the oracle cannot read \(text)", file: file, line: line)
      return
    }
    switch JSONParser.parse("[\(text)]") {
    case .success(let value):
      let got = value.array?.first?.number
      if !oracle.isFinite {
        XCTFail(
          "\(text): read as \(String(describing: got)), the oracle gives \(oracle)", file: file,
          line: line)
        failures += 1
      } else if got?.bitPattern != oracle.bitPattern {
        XCTFail(
          "\(text): \(String(describing: got)) (bits \(String(got?.bitPattern ?? 0, radix: 16))), expected \(oracle) (bits \(String(oracle.bitPattern, radix: 16)))",
          file: file, line: line)
        failures += 1
      }
    case .failure(let error):
      if oracle.isFinite {
        XCTFail("\(text): refused (\(error)), the oracle gives \(oracle)", file: file, line: line)
        failures += 1
      } else {
        XCTAssertTrue(
          error.reason.contains("too large"), "\(text): \(error)", file: file, line: line)
      }
    }
  }

  func testHardCasesFromTheLiterature() {
    let texts = [
      // Clinger's fast path edges and just past them.
      "9007199254740992", "9007199254740993", "9007199254740995", "9007199254740997",
      "18014398509481985", "18014398509481986", "18014398509481990", "1e22", "1e23", "1e-22",
      "1e-23", "9007199254740993e22", "8.41e21", "7.038531e-26", "1448997445238699",
      // The smallest normal and the values that hung Java and PHP.
      "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
      "2.225073858507201136057409796709131975934819546351645648e-308",
      // Subnormals and underflow.
      "4.9406564584124654e-324", "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
      "2.4703282292062327208828439643411068618252990130716238221279284125033775364e-324",
      "1e-400", "1e-342", "1e-343", "3e-324", "1.5e-323", "4.9e-324", "2.2250738585072009e-308",
      // The largest double, the halfway point above it, overflow.
      "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
      "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999",
      "1e308", "1e309", "0.1e310", "9.9999999999999999e307",
      // Many digits: the exact fallback.
      "0.30000000000000004", "0.3000000000000000444089209850062616169452667236328125",
      "123456789012345678901234567890", "12345678901234567890", "1234567890123456789",
      "18446744073709551615", "18446744073709551616", "9223372036854775807", "9223372036854775808",
      "0.1", "0.2", "0.3", "1.1", "2.5", "3.14159265358979323846", "6.02214076e23",
      "0.000000000000000000000000000001e30", "100000000000000000000000e-23", "0e400", "-0",
      "-0.0", "0.0e-400", "1.00000000000000011102230246251565404236316680908203125",
      "1.00000000000000011102230246251565404236316680908203124",
      "1.00000000000000011102230246251565404236316680908203126",
      // Eisel–Lemire's round-to-even window (q in -4...23) at ties.
      "9007199254740993000", "900719925474099.3e1", "4503599627370497.5",
      "4503599627370496.5", "2.00000000000000011102230246251565404236316680908203125",
    ]
    for text in texts {
      check(text)
      if !text.hasPrefix("-") { check("-" + text) }
    }
  }

  func testRandomDoublesShortestAndSeventeenDigits() {
    var rng = SplitMix64(seed: 0x5EED_1234)
    for k in 0..<40_000 {
      // Every bit pattern of a finite double, and values of a few usual ranges.
      var x: Double
      switch k % 4 {
      case 0: x = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)
      case 1: x = Double.random(in: 0..<1, using: &rng)
      case 2: x = Double.random(in: -1000..<1000, using: &rng)
      default: x = Double(bitPattern: rng.next() & 0x000F_FFFF_FFFF_FFFF)  // subnormal
      }
      if rng.next() & 1 == 1 { x = -x }
      check("\(x)")  // the shortest text that reads back (Swift's description)
      check(String(format: "%.16e", x))  // 17 significant digits
      if k % 8 == 0 {
        check(String(format: "%.20e", x))  // 21 digits: beyond 19
        check(String(format: "%.18e", x))  // 19 digits
      }
      if failures > 20 { return }
    }
  }

  func testRandomDecimalsNearTies() {
    var rng = SplitMix64(seed: 0xC0FF_EE00)
    for _ in 0..<20_000 {
      // w × 10^q with 1 to 19 random digits and q across the table.
      let digits = Int(rng.next() % 19) + 1
      var w = ""
      for d in 0..<digits { w.append(String(rng.next() % 10 + (d == 0 ? 1 : 0))) }
      let q = Int(rng.next() % 680) - 360
      check("\(w)e\(q)")
      // The halfway point between two doubles (2m + 1) × 2^e, an integer
      // of at most 19 digits, and its neighbours.
      let m = (rng.next() >> 11) | (1 << 52)
      let e = Int(rng.next() % 10)
      let half = (2 * m + 1) << UInt64(e)
      check(String(half))
      check(String(half + 1))
      check(String(half - 1))
      if failures > 20 { return }
    }
  }

  func testTheFastPathDecidesAlmostEverything() {
    // Direct calls: w × 10^q for 17-digit w (what the scene writer prints)
    // over the normal range. Each decided value is the oracle's; the
    // undecided ones (rare) would go to the exact fallback.
    var rng = SplitMix64(seed: 0xFA57)
    var decided = 0
    let total = 50_000
    for _ in 0..<total {
      let w = 10_000_000_000_000_000 + rng.next() % 90_000_000_000_000_000
      let q = Int(rng.next() % 600) - 320
      guard let x = JSONNumberParser.double(w, q) else { continue }
      decided += 1
      let oracle = Double("\(w)e\(q)")
      if x.bitPattern != oracle?.bitPattern {
        XCTFail("\(w)e\(q): \(x), expected \(String(describing: oracle))")
        return
      }
    }
    XCTAssertGreaterThan(decided, total * 99 / 100)
    // Subnormal and infinite results are left to the fallback.
    XCTAssertNil(JSONNumberParser.double(5, -324))
    XCTAssertNil(JSONNumberParser.double(18_000_000_000_000_000, 292))  // 1.8e308
    XCTAssertEqual(JSONNumberParser.double(0, 400), 0)
  }
}
