/// A track's keyframes, sorted by time, in flat arrays (structure of arrays),
/// with the data derived from them that sampling needs.
///
/// Not thread-safe by itself: ``Track`` guards it with a lock. A track
/// makes its storage at its first keyframe and drops it when its last
/// keyframe goes: an empty track has none (see ``Track``).
///
/// Memory per keyframe: 8 bytes of time, 8 bytes per channel and a 4-byte
/// style index (so 20 bytes for a plain scalar keyframe, plus the arrays'
/// spare capacity). Distinct non-plain styles are interned once in a
/// ``StylePool``, which allocates nothing while every keyframe is plain.
/// Tracks that use `smooth`/`monotone` segments also keep 2 tangents and
/// the cubic's 4 coefficients per channel per segment, and tracks with
/// `paced` segments one retimed time per keyframe. Kinds that prepare
/// keyframes for blending keep their derived data beside them (see
/// ``ValueKindProtocol``): a color 5 doubles per keyframe (its coordinates
/// in the blending space, alpha, a powerless-hue flag), a transform 18 per
/// keyframe (its decomposition) and 4 per segment (the slerp's plan).
/// Buffers a track does not use stay empty and allocate nothing (see
/// ``StableBuffer``).
///
/// Complexity of edits: amortized O(1) to append after the last keyframe and
/// O(n) to insert elsewhere (array insertion); the kind's derived data is
/// recomputed for the edited keyframe and its two segments, O(1); an edit to
/// a track with tangent-based or paced segments also recomputes that derived
/// data, O(n).
@usableFromInline
final class KeyframeStorage: @unchecked Sendable {
  /// Keyframe times, strictly increasing.
  @usableFromInline let times = StableBuffer<Double>()
  /// Keyframe values, `channels` consecutive doubles per keyframe.
  @usableFromInline let values = StableBuffer<Double>()
  /// Each keyframe's style, as an index into `pool` (0 is the plain style).
  @usableFromInline let styleIndices = StableBuffer<UInt32>()
  /// The distinct styles.
  @usableFromInline var pool = StylePool()
  /// For each segment i, `channels` outgoing tangents at keyframe i then
  /// `channels` incoming tangents at keyframe i + 1 (value per time), when
  /// some segment uses tangents; empty otherwise (the shared ``noDoubles``
  /// until a segment first uses them).
  @usableFromInline private(set) var tangents = noDoubles
  /// For each segment i, `channels` Hermite cubics in power form
  /// (``Hermite/PowerForm``: a, b, c, d per channel, from the tangents),
  /// when some segment uses tangents; empty otherwise, as `tangents`.
  @usableFromInline private(set) var cubics = noDoubles
  /// Each keyframe's data derived by its kind at edit time
  /// (``ValueKindProtocol/derivedStride`` doubles per keyframe: a color in
  /// its blending space, a decomposed transform); empty for kinds that
  /// derive nothing (which share ``noDoubles``).
  @usableFromInline let derived: StableBuffer<Double>
  /// Keyframe times after `paced` retiming, when some segment is paced;
  /// empty otherwise (sampling then searches `times`; ``noDoubles`` until a
  /// segment is first paced).
  @usableFromInline private(set) var pacedTimes = noDoubles
  /// Channels per value.
  @usableFromInline let channels: Int
  /// How two values blend.
  @usableFromInline let kind: ValueKind
  /// The kind's declaration and the sampler's view of it (rewritten by
  /// ``makeSampler(before:after:)``), at one address the sampler keeps.
  @usableFromInline let slot: UnsafeMutablePointer<KindSlot>
  /// Doubles of derived data per keyframe.
  @usableFromInline let derivedStride: Int
  /// Each segment's data derived by its kind from both its keyframes
  /// (``ValueKindProtocol/segmentStride`` doubles per segment: a transform's
  /// slerp plan); empty for kinds that derive nothing.
  @usableFromInline let segmentData: StableBuffer<Double>
  /// Doubles of derived data per segment.
  @usableFromInline let segmentStride: Int

  /// How many keyframes have a non-plain style, use tangents, are paced.
  @usableFromInline var styledCount = 0
  /// How many keyframes interpolate other than linearly (paced counts as
  /// linear: it is linear between retimed times).
  @usableFromInline var curveCount = 0
  var tangentCount = 0
  var pacedCount = 0

  /// A kind's declaration and the sampler's view of it, in one allocation.
  @usableFromInline
  struct KindSlot {
    @usableFromInline var model: any ValueKindProtocol
    @usableFromInline var view: KindView
  }

  /// Empty storage for values of `kind`.
  init(kind: ValueKind) {
    self.kind = kind
    self.channels = kind.channels
    self.derivedStride = kind.base.derivedStride
    self.segmentStride = kind.base.segmentStride
    // Only kinds that derive data write these; the others share the empty
    // buffer, which nothing writes.
    derived = derivedStride > 0 ? StableBuffer() : noDoubles
    segmentData = segmentStride > 0 ? StableBuffer() : noDoubles
    slot = .allocate(capacity: 1)
    let empty = UnsafePointer(emptyBufferBase.assumingMemoryBound(to: Double.self))
    slot.initialize(
      to: KindSlot(
        model: kind.base,
        view: KindView(
          model: KeyframeStorage.model(in: slot), derived: empty, derivedStride: derivedStride,
          segmentData: empty, segmentStride: segmentStride)))
  }

  /// The address of the kind's declaration in `slot`.
  private static func model(in slot: UnsafeMutablePointer<KindSlot>)
    -> UnsafePointer<any ValueKindProtocol>
  {
    (UnsafeRawPointer(slot) + (MemoryLayout<KindSlot>.offset(of: \.model) ?? 0))
      .assumingMemoryBound(to: (any ValueKindProtocol).self)
  }

  deinit {
    slot.deinitialize(count: 1)
    slot.deallocate()
  }

  /// The storage every empty track reads (``Track/storage``): no keyframes.
  /// Never written; an edit gives the track storage of its own.
  @usableFromInline static let none = KeyframeStorage(kind: .scalar)

  @inlinable var count: Int { times.count }

  /// The index of the first keyframe whose time is greater than `t`.
  ///
  /// - Complexity: O(1) when `t` is past the last keyframe (appending in time
  ///   order), O(log n) otherwise (``segmentIndex(_:_:_:)``).
  @inlinable
  func upperBound(_ t: Double) -> Int {
    let n = count
    if n == 0 || t < times[0] { return 0 }
    if times[n - 1] <= t { return n }
    return segmentIndex(times.base, n, t) + 1
  }

  /// Counts a style in or out of the derived-data bookkeeping.
  func account(_ index: UInt32, _ delta: Int) {
    guard index != 0 else { return }
    styledCount += delta
    let interpolation = pool[index].interpolation
    if interpolation.usesTangents { tangentCount += delta }
    if interpolation == .paced { pacedCount += delta }
    if interpolation != .linear && interpolation != .paced { curveCount += delta }
  }

  /// Sets the keyframe at `time`, replacing the value and style of one that
  /// is already there. The caller has validated the arguments.
  func set(time: Double, value: UnsafeBufferPointer<Double>, style: KeyframeStyle) {
    let index = pool.retain(style)
    account(index, 1)
    let i = upperBound(time)
    if i > 0 && times[i - 1] == time {
      let base = (i - 1) * channels
      for c in 0..<channels { values[base + c] = value[c] }
      refreshKindData(at: i - 1, inserted: false)
      let old = styleIndices[i - 1]
      account(old, -1)
      pool.release(old)
      styleIndices[i - 1] = index
    } else {
      times.insert(time, at: i)
      values.insert(contentsOf: value, at: i * channels)
      styleIndices.insert(index, at: i)
      refreshKindData(at: i, inserted: true)
    }
    refreshCurveData()
  }

  /// Keeps the kind's derived data in step with keyframe `i`, just
  /// replaced or inserted: the keyframe's own, and that of the segments on
  /// either side of it.
  ///
  /// - Complexity: O(1) beyond moving later entries on an insert.
  private func refreshKindData(at i: Int, inserted: Bool) {
    if derivedStride > 0 {
      if inserted {
        [Double](repeating: 0, count: derivedStride).withUnsafeBufferPointer {
          derived.insert(contentsOf: $0, at: i * derivedStride)
        }
      }
      kind.base.derive(values.base + i * channels, into: derived.base + i * derivedStride)
    }
    guard segmentStride > 0 else { return }
    if inserted && count >= 2 {
      // One segment more: keyframe i splits a segment, or adds one at an end.
      [Double](repeating: 0, count: segmentStride).withUnsafeBufferPointer {
        segmentData.insert(contentsOf: $0, at: Swift.max(i - 1, 0) * segmentStride)
      }
    }
    for k in (i - 1)...i where k >= 0 && k <= count - 2 { refreshSegment(k) }
  }

  /// Recomputes the kind's derived data of every keyframe and segment, after
  /// the keyframes were replaced wholesale (a bulk merge).
  ///
  /// - Complexity: O(n).
  func rebuildKindData() {
    if derivedStride > 0 {
      derived.replaceAll(with: [Double](repeating: 0, count: count * derivedStride))
      for i in 0..<count {
        kind.base.derive(values.base + i * channels, into: derived.base + i * derivedStride)
      }
    }
    guard segmentStride > 0 else { return }
    let segments = Swift.max(count - 1, 0)
    segmentData.replaceAll(with: [Double](repeating: 0, count: segments * segmentStride))
    for k in 0..<segments { refreshSegment(k) }
  }

  /// Recomputes segment k's derived data.
  private func refreshSegment(_ k: Int) {
    kind.base.deriveSegment(
      BlendOperand(value: values.base + k * channels, derived: derived.base + k * derivedStride),
      BlendOperand(
        value: values.base + (k + 1) * channels, derived: derived.base + (k + 1) * derivedStride),
      into: segmentData.base + k * segmentStride)
  }

  /// Checks that a keyframe at `time` keeps every gap between neighbouring
  /// keyframes finite: a gap that overflows (keyframes near ±1.8e308 on
  /// both sides of 0) would make segment progress 0/∞.
  func checkGaps(around time: Double) -> Bool {
    let i = upperBound(time)
    let before = i > 0 && times[i - 1] == time ? i - 2 : i - 1
    let after = i
    if before >= 0 && !(time - times[before]).isFinite { return false }
    if after < count && !(times[after] - time).isFinite { return false }
    return true
  }

  /// The index of the keyframe exactly at `time`, if any.
  func index(of time: Double) -> Int? {
    let i = upperBound(time)
    return i > 0 && times[i - 1] == time ? i - 1 : nil
  }

  /// Removes the keyframe at `index`.
  func remove(at index: Int) {
    let old = styleIndices[index]
    account(old, -1)
    pool.release(old)
    times.remove(at: index)
    values.removeSubrange(index * channels..<(index + 1) * channels)
    styleIndices.remove(at: index)
    if derivedStride > 0 {
      derived.removeSubrange(index * derivedStride..<(index + 1) * derivedStride)
    }
    if segmentStride > 0 && count >= 1 {
      // One segment less: the two around a middle keyframe merge into one.
      let slot = Swift.max(index - 1, 0) * segmentStride
      segmentData.removeSubrange(slot..<slot + segmentStride)
      if index >= 1 && index - 1 <= count - 2 { refreshSegment(index - 1) }
    }
    refreshCurveData()
  }

  /// The keyframe at `index`.
  func keyframe(at index: Int) -> Keyframe {
    Keyframe(
      time: times[index],
      value: values.copy(index * channels..<(index + 1) * channels),
      style: pool[styleIndices[index]])
  }

  /// Recomputes tangents and paced times after an edit.
  func refreshCurveData() {
    if tangentCount > 0 && tangents === noDoubles {
      tangents = StableBuffer()
      cubics = StableBuffer()
    }
    if pacedCount > 0 && pacedTimes === noDoubles { pacedTimes = StableBuffer() }
    if tangentCount > 0 {
      computeTangents()
    } else if !tangents.isEmpty {
      tangents.replaceAll(with: [])
      cubics.replaceAll(with: [])
    }
    if pacedCount > 0 {
      computePacedTimes()
    } else if !pacedTimes.isEmpty {
      pacedTimes.replaceAll(with: [])
    }
  }
}

extension KeyframeStorage {
  /// The style every segment shares, when one non-plain style covers all
  /// keyframes but possibly the last (whose style shapes no segment); else
  /// −1. O(1), from the pool's reference counts.
  var uniformStyle: Int {
    guard count > 1 else { return -1 }
    let first = styleIndices[0]
    guard first != 0 else { return -1 }
    let uses = pool.referenceCount(first)
    if uses == count || (uses == count - 1 && styleIndices[count - 1] != first) {
      return Int(first)
    }
    return -1
  }

  /// Rewrites the slot's view for the buffers' current addresses.
  func publishKindView() -> UnsafePointer<KindView> {
    slot.pointee.view = KindView(
      model: KeyframeStorage.model(in: slot), derived: derived.base,
      derivedStride: derivedStride, segmentData: segmentData.base, segmentStride: segmentStride)
    return (UnsafeRawPointer(slot) + (MemoryLayout<KindSlot>.offset(of: \.view) ?? 0))
      .assumingMemoryBound(to: KindView.self)
  }

  /// A raw-pointer view of the keyframes with extrapolation `before` and
  /// `after`, valid until the next edit; nil when there are none. ``Track``
  /// publishes it after every edit.
  func makeSampler(before: Extrapolation = .hold, after: Extrapolation = .hold)
    -> KeyframeSampler?
  {
    guard count > 0 else { return nil }
    return KeyframeSampler(
      times: pacedTimes.isEmpty ? times.base : pacedTimes.base, values: values.base,
      styleIndices: styleIndices.base, styles: pool.styles.base, kernels: pool.kernels.base,
      beziers: pool.beziers.base, inverses: pool.inverses.base,
      tangents: tangents.isEmpty ? nil : UnsafePointer(tangents.base),
      cubics: cubics.isEmpty ? nil : UnsafePointer(cubics.base),
      count: count, channels: channels, kindView: publishKindView(),
      isPerChannel: kind.isPerChannel, before: before, after: after,
      allPlain: styledCount == 0, allLinear: curveCount == 0, uniformStyle: uniformStyle)
  }
}
