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

  init() {}
}
