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
  /// Guarded by `lock`: the caches frames and players read, made with the
  /// first track. An animator without tracks (generated scene files hold
  /// many) costs its object, its domain and its lock only.
  private(set) var caches: Caches?

  /// What an animator with tracks keeps between frames.
  final class Caches: Sendable {
    /// Plain scalar tracks' keyframes gathered for one-time frames.
    let frame = FrameCache()
    /// The keyframe span at the last edit count it was read at.
    let span = SpanCache()
  }
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
  ///
  /// A new array: it shares no storage with the animator's own list (see
  /// ``layout``).
  public var tracks: [Track] { lock.withReadLock { ordered.map { $0 } } }

  /// The tracks in order and the generation they belong to, read together.
  /// The generation changes whenever a track is added or removed.
  ///
  /// The array is new, not a copy-on-write share of the animator's list:
  /// sharing is safe, but the ordering that makes it safe (the runtime's
  /// reference counts) is invisible to ThreadSanitizer, which would report
  /// every later in-place edit as racing with readers of the snapshot.
  ///
  /// - Complexity: O(tracks).
  public var layout: (tracks: [Track], generation: UInt64) {
    lock.withReadLock { (ordered.map { $0 }, generation) }
  }

  /// The layout generation alone (see ``layout``).
  public var layoutGeneration: UInt64 { lock.withReadLock { generation } }

  /// Creates and adds an empty track for `property` of `target`.
  ///
  /// - Throws: ``RazzleError`` `.duplicate` if the animator has a track for the
  ///   pair already (RazzleDazzle's rule: one animation per property per
  ///   view), or whatever ``Track/init(target:property:kind:)`` throws.
  @discardableResult
  public func addTrack(target: String, property: String, kind: ValueKind? = nil)
    throws(RazzleError) -> Track
  {
    try add(Track(target: target, property: property, kind: kind, domain: domain))
  }

  /// Creates and adds an empty track for `property` of `target` as `options`
  /// say: the kind they name (see ``TrackOptions/resolveKind(for:)``) and
  /// their extrapolation.
  ///
  /// - Throws: ``RazzleError`` as ``addTrack(target:property:kind:)``, and
  ///   whatever resolving the options or setting the extrapolation throws,
  ///   and for a relative track (``TrackOptions/relativeTo``) `.invalidName`
  ///   for a bad variable name, `.invalidValue` for a non-finite constant,
  ///   `.kindMismatch` for a kind not blended per channel or a property with
  ///   a bounded range; nothing is added then. The variable need not be set
  ///   yet: sampling the track while it is unset is `.notFound`.
  @discardableResult
  public func addTrack(target: String, property: String, options: TrackOptions)
    throws(RazzleError) -> Track
  {
    try add(makeTrack(target: target, property: property, options: options))
  }

  /// A new empty track for this animator's domain as `options` say, not yet
  /// added (``addTrack(target:property:options:)`` without the add).
  func makeTrack(target: String, property: String, options: TrackOptions)
    throws(RazzleError) -> Track
  {
    let kind = try options.resolveKind(for: property)
    var bound: BoundRelation?
    if let relation = try options.relation() {
      // The slot is made now (unset, so nothing a caller can see changes if
      // the add fails) and never moves, so the track can keep its index.
      let slot = lock.withWriteLock { domain.variables.slot(for: relation.variable) }
      bound = BoundRelation(relation, slot: slot)
    }
    let track = try Track(
      target: target, property: property, kind: kind, domain: domain, bound: bound)
    try track.setExtrapolation(before: options.before, after: options.after)
    return track
  }

  /// Adds tracks made for this animator's domain, all or none: `.duplicate`
  /// naming the first whose pair has a track already or comes twice, and
  /// nothing added.
  func add(all tracks: [Track]) throws(RazzleError) {
    if tracks.isEmpty { return }
    try lock.withWriteLock { () throws(RazzleError) in
      var seen = Set<Key>(minimumCapacity: tracks.count)
      for (i, track) in tracks.enumerated() {
        let key = Key(target: track.target, property: track.property)
        if positions[key] != nil {
          throw RazzleError(
            .duplicate, "tracks[\(i)]: a track for \(track.target).\(track.property) exists already"
          )
        }
        if !seen.insert(key).inserted {
          throw RazzleError(
            .duplicate, "tracks[\(i)]: \(track.target).\(track.property) comes twice")
        }
      }
      for (i, track) in tracks.enumerated() {
        positions[Key(target: track.target, property: track.property)] = ordered.count &+ i
      }
      ordered.append(contentsOf: tracks)
      if caches == nil { caches = Caches() }
      generation &+= 1
      domain.countEdit()
    }
  }

  /// Adds a track made for this animator's domain.
  private func add(_ track: Track) throws(RazzleError) -> Track {
    let (target, property) = (track.target, track.property)
    let key = Key(target: target, property: property)
    try lock.withWriteLock { () throws(RazzleError) in
      // One hash in the common case: insert, and put the old entry back on
      // a duplicate.
      if let existing = positions.updateValue(ordered.count, forKey: key) {
        positions[key] = existing
        throw RazzleError(.duplicate, "a track for \(target).\(property) exists already")
      }
      ordered.append(track)
      if caches == nil { caches = Caches() }
      generation &+= 1
      domain.countEdit()
    }
    return track
  }

  /// The track for `property` of `target`, if there is one.
  public func track(target: String, property: String) -> Track? {
    lock.withReadLock { track(unlocked: Key(target: target, property: property)) }
  }

  /// The track for `key`; call with the lock held.
  func track(unlocked key: Key) -> Track? {
    positions[key].map { ordered[$0] }
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
      domain.countEdit()
      for j in i..<ordered.count {
        positions[Key(target: ordered[j].target, property: ordered[j].property)] = j
      }
    }
  }

  /// Samples every track at `time`.
  ///
  /// - Returns: Each track's key and value, in the order the tracks were added.
  /// - Throws: ``RazzleError`` `.emptyTrack` naming the first track that has no
  ///   keyframes, `.notFound` naming the first relative track whose variable
  ///   is not set.
  ///
  /// The whole frame is read under the animator's one lock, so it is
  /// consistent: it is one row of ``sample(times:into:)``.
  public func animate(_ time: Double) throws(RazzleError) -> [(key: Key, value: [Double])] {
    try lock.withReadLock { () throws(RazzleError) -> [(key: Key, value: [Double])] in
      guard !ordered.isEmpty else { return [] }
      var columns = 0
      for track in ordered {
        guard track.sampler != nil else { throw track.emptyError }
        if let bound = track.bound { _ = try track.relationFactor(unlocked: bound) }
        columns += track.channels
      }
      var row = [Double](repeating: 0, count: columns)
      row.withUnsafeMutableBufferPointer { out in
        ordered.withUnsafeBufferPointer { tracks in
          sampleFrame(tracks, time, into: out.baseAddress.unsafelyUnwrapped)
        }
      }
      var result: [(key: Key, value: [Double])] = []
      result.reserveCapacity(ordered.count)
      var column = 0
      for track in ordered {
        let key = Key(target: track.target, property: track.property)
        result.append((key, Array(row[column..<column + track.channels])))
        column += track.channels
      }
      return result
    }
  }

  /// An independent deep copy: the same tracks in the same order, with their
  /// keyframes, styles, extrapolations and relations, and the same
  /// variables, sharing no storage or lock.
  ///
  /// - Complexity: O(total keyframes).
  public func copy() -> Animator {
    let copy = Animator()
    lock.withReadLock {
      // The tracks share this lock: copy them under it, without taking it
      // again (a nested read lock waits behind a queued writer, who waits
      // for this one).
      copy.ordered = ordered.map { $0.copy(lockedIn: copy.domain) }
      if caches != nil { copy.caches = Caches() }
      // The whole table, slots included: the copied tracks keep their slot
      // numbers.
      copy.domain.variables = domain.variables
      // New storage rather than a share of `positions` (see `layout`).
      copy.positions = Dictionary(
        uniqueKeysWithValues: copy.ordered.enumerated().map {
          (Key(target: $1.target, property: $1.property), $0)
        })
    }
    return copy
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
