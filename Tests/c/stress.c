/*
 * Eight threads calling the library at once over shared animators and
 * tracks, with invariants checked on every result. Run by `make test`
 * (short), and by `make sanitize` under AddressSanitizer and
 * ThreadSanitizer.
 *
 *   stress [operations per thread] [seconds]   (defaults: 20000, 60)
 *
 * Each thread stops after its operations or when the time is up, whichever
 * comes first. The shared animator holds four "stable" tracks whose
 * keyframes are, at every moment, one of a few complete states: writers
 * switch them between states in one bulk call (kf_track_set_keyframes) or
 * by single edits that stay inside the set of states. Every state's samples,
 * velocities, keyframes and styles are computed beforehand on a private
 * animator, so a value read under the load must equal one state's value bit
 * for bit: a torn read (half of one state, half of another), a failed call
 * that changed something, or a copy that leaks into its original shows up as
 * a value no state has. Around them, threads add and remove their own tracks
 * (each holds one constant value, encoded in its name), take and release
 * handles, copy the animator, make bad calls, and sample large batches that
 * the library splits across its own threads. Every status must be one the
 * header documents for that call (and the situation), and every error's
 * message must name the call that failed on the calling thread.
 *
 * Prints "N passed, N failed"; exits non-zero on a failure.
 */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "keyframe.h"

enum {
  THREADS = 8,
  PROBES = 14,
  MAX_STATES = 4,
  MAX_KEYFRAMES = 5,
  MAX_CHANNELS = 8,
  STABLE = 4,
  CHURN_LIVE = 2,                 /* churn tracks a thread keeps at once */
  MAX_TRACKS = 64,                /* more than STABLE + THREADS * CHURN_LIVE */
  BIG = 2 * 65536,                /* a batch the library splits across threads */
  EASING_TEXT = 256,
  ENCODING = 100000               /* churn value = thread * ENCODING + serial */
};

/* Sample times: before, at, between and after the keyframes of every track,
 * and both infinities (cycling extrapolation gives NaN there). */
static const double probes[PROBES] = {-INFINITY, -30, -2.5, 0,   7,   13.25, 25,
                                      40,        50,  62.5, 100, 130, 1e300, INFINITY};

/* ---------------------------------------------------------------------------
 * The stable tracks and their states.
 */

typedef struct {
  const char *property;
  const char *kind;
  size_t kind_channels; /* options.channels: vector tracks only */
  const char *color_space;
  kf_extrapolation before, after;
  size_t channels;
  int states;
  int toggled; /* 1: single edits (set/remove) instead of bulk states */
  /* Bulk states: the keyframes each state sets in one call. */
  size_t count;
  double times[MAX_KEYFRAMES];
  double values[MAX_STATES][MAX_KEYFRAMES * MAX_CHANNELS];
  kf_keyframe_options styles[MAX_STATES][MAX_KEYFRAMES];
  size_t options_count[MAX_STATES];
  /* What each state reads back, from a private animator. */
  double sample[MAX_STATES][PROBES][MAX_CHANNELS];
  double velocity[MAX_STATES][PROBES][MAX_CHANNELS];
  size_t keyframes[MAX_STATES];
  double kf_times[MAX_STATES][MAX_KEYFRAMES];
  double kf_values[MAX_STATES][MAX_KEYFRAMES * MAX_CHANNELS];
  char easing[MAX_STATES][MAX_KEYFRAMES][EASING_TEXT];
  kf_interpolation interpolation[MAX_STATES][MAX_KEYFRAMES];
  double tcb[MAX_STATES][MAX_KEYFRAMES][3];
} stable_track;

static stable_track stable[STABLE];
static kf_animator *shared;
static kf_track *shared_tracks[STABLE];
static const char *const stable_target = "stable";

/* The toggled track: keyframes (0, 0) and (100, end) with end 100 or 200,
 * and maybe (50, 0) easing "easeInOutCubic" out: state = 2 * middle + (end
 * == 200). */
static const double toggle_ends[2] = {100, 200};

static kf_keyframe_options style(const char *easing, kf_interpolation interpolation,
                                 double tension, double continuity, double bias) {
  kf_keyframe_options options = KF_KEYFRAME_OPTIONS_INIT;
  options.easing = easing;
  options.interpolation = interpolation;
  options.tension = tension;
  options.continuity = continuity;
  options.bias = bias;
  return options;
}

static void define_tracks(void) {
  /* 0: a scalar with five keyframes, four states of values and styles,
   * cycling before and ping-pong after. */
  stable_track *s = &stable[0];
  s->property = "bulk";
  s->kind = NULL;
  s->channels = 1;
  s->before = KF_EXTRAPOLATION_CYCLE;
  s->after = KF_EXTRAPOLATION_PING_PONG;
  s->states = 4;
  s->count = 5;
  for (size_t k = 0; k < 5; k++) s->times[k] = 10.0 * (double)k;
  static const double scalars[4][5] = {
      {0, 1, 2, 3, 4}, {5, -1, 7, 0, 2}, {1, 4, 9, 16, 25}, {-3, 3, -3, 3, -3}};
  for (int state = 0; state < 4; state++)
    for (size_t k = 0; k < 5; k++) s->values[state][k] = scalars[state][k];
  s->options_count[0] = 0;
  s->styles[1][0] = style("easeInOutCubic", KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->options_count[1] = 1;
  s->styles[2][0] = style(NULL, KF_INTERPOLATION_SMOOTH, 0.5, -0.25, 0.125);
  s->styles[2][1] = style(NULL, KF_INTERPOLATION_MONOTONE, 0, 0, 0);
  s->styles[2][2] = style("steps(3)", KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->styles[2][3] = style(NULL, KF_INTERPOLATION_HOLD, 0, 0, 0);
  s->styles[2][4] = style("cubic-bezier(.4, 0, .2, 1)", KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->options_count[2] = 5;
  s->styles[3][0] = style("spring(duration=0.5, bounce=0.3)", KF_INTERPOLATION_PACED, 0, 0, 0);
  s->options_count[3] = 1;

  /* 1: a scalar edited one keyframe at a time (see toggle_ends). */
  s = &stable[1];
  s->property = "toggle";
  s->kind = NULL;
  s->channels = 1;
  s->before = KF_EXTRAPOLATION_LINEAR;
  s->after = KF_EXTRAPOLATION_CYCLE_OFFSET;
  s->states = 4;
  s->toggled = 1;

  /* 2: a color blended in OKLCh, three states. */
  s = &stable[2];
  s->property = "textColor";
  s->kind = NULL;
  s->color_space = "oklch";
  s->channels = 4;
  s->before = KF_EXTRAPOLATION_HOLD;
  s->after = KF_EXTRAPOLATION_CYCLE;
  s->states = 3;
  s->count = 3;
  s->times[0] = 0, s->times[1] = 20, s->times[2] = 40;
  static const double colors[3][12] = {{1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1},
                                       {0.5, 0.5, 0.5, 0.25, 1, 1, 0, 1, 0, 1, 1, 0.5},
                                       {0.1, 0.2, 0.3, 1, 0.9, 0.1, 0.6, 0.75, 1, 1, 1, 1}};
  for (int state = 0; state < 3; state++) memcpy(s->values[state], colors[state], sizeof colors[0]);
  s->options_count[0] = 0;
  s->styles[1][0] = style("easeOutBack", KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->options_count[1] = 1;
  s->styles[2][0] = style("linear(0, 0.25 75%, 1)", KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->styles[2][1] = style(NULL, KF_INTERPOLATION_HOLD, 0, 0, 0);
  s->styles[2][2] = style(NULL, KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->options_count[2] = 3;

  /* 3: an 8-channel vector, three states. */
  s = &stable[3];
  s->property = "weights";
  s->kind = "vector";
  s->kind_channels = 8;
  s->channels = 8;
  s->before = KF_EXTRAPOLATION_LINEAR;
  s->after = KF_EXTRAPOLATION_HOLD;
  s->states = 3;
  s->count = 4;
  s->times[0] = 0, s->times[1] = 25, s->times[2] = 50, s->times[3] = 100;
  for (int state = 0; state < 3; state++)
    for (size_t k = 0; k < 4; k++)
      for (size_t c = 0; c < 8; c++)
        s->values[state][k * 8 + c] = (double)((state + 1) * (int)(c + 1)) * (k % 2 ? -1.0 : 1.0) +
                                      (double)k * 0.5;
  s->options_count[0] = 0;
  s->styles[1][0] = style("cubic-bezier(.25, .1, .25, 1)", KF_INTERPOLATION_LINEAR, 0, 0, 0);
  s->options_count[1] = 1;
  s->styles[2][0] = style(NULL, KF_INTERPOLATION_SMOOTH, -0.5, 0.5, 0);
  s->options_count[2] = 1;
}

static kf_track_options track_options(const stable_track *s) {
  kf_track_options options = KF_TRACK_OPTIONS_INIT;
  options.kind = s->kind;
  options.channels = s->kind_channels;
  options.color_space = s->color_space;
  options.before = s->before;
  options.after = s->after;
  return options;
}

static kf_status set_state(kf_track *track, const stable_track *s, int state) {
  return kf_track_set_keyframes(track, s->times, s->count, s->values[state], s->count * s->channels,
                                s->options_count[state] ? s->styles[state] : NULL,
                                s->options_count[state]);
}

static const kf_keyframe_options *toggle_eased(void) {
  static const kf_keyframe_options eased = {.version = KF_KEYFRAME_OPTIONS_VERSION,
                                            .easing = "easeInOutCubic",
                                            .interpolation = KF_INTERPOLATION_LINEAR};
  return &eased;
}

/* Puts the toggled track in `state` from scratch (setup only). */
static int set_toggle_state(kf_track *track, int state) {
  double zero = 0, end = toggle_ends[state & 1];
  int ok = kf_track_set_keyframe(track, 0, &zero, 1, NULL) == KF_OK &&
           kf_track_set_keyframe(track, 100, &end, 1, NULL) == KF_OK;
  if (state & 2) ok = ok && kf_track_set_keyframe(track, 50, &zero, 1, toggle_eased()) == KF_OK;
  return ok;
}

/* Fills in what each state reads back, from tracks of a private animator.
 * Returns 0 if the library refused a state (the program's own mistake). */
static int compute_states(void) {
  for (int i = 0; i < STABLE; i++) {
    stable_track *s = &stable[i];
    for (int state = 0; state < s->states; state++) {
      kf_animator *scratch = NULL;
      kf_track *track = NULL;
      kf_track_options options = track_options(s);
      if (kf_animator_create(&scratch) != KF_OK ||
          kf_animator_add_track(scratch, stable_target, s->property, &options, &track) != KF_OK) {
        fprintf(stderr, "setup: %s: %s\n", s->property, kf_last_error());
        return 0;
      }
      int ok = s->toggled ? set_toggle_state(track, state) : set_state(track, s, state) == KF_OK;
      uint32_t styles[MAX_KEYFRAMES];
      uint64_t generation = 0;
      ok = ok && kf_track_get_keyframes(track, s->kf_times[state], s->kf_values[state], styles,
                                        MAX_KEYFRAMES, &s->keyframes[state], &generation) == KF_OK;
      for (int p = 0; ok && p < PROBES; p++) {
        ok = kf_track_sample(track, probes[p], s->sample[state][p], MAX_CHANNELS) == KF_OK &&
             kf_track_velocity(track, probes[p], s->velocity[state][p], MAX_CHANNELS) == KF_OK;
      }
      for (size_t k = 0; ok && k < s->keyframes[state]; k++) {
        kf_keyframe_options read = KF_KEYFRAME_OPTIONS_INIT;
        ok = kf_track_get_style(track, styles[k], generation, &read, s->easing[state][k],
                                EASING_TEXT, NULL, NULL, NULL, 0, NULL) == KF_OK;
        s->interpolation[state][k] = read.interpolation;
        s->tcb[state][k][0] = read.tension;
        s->tcb[state][k][1] = read.continuity;
        s->tcb[state][k][2] = read.bias;
      }
      if (!ok) {
        fprintf(stderr, "setup: %s state %d: %s\n", s->property, state, kf_last_error());
        return 0;
      }
      kf_track_release(track);
      kf_animator_release(scratch);
    }
    /* States must be told apart by their samples, or a torn read could
     * hide as another state. */
    for (int a = 0; a < s->states; a++)
      for (int b = a + 1; b < s->states; b++)
        if (memcmp(s->sample[a], s->sample[b], sizeof s->sample[a]) == 0) {
          fprintf(stderr, "setup: %s states %d and %d sample alike\n", s->property, a, b);
          return 0;
        }
  }
  return 1;
}

static int same_bits(const double *a, const double *b, size_t n) {
  return memcmp(a, b, n * sizeof *a) == 0;
}

/* The state whose value at probe p is `value` (channels doubles), or -1. */
static int match_sample(const stable_track *s, int p, const double *value, int velocity) {
  for (int state = 0; state < s->states; state++)
    if (same_bits(velocity ? s->velocity[state][p] : s->sample[state][p], value, s->channels))
      return state;
  return -1;
}

/* The state whose values at every probe are the rows of `values` (row r at
 * probe (first + r) % PROBES, `stride` doubles apart), or -1. */
static int match_rows(const stable_track *s, const double *values, size_t rows, size_t stride,
                      int first, int velocity) {
  for (int state = 0; state < s->states; state++) {
    size_t r = 0;
    for (; r < rows; r++) {
      int p = (int)((first + (int)r) % PROBES);
      const double *expected = velocity ? s->velocity[state][p] : s->sample[state][p];
      if (!same_bits(expected, values + r * stride, s->channels)) break;
    }
    if (r == rows) return state;
  }
  return -1;
}

/* ---------------------------------------------------------------------------
 * Per-thread bookkeeping: results, statuses, random numbers.
 */

#define BIT(status) (1u << (unsigned)-(status))

typedef struct {
  int id;
  uint64_t random;
  long passed, failed;
  long operations, stale_retries, layout_retries, empty_retries, frames_gave_up, styles_gave_up;
  /* Churn tracks this thread has in the shared animator. */
  kf_track *churn[CHURN_LIVE];
  unsigned churn_serial[CHURN_LIVE];
  int churn_live;
  unsigned serial;
  double *big_times, *big_values;
} worker;

static atomic_int printed = 0;
static atomic_uint published_serial[THREADS];

static void report(worker *w, const char *format, ...) {
  w->failed++;
  if (atomic_fetch_add(&printed, 1) >= 40) return;
  char message[512];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, sizeof message, format, arguments);
  va_end(arguments);
  fprintf(stderr, "FAIL thread %d: %s [%s]\n", w->id, message, kf_last_error());
}

#define CHECK(w, condition, ...) \
  do {                           \
    if (condition) {             \
      (w)->passed++;             \
    } else {                     \
      report((w), __VA_ARGS__);  \
    }                            \
  } while (0)

/* Checks that `status` is in `allowed` and, for an error, that this
 * thread's last error names `call`. Returns status. */
static kf_status expect(worker *w, const char *call, kf_status status, unsigned allowed) {
  int known = status <= 0 && status >= KF_E_INVALID_STATE;
  CHECK(w, known && (BIT(status) & allowed), "%s returned %d (%s)", call, status,
        kf_status_string(status));
  if (status != KF_OK) {
    const char *message = kf_last_error();
    size_t length = strlen(call);
    CHECK(w, message && strncmp(message, call, length) == 0 && message[length] == ':',
          "%s failed but the last error is \"%s\"", call, message ? message : "(null)");
  }
  return status;
}

static uint64_t next(worker *w) {
  uint64_t z = (w->random += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

static int below(worker *w, int n) { return (int)(next(w) % (uint64_t)n); }

/* ---------------------------------------------------------------------------
 * Operations.
 */

static void op_sample(worker *w) {
  int i = below(w, STABLE), p = below(w, PROBES), velocity = below(w, 3) == 0;
  double value[MAX_CHANNELS];
  kf_status status = velocity ? kf_track_velocity(shared_tracks[i], probes[p], value, MAX_CHANNELS)
                              : kf_track_sample(shared_tracks[i], probes[p], value, MAX_CHANNELS);
  if (expect(w, velocity ? "kf_track_velocity" : "kf_track_sample", status, BIT(KF_OK)) == KF_OK)
    CHECK(w, match_sample(&stable[i], p, value, velocity) >= 0,
          "%s %s at %g is no state's value (%.17g)", stable[i].property,
          velocity ? "velocity" : "sample", probes[p], value[0]);
}

static void op_sample_many(worker *w) {
  int i = below(w, STABLE), velocity = below(w, 3) == 0, first = below(w, PROBES);
  double times[PROBES], values[PROBES * MAX_CHANNELS];
  for (int r = 0; r < PROBES; r++) times[r] = probes[(first + r) % PROBES];
  const stable_track *s = &stable[i];
  kf_status status =
      velocity ? kf_track_velocity_many(shared_tracks[i], times, PROBES, values,
                                        PROBES * s->channels)
               : kf_track_sample_many(shared_tracks[i], times, PROBES, values, PROBES * s->channels);
  if (expect(w, velocity ? "kf_track_velocity_many" : "kf_track_sample_many", status,
             BIT(KF_OK)) == KF_OK)
    CHECK(w, match_rows(s, values, PROBES, s->channels, first, velocity) >= 0,
          "%s: a batch of %s is not one state", s->property, velocity ? "velocities" : "samples");
}

/* A churn track's name and value. */
static void churn_name(char *name, size_t size, int thread, unsigned serial) {
  snprintf(name, size, "t%d_%u", thread, serial);
}

static double churn_value(int thread, unsigned serial) {
  return (double)thread * ENCODING + (double)(serial % ENCODING);
}

static int stable_index(const char *property) {
  for (int i = 0; i < STABLE; i++)
    if (strcmp(stable[i].property, property) == 0) return i;
  return -1;
}

static void op_animator_frame(worker *w) {
  kf_column columns[MAX_TRACKS];
  char names[8192];
  double values[PROBES * (MAX_TRACKS + 16)];
  for (int attempt = 0; attempt < 50; attempt++) {
    size_t tracks = 0, names_length = 0;
    uint64_t layout_generation = 0, generation = 0;
    kf_status status = kf_animator_get_layout(shared, columns, MAX_TRACKS, names, sizeof names,
                                              &tracks, &names_length, &layout_generation);
    if (expect(w, "kf_animator_get_layout", status, BIT(KF_OK)) != KF_OK) return;
    /* The layout itself: contiguous columns, names in pairs, known tracks. */
    size_t width = 0;
    const char *name = names;
    int layout_ok = names_length < sizeof names;
    const char *properties[MAX_TRACKS];
    int churn[MAX_TRACKS];
    for (size_t t = 0; layout_ok && t < tracks; t++) {
      const char *target = name;
      const char *property = target + strlen(target) + 1;
      name = property + strlen(property) + 1;
      properties[t] = property;
      churn[t] = strcmp(target, stable_target) != 0;
      layout_ok = columns[t].start == width && columns[t].kind != NULL &&
                  (size_t)(name - names) <= names_length;
      width += columns[t].channels;
      if (!layout_ok) break;
      if (strcmp(target, stable_target) == 0) {
        int i = stable_index(property);
        layout_ok = i >= 0 && columns[t].channels == stable[i].channels;
      } else {
        int thread = -1;
        unsigned serial = 0;
        layout_ok = strcmp(target, "churn") == 0 &&
                    sscanf(property, "t%d_%u", &thread, &serial) == 2 && thread >= 0 &&
                    thread < THREADS && columns[t].channels == 1 &&
                    strcmp(columns[t].kind, "scalar") == 0;
      }
    }
    CHECK(w, layout_ok && (size_t)(name - names) == names_length, "animator layout is malformed");
    if (!layout_ok) return;

    /* A frame at every probe; unchanged on failure. */
    size_t capacity = PROBES * width, got_columns = 0;
    memset(values, 0xA5, sizeof values);
    status = kf_animator_sample_many(shared, probes, PROBES, values, capacity, &got_columns,
                                     &generation);
    expect(w, "kf_animator_sample_many", status,
           BIT(KF_OK) | BIT(KF_E_EMPTY_TRACK) | BIT(KF_E_BUFFER_TOO_SMALL));
    if (status != KF_OK) {
      unsigned char sentinel[sizeof values];
      memset(sentinel, 0xA5, sizeof sentinel);
      CHECK(w, memcmp(values, sentinel, sizeof values) == 0,
            "a failed kf_animator_sample_many wrote into its output");
      if (status == KF_E_EMPTY_TRACK) w->empty_retries++;
      else w->layout_retries++;
      sched_yield(); /* let the thread that added the track go on */
      continue;
    }
    if (generation != layout_generation) {
      w->layout_retries++;
      sched_yield();
      continue;
    }
    CHECK(w, got_columns == width, "sample_many has %zu columns, the layout %zu", got_columns,
          width);
    for (size_t t = 0; t < tracks; t++) {
      const double *column = values + columns[t].start;
      if (churn[t]) {
        int thread = -1;
        unsigned serial = 0;
        sscanf(properties[t], "t%d_%u", &thread, &serial);
        int constant = 1;
        for (int p = 0; p < PROBES; p++)
          constant = constant && column[(size_t)p * width] == churn_value(thread, serial);
        CHECK(w, constant, "churn track %s in the frame is not %g", properties[t],
              churn_value(thread, serial));
      } else {
        int i = stable_index(properties[t]);
        CHECK(w, match_rows(&stable[i], column, PROBES, width, 0, 0) >= 0,
              "%s's columns in the frame are not one state", properties[t]);
      }
    }
    return;
  }
  w->frames_gave_up++;
}

static void op_bulk_write(worker *w) {
  static const int bulk[3] = {0, 2, 3};
  int i = bulk[below(w, 3)];
  kf_status status = set_state(shared_tracks[i], &stable[i], below(w, stable[i].states));
  expect(w, "kf_track_set_keyframes", status, BIT(KF_OK));
}

static void op_toggle_write(worker *w) {
  kf_track *track = shared_tracks[1];
  double zero = 0;
  switch (below(w, 3)) {
    case 0:
      expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(track, 50, &zero, 1, toggle_eased()),
             BIT(KF_OK));
      break;
    case 1:
      expect(w, "kf_track_remove_keyframe", kf_track_remove_keyframe(track, 50),
             BIT(KF_OK) | BIT(KF_E_NOT_FOUND));
      break;
    default:
      expect(w, "kf_track_set_keyframe",
             kf_track_set_keyframe(track, 100, &toggle_ends[below(w, 2)], 1, NULL), BIT(KF_OK));
  }
}

/* kf_track_get_keyframes, then every style of that snapshot by number;
 * KF_E_STALE (an edit in between) starts over. */
static void op_keyframes(worker *w) {
  int i = below(w, STABLE);
  const stable_track *s = &stable[i];
  for (int attempt = 0; attempt < 50; attempt++) {
    double times[MAX_KEYFRAMES], values[MAX_KEYFRAMES * MAX_CHANNELS];
    uint32_t styles[MAX_KEYFRAMES];
    size_t count = 0;
    uint64_t generation = 0;
    kf_status status = kf_track_get_keyframes(shared_tracks[i], times, values, styles,
                                              MAX_KEYFRAMES, &count, &generation);
    if (expect(w, "kf_track_get_keyframes", status, BIT(KF_OK)) != KF_OK) return;
    int state = -1;
    for (int k = 0; k < s->states && state < 0; k++)
      if (s->keyframes[k] == count && same_bits(s->kf_times[k], times, count) &&
          same_bits(s->kf_values[k], values, count * s->channels))
        state = k;
    CHECK(w, state >= 0, "%s: a keyframe snapshot (%zu keyframes) is no state", s->property, count);
    if (state < 0) return;
    int stale = 0;
    for (size_t k = 0; k < count && !stale; k++) {
      kf_keyframe_options read = KF_KEYFRAME_OPTIONS_INIT;
      char easing[EASING_TEXT];
      double left[KF_HANDLE_MAX], right[KF_HANDLE_MAX];
      int32_t has = -1;
      status = kf_track_get_style(shared_tracks[i], styles[k], generation, &read, easing,
                                  sizeof easing, NULL, left, right, KF_HANDLE_MAX, &has);
      if (expect(w, "kf_track_get_style", status, BIT(KF_OK) | BIT(KF_E_STALE)) == KF_E_STALE) {
        stale = 1;
      } else if (status == KF_OK) {
        CHECK(w,
              strcmp(easing, s->easing[state][k]) == 0 &&
                  read.interpolation == s->interpolation[state][k] &&
                  read.tension == s->tcb[state][k][0] && read.continuity == s->tcb[state][k][1] &&
                  read.bias == s->tcb[state][k][2] && has == 0,
              "%s keyframe %zu: style \"%s\" %d is not state %d's \"%s\" %d", s->property, k,
              easing, read.interpolation, state, s->easing[state][k],
              s->interpolation[state][k]);
      }
    }
    if (!stale) return;
    w->stale_retries++;
    sched_yield();
  }
  w->styles_gave_up++;
}

static void op_churn(worker *w) {
  char name[32];
  if (w->churn_live < CHURN_LIVE) {
    /* Add a track, give it its value, read it back by handle and by name. */
    unsigned serial = ++w->serial;
    churn_name(name, sizeof name, w->id, serial);
    kf_track *track = NULL;
    kf_status status = kf_animator_add_track(shared, "churn", name, NULL, &track);
    if (expect(w, "kf_animator_add_track", status, BIT(KF_OK)) != KF_OK) return;
    double value = churn_value(w->id, serial), got = -1;
    expect(w, "kf_track_sample", kf_track_sample(track, 0, &got, 1), BIT(KF_E_EMPTY_TRACK));
    expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(track, 0, &value, 1, NULL),
           BIT(KF_OK));
    atomic_store(&published_serial[w->id], serial);
    kf_track *again = NULL;
    if (expect(w, "kf_animator_get_track", kf_animator_get_track(shared, "churn", name, &again),
               BIT(KF_OK)) == KF_OK) {
      CHECK(w, kf_track_sample(again, 17, &got, 1) == KF_OK && got == value,
            "churn %s reads %g, not %g", name, got, value);
      CHECK(w, strcmp(kf_track_property(again), name) == 0, "churn property");
      kf_track_release(again);
    }
    w->churn[w->churn_live] = track;
    w->churn_serial[w->churn_live] = serial;
    w->churn_live++;
  } else {
    /* Remove the oldest; its handle stays usable. */
    kf_track *track = w->churn[0];
    unsigned serial = w->churn_serial[0];
    churn_name(name, sizeof name, w->id, serial);
    expect(w, "kf_animator_remove_track", kf_animator_remove_track(shared, "churn", name),
           BIT(KF_OK));
    expect(w, "kf_animator_remove_track", kf_animator_remove_track(shared, "churn", name),
           BIT(KF_E_NOT_FOUND));
    double got = -1;
    CHECK(w, kf_track_sample(track, -5, &got, 1) == KF_OK && got == churn_value(w->id, serial),
          "a removed track's handle reads %g", got);
    kf_track_release(track);
    w->churn[0] = w->churn[1];
    w->churn_serial[0] = w->churn_serial[1];
    w->churn_live--;
  }
  /* Another thread's latest track: there, or removed meanwhile. */
  int other = below(w, THREADS);
  unsigned serial = atomic_load(&published_serial[other]);
  if (serial == 0) return;
  churn_name(name, sizeof name, other, serial);
  kf_track *track = NULL;
  if (expect(w, "kf_animator_get_track", kf_animator_get_track(shared, "churn", name, &track),
             BIT(KF_OK) | BIT(KF_E_NOT_FOUND)) == KF_OK) {
    double got = -1;
    kf_status status = expect(w, "kf_track_sample", kf_track_sample(track, 3, &got, 1),
                              BIT(KF_OK) | BIT(KF_E_EMPTY_TRACK));
    CHECK(w, status != KF_OK || got == churn_value(other, serial), "%s reads %g", name, got);
    kf_track_release(track);
  }
}

static void op_handles(worker *w) {
  int i = below(w, STABLE);
  kf_track *track = NULL;
  if (expect(w, "kf_animator_get_track",
             kf_animator_get_track(shared, stable_target, stable[i].property, &track),
             BIT(KF_OK)) != KF_OK)
    return;
  int p = below(w, PROBES);
  double value[MAX_CHANNELS];
  if (expect(w, "kf_track_sample", kf_track_sample(track, probes[p], value, MAX_CHANNELS),
             BIT(KF_OK)) == KF_OK)
    CHECK(w, match_sample(&stable[i], p, value, 0) >= 0, "%s through a new handle",
          stable[i].property);
  const char *target = kf_track_target(track);
  CHECK(w, target && strcmp(target, stable_target) == 0, "kf_track_target");
  kf_track_release(track);
  /* A released handle is rejected (whoever reuses its slot meanwhile). */
  expect(w, "kf_track_sample", kf_track_sample(track, 0, value, MAX_CHANNELS),
         BIT(KF_E_INVALID_HANDLE));
  CHECK(w, kf_track_target(track) == NULL, "a released handle has a target");
  kf_track_release(track);
  /* A forged handle, and an animator passed as a track. */
  expect(w, "kf_track_sample",
         kf_track_sample((kf_track *)(uintptr_t)(0xDEAD0u | (next(w) << 32)), 0, value, 1),
         BIT(KF_E_INVALID_HANDLE));
  expect(w, "kf_track_sample", kf_track_sample((const kf_track *)(const void *)shared, 0, value, 1),
         BIT(KF_E_INVALID_HANDLE));
  /* By index: the count changes under us. */
  size_t index = (size_t)below(w, STABLE + THREADS * CHURN_LIVE + 2);
  if (expect(w, "kf_animator_track_at", kf_animator_track_at(shared, index, &track),
             BIT(KF_OK) | BIT(KF_E_OUT_OF_RANGE)) == KF_OK) {
    CHECK(w, kf_track_target(track) != NULL && kf_track_property(track) != NULL, "track_at names");
    kf_track_release(track);
  }
  size_t count = 0;
  CHECK(w, kf_animator_track_count(shared, &count) == KF_OK && count >= STABLE &&
               count <= STABLE + THREADS * CHURN_LIVE,
        "track count %zu", count);
}

static void op_copy(worker *w) {
  kf_animator *copy = NULL;
  if (expect(w, "kf_animator_copy", kf_animator_copy(shared, &copy), BIT(KF_OK)) != KF_OK) return;
  /* The copy holds every stable track in one of its states. */
  kf_track *tracks[STABLE] = {NULL};
  for (int i = 0; i < STABLE; i++) {
    if (expect(w, "kf_animator_get_track",
               kf_animator_get_track(copy, stable_target, stable[i].property, &tracks[i]),
               BIT(KF_OK)) != KF_OK)
      continue;
    double values[PROBES * MAX_CHANNELS];
    if (expect(w, "kf_track_sample_many",
               kf_track_sample_many(tracks[i], probes, PROBES, values, PROBES * MAX_CHANNELS),
               BIT(KF_OK)) == KF_OK)
      CHECK(w, match_rows(&stable[i], values, PROBES, stable[i].channels, 0, 0) >= 0,
            "copied %s is not one state", stable[i].property);
  }
  /* Editing the copy leaves the original alone: readers of the original
   * would see these values, which no state has. */
  if (tracks[0]) {
    double poison[MAX_KEYFRAMES] = {1e6, 2e6, 3e6, 4e6, 5e6}, got = 0;
    expect(w, "kf_track_set_keyframes",
           kf_track_set_keyframes(tracks[0], stable[0].times, 5, poison, 5, NULL, 0), BIT(KF_OK));
    CHECK(w, kf_track_sample(tracks[0], 20, &got, 1) == KF_OK && got == 3e6, "copy edited");
  }
  expect(w, "kf_animator_remove_track",
         kf_animator_remove_track(copy, stable_target, stable[1].property), BIT(KF_OK));
  for (int i = 0; i < STABLE; i++) kf_track_release(tracks[i]);
  kf_animator_release(copy);
  size_t count = 0;
  expect(w, "kf_animator_track_count", kf_animator_track_count(copy, &count),
         BIT(KF_E_INVALID_HANDLE));
}

/* Calls that must fail, change nothing (the readers would see it) and
 * record their own message on this thread. */
static void op_bad_calls(worker *w) {
  kf_track *bulk = shared_tracks[0];
  double value = 1, pair[2] = {1, 2}, nan_value = NAN;
  kf_keyframe_options wobble = KF_KEYFRAME_OPTIONS_INIT;
  wobble.easing = "wobble";
  double times[5] = {0, 10, 20, 30, NAN}, values[5] = {9e6, 9e6, 9e6, 9e6, 9e6};
  switch (below(w, 8)) {
    case 0:
      expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(bulk, NAN, &value, 1, NULL),
             BIT(KF_E_INVALID_VALUE));
      break;
    case 1:
      expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(bulk, 10, pair, 2, NULL),
             BIT(KF_E_WRONG_SIZE));
      break;
    case 2:
      expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(bulk, 10, &value, 1, &wobble),
             BIT(KF_E_EASING));
      CHECK(w, strstr(kf_last_error(), "wobble") != NULL, "the easing error quotes the text");
      break;
    case 3:
      /* All or nothing: the four good keyframes must not land. */
      expect(w, "kf_track_set_keyframes", kf_track_set_keyframes(bulk, times, 5, values, 5, NULL, 0),
             BIT(KF_E_INVALID_VALUE));
      break;
    case 4:
      expect(w, "kf_track_set_keyframe",
             kf_track_set_keyframe(shared_tracks[2], 20, (double[4]){0, 0, nan_value, 1}, 4, NULL),
             BIT(KF_E_INVALID_VALUE));
      break;
    case 5:
      expect(w, "kf_track_remove_keyframe", kf_track_remove_keyframe(bulk, 5),
             BIT(KF_E_NOT_FOUND));
      break;
    case 6: {
      double out[MAX_CHANNELS] = {0};
      expect(w, "kf_track_sample", kf_track_sample(shared_tracks[3], 1, out, 7),
             BIT(KF_E_BUFFER_TOO_SMALL));
      CHECK(w, out[0] == 0, "a short buffer was written");
      break;
    }
    default:
      expect(w, "kf_track_sample", kf_track_sample(NULL, 0, &value, 1), BIT(KF_E_NULL));
  }
}

/* A batch large enough for the library to split across its threads, with
 * the thread count changed meanwhile: one read lock covers the whole batch,
 * so every row is the same state. */
static void op_big_batch(worker *w) {
  kf_set_thread_count((size_t)below(w, 3));
  int i = below(w, 2) ? 0 : 3;
  const stable_track *s = &stable[i];
  size_t capacity = (size_t)BIG * MAX_CHANNELS;
  kf_status status =
      kf_track_sample_many(shared_tracks[i], w->big_times, BIG, w->big_values, capacity);
  if (expect(w, "kf_track_sample_many", status, BIT(KF_OK)) == KF_OK)
    CHECK(w, match_rows(s, w->big_values, BIG, s->channels, 0, 0) >= 0,
          "%s: a split batch is not one state", s->property);
}

/* An animator of the thread's own: create, fill, release before its track. */
static void op_own_animator(worker *w) {
  kf_animator *mine = NULL;
  kf_track *alpha = NULL;
  if (expect(w, "kf_animator_create", kf_animator_create(&mine), BIT(KF_OK)) != KF_OK) return;
  if (expect(w, "kf_animator_add_track", kf_animator_add_track(mine, "own", "alpha", NULL, &alpha),
             BIT(KF_OK)) == KF_OK) {
    double zero = 0, one = 1, got = -1, outside = 1.5;
    expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(alpha, 0, &zero, 1, NULL), BIT(KF_OK));
    expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(alpha, 10, &one, 1, NULL), BIT(KF_OK));
    expect(w, "kf_track_set_keyframe", kf_track_set_keyframe(alpha, 20, &outside, 1, NULL),
           BIT(KF_E_INVALID_VALUE));
    kf_animator_release(mine);
    CHECK(w, kf_track_sample(alpha, 5, &got, 1) == KF_OK && got == 0.5,
          "a track outlives its animator (%g)", got);
    kf_track_release(alpha);
  } else {
    kf_animator_release(mine);
  }
  size_t count = 0;
  expect(w, "kf_animator_track_count", kf_animator_track_count(mine, &count),
         BIT(KF_E_INVALID_HANDLE));
}

/* A timing tree over the shared animator: a clip over animator times
 * [0, 100] (fill both, so local time is animator time there) nested in a
 * timeline, made and sampled at a probe while other threads edit the
 * animator. The stable tracks are its first columns (they were added
 * first and are never removed), so their values must be one state's; a
 * churn track without its keyframe yet makes the tree KF_E_EMPTY_TRACK, a
 * layout that grew since it was read KF_E_BUFFER_TOO_SMALL. The shared
 * player is advanced and read by every thread at once. */
static kf_player *shared_player;

static void op_node(worker *w) {
  kf_timing_options both = KF_TIMING_OPTIONS_INIT;
  both.fill = KF_FILL_BOTH;
  const double span[2] = {0, 100};
  kf_node *clip = NULL, *timeline = NULL;
  if (expect(w, "kf_clip_new", kf_clip_new(shared, span, &both, KF_COMPOSITE_REPLACE, &clip),
             BIT(KF_OK)) != KF_OK)
    return;
  expect(w, "kf_timeline_new", kf_timeline_new(NULL, &timeline), BIT(KF_OK));
  expect(w, "kf_timeline_add", kf_timeline_add(timeline, clip, "0", NULL), BIT(KF_OK));
  kf_node_release(clip); /* the timeline keeps it */
  int p = 3 + below(w, 8);  /* probes 0 ... 100 */
  double values[MAX_TRACKS * MAX_CHANNELS];
  size_t width = 0;
  kf_status status = kf_node_sample_many(timeline, &probes[p], 1, KF_ANIMATION_FORWARDS, values,
                                         MAX_TRACKS * MAX_CHANNELS, &width, NULL);
  if (expect(w, "kf_node_sample_many", status,
             BIT(KF_OK) | BIT(KF_E_EMPTY_TRACK) | BIT(KF_E_BUFFER_TOO_SMALL)) == KF_OK) {
    size_t column = 0;
    for (int i = 0; i < STABLE; i++) {
      CHECK(w, match_sample(&stable[i], p, values + column, 0) >= 0,
            "%s through a timeline at %g is no state's value (%.17g)", stable[i].property,
            probes[p], values[column]);
      column += stable[i].channels;
    }
  } else if (status == KF_E_EMPTY_TRACK) {
    w->empty_retries++;
  }
  kf_node_release(timeline);
  kf_event events[8];
  size_t count = 0;
  int32_t more = 0;
  if (below(w, 2) == 0) {
    expect(w, "kf_player_advance", kf_player_advance(shared_player, 0.25, events, 8, &count, &more),
           BIT(KF_OK));
  } else {
    /* A frame loop's step: the move, the row and the events in one call,
     * while other threads step the same player and edit its animator. */
    size_t row_width = 0;
    status = kf_player_advance_frame(shared_player, 0.25, values, MAX_TRACKS * MAX_CHANNELS,
                                     &row_width, events, 8, &count, &more);
    if (expect(w, "kf_player_advance_frame", status,
               BIT(KF_OK) | BIT(KF_E_EMPTY_TRACK) | BIT(KF_E_BUFFER_TOO_SMALL)) == KF_OK) {
      size_t columns = 0;
      for (int i = 0; i < STABLE; i++) columns += stable[i].channels;
      CHECK(w, row_width >= columns && count <= 8, "advance_frame: %zu columns, %zu events",
            row_width, count);
    } else if (status == KF_E_EMPTY_TRACK) {
      w->empty_retries++;
    }
  }
  kf_player_state state = KF_PLAYER_STATE_INIT;
  expect(w, "kf_player_get_state", kf_player_get_state(shared_player, &state), BIT(KF_OK));
  CHECK(w, state.play_state == KF_PLAY_STATE_RUNNING || state.play_state == KF_PLAY_STATE_FINISHED,
        "the shared player is %d", state.play_state);
  if (below(w, 8) == 0) {
    expect(w, "kf_player_play", kf_player_play(shared_player), BIT(KF_OK));
  }
}

/* ---------------------------------------------------------------------------
 * Threads.
 */

static pthread_barrier_t start;
static double deadline;
static long operations_per_thread;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A deadlock would hang the run: the watchdog ends it with a failure if
 * the workers are not done a minute after the deadline. */
static pthread_mutex_t watchdog_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watchdog_done = PTHREAD_COND_INITIALIZER;
static int workers_done = 0;

static void *watchdog(void *argument) {
  (void)argument;
  struct timespec limit;
  clock_gettime(CLOCK_REALTIME, &limit);
  limit.tv_sec += (time_t)(deadline - now()) + 60;
  pthread_mutex_lock(&watchdog_lock);
  int status = 0;
  while (!workers_done && status == 0)
    status = pthread_cond_timedwait(&watchdog_done, &watchdog_lock, &limit);
  int done = workers_done;
  pthread_mutex_unlock(&watchdog_lock);
  if (!done) {
    fprintf(stderr, "FAIL: the threads are still running a minute after the deadline (deadlock?)\n");
    printf("0 passed, 1 failed\n");
    fflush(stdout);
    _exit(3);
  }
  return NULL;
}

static void *run(void *argument) {
  worker *w = argument;
  pthread_barrier_wait(&start);
  for (; w->operations < operations_per_thread; w->operations++) {
    if ((w->operations & 15) == 0 && now() > deadline) break;
    int roll = below(w, 1000);
    if (roll < 150) op_sample(w);
    else if (roll < 270) op_sample_many(w);
    else if (roll < 360) op_animator_frame(w);
    else if (roll < 460) op_bulk_write(w);
    else if (roll < 560) op_toggle_write(w);
    else if (roll < 660) op_keyframes(w);
    else if (roll < 770) op_churn(w);
    else if (roll < 850) op_handles(w);
    else if (roll < 880) op_copy(w);
    else if (roll < 950) op_bad_calls(w);
    else if (roll < 975) op_own_animator(w);
    else if (roll < 998) op_node(w);
    else op_big_batch(w);
  }
  /* Leave the shared animator with its stable tracks only. */
  while (w->churn_live > 0) {
    char name[32];
    churn_name(name, sizeof name, w->id, w->churn_serial[w->churn_live - 1]);
    expect(w, "kf_animator_remove_track", kf_animator_remove_track(shared, "churn", name),
           BIT(KF_OK));
    kf_track_release(w->churn[--w->churn_live]);
  }
  return NULL;
}

int main(int argc, char **argv) {
  operations_per_thread = argc > 1 ? atol(argv[1]) : 20000;
  double seconds = argc > 2 ? atof(argv[2]) : 60;
  define_tracks();
  if (!compute_states()) return 2;

  if (kf_animator_create(&shared) != KF_OK) return 2;
  for (int i = 0; i < STABLE; i++) {
    kf_track_options options = track_options(&stable[i]);
    if (kf_animator_add_track(shared, stable_target, stable[i].property, &options,
                              &shared_tracks[i]) != KF_OK ||
        !(stable[i].toggled ? set_toggle_state(shared_tracks[i], 0)
                            : set_state(shared_tracks[i], &stable[i], 0) == KF_OK)) {
      fprintf(stderr, "setup: %s: %s\n", stable[i].property, kf_last_error());
      return 2;
    }
  }

  {
    kf_node *clip = NULL;
    const double span[2] = {0, 100};
    if (kf_clip_new(shared, span, NULL, KF_COMPOSITE_REPLACE, &clip) != KF_OK ||
        kf_player_new(clip, NULL, &shared_player) != KF_OK || kf_player_play(shared_player) != KF_OK) {
      fprintf(stderr, "setup: player: %s\n", kf_last_error());
      return 2;
    }
    kf_node_release(clip);
  }

  static worker workers[THREADS];
  pthread_t threads[THREADS];
  pthread_barrier_init(&start, NULL, THREADS);
  deadline = now() + seconds;
  double began = now();
  for (int t = 0; t < THREADS; t++) {
    workers[t].id = t;
    workers[t].random = 0x5EED0000u + (uint64_t)t;
    workers[t].big_times = malloc(sizeof(double) * BIG);
    workers[t].big_values = malloc(sizeof(double) * BIG * MAX_CHANNELS);
    if (!workers[t].big_times || !workers[t].big_values) return 2;
    for (int r = 0; r < BIG; r++) workers[t].big_times[r] = probes[r % PROBES];
    if (pthread_create(&threads[t], NULL, run, &workers[t]) != 0) return 2;
  }
  pthread_t guard;
  if (pthread_create(&guard, NULL, watchdog, NULL) != 0) return 2;
  long passed = 0, failed = 0, operations = 0, stale = 0, layout = 0, empty = 0, frames_gave_up = 0,
       styles_gave_up = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(threads[t], NULL);
    passed += workers[t].passed;
    failed += workers[t].failed;
    operations += workers[t].operations;
    stale += workers[t].stale_retries;
    layout += workers[t].layout_retries;
    empty += workers[t].empty_retries;
    frames_gave_up += workers[t].frames_gave_up;
    styles_gave_up += workers[t].styles_gave_up;
    free(workers[t].big_times);
    free(workers[t].big_values);
  }
  double elapsed = now() - began;
  pthread_barrier_destroy(&start);
  pthread_mutex_lock(&watchdog_lock);
  workers_done = 1;
  pthread_cond_signal(&watchdog_done);
  pthread_mutex_unlock(&watchdog_lock);
  pthread_join(guard, NULL);

  /* Afterwards: the stable tracks only, each in one of its states. */
  size_t count = 0;
  worker last = {.id = -1};
  CHECK(&last, kf_animator_track_count(shared, &count) == KF_OK && count == STABLE,
        "%zu tracks left", count);
  for (int i = 0; i < STABLE; i++) {
    double values[PROBES * MAX_CHANNELS];
    CHECK(&last,
          kf_track_sample_many(shared_tracks[i], probes, PROBES, values, PROBES * MAX_CHANNELS) ==
                  KF_OK &&
              match_rows(&stable[i], values, PROBES, stable[i].channels, 0, 0) >= 0,
          "%s ends in no state", stable[i].property);
    kf_track_release(shared_tracks[i]);
  }
  kf_player_release(shared_player);
  kf_animator_release(shared);
  kf_set_thread_count(0);
  passed += last.passed;
  failed += last.failed;

  printf("%d threads, %ld operations in %.2f s (%.0f/s); retried: %ld stale styles, %ld layouts, "
         "%ld empty tracks; gave up after 50 tries: %ld frames, %ld style reads\n",
         THREADS, operations, elapsed, (double)operations / elapsed, stale, layout, empty,
         frames_gave_up, styles_gave_up);
  printf("%ld passed, %ld failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
