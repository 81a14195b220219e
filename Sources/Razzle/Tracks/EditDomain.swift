import Synchronization

/// What an animator shares with its tracks: one readers–writer lock, and a
/// count of edits made under it.
///
/// One lock lets an animator sample all its tracks under a single read lock.
/// The count lets data derived from all the tracks (the animator's frame
/// cache) tell that it is stale: every edit of a track or of the animator's
/// set of tracks bumps it while holding the write lock, so a reader holding
/// the read lock sees a stable count.
@usableFromInline
final class EditDomain: @unchecked Sendable {
  @usableFromInline let lock = ReadWriteLock()
  /// Guarded by `lock`: the number of edits so far.
  @usableFromInline var edits: UInt64 = 0
  /// Guarded by `lock`: the animator's variables (a standalone track's
  /// domain has none), read by relative tracks when they sample.
  @usableFromInline var variables = VariableTable()
  /// Guarded by `lock`: a clip plays this domain's animator (set when the
  /// first clip is made; see ``countEdit()``).
  var playedByClip = false

  init() {}
}

extension EditDomain {
  /// Every domain's edits counted together: data derived from many
  /// animators (a timeline's natural duration, from its clips' keyframe
  /// spans) is current while this has not moved. Bumped inside each edit's
  /// write lock, after `edits`.
  static let allEdits = Atomic<UInt64>(0)

  /// Counts an edit; call with the write lock held. Only edits of an
  /// animator some clip plays move ``allEdits``: building a new animator
  /// and then adding its clip to a timeline keeps the timeline's cached
  /// duration current.
  @inline(__always)
  func countEdit() {
    edits &+= 1
    if playedByClip { EditDomain.allEdits.wrappingAdd(1, ordering: .relaxed) }
  }
}
