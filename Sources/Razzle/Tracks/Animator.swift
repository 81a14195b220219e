/// A set of tracks, at most one per (target, property), animated together.
///
/// `animate(t)` samples every track at the same time, in the order the tracks
/// were added. Safe to share between threads, like ``Track``.
public final class Animator: @unchecked Sendable {
  /// A track's key: the target it animates and the property.
  public struct Key: Sendable, Hashable {
    /// The animated object's name.
    public var target: String
    /// The animated property's name.
    public var property: String

    /// Creates a key.
    public init(target: String, property: String) {
      self.target = target
      self.property = property
    }
  }

  /// Guards the animator's structure and, shared with every track it
  /// creates, the tracks' keyframes: one read lock covers a whole frame.
  @usableFromInline let domain = EditDomain()
  /// The domain's lock.
  @usableFromInline var lock: ReadWriteLock { domain.lock }
  /// Plain scalar tracks' keyframes gathered for one-time frames.
  let frameCache = FrameCache()
  /// Guarded by `lock`: the tracks in the order they were added.
  @usableFromInline var ordered: [Track] = []
  /// Guarded by `lock`: each key's position in `ordered`.
  private var positions: [Key: Int] = [:]
  /// Guarded by `lock`: bumped whenever a track is added or removed, so a
  /// caller can tell that a layout it read earlier still holds.
  @usableFromInline var generation: UInt64 = 0

  /// Creates an animator with no tracks.
  public init() {}

  /// The number of tracks.
  public var trackCount: Int { lock.withReadLock { ordered.count } }

  /// The tracks, in the order they were added.
  public var tracks: [Track] { lock.withReadLock { ordered } }

  /// The tracks in order and the generation they belong to, read together.
  /// The generation changes whenever a track is added or removed.
  public var layout: (tracks: [Track], generation: UInt64) {
    lock.withReadLock { (ordered, generation) }
  }

  /// Creates and adds an empty track for `property` of `target`.
  ///
  /// - Throws: ``RazzleError`` `.duplicate` if the animator has a track for the
  ///   pair already (RazzleDazzle's rule: one animation per property per
  ///   view), or whatever ``Track/init(target:property:kind:)`` throws.
  @discardableResult
  public func addTrack(target: String, property: String, kind: ValueKind? = nil)
    throws(RazzleError) -> Track
  {
    let track = try Track(target: target, property: property, kind: kind, domain: domain)
    let key = Key(target: target, property: property)
    try lock.withWriteLock { () throws(RazzleError) in
      guard positions[key] == nil else {
        throw RazzleError(.duplicate, "a track for \(target).\(property) exists already")
      }
      positions[key] = ordered.count
      ordered.append(track)
      generation &+= 1
      domain.edits &+= 1
    }
    return track
  }

  /// The track for `property` of `target`, if there is one.
  public func track(target: String, property: String) -> Track? {
    lock.withReadLock {
      positions[Key(target: target, property: property)].map { ordered[$0] }
    }
  }

  /// Removes the track for `property` of `target`. The track object itself
  /// stays usable by whoever holds it.
  ///
  /// - Throws: ``RazzleError`` `.notFound` if there is none.
  public func removeTrack(target: String, property: String) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      guard let i = positions.removeValue(forKey: Key(target: target, property: property)) else {
        throw RazzleError(.notFound, "no track for \(target).\(property)")
      }
      ordered.remove(at: i)
      generation &+= 1
      domain.edits &+= 1
      for j in i..<ordered.count {
        positions[Key(target: ordered[j].target, property: ordered[j].property)] = j
      }
    }
  }

  /// Samples every track at `time`.
  ///
  /// - Returns: Each track's key and value, in the order the tracks were added.
  /// - Throws: ``RazzleError`` `.emptyTrack` naming the first track that has no
  ///   keyframes.
  public func animate(_ time: Double) throws(RazzleError) -> [(key: Key, value: [Double])] {
    var result: [(key: Key, value: [Double])] = []
    for track in tracks {
      result.append(
        (Key(target: track.target, property: track.property), try track.sample(at: time)))
    }
    return result
  }

  /// The track at `index`, in the order the tracks were added.
  ///
  /// - Throws: ``RazzleError`` `.outOfRange` if `index` is not below the count.
  public func track(at index: Int) throws(RazzleError) -> Track {
    try lock.withReadLock { () throws(RazzleError) -> Track in
      guard index >= 0 && index < ordered.count else {
        throw RazzleError(
          .outOfRange, "track index \(index) is out of range (count \(ordered.count))")
      }
      return ordered[index]
    }
  }
}
