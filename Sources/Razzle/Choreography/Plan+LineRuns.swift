// A timeline's runs of clips that a frame matrix past the cache writes line
// by line, as an animator writes its plain linear tracks
// (`Animator.sampleStreamed`): each column is one plain linear track at its
// clip's animator time, and a run's clips map a block of times alike, so
// eight neighbouring columns are eight tracks at one time — one cache line
// of every row, computed across the tracks and stored at once.

/// Consecutive children of a timeline that are clips of plain linear scalar
/// tracks, mapped alike, whose tracks' columns follow one another: each
/// track not relative, its kernel the plain linear one
/// (``KeyframeSampler/streamsRuns``), and the only writer of its column
/// (no later clip merges into it). At least eight tracks.
struct PlanLineRun {
  /// The children (indices in the timeline's list).
  let children: Range<Int>
  /// The first track's column; the others follow one by one.
  let firstColumn: Int
  /// The run's tracks, in column order.
  let tracks: [PlanTrack]
  /// Each child's number of tracks, in order.
  let trackCounts: [Int]
}

extension PlanBuilder {
  /// Finds the line runs of every timeline under `node` (after the whole
  /// tree is built: ``writers`` counts every writer of a column).
  func findLineRuns(_ node: PlanNode, into plan: Plan) {
    guard case .group(let children) = node.body else { return }
    var i = 0
    while i < children.count {
      guard let first = lineClip(children[i]) else {
        findLineRuns(children[i], into: plan)
        i += 1
        continue
      }
      var tracks = first.tracks
      var counts = [first.tracks.count]
      var end = i + 1
      while end < children.count, children[end].clipMap == children[i].clipMap,
        let next = lineClip(children[end]),
        next.tracks[0].column == tracks[tracks.count - 1].column + 1
      {
        tracks += next.tracks
        counts.append(next.tracks.count)
        end += 1
      }
      if tracks.count >= 8 {
        node.lineRuns.append((plan.lineRuns.count, i..<end))
        plan.lineRuns.append(
          PlanLineRun(
            children: i..<end, firstColumn: tracks[0].column, tracks: tracks, trackCounts: counts))
      }
      i = end
    }
  }

  /// The clip of `node` when every track of it can be in a line run, its
  /// columns one after another.
  private func lineClip(_ node: PlanNode) -> PlanClip? {
    guard node.clipMap != nil, case .clip(let clip) = node.body, !clip.tracks.isEmpty else {
      return nil
    }
    for (k, t) in clip.tracks.enumerated() {
      guard t.track.streamsRuns,
        k == 0 || t.column == clip.tracks[k - 1].column + 1,
        let pair = positions[Animator.Key(target: t.track.target, property: t.track.property)],
        writers[pair] == 1
      else { return nil }
    }
    return clip
  }
}
