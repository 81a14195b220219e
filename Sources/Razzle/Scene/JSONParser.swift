// A strict RFC 8259 JSON parser, without Foundation.
//
// https://www.rfc-editor.org/rfc/rfc8259
//
// Strict means: exactly the grammar of the RFC (no comments, no trailing
// commas, no single quotes, no NaN or Infinity, no leading zeros, no `+`
// sign, whitespace only as space, tab, LF and CR), text that is valid UTF-8
// (overlong forms, encoded surrogates and code points above U+10FFFF are
// refused), `\u` escapes whose surrogates come in pairs, and — beyond the
// RFC, which leaves them to implementations — no duplicate keys in an
// object, no byte order mark, and finite numbers only (`1e999` would be
// infinite: refused, since nothing razzle reads can be infinite). A number
// is the double nearest to its decimal value (ties to even), the same for
// any spelling of that value. Limits on the text's size and nesting depth
// bound the work and the stack.
//
// The whole text is read or nothing is: the first error is reported with
// its position and the JSON Pointer of the value being read.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON text that could not be read: where, what, and why.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong (`expected ',' or '}' after a member`).
  public var reason: String
  /// Where the first character that does not fit is.
  public var position: JSONPosition
  /// The JSON Pointer of the value being read when the error was found.
  public var pointer: JSONPointer

  /// Creates an error.
  public init(reason: String, position: JSONPosition, pointer: JSONPointer) {
    self.reason = reason
    self.position = position
    self.pointer = pointer
  }

  /// `<pointer>: <reason> (line L, column C)`.
  public var description: String { "\(pointer.display): \(reason) (\(position))" }
}

/// Reads JSON text into a ``JSONValue`` tree.
public enum JSONParser {
  /// Bounds on what the parser accepts.
  public struct Limits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects: a value inside
    /// `maxDepth` brackets is read, one more level is an error. 512 by
    /// default (each level costs a few hundred bytes of stack).
    public var maxDepth: Int
    /// The longest text in bytes: 64 MiB by default.
    public var maxBytes: Int

    /// Limits with the defaults: depth 512, 64 MiB.
    public init(maxDepth: Int = 512, maxBytes: Int = 64 << 20) {
      self.maxDepth = maxDepth
      self.maxBytes = maxBytes
    }

    /// Depth 512, 64 MiB.
    public static let `default` = Limits()
  }

  /// Parses UTF-8 `bytes` as one JSON text (a value with optional whitespace
  /// around it).
  ///
  /// - Parameters:
  ///   - bytes: the text, UTF-8 without a byte order mark.
  ///   - limits: the size and depth bounds.
  /// - Returns: the value, or the first error.
  /// - Complexity: O(*n*) for *n* bytes.
  public static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = .default
  ) -> Result<JSONValue, JSONError> {
    var reader = JSONReader(bytes, limits: limits)
    do throws(JSONError) {
      return .success(try reader.document())
    } catch {
      return .failure(error)
    }
  }

  /// Parses `text` as one JSON text.
  ///
  /// A Swift `String` is valid Unicode already; a text that begins with
  /// U+FEFF is refused as a byte order mark.
  ///
  /// - Parameters:
  ///   - text: the JSON text.
  ///   - limits: the size and depth bounds.
  /// - Returns: the value, or the first error.
  public static func parse(_ text: String, limits: Limits = .default) -> Result<
    JSONValue, JSONError
  > {
    var text = text
    return text.withUTF8 { parse($0, limits: limits) }
  }

  /// Parses `bytes` as one JSON text.
  ///
  /// - Parameters:
  ///   - bytes: the text, UTF-8 without a byte order mark.
  ///   - limits: the size and depth bounds.
  /// - Returns: the value, or the first error.
  public static func parse(_ bytes: [UInt8], limits: Limits = .default) -> Result<
    JSONValue, JSONError
  > {
    bytes.withUnsafeBufferPointer { parse($0, limits: limits) }
  }
}

/// The parser's state over one text.
struct JSONReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let limits: JSONParser.Limits
  private var i = 0
  /// The current line (from 1) and the offset where it starts.
  private var line = 1
  private var lineStart = 0
  /// UTF-8 continuation bytes seen since `lineStart`: the column in scalars
  /// is the byte column minus these.
  private var continuations = 0
  private var depth = 0
  /// The path to the value being read, for errors.
  private var path: [JSONPointer.Component] = []
  /// Reused for strings with escapes or non-ASCII bytes.
  private var scratch: [UInt8] = []
  /// Strings read lately (ASCII without escapes), by a hash of their
  /// length and end bytes: a key or an easing repeated through a file is
  /// compared, not decoded (and allocated) again.
  private var recent: [RecentString] = []

  /// A string of the text and where its bytes are.
  private struct RecentString {
    var offset: Int
    var count: Int
    var string: String
  }

  init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  // MARK: - Positions and errors

  private var position: JSONPosition {
    JSONPosition(offset: i, line: line, column: i - lineStart - continuations + 1)
  }

  private func fail(_ reason: String) -> JSONError {
    JSONError(reason: reason, position: position, pointer: JSONPointer(path))
  }

  /// The byte at `i` as the messages show it.
  private func describeHere() -> String {
    guard i < bytes.count else { return "the end of the text" }
    let c = bytes[i]
    if c == 0 { return "a NUL byte (JSON text has none)" }
    if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    let hex = String(c, radix: 16, uppercase: true)
    return "byte 0x\(hex.count < 2 ? "0" + hex : hex)"
  }

  // MARK: - Structure

  mutating func document() throws(JSONError) -> JSONValue {
    guard bytes.count <= limits.maxBytes else {
      throw fail("the text is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)")
    }
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      throw fail(
        "the text starts with a byte order mark (U+FEFF): JSON text must not (RFC 8259 §8.1); "
          + "save it as UTF-8 without one")
    }
    skipWhitespace()
    guard i < bytes.count else { throw fail("the text is empty: expected a value") }
    let value = try readValue()
    skipWhitespace()
    guard i == bytes.count else {
      throw fail("expected the end of the text after the value, found \(describeHere())")
    }
    return value
  }

  private mutating func skipWhitespace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0D: i += 1
      case 0x0A:
        i += 1
        line += 1
        lineStart = i
        continuations = 0
      default: return
      }
    }
  }

  private mutating func readValue() throws(JSONError) -> JSONValue {
    let start = position
    guard i < bytes.count else { throw fail("the text ends where a value should be") }
    switch bytes[i] {
    case UInt8(ascii: "{"): return JSONValue(.object(try readObject()), position: start)
    case UInt8(ascii: "["): return JSONValue(.array(try readArray()), position: start)
    case UInt8(ascii: "\""): return JSONValue(.string(try readString()), position: start)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONValue(.bool(true), position: start)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONValue(.bool(false), position: start)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONValue(.null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try readNumber()), position: start)
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw fail("NaN and Infinity are not JSON: numbers must be finite")
    case UInt8(ascii: "]"), UInt8(ascii: "}"):
      throw fail("expected a value, found \(describeHere()) (a trailing comma?)")
    case UInt8(ascii: "/"):
      throw fail("comments are not JSON")
    case UInt8(ascii: "'"):
      throw fail("strings are written in double quotes in JSON")
    default:
      throw fail("expected a value, found \(describeHere())")
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONError) {
    let n = word.utf8CodeUnitCount
    let ok = word.withUTF8Buffer { w in
      guard bytes.count - i >= n else { return false }
      for k in 0..<n where bytes[i + k] != w[k] { return false }
      return true
    }
    guard ok else { throw fail("expected '\(word)', found \(describeHere())") }
    i += n
  }

  private mutating func enter() throws(JSONError) {
    depth += 1
    guard depth <= limits.maxDepth else {
      throw fail("nesting deeper than \(limits.maxDepth) arrays and objects")
    }
  }

  private mutating func readArray() throws(JSONError) -> [JSONValue] {
    try enter()
    i += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
      i += 1
      depth -= 1
      return elements
    }
    path.append(.index(0))
    // Most arrays in practice are short: one allocation for up to 4.
    elements.reserveCapacity(4)
    while true {
      path[path.count - 1] = .index(elements.count)
      skipWhitespace()
      elements.append(try readValue())
      skipWhitespace()
      guard i < bytes.count else {
        throw fail("the text ends inside an array: expected ',' or ']'")
      }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if bytes[i] == UInt8(ascii: "]") {
        i += 1
        break
      }
      throw fail("expected ',' or ']' after an array element, found \(describeHere())")
    }
    path.removeLast()
    depth -= 1
    return elements
  }

  private mutating func readObject() throws(JSONError) -> [JSONMember] {
    try enter()
    i += 1
    var members: [JSONMember] = []
    var keys: Set<String> = []
    skipWhitespace()
    if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
      i += 1
      depth -= 1
      return members
    }
    // Most objects in files are small (a keyframe has 3 or 4 members):
    // room for 4 keeps the tree compact; larger ones grow.
    members.reserveCapacity(4)
    while true {
      skipWhitespace()
      guard i < bytes.count else { throw fail("the text ends inside an object: expected a key") }
      guard bytes[i] == UInt8(ascii: "\"") else {
        if bytes[i] == UInt8(ascii: "}") {
          throw fail("expected a key, found '}' (a trailing comma?)")
        }
        throw fail("expected a key in double quotes, found \(describeHere())")
      }
      let keyPosition = position
      let key = try readString()
      // Objects are small in practice: a linear scan up to 8 members, then a set.
      if members.count < 8 {
        for m in members where m.key == key {
          i = keyPosition.offset
          throw duplicate(key, at: keyPosition, first: m.keyPosition)
        }
        if members.count == 7 { keys = Set(members.map(\.key) + [key]) }
      } else if !keys.insert(key).inserted {
        let first = members.first { $0.key == key }?.keyPosition ?? keyPosition
        throw duplicate(key, at: keyPosition, first: first)
      }
      skipWhitespace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the key \"\(key)\", found \(describeHere())")
      }
      i += 1
      skipWhitespace()
      path.append(.key(key))
      let value = try readValue()
      path.removeLast()
      members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      guard i < bytes.count else {
        throw fail("the text ends inside an object: expected ',' or '}'")
      }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if bytes[i] == UInt8(ascii: "}") {
        i += 1
        break
      }
      throw fail("expected ',' or '}' after a member, found \(describeHere())")
    }
    depth -= 1
    return members
  }

  private func duplicate(_ key: String, at: JSONPosition, first: JSONPosition) -> JSONError {
    JSONError(
      reason: "duplicate key \"\(key)\" (first at \(first))", position: at,
      pointer: JSONPointer(path + [.key(key)]))
  }

  // MARK: - Strings

  /// Reads a string from its opening quote; `i` ends after the closing one.
  private mutating func readString() throws(JSONError) -> String {
    i += 1
    let start = i
    // Fast path: printable ASCII without escapes.
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "\"") {
        let s = asciiString(from: start)
        i += 1
        return s
      }
      if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
      i += 1
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
    while true {
      guard i < bytes.count else { throw fail("the text ends inside a string") }
      let c = bytes[i]
      switch c {
      case UInt8(ascii: "\""):
        i += 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try readEscape()
      case 0..<0x20:
        throw fail(
          c == 0x0A
            ? "a line break inside a string (write it as \\n)"
            : c == 0
              ? "a NUL byte inside a string (JSON text has none; a name cannot hold one either)"
              : "a control character inside a string (write it as a \\u escape)")
      case 0..<0x80:
        scratch.append(c)
        i += 1
      default:
        try readMultibyte()
      }
    }
  }

  /// The bytes from `start` to `i` (ASCII, no escapes) as a string: the
  /// one made for the same bytes before when it is still in `recent`.
  private mutating func asciiString(from start: Int) -> String {
    let count = i - start
    guard count > 0, let base = bytes.baseAddress else { return "" }
    if recent.isEmpty {
      recent = Array(
        repeating: RecentString(offset: 0, count: -1, string: ""), count: Self.recentSlots)
    }
    let slot = (count &* 31 &+ Int(base[start]) &* 7 &+ Int(base[i - 1])) & (Self.recentSlots - 1)
    return recent.withUnsafeMutableBufferPointer { recent in
      let entry = recent[slot]
      if entry.count == count && memcmp(base + entry.offset, base + start, count) == 0 {
        return entry.string
      }
      let s = String(
        decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
      recent[slot] = RecentString(offset: start, count: count, string: s)
      return s
    }
  }

  private static let recentSlots = 64

  /// Validates one UTF-8 sequence of 2–4 bytes (Unicode Table 3-7) and
  /// copies it.
  private mutating func readMultibyte() throws(JSONError) {
    let c = bytes[i]
    var count: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch c {
    case 0xC2...0xDF: count = 2
    case 0xE0:
      count = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED:
      count = 3
      high = 0x9F
    case 0xF0:
      count = 4
      low = 0x90
    case 0xF1...0xF3: count = 4
    case 0xF4:
      count = 4
      high = 0x8F
    default:
      throw fail("invalid UTF-8: \(describeHere()) cannot start a character")
    }
    guard bytes.count - i >= count else { throw fail("invalid UTF-8: a character cut short") }
    for k in 1..<count {
      let b = bytes[i + k]
      let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
      guard b >= lo && b <= hi else {
        i += k
        throw fail("invalid UTF-8: \(describeHere()) does not continue the character")
      }
    }
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + count)]))
    i += count
    continuations += count - 1
  }

  private mutating func readEscape() throws(JSONError) {
    guard i + 1 < bytes.count else { throw fail("the text ends inside an escape") }
    let e = bytes[i + 1]
    switch e {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try hex4(at: i + 2)
      var scalar = unit
      if unit >= 0xD800 && unit <= 0xDBFF {
        guard bytes.count - i >= 12,
          bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u")
        else {
          throw fail("a \\u escape of a high surrogate without a low surrogate after it")
        }
        let second = try hex4(at: i + 8)
        guard second >= 0xDC00 && second <= 0xDFFF else {
          throw fail("a \\u escape of a high surrogate without a low surrogate after it")
        }
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00)
        i += 6
      } else if unit >= 0xDC00 && unit <= 0xDFFF {
        throw fail("a \\u escape of a low surrogate without a high surrogate before it")
      }
      // Valid now: not a surrogate, at most U+10FFFF.
      let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
      scratch.append(contentsOf: UTF8.encode(s) ?? UTF8.encode("\u{FFFD}").unsafelyUnwrapped)
      i += 6
      return
    default:
      i += 1
      throw fail(
        "unknown escape \\\(describeHere()) (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
    }
    i += 2
  }

  private mutating func hex4(at start: Int) throws(JSONError) -> UInt32 {
    var unit: UInt32 = 0
    for k in 0..<4 {
      guard start + k < bytes.count else {
        i = min(start + k, bytes.count)
        throw fail("a \\u escape needs four hexadecimal digits")
      }
      let c = bytes[start + k]
      let digit: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
      default:
        i = start + k
        throw fail("a \\u escape needs four hexadecimal digits, found \(describeHere())")
      }
      unit = unit << 4 | digit
    }
    return unit
  }

  // MARK: - Numbers

  /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and
  /// rounds it to the nearest double (``JSONNumberParser``; the standard
  /// library's exact conversion of the token when that cannot decide).
  private mutating func readNumber() throws(JSONError) -> Double {
    let start = i
    let n = bytes.count
    var negative = false
    if bytes[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    // Up to 19 significant digits as an integer w (leading zeros of the
    // fraction are not significant), the value being w × 10^scale; a
    // non-zero digit beyond them makes w inexact.
    var w: UInt64 = 0
    var significant = 0
    var scale = 0
    var inexact = false
    guard i < n, isDigit(bytes[i]) else {
      throw fail("expected a digit in a number, found \(describeHere())")
    }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
      if i < n && isDigit(bytes[i]) {
        throw fail("a number with a leading zero (write 7, not 07)")
      }
    } else {
      while i < n {
        if significant <= 11, let eight = eightDigits(at: i) {
          w = w &* 100_000_000 &+ eight
          significant &+= 8
          i &+= 8
          continue
        }
        let d = bytes[i] &- 0x30
        guard d < 10 else { break }
        if significant < 19 {
          w = w &* 10 &+ UInt64(d)
          significant &+= 1
        } else {
          scale &+= 1
          inexact = inexact || d != 0
        }
        i &+= 1
      }
    }
    if i < n && bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard i < n, isDigit(bytes[i]) else {
        throw fail("expected a digit after the decimal point, found \(describeHere())")
      }
      while i < n {
        if w != 0 && significant <= 11, let eight = eightDigits(at: i) {
          w = w &* 100_000_000 &+ eight
          significant &+= 8
          scale &-= 8
          i &+= 8
          continue
        }
        let d = bytes[i] &- 0x30
        guard d < 10 else { break }
        if w == 0 && d == 0 {
          scale &-= 1
        } else if significant < 19 {
          w = w &* 10 &+ UInt64(d)
          significant &+= 1
          scale &-= 1
        } else {
          inexact = inexact || d != 0
        }
        i &+= 1
      }
    }
    var exponent = 0
    if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      var exponentNegative = false
      if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        exponentNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      guard i < n, isDigit(bytes[i]) else {
        throw fail("expected a digit in the exponent, found \(describeHere())")
      }
      while i < n && isDigit(bytes[i]) {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    let end = i
    if !inexact, let x = JSONNumberParser.double(w, scale + exponent) {
      return negative ? -x : x
    }
    // Otherwise the standard library's correctly rounded conversion of the
    // validated token (its grammar is a superset of JSON's).
    let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let x = Double(token), x.isFinite else {
      i = start
      throw fail("the number \(token) is too large for a double (numbers must be finite)")
    }
    return x
  }

  private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  /// The eight bytes at `at` as an integer when they are all digits
  /// (nil otherwise, or when fewer than eight bytes are left), converted
  /// in a register (D. Lemire's SWAR parse of eight digits).
  @inline(__always)
  private func eightDigits(at start: Int) -> UInt64? {
    guard bytes.count - start >= 8, let base = bytes.baseAddress else { return nil }
    let raw = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    // Each byte is a digit when adding 0x46 does not reach 0x80 and
    // subtracting 0x30 does not borrow into the top bit.
    let above = raw &+ 0x4646_4646_4646_4646
    let below = raw &- 0x3030_3030_3030_3030
    guard (above | below) & 0x8080_8080_8080_8080 == 0 else { return nil }
    var v = raw &- 0x3030_3030_3030_3030
    v = v &* 10 &+ (v >> 8)  // pairs of digits, in every other byte
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    v = ((v & mask) &* 0x000F_4240_0000_0064 &+ ((v >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
    return v
  }
}
