#include "razzle_stores.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__x86_64__)
#include <emmintrin.h>
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
