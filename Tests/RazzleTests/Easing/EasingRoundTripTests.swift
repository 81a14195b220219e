import Foundation
import XCTest

@testable import Razzle

/// "Parsing the canonical text gives the same easing", for every accepted
/// input: regressions for the cases that broke it, and a property test over
/// the whole grammar.
final class EasingRoundTripTests: XCTestCase {
  /// Short springs: their stiffness and damping exceed ±1e6, the bound of
  /// every other number, yet their physical form is their canonical text.
  func testShortSpringsPrintTextThatParses() throws {
    for spec in [
      "spring(duration=0.005)", "bouncy(0.001)", "spring(dampingRatio=0.5, response=0.003)",
      "smooth(1e-6)", "spring(duration=0.01, bounce=-0.999)",
    ] {
      let easing = try Easing(parsing: spec)
      assertRoundTrips(easing, spec)
    }
    // (2π / 0.005)² = 1579136.7…: beyond ±1e6 and accepted.
    guard case .spring(let spring) = try Easing(parsing: "spring(duration=0.005)") else {
      return XCTFail()
    }
    XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.005, 2), accuracy: 1e-6)
    XCTAssertGreaterThan(spring.stiffness, 1e6)
    // The spring still bounds its own parameters.
    XCTAssertThrowsError(try Easing(parsing: "spring(mass=1e-300, stiffness=1e300)"))
    XCTAssertThrowsError(try Easing(parsing: "spring(duration=1e-200)"))
    // Velocity keeps the general bound: it is printed as given.
    XCTAssertThrowsError(try Easing(parsing: "spring(velocity=2e6)"))
  }

  /// −0 reads as 0: equal easings print equally, and the curve keeps no
  /// negative zero that a reparse would lose.
  func testNegativeZeroReadsAsZero() throws {
    let negative = try Easing(parsing: "cubic-bezier(1,-0,1,1)")
    let positive = try Easing(parsing: "cubic-bezier(1, 0, 1, 1)")
    XCTAssertEqual(negative, positive)
    XCTAssertEqual(negative.description, "cubic-bezier(1, 0, 1, 1)")
    guard case .cubicBezier(let curve) = negative else { return XCTFail() }
    XCTAssertEqual(curve.y1.sign, .plus)
    XCTAssertEqual(
      try Easing(parsing: "linear(-0, 1 -0%, 1)").description,
      try Easing(parsing: "linear(0, 1 0%, 1)").description)
    XCTAssertEqual(try Easing(parsing: "easeOutBack(-0)").description, "easeOutBack(0)")
  }

  /// Inputs that are not a short decimal, such as the 1/3 that `linear(0,
  /// 0.3, 0.6, 1)` spreads to, print as percentages that read back exactly:
  /// 33.33333333333333 / 100 is not the double nearest 1/3, but the decimal
  /// 0.3333333333333333 rounds to it.
  func testLinearInputsReadBackExactly() throws {
    let easing = try Easing(parsing: "linear(0, 0.3, 0.6, 1)")
    XCTAssertEqual(
      easing.description, "linear(0 0%, 0.3 33.33333333333333%, 0.6 66.66666666666666%, 1 100%)")
    assertRoundTrips(easing, "linear(0, 0.3, 0.6, 1)")
    guard case .piecewiseLinear(let curve) = try Easing(parsing: easing.description) else {
      return XCTFail()
    }
    XCTAssertEqual(curve.points[1].input, 1.0 / 3)
    XCTAssertEqual(curve.points[2].input, 2.0 / 3)
    // Tiny and huge percentages, written in exponent form.
    for spec in [
      "linear(0, 0.5 1e-7%, 1)", "linear(0, 0.5 2.5e-300%, 1 1e6%)", "linear(0 .5%, 1 5.%)",
    ] {
      assertRoundTrips(try Easing(parsing: spec), spec)
    }
    XCTAssertEqual(
      try Easing(parsing: "linear(0, 0.5 1e-7%, 1)").description, "linear(0 0%, 0.5 1e-7%, 1 100%)")
  }

  /// Random valid specifications of every family, with random labels,
  /// spellings, numbers and spacing: each parses, its canonical text parses
  /// to an equal easing with the same text, and both curves agree bit for
  /// bit on a grid of progress values.
  func testRandomSpecsRoundTrip() throws {
    var generator = SpecGenerator(seed: 0x5EED_2024)
    for _ in 0..<3000 {
      let spec = generator.spec()
      let easing: Easing
      do {
        easing = try Easing(parsing: spec)
      } catch {
        XCTFail("valid spec \(spec) rejected: \(error.message)")
        continue
      }
      assertRoundTrips(easing, spec)
    }
  }

  /// Near misses of valid specs (a character deleted, inserted, replaced or
  /// swapped; the text cut short; a part repeated) never crash: each parses
  /// and round-trips, or fails with an easing error that quotes it.
  func testNearMissesNeverCrash() throws {
    var generator = SpecGenerator(seed: 0xBAD_5EED)
    var rejected = 0
    var accepted = 0
    for _ in 0..<1000 {
      let valid = generator.spec()
      for _ in 0..<5 {
        let spec = generator.nearMiss(of: valid)
        do {
          let easing = try Easing(parsing: spec)
          accepted += 1
          assertRoundTrips(easing, spec)
        } catch {
          rejected += 1
          XCTAssertEqual(error.kind, .easing, spec)
          XCTAssertTrue(error.message.contains("\"\(spec)\""), "\(spec): \(error.message)")
        }
      }
    }
    // Both outcomes are common: the mutations are near misses, not noise.
    XCTAssertGreaterThan(rejected, 500)
    XCTAssertGreaterThan(accepted, 500)
  }

  /// `easing` prints text that parses to an equal easing, prints the same
  /// text again, and has the same values and derivatives bit for bit.
  func assertRoundTrips(
    _ easing: Easing, _ spec: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let text = easing.description
    let reparsed: Easing
    do {
      reparsed = try Easing(parsing: text)
    } catch {
      return XCTFail(
        "\(spec): canonical text \(text) rejected: \(error.message)", file: file, line: line)
    }
    XCTAssertEqual(reparsed, easing, "\(spec) → \(text)", file: file, line: line)
    XCTAssertEqual(reparsed.description, text, spec, file: file, line: line)
    for k in -10...30 {
      let p = Double(k) / 20
      for (a, b) in [(easing(p), reparsed(p)), (easing.derivative(p), reparsed.derivative(p))]
      where a.bitPattern != b.bitPattern && !(a.isNaN && b.isNaN) {
        XCTFail("\(spec) → \(text) at p = \(p): \(a) vs \(b)", file: file, line: line)
      }
    }
  }
}

/// Random easing specifications from a seeded generator (SplitMix64), so a
/// failure reproduces.
struct SpecGenerator {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }

  mutating func unit() -> Double { random.unit() }

  mutating func chance(_ p: Double) -> Bool { unit() < p }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// White space, usually none or one space.
  mutating func space() -> String {
    pick(["", "", "", " ", " ", "  ", "\t", "\n", " \r\n "])
  }

  /// A number in [low, high], written in one of the spellings the grammar
  /// accepts: shortest digits, few decimals, an exponent, a leading `+`,
  /// `.5`, `5.`, or `-0` for zero. A spelling that rounds out of the range
  /// falls back to the shortest digits.
  mutating func number(_ low: Double, _ high: Double) -> String {
    let x = low + (high - low) * unit()
    let text: String
    switch int(0...7) {
    case 0: text = "\(x)"
    case 1: text = String(format: "%.2f", x)
    case 2: text = String(format: "%.3e", x)
    case 3: text = x >= 0 ? "+" + String(format: "%g", x) : String(format: "%g", x)
    case 4:
      let rounded = (x * 10).rounded() / 10
      if rounded > -1 && rounded < 1 && rounded != 0 {
        text = (rounded < 0 ? "-" : "") + "." + String(Int((abs(rounded) * 10).rounded()))
      } else {
        text = String(format: "%.0f.", rounded)
      }
    case 5: text = pick(["-0", "0", "0.0", "-0.0e5"])
    case 6: text = String(Int(x.rounded(.towardZero)))
    default: text = String(format: "%.17g", x)
    }
    guard let value = Double(text), value >= low, value <= high else { return "\(x)" }
    return text
  }

  /// `label=value` or just `value`.
  mutating func argument(_ label: String, _ value: String, labelled: Bool) -> String {
    labelled ? label + space() + "=" + space() + value : value
  }

  /// Arguments in parentheses, labelled all or none.
  mutating func call(_ name: String, _ arguments: [(String, String)]) -> String {
    let labelled = chance(0.5)
    let parts = arguments.map { argument($0.0, $0.1, labelled: labelled) }
    return name + space() + "(" + space()
      + parts.joined(separator: space() + "," + space()) + space() + ")"
  }

  mutating func spec() -> String {
    space() + body() + space()
  }

  mutating func body() -> String {
    switch int(0...11) {
    case 0: return pick(["linear", "linear()", "linear ( )"])
    case 1, 2: return penner()
    case 3:
      return call(
        "cubic-bezier",
        [
          ("x1", number(0, 1)), ("y1", number(-3, 3)), ("x2", number(0, 1)),
          ("y2", chance(0.1) ? number(-1e6, 1e6) : number(-3, 3)),
        ])
    case 4:
      return pick([
        "ease", "ease-in", "ease-out", "ease-in-out", "default", "easeIn", "easeOut",
        "easeInEaseOut", "step-start", "step-end",
      ])
    case 5:
      let count = chance(0.05) ? 1_000_000 : int(2...1000)
      if chance(0.3) { return call("steps", [("count", String(count))]) }
      let position = pick(["jump-start", "jump-end", "jump-none", "jump-both", "start", "end"])
      return call("steps", [("count", String(count)), ("position", position)])
    case 6: return linearStops()
    case 7, 8: return spring()
    case 9:
      let name = pick(["smooth", "snappy", "bouncy"])
      if chance(0.2) { return name }
      let duration = chance(0.3) ? number(1e-4, 1e-2) : number(0.05, 3)
      if chance(0.5) { return call(name, [("duration", duration)]) }
      return call(name, [("duration", duration), ("extraBounce", number(-0.5, 0.5))])
    default: return penner()
    }
  }

  mutating func penner() -> String {
    let name =
      pick(["easeIn", "easeOut", "easeInOut"])
      + pick([
        "Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce",
      ])
    if name.hasSuffix("Back") && chance(0.6) {
      return call(name, [("overshoot", chance(0.2) ? "1.70158" : number(-5, 5))])
    }
    if name.hasSuffix("Elastic") && chance(0.7) {
      if chance(0.5) { return call(name, [("amplitude", number(0, 3))]) }
      return call(name, [("amplitude", number(0, 3)), ("period", number(0.05, 2))])
    }
    return chance(0.1) ? name + "()" : name
  }

  mutating func linearStops() -> String {
    var stops: [String] = []
    for _ in 0..<int(2...8) {
      var parts = [number(-2, 2)]
      for _ in 0..<int(0...2) { parts.append(number(-50, 150) + "%") }
      if chance(0.5) { parts.reverse() }
      stops.append(parts.joined(separator: " " + space()))
    }
    return "linear" + space() + "(" + stops.joined(separator: "," + space()) + ")"
  }

  mutating func spring() -> String {
    let velocity = number(-20, 20)
    switch int(0...3) {
    case 0:
      return call(
        "spring",
        [
          ("mass", number(0.1, 10)), ("stiffness", number(1, 1000)),
          ("damping", number(0.5, 100)), ("velocity", velocity),
        ])
    case 1:
      return "spring(" + space() + "dampingRatio=" + number(0.05, 3) + "," + space() + "response="
        + (chance(0.3) ? number(1e-4, 5e-3) : number(0.05, 2))
        + (chance(0.5) ? ", velocity=" + velocity : "") + ")"
    case 2:
      return "spring(duration=" + (chance(0.4) ? number(1e-5, 1e-2) : number(0.05, 2))
        + (chance(0.7) ? ", bounce=" + number(-0.9, 0.9) : "")
        + (chance(0.5) ? ", velocity=" + velocity : "") + ")"
    default:
      return chance(0.2) ? "spring" : "spring(damping=" + number(1, 50) + ")"
    }
  }

  /// `text` with one small mistake.
  mutating func nearMiss(of text: String) -> String {
    var characters = Array(text)
    let noise: [String] = [
      "(", ")", ",", "=", "%", "-", "+", "e", "E", ".", "0", "9", "x", " ", "\u{0}", "é",
      "1e999", "nan", "inf", "((", "jump-", "In", "Out", "1e6", "1e-400", "=1", "%%",
    ]
    guard !characters.isEmpty else { return pick(noise) }
    let i = int(0...(characters.count - 1))
    switch int(0...6) {
    case 0: characters.remove(at: i)
    case 1: characters.insert(contentsOf: Array(pick(noise)), at: i)
    case 2: characters.replaceSubrange(i...i, with: Array(pick(noise)))
    case 3 where i + 1 < characters.count: characters.swapAt(i, i + 1)
    case 4: characters.removeSubrange(i...)
    case 5:
      let j = int(i...(characters.count - 1))
      characters.insert(contentsOf: characters[i...j], at: j + 1)
    default:
      let flipped =
        characters[i].isUppercase ? characters[i].lowercased() : characters[i].uppercased()
      characters.replaceSubrange(i...i, with: Array(flipped))
    }
    return String(characters)
  }
}
