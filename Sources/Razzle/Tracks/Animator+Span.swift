extension Animator {
  /// The first and last keyframe times over all the animator's tracks, or
  /// nil when no track has a keyframe.
  public var keyframeSpan: (start: Double, end: Double)? {
    lock.withReadLock { unlockedKeyframeSpan }
  }

  /// ``keyframeSpan``; call with the animator's lock held.
  var unlockedKeyframeSpan: (start: Double, end: Double)? {
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

extension Animator {
  /// Runs `body` over the tracks in order. Call with the animator's lock
  /// held (``sampleFrame(_:_:into:)`` reads them so).
  func withOrderedTracks<R>(_ body: (UnsafeBufferPointer<Track>) -> R) -> R {
    ordered.withUnsafeBufferPointer(body)
  }
}
