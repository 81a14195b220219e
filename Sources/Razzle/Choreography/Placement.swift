// GSAP's position parameter: where a timeline places a child.
//
// https://gsap.com/resources/position-parameter/

/// Where a timeline places a child or a label (GSAP's position parameter;
/// Guides/Choreography.md has the table).
public enum Placement: Sendable, Hashable, CustomStringConvertible {
  /// The timeline's end plus an offset (`"+=0.2"`, `"-=0.2"`; the default,
  /// `"+=0"`, makes a sequence).
  case end(Double)
  /// An absolute time.
  case time(Double)
  /// The previous child's start plus an offset (`"<"`, `"<0.1"`).
  case previousStart(Double)
  /// The previous child's end plus an offset (`">"`, `">0.1"`).
  case previousEnd(Double)
  /// A label plus an offset (`"intro"`, `"intro+=0.5"`).
  case label(String, Double)

  /// Parses a position: `+=x`, `-=x`, `<`, `<x`, `>`, `>x`, `label`,
  /// `label+=x`, `label-=x`, or a number.
  ///
  /// - Parameter text: The position.
  /// - Throws: ``RazzleError`` `.invalidValue` naming the offset of the
  ///   first character that does not fit, for empty or malformed text; a
  ///   label name that is not valid (``Label/validate(_:)``) is
  ///   `.invalidName`.
  public init(parsing text: String) throws(RazzleError) {
    let bytes = Array(text.utf8)
    func bad(_ offset: Int, _ why: String) -> RazzleError {
      RazzleError(.invalidValue, "position \"\(text)\" at offset \(offset): \(why)")
    }
    guard let first = bytes.first else { throw bad(0, "empty position") }
    switch first {
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard bytes.count >= 2, bytes[1] == UInt8(ascii: "=") else {
        // A signed number: an absolute time.
        self = .time(try Self.number(bytes, from: 0, text, bad))
        return
      }
      let x = try Self.number(bytes, from: 2, text, bad)
      self = .end(first == UInt8(ascii: "+") ? x : -x)
    case UInt8(ascii: "<"), UInt8(ascii: ">"):
      let x = try Self.offset(bytes, from: 1, text, bad)
      self = first == UInt8(ascii: "<") ? .previousStart(x) : .previousEnd(x)
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
      self = .time(try Self.number(bytes, from: 0, text, bad))
    default:
      // A label, optionally followed by +=x or -=x.
      var i = 0
      while i < bytes.count
        && !(i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "=")
          && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")))
      {
        i += 1
      }
      let name = String(decoding: bytes[0..<i], as: UTF8.self)
      try Label.validate(name)
      if i == bytes.count {
        self = .label(name, 0)
      } else {
        let x = try Self.number(bytes, from: i + 2, text, bad)
        self = .label(name, bytes[i] == UInt8(ascii: "+") ? x : -x)
      }
    }
  }

  /// The optional offset after `<` or `>`: nothing (0), `x`, `+=x`, `-=x`,
  /// `+x` or `-x`.
  private static func offset(
    _ bytes: [UInt8], from start: Int, _ text: String,
    _ bad: (Int, String) -> RazzleError
  ) throws(RazzleError) -> Double {
    guard start < bytes.count else { return 0 }
    if start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "="),
      bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-")
    {
      let x = try number(bytes, from: start + 2, text, bad)
      return bytes[start] == UInt8(ascii: "+") ? x : -x
    }
    return try number(bytes, from: start, text, bad)
  }

  /// A decimal number filling `bytes[start...]`: an optional sign, digits
  /// with an optional fraction, an optional exponent; finite.
  private static func number(
    _ bytes: [UInt8], from start: Int, _ text: String,
    _ bad: (Int, String) -> RazzleError
  ) throws(RazzleError) -> Double {
    guard start < bytes.count else { throw bad(start, "a number is missing") }
    var i = start
    func digits() -> Int {
      let from = i
      while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") {
        i += 1
      }
      return i - from
    }
    if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var count = digits()
    if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
      i += 1
      count += digits()
    }
    guard count > 0 else { throw bad(i, "a number is missing") }
    if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        i += 1
      }
      guard digits() > 0 else { throw bad(i, "an exponent needs digits") }
    }
    guard i == bytes.count else { throw bad(i, "unexpected character") }
    guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite
    else { throw bad(start, "the number is not finite") }
    return value
  }

  public var description: String {
    func signed(_ prefix: String, _ x: Double) -> String {
      x == 0 ? prefix : x < 0 ? "\(prefix)-=\(-x)" : "\(prefix)+=\(x)"
    }
    switch self {
    case .end(let x): return x < 0 ? "-=\(-x)" : "+=\(x)"
    case .time(let x): return "\(x)"
    case .previousStart(let x): return signed("<", x)
    case .previousEnd(let x): return signed(">", x)
    case .label(let name, let x): return signed(name, x)
    }
  }
}

/// Timeline labels' names.
public enum Label {
  /// The longest label name, in UTF-8 bytes.
  public static let maximumLength = 255

  /// Checks a label name: non-empty, at most ``maximumLength`` bytes,
  /// starting with an ASCII letter or `_`, then letters, digits, `_`, `-`
  /// and `.`.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` saying what is wrong.
  public static func validate(_ name: String) throws(RazzleError) {
    let bytes = Array(name.utf8)
    guard !bytes.isEmpty else { throw RazzleError(.invalidName, "a label name is empty") }
    guard bytes.count <= maximumLength else {
      throw RazzleError(.invalidName, "a label name is longer than \(maximumLength) bytes")
    }
    func letter(_ b: UInt8) -> Bool {
      (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
        || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "_")
    }
    for (i, b) in bytes.enumerated() {
      let ok =
        letter(b)
        || (i > 0
          && ((b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
            || b == UInt8(ascii: ".")))
      guard ok else {
        throw RazzleError(
          .invalidName,
          "label \"\(name)\": byte \(i) is not allowed (a letter or _ first, then letters, digits, _, - and .)"
        )
      }
    }
  }
}
