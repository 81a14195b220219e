/*
 * Fuzz target: the C ABI as call sequences.
 *
 * The input is a sequence of operations over a small pool of handles (3
 * animators, 6 tracks, plus the handles released so far): each operation's
 * first byte picks the call, the next bytes its arguments. Arguments come
 * from tables of valid and invalid names, options structs with good and bad
 * versions, out-of-range enum values, batch sizes (0, small, above the
 * parallel threshold, beyond SIZE_MAX / 2), NULLs, and stale, wrong-type and
 * forged handles; numbers come from fuzz_number (NaN, infinities, huge,
 * subnormal, any bits).
 *
 * Invariants, checked after every call (abort, so that libFuzzer reports
 * the input):
 *   - the status is one of KF_STATUS_MAP's codes; kf_last_error() is never
 *     NULL, is UTF-8, is non-empty after an error and unchanged by a success;
 *   - a failed call changes nothing: the addressed track's keyframes, styles
 *     and options (or the animator's layout) read the same before and after,
 *     and so do the generations and counts of every object in the pool; a
 *     call that only reads changes nothing even when it succeeds;
 *   - a failed call writes nothing to its outputs (they are filled with a
 *     sentinel first), except the sizes the header lets a short buffer
 *     report, which must then be right; a successful call writes nothing past
 *     what it returns;
 *   - batches equal single calls bit for bit: kf_track_sample_many and
 *     kf_track_velocity_many against kf_track_sample / kf_track_velocity,
 *     kf_animator_sample_many (and _columns, transposed) against each track's samples,
 *     kf_animator_transform_many against one time at a time, easing,
 *     spring and color batches against one element at a time;
 *   - released, wrong-type and forged handles are KF_E_INVALID_HANDLE, NULL
 *     ones KF_E_NULL;
 *   - what a successful edit reports holds: the generation moves, the
 *     keyframe is there with its value, a copy reads like its original and
 *     editing it leaves the original alone.
 */
#include "fuzz.h"

#define ANIMATORS 3
#define TRACKS 6
#define DEAD 4
#define BATCH_MAX 48
#define BULK_MAX 20
#define BIG_BATCH (2 * 65536)
#define TEXT_MAX 4096
/* Sizes the library must reject before it reads or writes anything (above
 * SIZE_MAX / 2: negative as a Swift Int). */
#define HUGE_SIZE ((size_t)INT64_MAX + 1)

/* ---------------------------------------------------------------------------
 * The pool. A handle's class says what the library must make of it.
 */
enum handle_class { LIVE_OR_UNKNOWN, IS_NULL, INVALID };

static kf_animator *animators[ANIMATORS];
static kf_track *tracks[TRACKS];
static kf_animator *dead_animators[DEAD];
static kf_track *dead_tracks[DEAD];
static unsigned dead_animator_next, dead_track_next;
static int big_batches;

static void bury_animator(kf_animator *a) {
  if (!a) return;
  dead_animators[dead_animator_next++ % DEAD] = a;
}

static void bury_track(kf_track *t) {
  if (!t) return;
  dead_tracks[dead_track_next++ % DEAD] = t;
}

/* A handle no call may accept, made from a live one (`bits`): another slot
 * index far beyond any table, the other type's tag, the top generation bit,
 * or random bits with that bit set. */
static uintptr_t forged(fuzz_reader *r, uintptr_t bits, unsigned tag) {
  switch (fuzz_pick(r, 4)) {
  case 0: return bits ^ ((uintptr_t)1 << 31);              /* slot index + 2^27 */
  case 1: return (bits & ~(uintptr_t)0xF) | (tag ^ 0x6);   /* 0xA <-> 0xC */
  case 2: return bits ^ ((uintptr_t)1 << 63);              /* a generation never reached */
  default: return (uintptr_t)fuzz_u64(r) | ((uintptr_t)1 << 63);
  }
}

static kf_animator *choose_animator(fuzz_reader *r, enum handle_class *class) {
  uint8_t s = fuzz_u8(r);
  kf_animator *a = animators[s % ANIMATORS];
  *class = a ? LIVE_OR_UNKNOWN : IS_NULL;
  if (s < 216) return a;
  switch (s % 5) {
  case 0:
    *class = IS_NULL;
    return NULL;
  case 1:
    a = dead_animators[fuzz_pick(r, DEAD)];
    *class = a ? INVALID : IS_NULL;
    return a;
  case 2: {
    kf_track *t = tracks[fuzz_pick(r, TRACKS)];
    *class = t ? INVALID : IS_NULL;
    return (kf_animator *)t;
  }
  case 3:
    /* The next generation of a live slot: live again once the slot is
     * released and reissued. */
    *class = LIVE_OR_UNKNOWN;
    return a ? (kf_animator *)((uintptr_t)a + ((uintptr_t)1 << 32)) : NULL;
  default:
    *class = INVALID;
    return (kf_animator *)forged(r, a ? (uintptr_t)a : 0xA, 0xA);
  }
}

static kf_track *choose_track(fuzz_reader *r, enum handle_class *class) {
  uint8_t s = fuzz_u8(r);
  kf_track *t = tracks[s % TRACKS];
  *class = t ? LIVE_OR_UNKNOWN : IS_NULL;
  if (s < 216) return t;
  switch (s % 5) {
  case 0:
    *class = IS_NULL;
    return NULL;
  case 1:
    t = dead_tracks[fuzz_pick(r, DEAD)];
    *class = t ? INVALID : IS_NULL;
    return t;
  case 2: {
    kf_animator *a = animators[fuzz_pick(r, ANIMATORS)];
    *class = a ? INVALID : IS_NULL;
    return (kf_track *)a;
  }
  case 3:
    *class = LIVE_OR_UNKNOWN;
    return t ? (kf_track *)((uintptr_t)t + ((uintptr_t)1 << 32)) : NULL;
  default:
    *class = INVALID;
    return (kf_track *)forged(r, t ? (uintptr_t)t : 0xC, 0xC);
  }
}

/* What the library must answer for a handle of `class` (the handle is
 * always the first argument it checks). */
static void check_handle_status(enum handle_class class, kf_status status, const char *call) {
  if (class == IS_NULL) {
    FUZZ_ASSERT(status == KF_E_NULL, "%s with a NULL handle gave %d", call, (int)status);
  } else if (class == INVALID) {
    FUZZ_ASSERT(status == KF_E_INVALID_HANDLE, "%s with an invalid handle gave %d", call,
                (int)status);
  }
}

/* ---------------------------------------------------------------------------
 * Choices of names, sizes and enums.
 */
static char text_buffers[4][16];
static unsigned text_next;

/* A string from `table` (n entries), NULL, or up to 15 bytes of the input
 * (any bytes: invalid UTF-8 included). */
static const char *choose_text(fuzz_reader *r, const char *const *table, unsigned n) {
  uint8_t s = fuzz_u8(r);
  if (s < 232) return table[s % n];
  if (s < 240) return NULL;
  char *text = text_buffers[text_next++ % 4];
  unsigned length = fuzz_pick(r, 16);
  for (unsigned i = 0; i < length; i++) text[i] = (char)fuzz_u8(r);
  text[length] = '\0';
  return text;
}

static const char *const target_names[] = {"label", "view", "", "card", "\xff\xfe", "vi\xc3\xa9w"};
static const char *const property_names[] = {
    "alpha",    "scale",      "rotation",        "translation", "position",  "size",
    "frame",    "hidden",     "backgroundColor", "transform",   "transform3d", "x",
    "progress", "cornerRadius", "strokeStart",   "",            "\xc3\x28",  "fillColor"};
static const char *const kind_names[] = {"scalar", "point", "size",      "rect", "vector",
                                         "color",  "bool",  "transform", "transform3d",
                                         "",       "Color", "colour",    "\x80"};
static const char *const space_names[] = {"srgb", "linear-srgb", "oklab", "oklch", "hsl",
                                          "display-p3", "", "SRGB", "\xed\xa0\x80"};
static const char *const easing_specs[] = {
    "linear",
    "easeInQuad",
    "easeOutBack(2.5)",
    "easeInOutElastic(1.2, 0.4)",
    "cubic-bezier(.4, 0, .2, 1)",
    "cubic-bezier(0, 1e6, 1, -1e6)",
    "steps(4, jump-end)",
    "steps(3, jump-both)",
    "step-start",
    "linear(0, 0.25 75%, 1)",
    "linear(-1e6, 1e6 50%, 0)",
    "spring(mass=1, stiffness=100, damping=10, velocity=0)",
    "spring(duration=0.005)",
    "bouncy(0.001)",
    "spring(dampingRatio=0.5, response=0.003)",
    "smooth",
    "easeOutBounce",
    "ease-in-out",
    "",
    "easeinquad",
    "cubic-bezier(1.5, 0, 0, 1)",
    "steps(1, jump-none)",
    "spring(mass=0)",
    "\xff",
};

static uint32_t choose_version(fuzz_reader *r, uint32_t good) {
  uint8_t s = fuzz_u8(r);
  if (s < 224) return good;
  static const uint32_t bad[] = {0, 2, UINT32_MAX, 0x80000001u};
  return s < 252 ? bad[s % 4] : (uint32_t)fuzz_u64(r);
}

static int32_t choose_enum(fuzz_reader *r, int32_t low, int32_t high) {
  uint8_t s = fuzz_u8(r);
  if (s < 224) return low + (int32_t)(s % (unsigned)(high - low + 1));
  static const int32_t bad[] = {-2, 6, 100, INT32_MIN, INT32_MAX, -1};
  return bad[s % 6];
}

/* A count near `natural`: mostly it, else one off, 0, a little more, or a
 * size the library must reject. Never more than `natural + 3` unless huge. */
static size_t choose_size(fuzz_reader *r, size_t natural) {
  uint8_t s = fuzz_u8(r);
  if (s < 192) return natural;
  switch (s % 6) {
  case 0: return natural ? natural - 1 : 0;
  case 1: return 0;
  case 2: return natural + 1 + s % 3;
  case 3: return HUGE_SIZE;
  case 4: return SIZE_MAX;
  default: return natural ? natural - 1 : natural + 1;
  }
}

/* The number of elements a buffer for `size` needs (huge sizes get a small
 * real buffer, which the library must not touch). */
static size_t backing(size_t size) { return size >= HUGE_SIZE ? 1 : size; }

/* ---------------------------------------------------------------------------
 * Last-error bookkeeping: a successful call leaves the message alone.
 */
static char saved_error[TEXT_MAX];

static void save_error(void) {
  const char *message = kf_last_error();
  FUZZ_ASSERT(message != NULL, "kf_last_error() is NULL");
  snprintf(saved_error, sizeof saved_error, "%s", message);
}

/* FUZZ_TRACE=1 in the environment prints each operation's call and its
 * status (to read what a crashing input does). */
static int tracing = -1;

static kf_status after_call(kf_status status, const char *call, int traced) {
  if (tracing && traced) fprintf(stderr, "  %4d  %s\n", (int)status, call);
  fuzz_checked(status, call);
  if (status == KF_OK) {
    const char *message = kf_last_error();
    FUZZ_ASSERT(strlen(saved_error) == sizeof saved_error - 1 ||
                    strcmp(message, saved_error) == 0,
                "successful %s changed kf_last_error() to \"%s\"", call, message);
  }
  return status;
}

/* Every call goes through C(...): save the message, call, check. An
 * operation's own call goes through OP(...), which FUZZ_TRACE prints. */
#define C(expression) (save_error(), after_call((expression), #expression, 0))
#define OP(expression) (save_error(), after_call((expression), #expression, 1))

/* ---------------------------------------------------------------------------
 * Snapshots: an object's whole observable state as bytes (fuzz.h's bytes).
 */

static size_t track_channels(kf_track *t) {
  kf_track_options o = KF_TRACK_OPTIONS_INIT;
  return C(kf_track_get_options(t, &o)) == KF_OK ? o.channels : 0;
}

/* The keyframes of a live track: times, values, style numbers, count and
 * generation (arrays malloc'ed; free them). */
typedef struct keyframes {
  size_t count, channels;
  uint64_t generation;
  double *times, *values;
  uint32_t *styles;
} keyframes;

static int read_keyframes(kf_track *t, keyframes *k) {
  memset(k, 0, sizeof *k);
  k->channels = track_channels(t);
  size_t count = (size_t)-1;
  uint64_t generation = 0;
  kf_status status = C(kf_track_get_keyframes(t, NULL, NULL, NULL, 0, &count, &generation));
  if (status != KF_OK && status != KF_E_BUFFER_TOO_SMALL) return 0;
  FUZZ_ASSERT((status == KF_OK) == (count == 0), "capacity 0 gave %d with %zu keyframes",
              (int)status, count);
  k->count = count;
  k->times = (double *)malloc(sizeof(double) * (count + 1));
  k->values = (double *)malloc(sizeof(double) * (count * k->channels + 1));
  k->styles = (uint32_t *)malloc(sizeof(uint32_t) * (count + 1));
  size_t again = 0;
  FUZZ_ASSERT(C(kf_track_get_keyframes(t, k->times, k->values, k->styles, count, &again,
                                       &k->generation)) == KF_OK &&
                  again == count && k->generation == generation,
              "re-reading %zu keyframes", count);
  for (size_t i = 0; i < count; i++) {
    FUZZ_ASSERT(isfinite(k->times[i]) && (i == 0 || k->times[i - 1] < k->times[i]),
                "keyframe times out of order or not finite at %zu", i);
  }
  for (size_t i = 0; i < count * k->channels; i++) {
    FUZZ_ASSERT(isfinite(k->values[i]), "stored value %zu is %g", i, k->values[i]);
  }
  return 1;
}

static void free_keyframes(keyframes *k) {
  free(k->times);
  free(k->values);
  free(k->styles);
}

/* Style `number` at `generation` into the snapshot; it must read. */
static void put_style(bytes *b, kf_track *t, uint32_t number, uint64_t generation,
                      size_t channels) {
  kf_keyframe_options o = KF_KEYFRAME_OPTIONS_INIT;
  size_t length = 0;
  FUZZ_ASSERT(C(kf_track_get_style(t, number, generation, &o, NULL, 0, &length, NULL, NULL, 0,
                                   NULL)) == KF_OK,
              "style %u of the current generation does not read", number);
  char *easing = (char *)malloc(length + 1);
  double left[KF_HANDLE_MAX], right[KF_HANDLE_MAX];
  int32_t has = -1;
  FUZZ_ASSERT(C(kf_track_get_style(t, number, generation, &o, easing, length + 1, NULL, left,
                                   right, 1 + channels, &has)) == KF_OK,
              "style %u with its buffers", number);
  FUZZ_ASSERT(strlen(easing) == length && has >= 0 && has <= 3, "style %u: has %d", number,
              (int)has);
  FUZZ_ASSERT(o.easing == NULL && o.left_handle == NULL && o.right_handle == NULL &&
                  o.handle_count == 1 + channels,
              "style %u's pointers or handle_count", number);
  if (number == 0) {
    FUZZ_ASSERT(strcmp(easing, "linear") == 0 && o.interpolation == KF_INTERPOLATION_LINEAR &&
                    o.tension == 0 && o.continuity == 0 && o.bias == 0 && has == 0,
                "style 0 is not plain: %s %d", easing, (int)o.interpolation);
  }
  /* Its easing text is canonical. */
  char canonical[TEXT_MAX];
  if (length < sizeof canonical) {
    FUZZ_ASSERT(C(kf_easing_canonical(easing, canonical, sizeof canonical, NULL)) == KF_OK &&
                    strcmp(canonical, easing) == 0,
                "style easing \"%s\" is not canonical", easing);
  }
  PUT(b, o.interpolation);
  PUT(b, o.tension);
  PUT(b, o.continuity);
  PUT(b, o.bias);
  PUT(b, has);
  put_string(b, easing);
  if (has & 1) put(b, left, sizeof(double) * (1 + channels));
  if (has & 2) put(b, right, sizeof(double) * (1 + channels));
  free(easing);
}

/* A track's state; with `generations` 0 the edit generation is left out (to
 * compare a copy with its original). */
static void snapshot_track(bytes *b, kf_track *t, int generations) {
  kf_track_options o = KF_TRACK_OPTIONS_INIT;
  kf_status status = C(kf_track_get_options(t, &o));
  PUT(b, status);
  if (status != KF_OK) {
    FUZZ_ASSERT(kf_track_target(t) == NULL && kf_track_property(t) == NULL,
                "names of a handle get_options rejects");
    return;
  }
  put_string(b, o.kind);
  PUT(b, o.channels);
  put_string(b, o.color_space);
  PUT(b, o.premultiplied);
  PUT(b, o.before);
  PUT(b, o.after);
  const char *target = kf_track_target(t), *property = kf_track_property(t);
  FUZZ_ASSERT(target && property && property[0], "names of a live track");
  put_string(b, target);
  put_string(b, property);
  keyframes k;
  FUZZ_ASSERT(read_keyframes(t, &k), "keyframes of a live track");
  PUT(b, k.count);
  if (generations) PUT(b, k.generation);
  put(b, k.times, sizeof(double) * k.count);
  put(b, k.values, sizeof(double) * k.count * k.channels);
  /* Each distinct style once, numbered by first use (a copy numbers its
   * styles its own way). */
  uint32_t *seen = (uint32_t *)malloc(sizeof(uint32_t) * (k.count + 1));
  size_t distinct = 0;
  for (size_t i = 0; i < k.count; i++) {
    size_t j = 0;
    while (j < distinct && seen[j] != k.styles[i]) j++;
    PUT(b, j);
    if (j < distinct) continue;
    seen[distinct++] = k.styles[i];
    put_style(b, t, k.styles[i], k.generation, k.channels);
  }
  free(seen);
  /* Another generation is stale. */
  kf_keyframe_options ignored = KF_KEYFRAME_OPTIONS_INIT;
  FUZZ_ASSERT(C(kf_track_get_style(t, 0, k.generation + 1, &ignored, NULL, 0, NULL, NULL, NULL,
                                   0, NULL)) == KF_E_STALE,
              "generation + 1 is not stale");
  free_keyframes(&k);
}

/* An animator's layout. */
static void snapshot_animator(bytes *b, kf_animator *a, int generations) {
  size_t count = 0, length = 0;
  uint64_t generation = 0;
  kf_status status = C(kf_animator_get_layout(a, NULL, 0, NULL, 0, &count, &length, &generation));
  PUT(b, status);
  if (status != KF_OK && status != KF_E_BUFFER_TOO_SMALL) return;
  FUZZ_ASSERT((status == KF_OK) == (count == 0 && length == 0), "empty layout buffers gave %d",
              (int)status);
  kf_column *columns = (kf_column *)malloc(sizeof(kf_column) * (count + 1));
  char *names = (char *)malloc(length + 1);
  size_t again = 0, again_length = 0;
  uint64_t again_generation = 0;
  FUZZ_ASSERT(C(kf_animator_get_layout(a, columns, count, names, length, &again, &again_length,
                                       &again_generation)) == KF_OK &&
                  again == count && again_length == length && again_generation == generation,
              "layout with its sizes");
  size_t track_count = 0;
  uint64_t layout_generation = 0;
  FUZZ_ASSERT(C(kf_animator_track_count(a, &track_count)) == KF_OK && track_count == count,
              "track count %zu, layout %zu", track_count, count);
  FUZZ_ASSERT(C(kf_animator_generation(a, &layout_generation)) == KF_OK &&
                  layout_generation == generation,
              "layout generation");
  PUT(b, count);
  if (generations) PUT(b, generation);
  size_t start = 0, offset = 0;
  for (size_t i = 0; i < count; i++) {
    FUZZ_ASSERT(columns[i].start == start && columns[i].channels >= 1 &&
                    columns[i].channels <= KF_CHANNELS_MAX && columns[i].kind != NULL,
                "column %zu", i);
    start += columns[i].channels;
    PUT(b, columns[i].start);
    PUT(b, columns[i].channels);
    put_string(b, columns[i].kind);
    for (int part = 0; part < 2; part++) {
      size_t n = strnlen(names + offset, length - offset);
      FUZZ_ASSERT(offset + n < length, "names of track %zu run past the names", i);
      offset += n + 1;
    }
  }
  FUZZ_ASSERT(offset == length, "names are %zu bytes, the layout says %zu", offset, length);
  put(b, names, length);
  free(columns);
  free(names);
}

/* The generations and counts of everything in the pool. */
static void snapshot_pool(bytes *b) {
  for (int i = 0; i < ANIMATORS; i++) {
    uint64_t generation = 0;
    size_t count = 0;
    if (!animators[i]) continue;
    kf_status s1 = C(kf_animator_generation(animators[i], &generation));
    kf_status s2 = C(kf_animator_track_count(animators[i], &count));
    PUT(b, s1);
    PUT(b, generation);
    PUT(b, s2);
    PUT(b, count);
  }
  for (int i = 0; i < TRACKS; i++) {
    uint64_t generation = 0;
    size_t count = 0;
    if (!tracks[i]) continue;
    kf_status s1 = C(kf_track_generation(tracks[i], &generation));
    kf_status s2 = C(kf_track_keyframe_count(tracks[i], &count));
    PUT(b, s1);
    PUT(b, generation);
    PUT(b, s2);
    PUT(b, count);
  }
}

/* Before an operation: the addressed objects and the pool. */
typedef struct before {
  bytes state;
  kf_animator *animator;
  kf_track *track;
} before;

static void take(before *s, kf_animator *a, kf_track *t) {
  s->state.size = 0;
  s->animator = a;
  s->track = t;
  if (a) snapshot_animator(&s->state, a, 1);
  if (t) snapshot_track(&s->state, t, 1);
  snapshot_pool(&s->state);
}

/* After it: nothing may have changed. */
static void unchanged(before *s, const char *what, kf_status status) {
  before now = {{NULL, 0, 0}, NULL, NULL};
  take(&now, s->animator, s->track);
  FUZZ_ASSERT(now.state.size == s->state.size &&
                  (s->state.size == 0 || memcmp(now.state.data, s->state.data, s->state.size) == 0),
              "%s (status %d) changed the state", what, (int)status);
  free(now.state.data);
}

/* ---------------------------------------------------------------------------
 * Inputs the calls take.
 */
static double choose_time(fuzz_reader *r, kf_track *t) {
  uint8_t s = fuzz_u8(r);
  if (s >= 96 || !t) return fuzz_number(r);
  /* A keyframe's time, or the next double either side of it. */
  double time = 0;
  keyframes k;
  if (read_keyframes(t, &k) && k.count > 0) {
    time = k.times[fuzz_u8(r) % k.count];
    if (s % 4 == 1) time = nextafter(time, INFINITY);
    if (s % 4 == 2) time = nextafter(time, -INFINITY);
  }
  free_keyframes(&k);
  return time;
}

static void choose_times(fuzz_reader *r, kf_track *t, double *times, size_t n) {
  for (size_t i = 0; i < n; i++) times[i] = choose_time(r, t);
}

/* A keyframe style: NULL (plain), or an options struct with any version,
 * easing, interpolation, tangent parameters and handles. */
typedef struct style_input {
  kf_keyframe_options options;
  double left[KF_HANDLE_MAX + 2], right[KF_HANDLE_MAX + 2];
} style_input;

static void make_style(fuzz_reader *r, style_input *s, size_t channels) {
  kf_keyframe_options o = KF_KEYFRAME_OPTIONS_INIT;
  o.version = choose_version(r, KF_KEYFRAME_OPTIONS_VERSION);
  o.easing = choose_text(r, easing_specs, sizeof easing_specs / sizeof *easing_specs);
  o.interpolation = choose_enum(r, KF_INTERPOLATION_LINEAR, KF_INTERPOLATION_PACED);
  uint8_t flags = fuzz_u8(r);
  if (flags & 1) o.tension = fuzz_number(r);
  if (flags & 2) o.continuity = fuzz_number(r);
  if (flags & 4) o.bias = fuzz_number(r);
  if (flags & 0x18) {
    o.handle_count = choose_size(r, 1 + channels);
    size_t n = backing(o.handle_count);
    if (n > KF_HANDLE_MAX + 2) n = 0, o.handle_count = HUGE_SIZE;
    for (size_t i = 0; i < n; i++) {
      s->left[i] = fuzz_number(r);
      s->right[i] = (flags & 0x20) ? s->left[i] + 1 : fuzz_number(r);
    }
    if (flags & 0x08) o.left_handle = s->left;
    if (flags & 0x10) o.right_handle = s->right;
  }
  s->options = o;
}

static const kf_keyframe_options *choose_style(fuzz_reader *r, style_input *s, size_t channels) {
  if (fuzz_pick(r, 3) == 0) return NULL;
  make_style(r, s, channels);
  return &s->options;
}

static void choose_values(fuzz_reader *r, double *values, size_t n) {
  for (size_t i = 0; i < n; i++) values[i] = fuzz_number(r);
}

/* ---------------------------------------------------------------------------
 * Operations on animators.
 */
static void op_create(fuzz_reader *r) {
  unsigned slot = fuzz_pick(r, ANIMATORS);
  kf_animator *a;
  fuzz_fill(&a, sizeof a);
  if (fuzz_pick(r, 16) == 0) {
    FUZZ_ASSERT(C(kf_animator_create(NULL)) == KF_E_NULL, "create with NULL");
    return;
  }
  FUZZ_ASSERT(C(kf_animator_create(&a)) == KF_OK && a != NULL, "create");
  size_t count = 1;
  FUZZ_ASSERT(C(kf_animator_track_count(a, &count)) == KF_OK && count == 0, "new animator");
  kf_animator_release(animators[slot]);
  bury_animator(animators[slot]);
  animators[slot] = a;
}

static void op_copy(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  unsigned slot = fuzz_pick(r, ANIMATORS);
  int null_out = fuzz_pick(r, 16) == 0;
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  kf_animator *copy;
  fuzz_fill(&copy, sizeof copy);
  kf_status status = OP(kf_animator_copy(a, null_out ? NULL : &copy));
  check_handle_status(class, status, "kf_animator_copy");
  unchanged(&b, "kf_animator_copy", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&copy, 0, sizeof copy), "failed copy wrote its handle");
    return;
  }
  FUZZ_ASSERT(!null_out, "copy into NULL succeeded");
  /* The copy reads as the original, track by track. */
  bytes x = {NULL, 0, 0}, y = {NULL, 0, 0};
  snapshot_animator(&x, a, 0);
  snapshot_animator(&y, copy, 0);
  FUZZ_ASSERT(x.size == y.size && memcmp(x.data, y.data, x.size) == 0, "copy's layout differs");
  size_t count = 0;
  C(kf_animator_track_count(a, &count));
  for (size_t i = 0; i < count; i++) {
    kf_track *original = NULL, *copied = NULL;
    FUZZ_ASSERT(C(kf_animator_track_at(a, i, &original)) == KF_OK &&
                    C(kf_animator_track_at(copy, i, &copied)) == KF_OK,
                "track_at %zu", i);
    x.size = y.size = 0;
    snapshot_track(&x, original, 0);
    snapshot_track(&y, copied, 0);
    FUZZ_ASSERT(x.size == y.size && memcmp(x.data, y.data, x.size) == 0,
                "copy's track %zu differs", i);
    /* Editing the copy leaves the original alone, generation included. */
    if (i == 0) {
      x.size = 0;
      snapshot_track(&x, original, 1);
      keyframes k;
      if (read_keyframes(copied, &k) && k.count > 0) {
        C(kf_track_remove_keyframe(copied, k.times[0]));
      } else {
        C(kf_track_set_extrapolation(copied, KF_EXTRAPOLATION_CYCLE, KF_EXTRAPOLATION_HOLD));
      }
      free_keyframes(&k);
      y.size = 0;
      snapshot_track(&y, original, 1);
      FUZZ_ASSERT(x.size == y.size && memcmp(x.data, y.data, x.size) == 0,
                  "editing the copy changed the original");
    }
    kf_track_release(original);
    kf_track_release(copied);
  }
  free(x.data);
  free(y.data);
  kf_animator_release(animators[slot]);
  bury_animator(animators[slot]);
  animators[slot] = copy;
}

static void op_release_animator(fuzz_reader *r) {
  enum handle_class class;
  uint8_t s = fuzz_u8(r);
  if (s < 200) {
    unsigned slot = s % ANIMATORS;
    kf_animator_release(animators[slot]);
    bury_animator(animators[slot]);
    animators[slot] = NULL;
  } else {
    /* Stale, forged, wrong-type: no-ops. A handle of the next generation
     * may be live and is left out. */
    kf_animator *a = choose_animator(r, &class);
    if (class != LIVE_OR_UNKNOWN) kf_animator_release(a);
  }
  FUZZ_ASSERT(kf_last_error() != NULL, "kf_last_error() after a release");
}

static kf_track_options make_track_options(fuzz_reader *r) {
  kf_track_options o = KF_TRACK_OPTIONS_INIT;
  o.version = choose_version(r, KF_TRACK_OPTIONS_VERSION);
  uint8_t flags = fuzz_u8(r);
  if (flags & 1) o.kind = choose_text(r, kind_names, sizeof kind_names / sizeof *kind_names);
  if (flags & 2) {
    uint8_t s = fuzz_u8(r);
    o.channels = s < 200 ? s % (KF_CHANNELS_MAX + 2) : (s % 2 ? SIZE_MAX : HUGE_SIZE);
  }
  if (flags & 4) o.color_space = choose_text(r, space_names, sizeof space_names / sizeof *space_names);
  if (flags & 8) o.premultiplied = (int32_t)(fuzz_u8(r) % 3);
  if (flags & 16) o.before = choose_enum(r, KF_EXTRAPOLATION_HOLD, KF_EXTRAPOLATION_PING_PONG);
  if (flags & 32) o.after = choose_enum(r, KF_EXTRAPOLATION_HOLD, KF_EXTRAPOLATION_PING_PONG);
  return o;
}

/* Stores a new track handle in a pool slot. */
static void keep_track(fuzz_reader *r, kf_track *t) {
  unsigned slot = fuzz_pick(r, TRACKS);
  kf_track_release(tracks[slot]);
  bury_track(tracks[slot]);
  tracks[slot] = t;
}

static void op_add_track(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  const char *target = choose_text(r, target_names, sizeof target_names / sizeof *target_names);
  const char *property =
      choose_text(r, property_names, sizeof property_names / sizeof *property_names);
  kf_track_options options = make_track_options(r);
  int with_options = fuzz_pick(r, 4) != 0, null_out = fuzz_pick(r, 32) == 0;
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  kf_track *t;
  fuzz_fill(&t, sizeof t);
  kf_status status = OP(kf_animator_add_track(a, target, property, with_options ? &options : NULL,
                                             null_out ? NULL : &t));
  check_handle_status(class, status, "kf_animator_add_track");
  if (status != KF_OK) {
    unchanged(&b, "kf_animator_add_track", status);
    FUZZ_ASSERT(fuzz_untouched(&t, 0, sizeof t), "failed add_track wrote its handle");
    free(b.state.data);
    return;
  }
  free(b.state.data);
  FUZZ_ASSERT(target && property && property[0] && !null_out, "add_track accepted a bad argument");
  FUZZ_ASSERT(strcmp(kf_track_target(t), target) == 0 &&
                  strcmp(kf_track_property(t), property) == 0,
              "the new track's names");
  kf_track_options resolved = KF_TRACK_OPTIONS_INIT;
  FUZZ_ASSERT(C(kf_track_get_options(t, &resolved)) == KF_OK && resolved.kind != NULL &&
                  resolved.channels >= 1 && resolved.channels <= KF_CHANNELS_MAX,
              "the new track's options");
  if (with_options) {
    FUZZ_ASSERT(resolved.before == options.before && resolved.after == options.after,
                "extrapolation %d %d, asked %d %d", (int)resolved.before, (int)resolved.after,
                (int)options.before, (int)options.after);
    if (options.kind && options.kind[0]) {
      FUZZ_ASSERT(strcmp(resolved.kind, options.kind) == 0, "kind %s, asked %s", resolved.kind,
                  options.kind);
    }
  }
  /* The animator finds it by name and by index. */
  kf_track *found = NULL;
  size_t count = 0;
  FUZZ_ASSERT(C(kf_animator_get_track(a, target, property, &found)) == KF_OK, "get_track");
  FUZZ_ASSERT(found != t, "get_track gave the same handle again");
  FUZZ_ASSERT(C(kf_animator_track_count(a, &count)) == KF_OK && count >= 1, "count");
  kf_track_release(found);
  found = NULL;
  FUZZ_ASSERT(C(kf_animator_track_at(a, count - 1, &found)) == KF_OK &&
                  strcmp(kf_track_property(found), property) == 0 &&
                  strcmp(kf_track_target(found), target) == 0,
              "the last track is the new one");
  kf_track_release(found);
  /* The same pair again is a duplicate. */
  kf_track *again;
  fuzz_fill(&again, sizeof again);
  FUZZ_ASSERT(C(kf_animator_add_track(a, target, property, NULL, &again)) == KF_E_DUPLICATE &&
                  fuzz_untouched(&again, 0, sizeof again),
              "adding the pair twice");
  keep_track(r, t);
}

static void op_get_track(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  int by_index = fuzz_pick(r, 2);
  const char *target = choose_text(r, target_names, sizeof target_names / sizeof *target_names);
  const char *property =
      choose_text(r, property_names, sizeof property_names / sizeof *property_names);
  uint8_t s = fuzz_u8(r);
  size_t index = s < 240 ? s % 8 : (s % 2 ? SIZE_MAX : HUGE_SIZE);
  int null_out = fuzz_pick(r, 32) == 0;
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  kf_track *t;
  fuzz_fill(&t, sizeof t);
  kf_status status =
      by_index ? OP(kf_animator_track_at(a, index, null_out ? NULL : &t))
               : OP(kf_animator_get_track(a, target, property, null_out ? NULL : &t));
  check_handle_status(class, status, by_index ? "kf_animator_track_at" : "kf_animator_get_track");
  unchanged(&b, "get_track / track_at", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&t, 0, sizeof t), "failed lookup wrote its handle");
    return;
  }
  if (!by_index) {
    FUZZ_ASSERT(strcmp(kf_track_target(t), target) == 0 &&
                    strcmp(kf_track_property(t), property) == 0,
                "get_track found another track");
  }
  keep_track(r, t);
}

static void op_remove_track(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  const char *target = choose_text(r, target_names, sizeof target_names / sizeof *target_names);
  const char *property =
      choose_text(r, property_names, sizeof property_names / sizeof *property_names);
  size_t count_before = 0;
  uint64_t generation_before = 0;
  kf_status counted = C(kf_animator_track_count(a, &count_before));
  C(kf_animator_generation(a, &generation_before));
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  kf_status status = OP(kf_animator_remove_track(a, target, property));
  check_handle_status(class, status, "kf_animator_remove_track");
  if (status != KF_OK) {
    unchanged(&b, "kf_animator_remove_track", status);
  } else {
    size_t count = 0;
    uint64_t generation = 0;
    kf_track *gone;
    fuzz_fill(&gone, sizeof gone);
    FUZZ_ASSERT(counted == KF_OK && C(kf_animator_track_count(a, &count)) == KF_OK &&
                    count + 1 == count_before,
                "remove_track: %zu tracks, %zu before", count, count_before);
    FUZZ_ASSERT(C(kf_animator_generation(a, &generation)) == KF_OK &&
                    generation != generation_before,
                "remove_track did not move the layout generation");
    FUZZ_ASSERT(C(kf_animator_get_track(a, target, property, &gone)) == KF_E_NOT_FOUND &&
                    fuzz_untouched(&gone, 0, sizeof gone),
                "removed track still found");
  }
  free(b.state.data);
}

static void op_layout(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  size_t count = 0, length = 0;
  uint64_t generation = 0;
  kf_status truth = C(kf_animator_get_layout(a, NULL, 0, NULL, 0, &count, &length, &generation));
  size_t capacity = choose_size(r, count), names_capacity = choose_size(r, length);
  uint8_t nulls = fuzz_u8(r);
  kf_column *columns = (kf_column *)malloc(sizeof(kf_column) * (backing(capacity) + 1));
  char *names = (char *)malloc(backing(names_capacity) + 1);
  size_t out_count, out_length;
  uint64_t out_generation;
  size_t column_bytes = sizeof(kf_column) * (backing(capacity) + 1);
  fuzz_fill(columns, column_bytes);
  fuzz_fill(names, backing(names_capacity) + 1);
  fuzz_fill(&out_count, sizeof out_count);
  fuzz_fill(&out_length, sizeof out_length);
  fuzz_fill(&out_generation, sizeof out_generation);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  kf_status status = OP(kf_animator_get_layout(
      a, (nulls & 1) && nulls > 200 ? NULL : columns, capacity,
      (nulls & 2) && nulls > 200 ? NULL : names, names_capacity, (nulls & 4) ? NULL : &out_count,
      (nulls & 8) ? NULL : &out_length, (nulls & 16) ? NULL : &out_generation));
  check_handle_status(class, status, "kf_animator_get_layout");
  unchanged(&b, "kf_animator_get_layout", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(columns, 0, column_bytes) &&
                    fuzz_untouched(names, 0, backing(names_capacity) + 1),
                "failed get_layout (%d) wrote its buffers", (int)status);
    /* A short buffer may report the sizes; they must be right. */
    int sizes_allowed = status == KF_E_BUFFER_TOO_SMALL;
    FUZZ_ASSERT(fuzz_untouched(&out_count, 0, sizeof out_count) ||
                    (sizes_allowed && out_count == count),
                "failed get_layout wrote track count %zu", out_count);
    FUZZ_ASSERT(fuzz_untouched(&out_length, 0, sizeof out_length) ||
                    (sizes_allowed && out_length == length),
                "failed get_layout wrote names length %zu", out_length);
    FUZZ_ASSERT(fuzz_untouched(&out_generation, 0, sizeof out_generation) ||
                    (sizes_allowed && out_generation == generation),
                "failed get_layout wrote the generation");
  } else {
    FUZZ_ASSERT(truth == KF_OK || truth == KF_E_BUFFER_TOO_SMALL, "layout truth %d", (int)truth);
    FUZZ_ASSERT(fuzz_untouched(columns, sizeof(kf_column) * count, column_bytes) &&
                    fuzz_untouched(names, length, backing(names_capacity) + 1),
                "get_layout wrote past %zu columns / %zu bytes", count, length);
    FUZZ_ASSERT(((nulls & 4) || out_count == count) && ((nulls & 8) || out_length == length) &&
                    ((nulls & 16) || out_generation == generation),
                "get_layout's sizes");
  }
  free(columns);
  free(names);
}

/* Each track's samples at `times` against the animator's matrix. */
static void check_matrix(kf_animator *a, const double *times, size_t n, const double *matrix,
                         size_t columns) {
  size_t count = 0;
  FUZZ_ASSERT(C(kf_animator_track_count(a, &count)) == KF_OK, "count");
  size_t start = 0;
  for (size_t i = 0; i < count; i++) {
    kf_track *t = NULL;
    FUZZ_ASSERT(C(kf_animator_track_at(a, i, &t)) == KF_OK, "track_at");
    size_t channels = track_channels(t);
    double one[KF_CHANNELS_MAX];
    size_t step = n > 64 ? n / 61 : 1;
    for (size_t j = 0; j < n; j += step) {
      FUZZ_ASSERT(C(kf_track_sample(t, times[j], one, channels)) == KF_OK, "track sample");
      FUZZ_ASSERT(memcmp(one, matrix + j * columns + start, sizeof(double) * channels) == 0,
                  "animator matrix row %zu, track %zu differs from kf_track_sample at %.17g", j,
                  i, times[j]);
    }
    start += channels;
    kf_track_release(t);
  }
  FUZZ_ASSERT(start == columns, "columns %zu, tracks have %zu channels", columns, start);
}

static size_t animator_columns(kf_animator *a) {
  size_t count = 0, length = 0, columns = 0;
  if (C(kf_animator_get_layout(a, NULL, 0, NULL, 0, &count, &length, NULL)) != KF_OK &&
      count > 0) {
    kf_column *layout = (kf_column *)malloc(sizeof(kf_column) * count);
    char *names = (char *)malloc(length);
    if (C(kf_animator_get_layout(a, layout, count, names, length, NULL, NULL, NULL)) == KF_OK) {
      columns = layout[count - 1].start + layout[count - 1].channels;
    }
    free(layout);
    free(names);
  }
  return columns;
}

/* Times for a batch: chosen one by one, or (for big batches) a ramp between
 * two chosen times with chosen times sprinkled in. */
static double *batch_times(fuzz_reader *r, kf_track *t, size_t n, size_t *out_n) {
  size_t real = backing(n);
  double *times = (double *)malloc(sizeof(double) * (real + 1));
  if (real <= BATCH_MAX) {
    choose_times(r, t, times, real);
  } else {
    double from = choose_time(r, t), to = choose_time(r, t);
    for (size_t i = 0; i < real; i++) times[i] = from + (to - from) * ((double)i / (double)real);
    for (int k = 0; k < 8; k++) {
      size_t at = (fuzz_u16(r) * (size_t)977) % real; /* read before the time */
      times[at] = choose_time(r, t);
    }
  }
  *out_n = real;
  return times;
}

static size_t choose_batch(fuzz_reader *r) {
  uint8_t s = fuzz_u8(r);
  if (s < 240) return s % (BATCH_MAX + 1);
  if (s < 250 && big_batches < 1) {
    big_batches++;
    return BIG_BATCH + s % 3;
  }
  return s % 2 ? SIZE_MAX : HUGE_SIZE;
}

static void op_animator_sample(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  size_t columns = animator_columns(a);
  size_t n = choose_batch(r), real;
  if (n > BATCH_MAX && n < HUGE_SIZE && columns > 8) n = BATCH_MAX;
  double *times = batch_times(r, NULL, n, &real);
  size_t needed = real * columns;
  size_t capacity = choose_size(r, needed);
  size_t room = backing(capacity) + 2;
  double *out = (double *)malloc(sizeof(double) * room);
  size_t out_columns;
  uint64_t out_generation;
  fuzz_fill(out, sizeof(double) * room);
  fuzz_fill(&out_columns, sizeof out_columns);
  fuzz_fill(&out_generation, sizeof out_generation);
  uint8_t nulls = fuzz_u8(r);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  /* Bit 4: the columns layout, the same matrix transposed. */
  int by_columns = (nulls & 4) != 0;
  kf_status status =
      by_columns
          ? OP(kf_animator_sample_columns(a, nulls > 240 ? NULL : times, n,
                                          nulls == 240 ? NULL : out, capacity,
                                          (nulls & 1) ? NULL : &out_columns,
                                          (nulls & 2) ? NULL : &out_generation))
          : OP(kf_animator_sample_many(a, nulls > 240 ? NULL : times, n,
                                       nulls == 240 ? NULL : out, capacity,
                                       (nulls & 1) ? NULL : &out_columns,
                                       (nulls & 2) ? NULL : &out_generation));
  check_handle_status(class, status, "kf_animator_sample_many");
  unchanged(&b, "kf_animator_sample_many", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(out, 0, sizeof(double) * room) &&
                    fuzz_untouched(&out_columns, 0, sizeof out_columns) &&
                    fuzz_untouched(&out_generation, 0, sizeof out_generation),
                "failed kf_animator_sample_many (%d) wrote its outputs", (int)status);
  } else {
    uint64_t generation = 0;
    C(kf_animator_generation(a, &generation));
    FUZZ_ASSERT(((nulls & 1) || out_columns == columns) &&
                    ((nulls & 2) || out_generation == generation),
                "columns %zu (layout %zu) or generation", out_columns, columns);
    FUZZ_ASSERT(fuzz_untouched(out, sizeof(double) * needed, sizeof(double) * room),
                "kf_animator_sample_many wrote past %zu values", needed);
    if (by_columns && needed > 0) {
      /* Back to rows, then the same checks as the rows layout. */
      double *rows = (double *)malloc(sizeof(double) * needed);
      for (size_t j = 0; j < real; j++)
        for (size_t c = 0; c < columns; c++) rows[j * columns + c] = out[c * real + j];
      check_matrix(a, times, real, rows, columns);
      free(rows);
    } else {
      check_matrix(a, times, real, out, columns);
    }
  }
  free(times);
  free(out);
}

static void op_transform(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  const char *target = choose_text(r, target_names, sizeof target_names / sizeof *target_names);
  size_t n = choose_batch(r), real;
  double *times = batch_times(r, NULL, n, &real);
  size_t capacity = choose_size(r, 6 * real);
  size_t room = backing(capacity) + 2;
  double *out = (double *)malloc(sizeof(double) * room);
  fuzz_fill(out, sizeof(double) * room);
  uint8_t nulls = fuzz_u8(r);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, a, NULL);
  kf_status status = OP(kf_animator_transform_many(a, target, nulls > 245 ? NULL : times, n,
                                                  nulls == 245 ? NULL : out, capacity));
  check_handle_status(class, status, "kf_animator_transform_many");
  unchanged(&b, "kf_animator_transform_many", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(out, 0, sizeof(double) * room),
                "failed kf_animator_transform_many (%d) wrote", (int)status);
  } else {
    FUZZ_ASSERT(fuzz_untouched(out, sizeof(double) * 6 * real, sizeof(double) * room),
                "kf_animator_transform_many wrote past %zu", 6 * real);
    size_t step = real > 64 ? real / 61 : 1;
    for (size_t j = 0; j < real; j += step) {
      double one[6];
      FUZZ_ASSERT(C(kf_animator_transform_many(a, target, &times[j], 1, one, 6)) == KF_OK &&
                      memcmp(one, out + 6 * j, sizeof one) == 0,
                  "transform at %.17g: batch differs from one time", times[j]);
    }
  }
  free(times);
  free(out);
}

/* ---------------------------------------------------------------------------
 * Operations on tracks.
 */
static void op_release_track(fuzz_reader *r) {
  enum handle_class class;
  uint8_t s = fuzz_u8(r);
  if (s < 200) {
    unsigned slot = s % TRACKS;
    kf_track_release(tracks[slot]);
    bury_track(tracks[slot]);
    tracks[slot] = NULL;
  } else {
    kf_track *t = choose_track(r, &class);
    if (class != LIVE_OR_UNKNOWN) kf_track_release(t);
  }
  FUZZ_ASSERT(kf_last_error() != NULL, "kf_last_error() after a release");
}

static void op_extrapolation(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  kf_extrapolation before_mode = choose_enum(r, KF_EXTRAPOLATION_UNCHANGED, KF_EXTRAPOLATION_PING_PONG);
  kf_extrapolation after_mode = choose_enum(r, KF_EXTRAPOLATION_UNCHANGED, KF_EXTRAPOLATION_PING_PONG);
  kf_track_options old = KF_TRACK_OPTIONS_INIT;
  C(kf_track_get_options(t, &old));
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = OP(kf_track_set_extrapolation(t, before_mode, after_mode));
  check_handle_status(class, status, "kf_track_set_extrapolation");
  if (status != KF_OK) {
    unchanged(&b, "kf_track_set_extrapolation", status);
  } else {
    kf_track_options now = KF_TRACK_OPTIONS_INIT;
    FUZZ_ASSERT(C(kf_track_get_options(t, &now)) == KF_OK, "options");
    FUZZ_ASSERT(now.before == (before_mode == KF_EXTRAPOLATION_UNCHANGED ? old.before : before_mode) &&
                    now.after == (after_mode == KF_EXTRAPOLATION_UNCHANGED ? old.after : after_mode),
                "extrapolation %d %d after setting %d %d", (int)now.before, (int)now.after,
                (int)before_mode, (int)after_mode);
  }
  free(b.state.data);
}

/* After a successful edit that stored keyframe (time, value): it is there. */
static void check_stored(kf_track *t, double time, const double *value, size_t channels) {
  size_t index = (size_t)-1;
  FUZZ_ASSERT(C(kf_track_find_keyframe(t, time, &index)) == KF_OK, "stored keyframe not found");
  keyframes k;
  FUZZ_ASSERT(read_keyframes(t, &k) && index < k.count, "index %zu", index);
  FUZZ_ASSERT(k.times[index] == time &&
                  memcmp(k.values + index * channels, value, sizeof(double) * channels) == 0,
              "keyframe at %.17g does not hold the value set", time);
  free_keyframes(&k);
}

static uint64_t generation_of(kf_track *t) {
  uint64_t generation = 0;
  C(kf_track_generation(t, &generation));
  return generation;
}

static void op_set_keyframe(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  size_t channels = track_channels(t);
  if (!channels) channels = 1 + fuzz_pick(r, 4);
  double time = choose_time(r, t);
  size_t count = choose_size(r, channels);
  double value[KF_CHANNELS_MAX + 4];
  choose_values(r, value, backing(count) < KF_CHANNELS_MAX + 4 ? backing(count) : 0);
  style_input style;
  const kf_keyframe_options *options = choose_style(r, &style, channels);
  int null_value = fuzz_pick(r, 32) == 0;
  if (backing(count) > KF_CHANNELS_MAX + 3) count = HUGE_SIZE;
  uint64_t generation = generation_of(t);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = OP(kf_track_set_keyframe(t, time, null_value ? NULL : value, count, options));
  check_handle_status(class, status, "kf_track_set_keyframe");
  if (status != KF_OK) {
    unchanged(&b, "kf_track_set_keyframe", status);
  } else {
    FUZZ_ASSERT(generation_of(t) != generation, "set_keyframe did not move the generation");
    check_stored(t, time, value, channels);
  }
  free(b.state.data);
}

static void op_set_keyframes(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  size_t channels = track_channels(t);
  if (!channels) channels = 1 + fuzz_pick(r, 4);
  uint8_t s = fuzz_u8(r);
  size_t count = s < 248 ? s % (BULK_MAX + 1) : (s % 2 ? SIZE_MAX : HUGE_SIZE);
  size_t real = backing(count);
  double times[BULK_MAX + 1];
  choose_times(r, t, times, real);
  size_t value_count = choose_size(r, real * channels);
  size_t value_room = backing(value_count);
  double *values = (double *)malloc(sizeof(double) * (value_room + 1));
  choose_values(r, values, value_room);
  uint8_t o = fuzz_u8(r);
  size_t options_count = o < 64 ? 0 : o < 128 ? 1 : o < 240 ? real : o % 2 ? real + 1 : HUGE_SIZE;
  size_t options_room = backing(options_count);
  style_input *styles = (style_input *)malloc(sizeof(style_input) * (options_room + 1));
  kf_keyframe_options *options =
      (kf_keyframe_options *)malloc(sizeof(kf_keyframe_options) * (options_room + 1));
  for (size_t i = 0; i < options_room; i++) {
    if (i > 0 && fuzz_pick(r, 2)) {
      options[i] = options[i - 1];
      continue;
    }
    make_style(r, &styles[i], channels);
    options[i] = styles[i].options;
  }
  uint8_t nulls = fuzz_u8(r);
  uint64_t generation = generation_of(t);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = OP(kf_track_set_keyframes(t, nulls == 250 ? NULL : times, count,
                                              nulls == 251 ? NULL : values, value_count,
                                              nulls >= 252 ? NULL : options, options_count));
  check_handle_status(class, status, "kf_track_set_keyframes");
  if (status != KF_OK) {
    unchanged(&b, "kf_track_set_keyframes", status);
  } else if (real > 0) {
    FUZZ_ASSERT(generation_of(t) != generation, "set_keyframes did not move the generation");
    /* Every time holds its last entry's value. */
    for (size_t i = 0; i < real; i++) {
      size_t last = i;
      for (size_t j = i + 1; j < real; j++) {
        if (times[j] == times[i]) last = j;
      }
      check_stored(t, times[i], values + last * channels, channels);
    }
  }
  free(b.state.data);
  free(values);
  free(styles);
  free(options);
}

static void op_remove_keyframe(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  double time = choose_time(r, t);
  size_t count = 0;
  C(kf_track_keyframe_count(t, &count));
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = OP(kf_track_remove_keyframe(t, time));
  check_handle_status(class, status, "kf_track_remove_keyframe");
  if (status != KF_OK) {
    unchanged(&b, "kf_track_remove_keyframe", status);
  } else {
    size_t now = 0, index;
    fuzz_fill(&index, sizeof index);
    FUZZ_ASSERT(C(kf_track_keyframe_count(t, &now)) == KF_OK && now + 1 == count,
                "remove: %zu keyframes, %zu before", now, count);
    FUZZ_ASSERT(C(kf_track_find_keyframe(t, time, &index)) == KF_E_NOT_FOUND &&
                    fuzz_untouched(&index, 0, sizeof index),
                "removed keyframe still found");
  }
  free(b.state.data);
}

static void op_hide_show(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  int hide = fuzz_pick(r, 2);
  double time = choose_time(r, t);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = hide ? OP(kf_track_hide_at(t, time)) : OP(kf_track_show_at(t, time));
  check_handle_status(class, status, "kf_track_hide_at / show_at");
  if (status != KF_OK) {
    unchanged(&b, "kf_track_hide_at / show_at", status);
  } else {
    double first = hide ? 0 : 1, second = hide ? 1 : 0;
    check_stored(t, time, &first, 1);
    check_stored(t, nextafter(time, INFINITY), &second, 1);
  }
  free(b.state.data);
}

static void op_sample(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  size_t channels = track_channels(t);
  int velocity = fuzz_pick(r, 2), single = fuzz_pick(r, 4) == 0;
  size_t n = single ? 1 : choose_batch(r), real;
  if (n > BATCH_MAX && n < HUGE_SIZE && channels > 4) n = BATCH_MAX;
  double *times = batch_times(r, t, n, &real);
  size_t needed = real * channels;
  size_t capacity = choose_size(r, needed);
  size_t room = backing(capacity) + 2;
  double *out = (double *)malloc(sizeof(double) * room);
  fuzz_fill(out, sizeof(double) * room);
  uint8_t nulls = fuzz_u8(r);
  double *times_arg = nulls == 255 ? NULL : times;
  double *out_arg = nulls == 254 ? NULL : out;
  if (nulls == 253) kf_set_thread_count(1 + nulls % 3);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status;
  if (single) {
    status = velocity ? OP(kf_track_velocity(t, times[0], out_arg, capacity))
                      : OP(kf_track_sample(t, times[0], out_arg, capacity));
  } else {
    status = velocity ? OP(kf_track_velocity_many(t, times_arg, n, out_arg, capacity))
                      : OP(kf_track_sample_many(t, times_arg, n, out_arg, capacity));
  }
  check_handle_status(class, status, "sampling a track");
  unchanged(&b, "sampling a track", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(out, 0, sizeof(double) * room),
                "failed sampling (%d) wrote its output", (int)status);
  } else {
    FUZZ_ASSERT(fuzz_untouched(out, sizeof(double) * needed, sizeof(double) * room),
                "sampling wrote past %zu values", needed);
    size_t step = real > 64 ? real / 61 : 1;
    for (size_t j = 0; j < real; j += step) {
      double one[KF_CHANNELS_MAX];
      FUZZ_ASSERT((velocity ? C(kf_track_velocity(t, times[j], one, channels))
                            : C(kf_track_sample(t, times[j], one, channels))) == KF_OK,
                  "single call");
      FUZZ_ASSERT(memcmp(one, out + j * channels, sizeof(double) * channels) == 0,
                  "%s at %.17g: batch %.17g, single %.17g", velocity ? "velocity" : "sample",
                  times[j], out[j * channels], one[0]);
      if (!velocity && isnan(times[j])) {
        for (size_t c = 0; c < channels; c++) {
          FUZZ_ASSERT(isnan(one[c]), "sample at NaN is %g", one[c]);
        }
      }
    }
  }
  free(times);
  free(out);
}

static void op_get_keyframes(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  size_t channels = track_channels(t);
  keyframes truth;
  int live = read_keyframes(t, &truth);
  size_t capacity = choose_size(r, live ? truth.count : 0);
  size_t room = backing(capacity) + 1;
  double *times = (double *)malloc(sizeof(double) * room);
  double *values = (double *)malloc(sizeof(double) * room * (channels ? channels : 1));
  uint32_t *styles = (uint32_t *)malloc(sizeof(uint32_t) * room);
  size_t value_bytes = sizeof(double) * room * (channels ? channels : 1);
  fuzz_fill(times, sizeof(double) * room);
  fuzz_fill(values, value_bytes);
  fuzz_fill(styles, sizeof(uint32_t) * room);
  size_t out_count;
  uint64_t out_generation;
  fuzz_fill(&out_count, sizeof out_count);
  fuzz_fill(&out_generation, sizeof out_generation);
  uint8_t nulls = fuzz_u8(r);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = OP(kf_track_get_keyframes(
      t, nulls == 255 ? NULL : times, nulls == 254 ? NULL : values, (nulls & 1) ? NULL : styles,
      capacity, (nulls & 2) ? NULL : &out_count, (nulls & 4) ? NULL : &out_generation));
  check_handle_status(class, status, "kf_track_get_keyframes");
  unchanged(&b, "kf_track_get_keyframes", status);
  free(b.state.data);
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(times, 0, sizeof(double) * room) &&
                    fuzz_untouched(values, 0, value_bytes) &&
                    fuzz_untouched(styles, 0, sizeof(uint32_t) * room),
                "failed get_keyframes (%d) wrote its arrays", (int)status);
    int sizes_allowed = status == KF_E_BUFFER_TOO_SMALL && live;
    FUZZ_ASSERT(fuzz_untouched(&out_count, 0, sizeof out_count) ||
                    (sizes_allowed && out_count == truth.count),
                "failed get_keyframes wrote count %zu", out_count);
    FUZZ_ASSERT(fuzz_untouched(&out_generation, 0, sizeof out_generation) ||
                    (sizes_allowed && out_generation == truth.generation),
                "failed get_keyframes wrote the generation");
  } else {
    FUZZ_ASSERT(live, "get_keyframes succeeded on a handle that does not read");
    size_t n = truth.count;
    FUZZ_ASSERT(memcmp(times, truth.times, sizeof(double) * n) == 0 &&
                    memcmp(values, truth.values, sizeof(double) * n * channels) == 0 &&
                    ((nulls & 1) || memcmp(styles, truth.styles, sizeof(uint32_t) * n) == 0),
                "get_keyframes read differently");
    FUZZ_ASSERT(fuzz_untouched(times, sizeof(double) * n, sizeof(double) * room) &&
                    fuzz_untouched(values, sizeof(double) * n * channels, value_bytes) &&
                    fuzz_untouched(styles, sizeof(uint32_t) * ((nulls & 1) ? 0 : n),
                                   sizeof(uint32_t) * room),
                "get_keyframes wrote past %zu keyframes", n);
    FUZZ_ASSERT(((nulls & 2) || out_count == n) &&
                    ((nulls & 4) || out_generation == truth.generation),
                "get_keyframes' count or generation");
  }
  if (live) free_keyframes(&truth);
  free(times);
  free(values);
  free(styles);
}

static void op_get_style(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  size_t channels = track_channels(t);
  keyframes truth;
  int live = read_keyframes(t, &truth);
  uint8_t s = fuzz_u8(r);
  uint32_t number = s < 128 && live && truth.count ? truth.styles[s % truth.count]
                    : s < 240                    ? s % 4
                                                 : UINT32_MAX - s % 2;
  uint64_t generation = live ? truth.generation : 0;
  uint8_t g = fuzz_u8(r);
  if (g >= 200) generation += g % 2 ? 1 : (uint64_t)-1;
  if (g >= 250) generation = fuzz_u64(r);
  kf_keyframe_options options = KF_KEYFRAME_OPTIONS_INIT;
  fuzz_fill(&options, sizeof options);
  options.version = choose_version(r, KF_KEYFRAME_OPTIONS_VERSION);
  size_t length = 0;
  kf_keyframe_options probe = KF_KEYFRAME_OPTIONS_INIT;
  kf_status known =
      C(kf_track_get_style(t, number, generation, &probe, NULL, 0, &length, NULL, NULL, 0, NULL));
  size_t easing_capacity = choose_size(r, length + 1);
  size_t handle_capacity = choose_size(r, 1 + channels);
  size_t easing_room = backing(easing_capacity) + 1;
  char *easing = (char *)malloc(easing_room);
  double left[KF_HANDLE_MAX + 8], right[KF_HANDLE_MAX + 8];
  if (backing(handle_capacity) >= KF_HANDLE_MAX + 8) handle_capacity = HUGE_SIZE;
  int32_t has;
  size_t out_length;
  fuzz_fill(easing, easing_room);
  fuzz_fill(left, sizeof left);
  fuzz_fill(right, sizeof right);
  fuzz_fill(&has, sizeof has);
  fuzz_fill(&out_length, sizeof out_length);
  uint8_t nulls = fuzz_u8(r);
  before b = {{NULL, 0, 0}, NULL, NULL};
  take(&b, NULL, t);
  kf_status status = OP(kf_track_get_style(
      t, number, generation, nulls == 255 ? NULL : &options, (nulls & 1) ? NULL : easing,
      easing_capacity, (nulls & 2) ? NULL : &out_length, (nulls & 4) ? NULL : left,
      (nulls & 8) ? NULL : right, handle_capacity, (nulls & 16) ? NULL : &has));
  check_handle_status(class, status, "kf_track_get_style");
  unchanged(&b, "kf_track_get_style", status);
  free(b.state.data);
  if (live && generation != truth.generation) {
    FUZZ_ASSERT(status != KF_OK, "a stale generation read a style");
  }
  if (status != KF_OK) {
    kf_keyframe_options sentinel;
    fuzz_fill(&sentinel, sizeof sentinel);
    sentinel.version = options.version;
    FUZZ_ASSERT(memcmp(&options, &sentinel, sizeof options) == 0 &&
                    fuzz_untouched(easing, 0, easing_room) &&
                    fuzz_untouched(left, 0, sizeof left) && fuzz_untouched(right, 0, sizeof right) &&
                    fuzz_untouched(&has, 0, sizeof has),
                "failed get_style (%d) wrote its outputs", (int)status);
    FUZZ_ASSERT(fuzz_untouched(&out_length, 0, sizeof out_length) ||
                    (status == KF_E_BUFFER_TOO_SMALL && known == KF_OK && out_length == length),
                "failed get_style (%d) wrote easing length %zu", (int)status, out_length);
  } else {
    FUZZ_ASSERT(known == KF_OK, "get_style succeeded only with buffers");
    FUZZ_ASSERT(((nulls & 2) || out_length == length) &&
                    ((nulls & 1) || (strlen(easing) == length &&
                                     fuzz_untouched(easing, length + 1, easing_room))),
                "easing text or length");
    size_t handle = 1 + channels;
    FUZZ_ASSERT(fuzz_untouched(left, sizeof(double) * handle, sizeof left) &&
                    fuzz_untouched(right, sizeof(double) * handle, sizeof right),
                "get_style wrote past a handle");
  }
  if (live) free_keyframes(&truth);
  free(easing);
}

static void op_query(fuzz_reader *r) {
  enum handle_class class;
  kf_track *t = choose_track(r, &class);
  unsigned which = fuzz_pick(r, 4);
  double time = choose_time(r, t);
  size_t size_out;
  uint64_t generation_out;
  kf_track_options options;
  fuzz_fill(&size_out, sizeof size_out);
  fuzz_fill(&generation_out, sizeof generation_out);
  fuzz_fill(&options, sizeof options);
  options.version = choose_version(r, KF_TRACK_OPTIONS_VERSION);
  uint32_t version = options.version;
  int null_out = fuzz_pick(r, 16) == 0;
  kf_status status;
  switch (which) {
  case 0: status = OP(kf_track_keyframe_count(t, null_out ? NULL : &size_out)); break;
  case 1: status = OP(kf_track_find_keyframe(t, time, null_out ? NULL : &size_out)); break;
  case 2: status = OP(kf_track_generation(t, null_out ? NULL : &generation_out)); break;
  default: status = OP(kf_track_get_options(t, null_out ? NULL : &options)); break;
  }
  check_handle_status(class, status, "a track query");
  if (status != KF_OK) {
    kf_track_options sentinel;
    fuzz_fill(&sentinel, sizeof sentinel);
    sentinel.version = version;
    FUZZ_ASSERT(fuzz_untouched(&size_out, 0, sizeof size_out) &&
                    fuzz_untouched(&generation_out, 0, sizeof generation_out) &&
                    memcmp(&options, &sentinel, sizeof options) == 0,
                "failed query %u (%d) wrote its output", which, (int)status);
    if (which == 1 && status == KF_E_NOT_FOUND) {
      keyframes k;
      if (read_keyframes(t, &k)) {
        for (size_t i = 0; i < k.count; i++) {
          FUZZ_ASSERT(k.times[i] != time, "find_keyframe missed %.17g", time);
        }
        free_keyframes(&k);
      }
    }
  } else if (which == 1) {
    keyframes k;
    FUZZ_ASSERT(read_keyframes(t, &k) && size_out < k.count && k.times[size_out] == time,
                "find_keyframe gave %zu for %.17g", size_out, time);
    free_keyframes(&k);
  }
}

/* ---------------------------------------------------------------------------
 * The helpers that take no handle.
 */
static void op_easing(fuzz_reader *r) {
  const char *spec = choose_text(r, easing_specs, sizeof easing_specs / sizeof *easing_specs);
  size_t n = fuzz_pick(r, 9);
  double progress[8], values[12], derivatives[12];
  choose_values(r, progress, n);
  size_t capacity = choose_size(r, n);
  int with_derivatives = fuzz_pick(r, 2);
  fuzz_fill(values, sizeof values);
  fuzz_fill(derivatives, sizeof derivatives);
  if (capacity > n + 3) capacity = HUGE_SIZE;
  kf_status status = OP(kf_easing_sample(spec, progress, n, values,
                                        with_derivatives ? derivatives : NULL, capacity));
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(values, 0, sizeof values) &&
                    fuzz_untouched(derivatives, 0, sizeof derivatives),
                "failed kf_easing_sample wrote");
  } else {
    for (size_t i = 0; i < n; i++) {
      double one, one_derivative;
      FUZZ_ASSERT(C(kf_easing_sample(spec, &progress[i], 1, &one, &one_derivative, 1)) == KF_OK &&
                      memcmp(&one, &values[i], sizeof one) == 0 &&
                      (!with_derivatives ||
                       memcmp(&one_derivative, &derivatives[i], sizeof one) == 0),
                  "easing \"%s\" batch differs at %.17g", spec, progress[i]);
    }
    FUZZ_ASSERT(fuzz_untouched(values, sizeof(double) * n, sizeof values), "wrote past");
  }
  char text[TEXT_MAX];
  size_t length;
  fuzz_fill(text, sizeof text);
  fuzz_fill(&length, sizeof length);
  kf_status canonical = C(kf_easing_canonical(spec, text, sizeof text, &length));
  FUZZ_ASSERT(status != KF_OK || canonical == KF_OK, "sample accepts what canonical rejects");
  if (canonical != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(text, 0, sizeof text) && fuzz_untouched(&length, 0, sizeof length),
                "failed kf_easing_canonical wrote");
  }
}

static const char *const color_texts[] = {
    "tomato",        "#fff",        "#11223344",      "rgb(255, 99, 71)", "rgb(255 99 71 / 50%)",
    "hsl(9 100% 64%)", "hwb(9 10% 20%)", "oklab(0.7 0.1 0.1)", "oklch(0.7 0.2 30)", "transparent",
    "rgb(1e400, 0, 0)", "tomatoe",   "#ggg",           "",                 "hsl(1e308turn 1 1)"};

static void op_color(fuzz_reader *r) {
  unsigned which = fuzz_pick(r, 4);
  if (which == 0) {
    const char *text = choose_text(r, color_texts, sizeof color_texts / sizeof *color_texts);
    double rgba[6];
    fuzz_fill(rgba, sizeof rgba);
    kf_status status = OP(kf_color_parse(text, fuzz_pick(r, 16) ? rgba : NULL));
    if (status != KF_OK) {
      FUZZ_ASSERT(fuzz_untouched(rgba, 0, sizeof rgba), "failed kf_color_parse wrote");
    } else {
      FUZZ_ASSERT(fuzz_untouched(rgba, 4 * sizeof(double), sizeof rgba) && isfinite(rgba[0]) &&
                      isfinite(rgba[1]) && isfinite(rgba[2]) && rgba[3] >= 0 && rgba[3] <= 1,
                  "kf_color_parse(\"%s\")", text);
    }
    return;
  }
  const char *space = choose_text(r, space_names, sizeof space_names / sizeof *space_names);
  uint8_t s = fuzz_u8(r);
  size_t count = s < 240 ? s % 9 : s % 3 == 0 ? SIZE_MAX : s % 3 == 1 ? HUGE_SIZE : SIZE_MAX / 4 + 1;
  size_t real = count <= 8 ? count : 0;
  double input[40], separate[40], in_place[40];
  choose_values(r, input, 4 * real);
  fuzz_fill(separate, sizeof separate);
  kf_status status;
  if (which == 1) {
    status = OP(kf_color_to_space(space, input, count, separate));
  } else if (which == 2) {
    status = OP(kf_color_from_space(space, input, count, separate));
  } else {
    status = OP(kf_color_gamut_map(input, count, separate));
  }
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(separate, 0, sizeof separate), "failed color call %u wrote", which);
    return;
  }
  FUZZ_ASSERT(count == real && fuzz_untouched(separate, 4 * real * sizeof(double), sizeof separate),
              "color call %u wrote past %zu colors", which, real);
  /* In place, and one color at a time, gives the same bits. */
  memcpy(in_place, input, sizeof(double) * 4 * real);
  kf_status again = which == 1   ? C(kf_color_to_space(space, in_place, count, in_place))
                    : which == 2 ? C(kf_color_from_space(space, in_place, count, in_place))
                                 : C(kf_color_gamut_map(in_place, count, in_place));
  FUZZ_ASSERT(again == KF_OK && memcmp(in_place, separate, sizeof(double) * 4 * real) == 0,
              "color call %u in place differs", which);
  for (size_t i = 0; i < real; i++) {
    double one[4];
    kf_status single = which == 1   ? C(kf_color_to_space(space, input + 4 * i, 1, one))
                       : which == 2 ? C(kf_color_from_space(space, input + 4 * i, 1, one))
                                    : C(kf_color_gamut_map(input + 4 * i, 1, one));
    FUZZ_ASSERT(single == KF_OK && memcmp(one, separate + 4 * i, sizeof one) == 0,
                "color call %u: color %zu alone differs", which, i);
  }
}

static void op_spring(fuzz_reader *r) {
  kf_spring spring;
  fuzz_fill(&spring, sizeof spring);
  unsigned which = fuzz_pick(r, 3);
  double a = fuzz_number(r), b = fuzz_number(r);
  kf_status status;
  if (which == 0) {
    status = OP(kf_spring_from_duration_bounce(a, b, &spring));
  } else if (which == 1) {
    status = OP(kf_spring_from_damping_ratio(a, b, &spring));
  } else {
    spring.mass = a;
    spring.stiffness = b;
    spring.damping = fuzz_number(r);
    spring.velocity = fuzz_number(r);
    status = KF_OK;
  }
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&spring, 0, sizeof spring), "failed spring constructor wrote");
    return;
  }
  double duration;
  fuzz_fill(&duration, sizeof duration);
  kf_status settled = C(kf_spring_settling_duration(&spring, &duration));
  if (settled != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&duration, 0, sizeof duration), "failed settling wrote");
  } else {
    FUZZ_ASSERT(duration >= 0, "settling duration %g", duration);
  }
  size_t n = fuzz_pick(r, 9);
  double times[8], position[12], velocity[12];
  choose_values(r, times, n);
  uint8_t outs = fuzz_u8(r);
  size_t capacity = choose_size(r, n);
  if (capacity > n + 3) capacity = HUGE_SIZE;
  fuzz_fill(position, sizeof position);
  fuzz_fill(velocity, sizeof velocity);
  status = OP(kf_spring_evaluate(&spring, times, n, (outs & 1) ? NULL : position,
                                (outs & 2) ? NULL : velocity, capacity));
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(position, 0, sizeof position) &&
                    fuzz_untouched(velocity, 0, sizeof velocity),
                "failed kf_spring_evaluate wrote");
    return;
  }
  for (size_t i = 0; i < n; i++) {
    double p, v;
    FUZZ_ASSERT(C(kf_spring_evaluate(&spring, &times[i], 1, &p, &v, 1)) == KF_OK &&
                    ((outs & 1) || memcmp(&p, &position[i], sizeof p) == 0) &&
                    ((outs & 2) || memcmp(&v, &velocity[i], sizeof v) == 0),
                "spring batch differs at %.17g", times[i]);
  }
}

static void op_transform_make(fuzz_reader *r) {
  double out[18];
  fuzz_fill(out, sizeof out);
  kf_status status;
  if (fuzz_pick(r, 2)) {
    double tx = fuzz_number(r), ty = fuzz_number(r), sx = fuzz_number(r), sy = fuzz_number(r),
           angle = fuzz_number(r);
    status = OP(kf_transform_make(tx, ty, sx, sy, angle, fuzz_pick(r, 16) ? out : NULL));
    if (status == KF_OK) FUZZ_ASSERT(fuzz_untouched(out, 6 * sizeof(double), sizeof out), "past 6");
  } else {
    double parts[10];
    choose_values(r, parts, 10);
    uint8_t nulls = fuzz_u8(r);
    status = OP(kf_transform3d_make(nulls == 1 ? NULL : parts, nulls == 2 ? NULL : parts + 3,
                                   nulls == 3 ? NULL : parts + 6, fuzz_number(r),
                                   nulls == 4 ? NULL : out));
    if (status == KF_OK) FUZZ_ASSERT(fuzz_untouched(out, 16 * sizeof(double), sizeof out), "past 16");
  }
  if (status != KF_OK) FUZZ_ASSERT(fuzz_untouched(out, 0, sizeof out), "failed transform wrote");
}

static void op_names(fuzz_reader *r) {
  int32_t code = choose_enum(r, -1, 5);
  const char *interpolation = kf_interpolation_name(code);
  const char *extrapolation = kf_extrapolation_name(code);
  if (interpolation) {
    kf_interpolation back = -7;
    FUZZ_ASSERT(C(kf_interpolation_from_name(interpolation, &back)) == KF_OK && back == code,
                "interpolation %d round trip", (int)code);
  }
  if (extrapolation) {
    kf_extrapolation back = -7;
    FUZZ_ASSERT(C(kf_extrapolation_from_name(extrapolation, &back)) == KF_OK && back == code,
                "extrapolation %d round trip", (int)code);
  }
  const char *name = choose_text(r, kind_names, sizeof kind_names / sizeof *kind_names);
  int32_t out;
  fuzz_fill(&out, sizeof out);
  if (C(kf_interpolation_from_name(name, &out)) != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&out, 0, sizeof out), "failed from_name wrote");
  }
  FUZZ_ASSERT(kf_status_string((kf_status)fuzz_u64(r)) != NULL, "kf_status_string is NULL");
  uint8_t s = fuzz_u8(r);
  size_t index = s < 240 ? s % 12 : SIZE_MAX - s % 2;
  kf_kind_info info;
  fuzz_fill(&info, sizeof info);
  kf_status status = OP(kf_kind_get(index, &info));
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&info, 0, sizeof info) && index >= kf_kind_count(),
                "failed kf_kind_get wrote or refused a kind");
  } else {
    FUZZ_ASSERT(info.name && info.components && info.min_channels >= 1 &&
                    info.min_channels <= info.max_channels && info.max_channels <= KF_CHANNELS_MAX,
                "kind %zu", index);
  }
  const char *property =
      choose_text(r, property_names, sizeof property_names / sizeof *property_names);
  const char *kind;
  double low, high;
  fuzz_fill(&kind, sizeof kind);
  fuzz_fill(&low, sizeof low);
  fuzz_fill(&high, sizeof high);
  status = OP(kf_property_info(property, &kind, &low, &high));
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&kind, 0, sizeof kind) && fuzz_untouched(&low, 0, sizeof low) &&
                    fuzz_untouched(&high, 0, sizeof high),
                "failed kf_property_info wrote");
  } else {
    FUZZ_ASSERT(!(low > high) && !isnan(low) && !isnan(high), "range [%g, %g]", low, high);
  }
}

static void op_threads(fuzz_reader *r) {
  static const size_t counts[] = {0, 1, 2, 3, 4, 7, (size_t)1 << 20, SIZE_MAX};
  kf_set_thread_count(counts[fuzz_pick(r, 8)]);
  FUZZ_ASSERT(kf_thread_count() >= 1, "thread count %zu", kf_thread_count());
}

/* ---------------------------------------------------------------------------
 * The driver.
 */
typedef void (*operation)(fuzz_reader *);

/* The operations an input's byte picks; some twice, to weigh them. */
#define OPERATIONS(X)                                                                           \
  X(op_create) X(op_copy) X(op_release_animator) X(op_add_track) X(op_add_track)                \
  X(op_get_track) X(op_remove_track) X(op_layout) X(op_animator_sample) X(op_transform)         \
  X(op_release_track) X(op_extrapolation) X(op_set_keyframe) X(op_set_keyframe)                 \
  X(op_set_keyframes) X(op_set_keyframes) X(op_remove_keyframe) X(op_hide_show) X(op_sample)    \
  X(op_sample) X(op_get_keyframes) X(op_get_style) X(op_query) X(op_easing) X(op_color)         \
  X(op_spring) X(op_transform_make) X(op_names) X(op_threads)

#define FUZZ_FUNCTION_(f) f,
#define FUZZ_NAME_(f) #f,
static const operation operations[] = {OPERATIONS(FUZZ_FUNCTION_)};
static const char *const operation_names[] = {OPERATIONS(FUZZ_NAME_)};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size, 0};
  big_batches = 0;
  if (tracing < 0) tracing = getenv("FUZZ_TRACE") != NULL;
  /* Most inputs want something to work on: an animator with a track. */
  if (fuzz_pick(&r, 4) != 0) {
    FUZZ_ASSERT(C(kf_animator_create(&animators[0])) == KF_OK, "create");
    C(kf_animator_add_track(animators[0], "label", "alpha", NULL, &tracks[0]));
  }
  for (int steps = 0; fuzz_more(&r) && steps < 200; steps++) {
    unsigned op = fuzz_pick(&r, sizeof operations / sizeof *operations);
    if (tracing) fprintf(stderr, "%s (byte %zu)\n", operation_names[op], r.position - 1);
    operations[op](&r);
  }
  for (int i = 0; i < ANIMATORS; i++) {
    kf_animator_release(animators[i]);
    animators[i] = NULL;
  }
  for (int i = 0; i < TRACKS; i++) {
    kf_track_release(tracks[i]);
    tracks[i] = NULL;
  }
  memset(dead_animators, 0, sizeof dead_animators);
  memset(dead_tracks, 0, sizeof dead_tracks);
  dead_animator_next = dead_track_next = text_next = 0;
  kf_set_thread_count(0);
  return 0;
}
