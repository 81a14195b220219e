// Color samples in batches: a color track's samples in a non-sRGB space end
// in a conversion back to sRGB (the OkLCh hue's cos and sin, Oklab's cubes
// and matrix, three transfer functions) whose steps depend on each other,
// so one sample at a time leaves the processor waiting on them. A batch
// instead lets the sampler run as for any kind, with a stand-in kind whose
// blend only notes what to blend (``DeferredColorBlend``); every
// ``ColorKind/batchCapacity`` blends, and at the end, the noted blends are
// blended and converted stage by stage over arrays, where the samples are
// independent of each other.
//
// Each stage calls the same functions, in the same order, as
// ``ColorEndpoint/blend(_:_:_:in:premultiplied:)`` does for one color
// (there is no fused multiply-add), so a batch gives bit for bit what one
// sample gives, and one sample (a batch of one) what `interpolateColor`
// gives.

/// A blend a batch has noted: the eased progress, the two keyframes'
/// derived data (``ColorEndpoint`` records) and where the color goes.
@usableFromInline
struct DeferredColorBlend {
  @usableFromInline var e: Double
  @usableFromInline var from: UnsafePointer<Double>
  @usableFromInline var to: UnsafePointer<Double>
  @usableFromInline var out: UnsafeMutablePointer<Double>

  @inlinable
  init(
    e: Double, from: UnsafePointer<Double>, to: UnsafePointer<Double>,
    out: UnsafeMutablePointer<Double>
  ) {
    self.e = e
    self.from = from
    self.to = to
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
        let deferring = DeferringColorKind(
          base: self, noted: noted.baseAddress.unsafelyUnwrapped, count: count)
        sampler.forEachSegment(queries, m) { j, k in
          sampler.sample(queries[j], segment: k, kind: deferring, into: out + j &* stride)
        }
        deferring.flush()
      }
    }
  }

  /// Blends and converts `count` noted blends, writing each color to its
  /// `out`: ``ColorEndpoint/blendCoordinates(_:_:_:in:premultiplied:)``
  /// per blend, then each conversion step over all of them.
  @inlinable
  func convert(_ noted: UnsafePointer<DeferredColorBlend>, _ count: Int) {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 &* Self.batchCapacity) {
      buffer in
      let n = count
      let x = buffer.baseAddress.unsafelyUnwrapped
      let y = x + n
      let z = y + n
      let alpha = z + n
      // 1 where an OkLCh hue is missing: the color is then a = b = 0.
      let missing = alpha + n
      for i in 0..<n {
        let blend = noted[i]
        let (c, a, hueIsMissing) = ColorEndpoint.blendCoordinates(
          ColorEndpoint(contentsOf: blend.from), ColorEndpoint(contentsOf: blend.to), blend.e,
          in: space, premultiplied: premultiplied)
        x[i] = c.x
        y[i] = c.y
        z[i] = c.z
        alpha[i] = a
        missing[i] = hueIsMissing ? 1 : 0
      }
      if space == .oklch {
        for i in 0..<n {
          let lab = OKLCH(l: x[i], c: y[i], h: z[i]).oklab
          y[i] = missing[i] != 0 ? 0 : lab.a
          z[i] = missing[i] != 0 ? 0 : lab.b
        }
      }
      if space == .oklch || space == .oklab {
        for i in 0..<n {
          let linear = OKLab(l: x[i], a: y[i], b: z[i]).linearRGB
          x[i] = linear.x
          y[i] = linear.y
          z[i] = linear.z
        }
      }
      for i in 0..<(3 &* n) { x[i] = linearToSRGB(x[i]) }
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

/// A color kind whose blend notes the blend for ``ColorKind/convert(_:_:)``
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

  @inlinable
  init(
    base: ColorKind, noted: UnsafeMutablePointer<DeferredColorBlend>,
    count: UnsafeMutablePointer<Int>
  ) {
    self.base = base
    self.noted = noted
    self.count = count
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

  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? {
    base.violation(in: value)
  }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {
    base.derive(value, into: derived)
  }

  @inlinable
  func blend(_ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>) {
    if e == 0 || e == 1 {
      let source = e == 0 ? segment.from.value : segment.to.value
      for c in 0..<4 { out[c] = source[c] }
      return
    }
    noted[count.pointee] = DeferredColorBlend(
      e: e, from: segment.from.derived, to: segment.to.derived, out: out)
    count.pointee &+= 1
    if count.pointee == ColorKind.batchCapacity { flush() }
  }

  /// Converts the noted blends and forgets them.
  @inlinable
  func flush() {
    base.convert(noted, count.pointee)
    count.pointee = 0
  }

  @inlinable
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    base.blendDerivative(segment, e, into: out)
  }
}
