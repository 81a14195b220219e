/* The segment search at the avx512 level for tracks of few keyframes: the
 * largest k <= count - 2 with times[k] <= t, eight clamped times to a
 * 512-bit vector (Sources/RazzleKernels/LaneSearch.swift's `findSegments`,
 * the same segments). Up to 16 keyframes the times sit in two registers
 * and each lane's search is four steps of a branch-free binary search, a
 * probe read by one permutation; up to RAZZLE_COUNTING_LIMIT the keyframes
 * at or before each time are counted, a comparison mask and a masked add
 * per keyframe. Swift's SIMD8 comparisons at this level go through a vector
 * of ones and zeros per keyframe, and the avx2 build this replaces took
 * 1.0 ns a sample at 16 keyframes (measured on the Intel guest); the binary
 * search takes 0.6. */
#include "razzle_stores.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX512 __attribute__((target("avx512f")))

/* The segment of one clamped time: the keyframes among times[1 ..< count-1]
 * at or before it (0 for NaN). */
static inline int64_t segment_of(const double *times, size_t count, double tc) {
  int64_t k = 0;
  for (size_t i = 1; i + 1 < count; i++) k += times[i] <= tc;
  return k;
}

AVX512 static size_t find_segments(const double *times, size_t count, const double *q, size_t m,
                                   int64_t *segments) {
  const double first = times[0], last = times[count - 1];
  const __m512d lo = _mm512_set1_pd(first), hi = _mm512_set1_pd(last);
  size_t j = 0;
  if (count <= RAZZLE_FEW_KEYFRAMES) {
    /* times[0 ..< count-1], then +inf, which no time is at or after (a
     * clamped time is at most the last keyframe's): a probe past
     * count - 2 never moves a lane. */
    double table[16];
    for (size_t i = 0; i < 16; i++) table[i] = i + 1 < count ? times[i] : __builtin_inf();
    const __m512d low = _mm512_loadu_pd(table), high = _mm512_loadu_pd(table + 8);
    for (; j + 8 <= m; j += 8) {
      __m512d t = _mm512_loadu_pd(q + j);
      /* Clamped as `clamped` does: NaN stays NaN (both comparisons false,
       * and no probe is at or before it: segment 0). */
      t = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(t, lo, _CMP_LT_OQ), t, lo);
      t = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(t, hi, _CMP_GT_OQ), t, hi);
      __m512i k = _mm512_setzero_si512();
      for (int half = 8; half >= 1; half >>= 1) {
        __m512i candidate = _mm512_add_epi64(k, _mm512_set1_epi64(half));
        __m512d probe = _mm512_permutex2var_pd(low, candidate, high);
        k = _mm512_mask_mov_epi64(k, _mm512_cmp_pd_mask(probe, t, _CMP_LE_OQ), candidate);
      }
      _mm512_storeu_si512(segments + j, k);
    }
  } else {
    const __m512i one = _mm512_set1_epi64(1);
    for (; j + 8 <= m; j += 8) {
      __m512d t = _mm512_loadu_pd(q + j);
      t = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(t, lo, _CMP_LT_OQ), t, lo);
      t = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(t, hi, _CMP_GT_OQ), t, hi);
      __m512i k = _mm512_setzero_si512();
      for (size_t i = 1; i + 1 < count; i++) {
        __mmask8 at_or_before = _mm512_cmp_pd_mask(_mm512_set1_pd(times[i]), t, _CMP_LE_OQ);
        k = _mm512_mask_add_epi64(k, at_or_before, k, one);
      }
      _mm512_storeu_si512(segments + j, k);
    }
  }
  for (; j < m; j++) {
    double t = q[j];
    segments[j] = segment_of(times, count, t < first ? first : (t > last ? last : t));
  }
  return m;
}

size_t razzle_find_segments(const double *times, size_t count, const double *queries, size_t m,
                            int64_t *segments) {
  if (count < 2 || count > RAZZLE_COUNTING_LIMIT) return 0;
  return find_segments(times, count, queries, m, segments);
}

#else

size_t razzle_find_segments(const double *times, size_t count, const double *queries, size_t m,
                            int64_t *segments) {
  (void)times, (void)count, (void)queries, (void)m, (void)segments;
  return 0;
}

#endif
