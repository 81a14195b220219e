// Color samples in batches: a color track's samples in a non-sRGB space end
// in a conversion back to sRGB (the OkLCh hue's cos and sin, Oklab's cubes
// and matrix, three transfer functions) whose steps depend on each other,
// so one sample at a time leaves the processor waiting on them. A batch
// instead notes what to blend (``DeferredColorBlend``: the progress, the
// segment's blend record, where the color goes) and, every
// ``ColorKind/batchCapacity`` blends and at the end, blends the noted ones
// into arrays and converts those four colors at a time (eight at avx512) at the CPU's
// kernel level (`convertColorsToSRGB`, `RazzleKernels/ColorKernel.swift`).
//
// A track whose segments are all plain (linear, uneased) has its interior
// samples blended and converted at once by the kernel
// (`RazzleKernels.sampleColorSegments`, four or eight at a time, straight into the
// output), with the sampler's progress formula; every other sample runs the
// sampler with a stand-in kind (``DeferringColorKind``) whose blend notes
// instead of computing.
//
// The blend is ``ColorEndpoint/blendCoordinates(_:_:_:in:premultiplied:)``
// with the parts that depend only on the segment (the hue fix-ups, the
// differences c₁ − c₀) taken from the segment's record
// (``ColorEndpoint/storeSegment(_:_:in:into:)``), and the kernel computes
// each conversion's operations in its order (there is no fused
// multiply-add), so a batch gives bit for bit what one sample gives, and
// one sample (a batch of one) what `interpolateColor` gives.

/// A blend a batch has noted: the eased progress, the segment's blend
/// record and where the color goes.
@usableFromInline
struct DeferredColorBlend {
  @usableFromInline var e: Double
  @usableFromInline var segment: UnsafePointer<Double>
  @usableFromInline var out: UnsafeMutablePointer<Double>

  @inlinable
  init(e: Double, segment: UnsafePointer<Double>, out: UnsafeMutablePointer<Double>) {
    self.e = e
    self.segment = segment
    self.out = out
  }
}

extension ColorKind {
  /// The blends a batch notes before it converts them.
  @inlinable static var batchCapacity: Int { 64 }

  /// Whether samples in this kind's space end in a conversion worth
  /// batching (all but `srgb`, which has none, and `hsl`, whose conversion
  /// is a few comparisons).
  @inlinable var batchesConversions: Bool { space != .srgb && space != .hsl }

  @inlinable
  func sampleEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    guard batchesConversions else {
      sampler.forEachSegment(queries, m) { j, k in
        sampler.sample(queries[j], segment: k, kind: self, into: out + j &* stride)
      }
      return
    }
    withUnsafeTemporaryAllocation(of: DeferredColorBlend.self, capacity: Self.batchCapacity) {
      noted in
      var count = 0
      withUnsafeMutablePointer(to: &count) { count in
        // The kernel level, read once (under a lock) for the whole call.
        let deferring = DeferringColorKind(
          base: self, noted: noted.baseAddress.unsafelyUnwrapped, count: count,
          level: KernelLevel.active)
        if sampler.allPlain && sampler.count >= 2 {
          samplePlain(sampler, queries, m, out, stride, deferring)
        } else {
          sampler.forEachSegment(queries, m) { j, k in
            sampler.sample(queries[j], segment: k, kind: deferring, into: out + j &* stride)
          }
        }
        deferring.flush()
      }
    }
  }

  /// The queries `samplePlain` searches, then blends and converts, a call:
  /// 120 of the AVX-512 kernel's blocks of eight (`color_segments.c` starts
  /// each block's blend a step ahead of its encoding, so a call pays for
  /// one block out of step; with the 64 the other kernels search ahead it
  /// was one in eight), 7.5 KB of segment indices, which stay in the
  /// first-level cache between the search and the kernel.
  @usableFromInline static var colorSearchBlock: Int { 960 }

  /// `sampleEach` for a track whose segments are all plain: segments found
  /// a block at a time by the vector search, and each time strictly inside
  /// a segment blended and converted at once by the kernel
  /// (`sampleColorSegmentsKernel`, a block of lanes at a time) with the sampler's
  /// progress `p = (t − t_k)/(t_{k+1} − t_k)` (what ``KeyframeSampler``'s
  /// `interior` blends a plain segment at). The rest (outside the
  /// keyframes, at a keyframe, NaN, p rounding to 0 or 1, where a blend
  /// copies an end, and a block's last few times) takes the sampler's path
  /// with `deferring`.
  @inlinable
  func samplePlain(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int, _ deferring: DeferringColorKind
  ) {
    let times = sampler.times
    let records = sampler.kindView.pointee.segmentData
    let level = deferring.level
    let block = ColorKind.colorSearchBlock
    let first = times[0]
    let last = times[sampler.count &- 1]
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 8) { held in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: block) { segments in
        let ks = segments.baseAddress.unsafelyUnwrapped
        // Where the track holds its ends' colors (the default), a time
        // before the first keyframe or after the last has that color, the
        // same at every such time: sampled once here (by the path one
        // sample takes: a batch this short does not come back here) and
        // copied.
        let ends = held.baseAddress.unsafelyUnwrapped
        let holds = m >= 64
        var before: UnsafePointer<Double>? = nil
        var after: UnsafePointer<Double>? = nil
        if holds && sampler.before == .hold {
          sampler.sample(-.infinity, into: ends)
          before = UnsafePointer(ends)
        }
        if holds && sampler.after == .hold {
          sampler.sample(.infinity, into: ends + 4)
          after = UnsafePointer(ends + 4)
        }
        var start = 0
        while start < m {
          let end = Swift.min(start &+ block, m)
          // The segments found (clamped to the keyframes: the same segment
          // inside them, and one the sampler's path does not use outside
          // them), the interior times blended and converted by the kernel,
          // a block of lanes at a time (and the held ends copied); the
          // others (and a block's last few) take the sampler's path with
          // `deferring`.
          sampleColorSegmentsKernel(
            level, times, sampler.count, records, queries + start, ks, end &- start,
            out + start &* stride, stride, findsSegments: true, premultiplied: premultiplied,
            space: space, before: before, after: after
          ) { j in
            let i = start &+ j
            let t = queries[i]
            let o = out + i &* stride
            if let before, t < first {
              for c in 0..<4 { o[c] = before[c] }
            } else if let after, t > last {
              for c in 0..<4 { o[c] = after[c] }
            } else {
              sampler.sample(t, segment: ks[j], kind: deferring, into: o)
            }
          }
          start = end
        }
      }
    }
  }

  /// Blends and converts `count` noted blends, writing each color to its
  /// `out`: the blend from each segment's record, then the conversion
  /// kernel over all of them.
  @inlinable
  func convert(_ noted: UnsafePointer<DeferredColorBlend>, _ count: Int, level: KernelLevel) {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 &* Self.batchCapacity) {
      buffer in
      let n = count
      let x = buffer.baseAddress.unsafelyUnwrapped
      let y = x + n
      let z = y + n
      let alpha = z + n
      // 1 where an OkLCh hue is missing: the color is then a = b = 0.
      let missing = alpha + n
      // The hue (OkLCh's third coordinate) is not premultiplied.
      let divideThird = space.hueIndex == nil
      for i in 0..<n {
        // blendCoordinates, with the record's start and differences.
        let blend = noted[i]
        let r = blend.segment
        let e = blend.e
        let a = r[6] + r[7] * e
        var c0 = r[0] + r[3] * e
        var c1 = r[1] + r[4] * e
        var c2 = r[2] + r[5] * e
        if premultiplied && a != 0 {
          let inverse = 1 / a
          c0 = c0 * inverse
          c1 = c1 * inverse
          if divideThird { c2 = c2 * inverse }
        }
        x[i] = c0
        y[i] = c1
        z[i] = c2
        alpha[i] = a
        missing[i] = r[8]
      }
      convertColorsToSRGB(x, y, z, missingHue: missing, count: n, from: space, level: level)
      for i in 0..<n {
        let out = noted[i].out
        out[0] = x[i]
        out[1] = y[i]
        out[2] = z[i]
        out[3] = alpha[i]
      }
    }
  }
}

/// A color kind whose blend notes the blend for ``ColorKind/convert(_:_:level:)``
/// instead of computing it (the ends, `e = 0` and `e = 1`, it copies at
/// once, as ``ColorKind`` does): what ``ColorKind``'s `sampleEach` runs the
/// sampler with. Everything else is the base kind's. Never registered: it
/// lives for one batch, over that batch's scratch memory.
@usableFromInline
struct DeferringColorKind: ValueKindProtocol, @unchecked Sendable {
  @usableFromInline static var name: String { ColorKind.name }
  @usableFromInline static var catalogEntry: ValueKindDescription { ColorKind.catalogEntry }

  /// The kind whose blends are noted.
  @usableFromInline let base: ColorKind
  /// Room for ``ColorKind/batchCapacity`` noted blends.
  @usableFromInline let noted: UnsafeMutablePointer<DeferredColorBlend>
  /// How many are noted.
  @usableFromInline let count: UnsafeMutablePointer<Int>
  /// The kernel level conversions run at.
  @usableFromInline let level: KernelLevel

  @inlinable
  init(
    base: ColorKind, noted: UnsafeMutablePointer<DeferredColorBlend>,
    count: UnsafeMutablePointer<Int>, level: KernelLevel
  ) {
    self.base = base
    self.noted = noted
    self.count = count
    self.level = level
  }

  /// Not a kind one can name: it only exists inside a batch.
  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool)
    throws(RazzleError) -> DeferringColorKind
  {
    throw RazzleError(.invalidName, "the deferring color kind is internal to a batch")
  }

  @inlinable var channels: Int { base.channels }
  @usableFromInline var componentNames: [String] { base.componentNames }
  @inlinable var isPerChannel: Bool { false }
  @inlinable var derivedStride: Int { base.derivedStride }
  @inlinable var segmentStride: Int { base.segmentStride }

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? {
    base.violation(in: value)
  }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {
    base.derive(value, into: derived)
  }

  @inlinable
  func deriveSegment(
    _ from: BlendOperand, _ to: BlendOperand, into segment: UnsafeMutablePointer<Double>
  ) {
    base.deriveSegment(from, to, into: segment)
  }

  @inlinable
  func blend(_ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>) {
    if e == 0 || e == 1 {
      let source = e == 0 ? segment.from.value : segment.to.value
      for c in 0..<4 { out[c] = source[c] }
      return
    }
    note(DeferredColorBlend(e: e, segment: segment.shared, out: out))
  }

  /// Notes a blend, and converts the noted ones when there is no room for
  /// more.
  @inlinable @inline(__always)
  func note(_ blend: DeferredColorBlend) {
    noted[count.pointee] = blend
    count.pointee &+= 1
    if count.pointee == ColorKind.batchCapacity { flush() }
  }

  /// Converts the noted blends and forgets them.
  @inlinable
  func flush() {
    base.convert(noted, count.pointee, level: level)
    count.pointee = 0
  }

  @inlinable
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    base.blendDerivative(segment, e, into: out)
  }
}
