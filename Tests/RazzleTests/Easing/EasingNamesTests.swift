import XCTest

@testable import Razzle

/// The one table of easing names, read by the parser and the printer.
final class EasingNamesTests: XCTestCase {
  func testEveryNameIsListedOnce() {
    let names = EasingNames.keywords.names
    XCTAssertEqual(Set(names).count, names.count, "duplicate names")
    // 4 functions, 8 named curves, 2 named steps, 3 spring presets and
    // Penner's 3 modes × 10 families.
    XCTAssertEqual(names.count, 4 + 8 + 2 + 3 + 30)
    XCTAssertEqual(Set(EasingNames.stepPositions.names).count, 6)
  }

  /// Every value the printer may need has a name, and the canonical one is
  /// the first listed.
  func testEveryValueHasACanonicalName() {
    for mode in EasingMode.allCases {
      for family in PennerFamily.allCases {
        let name = EasingNames.name(family, mode)
        XCTAssertEqual(EasingNames.keywords.value(named: name), .penner(family, mode), name)
      }
    }
    XCTAssertEqual(EasingNames.name(.bounce, .easeInOut), "easeInOutBounce")
    let canonical = Steps.Position.allCases.map { EasingNames.stepPositions.name(of: $0) }
    XCTAssertEqual(canonical, ["jump-start", "jump-end", "jump-none", "jump-both"])
    XCTAssertEqual(EasingNames.stepPositions.value(named: "start"), .jumpStart)
    XCTAssertEqual(EasingNames.stepPositions.value(named: "end"), .jumpEnd)
    for preset in SpringPreset.allCases {
      let name = EasingNames.springPresets.name(of: preset)
      XCTAssertEqual(EasingNames.keywords.value(named: name), .springPreset(preset))
    }
  }

  /// Each name without arguments parses, and its canonical text parses back
  /// to the same easing.
  func testEveryNameParsesAndPrintsBack() throws {
    for name in EasingNames.keywords.names where !["cubic-bezier", "steps"].contains(name) {
      let easing = try Easing(parsing: name)
      XCTAssertEqual(try Easing(parsing: easing.description), easing, name)
    }
    for name in EasingNames.keywords.names
    where name.hasPrefix("ease") && EasingNames.keywords.value(named: name).map(isPenner) == true {
      XCTAssertEqual(try Easing(parsing: name).description, name)
    }
    XCTAssertEqual(try Easing(parsing: "steps(3, start)").description, "steps(3, jump-start)")
    XCTAssertEqual(try Easing(parsing: "step-end").description, "steps(1, jump-end)")
  }

  /// The presets' bounces are SwiftUI's, and `Spring`'s presets use them.
  func testSpringPresets() throws {
    XCTAssertEqual(try Spring.snappy(duration: 0.4), try Spring(duration: 0.4, bounce: 0.15))
    XCTAssertEqual(try Spring.bouncy(), try Spring(duration: 0.5, bounce: 0.3))
    XCTAssertEqual(try Spring.smooth(), try Spring(duration: 0.5, bounce: 0))
    XCTAssertEqual(try Easing(parsing: "snappy(0.4)"), .spring(try Spring.snappy(duration: 0.4)))
  }

  private func isPenner(_ keyword: EasingKeyword) -> Bool {
    if case .penner = keyword { return true }
    return false
  }
}

/// Misspelled names get the closest known one in the message.
final class EasingSuggestionTests: XCTestCase {
  func message(_ spec: String) -> String {
    do {
      let easing = try Easing(parsing: spec)
      XCTFail("\(spec) parsed as \(easing)")
      return ""
    } catch {
      XCTAssertEqual(error.kind, .easing)
      return error.message
    }
  }

  func testUnknownEasingNames() {
    XCTAssertEqual(
      message("easeinquad"), "unknown easing \"easeinquad\" (did you mean \"easeInQuad\"?)")
    XCTAssertEqual(
      message("easeOutBounc"), "unknown easing \"easeOutBounc\" (did you mean \"easeOutBounce\"?)")
    XCTAssertEqual(
      message(" cubic-bezeir(0, 0, 1, 1)"),
      "unknown easing \"cubic-bezeir\" (did you mean \"cubic-bezier\"?) in \" cubic-bezeir(0, 0, 1, 1)\""
    )
    XCTAssertEqual(
      message("EaseInOutSine"), "unknown easing \"EaseInOutSine\" (did you mean \"easeInOutSine\"?)"
    )
    XCTAssertEqual(message("ease_in"), "unknown easing \"ease_in\" (did you mean \"ease-in\"?)")
    XCTAssertEqual(message("bogus"), "unknown easing \"bogus\"")
    XCTAssertEqual(message("wobble(1)"), "unknown easing \"wobble\" in \"wobble(1)\"")
  }

  func testUnknownStepPositions() {
    XCTAssertEqual(
      message("steps(3, jump-ned)"),
      "invalid easing \"steps(3, jump-ned)\": steps: unknown step position 'jump-ned' "
        + "(did you mean \"jump-end\"?)")
    XCTAssertEqual(
      message("steps(3, sideways)"),
      "invalid easing \"steps(3, sideways)\": steps: unknown step position 'sideways' "
        + "(jump-start, jump-end, jump-none, jump-both, start, end)")
    XCTAssertTrue(message("steps(3, Start)").hasSuffix("(did you mean \"start\"?)"))
  }

  func testUnknownParameterLabels() {
    XCTAssertTrue(
      message("easeOutBack(overshot=2)").hasSuffix(
        "unknown parameter 'overshot' (did you mean \"overshoot\"?)"))
    XCTAssertTrue(
      message("spring(dampingratio=0.5, response=1)").hasSuffix(
        "unknown parameter 'dampingratio' (did you mean \"dampingRatio\"?)"))
    XCTAssertTrue(
      message("spring(stifness=20)").hasSuffix(
        "unknown parameter 'stifness' (did you mean \"stiffness\"?)"))
    XCTAssertTrue(
      message("bouncy(extrabounce=0.1)").hasSuffix("(did you mean \"extraBounce\"?)"))
    // Labels the name does not take at all, and no close one.
    XCTAssertTrue(message("easeOutBack(speed=2)").hasSuffix("unknown parameter 'speed'"))
    XCTAssertTrue(message("easeInQuad(x1=2)").hasSuffix("unknown parameter 'x1'"))
    XCTAssertTrue(message("linear(x=0, 1)").hasSuffix("unknown parameter 'x'"))
    XCTAssertTrue(message("spring(mass=1, mass=2)").hasSuffix("parameter 'mass' is given twice"))
  }
}
