import XCTest

@testable import Razzle

final class NameSuggestionTests: XCTestCase {
  let easings = [
    "linear", "ease", "ease-in", "easeIn", "easeInQuad", "easeOutQuad", "easeInOutQuad",
    "easeOutBounce", "easeInBounce", "steps", "spring", "bouncy",
  ]

  func testCaseOnlyDifferencesWinOutright() {
    XCTAssertEqual(NameSuggestion.closest(to: "easeinquad", among: easings), "easeInQuad")
    XCTAssertEqual(NameSuggestion.closest(to: "EASEINQUAD", among: easings), "easeInQuad")
    // "easein" is one edit from "ease-in" but equal to "easeIn" up to case.
    XCTAssertEqual(NameSuggestion.closest(to: "easein", among: easings), "easeIn")
    XCTAssertEqual(NameSuggestion.closest(to: "Tomato", among: ["tomato", "tomatoes"]), "tomato")
  }

  func testOneEditAway() {
    XCTAssertEqual(NameSuggestion.closest(to: "easeOutBounc", among: easings), "easeOutBounce")
    XCTAssertEqual(NameSuggestion.closest(to: "tomatoe", among: ["tomato", "potato"]), "tomato")
    // A swap of two neighbours is one edit, not two.
    XCTAssertEqual(NameSuggestion.closest(to: "eaesInQuad", among: easings), "easeInQuad")
    XCTAssertEqual(NameSuggestion.closest(to: "lienar", among: easings), "linear")
  }

  func testNoSuggestionWhenNothingIsClose() {
    XCTAssertNil(NameSuggestion.closest(to: "bogus", among: easings))
    XCTAssertNil(NameSuggestion.closest(to: "wobble", among: easings))
    XCTAssertNil(NameSuggestion.closest(to: "", among: easings))
    XCTAssertNil(NameSuggestion.closest(to: "easeInQuad", among: [String]()))
    // A name of 5 characters allows 1 edit; 6 allow 2; 9 or more allow 3.
    XCTAssertNil(NameSuggestion.closest(to: "abxye", among: ["abcde"]))
    XCTAssertEqual(NameSuggestion.closest(to: "abxyef", among: ["abcdef"]), "abcdef")
    XCTAssertNil(NameSuggestion.closest(to: "abxyzf", among: ["abcdef"]))
    XCTAssertEqual(NameSuggestion.closest(to: "abcxyzghi", among: ["abcdefghi"]), "abcdefghi")
    XCTAssertNil(NameSuggestion.closest(to: "abwxyzghijkl", among: ["abcdefghijkl"]))
    // Short names still get a one-letter fix.
    XCTAssertEqual(NameSuggestion.closest(to: "x3", among: ["x1", "y1"]), "x1")
  }

  func testTiesAreBrokenIndependentlyOfOrder() {
    // Both one edit away: the one that sorts first wins, in either order.
    XCTAssertEqual(NameSuggestion.closest(to: "cat", among: ["hat", "bat"]), "bat")
    XCTAssertEqual(NameSuggestion.closest(to: "cat", among: ["bat", "hat"]), "bat")
    // Equal up to case for both: the one that also matches the case wins.
    XCTAssertEqual(NameSuggestion.closest(to: "Abd", among: ["ABD", "Abd", "abd"]), "Abd")
    // One edit either way, but only one of them without a case change.
    XCTAssertEqual(NameSuggestion.closest(to: "Abc", among: ["abd", "Abd"]), "Abd")
    XCTAssertEqual(NameSuggestion.closest(to: "Abc", among: ["Abd", "abd"]), "Abd")
    // Fewer edits beat the sort order.
    XCTAssertEqual(NameSuggestion.closest(to: "abcdefg", among: ["abxdefx", "abcdefh"]), "abcdefh")
  }

  func testHintText() {
    XCTAssertEqual(
      NameSuggestion.hint(for: "easeinquad", among: easings), " (did you mean \"easeInQuad\"?)")
    XCTAssertEqual(NameSuggestion.hint(for: "bogus", among: easings), "")
    XCTAssertEqual(NameSuggestion.hint(for: "easeInQuad", among: easings), "")
  }

  func testLongAndUnusualInput() {
    let long = String(repeating: "easeInQuad", count: 10_000)
    XCTAssertNil(NameSuggestion.closest(to: long, among: easings))
    XCTAssertNil(NameSuggestion.closest(to: "easeInQuad", among: [long]))
    XCTAssertEqual(NameSuggestion.closest(to: "ɛaseInQuad", among: easings), "easeInQuad")
    XCTAssertEqual(NameSuggestion.closest(to: "e\u{301}aseInQuad", among: easings), "easeInQuad")
  }

  /// Distances worked by hand: the classic Levenshtein examples, and the
  /// case that tells the optimal string alignment from the unrestricted
  /// Damerau–Levenshtein distance ("ca" → "abc" is 3 here, 2 there).
  func testEditDistance() {
    func distance(_ a: String, _ b: String) -> Int? {
      NameSuggestion.editDistance(Array(a), Array(b), limit: 10)
    }
    XCTAssertEqual(distance("kitten", "sitting"), 3)
    XCTAssertEqual(distance("flaw", "lawn"), 2)
    XCTAssertEqual(distance("ab", "ba"), 1)
    XCTAssertEqual(distance("abcd", "badc"), 2)
    XCTAssertEqual(distance("ca", "abc"), 3)
    XCTAssertEqual(distance("", "abc"), 3)
    XCTAssertEqual(distance("same", "same"), 0)
    XCTAssertNil(NameSuggestion.editDistance(Array("kitten"), Array("sitting"), limit: 2))
    XCTAssertEqual(NameSuggestion.editDistance(Array("kitten"), Array("sitting"), limit: 3), 3)
  }
}
