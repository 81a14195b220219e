/* A run of pixels painted with an image sampled bilinearly (the
 * rasterizer's image paint, Sources/Razzle/Raster/RasterPaint.swift),
 * eight pixels at a time with AVX2's gathers. Swift cannot write a gather;
 * the scalar loop it is checked against stays in RasterPaint.swift, and
 * this file does the same integer and float operations in the same order
 * (no fused multiply-add: the float part is a multiply, a multiply and an
 * add, each rounded), so the pixels are the same to the bit. */
#include "razzle_stores.h"
#include "pixel_lanes.h"

#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>

#pragma clang fp contract(off)

/* a + (b - a) w / 256 on each channel (w in 0...255), two channels a
 * multiply: RasterPaint.swift's lerpPixel on eight lanes. */
__attribute__((target("avx2"))) static inline __m256i lerp8(__m256i a, __m256i b, __m256i w) {
  const __m256i low = _mm256_set1_epi32(0x00FF00FF);
  const __m256i high = _mm256_set1_epi32((int)0xFF00FF00u);
  const __m256i half = _mm256_set1_epi32(0x00800080);
  __m256i keep = _mm256_sub_epi32(_mm256_set1_epi32(256), w);
  __m256i rb = _mm256_add_epi32(
      _mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(a, low), keep),
                       _mm256_mullo_epi32(_mm256_and_si256(b, low), w)),
      half);
  rb = _mm256_and_si256(_mm256_srli_epi32(rb, 8), low);
  __m256i ag = _mm256_add_epi32(
      _mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(a, 8), low), keep),
                       _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(b, 8), low), w)),
      half);
  ag = _mm256_and_si256(ag, high);
  return _mm256_or_si256(rb, ag);
}

/* The low 32 bits of eight 64-bit lanes (four in `a`, four in `b`), in
 * order. */
__attribute__((target("avx2"))) static inline __m256i low_halves(__m256i a, __m256i b) {
  const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  return _mm256_blend_epi32(_mm256_permutevar8x32_epi32(a, even),
                            _mm256_permutevar8x32_epi32(b, even), 0xF0);
}

/* x clamped to 0...most, lane by lane (64-bit). */
__attribute__((target("avx2"))) static inline __m256i clamp64(__m256i x, __m256i most) {
  const __m256i zero = _mm256_setzero_si256();
  x = _mm256_blendv_epi8(x, zero, _mm256_cmpgt_epi64(zero, x));
  return _mm256_blendv_epi8(x, most, _mm256_cmpgt_epi64(x, most));
}

__attribute__((target("avx2"))) static size_t image_row_avx2(
    uint32_t *destination, const float *cover, float opacity, size_t count,
    const uint32_t *pixels, int32_t width, int32_t height, int64_t u, int64_t v, int64_t du,
    int64_t dv) {
  const __m256i most_u = _mm256_set1_epi64x((int64_t)(width - 1) << 16);
  const __m256i most_v = _mm256_set1_epi64x((int64_t)(height - 1) << 16);
  const __m256i byte = _mm256_set1_epi64x(0xFF);
  const __m256i full = _mm256_set1_epi32(256);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i columns = _mm256_set1_epi32(width);
  const __m256 scale = _mm256_set1_ps(opacity);
  /* The sample points of lanes 0-3 and 4-7, stepped eight pixels at a
   * time (exact: whole numbers). */
  __m256i u_low = _mm256_setr_epi64x(u, u + du, u + 2 * du, u + 3 * du);
  __m256i u_high = _mm256_add_epi64(u_low, _mm256_set1_epi64x(4 * du));
  __m256i v_low = _mm256_setr_epi64x(v, v + dv, v + 2 * dv, v + 3 * dv);
  __m256i v_high = _mm256_add_epi64(v_low, _mm256_set1_epi64x(4 * dv));
  const __m256i step_u = _mm256_set1_epi64x(8 * du);
  const __m256i step_v = _mm256_set1_epi64x(8 * dv);
  size_t k = 0;
  for (; k + 8 <= count; k += 8) {
    /* factor256(cover * opacity). */
    __m256i f = factor8(_mm256_mul_ps(_mm256_loadu_ps(cover + k), scale));
    __m256i skip = _mm256_cmpeq_epi32(f, zero);
    if (_mm256_movemask_ps(_mm256_castsi256_ps(skip)) != 0xFF) {
      __m256i fu_low = clamp64(u_low, most_u), fu_high = clamp64(u_high, most_u);
      __m256i fv_low = clamp64(v_low, most_v), fv_high = clamp64(v_high, most_v);
      __m256i x0 = low_halves(_mm256_srli_epi64(fu_low, 16), _mm256_srli_epi64(fu_high, 16));
      __m256i y0 = low_halves(_mm256_srli_epi64(fv_low, 16), _mm256_srli_epi64(fv_high, 16));
      /* One more column (row) unless at the last: the mask is -1. */
      __m256i x1 = _mm256_sub_epi32(
          x0, low_halves(_mm256_cmpgt_epi64(most_u, fu_low), _mm256_cmpgt_epi64(most_u, fu_high)));
      __m256i y1 = _mm256_sub_epi32(
          y0, low_halves(_mm256_cmpgt_epi64(most_v, fv_low), _mm256_cmpgt_epi64(most_v, fv_high)));
      __m256i wx = low_halves(_mm256_and_si256(_mm256_srli_epi64(fu_low, 8), byte),
                              _mm256_and_si256(_mm256_srli_epi64(fu_high, 8), byte));
      __m256i wy = low_halves(_mm256_and_si256(_mm256_srli_epi64(fv_low, 8), byte),
                              _mm256_and_si256(_mm256_srli_epi64(fv_high, 8), byte));
      __m256i top = _mm256_mullo_epi32(y0, columns);
      __m256i bottom = _mm256_mullo_epi32(y1, columns);
      const int *base = (const int *)pixels;
      __m256i p00 = _mm256_i32gather_epi32(base, _mm256_add_epi32(top, x0), 4);
      __m256i p01 = _mm256_i32gather_epi32(base, _mm256_add_epi32(top, x1), 4);
      __m256i p10 = _mm256_i32gather_epi32(base, _mm256_add_epi32(bottom, x0), 4);
      __m256i p11 = _mm256_i32gather_epi32(base, _mm256_add_epi32(bottom, x1), 4);
      __m256i p = lerp8(lerp8(p00, p01, wx), lerp8(p10, p11, wx), wy);
      __m256i s = _mm256_blendv_epi8(scale8(p, f), p, _mm256_cmpeq_epi32(f, full));
      __m256i d = _mm256_loadu_si256((const __m256i *)(destination + k));
      __m256i o = over8(s, d);
      _mm256_storeu_si256((__m256i *)(destination + k), _mm256_blendv_epi8(o, d, skip));
    }
    u_low = _mm256_add_epi64(u_low, step_u);
    u_high = _mm256_add_epi64(u_high, step_u);
    v_low = _mm256_add_epi64(v_low, step_v);
    v_high = _mm256_add_epi64(v_high, step_v);
  }
  return k;
}
#endif

size_t razzle_image_row(uint32_t *destination, const float *cover, float opacity, size_t count,
                        const uint32_t *pixels, int32_t width, int32_t height, int64_t u,
                        int64_t v, int64_t du, int64_t dv, int level) {
#if defined(__x86_64__)
  if (level >= 1 && width > 0 && height > 0) {
    return image_row_avx2(destination, cover, opacity, count, pixels, width, height, u, v, du,
                          dv);
  }
#endif
  (void)destination, (void)cover, (void)opacity, (void)count, (void)pixels, (void)width,
      (void)height, (void)u, (void)v, (void)du, (void)dv, (void)level;
  return 0;
}
