// A JSON document as a tree of values, each with the place it was read from.
//
// The tree is what `JSONParser` builds and what the scene reader (and any
// other importer) walks: objects keep their members in document order, and
// every value and member key carries its byte offset, line and column, so an
// error found while interpreting a value can say where it is.

/// Where a value starts in the text: a byte offset and a 1-based line and
/// column.
///
/// Lines are separated by LF (a CR LF pair counts once, as LF ends the line);
/// the column counts Unicode scalars from the start of the line, so a
/// character outside ASCII is one column.
public struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
  /// The byte offset (UTF-8) from the start of the text.
  public var offset: Int
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in Unicode scalars.
  public var column: Int

  /// Creates a position.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// `line L, column C`.
  public var description: String { "line \(line), column \(column)" }
}

/// A ``JSONPosition`` in 12 bytes, as the tree stores it (a text is at most
/// 4 GiB: larger numbers are clamped).
@usableFromInline
struct PackedPosition: Sendable, Hashable {
  @usableFromInline var offset: UInt32
  @usableFromInline var line: UInt32
  @usableFromInline var column: UInt32

  @inlinable init(_ p: JSONPosition) {
    offset = UInt32(clamping: p.offset)
    line = UInt32(clamping: p.line)
    column = UInt32(clamping: p.column)
  }

  @inlinable var position: JSONPosition {
    JSONPosition(offset: Int(offset), line: Int(line), column: Int(column))
  }
}

/// One member of a JSON object: its key, where the key starts, and its value.
public struct JSONMember: Sendable, Equatable {
  /// The member's name, with escapes resolved.
  public var key: String
  /// Where the key's opening quote is (stored in 12 bytes: numbers above
  /// 2^32 − 1 read back clamped).
  public var keyPosition: JSONPosition {
    get { packedKeyPosition.position }
    set { packedKeyPosition = PackedPosition(newValue) }
  }
  @usableFromInline var packedKeyPosition: PackedPosition
  /// The member's value.
  public var value: JSONValue

  /// Creates a member.
  public init(key: String, keyPosition: JSONPosition, value: JSONValue) {
    self.key = key
    self.packedKeyPosition = PackedPosition(keyPosition)
    self.value = value
  }

  /// Members are equal when their keys and values are (positions are not
  /// compared).
  public static func == (a: JSONMember, b: JSONMember) -> Bool {
    a.key == b.key && a.value == b.value
  }
}

/// A JSON value with the position it was read from.
///
/// Numbers are `Double`s (the parser only builds finite ones). Equality
/// compares contents and ignores positions, so a tree read from text equals
/// the same tree built in code.
public struct JSONValue: Sendable, Equatable {
  /// What a JSON value holds.
  public enum Content: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, finite, the double nearest to the decimal text.
    case number(Double)
    /// A string, with escapes resolved.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in document order (keys are unique).
    case object([JSONMember])
  }

  /// The value.
  public var content: Content
  /// Where the value starts (its first character; stored in 12 bytes:
  /// numbers above 2^32 − 1 read back clamped).
  public var position: JSONPosition {
    get { packedPosition.position }
    set { packedPosition = PackedPosition(newValue) }
  }
  @usableFromInline var packedPosition: PackedPosition

  /// Creates a value; `position` defaults to the start of a text.
  public init(
    _ content: Content, position: JSONPosition = JSONPosition(offset: 0, line: 1, column: 1)
  ) {
    self.content = content
    self.packedPosition = PackedPosition(position)
  }

  /// Values are equal when their contents are; positions are not compared.
  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.content == b.content }

  /// The value's JSON type with an article, for messages: `an object`,
  /// `an array`, `a string`, `a number`, `a boolean`, `null`.
  public var typeName: String {
    switch content {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The number, if the value is one.
  public var number: Double? {
    if case .number(let x) = content { return x }
    return nil
  }

  /// The string, if the value is one.
  public var string: String? {
    if case .string(let s) = content { return s }
    return nil
  }

  /// The boolean, if the value is one.
  public var bool: Bool? {
    if case .bool(let b) = content { return b }
    return nil
  }

  /// The elements, if the value is an array.
  public var array: [JSONValue]? {
    if case .array(let a) = content { return a }
    return nil
  }

  /// The members, if the value is an object.
  public var members: [JSONMember]? {
    if case .object(let m) = content { return m }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = content { return true }
    return false
  }

  /// The member named `key`, if the value is an object that has one.
  ///
  /// - Complexity: O(*m*) for *m* members.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = content else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }
}
