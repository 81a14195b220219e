// A node tree compiled for sampling: each node's timing resolved with its
// natural duration, each clip's tracks with the output columns they write.

/// One (target, property) a node animates, and where its channels go in
/// the node's sample matrix.
public struct NodeColumn: Sendable, Hashable {
  public let target: String
  public let property: String
  public let kind: ValueKind
  /// The first of its `kind.channels` columns.
  public let column: Int
}

/// A node tree compiled for sampling, valid while the tree and every
/// animator under it are unchanged (``isCurrent(_:)``).
final class Plan: @unchecked Sendable {
  let treeGeneration: UInt64
  /// The animators under the tree, each once, in lock order.
  let animators: [Animator]
  /// Each animator's edit count when the plan was made.
  let edits: [UInt64]
  let columns: [NodeColumn]
  /// Doubles per row.
  let width: Int
  let root: PlanNode
  /// The deepest node's depth (the root is 0).
  let depth: Int
  /// The most times a stagger evaluates its template at per row.
  let maximumFanOut: Int
  /// The widest template or track a merge needs scratch for, in doubles.
  let maximumScratchWidth: Int
  /// The node's end time (``Node/endTime``), which holds as long as the
  /// plan does: a player reads it at every step.
  let endTime: Double
  /// The node's layout generation for these columns (set when cached).
  var layoutGeneration: UInt64 = 0
  /// Every timeline's runs of clips whose columns a frame matrix can
  /// write line by line (``PlanLineRun``), in tree order; a group node
  /// lists its own by index (``PlanNode/lineRuns``).
  var lineRuns: [PlanLineRun] = []
  /// Per column, the earlier column whose values it repeats at every time
  /// (itself when none), or empty when no column repeats another
  /// (``PlanBuilder/repeatedColumns(_:width:)``): a tile without line runs
  /// computes a repeated column once (``NodeSampler/tilePlaces(_:tileRows:lines:)``).
  var repeats: [Int] = []

  init(
    treeGeneration: UInt64, animators: [Animator], edits: [UInt64], columns: [NodeColumn],
    width: Int, root: PlanNode, depth: Int, maximumFanOut: Int, maximumScratchWidth: Int,
    endTime: Double
  ) {
    self.treeGeneration = treeGeneration
    self.animators = animators
    self.edits = edits
    self.columns = columns
    self.width = width
    self.root = root
    self.depth = depth
    self.maximumFanOut = maximumFanOut
    self.maximumScratchWidth = maximumScratchWidth
    self.endTime = endTime
    func staggers(_ node: PlanNode) -> Bool {
      switch node.body {
      case .clip: return false
      case .group(let children): return children.contains(where: staggers)
      case .stagger: return true
      }
    }
    hasStagger = staggers(root)
  }

  /// Whether a stagger is under the tree (its items write whole rows: the
  /// sampler's tiles do not take it).
  let hasStagger: Bool

  /// Every relative track under the tree (Guides/Layout.md).
  var relativeTracks: [Track] = []

  /// Checks that every relative track's variable is set. Call holding the
  /// animators' locks.
  ///
  /// - Throws: ``RazzleError`` `.notFound` naming the first track whose
  ///   variable is not set.
  func checkVariables() throws(RazzleError) {
    for track in relativeTracks {
      if let bound = track.bound { _ = try track.relationFactor(unlocked: bound) }
    }
  }

  /// Whether the plan still describes the tree: no tree edit and no edit
  /// of its animators since it was made. Call holding the choreography
  /// lock and every animator's lock.
  func isCurrent(_ animators: [Animator]) -> Bool {
    guard treeGeneration == Choreography.generation, animators.count == self.animators.count
    else { return false }
    for i in animators.indices {
      guard animators[i] === self.animators[i], animators[i].domain.edits == edits[i] else {
        return false
      }
    }
    return true
  }
}

/// One node of a plan.
final class PlanNode: @unchecked Sendable {
  enum Body {
    case clip(PlanClip)
    case group([PlanNode])
    case stagger(PlanStagger)
  }

  /// The node's timing with time running forwards and backwards.
  let forwards: ResolvedTiming
  let backwards: ResolvedTiming
  /// The timing's numbers when it is one plain forward iteration (the
  /// sampler's fast path), else nil.
  let simple: SimpleTiming?
  /// The node's start time in its parent (0 for a root or a template).
  let start: Double
  let body: Body
  /// The body's clip, or nil, unretained: ``body`` holds it. The threads
  /// sampling one plan reach it once per node and block, through
  /// `_withUnsafeGuaranteedRef`; a retain there would be an atomic write to
  /// the clip's header, which the threads would pass between their cores
  /// (measured on bench case 41: a quarter of the time of 1,000 clips on
  /// two threads).
  let clip: Unmanaged<PlanClip>?
  /// How a clip maps its parent's times to its animator's (nil for other
  /// nodes and other timings): siblings with equal keys map alike.
  let clipMap: ClipMap?
  /// For a timeline: its children's line runs, in the children's order:
  /// each one's index in ``Plan/lineRuns`` and its children (so that the
  /// sampling threads find them without reading the run, whose arrays
  /// they would retain).
  var lineRuns: [(index: Int, children: Range<Int>)] = []

  init(forwards: ResolvedTiming, backwards: ResolvedTiming, start: Double, body: Body) {
    self.forwards = forwards
    self.backwards = backwards
    self.simple = SimpleTiming(forwards)
    self.start = start
    self.body = body
    if case .clip(let clip) = body {
      self.clip = Unmanaged.passUnretained(clip)
      self.clipMap = simple.map {
        ClipMap(timing: $0, start: start, spanStart: clip.spanStart, spanLength: clip.spanLength)
      }
    } else {
      self.clip = nil
      self.clipMap = nil
    }
  }
}

/// A clip's map from its parent's times to its animator's, when its timing
/// is simple: siblings whose maps are equal (placed and timed alike: a
/// timeline of clips that play together) map a block of times to the same
/// animator times, so ``NodeSampler`` maps it once for all of them.
struct ClipMap: Hashable {
  let timing: SimpleTiming
  let start: Double
  let spanStart: Double
  let spanLength: Double
}

/// A timing of one forward, linear iteration that starts at or after 0 and
/// does not end early: its progress is `(t − delay) / d` in the active
/// interval and its fills' 0 and 1 outside, which ``NodeSampler`` maps to
/// an inner time without the general procedure, and without rounding when
/// the inner time is the local time minus the delay (a clip's `auto`
/// duration, a timeline's children).
struct SimpleTiming: Hashable {
  let delay: Double
  let duration: Double
  /// The phase boundaries (``ResolvedTiming``'s).
  let before: Double
  let after: Double
  let fillsBackwards: Bool
  let fillsForwards: Bool

  init?(_ t: ResolvedTiming) {
    guard t.iterations == 1, t.iterationStart == 0, t.direction == .normal,
      case .identity = t.form, t.iterationDuration.isFinite, t.iterationDuration > 0,
      t.delay >= 0, t.endTime >= t.delay + t.activeDuration
    else { return nil }
    delay = t.delay
    duration = t.iterationDuration
    before = t.beforeActiveBoundary
    after = t.activeAfterBoundary
    fillsBackwards = t.fillsBackwards
    fillsForwards = t.fillsForwards
  }
}

/// A track a clip writes: its sampler's track and its output column.
struct PlanTrack {
  let track: Track
  /// Its first column in the node's matrix (for a stagger template: in the
  /// template's own row).
  let column: Int
  let channels: Int
  /// The track's sampler (a view of its keyframes) when the plan was made:
  /// a plan is used only while no track of it was edited
  /// (``Plan/isCurrent(_:)``), so the view is still the track's. Copied
  /// here so that the sampling threads read it without retaining the
  /// track (see ``PlanNode/clip``).
  let sampler: KeyframeSampler
  /// Whether the track is relative (``applyRelation(to:count:stride:)``
  /// rewrites its values).
  let isRelative: Bool

  /// A track with a sampler (a track with keyframes).
  init(track: Track, column: Int, channels: Int) {
    let sampler = track.sampler.unsafelyUnwrapped
    self.track = track
    self.column = column
    self.channels = channels
    self.sampler = sampler
    self.isRelative = track.bound != nil
  }

  /// Rewrites a relative track's `count` values at `out` as value ×
  /// variable + constant (Guides/Layout.md); nothing for a plain track.
  /// Call with the animator's lock held, after ``Plan/checkVariables()``.
  @inline(__always)
  func applyRelation(to out: UnsafeMutablePointer<Double>, count: Int, stride: Int) {
    // The flag first: a plain track's call reads nothing of the track
    // (no retain on the sampling threads).
    guard isRelative, let bound = track.bound else { return }
    bound.apply(
      factor: track.domain.variables.values[bound.slot], derivative: false, to: out,
      count: count, channels: channels, stride: stride)
  }
}

/// A clip's tracks and the map from its progress to its animator's time.
/// A class, so that evaluating a node shares it instead of copying (and
/// retaining) each of its references.
final class PlanClip: @unchecked Sendable {
  let animator: Animator
  /// The first column, when the clip writes a run of columns of its own
  /// first, in its animator's order (its one-row fast path: the animator's
  /// frame); else nil.
  let contiguousBase: Int?
  let spanStart: Double
  let spanLength: Double
  let composite: Composite
  let tracks: [PlanTrack]
  /// For each track, whether it is the first writer of its columns (it
  /// writes every row, NaN where it has no effect) or merges into what is
  /// there.
  let direct: [Bool]
  /// The channels of all tracks together (a stagger template's row).
  let width: Int

  init(
    animator: Animator, contiguousBase: Int?, spanStart: Double, spanLength: Double,
    composite: Composite, tracks: [PlanTrack], direct: [Bool], width: Int
  ) {
    self.animator = animator
    self.contiguousBase = contiguousBase
    self.spanStart = spanStart
    self.spanLength = spanLength
    self.composite = composite
    self.tracks = tracks
    self.direct = direct
    self.width = width
  }
}

/// A stagger's template, distinct offsets and items (a class, as
/// ``PlanClip``).
final class PlanStagger: @unchecked Sendable {
  let template: PlanNode
  let distinctOffsets: [Double]
  /// Per item: its distinct offset's index.
  let offsetIndex: [Int]
  /// Per item and template track (item-major): its first column.
  let columns: [Int]
  /// Per item and template track (item-major): whether it writes directly.
  let direct: [Bool]
  /// AnimationKit's `maxAnimationCount` ≤ 0: every item shows the animator
  /// at this time whenever the stagger has an effect.
  let fixedAnimatorTime: Double?
  /// The first column, when every item writes its own run of columns
  /// first, item after item in the template's order (the copy's fast
  /// path); else nil.
  let contiguousBase: Int?
  /// Runs of consecutive items that share a distinct offset: (first item,
  /// count, offset index).
  let runs: [(first: Int, count: Int, offset: Int)]

  init(
    template: PlanNode, distinctOffsets: [Double], offsetIndex: [Int], columns: [Int],
    direct: [Bool], fixedAnimatorTime: Double?, contiguousBase: Int?,
    runs: [(first: Int, count: Int, offset: Int)]
  ) {
    self.template = template
    self.distinctOffsets = distinctOffsets
    self.offsetIndex = offsetIndex
    self.columns = columns
    self.direct = direct
    self.fixedAnimatorTime = fixedAnimatorTime
    self.contiguousBase = contiguousBase
    self.runs = runs
  }
}

extension Node {
  /// Compiles the tree under this node. Call holding the choreography lock
  /// and the locks of `animators` (every animator under the node).
  func unlockedPlan(animators: [Animator]) throws(RazzleError) -> Plan {
    var builder = PlanBuilder()
    let root = try builder.node(self, start: 0, depth: 0)
    let plan = Plan(
      treeGeneration: Choreography.generation, animators: animators,
      edits: animators.map { $0.domain.edits }, columns: builder.columns, width: builder.width,
      root: root, depth: builder.depth, maximumFanOut: builder.fanOut,
      maximumScratchWidth: builder.scratchWidth,
      endTime: unlockedEndTime(animatorsLocked: true))
    plan.relativeTracks = builder.relativeTracks
    builder.findLineRuns(root, into: plan)
    plan.repeats = builder.repeatedColumns(root, width: builder.width)
    return plan
  }

  /// The animators under this node, each once, in the order their locks
  /// are taken (by identity, so that every caller takes them in the same
  /// order). Call with the choreography lock held.
  func unlockedLockOrder() -> [Animator] {
    var list: [Animator] = []
    unlockedAnimators(into: &list)
    list.sort { ObjectIdentifier($0) < ObjectIdentifier($1) }
    var unique: [Animator] = []
    unique.reserveCapacity(list.count)
    for a in list where unique.last !== a { unique.append(a) }
    return unique
  }
}

/// Walks a tree in order, assigning columns.
struct PlanBuilder {
  var columns: [NodeColumn] = []
  var positions: [Animator.Key: Int] = [:]
  var width = 0
  var depth = 0
  var fanOut = 1
  var scratchWidth = 1
  var relativeTracks: [Track] = []
  /// Per pair (``columns``' order): how many tracks write it.
  var writers: [Int] = []

  /// The column of `key` (new or existing) and whether it is new.
  mutating func column(_ key: Animator.Key, kind: ValueKind, composite: Composite)
    throws(RazzleError) -> (column: Int, isNew: Bool)
  {
    let name = "\(key.target.isEmpty ? "" : key.target + ".")\(key.property)"
    if composite == .add && !kind.isPerChannel {
      throw RazzleError(
        .kindMismatch,
        "\(name): composite add needs a kind blended channel by channel, not \(kind.name)")
    }
    if let i = positions[key] {
      guard columns[i].kind == kind else {
        throw RazzleError(
          .kindMismatch,
          "\(name) is \(columns[i].kind.name) in one clip and \(kind.name) in another")
      }
      writers[i] += 1
      return (columns[i].column, false)
    }
    positions[key] = columns.count
    writers.append(1)
    columns.append(
      NodeColumn(target: key.target, property: key.property, kind: kind, column: width))
    width += kind.channels
    return (width - kind.channels, true)
  }

  mutating func node(_ node: Node, start: Double, depth level: Int) throws(RazzleError)
    -> PlanNode
  {
    depth = Swift.max(depth, level)
    let natural = node.unlockedNaturalDuration(animatorsLocked: true)
    func resolved(_ direction: AnimationDirection) -> ResolvedTiming {
      ResolvedTiming(
        node.timingValue, intrinsicDuration: natural, animationDirection: direction,
        autoFill: node.autoFill)
    }
    let body: PlanNode.Body
    switch node.content {
    case .clip(let clip):
      body = .clip(try self.clip(clip, rename: nil))
    case .timeline(let timeline):
      var children: [PlanNode] = []
      for child in timeline.children {
        children.append(try self.node(child.node, start: child.start, depth: level + 1))
      }
      body = .group(children)
    case .stagger(let stagger):
      body = .stagger(try self.stagger(stagger, depth: level + 1))
    }
    return PlanNode(
      forwards: resolved(.forwards), backwards: resolved(.backwards), start: start, body: body)
  }

  /// A clip's tracks; with `rename`, only their template layout (columns
  /// within the template's row), no node columns.
  mutating func clip(_ clip: ClipContent, rename: Bool?) throws(RazzleError) -> PlanClip {
    let span = clip.resolvedSpan(animatorsLocked: true)
    var tracks: [PlanTrack] = []
    var direct: [Bool] = []
    var templateColumn = 0
    for track in clip.animator.ordered {
      guard track.sampler != nil else { throw track.emptyError }
      if track.bound != nil { relativeTracks.append(track) }
      if rename == nil {
        let (column, isNew) = try column(
          Animator.Key(target: track.target, property: track.property), kind: track.kind,
          composite: clip.composite)
        tracks.append(PlanTrack(track: track, column: column, channels: track.channels))
        direct.append(isNew)
        scratchWidth = Swift.max(scratchWidth, track.channels)
      } else {
        tracks.append(PlanTrack(track: track, column: templateColumn, channels: track.channels))
        direct.append(false)
      }
      templateColumn += track.channels
    }
    var contiguous: Int? = nil
    if rename == nil, let first = tracks.first, direct.allSatisfy({ $0 }),
      zip(tracks, tracks.dropFirst()).allSatisfy({ $1.column == $0.column + $0.channels })
    {
      contiguous = first.column
    }
    return PlanClip(
      animator: clip.animator, contiguousBase: contiguous, spanStart: span.start,
      spanLength: span.end - span.start, composite: clip.composite, tracks: tracks,
      direct: direct, width: templateColumn)
  }

  mutating func stagger(_ stagger: StaggerContent, depth level: Int) throws(RazzleError)
    -> PlanStagger
  {
    depth = Swift.max(depth, level)
    let template = stagger.template
    guard case .clip(let clipContent) = template.content else {
      preconditionFailure("a stagger's template is a clip")
    }
    let natural = template.unlockedNaturalDuration(animatorsLocked: true)
    let clip = try self.clip(clipContent, rename: true)
    let templateNode = PlanNode(
      forwards: ResolvedTiming(
        template.timingValue, intrinsicDuration: natural, animationDirection: .forwards,
        autoFill: template.autoFill),
      backwards: ResolvedTiming(
        template.timingValue, intrinsicDuration: natural, animationDirection: .backwards,
        autoFill: template.autoFill),
      start: 0, body: .clip(clip))
    var columns: [Int] = []
    var direct: [Bool] = []
    columns.reserveCapacity(stagger.targets.count * clip.tracks.count)
    direct.reserveCapacity(stagger.targets.count * clip.tracks.count)
    for target in stagger.targets {
      for t in clip.tracks {
        let name = t.track.target.isEmpty ? target : target + "." + t.track.target
        let (column, isNew) = try column(
          Animator.Key(target: name, property: t.track.property), kind: t.track.kind,
          composite: clipContent.composite)
        columns.append(column)
        direct.append(isNew)
      }
    }
    fanOut = Swift.max(fanOut, stagger.distinctOffsets.count)
    scratchWidth = Swift.max(scratchWidth, clip.width)
    var fixed: Double? = nil
    if stagger.distribution.animatesNothing {
      // The template's progress at the end of its active interval, as if
      // it filled forwards.
      let model = ResolvedTiming(
        template.timingValue.replacingFill(.both), intrinsicDuration: natural,
        animationDirection: .forwards)
      let end = model.activeAfterBoundary
      let s = model.sample(end.isFinite ? end : 0)
      let p = s.transformedProgress
      fixed = clip.spanStart + (p.isNaN ? 1 : p) * clip.spanLength
    }
    // Contiguous: item i's track k at base + i·width + (k's column in the
    // template row), every one new.
    var contiguous: Int? = nil
    if let base = columns.first, direct.allSatisfy({ $0 }) {
      var ok = true
      var slot = 0
      for item in 0..<stagger.targets.count where ok {
        for t in clip.tracks {
          if columns[slot] != base + item * clip.width + t.column { ok = false }
          slot += 1
        }
      }
      if ok { contiguous = base }
    }
    return PlanStagger(
      template: templateNode, distinctOffsets: stagger.distinctOffsets,
      offsetIndex: stagger.offsetIndex, columns: columns, direct: direct,
      fixedAnimatorTime: fixed, contiguousBase: contiguous, runs: Self.runs(stagger.offsetIndex))
  }

  /// Runs of equal consecutive values of `indices`.
  static func runs(_ indices: [Int]) -> [(first: Int, count: Int, offset: Int)] {
    var runs: [(first: Int, count: Int, offset: Int)] = []
    for (i, k) in indices.enumerated() {
      if let last = runs.last, last.offset == k, last.first + last.count == i {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((i, 1, k))
      }
    }
    return runs
  }
}
