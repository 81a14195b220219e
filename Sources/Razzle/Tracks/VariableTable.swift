/// An animator's named numbers, kept in slots that never move.
///
/// A relative track (see ``TrackRelation``) is bound to its variable's slot
/// when it is made, so sampling reads `values[slot]` without hashing a name.
/// Slots are created on first mention (by ``Animator/setVariable(_:to:)`` or
/// by a relative track) and are never removed: a removed variable's slot
/// holds NaN, which no set value can be, so "unset" needs no second array.
/// Guarded by the ``EditDomain``'s lock.
@usableFromInline
struct VariableTable: Sendable {
  /// Each name's slot.
  private(set) var slots: [String: Int] = [:]
  /// Each slot's name.
  private(set) var names: [String] = []
  /// Each slot's value; NaN while unset.
  @usableFromInline private(set) var values: [Double] = []

  init() {}

  /// The slot of `name`, created unset if the table has none yet.
  mutating func slot(for name: String) -> Int {
    if let slot = slots[name] { return slot }
    let slot = names.count
    slots[name] = slot
    names.append(name)
    values.append(.nan)
    return slot
  }

  /// The value in `slot`, or nil while it is unset.
  @inlinable
  func value(at slot: Int) -> Double? {
    let value = values[slot]
    return value.isNaN ? nil : value
  }

  /// The value of `name`, or nil if it is unset.
  func value(named name: String) -> Double? {
    slots[name].flatMap(value(at:))
  }

  /// Sets `name` to `value` (finite: the caller has checked).
  mutating func set(_ name: String, _ value: Double) {
    values[slot(for: name)] = value
  }

  /// Unsets `name`; false if it was not set.
  mutating func remove(_ name: String) -> Bool {
    guard let slot = slots[name], !values[slot].isNaN else { return false }
    values[slot] = .nan
    return true
  }

  /// The set variables, sorted by name (byte order of their UTF-8).
  var sorted: [(name: String, value: Double)] {
    zip(names, values).filter { !$0.1.isNaN }.map { (name: $0.0, value: $0.1) }
      .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }

  /// The number of set variables.
  var count: Int { values.reduce(0) { $0 + ($1.isNaN ? 0 : 1) } }
}

/// The rule for variable names.
public enum VariableName {
  /// The longest name, in UTF-8 bytes.
  public static let maxLength = 255

  /// Checks that `name` can name a variable: 1 to ``maxLength`` ASCII
  /// letters, digits, `_` and `.`, not starting with a digit or `.`
  /// (`pageWidth`, `header.midX`, `_w2`).
  ///
  /// - Throws: ``RazzleError`` `.invalidName` naming the first offending
  ///   character and its byte offset.
  public static func validate(_ name: String) throws(RazzleError) {
    guard !name.isEmpty else { throw RazzleError(.invalidName, "variable name is empty") }
    let bytes = Array(name.utf8)
    guard bytes.count <= maxLength else {
      throw RazzleError(
        .invalidName,
        "variable name is \(bytes.count) bytes long; the limit is \(maxLength)")
    }
    for (offset, byte) in bytes.enumerated() {
      let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
      let digitOrDot = (byte >= 0x30 && byte <= 0x39) || byte == 0x2E
      if letter || (digitOrDot && offset > 0) { continue }
      let shown =
        byte < 0x20 || byte >= 0x7F
        ? "byte 0x\(String(byte, radix: 16))" : "\"\(Character(Unicode.Scalar(byte)))\""
      throw RazzleError(
        .invalidName,
        "variable name \"\(name)\" has \(shown) at offset \(offset): a name is ASCII letters, digits, _ and ., not starting with a digit or ."
      )
    }
  }
}
