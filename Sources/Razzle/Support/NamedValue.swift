/// A closed set of values that have names (the spelling the C API, Python
/// and scene files use) and, where the C API lists them as an enum, pinned
/// codes. Parsing and printing both read ``allCases``, so a name is spelled
/// once.
public protocol NamedValue: CaseIterable, Hashable, Sendable {
  /// What the values are called in messages, such as `"interpolation"`.
  static var noun: String { get }
  /// The value's name.
  var name: String { get }
}

extension NamedValue {
  /// The value called `name`.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for any other text, with the
  ///   closest name as a suggestion and the list of names.
  public init(named name: String) throws(RazzleError) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else {
      let names = Self.allCases.map(\.name)
      throw RazzleError(
        .invalidName,
        "unknown \(Self.noun) \"\(name)\"\(NameSuggestion.hint(for: name, among: names)) (\(names.joined(separator: ", ")))"
      )
    }
    self = value
  }
}

/// A ``NamedValue`` whose values are also a C enum with pinned codes: the
/// position in ``pinned`` is the code, so appending is the only change
/// allowed.
public protocol PinnedCode: NamedValue {
  /// Every value in code order: `pinned[code]` has that code.
  static var pinned: [Self] { get }
}

extension PinnedCode {
  /// The value's code in the C API.
  public var code: Int32 {
    Int32(Self.pinned.firstIndex(of: self).unsafelyUnwrapped)
  }

  /// The value with code `code`.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a code that names none.
  public init(code: Int32) throws(RazzleError) {
    guard code >= 0 && Int(code) < Self.pinned.count else {
      throw RazzleError(
        .invalidValue,
        "\(code) is not a \(Self.noun) (0 ... \(Self.pinned.count - 1))")
    }
    self = Self.pinned[Int(code)]
  }
}
