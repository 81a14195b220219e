/*
 * The C contract of the functions beyond the shared vectors: animator batch
 * sampling, layout generations, thread counts, value kinds, composition,
 * hide/show, value helpers, easings and springs, and their bad-input paths
 * (NULL, stale handles, wrong sizes, unknown names). Values are checked
 * against hand-worked numbers. Prints "N passed, N failed".
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "keyframe.h"

static int near(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

static void test_animator_batch(void) {
  kf_animator *anim = NULL;
  kf_track *alpha = NULL, *point = NULL;
  CHECK(kf_animator_create(&anim) == KF_OK, "create");
  CHECK(kf_animator_add_track(anim, "label", "alpha", &alpha) == KF_OK, "add alpha");
  CHECK(kf_animator_add_track_kind(anim, "label", "center", "point", 0, NULL, 0, &point) == KF_OK,
        "add point");
  double one = 1, zero = 0, p0[2] = {0, 10}, p1[2] = {20, -10};
  kf_track_set_keyframe(alpha, 30, &one, 1, NULL);
  kf_track_set_keyframe(alpha, 60, &zero, 1, NULL);
  uint64_t generation = 0, used = 0;
  CHECK(kf_animator_generation(anim, &generation) == KF_OK, "generation");
  double times[3] = {30, 45, 60}, out[9];
  size_t columns = 0;
  /* An empty track fails the whole call and writes nothing. */
  memset(out, 0, sizeof out);
  CHECK(kf_animator_sample_many(anim, times, 3, out, 9, &columns, &used) == KF_E_EMPTY_TRACK,
        "empty point track");
  CHECK(out[0] == 0 && out[8] == 0, "nothing written");
  kf_track_set_keyframe(point, 30, p0, 2, NULL);
  kf_track_set_keyframe(point, 60, p1, 2, NULL);
  CHECK(kf_animator_sample_many(anim, times, 3, out, 8, &columns, &used) == KF_E_BUFFER_TOO_SMALL,
        "capacity 8 < 3 x 3");
  CHECK(kf_animator_sample_many(anim, times, 3, out, 9, &columns, &used) == KF_OK, "sample_many");
  CHECK(columns == 3 && used == generation, "columns %zu generation %llu", columns,
        (unsigned long long)used);
  double expected[9] = {1, 0, 10, 0.5, 10, 0, 0, 20, -10};
  for (int i = 0; i < 9; i++) CHECK(out[i] == expected[i], "matrix[%d] = %g", i, out[i]);
  CHECK(kf_animator_sample_many(anim, times, 3, out, 9, NULL, NULL) == KF_OK, "optional outs");
  CHECK(kf_animator_sample_many(anim, NULL, 3, out, 9, NULL, NULL) == KF_E_NULL, "NULL times");
  CHECK(kf_animator_sample_many(anim, times, 0, NULL, 0, &columns, NULL) == KF_OK && columns == 3,
        "no times");
  CHECK(kf_animator_remove_track(anim, "label", "center") == KF_OK, "remove");
  CHECK(kf_animator_generation(anim, &used) == KF_OK && used != generation, "generation moves");
  CHECK(kf_animator_sample_many((kf_animator *)alpha, times, 3, out, 9, NULL, NULL) ==
            KF_E_INVALID_HANDLE,
        "track handle as animator");
  kf_track_release(alpha);
  kf_track_release(point);
  kf_animator_release(anim);
  CHECK(kf_animator_generation(anim, &used) == KF_E_INVALID_HANDLE, "released animator");
}

static void test_threads(void) {
  size_t initial = kf_thread_count();
  CHECK(initial >= 1, "thread count %zu", initial);
  kf_set_thread_count(3);
  CHECK(kf_thread_count() == 3, "set 3");
  kf_set_thread_count(0);
  CHECK(kf_thread_count() == initial, "0 restores the default");
}

static void test_kinds_and_composition(void) {
  kf_animator *anim = NULL;
  kf_track *track = NULL, *scale = NULL, *rotation = NULL, *translation = NULL;
  kf_animator_create(&anim);
  CHECK(kf_animator_add_track_kind(anim, "v", "alpha", "color", 0, NULL, 0, &track) ==
            KF_E_KIND_MISMATCH,
        "alpha is scalar");
  CHECK(kf_animator_add_track_kind(anim, "v", "x", "colour", 0, NULL, 0, &track) ==
            KF_E_KIND_MISMATCH,
        "unknown kind");
  CHECK(kf_animator_add_track_kind(anim, "v", "w", "vector", 65, NULL, 0, &track) ==
            KF_E_WRONG_SIZE,
        "vector of 65");
  CHECK(kf_animator_add_track_kind(anim, "v", "fillColor", NULL, 0, "cmyk", 0, &track) ==
            KF_E_INVALID_VALUE,
        "unknown color space");
  CHECK(kf_animator_add_track_kind(anim, "v", "fillColor", "color", 0, "oklch", 1, &track) ==
            KF_OK,
        "oklch color");
  char text[16];
  int32_t premultiplied = 0;
  CHECK(kf_track_color_space(track, text, sizeof text, &premultiplied) == KF_OK &&
            strcmp(text, "oklch") == 0 && premultiplied == 1,
        "color space %s", text);
  CHECK(kf_track_kind(track, text, sizeof text) == KF_OK && strcmp(text, "color") == 0, "kind");
  double red[4] = {1, 0, 0, 1}, bad[4] = {1, 0, 0, 2}, three[3] = {1, 0, 0};
  CHECK(kf_track_set_keyframe(track, 0, bad, 4, NULL) == KF_E_INVALID_VALUE, "alpha 2");
  CHECK(kf_track_set_keyframe(track, 0, three, 3, NULL) == KF_E_WRONG_SIZE, "3 channels");
  CHECK(kf_track_set_keyframe_styled(track, 0, red, 4, NULL, "smooth", NULL, NULL, NULL, 0) ==
            KF_E_KIND_MISMATCH,
        "smooth color");
  CHECK(kf_track_set_extrapolation(track, "linear", NULL) == KF_E_KIND_MISMATCH, "linear color");
  kf_track_release(track);

  /* Composition: scale 3, rotation 90 degrees, translation (5, 15), added in
   * an order other than the composition's. (0, -3, 3, 0, 5, 15) by hand. */
  double three_x = 3, ninety = 90, shift[2] = {5, 15}, m[6];
  kf_animator_add_track(anim, "view", "translation", &translation);
  kf_animator_add_track(anim, "view", "rotation", &rotation);
  kf_animator_add_track(anim, "view", "scale", &scale);
  kf_track_set_keyframe(translation, 0, shift, 2, NULL);
  kf_track_set_keyframe(rotation, 0, &ninety, 1, NULL);
  kf_track_set_keyframe(scale, 0, &three_x, 1, NULL);
  CHECK(kf_animator_transform(anim, "view", 0, m, 6) == KF_OK, "transform");
  double expected[6] = {0, -3, 3, 0, 5, 15};
  for (int i = 0; i < 6; i++) CHECK(m[i] == expected[i], "m[%d] = %g", i, m[i]);
  CHECK(kf_animator_transform(anim, "view", 0, m, 5) == KF_E_BUFFER_TOO_SMALL, "capacity 5");
  CHECK(kf_animator_transform(anim, "nobody", 0, m, 6) == KF_OK && m[0] == 1 && m[1] == 0,
        "identity");

  /* Hide: visible at 10, hidden just after. */
  kf_track *hidden = NULL;
  kf_animator_add_track(anim, "view", "hidden", &hidden);
  CHECK(kf_track_hide_at(hidden, 10) == KF_OK, "hide_at");
  double value = -1;
  kf_track_sample(hidden, 10, &value, 1);
  CHECK(value == 0, "visible at 10");
  kf_track_sample(hidden, nextafter(10, 11), &value, 1);
  CHECK(value == 1, "hidden just after 10");
  CHECK(kf_track_hide_at(scale, 10) == KF_E_KIND_MISMATCH, "hide a scalar");
  CHECK(kf_track_hide_at(hidden, INFINITY) == KF_E_INVALID_VALUE, "hide at inf");
  kf_track_release(hidden);
  kf_track_release(scale);
  kf_track_release(rotation);
  kf_track_release(translation);
  kf_animator_release(anim);
}

static void test_value_helpers(void) {
  double red[4] = {1, 0, 0, 1}, lab[3], back[4], nan4[4] = {NAN, 0, 0, 1};
  CHECK(kf_color_to_space(red, "oklab", lab) == KF_OK, "to oklab");
  /* CSS Color 4 sample: sRGB red is oklab(0.62796 0.22486 0.12585). */
  CHECK(near(lab[0], 0.62796, 1e-4) && near(lab[1], 0.22486, 1e-4) && near(lab[2], 0.12585, 1e-4),
        "red in oklab %g %g %g", lab[0], lab[1], lab[2]);
  CHECK(kf_color_from_space(lab, 1, "oklab", back) == KF_OK, "from oklab");
  CHECK(near(back[0], 1, 1e-12) && near(back[1], 0, 1e-12) && near(back[2], 0, 1e-12), "round trip");
  CHECK(kf_color_to_space(nan4, "oklab", lab) == KF_E_INVALID_VALUE, "NaN color");
  CHECK(kf_color_to_space(red, "xyz", lab) == KF_E_INVALID_VALUE, "unknown space");
  CHECK(kf_color_to_space(NULL, "oklab", lab) == KF_E_NULL, "NULL color");
  double wide[4] = {1.2, -0.1, 0.5, 1}, mapped[4];
  CHECK(kf_color_gamut_map(wide, mapped) == KF_OK && mapped[0] <= 1 && mapped[1] >= 0, "gamut map");

  double affine[6];
  CHECK(kf_transform_make(5, 15, 3, 3, -M_PI / 2, affine) == KF_OK, "transform_make");
  CHECK(near(affine[0], 0, 1e-15) && affine[1] == -3 && affine[2] == 3 && affine[4] == 5,
        "made %g %g %g %g", affine[0], affine[1], affine[2], affine[3]);
  CHECK(kf_transform_make(NAN, 0, 1, 1, 0, affine) == KF_E_INVALID_VALUE, "NaN translation");
  double t3[3] = {1, 2, 3}, s3[3] = {2, 2, 2}, r4[4] = {M_PI, 0, 0, 1}, m[16];
  CHECK(kf_transform3d_make(t3, s3, r4, -1.0 / 500, m) == KF_OK, "transform3d_make");
  /* (1, 0, 0) rotates to (-1, 0, 0), scales to (-2, 0, 0), moves to (-1, 2, 3). */
  CHECK(near(m[0] + m[12], -1, 1e-12) && near(m[1] + m[13], 2, 1e-12), "point maps");
  CHECK(kf_transform3d_make(NULL, s3, r4, 0, m) == KF_E_NULL, "NULL translation");
}

static void test_easings_and_springs(void) {
  double p[3] = {0.25, 0.5, 0.75}, values[3], slopes[3];
  CHECK(kf_easing_sample("easeInOutCubic", p, 3, values, slopes, 3) == KF_OK, "easing sample");
  CHECK(values[0] == 0.0625 && values[1] == 0.5 && values[2] == 0.9375, "values");
  CHECK(slopes[1] == 3, "slope at 0.5 is 3, got %g", slopes[1]);
  CHECK(kf_easing_sample("steps(0)", p, 3, values, NULL, 3) == KF_E_EASING, "steps(0)");
  CHECK(kf_easing_sample("ease", p, 3, values, NULL, 2) == KF_E_BUFFER_TOO_SMALL, "capacity");
  char text[64];
  size_t length = 0;
  CHECK(kf_easing_canonical("ease-in-out", text, sizeof text, &length) == KF_OK &&
            strcmp(text, "cubic-bezier(0.42, 0, 0.58, 1)") == 0,
        "canonical %s", text);

  kf_spring spring;
  CHECK(kf_spring_from_duration_bounce(0.4, 0.3, &spring) == KF_OK, "bouncy(0.4)");
  CHECK(near(spring.stiffness, 246.74011, 1e-5) && near(spring.damping, 21.99115, 1e-5),
        "SwiftUI mapping %g %g", spring.stiffness, spring.damping);
  double t[5] = {0.1, 0.2, 0.3, 0.4, 0.5}, x[5];
  double step[5] = {0.561376, 0.984087, 1.044043, 1.014498, 0.999307};
  CHECK(kf_spring_evaluate(&spring, t, 5, x, NULL, 5) == KF_OK, "evaluate");
  for (int i = 0; i < 5; i++) CHECK(near(x[i], step[i], 5e-7), "x(%g) = %.7f", t[i], x[i]);
  kf_spring bad = {0, 100, 10, 0};
  double settle;
  CHECK(kf_spring_settling_duration(&bad, &settle) == KF_E_INVALID_VALUE, "mass 0");
  CHECK(kf_spring_evaluate(&spring, t, 5, NULL, NULL, 5) == KF_E_NULL, "no outputs");
  CHECK(kf_spring_from_duration_bounce(-1, 0, &spring) == KF_E_INVALID_VALUE, "negative duration");
}

int main(void) {
  test_animator_batch();
  test_threads();
  test_kinds_and_composition();
  test_value_helpers();
  test_easings_and_springs();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
