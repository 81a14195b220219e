/// A clip's content: the animator it plays and the span of the animator's
/// time one iteration covers.
struct ClipContent {
  let animator: Animator
  /// A fixed span, or nil for the animator's keyframe span.
  let span: (start: Double, end: Double)?
  let composite: Composite

  /// The span one iteration covers: the fixed one, or the animator's first
  /// and last keyframe times read now ((0, 0) without keyframes).
  ///
  /// - Parameter animatorsLocked: Whether the caller holds the animator's
  ///   lock (which must not be taken again).
  /// - Returns: The span's start and end.
  func resolvedSpan(animatorsLocked: Bool) -> (start: Double, end: Double) {
    if let span { return span }
    let read = animatorsLocked ? animator.unlockedKeyframeSpan : animator.keyframeSpan
    return read ?? (0, 0)
  }
}

extension Node {
  /// A clip: a node that plays `animator`, one iteration covering `span` of
  /// the animator's own time.
  ///
  /// The clip samples its animator at `span.start + p·(span.end −
  /// span.start)` for its transformed progress p, so an animator keyed in
  /// scroll points, frames or seconds can be placed on a timeline in
  /// seconds: give the timing a `duration` and one iteration lasts that
  /// long. With `duration` `auto` the iteration lasts the span's length.
  ///
  /// - Parameters:
  ///   - animator: The animator to play (shared, not copied: later edits
  ///     show in the clip).
  ///   - span: The animator times one iteration covers, start ≤ end, both
  ///     finite; nil (the default) for the animator's first and last
  ///     keyframe times over all its tracks, read each time the clip is
  ///     sampled.
  ///   - timing: The clip's timing; `fill: auto` is `none` for a clip.
  ///   - composite: How its values combine with earlier clips'.
  /// - Returns: The clip, without a parent.
  /// - Throws: ``RazzleError`` `.invalidValue` for a span that is not
  ///   finite or runs backwards.
  public static func clip(
    _ animator: Animator, span: (start: Double, end: Double)? = nil, timing: Timing = .default,
    composite: Composite = .replace
  ) throws(RazzleError) -> Node {
    if let span {
      guard span.start.isFinite && span.end.isFinite && span.start <= span.end else {
        throw RazzleError(
          .invalidValue,
          "a clip's span must be finite with start <= end, got (\(span.start), \(span.end))")
      }
    }
    animator.lock.withWriteLock { animator.domain.playedByClip = true }
    return Node(
      .clip(ClipContent(animator: animator, span: span, composite: composite)), timing: timing)
  }

  /// A clip's animator, or nil for another kind of node.
  public var animator: Animator? {
    Choreography.lock.withReadLock {
      if case .clip(let clip) = content { return clip.animator }
      return nil
    }
  }

  /// A clip's span as given (nil: the animator's keyframe span), and its
  /// composite; nil for another kind of node.
  public var clipSettings: (span: (start: Double, end: Double)?, composite: Composite)? {
    Choreography.lock.withReadLock {
      if case .clip(let clip) = content { return (clip.span, clip.composite) }
      return nil
    }
  }
}
