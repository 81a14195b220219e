// A node of a timing tree: a clip (an animator placed in time), a timeline
// (children at start times) or a stagger (a template for many targets).
//
// Guides/Choreography.md is the contract; Web Animations Level 2's group
// effects and Core Animation's hierarchical timing are the models.

/// A node of a timing tree: a clip, a timeline or a stagger, each with its
/// own ``Timing``.
///
/// Nodes are references. A node has at most one parent; a timeline's
/// children and their start times, a stagger's offsets and every node's
/// timing are guarded by one lock shared by all nodes (tree edits are rare
/// and short; sampling takes it for reading, so any number of threads
/// sample at once).
///
/// ```swift
/// let fade = try Node.clip(animator, timing: Timing(duration: .time(0.5), fill: .forwards))
/// let intro = try Node.timeline()
/// try intro.add(fade)                 // at 0
/// try intro.add(slide, at: "<0.1")    // 0.1 after fade starts
/// ```
public final class Node: @unchecked Sendable {
  /// What a node holds.
  enum Content {
    case clip(ClipContent)
    case timeline(TimelineContent)
    case stagger(StaggerContent)
  }

  /// Guarded by ``Choreography/lock``.
  var content: Content
  /// Guarded by ``Choreography/lock``.
  var timingValue: Timing
  /// Guarded by ``Choreography/lock``: the node this one was added to.
  weak var parent: Node?
  /// Guarded by ``Choreography/lock``, written only under its write lock:
  /// a timeline's natural duration and the edit counts it is current at
  /// (``Choreography/generation``, ``EditDomain/allEdits``), so that adding
  /// n children at the timeline's end costs O(n), not O(n²).
  var cachedDuration: (value: Double, generation: UInt64, edits: UInt64)?
  /// The last plan compiled for sampling this node as a root (guarded by
  /// `planLock`).
  var cachedPlan: Plan?
  let planLock = ReadWriteLock()
  /// Guarded by `planLock`: bumped whenever a new plan's columns differ
  /// from the last one's, so a caller can tell a layout it read still
  /// holds.
  var layoutGeneration: UInt64 = 1

  init(_ content: Content, timing: Timing) {
    self.content = content
    self.timingValue = timing
  }

  /// What kind of node this is.
  public enum Kind: String, Sendable, Hashable, CaseIterable, PinnedCode {
    case clip, timeline, stagger

    public static var noun: String { "node kind" }
    public var name: String { rawValue }
    /// `KF_NODE_*` order.
    public static let pinned: [Kind] = [.clip, .timeline, .stagger]
  }

  /// Whether this node is a clip, a timeline or a stagger.
  public var kind: Kind {
    Choreography.lock.withReadLock {
      switch content {
      case .clip: return .clip
      case .timeline: return .timeline
      case .stagger: return .stagger
      }
    }
  }

  /// The node's timing.
  public var timing: Timing {
    get { Choreography.lock.withReadLock { timingValue } }
  }

  /// Replaces the node's timing.
  ///
  /// - Parameter timing: The new timing (already validated).
  public func setTiming(_ timing: Timing) {
    Choreography.edit { timingValue = timing }
  }

  /// Whether the node has been added to a timeline or a stagger.
  public var hasParent: Bool { Choreography.lock.withReadLock { parent != nil } }

  /// What `fill: auto` means for this node: `none` for a clip, `both` for a
  /// group (the rule of the Web Animations drafts with group effects).
  var autoFill: FillMode {
    if case .clip = content { return .none }
    return .both
  }

  /// The node's natural duration: a clip's span length, a group's latest
  /// child end. Call with ``Choreography/lock`` held, and say whether the
  /// locks of the animators under the node are held too.
  func unlockedNaturalDuration(animatorsLocked: Bool = false) -> Double {
    switch content {
    case .clip(let clip):
      let span = clip.resolvedSpan(animatorsLocked: animatorsLocked)
      return span.end - span.start
    case .timeline(let timeline):
      if let cached = cachedDuration, cached.generation == Choreography.generation,
        cached.edits == EditDomain.allEdits.load(ordering: .relaxed)
      {
        return cached.value
      }
      var end = 0.0
      for child in timeline.children {
        end = Swift.max(
          end, child.start + child.node.unlockedEndTime(animatorsLocked: animatorsLocked))
      }
      return end
    case .stagger(let stagger):
      return Swift.max(
        0,
        stagger.maximumOffset
          + stagger.template.unlockedEndTime(animatorsLocked: animatorsLocked))
    }
  }

  /// The node's end time in its parent: max(delay + active duration + end
  /// delay, 0) with its natural duration for `auto`. Call with
  /// ``Choreography/lock`` held.
  func unlockedEndTime(animatorsLocked: Bool = false) -> Double {
    timingValue.endTime(
      intrinsicDuration: unlockedNaturalDuration(animatorsLocked: animatorsLocked))
  }

  /// The node's natural duration (the intrinsic duration its `auto`
  /// duration stands for): a clip's span length; a timeline's latest child
  /// end, `max(0, startᵢ + end timeᵢ)`; a stagger's `max(0, offsetᵢ +
  /// template end time)`.
  public var naturalDuration: Double {
    Choreography.lock.withReadLock { unlockedNaturalDuration() }
  }

  /// The node's end time: max(delay + active duration + end delay, 0).
  public var endTime: Double { Choreography.lock.withReadLock { unlockedEndTime() } }

  /// The natural duration, active duration and end time, read together.
  public var durations: (natural: Double, active: Double, end: Double) {
    Choreography.lock.withReadLock {
      let natural = unlockedNaturalDuration()
      return (
        natural, timingValue.activeDuration(intrinsicDuration: natural),
        timingValue.endTime(intrinsicDuration: natural)
      )
    }
  }

  /// The node's active duration (its timing's, with the natural duration
  /// for `auto`).
  public var activeDuration: Double {
    Choreography.lock.withReadLock {
      timingValue.activeDuration(intrinsicDuration: unlockedNaturalDuration())
    }
  }

  /// The node's computed timing at local time `localTime`, as its parent
  /// (or a player) would compute it: ``Timing/computed(at:intrinsicDuration:animationDirection:)``
  /// with the natural duration, and `fill: auto` resolved for the node's
  /// kind.
  ///
  /// - Parameters:
  ///   - localTime: The node's local time.
  ///   - animationDirection: The direction time runs in.
  /// - Returns: The computed timing.
  public func computedTiming(
    at localTime: Double, animationDirection: AnimationDirection = .forwards
  ) -> ComputedTiming {
    Choreography.lock.withReadLock {
      let model = unlockedResolvedTiming(animationDirection)
      return ComputedTiming(model, model.sample(localTime), localTime: localTime)
    }
  }

  /// The current iterations at two local times as if the node filled both
  /// ways (a player reports iterations whatever the fill), and the
  /// iteration duration; nil when either time has none (NaN).
  func iterations(at a: Double, _ b: Double, direction: AnimationDirection) -> (
    Double, Double, duration: Double
  )? {
    Choreography.lock.withReadLock { unlockedIterations(at: a, b, direction: direction) }
  }

  /// ``iterations(at:_:direction:)``. Call with ``Choreography/lock``
  /// held, and say whether the locks of the animators under the node are
  /// held too.
  func unlockedIterations(
    at a: Double, _ b: Double, direction: AnimationDirection, animatorsLocked: Bool = false
  ) -> (Double, Double, duration: Double)? {
    // Overall progress within [0, 1] (one iteration from its start):
    // iteration 0 throughout, so no boundary is crossed. A player asks at
    // every step; this spares it the natural duration and two samples.
    if timingValue.iterationStart + timingValue.iterations <= 1 { return nil }
    let model = ResolvedTiming(
      timingValue.replacingFill(.both),
      intrinsicDuration: unlockedNaturalDuration(animatorsLocked: animatorsLocked),
      animationDirection: direction)
    let i = model.sample(a).currentIteration
    let j = model.sample(b).currentIteration
    return i.isNaN || j.isNaN ? nil : (i, j, model.iterationDuration)
  }

  /// The node's timing resolved with its natural duration. Call with
  /// ``Choreography/lock`` held.
  func unlockedResolvedTiming(_ direction: AnimationDirection) -> ResolvedTiming {
    ResolvedTiming(
      timingValue, intrinsicDuration: unlockedNaturalDuration(), animationDirection: direction,
      autoFill: autoFill)
  }

  /// Every animator under this node, each once. Call with
  /// ``Choreography/lock`` held.
  func unlockedAnimators(into list: inout [Animator]) {
    switch content {
    case .clip(let clip): list.append(clip.animator)
    case .timeline(let timeline):
      for child in timeline.children { child.node.unlockedAnimators(into: &list) }
    case .stagger(let stagger): stagger.template.unlockedAnimators(into: &list)
    }
  }

  /// Whether `node` is this node or one of its ancestors. Call with
  /// ``Choreography/lock`` held.
  func unlockedHasAncestorOrSelf(_ node: Node) -> Bool {
    var current: Node? = self
    while let n = current {
      if n === node { return true }
      current = n.parent
    }
    return false
  }
}

/// The lock and edit count shared by every node.
enum Choreography {
  /// Guards every node's content, timing and parent.
  static let lock = ReadWriteLock()
  /// Guarded by `lock`: bumped by every tree edit, so a compiled plan can
  /// tell it is stale.
  nonisolated(unsafe) static var generation: UInt64 = 0

  /// Runs `body` holding the lock for writing and counts an edit.
  static func edit<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    try lock.withWriteLock { () throws(E) -> R in
      let result = try body()
      generation &+= 1
      return result
    }
  }
}

extension ComputedTiming {
  /// A computed timing from a resolved timing and one of its samples.
  init(_ model: ResolvedTiming, _ s: TimingSample, localTime: Double) {
    func value(_ x: Double) -> Double? { x.isNaN ? nil : x }
    self.init(
      phase: s.phase, localTime: value(localTime), iterationDuration: model.iterationDuration,
      activeDuration: model.activeDuration, endTime: model.endTime, activeTime: value(s.activeTime),
      overallProgress: value(s.overallProgress),
      simpleIterationProgress: value(s.simpleIterationProgress),
      currentIteration: value(s.currentIteration), directedProgress: value(s.directedProgress),
      transformedProgress: value(s.transformedProgress))
  }
}
