// A scene: the objects a `razzle-scene/1` file holds (Guides/Scenes.md).

/// A set of razzle objects that is saved to and loaded from one scene file:
/// animators, timing nodes (trees of clips, timelines and staggers),
/// paging layouts, paths and masks, each with an optional name, the stages a
/// renderer draws (``Stage``), and the `extensions` objects the file
/// carried.
///
/// A scene refers to its objects, it does not copy them: objects added to
/// a scene are written as they are when the scene is saved; objects of a
/// loaded scene are new and belong to no one else. Safe to use from many
/// threads (one lock guards the lists; each object is read under its own
/// lock when saved).
public final class Scene: @unchecked Sendable {
  /// The sorts of objects a scene lists, in the file's order.
  public enum ItemKind: String, Sendable, Hashable, CaseIterable {
    case animator, node, paging, path, mask, stage

    /// The member of the file that lists them (`animators`, …).
    public var listName: String { rawValue + "s" }
  }

  /// An object of a scene with its optional name.
  public struct Item<Object> {
    /// The object's name in the file, or nil.
    public var name: String?
    /// The object.
    public var object: Object
  }

  let lock = ReadWriteLock()
  var animatorItems: [Item<Animator>] = []
  var nodeItems: [Item<Node>] = []
  var pagingItems: [Item<PagingLayout>] = []
  var pathItems: [Item<Path>] = []
  var maskItems: [Item<Mask>] = []
  var stageItems: [Stage] = []
  /// The `extensions` objects read from a file, by the JSON Pointer of the
  /// object that held them ("" for the top level); written back at the same
  /// places.
  var extensions: [String: JSONValue] = [:]

  /// An empty scene.
  public init() {}

  /// The animators, in order.
  public var animators: [Item<Animator>] { lock.withReadLock { animatorItems } }
  /// The root nodes, in order.
  public var nodes: [Item<Node>] { lock.withReadLock { nodeItems } }
  /// The paging layouts, in order.
  public var pagings: [Item<PagingLayout>] { lock.withReadLock { pagingItems } }
  /// The paths, in order.
  public var paths: [Item<Path>] { lock.withReadLock { pathItems } }
  /// The masks, in order.
  public var masks: [Item<Mask>] { lock.withReadLock { maskItems } }
  /// The stages, in order.
  public var stages: [Stage] { lock.withReadLock { stageItems } }

  /// The number of objects of `kind`.
  public func count(_ kind: ItemKind) -> Int {
    lock.withReadLock {
      switch kind {
      case .animator: return animatorItems.count
      case .node: return nodeItems.count
      case .paging: return pagingItems.count
      case .path: return pathItems.count
      case .mask: return maskItems.count
      case .stage: return stageItems.count
      }
    }
  }

  /// The names of the objects of `kind`, in order (nil for unnamed ones).
  public func names(_ kind: ItemKind) -> [String?] {
    lock.withReadLock {
      switch kind {
      case .animator: return animatorItems.map(\.name)
      case .node: return nodeItems.map(\.name)
      case .paging: return pagingItems.map(\.name)
      case .path: return pathItems.map(\.name)
      case .mask: return maskItems.map(\.name)
      case .stage: return stageItems.map(\.name)
      }
    }
  }

  /// The index of the object of `kind` named `name`.
  ///
  /// - Throws: ``RazzleError`` `.notFound` if no object of that kind has the
  ///   name.
  public func index(of kind: ItemKind, named name: String) throws(RazzleError) -> Int {
    guard let i = names(kind).firstIndex(where: { $0 == name }) else {
      throw RazzleError(.notFound, "the scene has no \(kind.rawValue) named \"\(name)\"")
    }
    return i
  }

  /// Checks an object's name: nil, or non-empty, without NUL, and not used
  /// by another object of the same kind.
  static func checkName(_ name: String?, among names: [String?], kind: ItemKind)
    throws(RazzleError)
  {
    guard let name else { return }
    guard !name.isEmpty, !name.utf8.contains(0) else {
      throw RazzleError(.invalidName, "a \(kind.rawValue) name must be non-empty without NUL")
    }
    if names.contains(name) {
      throw RazzleError(.duplicate, "the scene has a \(kind.rawValue) named \"\(name)\" already")
    }
  }

  /// Adds `animator` (shared, not copied).
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for an empty name, `.duplicate`
  ///   for a name another animator of the scene has, or for an animator the
  ///   scene has already (a file lists each animator once, so a second
  ///   entry could not be written back).
  public func add(_ animator: Animator, name: String? = nil) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      try Self.checkName(name, among: animatorItems.map(\.name), kind: .animator)
      if let k = animatorItems.firstIndex(where: { $0.object === animator }) {
        let known = animatorItems[k].name.map { " as \"\($0)\"" } ?? " at index \(k)"
        throw RazzleError(.duplicate, "the scene has this animator already\(known)")
      }
      animatorItems.append(Item(name: name, object: animator))
    }
  }

  /// Adds `node` and the tree under it (shared); its animators are written
  /// with the scene's (after the listed ones, in the order they are met).
  ///
  /// - Throws: as ``add(_:name:)-(Animator,_)``.
  public func add(_ node: Node, name: String? = nil) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      try Self.checkName(name, among: nodeItems.map(\.name), kind: .node)
      nodeItems.append(Item(name: name, object: node))
    }
  }

  /// Adds a paging layout (shared); its animator is written with the
  /// scene's.
  ///
  /// - Throws: as ``add(_:name:)-(Animator,_)``.
  public func add(_ paging: PagingLayout, name: String? = nil) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      try Self.checkName(name, among: pagingItems.map(\.name), kind: .paging)
      pagingItems.append(Item(name: name, object: paging))
    }
  }

  /// Adds a path.
  ///
  /// - Throws: as ``add(_:name:)-(Animator,_)``.
  public func add(_ path: Path, name: String? = nil) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      try Self.checkName(name, among: pathItems.map(\.name), kind: .path)
      pathItems.append(Item(name: name, object: path))
    }
  }

  /// Adds a mask.
  ///
  /// - Throws: as ``add(_:name:)-(Animator,_)``.
  public func add(_ mask: Mask, name: String? = nil) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      try Self.checkName(name, among: maskItems.map(\.name), kind: .mask)
      maskItems.append(Item(name: name, object: mask))
    }
  }
}

/// A scene file that could not be loaded: the error's category, where it
/// is (a JSON Pointer, and the line and column of the value) and why.
public struct SceneError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category: `.format` for JSON and structure (syntax, types,
  /// unknown or missing members), otherwise the category the core's own
  /// check gave (`.easing` for an unknown easing, `.invalidValue` for a
  /// value out of its property's range, …).
  public var kind: RazzleError.Kind
  /// What is wrong.
  public var reason: String
  /// The value the error is about.
  public var pointer: JSONPointer
  /// Where that value starts.
  public var position: JSONPosition

  /// `<pointer>: <reason> (line L, column C)`.
  public var description: String { "\(pointer.display): \(reason) (\(position))" }

  /// The error as the core reports it, with ``description`` as its message.
  public var error: RazzleError { RazzleError(kind, description) }
}

extension Scene.ItemKind: PinnedCode {
  public static var noun: String { "scene item" }
  public var name: String { rawValue }
  /// `KF_SCENE_*` order.
  public static let pinned: [Scene.ItemKind] = [.animator, .node, .paging, .path, .mask, .stage]
}
