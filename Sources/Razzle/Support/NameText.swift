/// Text as messages show it.
public enum NameText {
  /// `text` with each NUL written `\u{0}`: a message holding a name read
  /// from a file reaches C callers as a C string, which a NUL would cut
  /// (losing the rest of the reason and its position).
  public static func escapingNUL(_ text: String) -> String {
    guard text.utf8.contains(0) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if scalar == "\u{0}" { out += "\\u{0}" } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }
}
