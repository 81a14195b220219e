extension Animator {
  /// The first and last keyframe times over all the animator's tracks, or
  /// nil when no track has a keyframe.
  public var keyframeSpan: (start: Double, end: Double)? {
    lock.withReadLock { unlockedKeyframeSpan }
  }

  /// ``keyframeSpan``; call with the animator's lock held. Cached until the
  /// next edit (a player reads it at every step).
  var unlockedKeyframeSpan: (start: Double, end: Double)? {
    // No caches: the animator never had a track.
    caches?.span.value(at: domain.edits) { computeKeyframeSpan() } ?? nil
  }

  private func computeKeyframeSpan() -> (start: Double, end: Double)? {
    var start = Double.infinity
    var end = -Double.infinity
    for track in ordered where track.storage.count > 0 {
      let times = track.storage.times
      start = Swift.min(start, times[0])
      end = Swift.max(end, times[times.count - 1])
    }
    return start <= end ? (start, end) : nil
  }

  /// The count of edits made to the animator and its tracks: it changes
  /// whenever anything that sampling reads changes.
  var editCount: UInt64 { lock.withReadLock { domain.edits } }
}

/// An animator's keyframe span and the edit count it was computed at.
/// Readers holding the animator's read lock share it, so a mutex orders
/// their writes.
final class SpanCache: @unchecked Sendable {
  private let mutex = Mutex()
  private var edits = UInt64.max
  private var span: (start: Double, end: Double)?

  /// The span at edit count `edits`: the cached one, or `compute()`'s.
  func value(
    at edits: UInt64, _ compute: () -> (start: Double, end: Double)?
  ) -> (start: Double, end: Double)? {
    mutex.lock()
    defer { mutex.unlock() }
    if self.edits != edits {
      span = compute()
      self.edits = edits
    }
    return span
  }
}

extension Animator {
  /// Runs `body` over the tracks in order. Call with the animator's lock
  /// held (``sampleFrame(_:_:into:)`` reads them so).
  func withOrderedTracks<R>(_ body: (UnsafeBufferPointer<Track>) -> R) -> R {
    ordered.withUnsafeBufferPointer(body)
  }
}
