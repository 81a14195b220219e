// A headless player: Web Animations' Animation driven by a clock the caller
// owns, with UIViewPropertyAnimator's vocabulary on top.
//
// https://drafts.csswg.org/web-animations-1/#animations
// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator

/// Drives a node from a clock the caller owns (``tick(_:)``,
/// ``advance(by:)``): Web Animations' `Animation` with every pending task
/// finished at once, and `UIViewPropertyAnimator`'s controls. No threads,
/// no timers; each call returns or queues what happened as
/// ``PlayerEvent``s. Guides/Choreography.md, "The player", is the contract.
///
/// A player is safe to use from several threads (one lock serializes its
/// calls), though a clock is usually one thread's.
public final class Player: @unchecked Sendable {
  /// The node played.
  public let node: Node
  private let lock = ReadWriteLock()
  // Guarded by `lock`.
  private var clock = 0.0
  private var resolvedStart: Double?
  private var holdTime: Double?
  private var rate = 1.0
  private var previousCurrentTime: Double?
  private var events: [PlayerEvent] = []
  private var stopped = false
  /// The node's end time, read once at the start of each operation (it
  /// walks the tree and its animators): guarded by `lock`, refreshed by
  /// ``refreshEnd()`` under the write lock.
  private var end = 0.0
  private var pausesOnCompletionValue = false
  private var scrubsLinearlyValue = true
  /// UIViewPropertyAnimator's timing curve over the fraction complete, and
  /// the fraction it starts from (``continueAnimation(easing:durationFactor:)``).
  private var curve: Easing?
  private var curveFrom = 0.0

  /// The most `iteration` events one advance reports; past it the last one
  /// reports the iteration reached.
  public static let maximumIterationEvents = 1000

  /// Creates an idle player for `node` with its clock at 0.
  ///
  /// - Parameters:
  ///   - node: The node to play.
  ///   - curve: UIViewPropertyAnimator's timing curve, applied to the
  ///     fraction complete (nil: linear, the node's own timing alone).
  public init(_ node: Node, curve: Easing? = nil) {
    self.node = node
    self.curve = curve
  }

  // MARK: - State

  /// The clock's time: the last ``tick(_:)``, plus every ``advance(by:)``
  /// since.
  public var clockTime: Double { lock.withReadLock { clock } }

  /// The current time, nil when idle.
  public var currentTime: Double? { lock.withReadLock { unlockedCurrentTime } }

  /// The playback rate.
  public var playbackRate: Double { lock.withReadLock { rate } }

  /// Web Animations' start time, in the clock's time: the clock time at
  /// which the current time was (or would have been) 0 while running; nil
  /// when unresolved (idle, paused, or a rate of 0 with a held time).
  public var startTime: Double? { lock.withReadLock { resolvedStart } }

  /// The play state.
  public var playState: PlayState {
    lock.withWriteLock {
      refreshEnd()
      return unlockedPlayState
    }
  }

  /// UIKit's `fractionComplete`: current time / end (0 when idle or for an
  /// end that is 0 or infinite).
  public var fractionComplete: Double {
    lock.withWriteLock {
      refreshEnd()
      return unlockedFraction(unlockedCurrentTime ?? 0, end: end)
    }
  }

  /// UIKit's `isReversed`: whether the rate is negative.
  public var isReversed: Bool { lock.withReadLock { rate < 0 } }

  /// UIKit's `pausesOnCompletion`: reaching the end pauses there (a
  /// `paused` event) instead of finishing.
  public var pausesOnCompletion: Bool {
    get { lock.withReadLock { pausesOnCompletionValue } }
    set { lock.withWriteLock { pausesOnCompletionValue = newValue } }
  }

  /// UIKit's `scrubsLinearly`: while paused, the node is sampled at the
  /// current time itself, without the player's curve.
  public var scrubsLinearly: Bool {
    get { lock.withReadLock { scrubsLinearlyValue } }
    set { lock.withWriteLock { scrubsLinearlyValue = newValue } }
  }

  /// Everything a caller reads about the player, read together.
  public struct State: Sendable, Hashable {
    public let playState: PlayState
    public let clockTime: Double
    public let currentTime: Double?
    public let rate: Double
    public let fractionComplete: Double
    public let pausesOnCompletion: Bool
    public let scrubsLinearly: Bool
  }

  /// The player's state, read together.
  public var state: State {
    lock.withWriteLock {
      refreshEnd()
      return State(
        playState: unlockedPlayState, clockTime: clock, currentTime: unlockedCurrentTime,
        rate: rate, fractionComplete: unlockedFraction(unlockedCurrentTime ?? 0, end: end),
        pausesOnCompletion: pausesOnCompletionValue, scrubsLinearly: scrubsLinearlyValue)
    }
  }

  /// Reads the node's end time for the operation about to run. Call with
  /// the write lock held.
  private func refreshEnd() { end = node.endTime }

  private var unlockedCurrentTime: Double? {
    if let holdTime { return holdTime }
    guard let resolvedStart else { return nil }
    let elapsed = clock - resolvedStart
    // A clock and a start far apart (1.8e308 and -1e300) overflow; at a
    // rate of 0 the current time is 0 whatever the elapsed time, not NaN.
    if rate == 0 && !elapsed.isFinite { return 0 }
    return elapsed * rate
  }

  private var unlockedPlayState: PlayState {
    if stopped { return .finished }
    guard let current = unlockedCurrentTime else { return .idle }
    if resolvedStart == nil { return .paused }
    if (rate > 0 && current >= end) || (rate < 0 && current <= 0) { return .finished }
    return .running
  }

  private func unlockedFraction(_ time: Double, end: Double) -> Double {
    end > 0 && end.isFinite ? time / end : 0
  }

  // MARK: - The clock

  /// Moves the clock to `now` and returns what happened since the last
  /// report, in order.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite time.
  @discardableResult
  public func tick(_ now: Double) throws(RazzleError) -> [PlayerEvent] {
    try move(to: now)
    return takeEvents(limit: Int.max).events
  }

  /// Moves the clock by `dt` (negative allowed) and returns what happened
  /// since the last report.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite step,
  ///   or one that takes the clock out of the finite numbers.
  @discardableResult
  public func advance(by dt: Double) throws(RazzleError) -> [PlayerEvent] {
    try move(by: dt)
    return takeEvents(limit: Int.max).events
  }

  /// Moves the clock to `now`, queueing what happens (``takeEvents(limit:)``
  /// reports it).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite time.
  public func move(to now: Double) throws(RazzleError) {
    guard now.isFinite else {
      throw RazzleError(.invalidValue, "the clock time must be finite, got \(now)")
    }
    lock.withWriteLock { unlockedMove(to: now) }
  }

  /// Moves the clock by `dt`, queueing what happens.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a step that is not
  ///   finite or takes the clock out of the finite numbers.
  public func move(by dt: Double) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      let now = clock + dt
      guard dt.isFinite && now.isFinite else {
        throw RazzleError(.invalidValue, "the clock step must be finite, got \(dt)")
      }
      unlockedMove(to: now)
    }
  }

  /// Moves the clock by `dt` and samples the node at the new clock time into
  /// `out` (one row, as ``sample(clockTimes:into:)``): a frame loop's step
  /// in one call. What happened stays queued for ``takeEvents(limit:)``.
  ///
  /// - Returns: The number of columns and the layout generation.
  /// - Throws: ``RazzleError`` as ``move(by:)`` (then nothing moved) and as
  ///   ``sample(clockTimes:into:)`` (the clock has moved).
  @discardableResult
  public func advance(by dt: Double, sampleInto out: UnsafeMutableBufferPointer<Double>)
    throws(RazzleError) -> (width: Int, generation: UInt64)
  {
    let step = try advance(by: dt, sampleInto: out, takingEvents: 0)
    return (step.width, step.generation)
  }

  /// ``advance(by:sampleInto:)`` then ``takeEvents(limit:)``, as one step:
  /// the player's lock and the tree's (the choreography lock, then every
  /// animator's) are taken once, the node's end time comes from its
  /// sampling plan, and the row is the one
  /// ``sample(clockTimes:into:)`` writes at the new clock time (the same
  /// bits).
  ///
  /// - Parameters:
  ///   - dt: The clock step.
  ///   - out: Room for one row.
  ///   - limit: The most events taken.
  /// - Returns: The number of columns, the layout generation, the oldest
  ///   `limit` queued events and whether more are queued.
  /// - Throws: ``RazzleError`` as ``move(by:)`` (then nothing moved) and as
  ///   ``sample(clockTimes:into:)`` (the clock has moved, the events stay
  ///   queued).
  public func advance(
    by dt: Double, sampleInto out: UnsafeMutableBufferPointer<Double>, takingEvents limit: Int
  ) throws(RazzleError) -> (width: Int, generation: UInt64, events: [PlayerEvent], more: Bool) {
    typealias Step = (width: Int, generation: UInt64, events: [PlayerEvent], more: Bool)
    return try lock.withWriteLock { () throws(RazzleError) -> Step in
      let now = clock + dt
      guard dt.isFinite && now.isFinite else {
        throw RazzleError(.invalidValue, "the clock step must be finite, got \(dt)")
      }
      return try node.withPlanOrFailure { (result) throws(RazzleError) -> Step in
        let plan: Plan
        switch result {
        case .success(let current):
          plan = current
          end = plan.endTime
          unlockedMove(to: now, treeLocked: true)
        case .failure(let error):
          // The clock moves all the same; the events stay queued.
          end = node.unlockedEndTime(animatorsLocked: true)
          unlockedMove(to: now, treeLocked: true)
          throw error
        }
        let width = plan.width
        guard out.count >= width else {
          throw RazzleError(
            .bufferTooSmall,
            "output holds \(out.count) doubles, 1 rows of \(width) columns need \(width)")
        }
        plan.sampleRow(
          at: unlockedLocalTime(at: clock), backwards: rate < 0, into: out.baseAddress)
        let (events, more) = unlockedTakeEvents(limit: limit)
        return (width, plan.layoutGeneration, events, more)
      }
    }
  }

  /// The oldest `limit` queued events, removed from the queue, and whether
  /// more are queued.
  public func takeEvents(limit: Int) -> (events: [PlayerEvent], more: Bool) {
    lock.withWriteLock { unlockedTakeEvents(limit: limit) }
  }

  private func unlockedTakeEvents(limit: Int) -> (events: [PlayerEvent], more: Bool) {
    if events.isEmpty { return ([], false) }
    let n = Swift.min(Swift.max(limit, 0), events.count)
    let taken = Array(events[0..<n])
    events.removeFirst(n)
    return (taken, !events.isEmpty)
  }

  /// Moves the clock to `now`, queueing what happens. With `treeLocked`
  /// the caller holds the choreography lock and the animators' locks and
  /// has read ``end``; else it is read here.
  private func unlockedMove(to now: Double, treeLocked: Bool = false) {
    if !treeLocked { refreshEnd() }
    let old = unlockedPlayState
    let before = unlockedCurrentTime
    let runningStart = holdTime == nil ? resolvedStart : nil
    clock = now
    if let start = runningStart, let before, let after = unlockedCurrentTime {
      iterationEvents(from: before, to: after, start: start, treeLocked: treeLocked)
    }
    updateFinishedState(didSeek: false)
    var at = clock
    if let start = runningStart, unlockedPlayState == .finished, rate != 0 {
      // The clock time at which the current time reached its limit.
      at = Swift.min(clock, start + (rate > 0 ? end : 0) / rate)
      if pausesOnCompletionValue {
        holdTime = unlockedCurrentTime
        resolvedStart = nil
      }
    }
    report(from: old, at: at)
  }

  /// Queues the event for a change of play state from `old`: `started`,
  /// `paused`, `finished` or `cancelled` for running, paused, finished or
  /// idle.
  private func report(from old: PlayState, at time: Double) {
    let new = unlockedPlayState
    guard new != old else { return }
    let kind: PlayerEvent.Kind
    switch new {
    case .running: kind = .started
    case .paused: kind = .paused
    case .finished: kind = .finished
    case .idle: kind = .cancelled
    }
    events.append(PlayerEvent(kind, at: time))
  }

  /// Queues an event for each iteration boundary the current time crossed
  /// running from `from` to `to` (clamped to the active interval).
  private func iterationEvents(from: Double, to: Double, start: Double, treeLocked: Bool) {
    guard rate != 0 else { return }
    let clamped = rate > 0 ? Swift.min(to, end) : Swift.max(to, 0)
    let direction: AnimationDirection = rate < 0 ? .backwards : .forwards
    let found =
      treeLocked
      ? node.unlockedIterations(at: from, clamped, direction: direction, animatorsLocked: true)
      : node.iterations(at: from, clamped, direction: direction)
    guard let (i0, i1, d) = found, i0 != i1, i0.isFinite, i1.isFinite else { return }
    let timing = treeLocked ? node.timingValue : node.timing
    guard d > 0 && d.isFinite else { return }
    let steps = i1 - i0
    let count = Swift.min(abs(steps), Double(Self.maximumIterationEvents))
    let step: Double = steps > 0 ? 1 : -1
    for k in 1...Int(count) {
      let n = k == Int(count) ? i1 : i0 + step * Double(k)
      // Iteration n begins, running forwards, where iteration n starts; running
      // backwards, where it ends.
      let boundary = timing.delay + ((step > 0 ? n : n + 1) - timing.iterationStart) * d
      events.append(PlayerEvent(.iteration, at: start + boundary / rate, iteration: n))
    }
  }

  // MARK: - Controls

  /// What a control changes: restored when it fails.
  private struct ControlState {
    var start: Double?
    var hold: Double?
    var rate: Double
    var previous: Double?
    var stopped: Bool
    var curve: Easing?
    var curveFrom: Double
    var events: Int
  }

  private var unlockedControlState: ControlState {
    ControlState(
      start: resolvedStart, hold: holdTime, rate: rate, previous: previousCurrentTime,
      stopped: stopped, curve: curve, curveFrom: curveFrom, events: events.count)
  }

  private func restore(_ saved: ControlState) {
    resolvedStart = saved.start
    holdTime = saved.hold
    rate = saved.rate
    previousCurrentTime = saved.previous
    stopped = saved.stopped
    curve = saved.curve
    curveFrom = saved.curveFrom
    events.removeSubrange(Swift.min(saved.events, events.count)...)
  }

  /// Runs a control holding the lock, then reports the play state it
  /// changed to. A control that throws, or that would leave a start time
  /// that is not finite, changes nothing.
  ///
  /// A start time is clock − current time / rate: a finite current time at
  /// a tiny rate (a subnormal one, or 1e-300 after a continue by 1e300)
  /// can put it beyond the doubles, and with it every current time after.
  /// Such a control is `.invalidValue`, as an infinite start time given
  /// directly is.
  private func control<R>(_ body: () throws(RazzleError) -> R) throws(RazzleError) -> R {
    try lock.withWriteLock { () throws(RazzleError) -> R in
      refreshEnd()
      let old = unlockedPlayState
      let saved = unlockedControlState
      let result: R
      do throws(RazzleError) {
        result = try body()
      } catch {
        restore(saved)
        throw error
      }
      if let start = resolvedStart, !start.isFinite {
        let message =
          "the start time (clock - current time / playback rate) would be \(start) at clock \(clock) and playback rate \(rate); the player is unchanged"
        restore(saved)
        throw RazzleError(.invalidValue, message)
      }
      report(from: old, at: clock)
      return result
    }
  }

  /// Plays: from idle, finished, or outside [0, end], rewinds first (to 0;
  /// to the end when the rate is negative), then runs from the current
  /// time.
  ///
  /// - Throws: ``RazzleError`` `.invalidState` to rewind to an infinite end.
  public func play() throws(RazzleError) {
    try control { () throws(RazzleError) in try unlockedPlay() }
  }

  private func unlockedPlay() throws(RazzleError) {
    let current = stopped ? nil : unlockedCurrentTime
    if rate > 0 && (current.map { $0 < 0 || $0 >= end } ?? true) {
      holdTime = 0
    } else if rate < 0 && (current.map { $0 <= 0 || $0 > end } ?? true) {
      guard end.isFinite else {
        throw RazzleError(.invalidState, "cannot rewind to the end: the node never ends")
      }
      holdTime = end
    } else if rate == 0 && current == nil {
      holdTime = 0
    }
    stopped = false
    if let hold = holdTime {
      resolvedStart = rate == 0 ? clock : clock - hold / rate
      if rate != 0 { holdTime = nil }
    }
    updateFinishedState(didSeek: false)
  }

  /// Pauses: holds the current time (0 — or the end at a negative rate —
  /// from idle).
  ///
  /// - Throws: ``RazzleError`` `.invalidState` to pause an idle player at
  ///   a negative rate on an infinite end.
  public func pause() throws(RazzleError) {
    try control { () throws(RazzleError) in
      guard resolvedStart != nil || holdTime == nil || stopped else { return }
      if let current = stopped ? nil : unlockedCurrentTime {
        holdTime = current
      } else if rate >= 0 {
        holdTime = 0
      } else {
        guard end.isFinite else {
          throw RazzleError(.invalidState, "cannot pause at the end: the node never ends")
        }
        holdTime = end
      }
      resolvedStart = nil
      stopped = false
    }
  }

  /// Reverses: negates the rate and plays (a `reversed` event, then
  /// `started` if it was not running).
  ///
  /// - Throws: ``RazzleError`` as ``play()``; nothing changes then.
  public func reverse() throws(RazzleError) {
    try control { () throws(RazzleError) in
      if let current = unlockedCurrentTime {
        rate = -rate
        unlockedSilentlySetCurrentTime(current)
      } else {
        rate = -rate
      }
      try unlockedPlay()
      events.append(PlayerEvent(.reversed, at: clock))
    }
  }

  /// Finishes: jumps to the end (to 0 at a negative rate).
  ///
  /// - Throws: ``RazzleError`` `.invalidState` at rate 0, or at a positive
  ///   rate on a node that never ends.
  public func finish() throws(RazzleError) {
    try control { () throws(RazzleError) in
      guard rate != 0 else {
        throw RazzleError(.invalidState, "cannot finish at playback rate 0")
      }
      guard rate < 0 || end.isFinite else {
        throw RazzleError(.invalidState, "cannot finish: the node never ends")
      }
      let limit = rate > 0 ? end : 0
      stopped = false
      unlockedSilentlySetCurrentTime(limit)
      if resolvedStart == nil { resolvedStart = clock - limit / rate }
      holdTime = limit
      updateFinishedState(didSeek: true)
    }
  }

  /// Cancels: idle, no effect, a `cancelled` event.
  public func cancel() {
    try? control { () throws(RazzleError) in
      resolvedStart = nil
      holdTime = nil
      stopped = false
      previousCurrentTime = nil
    }
  }

  /// Seeks (scrubs): a running player runs on from `time`, a paused one
  /// stays paused there.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite time.
  public func setCurrentTime(_ time: Double) throws(RazzleError) {
    guard time.isFinite else {
      throw RazzleError(.invalidValue, "the current time must be finite, got \(time)")
    }
    try control { () throws(RazzleError) in
      stopped = false
      unlockedSilentlySetCurrentTime(time)
      updateFinishedState(didSeek: true)
    }
  }

  /// Web Animations' "set the start time of an animation" (the clock is
  /// always resolved here): a start time makes the player run from it (the
  /// current time follows the clock: (clock − start) × rate; at a rate of 0
  /// the held time stays); nil holds the current time (paused there, as
  /// the spec's hold time does).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite start.
  public func setStartTime(_ newStart: Double?) throws(RazzleError) {
    if let newStart, !newStart.isFinite {
      throw RazzleError(
        .invalidValue, "the start time must be finite or unresolved, got \(newStart)")
    }
    try control { () throws(RazzleError) in
      let previous = stopped ? nil : unlockedCurrentTime
      stopped = false
      resolvedStart = newStart
      if newStart != nil {
        if rate != 0 { holdTime = nil }
      } else {
        holdTime = previous
      }
      previousCurrentTime = nil
      updateFinishedState(didSeek: true)
    }
  }

  /// Web Animations' "set the current time" to unresolved: nothing for an
  /// idle player (its current time is unresolved already).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` when the current time is
  ///   resolved (the spec's TypeError: a running or paused player cannot
  ///   lose its current time this way; cancel it).
  public func unsetCurrentTime() throws(RazzleError) {
    try control { () throws(RazzleError) in
      guard stopped || unlockedCurrentTime == nil else {
        throw RazzleError(
          .invalidValue,
          "the current time can be unset only when it is unresolved (an idle player); cancel() makes a player idle"
        )
      }
    }
  }

  /// UIKit's `fractionComplete` setter: seeks to `fraction × end`.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a fraction that is not
  ///   finite, `.invalidState` for a node that never ends.
  public func setFractionComplete(_ fraction: Double) throws(RazzleError) {
    guard fraction.isFinite else {
      throw RazzleError(.invalidValue, "fraction_complete must be finite, got \(fraction)")
    }
    let nodeEnd = node.endTime
    guard nodeEnd.isFinite else {
      throw RazzleError(.invalidState, "fraction_complete of a node that never ends")
    }
    try setCurrentTime(fraction * nodeEnd)
  }

  /// Web Animations' "silently set the current time".
  private func unlockedSilentlySetCurrentTime(_ time: Double) {
    if holdTime != nil || resolvedStart == nil || rate == 0 {
      holdTime = time
    } else {
      resolvedStart = clock - time / rate
    }
    previousCurrentTime = nil
  }

  /// Sets the playback rate, keeping the current time (Web Animations'
  /// `playbackRate` setter).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite rate.
  public func setPlaybackRate(_ newRate: Double) throws(RazzleError) {
    guard newRate.isFinite else {
      throw RazzleError(.invalidValue, "the playback rate must be finite, got \(newRate)")
    }
    try control { () throws(RazzleError) in
      let current = stopped ? nil : unlockedCurrentTime
      rate = newRate
      if let current {
        unlockedSilentlySetCurrentTime(current)
        updateFinishedState(didSeek: true)
      }
    }
  }

  /// Web Animations' `updatePlaybackRate()`: the same as setting the rate
  /// here, since a headless player has no pending task to wait for.
  public func updatePlaybackRate(_ newRate: Double) throws(RazzleError) {
    try setPlaybackRate(newRate)
  }

  /// UIKit's `isReversed` setter: runs the other way from the current
  /// time, without rewinding (a `reversed` event when it changes).
  public func setReversed(_ reversed: Bool) {
    try? control { () throws(RazzleError) in
      guard reversed != (rate < 0) else { return }
      let current = stopped ? nil : unlockedCurrentTime
      rate = -rate
      if let current {
        unlockedSilentlySetCurrentTime(current)
        updateFinishedState(didSeek: true)
      }
      events.append(PlayerEvent(.reversed, at: clock))
    }
  }

  /// UIKit's `continueAnimation(withTimingParameters:durationFactor:)`: runs
  /// on from the current fraction with a new curve over what remains, and
  /// the remaining duration scaled by `durationFactor`.
  ///
  /// - Parameters:
  ///   - easing: The curve over the rest (nil keeps the current one).
  ///   - durationFactor: Scales the remaining duration, finite and > 0.
  /// - Throws: ``RazzleError`` `.invalidValue` for a factor out of range
  ///   or one that makes the rate overflow; as ``play()``.
  public func continueAnimation(easing: Easing? = nil, durationFactor: Double = 1)
    throws(RazzleError)
  {
    guard durationFactor.isFinite && durationFactor > 0 else {
      throw RazzleError(
        .invalidValue, "duration_factor must be finite and > 0, got \(durationFactor)")
    }
    try control { () throws(RazzleError) in
      // A rate far above 1 over a factor far below 1 can overflow: refused
      // before anything changes, as a rate that is not finite is.
      let newRate = rate / durationFactor
      guard newRate.isFinite else {
        throw RazzleError(
          .invalidValue,
          "the playback rate \(rate) over duration_factor \(durationFactor) is not finite")
      }
      let current = stopped ? nil : unlockedCurrentTime
      if let easing {
        curve = easing
        curveFrom = unlockedFraction(current ?? 0, end: end)
      }
      rate = newRate
      if let current { unlockedSilentlySetCurrentTime(current) }
      try unlockedPlay()
    }
  }

  /// Where ``stop(at:)`` leaves the player (UIKit's
  /// `UIViewAnimatingPosition`).
  public enum StopPosition: String, Sendable, CaseIterable, PinnedCode {
    case start, end, current

    public static var noun: String { "stop position" }
    public var name: String { rawValue }
    /// `KF_STOP_AT_*` order.
    public static let pinned: [StopPosition] = [.start, .end, .current]
  }

  /// UIKit's `stopAnimation(false)` then `finishAnimation(at:)`: the player
  /// stops at the start, the end or where it is and is finished there (a
  /// `finished` event); the node's values stay those of that position.
  ///
  /// - Throws: ``RazzleError`` `.invalidState` to stop at the end of a node
  ///   that never ends.
  public func stop(at position: StopPosition) throws(RazzleError) {
    try control { () throws(RazzleError) in
      let time: Double
      switch position {
      case .start: time = 0
      case .end:
        guard end.isFinite else {
          throw RazzleError(.invalidState, "cannot stop at the end: the node never ends")
        }
        time = end
      case .current: time = unlockedCurrentTime ?? 0
      }
      holdTime = time
      resolvedStart = nil
      stopped = true
    }
  }

  /// Web Animations' "update an animation's finished state", headless (no
  /// events: the callers report the change of play state).
  private func updateFinishedState(didSeek: Bool) {
    if let start = resolvedStart {
      let unconstrained = didSeek ? (unlockedCurrentTime ?? 0) : (clock - start) * rate
      if rate > 0 && unconstrained >= end {
        holdTime = didSeek ? unconstrained : Swift.max(previousCurrentTime ?? end, end)
      } else if rate < 0 && unconstrained <= 0 {
        holdTime = didSeek ? unconstrained : Swift.min(previousCurrentTime ?? 0, 0)
      } else if rate != 0, let hold = holdTime {
        if didSeek { resolvedStart = clock - hold / rate }
        holdTime = nil
      }
    }
    previousCurrentTime = unlockedCurrentTime
  }

  // MARK: - Sampling

  /// The node's local time for a current time: through the player's curve
  /// while running (or paused without `scrubsLinearly`).
  private func nodeTime(_ current: Double, end: Double, paused: Bool) -> Double {
    guard let curve, !(paused && scrubsLinearlyValue), end > 0, end.isFinite else {
      return current
    }
    let f = current / end
    guard f >= curveFrom, curveFrom < 1 else { return current }
    let g = curveFrom + (1 - curveFrom) * curve((f - curveFrom) / (1 - curveFrom))
    return g * end
  }

  /// The node's values now (``Node/values(at:direction:)`` at the current
  /// time; every value nil when idle).
  ///
  /// - Throws: ``RazzleError`` as ``Node/layout()``.
  public func values() throws(RazzleError) -> [(column: NodeColumn, value: [Double]?)] {
    let (time, backwards) = lock.withWriteLock { () -> (Double, Bool) in
      refreshEnd()
      let current = unlockedCurrentTime
      return (
        current.map { nodeTime($0, end: end, paused: resolvedStart == nil) } ?? .nan, rate < 0
      )
    }
    return try node.values(at: time, direction: backwards ? .backwards : .forwards)
  }

  /// The node's local times at `clockTimes`, as the player would run
  /// through them without further controls: held while paused or
  /// finished, clamped at the end (0 backwards), NaN when idle.
  ///
  /// - Parameters:
  ///   - clockTimes: Clock times, in any order.
  ///   - out: At least `clockTimes.count` doubles.
  /// - Returns: Whether the player runs backwards (a negative rate), read
  ///   with the times.
  /// - Throws: ``RazzleError`` `.bufferTooSmall`.
  @discardableResult
  public func localTimes(
    at clockTimes: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) -> Bool {
    guard out.count >= clockTimes.count else {
      throw RazzleError(
        .bufferTooSmall, "output holds \(out.count) doubles, \(clockTimes.count) needed")
    }
    return lock.withWriteLock {
      refreshEnd()
      for i in clockTimes.indices { out[i] = unlockedLocalTime(at: clockTimes[i]) }
      return rate < 0
    }
  }

  /// The node's local time at `clockTime` (see ``localTimes(at:into:)``),
  /// with ``end`` read.
  private func unlockedLocalTime(at clockTime: Double) -> Double {
    var current: Double
    if let holdTime {
      current = holdTime
    } else if let resolvedStart {
      current = (clockTime - resolvedStart) * rate
      if rate > 0 && current >= end { current = end }
      if rate < 0 && current <= 0 { current = 0 }
    } else {
      current = .nan
    }
    return current.isNaN ? current : nodeTime(current, end: end, paused: resolvedStart == nil)
  }

  /// The node sampled at many clock times (a video is one call): rows as
  /// ``Node/sample(times:into:direction:)``.
  ///
  /// - Returns: The number of columns and the layout generation.
  /// - Throws: ``RazzleError`` as ``Node/sample(times:into:direction:)``.
  @discardableResult
  public func sample(
    clockTimes: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) -> (width: Int, generation: UInt64) {
    // On the stack for a frame's few times, on the heap for many.
    try withUnsafeTemporaryAllocation(of: Double.self, capacity: clockTimes.count) {
      (local) throws(RazzleError) -> (width: Int, generation: UInt64) in
      let backwards = try localTimes(at: clockTimes, into: local)
      return try node.sample(
        times: UnsafeBufferPointer(local), into: out,
        direction: backwards ? .backwards : .forwards)
    }
  }
}
