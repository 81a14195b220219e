/* The read+write limit of this machine, for bench.py's roofline row.
 *
 * y[i] = a * x[i] + b over n doubles: each element is one load and one
 * store, which is what a razzle batch sample costs at the least (it reads a
 * query time and writes a value). bench.py compiles this file with the
 * machine's C compiler (-O3 -march=native where the compiler takes it) in
 * the same run as the razzle rows, and divides every razzle rate by the
 * limit measured here on one thread.
 */
#include <stddef.h>
#include <time.h>

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((noinline)) static void axpb(const double *restrict x, double *restrict y, size_t n,
                                           double a, double b) {
  for (size_t i = 0; i < n; i++) y[i] = a * x[i] + b;
}

/* Seconds per pass over n doubles: passes are repeated until a run lasts
 * min_time seconds, and the best of `repeat` runs counts. */
double roofline_seconds_per_pass(const double *x, double *y, size_t n, double min_time, int repeat) {
  size_t passes = 1;
  double best = -1;
  axpb(x, y, n, 1.5, 0.25); /* warm-up: pages touched, caches filled */
  for (;;) {
    double start = seconds_now();
    for (size_t p = 0; p < passes; p++) {
      axpb(x, y, n, 1.5, 0.25);
      __asm__ volatile("" ::: "memory");
    }
    double elapsed = seconds_now() - start;
    if (elapsed >= min_time) break;
    passes = elapsed > 0 ? (size_t)((double)passes * (min_time / elapsed) * 1.1) + 1 : passes * 10;
  }
  for (int r = 0; r < repeat; r++) {
    double start = seconds_now();
    for (size_t p = 0; p < passes; p++) {
      axpb(x, y, n, 1.5, 0.25);
      __asm__ volatile("" ::: "memory");
    }
    double per_pass = (seconds_now() - start) / (double)passes;
    if (best < 0 || per_pass < best) best = per_pass;
  }
  return best;
}

/* The write limit, for bench.py's frame-matrix rows (cases 55-58): y[i] =
 * b over n doubles, nothing read, on `threads` threads (each a
 * contiguous share), with ordinary stores or, with `nontemporal`, with
 * non-temporal stores that skip reading each line before overwriting it
 * (movntpd; 64-byte aligned lines, ordinary stores at the ends). The
 * machine's write bandwidth is the faster of the two. */
#include <pthread.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct write_job {
  double *y;
  size_t first, count;
  int nontemporal;
};

/* The value written: a number the compiler cannot turn into a memset. */
static volatile double fill_value = 0.25;

__attribute__((noinline)) static void fill(double *restrict y, size_t first, size_t count) {
  const double b = fill_value;
  for (size_t i = first; i < first + count; i++) y[i] = b;
}

__attribute__((noinline)) static void fill_stream(double *restrict y, size_t first, size_t count) {
#if defined(__SSE2__)
  const double b = fill_value;
  const __m128d v = _mm_set1_pd(b);
  size_t i = first, end = first + count;
  while (i < end && (((uintptr_t)(y + i)) & 63) != 0) y[i++] = b;
  for (; i + 8 <= end; i += 8) {
    _mm_stream_pd(y + i, v);
    _mm_stream_pd(y + i + 2, v);
    _mm_stream_pd(y + i + 4, v);
    _mm_stream_pd(y + i + 6, v);
  }
  for (; i < end; i++) y[i] = b;
  _mm_sfence();
#else
  fill(y, first, count);
#endif
}

static void *write_share(void *argument) {
  struct write_job *job = argument;
  (job->nontemporal ? fill_stream : fill)(job->y, job->first, job->count);
  return NULL;
}

static void write_pass(double *y, size_t n, int nontemporal, int threads) {
  pthread_t ids[64];
  struct write_job jobs[64];
  if (threads < 1) threads = 1;
  if (threads > 64) threads = 64;
  size_t share = (n + (size_t)threads - 1) / (size_t)threads;
  for (int t = 0; t < threads; t++) {
    size_t first = share * (size_t)t;
    jobs[t] = (struct write_job){y, first, first < n ? (n - first < share ? n - first : share) : 0,
                                 nontemporal};
  }
  int started = 0;
  for (int t = 1; t < threads; t++)
    if (pthread_create(&ids[t], NULL, write_share, &jobs[t]) == 0) {
      started++;
    } else {
      write_share(&jobs[t]);
      ids[t] = 0;
    }
  write_share(&jobs[0]);
  for (int t = 1; t < threads; t++)
    if (ids[t]) pthread_join(ids[t], NULL);
  (void)started;
}

/* Seconds per write pass over n doubles: the best of `repeat` passes after
 * one warm-up pass (a pass of a large matrix is long enough to time). */
double roofline_write_seconds(double *y, size_t n, int nontemporal, int threads, int repeat) {
  double best = -1;
  write_pass(y, n, nontemporal, threads);
  for (int r = 0; r < repeat; r++) {
    double start = seconds_now();
    write_pass(y, n, nontemporal, threads);
    __asm__ volatile("" ::: "memory");
    double elapsed = seconds_now() - start;
    if (best < 0 || elapsed < best) best = elapsed;
  }
  return best;
}
