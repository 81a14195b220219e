/* A solid color painted over a run of pixels at varying coverage (the
 * edges of a filled or stroked shape: Sources/Razzle/Raster/
 * RasterPaint.swift, `blend`, its `.solid` case), eight pixels at a time
 * with AVX2. Each pixel becomes over(scalePixel(color, factor256(cover)),
 * pixel): the Swift loop's shortcuts (a factor of 0 leaves the pixel, 256
 * with an opaque color writes the color) are what that formula gives, so
 * the lanes compute it everywhere and the bits are the same. */
#include "razzle_stores.h"
#include "pixel_lanes.h"

#if defined(__x86_64__)
#pragma clang fp contract(off)

__attribute__((target("avx2"))) static size_t solid_avx2(uint32_t *d, const float *cover,
                                                          uint32_t color, size_t count) {
  const __m256i s = _mm256_set1_epi32((int)color);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i f = factor8(_mm256_loadu_ps(cover + i));
    __m256i q = _mm256_loadu_si256((const __m256i *)(d + i));
    _mm256_storeu_si256((__m256i *)(d + i), over8(scale8(s, f), q));
  }
  return i;
}
#endif

size_t razzle_solid_row(uint32_t *destination, const float *cover, uint32_t color, size_t count,
                        int level) {
#if defined(__x86_64__)
  if (level >= 1) return solid_avx2(destination, cover, color, count);
#endif
  (void)destination, (void)cover, (void)color, (void)count, (void)level;
  return 0;
}
