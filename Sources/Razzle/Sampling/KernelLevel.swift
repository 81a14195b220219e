import CPUFeatures
import RazzleKernels
import RazzleKernelsAVX2
import RazzleKernelsAVX512
import RazzleStores
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU level the batch kernels run at.
///
/// The hot loops (`Sources/RazzleKernels`) are one Swift source compiled
/// three times: for baseline x86-64 (SSE2, which every x86-64 CPU runs), for
/// Haswell and later (AVX2, FMA, BMI2) and for
/// Skylake-X and later (AVX-512).
/// The library uses the ``best`` level the CPU and operating system
/// support, unless `$RAZZLE_KERNELS` (read when the library first needs it)
/// or ``select(_:)`` asks for another. The levels give the same bits: each
/// computes the same operations in the same order, and no level fuses a
/// multiply and an add except where the fused result is exact — the AVX2
/// and AVX-512 levels divide a linear segment's runs by multiply-adds that
/// give the correctly rounded quotient (`RazzleKernels/Divisor.swift`).
public enum KernelLevel: String, CaseIterable, Sendable {
  /// x86-64 as AMD64 defined it: SSE2, two doubles a register.
  case baseline
  /// AVX2, FMA, BMI1/2, F16C, LZCNT, MOVBE (the x86-64-v3 set): four
  /// doubles a register.
  case avx2
  /// AVX-512 as Skylake-X has it: AVX2's set and AVX-512 F, DQ, CD, BW and
  /// VL (the x86-64-v4 set), with the opmask and ZMM state saved by the OS.
  /// Eight doubles a register.
  ///
  /// The level runs each kernel in the build that measured faster on an
  /// AVX-512 CPU (bench case 59, Sapphire Rapids): the cubic-Bézier eased
  /// kernel and the color conversions compiled for AVX-512
  /// (`RazzleKernelsAVX512`: 1.3–1.5× and 1.05–1.2× AVX2's; the colors
  /// eight at a time there, four in the other builds), the others
  /// (linear and hold, smooth and monotone, Bézier handles, path
  /// directions) in AVX2's build, which the AVX-512 build ran at 0.65–0.75×
  /// on random times. Every kernel gives the same bits in every build.
  case avx512

  /// The `level` argument of `RazzleStores`' C loops at this level: 0 SSE2,
  /// 1 AVX2 (and FMA), 2 AVX-512 F.
  var storesLevel: Int32 {
    switch self {
    case .baseline: return 0
    case .avx2: return 1
    case .avx512: return 2
    }
  }

  /// Whether this CPU (and its operating system) can run the level.
  public var isSupported: Bool {
    switch self {
    case .baseline: return true
    case .avx2: return razzle_cpu_has_avx2() != 0
    case .avx512: return razzle_cpu_has_avx512() != 0
    }
  }

  /// The best level this CPU supports.
  public static let best: KernelLevel =
    avx512.isSupported ? .avx512 : (avx2.isSupported ? .avx2 : .baseline)

  /// The level the kernels run at now. An atomic load: batch calls read it
  /// once each, from every thread, so it takes no lock.
  public static var active: KernelLevel {
    let raw = chosen.load(ordering: .relaxed)
    return raw < 0 ? initial : allCases[raw]
  }

  /// Makes the kernels run at `level`; `nil` restores the default
  /// (`$RAZZLE_KERNELS`, else ``best``).
  ///
  /// - Throws: `.invalidValue` if this CPU cannot run `level`; the level
  ///   in use is unchanged.
  public static func select(_ level: KernelLevel?) throws(RazzleError) {
    if let level, !level.isSupported {
      throw RazzleError(
        .invalidValue,
        "this CPU cannot run the \(level.rawValue) kernels (it lacks AVX2, FMA or BMI2, or the "
          + "operating system does not save AVX state); supported: "
          + allCases.filter(\.isSupported).map(\.rawValue).joined(separator: ", "))
    }
    chosen.store(
      level.map { allCases.firstIndex(of: $0).unsafelyUnwrapped } ?? -1, ordering: .relaxed)
  }

  /// The level named `name` ("baseline", "avx2", "avx512").
  ///
  /// - Throws: `.invalidName` for any other name, with the closest one.
  public init(named name: String) throws(RazzleError) {
    guard let level = KernelLevel(rawValue: name) else {
      throw RazzleError(
        .invalidName,
        "unknown kernel level \"\(name)\"\(NameSuggestion.hint(for: name, among: Self.allCases.map(\.rawValue))); "
          + "known: " + Self.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = level
  }

  /// The chosen level's index in ``allCases``, or -1 for the default.
  private static let chosen = Atomic<Int>(-1)

  /// `$RAZZLE_KERNELS` if it names a level this CPU supports, else ``best``.
  private static let initial: KernelLevel = {
    if let text = getenv("RAZZLE_KERNELS"),
      let level = KernelLevel(rawValue: String(cString: text)), level.isSupported
    {
      return level
    }
    return best
  }()
}

extension KeyframeSampler {
  /// The keyframes as `RazzleKernels`' plain linear track (for
  /// `sampleLinearLines`; a sampler that ``streamsRuns``), valid while the
  /// sampler is.
  var linearTrack: RazzleKernelsAVX2.LinearTrack {
    RazzleKernelsAVX2.LinearTrack(times: times, values: values, count: count)
  }
}

/// The plain linear kernel, or with `hold` the hold kernel, at the active
/// level (see `RazzleKernels.sampleLinear`): `m` values of the scalar
/// track (`times`, `values`, `count` ≥ 2) to `out[j · stride]`; with
/// `streaming`, its runs inside one segment by non-temporal stores (an
/// output larger than the cache; the baseline level ignores it).
@usableFromInline
func sampleLinearKernel(
  _ times: UnsafePointer<Double>, _ values: UnsafePointer<Double>, _ count: Int,
  _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int,
  hold: Bool, streaming: Bool = false
) {
  let level = KernelLevel.active
  switch level {
  case .baseline:
    RazzleKernels.sampleLinear(
      times: times, values: values, count: count, queries: q, count: m, into: out, stride: stride,
      hold: hold)
  case .avx2, .avx512:
    // AVX2's build at the avx512 level too (see KernelLevel.avx512), its
    // runs inside one segment in 512-bit vectors (razzle_linear_run).
    RazzleKernelsAVX2.sampleLinear(
      times: times, values: values, count: count, queries: q, count: m, into: out, stride: stride,
      hold: hold, runLevel: level.storesLevel, streaming: streaming)
  }
}

/// A simple timing's map of the first multiple of eight of `n` times
/// (`RazzleKernels.mapSimpleTimes`) at the active level: how many it
/// mapped.
@inline(__always)
func mapSimpleTimesKernel(
  _ times: UnsafePointer<Double>, _ n: Int, shift: Double, before: Double, after: Double,
  early: Double, late: Double, delay: Double, start: Double, ratio: Double,
  into result: UnsafeMutablePointer<Double>
) -> Int {
  switch KernelLevel.active {
  case .baseline:
    return RazzleKernels.mapSimpleTimes(
      times, count: n, shift: shift,
      RazzleKernels.SimpleTimeMap(
        before: before, after: after, early: early, late: late, delay: delay, start: start,
        ratio: ratio), into: result)
  case .avx2:
    return RazzleKernelsAVX2.mapSimpleTimes(
      times, count: n, shift: shift,
      RazzleKernelsAVX2.SimpleTimeMap(
        before: before, after: after, early: early, late: late, delay: delay, start: start,
        ratio: ratio), into: result)
  case .avx512:
    return RazzleKernelsAVX512.mapSimpleTimes(
      times, count: n, shift: shift,
      RazzleKernelsAVX512.SimpleTimeMap(
        before: before, after: after, early: early, late: late, delay: delay, start: start,
        ratio: ratio), into: result)
  }
}

/// The segment of each of `m` times, clamped to the keyframe times, at
/// `level` (see `RazzleKernels.findSegments`): the eased kernels' search
/// for a block of unordered times.
@usableFromInline
func findSegmentsKernel(
  _ level: KernelLevel, _ times: UnsafePointer<Double>, _ count: Int, _ q: UnsafePointer<Double>,
  _ m: Int, _ segments: UnsafeMutablePointer<Int>
) {
  switch level {
  case .baseline:
    RazzleKernels.findSegments(times: times, count: count, queries: q, count: m, into: segments)
  case .avx2:
    RazzleKernelsAVX2.findSegments(times: times, count: count, queries: q, count: m, into: segments)
  case .avx512:
    // Up to RAZZLE_COUNTING_LIMIT keyframes the search is C with opmasks
    // (`lane_search.c`: the same segments in 0.6 ns a sample against the
    // AVX2 build's 1.0). It returns m when it wrote them, 0 when it did
    // not (another count, or no x86-64): then the AVX2 build's search.
    let written = razzle_find_segments(
      times, count, q, m, UnsafeMutableRawPointer(segments).assumingMemoryBound(to: Int64.self))
    if written != m {
      RazzleKernelsAVX2.findSegments(
        times: times, count: count, queries: q, count: m, into: segments)
    }
  }
}
