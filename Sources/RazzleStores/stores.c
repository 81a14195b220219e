#include "razzle_stores.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__x86_64__)
#include <immintrin.h>
#endif

void razzle_stream_doubles(double *destination, const double *source, size_t count) {
#if defined(__x86_64__)
  uintptr_t address = (uintptr_t)destination;
  /* Doubles before the first line boundary, or all of them for a short or
   * misaligned (not 8-byte) copy. */
  size_t head = ((64 - (address & 63)) & 63) / 8;
  if ((address & 7) != 0 || count < head + 8) {
    memcpy(destination, source, count * sizeof(double));
    return;
  }
  memcpy(destination, source, head * sizeof(double));
  size_t i = head;
  size_t lines_end = head + (count - head) / 8 * 8;
  for (; i < lines_end; i += 8) {
    _mm_stream_pd(destination + i, _mm_loadu_pd(source + i));
    _mm_stream_pd(destination + i + 2, _mm_loadu_pd(source + i + 2));
    _mm_stream_pd(destination + i + 4, _mm_loadu_pd(source + i + 4));
    _mm_stream_pd(destination + i + 6, _mm_loadu_pd(source + i + 6));
  }
  memcpy(destination + i, source + i, (count - i) * sizeof(double));
  _mm_sfence();
#else
  memcpy(destination, source, count * sizeof(double));
#endif
}

/* Value c of row j of razzle_stream_columns. */
static inline double column_value(const double *const *columns, const size_t *steps, size_t c,
                                  size_t j) {
  return columns[c][j * steps[c]];
}

/* One row of razzle_stream_columns, value by value: whole lines by
 * non-temporal stores (two values a store, four stores a line, in order,
 * so the line leaves the write-combining buffer whole). */
static void stream_row(double *row, const double *const *columns, const size_t *steps,
                       size_t width, size_t j) {
  size_t c = 0;
#if defined(__x86_64__)
  uintptr_t address = (uintptr_t)row;
  size_t head = ((64 - (address & 63)) & 63) / 8;
  if ((address & 7) == 0 && width >= head + 8) {
    for (; c < head; c++) row[c] = column_value(columns, steps, c, j);
    size_t lines_end = head + (width - head) / 8 * 8;
    for (; c < lines_end; c += 8) {
      for (size_t k = 0; k < 8; k += 2) {
        __m128d pair = _mm_loadh_pd(_mm_load_sd(&columns[c + k][j * steps[c + k]]),
                                    &columns[c + k + 1][j * steps[c + k + 1]]);
        _mm_stream_pd(row + c + k, pair);
      }
    }
  }
#endif
  for (; c < width; c++) row[c] = column_value(columns, steps, c, j);
}

#if defined(__x86_64__)
/* One line of eight columns (each stepping by one value a row) of eight
 * rows, transposed: `line` is row 0's line (64-byte aligned), the rows
 * `stride` doubles apart; column k's eight values start at columns[k] + j.
 * Three versions: SSE2 (2 x 2 blocks), AVX2 (4 x 4), AVX-512 (8 x 8, one
 * whole-line store a row). */
typedef void (*line_block)(double *line, size_t stride, const double *const *columns, size_t j);

static void line_block_sse2(double *line, size_t stride, const double *const *columns, size_t j) {
  for (size_t r = 0; r < 8; r += 2) {
    double *upper = line + r * stride;
    double *lower = upper + stride;
    for (size_t k = 0; k < 8; k += 2) {
      __m128d a = _mm_loadu_pd(columns[k] + j + r);
      __m128d b = _mm_loadu_pd(columns[k + 1] + j + r);
      _mm_stream_pd(upper + k, _mm_unpacklo_pd(a, b));
      _mm_stream_pd(lower + k, _mm_unpackhi_pd(a, b));
    }
  }
}

__attribute__((target("avx2"))) static void line_block_avx2(double *line, size_t stride,
                                                             const double *const *columns,
                                                             size_t j) {
  for (size_t r = 0; r < 8; r += 4) {
    __m256d rows[2][4];
    for (size_t half = 0; half < 2; half++) {
      const double *const *c = columns + 4 * half;
      __m256d a0 = _mm256_loadu_pd(c[0] + j + r), a1 = _mm256_loadu_pd(c[1] + j + r);
      __m256d a2 = _mm256_loadu_pd(c[2] + j + r), a3 = _mm256_loadu_pd(c[3] + j + r);
      __m256d t0 = _mm256_unpacklo_pd(a0, a1), t1 = _mm256_unpackhi_pd(a0, a1);
      __m256d t2 = _mm256_unpacklo_pd(a2, a3), t3 = _mm256_unpackhi_pd(a2, a3);
      rows[half][0] = _mm256_permute2f128_pd(t0, t2, 0x20);
      rows[half][1] = _mm256_permute2f128_pd(t1, t3, 0x20);
      rows[half][2] = _mm256_permute2f128_pd(t0, t2, 0x31);
      rows[half][3] = _mm256_permute2f128_pd(t1, t3, 0x31);
    }
    for (size_t q = 0; q < 4; q++) {
      double *row = line + (r + q) * stride;
      _mm256_stream_pd(row, rows[0][q]);
      _mm256_stream_pd(row + 4, rows[1][q]);
    }
  }
}

__attribute__((target("avx512f"))) static void line_block_avx512(double *line, size_t stride,
                                                                 const double *const *columns,
                                                                 size_t j) {
  __m512d a[8];
  for (size_t k = 0; k < 8; k++) a[k] = _mm512_loadu_pd(columns[k] + j);
  __m512d t[8];
  for (size_t k = 0; k < 8; k += 2) {
    t[k] = _mm512_unpacklo_pd(a[k], a[k + 1]);
    t[k + 1] = _mm512_unpackhi_pd(a[k], a[k + 1]);
  }
  const __m512i even = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
  const __m512i odd = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
  /* u: columns 0-3, v: columns 4-7; [0] rows 0/4, [1] rows 1/5, [2] rows
   * 2/6, [3] rows 3/7. */
  __m512d u[4], v[4];
  u[0] = _mm512_permutex2var_pd(t[0], even, t[2]);
  u[2] = _mm512_permutex2var_pd(t[0], odd, t[2]);
  u[1] = _mm512_permutex2var_pd(t[1], even, t[3]);
  u[3] = _mm512_permutex2var_pd(t[1], odd, t[3]);
  v[0] = _mm512_permutex2var_pd(t[4], even, t[6]);
  v[2] = _mm512_permutex2var_pd(t[4], odd, t[6]);
  v[1] = _mm512_permutex2var_pd(t[5], even, t[7]);
  v[3] = _mm512_permutex2var_pd(t[5], odd, t[7]);
  const __m512i low = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
  const __m512i high = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
  for (size_t q = 0; q < 4; q++) {
    _mm512_stream_pd(line + q * stride, _mm512_permutex2var_pd(u[q], low, v[q]));
    _mm512_stream_pd(line + (q + 4) * stride, _mm512_permutex2var_pd(u[q], high, v[q]));
  }
}
#endif

void razzle_stream_columns(double *destination, size_t stride, const double *const *columns,
                           const size_t *steps, size_t width, size_t rows, int level) {
  size_t j = 0;
#if defined(__x86_64__)
  /* Rows whose starts share their place in a cache line (stride a whole
   * number of lines): eight rows at a time, each line of eight columns
   * that all step by one value a row transposed from eight 64-byte runs
   * in registers (line_block at `level`). */
  uintptr_t address = (uintptr_t)destination;
  size_t head = ((64 - (address & 63)) & 63) / 8;
  if (stride % 8 == 0 && (address & 7) == 0 && width >= head + 8) {
    line_block block = level >= 2 ? line_block_avx512 : level == 1 ? line_block_avx2 : line_block_sse2;
    size_t lines_end = head + (width - head) / 8 * 8;
    for (; j + 8 <= rows; j += 8) {
      for (size_t r = 0; r < 8; r++) {
        double *row = destination + (j + r) * stride;
        for (size_t c = 0; c < head; c++) row[c] = column_value(columns, steps, c, j + r);
        for (size_t c = lines_end; c < width; c++) row[c] = column_value(columns, steps, c, j + r);
      }
      for (size_t c = head; c < lines_end; c += 8) {
        int unit = 1;
        for (size_t k = 0; k < 8; k++) unit &= steps[c + k] == 1;
        if (!unit) {
          for (size_t r = 0; r < 8; r++) {
            double *row = destination + (j + r) * stride;
            for (size_t k = 0; k < 8; k += 2) {
              __m128d pair = _mm_loadh_pd(_mm_load_sd(&columns[c + k][(j + r) * steps[c + k]]),
                                          &columns[c + k + 1][(j + r) * steps[c + k + 1]]);
              _mm_stream_pd(row + c + k, pair);
            }
          }
          continue;
        }
        block(destination + j * stride + c, stride, columns + c, j);
      }
    }
  }
#endif
  for (; j < rows; j++) stream_row(destination + j * stride, columns, steps, width, j);
#if defined(__x86_64__)
  _mm_sfence();
#endif
}

size_t razzle_last_level_cache_bytes(void) {
#if defined(_SC_LEVEL3_CACHE_SIZE)
  long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (l3 > 0) return (size_t)l3;
#endif
#if defined(_SC_LEVEL2_CACHE_SIZE)
  long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (l2 > 0) return (size_t)l2;
#endif
  return 0;
}

double *razzle_staging_alloc(size_t bytes) {
  const size_t huge = (size_t)2 << 20;
  if (bytes == 0 || bytes > SIZE_MAX - huge) return NULL;
  size_t size = (bytes + huge - 1) / huge * huge;
  void *buffer = NULL;
  if (posix_memalign(&buffer, huge, size) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  (void)madvise(buffer, size, MADV_HUGEPAGE);
#endif
  return buffer;
}

void razzle_staging_free(double *buffer) { free(buffer); }
