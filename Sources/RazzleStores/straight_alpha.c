/* Straight alpha for the rasterizer's output (Sources/Razzle/Raster/
 * Rasterizer.swift, `unpremultiply`), eight pixels at a time with AVX2's
 * gathers for the reciprocals (sixteen with AVX-512's), the rest of a row
 * one pixel at a time: the same integer operations at every level. */
#include "razzle_stores.h"

#if defined(__x86_64__)
#include <immintrin.h>

/* c * k + 0x8000 >> 16, at most 255, for channel c (bits `shift` up) of
 * each pixel: 32-bit arithmetic, wrapping as Swift's &* and &+ do. */
__attribute__((target("avx2"))) static inline __m256i channel8(__m256i p, __m256i k, int shift) {
  __m256i c = _mm256_and_si256(_mm256_srli_epi32(p, shift), _mm256_set1_epi32(0xFF));
  __m256i v = _mm256_srli_epi32(_mm256_add_epi32(_mm256_mullo_epi32(c, k), _mm256_set1_epi32(0x8000)), 16);
  return _mm256_min_epu32(v, _mm256_set1_epi32(255));
}

__attribute__((target("avx2"))) static size_t unpremultiply_avx2(uint32_t *row, size_t count,
                                                                  const uint32_t *reciprocals) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i opaque = _mm256_set1_epi32(255);
  /* Alpha + 1, wrapping in its byte, is 0 or 1 exactly for alpha 255 and
   * 0: its top seven bits are clear for pixels that stay. */
  const __m256i one = _mm256_set1_epi32(0x01000000);
  const __m256i top = _mm256_set1_epi32((int)0xFE000000u);
  size_t x = 0;
  for (; x + 8 <= count; x += 8) {
    __m256i p = _mm256_loadu_si256((const __m256i *)(row + x));
    /* Eight that stay (opaque or transparent: most of a frame) in two
     * instructions. */
    if (_mm256_testz_si256(_mm256_add_epi32(p, one), top)) continue;
    __m256i a = _mm256_srli_epi32(p, 24);
    /* Transparent and opaque pixels stay as they are. */
    __m256i keep = _mm256_or_si256(_mm256_cmpeq_epi32(a, zero), _mm256_cmpeq_epi32(a, opaque));
    __m256i k = _mm256_i32gather_epi32((const int *)reciprocals, a, 4);
    __m256i out = _mm256_or_si256(
        _mm256_or_si256(channel8(p, k, 0), _mm256_slli_epi32(channel8(p, k, 8), 8)),
        _mm256_or_si256(_mm256_slli_epi32(channel8(p, k, 16), 16), _mm256_slli_epi32(a, 24)));
    _mm256_storeu_si256((__m256i *)(row + x), _mm256_blendv_epi8(out, p, keep));
  }
  return x;
}

/* `channel8` on sixteen pixels. */
__attribute__((target("avx512f"))) static inline __m512i channel16(__m512i p, __m512i k, int shift) {
  __m512i c = _mm512_and_si512(_mm512_srli_epi32(p, shift), _mm512_set1_epi32(0xFF));
  __m512i v = _mm512_srli_epi32(_mm512_add_epi32(_mm512_mullo_epi32(c, k), _mm512_set1_epi32(0x8000)), 16);
  return _mm512_min_epu32(v, _mm512_set1_epi32(255));
}

/* `unpremultiply_avx2` sixteen pixels at a time: a frame's opaque and
 * transparent stretches pass a cache line a test, and the rest go through
 * the same integer operations (masked: transparent and opaque pixels are
 * not written). Then the avx2 loop for the last eight or more. */
__attribute__((target("avx512f,avx2"))) static size_t unpremultiply_avx512(uint32_t *row, size_t count,
                                                                           const uint32_t *reciprocals) {
  const __m512i one = _mm512_set1_epi32(0x01000000);
  const __m512i top = _mm512_set1_epi32((int)0xFE000000u);
  size_t x = 0;
  for (; x + 16 <= count; x += 16) {
    __m512i p = _mm512_loadu_si512(row + x);
    /* The pixels that change: alpha + 1 (wrapping in its byte) has a top
     * bit set, that is alpha is neither 255 nor 0. */
    __mmask16 partial = _mm512_test_epi32_mask(_mm512_add_epi32(p, one), top);
    if (partial == 0) continue;
    __m512i a = _mm512_srli_epi32(p, 24);
    __m512i k = _mm512_i32gather_epi32(a, (const int *)reciprocals, 4);
    __m512i out = _mm512_or_si512(
        _mm512_or_si512(channel16(p, k, 0), _mm512_slli_epi32(channel16(p, k, 8), 8)),
        _mm512_or_si512(_mm512_slli_epi32(channel16(p, k, 16), 16), _mm512_slli_epi32(a, 24)));
    _mm512_mask_storeu_epi32(row + x, partial, out);
  }
  return x + unpremultiply_avx2(row + x, count - x, reciprocals);
}
#endif

/* One pixel: the formula of the header, the vector loops' lane. */
static inline uint32_t straight(uint32_t p, const uint32_t *reciprocals) {
  uint32_t a = p >> 24;
  if (a == 0 || a == 255) return p;
  uint32_t k = reciprocals[a];
  uint32_t r = ((p & 0xFF) * k + 0x8000) >> 16;
  uint32_t g = (((p >> 8) & 0xFF) * k + 0x8000) >> 16;
  uint32_t b = (((p >> 16) & 0xFF) * k + 0x8000) >> 16;
  r = r < 255 ? r : 255;
  g = g < 255 ? g : 255;
  b = b < 255 ? b : 255;
  return r | g << 8 | b << 16 | a << 24;
}

void razzle_unpremultiply_row(uint32_t *row, size_t count, const uint32_t *reciprocals,
                              int level) {
  size_t x = 0;
#if defined(__x86_64__)
  if (level >= 2) x = unpremultiply_avx512(row, count, reciprocals);
  else if (level >= 1) x = unpremultiply_avx2(row, count, reciprocals);
#endif
  (void)level;
  for (; x < count; x++) row[x] = straight(row[x], reciprocals);
}

void razzle_unpremultiply_marked(uint32_t *pixels, size_t width, size_t height,
                                 const uint64_t *marks, size_t words,
                                 const uint32_t *reciprocals, int level) {
  for (size_t y = 0; y < height; y++) {
    uint32_t *row = pixels + y * width;
    const uint64_t *bits = marks + y * words;
    for (size_t k = 0; k < words; k++) {
      uint64_t m = bits[k];
      while (m != 0) {
        /* The run of marked sixteens from the lowest set bit. */
        unsigned start = (unsigned)__builtin_ctzll(m);
        uint64_t above = ~(m >> start);
        unsigned length = above == 0 ? 64 - start : (unsigned)__builtin_ctzll(above);
        m = start + length >= 64 ? 0 : m & (~(uint64_t)0 << (start + length));
        size_t x0 = (k * 64 + start) * 16;
        size_t x1 = (k * 64 + start + length) * 16;
        if (x1 > width) x1 = width;
        if (x0 < x1) razzle_unpremultiply_row(row + x0, x1 - x0, reciprocals, level);
      }
    }
  }
}
