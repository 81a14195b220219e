/*
 * Handle pools for the fuzz targets that call the C ABI as sequences of
 * operations over several kinds of objects (choreography.c, layout.c): a
 * ring of released handles, choosing a handle (mostly a live one of the
 * pool; else NULL, a released one, one of another type or a forged one),
 * the rule that a handle that is not live is refused, and choosing a text
 * from a table or from the input.
 *
 * Include after fuzz.h, with DEAD (the size of the released ring) defined;
 * with LONG_TEXTS defined too, a text is now and then long_name (256 bytes,
 * or 255), which the target fills.
 */
#ifndef RAZZLE_FUZZ_POOLS_H
#define RAZZLE_FUZZ_POOLS_H

#include <stdint.h>

#include "fuzz.h"

#ifndef DEAD
#error "define DEAD, the number of released handles kept, before including pools.h"
#endif

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void *dead[DEAD];
static unsigned dead_next;

/* Keeps a released handle for later calls to try. */
static void bury(void *handle) {
  if (handle) dead[dead_next++ % DEAD] = handle;
}

enum handle_class { LIVE, IS_NULL, INVALID };

/* Mostly a handle of `pool` (n slots); else NULL, a released handle, one
 * of `other` (another type) or a forged one (a generation never reached). */
static void *choose_handle(fuzz_reader *r, void *const *pool, size_t n, void *const *other,
                           size_t other_n, enum handle_class *class) {
  uint8_t s = fuzz_u8(r);
  void *h = pool[s % n];
  *class = h ? LIVE : IS_NULL;
  if (s < 224) return h;
  switch (s % 4) {
  case 0: *class = IS_NULL; return NULL;
  case 1: h = dead[fuzz_pick(r, DEAD)]; break;
  case 2: h = other[fuzz_pick(r, (unsigned)other_n)]; break;
  default:
    *class = INVALID;
    return (void *)(((uintptr_t)h | 0x5a50) ^ ((uintptr_t)1 << 63));
  }
  *class = h ? INVALID : IS_NULL;
  return h;
}

#define CHOOSE(r, pool, other, class)                                                      \
  choose_handle((r), (void *const *)(pool), COUNT(pool), (void *const *)(other), COUNT(other), \
                (class))

/* A call with a handle that is not live must fail. */
static void check_refused(enum handle_class class, kf_status status, const char *call) {
  FUZZ_ASSERT(class == LIVE || status != KF_OK, "%s accepted a %s handle", call,
              class == IS_NULL ? "NULL" : "released, wrong-type or forged");
}

/* One of `table`'s n entries; now and then up to 7 bytes of the input
 * (or, with LONG_TEXTS, a name of 256 or 255 bytes). */
static char text_buffers[4][8];
static unsigned text_next;
#ifdef LONG_TEXTS
static char long_name[257];
#endif

static const char *choose_text(fuzz_reader *r, const char *const *table, unsigned n) {
  uint8_t s = fuzz_u8(r);
#ifdef LONG_TEXTS
  if (s < 236) return table[s % n];
  if (s < 244) return long_name + (s & 1);
#else
  if (s < 240) return table[s % n];
#endif
  char *text = text_buffers[text_next++ % 4];
  unsigned length = fuzz_pick(r, 8);
  for (unsigned i = 0; i < length; i++) text[i] = (char)fuzz_u8(r);
  text[length] = '\0';
  return text;
}
#define TEXT(r, table) choose_text((r), (table), COUNT(table))

#endif
