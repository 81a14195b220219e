// Writes a JSON value as text: valid RFC 8259 JSON, deterministic, and
// exact for numbers.
//
// Numbers are written as the shortest decimal that reads back to the same
// double (Swift's `description`): integral values keep a `.0` (`1.0`,
// `-0.0`), large and small ones use an exponent (`1e+16`, `5e-324`). Both
// are JSON numbers, and `JSONParser` reads each back to the same bits,
// negative zero included. NaN and infinities have no JSON form.

/// How ``JSONWriter`` lays out a value.
public enum JSONLayout: Sendable, Hashable {
  /// No whitespace at all.
  case compact
  /// Two-space indentation, one member or element per line; a container
  /// whose elements are all scalars or arrays of scalars stays on one line
  /// (`[1.0, 2.0]`, `{"time": 0.0, "value": [1.0, 2.0]}`), with `, ` and
  /// `: ` as separators. The text ends with a line break.
  case pretty
}

/// Writes JSON text.
public enum JSONWriter {
  /// The text of `value`.
  ///
  /// - Parameters:
  ///   - value: the value; its numbers must be finite.
  ///   - layout: compact or pretty.
  /// - Returns: the text, or `nil` if a number is NaN or infinite.
  public static func write(_ value: JSONValue, layout: JSONLayout = .pretty) -> String? {
    write(value, layout: layout, integerKeys: [])
  }

  /// The text of `value`, with integral numbers under the member names in
  /// `integerKeys` (directly, or as elements of an array there) written
  /// without a fraction (`3`, not `3.0`): counts and indices, which read
  /// back as the same doubles either way.
  ///
  /// - Parameters:
  ///   - value: the value; its numbers must be finite.
  ///   - layout: compact or pretty.
  ///   - integerKeys: member names whose integral numbers are integers.
  /// - Returns: the text, or `nil` if a number is NaN or infinite.
  public static func write(_ value: JSONValue, layout: JSONLayout, integerKeys: Set<String>)
    -> String?
  {
    var out = ""
    var writer = Writer(layout: layout, integerKeys: integerKeys)
    guard writer.append(value, to: &out, indent: 0, integral: false) else { return nil }
    if layout == .pretty { out += "\n" }
    return out
  }

  /// The shortest decimal that reads back to `x`, as a JSON number (`1.0`,
  /// `0.1`, `-0.0`, `1e+16`), or `nil` for NaN and infinities.
  public static func number(_ x: Double) -> String? {
    x.isFinite ? x.description : nil
  }

  /// Appends `s` as a JSON string: quotes around it, `"` and `\` escaped,
  /// control characters as `\n`, `\t`, … or `\u00XX`; everything else as
  /// it is (UTF-8).
  public static func appendString(_ s: String, to out: inout String) {
    out += "\""
    var plain = true
    for u in s.utf8 where u < 0x20 || u == 0x22 || u == 0x5C {
      plain = false
      break
    }
    if plain {
      out += s
    } else {
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            out += "\\u00" + (hex.count < 2 ? "0" + hex : hex)
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
    }
    out += "\""
  }

  /// Whether `value` is a scalar or an array of scalars.
  private static func isFlat(_ value: JSONValue) -> Bool {
    switch value.content {
    case .object: return false
    case .array(let elements):
      return elements.allSatisfy {
        if case .array = $0.content { return false }
        if case .object = $0.content { return false }
        return true
      }
    default: return true
    }
  }

  static func newline(_ out: inout String, _ indent: Int) {
    out += "\n"
    out += String(repeating: " ", count: indent)
  }

  fileprivate struct Writer {
    let layout: JSONLayout
    let integerKeys: Set<String>

    mutating func append(
      _ value: JSONValue, to out: inout String, indent: Int, integral: Bool
    ) -> Bool {
      switch value.content {
      case .null: out += "null"
      case .bool(let b): out += b ? "true" : "false"
      case .number(let x):
        if integral && x == x.rounded() && abs(x) < 1e15 {
          out += String(Int64(x))
          return true
        }
        guard let text = JSONWriter.number(x) else { return false }
        out += text
      case .string(let s): JSONWriter.appendString(s, to: &out)
      case .array(let elements):
        if elements.isEmpty {
          out += "[]"
          return true
        }
        let inline = layout == .compact || elements.allSatisfy(JSONWriter.isFlat)
        out += "["
        for (k, element) in elements.enumerated() {
          if k > 0 { out += layout == .compact ? "," : (inline ? ", " : ",") }
          if !inline { JSONWriter.newline(&out, indent + 2) }
          guard append(element, to: &out, indent: indent + 2, integral: integral) else {
            return false
          }
        }
        if !inline { JSONWriter.newline(&out, indent) }
        out += "]"
      case .object(let members):
        if members.isEmpty {
          out += "{}"
          return true
        }
        let inline = layout == .compact || members.allSatisfy { JSONWriter.isFlat($0.value) }
        out += "{"
        for (k, member) in members.enumerated() {
          if k > 0 { out += layout == .compact ? "," : (inline ? ", " : ",") }
          if !inline { JSONWriter.newline(&out, indent + 2) }
          JSONWriter.appendString(member.key, to: &out)
          out += layout == .compact ? ":" : ": "
          let integral = integerKeys.contains(member.key)
          guard append(member.value, to: &out, indent: indent + 2, integral: integral) else {
            return false
          }
        }
        if !inline { JSONWriter.newline(&out, indent) }
        out += "}"
      }
      return true
    }
  }
}
