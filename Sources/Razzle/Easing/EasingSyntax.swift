/// The syntax of an easing specification, before names are looked up.
///
/// ```
/// spec     := name [ "(" [ argument { "," argument } ] ")" ]
/// argument := [ label "=" ] ( number [ "%" ] | word )
/// name, label, word := letter { letter | digit | "_" | "-" }
/// ```
/// White space may stand between any two tokens. Numbers are decimal, with an
/// optional sign, fraction and exponent; NaN and infinities are not numbers
/// here; `-0` is read as 0, so that equal easings print equally. This one
/// grammar covers Penner names (`easeInQuad`), parametrized
/// curves (`easeOutBack(2.5)`), CSS functions (`cubic-bezier(0.42, 0, 0.58, 1)`,
/// `steps(4, jump-end)`, `linear(0, 0.25 75%, 1)`) and labelled parameters
/// (`spring(mass=1, stiffness=100)`).
struct EasingSyntax: Sendable {
  /// One argument between the parentheses.
  struct Argument: Sendable {
    /// The label before `=`, if any.
    var label: String?
    /// The value's parts, in order: `0.25 75%` has two.
    var parts: [Part]
    /// Offset of the argument's first character in the spec, for messages.
    var offset: Int
  }

  /// One token of an argument value.
  enum Part: Sendable, Equatable {
    case number(Double)
    /// A percentage: the number before `%`, and the fraction it stands for,
    /// rounded once from the decimal text (dividing the rounded number by
    /// 100 would round twice), so that printing any fraction as a
    /// percentage and reading it back gives the same double.
    case percentage(Double, fraction: Double)
    case word(String)
  }

  /// The function or curve name.
  var name: String
  /// The arguments, or nil when the spec has no parentheses.
  var arguments: [Argument]?

  /// Parses `text`.
  ///
  /// - Throws: ``RazzleError`` of kind `.easing`, whose message quotes the spec
  ///   and says what was expected at which character offset.
  init(parsing text: String) throws(RazzleError) {
    var scanner = Scanner(text: text)
    scanner.skipSpace()
    guard let name = scanner.identifier() else {
      throw scanner.error(text.isEmpty ? "empty specification" : "expected an easing name")
    }
    self.name = name
    scanner.skipSpace()
    if scanner.consume("(") {
      var arguments: [Argument] = []
      scanner.skipSpace()
      if !scanner.consume(")") {
        repeat {
          scanner.skipSpace()
          arguments.append(try scanner.argument())
          scanner.skipSpace()
        } while scanner.consume(",")
        guard scanner.consume(")") else {
          throw scanner.error(scanner.atEnd ? "missing ')'" : "expected ',' or ')'")
        }
      }
      self.arguments = arguments
      scanner.skipSpace()
    } else {
      self.arguments = nil
    }
    guard scanner.atEnd else {
      throw scanner.error(scanner.peek == UInt8(ascii: ")") ? "unbalanced ')'" : "unexpected text")
    }
  }
}

/// A cursor over the spec's UTF-8 bytes. Every token of the grammar is ASCII,
/// so any other byte is simply unexpected.
private struct Scanner {
  let text: String
  let bytes: [UInt8]
  var index = 0

  init(text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  var atEnd: Bool { index == bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[index] }

  func error(_ what: String) -> RazzleError {
    RazzleError(.easing, "invalid easing \"\(text)\": \(what) at offset \(index)")
  }

  mutating func skipSpace() {
    while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
  }

  mutating func consume(_ c: Unicode.Scalar) -> Bool {
    guard peek == UInt8(ascii: c) else { return false }
    index += 1
    return true
  }

  static func isLetter(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
  }
  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  mutating func identifier() -> String? {
    guard let first = peek, Scanner.isLetter(first) else { return nil }
    let start = index
    while let b = peek,
      Scanner.isLetter(b) || Scanner.isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  mutating func argument() throws(RazzleError) -> EasingSyntax.Argument {
    let offset = index
    var label: String?
    // A word followed by '=' is a label.
    let save = index
    if let word = identifier() {
      skipSpace()
      if consume("=") {
        label = word
        skipSpace()
      } else {
        index = save
      }
    }
    var parts: [EasingSyntax.Part] = []
    while let b = peek, b != UInt8(ascii: ","), b != UInt8(ascii: ")") {
      if let word = identifier() {
        parts.append(.word(word))
      } else if let (value, literal) = try number() {
        if consume("%") {
          parts.append(.percentage(value, fraction: Scanner.fraction(ofPercentage: literal)))
        } else {
          parts.append(.number(value))
        }
      } else {
        throw error(b == UInt8(ascii: "(") ? "unexpected '('" : "expected a number or a word")
      }
      skipSpace()
    }
    if parts.isEmpty { throw error(atEnd ? "missing ')'" : "missing argument") }
    return EasingSyntax.Argument(label: label, parts: parts, offset: offset)
  }

  /// A decimal number and its text, or nil if none starts here.
  mutating func number() throws(RazzleError) -> (value: Double, literal: String)? {
    let start = index
    if let b = peek, b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    while let b = peek, Scanner.isDigit(b) {
      index += 1
      digits += 1
    }
    if consume(".") {
      while let b = peek, Scanner.isDigit(b) {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      index = start
      return nil
    }
    if let b = peek, b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
      let mark = index
      index += 1
      if let s = peek, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
      var exponentDigits = 0
      while let d = peek, Scanner.isDigit(d) {
        index += 1
        exponentDigits += 1
      }
      if exponentDigits == 0 { index = mark }
    }
    let literal = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(literal), value.isFinite else {
      index = start
      throw error("number '\(literal)' is out of range")
    }
    return (value + 0, literal)  // + 0 turns -0 into 0
  }

  /// The fraction a percentage's number stands for: its decimal text with
  /// the decimal point moved two places left, rounded once to a double.
  ///
  /// - Parameter literal: A number as ``number()`` accepts it.
  /// - Returns: The double nearest to the literal's value divided by 100;
  ///   0 rather than −0.
  static func fraction(ofPercentage literal: String) -> Double {
    var mantissa = Substring(literal)
    var exponent = 0
    if let e = literal.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = literal[..<e]
      // More than 9 digits of exponent make the value 0 or infinite
      // anyway; clamping keeps the sum below from overflowing.
      let digits = literal[literal.index(after: e)...]
      let magnitude = digits.drop(while: { $0 == "+" || $0 == "-" || $0 == "0" })
      exponent =
        magnitude.count > 9 ? 1_000_000_000 : Int(magnitude) ?? 0
      if digits.first == "-" { exponent = -exponent }
    }
    return (Double("\(mantissa)e\(exponent - 2)") ?? .nan) + 0
  }
}
