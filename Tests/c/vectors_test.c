/*
 * Runs the shared test vectors (the JSON files in Tests/vectors, compiled into
 * vectors.inc by gen_vectors.py) and the C-only contract checks (NULL
 * arguments, stale handles, status strings) against libkeyframe.so.
 *
 * Prints "sample <file> <tcId> <hex double>..." for every vector's result,
 * "velocity <file> <tcId> <hex double>..." for every track vector's velocity
 * and "derivative <file> <tcId> <hex double>" for every easing vector's
 * derivative (a timing vector's sample is its phase code, then its nine
 * computed values), so the Python tests can check that C and Python agree
 * bit for bit, then a closing "N passed, N failed" line. Exits non-zero on any
 * failure other than those listed in Tests/vectors/known_failures.txt.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "keyframe.h"

typedef struct {
  double time;
  const double *value;
  size_t count;
  const char *easing;
  int styled; /* has style fields beyond the easing */
  const char *interpolation;
  const double *parameters; /* tension, continuity, bias */
  const double *left;       /* time, then the value; NULL if none */
  const double *right;
  size_t handle_count;
} vector_keyframe;

/* How to create a track: kf_animator_add_track with default options, or with
 * `with_kind` these kf_track_options fields (kind and color_space may be
 * NULL). */
typedef struct {
  const char *property;
  int with_kind;
  const char *kind;
  size_t channels;
  const char *color_space;
  int premultiplied;
} vector_track_spec;

typedef struct {
  int tc_id;
  double input; /* time or progress */
  const double *expected;
  size_t count;
  const double *velocity; /* expected velocity (track) or derivative (easing); NULL if none */
  size_t velocity_count;
  const double *inputs; /* color_convert: rgba, or coordinates and alpha */
  size_t input_count;
  int from_space; /* color_convert: inputs are coordinates and alpha */
} vector_test;

typedef struct {
  int show; /* show_at, else hide_at */
  double time;
} vector_operation;

typedef struct {
  vector_track_spec track;
  const vector_keyframe *keyframes;
  size_t keyframe_count;
} vector_compose_track;

enum { GROUP_TRACK, GROUP_EASING, GROUP_HIDE, GROUP_COMPOSE, GROUP_CONVERT, GROUP_TIMING,
       GROUP_RELATIVE, GROUP_PAGING, GROUP_PAGE };

/* A view a paging group keeps (kf_paging_keep's arguments). */
typedef struct {
  const char *target;
  const char *attribute;
  const double *pages;
  const double *times;   /* NULL: the pages */
  const double *offsets; /* NULL: none */
  size_t count;
  double constant;
} vector_keep;

/* What relative, paging and page groups need beyond a track spec. */
typedef struct {
  const char *relative_to; /* relative groups */
  double constant;
  size_t pages; /* paging and page groups */
  double page_width;
  const vector_keep *keeps;
  size_t keep_count;
} vector_layout;

/* A timing group's `timing` as kf_timing_options fields, with direction and
 * fill as names (NULL: the default) for kf_*_from_name, and how to compute
 * it. */
typedef struct {
  double delay, end_delay;
  int duration_auto;
  double duration, iterations, iteration_start;
  const char *direction, *fill, *easing;
  int autoreverses;
  double time_offset, intrinsic_duration;
  const char *animation_direction; /* NULL: forwards */
} vector_timing;

#define TIMING_VALUES 9

/* expected: iteration_duration, active_duration, end_time, active_time,
 * overall_progress, simple_iteration_progress, current_iteration,
 * directed_progress, transformed_progress (NaN: unresolved). */
typedef struct {
  int tc_id;
  double time;
  const char *phase;
  double expected[TIMING_VALUES];
} vector_timing_test;

typedef struct {
  const char *file;
  const char *id;
  int type;
  vector_track_spec track; /* track and hide groups */
  const char *easing;      /* easing groups */
  const vector_keyframe *keyframes;
  size_t keyframe_count;
  const char *before; /* extrapolation; NULL keeps the default */
  const char *after;
  const vector_operation *operations; /* hide groups */
  size_t operation_count;
  const char *target; /* compose groups */
  const vector_compose_track *tracks;
  size_t track_count;
  const char *space; /* color_convert groups */
  const vector_timing *timing; /* timing groups */
  const vector_timing_test *timing_tests;
  const vector_layout *layout; /* relative, paging and page groups */
  const vector_test *tests;
  size_t test_count;
  double tolerance;
  double velocity_tolerance;
  /* Listed in Tests/vectors/known_failures.txt: mismatches are expected (and
   * at least one must occur). */
  int known_value_failure;
  int known_velocity_failure;
} vector_group;

enum { OP_CREATE, OP_SET, OP_EXTRAPOLATION, OP_HIDE, OP_SHOW };

typedef struct {
  const char *file;
  int tc_id;
  const char *id;
  vector_track_spec track;
  const vector_keyframe *keyframes;
  size_t keyframe_count;
  int operation; /* OP_CREATE: creating the track is the call that is tried */
  const vector_keyframe *set;
  const char *before; /* OP_EXTRAPOLATION */
  const char *after;
  double time; /* OP_HIDE, OP_SHOW */
  kf_status status;
  const char *message_contains;
} vector_rejection;

typedef struct {
  const char *file;
  int tc_id;
  const char *id;
  vector_timing timing;
  kf_status status;
  const char *message_contains;
} vector_timing_rejection;

#include "vectors.inc"

#define MAX_TESTS 64

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* NaN matches NaN; tolerance 0 means the exact double (so -0.0 is not 0.0);
 * an infinite expected value matches only itself. */
static int matches(double actual, double expected, double tolerance) {
  if (isnan(expected)) return isnan(actual);
  if (tolerance == 0) return same_bits(actual, expected);
  if (isinf(expected)) return actual == expected;
  return fabs(actual - expected) <= tolerance;
}

/* Sets a vector keyframe: plain ones with NULL options (an easing alone
 * through options too), styled ones with every field. Interpolation names
 * go through kf_interpolation_from_name, whose status an unknown name
 * returns. */
static kf_status set_keyframe(kf_track *track, const vector_keyframe *k) {
  if (!k->styled && k->easing == NULL) {
    return kf_track_set_keyframe(track, k->time, k->value, k->count, NULL);
  }
  kf_keyframe_options options = KF_KEYFRAME_OPTIONS_INIT;
  options.easing = k->easing;
  if (k->interpolation != NULL && k->interpolation[0] != '\0') {
    kf_status status = kf_interpolation_from_name(k->interpolation, &options.interpolation);
    if (status != KF_OK) return status;
  }
  if (k->parameters != NULL) {
    options.tension = k->parameters[0];
    options.continuity = k->parameters[1];
    options.bias = k->parameters[2];
  }
  options.left_handle = k->left;
  options.right_handle = k->right;
  options.handle_count = k->handle_count;
  return kf_track_set_keyframe(track, k->time, k->value, k->count, &options);
}

static kf_status add_track(kf_animator *animator, const char *target, const vector_track_spec *spec,
                           kf_track **out) {
  if (!spec->with_kind) return kf_animator_add_track(animator, target, spec->property, NULL, out);
  kf_track_options options = KF_TRACK_OPTIONS_INIT;
  options.kind = spec->kind;
  options.channels = spec->channels;
  options.color_space = spec->color_space;
  options.premultiplied = spec->premultiplied;
  return kf_animator_add_track(animator, target, spec->property, &options, out);
}

/* Sets extrapolation modes given by name (NULL keeps that side). */
static kf_status set_extrapolation(kf_track *track, const char *before, const char *after) {
  kf_extrapolation modes[2] = {KF_EXTRAPOLATION_UNCHANGED, KF_EXTRAPOLATION_UNCHANGED};
  const char *names[2] = {before, after};
  for (int side = 0; side < 2; side++) {
    if (names[side] == NULL) continue;
    kf_status status = kf_extrapolation_from_name(names[side], &modes[side]);
    if (status != KF_OK) return status;
  }
  return kf_track_set_extrapolation(track, modes[0], modes[1]);
}

/* Adds a track to `animator` and sets `keyframes` on it; NULL on failure. */
static kf_track *add_filled_track(kf_animator *animator, const char *target,
                                  const vector_track_spec *spec, const vector_keyframe *keyframes,
                                  size_t count) {
  kf_track *track = NULL;
  if (add_track(animator, target, spec, &track) != KF_OK) return NULL;
  for (size_t i = 0; i < count; i++) {
    if (set_keyframe(track, &keyframes[i]) != KF_OK) {
      kf_track_release(track);
      return NULL;
    }
  }
  return track;
}

/* A fresh animator with one track holding `keyframes`. */
static kf_track *make_track(kf_animator **animator, const vector_track_spec *spec,
                            const vector_keyframe *keyframes, size_t count) {
  if (kf_animator_create(animator) != KF_OK) return NULL;
  return add_filled_track(*animator, "view", spec, keyframes, count);
}

static void print_line(const char *what, const char *file, int tc_id, const double *values,
                       size_t count) {
  printf("%s %s %d", what, file, tc_id);
  for (size_t c = 0; c < count; c++) printf(" %a", values[c]);
  printf("\n");
}

static int known_failures = 0;

/* The end of a group with known failures: at least one mismatch must have
 * occurred, or the entry in known_failures.txt is stale. */
static void settle_known(const vector_group *group, const char *check, int listed, int mismatches) {
  if (!listed) return;
  if (mismatches > 0) known_failures++;
  CHECK(mismatches > 0, "%s %s %s is listed in known_failures.txt but passes; remove it",
        group->file, group->id, check);
}

#define MAX_CHANNELS 64

/* A track or hide group: the track, then sampled one by one and in a batch. */
static void run_track_group(const vector_group *group) {
  static double batch[MAX_TESTS * MAX_CHANNELS], batch_velocity[MAX_TESTS * MAX_CHANNELS];
  kf_animator *animator = NULL;
  kf_track *track = make_track(&animator, &group->track, group->keyframes, group->keyframe_count);
  CHECK(track != NULL, "group %s/%s: setting up the track failed", group->file, group->id);
  if (track == NULL) {
    kf_animator_release(animator);
    return;
  }
  if (group->before != NULL || group->after != NULL) {
    kf_status status = set_extrapolation(track, group->before, group->after);
    CHECK(status == KF_OK, "group %s/%s: set_extrapolation returned %d", group->file, group->id,
          status);
  }
  for (size_t i = 0; i < group->operation_count; i++) {
    const vector_operation *op = &group->operations[i];
    kf_status status =
        op->show ? kf_track_show_at(track, op->time) : kf_track_hide_at(track, op->time);
    CHECK(status == KF_OK, "group %s/%s: operation %zu returned %d", group->file, group->id, i,
          status);
  }
  double times[MAX_TESTS];
  size_t n = group->test_count;
  CHECK(n <= MAX_TESTS, "group %s/%s has more than %d tests", group->file, group->id, MAX_TESTS);
  if (n > MAX_TESTS) n = MAX_TESTS;
  for (size_t i = 0; i < n; i++) times[i] = group->tests[i].input;
  kf_status many = kf_track_sample_many(track, times, n, batch, sizeof batch / sizeof batch[0]);
  CHECK(many == KF_OK, "group %s/%s: sample_many returned %d", group->file, group->id, many);
  many = kf_track_velocity_many(track, times, n, batch_velocity,
                                sizeof batch_velocity / sizeof batch_velocity[0]);
  CHECK(many == KF_OK, "group %s/%s: velocity_many returned %d", group->file, group->id, many);
  size_t offset = 0;
  int value_mismatches = 0, velocity_mismatches = 0;
  for (size_t i = 0; i < n; i++) {
    const vector_test *test = &group->tests[i];
    double out[MAX_CHANNELS] = {0}, velocity[MAX_CHANNELS] = {0};
    kf_status status = kf_track_sample(track, test->input, out, MAX_CHANNELS);
    CHECK(status == KF_OK, "%s tcId %d: sample returned %d", group->file, test->tc_id, status);
    status = kf_track_velocity(track, test->input, velocity, MAX_CHANNELS);
    CHECK(status == KF_OK, "%s tcId %d: velocity returned %d", group->file, test->tc_id, status);
    print_line("sample", group->file, test->tc_id, out, test->count);
    print_line("velocity", group->file, test->tc_id, velocity, test->count);
    for (size_t c = 0; c < test->count; c++) {
      int ok = matches(out[c], test->expected[c], group->tolerance);
      if (!ok) value_mismatches++;
      CHECK(ok || group->known_value_failure,
            "%s tcId %d (%s): at %g channel %zu got %.17g, expected %.17g", group->file,
            test->tc_id, group->id, test->input, c, out[c], test->expected[c]);
      /* The batch calls give bit for bit what single calls give. */
      CHECK(same_bits(batch[offset + c], out[c]), "%s tcId %d: batch %a differs from single %a",
            group->file, test->tc_id, batch[offset + c], out[c]);
      CHECK(same_bits(batch_velocity[offset + c], velocity[c]),
            "%s tcId %d: batch velocity %a differs from single %a", group->file, test->tc_id,
            batch_velocity[offset + c], velocity[c]);
    }
    for (size_t c = 0; c < test->velocity_count; c++) {
      int ok = matches(velocity[c], test->velocity[c], group->velocity_tolerance);
      if (!ok) velocity_mismatches++;
      CHECK(ok || group->known_velocity_failure,
            "%s tcId %d (%s): velocity at %g channel %zu got %.17g, expected %.17g", group->file,
            test->tc_id, group->id, test->input, c, velocity[c], test->velocity[c]);
    }
    offset += test->count;
  }
  settle_known(group, "value", group->known_value_failure, value_mismatches);
  settle_known(group, "velocity", group->known_velocity_failure, velocity_mismatches);
  kf_track_release(track);
  kf_animator_release(animator);
}

/* An easing group: kf_easing_sample directly, one by one and in a batch, and
 * for 0 < p < 1 a track (0 -> 0 with the easing, 1 -> 1) sampled at time p,
 * which must give the same doubles. */
static void run_easing_group(const vector_group *group) {
  double progress[MAX_TESTS], values[MAX_TESTS], derivatives[MAX_TESTS];
  size_t n = group->test_count;
  CHECK(n <= MAX_TESTS, "group %s/%s has more than %d tests", group->file, group->id, MAX_TESTS);
  if (n > MAX_TESTS) n = MAX_TESTS;
  for (size_t i = 0; i < n; i++) progress[i] = group->tests[i].input;
  kf_status status = kf_easing_sample(group->easing, progress, n, values, derivatives, MAX_TESTS);
  CHECK(status == KF_OK, "group %s/%s: kf_easing_sample returned %d", group->file, group->id,
        status);
  if (status != KF_OK) return;

  double zero = 0, one = 1;
  kf_animator *animator = NULL;
  kf_track *track = NULL;
  if (kf_animator_create(&animator) == KF_OK &&
      kf_animator_add_track(animator, "view", "progress", NULL, &track) == KF_OK) {
    kf_keyframe_options eased = KF_KEYFRAME_OPTIONS_INIT;
    eased.easing = group->easing;
    status = kf_track_set_keyframe(track, 0, &zero, 1, &eased);
    if (status == KF_OK) status = kf_track_set_keyframe(track, 1, &one, 1, NULL);
  }
  CHECK(track != NULL && status == KF_OK, "group %s/%s: setting up the track failed", group->file,
        group->id);

  for (size_t i = 0; i < n; i++) {
    const vector_test *test = &group->tests[i];
    double value = 0, derivative = 0;
    status = kf_easing_sample(group->easing, &test->input, 1, &value, &derivative, 1);
    CHECK(status == KF_OK, "%s tcId %d: kf_easing_sample returned %d", group->file, test->tc_id,
          status);
    print_line("sample", group->file, test->tc_id, &value, 1);
    print_line("derivative", group->file, test->tc_id, &derivative, 1);
    CHECK(matches(value, test->expected[0], group->tolerance),
          "%s tcId %d (%s): at %g got %.17g, expected %.17g", group->file, test->tc_id, group->id,
          test->input, value, test->expected[0]);
    if (test->velocity != NULL) {
      CHECK(matches(derivative, test->velocity[0], group->velocity_tolerance),
            "%s tcId %d (%s): derivative at %g got %.17g, expected %.17g", group->file,
            test->tc_id, group->id, test->input, derivative, test->velocity[0]);
    }
    CHECK(same_bits(values[i], value) && same_bits(derivatives[i], derivative),
          "%s tcId %d: batch differs from single", group->file, test->tc_id);
    if (track != NULL && test->input > 0 && test->input < 1) {
      double through_track = 0, velocity = 0;
      kf_track_sample(track, test->input, &through_track, 1);
      kf_track_velocity(track, test->input, &velocity, 1);
      CHECK(same_bits(through_track, value) && same_bits(velocity, derivative),
            "%s tcId %d: the track gives %a and %a, the easing %a and %a", group->file,
            test->tc_id, through_track, velocity, value, derivative);
    }
  }
  kf_track_release(track);
  kf_animator_release(animator);
}

/* Compares one result of a compose or color_convert group and prints it. */
static void check_result(const vector_group *group, const vector_test *test, const double *out,
                         size_t count) {
  print_line("sample", group->file, test->tc_id, out, count);
  CHECK(count == test->count, "%s tcId %d: %zu numbers, expected %zu", group->file, test->tc_id,
        count, test->count);
  for (size_t c = 0; c < count && c < test->count; c++) {
    CHECK(matches(out[c], test->expected[c], group->tolerance),
          "%s tcId %d (%s): number %zu is %.17g, expected %.17g", group->file, test->tc_id,
          group->id, c, out[c], test->expected[c]);
  }
}

/* A compose group: tracks added in order, then kf_animator_transform_many. */
static void run_compose_group(const vector_group *group) {
  kf_animator *animator = NULL;
  CHECK(kf_animator_create(&animator) == KF_OK, "group %s/%s: create", group->file, group->id);
  for (size_t i = 0; i < group->track_count; i++) {
    const vector_compose_track *spec = &group->tracks[i];
    kf_track *track = add_filled_track(animator, group->target, &spec->track, spec->keyframes,
                                       spec->keyframe_count);
    CHECK(track != NULL, "group %s/%s: setting up track %zu failed", group->file, group->id, i);
    kf_track_release(track);
  }
  for (size_t i = 0; i < group->test_count; i++) {
    const vector_test *test = &group->tests[i];
    double out[6] = {0};
    kf_status status =
        kf_animator_transform_many(animator, group->target, &test->input, 1, out, 6);
    CHECK(status == KF_OK, "%s tcId %d: kf_animator_transform_many returned %d", group->file,
          test->tc_id, status);
    check_result(group, test, out, 6);
  }
  kf_animator_release(animator);
}

/* A color_convert group: kf_color_to_space or kf_color_from_space. */
static void run_convert_group(const vector_group *group) {
  for (size_t i = 0; i < group->test_count; i++) {
    const vector_test *test = &group->tests[i];
    double out[4] = {0};
    kf_status status = test->from_space
                           ? kf_color_from_space(group->space, test->inputs, 1, out)
                           : kf_color_to_space(group->space, test->inputs, 1, out);
    CHECK(status == KF_OK, "%s tcId %d: conversion returned %d", group->file, test->tc_id, status);
    check_result(group, test, out, test->from_space ? 4 : 3);
  }
}

/* The kf_timing_options of a vector timing, its names read by the
 * library; the first failing status, else KF_OK. */
static kf_status timing_options(const vector_timing *v, kf_timing_options *options,
                                kf_animation_direction *direction) {
  kf_timing_options t = KF_TIMING_OPTIONS_INIT;
  t.delay = v->delay;
  t.end_delay = v->end_delay;
  t.duration = v->duration_auto ? KF_DURATION_AUTO : v->duration;
  t.iterations = v->iterations;
  t.iteration_start = v->iteration_start;
  t.easing = v->easing;
  t.autoreverses = v->autoreverses;
  t.time_offset = v->time_offset;
  kf_status status = KF_OK;
  if (v->direction != NULL) status = kf_direction_from_name(v->direction, &t.direction);
  if (status == KF_OK && v->fill != NULL) status = kf_fill_from_name(v->fill, &t.fill);
  *direction = KF_ANIMATION_FORWARDS;
  if (status == KF_OK && v->animation_direction != NULL) {
    status = kf_animation_direction_from_name(v->animation_direction, direction);
  }
  *options = t;
  return status;
}

static int same_or_nan(double a, double b) { return same_bits(a, b) || (isnan(a) && isnan(b)); }

/* A timing group: kf_timing_compute per time against every expected value,
 * and kf_timing_progress_many against the single calls, bit for bit. */
static void run_timing_group(const vector_group *group) {
  kf_timing_options options;
  kf_animation_direction direction;
  kf_status status = timing_options(group->timing, &options, &direction);
  CHECK(status == KF_OK, "group %s/%s: the timing's names", group->file, group->id);
  size_t n = group->test_count;
  CHECK(n <= MAX_TESTS, "group %s/%s has more than %d tests", group->file, group->id, MAX_TESTS);
  if (n > MAX_TESTS) n = MAX_TESTS;
  double times[MAX_TESTS], progress[MAX_TESTS], iterations[MAX_TESTS];
  for (size_t i = 0; i < n; i++) times[i] = group->timing_tests[i].time;
  double intrinsic = group->timing->intrinsic_duration;
  status = kf_timing_progress_many(&options, times, n, intrinsic, direction, progress, iterations,
                                   MAX_TESTS);
  CHECK(status == KF_OK, "group %s/%s: kf_timing_progress_many returned %d", group->file,
        group->id, status);
  for (size_t i = 0; i < n; i++) {
    const vector_timing_test *test = &group->timing_tests[i];
    kf_computed_timing c = KF_COMPUTED_TIMING_INIT;
    status = kf_timing_compute(&options, test->time, intrinsic, direction, &c);
    CHECK(status == KF_OK, "%s tcId %d: kf_timing_compute returned %d", group->file, test->tc_id,
          status);
    double values[1 + TIMING_VALUES] = {c.phase,
                                        c.iteration_duration,
                                        c.active_duration,
                                        c.end_time,
                                        c.active_time,
                                        c.overall_progress,
                                        c.simple_iteration_progress,
                                        c.current_iteration,
                                        c.directed_progress,
                                        c.transformed_progress};
    print_line("sample", group->file, test->tc_id, values, 1 + TIMING_VALUES);
    const char *phase = kf_phase_name(c.phase);
    CHECK(phase != NULL && strcmp(phase, test->phase) == 0, "%s tcId %d (%s): phase %s, expected %s",
          group->file, test->tc_id, group->id, phase ? phase : "?", test->phase);
    for (int k = 0; k < TIMING_VALUES; k++) {
      double tolerance = k == TIMING_VALUES - 1 ? group->tolerance : 0;
      CHECK(matches(values[1 + k], test->expected[k], tolerance),
            "%s tcId %d (%s): value %d at %g is %.17g, expected %.17g", group->file, test->tc_id,
            group->id, k, test->time, values[1 + k], test->expected[k]);
    }
    CHECK(same_or_nan(progress[i], c.transformed_progress) &&
              same_or_nan(iterations[i], c.current_iteration),
          "%s tcId %d: the batch gives %a and %a, single calls %a and %a", group->file,
          test->tc_id, progress[i], iterations[i], c.transformed_progress, c.current_iteration);
  }
}

/* Timing rejections: the names, kf_timing_validate, then kf_timing_compute
 * with the vector's intrinsic duration; the first failing status counts. */
static void run_timing_rejections(void) {
  for (size_t r = 0; r < timing_rejection_count; r++) {
    const vector_timing_rejection *v = &timing_rejections[r];
    kf_timing_options options;
    kf_animation_direction direction;
    kf_status status = timing_options(&v->timing, &options, &direction);
    if (status == KF_OK) status = kf_timing_validate(&options, NULL);
    if (status == KF_OK) {
      kf_computed_timing c = KF_COMPUTED_TIMING_INIT;
      status = kf_timing_compute(&options, 0, v->timing.intrinsic_duration, direction, &c);
    }
    CHECK(status == v->status, "rejection %s/%s (tcId %d): got status %d, expected %d", v->file,
          v->id, v->tc_id, status, v->status);
    if (v->status != KF_OK && v->message_contains != NULL) {
      CHECK(strstr(kf_last_error(), v->message_contains) != NULL,
            "rejection %s: message lacks \"%s\"", v->id, v->message_contains);
    }
  }
}

/* -- Variables and paging (paging.json) ---------------------------------- */

/* A relative group: a track relative to a variable, the variable set per
 * test (test->inputs[0]), then kf_track_sample and kf_track_velocity. */
static void run_relative_group(const vector_group *group) {
  kf_animator *animator = NULL;
  kf_track *track = NULL;
  kf_track_options options = KF_TRACK_OPTIONS_INIT;
  options.relative_to = group->layout->relative_to;
  options.constant = group->layout->constant;
  CHECK(kf_animator_create(&animator) == KF_OK &&
            kf_animator_add_track(animator, "view", group->track.property, &options, &track) ==
                KF_OK,
        "group %s/%s: create", group->file, group->id);
  for (size_t i = 0; i < group->keyframe_count; i++) {
    CHECK(set_keyframe(track, &group->keyframes[i]) == KF_OK, "group %s/%s: keyframe %zu",
          group->file, group->id, i);
  }
  for (size_t i = 0; i < group->test_count; i++) {
    const vector_test *test = &group->tests[i];
    double value = 0, velocity = 0, batch = 0;
    CHECK(kf_animator_set_variable(animator, group->layout->relative_to, test->inputs[0]) == KF_OK,
          "%s tcId %d: set_variable", group->file, test->tc_id);
    CHECK(kf_track_sample(track, test->input, &value, 1) == KF_OK &&
              kf_track_velocity(track, test->input, &velocity, 1) == KF_OK &&
              kf_animator_sample_many(animator, &test->input, 1, &batch, 1, NULL, NULL) == KF_OK,
          "%s tcId %d: sampling failed", group->file, test->tc_id);
    CHECK(same_bits(batch, value), "%s tcId %d: the matrix gives %a, the track %a", group->file,
          test->tc_id, batch, value);
    check_result(group, test, &value, 1);
    print_line("velocity", group->file, test->tc_id, &velocity, 1);
    CHECK(test->velocity == NULL || matches(velocity, test->velocity[0], group->velocity_tolerance),
          "%s tcId %d: velocity %.17g", group->file, test->tc_id, velocity);
  }
  kf_track_release(track);
  kf_animator_release(animator);
}

/* A paging group (kf_paging_keep, kf_paging_positions with the width set
 * per test) or a page group (kf_paging_page_offset, kf_paging_current_page). */
static void run_paging_group(const vector_group *group) {
  const vector_layout *layout = group->layout;
  kf_animator *animator = NULL;
  kf_paging *paging = NULL;
  CHECK(kf_animator_create(&animator) == KF_OK &&
            kf_paging_create(animator, layout->pages, layout->page_width, NULL, &paging) == KF_OK,
        "group %s/%s: create", group->file, group->id);
  for (size_t k = 0; k < layout->keep_count; k++) {
    const vector_keep *keep = &layout->keeps[k];
    kf_page_attribute attribute = 0;
    CHECK(kf_page_attribute_from_name(keep->attribute, &attribute) == KF_OK &&
              kf_paging_keep(paging, keep->target, attribute, keep->pages, keep->times,
                             keep->count, keep->constant, keep->offsets, NULL) == KF_OK,
          "group %s/%s: keep %s: %s", group->file, group->id, keep->target, kf_last_error());
  }
  for (size_t i = 0; i < group->test_count; i++) {
    const vector_test *test = &group->tests[i];
    double out[16] = {0};
    if (group->type == GROUP_PAGE) {
      size_t page = 0;
      CHECK(kf_paging_page_offset(paging, test->input, &out[0]) == KF_OK &&
                kf_paging_current_page(paging, test->input, &page) == KF_OK,
            "%s tcId %d: page calls failed", group->file, test->tc_id);
      out[1] = (double)page;
      check_result(group, test, out, 2);
      continue;
    }
    if (test->input_count == 1) {
      CHECK(kf_paging_set_page_width(paging, test->inputs[0]) == KF_OK, "%s tcId %d: width",
            group->file, test->tc_id);
    }
    CHECK(layout->keep_count <= 16 &&
              kf_paging_positions(paging, &test->input, 1, out, 16) == KF_OK,
          "%s tcId %d: kf_paging_positions: %s", group->file, test->tc_id, kf_last_error());
    check_result(group, test, out, layout->keep_count);
  }
  kf_paging_release(paging);
  kf_animator_release(animator);
}

static void run_groups(void) {
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
    switch (groups[g].type) {
    case GROUP_EASING: run_easing_group(&groups[g]); break;
    case GROUP_COMPOSE: run_compose_group(&groups[g]); break;
    case GROUP_CONVERT: run_convert_group(&groups[g]); break;
    case GROUP_TIMING: run_timing_group(&groups[g]); break;
    case GROUP_RELATIVE: run_relative_group(&groups[g]); break;
    case GROUP_PAGING:
    case GROUP_PAGE: run_paging_group(&groups[g]); break;
    default: run_track_group(&groups[g]); break;
    }
  }
  if (known_failures > 0) {
    fprintf(stderr, "%d known failures (Tests/vectors/known_failures.txt)\n", known_failures);
  }
}

/* Tries a rejection's call on a fresh track (or, for OP_CREATE, creating the
 * track) and checks the status; after an error nothing may have changed. */
static void run_rejections(void) {
  for (size_t r = 0; r < sizeof rejections / sizeof rejections[0]; r++) {
    const vector_rejection *v = &rejections[r];
    kf_animator *animator = NULL;
    kf_status status;
    kf_track *track = NULL;
    if (v->operation == OP_CREATE) {
      CHECK(kf_animator_create(&animator) == KF_OK, "rejection %s: create", v->id);
      status = add_track(animator, "view", &v->track, &track);
    } else {
      track = make_track(&animator, &v->track, v->keyframes, v->keyframe_count);
      CHECK(track != NULL, "rejection %s/%s: setting up the track failed", v->file, v->id);
      if (track == NULL) {
        kf_animator_release(animator);
        continue;
      }
      switch (v->operation) {
      case OP_SET: status = set_keyframe(track, v->set); break;
      case OP_EXTRAPOLATION: status = set_extrapolation(track, v->before, v->after); break;
      case OP_HIDE: status = kf_track_hide_at(track, v->time); break;
      default: status = kf_track_show_at(track, v->time); break;
      }
    }
    CHECK(status == v->status, "rejection %s/%s (tcId %d): got status %d, expected %d", v->file,
          v->id, v->tc_id, status, v->status);
    if (v->status != KF_OK && v->message_contains != NULL) {
      CHECK(strstr(kf_last_error(), v->message_contains) != NULL,
            "rejection %s: message lacks \"%s\"", v->id, v->message_contains);
    }
    if (v->status != KF_OK && v->operation == OP_CREATE) {
      size_t count = 99;
      kf_animator_track_count(animator, &count);
      CHECK(count == 0 && track == NULL, "rejection %s added a track", v->id);
    } else if (v->status != KF_OK) {
      enum { MAX_KEYFRAMES = 16 };
      double times[MAX_KEYFRAMES], values[MAX_KEYFRAMES * MAX_CHANNELS];
      uint32_t styles[MAX_KEYFRAMES];
      size_t count = 99;
      uint64_t generation = 0;
      kf_status read = kf_track_get_keyframes(track, times, values, styles, MAX_KEYFRAMES, &count,
                                              &generation);
      CHECK(read == KF_OK && count == v->keyframe_count,
            "rejection %s changed the keyframe count", v->id);
      size_t channels = count > 0 ? v->keyframes[0].count : 0;
      for (size_t i = 0; read == KF_OK && i < count && i < v->keyframe_count; i++) {
        const vector_keyframe *k = &v->keyframes[i];
        kf_keyframe_options style = KF_KEYFRAME_OPTIONS_INIT;
        kf_track_get_style(track, styles[i], generation, &style, NULL, 0, NULL, NULL, NULL, 0,
                           NULL);
        const char *name = kf_interpolation_name(style.interpolation);
        const char *expected = k->interpolation != NULL && k->interpolation[0] ? k->interpolation
                                                                               : "linear";
        CHECK(times[i] == k->time &&
                  memcmp(values + i * channels, k->value, k->count * sizeof(double)) == 0 &&
                  name != NULL && strcmp(name, expected) == 0,
              "rejection %s changed keyframe %zu", v->id, i);
        if (k->parameters != NULL) {
          double parameters[3] = {style.tension, style.continuity, style.bias};
          CHECK(memcmp(parameters, k->parameters, sizeof parameters) == 0,
                "rejection %s changed keyframe %zu's parameters", v->id, i);
        }
      }
      kf_track_options options = KF_TRACK_OPTIONS_INIT;
      CHECK(kf_track_get_options(track, &options) == KF_OK &&
                options.before == KF_EXTRAPOLATION_HOLD && options.after == KF_EXTRAPOLATION_HOLD,
            "rejection %s changed the extrapolation", v->id);
    }
    kf_track_release(track);
    kf_animator_release(animator);
  }
}

static void run_contract(void) {
  /* Versions agree between header and library. */
  CHECK(kf_version_number() == KF_VERSION_NUMBER, "kf_version_number %d", kf_version_number());
  CHECK(strcmp(kf_version_string(), KF_VERSION_STRING) == 0, "version %s", kf_version_string());

  /* Every status has its documented text; unknown codes have one too. */
#define CHECK_STATUS_(name, value, description) \
  CHECK(strcmp(kf_status_string(name), description) == 0, "kf_status_string(%s)", #name);
  KF_STATUS_MAP(CHECK_STATUS_)
#undef CHECK_STATUS_
  CHECK(strcmp(kf_status_string(12345), "unknown status") == 0, "unknown status text");
  CHECK(kf_last_error() != NULL, "kf_last_error is never NULL");

  /* NULL arguments. */
  CHECK(kf_animator_create(NULL) == KF_E_NULL, "create(NULL)");
  kf_animator_release(NULL);
  kf_track_release(NULL);
  kf_animator *animator = NULL;
  CHECK(kf_animator_create(&animator) == KF_OK, "create");
  kf_track *track = NULL;
  CHECK(kf_animator_add_track(animator, NULL, "alpha", NULL, &track) == KF_E_NULL, "NULL target");
  CHECK(kf_animator_add_track(animator, "v", NULL, NULL, &track) == KF_E_NULL, "NULL property");
  CHECK(kf_animator_add_track(animator, "v", "alpha", NULL, NULL) == KF_E_NULL, "NULL out_track");
  CHECK(kf_animator_add_track(animator, "v", "", NULL, &track) == KF_E_INVALID_NAME,
        "empty property");
  CHECK(kf_animator_add_track(animator, "v", "\xff\xfe", NULL, &track) == KF_E_INVALID_NAME,
        "bad UTF-8");
  kf_track_options stale = KF_TRACK_OPTIONS_INIT;
  stale.version = 99;
  CHECK(kf_animator_add_track(animator, "v", "alpha", &stale, &track) == KF_E_INVALID_VALUE,
        "unknown options version");
  size_t count = 7;
  CHECK(kf_animator_track_count(animator, &count) == KF_OK && count == 0, "nothing was added");
  CHECK(kf_animator_add_track(animator, "v", "alpha", NULL, &track) == KF_OK, "add");
  kf_track *again = NULL;
  CHECK(kf_animator_add_track(animator, "v", "alpha", NULL, &again) == KF_E_DUPLICATE, "duplicate");
  CHECK(again == NULL, "a failed call leaves out_track alone");
  CHECK(strcmp(kf_track_target(track), "v") == 0 && strcmp(kf_track_property(track), "alpha") == 0,
        "names");

  double out[2] = {0, 0};
  CHECK(kf_track_sample(track, 1, out, 2) == KF_E_EMPTY_TRACK, "empty track");
  double one = 1;
  CHECK(kf_track_set_keyframe(track, 0, NULL, 1, NULL) == KF_E_NULL, "NULL value");
  kf_keyframe_options empty = KF_KEYFRAME_OPTIONS_INIT;
  empty.easing = "";
  CHECK(kf_track_set_keyframe(track, 0, &one, 1, &empty) == KF_OK, "set with empty easing");
  CHECK(kf_track_sample(track, 0, NULL, 1) == KF_E_NULL, "NULL out");
  CHECK(kf_track_sample(track, 0, out, 0) == KF_E_BUFFER_TOO_SMALL, "zero capacity");
  double times[3] = {0, 1, 2};
  CHECK(kf_track_sample_many(track, times, 3, out, 2) == KF_E_BUFFER_TOO_SMALL, "small batch out");
  CHECK(out[0] == 0 && out[1] == 0, "nothing written on error");
  CHECK(kf_track_sample_many(track, NULL, 0, NULL, 0) == KF_OK, "empty batch");
  CHECK(kf_track_sample_many(track, NULL, 2, out, 2) == KF_E_NULL, "NULL times");
  CHECK(kf_track_sample_many(track, times, (size_t)-1, out, 2) != KF_OK, "huge time_count");
  double time = 0;
  size_t keyframes = 0;
  uint64_t generation = 0;
  uint32_t style = 99;
  CHECK(kf_track_get_keyframes(track, NULL, NULL, NULL, 0, &keyframes, &generation) ==
                KF_E_BUFFER_TOO_SMALL &&
            keyframes == 1,
        "keyframe count reported on a short buffer");
  CHECK(kf_track_get_keyframes(track, &time, out, &style, 1, NULL, NULL) == KF_OK && time == 0 &&
            out[0] == 1 && style == 0,
        "one keyframe read");
  kf_keyframe_options read = KF_KEYFRAME_OPTIONS_INIT;
  char text[4];
  size_t length = 0;
  CHECK(kf_track_get_style(track, 0, generation, &read, text, 4, &length, NULL, NULL, 0, NULL) ==
                KF_E_BUFFER_TOO_SMALL &&
            length == 6,
        "easing text needs 7 bytes, got length %zu", length);
  char big[16];
  CHECK(kf_track_get_style(track, 0, generation, &read, big, sizeof big, NULL, NULL, NULL, 0,
                           NULL) == KF_OK &&
            strcmp(big, "linear") == 0,
        "easing text");
  CHECK(kf_track_get_style(track, 0, generation + 1, &read, big, sizeof big, NULL, NULL, NULL, 0,
                           NULL) == KF_E_STALE,
        "stale generation");

  /* A handle of the wrong type is rejected, not misused. */
  CHECK(kf_track_sample(track, 0, out, 2) == KF_OK, "sample");
  CHECK(kf_track_sample((kf_track *)animator, 0, out, 2) == KF_E_INVALID_HANDLE, "animator as track");
  CHECK(kf_animator_track_count((kf_animator *)track, &count) == KF_E_INVALID_HANDLE,
        "track as animator");
  CHECK(kf_track_sample((kf_track *)(uintptr_t)0xdeadbeef0, 0, out, 2) == KF_E_INVALID_HANDLE,
        "forged handle");

  /* A track handle outlives its removal and its animator. */
  kf_track *second = NULL;
  CHECK(kf_animator_get_track(animator, "v", "alpha", &second) == KF_OK, "get_track");
  CHECK(kf_animator_remove_track(animator, "v", "alpha") == KF_OK, "remove_track");
  CHECK(kf_animator_remove_track(animator, "v", "alpha") == KF_E_NOT_FOUND, "remove twice");
  CHECK(kf_animator_get_track(animator, "v", "alpha", &again) == KF_E_NOT_FOUND, "get removed");
  CHECK(kf_track_sample(track, 5, out, 2) == KF_OK && out[0] == 1, "removed track samples");
  kf_animator_release(animator);
  kf_animator_release(animator); /* double release is a no-op */
  CHECK(kf_animator_track_count(animator, &count) == KF_E_INVALID_HANDLE, "released animator");
  kf_keyframe_options bounce = KF_KEYFRAME_OPTIONS_INIT;
  bounce.easing = "easeOutBounce";
  CHECK(kf_track_set_keyframe(track, 10, &one, 1, &bounce) == KF_OK, "orphan track mutates");
  kf_track_release(track);
  CHECK(kf_track_sample(track, 5, out, 2) == KF_E_INVALID_HANDLE, "released track handle");
  CHECK(kf_track_target(track) == NULL, "released track has no name");
  kf_track_release(track); /* double release is a no-op */
  CHECK(kf_track_keyframe_count(second, &count) == KF_OK && count == 2, "other handle still valid");
  kf_track_release(second);
}

int main(void) {
  run_groups();
  run_rejections();
  run_timing_rejections();
  run_contract();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
