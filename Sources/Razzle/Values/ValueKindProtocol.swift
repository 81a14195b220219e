/// What a value kind declares, once, in its own file under `Values/Kinds/`:
/// its name and channels, the names of its components, the values it
/// accepts, how two values blend and how fast the blend moves, and what it
/// derives from a keyframe's value when the keyframe is set.
///
/// A track keeps, beside each keyframe's channels, ``derivedStride`` doubles
/// that the kind computes with ``derive(_:into:)`` at edit time (a color in
/// its blending space, a decomposed transform), so that a sample is one
/// blend of prepared ends rather than two conversions and a blend. What
/// depends on both ends of a segment (a transform's slerp angle) it can
/// derive too, ``segmentStride`` doubles per segment with
/// ``deriveSegment(_:_:into:)``, recomputed for the segments an edit touches.
///
/// The sampling loops are generic over the kind and specialized for each
/// one (see `KeyframeSampler+Kinds.swift`): a kind's `blend` is a direct,
/// inlinable call, never a dynamic one, inside a batch.
///
/// To add a kind: write a conforming type in `Values/Kinds/` and list it in
/// ``ValueKind/registry``.
@usableFromInline
protocol ValueKindProtocol: Sendable, Hashable {
  /// The kind's name, as the C API and Python spell it; unique among kinds.
  static var name: String { get }
  /// The kind's entry in ``ValueKind/catalog``.
  static var catalogEntry: ValueKindDescription { get }
  /// The kind from the parameters a caller names a kind with; each kind
  /// uses the ones that apply to it and ignores the others.
  ///
  /// - Throws: ``RazzleError`` `.wrongSize` for a channel count the kind
  ///   cannot have.
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool)
    throws(RazzleError) -> Self

  /// The number of doubles in one value.
  var channels: Int { get }
  /// One name per channel (`x`, `y`; `r`, `g`, `b`, `a`; …), or none for a
  /// kind whose channels have no names of their own (`vector`).
  var componentNames: [String] { get }
  /// Whether values blend channel by channel as plain numbers, so that
  /// every interpolation and extrapolation mode applies; other kinds take
  /// only `linear` and `hold` interpolation and `hold`, `cycle` and
  /// `ping-pong` extrapolation.
  var isPerChannel: Bool { get }
  /// Doubles of derived data per keyframe (0 for none).
  var derivedStride: Int { get }
  /// Doubles of derived data per segment (0 for none).
  var segmentStride: Int { get }

  /// Checks that the kind itself is well formed (a vector's channel count).
  ///
  /// - Throws: ``RazzleError`` `.wrongSize`.
  func checkWellFormed() throws(RazzleError)
  /// The first channel that breaks the kind's own constraints (not a
  /// property's range), with what is wrong, or nil; every channel is
  /// finite by the time this is asked.
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)?
  /// False when ``violation(in:)`` is always nil (the kind puts no
  /// constraint of its own on its values), so validation can skip asking.
  var constrainsValues: Bool { get }
  /// Writes the keyframe data derived from `value` (``channels`` doubles)
  /// to `derived` (``derivedStride`` doubles).
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>)
  /// Writes the data derived from a segment's two keyframes (their values
  /// and derived data) to `segment` (``segmentStride`` doubles).
  func deriveSegment(
    _ from: BlendOperand, _ to: BlendOperand, into segment: UnsafeMutablePointer<Double>)
  /// Blends a segment's keyframes at eased progress `e` into `out`
  /// (``channels`` doubles). `e = 0` gives the segment's start value and
  /// `e = 1` its end value, exactly; other values of `e` extrapolate where
  /// the kind allows.
  func blend(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>)
  /// d blend / d e at `e`, every channel, into `out`.
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>)

  // Sampling entry points; every kind takes the default implementations in
  // `KeyframeSampler+Kinds.swift`, which are specialized for it.

  /// Samples `m` queries with the general per-sample path.
  func sampleEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int)
  /// Writes the velocity at each of `m` queries, `channels` doubles apart.
  func velocityEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>)
}

/// One end of a blend: a keyframe's channels and the data its kind derived
/// from them when the keyframe was set.
@usableFromInline
struct BlendOperand {
  /// The keyframe's ``ValueKindProtocol/channels`` doubles.
  @usableFromInline let value: UnsafePointer<Double>
  /// Its ``ValueKindProtocol/derivedStride`` doubles of derived data.
  @usableFromInline let derived: UnsafePointer<Double>

  @inlinable
  init(value: UnsafePointer<Double>, derived: UnsafePointer<Double>) {
    self.value = value
    self.derived = derived
  }
}

/// A segment as a blend takes it: its two keyframes and the data its kind
/// derived from both.
@usableFromInline
struct BlendSegment {
  /// The keyframe at the start.
  @usableFromInline let from: BlendOperand
  /// The keyframe at the end.
  @usableFromInline let to: BlendOperand
  /// The segment's ``ValueKindProtocol/segmentStride`` doubles.
  @usableFromInline let shared: UnsafePointer<Double>

  @inlinable
  init(from: BlendOperand, to: BlendOperand, shared: UnsafePointer<Double>) {
    self.from = from
    self.to = to
    self.shared = shared
  }
}

extension ValueKindProtocol {
  @inlinable func checkWellFormed() throws(RazzleError) {}
  @inlinable var constrainsValues: Bool { true }
  @inlinable var segmentStride: Int { 0 }

  @inlinable
  func deriveSegment(
    _ from: BlendOperand, _ to: BlendOperand, into segment: UnsafeMutablePointer<Double>
  ) {}

  /// The step of the central difference in ``centralDifference(_:_:into:)``.
  @inlinable static var differenceStep: Double { 1e-6 }

  /// d blend / d e as a central difference with step 1e-6 in e, for kinds
  /// whose blends run through nonlinear conversions. Scratch space is on
  /// the stack.
  @inlinable
  func centralDifference(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    let h = Self.differenceStep
    let n = channels
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 &* n) { scratch in
      let high = scratch.baseAddress.unsafelyUnwrapped
      let low = high + n
      blend(segment, e + h, into: high)
      blend(segment, e - h, into: low)
      for c in 0..<n { out[c] = (high[c] - low[c]) / (2 * h) }
    }
  }
}

/// A kind whose values blend channel by channel, `v0 + (v1 − v0)·e`, with
/// nothing derived per keyframe (scalar, point, size, rect, vector).
@usableFromInline
protocol PerChannelKind: ValueKindProtocol {}

extension PerChannelKind {
  @inlinable var isPerChannel: Bool { true }
  @inlinable var derivedStride: Int { 0 }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {}

  @inlinable @inline(__always)
  func blend(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    for c in 0..<channels {
      out[c] = segment.from.value[c] + (segment.to.value[c] - segment.from.value[c]) * e
    }
  }

  @inlinable @inline(__always)
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    for c in 0..<channels { out[c] = segment.to.value[c] - segment.from.value[c] }
  }
}
