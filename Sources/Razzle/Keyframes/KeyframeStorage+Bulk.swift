// Many keyframes in one edit: the batch is merged with the track's
// keyframes in one pass, so an edit of m keyframes costs O(n + m) after
// sorting the batch, whatever order its times come in.

extension KeyframeStorage {
  /// The entries of `times` in increasing time order, equal times in entry
  /// order (−0 and +0 are equal). Above a few hundred entries an LSD radix
  /// sort of the times' order-preserving bit patterns (8 passes of a byte,
  /// skipping a byte every key shares), else a comparison sort.
  ///
  /// - Complexity: O(n).
  static func timeOrder(_ times: UnsafeBufferPointer<Double>) -> [Int] {
    let n = times.count
    guard n >= 512 else {
      return times.indices.sorted { times[$0] < times[$1] || (times[$0] == times[$1] && $0 < $1) }
    }
    var keys = [UInt64](repeating: 0, count: n)
    var order = Array(0..<n)
    for i in 0..<n {
      // +0 for −0, then flip: negatives reversed below the positives.
      let bits = (times[i] == 0 ? 0.0 : times[i]).bitPattern
      keys[i] = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
    var otherKeys = [UInt64](repeating: 0, count: n)
    var otherOrder = [Int](repeating: 0, count: n)
    var counts = [Int](repeating: 0, count: 256)
    for shift in stride(from: UInt64(0), to: 64, by: 8) {
      keys.withUnsafeBufferPointer { keys in
        counts.withUnsafeMutableBufferPointer { counts in
          for k in counts.indices { counts[k] = 0 }
          for key in keys { counts[Int(truncatingIfNeeded: key >> shift) & 0xff] += 1 }
        }
      }
      if counts.contains(n) { continue }  // every key has this byte: order unchanged
      var offset = 0
      for k in 0..<256 {
        let c = counts[k]
        counts[k] = offset
        offset += c
      }
      keys.withUnsafeBufferPointer { keys in
        order.withUnsafeBufferPointer { order in
          otherKeys.withUnsafeMutableBufferPointer { toKeys in
            otherOrder.withUnsafeMutableBufferPointer { toOrder in
              counts.withUnsafeMutableBufferPointer { next in
                for i in 0..<n {
                  let byte = Int(truncatingIfNeeded: keys[i] >> shift) & 0xff
                  let j = next[byte]
                  next[byte] = j + 1
                  toKeys[j] = keys[i]
                  toOrder[j] = order[i]
                }
              }
            }
          }
        }
      }
      swap(&keys, &otherKeys)
      swap(&order, &otherOrder)
    }
    return order
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
    let order = sorted ? Array(batchTimes.indices) : KeyframeStorage.timeOrder(batchTimes)
    var unique: [Int] = []
    unique.reserveCapacity(order.count)
    for i in order {
      if let last = unique.last, batchTimes[last] == batchTimes[i] {
        unique[unique.count - 1] = i
      } else {
        unique.append(i)
      }
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
