// The sampling entry points of ``ValueKindProtocol``: every kind takes these
// default implementations, so each kind's conformance carries the general
// sampling loop specialized for it. A batch pays one dynamic call to reach
// its kind's loop; inside, `blend` and `blendDerivative` are direct calls.

extension ValueKindProtocol {
  @inlinable
  func sampleEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    for j in 0..<m { sampler.sample(queries[j], kind: self, into: out + j &* stride) }
  }

  @inlinable
  func velocityEach(
    _ sampler: KeyframeSampler, _ queries: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>
  ) {
    let channels = sampler.channels
    for j in 0..<m { sampler.velocity(queries[j], kind: self, into: out + j &* channels) }
  }
}
