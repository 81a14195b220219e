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
  private var startTime: Double?
  private var holdTime: Double?
  private var rate = 1.0
  private var previousCurrentTime: Double?
  private var events: [PlayerEvent] = []
  private var stopped = false
  private var finishedReported = false
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

  /// The play state.
  public var playState: PlayState { lock.withReadLock { unlockedPlayState } }

  /// UIKit's `fractionComplete`: current time / end (0 when idle or for an
  /// end that is 0 or infinite).
  public var fractionComplete: Double {
    lock.withReadLock { unlockedFraction(unlockedCurrentTime ?? 0, end: node.endTime) }
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

  private var unlockedCurrentTime: Double? {
    if let holdTime { return holdTime }
    guard let startTime else { return nil }
    return (clock - startTime) * rate
  }

  private var unlockedPlayState: PlayState {
    if stopped { return .finished }
    guard let current = unlockedCurrentTime else { return .idle }
    if startTime == nil { return .paused }
    let end = node.endTime
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
    guard now.isFinite else {
      throw RazzleError(.invalidValue, "the clock time must be finite, got \(now)")
    }
    return lock.withWriteLock { unlockedMove(to: now) }
  }

  /// Moves the clock by `dt` (negative allowed) and returns what happened
  /// since the last report.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite step,
  ///   or one that takes the clock out of the finite numbers.
  @discardableResult
  public func advance(by dt: Double) throws(RazzleError) -> [PlayerEvent] {
    try lock.withWriteLock { () throws(RazzleError) -> [PlayerEvent] in
      let now = clock + dt
      guard dt.isFinite && now.isFinite else {
        throw RazzleError(.invalidValue, "the clock step must be finite, got \(dt)")
      }
      return unlockedMove(to: now)
    }
  }

  private func unlockedMove(to now: Double) -> [PlayerEvent] {
    let before = unlockedCurrentTime
    let wasRunning = startTime != nil && holdTime == nil
    clock = now
    if wasRunning, let before, let after = unlockedCurrentTime {
      iterationEvents(from: before, to: after)
    }
    updateFinishedState(didSeek: false)
    let report = events
    events = []
    return report
  }

  /// Queues an event for each iteration boundary the current time crossed
  /// running from `from` to `to` (clamped to the active interval).
  private func iterationEvents(from: Double, to: Double) {
    guard let start = startTime, rate != 0 else { return }
    let end = node.endTime
    let clamped = rate > 0 ? Swift.min(to, end) : Swift.max(to, 0)
    let direction: AnimationDirection = rate < 0 ? .backwards : .forwards
    guard let (i0, d) = node.iteration(at: from, direction: direction),
      let (i1, _) = node.iteration(at: clamped, direction: direction), i0 != i1,
      i0.isFinite, i1.isFinite
    else { return }
    let timing = node.timing
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

  /// Plays: from idle, finished, or outside [0, end], rewinds first (to 0;
  /// to the end when the rate is negative), then runs from the current
  /// time.
  ///
  /// - Throws: ``RazzleError`` `.invalidState` to rewind to an infinite end.
  public func play() throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in try unlockedPlay() }
  }

  private func unlockedPlay() throws(RazzleError) {
    let end = node.endTime
    let current = unlockedCurrentTime
    let wasRunning = unlockedPlayState == .running
    if stopped {
      stopped = false
    }
    if rate > 0 && (current == nil || current! < 0 || current! >= end) {
      holdTime = 0
    } else if rate < 0 && (current == nil || current! <= 0 || current! > end) {
      guard end.isFinite else {
        throw RazzleError(.invalidState, "cannot rewind to the end: the node never ends")
      }
      holdTime = end
    } else if rate == 0 && current == nil {
      holdTime = 0
    }
    if let hold = holdTime {
      startTime = rate == 0 ? clock : clock - hold / rate
      if rate != 0 { holdTime = nil }
    }
    finishedReported = false
    if !wasRunning { events.append(PlayerEvent(.started, at: clock)) }
    updateFinishedState(didSeek: false)
  }

  /// Pauses: holds the current time (0 — or the end at a negative rate —
  /// from idle).
  ///
  /// - Throws: ``RazzleError`` `.invalidState` to pause an idle player at
  ///   a negative rate on an infinite end.
  public func pause() throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      guard unlockedPlayState != .paused || stopped else { return }
      stopped = false
      if let current = unlockedCurrentTime {
        holdTime = current
      } else if rate >= 0 {
        holdTime = 0
      } else {
        let end = node.endTime
        guard end.isFinite else {
          throw RazzleError(.invalidState, "cannot pause at the end: the node never ends")
        }
        holdTime = end
      }
      startTime = nil
      events.append(PlayerEvent(.paused, at: clock))
      updateFinishedState(didSeek: false)
    }
  }

  /// Reverses: negates the rate and plays.
  ///
  /// - Throws: ``RazzleError`` as ``play()``; the rate is unchanged then.
  public func reverse() throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      let current = unlockedCurrentTime
      rate = -rate
      if let current, startTime != nil {
        // Keep the current time across the change of rate.
        startTime = rate == 0 ? clock : clock - current / rate
      }
      events.append(PlayerEvent(.reversed, at: clock))
      do throws(RazzleError) {
        try unlockedPlay()
      } catch {
        events.removeLast()
        rate = -rate
        if let current, startTime != nil { startTime = clock - current / rate }
        throw error
      }
    }
  }

  /// Finishes: jumps to the end (to 0 at a negative rate).
  ///
  /// - Throws: ``RazzleError`` `.invalidState` at rate 0, or at a positive
  ///   rate on a node that never ends.
  public func finish() throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      let end = node.endTime
      guard rate != 0 else {
        throw RazzleError(.invalidState, "cannot finish at playback rate 0")
      }
      guard rate < 0 || end.isFinite else {
        throw RazzleError(.invalidState, "cannot finish: the node never ends")
      }
      let limit = rate > 0 ? end : 0
      unlockedSilentlySetCurrentTime(limit)
      if startTime == nil { startTime = clock - limit / rate }
      holdTime = limit
      stopped = false
      updateFinishedState(didSeek: true)
    }
  }

  /// Cancels: idle, no effect, a `cancelled` event.
  public func cancel() {
    lock.withWriteLock {
      guard unlockedPlayState != .idle else { return }
      startTime = nil
      holdTime = nil
      stopped = false
      finishedReported = false
      previousCurrentTime = nil
      events.append(PlayerEvent(.cancelled, at: clock))
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
    lock.withWriteLock {
      unlockedSilentlySetCurrentTime(time)
      if stopped {
        stopped = false
      }
      updateFinishedState(didSeek: true)
    }
  }

  /// UIKit's `fractionComplete` setter: seeks to `fraction × end`.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN fraction, or an
  ///   end that is infinite.
  public func setFractionComplete(_ fraction: Double) throws(RazzleError) {
    let end = node.endTime
    guard fraction.isFinite else {
      throw RazzleError(.invalidValue, "fraction_complete must be finite, got \(fraction)")
    }
    guard end.isFinite else {
      throw RazzleError(.invalidState, "fraction_complete of a node that never ends")
    }
    try setCurrentTime(fraction * end)
  }

  private func unlockedSilentlySetCurrentTime(_ time: Double) {
    if holdTime != nil || startTime == nil || rate == 0 {
      holdTime = time
    } else {
      startTime = clock - time / rate
    }
    previousCurrentTime = nil
  }

  /// Sets the playback rate, keeping the current time.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a NaN or infinite rate.
  public func setPlaybackRate(_ newRate: Double) throws(RazzleError) {
    guard newRate.isFinite else {
      throw RazzleError(.invalidValue, "the playback rate must be finite, got \(newRate)")
    }
    lock.withWriteLock {
      let current = unlockedCurrentTime
      let flips = (newRate < 0) != (rate < 0)
      rate = newRate
      if let current { unlockedSilentlySetCurrentTime(current) }
      if flips { events.append(PlayerEvent(.reversed, at: clock)) }
      updateFinishedState(didSeek: false)
    }
  }

  /// Web Animations' `updatePlaybackRate()`: the same as setting the rate
  /// here, since a headless player has no pending task to wait for.
  public func updatePlaybackRate(_ newRate: Double) throws(RazzleError) {
    try setPlaybackRate(newRate)
  }

  /// UIKit's `isReversed` setter: runs the other way from the current
  /// time, without rewinding.
  public func setReversed(_ reversed: Bool) {
    guard reversed != isReversed else { return }
    try? setPlaybackRate(-playbackRate)
  }

  /// UIKit's `continueAnimation(withTimingParameters:durationFactor:)`: runs
  /// on from the current fraction with a new curve over what remains, and
  /// the remaining duration scaled by `durationFactor`.
  ///
  /// - Parameters:
  ///   - easing: The curve over the rest (nil keeps the current one).
  ///   - durationFactor: Scales the remaining duration, finite and > 0.
  /// - Throws: ``RazzleError`` `.invalidValue` for a factor out of range;
  ///   as ``play()``.
  public func continueAnimation(easing: Easing? = nil, durationFactor: Double = 1)
    throws(RazzleError)
  {
    guard durationFactor.isFinite && durationFactor > 0 else {
      throw RazzleError(
        .invalidValue, "duration_factor must be finite and > 0, got \(durationFactor)")
    }
    try lock.withWriteLock { () throws(RazzleError) in
      let end = node.endTime
      if let easing {
        curve = easing
        curveFrom = unlockedFraction(unlockedCurrentTime ?? 0, end: end)
      }
      let current = unlockedCurrentTime
      rate /= durationFactor
      if let current { unlockedSilentlySetCurrentTime(current) }
      try unlockedPlay()
    }
  }

  /// UIKit's `stopAnimation(false)` then `finishAnimation(at:)`: the player
  /// stops at the start, the end or where it is, and reports `finished`;
  /// the node's values stay those of that position.
  public enum StopPosition: String, Sendable, CaseIterable {
    case start, end, current
  }

  /// Stops at `position` (see ``StopPosition``).
  ///
  /// - Throws: ``RazzleError`` `.invalidState` to stop at the end of a node
  ///   that never ends.
  public func stop(at position: StopPosition) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      let end = node.endTime
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
      startTime = nil
      stopped = true
      finishedReported = true
      events.append(PlayerEvent(.finished, at: clock))
    }
  }

  /// Web Animations' "update an animation's finished state", headless.
  private func updateFinishedState(didSeek: Bool) {
    let end = node.endTime
    if let start = startTime {
      let unconstrained = didSeek ? (unlockedCurrentTime ?? 0) : (clock - start) * rate
      if rate > 0 && unconstrained >= end {
        holdTime = didSeek ? unconstrained : Swift.max(previousCurrentTime ?? end, end)
      } else if rate < 0 && unconstrained <= 0 {
        holdTime = didSeek ? unconstrained : Swift.min(previousCurrentTime ?? 0, 0)
      } else if rate != 0, let hold = holdTime {
        startTime = clock - hold / rate
        holdTime = nil
      }
    }
    previousCurrentTime = unlockedCurrentTime
    let finished = unlockedPlayState == .finished
    if finished && !finishedReported {
      finishedReported = true
      // When the current time reached its limit.
      var at = clock
      if let start = startTime, rate != 0, !didSeek {
        at = Swift.min(clock, start + (rate > 0 ? end : 0) / rate)
      }
      if pausesOnCompletionValue {
        holdTime = rate > 0 ? end : 0
        startTime = nil
        events.append(PlayerEvent(.paused, at: at))
      } else {
        events.append(PlayerEvent(.finished, at: at))
      }
    } else if !finished {
      finishedReported = false
    }
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
    let (time, backwards) = lock.withReadLock { () -> (Double, Bool) in
      let end = node.endTime
      let current = unlockedCurrentTime
      return (
        current.map { nodeTime($0, end: end, paused: startTime == nil) } ?? .nan, rate < 0
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
  /// - Throws: ``RazzleError`` `.bufferTooSmall`.
  public func localTimes(
    at clockTimes: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    guard out.count >= clockTimes.count else {
      throw RazzleError(
        .bufferTooSmall, "output holds \(out.count) doubles, \(clockTimes.count) needed")
    }
    lock.withReadLock {
      let end = node.endTime
      for i in clockTimes.indices {
        var current: Double
        if let holdTime {
          current = holdTime
        } else if let startTime {
          current = (clockTimes[i] - startTime) * rate
          if rate > 0 && current >= end { current = end }
          if rate < 0 && current <= 0 { current = 0 }
        } else {
          current = .nan
        }
        out[i] = current.isNaN ? current : nodeTime(current, end: end, paused: startTime == nil)
      }
    }
  }

  /// The node sampled at many clock times (a video is one call): rows as
  /// ``Node/sample(times:into:direction:)``.
  ///
  /// - Returns: The number of columns.
  /// - Throws: ``RazzleError`` as ``Node/sample(times:into:direction:)``.
  @discardableResult
  public func sample(
    clockTimes: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) -> Int {
    var local = [Double](repeating: .nan, count: clockTimes.count)
    try local.withUnsafeMutableBufferPointer { (l) throws(RazzleError) in
      try localTimes(at: clockTimes, into: l)
    }
    let backwards = isReversed
    return try local.withUnsafeBufferPointer { (l) throws(RazzleError) -> Int in
      try node.sample(times: l, into: out, direction: backwards ? .backwards : .forwards)
    }
  }
}
