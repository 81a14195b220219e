/* A gradient's positions along a row of pixels, and painting by them
 * (Sources/Razzle/Raster/RasterPaint.swift), eight pixels at a time with
 * AVX2. A linear gradient's are its table's subscript of t = base + tx x
 * at each pixel's center x, in doubles as the Swift loop computes them.
 * A radial gradient's are RadialGeometry.positions. The Swift loop runs four lanes in floats and steps the
 * local point by four pixels an iteration; here the low four lanes are
 * that loop's iteration and the high four its next (the same additions),
 * and every lane computes its operations in its order without fusing a
 * multiply and an add, so the indices are the same bits. */
#include "razzle_stores.h"
#include "pixel_lanes.h"

#if defined(__x86_64__)
#pragma clang fp contract(off)

#define AVX2 __attribute__((target("avx2")))

/* The table index of t: t * 255, NaN and below 0 as 0, above 255 as 255,
 * rounded (2^23 added leaves the whole number in the low bits); -1 where
 * `ok` is clear. */
AVX2 static inline __m256i index8(__m256 t, __m256 ok) {
  __m256 v = _mm256_mul_ps(t, _mm256_set1_ps(255.0f));
  v = _mm256_and_ps(v, _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_GT_OQ));
  v = _mm256_blendv_ps(v, _mm256_set1_ps(255.0f), _mm256_cmp_ps(v, _mm256_set1_ps(255.0f), _CMP_GT_OQ));
  __m256i k = _mm256_sub_epi32(_mm256_castps_si256(_mm256_add_ps(v, _mm256_set1_ps(8388608.0f))),
                               _mm256_set1_epi32(0x4B000000));
  return _mm256_blendv_epi8(_mm256_set1_epi32(-1), k, _mm256_castps_si256(ok));
}

AVX2 static void radial_avx2(int32_t *out, size_t count, const float *g, int linear) {
  const float lx0 = g[0], ly0 = g[1], sx = g[2], sy = g[3];
  const __m128 steps = _mm_set_ps(3, 2, 1, 0);
  __m128 lx = _mm_add_ps(_mm_set1_ps(lx0), _mm_mul_ps(steps, _mm_set1_ps(sx)));
  __m128 ly = _mm_add_ps(_mm_set1_ps(ly0), _mm_mul_ps(steps, _mm_set1_ps(sy)));
  const __m128 stepX = _mm_set1_ps(4 * sx);
  const __m128 stepY = _mm_set1_ps(4 * sy);
  const __m256 fdx = _mm256_set1_ps(g[4]), fdy = _mm256_set1_ps(g[5]), fr0 = _mm256_set1_ps(g[6]);
  const __m256 fdr = _mm256_set1_ps(g[7]), r0dr = _mm256_set1_ps(g[8]), r0r0 = _mm256_set1_ps(g[9]);
  const __m256 fa = _mm256_set1_ps(g[10]), inverseA = _mm256_set1_ps(g[11]), sign = _mm256_set1_ps(g[12]);
  const __m256 zero = _mm256_setzero_ps();
  for (size_t i = 0; i < count; i += 8) {
    __m128 lx1 = _mm_add_ps(lx, stepX);
    __m128 ly1 = _mm_add_ps(ly, stepY);
    __m256 x = _mm256_set_m128(lx1, lx);
    __m256 y = _mm256_set_m128(ly1, ly);
    lx = _mm_add_ps(lx1, stepX);
    ly = _mm_add_ps(ly1, stepY);
    __m256 b = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(x, fdx), _mm256_mul_ps(y, fdy)), r0dr);
    __m256 q = _mm256_sub_ps(_mm256_add_ps(_mm256_mul_ps(x, x), _mm256_mul_ps(y, y)), r0r0);
    __m256 t, ok;
    if (linear) {
      t = _mm256_div_ps(q, _mm256_mul_ps(_mm256_set1_ps(2.0f), b));
      ok = _mm256_and_ps(_mm256_cmp_ps(b, zero, _CMP_NEQ_UQ),
                         _mm256_cmp_ps(_mm256_add_ps(fr0, _mm256_mul_ps(t, fdr)), zero, _CMP_GE_OQ));
    } else {
      __m256 disc = _mm256_sub_ps(_mm256_mul_ps(b, b), _mm256_mul_ps(fa, q));
      __m256 root = _mm256_sqrt_ps(_mm256_blendv_ps(disc, zero, _mm256_cmp_ps(disc, zero, _CMP_LT_OQ)));
      __m256 signedRoot = _mm256_mul_ps(sign, root);
      __m256 hi = _mm256_mul_ps(_mm256_add_ps(b, signedRoot), inverseA);
      __m256 lo = _mm256_mul_ps(_mm256_sub_ps(b, signedRoot), inverseA);
      __m256 useHi = _mm256_cmp_ps(_mm256_add_ps(fr0, _mm256_mul_ps(hi, fdr)), zero, _CMP_GE_OQ);
      t = _mm256_blendv_ps(lo, hi, useHi);
      __m256 loOk = _mm256_cmp_ps(_mm256_add_ps(fr0, _mm256_mul_ps(lo, fdr)), zero, _CMP_GE_OQ);
      ok = _mm256_and_ps(_mm256_cmp_ps(disc, zero, _CMP_GE_OQ), _mm256_or_ps(useHi, loOk));
    }
    _mm256_storeu_si256((__m256i *)(out + i), index8(t, ok));
  }
}

/* A linear gradient's table indices: GradientTable's subscript of
 * base + tx (x + 0.5) for x = x0, x0 + 1, ..., four lanes of doubles at a
 * time, the multiplications and additions in the Swift loop's order. */
AVX2 static void linear_avx2(int32_t *out, size_t count, double base, double tx, double x0) {
  const __m256d centers = _mm256_set_pd(3.5, 2.5, 1.5, 0.5);
  const __m256d b = _mm256_set1_pd(base), step = _mm256_set1_pd(tx);
  const __m256d scale = _mm256_set1_pd(255.0), half = _mm256_set1_pd(0.5);
  const __m256d zero = _mm256_setzero_pd();
  for (size_t i = 0; i < count; i += 4) {
    /* (x0 + i) + (k + 0.5): whole numbers and halves below 2^52, exact as
     * Double(x0 + i) + 0.5 is. */
    __m256d x = _mm256_add_pd(_mm256_set1_pd(x0 + (double)i), centers);
    __m256d t = _mm256_add_pd(b, _mm256_mul_pd(step, x));
    __m256d v = _mm256_add_pd(_mm256_mul_pd(t, scale), half);
    /* v >= 255: 255; v > 0: v truncated; else (NaN too) 0. */
    __m256d w = _mm256_and_pd(v, _mm256_cmp_pd(v, zero, _CMP_GT_OQ));
    w = _mm256_blendv_pd(w, scale, _mm256_cmp_pd(v, scale, _CMP_GE_OQ));
    _mm_storeu_si128((__m128i *)(out + i), _mm256_cvttpd_epi32(w));
  }
}
#endif

int razzle_linear_positions(int32_t *out, size_t count, double base, double tx, double x0,
                            int level) {
#if defined(__x86_64__)
  if (level >= 1) {
    linear_avx2(out, count, base, tx, x0);
    return 1;
  }
#endif
  (void)out, (void)count, (void)base, (void)tx, (void)x0, (void)level;
  return 0;
}

int razzle_radial_positions(int32_t *out, size_t count, const float *geometry, int linear,
                            int level) {
#if defined(__x86_64__)
  if (level >= 1) {
    radial_avx2(out, count, geometry, linear);
    return 1;
  }
#endif
  (void)out, (void)count, (void)geometry, (void)linear, (void)level;
  return 0;
}

/* Painting from a gradient's table by index (RasterPaint.swift's radial
 * `fill` and `blend`): pixel i with index k >= 0 becomes over(scale(
 * colors[k], f), d), f the constant factor or factor(cover[i]); k < 0
 * leaves it. The operations of PixelLayer.swift's scalePixel, over and
 * factor256 (pixel_lanes.h), so the same bits. */
#if defined(__x86_64__)
AVX2 static size_t indexed_avx2(uint32_t *d, const int32_t *index, const uint32_t *colors,
                                const float *cover, uint32_t factor, size_t count) {
  const __m256i zero = _mm256_setzero_si256();
  __m256i f = _mm256_set1_epi32((int)factor);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i k = _mm256_loadu_si256((const __m256i *)(index + i));
    /* Lanes with k < 0 keep their pixel. */
    __m256i use = _mm256_cmpgt_epi32(k, _mm256_set1_epi32(-1));
    if (_mm256_testz_si256(use, use)) continue;
    if (cover) f = factor8(_mm256_loadu_ps(cover + i));
    __m256i p = _mm256_mask_i32gather_epi32(zero, (const int *)colors, _mm256_max_epi32(k, zero), use, 4);
    __m256i q = _mm256_loadu_si256((const __m256i *)(d + i));
    _mm256_storeu_si256((__m256i *)(d + i), _mm256_blendv_epi8(q, over8(scale8(p, f), q), use));
  }
  return i;
}
#endif

size_t razzle_indexed_row(uint32_t *destination, const int32_t *index, const uint32_t *colors,
                          const float *cover, uint32_t factor, size_t count, int level) {
#if defined(__x86_64__)
  if (level >= 1) return indexed_avx2(destination, index, colors, cover, factor, count);
#endif
  (void)destination, (void)index, (void)colors, (void)cover, (void)factor, (void)count, (void)level;
  return 0;
}
