/* Eight premultiplied RGBA8 pixels in an AVX2 register: the rasterizer's
 * pixel arithmetic (Sources/Razzle/Raster/PixelLayer.swift, scalePixel,
 * over and factor256) lane by lane, for the C row kernels that must give
 * the Swift loops' bits. Private to RazzleStores. */
#ifndef RAZZLE_PIXEL_LANES_H
#define RAZZLE_PIXEL_LANES_H

#if defined(__x86_64__)
#include <immintrin.h>

/* scalePixel: each channel times f / 256 (f in 0...256), truncated. */
__attribute__((target("avx2"))) static inline __m256i scale8(__m256i p, __m256i f) {
  const __m256i low = _mm256_set1_epi32(0x00FF00FF);
  const __m256i high = _mm256_set1_epi32((int)0xFF00FF00u);
  __m256i rb = _mm256_and_si256(
      _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_and_si256(p, low), f), 8), low);
  __m256i ag = _mm256_and_si256(
      _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(p, 8), low), f), high);
  return _mm256_or_si256(rb, ag);
}

/* factor256: a coverage c as c * 256 + 0.5 truncated into 0...256 (NaN
 * and below 0 give 0). max_ps returns its second operand when the first
 * is NaN. */
__attribute__((target("avx2"))) static inline __m256i factor8(__m256 c) {
  __m256 v = _mm256_add_ps(_mm256_mul_ps(c, _mm256_set1_ps(256.0f)), _mm256_set1_ps(0.5f));
  v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(256.0f));
  return _mm256_cvttps_epi32(v);
}

/* over: s + scalePixel(d, 256 - alpha(s)), 32-bit wrapping. */
__attribute__((target("avx2"))) static inline __m256i over8(__m256i s, __m256i d) {
  __m256i keep = _mm256_sub_epi32(_mm256_set1_epi32(256), _mm256_srli_epi32(s, 24));
  return _mm256_add_epi32(s, scale8(d, keep));
}
#endif

#endif
