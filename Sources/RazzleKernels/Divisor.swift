// A segment's progress p = (t − t_k)/(t_{k+1} − t_k) for many times without
// a division a time, for the builds that fuse multiply-adds.
//
// A division is the slowest operation of a linear sample: on the Intel
// guest this project measures on (Sapphire Rapids), `vdivpd` retires four
// doubles every eight cycles, so a loop of divisions stops at about two
// cycles a value whatever else it does (1.3–1.4 G values/s a core, bench
// case 24), while a multiply-add retires eight doubles a cycle. The AVX2 and
// AVX-512 builds (`RAZZLE_FMA`, Package.swift) therefore compute the same
// correctly rounded quotient RN(a/b) by multiply-adds, for a divisor b
// shared by many dividends a:
//
//   y  = RN(1/b)                  one division per segment
//   y′ = RN((1 − b·y)·y)          1 − b·y is exact (a fused product)
//   q₀ = RN(a·y + RN(a·y′))       within 2⁻¹⁰⁴·(a/b) before its rounding
//   r  = RN(a − b·q₀)             exact
//   q  = RN(q₀ + r·y)             = RN(a/b)
//
// y + y′ is 1/b within 2⁻¹⁰⁵ relatively, so q₀ is a faithful rounding of
// a/b (one of the two doubles around it). Markstein's theorem (Markstein
// 1990; Muller et al., Handbook of Floating-Point Arithmetic, "Newton–
// Raphson-based division with an FMA") then says: when y is within half an
// ulp of 1/b and q₀ is faithful, the remainder r is exact and q₀ + r·y
// rounded once is the correctly rounded quotient — the bits a division
// gives. The theorem assumes no underflow and no overflow; the path is used
// only where that holds by a margin: 2⁻¹⁰⁰ ≤ b ≤ 2⁹⁰⁰ and
// b·2⁻⁸⁰⁰ ≤ a ≤ b (so 2⁻⁸⁰⁰ ≤ a/b ≤ 1, every intermediate normal, every
// product's exact value on a grid no finer than 2⁻¹⁰⁰⁴). Other dividends —
// and every dividend in the baseline build, which has no fused multiply-add
// instruction — divide. `KernelLevelTests` checks the quotient against the
// division at every level, on segments whose lengths are the reciprocal's
// hard cases.

/// A divisor b > 0 prepared to divide many dividends by multiply-adds (see
/// the file's comment): ``quotient(_:)`` is `a / b` to the bit for every `a`
/// in `least...b`.
@usableFromInline
struct Divisor {
  /// −b.
  let negated: Double
  /// RN(1/b).
  let reciprocal: Double
  /// RN((1 − b·y)·y), the reciprocal's remainder: y + y′ ≈ 1/b.
  let reciprocalLow: Double
  /// The smallest dividend ``quotient(_:)`` takes: b·2⁻⁸⁰⁰, or +∞ when b
  /// is outside 2⁻¹⁰⁰...2⁹⁰⁰ (or this build divides: the least positive
  /// double then, so every positive dividend qualifies).
  let least: Double

  @inline(__always)
  init(_ b: Double) {
    negated = -b
    reciprocal = 1 / b
    #if RAZZLE_FMA
      reciprocalLow = (1 as Double).addingProduct(negated, reciprocal) * reciprocal
      least = b >= 0x1p-100 && b <= 0x1p900 ? b * 0x1p-800 : .infinity
    #else
      reciprocalLow = 0
      least = .leastNonzeroMagnitude
    #endif
  }

  /// a / b, correctly rounded, on eight lanes whose dividends are all in
  /// ``least``...b.
  @_transparent
  func quotient(_ a: Lanes) -> Lanes {
    #if RAZZLE_FMA
      let y = Lanes(repeating: reciprocal)
      let q0 = (a * Lanes(repeating: reciprocalLow)).addingProduct(a, y)
      let r = a.addingProduct(q0, Lanes(repeating: negated))
      return q0.addingProduct(r, y)
    #else
      return a / Lanes(repeating: -negated)
    #endif
  }
}
