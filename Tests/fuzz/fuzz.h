/*
 * What the fuzz targets share: the checks every call gets (its status is one
 * of the header's codes, kf_last_error() is never NULL and is UTF-8, an error
 * has a message), output sentinels, and a reader that turns the input bytes
 * into numbers, sizes and choices.
 *
 * A broken invariant prints what broke and aborts, so that libFuzzer reports
 * the input as a crash and writes it out (README: Fuzzing).
 */
#ifndef RAZZLE_FUZZ_H
#define RAZZLE_FUZZ_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keyframe.h"

#define FUZZ_FAIL(...)                                           \
  do {                                                           \
    fprintf(stderr, "fuzz invariant broken at %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__);                                \
    fprintf(stderr, " [last error: %s]\n", kf_last_error() ? kf_last_error() : "(NULL)"); \
    abort();                                                     \
  } while (0)

#define FUZZ_ASSERT(condition, ...)       \
  do {                                    \
    if (!(condition)) FUZZ_FAIL(__VA_ARGS__); \
  } while (0)

/* Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or
 * code points above U+10FFFF). */
static inline int fuzz_is_utf8(const char *text) {
  const unsigned char *s = (const unsigned char *)text;
  while (*s) {
    unsigned c = *s;
    size_t n;
    unsigned min;
    if (c < 0x80) {
      s++;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n = 1, min = 0x80, c &= 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2, min = 0x800, c &= 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3, min = 0x10000, c &= 0x07;
    } else {
      return 0;
    }
    for (size_t i = 1; i <= n; i++) {
      if ((s[i] & 0xC0) != 0x80) return 0;
      c = (c << 6) | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    s += n + 1;
  }
  return 1;
}

/* Whether `status` is one of KF_STATUS_MAP's codes. */
static inline int fuzz_known_status(kf_status status) {
  switch (status) {
#define FUZZ_STATUS_CASE_(name, value, description) case value:
    KF_STATUS_MAP(FUZZ_STATUS_CASE_)
#undef FUZZ_STATUS_CASE_
    return 1;
  default:
    return 0;
  }
}

/* The checks after every call that returns a kf_status; returns `status`. */
static inline kf_status fuzz_checked(kf_status status, const char *call) {
  FUZZ_ASSERT(fuzz_known_status(status), "%s returned %d, not a code of KF_STATUS_MAP", call,
              (int)status);
  const char *message = kf_last_error();
  FUZZ_ASSERT(message != NULL, "kf_last_error() is NULL after %s", call);
  FUZZ_ASSERT(fuzz_is_utf8(message), "kf_last_error() after %s is not UTF-8", call);
  if (status != KF_OK) {
    FUZZ_ASSERT(message[0] != '\0', "%s failed with %d and an empty message", call, (int)status);
  }
  const char *text = kf_status_string(status);
  FUZZ_ASSERT(text != NULL && strcmp(text, "unknown status") != 0, "kf_status_string(%d)",
              (int)status);
  return status;
}

/* Runs a call and checks its status: CALL(kf_x(...)). */
#define CALL(expression) fuzz_checked((expression), #expression)

/* ---------------------------------------------------------------------------
 * Output sentinels: outputs are filled with this byte before a call, and a
 * failed call must leave every byte of them as it was.
 */
#define FUZZ_SENTINEL 0xA5

static inline void fuzz_fill(void *buffer, size_t bytes) {
  if (buffer) memset(buffer, FUZZ_SENTINEL, bytes);
}

/* Whether bytes [from, to) of `buffer` still hold the sentinel. */
static inline int fuzz_untouched(const void *buffer, size_t from, size_t to) {
  const unsigned char *b = (const unsigned char *)buffer;
  for (size_t i = from; i < to; i++) {
    if (b[i] != FUZZ_SENTINEL) return 0;
  }
  return 1;
}

/* ---------------------------------------------------------------------------
 * Snapshots: an object's observable state written as bytes, so that the
 * state before and after a call compare with memcmp. Free `data` when done.
 */
typedef struct bytes {
  unsigned char *data;
  size_t size, capacity;
} bytes;

static inline void put(bytes *b, const void *data, size_t size) {
  if (b->size + size > b->capacity) {
    size_t capacity = b->capacity ? b->capacity : 256;
    while (capacity < b->size + size) capacity *= 2;
    b->data = (unsigned char *)realloc(b->data, capacity);
    b->capacity = capacity;
  }
  if (size) memcpy(b->data + b->size, data, size);
  b->size += size;
}

static inline void put_string(bytes *b, const char *s) {
  if (!s) {
    put(b, "\1NULL", 5);
  } else {
    put(b, s, strlen(s) + 1);
  }
}

#define PUT(b, x) put((b), &(x), sizeof(x))

/* Whether two snapshots are the same bytes. */
static inline int same_bytes(const bytes *a, const bytes *b) {
  return a->size == b->size && (a->size == 0 || memcmp(a->data, b->data, a->size) == 0);
}

/* ---------------------------------------------------------------------------
 * Scene text: kf_scene_save's whole text, sized by a first call with
 * capacity 0 (which must report the length), malloc'ed with its NUL; NULL
 * if saving fails (then *out_status says why).
 */
static inline char *fuzz_scene_text(const kf_scene *scene, size_t *out_length,
                                     kf_status *out_status) {
  size_t length = (size_t)-1;
  kf_status status = CALL(kf_scene_save(scene, NULL, 0, &length));
  *out_status = status;
  if (status != KF_E_BUFFER_TOO_SMALL) {
    FUZZ_ASSERT(status != KF_OK, "save with capacity 0 succeeded");
    return NULL;
  }
  char *text = (char *)malloc(length + 1);
  size_t again = 0;
  status = CALL(kf_scene_save(scene, text, length + 1, &again));
  FUZZ_ASSERT(status == KF_OK, "the second save failed with %d", (int)status);
  FUZZ_ASSERT(again == length && text[length] == '\0', "save length %zu then %zu", length, again);
  *out_status = KF_OK;
  *out_length = length;
  return text;
}

/* The round trip every saved scene must make: its text loads, and the
 * loaded scene saves to the same bytes. Returns the loaded scene (release
 * it), to compare its objects with the originals. */
static inline kf_scene *fuzz_scene_reload(const char *text, size_t length) {
  kf_scene *loaded = NULL;
  kf_scene_location where = {0, 0, 0};
  kf_status status = CALL(kf_scene_load(text, length, &loaded, &where));
  size_t from = where.offset > 200 && where.offset <= length ? where.offset - 200 : 0;
  FUZZ_ASSERT(status == KF_OK,
              "a saved scene does not load (%d at byte %zu, line %zu, column %zu), there: %.300s",
              (int)status, where.offset, where.line, where.column, text + from);
  size_t again_length = 0;
  kf_status again_status = KF_OK;
  char *again = fuzz_scene_text(loaded, &again_length, &again_status);
  FUZZ_ASSERT(again != NULL, "a loaded scene does not save (%d)", (int)again_status);
  FUZZ_ASSERT(again_length == length && memcmp(text, again, length) == 0,
              "saving a loaded scene changed its bytes:\n%.400s\n---\n%.400s", text, again);
  free(again);
  return loaded;
}

/* A refused load: no scene, a location inside the text (line and column
 * from 1 when the error is in the text, all 0 otherwise) and a message. */
static inline void fuzz_check_refused_load(kf_status status, const kf_scene *scene,
                                           const kf_scene *sentinel, const kf_scene_location *where,
                                           size_t length) {
  FUZZ_ASSERT(status != KF_OK, "not a refusal");
  FUZZ_ASSERT(scene == sentinel, "a refused load wrote its scene");
  FUZZ_ASSERT(where->offset <= length, "error offset %zu past %zu bytes", where->offset, length);
  FUZZ_ASSERT((where->line == 0) == (where->column == 0), "line %zu column %zu", where->line,
              where->column);
}

/* ---------------------------------------------------------------------------
 * The input as a stream of choices. Past its end every read gives 0, so
 * every input decodes to something.
 */
typedef struct fuzz_reader {
  const uint8_t *data;
  size_t size;
  size_t position;
} fuzz_reader;

static inline int fuzz_more(const fuzz_reader *r) { return r->position < r->size; }

static inline uint8_t fuzz_u8(fuzz_reader *r) {
  return r->position < r->size ? r->data[r->position++] : 0;
}

static inline uint16_t fuzz_u16(fuzz_reader *r) {
  uint16_t lo = fuzz_u8(r);
  return (uint16_t)(lo | (uint16_t)fuzz_u8(r) << 8);
}

static inline uint64_t fuzz_u64(fuzz_reader *r) {
  uint64_t x = 0;
  for (int i = 0; i < 8; i++) x |= (uint64_t)fuzz_u8(r) << (8 * i);
  return x;
}

/* One of n choices (n <= 256). */
static inline unsigned fuzz_pick(fuzz_reader *r, unsigned n) { return fuzz_u8(r) % n; }

static inline double fuzz_bits_to_double(uint64_t bits) {
  double x;
  memcpy(&x, &bits, sizeof x);
  return x;
}

/* A number: mostly small ones that keep calls valid (in [0, 1] or in
 * [-8, 8] by eighths), then the awkward ones (signed zeros, NaN, infinities,
 * the largest and smallest doubles, subnormals, values whose differences
 * overflow), then any 64 bits, NaN payloads included. */
static inline double fuzz_number(fuzz_reader *r) {
  static const double special[] = {0.0,      -0.0,     1.0,     -1.0,    0.5,
                                   NAN,      INFINITY, -INFINITY, DBL_MAX, -DBL_MAX,
                                   DBL_MIN,  -DBL_MIN, 4.9406564584124654e-324,
                                   -4.9406564584124654e-324, 1e308, -1e308, 9e307, -9e307,
                                   1e6,      -1e6,     1000001, 1e300,   1e-300,
                                   255,      100,      360,     1e15,    1.0 + DBL_EPSILON,
                                   1.0 - DBL_EPSILON / 2, 0.1, 1.0 / 3, 65536, 4294967296.0};
  uint8_t s = fuzz_u8(r);
  if (s < 64) return s / 63.0;
  if (s < 160) return (s - 112) / 6.0;
  if (s < 240) return special[(s - 160) % (sizeof special / sizeof special[0])];
  return fuzz_bits_to_double(fuzz_u64(r));
}

#endif
