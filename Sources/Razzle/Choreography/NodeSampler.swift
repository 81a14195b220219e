// Evaluating a compiled plan over blocks of times: each node maps its
// block of local times to inner times, a timeline hands them to its
// children, a stagger fans them out to its distinct offsets, and a clip
// calls its tracks' batch kernels straight into the output matrix.

import RazzleKernelsAVX2

/// Evaluates a ``Plan`` over blocks of times, with scratch buffers for
/// every depth of the tree (one allocation per sampler).
struct NodeSampler {
  /// Rows per block: the buffers of one block stay in the first cache
  /// levels, and each kernel call has enough rows to amortize its set-up.
  static let blockSize = 1024
  /// Rows per block in the columns layout (``columnRows``), where a block
  /// costs a kernel call per track and a row is only a column's value.
  static let columnBlockSize = 4096
  /// The most doubles of scratch one stagger level may take per block.
  static let scratchBudget = 1 << 18

  let plan: Plan
  let block: Int
  /// 0: the output is rows of the plan's width. Otherwise a tile of this
  /// many rows: each (target, property) pair's rows side by side, its
  /// channels a row, from its first column × `tileRows` (a track writes
  /// contiguous values; the caller transposes the tile into rows). A plan
  /// with a stagger is never tiled.
  let tileRows: Int
  /// 0, or the columns layout: channel k of a pair at column c, row j, at
  /// `(c + k) × columnRows + j` (each column one contiguous row of this
  /// many values; a plain scalar track writes its own straight there). A
  /// plan with a stagger never takes it.
  let columnRows: Int
  /// Whether a track writing its column itself does so by non-temporal
  /// stores (a matrix past the cache; see ``columnRows``).
  let streams: Bool
  /// The line runs of a frame matrix past the cache, or nil: their columns
  /// go to the matrix's rows (``run(_:_:_:_:lineRows:)``), not the tile.
  let lines: NodeLines?
  /// With ``lines``: per column, whether a line run writes it (``lines``'
  /// `covered`, by address: the sampling threads read it for every track
  /// and block without retaining the array).
  private let covered: UnsafePointer<Bool>?
  /// In a tile without line runs, ``Plan/repeats`` by address (nil
  /// otherwise): a track whose column repeats another is not computed
  /// (``tilePlaces(_:tileRows:lines:)`` places it on the other).
  private let repeats: UnsafePointer<Int>?
  /// Doubles per level buffer (block × the widest fan-out).
  private let wide: Int
  private let levels: Int
  /// `4 × levels` double buffers of `wide` (inner times, local times) and
  /// flags, then the merge scratch.
  private let doubles: UnsafeMutablePointer<Double>
  private let flags: UnsafeMutablePointer<Bool>

  private init(
    plan: Plan, block: Int, tileRows: Int, columnRows: Int, streams: Bool, lines: NodeLines?,
    covered: UnsafePointer<Bool>?, repeats: UnsafePointer<Int>?, levels: Int, wide: Int,
    doubles: UnsafeMutablePointer<Double>, flags: UnsafeMutablePointer<Bool>
  ) {
    self.covered = covered
    self.repeats = repeats
    self.plan = plan
    self.block = block
    self.tileRows = tileRows
    self.columnRows = columnRows
    self.streams = streams
    self.lines = lines
    self.levels = levels
    self.wide = wide
    self.doubles = doubles
    self.flags = flags
  }

  /// Where each of `plan`'s columns lies in a tile of `tileRows` rows
  /// (see ``tileRows``): column c0 + k, channel k of a pair of `channels`
  /// at c0, has its first row at `offsets[c0 + k]` = c0 × `tileRows` + k
  /// and its rows `steps[c0 + k]` = `channels` apart. A column that
  /// repeats an earlier one (``Plan/repeats``) lies where that one does
  /// when the tile has no line runs (`lines` nil): the sampler with the
  /// same `lines` computes it only there. A caller that transposes the
  /// tile reads each column from these places.
  static func tilePlaces(_ plan: Plan, tileRows: Int, lines: NodeLines? = nil) -> (
    offsets: [Int], steps: [Int]
  ) {
    var offsets = [Int](repeating: 0, count: plan.width)
    var steps = [Int](repeating: 1, count: plan.width)
    let repeats = lines == nil ? plan.repeats : []
    for column in plan.columns {
      let channels = column.kind.channels
      let source = repeats.isEmpty ? column.column : repeats[column.column]
      for k in 0..<channels {
        offsets[column.column &+ k] = source &* tileRows &+ k
        steps[column.column &+ k] = channels
      }
    }
    return (offsets, steps)
  }

  /// Runs `body` with a sampler for `plan` in blocks of up to `block`
  /// rows, its scratch buffers valid only meanwhile: on the stack when they
  /// are small (a frame's), else on the heap, uninitialized (every buffer
  /// is written before it is read).
  static func with<R>(
    plan: Plan, block: Int, tileRows: Int = 0, columnRows: Int = 0, streams: Bool = false,
    lines: NodeLines? = nil, _ body: (NodeSampler) -> R
  ) -> R {
    let levels = plan.depth + 2
    let wide = block * plan.maximumFanOut
    let doubleCount = Swift.max(1, 2 * levels * wide + wide * plan.maximumScratchWidth)
    let flagCount = Swift.max(1, 2 * levels * wide)
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: doubleCount) { doubles in
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: flagCount) { flags in
        (lines?.covered ?? []).withUnsafeBufferPointer { covered in
          (tileRows > 0 && lines == nil ? plan.repeats : []).withUnsafeBufferPointer { repeats in
            body(
              NodeSampler(
                plan: plan, block: block, tileRows: tileRows, columnRows: columnRows,
                streams: streams, lines: lines, covered: lines == nil ? nil : covered.baseAddress,
                repeats: repeats.isEmpty ? nil : repeats.baseAddress,
                levels: levels, wide: wide, doubles: doubles.baseAddress.unsafelyUnwrapped,
                flags: flags.baseAddress.unsafelyUnwrapped))
          }
        }
      }
    }
  }

  @inline(__always) private func inner(_ level: Int) -> UnsafeMutablePointer<Double> {
    doubles + level &* wide
  }
  @inline(__always) private func local(_ level: Int) -> UnsafeMutablePointer<Double> {
    doubles + (levels &+ level) &* wide
  }
  @inline(__always) private func innerFlags(_ level: Int) -> UnsafeMutablePointer<Bool> {
    flags + level &* wide
  }
  @inline(__always) private func childFlags(_ level: Int) -> UnsafeMutablePointer<Bool> {
    flags + (levels &+ level) &* wide
  }
  private var values: UnsafeMutablePointer<Double> { doubles + 2 &* levels &* wide }

  /// Samples `n` rows at `times` into `out` (row stride: the plan's width;
  /// or a tile, see ``tileRows``); with ``lines``, their columns into the
  /// rows at `lineRows` (the plan's width apart, aligned as ``lines`` was
  /// placed).
  func run(
    _ times: UnsafePointer<Double>, _ n: Int, _ backwards: Bool,
    _ out: UnsafeMutablePointer<Double>,
    lineRows: UnsafeMutablePointer<Double>? = nil
  ) {
    let t = local(0)
    let f = childFlags(0)
    for j in 0..<n {
      t[j] = times[j]
      f[j] = backwards
    }
    evaluate(plan.root, t, f, forwards: !backwards, n, 1, out, lineRows)
  }

  /// Maps `n` local times (`times[j] − shift`) through `node`'s timing into
  /// `result`: `offset + p·scale` for its transformed progress p (the
  /// active time for an endless iteration), NaN where it has no effect.
  /// `forwards` says that no flag of `back` is set (the block runs
  /// forwards). Returns the directions its children run in: `back` itself
  /// for a timing that never plays backwards, else `childBack`, filled;
  /// and whether none of them is backwards.
  @inline(__always)
  private func map(
    _ node: PlanNode, _ times: UnsafePointer<Double>, shift: Double, _ back: UnsafePointer<Bool>,
    forwards blockForwards: Bool, _ n: Int, offset: Double, scale: Double,
    into result: UnsafeMutablePointer<Double>, childBack: UnsafeMutablePointer<Bool>
  ) -> (flags: UnsafePointer<Bool>, forwards: Bool) {
    if let simple = node.simple {
      // One forward iteration, linear: in the active interval the inner
      // time is offset + (t − delay)·(scale / d) — exactly t − delay when
      // the scale is the duration (a clip of duration auto, a timeline's
      // children), where p·d would round; the fills give 0 and 1 outside.
      let ratio = scale == simple.duration ? 1 : scale / simple.duration
      var j = 0
      if blockForwards {
        // Forwards throughout (a frame loop's block): eight times at a
        // time by the level's kernel, the same operations as the loop
        // below selected lane by lane (a time at `after` is past the
        // active interval).
        j = mapSimpleTimesKernel(
          times, n, shift: shift, before: simple.before, after: simple.after,
          early: simple.fillsBackwards ? offset : .nan,
          late: simple.fillsForwards ? offset + scale : .nan, delay: simple.delay, start: offset,
          ratio: ratio, into: result)
      }
      while j < n {
        defer { j &+= 1 }
        let t = times[j] - shift
        let x: Double
        if t < simple.before || (back[j] && t == simple.before) {
          x = simple.fillsBackwards ? offset : .nan
        } else if t > simple.after || (!back[j] && t == simple.after) {
          x = simple.fillsForwards ? offset + scale : .nan
        } else {
          x = t.isNaN ? .nan : offset + (t - simple.delay) * ratio
        }
        result[j] = x
      }
      return (back, blockForwards)
    }
    // Copied once per block: the timing holds references.
    let forwards = node.forwards
    let backwards = node.backwards
    let useActive = forwards.iterationDuration.isInfinite
    var anyBackwards = false
    for j in 0..<n {
      let t = times[j] - shift
      let s = back[j] ? backwards.sample(t) : forwards.sample(t)
      let p = s.transformedProgress
      result[j] = p.isNaN ? .nan : offset + (useActive ? s.activeTime : p) * scale
      let reversed = back[j] != s.reversed
      childBack[j] = reversed
      anyBackwards = anyBackwards || reversed
    }
    return (UnsafePointer(childBack), !anyBackwards)
  }

  /// Maps `n` local times of the clip `node` at depth `level` straight to
  /// its animator's times, into `inner(level)`.
  @inline(__always)
  private func mapClip(
    _ node: PlanNode, _ times: UnsafePointer<Double>, shift: Double, _ back: UnsafePointer<Bool>,
    forwards: Bool, _ n: Int, _ level: Int
  ) {
    let d = node.forwards.iterationDuration
    node.clip.unsafelyUnwrapped._withUnsafeGuaranteedRef { clip in
      _ = map(
        node, times, shift: shift, back, forwards: forwards, n, offset: clip.spanStart,
        scale: d.isInfinite ? 1 : clip.spanLength, into: inner(level),
        childBack: innerFlags(level))
    }
  }

  /// Evaluates `node` at depth `level` over `n` local times
  /// (`times[j] − shift`: a timeline hands its inner times and each child's
  /// start, with no pass of its own) running in the directions `back`
  /// (`forwards`: none is backwards).
  private func evaluate(
    _ node: PlanNode, _ times: UnsafePointer<Double>, shift: Double = 0,
    _ back: UnsafePointer<Bool>, forwards: Bool, _ n: Int, _ level: Int,
    _ out: UnsafeMutablePointer<Double>, _ lineRows: UnsafeMutablePointer<Double>?
  ) {
    let innerTimes = inner(level)
    let d = node.forwards.iterationDuration
    switch node.body {
    case .clip:
      mapClip(node, times, shift: shift, back, forwards: forwards, n, level)
      node.clip.unsafelyUnwrapped._withUnsafeGuaranteedRef { write($0, innerTimes, n, out) }
    case .group(let children):
      let next = map(
        node, times, shift: shift, back, forwards: forwards, n, offset: 0,
        scale: d.isInfinite ? 1 : d, into: innerTimes, childBack: innerFlags(level))
      // The line runs this block writes (none without a matrix's rows).
      let runs = lineRows == nil ? [] : node.lineRuns
      var nextRun = 0
      // The children unretained (the plan holds them; see PlanNode.clip).
      children.withUnsafeBufferPointer { nodes in
        var previous: ClipMap? = nil
        var i = 0
        while i < nodes.count {
          if nextRun < runs.count, runs[nextRun].children.lowerBound == i, let lines,
            let lineRows
          {
            // A line run: its first clip maps the times (the others map
            // alike), its lines go to the matrix's rows, and each clip
            // writes the tracks the lines leave (at a line's edge).
            let run = runs[nextRun]
            nextRun &+= 1
            let map = Unmanaged.passUnretained(nodes[i])._withUnsafeGuaranteedRef { first in
              if first.clipMap != previous {
                mapClip(
                  first, innerTimes, shift: first.start, next.flags, forwards: next.forwards, n,
                  level + 1)
              }
              return first.clipMap
            }
            let part = lines.parts[run.index]
            lines.write(part, queries: inner(level + 1), n, into: lineRows, stride: plan.width)
            for k in part.edges {
              Unmanaged.passUnretained(nodes[k])._withUnsafeGuaranteedRef {
                $0.clip.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                  write($0, inner(level + 1), n, out)
                }
              }
            }
            previous = map
            i = run.children.upperBound
            continue
          }
          Unmanaged.passUnretained(nodes[i])._withUnsafeGuaranteedRef { child in
            let map = child.clipMap
            if let map, map == previous, let clip = child.clip {
              // The sibling before mapped these times the same way, into
              // the next level's buffer, which its write left as it was.
              clip._withUnsafeGuaranteedRef { write($0, inner(level + 1), n, out) }
            } else {
              evaluate(
                child, innerTimes, shift: child.start, next.flags, forwards: next.forwards, n,
                level + 1, out, lineRows)
            }
            previous = map
          }
          i &+= 1
        }
      }
    case .stagger(let stagger):
      let next = map(
        node, times, shift: shift, back, forwards: forwards, n, offset: 0,
        scale: d.isInfinite ? 1 : d, into: innerTimes, childBack: innerFlags(level))
      evaluate(stagger, innerTimes, next.flags, forwards: next.forwards, n, level, out)
    }
  }

  /// A stagger at depth `level` over `n` inner times: its template at every
  /// distinct offset, then each item's values copied from its offset's.
  private func evaluate(
    _ stagger: PlanStagger, _ innerTimes: UnsafePointer<Double>, _ innerBack: UnsafePointer<Bool>,
    forwards: Bool, _ n: Int, _ level: Int, _ out: UnsafeMutablePointer<Double>
  ) {
    guard case .clip(let clip) = stagger.template.body else { return }
    let u = stagger.distinctOffsets.count
    let rows = u &* n
    let animatorTimes = inner(level + 1)
    if let fixed = stagger.fixedAnimatorTime {
      for k in 0..<u {
        for j in 0..<n { animatorTimes[k &* n &+ j] = innerTimes[j].isNaN ? .nan : fixed }
      }
    } else {
      // Item-local times, distinct offset by distinct offset, then the
      // template clip's timing maps them to its animator's time.
      let itemTimes = local(level)
      let itemBack = childFlags(level)
      stagger.distinctOffsets.withUnsafeBufferPointer { offsets in
        for k in 0..<u {
          let offset = offsets[k]
          for j in 0..<n {
            itemTimes[k &* n &+ j] = innerTimes[j] - offset
            itemBack[k &* n &+ j] = innerBack[j]
          }
        }
      }
      let d = stagger.template.forwards.iterationDuration
      _ = map(
        stagger.template, itemTimes, shift: 0, itemBack, forwards: forwards, rows,
        offset: clip.spanStart,
        scale: d.isInfinite ? 1 : clip.spanLength, into: animatorTimes,
        childBack: innerFlags(level + 1))
    }
    // The template's rows, one per (distinct offset, time).
    let width = clip.width
    let rowValues = values
    for t in clip.tracks {
      t.sampler.sampleBatch(
        UnsafeBufferPointer(start: animatorTimes, count: rows), into: rowValues + t.column,
        stride: width)
      t.applyRelation(to: rowValues + t.column, count: rows, stride: width)
    }
    // Each item's values from its offset's rows.
    let stride = plan.width
    stagger.offsetIndex.withUnsafeBufferPointer { offsetIndex in
      if let base = stagger.contiguousBase {
        // Every item writes its own run of columns first, in order: the
        // template's row copied whole, and a run of items that share an
        // offset by doubling copies (memcpy runs near the memory's speed).
        let bytes = width &* MemoryLayout<Double>.stride
        for j in 0..<n {
          let row = out + (j &* stride &+ base)
          for run in stagger.runs {
            let target = UnsafeMutableRawPointer(row + run.first &* width)
            target.copyMemory(
              from: rowValues + (run.offset &* n &+ j) &* width, byteCount: bytes)
            var done = 1
            while done < run.count {
              let chunk = Swift.min(done, run.count &- done)
              (target + done &* bytes).copyMemory(from: target, byteCount: chunk &* bytes)
              done &+= chunk
            }
          }
        }
        return
      }
      let add = clip.composite == .add
      let trackCount = clip.tracks.count
      stagger.columns.withUnsafeBufferPointer { columns in
        stagger.direct.withUnsafeBufferPointer { direct in
          for item in 0..<offsetIndex.count {
            let k = offsetIndex[item]
            for (ti, t) in clip.tracks.enumerated() {
              let slot = item &* trackCount &+ ti
              for j in 0..<n {
                let source = rowValues + ((k &* n &+ j) &* width &+ t.column)
                let target = out + (j &* stride &+ columns[slot])
                if direct[slot] {
                  for c in 0..<t.channels { target[c] = source[c] }
                } else if !animatorTimes[k &* n &+ j].isNaN {
                  for c in 0..<t.channels {
                    target[c] = add ? (target[c].isNaN ? 0 : target[c]) + source[c] : source[c]
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// A clip's tracks at `n` animator times (NaN: no effect).
  private func write(
    _ clip: PlanClip, _ times: UnsafePointer<Double>, _ n: Int, _ out: UnsafeMutablePointer<Double>
  ) {
    let stride = plan.width
    let tiled = tileRows > 0
    if n == 1, !tiled, columnRows == 0, let base = clip.contiguousBase {
      // One row of a clip that writes its own columns first, in its
      // animator's order: the animator's frame path (its frame cache).
      let row = out + base
      let t = times[0]
      if t.isNaN {
        for c in 0..<clip.width { row[c] = .nan }
      } else {
        clip.animator.withOrderedTracks { clip.animator.sampleFrame($0, t, into: row) }
      }
      return
    }
    let query = UnsafeBufferPointer(start: times, count: n)
    let add = clip.composite == .add
    // The tracks and samplers unretained (see PlanNode.clip).
    clip.tracks.withUnsafeBufferPointer { tracks in
      clip.direct.withUnsafeBufferPointer { direct in
        for i in tracks.indices {
          let sampler = tracks[i].sampler
          let column = tracks[i].column
          let channels = tracks[i].channels
          // A column a line run writes (and no other track: see
          // PlanLineRun).
          if let covered, covered[column] { continue }
          // A column that repeats an earlier one, in a tile: read there.
          if let repeats, repeats[column] != column { continue }
          if columnRows > 0 {
            writeColumns(tracks[i], direct: direct[i], query, out, add: add)
            continue
          }
          // Row j of the track's columns: at + j · step.
          let at = tiled ? out + column &* tileRows : out + column
          let step = tiled ? channels : stride
          if direct[i] {
            // The first writer of these columns: every row, NaN where
            // there is no effect (a sampler gives NaN at a NaN time).
            sampler.sampleBatch(query, into: at, stride: step)
            tracks[i].applyRelation(to: at, count: n, stride: step)
            continue
          }
          let scratch = values
          sampler.sampleBatch(query, into: scratch, stride: channels)
          tracks[i].applyRelation(to: scratch, count: n, stride: channels)
          for j in 0..<n where !times[j].isNaN {
            let target = at + j &* step
            let source = scratch + j &* channels
            for c in 0..<channels {
              target[c] = add ? (target[c].isNaN ? 0 : target[c]) + source[c] : source[c]
            }
          }
        }
      }
    }
  }

  /// One track of ``write(_:_:_:_:)`` in the columns layout
  /// (``columnRows``): a plain scalar track that writes its column first
  /// straight into it (the kernels' contiguous path, streamed past the
  /// cache), any other through the scratch, channel by channel.
  @inline(__always)
  private func writeColumns(
    _ track: PlanTrack, direct: Bool, _ query: UnsafeBufferPointer<Double>,
    _ out: UnsafeMutablePointer<Double>, add: Bool
  ) {
    let n = query.count
    let column = track.column
    let channels = track.channels
    if channels == 1 && direct {
      let at = out + column &* columnRows
      // (A relative track rewrites what it wrote: not streamed.)
      track.sampler.sampleBatch(query, into: at, stride: 1, streaming: streams && !track.isRelative)
      track.applyRelation(to: at, count: n, stride: 1)
      return
    }
    let scratch = values
    track.sampler.sampleBatch(query, into: scratch, stride: channels)
    track.applyRelation(to: scratch, count: n, stride: channels)
    for c in 0..<channels {
      let target = out + (column &+ c) &* columnRows
      if direct {
        for j in 0..<n { target[j] = scratch[j &* channels &+ c] }
        continue
      }
      for j in 0..<n where !query[j].isNaN {
        let v = scratch[j &* channels &+ c]
        target[j] = add ? (target[j].isNaN ? 0 : target[j]) + v : v
      }
    }
  }
}
