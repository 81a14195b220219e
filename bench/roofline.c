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
