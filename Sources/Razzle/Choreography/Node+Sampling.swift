// Sampling a node tree: times mapped down the tree in blocks, one batch
// sample per clip and block, values written into the node's columns.

extension Node {
  /// The (target, property) pairs this node animates, in tree order, with
  /// their kinds and columns (Guides/Choreography.md, "Values").
  ///
  /// - Throws: ``RazzleError`` `.kindMismatch` when two clips animate one
  ///   pair with different kinds, or `add` a kind that is not blended
  ///   channel by channel; `.emptyTrack` for a track without keyframes.
  public func layout() throws(RazzleError) -> (
    columns: [NodeColumn], width: Int, generation: UInt64
  ) {
    try withPlan { (plan) throws(RazzleError) in
      (plan.columns, plan.width, plan.layoutGeneration)
    }
  }

  /// Samples the node at every local time into a row-major matrix: row j
  /// holds the values at `times[j]`, columns as ``layout()`` lists them.
  /// A pair no clip has an effect on at a time is NaN there.
  ///
  /// The tree is sampled holding every animator's read lock, so the rows
  /// are one consistent state of all of them. Large batches are split
  /// across threads by time.
  ///
  /// - Parameters:
  ///   - times: The node's local times (NaN: no effect anywhere).
  ///   - out: At least `times.count × width` doubles.
  ///   - direction: The direction time runs in (a player running at a
  ///     negative rate passes `backwards`).
  /// - Returns: The number of columns per row and the layout generation
  ///   (see ``layout()``).
  /// - Throws: ``RazzleError`` as ``layout()``, and `.bufferTooSmall`
  ///   (nothing written).
  /// - Complexity: O(times × (nodes + samples)).
  @discardableResult
  public func sample(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    direction: AnimationDirection = .forwards
  ) throws(RazzleError) -> (width: Int, generation: UInt64) {
    try withPlan { (plan) throws(RazzleError) -> (width: Int, generation: UInt64) in
      let width = plan.width
      let (needed, overflow) = times.count.multipliedReportingOverflow(by: width)
      guard !overflow, out.count >= needed else {
        throw RazzleError(
          .bufferTooSmall,
          "output holds \(out.count) doubles, \(times.count) rows of \(width) columns need \(overflow ? "more" : String(needed))"
        )
      }
      guard let base = out.baseAddress, let queries = times.baseAddress, width > 0 else {
        return (width, plan.layoutGeneration)
      }
      let block = Swift.max(
        1,
        Swift.min(
          NodeSampler.blockSize,
          NodeSampler.scratchBudget
            / Swift.max(1, plan.maximumFanOut * (plan.maximumScratchWidth + 2))))
      Parallel.forEachChunk(times.count) { range in
        let sampler = NodeSampler(plan: plan, block: block)
        var row = range.lowerBound
        while row < range.upperBound {
          let n = Swift.min(block, range.upperBound - row)
          sampler.run(queries + row, n, direction == .backwards, base + row &* width)
          row += n
        }
      }
      return (width, plan.layoutGeneration)
    }
  }

  /// Samples at one local time: each (target, property) with its value, or
  /// nil where no clip has an effect.
  ///
  /// - Throws: ``RazzleError`` as ``layout()``.
  public func values(at time: Double, direction: AnimationDirection = .forwards)
    throws(RazzleError) -> [(column: NodeColumn, value: [Double]?)]
  {
    try withPlan { (plan) throws(RazzleError) in
      var row = [Double](repeating: .nan, count: plan.width)
      row.withUnsafeMutableBufferPointer { out in
        withUnsafePointer(to: time) { t in
          NodeSampler(plan: plan, block: 1).run(
            t, 1, direction == .backwards, out.baseAddress.unsafelyUnwrapped)
        }
      }
      // A clip writes every channel of a pair or none: one NaN channel
      // (an effect whose value is NaN aside) means no effect.
      return plan.columns.map { c in
        let v = Array(row[c.column..<c.column + c.kind.channels])
        return (c, v.allSatisfy(\.isNaN) ? nil : v)
      }
    }
  }

  /// Runs `body` with a current plan, holding the choreography lock and
  /// every animator's read lock.
  func withPlan<R>(_ body: (Plan) throws(RazzleError) -> R) throws(RazzleError) -> R {
    try Choreography.lock.withReadLock { () throws(RazzleError) -> R in
      let animators = unlockedLockOrder()
      for a in animators { a.lock.lockForReading() }
      defer { for a in animators.reversed() { a.lock.unlock() } }
      let cached = planLock.withReadLock { cachedPlan }
      let plan: Plan
      if let cached, cached.isCurrent(animators) {
        plan = cached
        // Variables change without an edit: check them each call.
        try plan.checkVariables()
      } else {
        plan = try unlockedPlan(animators: animators)
        try plan.checkVariables()
        planLock.withWriteLock {
          if let last = cachedPlan, last.columns != plan.columns { layoutGeneration &+= 1 }
          plan.layoutGeneration = layoutGeneration
          cachedPlan = plan
        }
      }
      return try body(plan)
    }
  }
}

/// Evaluates a plan over blocks of times, with scratch buffers for every
/// depth of the tree.
struct NodeSampler {
  /// Rows per block: the buffers of one block stay in the first cache
  /// levels.
  static let blockSize = 256
  /// The most doubles of scratch one stagger level may take per block.
  static let scratchBudget = 1 << 18

  let plan: Plan
  let block: Int
  /// Per depth: the inner times of the node at that depth (a stagger's:
  /// fan-out × block).
  let inner: [UnsafeMutableBufferPointer<Double>]
  /// Per depth: the local times a node passes to its children.
  let local: [UnsafeMutableBufferPointer<Double>]
  /// Per depth: whether time runs backwards in each row.
  let flags: [UnsafeMutableBufferPointer<Bool>]
  let childFlags: [UnsafeMutableBufferPointer<Bool>]
  /// A merge's sampled values.
  let values: UnsafeMutableBufferPointer<Double>
  private let owner: Scratch

  init(plan: Plan, block: Int) {
    self.plan = plan
    self.block = block
    let levels = plan.depth + 2
    let wide = block * plan.maximumFanOut
    let owner = Scratch()
    func doubles(_ n: Int) -> UnsafeMutableBufferPointer<Double> {
      let b = UnsafeMutableBufferPointer<Double>.allocate(capacity: Swift.max(n, 1))
      b.initialize(repeating: .nan)
      owner.doubles.append(b)
      return b
    }
    func bools(_ n: Int) -> UnsafeMutableBufferPointer<Bool> {
      let b = UnsafeMutableBufferPointer<Bool>.allocate(capacity: Swift.max(n, 1))
      b.initialize(repeating: false)
      owner.bools.append(b)
      return b
    }
    inner = (0..<levels).map { _ in doubles(wide) }
    local = (0..<levels).map { _ in doubles(wide) }
    flags = (0..<levels).map { _ in bools(wide) }
    childFlags = (0..<levels).map { _ in bools(wide) }
    values = doubles(wide * plan.maximumScratchWidth)
    self.owner = owner
  }

  /// Samples `n` rows at `times` into `out` (row stride: the plan's width).
  func run(
    _ times: UnsafePointer<Double>, _ n: Int, _ backwards: Bool, _ out: UnsafeMutablePointer<Double>
  ) {
    let t = local[0].baseAddress.unsafelyUnwrapped
    let f = childFlags[0].baseAddress.unsafelyUnwrapped
    for j in 0..<n {
      t[j] = times[j]
      f[j] = backwards
    }
    evaluate(plan.root, t, f, n, 1, out)
  }

  /// Evaluates `node` at depth `level` over `n` local times.
  private func evaluate(
    _ node: PlanNode, _ times: UnsafePointer<Double>, _ back: UnsafePointer<Bool>, _ n: Int,
    _ level: Int, _ out: UnsafeMutablePointer<Double>
  ) {
    let innerTimes = inner[level].baseAddress.unsafelyUnwrapped
    let innerFlags = flags[level].baseAddress.unsafelyUnwrapped
    // The node's inner time: p·d, or the active time for d = ∞.
    let d = node.forwards.iterationDuration
    let scale: Double
    let offset: Double
    if case .clip(let clip) = node.body {
      // Straight to the animator's time.
      scale = d.isInfinite ? 1 : clip.spanLength
      offset = clip.spanStart
    } else {
      scale = d.isInfinite ? 1 : d
      offset = 0
    }
    let useActive = d.isInfinite
    for j in 0..<n {
      let s = back[j] ? node.backwards.sample(times[j]) : node.forwards.sample(times[j])
      let p = s.transformedProgress
      innerTimes[j] = p.isNaN ? .nan : offset + (useActive ? s.activeTime : p) * scale
      innerFlags[j] = back[j] != s.reversed
    }
    switch node.body {
    case .clip(let clip):
      write(clip, innerTimes, n, out)
    case .group(let children):
      let childTimes = local[level].baseAddress.unsafelyUnwrapped
      for child in children {
        let start = child.start
        for j in 0..<n { childTimes[j] = innerTimes[j] - start }
        evaluate(child, childTimes, innerFlags, n, level + 1, out)
      }
    case .stagger(let stagger):
      evaluate(stagger, innerTimes, innerFlags, n, level, out)
    }
  }

  /// A stagger at depth `level` over `n` inner times: its template at every
  /// distinct offset, then each item's values copied from its offset's.
  private func evaluate(
    _ stagger: PlanStagger, _ innerTimes: UnsafePointer<Double>, _ innerFlags: UnsafePointer<Bool>,
    _ n: Int, _ level: Int, _ out: UnsafeMutablePointer<Double>
  ) {
    guard case .clip(let clip) = stagger.template.body else { return }
    let u = stagger.distinctOffsets.count
    let rows = u * n
    let animatorTimes = inner[level + 1].baseAddress.unsafelyUnwrapped
    if let fixed = stagger.fixedAnimatorTime {
      for k in 0..<u {
        for j in 0..<n { animatorTimes[k &* n &+ j] = innerTimes[j].isNaN ? .nan : fixed }
      }
    } else {
      // Item-local times, distinct offset by distinct offset, then the
      // template clip's timing maps them to its animator's time.
      let itemTimes = local[level].baseAddress.unsafelyUnwrapped
      let itemFlags = childFlags[level].baseAddress.unsafelyUnwrapped
      for k in 0..<u {
        let offset = stagger.distinctOffsets[k]
        for j in 0..<n {
          itemTimes[k &* n &+ j] = innerTimes[j] - offset
          itemFlags[k &* n &+ j] = innerFlags[j]
        }
      }
      let template = stagger.template
      let d = template.forwards.iterationDuration
      let scale = d.isInfinite ? 1 : clip.spanLength
      for i in 0..<rows {
        let s =
          itemFlags[i]
          ? template.backwards.sample(itemTimes[i]) : template.forwards.sample(itemTimes[i])
        let p = s.transformedProgress
        animatorTimes[i] =
          p.isNaN ? .nan : clip.spanStart + (d.isInfinite ? s.activeTime : p) * scale
      }
    }
    // The template's rows, one per (distinct offset, time).
    let width = clip.width
    let rowValues = values.baseAddress.unsafelyUnwrapped
    for t in clip.tracks {
      t.track.sampler.unsafelyUnwrapped.sampleBatch(
        UnsafeBufferPointer(start: animatorTimes, count: rows), into: rowValues + t.column,
        stride: width)
      t.applyRelation(to: rowValues + t.column, count: rows, stride: width)
    }
    // Each item's values from its offset's rows.
    let stride = plan.width
    let trackCount = clip.tracks.count
    for item in 0..<stagger.offsetIndex.count {
      let k = stagger.offsetIndex[item]
      for (ti, t) in clip.tracks.enumerated() {
        let slot = item &* trackCount &+ ti
        let column = stagger.columns[slot]
        let add = clip.composite == .add
        let direct = stagger.direct[slot]
        for j in 0..<n {
          let source = rowValues + ((k &* n &+ j) &* width &+ t.column)
          let target = out + (j &* stride &+ column)
          if direct {
            for c in 0..<t.channels { target[c] = source[c] }
          } else if !animatorTimes[k &* n &+ j].isNaN {
            for c in 0..<t.channels {
              target[c] = add ? (target[c].isNaN ? 0 : target[c]) + source[c] : source[c]
            }
          }
        }
      }
    }
  }

  /// A clip's tracks at `n` animator times (NaN: no effect).
  private func write(
    _ clip: PlanClip, _ times: UnsafePointer<Double>, _ n: Int, _ out: UnsafeMutablePointer<Double>
  ) {
    let stride = plan.width
    let query = UnsafeBufferPointer(start: times, count: n)
    for (i, t) in clip.tracks.enumerated() {
      let sampler = t.track.sampler.unsafelyUnwrapped
      if clip.direct[i] {
        // The first writer of these columns: every row, NaN where there is
        // no effect (a sampler gives NaN at a NaN time).
        sampler.sampleBatch(query, into: out + t.column, stride: stride)
        t.applyRelation(to: out + t.column, count: n, stride: stride)
        continue
      }
      let scratch = values.baseAddress.unsafelyUnwrapped
      sampler.sampleBatch(query, into: scratch, stride: t.channels)
      t.applyRelation(to: scratch, count: n, stride: t.channels)
      let add = clip.composite == .add
      for j in 0..<n where !times[j].isNaN {
        let target = out + (j &* stride &+ t.column)
        let source = scratch + j &* t.channels
        for c in 0..<t.channels {
          target[c] = add ? (target[c].isNaN ? 0 : target[c]) + source[c] : source[c]
        }
      }
    }
  }
}

/// The buffers a ``NodeSampler`` allocated, freed with it.
private final class Scratch {
  var doubles: [UnsafeMutableBufferPointer<Double>] = []
  var bools: [UnsafeMutableBufferPointer<Bool>] = []

  deinit {
    for b in doubles { b.deallocate() }
    for b in bools { b.deallocate() }
  }
}
