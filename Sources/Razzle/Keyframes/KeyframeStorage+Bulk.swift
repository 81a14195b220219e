// Many keyframes in one edit: the batch is merged with the track's
// keyframes in one pass, so an edit of m keyframes costs O(n + m) after
// sorting the batch, whatever order its times come in.

extension KeyframeStorage {
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
  ///   - style: The style of batch entry `i`, for each `i`.
  /// - Returns: false, changing nothing, when the merged keyframes would
  ///   have a gap that overflows (see ``checkGaps(around:)``).
  /// - Complexity: O(m log m + n) for m entries and n keyframes, plus the
  ///   derived data's O(n + m).
  mutating func merge(
    times batchTimes: UnsafeBufferPointer<Double>, values batchValues: UnsafeBufferPointer<Double>,
    style: (Int) -> KeyframeStyle
  ) -> Bool {
    // Batch entries by time; for equal times the last entry wins.
    var order = Array(batchTimes.indices)
    order.sort { batchTimes[$0] < batchTimes[$1] || (batchTimes[$0] == batchTimes[$1] && $0 < $1) }
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
    for source in sources {
      switch source {
      case .kept(let k):
        for c in 0..<channels { mergedValues.append(values[k * channels + c]) }
        mergedStyles.append(styleIndices[k])
      case .batch(let i):
        for c in 0..<channels { mergedValues.append(batchValues[i * channels + c]) }
        let index = pool.retain(style(i))
        account(index, 1)
        mergedStyles.append(index)
      }
    }
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
}
