// JSON Pointer (RFC 6901): the path of a value inside a document, for error
// messages (`/animators/0/tracks/3/keyframes/7/easing`).

/// The path from a document's root to one of its values, printed as an
/// RFC 6901 JSON Pointer.
///
/// The root is the empty pointer (printed as `""`, which messages show as
/// `(root)`); each component is an object key or an array index. Keys are
/// escaped as the RFC says: `~` as `~0`, `/` as `~1`.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// One step down: an object member or an array element.
  public enum Component: Sendable, Hashable {
    /// An object member's key.
    case key(String)
    /// An array element's index.
    case index(Int)
  }

  /// The steps from the root, outermost first.
  public private(set) var components: [Component]

  /// The pointer with `components` (the root by default).
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The root of a document.
  public static let root = JSONPointer()

  /// This pointer followed by the member `key`.
  public func appending(_ key: String) -> JSONPointer {
    var copy = self
    copy.components.append(.key(key))
    return copy
  }

  /// This pointer followed by the element `index`.
  public func appending(_ index: Int) -> JSONPointer {
    var copy = self
    copy.components.append(.index(index))
    return copy
  }

  /// Appends the member `key` in place.
  public mutating func push(_ key: String) { components.append(.key(key)) }

  /// Appends the element `index` in place.
  public mutating func push(_ index: Int) { components.append(.index(index)) }

  /// Removes the last component (nothing at the root).
  public mutating func pop() {
    if !components.isEmpty { components.removeLast() }
  }

  /// The RFC 6901 text: empty for the root, else `/` before each escaped
  /// component (`/animators/0/tracks`).
  public var description: String {
    var text = ""
    for component in components {
      text += "/"
      switch component {
      case .index(let i): text += String(i)
      case .key(let key):
        for scalar in key.unicodeScalars {
          switch scalar {
          case "~": text += "~0"
          case "/": text += "~1"
          default: text.unicodeScalars.append(scalar)
          }
        }
      }
    }
    return text
  }

  /// The pointer as messages show it: its text, or `(root)` for the root
  /// (whose RFC 6901 text is empty; `/` is the member `""` of the root).
  public var display: String {
    components.isEmpty ? "(root)" : description
  }
}
