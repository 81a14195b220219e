// Reading a Lottie document: JSON values with the pointer they were read
// at, so every error and warning names the place in the file.

/// A JSON Pointer as a chain of links, one per step: reading a member
/// costs one small allocation instead of a copy of the whole path, and the
/// ``JSONPointer`` is built only when an error or a warning prints it.
final class LottiePointer: @unchecked Sendable, CustomStringConvertible {
  let parent: LottiePointer?
  let component: JSONPointer.Component?

  private init(parent: LottiePointer?, component: JSONPointer.Component?) {
    self.parent = parent
    self.component = component
  }

  /// The document's root.
  static let root = LottiePointer(parent: nil, component: nil)

  /// This pointer followed by the member `key`.
  func appending(_ key: String) -> LottiePointer {
    LottiePointer(parent: self, component: .key(key))
  }

  /// This pointer followed by the element `index`.
  func appending(_ index: Int) -> LottiePointer {
    LottiePointer(parent: self, component: .index(index))
  }

  /// The pointer as a ``JSONPointer``.
  var json: JSONPointer {
    var components: [JSONPointer.Component] = []
    var link: LottiePointer? = self
    while let l = link, let c = l.component {
      components.append(c)
      link = l.parent
    }
    return JSONPointer(components.reversed())
  }

  var description: String { json.description }
}

/// A JSON value and the JSON Pointer it sits at in a Lottie document.
///
/// The pointer is kept as the container's pointer and this node's last
/// step, and linked up only when asked for (an error, a warning, a
/// keyframe's record, or a child of a child): reading a member costs no
/// allocation.
struct LottieNode {
  let value: JSONValue
  private let base: LottiePointer
  private let step: JSONPointer.Component?

  /// The node `value` at `pointer`.
  init(value: JSONValue, pointer: LottiePointer) {
    self.value = value
    self.base = pointer
    self.step = nil
  }

  /// The node `value` at `parent` followed by `step`.
  init(value: JSONValue, parent: LottiePointer, step: JSONPointer.Component) {
    self.value = value
    self.base = parent
    self.step = step
  }

  /// Where the node is (a new link when it has not been made yet).
  var pointer: LottiePointer {
    switch step {
    case nil: return base
    case .key(let key): return base.appending(key)
    case .index(let index): return base.appending(index)
    }
  }

  /// The member `key`, or nil when the value is not an object or has none.
  subscript(key: String) -> LottieNode? {
    value[key].map { LottieNode(value: $0, parent: pointer, step: .key(key)) }
  }

  /// The member `key` of the object `parent`, whose pointer is `at`: no
  /// link is made for the parent.
  static func member(_ parent: JSONValue, _ key: String, at: LottiePointer) -> LottieNode? {
    parent[key].map { LottieNode(value: $0, parent: at, step: .key(key)) }
  }

  /// This node with its pointer linked, for reading several children.
  var linked: LottieNode { step == nil ? self : LottieNode(value: value, pointer: pointer) }

  /// An error at this node: `/layers/0/ks/o: <message>`.
  func error(_ message: String) -> RazzleError {
    RazzleError(.invalidValue, "lottie \(pointer.json.display): \(message)")
  }

  /// The elements, when the value is an array.
  var elements: [LottieNode]? {
    guard let list = value.array else { return nil }
    let at = pointer
    return list.enumerated().map {
      LottieNode(value: $0.element, parent: at, step: .index($0.offset))
    }
  }

  /// The elements; an error if the value is not an array.
  func requireArray() throws(RazzleError) -> [LottieNode] {
    guard let list = elements else { throw error("expected an array, got \(value.typeName)") }
    return list
  }

  /// The number; an error if the value is not one.
  func requireNumber() throws(RazzleError) -> Double {
    guard let x = value.number else { throw error("expected a number, got \(value.typeName)") }
    return x
  }

  /// The member `key` as a number; an error if it is missing or not one.
  func number(_ key: String) throws(RazzleError) -> Double {
    guard let member = self[key] else { throw error("missing \"\(key)\"") }
    return try member.requireNumber()
  }

  /// The member `key` as a number, `fallback` when it is missing.
  func number(_ key: String, default fallback: Double) throws(RazzleError) -> Double {
    guard let member = self[key] else { return fallback }
    return try member.requireNumber()
  }

  /// The member `key` as a string, nil when it is missing.
  func string(_ key: String) throws(RazzleError) -> String? {
    guard let member = self[key] else { return nil }
    guard let s = member.value.string else {
      throw member.error("expected a string, got \(member.value.typeName)")
    }
    // Names and ids become C strings: a NUL would cut them.
    guard !s.utf8.contains(0) else { throw member.error("a string with a NUL character") }
    return s
  }

  /// A number or an array of numbers as a list of numbers.
  func numbers() throws(RazzleError) -> [Double] {
    switch value.content {
    case .number(let x): return [x]
    case .array(let list):
      var out: [Double] = []
      out.reserveCapacity(list.count)
      for item in list {
        guard case .number(let x) = item.content else {
          // The slow path names the element.
          for node in elements ?? [] { _ = try node.requireNumber() }
          break
        }
        out.append(x)
      }
      return out
    default:
      throw error("expected a number or an array of numbers, got \(value.typeName)")
    }
  }

  /// The member `key` as an integer, nil when it is missing; an error when
  /// it is not a number or not a whole number that an `Int` holds
  /// (`1e300` and `2.5` are refused rather than rounded).
  func integer(_ key: String) throws(RazzleError) -> Int? {
    guard let member = self[key] else { return nil }
    let x = try member.requireNumber()
    guard let n = Int(exactly: x) else {
      throw member.error("expected an integer, got \(x)")
    }
    return n
  }

  /// Whether the member `key` is a truthy Lottie flag (1 or true).
  func flag(_ key: String) -> Bool {
    guard let member = value[key] else { return false }
    if let b = member.bool { return b }
    if let x = member.number { return x != 0 }
    return false
  }
}
