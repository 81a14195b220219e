// Columns whose values repeat another column's, found once per plan: a tile
// (``NodeSampler/tileRows``) computes such a column once and the transpose
// reads it for both. Designers duplicate layers: a Lottie file's trim paths
// and fades are often the same keyframes in several layers that start and
// end together (intelia_logo_animation.json: 15 of its timeline's 45).

extension PlanBuilder {
  /// Per column of the plan, the earlier column whose values it repeats at
  /// every time (itself when none); empty when no column repeats another.
  /// Call after the whole tree is built (``writers`` counts every writer).
  ///
  /// Two tracks' columns repeat when their clips map a block of times alike
  /// (the same clip, or siblings of a timeline with equal ``ClipMap``s:
  /// ``NodeSampler`` hands them the same animator times), each is the only
  /// writer of its columns (no merge), neither is relative, and their
  /// keyframes sample alike (``KeyframeSampler/samplesAlike(_:)``: the same
  /// kind, times, values, styles and extrapolation, compared by bits).
  func repeatedColumns(_ root: PlanNode, width: Int) -> [Int] {
    var sources = Array(0..<width)
    var found = false
    // The tracks of clips that map alike, in tree order.
    var groups: [[PlanTrack]] = []
    func visit(_ node: PlanNode) {
      switch node.body {
      case .clip(let clip):
        groups.append(clip.tracks)
      case .stagger:
        break
      case .group(let children):
        var mapped: [ClipMap: Int] = [:]
        for child in children {
          guard let map = child.clipMap, case .clip(let clip) = child.body else {
            visit(child)
            continue
          }
          if let k = mapped[map] {
            groups[k] += clip.tracks
          } else {
            mapped[map] = groups.count
            groups.append(clip.tracks)
          }
        }
      }
    }
    visit(root)
    for tracks in groups where tracks.count > 1 {
      // The first track of each content, by a hash of its keyframes'
      // bits (a timeline of a thousand clips compares each track with
      // the few of its bucket, not with every track before it).
      var leaders: [Int: [PlanTrack]] = [:]
      for t in tracks where sole(t) {
        let key = t.sampler.keyframeHash
        if let leader = leaders[key]?.first(where: {
          $0.channels == t.channels && $0.track.kind == t.track.kind
            && $0.sampler.samplesAlike(t.sampler)
        }) {
          for c in 0..<t.channels { sources[t.column + c] = leader.column + c }
          found = true
        } else {
          leaders[key, default: []].append(t)
        }
      }
    }
    return found ? sources : []
  }

  /// Whether `track` alone writes its columns, as it samples them.
  private func sole(_ track: PlanTrack) -> Bool {
    guard !track.isRelative,
      let pair = positions[Animator.Key(target: track.track.target, property: track.track.property)]
    else { return false }
    return writers[pair] == 1
  }
}

extension KeyframeSampler {
  /// A hash of the keyframes' times and values, by bits: equal for
  /// samplers that ``samplesAlike(_:)``.
  var keyframeHash: Int {
    var hasher = Hasher()
    hasher.combine(count)
    hasher.combine(channels)
    for i in 0..<count { hasher.combine(times[i].bitPattern) }
    for i in 0..<(count &* channels) { hasher.combine(values[i].bitPattern) }
    return hasher.finalize()
  }

  /// Whether `other` gives the same bits as this sampler at every time:
  /// the same channels, extrapolation, search times, values, tangents and
  /// keyframe styles (the kind is the caller's to compare: the sampler
  /// reaches it only through its storage). Everything else a sampler reads
  /// (easing kernels, Hermite cubics, a kind's derived data) is derived
  /// from these.
  func samplesAlike(_ other: KeyframeSampler) -> Bool {
    guard count == other.count, channels == other.channels, before == other.before,
      after == other.after, (tangents == nil) == (other.tangents == nil)
    else { return false }
    func sameBits(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ n: Int) -> Bool {
      for i in 0..<n where a[i].bitPattern != b[i].bitPattern { return false }
      return true
    }
    guard sameBits(times, other.times, count),
      sameBits(values, other.values, count &* channels)
    else { return false }
    if let a = tangents, let b = other.tangents,
      !sameBits(a, b, Swift.max(0, count &- 1) &* 2 &* channels)
    {
      return false
    }
    for i in 0..<count
    where styles[Int(styleIndices[i])] != other.styles[Int(other.styleIndices[i])] {
      return false
    }
    return true
  }
}
