/// A sequence of keyframes for one property of one target, sampled at any
/// time.
///
/// "Time" is whatever drives the animation: seconds, a scroll offset, a
/// gesture's progress. A track is safe to share between threads: any number
/// of threads may sample it while others change it; each sample sees the
/// track entirely before or entirely after each change.
///
/// ```swift
/// let alpha = try Track(property: "alpha")
/// try alpha.setKeyframe(time: 30, value: [1])
/// try alpha.setKeyframe(time: 60, value: [0])
/// try alpha.sample(at: 45)  // [0.5]
/// ```
public final class Track: @unchecked Sendable {
  /// What the track animates, such as a view's name. May be empty.
  public let target: String
  /// The animated property, such as `"alpha"`; it selects the validation rule.
  public let property: String
  /// The kind of value, which fixes the channel count and the blending.
  public var kind: ValueKind { rule.kind }
  /// The values the property accepts (its ``PropertyRule/kind`` is the
  /// track's kind).
  public let rule: PropertyRule
  /// The relation to an animator variable, bound to its slot, or nil for a
  /// plain track (set when the track is made, never changed).
  @usableFromInline let bound: BoundRelation?

  /// The variable the track's values are relative to and the constant
  /// added, or nil for a plain track (see ``TrackRelation``).
  public var relation: TrackRelation? { bound?.relation }

  /// Guards `storage` and `sampler`. A track created by an ``Animator``
  /// shares the animator's lock, so the animator can sample all its tracks
  /// under one read lock; a standalone track has its own.
  @usableFromInline let domain: EditDomain
  /// The domain's lock.
  @usableFromInline var lock: ReadWriteLock { domain.lock }
  /// Guarded by `lock`: the published raw view of `storage` (nil when
  /// empty), rebuilt after every edit.
  @usableFromInline var sampler: KeyframeSampler?
  /// Guarded by `lock`: the keyframes, or nil while there are none. An
  /// empty track allocates no storage (its first keyframe makes it, its
  /// last one's removal drops it), so a new track costs this object only.
  @usableFromInline var keyframeStorage: KeyframeStorage?
  /// Guarded by `lock`: what the track does before its first keyframe.
  @usableFromInline var before = Extrapolation.hold
  /// Guarded by `lock`: what the track does after its last keyframe.
  @usableFromInline var after = Extrapolation.hold
  /// Guarded by `lock`: bumped by every edit of the track, so a reader can
  /// tell that what it read earlier (style numbers, a keyframe count) still
  /// holds.
  @usableFromInline var editGeneration: UInt64 = 0

  /// Guarded by `lock`: the keyframes for reading; an empty track reads the
  /// shared empty storage, which is never written (edits go through
  /// ``edit(_:)``, which makes the track its own).
  @usableFromInline var storage: KeyframeStorage { keyframeStorage ?? KeyframeStorage.none }

  /// Creates an empty track.
  ///
  /// - Parameters:
  ///   - target: What the track animates; may be empty.
  ///   - property: The property's name. Known names imply a kind (see
  ///     ``PropertyRule/impliedKind(of:)``); any other name is a scalar unless
  ///     `kind` says otherwise.
  ///   - kind: The value kind, or nil for the property's own. A kind that
  ///     contradicts a known property name is an error (a color track may
  ///     choose its color space).
  /// - Throws: ``RazzleError`` `.invalidName` for an empty property name,
  ///   `.kindMismatch` for a contradicting kind, `.wrongSize` for a vector of
  ///   0 or more than 64 channels.
  public convenience init(target: String = "", property: String, kind: ValueKind? = nil)
    throws(RazzleError)
  {
    try self.init(target: target, property: property, kind: kind, domain: EditDomain())
  }

  /// Creates an empty track in `domain` (its animator's, or its own),
  /// relative to the variable in `bound`'s slot if given.
  ///
  /// A relative track needs a kind blended per channel (the factor and the
  /// constant apply to every channel) and a property without a bounded
  /// range (the product would leave it).
  init(
    target: String, property: String, kind: ValueKind?, domain: EditDomain,
    bound: BoundRelation? = nil
  ) throws(RazzleError) {
    guard !property.isEmpty else { throw RazzleError(.invalidName, "property name is empty") }
    // A NUL would cut the name for every C caller (and shift the labels of
    // a batch's columns): refused here, whatever made the track.
    for (what, name) in [("target", target), ("property", property)] where name.utf8.contains(0) {
      throw RazzleError(
        .invalidName, "\(what) name \"\(NameText.escapingNUL(name))\" contains a NUL character")
    }
    let implied = PropertyRule.impliedKind(of: property)
    let resolved = kind ?? implied ?? .scalar
    if let implied, implied.name != resolved.name {
      throw RazzleError(
        .kindMismatch, "\(property) is a \(implied.name) property, not \(resolved.name)")
    }
    try resolved.checkWellFormed()
    let rule = PropertyRule(property: property, kind: resolved)
    if let bound {
      guard resolved.isPerChannel else {
        throw RazzleError(
          .kindMismatch,
          "\(property): a track relative to a variable needs a per-channel kind (\(ValueKind.perChannelNames)), not \(resolved.name)"
        )
      }
      guard rule.range == .any else {
        let (lower, upper) = rule.range.bounds
        throw RazzleError(
          .kindMismatch,
          "\(property) takes values in [\(lower), \(upper)]; a track relative to \"\(bound.relation.variable)\" would leave that range"
        )
      }
    }
    self.target = target
    self.property = property
    self.rule = rule
    self.channels = resolved.channels
    self.domain = domain
    self.bound = bound
  }

  /// An empty track with `other`'s names and kind, in `domain`.
  private init(emptyCopyOf other: Track, domain: EditDomain) {
    self.target = other.target
    self.property = other.property
    self.rule = other.rule
    self.channels = other.channels
    self.domain = domain
    self.bound = other.bound
  }

  /// Runs an edit of the track's storage (made now if the track has none)
  /// under the write lock and, if it succeeds, publishes the new sampler
  /// view and moves the edit generation. Storage left empty is dropped.
  ///
  /// `body` must throw before it changes the storage: a failed edit changes
  /// nothing, the generation included (a reader holding style numbers of
  /// this generation must not see them go stale).
  private func edit<R, E: Error>(_ body: (KeyframeStorage) throws(E) -> R) throws(E) -> R {
    try lock.withWriteLock { () throws(E) -> R in
      let storage = keyframeStorage ?? KeyframeStorage(kind: kind)
      let result = try body(storage)
      keyframeStorage = storage.count > 0 ? storage : nil
      publish()
      return result
    }
  }

  /// Republishes the sampler view after an edit and moves the generations;
  /// call with the write lock held.
  private func publish() {
    sampler = keyframeStorage?.makeSampler(before: before, after: after)
    domain.countEdit()
    editGeneration &+= 1
  }

  /// The number of doubles in one value.
  public let channels: Int

  /// The number of keyframes.
  public var keyframeCount: Int { lock.withReadLock { storage.count } }

  /// A snapshot of the keyframes, in time order.
  public var keyframes: [Keyframe] {
    lock.withReadLock { (0..<storage.count).map(storage.keyframe(at:)) }
  }

  /// The keyframe at `index` in time order.
  ///
  /// - Throws: ``RazzleError`` `.outOfRange` if `index` is not below the count.
  public func keyframe(at index: Int) throws(RazzleError) -> Keyframe {
    try lock.withReadLock { () throws(RazzleError) -> Keyframe in
      guard index >= 0 && index < storage.count else {
        throw RazzleError(
          .outOfRange, "keyframe index \(index) is out of range (count \(storage.count))")
      }
      return storage.keyframe(at: index)
    }
  }

  /// Sets the keyframe at `time`, replacing the value and style of a
  /// keyframe already at that time.
  ///
  /// - Parameters:
  ///   - time: A finite time.
  ///   - value: Exactly ``channels`` finite numbers, within the property's
  ///     range (see ``PropertyRule``).
  ///   - style: The easing and interpolation of the segment that starts at
  ///     this keyframe, its tangent parameters and Bézier handles. Tension,
  ///     continuity and bias must lie in [−1, 1]; a handle needs a finite time
  ///     and ``channels`` finite values (handles are control points, so the
  ///     property's range does not apply to them).
  /// - Throws: ``RazzleError`` `.invalidValue` or `.wrongSize`; the track is
  ///   unchanged.
  /// - Complexity: amortized O(1) when `time` is after every keyframe, O(n)
  ///   otherwise, and O(n) for tracks with `smooth`, `monotone` or `paced`
  ///   segments, whose derived data is recomputed.
  public func setKeyframe(
    time: Double, value: UnsafeBufferPointer<Double>, style: KeyframeStyle = .plain
  ) throws(RazzleError) {
    try validate(time: time, value: value, style: style)
    try edit { (storage) throws(RazzleError) in
      guard storage.checkGaps(around: time) else {
        throw RazzleError(
          .invalidValue,
          "\(property): keyframe time \(time) is too far from its neighbours (the gap overflows)")
      }
      storage.set(time: time, value: value, style: style)
    }
  }

  /// Sets the keyframe at `time`; see
  /// ``setKeyframe(time:value:style:)-(_,UnsafeBufferPointer<Double>,_)``.
  public func setKeyframe(time: Double, value: [Double], style: KeyframeStyle = .plain)
    throws(RazzleError)
  {
    try value.withUnsafeBufferPointer { (v) throws(RazzleError) in
      try setKeyframe(time: time, value: v, style: style)
    }
  }

  /// Sets the keyframe at `time` with `easing` and otherwise plain style.
  public func setKeyframe(time: Double, value: [Double], easing: Easing) throws(RazzleError) {
    try setKeyframe(time: time, value: value, style: KeyframeStyle(easing: easing))
  }

  /// Checks one keyframe as ``setKeyframe(time:value:style:)-(_,UnsafeBufferPointer<Double>,_)``
  /// takes it.
  private func validate(time: Double, value: UnsafeBufferPointer<Double>, style: KeyframeStyle)
    throws(RazzleError)
  {
    guard time.isFinite else {
      throw RazzleError(.invalidValue, "\(property): keyframe time must be finite, got \(time)")
    }
    try checkSize(value.count, "value")
    try rule.validate(value, property: property)
    try validate(style)
  }

  /// Sets many keyframes in one edit: `times[i]` gets the value
  /// `values[i·channels ..< (i+1)·channels]` and the style `styles[i]` (or
  /// `styles[0]` for all when there is one style, or the plain style when
  /// there is none). The times may come in any order; a time given twice
  /// takes its last entry, and a time the track has is replaced.
  ///
  /// - Throws: ``RazzleError`` as ``setKeyframe(time:value:style:)-(_,UnsafeBufferPointer<Double>,_)``
  ///   for the first bad entry (named by its index), `.wrongSize` when
  ///   `values` or `styles` has the wrong count. The track takes every
  ///   keyframe or none.
  /// - Complexity: O(m log m + n) for m new and n existing keyframes.
  public func setKeyframes(
    times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>,
    styles: [KeyframeStyle] = []
  ) throws(RazzleError) {
    var failed = -1
    try setKeyframes(times: times, values: values, styles: styles, failed: &failed)
  }

  /// ``setKeyframes(times:values:styles:)``, storing the index of the entry
  /// that failed validation in `failed` (a scene file names it).
  func setKeyframes(
    times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>,
    styles: [KeyframeStyle], failed: inout Int
  ) throws(RazzleError) {
    let (needed, overflow) = times.count.multipliedReportingOverflow(by: channels)
    guard !overflow, values.count == needed else {
      throw RazzleError(
        .wrongSize,
        "\(property): \(times.count) keyframes of \(channels) channels need \(overflow ? "more" : String(needed)) values, got \(values.count)"
      )
    }
    guard times.count <= Int(UInt32.max) else {
      throw RazzleError(
        .wrongSize, "\(property): at most \(UInt32.max) keyframes in one call, got \(times.count)")
    }
    guard styles.count <= 1 || styles.count == times.count else {
      throw RazzleError(
        .wrongSize,
        "\(property): give 0 styles, 1 for all or one per keyframe (\(times.count)), not \(styles.count)"
      )
    }
    // One style for all is checked once (as the first entry's); then each
    // entry's time, value and, with one style per entry, its style. When
    // every time is finite and every value passes the rule's common case
    // (one pass each), only the shared style is left to check.
    let allPass = styles.count <= 1 && allFinite(times) && rule.admitsAll(values)
    for i in times.indices where !allPass || (i == 0 && styles.count == 1) {
      let value = UnsafeBufferPointer(rebasing: values[i * channels..<(i + 1) * channels])
      do throws(RazzleError) {
        guard times[i].isFinite else {
          throw RazzleError(
            .invalidValue, "\(property): keyframe time must be finite, got \(times[i])")
        }
        try checkSize(value.count, "value")
        try rule.validate(value, property: property)
        if styles.count > 1 || (i == 0 && styles.count == 1) { try validate(styles[i]) }
      } catch {
        failed = i
        throw RazzleError(error.kind, "keyframe \(i): \(error.message)")
      }
    }
    guard !times.isEmpty else { return }
    try edit { (storage) throws(RazzleError) in
      guard storage.merge(times: times, values: values, styles: styles) else {
        throw RazzleError(
          .invalidValue,
          "\(property): the keyframes are so far apart that a gap between neighbours overflows")
      }
    }
  }

  /// The index, in time order, of the keyframe at exactly `time`, or nil
  /// (NaN matches nothing).
  ///
  /// - Complexity: O(log n).
  public func index(ofKeyframeAt time: Double) -> Int? {
    lock.withReadLock { storage.index(of: time) }
  }

  /// The track's edit generation: it changes with every edit of the track.
  public var generation: UInt64 { lock.withReadLock { editGeneration } }

  /// Runs `body` on one consistent snapshot of the keyframes, under the
  /// read lock: their times, their values (``channels`` per keyframe), their
  /// style numbers (see ``style(number:generation:)``) and the edit
  /// generation they belong to. The buffers are valid only inside `body`.
  public func withKeyframes<R, E: Error>(
    _ body: (
      _ times: UnsafeBufferPointer<Double>, _ values: UnsafeBufferPointer<Double>,
      _ styles: UnsafeBufferPointer<UInt32>, _ generation: UInt64
    ) throws(E) -> R
  ) throws(E) -> R {
    try lock.withReadLock { () throws(E) -> R in
      try body(
        storage.times.buffer, storage.values.buffer, storage.styleIndices.buffer, editGeneration)
    }
  }

  /// The style that style number `number` stood for at edit generation
  /// `generation` (0 is always the plain style).
  ///
  /// - Throws: ``RazzleError`` `.stale` if the track has changed since
  ///   `generation`, `.outOfRange` for a number the track does not use.
  public func style(number: UInt32, generation: UInt64) throws(RazzleError) -> KeyframeStyle {
    try lock.withReadLock { () throws(RazzleError) -> KeyframeStyle in
      guard generation == editGeneration else {
        throw RazzleError(
          .stale,
          "\(property): the track changed since generation \(generation) (now \(editGeneration))")
      }
      guard let style = storage.pool.style(number: number) else {
        throw RazzleError(.outOfRange, "\(property): the track has no style number \(number)")
      }
      return style
    }
  }

  /// An independent copy of the track in `domain`: the same names, kind,
  /// keyframes, styles and extrapolation, sharing no storage.
  ///
  /// Call with the track's lock held for reading: an animator copies its
  /// tracks under its own read lock, which is theirs. The lock is not
  /// recursive, so this must not take it again (see ``ReadWriteLock``).
  func copy(lockedIn domain: EditDomain) -> Track {
    let copy = Track(emptyCopyOf: self, domain: domain)
    copy.before = before
    copy.after = after
    guard let storage = keyframeStorage else { return copy }
    let styles = (0..<storage.count).map { storage.pool[storage.styleIndices[$0]] }
    let copied = KeyframeStorage(kind: kind)
    _ = copied.merge(times: storage.times.buffer, values: storage.values.buffer, styles: styles)
    copy.keyframeStorage = copied
    copy.sampler = copied.makeSampler(before: before, after: after)
    return copy
  }

  private func checkSize(_ count: Int, _ what: String) throws(RazzleError) {
    guard count == channels else {
      throw RazzleError(
        .wrongSize,
        "\(property): a \(kind.name) \(what) has \(channels) channel\(channels == 1 ? "" : "s"), got \(count)"
      )
    }
  }

  private func validate(_ style: KeyframeStyle) throws(RazzleError) {
    if !kind.isPerChannel && style.interpolation != .linear && style.interpolation != .hold {
      throw RazzleError(
        .kindMismatch,
        "\(property): \(style.interpolation.rawValue) interpolation needs a per-channel kind (\(ValueKind.perChannelNames)), not \(kind.name)"
      )
    }
    // Checked in this order; no arrays are built (a bulk edit checks one
    // style per keyframe).
    try checkUnit(style.tension, "tension")
    try checkUnit(style.continuity, "continuity")
    try checkUnit(style.bias, "bias")
    if let handle = style.leftHandle { try validate(handle, "left") }
    if let handle = style.rightHandle { try validate(handle, "right") }
  }

  private func checkUnit(_ x: Double, _ name: String) throws(RazzleError) {
    guard x >= -1 && x <= 1 else {
      throw RazzleError(.invalidValue, "\(property): \(name) must be within [-1, 1], got \(x)")
    }
  }

  private func validate(_ handle: BezierHandle, _ name: String) throws(RazzleError) {
    guard handle.time.isFinite else {
      throw RazzleError(
        .invalidValue, "\(property): the \(name) handle's time must be finite, got \(handle.time)")
    }
    if handle.value.count != channels { try checkSize(handle.value.count, "\(name) handle") }
    for v in handle.value where !v.isFinite {
      throw RazzleError(
        .invalidValue, "\(property): the \(name) handle's values must be finite, got \(v)")
    }
  }

  /// Changes the extrapolation at either end; nil keeps that end's mode.
  ///
  /// - Throws: ``RazzleError`` `.kindMismatch` for `linear` or
  ///   `cycle-offset` on a kind that is not blended per channel (colors,
  ///   transforms, bools have no slope to continue or offset to add); nothing
  ///   changes then.
  public func setExtrapolation(before: Extrapolation? = nil, after: Extrapolation? = nil)
    throws(RazzleError)
  {
    if !kind.isPerChannel {
      for mode in [before, after] where mode == .linear || mode == .cycleOffset {
        throw RazzleError(
          .kindMismatch,
          "\(property): \(mode?.rawValue ?? "") extrapolation needs a per-channel kind (\(ValueKind.perChannelNames)), not \(kind.name)"
        )
      }
    }
    lock.withWriteLock {
      let (newBefore, newAfter) = (before ?? self.before, after ?? self.after)
      // Setting the modes a track has is no edit (a new track's options
      // set hold at both ends).
      guard newBefore != self.before || newAfter != self.after else { return }
      self.before = newBefore
      self.after = newAfter
      publish()
    }
  }

  /// Makes a `bool` track false (visible) up to and at `time` and true
  /// (hidden) at every later time, as RazzleDazzle's `HideAnimation.hideAt`,
  /// but exactly: the second keyframe sits at the next double after `time`,
  /// so no time after it is missed.
  ///
  /// - Throws: ``RazzleError`` `.kindMismatch` on a track that is not `bool`,
  ///   `.invalidValue` for a non-finite time.
  public func hide(at time: Double) throws(RazzleError) {
    try setSwitch(at: time, from: 0, to: 1)
  }

  /// The opposite of ``hide(at:)``: true (hidden) up to and at `time`, false
  /// (visible) after.
  public func show(at time: Double) throws(RazzleError) {
    try setSwitch(at: time, from: 1, to: 0)
  }

  private func setSwitch(at time: Double, from: Double, to: Double) throws(RazzleError) {
    guard case .bool = kind else {
      throw RazzleError(
        .kindMismatch, "\(property): hide and show need a bool track, not \(kind.name)")
    }
    guard time.isFinite, time.nextUp.isFinite else {
      throw RazzleError(.invalidValue, "\(property): time must be finite, got \(time)")
    }
    try edit { (storage) throws(RazzleError) in
      guard storage.checkGaps(around: time) && storage.checkGaps(around: time.nextUp) else {
        throw RazzleError(
          .invalidValue,
          "\(property): time \(time) is too far from its neighbours (the gap overflows)")
      }
      withUnsafePointer(to: from) {
        storage.set(time: time, value: UnsafeBufferPointer(start: $0, count: 1), style: .plain)
      }
      withUnsafePointer(to: to) {
        storage.set(
          time: time.nextUp, value: UnsafeBufferPointer(start: $0, count: 1), style: .plain)
      }
    }
  }

  /// What the track does before its first keyframe and after its last;
  /// see ``setExtrapolation(before:after:)``.
  public var extrapolation: (before: Extrapolation, after: Extrapolation) {
    lock.withReadLock { (before, after) }
  }

  /// Removes the keyframe at exactly `time`.
  ///
  /// - Throws: ``RazzleError`` `.notFound` if there is none; the track is
  ///   unchanged.
  public func removeKeyframe(at time: Double) throws(RazzleError) {
    try edit { (storage) throws(RazzleError) in
      guard let i = storage.index(of: time) else {
        throw RazzleError(.notFound, "\(property): no keyframe at time \(time)")
      }
      storage.remove(at: i)
    }
  }

  /// Writes the value at `times[j]` to `out[j·channels ..< (j+1)·channels]`
  /// for every j.
  ///
  /// See ``KeyframeSampler`` for the rule. NaN times give NaN values; ±∞
  /// give the end values under `hold` extrapolation (the default). The batch
  /// gives bit for bit what single samples give.
  ///
  /// - Throws: ``RazzleError`` `.emptyTrack` if there are no keyframes,
  ///   `.bufferTooSmall` if `out` holds fewer than `times.count × channels`
  ///   doubles. Nothing is written then.
  /// - Complexity: O(m log n) for m times and n keyframes.
  @inlinable
  public func sample(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  )
    throws(RazzleError)
  {
    try withSampler(times, out) { $0.sampleAll(times, into: $1) }
  }

  /// Writes d value / d time at `times[j]` to
  /// `out[j·channels ..< (j+1)·channels]` for every j; see
  /// ``KeyframeSampler/velocity(_:into:)`` for the conventions (right-hand
  /// derivatives, 0 on holds).
  ///
  /// - Throws: as ``sample(times:into:)``.
  @inlinable
  public func velocity(
    times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try withSampler(times, out, derivative: true) { $0.velocityAll(times, into: $1) }
  }

  /// d value / d time at `time`, as ``channels`` doubles.
  public func velocity(at time: Double) throws(RazzleError) -> [Double] {
    try single(time) { (t, o) throws(RazzleError) in try velocity(times: t, into: o) }
  }

  /// Runs `body` with the published sampler and the output's base address,
  /// under the read lock, after checking the output's size; then applies the
  /// track's relation, if it has one, to what `body` wrote (`derivative`:
  /// without the constant).
  @inlinable
  func withSampler(
    _ times: UnsafeBufferPointer<Double>, _ out: UnsafeMutableBufferPointer<Double>,
    derivative: Bool = false,
    _ body: (KeyframeSampler, UnsafeMutablePointer<Double>) -> Void
  ) throws(RazzleError) {
    try checkCapacity(out.count, times.count)
    try lock.withReadLock { () throws(RazzleError) in
      guard let sampler else { throw emptyError }
      guard let bound else {
        guard let base = out.baseAddress else { return }
        body(sampler, base)
        return
      }
      let factor = try relationFactor(unlocked: bound)
      guard let base = out.baseAddress else { return }
      body(sampler, base)
      bound.apply(
        factor: factor, derivative: derivative, to: base, count: times.count,
        channels: channels, stride: channels)
    }
  }

  /// The value of the variable `bound` names; call with the lock held.
  ///
  /// - Throws: ``RazzleError`` `.notFound` naming the track and the variable
  ///   when the variable is not set.
  @usableFromInline
  func relationFactor(unlocked bound: BoundRelation) throws(RazzleError) -> Double {
    guard let value = domain.variables.value(at: bound.slot) else {
      throw RazzleError(
        .notFound,
        "\(target.isEmpty ? "" : target + ".")\(property) is relative to the variable \"\(bound.relation.variable)\", which is not set"
      )
    }
    return value
  }

  /// A batch call at the one time `time`, into a new array.
  private func single(
    _ time: Double,
    _ batch: (UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) throws(RazzleError)
      ->
      Void
  ) throws(RazzleError) -> [Double] {
    var out = [Double](repeating: 0, count: channels)
    try out.withUnsafeMutableBufferPointer { (o) throws(RazzleError) in
      try withUnsafePointer(to: time) { (t) throws(RazzleError) in
        try batch(UnsafeBufferPointer(start: t, count: 1), o)
      }
    }
    return out
  }

  @usableFromInline
  func checkCapacity(_ capacity: Int, _ count: Int) throws(RazzleError) {
    let (needed, overflow) = count.multipliedReportingOverflow(by: channels)
    guard !overflow, capacity >= needed else {
      throw RazzleError(
        .bufferTooSmall,
        "\(property): output holds \(capacity) doubles, \(count) samples of \(channels) need \(overflow ? "more" : String(needed))"
      )
    }
  }

  /// The value at `time`, as ``channels`` doubles.
  ///
  /// - Throws: ``RazzleError`` `.emptyTrack` if there are no keyframes.
  public func sample(at time: Double) throws(RazzleError) -> [Double] {
    try single(time) { (t, o) throws(RazzleError) in try sample(times: t, into: o) }
  }

  /// The value of a one-channel track at `time`, without an array: the
  /// single-sample path bindings call in a hot loop. Bit for bit what
  /// ``sample(times:into:)`` writes.
  ///
  /// - Throws: ``RazzleError`` `.wrongSize` for a track of more than one
  ///   channel, `.emptyTrack` if there are no keyframes.
  @inlinable
  public func value(at time: Double) throws(RazzleError) -> Double {
    guard channels == 1 else {
      throw RazzleError(
        .wrongSize,
        "\(target.isEmpty ? "" : target + ".")\(property) has \(channels) channels, a single value needs one (sample it into \(channels) doubles)"
      )
    }
    var value = Double.nan
    try withUnsafePointer(to: time) { (t) throws(RazzleError) in
      try withUnsafeMutablePointer(to: &value) { (out) throws(RazzleError) in
        try sample(
          times: UnsafeBufferPointer(start: t, count: 1),
          into: UnsafeMutableBufferPointer(start: out, count: 1))
      }
    }
    return value
  }

  @usableFromInline
  var emptyError: RazzleError {
    RazzleError(
      .emptyTrack, "\(target.isEmpty ? "" : target + ".")\(property): track has no keyframes")
  }
}
