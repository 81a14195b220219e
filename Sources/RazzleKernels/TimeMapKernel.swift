// A clip's times mapped to its animator's, eight at a time: the simple
// timing's map (`SimpleTiming` in Razzle: one forward iteration, linear)
// for a block that runs forwards. Every layer of a Lottie file maps each
// block of times once (intelia_logo_animation.json: 21 layers and their
// precompositions); in the generic module this loop was SSE2's two lanes.

/// A simple timing's numbers as ``mapSimpleTimes(_:count:shift:_:into:)``
/// takes them.
public struct SimpleTimeMap {
  /// Local times before this are early; at or after `after`, late.
  public let before: Double
  public let after: Double
  /// The inner times of early and late times (NaN: no effect there).
  public let early: Double
  public let late: Double
  public let delay: Double
  public let start: Double
  public let ratio: Double

  public init(
    before: Double, after: Double, early: Double, late: Double, delay: Double, start: Double,
    ratio: Double
  ) {
    self.before = before
    self.after = after
    self.early = early
    self.late = late
    self.delay = delay
    self.start = start
    self.ratio = ratio
  }
}

/// Maps the first multiple of eight of `count` times, forwards: for
/// t = `times[j]` − `shift`, `start` + (t − `delay`) × `ratio` in
/// [`before`, `after`), `early` before, `late` from `after` on, NaN for a
/// NaN time, to `result[j]`. Returns how many it mapped (the caller maps
/// the rest by its scalar loop, which these lanes match bit for bit: the
/// same subtraction, multiplication and addition, not fused).
@inline(never)
public func mapSimpleTimes(
  _ times: UnsafePointer<Double>, count: Int, shift: Double, _ map: SimpleTimeMap,
  into result: UnsafeMutablePointer<Double>
) -> Int {
  typealias Lanes = SIMD8<Double>
  let before = Lanes(repeating: map.before)
  let after = Lanes(repeating: map.after)
  let early = Lanes(repeating: map.early)
  let late = Lanes(repeating: map.late)
  let delay = Lanes(repeating: map.delay)
  let start = Lanes(repeating: map.start)
  let ratio = Lanes(repeating: map.ratio)
  let shifts = Lanes(repeating: shift)
  var j = 0
  while j &+ 8 <= count {
    let t = UnsafeRawPointer(times + j).loadUnaligned(as: Lanes.self) - shifts
    // NaN fails both comparisons; the last select gives it NaN.
    let x = (start + (t - delay) * ratio)
      .replacing(with: late, where: t .>= after)
      .replacing(with: early, where: t .< before)
      .replacing(with: .nan, where: t .!= t)
    UnsafeMutableRawPointer(result + j).storeBytes(of: x, as: Lanes.self)
    j &+= 8
  }
  return j
}
