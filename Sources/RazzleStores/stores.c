#include "razzle_stores.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
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

/* The 8 x 8 transpose of AVX-512 registers a (a[k]: column k's eight
 * rows) into rows (rows[r]: row r's eight columns). */
__attribute__((target("avx512f"))) static inline void transpose_8x8(const __m512d a[8],
                                                                    __m512d rows[8]) {
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
    rows[q] = _mm512_permutex2var_pd(u[q], low, v[q]);
    rows[q + 4] = _mm512_permutex2var_pd(u[q], high, v[q]);
  }
}

__attribute__((target("avx512f"))) static void line_block_avx512(double *line, size_t stride,
                                                                 const double *const *columns,
                                                                 size_t j) {
  __m512d a[8], rows[8];
  for (size_t k = 0; k < 8; k++) a[k] = _mm512_loadu_pd(columns[k] + j);
  transpose_8x8(a, rows);
  for (size_t r = 0; r < 8; r++) _mm512_stream_pd(line + r * stride, rows[r]);
}

/* Rows j to j + 7 of every column (width >= 8) into `staging`, row r's
 * `width` values at staging + r * width, by ordinary stores: eight columns
 * at a time, each column's eight values one load (a step of one) or one
 * gather, transposed in registers. The last eight columns overlap the ones
 * before when width is not a multiple of eight (the same values twice). */
__attribute__((target("avx512f"))) static void rows_block_avx512(double *staging, size_t width,
                                                                 const double *const *columns,
                                                                 const size_t *steps, size_t j) {
  const __m512i lanes = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
  for (size_t c0 = 0; c0 < width; c0 += 8) {
    size_t c = c0 + 8 <= width ? c0 : width - 8;
    __m512d a[8], rows[8];
    for (size_t k = 0; k < 8; k++) {
      size_t step = steps[c + k];
      const double *first = columns[c + k] + j * step;
      a[k] = step == 1 ? _mm512_loadu_pd(first)
                       : _mm512_i64gather_pd(
                             _mm512_mul_epu32(lanes, _mm512_set1_epi64((long long)step)), first, 8);
    }
    transpose_8x8(a, rows);
    for (size_t r = 0; r < 8; r++) _mm512_storeu_pd(staging + r * width + c, rows[r]);
  }
}

/* rows_block_avx512 with AVX2: 4 x 4 transposes, width >= 4. */
__attribute__((target("avx2"))) static void rows_block_avx2(double *staging, size_t width,
                                                             const double *const *columns,
                                                             const size_t *steps, size_t j) {
  for (size_t c0 = 0; c0 < width; c0 += 4) {
    size_t c = c0 + 4 <= width ? c0 : width - 4;
    for (size_t r = 0; r < 8; r += 4) {
      __m256d a[4];
      for (size_t k = 0; k < 4; k++) {
        size_t step = steps[c + k];
        const double *first = columns[c + k] + (j + r) * step;
        long long s = (long long)step;
        a[k] = step == 1 ? _mm256_loadu_pd(first)
                         : _mm256_i64gather_pd(first, _mm256_set_epi64x(3 * s, 2 * s, s, 0), 8);
      }
      __m256d t0 = _mm256_unpacklo_pd(a[0], a[1]), t1 = _mm256_unpackhi_pd(a[0], a[1]);
      __m256d t2 = _mm256_unpacklo_pd(a[2], a[3]), t3 = _mm256_unpackhi_pd(a[2], a[3]);
      double *row = staging + r * width + c;
      _mm256_storeu_pd(row, _mm256_permute2f128_pd(t0, t2, 0x20));
      _mm256_storeu_pd(row + width, _mm256_permute2f128_pd(t1, t3, 0x20));
      _mm256_storeu_pd(row + 2 * width, _mm256_permute2f128_pd(t0, t2, 0x31));
      _mm256_storeu_pd(row + 3 * width, _mm256_permute2f128_pd(t1, t3, 0x31));
    }
  }
}

/* Lines staging[from..to) (from, to multiples of eight; staging 64-byte
 * aligned) to out + from on, by non-temporal stores. */
__attribute__((target("avx512f"))) static void stream_lines_avx512(double *out,
                                                                   const double *staging,
                                                                   size_t from, size_t to) {
  for (size_t i = from; i < to; i += 8) _mm512_stream_pd(out + i, _mm512_load_pd(staging + i));
}

__attribute__((target("avx2"))) static void stream_lines_avx2(double *out, const double *staging,
                                                               size_t from, size_t to) {
  for (size_t i = from; i < to; i += 8) {
    _mm256_stream_pd(out + i, _mm256_load_pd(staging + i));
    _mm256_stream_pd(out + i + 4, _mm256_load_pd(staging + i + 4));
  }
}

/* The widest rows of a contiguous matrix whose staging blocks
 * stream_contiguous takes from the stack. */
enum { staged_width_limit = 256 };

/* razzle_stream_columns for a contiguous matrix (stride == width, 8 <=
 * width, 8-byte aligned) at level 1 or 2, rows / 8
 * blocks of eight rows: eight rows are width whole lines of the matrix
 * (8 x width doubles), wherever its rows start in a line. Each block is
 * transposed into a staging block in the cache (rows_block_*), and its
 * lines go by non-temporal stores while the next block is transposed into
 * a second staging block: a line read back at once would span two of the
 * transpose's unaligned stores still in the store buffer, which cannot
 * forward to it (the load waits for them to reach the cache). The
 * matrix's first partial line and the last block's values past its last
 * whole line go by ordinary stores. A staging block holds, before its
 * block's values, the `carry` values of the block before that the line
 * they share still needs. Returns the rows written (a multiple of eight). */
static size_t stream_contiguous(double *destination, size_t width, const double *const *columns,
                                const size_t *steps, size_t rows, int level) {
  /* Two staging blocks: on the caller's stack up to staged_width_limit
   * columns (33 KB), else from the heap (none: the caller goes row by
   * row). */
  size_t pitch = 8 * width + 16;
  double on_stack[2 * (8 * staged_width_limit + 16)] __attribute__((aligned(64)));
  double *buffer = on_stack;
  void *allocated = NULL;
  if (width > staged_width_limit) {
    if (posix_memalign(&allocated, 64, 2 * pitch * sizeof(double)) != 0) return 0;
    buffer = allocated;
  }
  double *staging[2] = {buffer, buffer + pitch};
  size_t blocks = rows / 8;
  size_t span = 8 * width;
  /* carry: the doubles of the matrix before its first line boundary's
   * place in a line (the values of a block past its last whole line). */
  size_t carry = ((uintptr_t)destination & 63) / 8;
  size_t head = (8 - carry) & 7;
  for (size_t b = 0; b <= blocks; b++) {
    double *current = staging[b & 1];
    double *previous = staging[(b + 1) & 1];
    if (b < blocks) {
      if (level >= 2)
        rows_block_avx512(current + carry, width, columns, steps, 8 * b);
      else
        rows_block_avx2(current + carry, width, columns, steps, 8 * b);
    }
    if (b == 0) continue;
    /* Block b - 1: matrix value p of it is previous[carry + p]; the first
     * line boundary at or after its start is value head of it for the
     * first block and -carry (a carried line) for the others. */
    double *out = destination + (b - 1) * span - carry;
    size_t from = 0;
    if (b == 1 && carry != 0) {
      for (size_t i = 0; i < head; i++) destination[i] = previous[carry + i];
      from = 8;
    }
    for (size_t i = 0; i < carry; i++) current[i] = previous[span + i];
    if (level >= 2)
      stream_lines_avx512(out, previous, from, span);
    else
      stream_lines_avx2(out, previous, from, span);
  }
  /* The last block's values past its last whole line (carried into the
   * staging block after it). */
  double *end = destination + blocks * span;
  const double *tail = staging[blocks & 1];
  for (size_t i = 0; i < carry && blocks > 0; i++) end[i - carry] = tail[i];
  free(allocated);
  return 8 * blocks;
}
#endif

void razzle_stream_columns(double *destination, size_t stride, const double *const *columns,
                           const size_t *steps, size_t width, size_t rows, int level) {
  size_t j = 0;
#if defined(__x86_64__)
  uintptr_t address = (uintptr_t)destination;
  size_t head = ((64 - (address & 63)) & 63) / 8;
  /* A contiguous matrix whose rows are not a whole number of lines: eight
   * rows at a time through a staging block (stream_contiguous). */
  if (stride % 8 != 0 && stride == width && level >= 1 && width >= 8 && (address & 7) == 0) {
    j = stream_contiguous(destination, width, columns, steps, rows, level);
  }
  /* Rows whose starts share their place in a cache line (stride a whole
   * number of lines): eight rows at a time, each line of eight columns
   * that all step by one value a row transposed from eight 64-byte runs
   * in registers (line_block at `level`). */
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

/* Each thread keeps the last staging buffer it freed for its next one: a
 * new buffer's huge page is faulted in and zeroed by the kernel at its
 * first touch, and a matrix's chunks each take one (bench case 64: 37
 * page faults a call in `perf stat`; kept, none, and two threads went
 * from 21 to 18.5 ms); up to
 * 4 MiB, a frame matrix's staging blocks and tiles. The key's
 * destructor frees a thread's buffer when the thread ends; the process's
 * last ones stay reachable through the thread's slot. */
static pthread_key_t staging_key;
static pthread_once_t staging_once = PTHREAD_ONCE_INIT;
static int staging_key_made;
static _Thread_local double *staging_cached;
static _Thread_local size_t staging_cached_size;

static void staging_release(void *buffer) { free(buffer); }

static void staging_make_key(void) {
  staging_key_made = pthread_key_create(&staging_key, staging_release) == 0;
}

static size_t staging_size(size_t bytes) {
  const size_t huge = (size_t)2 << 20;
  return (bytes + huge - 1) / huge * huge;
}

double *razzle_staging_alloc(size_t bytes) {
  const size_t huge = (size_t)2 << 20;
  if (bytes == 0 || bytes > SIZE_MAX - huge) return NULL;
  size_t size = staging_size(bytes);
  if (staging_cached != NULL && staging_cached_size >= size) {
    double *buffer = staging_cached;
    staging_cached = NULL;
    if (staging_key_made) (void)pthread_setspecific(staging_key, NULL);
    return buffer;
  }
  void *buffer = NULL;
  if (posix_memalign(&buffer, huge, size) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  (void)madvise(buffer, size, MADV_HUGEPAGE);
#endif
  return buffer;
}

void razzle_staging_free(double *buffer, size_t bytes) {
  if (buffer == NULL) return;
  size_t size = staging_size(bytes);
  (void)pthread_once(&staging_once, staging_make_key);
  /* Only a frame matrix's blocks and tiles (a huge page or two): a bulk
   * sort's buckets of many megabytes go back at once. */
  const size_t kept_limit = (size_t)4 << 20;
  if (staging_key_made && size <= kept_limit &&
      (staging_cached == NULL || staging_cached_size < size)) {
    /* Kept for the thread's next buffer (a smaller one kept before goes). */
    double *previous = staging_cached;
    if (pthread_setspecific(staging_key, buffer) == 0) {
      staging_cached = buffer;
      staging_cached_size = size;
      free(previous);
      return;
    }
  }
  free(buffer);
}
