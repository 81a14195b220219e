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
  public let kind: ValueKind
  /// The values the property accepts.
  public let rule: PropertyRule

  @usableFromInline let lock = ReadWriteLock()
  /// Guarded by `lock`.
  @usableFromInline var storage: KeyframeStorage

  /// Creates an empty track.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for an empty property name,
  ///   `.wrongSize` for a vector of 0 or more than 64 channels.
  public init(target: String = "", property: String, kind: ValueKind = .scalar) throws(RazzleError)
  {
    guard !property.isEmpty else { throw RazzleError(.invalidName, "property name is empty") }
    if case .vector(let n) = kind, !(1...ValueKind.maximumChannels).contains(n) {
      throw RazzleError(
        .wrongSize, "a vector track has 1 to \(ValueKind.maximumChannels) channels, not \(n)")
    }
    self.target = target
    self.property = property
    self.kind = kind
    self.rule = PropertyRule(property: property)
    self.storage = KeyframeStorage(kind: kind)
  }

  /// The number of doubles in one value.
  public var channels: Int { kind.channels }

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

  /// Sets the keyframe at `time`, replacing the value and easing of a
  /// keyframe already at that time.
  ///
  /// - Parameters:
  ///   - time: A finite time.
  ///   - value: Exactly ``channels`` finite numbers, within the property's
  ///     range (see ``PropertyRule``).
  ///   - easing: The easing of the segment that starts at this keyframe.
  /// - Throws: ``RazzleError`` `.invalidValue` or `.wrongSize`; the track is
  ///   unchanged.
  /// - Complexity: amortized O(1) when `time` is after every keyframe, O(n)
  ///   otherwise.
  public func setKeyframe(
    time: Double, value: UnsafeBufferPointer<Double>, easing: Easing = .linear
  )
    throws(RazzleError)
  {
    guard time.isFinite else {
      throw RazzleError(.invalidValue, "\(property): keyframe time must be finite, got \(time)")
    }
    guard value.count == channels else {
      throw RazzleError(
        .wrongSize,
        "\(property): a \(kind.name) value has \(channels) channel\(channels == 1 ? "" : "s"), got \(value.count)"
      )
    }
    try rule.validate(value, property: property)
    lock.withWriteLock { storage.set(time: time, value: value, easing: easing) }
  }

  /// Sets the keyframe at `time`; see ``setKeyframe(time:value:easing:)-(_,UnsafeBufferPointer<Double>,_)``.
  public func setKeyframe(time: Double, value: [Double], easing: Easing = .linear)
    throws(RazzleError)
  {
    try value.withUnsafeBufferPointer { (v) throws(RazzleError) in
      try setKeyframe(time: time, value: v, easing: easing)
    }
  }

  /// Removes the keyframe at exactly `time`.
  ///
  /// - Throws: ``RazzleError`` `.notFound` if there is none; the track is
  ///   unchanged.
  public func removeKeyframe(at time: Double) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      guard let i = storage.index(of: time) else {
        throw RazzleError(.notFound, "\(property): no keyframe at time \(time)")
      }
      storage.remove(at: i)
    }
  }

  /// Writes the value at `times[j]` to `out[j·channels ..< (j+1)·channels]`
  /// for every j.
  ///
  /// See ``KeyframeStorage`` for the rule. NaN times give NaN values; ±∞
  /// clamp to the ends. The batch gives bit for bit what single samples give.
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
    let (needed, overflow) = times.count.multipliedReportingOverflow(by: channels)
    guard !overflow, out.count >= needed else {
      throw RazzleError(
        .bufferTooSmall,
        "\(property): output holds \(out.count) doubles, \(times.count) samples of \(channels) need \(needed)"
      )
    }
    try lock.withReadLock { () throws(RazzleError) in
      guard storage.count > 0 else { throw emptyError }
      guard let base = out.baseAddress else { return }
      storage.sample(queries: times, into: base)
    }
  }

  /// The value at `time`, as ``channels`` doubles.
  ///
  /// - Throws: ``RazzleError`` `.emptyTrack` if there are no keyframes.
  public func sample(at time: Double) throws(RazzleError) -> [Double] {
    var out = [Double](repeating: 0, count: channels)
    try out.withUnsafeMutableBufferPointer { (o) throws(RazzleError) in
      try withUnsafePointer(to: time) { (t) throws(RazzleError) in
        try sample(times: UnsafeBufferPointer(start: t, count: 1), into: o)
      }
    }
    return out
  }

  @usableFromInline
  var emptyError: RazzleError {
    RazzleError(
      .emptyTrack, "\(target.isEmpty ? "" : target + ".")\(property): track has no keyframes")
  }
}
