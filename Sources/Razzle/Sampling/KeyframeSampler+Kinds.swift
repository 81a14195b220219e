// The sampling entry points of ``ValueKindProtocol``: every kind takes these
// default implementations, so each kind's conformance carries the general
// sampling loop specialized for it. A batch pays one dynamic call to reach
// its kind's loop; inside, `blend` and `blendDerivative` are direct calls.
//
// The loops search the segments of a block of queries first, then evaluate
// them: the searches of a block are independent, so the processor overlaps
// them (as in the segment kernels), where a search interleaved with each
// evaluation would wait for its chain of conditional moves.

extension KeyframeSampler {
  /// The queries a loop searches ahead.
  @usableFromInline static var searchBlock: Int { 64 }

  /// Calls `body(j, k)` for each query j of `m`, with k its segment.
  @inlinable @inline(__always)
  func forEachSegment(
    _ queries: UnsafePointer<Double>, _ m: Int, _ body: (Int, Int) -> Void
  ) {
    let block = KeyframeSampler.searchBlock
    withUnsafeTemporaryAllocation(of: Int.self, capacity: block) { segments in
      let ks = segments.baseAddress.unsafelyUnwrapped
      var start = 0
      while start < m {
        let end = Swift.min(start &+ block, m)
        for j in start..<end { ks[j &- start] = segment(queries[j]) }
        for j in start..<end { body(j, ks[j &- start]) }
        start = end
      }
    }
  }
}

extension ValueKindProtocol {
  @inlinable
  func sampleEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    // Curve modes (hold, smooth, monotone, bezier) on per-channel kinds: the
    // mode kernels, decided once for the batch.
    if let mode = sampler.curveMode(batch: m) {
      sampler.sampleCurveMode(mode, queries, m, out, stride)
      return
    }
    sampler.forEachSegment(queries, m) { j, k in
      sampler.sample(queries[j], segment: k, kind: self, into: out + j &* stride)
    }
  }

  @inlinable
  func velocityEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>
  ) {
    let channels = sampler.channels
    sampler.forEachSegment(queries, m) { j, k in
      sampler.velocity(queries[j], segment: k, kind: self, into: out + j &* channels)
    }
  }
}
