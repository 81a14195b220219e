import XCTest

@testable import Razzle

/// RFC 8259 JSON: what is accepted, what is refused and where, numbers to
/// the nearest double, positions and pointers.
final class JSONParserTests: XCTestCase {
  private func value(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> JSONValue?
  {
    switch JSONParser.parse(text) {
    case .success(let v): return v
    case .failure(let e):
      XCTFail("\(text.debugDescription): \(e)", file: file, line: line)
      return nil
    }
  }

  private func error(_ bytes: [UInt8], limits: JSONParser.Limits = .default) -> JSONError? {
    if case .failure(let e) = JSONParser.parse(bytes, limits: limits) { return e }
    return nil
  }

  private func error(_ text: String) -> JSONError? { error(Array(text.utf8)) }

  private func number(_ text: String) -> Double? { value(text)?.number }

  func testEveryValueType() throws {
    let v = try XCTUnwrap(value(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} "#))
    XCTAssertEqual(
      v,
      JSONValue(
        .object([
          JSONMember(
            key: "a", keyPosition: v.position,
            value: JSONValue(
              .array([
                JSONValue(.number(1)), JSONValue(.number(-2500)), JSONValue(.bool(true)),
                JSONValue(.bool(false)), JSONValue(.null), JSONValue(.string("x")),
              ]))),
          JSONMember(key: "b", keyPosition: v.position, value: JSONValue(.object([]))),
        ])))
    XCTAssertEqual(v["b"]?.members?.count, 0)
    XCTAssertNil(v["c"])
    // RFC 8259 §2: any value is a JSON text.
    XCTAssertEqual(value("3")?.number, 3)
    XCTAssertEqual(value("\"s\"")?.string, "s")
    XCTAssertEqual(value(" null\n")?.isNull, true)
    XCTAssertEqual(value("[]")?.array?.count, 0)
    XCTAssertEqual(value("\t\r\n[ ]")?.array?.count, 0)
  }

  func testObjectsKeepKeyOrder() throws {
    let v = try XCTUnwrap(value(#"{"z": 1, "a": 2, "m": 3}"#))
    XCTAssertEqual(v.members?.map(\.key), ["z", "a", "m"])
  }

  func testStringEscapes() {
    XCTAssertEqual(value(#""\"\\\/\b\f\n\r\t""#)?.string, "\"\\/\u{08}\u{0C}\n\r\t")
    XCTAssertEqual(value(#""\u0041\u00e9\u20AC""#)?.string, "Aé€")
    // U+1F600 as a surrogate pair, and as UTF-8.
    XCTAssertEqual(value(#""\uD83D\uDE00""#)?.string, "\u{1F600}")
    XCTAssertEqual(value("\"\u{1F600}é\"")?.string, "\u{1F600}é")
    XCTAssertEqual(value(#""\u0000""#)?.string, "\u{0}")
    XCTAssertEqual(value(#""a\u0000b""#)?.string?.utf8.count, 3)
  }

  func testRefusedSyntax() {
    let cases: [(String, String)] = [
      ("", "empty"),
      ("   ", "empty"),
      ("[1,]", "trailing comma"),
      (#"{"a":1,}"#, "trailing comma"),
      ("[1 2]", "expected ',' or ']'"),
      (#"{"a" 1}"#, "expected ':'"),
      (#"{a: 1}"#, "expected a key in double quotes"),
      ("['a']", "double quotes"),
      ("[1] // c", "expected the end"),
      ("/* c */ 1", "comments"),
      ("NaN", "NaN and Infinity"),
      ("[Infinity]", "NaN and Infinity"),
      ("-Infinity", "expected a digit"),
      ("01", "leading zero"),
      ("-01", "leading zero"),
      ("+1", "expected a value"),
      (".5", "expected a value"),
      ("1.", "after the decimal point"),
      ("1.e3", "after the decimal point"),
      ("1e", "in the exponent"),
      ("1e+", "in the exponent"),
      ("0x10", "expected the end"),
      ("tru", "expected 'true'"),
      ("nul", "expected 'null'"),
      ("True", "expected a value"),
      ("[1] [2]", "expected the end"),
      ("\"abc", "ends inside a string"),
      ("\"a\nb\"", "line break inside a string"),
      ("\"a\tb\"", "control character"),
      (#""\x41""#, "unknown escape"),
      (#""\u12""#, "four hexadecimal digits"),
      (#""\u12G4""#, "four hexadecimal digits"),
      (#""\uD83D""#, "high surrogate without a low"),
      (#""\uD83Dx""#, "high surrogate without a low"),
      (#""\uD83D\u0041""#, "high surrogate without a low"),
      (#""\uDE00""#, "low surrogate without a high"),
      ("[1", "ends inside an array"),
      (#"{"a": 1"#, "ends inside an object"),
      ("{", "ends inside an object"),
      (#"{"a":"#, "ends where a value should be"),
      ("\u{0B}1", "expected a value"),  // vertical tab is not JSON whitespace
      ("\u{A0}1", "expected a value"),  // nor is NBSP
    ]
    for (text, expected) in cases {
      guard let e = error(text) else {
        XCTFail("\(text.debugDescription) was accepted")
        continue
      }
      XCTAssertTrue(e.reason.contains(expected), "\(text.debugDescription): \(e.reason)")
    }
  }

  func testTruncatedDocumentsAreRefusedAtEveryCut() {
    let text = #"{"a": [1.5, {"b": "c\u00e9"}, true, null], "d": -2e-3}"#
    let bytes = Array(text.utf8)
    for cut in 0..<bytes.count {
      XCTAssertNotNil(error(Array(bytes[..<cut])), "cut at \(cut)")
    }
    XCTAssertNil(error(bytes))
  }

  func testPositionsAreLinesAndScalarColumns() throws {
    let v = try XCTUnwrap(value("{\n  \"é\": [1,\n   \"x\"],\r\n \"k\": true}"))
    let members = try XCTUnwrap(v.members)
    XCTAssertEqual(v.position, JSONPosition(offset: 0, line: 1, column: 1))
    XCTAssertEqual(members[0].keyPosition, JSONPosition(offset: 4, line: 2, column: 3))
    // "é" is two bytes but one column.
    XCTAssertEqual(members[0].value.position, JSONPosition(offset: 10, line: 2, column: 8))
    let x = try XCTUnwrap(members[0].value.array?[1])
    XCTAssertEqual(x.position, JSONPosition(offset: 17, line: 3, column: 4))
    XCTAssertEqual(members[1].value.position.line, 4)
    XCTAssertEqual(members[1].value.position.column, 7)
  }

  func testErrorsNameLineColumnAndPointer() throws {
    let e = try XCTUnwrap(error("{\"a\": [1,\n {\"b\": [true, tru]}]}"))
    XCTAssertEqual(e.position, JSONPosition(offset: 24, line: 2, column: 15))
    XCTAssertEqual(e.pointer.description, "/a/1/b/1")
    XCTAssertEqual(e.description, "/a/1/b/1: expected 'true', found 't' (line 2, column 15)")
    let root = try XCTUnwrap(error("[1] x"))
    XCTAssertEqual(
      root.description,
      "(root): expected the end of the text after the value, found 'x' (line 1, column 5)")
    // Pointer escapes (RFC 6901).
    let escaped = try XCTUnwrap(error(#"{"a/b~c": [nul]}"#))
    XCTAssertEqual(escaped.pointer.description, "/a~1b~0c/0")
  }

  func testDuplicateKeysAreRefused() throws {
    let e = try XCTUnwrap(error(#"{"a": 1, "b": 2, "a": 3}"#))
    XCTAssertEqual(e.reason, "duplicate key \"a\" (first at line 1, column 2)")
    XCTAssertEqual(e.pointer.description, "/a")
    XCTAssertEqual(e.position.column, 18)
    // Past eight members a set finds them; escapes are resolved first.
    let many = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    XCTAssertNotNil(value("{\(many)}"))
    let late = try XCTUnwrap(error("{\(many), \"k13\": 0}"))
    XCTAssertTrue(late.reason.hasPrefix("duplicate key \"k13\""))
    XCTAssertNotNil(error(#"{"k": 1, "\u006b": 2}"#))
    // Equal keys in different objects are fine.
    XCTAssertNotNil(value(#"{"a": {"a": 1}, "b": {"a": 2}}"#))
  }

  func testByteOrderMarkIsRefusedWithAClearMessage() throws {
    let e = try XCTUnwrap(error([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
    XCTAssertTrue(e.reason.contains("byte order mark"), e.reason)
    XCTAssertEqual(e.position.offset, 0)
    XCTAssertNotNil(error("\u{FEFF}{}"))
  }

  func testInvalidUTF8IsRefused() throws {
    let bad: [[UInt8]] = [
      [0x80],  // a lone continuation byte
      [0xC0, 0xAF],  // overlong '/'
      [0xC1, 0xBF],  // overlong
      [0xE0, 0x80, 0xAF],  // overlong 3-byte
      [0xF0, 0x80, 0x80, 0xAF],  // overlong 4-byte
      [0xED, 0xA0, 0x80],  // an encoded surrogate U+D800
      [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
      [0xF5, 0x80, 0x80, 0x80],
      [0xFF],
      [0xC3],  // cut short
      [0xE2, 0x82],  // cut short
      [0xC3, 0x41],  // not continued
    ]
    for sequence in bad {
      let e = try XCTUnwrap(error([0x22] + sequence + [0x22]), "\(sequence)")
      XCTAssertTrue(e.reason.hasPrefix("invalid UTF-8"), "\(sequence): \(e.reason)")
    }
    // Outside strings only ASCII belongs.
    XCTAssertNotNil(error([0xC3, 0xA9]))
    // The edges of the valid ranges.
    let good: [[UInt8]] = [
      [0xC2, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
    ]
    for sequence in good {
      XCTAssertNil(error([0x22] + sequence + [0x22]), "\(sequence)")
    }
  }

  func testDepthLimit() throws {
    let limit = JSONParser.Limits.default.maxDepth
    XCTAssertEqual(limit, 512)
    let deep = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    XCTAssertNotNil(value(deep))
    let tooDeep =
      String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    let e = try XCTUnwrap(error(tooDeep))
    XCTAssertEqual(e.reason, "nesting deeper than 512 arrays and objects")
    XCTAssertEqual(e.position.offset, limit)
    // Far deeper input fails at the limit, never on the stack.
    XCTAssertNotNil(error(String(repeating: "{\"a\":", count: 100_000)))
    XCTAssertNotNil(error(String(repeating: "[", count: 1_000_000)))
  }

  func testSizeLimit() throws {
    let e = try XCTUnwrap(error(Array("[1, 2]".utf8), limits: JSONParser.Limits(maxBytes: 5)))
    XCTAssertEqual(e.reason, "the text is 6 bytes, more than the limit of 5")
    XCTAssertNil(error(Array("[1, 2]".utf8), limits: JSONParser.Limits(maxBytes: 6)))
    XCTAssertEqual(JSONParser.Limits.default.maxBytes, 64 << 20)
  }

  func testNumbersAreTheNearestDouble() {
    // Exact and fast-path values.
    XCTAssertEqual(number("0"), 0)
    XCTAssertEqual(number("-0")?.sign, .minus)
    XCTAssertEqual(number("-0.0")?.sign, .minus)
    XCTAssertEqual(number("0.1"), 0.1)
    XCTAssertEqual(number("1E2"), 100)
    XCTAssertEqual(number("1e+2"), 100)
    XCTAssertEqual(number("12.5e-1"), 1.25)
    XCTAssertEqual(number("9007199254740993"), 9_007_199_254_740_992)  // 2^53 + 1: ties to even
    XCTAssertEqual(number("9007199254740995"), 9_007_199_254_740_996)
    // Hard cases for naive parsers (each is its double's shortest text or a
    // value on a rounding boundary; the bit patterns are from IEEE 754 tables).
    XCTAssertEqual(number("2.2250738585072014e-308")?.bitPattern, 0x0010_0000_0000_0000)
    XCTAssertEqual(number("2.2250738585072011e-308")?.bitPattern, 0x000F_FFFF_FFFF_FFFF)
    XCTAssertEqual(number("4.9406564584124654e-324")?.bitPattern, 1)
    XCTAssertEqual(number("5e-324")?.bitPattern, 1)
    XCTAssertEqual(number("2.4703282292062328e-324")?.bitPattern, 1)  // just above half the minimum
    XCTAssertEqual(number("2.4703282292062327e-324")?.bitPattern, 0)  // just below: zero
    XCTAssertEqual(number("1.7976931348623157e308"), .greatestFiniteMagnitude)
    XCTAssertEqual(number("0.30000000000000004"), 0.1 + 0.2)
    XCTAssertEqual(number("1e-400"), 0)  // underflow is finite: zero
    XCTAssertEqual(
      number("0.1000000000000000055511151231257827021181583404541015625"), 0.1)
    XCTAssertEqual(number("123456789012345678901234567890"), 1.2345678901234568e29)
    XCTAssertEqual(number("1" + String(repeating: "0", count: 400) + "e-400"), 1)
    // Every spelling of a value reads as the same double.
    XCTAssertEqual(number("1.5"), number("15e-1"))
    XCTAssertEqual(number("1.5"), number("0.00015e4"))
  }

  func testNumbersBeyondTheDoubleRangeAreRefused() throws {
    for text in ["1e999", "-1e999", "1.7976931348623159e308", "[1e400]", "1e100000000000"] {
      let e = try XCTUnwrap(error(text), text)
      XCTAssertTrue(e.reason.contains("too large for a double"), "\(text): \(e.reason)")
    }
  }

  func testShortestNumbersReadBackExactly() {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<20_000 {
      let x = Double(bitPattern: rng.next())
      guard x.isFinite, let text = JSONWriter.number(x) else { continue }
      XCTAssertEqual(number(text)?.bitPattern, x.bitPattern, text)
    }
    XCTAssertEqual(JSONWriter.number(1), "1.0")
    XCTAssertEqual(JSONWriter.number(-0.0), "-0.0")
    XCTAssertEqual(JSONWriter.number(1e16), "1e+16")
    XCTAssertNil(JSONWriter.number(.nan))
    XCTAssertNil(JSONWriter.number(.infinity))
  }

  func testWriterRoundTrips() throws {
    let text = "{\"a\": [1.0, -0.0, \"x\\\"\\n\\u0001é\"], \"b\": {\"c\": null, \"d\": [[true]]}}"
    let v = try XCTUnwrap(value(text))
    XCTAssertEqual(
      JSONWriter.write(v, layout: .compact),
      "{\"a\":[1.0,-0.0,\"x\\\"\\n\\u0001é\"],\"b\":{\"c\":null,\"d\":[[true]]}}")
    XCTAssertEqual(
      JSONWriter.write(v),
      "{\n  \"a\": [1.0, -0.0, \"x\\\"\\n\\u0001é\"],\n  \"b\": {\n    \"c\": null,\n    \"d\": [[true]]\n  }\n}\n"
    )
    for layout in [JSONLayout.compact, .pretty] {
      let written = try XCTUnwrap(JSONWriter.write(v, layout: layout))
      XCTAssertEqual(value(written), v)
    }
    XCTAssertNil(JSONWriter.write(JSONValue(.array([JSONValue(.number(.nan))]))))
  }

  func testPointerText() {
    XCTAssertEqual(JSONPointer.root.description, "")
    XCTAssertEqual(JSONPointer.root.display, "(root)")
    var p = JSONPointer.root.appending("animators").appending(0)
    p.push("m~n/o")
    XCTAssertEqual(p.description, "/animators/0/m~0n~1o")
    p.pop()
    XCTAssertEqual(p.display, "/animators/0")
  }
}
