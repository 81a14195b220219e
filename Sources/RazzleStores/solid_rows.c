/* A solid color painted over a run of pixels at varying coverage (the
 * edges of a filled or stroked shape: Sources/Razzle/Raster/
 * RasterPaint.swift, `blend`, its `.solid` case), eight pixels at a time
 * with AVX2. Each pixel becomes over(scalePixel(color, factor256(cover)),
 * pixel): the Swift loop's shortcuts (a factor of 0 leaves the pixel, 256
 * with an opaque color writes the color) are what that formula gives, so
 * the lanes compute it everywhere and the bits are the same. And a run of
 * pixels set to one value (an opaque color's inside, `fillPixels`), 64
 * bytes a store with AVX-512. */
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

#if defined(__x86_64__)
/* A row's run of one value with whole 512-bit stores, the last few masked
 * (the package's Swift is built for baseline x86-64: its loop for
 * `update(repeating:)` stores 16 bytes at a time, and an opaque shape's
 * inside is most of a frame's painting). */
__attribute__((target("avx512f"))) static void fill_avx512(uint32_t *d, uint32_t value,
                                                           size_t count) {
  const __m512i v = _mm512_set1_epi32((int)value);
  size_t i = 0;
  for (; i + 16 <= count; i += 16) _mm512_storeu_si512(d + i, v);
  if (i < count) _mm512_mask_storeu_epi32(d + i, (__mmask16)((1u << (count - i)) - 1), v);
}

__attribute__((target("avx2"))) static void fill_avx2(uint32_t *d, uint32_t value, size_t count) {
  const __m256i v = _mm256_set1_epi32((int)value);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) _mm256_storeu_si256((__m256i *)(d + i), v);
  for (; i < count; i++) d[i] = value;
}
#endif

void razzle_fill_row(uint32_t *destination, uint32_t value, size_t count, int level) {
#if defined(__x86_64__)
  if (level >= 2) {
    fill_avx512(destination, value, count);
    return;
  }
  if (level >= 1) {
    fill_avx2(destination, value, count);
    return;
  }
#endif
  (void)level;
  for (size_t i = 0; i < count; i++) destination[i] = value;
}
