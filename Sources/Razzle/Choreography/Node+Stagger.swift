/// A stagger's content: the template clip, the items' targets and start
/// offsets, and the distinct offsets the items share.
struct StaggerContent {
  let template: Node
  let targets: [String]
  let distribution: StaggerDistribution
  let offsets: [Double]
  /// The distinct offsets, ascending.
  let distinctOffsets: [Double]
  /// For each item, its offset's index in `distinctOffsets`.
  let offsetIndex: [Int]
  let maximumOffset: Double

  init(template: Node, targets: [String], distribution: StaggerDistribution) {
    self.template = template
    self.targets = targets
    self.distribution = distribution
    let offsets = distribution.offsets(count: targets.count)
    self.offsets = offsets
    let distinct = Array(Set(offsets)).sorted()
    distinctOffsets = distinct
    var position: [Double: Int] = [:]
    for (i, x) in distinct.enumerated() { position[x] = i }
    offsetIndex = offsets.map { position[$0] ?? 0 }
    maximumOffset = distinct.last ?? 0
  }
}

extension Node {
  /// A stagger: `template` played for each of `targets`, item i starting
  /// `offset[i]` later (``StaggerDistribution``). `fill: auto` is `both`
  /// for a stagger.
  ///
  /// An item's (target, property) pairs are the template's tracks' pairs
  /// with the target renamed: an empty track target becomes the item's
  /// target, a track target `icon` becomes `item.icon`.
  ///
  /// - Parameters:
  ///   - template: A clip without a parent; the stagger becomes its parent.
  ///   - targets: The items' target names, at least one, each non-empty.
  ///   - distribution: How the offsets are spread.
  ///   - timing: The stagger's own timing.
  /// - Returns: The stagger, the template's parent.
  /// - Throws: ``RazzleError`` `.invalidValue` for no targets, a template
  ///   that is not a clip or has a parent; `.invalidName` for an empty
  ///   target name.
  public static func stagger(
    _ template: Node, targets: [String], distribution: StaggerDistribution,
    timing: Timing = .default
  ) throws(RazzleError) -> Node {
    guard !targets.isEmpty else {
      throw RazzleError(.invalidValue, "a stagger needs at least one target")
    }
    if let i = targets.firstIndex(where: \.isEmpty) {
      throw RazzleError(.invalidName, "stagger target \(i) is an empty name")
    }
    return try Choreography.edit { () throws(RazzleError) -> Node in
      guard case .clip = template.content else {
        throw RazzleError(
          .invalidValue, "a stagger's template must be a clip (got a \(template.kindName))")
      }
      guard template.parent == nil else {
        throw RazzleError(.invalidValue, "the template is in a timeline or a stagger already")
      }
      let node = Node(
        .stagger(
          StaggerContent(template: template, targets: targets, distribution: distribution)),
        timing: timing)
      template.parent = node
      return node
    }
  }

  /// A stagger's items' start offsets, in target order; empty for another
  /// kind of node.
  public var staggerOffsets: [Double] {
    Choreography.lock.withReadLock {
      if case .stagger(let s) = content { return s.offsets }
      return []
    }
  }

  /// A stagger's template, targets and distribution; nil for another kind
  /// of node.
  public var staggerSettings:
    (template: Node, targets: [String], distribution: StaggerDistribution)?
  {
    Choreography.lock.withReadLock {
      if case .stagger(let s) = content { return (s.template, s.targets, s.distribution) }
      return nil
    }
  }
}
