// A frame matrix's rows, eight plain linear tracks side by side: each row's
// eight values are one cache line, computed across the tracks (lane k is
// track k at the row's time) and written by one non-temporal store as soon
// as it is computed — no staging and no transposition, so the stores go to
// memory while the next lines are computed.
//
// Each lane holds its track's current segment; `razzle_linear_lines`
// (C: `RazzleStores`) runs row by row while every lane's time is strictly
// inside its segment (or past the keyframes on either side, where the
// value is constant), and stops at the first line where one is not: a
// keyframe passed, a time on a keyframe, a NaN, times going back. That
// line is computed here by the kernel's scalar rule, the lanes move to the
// segments of its time, and the run goes on. Sorted frames stop once per
// keyframe a track passes.

import RazzleStores

/// One plain linear scalar track: `count` ≥ 2 keyframes, times
/// non-decreasing (see ``sampleLinear(times:values:count:queries:count:into:stride:hold:runLevel:streaming:)``).
public struct LinearTrack {
  public let times: UnsafePointer<Double>
  public let values: UnsafePointer<Double>
  public let count: Int

  public init(times: UnsafePointer<Double>, values: UnsafePointer<Double>, count: Int) {
    self.times = times
    self.values = values
    self.count = count
  }
}

/// Writes `rows` rows of `8 · groups` plain linear tracks: the value of
/// track c at `queries[j]` to `out[j · stride + c]`, the same bits as
/// ``sampleLinear(times:values:count:queries:count:into:stride:hold:runLevel:streaming:)``.
/// Each row's groups of eight go by non-temporal stores (the call ends
/// with a store fence), so `out` must be 8-byte aligned at a cache line
/// and `stride` a multiple of eight; `level` 1 (AVX2 and FMA) or 2
/// (AVX-512 F), which the caller checks the CPU has, in a build with fused
/// multiply-adds (the baseline build computes every line by the scalar
/// rule).
public func sampleLinearLines(
  tracks: UnsafePointer<LinearTrack>, groups: Int, queries: UnsafePointer<Double>, rows: Int,
  into out: UnsafeMutablePointer<Double>, stride: Int, level: Int32
) {
  guard rows > 0, groups > 0 else { return }
  #if RAZZLE_FMA
    let level = level
  #else
    // No fused multiply-adds in this build (Divisor divides): every line
    // by the scalar rule.
    let level: Int32 = 0
  #endif
  let lanes = UnsafeMutablePointer<razzle_linear_lanes>.allocate(capacity: groups)
  defer { lanes.deallocate() }
  for g in 0..<groups {
    lanes[g] = razzle_linear_lanes()
    for k in 0..<8 { LinearLane.move(lanes + g, k, tracks[8 &* g &+ k], to: queries[0]) }
  }
  var position = 0
  var skip: Int32 = 0
  let end = rows &* groups
  while true {
    position = razzle_linear_lines(
      lanes, groups, queries, position / groups, position % groups, skip, rows, out, stride,
      level)
    if position >= end { return }
    // The line whose time a lane does not take: by the scalar rule, then
    // every lane to the segment of that time.
    let (j, g) = position.quotientAndRemainder(dividingBy: groups)
    let t = queries[j]
    for k in 0..<8 {
      let track = tracks[8 &* g &+ k]
      let kernel = LinearKernel(
        times: track.times, values: track.values, count: track.count, hold: false)
      let tc = kernel.clamp(t)
      out[j &* stride &+ 8 &* g &+ k] = kernel.value(
        t, tc, segmentIndex(track.times, track.count, tc))
      if !t.isNaN { LinearLane.move(lanes + g, k, track, to: t) }
    }
    skip = 1
  }
}

/// Setting one lane of a `razzle_linear_lanes`.
enum LinearLane {
  /// Lane `k` of `lanes` to `track`'s segment at `t` (not NaN): the
  /// constant first value before the first keyframe, the constant last
  /// value from the last one on, else the segment k with
  /// t_k ≤ t < t_{k+1}, interpolating.
  static func move(
    _ lanes: UnsafeMutablePointer<razzle_linear_lanes>, _ k: Int, _ track: LinearTrack,
    to t: Double
  ) {
    let times = track.times
    let last = track.count &- 1
    if t < times[0] || t >= times[last] {
      // Constant: before the first keyframe, every t (t − 0 ≥ −∞) below
      // it; from the last on, t − t_last ≥ 0.
      let before = t < times[0]
      set(
        lanes, k, t0: before ? 0 : times[last], least: before ? -.infinity : 0,
        hi: before ? times[0] : .infinity, v0: track.values[before ? 0 : last], dv: 0,
        divisor: Divisor(1), constant: true)
      return
    }
    let s = segmentIndex(times, track.count, t)
    let t0 = times[s]
    let divisor = Divisor(times[s &+ 1] - t0)
    set(
      lanes, k, t0: t0, least: divisor.least, hi: times[s &+ 1], v0: track.values[s],
      dv: track.values[s &+ 1] - track.values[s], divisor: divisor, constant: false)
  }

  @inline(__always)
  private static func set(
    _ lanes: UnsafeMutablePointer<razzle_linear_lanes>, _ k: Int, t0: Double, least: Double,
    hi: Double, v0: Double, dv: Double, divisor: Divisor, constant: Bool
  ) {
    razzle_linear_lane_set(
      lanes, k, t0, least, hi, v0, dv, divisor.negated, divisor.reciprocal,
      divisor.reciprocalLow, constant ? 1 : 0)
  }
}
