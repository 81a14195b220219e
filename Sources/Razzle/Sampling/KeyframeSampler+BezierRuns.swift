// Scalar tracks whose segments ease differently (a Lottie property: each
// keyframe its own cubic Bézier): a run of times in order inside one
// segment eased by a cubic Bézier is that segment alone, a track of two
// keyframes with one easing, and goes to the vector kernel; the rest to the
// segment kernel, one easing per segment.

extension KeyframeSampler {
  /// The fewest times of a run the vector kernel takes: each call builds
  /// its curve's 64 interval rows (about the cost of 30 times solved one
  /// by one).
  @usableFromInline static var minimumBezierRun: Int { 64 }

  /// ``sampleBatch(_:into:stride:streaming:)`` for a scalar track of
  /// several easings. A run of at least ``minimumBezierRun`` times in
  /// order, none NaN, inside segment k (before the first keyframe too for
  /// the first segment, and past the last for the last), where k has
  /// positive length and a cubic-Bézier easing, is sampled as the track of
  /// keyframes k and k + 1 alone: every time there takes segment k with the
  /// same clamp, so the vector kernel, which gives a one-easing track's
  /// bits, gives these. A run of at least ``minimumBezierRun`` NaN times
  /// is each time's NaN, quieted, where segment 0 (the segment kernel's for
  /// NaN) eases linearly or by a cubic Bézier, which pass NaN through.
  /// Other times go to ``segmentKernel(_:_:_:_:_:)``.
  @inlinable
  func sampleBezierRuns(
    _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    let first = times[0]
    let last = times[count &- 1]
    let level = KernelLevel.active
    let run = KeyframeSampler.minimumBezierRun
    // Whether a NaN time's value is the time's NaN, quieted: the segment
    // kernel takes segment 0 for it, whose progress is NaN, and a linear or
    // cubic-Bézier easing passes a NaN progress through.
    let passesNaN: Bool
    switch kernels[Int(styleIndices[0])] {
    case .identity, .cubicBezier: passesNaN = true
    default: passesNaN = false
    }
    // Times before `start` are written.
    var start = 0
    var j = 0
    while j &+ run <= m {
      // A run needs its first `run` times in order (NaN fails): random
      // times leave after a comparison or two, without a search.
      var ordered = j &+ 1
      while ordered < j &+ run && q[ordered &- 1] <= q[ordered] { ordered &+= 1 }
      guard ordered == j &+ run else {
        if passesNaN && q[j] != q[j] {
          // A run of NaN times (a layer's clip out of its interval): each
          // value its time's NaN, quieted, as the segment kernel's
          // arithmetic gives it, without a value at a time.
          var end = j &+ 1
          while end < m && q[end] != q[end] { end &+= 1 }
          if end &- j >= run {
            if start < j {
              segmentKernel(
                q + start, j &- start, out + start &* stride, stride, SegmentEasing(self))
            }
            for i in j..<end {
              out[i &* stride] = Double(bitPattern: q[i].bitPattern | 0x0008_0000_0000_0000)
            }
            start = end
            j = end
            continue
          }
        }
        j = ordered
        continue
      }
      let t = q[j]
      let k = segment(t < first ? first : (t > last ? last : t))
      let upper = k == count &- 2 ? Double.infinity : times[k &+ 1]
      var end = j &+ 1
      while end < m && q[end &- 1] <= q[end] && q[end] < upper { end &+= 1 }
      if end &- j >= run, times[k] < times[k &+ 1],
        case .cubicBezier(let table) = kernels[Int(styleIndices[k])]
      {
        if start < j {
          segmentKernel(q + start, j &- start, out + start &* stride, stride, SegmentEasing(self))
        }
        sampleBezierKernel(
          level, times + k, values + k, 2, q + j, end &- j, out + j &* stride, stride,
          curve: beziers[Int(table)], inverse: inverses + Int(table) &* StylePool.inverseStride)
        start = end
      }
      j = end
    }
    if start < m {
      segmentKernel(q + start, m &- start, out + start &* stride, stride, SegmentEasing(self))
    }
  }
}
