/* A plain color track's samples at the avx512 level: the loop of
 * Sources/RazzleKernels/ColorKernel.swift (`sampleColorLanes`,
 * `convertLanes`, `linearToSRGBLanes`, `srgbEncodingPowerLanes`,
 * `hueCosSinLanes`) with eight samples to a 512-bit vector, in C for what
 * the Swift build compiles poorly there: each lane's segment record is read
 * with one load and the eight are transposed in registers (the Swift loop
 * read 72 doubles one by one), the table of 2^(5r/12) is a permutation of
 * two registers, and the colors go out as whole vectors. The operations are
 * the Swift kernel's in its order, never fused (`fp contract(off)`), or
 * (`encoding_power`) others with the same result, so the same bits;
 * ColorConversionKernelTests checks them against the scalar route at every
 * level. */
#include "razzle_stores.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <math.h>
#pragma clang fp contract(off)

#define AVX512 __attribute__((target("avx512f")))

AVX512 static inline __m512d set(double v) { return _mm512_set1_pd(v); }
AVX512 static inline __m512d add(__m512d a, __m512d b) { return _mm512_add_pd(a, b); }
AVX512 static inline __m512d sub(__m512d a, __m512d b) { return _mm512_sub_pd(a, b); }
AVX512 static inline __m512d mul(__m512d a, __m512d b) { return _mm512_mul_pd(a, b); }
AVX512 static inline __m512d bits_pd(__m512i v) { return _mm512_castsi512_pd(v); }
AVX512 static inline __m512i pd_bits(__m512d v) { return _mm512_castpd_si512(v); }

/* 2^(5r/12) for r in 0..<12, correctly rounded (`twoToFiveTwelfths`), in
 * two registers that one permutation reads. */
static const double five_twelfths[16] = {
    1, 0x1.55b8108f0ec5ep+0, 0x1.c823e074ec129p+0, 0x1.306fe0a31b715p+1, 0x1.965fea53d6e3dp+1,
    0x1.0f38f92d97963p+2, 0x1.6a09e667f3bcdp+2, 0x1.e3437e7101344p+2, 0x1.428a2f98d728bp+3,
    0x1.ae89f995ad3adp+3, 0x1.1f59ac3c7d6c0p+4, 0x1.7f910d768cfb0p+4, 1, 1, 1, 1};

/* 2^(5r) for r in 0..<12: the scale of `a = 2^(5r) · m⁵` (exact). */
static const double five_r[16] = {0x1p0,  0x1p5,  0x1p10, 0x1p15, 0x1p20, 0x1p25, 0x1p30, 0x1p35,
                                  0x1p40, 0x1p45, 0x1p50, 0x1p55, 1,      1,      1,      1};

/* `srgbEncodingPowerLanes` times 1.055: 1.055 · x^(5/12) for positive,
 * finite, normal x (any other lane gives a number the caller discards).
 * Four steps are written differently from the Swift kernel, each with the
 * same result bit for bit: the significand m in [1, 2) is `getmant`'s (for
 * a positive normal x, the value the Swift kernel's exponent bits replaced
 * by 1's give); 2^(5r) is read from a table (`five_r`), as
 * 2^(5r/12) is; the Halley step's numerator and denominator are both
 * halved, `(a − z¹²) / (6.5z¹² + 5.5a)` for `2(a − z¹²) / (13z¹² + 11a)`
 * (halving is exact, and a quotient of halves is the quotient); and 1.055
 * is multiplied into 2^(5q), exactly (its exponent field plus 5q), so that
 * `z · (1.055 · 2^(5q))` is `1.055 · (z · 2^(5q))`, both one rounding of
 * the same product. */
AVX512 static inline __m512d encoding_power(__m512d x, const __m512d tables[4]) {
  __m512i b = pd_bits(x);
  __m512d m = _mm512_getmant_pd(x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
  __m512i shifted = _mm512_add_epi64(_mm512_srli_epi64(b, 52), _mm512_set1_epi64(177));
  __m512i quotient = _mm512_srli_epi64(_mm512_mul_epu32(shifted, _mm512_set1_epi64(2731)), 15);
  __m512i twelve = _mm512_add_epi64(_mm512_slli_epi64(quotient, 3), _mm512_slli_epi64(quotient, 2));
  __m512i r = _mm512_sub_epi64(shifted, twelve);
  __m512d u = sub(m, set(1.5));
  __m512d z = set(-0x1.60c89e024cef0p-9);
  z = add(mul(z, u), set(0x1.571c1c182651fp-8));
  z = sub(mul(z, u), set(0x1.3c0f0fd7a4377p-7));
  z = add(mul(z, u), set(0x1.6f65631530eb9p-6));
  z = sub(mul(z, u), set(0x1.05f58b26f13c3p-4));
  z = add(mul(z, u), set(0x1.50cccc06bac27p-2));
  z = add(mul(z, u), set(0x1.2f1e22ca7ced8p+0));
  z = mul(z, _mm512_permutex2var_pd(tables[0], r, tables[1]));
  __m512d m2 = mul(m, m);
  __m512d m5 = mul(mul(m2, m2), m);
  __m512d a = mul(m5, _mm512_permutex2var_pd(tables[2], r, tables[3]));
  __m512d z2 = mul(z, z);
  __m512d z6 = mul(mul(z2, z2), z2);
  __m512d z12 = mul(z6, z6);
  __m512d half_numerator = sub(a, z12);
  __m512d half_denominator = add(mul(set(6.5), z12), mul(set(5.5), a));
  z = add(z, _mm512_div_pd(mul(z, half_numerator), half_denominator));
  /* 1.055 · 2^(5q) with q = quotient − 100: 1.055's bits plus 5q − 500 in
   * the exponent field. */
  __m512i five_q = _mm512_add_epi64(_mm512_slli_epi64(quotient, 2), quotient);
  __m512i scale = _mm512_add_epi64(_mm512_slli_epi64(five_q, 52),
                                   _mm512_set1_epi64(0x3FF0E147AE147AE1LL - (500LL << 52)));
  return mul(z, bits_pd(scale));
}

/* `linearToSRGBLanes` on one channel. Lanes that are not powered (small,
 * infinite, NaN) go through `encoding_power` as they are and take their
 * own value below: the Swift kernel's selects as masked operations (the
 * sign put back only in powered lanes, 12.92·x only in small ones). */
AVX512 static inline __m512d to_srgb(__m512d x, const __m512d tables[4]) {
  __m512i sign = _mm512_and_si512(pd_bits(x), _mm512_set1_epi64((long long)0x8000000000000000ULL));
  __m512d magnitude = bits_pd(_mm512_xor_si512(pd_bits(x), sign));
  __mmask8 small = _mm512_cmp_pd_mask(magnitude, set(0.0031308), _CMP_LE_OQ);
  __mmask8 powered = _mm512_cmp_pd_mask(magnitude, set(INFINITY), _CMP_LT_OQ) & (__mmask8)~small;
  __m512d encoded = sub(encoding_power(magnitude, tables), set(0.055));
  __m512d kept = bits_pd(_mm512_mask_or_epi64(pd_bits(x), powered, pd_bits(encoded), sign));
  return _mm512_mask_mul_pd(kept, small, set(12.92), x);
}

/* `hueCosSinLanes`: cos and sin of hues in degrees. */
AVX512 static inline void hue_cos_sin(__m512d degrees, __m512d *cosine, __m512d *sine,
                                      int bounded) {
  const __m512d magic = set(6755399441055744.0);
  __m512d shifted = add(mul(degrees, set(1.0 / 90)), magic);
  __m512i quadrant = _mm512_and_si512(pd_bits(shifted), _mm512_set1_epi64(3));
  __m512d n = sub(shifted, magic);
  __m512d x = mul(sub(degrees, mul(set(90), n)), set(M_PI / 180));
  __m512d z = mul(x, x);
  __m512d sin_tail = add(set(-2.50507602534068634195e-08), mul(z, set(1.58969099521155010221e-10)));
  sin_tail = add(set(2.75573137070700676789e-06), mul(z, sin_tail));
  sin_tail = add(set(-1.98412698298579493134e-04), mul(z, sin_tail));
  sin_tail = add(set(8.33333333332248946124e-03), mul(z, sin_tail));
  __m512d zx = mul(z, x);
  __m512d s = add(x, mul(zx, add(set(-1.66666666666666324348e-01), mul(z, sin_tail))));
  __m512d cos_tail = add(set(2.08757232129817482790e-09), mul(z, set(-1.13596475577881948265e-11)));
  cos_tail = add(set(-2.75573143513906633035e-07), mul(z, cos_tail));
  cos_tail = add(set(2.48015872894767294178e-05), mul(z, cos_tail));
  cos_tail = add(set(-1.38888888888741095749e-03), mul(z, cos_tail));
  cos_tail = add(set(4.16666666666666019037e-02), mul(z, cos_tail));
  cos_tail = mul(z, cos_tail);
  __m512d half = mul(set(0.5), z);
  __m512d w = sub(set(1), half);
  __m512d c = add(w, add(sub(sub(set(1), w), half), mul(z, cos_tail)));
  /* The quadrant's swap and signs as selects, with the bits of the Swift
   * kernel's arithmetic on odd = 0 or 1: for odd = 1, cos is
   * 0·c − 1·s = +0 − s and sin is 1·c + 0·s = c; for odd = 0, cos is
   * 1·c − 0·s = c and sin is 0·c + 1·s = +0 + s (c is at least cos 45°, so
   * adding ±0 to it is exact, and +0 + s turns s = −0 into +0 as the
   * arithmetic does). */
  __mmask8 odd = _mm512_test_epi64_mask(quadrant, _mm512_set1_epi64(1));
  __m512i flip = _mm512_slli_epi64(_mm512_and_si512(quadrant, _mm512_set1_epi64(2)), 62);
  const __m512d zero = _mm512_setzero_pd();
  __m512d swapped_cos = _mm512_mask_sub_pd(c, odd, zero, s);
  __m512d swapped_sin = _mm512_mask_add_pd(c, (__mmask8)~odd, zero, s);
  *cosine = bits_pd(_mm512_xor_si512(pd_bits(swapped_cos), flip));
  *sine = bits_pd(_mm512_xor_si512(pd_bits(swapped_sin), flip));
  /* `bounded`: every lane the caller keeps is within 1e15 (the others'
   * values are discarded). */
  if (bounded) return;
  __m512d magnitude = bits_pd(_mm512_and_si512(pd_bits(degrees), _mm512_set1_epi64(0x7FFFFFFFFFFFFFFFLL)));
  __mmask8 reduced = _mm512_cmp_pd_mask(magnitude, set(1e15), _CMP_LE_OQ);
  if (reduced != 0xFF) {
    double d[8], cs[8], sn[8];
    _mm512_storeu_pd(d, degrees);
    _mm512_storeu_pd(cs, *cosine);
    _mm512_storeu_pd(sn, *sine);
    for (int l = 0; l < 8; l++) {
      if (reduced & (1 << l)) continue;
      double radians = d[l] * (M_PI / 180);
      cs[l] = cos(radians);
      sn[l] = sin(radians);
    }
    *cosine = _mm512_loadu_pd(cs);
    *sine = _mm512_loadu_pd(sn);
  }
}

/* Eight rows of eight doubles (lane l's record) to eight columns (field i
 * across the lanes), in registers. */
AVX512 static inline void transpose8(__m512d r[8]) {
  __m512d t[8], u[8];
  for (int k = 0; k < 4; k++) {
    t[2 * k] = _mm512_unpacklo_pd(r[2 * k], r[2 * k + 1]);
    t[2 * k + 1] = _mm512_unpackhi_pd(r[2 * k], r[2 * k + 1]);
  }
  /* u0: fields 0, 4 of rows 0-3; u1: 2, 6; u2: 1, 5; u3: 3, 7; u4-u7: rows 4-7. */
  for (int h = 0; h < 2; h++) {
    u[4 * h] = _mm512_shuffle_f64x2(t[4 * h], t[4 * h + 2], 0x88);
    u[4 * h + 1] = _mm512_shuffle_f64x2(t[4 * h], t[4 * h + 2], 0xDD);
    u[4 * h + 2] = _mm512_shuffle_f64x2(t[4 * h + 1], t[4 * h + 3], 0x88);
    u[4 * h + 3] = _mm512_shuffle_f64x2(t[4 * h + 1], t[4 * h + 3], 0xDD);
  }
  r[0] = _mm512_shuffle_f64x2(u[0], u[4], 0x88);
  r[4] = _mm512_shuffle_f64x2(u[0], u[4], 0xDD);
  r[2] = _mm512_shuffle_f64x2(u[1], u[5], 0x88);
  r[6] = _mm512_shuffle_f64x2(u[1], u[5], 0xDD);
  r[1] = _mm512_shuffle_f64x2(u[2], u[6], 0x88);
  r[5] = _mm512_shuffle_f64x2(u[2], u[6], 0xDD);
  r[3] = _mm512_shuffle_f64x2(u[3], u[7], 0x88);
  r[7] = _mm512_shuffle_f64x2(u[3], u[7], 0xDD);
}

/* Eight colors (r, g, b, alpha vectors) to eight RGBA pixels, 32 doubles in
 * order at `out`. */
AVX512 static inline void store_rgba(double *out, __m512d r, __m512d g, __m512d b, __m512d a) {
  __m512d rg_lo = _mm512_unpacklo_pd(r, g), rg_hi = _mm512_unpackhi_pd(r, g);
  __m512d ba_lo = _mm512_unpacklo_pd(b, a), ba_hi = _mm512_unpackhi_pd(b, a);
  __m512d p = _mm512_shuffle_f64x2(rg_lo, ba_lo, 0x44), q = _mm512_shuffle_f64x2(rg_hi, ba_hi, 0x44);
  __m512d p2 = _mm512_shuffle_f64x2(rg_lo, ba_lo, 0xEE), q2 = _mm512_shuffle_f64x2(rg_hi, ba_hi, 0xEE);
  _mm512_storeu_pd(out, _mm512_shuffle_f64x2(p, q, 0x88));
  _mm512_storeu_pd(out + 8, _mm512_shuffle_f64x2(p, q, 0xDD));
  _mm512_storeu_pd(out + 16, _mm512_shuffle_f64x2(p2, q2, 0x88));
  _mm512_storeu_pd(out + 24, _mm512_shuffle_f64x2(p2, q2, 0xDD));
}

/* A track of 2 to RAZZLE_FEW_KEYFRAMES keyframes in registers: its times
 * as probes for lane_search.c's search (times[0 ..< count-1], then NaN),
 * and per
 * segment k in 0 ..< 16 (past count - 2: the last segment's, never read)
 * its start and end times, the eight first fields of its record and the
 * ninth (1 for a missing hue), each as two registers that one
 * permutation reads with the segment's index. */
typedef struct {
  __m512d probes[2], starts[2], ends[2], fields[8][2], missing[2];
  int any_missing; /* whether any segment's hue is missing */
  /* Whether every segment's hue start and difference are at most 5e14 in
   * magnitude, so that every hue strictly inside a segment is within
   * hue_cos_sin's exact reduction. */
  int hues_bounded;
} few_keyframes;

AVX512 static void load_few(few_keyframes *few, const double *times, size_t count,
                            const double *records, size_t record_stride, int polar) {
  double probe[16], start[16], end[16], field[9][16];
  for (size_t i = 0; i < 16; i++) {
    size_t k = i + 2 <= count ? i : count - 2;
    probe[i] = i + 1 < count ? times[i] : __builtin_nan("");
    start[i] = times[k];
    end[i] = times[k + 1];
    for (int f = 0; f < (polar ? 9 : 8); f++) field[f][i] = records[k * record_stride + (size_t)f];
  }
  few->any_missing = 0;
  few->hues_bounded = polar;
  for (size_t i = 0; i < 16 && polar; i++) {
    few->any_missing |= field[8][i] != 0;
    few->hues_bounded &= fabs(field[2][i]) <= 5e14 && fabs(field[5][i]) <= 5e14;
  }
  for (int h = 0; h < 2; h++) {
    few->probes[h] = _mm512_loadu_pd(probe + 8 * h);
    few->starts[h] = _mm512_loadu_pd(start + 8 * h);
    few->ends[h] = _mm512_loadu_pd(end + 8 * h);
    for (int f = 0; f < 8; f++) few->fields[f][h] = _mm512_loadu_pd(field[f] + 8 * h);
    few->missing[h] = polar ? _mm512_loadu_pd(field[8] + 8 * h) : _mm512_setzero_pd();
  }
}

/* The segments of the block at j, lane_search.c's binary search on the
 * `few` registers (the same segments), written to `segments` for the
 * caller and returned. */
AVX512 __attribute__((always_inline)) static inline __m512i
search_block(const few_keyframes *few, const double *q, size_t j, int64_t *segments) {
  /* Unclamped: a time before the first keyframe has no probe at or
   * before it (segment 0, as clamped to the first), one after the last
   * (+inf too) has every real probe (count - 2, as clamped to the last),
   * NaN none (0); the probes past count - 2 are NaN, never at or before
   * anything. */
  __m512d t = _mm512_loadu_pd(q + j);
  __m512i k = _mm512_setzero_si512();
  for (int half = 8; half >= 1; half >>= 1) {
    __m512i candidate = _mm512_add_epi64(k, _mm512_set1_epi64(half));
    __m512d probe = _mm512_permutex2var_pd(few->probes[0], candidate, few->probes[1]);
    k = _mm512_mask_mov_epi64(k, _mm512_cmp_pd_mask(probe, t, _CMP_LE_OQ), candidate);
  }
  _mm512_storeu_si512(segments + j, k);
  return k;
}

/* One block of eight samples between the steps of the loop below: the
 * blended coordinates (then the encoded channels), alpha, the times, and
 * which lanes lie strictly inside the keyframes. */
typedef struct {
  __m512d c[3];
  __m512d a, t;
  __mmask8 inside;
} color_block;

/* The block at j up to its linear-light channels: the segment records (from
 * `few` with the segments `found`, or read with `segments`), the progress,
 * ColorEndpoint.blendCoordinates, OKLCH.oklab, OKLab.linearRGB. */
AVX512 __attribute__((always_inline)) static inline void
blend_block(color_block *block, size_t j, const double *times, const double *records,
            size_t record_stride, const double *q, int64_t *segments, const few_keyframes *few,
            const __m512i *found, __m512d first, __m512d last, int premultiplied, int polar, int lab) {
  __m512d t = _mm512_loadu_pd(q + j);
  __m512d row[8], t0, t1;
  __mmask8 none = 0;
  if (few) {
    /* Each field of the lanes' records by one permutation, with the
     * segments `search_block` found. */
    __m512i k = *found;
    for (int f = 0; f < 8; f++)
      row[f] = _mm512_permutex2var_pd(few->fields[f][0], k, few->fields[f][1]);
    t0 = _mm512_permutex2var_pd(few->starts[0], k, few->starts[1]);
    t1 = _mm512_permutex2var_pd(few->ends[0], k, few->ends[1]);
    if (polar && few->any_missing)
      none = _mm512_cmp_pd_mask(_mm512_permutex2var_pd(few->missing[0], k, few->missing[1]), set(0),
                                _CMP_NEQ_UQ);
  } else {
    double missing_hue[8];
    int64_t k[8];
    for (int l = 0; l < 8; l++) {
      k[l] = segments[j + l];
      const double *record = records + (size_t)k[l] * record_stride;
      row[l] = _mm512_loadu_pd(record);
      if (polar) missing_hue[l] = record[8];
    }
    t0 = _mm512_set_pd(times[k[7]], times[k[6]], times[k[5]], times[k[4]], times[k[3]], times[k[2]],
                       times[k[1]], times[k[0]]);
    t1 = _mm512_set_pd(times[k[7] + 1], times[k[6] + 1], times[k[5] + 1], times[k[4] + 1],
                       times[k[3] + 1], times[k[2] + 1], times[k[1] + 1], times[k[0] + 1]);
    transpose8(row);
    if (polar) none = _mm512_cmp_pd_mask(_mm512_loadu_pd(missing_hue), set(0), _CMP_NEQ_UQ);
  }
  __m512d p = _mm512_div_pd(sub(t, t0), sub(t1, t0));
  __mmask8 inside = _mm512_cmp_pd_mask(t, first, _CMP_GT_OQ) &
                    _mm512_cmp_pd_mask(t, last, _CMP_LT_OQ) &
                    _mm512_cmp_pd_mask(t, t0, _CMP_NEQ_UQ) &
                    _mm512_cmp_pd_mask(p, set(0), _CMP_NEQ_UQ) &
                    _mm512_cmp_pd_mask(p, set(1), _CMP_NEQ_UQ);
  /* ColorEndpoint.blendCoordinates from the record. */
  __m512d a = add(row[6], mul(row[7], p));
  __m512d c0 = add(row[0], mul(row[3], p));
  __m512d c1 = add(row[1], mul(row[4], p));
  __m512d c2 = add(row[2], mul(row[5], p));
  if (premultiplied) {
    __mmask8 divide = _mm512_cmp_pd_mask(a, set(0), _CMP_NEQ_UQ);
    __m512d inverse = _mm512_div_pd(set(1), a);
    c0 = _mm512_mask_mul_pd(c0, divide, c0, inverse);
    c1 = _mm512_mask_mul_pd(c1, divide, c1, inverse);
    /* OkLCh's hue is not premultiplied. */
    if (!polar) c2 = _mm512_mask_mul_pd(c2, divide, c2, inverse);
  }
  if (polar) {
    /* OKLCH.oklab: a = c·cos h, b = c·sin h; a missing hue gives 0. */
    __m512d cosine, sine;
    hue_cos_sin(c2, &cosine, &sine, few && few->hues_bounded);
    __m512d ca = _mm512_mask_blend_pd(none, mul(c1, cosine), set(0));
    __m512d cb = _mm512_mask_blend_pd(none, mul(c1, sine), set(0));
    c1 = ca;
    c2 = cb;
  }
  if (lab) {
    /* OKLab.linearRGB. */
    __m512d l1 = add(add(c0, mul(set(0.3963377773761749), c1)), mul(set(0.2158037573099136), c2));
    __m512d m1 = sub(sub(c0, mul(set(0.1055613458156586), c1)), mul(set(0.0638541728258133), c2));
    __m512d s1 = sub(sub(c0, mul(set(0.0894841775298119), c1)), mul(set(1.2914855480194092), c2));
    __m512d l3 = mul(mul(l1, l1), l1);
    __m512d m3 = mul(mul(m1, m1), m1);
    __m512d s3 = mul(mul(s1, s1), s1);
    c0 = add(sub(mul(set(4.076741636075958), l3), mul(set(3.307711539258062), m3)),
             mul(set(0.2309699031821045), s3));
    c1 = sub(add(mul(set(-1.268437973285032), l3), mul(set(2.6097573492876887), m3)),
             mul(set(0.34131937600265727), s3));
    __m512d blue = add(sub(mul(set(-0.004196076138675557), l3), mul(set(0.7034186179359363), m3)),
                       mul(set(1.7076146940746117), s3));
    c2 = blue;
  }
  block->c[0] = c0;
  block->c[1] = c1;
  block->c[2] = c2;
  block->a = a;
  block->t = t;
  block->inside = inside;
}

/* The encoded block at j to `out` (the colors held before the first
 * keyframe and after the last where given), and its outside lanes' bits. */
AVX512 __attribute__((always_inline)) static inline void
finish_block(const color_block *block, size_t j, double *out, size_t stride, __m512d first,
             __m512d last, const double *before, const double *after, uint8_t *outside) {
  __m512d c0 = block->c[0], c1 = block->c[1], c2 = block->c[2], a = block->a, t = block->t;
  __mmask8 inside = block->inside;
  /* Before the first keyframe and after the last, the color the track
   * holds there, where the caller gives it. */
  __mmask8 early = before ? _mm512_cmp_pd_mask(t, first, _CMP_LT_OQ) : 0;
  __mmask8 late = after ? _mm512_cmp_pd_mask(t, last, _CMP_GT_OQ) : 0;
  if (early) {
    c0 = _mm512_mask_blend_pd(early, c0, set(before[0]));
    c1 = _mm512_mask_blend_pd(early, c1, set(before[1]));
    c2 = _mm512_mask_blend_pd(early, c2, set(before[2]));
    a = _mm512_mask_blend_pd(early, a, set(before[3]));
  }
  if (late) {
    c0 = _mm512_mask_blend_pd(late, c0, set(after[0]));
    c1 = _mm512_mask_blend_pd(late, c1, set(after[1]));
    c2 = _mm512_mask_blend_pd(late, c2, set(after[2]));
    a = _mm512_mask_blend_pd(late, a, set(after[3]));
  }
  __mmask8 written = inside | early | late;
  if (stride == 4) {
    store_rgba(out + j * 4, c0, c1, c2, a);
  } else {
    double v[4][8];
    _mm512_storeu_pd(v[0], c0);
    _mm512_storeu_pd(v[1], c1);
    _mm512_storeu_pd(v[2], c2);
    _mm512_storeu_pd(v[3], a);
    for (int l = 0; l < 8; l++) {
      if (!(written & (1 << l))) continue;
      double *o = out + (j + l) * stride;
      o[0] = v[0][l];
      o[1] = v[1][l];
      o[2] = v[2][l];
      o[3] = v[3][l];
    }
  }
  outside[j / 8] = (uint8_t)~written;
}

/* The loop is pipelined by one block: each step blends the next block
 * (its records, the division for its progress and, for OkLCh, the hue's
 * cosine and sine) before encoding the current one, so the two long chains
 * of dependent operations are in flight together and the next block's loads
 * start a step early. Measured on the Intel guest, one thread, in the
 * kernel alone: OkLCh 11.0 -> 10.1 ns a sample, Oklab the same (8.2); the
 * earlier steps of three blocks side by side (each blended, then encoded,
 * then stored) gave 11.0 and 8.2, and the same one-block pipeline issuing
 * the next block's blend after the current block's store gave 13.9. With
 * `search` the segments are found two blocks ahead (found one block ahead,
 * the search's four dependent steps lengthened the blend's chain: OkLCh
 * 10.9 ns with the search, against 10.6 for lane_search.c's pass and this
 * kernel; two blocks ahead, 10.2). */
AVX512 __attribute__((always_inline)) static inline size_t
color_segments(const double *times, size_t count, const double *records, size_t record_stride,
               const double *q, int64_t *segments, size_t m, double *out, size_t stride,
               int premultiplied, int polar, int lab, int search, const double *before,
               const double *after, uint8_t *outside) {
  const __m512d first = set(times[0]), last = set(times[count - 1]);
  const __m512d tables[4] = {_mm512_loadu_pd(five_twelfths), _mm512_loadu_pd(five_twelfths + 8),
                             _mm512_loadu_pd(five_r), _mm512_loadu_pd(five_r + 8)};
  few_keyframes table;
  const few_keyframes *few = 0;
  if (search) {
    load_few(&table, times, count, records, record_stride, polar);
    few = &table;
  }
  size_t j = 0;
  if (m >= 8) {
    color_block current, next;
    __m512i k0 = _mm512_setzero_si512(), k1 = k0, k2 = k0;
    if (search) {
      k0 = search_block(few, q, 0, segments);
      if (m >= 16) k1 = search_block(few, q, 8, segments);
    }
    blend_block(&current, 0, times, records, record_stride, q, segments, few, &k0, first, last,
                premultiplied, polar, lab);
    for (; j + 16 <= m; j += 8) {
      if (search && j + 24 <= m) k2 = search_block(few, q, j + 16, segments);
      blend_block(&next, j + 8, times, records, record_stride, q, segments, few, &k1, first, last,
                  premultiplied, polar, lab);
      for (int i = 0; i < 3; i++) current.c[i] = to_srgb(current.c[i], tables);
      finish_block(&current, j, out, stride, first, last, before, after, outside);
      current = next;
      k1 = k2;
    }
    for (int i = 0; i < 3; i++) current.c[i] = to_srgb(current.c[i], tables);
    finish_block(&current, j, out, stride, first, last, before, after, outside);
    j += 8;
  }
  /* The last few queries' segments by lane_search.c's search itself
   * (fewer than eight: its one-at-a-time loop). */
  if (search && j < m) razzle_find_segments(times, count, q + j, m - j, segments + j);
  return j;
}

/* One copy of the loop per space and search (its flags constants in each). */
AVX512 static size_t color_dispatch(const double *times, size_t count, const double *records,
                                    size_t record_stride, const double *q, int64_t *segments,
                                    size_t m, double *out, size_t stride, int premultiplied,
                                    int space, int search, const double *before,
                                    const double *after, uint8_t *outside) {
#define COLOR_SPACE(polar, lab)                                                                     \
  (search ? color_segments(times, count, records, record_stride, q, segments, m, out, stride,      \
                           premultiplied, polar, lab, 1, before, after, outside)                   \
          : color_segments(times, count, records, record_stride, q, segments, m, out, stride,      \
                           premultiplied, polar, lab, 0, before, after, outside))
  switch (space) {
  case 0:
    return COLOR_SPACE(0, 0);
  case 1:
    return COLOR_SPACE(0, 1);
  default:
    return COLOR_SPACE(1, 1);
  }
#undef COLOR_SPACE
}

size_t razzle_color_segments(const double *times, size_t count, const double *records,
                             size_t record_stride, const double *queries, int64_t *segments,
                             size_t m, double *out, size_t stride, int premultiplied, int space,
                             int search, const double *before, const double *after,
                             uint8_t *outside) {
  if (search && (count < 2 || count > RAZZLE_FEW_KEYFRAMES)) return 0;
  return color_dispatch(times, count, records, record_stride, queries, segments, m, out, stride,
                        premultiplied, space, search, before, after, outside);
}

#else

size_t razzle_color_segments(const double *times, size_t count, const double *records,
                             size_t record_stride, const double *queries, int64_t *segments,
                             size_t m, double *out, size_t stride, int premultiplied, int space,
                             int search, const double *before, const double *after,
                             uint8_t *outside) {
  (void)times, (void)count, (void)records, (void)record_stride, (void)queries, (void)segments;
  (void)m, (void)out, (void)stride, (void)premultiplied, (void)space, (void)search, (void)before;
  (void)after, (void)outside;
  return 0;
}

#endif
