import Razzle
import XCTest

/// Text layers with animators (`t.a`) as display lists, against letters
/// worked by hand from lottie-web's getMult and getMeasures: a font whose
/// "A" is a square of side 100 standing on the baseline (advance 100),
/// drawn at size 10 (a 10 × 10 square every 10 pixels), "AAA".
final class LottieTextAnimatorTests: XCTestCase {
  private func document(_ animators: String, text: String = "AAA") -> String {
    let glyph =
      #"{"ch":"A","size":100,"style":"Regular","w":100,"fFamily":"F","data":{"shapes":[{"ty":"sh","ks":{"k":{"c":true,"#
      + #""v":[[0,0],[100,0],[100,-100],[0,-100]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}},"#
      + #"{"ch":" ","size":100,"style":"Regular","w":50,"fFamily":"F","data":{}}"#
    let layer =
      #"{"ty":5,"ind":1,"ip":0,"op":60,"st":0,"#
      + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"#
      + #""t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","s":10,"f":"F","j":0,"tr":0,"lh":12,"ls":0,"fc":[1,0,0]}}]},"#
      + #""p":{},"m":{"g":1,"a":{"k":[0,0]}},"a":[\#(animators)]}}"#
    return
      #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":100,"#
      + #""fonts":{"list":[{"fName":"F","fFamily":"F","fStyle":"Regular","ascent":75}]},"#
      + #""chars":[\#(glyph)],"layers":[\#(layer)]}"#
  }

  /// A range selector: `shape` (1 square, 2 ramp up), start 0, `end` %.
  private func selector(shape: Int = 1, end: Double, extra: String = "") -> String {
    #""s":{"t":0,"sh":\#(shape),"r":1,"b":1,"s":{"k":0},"e":{"k":\#(end)},"o":{"k":0},"a":{"k":100},"#
      + #""ne":{"k":0},"xe":{"k":0}\#(extra)}"#
  }

  private func fills(_ json: String) throws -> (DisplayList, [DrawOp]) {
    let animation = try LottieAnimation(json: json)
    let list = DisplayList()
    try animation.draw(frame: 0, into: list)
    return (list, list.ops.filter { $0.kind == DrawOpKind.fill.rawValue })
  }

  private func assertPoints(
    _ actual: [[Double]], _ expected: [[Double]], line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, line: line)
    for (a, e) in zip(actual, expected) {
      XCTAssertEqual(a[0], e[0], accuracy: 1e-9, line: line)
      XCTAssertEqual(a[1], e[1], accuracy: 1e-9, line: line)
    }
  }

  func testATypewriterFadesTheSelectedLetters() throws {
    // Opacity 0 on the first half (end 50 % of 3 letters: e = 1.5). Square
    // shares: letter 0 min(1.5 − 0, 1) = 1, letter 1 0.5, letter 2 0.
    // Opacity 1 + (0 · k − 1) · k: 0 (not drawn), 0.5, 1.
    let (list, ops) = try fills(document(#"{"# + selector(end: 50) + #","a":{"o":{"k":0}}}"#))
    XCTAssertEqual(ops.count, 2)
    XCTAssertEqual(ops[0].color.3, 0.5, accuracy: 1e-12)
    XCTAssertEqual(ops[1].color.3, 1, accuracy: 1e-12)
    XCTAssertEqual(list.points(of: ops[0]).first?[0] ?? -1, 10, accuracy: 1e-9)
    XCTAssertEqual(list.points(of: ops[1]).first?[0] ?? -1, 20, accuracy: 1e-9)
  }

  func testARampTurnsAndMovesEachLetterAboutItsBaselineMiddle() throws {
    // Ramp up over the three letters (s 0, e 3): share (0.5 + i) / 3;
    // letter 1's is 0.5: turned 45°, moved (0, −20 · 0.5). Its square
    // (0, 0) (10, 0) (10, −10) (0, −10) about its middle (x − 5), turned
    // (x c − y s, x s + y c), c = s = √½, moved by (0, −10), then to x 10
    // + 5.
    let json = document(
      #"{"# + selector(shape: 2, end: 100) + #","a":{"p":{"k":[0,-20]},"r":{"k":90}}}"#)
    let (list, ops) = try fills(json)
    XCTAssertEqual(ops.count, 3)
    let r = 0.5.squareRoot()
    func placed(_ x: Double, _ y: Double) -> [Double] {
      [(x - 5) * r - y * r + 15, (x - 5) * r + y * r - 10]
    }
    // The corners: the move's point and each cubic's end (its control
    // points lie on the corners of a sharp square).
    let drawn = list.points(of: ops[1])
    let corners = stride(from: 0, to: 12, by: 3).map { drawn[$0] }
    assertPoints(corners, [placed(0, 0), placed(10, 0), placed(10, -10), placed(0, -10)])
    XCTAssertEqual(corners[1][0], 18.535533905932738, accuracy: 1e-9)
    XCTAssertEqual(corners[1][1], -6.464466094067262, accuracy: 1e-9)
  }

  func testSmoothnessNarrowsTheRangeToItsMiddle() throws {
    // Ramp shares 1/6, 1/2, 5/6; smoothness 50 %: below 0.25 nothing, the
    // rest (k − 0.25) / 0.5 up to 1: 0, 0.5, 1. Opacity 0 at full share:
    // letters at 1, 0.5 and not drawn.
    let (_, ops) = try fills(
      document(
        #"{"# + selector(shape: 2, end: 100, extra: #","sm":{"k":50}"#) + #","a":{"o":{"k":0}}}"#))
    XCTAssertEqual(ops.map(\.color.3), [1, 0.5])
  }

  func testAFillColorMovesTowardTheAnimatorsAndRoundsToEightBits() throws {
    // Shares 1, 0.5, 0 (as the typewriter): blue, halfway (127.5 rounds to
    // 128 of 255), the document's red.
    let (_, ops) = try fills(
      document(#"{"# + selector(end: 50) + #","a":{"fc":{"k":[0,0,1]}}}"#))
    XCTAssertEqual(ops.count, 3)
    XCTAssertEqual(ops[0].color.0, 0)
    XCTAssertEqual(ops[0].color.2, 1)
    XCTAssertEqual(ops[1].color.0, 128.0 / 255, accuracy: 1e-12)
    XCTAssertEqual(ops[1].color.2, 128.0 / 255, accuracy: 1e-12)
    XCTAssertEqual(ops[2].color.0, 1)
    XCTAssertEqual(ops[2].color.2, 0)
  }

  func testTrackingSkipsALinesFirstLetter() throws {
    // Tracking 10 on every letter: lottie-web adds it only where the pen
    // has moved (x ≠ 0, left-justified), so the letters stand at 0, 20, 40.
    let (list, ops) = try fills(
      document(#"{"# + selector(end: 100) + #","a":{"t":{"k":10}}}"#))
    XCTAssertEqual(ops.map { list.points(of: $0).first?[0] ?? -1 }, [0, 20, 40])
  }

  func testWordsCountAsOneUnitEach() throws {
    // Based on words (b 3) by index (r 2): "A AA" has units 0 ("A" and the
    // space), 1 ("AA"); end 1 selects the first word only.
    let words =
      #""s":{"t":0,"sh":1,"r":2,"b":3,"s":{"k":0},"e":{"k":1},"o":{"k":0},"a":{"k":100},"#
      + #""ne":{"k":0},"xe":{"k":0}}"#
    let (list, ops) = try fills(
      document(#"{"# + words + #","a":{"o":{"k":0}}}"#, text: "A AA"))
    // The first "A" is hidden; the second word's letters stand at 15 and
    // 25 (10 + the space's 5).
    XCTAssertEqual(ops.map { list.points(of: $0).first?[0] ?? -1 }, [15, 25])
  }

  func testChoicesBeyondAnyIntegerFallBackToTheirDefaults() throws {
    // `sh`, `r`, `b`, `m.g` and `j` of 1e300: square, percent, characters,
    // characters, left (the typewriter's shares: 1, 0.5, 0).
    let huge =
      #""s":{"t":0,"sh":1e300,"r":1e300,"b":-1e300,"s":{"k":0},"e":{"k":50},"o":{"k":0},"#
      + #""a":{"k":100},"ne":{"k":0},"xe":{"k":0}}"#
    let json = document(#"{"# + huge + #","a":{"o":{"k":0}}}"#)
      .replacingOccurrences(of: #""m":{"g":1,"#, with: #""m":{"g":1e300,"#)
      .replacingOccurrences(of: #""j":0"#, with: #""j":1e300"#)
    let (_, ops) = try fills(json)
    XCTAssertEqual(ops.map(\.color.3), [0.5, 1])
  }

  func testARoundRangeTooNarrowToSquareSelectsNothing() throws {
    // Round over an index range of 1e-170 letters: its half-width squared
    // underflows to 0; the share is 0 (no letter moves), not NaN.
    let narrow =
      #""s":{"t":0,"sh":5,"r":2,"b":1,"s":{"k":0},"e":{"k":1e-170},"o":{"k":0},"#
      + #""a":{"k":100},"ne":{"k":0},"xe":{"k":0}}"#
    let (list, ops) = try fills(document(#"{"# + narrow + #","a":{"p":{"k":[0,-20]}}}"#))
    XCTAssertEqual(ops.map { list.points(of: $0).first?[1] ?? .nan }, [0, 0, 0])
  }

  func testUnsupportedPartsAreWarningsAndTheCountIsBounded() throws {
    let many = Array(
      repeating: #"{"# + selector(end: 100, extra: #","rn":1"#) + #","a":{"fh":{"k":10}}}"#,
      count: 40
    ).joined(separator: ",")
    let animation = try LottieAnimation(json: document(many))
    let features = Set(animation.warnings.map(\.feature))
    XCTAssertTrue(features.contains("text animators"), "\(features)")
    XCTAssertTrue(features.contains("randomized text selector"), "\(features)")
    XCTAssertTrue(features.contains { $0.hasPrefix("text fill hue") }, "\(features)")
    let list = DisplayList()
    try animation.draw(frame: 0, into: list)
    XCTAssertEqual(list.ops.filter { $0.kind == DrawOpKind.fill.rawValue }.count, 3)
  }
}
