/*
 * Fuzz target: choreography (Guides/Choreography.md, Guides/Timing.md) as
 * call sequences: animators made in bulk, clips, timelines with positions
 * and labels, staggers and their presets, relative keyframes, node timings,
 * players and their controls and clocks, the standalone timing functions,
 * the enums' names, and scenes of all of it.
 *
 * The input is a sequence of operations over a small pool (2 animators, 6
 * nodes, 2 players, a relative-keyframes builder, a scene): each
 * operation's first byte picks the call, the next bytes its arguments.
 * Handles are now and then NULL, released, of another type or forged;
 * numbers come from fuzz_number (NaN, infinities, 1e+-300, subnormals, the
 * largest doubles) and texts from tables of good and bad ones.
 *
 * Invariants:
 *   - every call's status is in KF_STATUS_MAP and kf_last_error() is never
 *     NULL, and non-empty after an error (fuzz.h); a NULL, released,
 *     wrong-type or forged handle is never accepted;
 *   - a refused call changes nothing: every node of the pool reads the same
 *     (kind, timing, durations, layout and its generation, children and
 *     their starts, labels, stagger offsets, and its samples at a dozen
 *     times in both directions, bit for bit), every player too (state,
 *     start time, local times), and a refused builder edit leaves the clip
 *     it makes sampling the same; outputs keep their sentinels. The one
 *     exception is the header's: kf_player_advance_frame that fails in
 *     sampling has moved the clock;
 *   - what succeeds is consistent: a node's timing reads back as
 *     kf_timing_validate writes it (its easing as canonical text); its
 *     computed timing is kf_timing_compute's on that timing with its
 *     natural duration, bit for bit; a sample batch equals one time at a
 *     time; kf_timing_progress_many equals kf_timing_compute per time; a
 *     child's start and a label's time read back; a stagger has one offset
 *     per target; a player's samples are its node's at its local times;
 *     kf_player_advance_frame's row is kf_player_sample_many's at the new
 *     clock; each enum name reads back as its value;
 *   - a scene of every live node and animator saves, loads and saves to the
 *     same bytes, and its loaded nodes and animators read and sample the
 *     same bits as the originals; so does the scene the operations named
 *     objects into; and the saved text with one byte changed either loads
 *     and round-trips, or is refused leaving no scene and a location inside
 *     the text.
 *
 * FUZZ_TRACE=1 in the environment prints each operation as it runs.
 */
#include "fuzz.h"

/* Open findings, reported and not fixed yet: what they break is not done
 * here, so that the fuzzer goes on looking for others. Remove each with its
 * fix.
 *   (1, one animator added to a scene twice and saved once, is fixed: the
 *   second add is KF_E_DUPLICATE.)
 *   (2, a time offset over a subnormal duration making iteration_start
 *   infinite and kf_scene_save an empty text, is fixed.)
 *   (3, 4, 5, a stagger grid, max_count or each the scene loader refused or
 *   that overflowed, are fixed: kf_stagger_new refuses grids above 1e9,
 *   max_count beyond 1e15 and spreads beyond 1e15.)
 *   (6, a timing that differs from the default only by a negative zero
 *   left out of the saved file, is fixed: it is written, and node
 *   snapshots read a timing's zeros with their sign.)
 *   (7, kf_player_continue with a factor that makes the rate overflow, is
 *   fixed: KF_E_INVALID_VALUE, the player unchanged.)
 *   (8, a player's start time (clock - current time / rate) overflowing to
 *   -inf through finite arguments at a tiny rate, is fixed: such a control
 *   is KF_E_INVALID_VALUE and changes nothing; snapshots require a finite
 *   or unresolved start time.) */

#define ANIMATORS 2
#define NODES 6
#define PLAYERS 2
#define DEAD 4
#define BATCH_MAX 8
/* Sizes the library must refuse before touching anything (above
 * SIZE_MAX / 2: negative as a Swift Int). */
#define HUGE_SIZE ((size_t)INT64_MAX + 1)

#include "pools.h"

/* ---------------------------------------------------------------------------
 * The pool, and handles no call may take.
 */
static kf_animator *animators[ANIMATORS];
static kf_node *nodes[NODES];
static kf_player *players[PLAYERS];
/* The node each player plays (the pool's handle when it was made; it may
 * have been released since, while the player keeps the node). */
static kf_node *player_nodes[PLAYERS];
static kf_relative_keyframes *builder;
static kf_scene *named_scene;
static int tracing = -1;

static kf_animator *choose_animator(fuzz_reader *r, enum handle_class *class) {
  return (kf_animator *)CHOOSE(r, animators, nodes, class);
}
static kf_node *choose_node(fuzz_reader *r, enum handle_class *class) {
  return (kf_node *)CHOOSE(r, nodes, animators, class);
}
static kf_player *choose_player(fuzz_reader *r, enum handle_class *class) {
  return (kf_player *)CHOOSE(r, players, nodes, class);
}

/* Puts a new node in slot `slot`, releasing the one there. */
static void keep_node(unsigned slot, kf_node *node) {
  kf_node_release(nodes[slot]);
  bury(nodes[slot]);
  nodes[slot] = node;
}

/* ---------------------------------------------------------------------------
 * Choices: texts, numbers, enums, sizes, options.
 */

static const char *const targets[] = {"", "card", "icon", "card.icon", "a", "\xff"};
static const char *const properties[] = {"alpha",     "x",        "position", "backgroundColor",
                                         "scale",     "rotation", "hidden",   "transform",
                                         "cornerRadius", "",       "\xc3\x28"};
static const char *const easings[] = {
    NULL, "", "linear", "easeInOutCubic", "steps(3, jump-both)", "cubic-bezier(0, 1e6, 1, -1e6)",
    "spring(duration=0.5, bounce=0.3)", "linear(0, 0.25 75%, 1)", "wobble", "\xff"};
/* GSAP positions (Guides/Choreography.md) and malformed ones. */
static const char *const positions[] = {
    NULL,  "+=0",       "2.5",      "+=1",     "-=1",     "<",     "<0.5",       ">",
    ">-1", "intro",     "intro+=0.5", "intro-=2", "outro", "1e300", "-1e300",     "+=1e308",
    "5e-324", "-=1.7976931348623157e308", "",  "+=",    "<<",    "nan",        "inf",
    "2 .5", "\xff"};
static const char *const labels[] = {"intro", "outro", "_a", "a-b.c", "", "1x", "a b", "\xff"};
static const char *const names[] = {NULL, "a", "b", "", "\xff"};

/* The times most edits are keyed at: small and distinct. */
static double choose_time(fuzz_reader *r) {
  uint8_t s = fuzz_u8(r);
  return s < 200 ? (s % 25) * 0.5 : fuzz_number(r);
}

/* A value: mostly in [0, 1] (alpha takes it), else any number. */
static double choose_value(fuzz_reader *r) {
  uint8_t s = fuzz_u8(r);
  return s < 160 ? s / 159.0 : fuzz_number(r);
}

static uint32_t choose_version(fuzz_reader *r, uint32_t good) {
  uint8_t s = fuzz_u8(r);
  if (s < 240) return good;
  const uint32_t bad[] = {0, good + 1, UINT32_MAX, 0x80000001u};
  return bad[s % 4];
}

/* An enum value in [low, high], or now and then one outside. */
static int32_t choose_enum(fuzz_reader *r, int32_t low, int32_t high) {
  uint8_t s = fuzz_u8(r);
  if (s < 232) return low + (int32_t)(s % (unsigned)(high - low + 1));
  static const int32_t bad[] = {-2, -1, 7, 100, INT32_MIN, INT32_MAX};
  return bad[s % 6];
}

/* A count near `natural`: mostly it, else off by one, 0 or huge. */
static size_t choose_size(fuzz_reader *r, size_t natural) {
  uint8_t s = fuzz_u8(r);
  if (s < 216) return natural;
  switch (s % 5) {
  case 0: return natural ? natural - 1 : 0;
  case 1: return 0;
  case 2: return natural + 1;
  case 3: return HUGE_SIZE;
  default: return SIZE_MAX;
  }
}

/* A buffer's capacity for `natural` items: mostly that, else one short or 0. */
static size_t choose_capacity(fuzz_reader *r, size_t natural) {
  uint8_t s = fuzz_u8(r);
  if (s < 224 || natural == 0) return natural;
  return s & 1 ? natural - 1 : 0;
}

/* A duration: a number, or one of auto, +inf, 0, 1e300, a subnormal. */
static double choose_duration(fuzz_reader *r) {
  uint8_t s = fuzz_u8(r);
  if (s < 200) return fuzz_number(r);
  static const double special[] = {KF_DURATION_AUTO, INFINITY, 0, 1e300, 5e-324};
  return special[s % 5];
}

static void make_timing(fuzz_reader *r, kf_timing_options *t) {
  kf_timing_options defaults = KF_TIMING_OPTIONS_INIT;
  *t = defaults;
  t->version = choose_version(r, KF_TIMING_OPTIONS_VERSION);
  uint8_t flags = fuzz_u8(r), more = fuzz_u8(r);
  if (flags & 1) t->delay = fuzz_number(r);
  if (flags & 2) t->end_delay = fuzz_number(r);
  if (flags & 4) t->duration = choose_duration(r);
  if (flags & 8) t->iterations = fuzz_u8(r) < 32 ? INFINITY : fuzz_number(r);
  if (flags & 16) t->iteration_start = fuzz_number(r);
  if (flags & 32) t->direction = choose_enum(r, 0, 3);
  if (flags & 64) t->fill = choose_enum(r, 0, 4);
  if (flags & 128) t->easing = TEXT(r, easings);
  if (more & 1) t->autoreverses = 1;
  if (more & 2) t->time_offset = fuzz_number(r);
}

/* NULL (the defaults) or a timing made from the input into *storage. */
static const kf_timing_options *choose_timing(fuzz_reader *r, kf_timing_options *storage) {
  if (fuzz_u8(r) < 64) return NULL;
  make_timing(r, storage);
  return storage;
}

/* The channels of a property's default kind (1 for a name without one). */
static size_t property_channels(const char *property) {
  const char *kind = NULL;
  if (kf_property_info(property, &kind, NULL, NULL) != KF_OK || kind == NULL) return 1;
  for (size_t i = 0; i < kf_kind_count(); i++) {
    kf_kind_info info;
    if (kf_kind_get(i, &info) == KF_OK && strcmp(info.name, kind) == 0) return info.min_channels;
  }
  return 1;
}

/* ---------------------------------------------------------------------------
 * Snapshots.
 */
static const double probe_times[] = {-1,   0,    0.25,  0.5,     1,        2.5,
                                     10,   1e300, -1e300, 5e-324, INFINITY, NAN};
#define PROBES COUNT(probe_times)

/* The node sampled at the probe times in `direction`: status, width and
 * matrix. */
static void put_samples(bytes *b, const kf_node *node, kf_animation_direction direction) {
  size_t width = 0;
  kf_status status = CALL(kf_node_get_layout(node, NULL, 0, NULL, 0, NULL, NULL, &width, NULL));
  PUT(b, status);
  if (status != KF_OK && status != KF_E_BUFFER_TOO_SMALL) return;
  double *matrix = (double *)malloc(sizeof(double) * (PROBES * width + 1));
  size_t got = (size_t)-1;
  status = CALL(kf_node_sample_many(node, probe_times, PROBES, direction, matrix, PROBES * width,
                                    &got, NULL));
  PUT(b, status);
  if (status == KF_OK) {
    FUZZ_ASSERT(got == width, "sample width %zu, layout %zu", got, width);
    put(b, matrix, sizeof(double) * PROBES * width);
  }
  free(matrix);
}

/* A node's whole observable state; with `generations` 0 the layout
 * generation is left out (to compare a loaded node with its original). */
static void snapshot_node(bytes *b, const kf_node *node, int generations) {
  kf_node_kind kind = -1;
  kf_status status = CALL(kf_node_kind_of(node, &kind));
  PUT(b, status);
  if (status != KF_OK) return;
  PUT(b, kind);
  kf_timing_options t = KF_TIMING_OPTIONS_INIT;
  FUZZ_ASSERT(CALL(kf_node_get_timing(node, &t)) == KF_OK, "timing of a live node");
  double delay = t.delay, end_delay = t.end_delay, duration = t.duration,
         iterations = t.iterations, iteration_start = t.iteration_start;
  PUT(b, delay);
  PUT(b, end_delay);
  PUT(b, duration);
  PUT(b, iterations);
  PUT(b, iteration_start);
  PUT(b, t.direction);
  PUT(b, t.fill);
  put_string(b, t.easing);
  double natural = 0, active = 0, end = 0;
  FUZZ_ASSERT(CALL(kf_node_durations(node, &natural, &active, &end)) == KF_OK, "durations");
  PUT(b, natural);
  PUT(b, active);
  PUT(b, end);

  size_t pairs = 0, names_length = 0, width = 0;
  uint64_t generation = 0;
  status = CALL(kf_node_get_layout(node, NULL, 0, NULL, 0, &pairs, &names_length, &width,
                                   &generation));
  PUT(b, status);
  if (status == KF_OK || status == KF_E_BUFFER_TOO_SMALL) {
    PUT(b, pairs);
    PUT(b, width);
    if (generations) PUT(b, generation);
    kf_column *columns = (kf_column *)malloc(sizeof(kf_column) * (pairs + 1));
    char *text = (char *)malloc(names_length + 1);
    FUZZ_ASSERT(CALL(kf_node_get_layout(node, columns, pairs, text, names_length, NULL, NULL, NULL,
                                        NULL)) == KF_OK,
                "layout with its buffers");
    put(b, text, names_length);
    for (size_t i = 0; i < pairs; i++) {
      PUT(b, columns[i].start);
      PUT(b, columns[i].channels);
      put_string(b, columns[i].kind);
    }
    free(columns);
    free(text);
  }
  put_samples(b, node, KF_ANIMATION_FORWARDS);
  put_samples(b, node, KF_ANIMATION_BACKWARDS);

  size_t children = 0;
  FUZZ_ASSERT(CALL(kf_timeline_child_count(node, &children)) == KF_OK, "child count");
  FUZZ_ASSERT(kind == KF_NODE_TIMELINE || children == 0, "a %d node with %zu children", (int)kind,
              children);
  PUT(b, children);
  for (size_t i = 0; i < children; i++) {
    double start = NAN;
    FUZZ_ASSERT(CALL(kf_timeline_child_at(node, i, NULL, &start)) == KF_OK, "child %zu", i);
    PUT(b, start);
  }
  for (size_t i = 0; i < COUNT(labels); i++) {
    double time = NAN;
    status = CALL(kf_timeline_label_time(node, labels[i], &time));
    PUT(b, status);
    if (status == KF_OK) PUT(b, time);
  }
  size_t offsets = 0;
  status = CALL(kf_stagger_offsets(node, NULL, 0, &offsets));
  FUZZ_ASSERT(status == KF_OK || status == KF_E_BUFFER_TOO_SMALL, "stagger offsets: %d",
              (int)status);
  FUZZ_ASSERT((kind == KF_NODE_STAGGER) == (offsets > 0), "a %d node with %zu offsets", (int)kind,
              offsets);
  double *values = (double *)malloc(sizeof(double) * (offsets + 1));
  FUZZ_ASSERT(CALL(kf_stagger_offsets(node, values, offsets, &offsets)) == KF_OK, "offsets");
  put(b, values, sizeof(double) * offsets);
  free(values);
}

static const double probe_clocks[] = {0, 0.5, 1, 10, -1, 1e300};

static void snapshot_player(bytes *b, const kf_player *player) {
  kf_player_state s = KF_PLAYER_STATE_INIT;
  kf_status status = CALL(kf_player_get_state(player, &s));
  PUT(b, status);
  if (status != KF_OK) return;
  FUZZ_ASSERT(kf_play_state_name(s.play_state) != NULL, "play state %d", (int)s.play_state);
  FUZZ_ASSERT(isfinite(s.clock_time) && isfinite(s.playback_rate), "clock %g, rate %g",
              s.clock_time, s.playback_rate);
  FUZZ_ASSERT((s.play_state == KF_PLAY_STATE_IDLE) == isnan(s.current_time),
              "play state %d with current time %g", (int)s.play_state, s.current_time);
  PUT(b, s.play_state);
  PUT(b, s.clock_time);
  PUT(b, s.current_time);
  PUT(b, s.playback_rate);
  PUT(b, s.fraction_complete);
  PUT(b, s.pauses_on_completion);
  PUT(b, s.scrubs_linearly);
  double start = 0;
  FUZZ_ASSERT(CALL(kf_player_get_start_time(player, &start)) == KF_OK, "start time");
  FUZZ_ASSERT(isnan(start) || isfinite(start), "start time %g", start);
  PUT(b, start);
  double times[COUNT(probe_clocks)];
  FUZZ_ASSERT(CALL(kf_player_local_times(player, probe_clocks, COUNT(probe_clocks), times,
                                         COUNT(probe_clocks))) == KF_OK,
              "local times");
  put(b, times, sizeof times);
}

/* Every node and player of the pool. */
static void snapshot_pool(bytes *b) {
  for (int i = 0; i < NODES; i++) snapshot_node(b, nodes[i], 1);
  for (int i = 0; i < PLAYERS; i++) snapshot_player(b, players[i]);
}

/* The pool's state before a call; after it, unchanged() checks that a
 * refused call left it so. */
typedef struct before {
  bytes state;
} before;

static void take(before *s) {
  memset(s, 0, sizeof *s);
  snapshot_pool(&s->state);
}

static void unchanged(before *s, kf_status status, const char *what) {
  if (status != KF_OK) {
    bytes now = {0};
    snapshot_pool(&now);
    FUZZ_ASSERT(same_bytes(&now, &s->state), "refused %s (%d) changed the pool", what,
                (int)status);
    free(now.data);
  }
  free(s->state.data);
}

/* ---------------------------------------------------------------------------
 * Operations.
 */

/* A new animator (kf_animator_add_tracks): 1 to 3 tracks of properties and
 * targets from the tables, 0 to 3 linear keyframes each at shared times or
 * one row of times a track. */
static void op_animator(fuzz_reader *r) {
  unsigned slot = fuzz_pick(r, ANIMATORS);
  kf_animator *a = NULL;
  FUZZ_ASSERT(CALL(kf_animator_create(&a)) == KF_OK, "create");
  size_t count = 1 + fuzz_pick(r, 3), keyframes = fuzz_pick(r, 4), channels = 0;
  const char *track_targets[3], *track_properties[3];
  for (size_t i = 0; i < count; i++) {
    track_targets[i] = TEXT(r, targets);
    track_properties[i] = TEXT(r, properties);
    channels += property_channels(track_properties[i]);
  }
  int rows = fuzz_u8(r) & 1;
  size_t times_count = rows ? count * keyframes : keyframes;
  double times[3 * 3], values[3 * 3 * 16];
  for (size_t i = 0; i < times_count; i++) times[i] = choose_time(r);
  size_t values_count = keyframes * channels;
  for (size_t i = 0; i < values_count; i++) values[i] = choose_value(r);
  size_t given = choose_size(r, values_count);
  uint64_t generation = 0, after = 0;
  FUZZ_ASSERT(CALL(kf_animator_generation(a, &generation)) == KF_OK, "generation");
  kf_status status = CALL(kf_animator_add_tracks(a, track_targets, track_properties, count, NULL,
                                                 keyframes, times, times_count, values, given));
  size_t tracks = 99;
  FUZZ_ASSERT(CALL(kf_animator_track_count(a, &tracks)) == KF_OK &&
                  CALL(kf_animator_generation(a, &after)) == KF_OK,
              "count");
  if (status != KF_OK) {
    FUZZ_ASSERT(tracks == 0 && after == generation, "refused add_tracks added %zu", tracks);
  } else {
    FUZZ_ASSERT(tracks == count && given == values_count, "add_tracks of %zu made %zu", count,
                tracks);
    for (size_t i = 0; i < count; i++) {
      kf_track *t = NULL;
      size_t n = 99;
      FUZZ_ASSERT(CALL(kf_animator_track_at(a, i, &t)) == KF_OK &&
                      CALL(kf_track_keyframe_count(t, &n)) == KF_OK,
                  "track %zu", i);
      FUZZ_ASSERT(n <= keyframes && (keyframes == 0) == (n == 0), "%zu keyframes of %zu", n,
                  keyframes);
      kf_track_release(t);
    }
  }
  kf_animator_release(animators[slot]);
  bury(animators[slot]);
  animators[slot] = a;
}

static void op_clip(fuzz_reader *r) {
  enum handle_class class;
  kf_animator *a = choose_animator(r, &class);
  double span[2] = {choose_time(r), choose_time(r)};
  int spanned = fuzz_u8(r) & 1;
  kf_timing_options storage;
  const kf_timing_options *timing = choose_timing(r, &storage);
  kf_composite composite = choose_enum(r, 0, 1);
  kf_node *node = (kf_node *)(uintptr_t)0x5a5a;
  kf_status status = CALL(kf_clip_new(a, spanned ? span : NULL, timing, composite, &node));
  check_refused(class, status, "kf_clip_new");
  if (status != KF_OK) {
    FUZZ_ASSERT(node == (kf_node *)(uintptr_t)0x5a5a, "a refused clip wrote its node");
    return;
  }
  kf_node_kind kind = -1;
  FUZZ_ASSERT(CALL(kf_node_kind_of(node, &kind)) == KF_OK && kind == KF_NODE_CLIP, "a clip's kind");
  keep_node(fuzz_pick(r, NODES), node);
}

static void op_timeline(fuzz_reader *r) {
  kf_timing_options storage;
  const kf_timing_options *timing = choose_timing(r, &storage);
  kf_node *node = (kf_node *)(uintptr_t)0x5a5a;
  kf_status status = CALL(kf_timeline_new(timing, &node));
  if (status != KF_OK) {
    FUZZ_ASSERT(node == (kf_node *)(uintptr_t)0x5a5a, "a refused timeline wrote its node");
    return;
  }
  keep_node(fuzz_pick(r, NODES), node);
}

static void op_timeline_add(fuzz_reader *r) {
  enum handle_class timeline_class, child_class;
  kf_node *timeline = choose_node(r, &timeline_class);
  kf_node *child = choose_node(r, &child_class);
  const char *position = TEXT(r, positions);
  size_t children = 0;
  kf_timeline_child_count(timeline, &children);
  double start;
  fuzz_fill(&start, sizeof start);
  before s;
  take(&s);
  kf_status status = CALL(kf_timeline_add(timeline, child, position, &start));
  check_refused(timeline_class, status, "kf_timeline_add");
  check_refused(child_class, status, "kf_timeline_add (child)");
  unchanged(&s, status, "kf_timeline_add");
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&start, 0, sizeof start), "a refused add wrote its start");
    return;
  }
  FUZZ_ASSERT(isfinite(start), "start %g at \"%s\"", start, position ? position : "(NULL)");
  size_t now = 0;
  double read = NAN;
  FUZZ_ASSERT(CALL(kf_timeline_child_count(timeline, &now)) == KF_OK && now == children + 1,
              "children %zu then %zu", children, now);
  FUZZ_ASSERT(CALL(kf_timeline_child_at(timeline, now - 1, NULL, &read)) == KF_OK &&
                  memcmp(&read, &start, sizeof start) == 0,
              "the new child starts at %.17g, not %.17g", read, start);
  /* A node has one parent. */
  kf_node *other = NULL;
  FUZZ_ASSERT(CALL(kf_timeline_new(NULL, &other)) == KF_OK, "timeline");
  FUZZ_ASSERT(CALL(kf_timeline_add(other, child, NULL, NULL)) == KF_E_INVALID_VALUE,
              "a child added twice");
  kf_node_release(other);
}

static void op_label(fuzz_reader *r) {
  enum handle_class class;
  kf_node *timeline = choose_node(r, &class);
  const char *name = TEXT(r, labels), *position = TEXT(r, positions);
  double time;
  fuzz_fill(&time, sizeof time);
  before s;
  take(&s);
  kf_status status = CALL(kf_timeline_add_label(timeline, name, position, &time));
  check_refused(class, status, "kf_timeline_add_label");
  unchanged(&s, status, "kf_timeline_add_label");
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&time, 0, sizeof time), "a refused label wrote its time");
    return;
  }
  double read = NAN;
  FUZZ_ASSERT(isfinite(time), "label time %g", time);
  FUZZ_ASSERT(CALL(kf_timeline_label_time(timeline, name, &read)) == KF_OK &&
                  memcmp(&read, &time, sizeof time) == 0,
              "label %s at %.17g reads %.17g", name, time, read);
}

static void make_stagger_options(fuzz_reader *r, kf_stagger_options *o) {
  kf_stagger_options defaults = KF_STAGGER_OPTIONS_INIT;
  fuzz_fill(o, sizeof *o);
  FUZZ_ASSERT(CALL(kf_stagger_options_init(o)) == KF_OK && o->version == defaults.version &&
                  o->each == defaults.each && isnan(o->amount) && o->origin == defaults.origin &&
                  o->origin_index == defaults.origin_index && o->origin_x == defaults.origin_x &&
                  o->origin_y == defaults.origin_y && o->seed == defaults.seed &&
                  o->grid_rows == defaults.grid_rows && o->grid_columns == defaults.grid_columns &&
                  o->axis == defaults.axis && o->ease == defaults.ease &&
                  o->max_count == defaults.max_count,
              "kf_stagger_options_init differs from the macro");
  o->version = choose_version(r, KF_STAGGER_OPTIONS_VERSION);
  uint8_t flags = fuzz_u8(r);
  if (flags & 1) o->each = fuzz_number(r);
  if (flags & 2) o->amount = fuzz_number(r);
  if (flags & 4) o->origin = choose_enum(r, 0, 6);
  if (flags & 8) {
    static const int64_t indices[] = {0, 1, 3, -1, INT64_MAX, INT64_MIN};
    o->origin_index = indices[fuzz_pick(r, 6)];
  }
  if (flags & 16) {
    o->origin_x = fuzz_number(r);
    o->origin_y = fuzz_number(r);
  }
  if (flags & 32) {
    static const int32_t cells[] = {0, 1, 2, 3, -1, INT32_MAX};
    o->grid_rows = cells[fuzz_pick(r, 6)];
    o->grid_columns = cells[fuzz_pick(r, 6)];
  }
  if (flags & 64) o->axis = choose_enum(r, 0, 2);
  if (flags & 128) {
    o->ease = TEXT(r, easings);
    o->seed = fuzz_u64(r);
    static const int64_t counts[] = {KF_STAGGER_NO_MAX_COUNT, -1, 0, 1, 3, INT64_MAX};
    o->max_count = counts[fuzz_pick(r, 6)];
  }
}

/* Up to 4 targets from the table. */
static size_t choose_targets(fuzz_reader *r, const char **out) {
  size_t count = fuzz_pick(r, 5);
  for (size_t i = 0; i < count; i++) out[i] = TEXT(r, targets);
  return count;
}

static void check_stagger(kf_node *stagger, size_t count) {
  kf_node_kind kind = -1;
  size_t offsets = 0;
  double values[4];
  FUZZ_ASSERT(CALL(kf_node_kind_of(stagger, &kind)) == KF_OK && kind == KF_NODE_STAGGER,
              "a stagger's kind");
  FUZZ_ASSERT(CALL(kf_stagger_offsets(stagger, values, 4, &offsets)) == KF_OK && offsets == count,
              "%zu offsets for %zu targets", offsets, count);
  for (size_t i = 0; i < count; i++) {
    FUZZ_ASSERT(isfinite(values[i]), "offset %zu is %g", i, values[i]);
  }
}

static void op_stagger(fuzz_reader *r) {
  enum handle_class class;
  kf_node *template_clip = choose_node(r, &class);
  const char *items[4];
  size_t count = choose_targets(r, items);
  kf_stagger_options options;
  int optioned = fuzz_u8(r) & 1;
  if (optioned) make_stagger_options(r, &options);
  kf_timing_options storage;
  const kf_timing_options *timing = choose_timing(r, &storage);
  kf_node *node = (kf_node *)(uintptr_t)0x5a5a;
  before s;
  take(&s);
  kf_status status = CALL(kf_stagger_new(template_clip, items, count, optioned ? &options : NULL,
                                         timing, &node));
  check_refused(class, status, "kf_stagger_new");
  unchanged(&s, status, "kf_stagger_new");
  if (status != KF_OK) {
    FUZZ_ASSERT(node == (kf_node *)(uintptr_t)0x5a5a, "a refused stagger wrote its node");
    return;
  }
  check_stagger(node, count);
  kf_node *again = NULL;
  FUZZ_ASSERT(CALL(kf_stagger_new(template_clip, items, count, NULL, NULL, &again)) ==
                  KF_E_INVALID_VALUE,
              "a template used twice");
  keep_node(fuzz_pick(r, NODES), node);
}

static void op_preset(fuzz_reader *r) {
  kf_stagger_preset preset = choose_enum(r, 0, 2);
  kf_node *node = (kf_node *)(uintptr_t)0x5a5a;
  kf_status status;
  if (fuzz_u8(r) & 1) {
    status = CALL(kf_stagger_preset_template(preset, &node));
    if (status == KF_OK) {
      kf_node_kind kind = -1;
      FUZZ_ASSERT(CALL(kf_node_kind_of(node, &kind)) == KF_OK && kind == KF_NODE_CLIP,
                  "a preset's template is a clip");
    }
  } else {
    const char *items[4];
    size_t count = choose_targets(r, items);
    status = CALL(kf_stagger_preset_new(preset, items, count, &node));
    if (status == KF_OK) check_stagger(node, count);
  }
  FUZZ_ASSERT((status == KF_OK) || node == (kf_node *)(uintptr_t)0x5a5a,
              "a refused preset wrote its node");
  FUZZ_ASSERT(status != KF_OK || kf_stagger_preset_name(preset) != NULL, "preset %d made",
              (int)preset);
  if (status == KF_OK) keep_node(fuzz_pick(r, NODES), node);
}

/* The builder's clip, as a snapshot without generations (NULL builder or a
 * refused make_clip: its status). */
static void snapshot_builder(bytes *b) {
  kf_node *clip = NULL;
  kf_status status = CALL(kf_relative_keyframes_make_clip(builder, &clip));
  PUT(b, status);
  if (status == KF_OK) snapshot_node(b, clip, 0);
  kf_node_release(clip);
}

/* Relative keyframes: a new builder, a start value, a block, or the clip. */
static void op_relative(fuzz_reader *r) {
  unsigned which = fuzz_pick(r, 4);
  if (which == 0) {
    kf_relative_keyframes *made = (kf_relative_keyframes *)(uintptr_t)0x5a5a;
    double duration = fuzz_u8(r) < 192 ? 0.5 + fuzz_pick(r, 8) : fuzz_number(r);
    kf_status status =
        CALL(kf_relative_keyframes_new(duration, fuzz_number(r), choose_enum(r, 0, 4), &made));
    if (status != KF_OK) {
      FUZZ_ASSERT(made == (kf_relative_keyframes *)(uintptr_t)0x5a5a, "a refused builder was made");
      return;
    }
    kf_relative_keyframes_release(builder);
    bury(builder);
    builder = made;
    return;
  }
  if (which == 3) {
    kf_node *clip = (kf_node *)(uintptr_t)0x5a5a;
    kf_status status = CALL(kf_relative_keyframes_make_clip(builder, &clip));
    if (status != KF_OK) {
      FUZZ_ASSERT(clip == (kf_node *)(uintptr_t)0x5a5a, "a refused make_clip wrote its node");
      return;
    }
    keep_node(fuzz_pick(r, NODES), clip);
    return;
  }
  bytes state = {0}, now = {0};
  snapshot_builder(&state);
  kf_status status;
  if (which == 1) {
    const char *target = TEXT(r, targets), *property = TEXT(r, properties);
    double value[16];
    size_t channels = property_channels(property);
    for (size_t i = 0; i < channels && i < 16; i++) value[i] = choose_value(r);
    size_t given = choose_size(r, channels);
    status = CALL(kf_relative_keyframes_set_start(builder, target, property, NULL, value,
                                                  given > 16 && given < HUGE_SIZE ? 16 : given));
  } else {
    double start = fuzz_u8(r) < 200 ? fuzz_pick(r, 5) / 4.0 : fuzz_number(r);
    double duration = fuzz_u8(r) < 200 ? (1 + fuzz_pick(r, 4)) / 4.0 : fuzz_number(r);
    size_t count = 1 + fuzz_pick(r, 2), offsets[3] = {0};
    const char *block_targets[2], *block_properties[2];
    double values[32];
    for (size_t i = 0; i < count; i++) {
      block_targets[i] = TEXT(r, targets);
      block_properties[i] = TEXT(r, properties);
      size_t channels = property_channels(block_properties[i]);
      offsets[i + 1] = offsets[i] + (channels > 16 ? 16 : channels);
    }
    for (size_t i = 0; i < offsets[count]; i++) values[i] = choose_value(r);
    if (fuzz_u8(r) > 240) offsets[count] += 1; /* one value short */
    status = CALL(kf_relative_keyframes_add_block(builder, start, duration, block_targets,
                                                  block_properties, values, offsets, count));
  }
  if (status != KF_OK) {
    snapshot_builder(&now);
    FUZZ_ASSERT(same_bytes(&state, &now), "a refused builder edit (%d) changed its clip",
                (int)status);
  }
  free(state.data);
  free(now.data);
}

/* A node's timing, as kf_node_set_timing then kf_node_get_timing give it,
 * is what kf_timing_validate makes of it, its easing canonical. */
static void check_timing_read(const kf_node *node, const kf_timing_options *given) {
  kf_timing_options valid, got = KF_TIMING_OPTIONS_INIT;
  FUZZ_ASSERT(CALL(kf_timing_validate(given, &valid)) == KF_OK, "a timing set does not validate");
  FUZZ_ASSERT(CALL(kf_node_get_timing(node, &got)) == KF_OK, "get timing");
  FUZZ_ASSERT(memcmp(&got.delay, &valid.delay, sizeof got.delay) == 0 &&
                  memcmp(&got.end_delay, &valid.end_delay, sizeof got.delay) == 0 &&
                  memcmp(&got.duration, &valid.duration, sizeof got.delay) == 0 &&
                  memcmp(&got.iterations, &valid.iterations, sizeof got.delay) == 0 &&
                  memcmp(&got.iteration_start, &valid.iteration_start, sizeof got.delay) == 0 &&
                  got.direction == valid.direction && got.fill == valid.fill &&
                  got.autoreverses == 0 && got.time_offset == 0,
              "timing read back: delay %g/%g duration %g/%g iterations %g/%g start %g/%g",
              got.delay, valid.delay, got.duration, valid.duration, got.iterations,
              valid.iterations, got.iteration_start, valid.iteration_start);
  char canonical[256] = "linear";
  if (valid.easing && valid.easing[0]) {
    FUZZ_ASSERT(CALL(kf_easing_canonical(valid.easing, canonical, sizeof canonical, NULL)) == KF_OK,
                "a valid easing has no canonical text");
  }
  FUZZ_ASSERT(got.easing ? strcmp(got.easing, canonical) == 0 : strcmp(canonical, "linear") == 0,
              "easing \"%s\" reads back as \"%s\"", canonical, got.easing ? got.easing : "(NULL)");
}

static void op_set_timing(fuzz_reader *r) {
  enum handle_class class;
  kf_node *node = choose_node(r, &class);
  kf_timing_options storage;
  const kf_timing_options *timing = choose_timing(r, &storage);
  before s;
  take(&s);
  kf_status status = CALL(kf_node_set_timing(node, timing));
  check_refused(class, status, "kf_node_set_timing");
  unchanged(&s, status, "kf_node_set_timing");
  if (status == KF_OK) {
    kf_timing_options defaults = KF_TIMING_OPTIONS_INIT;
    check_timing_read(node, timing ? timing : &defaults);
  }
}

/* Whether two computed timings are the same bits. */
static int same_computed(const kf_computed_timing *a, const kf_computed_timing *b) {
  return a->phase == b->phase &&
         memcmp(&a->local_time, &b->local_time,
                sizeof(kf_computed_timing) - offsetof(kf_computed_timing, local_time)) == 0;
}

/* A node's computed timing is its timing's, with its natural duration and
 * its kind's fill for auto. */
static void op_compute(fuzz_reader *r) {
  enum handle_class class;
  kf_node *node = choose_node(r, &class);
  double time = fuzz_u8(r) < 128 ? choose_time(r) : fuzz_number(r);
  kf_animation_direction direction = choose_enum(r, 0, 1);
  kf_computed_timing got = KF_COMPUTED_TIMING_INIT, want = KF_COMPUTED_TIMING_INIT;
  kf_status status = CALL(kf_node_compute(node, time, direction, &got));
  check_refused(class, status, "kf_node_compute");
  if (status != KF_OK) return;
  kf_timing_options timing = KF_TIMING_OPTIONS_INIT;
  kf_node_kind kind = -1;
  double natural = 0, active = 0, end = 0;
  FUZZ_ASSERT(CALL(kf_node_get_timing(node, &timing)) == KF_OK &&
                  CALL(kf_node_kind_of(node, &kind)) == KF_OK &&
                  CALL(kf_node_durations(node, &natural, &active, &end)) == KF_OK,
              "a computed node's timing");
  if (timing.fill == KF_FILL_AUTO) timing.fill = kind == KF_NODE_CLIP ? KF_FILL_NONE : KF_FILL_BOTH;
  FUZZ_ASSERT(CALL(kf_timing_compute(&timing, time, natural, direction, &want)) == KF_OK,
              "the node's own timing does not compute");
  FUZZ_ASSERT(same_computed(&got, &want),
              "node at %.17g: phase %d/%d active %.17g/%.17g progress %.17g/%.17g", time,
              (int)got.phase, (int)want.phase, got.active_time, want.active_time,
              got.transformed_progress, want.transformed_progress);
  FUZZ_ASSERT(memcmp(&got.active_duration, &active, sizeof active) == 0 &&
                  memcmp(&got.end_time, &end, sizeof end) == 0,
              "durations %.17g, %.17g; computed %.17g, %.17g", active, end, got.active_duration,
              got.end_time);
}

/* A batch of samples equals one time at a time. */
static void op_sample(fuzz_reader *r) {
  enum handle_class class;
  kf_node *node = choose_node(r, &class);
  size_t count = 1 + fuzz_pick(r, BATCH_MAX);
  double times[BATCH_MAX];
  for (size_t i = 0; i < count; i++) times[i] = fuzz_u8(r) < 128 ? choose_time(r) : fuzz_number(r);
  kf_animation_direction direction = choose_enum(r, 0, 1);
  size_t width = 0;
  kf_status status = CALL(kf_node_get_layout(node, NULL, 0, NULL, 0, NULL, NULL, &width, NULL));
  check_refused(class, status, "kf_node_get_layout");
  size_t capacity = choose_capacity(r, count * width), backing = capacity;
  double *matrix = (double *)malloc(sizeof(double) * (backing + 1));
  fuzz_fill(matrix, sizeof(double) * (backing + 1));
  size_t got = 0;
  status = CALL(kf_node_sample_many(node, times, count, direction, matrix, capacity, &got, NULL));
  check_refused(class, status, "kf_node_sample_many");
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(matrix, 0, sizeof(double) * (backing + 1)),
                "a refused sample (%d) wrote", (int)status);
  } else {
    FUZZ_ASSERT(got == width && fuzz_untouched(matrix, sizeof(double) * count * width,
                                               sizeof(double) * (backing + 1)),
                "a sample wrote past its matrix");
    double *row = (double *)malloc(sizeof(double) * (width + 1));
    for (size_t j = 0; j < count; j++) {
      FUZZ_ASSERT(CALL(kf_node_sample_many(node, &times[j], 1, direction, row, width, NULL,
                                           NULL)) == KF_OK &&
                      memcmp(row, matrix + j * width, sizeof(double) * width) == 0,
                  "time %.17g alone differs from the batch", times[j]);
    }
    free(row);
  }
  free(matrix);
}

/* A new handle to a timeline's child, into the pool. */
static void op_child_at(fuzz_reader *r) {
  enum handle_class class;
  kf_node *timeline = choose_node(r, &class);
  uint8_t s = fuzz_u8(r);
  size_t index = s < 240 ? s % 4 : SIZE_MAX - s % 2;
  kf_node *child = (kf_node *)(uintptr_t)0x5a5a;
  double start;
  fuzz_fill(&start, sizeof start);
  kf_status status = CALL(kf_timeline_child_at(timeline, index, &child, &start));
  check_refused(class, status, "kf_timeline_child_at");
  if (status != KF_OK) {
    FUZZ_ASSERT(child == (kf_node *)(uintptr_t)0x5a5a && fuzz_untouched(&start, 0, sizeof start),
                "a refused child_at wrote");
    return;
  }
  keep_node(fuzz_pick(r, NODES), child);
}

static void op_player_new(fuzz_reader *r) {
  enum handle_class class;
  kf_node *node = choose_node(r, &class);
  const char *curve = TEXT(r, easings);
  kf_player *player = (kf_player *)(uintptr_t)0x5a5a;
  kf_status status = CALL(kf_player_new(node, curve, &player));
  check_refused(class, status, "kf_player_new");
  if (status != KF_OK) {
    FUZZ_ASSERT(player == (kf_player *)(uintptr_t)0x5a5a, "a refused player was made");
    return;
  }
  kf_player_state state = KF_PLAYER_STATE_INIT;
  FUZZ_ASSERT(CALL(kf_player_get_state(player, &state)) == KF_OK &&
                  state.play_state == KF_PLAY_STATE_IDLE && state.clock_time == 0,
              "a new player is idle at 0");
  unsigned slot = fuzz_pick(r, PLAYERS);
  kf_player_release(players[slot]);
  bury(players[slot]);
  players[slot] = player;
  player_nodes[slot] = node;
}

/* A number for a player's time or rate: small ones mostly. */
static double choose_clock(fuzz_reader *r) {
  uint8_t s = fuzz_u8(r);
  return s < 160 ? (s % 41) * 0.25 - 2 : fuzz_number(r);
}

static void op_player_control(fuzz_reader *r) {
  enum handle_class class;
  kf_player *p = choose_player(r, &class);
  unsigned which = fuzz_pick(r, 14);
  double x = choose_clock(r);
  int32_t flag = (int32_t)fuzz_pick(r, 3);
  before s;
  take(&s);
  kf_status status;
  switch (which) {
  case 0: status = CALL(kf_player_play(p)); break;
  case 1: status = CALL(kf_player_pause(p)); break;
  case 2: status = CALL(kf_player_reverse(p)); break;
  case 3: status = CALL(kf_player_finish(p)); break;
  case 4: status = CALL(kf_player_cancel(p)); break;
  case 5: status = CALL(kf_player_set_current_time(p, x)); break;
  case 6: status = CALL(kf_player_set_playback_rate(p, x)); break;
  case 7: status = CALL(kf_player_set_fraction_complete(p, x)); break;
  case 8: status = CALL(kf_player_set_reversed(p, flag)); break;
  case 9: status = CALL(kf_player_set_pauses_on_completion(p, flag)); break;
  case 10: status = CALL(kf_player_set_scrubs_linearly(p, flag)); break;
  case 11: status = CALL(kf_player_continue(p, TEXT(r, easings), x)); break;
  case 12: status = CALL(kf_player_stop(p, choose_enum(r, 0, 2))); break;
  default: status = CALL(kf_player_set_start_time(p, x)); break;
  }
  check_refused(class, status, "a player control");
  unchanged(&s, status, "player control");
  if (status != KF_OK) return;
  kf_player_state state = KF_PLAYER_STATE_INIT;
  FUZZ_ASSERT(CALL(kf_player_get_state(p, &state)) == KF_OK, "state");
  if (which == 6) {
    FUZZ_ASSERT(state.playback_rate == x, "rate %g set, %g read", x, state.playback_rate);
  }
  if (which == 9) FUZZ_ASSERT(state.pauses_on_completion == (flag != 0), "pauses_on_completion");
  if (which == 10) FUZZ_ASSERT(state.scrubs_linearly == (flag != 0), "scrubs_linearly");
  if (which == 4) FUZZ_ASSERT(state.play_state == KF_PLAY_STATE_IDLE, "a cancelled player is idle");
}

/* The events of a tick: at most `capacity`, each of a known kind with a
 * finite clock, the rest of the buffer untouched. */
static void check_events(const kf_event *events, size_t capacity, size_t count, int32_t more) {
  FUZZ_ASSERT(count <= capacity && (more == 0 || more == 1), "%zu events in %zu, more %d", count,
              capacity, (int)more);
  for (size_t i = 0; i < count; i++) {
    FUZZ_ASSERT(kf_event_kind_name(events[i].kind) != NULL && isfinite(events[i].clock_time),
                "event %zu: kind %d at %g", i, (int)events[i].kind, events[i].clock_time);
    FUZZ_ASSERT((events[i].kind == KF_EVENT_ITERATION) != isnan(events[i].iteration),
                "event %zu: kind %d, iteration %g", i, (int)events[i].kind, events[i].iteration);
  }
  FUZZ_ASSERT(fuzz_untouched(events, sizeof(kf_event) * count, sizeof(kf_event) * capacity),
              "events written past their count");
}

static void op_player_clock(fuzz_reader *r) {
  enum handle_class class;
  kf_player *p = choose_player(r, &class);
  unsigned which = fuzz_pick(r, 3);
  double x = choose_clock(r);
  size_t capacity = fuzz_pick(r, 4);
  kf_event events[4];
  fuzz_fill(events, sizeof events);
  size_t count = 0;
  int32_t more = -1;
  if (which < 2) {
    before s;
    take(&s);
    kf_status status = which == 0 ? CALL(kf_player_tick(p, x, events, capacity, &count, &more))
                                  : CALL(kf_player_advance(p, x, events, capacity, &count, &more));
    check_refused(class, status, "kf_player_tick/advance");
    unchanged(&s, status, "kf_player_tick/advance");
    if (status == KF_OK) check_events(events, capacity, count, more);
    else FUZZ_ASSERT(fuzz_untouched(events, 0, sizeof events), "a refused tick wrote events");
    return;
  }
  size_t width = 0;
  kf_player_sample_many(p, NULL, 0, NULL, 0, &width, NULL);
  double *row = (double *)malloc(sizeof(double) * (width + 1));
  double *again = (double *)malloc(sizeof(double) * (width + 1));
  size_t got = 0;
  kf_status status = CALL(
      kf_player_advance_frame(p, x, row, width, &got, events, capacity, &count, &more));
  check_refused(class, status, "kf_player_advance_frame");
  if (status == KF_OK) {
    check_events(events, capacity, count, more);
    kf_player_state state = KF_PLAYER_STATE_INIT;
    FUZZ_ASSERT(CALL(kf_player_get_state(p, &state)) == KF_OK, "state");
    FUZZ_ASSERT(got == width && CALL(kf_player_sample_many(p, &state.clock_time, 1, again, width,
                                                           NULL, NULL)) == KF_OK &&
                    memcmp(row, again, sizeof(double) * width) == 0,
                "the frame's row is not the player's sample at clock %.17g", state.clock_time);
  }
  free(row);
  free(again);
}

/* A player's samples are its node's at its local times, in the direction
 * its rate runs. */
static void op_player_read(fuzz_reader *r) {
  unsigned slot = fuzz_pick(r, PLAYERS);
  kf_player *p = players[slot];
  kf_node *node = player_nodes[slot];
  kf_player_state state = {choose_version(r, KF_PLAYER_STATE_VERSION), 0, 0, 0, 0, 0, 0, 0};
  kf_player_state copy = state;
  kf_status status = CALL(kf_player_get_state(p, &state));
  if (status != KF_OK) {
    FUZZ_ASSERT(memcmp(&copy, &state, sizeof state) == 0, "a refused get_state wrote");
    return;
  }
  kf_node_kind kind;
  if (kf_node_kind_of(node, &kind) != KF_OK) return; /* the pool's handle was released */
  size_t count = 1 + fuzz_pick(r, BATCH_MAX);
  double clocks[BATCH_MAX], local[BATCH_MAX];
  for (size_t i = 0; i < count; i++) clocks[i] = choose_clock(r);
  FUZZ_ASSERT(CALL(kf_player_local_times(p, clocks, count, local, count)) == KF_OK, "local times");
  size_t width = 0;
  status = CALL(kf_node_get_layout(node, NULL, 0, NULL, 0, NULL, NULL, &width, NULL));
  if (status != KF_OK) return;
  double *a = (double *)malloc(sizeof(double) * (count * width + 1));
  double *b = (double *)malloc(sizeof(double) * (count * width + 1));
  kf_animation_direction direction =
      state.playback_rate < 0 ? KF_ANIMATION_BACKWARDS : KF_ANIMATION_FORWARDS;
  kf_status from_player =
      CALL(kf_player_sample_many(p, clocks, count, a, count * width, NULL, NULL));
  kf_status from_node =
      CALL(kf_node_sample_many(node, local, count, direction, b, count * width, NULL, NULL));
  FUZZ_ASSERT(from_player == from_node, "player sample %d, node %d", (int)from_player,
              (int)from_node);
  FUZZ_ASSERT(from_player != KF_OK || memcmp(a, b, sizeof(double) * count * width) == 0,
              "the player's samples are not its node's at its local times");
  free(a);
  free(b);
}

/* The standalone timing functions: validate, compute, and the batch. */
static void op_timing(fuzz_reader *r) {
  kf_timing_options t, valid;
  make_timing(r, &t);
  kf_timing_options defaults, macro = KF_TIMING_OPTIONS_INIT;
  fuzz_fill(&defaults, sizeof defaults);
  FUZZ_ASSERT(CALL(kf_timing_options_init(&defaults)) == KF_OK &&
                  defaults.version == macro.version && defaults.delay == macro.delay &&
                  defaults.end_delay == macro.end_delay && defaults.duration == macro.duration &&
                  defaults.iterations == macro.iterations &&
                  defaults.iteration_start == macro.iteration_start &&
                  defaults.direction == macro.direction && defaults.fill == macro.fill &&
                  defaults.easing == macro.easing && defaults.autoreverses == macro.autoreverses &&
                  defaults.time_offset == macro.time_offset,
              "kf_timing_options_init differs from the macro");
  fuzz_fill(&valid, sizeof valid);
  kf_status status = CALL(kf_timing_validate(&t, &valid));
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&valid, 0, sizeof valid), "a refused validate wrote");
  }
  static const double intrinsic[] = {0, 1, 2.5, INFINITY, 1e300, 5e-324, -1, NAN};
  double duration = intrinsic[fuzz_pick(r, COUNT(intrinsic))];
  kf_animation_direction direction = choose_enum(r, 0, 1);
  size_t count = 1 + fuzz_pick(r, BATCH_MAX);
  double times[BATCH_MAX], progress[BATCH_MAX], iterations[BATCH_MAX];
  for (size_t i = 0; i < count; i++) times[i] = fuzz_u8(r) < 128 ? choose_time(r) : fuzz_number(r);
  fuzz_fill(progress, sizeof progress);
  fuzz_fill(iterations, sizeof iterations);
  /* (A capacity above count is room the call does not use.) */
  size_t capacity = choose_size(r, count);
  kf_status batch = CALL(kf_timing_progress_many(&t, times, count, duration, direction, progress,
                                                 iterations, capacity));
  if (batch != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(progress, 0, sizeof progress) &&
                    fuzz_untouched(iterations, 0, sizeof iterations),
                "a refused batch wrote");
  }
  for (size_t i = 0; i < count; i++) {
    kf_computed_timing c = KF_COMPUTED_TIMING_INIT;
    kf_status one = CALL(kf_timing_compute(&t, times[i], duration, direction, &c));
    FUZZ_ASSERT(batch != KF_OK || one == KF_OK, "the batch computed, time %g does not", times[i]);
    if (batch != KF_OK) continue;
    FUZZ_ASSERT(memcmp(&progress[i], &c.transformed_progress, sizeof(double)) == 0 &&
                    memcmp(&iterations[i], &c.current_iteration, sizeof(double)) == 0,
                "at %.17g: batch %.17g/%.17g, one %.17g/%.17g", times[i], progress[i],
                iterations[i], c.transformed_progress, c.current_iteration);
  }
}

/* One enum's names: a defined value's name reads back as it; an unknown
 * name is refused without writing. */
typedef const char *(*name_fn)(int32_t);
typedef kf_status (*from_name_fn)(const char *, int32_t *);

static void op_names(fuzz_reader *r) {
  static const struct {
    name_fn name;
    from_name_fn from_name;
    int32_t count;
  } enums[] = {
      {kf_direction_name, kf_direction_from_name, 4},
      {kf_fill_name, kf_fill_from_name, 5},
      {kf_phase_name, kf_phase_from_name, 4},
      {kf_animation_direction_name, kf_animation_direction_from_name, 2},
      {kf_composite_name, kf_composite_from_name, 2},
      {kf_node_kind_name, kf_node_kind_from_name, 3},
      {kf_stagger_from_name, kf_stagger_from_from_name, 7},
      {kf_stagger_axis_name, kf_stagger_axis_from_name, 3},
      {kf_stagger_preset_name, kf_stagger_preset_from_name, 3},
      {kf_calculation_mode_name, kf_calculation_mode_from_name, 5},
      {kf_play_state_name, kf_play_state_from_name, 4},
      {kf_event_kind_name, kf_event_kind_from_name, 6},
      {kf_stop_position_name, kf_stop_position_from_name, 3},
  };
  unsigned which = fuzz_pick(r, COUNT(enums));
  int32_t value = choose_enum(r, -1, 7);
  const char *name = enums[which].name(value);
  FUZZ_ASSERT((name != NULL) == (value >= 0 && value < enums[which].count),
              "enum %u: value %d has name %s", which, (int)value, name ? name : "(NULL)");
  if (name) {
    int32_t back = -7;
    FUZZ_ASSERT(CALL(enums[which].from_name(name, &back)) == KF_OK && back == value,
                "enum %u: \"%s\" reads back as %d, not %d", which, name, (int)back, (int)value);
  }
  int32_t out;
  fuzz_fill(&out, sizeof out);
  const char *text = TEXT(r, labels);
  if (CALL(enums[which].from_name(text, &out)) != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(&out, 0, sizeof out), "a refused from_name wrote");
  }
  kf_fill fill = -1;
  FUZZ_ASSERT(CALL(kf_fill_from_name("removed", &fill)) == KF_OK && fill == KF_FILL_NONE,
              "Core Animation's \"removed\"");
}

static void op_release(fuzz_reader *r) {
  unsigned which = fuzz_pick(r, 4), slot = fuzz_u8(r);
  switch (which) {
  case 0:
    kf_animator_release(animators[slot % ANIMATORS]);
    bury(animators[slot % ANIMATORS]);
    animators[slot % ANIMATORS] = NULL;
    break;
  case 1: keep_node(slot % NODES, NULL); break;
  case 2:
    kf_player_release(players[slot % PLAYERS]);
    bury(players[slot % PLAYERS]);
    players[slot % PLAYERS] = NULL;
    break;
  default:
    kf_relative_keyframes_release(builder);
    builder = NULL;
    break;
  }
  /* Releasing a released handle is a no-op. */
  kf_node_release((kf_node *)dead[fuzz_pick(r, DEAD)]);
  kf_player_release((kf_player *)dead[fuzz_pick(r, DEAD)]);
}

/* Names a node or an animator into the scene; a refusal adds nothing. */
static void op_scene_add(fuzz_reader *r) {
  enum handle_class class;
  const char *name = TEXT(r, names);
  int node = fuzz_u8(r) & 1;
  kf_scene_item item = node ? KF_SCENE_NODE : KF_SCENE_ANIMATOR;
  void *handle = node ? (void *)choose_node(r, &class) : (void *)choose_animator(r, &class);
  size_t before_count = 0, after_count = 0;
  FUZZ_ASSERT(CALL(kf_scene_count(named_scene, item, &before_count)) == KF_OK, "count");
  kf_status status = node ? CALL(kf_scene_add_node(named_scene, (kf_node *)handle, name))
                          : CALL(kf_scene_add_animator(named_scene, (kf_animator *)handle, name));
  check_refused(class, status, "kf_scene_add_*");
  FUZZ_ASSERT(CALL(kf_scene_count(named_scene, item, &after_count)) == KF_OK, "count");
  FUZZ_ASSERT(after_count == before_count + (status == KF_OK), "%zu objects, then %zu (%d)",
              before_count, after_count, (int)status);
  if (status == KF_OK && name) {
    size_t index = SIZE_MAX;
    FUZZ_ASSERT(CALL(kf_scene_find(named_scene, item, name, &index)) == KF_OK &&
                    index == before_count,
                "\"%s\" found at %zu, added at %zu", name, index, before_count);
  }
}

/* ---------------------------------------------------------------------------
 * The scenes at the end.
 */

/* The columns of an animator's sample matrix: its tracks' channels. */
static size_t animator_columns(const kf_animator *a) {
  size_t tracks = 0, names_length = 0, columns = 0;
  kf_animator_get_layout(a, NULL, 0, NULL, 0, &tracks, &names_length, NULL);
  kf_column *layout = (kf_column *)malloc(sizeof(kf_column) * (tracks + 1));
  if (CALL(kf_animator_get_layout(a, layout, tracks, NULL, 0, NULL, NULL, NULL)) == KF_OK) {
    for (size_t i = 0; i < tracks; i++) columns += layout[i].channels;
  }
  free(layout);
  return columns;
}

/* The loaded scene `b` lists the objects of sort `item` that `a` does,
 * with the same names, in the same order. (It lists more animators when
 * nodes of `a` play animators `a` does not list: saving writes those after
 * the listed ones, and they load as listed.) */
static void check_same_names(const kf_scene *a, const kf_scene *b, kf_scene_item item) {
  size_t count = 0, loaded = 0;
  FUZZ_ASSERT(CALL(kf_scene_count(a, item, &count)) == KF_OK &&
                  CALL(kf_scene_count(b, item, &loaded)) == KF_OK &&
                  (count == loaded || (item == KF_SCENE_ANIMATOR && count < loaded)),
              "a scene of %zu objects of sort %d loads as %zu", count, (int)item, loaded);
  for (size_t i = 0; i < count; i++) {
    char x[300], y[300];
    FUZZ_ASSERT(CALL(kf_scene_name(a, item, i, x, sizeof x, NULL)) == KF_OK &&
                    CALL(kf_scene_name(b, item, i, y, sizeof y, NULL)) == KF_OK &&
                    strcmp(x, y) == 0,
                "object %zu of sort %d: \"%s\" loads as \"%s\"", i, (int)item, x, y);
  }
}

/* `scene` saves, loads and saves the same bytes; its loaded nodes and
 * animators read and sample as the originals. Returns the text. */
static char *check_round_trip(const kf_scene *scene, size_t *out_length) {
  kf_status status = KF_OK;
  char *text = fuzz_scene_text(scene, out_length, &status);
  FUZZ_ASSERT(text != NULL, "a scene of nodes and animators does not save (%d)", (int)status);
  kf_scene *loaded = fuzz_scene_reload(text, *out_length);
  check_same_names(scene, loaded, KF_SCENE_NODE);
  check_same_names(scene, loaded, KF_SCENE_ANIMATOR);
  size_t count = 0;
  FUZZ_ASSERT(CALL(kf_scene_count(scene, KF_SCENE_NODE, &count)) == KF_OK, "count");
  for (size_t i = 0; i < count; i++) {
    kf_node *original = NULL, *copy = NULL;
    FUZZ_ASSERT(CALL(kf_scene_node_at(scene, i, &original)) == KF_OK &&
                    CALL(kf_scene_node_at(loaded, i, &copy)) == KF_OK,
                "node %zu", i);
    bytes a = {0}, b = {0};
    snapshot_node(&a, original, 0);
    snapshot_node(&b, copy, 0);
    FUZZ_ASSERT(same_bytes(&a, &b), "loaded node %zu differs from its original", i);
    free(a.data);
    free(b.data);
    kf_node_release(original);
    kf_node_release(copy);
  }
  FUZZ_ASSERT(CALL(kf_scene_count(scene, KF_SCENE_ANIMATOR, &count)) == KF_OK, "count");
  for (size_t i = 0; i < count; i++) {
    kf_animator *original = NULL, *copy = NULL;
    FUZZ_ASSERT(CALL(kf_scene_animator_at(scene, i, &original)) == KF_OK &&
                    CALL(kf_scene_animator_at(loaded, i, &copy)) == KF_OK,
                "animator %zu", i);
    size_t columns = animator_columns(original);
    double *a = (double *)malloc(sizeof(double) * (PROBES * columns + 1));
    double *b = (double *)malloc(sizeof(double) * (PROBES * columns + 1));
    size_t room = PROBES * columns;
    kf_status sa =
        CALL(kf_animator_sample_many(original, probe_times, PROBES, a, room, NULL, NULL));
    kf_status sb = CALL(kf_animator_sample_many(copy, probe_times, PROBES, b, room, NULL, NULL));
    FUZZ_ASSERT(sa == sb && (sa != KF_OK || memcmp(a, b, sizeof(double) * PROBES * columns) == 0),
                "loaded animator %zu samples differently (%d, %d)", i, (int)sa, (int)sb);
    free(a);
    free(b);
    kf_animator_release(original);
    kf_animator_release(copy);
  }
  kf_scene_release(loaded);
  return text;
}

/* The saved text with byte `at` replaced: loads and round-trips, or is
 * refused leaving no scene. */
static void check_mutated(char *text, size_t length, fuzz_reader *r) {
  if (length == 0 || !fuzz_more(r)) return;
  size_t at = (size_t)fuzz_u16(r) % length;
  text[at] = (char)fuzz_u8(r);
  kf_scene *const sentinel = (kf_scene *)(uintptr_t)0x5a5a;
  kf_scene *scene = sentinel;
  kf_scene_location where = {(size_t)-1, (size_t)-1, (size_t)-1};
  kf_status status = CALL(kf_scene_load(text, length, &scene, &where));
  if (status != KF_OK) {
    fuzz_check_refused_load(status, scene, sentinel, &where, length);
    return;
  }
  size_t again_length = 0;
  free(check_round_trip(scene, &again_length));
  kf_scene_release(scene);
}

static void check_scenes(fuzz_reader *r) {
  kf_scene *all = NULL;
  FUZZ_ASSERT(CALL(kf_scene_new(&all)) == KF_OK, "scene");
  for (int i = 0; i < NODES; i++) {
    kf_node_kind kind;
    if (nodes[i] && kf_node_kind_of(nodes[i], &kind) == KF_OK) {
      FUZZ_ASSERT(CALL(kf_scene_add_node(all, nodes[i], NULL)) == KF_OK, "add node %d", i);
    }
  }
  for (int i = 0; i < ANIMATORS; i++) {
    if (animators[i]) {
      FUZZ_ASSERT(CALL(kf_scene_add_animator(all, animators[i], NULL)) == KF_OK, "animator %d", i);
    }
  }
  size_t length = 0;
  char *text = check_round_trip(all, &length);
  kf_scene_release(all);
  check_mutated(text, length, r);
  free(text);
  text = check_round_trip(named_scene, &length);
  free(text);
}

/* ---------------------------------------------------------------------------
 * The driver.
 */
typedef void (*operation)(fuzz_reader *);

/* The operations an input's byte picks; some twice, to weigh them. */
#define OPERATIONS(X)                                                                          \
  X(op_animator) X(op_animator) X(op_clip) X(op_clip) X(op_timeline) X(op_timeline_add)        \
  X(op_timeline_add) X(op_label) X(op_stagger) X(op_preset) X(op_relative) X(op_relative)      \
  X(op_set_timing) X(op_compute) X(op_sample) X(op_child_at) X(op_player_new)                  \
  X(op_player_control) X(op_player_control) X(op_player_clock) X(op_player_clock)             \
  X(op_player_read) X(op_timing) X(op_names) X(op_release) X(op_scene_add)

/* The byte that ends the operations: what follows changes the saved scene
 * text (check_mutated). */
#define END_OF_OPERATIONS 255

#define FUZZ_FUNCTION_(f) f,
#define FUZZ_NAME_(f) #f,
static const operation operations[] = {OPERATIONS(FUZZ_FUNCTION_)};
static const char *const operation_names[] = {OPERATIONS(FUZZ_NAME_)};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size, 0};
  if (tracing < 0) tracing = getenv("FUZZ_TRACE") != NULL;
  FUZZ_ASSERT(CALL(kf_scene_new(&named_scene)) == KF_OK, "scene");
  /* Most inputs want something to work on: an animator with a track and a
   * clip of it. */
  if (fuzz_pick(&r, 4) != 0) {
    const char *target = "card", *property = "alpha";
    double times[2] = {0, 1}, values[2] = {0, 1};
    FUZZ_ASSERT(CALL(kf_animator_create(&animators[0])) == KF_OK &&
                    CALL(kf_animator_add_tracks(animators[0], &target, &property, 1, NULL, 2,
                                                times, 2, values, 2)) == KF_OK &&
                    CALL(kf_clip_new(animators[0], NULL, NULL, KF_COMPOSITE_REPLACE, &nodes[0])) ==
                        KF_OK,
                "the first clip");
  }
  for (int steps = 0; fuzz_more(&r) && steps < 100; steps++) {
    uint8_t choice = fuzz_u8(&r);
    if (choice == END_OF_OPERATIONS) break;
    unsigned op = choice % COUNT(operations);
    if (tracing) fprintf(stderr, "%s (byte %zu)\n", operation_names[op], r.position - 1);
    operations[op](&r);
  }
  check_scenes(&r);

  for (int i = 0; i < PLAYERS; i++) kf_player_release(players[i]);
  for (int i = 0; i < NODES; i++) kf_node_release(nodes[i]);
  for (int i = 0; i < ANIMATORS; i++) kf_animator_release(animators[i]);
  kf_relative_keyframes_release(builder);
  kf_scene_release(named_scene);
  memset(players, 0, sizeof players);
  memset(player_nodes, 0, sizeof player_nodes);
  memset(nodes, 0, sizeof nodes);
  memset(animators, 0, sizeof animators);
  memset(dead, 0, sizeof dead);
  builder = NULL;
  named_scene = NULL;
  dead_next = text_next = 0;
  return 0;
}
