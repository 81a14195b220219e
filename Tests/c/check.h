/* The CHECK macro shared by the C test programs: counts passes and
 * failures, and prints each failure with the library's last error. */
#ifndef RAZZLE_TEST_CHECK_H
#define RAZZLE_TEST_CHECK_H

#include <stdio.h>

#include "keyframe.h"

static int passed = 0;
static int failed = 0;

#define CHECK(condition, ...)                              \
  do {                                                     \
    if (condition) {                                       \
      passed++;                                            \
    } else {                                               \
      failed++;                                            \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fprintf(stderr, " [%s]\n", kf_last_error());         \
    }                                                      \
  } while (0)

#endif
