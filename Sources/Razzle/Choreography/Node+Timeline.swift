/// A timeline's content: children at start times, and labels.
struct TimelineContent {
  var children: [(node: Node, start: Double)] = []
  var labels: [String: Double] = [:]
  /// Label names in the order they were first added.
  var labelOrder: [String] = []
}

extension Node {
  /// A timeline (a group): children placed at start times, each seeing the
  /// timeline's inner time minus its start. `fill: auto` is `both` for a
  /// timeline.
  ///
  /// - Parameter timing: The timeline's timing; `duration` `auto` is its
  ///   natural duration, the latest end of its children.
  /// - Returns: An empty timeline.
  public static func timeline(timing: Timing = .default) -> Node {
    Node(.timeline(TimelineContent()), timing: timing)
  }

  /// Adds `child` to this timeline at `placement`, resolved now (later
  /// edits of earlier children do not move it).
  ///
  /// - Parameters:
  ///   - child: A node without a parent, not this timeline nor one of its
  ///     ancestors.
  ///   - placement: Where it starts (default: the timeline's end, a
  ///     sequence).
  /// - Returns: The child's start time.
  /// - Throws: ``RazzleError`` `.invalidValue` if this node is not a
  ///   timeline, if `child` has a parent already or would make a cycle, or
  ///   if the start time is not finite; `.notFound` for an unknown label
  ///   (with the closest one). Nothing changes then.
  @discardableResult
  public func add(_ child: Node, at placement: Placement = .end(0)) throws(RazzleError)
    -> Double
  {
    try Choreography.edit { () throws(RazzleError) -> Double in
      guard case .timeline(var timeline) = content else {
        throw RazzleError(
          .invalidValue, "only a timeline has children (this node is a \(kindName))")
      }
      guard child.parent == nil else {
        throw RazzleError(.invalidValue, "the node is in a timeline or a stagger already")
      }
      guard !unlockedHasAncestorOrSelf(child) else {
        throw RazzleError(
          .invalidValue, "adding the node would make a cycle (it is this timeline or contains it)")
      }
      let start = try unlockedResolve(placement, in: timeline)
      // The natural duration before the add, computed (and cached) once
      // per burst of adds: the one after is the larger of it and the new
      // child's end, current at the generation this edit moves to.
      let edits = EditDomain.allEdits.load(ordering: .relaxed)
      let before = unlockedNaturalDuration()
      let after = Swift.max(before, start + child.unlockedEndTime())
      // The content lets go of its copy first, so the append below grows
      // the one array in place instead of copying every child (which made
      // n adds O(n²)).
      content = .timeline(TimelineContent())
      timeline.children.append((child, start))
      content = .timeline(timeline)
      child.parent = self
      cachedDuration = (after, Choreography.generation &+ 1, edits)
      return start
    }
  }

  /// Adds (or moves) the label `name` at `placement`.
  ///
  /// - Returns: The label's time.
  /// - Throws: ``RazzleError`` as ``add(_:at:)``, and `.invalidName` for a
  ///   name that is not valid (``Label/validate(_:)``).
  @discardableResult
  public func addLabel(_ name: String, at placement: Placement = .end(0)) throws(RazzleError)
    -> Double
  {
    try Label.validate(name)
    return try Choreography.edit { () throws(RazzleError) -> Double in
      guard case .timeline(var timeline) = content else {
        throw RazzleError(.invalidValue, "only a timeline has labels (this node is a \(kindName))")
      }
      let time = try unlockedResolve(placement, in: timeline)
      content = .timeline(TimelineContent())  // unshare, as in add(_:at:)
      if timeline.labels.updateValue(time, forKey: name) == nil {
        timeline.labelOrder.append(name)
      }
      content = .timeline(timeline)
      return time
    }
  }

  /// A timeline's children with their start times, in the order they were
  /// added; empty for another kind of node.
  public var children: [(node: Node, start: Double)] {
    Choreography.lock.withReadLock {
      if case .timeline(let timeline) = content { return timeline.children }
      return []
    }
  }

  /// The time of the label `name`.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` if this node is not a
  ///   timeline, `.notFound` for an unknown label (with the closest one).
  public func labelTime(_ name: String) throws(RazzleError) -> Double {
    try Choreography.lock.withReadLock { () throws(RazzleError) -> Double in
      guard case .timeline(let timeline) = content else {
        throw RazzleError(.invalidValue, "only a timeline has labels (this node is a \(kindName))")
      }
      guard let time = timeline.labels[name] else {
        throw RazzleError(
          .notFound,
          "no label \"\(name)\" in the timeline\(NameSuggestion.hint(for: name, among: timeline.labelOrder))"
        )
      }
      return time
    }
  }

  /// A timeline's labels with their times, in the order they were first
  /// added; empty for another kind of node.
  public var labels: [(name: String, time: Double)] {
    Choreography.lock.withReadLock {
      guard case .timeline(let timeline) = content else { return [] }
      return timeline.labelOrder.map { ($0, timeline.labels[$0] ?? 0) }
    }
  }

  /// The time `placement` names in `timeline`. Call with the lock held.
  private func unlockedResolve(_ placement: Placement, in timeline: TimelineContent)
    throws(RazzleError) -> Double
  {
    let previous = timeline.children.last
    let time: Double
    switch placement {
    case .end(let x): time = unlockedNaturalDuration() + x
    case .time(let x): time = x
    case .previousStart(let x): time = (previous?.start ?? 0) + x
    case .previousEnd(let x):
      time = (previous.map { $0.start + $0.node.unlockedEndTime() } ?? 0) + x
    case .label(let name, let x):
      guard let at = timeline.labels[name] else {
        throw RazzleError(
          .notFound,
          "no label \"\(name)\" in the timeline\(NameSuggestion.hint(for: name, among: timeline.labelOrder))"
        )
      }
      time = at + x
    }
    guard time.isFinite else {
      throw RazzleError(.invalidValue, "position \(placement) resolves to \(time), not finite")
    }
    return time
  }

  /// "clip", "timeline" or "stagger". Call with the lock held.
  var kindName: String {
    switch content {
    case .clip: return "clip"
    case .timeline: return "timeline"
    case .stagger: return "stagger"
    }
  }
}
