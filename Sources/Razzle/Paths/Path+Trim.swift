// Stroke trimming: Core Animation's strokeStart / strokeEnd and Lottie's
// trim paths, as the sub-path between two arc-length fractions.

extension Path {
  /// The fractions a trim covers, resolved: open paths clamp both ends to
  /// [0, 1] and an end before the start gives the empty range at the
  /// start; closed paths keep the length `end - start` (at most 1, the
  /// whole path) from `start` wrapped into [0, 1), so the range may run
  /// past 1 and on from 0.
  func trimRange(_ start: Double, _ end: Double) -> (Double, Double) {
    if isClosed {
      let span = min(1, max(0, end - start))
      let a = start - start.rounded(.down)
      return (a, a + span)
    }
    let a = min(1, max(0, start))
    return (a, max(a, min(1, end)))
  }

  /// The part of the path between arc-length fractions `start` and `end`
  /// (see ``trimRange``): exact slices of its segments (de Casteljau for
  /// Béziers, the same ellipse for arcs), a moveto wherever the pieces are
  /// not joined. The result is open, except that the whole of a closed
  /// path is the path itself; an empty range is a lone moveto at the
  /// start's point.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite fraction.
  /// - Complexity: O(segments + log pieces).
  public func trimmed(from start: Double, to end: Double) throws(RazzleError) -> Path {
    guard start.isFinite, end.isFinite else {
      throw RazzleError(.invalidValue, "trim fractions must be finite, got \(start), \(end)")
    }
    let (a, b) = trimRange(start, end)
    if b - a >= 1 { return self }
    let total = length
    guard b > a, total > 0 else {
      return Path(segments: [], moves: [point(at: a)], closed: false)
    }
    var pieces: [PathSegment] = []
    if b <= 1 {
      appendSlices(from: a * total, to: b * total, into: &pieces)
    } else {
      appendSlices(from: a * total, to: total, into: &pieces)
      appendSlices(from: 0, to: (b - 1) * total, into: &pieces)
    }
    // A range too short to slice (its ends round together on a path of
    // subnormal length): a lone moveto, as for an empty range.
    guard !pieces.isEmpty else {
      return Path(segments: [], moves: [point(at: a)], closed: false)
    }
    // Movetos where pieces do not join.
    var segments: [PathSegment] = []
    var moves: [PathPoint] = []
    for piece in pieces {
      let joined = segments.last.map { $0.endPoint == piece.start } ?? false
      if !joined { moves.append(piece.start) }
      segments.append(PathSegment(piece.shape, startsSubpath: !joined))
    }
    return Path(segments: segments, moves: moves, closed: false)
  }

  /// Appends the slices of the segments between arc lengths s0 < s1.
  private func appendSlices(from s0: Double, to s1: Double, into out: inout [PathSegment]) {
    guard s1 > s0 else { return }
    let (first, t0) = locate(distance: s0)
    let (last, t1) = locate(distance: s1)
    for index in first...last {
      let lengthHere = table.segmentLengths[index]
      guard lengthHere > 0 else { continue }
      let from = index == first ? t0 : 0
      let to = index == last ? t1 : 1
      guard to > from else { continue }
      out.append(segments[index].slice(from, to, startsSubpath: false))
    }
  }
}
