/* Eight premultiplied RGBA8 pixels in an AVX2 register: the rasterizer's
 * integer pixel arithmetic (Sources/Razzle/Raster/PixelLayer.swift,
 * scalePixel and over) lane by lane, for the C row kernels that must give
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

/* over: s + scalePixel(d, 256 - alpha(s)), 32-bit wrapping. */
__attribute__((target("avx2"))) static inline __m256i over8(__m256i s, __m256i d) {
  __m256i keep = _mm256_sub_epi32(_mm256_set1_epi32(256), _mm256_srli_epi32(s, 24));
  return _mm256_add_epi32(s, scale8(d, keep));
}
#endif

#endif
