import RazzleStores

// Many keyframes in one edit: the batch is merged with the track's
// keyframes in one pass, so an edit of m keyframes costs O(n + m) after
// sorting the batch, whatever order its times come in.

extension KeyframeStorage {
  /// Batches below this many entries are ordered by a comparison sort.
  static var radixMinimum: Int { 512 }

  /// Calls `body` with the entries to keep of a batch, in increasing time
  /// order, and their times: of each distinct time (−0 and +0 are one
  /// time), its last entry. The buffers are valid only inside `body`.
  ///
  /// Keys are the times' order-preserving bit patterns (negatives flipped
  /// below the positives, −0 as +0), sorted stably with their entries, so
  /// equal keys sit together in entry order and the last of each run is
  /// kept, its time read back from its key (a zero from the entry, for its
  /// sign). A large batch whose times span a finite range is split by time
  /// first (see ``splitByTime(_:earliest:latest:_:)``); any other above
  /// ``radixMinimum`` entries is sorted LSD by the bytes in which its keys
  /// differ; a small one by comparisons.
  ///
  /// - Precondition: At most `UInt32.max` entries (``Track`` refuses a
  ///   larger batch): entries are 32-bit.
  /// - Complexity: O(n) above ``radixMinimum``, O(n log n) below.
  static func withLastEntriesInTimeOrder<R>(
    _ times: UnsafeBufferPointer<Double>,
    _ body: (_ entries: UnsafeBufferPointer<UInt32>, _ times: UnsafeBufferPointer<Double>) -> R
  ) -> R {
    let n = times.count
    guard n >= radixMinimum else {
      let order = times.indices.sorted {
        times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1)
      }
      var unique: [UInt32] = []
      unique.reserveCapacity(n)
      for (position, i) in order.enumerated()
      where position == n - 1 || times[order[position + 1]] != times[i] {
        unique.append(UInt32(truncatingIfNeeded: i))
      }
      let keptTimes = unique.map { times[Int($0)] }
      return unique.withUnsafeBufferPointer { u in keptTimes.withUnsafeBufferPointer { body(u, $0) }
      }
    }
    let (earliest, latest) = range(of: times)
    // (A spread whose reciprocal overflows, times within a few subnormals,
    // is radix sorted: the split needs buckets / spread.)
    let spread = latest - earliest
    if n >= radixSplitMinimum && spread > 0 && spread.isFinite && (65536 / spread).isFinite {
      return splitByTime(times, earliest: earliest, latest: latest, body)
    }
    let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * n)
    let entries = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * n)
    defer {
      keys.deallocate()
      entries.deallocate()
    }
    let kept = razzle_keep_last_by_radix(times.baseAddress, n, keys, entries)
    return keptPairs((keys, entries), count: kept, body)
  }

  /// Calls `body` with `count` kept pairs whose keys hold their times'
  /// bits.
  @inline(__always)
  private static func keptPairs<R>(
    _ pairs: (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<UInt32>),
    count: Int, _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Double>) -> R
  ) -> R {
    pairs.keys.withMemoryRebound(to: Double.self, capacity: count) {
      body(
        UnsafeBufferPointer(start: pairs.entries, count: count),
        UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// The earliest and latest of `times` (none NaN, at least one).
  private static func range(of times: UnsafeBufferPointer<Double>) -> (Double, Double) {
    typealias D8 = SIMD8<Double>
    let base = times.baseAddress.unsafelyUnwrapped
    let n = times.count
    var lowest = D8(repeating: times[0])
    var highest = lowest
    var i = 0
    while i &+ 8 <= n {
      let v = UnsafeRawPointer(base + i).loadUnaligned(as: D8.self)
      lowest = lowest.replacing(with: v, where: v .< lowest)
      highest = highest.replacing(with: v, where: v .> highest)
      i &+= 8
    }
    var earliest = lowest.min()
    var latest = highest.max()
    while i < n {
      earliest = Swift.min(earliest, base[i])
      latest = Swift.max(latest, base[i])
      i &+= 1
    }
    return (earliest, latest)
  }

  /// Whether every gap between neighbours of `sorted` (increasing times)
  /// is finite: at once when the whole span is, else gap by gap.
  static func gapsAreFinite(_ sorted: UnsafeBufferPointer<Double>) -> Bool {
    guard let first = sorted.first, let last = sorted.last, !(last - first).isFinite else {
      return true
    }
    for k in sorted.indices.dropFirst() where !(sorted[k] - sorted[k - 1]).isFinite {
      return false
    }
    return true
  }

  /// ``withLastEntriesInTimeOrder(_:_:)`` of a large batch whose times span
  /// `earliest...latest`, a finite range.
  ///
  /// The (key, entry) pairs are split by time into buckets of equal width
  /// (a non-decreasing function of the time, so equal times share a
  /// bucket), stably, in one pass over memory; few enough buckets (n/4096,
  /// at most 1,024) that their write streams stay in the TLB. Each bucket
  /// is then sorted in a scratch that stays in cache (split again by key
  /// into as many sub-buckets as it has pairs, then an insertion sort, or a
  /// radix sort where its keys cluster) and its runs are kept, compacted
  /// in place into the split's own buffers (a bucket is in the scratch by
  /// then). The scatter and the buckets' sorts are C
  /// (`Sources/RazzleStores/time_order.c`): it prefetches each bucket's
  /// next lines for writing, which Swift cannot.
  private static func splitByTime<R>(
    _ times: UnsafeBufferPointer<Double>, earliest: Double, latest: Double,
    _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Double>) -> R
  ) -> R {
    let n = times.count
    let buckets = Swift.min(Swift.max(n >> 12, 16), 1 << 10)
    let scale = Double(buckets) / (latest - earliest)
    // The pairs in one block on huge pages where the kernel offers them:
    // the split's stores go to a few pages instead of thousands (measured
    // on bench case 19: fewer page faults and TLB misses).
    let bytes = n &* (MemoryLayout<UInt64>.size &+ MemoryLayout<UInt32>.size)
    return withStagingMemory(bytes: bytes) { block in
      let keys = block.bindMemory(to: UInt64.self, capacity: n)
      let entries = (block + n &* MemoryLayout<UInt64>.size).bindMemory(
        to: UInt32.self, capacity: n)
      // Each entry's bucket, worked out once (for the counts) and read
      // again by the split.
      let which = UnsafeMutablePointer<UInt16>.allocate(capacity: n)
      defer { which.deallocate() }
      return splitByTime(
        times, earliest: earliest, buckets: buckets, scale: scale, into: (keys, entries),
        which: which, body)
    }
  }

  /// ``splitByTime(_:earliest:latest:_:)`` into `pairs` (room for the
  /// batch).
  private static func splitByTime<R>(
    _ times: UnsafeBufferPointer<Double>, earliest: Double, buckets: Int, scale: Double,
    into pairs: (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<UInt32>),
    which: UnsafeMutablePointer<UInt16>,
    _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Double>) -> R
  ) -> R {
    let n = times.count
    let (keys, entries) = pairs
    let last = Double(buckets &- 1)
    // Each time's bucket, ⌊min((t − earliest) · scale, last)⌋: the product
    // is in 0...buckets (rounding aside), never NaN; its floor, below 2⁵²,
    // is the product rounded to an integer by adding 2⁵² (one less where
    // that rounded up), read from the sum's low bits. Eight at a time.
    typealias D8 = SIMD8<Double>
    let magic = D8(repeating: 0x1p52)
    let base = times.baseAddress.unsafelyUnwrapped
    var i = 0
    while i &+ 8 <= n {
      let t = UnsafeRawPointer(base + i).loadUnaligned(as: D8.self)
      var y = (t - D8(repeating: earliest)) * D8(repeating: scale)
      y = y.replacing(with: D8(repeating: last), where: y .> D8(repeating: last))
      var r = (y + magic) - magic
      r = r.replacing(with: r - 1, where: r .> y)
      let bits = unsafeBitCast(r + magic, to: SIMD8<UInt64>.self) & 0xFFFF
      UnsafeMutableRawPointer(which + i).storeBytes(
        of: SIMD8<UInt16>(truncatingIfNeeded: bits), as: SIMD8<UInt16>.self)
      i &+= 8
    }
    while i < n {
      which[i] = UInt16(truncatingIfNeeded: Int(Swift.min((base[i] - earliest) * scale, last)))
      i &+= 1
    }
    let starts = UnsafeMutablePointer<Int>.allocate(capacity: 2 &* buckets &+ 1)
    defer { starts.deallocate() }
    let next = starts + (buckets &+ 1)
    starts.initialize(repeating: 0, count: buckets &+ 1)
    for i in 0..<n { starts[Int(which[i]) &+ 1] &+= 1 }
    var largest = 0
    for b in 0..<buckets {
      largest = Swift.max(largest, starts[b &+ 1])
      starts[b &+ 1] &+= starts[b]
    }
    next.initialize(from: starts, count: buckets)
    // Each pair to its bucket, stably, then each bucket sorted and kept.
    razzle_scatter_pairs(base, which, n, next, keys, entries)
    // The scratch of one bucket: its pairs twice over, sub-bucket starts.
    let scratchKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 &* largest)
    let scratchEntries = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 &* largest)
    let subStarts = UnsafeMutablePointer<Int>.allocate(capacity: largest &+ 1)
    defer {
      scratchKeys.deallocate()
      scratchEntries.deallocate()
      subStarts.deallocate()
    }
    let kept = razzle_keep_last_of_buckets(
      base, starts, buckets, keys, entries, scratchKeys, scratchEntries, subStarts)
    return keptPairs((keys, entries), count: kept, body)
  }

  /// Batches of at least this many entries are split by time first (see
  /// ``withLastEntriesInTimeOrder(_:_:)``).
  static var radixSplitMinimum: Int { 1 << 16 }

  /// One keyframe of a merge: where its value and style come from.
  private enum Source {
    /// The track's keyframe at this index, kept as it is.
    case kept(Int)
    /// The batch's entry at this index.
    case batch(Int)
  }

  /// Sets every keyframe of a batch in one edit. The caller has validated
  /// every value and style.
  ///
  /// - Parameters:
  ///   - batchTimes: The batch's times, in any order; a time given twice
  ///     takes its last entry.
  ///   - batchValues: `channels` doubles per batch entry.
  ///   - styles: No style (every entry plain), one for every entry, or one
  ///     per entry. Each distinct style is interned once.
  /// - Returns: false, changing nothing, when the merged keyframes would
  ///   have a gap that overflows (see ``checkGaps(around:)``).
  /// - Complexity: O(m log m + n) for m entries and n keyframes, plus the
  ///   derived data's O(n + m).
  func merge(
    times batchTimes: UnsafeBufferPointer<Double>, values batchValues: UnsafeBufferPointer<Double>,
    styles: [KeyframeStyle]
  ) -> Bool {
    // Batch entries by time; for equal times the last entry wins. Times
    // already in increasing order (a recorded curve) skip the sort, and so
    // do times that never decrease (a recording with repeated stamps).
    let order = KeyframeStorage.order(of: batchTimes)
    let sorted = order == .increasing
    if sorted && count == 0 {
      return fill(times: batchTimes, values: batchValues, styles: styles)
    }
    if order == .nondecreasing {
      return KeyframeStorage.withLastEntriesOfRuns(batchTimes) { unique, uniqueTimes in
        count == 0
          ? fill(times: uniqueTimes, values: batchValues, styles: styles, entries: unique)
          : merge(entries: unique, times: batchTimes, values: batchValues, styles: styles)
      }
    }
    // (A sorted batch into empty storage was filled above.)
    if sorted {
      let all = [UInt32](unsafeUninitializedCapacity: batchTimes.count) { buffer, initialized in
        for i in buffer.indices { buffer[i] = UInt32(truncatingIfNeeded: i) }
        initialized = buffer.count
      }
      return all.withUnsafeBufferPointer {
        merge(entries: $0, times: batchTimes, values: batchValues, styles: styles)
      }
    }
    return KeyframeStorage.withLastEntriesInTimeOrder(batchTimes) { unique, uniqueTimes in
      count == 0
        ? fill(times: uniqueTimes, values: batchValues, styles: styles, entries: unique)
        : merge(entries: unique, times: batchTimes, values: batchValues, styles: styles)
    }
  }

  /// How a batch's times are ordered.
  enum BatchOrder {
    /// Each time after the one before it.
    case increasing
    /// Never before the one before it, some equal to it (−0 and +0 are
    /// equal).
    case nondecreasing
    /// Some time before the one before it.
    case unordered
  }

  /// The order of `times` (none NaN): eight neighbouring pairs at a time.
  static func order(of times: UnsafeBufferPointer<Double>) -> BatchOrder {
    typealias D8 = SIMD8<Double>
    guard let base = times.baseAddress, times.count > 1 else { return .increasing }
    let n = times.count
    var repeats = false
    var i = 1
    while i &+ 8 <= n {
      let earlier = UnsafeRawPointer(base + (i &- 1)).loadUnaligned(as: D8.self)
      let later = UnsafeRawPointer(base + i).loadUnaligned(as: D8.self)
      if !all(earlier .<= later) { return .unordered }
      repeats = repeats || any(earlier .== later)
      i &+= 8
    }
    while i < n {
      if !(base[i &- 1] <= base[i]) { return .unordered }
      repeats = repeats || base[i &- 1] == base[i]
      i &+= 1
    }
    return repeats ? .nondecreasing : .increasing
  }

  /// Calls `body` with the last entry of each run of equal times of
  /// `times` (non-decreasing) and its time, as
  /// ``withLastEntriesInTimeOrder(_:_:)`` gives them for any order: the
  /// kept entry's own time (so a zero keeps its sign).
  static func withLastEntriesOfRuns<R>(
    _ times: UnsafeBufferPointer<Double>,
    _ body: (_ entries: UnsafeBufferPointer<UInt32>, _ times: UnsafeBufferPointer<Double>) -> R
  ) -> R {
    let n = times.count
    var entries = [UInt32]()
    var kept = [Double]()
    entries.reserveCapacity(n)
    kept.reserveCapacity(n)
    for i in 0..<n where i == n &- 1 || times[i] != times[i &+ 1] {
      entries.append(UInt32(truncatingIfNeeded: i))
      kept.append(times[i])
    }
    return entries.withUnsafeBufferPointer { e in kept.withUnsafeBufferPointer { body(e, $0) } }
  }

  /// ``merge(times:values:styles:)`` of the batch's `unique` entries, one
  /// per time in increasing time order, with the track's keyframes.
  private func merge(
    entries unique: UnsafeBufferPointer<UInt32>, times batchTimes: UnsafeBufferPointer<Double>,
    values batchValues: UnsafeBufferPointer<Double>, styles: [KeyframeStyle]
  ) -> Bool {
    // The merged order, before anything changes.
    var sources: [Source] = []
    var mergedTimes: [Double] = []
    sources.reserveCapacity(count + unique.count)
    mergedTimes.reserveCapacity(count + unique.count)
    var kept = 0
    var replaced: [Int] = []
    for entry in unique {
      let i = Int(entry)
      let t = batchTimes[i]
      while kept < count && times[kept] < t {
        sources.append(.kept(kept))
        mergedTimes.append(times[kept])
        kept += 1
      }
      if kept < count && times[kept] == t {
        replaced.append(kept)
        kept += 1
      }
      sources.append(.batch(i))
      mergedTimes.append(t)
    }
    while kept < count {
      sources.append(.kept(kept))
      mergedTimes.append(times[kept])
      kept += 1
    }
    guard mergedTimes.withUnsafeBufferPointer(KeyframeStorage.gapsAreFinite) else { return false }
    // Commit: styles first (retain before release, so a shared style is
    // never freed in between), then the arrays.
    var mergedValues: [Double] = []
    var mergedStyles: [UInt32] = []
    mergedValues.reserveCapacity(sources.count * channels)
    mergedStyles.reserveCapacity(sources.count)
    // With one style for the whole batch it is interned once and counted
    // for the rest; with one per entry each is interned (the pool remembers
    // the last, so runs of one style cost little).
    let shared: UInt32? = styles.count > 1 ? nil : styles.first.map { pool.retain($0) } ?? 0
    var sharedUses = 0
    for source in sources {
      switch source {
      case .kept(let k):
        for c in 0..<channels { mergedValues.append(values[k * channels + c]) }
        mergedStyles.append(styleIndices[k])
      case .batch(let i):
        for c in 0..<channels { mergedValues.append(batchValues[i * channels + c]) }
        let index: UInt32
        if let shared {
          index = shared
          sharedUses += 1
        } else {
          index = pool.retain(styles[i])
        }
        account(index, 1)
        mergedStyles.append(index)
      }
    }
    if let shared, sharedUses > 1 { pool.retain(index: shared, count: sharedUses - 1) }
    for k in replaced {
      account(styleIndices[k], -1)
      pool.release(styleIndices[k])
    }
    times.replaceAll(with: mergedTimes)
    values.replaceAll(with: mergedValues)
    styleIndices.replaceAll(with: mergedStyles)
    rebuildKindData()
    refreshCurveData()
    return true
  }

  /// ``merge(times:values:styles:)`` into empty storage of a batch in any
  /// order: `entries`, the batch's entries to keep in increasing time
  /// order (one per time), at `sortedTimes`, are gathered straight into the
  /// storage, without the merge's index arrays.
  ///
  /// - Complexity: O(m) for m entries.
  private func fill(
    times sortedTimes: UnsafeBufferPointer<Double>, values batchValues: UnsafeBufferPointer<Double>,
    styles: [KeyframeStyle], entries: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    guard KeyframeStorage.gapsAreFinite(sortedTimes) else { return false }
    let m = entries.count
    let channels = self.channels
    times.replaceAll(with: sortedTimes)
    values.replaceAll(count: m * channels) { to in
      if channels == 1 {
        for k in 0..<m { to[k] = batchValues[Int(entries[k])] }
      } else {
        for k in 0..<m {
          for c in 0..<channels {
            to[k * channels + c] = batchValues[Int(entries[k]) * channels + c]
          }
        }
      }
    }
    if styles.count > 1 {
      styleIndices.replaceAll(count: m) { to in
        for k in 0..<m {
          let index = pool.retain(styles[Int(entries[k])])
          account(index, 1)
          to[k] = index
        }
      }
    } else {
      let shared = styles.first.map { pool.retain($0) } ?? 0
      if m > 1 { pool.retain(index: shared, count: m - 1) }
      account(shared, m)
      styleIndices.replaceAll(repeating: shared, count: m)
    }
    rebuildKindData()
    refreshCurveData()
    return true
  }

  /// ``merge(times:values:styles:)`` into empty storage of a batch whose
  /// times strictly increase (the common first edit: a recorded curve, or
  /// a track's few keyframes given in order): the batch is copied as it
  /// is, without the merge's index arrays.
  ///
  /// - Complexity: O(m) for m entries.
  private func fill(
    times batchTimes: UnsafeBufferPointer<Double>, values batchValues: UnsafeBufferPointer<Double>,
    styles: [KeyframeStyle]
  ) -> Bool {
    guard KeyframeStorage.gapsAreFinite(batchTimes) else { return false }
    let n = batchTimes.count
    if styles.count > 1 {
      var indices = [UInt32](repeating: 0, count: n)
      for i in 0..<n {
        indices[i] = pool.retain(styles[i])
        account(indices[i], 1)
      }
      indices.withUnsafeBufferPointer { styleIndices.replaceAll(with: $0) }
    } else {
      let shared = styles.first.map { pool.retain($0) } ?? 0
      if n > 1 { pool.retain(index: shared, count: n - 1) }
      account(shared, n)
      styleIndices.replaceAll(repeating: shared, count: n)
    }
    times.replaceAll(with: batchTimes)
    values.replaceAll(with: batchValues)
    rebuildKindData()
    refreshCurveData()
    return true
  }
}
