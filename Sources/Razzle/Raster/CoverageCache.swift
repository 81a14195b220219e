#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The coverage of paths drawn in the frame before, kept for the next one.
// Most of a typical animation does not move between two frames (a
// background, a logo, the parts of a character at rest): their paths come
// back from the display list with the same points under the same matrix
// and clip, and their coverage — flattening, edges, the running sums, most
// of a fill's cost — is the same to the bit. A cache hit replays the
// recorded spans with the op's paint of this frame (a color may animate
// over a still shape). A path is recorded the second frame in a row it is
// drawn (a moving shape pays for its key, never for a recording), and
// entries not drawn in a frame are dropped at its end, so the cache holds
// at most one frame's coverage.

/// Coverage spans recorded for a path, keyed by everything the coverage
/// depends on.
final class CoverageCache {
  /// One span of a recorded coverage: `count` pixels of row `y` from
  /// column `x`, at the coverages from `cells` in ``Entry/cells`` or, with
  /// `cells` -1, all at `constant`.
  struct Span {
    var y: Int32
    var x: Int32
    var count: Int32
    var cells: Int32
    var constant: Float
  }

  final class Entry {
    /// The key's words, compared in full on a hit (the hash only finds the
    /// entry).
    let key: [UInt64]
    var spans: [Span] = []
    var cells: [Float] = []
    /// The pixels the coverage may touch.
    var box = PixelBox.empty
    /// The frame that last drew the entry.
    var frame = 0

    init(key: [UInt64]) { self.key = key }

    var bytes: Int {
      cells.count * MemoryLayout<Float>.stride + spans.count * MemoryLayout<Span>.stride
        + key.count * 8
    }
  }

  /// The most bytes of spans and coverages kept (32 MiB): a path whose
  /// recording would pass it is drawn uncached.
  static let budget = 32 << 20

  private var entries: [UInt64: Entry] = [:]
  private var frame = 0
  private var held = 0
  /// The hashes of the keys drawn in the frame before and in this one.
  private var seenBefore: Set<UInt64> = []
  private var seen: Set<UInt64> = []
  private var stale: [UInt64] = []
  /// Storage a recording fills (moved out and back: its capacity stays).
  var spanScratch: [Span] = []
  var cellScratch: [Float] = []
  /// The key being built for the current op.
  private var key: [UInt64] = []

  /// Starts a frame.
  func beginFrame() { frame &+= 1 }

  /// Ends a frame: entries it did not draw are dropped.
  func endFrame() {
    swap(&seenBefore, &seen)
    seen.removeAll(keepingCapacity: true)
    stale.removeAll(keepingCapacity: true)
    for (h, entry) in entries where entry.frame != frame { stale.append(h) }
    for h in stale {
      if let entry = entries.removeValue(forKey: h) {
        held -= entry.bytes
      }
    }
  }

  /// Drops every entry (the frame size changed).
  func removeAll() {
    entries.removeAll()
    seenBefore.removeAll()
    seen.removeAll()
    held = 0
  }

  // MARK: - Keys

  /// Starts the key of an op: what it is (`kind`) and the numbers it was
  /// given.
  func beginKey(_ kind: UInt64) {
    key.removeAll(keepingCapacity: true)
    key.append(kind)
  }

  @inline(__always)
  func add(_ v: Double) { key.append(v.bitPattern) }

  @inline(__always)
  func add(_ v: UInt64) { key.append(v) }

  /// Adds a display list path: its verbs (eight to a word) and the points
  /// they use.
  func addPath(
    verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>, pointStart: Int
  ) {
    Self.appendPath(to: &key, verbs: verbs, points: points, pointStart: pointStart)
  }

  /// Appends a display list path's words (as ``addPath(verbs:points:pointStart:)``
  /// adds them) to `key`.
  static func appendPath(
    to key: inout [UInt64], verbs: UnsafeBufferPointer<UInt8>, points: UnsafeBufferPointer<Double>,
    pointStart: Int
  ) {
    key.append(UInt64(verbs.count))
    var word: UInt64 = 0
    var pairs = 0
    for (i, verb) in verbs.enumerated() {
      word |= UInt64(verb) << UInt64(8 * (i & 7))
      if i & 7 == 7 {
        key.append(word)
        word = 0
      }
      pairs += verb == 2 ? 3 : verb < 2 ? 1 : 0
    }
    key.append(word)
    let start = 2 * pointStart
    let end = min(points.count, start + 2 * pairs)
    if start < end, let base = points.baseAddress {
      // The points' bits in one copy (a double and its bit pattern share
      // their layout).
      UnsafeRawPointer(base + start).withMemoryRebound(to: UInt64.self, capacity: end - start) {
        key.append(contentsOf: UnsafeBufferPointer(start: $0, count: end - start))
      }
    }
  }

  /// The key's hash: FNV-1a folded, over four interleaved lanes of words
  /// (four independent chains of multiplies, not one), then the lanes.
  private func hash() -> UInt64 {
    key.withUnsafeBufferPointer { words in
      @inline(__always) func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
        let m = (h ^ w) &* 0x0000_0100_0000_01b3
        return m ^ (m >> 29)
      }
      var lanes: (UInt64, UInt64, UInt64, UInt64) = (
        0xcbf2_9ce4_8422_2325, 0x84222325_cbf29ce4, 0x9e37_79b9_7f4a_7c15, 0x7f4a_7c15_9e37_79b9
      )
      var i = 0
      let n = words.count
      while i + 4 <= n {
        lanes.0 = mix(lanes.0, words[i])
        lanes.1 = mix(lanes.1, words[i + 1])
        lanes.2 = mix(lanes.2, words[i + 2])
        lanes.3 = mix(lanes.3, words[i + 3])
        i += 4
      }
      while i < n {
        lanes.0 = mix(lanes.0, words[i])
        i += 1
      }
      return mix(mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3), UInt64(n))
    }
  }

  /// The entry recorded for the key built, marked as drawn in this frame;
  /// nil on a miss.
  func find() -> (Entry?, UInt64) {
    let h = hash()
    seen.insert(h)
    guard let entry = entries[h], sameKey(entry.key) else { return (nil, h) }
    entry.frame = frame
    return (entry, h)
  }

  /// Whether `other` is the key built, word for word (one memcmp).
  private func sameKey(_ other: [UInt64]) -> Bool {
    guard other.count == key.count else { return false }
    return other.withUnsafeBytes { a in
      key.withUnsafeBytes { b in
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
      }
    }
  }

  /// A new entry for the key built, to record into, and the bytes of
  /// spans and coverages it may take; nil when the key was not drawn in
  /// the frame before or the cache is full.
  func record(hash h: UInt64) -> (Entry, room: Int)? {
    let room = Self.budget - held - key.count * 8
    guard room > 0, seenBefore.contains(h) else { return nil }
    let entry = Entry(key: key)
    entry.frame = frame
    return (entry, room)
  }

  /// Keeps a recorded entry.
  func store(_ entry: Entry, hash h: UInt64) {
    if let old = entries.updateValue(entry, forKey: h) {
      held -= old.bytes
    }
    held += entry.bytes
  }
}
