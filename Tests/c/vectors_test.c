/*
 * Runs the shared test vectors (the JSON files in Tests/vectors, compiled into
 * vectors.inc by gen_vectors.py) and the C-only contract checks (NULL
 * arguments, stale handles, status strings) against libkeyframe.so.
 *
 * Prints "sample <file> <tcId> <hex double>..." for every sampled vector,
 * "velocity <file> <tcId> <hex double>..." for every track vector's velocity
 * and "derivative <file> <tcId> <hex double>" for every easing vector's
 * derivative, so the Python tests can check that C and Python agree bit for
 * bit, then a closing "N passed, N failed" line. Exits non-zero on any
 * failure.
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
  int styled; /* set with kf_track_set_keyframe_styled */
  const char *interpolation;
  const double *parameters; /* tension, continuity, bias */
  const double *left;       /* time, then the value; NULL if none */
  const double *right;
  size_t handle_count;
} vector_keyframe;

typedef struct {
  int tc_id;
  double input;
  const double *expected;
  size_t count;
  const double *velocity; /* expected velocity (track) or derivative (easing); NULL if none */
  size_t velocity_count;
} vector_test;

typedef struct {
  const char *file;
  const char *id;
  int is_easing;
  const char *property;
  const char *easing;
  const vector_keyframe *keyframes;
  size_t keyframe_count;
  const char *before; /* extrapolation; NULL keeps the default */
  const char *after;
  const vector_test *tests;
  size_t test_count;
  double tolerance;
  double velocity_tolerance;
} vector_group;

typedef struct {
  const char *file;
  int tc_id;
  const char *id;
  const char *property;
  const vector_keyframe *keyframes;
  size_t keyframe_count;
  const vector_keyframe *set;
  kf_status status;
  const char *message_contains;
} vector_rejection;

#include "vectors.inc"

#define MAX_TESTS 64

/* NaN matches NaN; an infinite expected value matches only itself; tolerance
 * 0 means the exact double. */
static int matches(double actual, double expected, double tolerance) {
  if (isnan(expected)) return isnan(actual);
  if (isinf(expected) || tolerance == 0) return actual == expected;
  return fabs(actual - expected) <= tolerance;
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static kf_status set_keyframe(kf_track *track, const vector_keyframe *k) {
  if (!k->styled) return kf_track_set_keyframe(track, k->time, k->value, k->count, k->easing);
  return kf_track_set_keyframe_styled(track, k->time, k->value, k->count, k->easing,
                                      k->interpolation, k->parameters, k->left, k->right,
                                      k->handle_count);
}

/* A fresh animator with one track holding `keyframes`. */
static kf_track *make_track(kf_animator **animator, const char *property,
                            const vector_keyframe *keyframes, size_t count) {
  kf_track *track = NULL;
  if (kf_animator_create(animator) != KF_OK) return NULL;
  if (kf_animator_add_track(*animator, "view", property, &track) != KF_OK) return NULL;
  for (size_t i = 0; i < count; i++) {
    if (set_keyframe(track, &keyframes[i]) != KF_OK) {
      kf_track_release(track);
      return NULL;
    }
  }
  return track;
}

static void print_line(const char *what, const char *file, int tc_id, const double *values,
                       size_t count) {
  printf("%s %s %d", what, file, tc_id);
  for (size_t c = 0; c < count; c++) printf(" %a", values[c]);
  printf("\n");
}

static void run_track_group(const vector_group *group) {
  kf_animator *animator = NULL;
  kf_track *track = make_track(&animator, group->property, group->keyframes, group->keyframe_count);
  CHECK(track != NULL, "group %s/%s: setting up the track failed", group->file, group->id);
  if (track == NULL) return;
  if (group->before != NULL || group->after != NULL) {
    kf_status status = kf_track_set_extrapolation(track, group->before, group->after);
    CHECK(status == KF_OK, "group %s/%s: set_extrapolation returned %d", group->file, group->id,
          status);
  }
  double times[MAX_TESTS], batch[MAX_TESTS * 4], batch_velocity[MAX_TESTS * 4];
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
  for (size_t i = 0; i < n; i++) {
    const vector_test *test = &group->tests[i];
    double out[4] = {0}, velocity[4] = {0};
    kf_status status = kf_track_sample(track, test->input, out, 4);
    CHECK(status == KF_OK, "%s tcId %d: sample returned %d", group->file, test->tc_id, status);
    status = kf_track_velocity(track, test->input, velocity, 4);
    CHECK(status == KF_OK, "%s tcId %d: velocity returned %d", group->file, test->tc_id, status);
    print_line("sample", group->file, test->tc_id, out, test->count);
    print_line("velocity", group->file, test->tc_id, velocity, test->count);
    for (size_t c = 0; c < test->count; c++) {
      CHECK(matches(out[c], test->expected[c], group->tolerance),
            "%s tcId %d (%s): at %g got %.17g, expected %.17g", group->file, test->tc_id, group->id,
            test->input, out[c], test->expected[c]);
      /* The batch calls give bit for bit what single calls give. */
      CHECK(same_bits(batch[offset + c], out[c]), "%s tcId %d: batch %a differs from single %a",
            group->file, test->tc_id, batch[offset + c], out[c]);
      CHECK(same_bits(batch_velocity[offset + c], velocity[c]),
            "%s tcId %d: batch velocity %a differs from single %a", group->file, test->tc_id,
            batch_velocity[offset + c], velocity[c]);
    }
    for (size_t c = 0; c < test->velocity_count; c++) {
      CHECK(matches(velocity[c], test->velocity[c], group->velocity_tolerance),
            "%s tcId %d (%s): velocity at %g got %.17g, expected %.17g", group->file, test->tc_id,
            group->id, test->input, velocity[c], test->velocity[c]);
    }
    offset += test->count;
  }
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
      kf_animator_add_track(animator, "view", "progress", &track) == KF_OK) {
    status = kf_track_set_keyframe(track, 0, &zero, 1, group->easing);
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

static void run_groups(void) {
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
    if (groups[g].is_easing) {
      run_easing_group(&groups[g]);
    } else {
      run_track_group(&groups[g]);
    }
  }
}

static void run_rejections(void) {
  for (size_t r = 0; r < sizeof rejections / sizeof rejections[0]; r++) {
    const vector_rejection *v = &rejections[r];
    kf_animator *animator = NULL;
    kf_track *track = make_track(&animator, v->property, v->keyframes, v->keyframe_count);
    CHECK(track != NULL, "rejection %s/%s: setting up the track failed", v->file, v->id);
    if (track == NULL) continue;
    kf_status status = set_keyframe(track, v->set);
    CHECK(status == v->status, "rejection %s/%s (tcId %d): got status %d, expected %d", v->file,
          v->id, v->tc_id, status, v->status);
    if (v->status != KF_OK) {
      if (v->message_contains != NULL) {
        CHECK(strstr(kf_last_error(), v->message_contains) != NULL,
              "rejection %s: message lacks \"%s\"", v->id, v->message_contains);
      }
      size_t count = 99;
      kf_track_keyframe_count(track, &count);
      CHECK(count == v->keyframe_count, "rejection %s changed the keyframe count", v->id);
      for (size_t i = 0; i < count && i < v->keyframe_count; i++) {
        const vector_keyframe *k = &v->keyframes[i];
        double time = 0, value[4] = {0}, parameters[3] = {0};
        char interpolation[16] = "";
        kf_track_get_keyframe(track, i, &time, value, 4);
        kf_track_get_interpolation(track, i, interpolation, sizeof interpolation, parameters);
        const char *expected = k->interpolation != NULL && k->interpolation[0] ? k->interpolation
                                                                               : "linear";
        CHECK(time == k->time && value[0] == k->value[0] && strcmp(interpolation, expected) == 0,
              "rejection %s changed keyframe %zu", v->id, i);
        if (k->parameters != NULL) {
          CHECK(memcmp(parameters, k->parameters, sizeof parameters) == 0,
                "rejection %s changed keyframe %zu's parameters", v->id, i);
        }
      }
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
  CHECK(kf_animator_add_track(animator, NULL, "alpha", &track) == KF_E_NULL, "NULL target");
  CHECK(kf_animator_add_track(animator, "v", NULL, &track) == KF_E_NULL, "NULL property");
  CHECK(kf_animator_add_track(animator, "v", "alpha", NULL) == KF_E_NULL, "NULL out_track");
  CHECK(kf_animator_add_track(animator, "v", "", &track) == KF_E_INVALID_NAME, "empty property");
  CHECK(kf_animator_add_track(animator, "v", "\xff\xfe", &track) == KF_E_INVALID_NAME, "bad UTF-8");
  size_t count = 7;
  CHECK(kf_animator_track_count(animator, &count) == KF_OK && count == 0, "nothing was added");
  CHECK(kf_animator_add_track(animator, "v", "alpha", &track) == KF_OK, "add");
  kf_track *again = NULL;
  CHECK(kf_animator_add_track(animator, "v", "alpha", &again) == KF_E_DUPLICATE, "duplicate");
  CHECK(again == NULL, "a failed call leaves out_track alone");
  CHECK(strcmp(kf_track_target(track), "v") == 0 && strcmp(kf_track_property(track), "alpha") == 0,
        "names");

  double out[2] = {0, 0};
  CHECK(kf_track_sample(track, 1, out, 2) == KF_E_EMPTY_TRACK, "empty track");
  double one = 1;
  CHECK(kf_track_set_keyframe(track, 0, NULL, 1, NULL) == KF_E_NULL, "NULL value");
  CHECK(kf_track_set_keyframe(track, 0, &one, 1, "") == KF_OK, "set with empty easing");
  CHECK(kf_track_sample(track, 0, NULL, 1) == KF_E_NULL, "NULL out");
  CHECK(kf_track_sample(track, 0, out, 0) == KF_E_BUFFER_TOO_SMALL, "zero capacity");
  double times[3] = {0, 1, 2};
  CHECK(kf_track_sample_many(track, times, 3, out, 2) == KF_E_BUFFER_TOO_SMALL, "small batch out");
  CHECK(out[0] == 0 && out[1] == 0, "nothing written on error");
  CHECK(kf_track_sample_many(track, NULL, 0, NULL, 0) == KF_OK, "empty batch");
  CHECK(kf_track_sample_many(track, NULL, 2, out, 2) == KF_E_NULL, "NULL times");
  CHECK(kf_track_sample_many(track, times, (size_t)-1, out, 2) != KF_OK, "huge time_count");
  double time = 0;
  CHECK(kf_track_get_keyframe(track, 1, &time, out, 2) == KF_E_OUT_OF_RANGE, "keyframe index");
  char text[4];
  size_t length = 0;
  CHECK(kf_track_get_easing(track, 0, text, 4, &length) == KF_E_BUFFER_TOO_SMALL && length == 6,
        "easing text needs 7 bytes, got length %zu", length);
  char big[16];
  CHECK(kf_track_get_easing(track, 0, big, sizeof big, NULL) == KF_OK && strcmp(big, "linear") == 0,
        "easing text");

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
  CHECK(kf_track_set_keyframe(track, 10, &one, 1, "easeOutBounce") == KF_OK, "orphan track mutates");
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
  run_contract();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
