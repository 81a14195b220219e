// Many keyframes in one edit: the batch is merged with the track's
// keyframes in one pass, so an edit of m keyframes costs O(n + m) after
// sorting the batch, whatever order its times come in.

extension KeyframeStorage {
  /// Batches below this many entries are ordered by a comparison sort.
  static var radixMinimum: Int { 512 }

  /// The entries to keep of a batch, in increasing time order, with their
  /// times: of each distinct time (−0 and +0 are one time), its last entry.
  ///
  /// Above ``radixMinimum`` entries, a radix sort of (key, entry) pairs,
  /// stable, with the times' order-preserving bit patterns as keys
  /// (negatives flipped below the positives, −0 as +0): a large batch is
  /// split into about n/256 buckets of equal width in time, in one pass
  /// over memory, then each bucket (in cache) sorted LSD by the bytes in
  /// which its keys differ; a small one (or one whose times span more than
  /// a double) sorted LSD by the bytes in which all keys differ. Equal keys
  /// then sit together in entry order; the last of each run is kept, and
  /// its time read back from its key (a zero from the entry, for its sign).
  ///
  /// - Complexity: O(n) above ``radixMinimum``, O(n log n) below.
  static func lastEntriesInTimeOrder(_ times: UnsafeBufferPointer<Double>) -> (
    entries: [Int], times: [Double]
  ) {
    let n = times.count
    guard n >= radixMinimum, n <= Int(UInt32.max) else {
      let order = times.indices.sorted {
        times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1)
      }
      var unique: [Int] = []
      unique.reserveCapacity(n)
      for (position, i) in order.enumerated()
      where position == n - 1 || times[order[position + 1]] != times[i] {
        unique.append(i)
      }
      return (unique, unique.map { times[$0] })
    }
    let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * n)
    let entries = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * n)
    defer {
      keys.deallocate()
      entries.deallocate()
    }
    var allOnes = UInt64.max
    var anyOnes: UInt64 = 0
    var earliest = times[0]
    var latest = times[0]
    for i in 0..<n {
      let t = times[i]
      // +0 for −0, then flip: negatives reversed below the positives.
      let bits = (t == 0 ? 0.0 : t).bitPattern
      let key = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
      keys[i] = key
      entries[i] = UInt32(truncatingIfNeeded: i)
      allOnes &= key
      anyOnes |= key
      earliest = Swift.min(earliest, t)
      latest = Swift.max(latest, t)
    }
    // Keys differ only in bits low..<high.
    let differing = allOnes ^ anyOnes
    guard differing != 0 else { return ([n - 1], [times[n - 1]]) }  // one time
    let low = differing.trailingZeroBitCount
    let high = 64 - differing.leadingZeroBitCount
    let first = (keys: keys, entries: entries)
    let second = (keys: keys + n, entries: entries + n)
    let sorted: (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<UInt32>)
    let buckets = Swift.min(Swift.max(n >> 8, 256), 1 << 16)
    let scale = Double(buckets) / (latest - earliest)
    if n >= radixSplitMinimum && high - low > 16 && (latest - earliest).isFinite
      && scale.isFinite
    {
      // Split first by value, into about n/256 buckets of equal width (a
      // non-decreasing function of the time, so equal times share a
      // bucket), in one pass over memory; then sort each bucket (in cache)
      // by the bytes in which its own keys differ.
      @inline(__always) func bucket(_ t: Double) -> Int {
        Swift.min(Int((t - earliest) * scale), buckets &- 1)
      }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* buckets &+ 1) { buffer in
        let starts = buffer.baseAddress.unsafelyUnwrapped
        let next = starts + (buckets &+ 1)
        starts.initialize(repeating: 0, count: buckets &+ 1)
        for i in 0..<n { starts[bucket(times[i]) &+ 1] &+= 1 }
        for b in 0..<buckets { starts[b &+ 1] &+= starts[b] }
        next.initialize(from: starts, count: buckets)
        let (toKeys, toEntries) = second
        for i in 0..<n {
          let b = bucket(times[i])
          let j = next[b]
          next[b] = j &+ 1
          toKeys[j] = keys[i]
          toEntries[j] = UInt32(truncatingIfNeeded: i)
        }
        for b in 0..<buckets {
          let start = starts[b]
          let count = starts[b &+ 1] &- start
          guard count > 1 else { continue }
          let bucketKeys = second.keys + start
          var allOnes = UInt64.max
          var anyOnes: UInt64 = 0
          for j in 0..<count {
            allOnes &= bucketKeys[j]
            anyOnes |= bucketKeys[j]
          }
          let differing = allOnes ^ anyOnes
          guard differing != 0 else { continue }
          let shifts = Array(
            stride(
              from: UInt64(differing.trailingZeroBitCount),
              to: UInt64(64 - differing.leadingZeroBitCount), by: 8))
          let inFirst = radixSort(
            (bucketKeys, second.entries + start),
            through: (first.keys + start, first.entries + start), count: count, shifts: shifts)
          if inFirst {
            bucketKeys.update(from: first.keys + start, count: count)
            (second.entries + start).update(from: first.entries + start, count: count)
          }
        }
      }
      sorted = second
    } else {
      let shifts = Array(stride(from: UInt64(low), to: UInt64(high), by: 8))
      sorted = radixSort(first, through: second, count: n, shifts: shifts) ? second : first
    }
    // Equal keys are adjacent, in entry order: keep the last of each run,
    // with its time read back from its key (a zero from its entry: −0 or
    // +0, whichever it was).
    let (sortedKeys, sortedEntries) = sorted
    var unique: [Int] = []
    var keptTimes: [Double] = []
    unique.reserveCapacity(n)
    keptTimes.reserveCapacity(n)
    for j in 0..<n where j == n &- 1 || sortedKeys[j] != sortedKeys[j &+ 1] {
      let key = sortedKeys[j]
      let entry = Int(sortedEntries[j])
      let t = Double(bitPattern: key & (1 << 63) != 0 ? key & ~(1 << 63) : ~key)
      unique.append(entry)
      keptTimes.append(t == 0 ? times[entry] : t)
    }
    return (unique, keptTimes)
  }

  /// Batches of at least this many entries whose keys differ in more than
  /// 16 bits are split by value first (see ``lastEntriesInTimeOrder(_:)``).
  static var radixSplitMinimum: Int { 1 << 16 }

  /// Sorts `count` (key, entry) pairs at `pairs` by the bytes of the keys
  /// at `shifts` (low to high), stably, moving them between `pairs` and
  /// `other` (as large); a byte that every key shares is skipped.
  ///
  /// - Returns: true when the sorted pairs end in `other`.
  private static func radixSort(
    _ pairs: (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<UInt32>),
    through other: (keys: UnsafeMutablePointer<UInt64>, entries: UnsafeMutablePointer<UInt32>),
    count n: Int, shifts: [UInt64]
  ) -> Bool {
    guard n > 1 else { return false }
    if n <= 16 {
      // Insertion sort: stable, in place.
      let (keys, entries) = pairs
      for i in 1..<n {
        let key = keys[i]
        let entry = entries[i]
        var j = i
        while j > 0 && keys[j &- 1] > key {
          keys[j] = keys[j &- 1]
          entries[j] = entries[j &- 1]
          j &-= 1
        }
        keys[j] = key
        entries[j] = entry
      }
      return false
    }
    let passes = shifts.count
    var source = pairs
    var target = other
    var inOther = false
    shifts.withUnsafeBufferPointer { shifts in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(passes, 1) &* 256) {
        buffer in
        let counts = buffer.baseAddress.unsafelyUnwrapped
        counts.initialize(repeating: 0, count: passes &* 256)
        // Every pass's counts in one read of the keys.
        for i in 0..<n {
          let key = pairs.keys[i]
          for pass in 0..<passes {
            counts[pass &* 256 &+ Int(truncatingIfNeeded: (key &>> shifts[pass]) & 0xff)] &+= 1
          }
        }
        for pass in 0..<passes {
          let next = counts + pass &* 256
          let shift = shifts[pass]
          if next[Int(truncatingIfNeeded: (pairs.keys[0] &>> shift) & 0xff)] == n { continue }
          // Start positions of each bucket, then the stable scatter.
          var offset = 0
          for b in 0..<256 {
            let c = next[b]
            next[b] = offset
            offset &+= c
          }
          let (fromKeys, fromEntries) = source
          let (toKeys, toEntries) = target
          for i in 0..<n {
            let key = fromKeys[i]
            let b = Int(truncatingIfNeeded: (key &>> shift) & 0xff)
            let j = next[b]
            next[b] = j &+ 1
            toKeys[j] = key
            toEntries[j] = fromEntries[i]
          }
          swap(&source, &target)
          inOther.toggle()
        }
      }
    }
    return inOther
  }

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
    // already in increasing order (a recorded curve) skip the sort.
    var sorted = true
    for i in batchTimes.indices.dropFirst() where !(batchTimes[i - 1] < batchTimes[i]) {
      sorted = false
      break
    }
    if sorted && count == 0 {
      return fill(times: batchTimes, values: batchValues, styles: styles)
    }
    // (A sorted batch into empty storage was filled above.)
    let (unique, uniqueTimes) =
      sorted ? (Array(batchTimes.indices), []) : KeyframeStorage.lastEntriesInTimeOrder(batchTimes)
    if count == 0 {
      return fill(times: uniqueTimes, values: batchValues, styles: styles, entries: unique)
    }
    // The merged order, before anything changes.
    var sources: [Source] = []
    var mergedTimes: [Double] = []
    sources.reserveCapacity(count + unique.count)
    mergedTimes.reserveCapacity(count + unique.count)
    var kept = 0
    var replaced: [Int] = []
    for i in unique {
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
    for k in mergedTimes.indices.dropFirst() where !(mergedTimes[k] - mergedTimes[k - 1]).isFinite {
      return false
    }
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
    times sortedTimes: [Double], values batchValues: UnsafeBufferPointer<Double>,
    styles: [KeyframeStyle], entries: [Int]
  ) -> Bool {
    for k in sortedTimes.indices.dropFirst() where !(sortedTimes[k] - sortedTimes[k - 1]).isFinite {
      return false
    }
    let m = entries.count
    let channels = self.channels
    times.replaceAll(with: sortedTimes)
    entries.withUnsafeBufferPointer { entries in
      values.replaceAll(count: m * channels) { to in
        if channels == 1 {
          for k in 0..<m { to[k] = batchValues[entries[k]] }
        } else {
          for k in 0..<m {
            for c in 0..<channels { to[k * channels + c] = batchValues[entries[k] * channels + c] }
          }
        }
      }
    }
    if styles.count > 1 {
      styleIndices.replaceAll(count: m) { to in
        for k in 0..<m {
          let index = pool.retain(styles[entries[k]])
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
    for k in batchTimes.indices.dropFirst() where !(batchTimes[k] - batchTimes[k - 1]).isFinite {
      return false
    }
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
