/* A sorted run of times inside one segment of a plain linear track: the
 * loop that fills most of a frame matrix (Sources/RazzleKernels/
 * LinearKernel.swift, `inside`), in C for what Swift cannot write — the
 * non-temporal stores that send a large output to memory while the next
 * values are computed, and 512-bit vectors in the build the linear kernel
 * otherwise runs in AVX2's. The operations are the Swift kernel's in its
 * order (Sources/RazzleKernels/Divisor.swift: the quotient by multiply-adds,
 * then v0 + dv * p, never fused), so the same bits. */
#include "razzle_stores.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang fp contract(off)

/* The value at one time (a scalar copy of the lanes' operations). */
__attribute__((target("avx2,fma"))) static inline double
run_value(const struct razzle_linear_segment *s, double t) {
  double a = t - s->t0;
  double q0 = __builtin_fma(a, s->reciprocal, a * s->reciprocal_low);
  double r = __builtin_fma(q0, s->negated, a);
  return s->v0 + s->dv * __builtin_fma(r, s->reciprocal, q0);
}

/* Whether the fused quotient takes t (its dividend at least `least`) and t
 * is before the segment's end. */
static inline int run_takes(const struct razzle_linear_segment *s, double t) {
  return t - s->t0 >= s->least && t < s->t1;
}

/* The values from `start` one at a time up to a line boundary of `out`
 * (or the first time the run does not take): where the run's whole lines
 * begin. */
__attribute__((target("avx2,fma"))) static size_t run_head(const struct razzle_linear_segment *s,
                                                           const double *q, size_t start,
                                                           size_t count, double *out) {
  size_t j = start;
  while (j < count && ((uintptr_t)(out + j) & 63) != 0 && run_takes(s, q[j])) {
    out[j] = run_value(s, q[j]);
    j += 1;
  }
  return j;
}

__attribute__((target("avx2,fma"))) static size_t
run_avx2(const struct razzle_linear_segment *s, const double *q, size_t start, size_t count,
         double *out, int streaming) {
  size_t j = streaming ? run_head(s, q, start, count, out) : start;
  if (((uintptr_t)(out + j) & 63) != 0 && streaming) return j;
  const __m256d t0 = _mm256_set1_pd(s->t0), t1 = _mm256_set1_pd(s->t1);
  const __m256d least = _mm256_set1_pd(s->least), v0 = _mm256_set1_pd(s->v0);
  const __m256d dv = _mm256_set1_pd(s->dv), negated = _mm256_set1_pd(s->negated);
  const __m256d y = _mm256_set1_pd(s->reciprocal), low = _mm256_set1_pd(s->reciprocal_low);
  for (; j + 8 <= count; j += 8) {
    __m256d ta = _mm256_loadu_pd(q + j), tb = _mm256_loadu_pd(q + j + 4);
    __m256d a = _mm256_sub_pd(ta, t0), b = _mm256_sub_pd(tb, t0);
    __m256d ok = _mm256_and_pd(
        _mm256_and_pd(_mm256_cmp_pd(a, least, _CMP_GE_OQ), _mm256_cmp_pd(ta, t1, _CMP_LT_OQ)),
        _mm256_and_pd(_mm256_cmp_pd(b, least, _CMP_GE_OQ), _mm256_cmp_pd(tb, t1, _CMP_LT_OQ)));
    if (_mm256_movemask_pd(ok) != 15) break;
    __m256d qa = _mm256_fmadd_pd(a, y, _mm256_mul_pd(a, low));
    __m256d qb = _mm256_fmadd_pd(b, y, _mm256_mul_pd(b, low));
    __m256d pa = _mm256_fmadd_pd(_mm256_fmadd_pd(qa, negated, a), y, qa);
    __m256d pb = _mm256_fmadd_pd(_mm256_fmadd_pd(qb, negated, b), y, qb);
    __m256d va = _mm256_add_pd(v0, _mm256_mul_pd(dv, pa));
    __m256d vb = _mm256_add_pd(v0, _mm256_mul_pd(dv, pb));
    if (streaming) {
      _mm256_stream_pd(out + j, va);
      _mm256_stream_pd(out + j + 4, vb);
    } else {
      _mm256_storeu_pd(out + j, va);
      _mm256_storeu_pd(out + j + 4, vb);
    }
  }
  if (streaming) _mm_sfence();
  return j;
}

__attribute__((target("avx512f"))) static size_t
run_avx512(const struct razzle_linear_segment *s, const double *q, size_t start, size_t count,
           double *out, int streaming) {
  size_t j = streaming ? run_head(s, q, start, count, out) : start;
  if (((uintptr_t)(out + j) & 63) != 0 && streaming) return j;
  const __m512d t0 = _mm512_set1_pd(s->t0), t1 = _mm512_set1_pd(s->t1);
  const __m512d least = _mm512_set1_pd(s->least), v0 = _mm512_set1_pd(s->v0);
  const __m512d dv = _mm512_set1_pd(s->dv), negated = _mm512_set1_pd(s->negated);
  const __m512d y = _mm512_set1_pd(s->reciprocal), low = _mm512_set1_pd(s->reciprocal_low);
  for (; j + 8 <= count; j += 8) {
    __m512d t = _mm512_loadu_pd(q + j);
    __m512d a = _mm512_sub_pd(t, t0);
    __mmask8 ok = _mm512_cmp_pd_mask(a, least, _CMP_GE_OQ) & _mm512_cmp_pd_mask(t, t1, _CMP_LT_OQ);
    if (ok != 0xff) break;
    __m512d q0 = _mm512_fmadd_pd(a, y, _mm512_mul_pd(a, low));
    __m512d p = _mm512_fmadd_pd(_mm512_fmadd_pd(q0, negated, a), y, q0);
    __m512d v = _mm512_add_pd(v0, _mm512_mul_pd(dv, p));
    if (streaming) {
      _mm512_stream_pd(out + j, v);
    } else {
      _mm512_storeu_pd(out + j, v);
    }
  }
  if (streaming) _mm_sfence();
  return j;
}
#endif

size_t razzle_linear_run(const struct razzle_linear_segment *segment, const double *times,
                         size_t start, size_t count, double *out, int streaming, int level) {
#if defined(__x86_64__)
  if (level >= 2) return run_avx512(segment, times, start, count, out, streaming);
  if (level >= 1) return run_avx2(segment, times, start, count, out, streaming);
#endif
  (void)segment, (void)times, (void)count, (void)out, (void)streaming, (void)level;
  return start;
}

#if defined(__x86_64__)
/* The rows of a block razzle_linear_lines writes a group at a time: a
 * group's lanes stay in registers for that many lines (loading them for
 * each line, from the L2 cache when the groups are many, cost as much as
 * the lines' stores). */
enum { lines_block = 32 };

__attribute__((target("avx512f"))) static size_t
lines_avx512(const struct razzle_linear_lanes *lanes, size_t groups, const double *times,
             size_t row, size_t group, int skip, size_t rows, double *out, size_t stride) {
  size_t start = row - row % lines_block;
  row += (size_t)skip;
  for (; start < rows; start += lines_block, group = 0, row = start) {
    size_t end = start + lines_block < rows ? start + lines_block : rows;
    for (; group < groups; group++, row = start) {
      const struct razzle_linear_lanes *l = lanes + group;
      const __m512d t0 = _mm512_loadu_pd(l->t0), least = _mm512_loadu_pd(l->least);
      const __m512d hi = _mm512_loadu_pd(l->hi), v0 = _mm512_loadu_pd(l->v0);
      const __m512d dv = _mm512_loadu_pd(l->dv), negated = _mm512_loadu_pd(l->negated);
      const __m512d y = _mm512_loadu_pd(l->reciprocal);
      const __m512d low = _mm512_loadu_pd(l->reciprocal_low);
      const __mmask8 constant = l->constant;
      for (; row < end; row++) {
        const __m512d t = _mm512_set1_pd(times[row]);
        __m512d a = _mm512_sub_pd(t, t0);
        __mmask8 ok = _mm512_cmp_pd_mask(a, least, _CMP_GE_OQ) &
                      _mm512_cmp_pd_mask(t, hi, _CMP_LT_OQ);
        if (ok != 0xff) {
          _mm_sfence();
          return row * groups + group;
        }
        __m512d q0 = _mm512_fmadd_pd(a, y, _mm512_mul_pd(a, low));
        __m512d p = _mm512_fmadd_pd(_mm512_fmadd_pd(q0, negated, a), y, q0);
        __m512d v = _mm512_add_pd(v0, _mm512_mul_pd(dv, p));
        _mm512_stream_pd(out + row * stride + 8 * group, _mm512_mask_blend_pd(constant, v, v0));
      }
    }
  }
  _mm_sfence();
  return rows * groups;
}

__attribute__((target("avx2,fma"))) static size_t
lines_avx2(const struct razzle_linear_lanes *lanes, size_t groups, const double *times,
           size_t row, size_t group, int skip, size_t rows, double *out, size_t stride) {
  size_t start = row - row % lines_block;
  row += (size_t)skip;
  const __m256i bits = _mm256_set_epi64x(8, 4, 2, 1);
  for (; start < rows; start += lines_block, group = 0, row = start) {
    size_t end = start + lines_block < rows ? start + lines_block : rows;
    for (; group < groups; group++, row = start) {
      const struct razzle_linear_lanes *l = lanes + group;
      __m256d t0[2], least[2], hi[2], v0[2], dv[2], negated[2], y[2], low[2], constant[2];
      for (int h = 0; h < 2; h++) {
        t0[h] = _mm256_loadu_pd(l->t0 + 4 * h);
        least[h] = _mm256_loadu_pd(l->least + 4 * h);
        hi[h] = _mm256_loadu_pd(l->hi + 4 * h);
        v0[h] = _mm256_loadu_pd(l->v0 + 4 * h);
        dv[h] = _mm256_loadu_pd(l->dv + 4 * h);
        negated[h] = _mm256_loadu_pd(l->negated + 4 * h);
        y[h] = _mm256_loadu_pd(l->reciprocal + 4 * h);
        low[h] = _mm256_loadu_pd(l->reciprocal_low + 4 * h);
        __m256i mask = _mm256_and_si256(_mm256_set1_epi64x(l->constant >> (4 * h)), bits);
        constant[h] = _mm256_castsi256_pd(_mm256_cmpeq_epi64(mask, bits));
      }
      for (; row < end; row++) {
        const __m256d t = _mm256_set1_pd(times[row]);
        __m256d v[2];
        int ok = 15;
        for (int h = 0; h < 2; h++) {
          __m256d a = _mm256_sub_pd(t, t0[h]);
          ok &= _mm256_movemask_pd(_mm256_and_pd(_mm256_cmp_pd(a, least[h], _CMP_GE_OQ),
                                                 _mm256_cmp_pd(t, hi[h], _CMP_LT_OQ)));
          __m256d q0 = _mm256_fmadd_pd(a, y[h], _mm256_mul_pd(a, low[h]));
          __m256d p = _mm256_fmadd_pd(_mm256_fmadd_pd(q0, negated[h], a), y[h], q0);
          __m256d value = _mm256_add_pd(v0[h], _mm256_mul_pd(dv[h], p));
          v[h] = _mm256_blendv_pd(value, v0[h], constant[h]);
        }
        if (ok != 15) {
          _mm_sfence();
          return row * groups + group;
        }
        _mm256_stream_pd(out + row * stride + 8 * group, v[0]);
        _mm256_stream_pd(out + row * stride + 8 * group + 4, v[1]);
      }
    }
  }
  _mm_sfence();
  return rows * groups;
}
#endif

size_t razzle_linear_lines(const struct razzle_linear_lanes *lanes, size_t groups,
                           const double *times, size_t row, size_t group, int skip, size_t rows,
                           double *out, size_t stride, int level) {
#if defined(__x86_64__)
  if (level >= 2) return lines_avx512(lanes, groups, times, row, group, skip, rows, out, stride);
  if (level >= 1) return lines_avx2(lanes, groups, times, row, group, skip, rows, out, stride);
#endif
  (void)lanes, (void)times, (void)skip, (void)rows, (void)out, (void)stride, (void)level;
  return row * groups + group;
}

void razzle_linear_lane_set(struct razzle_linear_lanes *lanes, size_t k, double t0, double least,
                            double hi, double v0, double dv, double negated, double reciprocal,
                            double reciprocal_low, int constant) {
  lanes->t0[k] = t0;
  lanes->least[k] = least;
  lanes->hi[k] = hi;
  lanes->v0[k] = v0;
  lanes->dv[k] = dv;
  lanes->negated[k] = negated;
  lanes->reciprocal[k] = reciprocal;
  lanes->reciprocal_low[k] = reciprocal_low;
  uint8_t bit = (uint8_t)(1u << k);
  lanes->constant = constant ? (uint8_t)(lanes->constant | bit) : (uint8_t)(lanes->constant & ~bit);
}
