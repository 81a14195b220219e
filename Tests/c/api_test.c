/*
 * The C contract of the functions beyond the shared vectors: animator batch
 * sampling, layout generations, thread counts, value kinds, composition,
 * hide/show, value helpers, easings and springs, timing, and their bad-input paths
 * (NULL, stale handles, wrong sizes, unknown names). Values are checked
 * against hand-worked numbers. Prints "N passed, N failed".
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "keyframe.h"

static int near(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

static void test_animator_batch(void) {
  kf_animator *anim = NULL;
  kf_track *alpha = NULL, *point = NULL;
  CHECK(kf_animator_create(&anim) == KF_OK, "create");
  CHECK(kf_animator_add_track(anim, "label", "alpha", NULL, &alpha) == KF_OK, "add alpha");
  kf_track_options as_point = KF_TRACK_OPTIONS_INIT;
  as_point.kind = "point";
  CHECK(kf_animator_add_track(anim, "label", "center", &as_point, &point) == KF_OK, "add point");
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

  /* The layout in one call; short buffers report what they need. */
  kf_column layout[2];
  char names[64];
  size_t tracks = 0, names_length = 0;
  uint64_t layout_generation = 0;
  CHECK(kf_animator_get_layout(anim, layout, 1, names, sizeof names, &tracks, &names_length,
                               &layout_generation) == KF_E_BUFFER_TOO_SMALL &&
            tracks == 2 && names_length == strlen("label") * 2 + strlen("alpha") +
                                               strlen("center") + 4,
        "layout sizes %zu %zu", tracks, names_length);
  CHECK(kf_animator_get_layout(anim, layout, 2, names, sizeof names, NULL, NULL,
                               &layout_generation) == KF_OK &&
            layout_generation == generation,
        "layout");
  CHECK(layout[0].start == 0 && layout[0].channels == 1 && strcmp(layout[0].kind, "scalar") == 0 &&
            layout[1].start == 1 && layout[1].channels == 2 && strcmp(layout[1].kind, "point") == 0,
        "columns");
  CHECK(strcmp(names, "label") == 0 && strcmp(names + 6, "alpha") == 0 &&
            strcmp(names + 12, "label") == 0 && strcmp(names + 18, "center") == 0,
        "names");

  /* A copy is independent. */
  kf_animator *copy = NULL;
  CHECK(kf_animator_copy(anim, &copy) == KF_OK, "copy");
  CHECK(kf_animator_remove_track(copy, "label", "alpha") == KF_OK, "edit the copy");
  size_t count = 0;
  CHECK(kf_animator_track_count(anim, &count) == KF_OK && count == 2, "original keeps its tracks");
  kf_animator_release(copy);
  CHECK(kf_animator_sample_many(anim, times, 3, out, 9, NULL, NULL) == KF_OK, "original samples");
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

static void test_bulk_keyframes(void) {
  kf_animator *anim = NULL;
  kf_track *track = NULL;
  kf_animator_create(&anim);
  kf_animator_add_track(anim, "v", "x", NULL, &track);
  /* Unsorted, with 1 given twice (its last entry wins). */
  double times[4] = {2, 0, 1, 1}, values[4] = {20, 0, 99, 10};
  kf_keyframe_options eased = KF_KEYFRAME_OPTIONS_INIT;
  eased.easing = "easeInQuad";
  CHECK(kf_track_set_keyframes(track, times, 4, values, 4, &eased, 1) == KF_OK, "bulk set");
  double read_times[3], read_values[3];
  uint32_t styles[3];
  size_t count = 0;
  uint64_t generation = 0;
  CHECK(kf_track_get_keyframes(track, read_times, read_values, styles, 3, &count, &generation) ==
                KF_OK &&
            count == 3,
        "read back");
  CHECK(read_times[0] == 0 && read_times[1] == 1 && read_times[2] == 2 && read_values[1] == 10,
        "sorted and merged %g %g %g", read_times[0], read_times[1], read_times[2]);
  CHECK(styles[0] == styles[1] && styles[0] != 0, "one shared style");
  /* easeInQuad from 0 to 10 at the middle of [0, 1]: 2.5. */
  double value = 0;
  CHECK(kf_track_sample(track, 0.5, &value, 1) == KF_OK && value == 2.5, "eased %g", value);
  char easing[32];
  kf_keyframe_options style = KF_KEYFRAME_OPTIONS_INIT;
  CHECK(kf_track_get_style(track, styles[0], generation, &style, easing, sizeof easing, NULL, NULL,
                           NULL, 0, NULL) == KF_OK &&
            strcmp(easing, "easeInQuad") == 0 && style.interpolation == KF_INTERPOLATION_LINEAR,
        "style %s", easing);
  /* A bad entry changes nothing; the message names it. */
  double bad_times[2] = {5, NAN};
  CHECK(kf_track_set_keyframes(track, bad_times, 2, values, 2, NULL, 0) == KF_E_INVALID_VALUE &&
            strstr(kf_last_error(), "keyframe 1") != NULL,
        "NaN time");
  CHECK(kf_track_set_keyframes(track, times, 2, values, 3, NULL, 0) == KF_E_WRONG_SIZE,
        "value count");
  kf_keyframe_options three[3] = {KF_KEYFRAME_OPTIONS_INIT, KF_KEYFRAME_OPTIONS_INIT,
                                  KF_KEYFRAME_OPTIONS_INIT};
  CHECK(kf_track_set_keyframes(track, times, 2, values, 2, three, 3) == KF_E_WRONG_SIZE,
        "options count");
  CHECK(kf_track_keyframe_count(track, &count) == KF_OK && count == 3, "unchanged");
  uint64_t now = 0;
  CHECK(kf_track_generation(track, &now) == KF_OK && now == generation, "generation unchanged");

  /* Handles come back through kf_track_get_style. */
  /* The third double of each handle is there for the wrong-size check below:
   * the library reads handle_count doubles, so the arrays must hold them. */
  double left[3] = {2.5, 25, 0}, right[3] = {3.5, 40, 0}, thirty = 30;
  kf_keyframe_options bezier = KF_KEYFRAME_OPTIONS_INIT;
  bezier.interpolation = KF_INTERPOLATION_BEZIER;
  bezier.left_handle = left;
  bezier.right_handle = right;
  bezier.handle_count = 2;
  CHECK(kf_track_set_keyframe(track, 3, &thirty, 1, &bezier) == KF_OK, "bezier keyframe");
  bezier.handle_count = 3;
  CHECK(kf_track_set_keyframe(track, 3, &thirty, 1, &bezier) == KF_E_WRONG_SIZE, "handle count");
  double read_4[4], values_4[4], out_left[2], out_right[2];
  uint32_t styles_4[4];
  int32_t has = 0;
  kf_track_get_keyframes(track, read_4, values_4, styles_4, 4, NULL, &generation);
  size_t easing_length = 0;
  CHECK(kf_track_get_style(track, styles_4[3], generation, &style, NULL, 0, &easing_length,
                           out_left, out_right, 1, &has) == KF_E_BUFFER_TOO_SMALL &&
            easing_length == strlen("linear"),
        "handle capacity (the easing's length still reported: %zu)", easing_length);
  char tiny[2];
  CHECK(kf_track_get_style(track, styles_4[3], generation, &style, tiny, sizeof tiny, NULL,
                           out_left, out_right, 2, &has) == KF_E_BUFFER_TOO_SMALL,
        "no room for the easing text");
  CHECK(kf_track_get_style(track, styles_4[3], generation, &style, easing, sizeof easing, NULL,
                           out_left, out_right, 2, &has) == KF_OK &&
            has == 3 && out_left[0] == 2.5 && out_left[1] == 25 && out_right[0] == 3.5 &&
            out_right[1] == 40 && style.interpolation == KF_INTERPOLATION_BEZIER,
        "handles read back");
  kf_track_release(track);
  kf_animator_release(anim);
}

static void test_kinds_and_properties(void) {
  /* The kinds as Guides/Kinds.md lists them. */
  const char *names[] = {"scalar", "point", "size", "rect", "vector",
                         "color", "bool", "transform", "transform3d"};
  size_t channels[] = {1, 2, 2, 4, 0, 4, 1, 6, 16};
  CHECK(kf_kind_count() == 9, "9 kinds, got %zu", kf_kind_count());
  for (size_t i = 0; i < 9; i++) {
    kf_kind_info info;
    CHECK(kf_kind_get(i, &info) == KF_OK && strcmp(info.name, names[i]) == 0, "kind %zu", i);
    if (channels[i] != 0) {
      CHECK(info.min_channels == channels[i] && info.max_channels == channels[i], "%s channels",
            info.name);
    } else {
      CHECK(info.min_channels == 1 && info.max_channels == KF_CHANNELS_MAX, "vector channels");
    }
  }
  kf_kind_info color;
  kf_kind_get(5, &color);
  CHECK(strcmp(color.components, "r g b a") == 0 && strcmp(color.type_name, "Color") == 0 &&
            color.per_channel == 0,
        "color: %s %s", color.components, color.type_name);
  kf_kind_info scalar;
  kf_kind_get(0, &scalar);
  CHECK(scalar.type_name == NULL && scalar.per_channel == 1, "scalar");
  CHECK(kf_kind_get(9, &scalar) == KF_E_OUT_OF_RANGE, "past the end");
  CHECK(kf_kind_get(0, NULL) == KF_E_NULL, "NULL info");

  const char *kind = "unset";
  double low = 0, high = 0;
  CHECK(kf_property_info("alpha", &kind, &low, &high) == KF_OK && strcmp(kind, "scalar") == 0 &&
            low == 0 && high == 1,
        "alpha: %s [%g, %g]", kind, low, high);
  CHECK(kf_property_info("scale", &kind, &low, &high) == KF_OK && low == 0 && isinf(high), "scale");
  CHECK(kf_property_info("frame", &kind, NULL, NULL) == KF_OK && strcmp(kind, "rect") == 0, "frame");
  CHECK(kf_property_info("wobble", &kind, &low, &high) == KF_OK && kind == NULL && isinf(low) &&
            low < 0,
        "an unknown property");
  CHECK(kf_property_info(NULL, &kind, NULL, NULL) == KF_E_NULL, "NULL property");
}

static void test_threads(void) {
  size_t initial = kf_thread_count();
  CHECK(initial >= 1, "thread count %zu", initial);
  kf_set_thread_count(3);
  CHECK(kf_thread_count() == 3, "set 3");
  kf_set_thread_count(0);
  CHECK(kf_thread_count() == initial, "0 restores the default");
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return isnan(x) ? (isnan(y) ? 0 : 1) : isnan(y) ? -1 : (x > y) - (x < y);
}

/* The kernel level: a name from the list, settable to each level the CPU
 * runs, refused (and unchanged) for unknown names; the levels give the same
 * bits on random and sorted times, small and large tracks. */
/* kf_animator_add_tracks: three tracks with shared times, each value by
 * the linear rule worked by hand; then errors that add nothing. */
static void test_add_tracks(void) {
  kf_animator *anim = NULL;
  kf_animator_create(&anim);
  const char *targets[] = {"a", "b", "c"};
  const char *alpha[] = {"alpha", "alpha", "alpha"};
  const double times[] = {0.0, 2.0};
  const double values[] = {0.0, 1.0, 0.5, 0.25, 1.0, 0.0}; /* one row a track */
  CHECK(kf_animator_add_tracks(anim, targets, alpha, 3, NULL, 2, times, 2, values, 6) == KF_OK,
        "add: %s", kf_last_error());
  size_t count = 0;
  kf_animator_track_count(anim, &count);
  CHECK(count == 3, "3 tracks, got %zu", count);
  kf_track *track = NULL;
  CHECK(kf_animator_get_track(anim, "b", "alpha", &track) == KF_OK, "b.alpha");
  /* 0.5 + (0.25 - 0.5) * (0.5 / 2) = 0.4375, exact in binary. */
  CHECK(kf_track_value(track, 0.5) == 0.4375, "b at 0.5: %.17g", kf_track_value(track, 0.5));
  kf_track_release(track);

  uint64_t before = 0, after = 0;
  kf_animator_generation(anim, &before);
  const char *again[] = {"d", "a"};
  CHECK(kf_animator_add_tracks(anim, again, alpha, 2, NULL, 2, times, 2, values, 4) ==
            KF_E_DUPLICATE,
        "a.alpha exists");
  CHECK(strstr(kf_last_error(), "tracks[1]") != NULL, "names the entry: %s", kf_last_error());
  const double bad[] = {0.0, 1.0, 0.0, 2.0}; /* alpha 2 is out of range */
  const char *fresh[] = {"d", "e"};
  CHECK(kf_animator_add_tracks(anim, fresh, alpha, 2, NULL, 2, times, 2, bad, 4) ==
            KF_E_INVALID_VALUE,
        "alpha out of range");
  CHECK(kf_animator_add_tracks(anim, fresh, alpha, 2, NULL, 2, times, 2, values, 3) ==
            KF_E_WRONG_SIZE,
        "too few values");
  CHECK(kf_animator_add_tracks(anim, fresh, alpha, 2, NULL, 2, times, 3, values, 4) ==
            KF_E_WRONG_SIZE,
        "3 times for 2 keyframes");
  CHECK(kf_animator_add_tracks(anim, NULL, alpha, 2, NULL, 2, times, 2, values, 4) == KF_E_NULL,
        "NULL targets");
  const char *holes[] = {"d", NULL};
  CHECK(kf_animator_add_tracks(anim, holes, alpha, 2, NULL, 2, times, 2, values, 4) == KF_E_NULL,
        "a NULL name");
  CHECK(kf_animator_add_tracks(NULL, fresh, alpha, 2, NULL, 2, times, 2, values, 4) == KF_E_NULL,
        "no animator");
  kf_animator *forged = (kf_animator *)(uintptr_t)0x5eed;
  CHECK(kf_animator_add_tracks(forged, fresh, alpha, 2, NULL, 2, times, 2, values, 4) ==
            KF_E_INVALID_HANDLE,
        "a forged handle");
  kf_animator_track_count(anim, &count);
  kf_animator_generation(anim, &after);
  CHECK(count == 3 && after == before, "nothing added: %zu tracks", count);
  CHECK(kf_animator_add_tracks(anim, NULL, NULL, 0, NULL, 0, NULL, 0, NULL, 0) == KF_OK,
        "no tracks");
  kf_animator_release(anim);
}

static void test_kernel_levels(void) {
  const char *initial = kf_kernel_level();
  CHECK(strcmp(initial, "baseline") == 0 || strcmp(initial, "avx2") == 0 ||
            strcmp(initial, "avx512") == 0,
        "level %s", initial);
  CHECK(kf_kernel_level_supported("baseline") == 1, "baseline runs everywhere");
  CHECK(kf_kernel_level_supported("avx512") <= kf_kernel_level_supported("avx2"),
        "avx512 implies avx2");
  CHECK(kf_kernel_level_supported("avx-512") == 0 && kf_kernel_level_supported(NULL) == 0,
        "unknown names are not supported");
  CHECK(kf_set_kernel_level("avx-2") == KF_E_INVALID_NAME, "unknown name");
  CHECK(strstr(kf_last_error(), "did you mean \"avx2\"") != NULL, "hint: %s", kf_last_error());
  CHECK(strcmp(kf_kernel_level(), initial) == 0, "unchanged after an error");
  if (!kf_kernel_level_supported("avx2")) {
    CHECK(kf_set_kernel_level("avx2") == KF_E_INVALID_VALUE, "avx2 refused on this CPU");
  }
  if (!kf_kernel_level_supported("avx512")) {
    CHECK(kf_set_kernel_level("avx512") == KF_E_INVALID_VALUE, "avx512 refused on this CPU");
  }

  enum { N = 1000 };
  static double unordered[N], times[N], base[N], wide[N];
  uint64_t state = 12345;
  for (size_t i = 0; i < N; i++) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    unordered[i] = (double)(state >> 11) / 9007199254740992.0 * 120.0 - 10.0;
  }
  unordered[7] = NAN;
  unordered[8] = INFINITY;
  unordered[9] = -INFINITY;
  unordered[10] = 50.0; /* a keyframe time of the tracks of odd count */
  size_t counts[] = {2, 5, 16, 33, 300};
  for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
    kf_animator *anim = NULL;
    kf_track *track = NULL;
    memcpy(times, unordered, sizeof times);
    kf_animator_create(&anim);
    kf_animator_add_track(anim, "v", "value", NULL, &track);
    for (size_t k = 0; k < counts[c]; k++) {
      double t = 100.0 * (double)k / (double)(counts[c] - 1), v = sin((double)k);
      kf_track_set_keyframe(track, t, &v, 1, NULL);
    }
    for (int sorted = 0; sorted < 2; sorted++) {
      CHECK(kf_set_kernel_level("baseline") == KF_OK, "baseline");
      CHECK(kf_track_sample_many(track, times, N, base, N) == KF_OK, "baseline sample");
      for (size_t i = 0; i < N; i += 97) {
        double one = kf_track_value(track, times[i]);
        CHECK(memcmp(&one, &base[i], sizeof one) == 0, "K=%zu t=%g: single %.17g batch %.17g",
              counts[c], times[i], one, base[i]);
      }
      const char *levels[] = {"avx2", "avx512"};
      for (size_t l = 0; l < 2; l++) {
        if (!kf_kernel_level_supported(levels[l])) continue;
        CHECK(kf_set_kernel_level(levels[l]) == KF_OK, "%s", levels[l]);
        CHECK(strcmp(kf_kernel_level(), levels[l]) == 0, "%s active", levels[l]);
        CHECK(kf_track_sample_many(track, times, N, wide, N) == KF_OK, "%s sample", levels[l]);
        CHECK(memcmp(base, wide, sizeof base) == 0, "K=%zu sorted=%d: %s and baseline differ",
              counts[c], sorted, levels[l]);
      }
      qsort(times, N, sizeof times[0], compare_doubles);
    }
    kf_track_release(track);
    kf_animator_release(anim);
  }
  CHECK(kf_set_kernel_level(NULL) == KF_OK && strcmp(kf_kernel_level(), initial) == 0,
        "NULL restores the default");
}

static void test_kinds_and_composition(void) {
  kf_animator *anim = NULL;
  kf_track *track = NULL, *scale = NULL, *rotation = NULL, *translation = NULL;
  kf_animator_create(&anim);
  kf_track_options options = KF_TRACK_OPTIONS_INIT;
  options.kind = "color";
  CHECK(kf_animator_add_track(anim, "v", "alpha", &options, &track) == KF_E_KIND_MISMATCH,
        "alpha is scalar");
  options.kind = "colour";
  CHECK(kf_animator_add_track(anim, "v", "x", &options, &track) == KF_E_INVALID_NAME,
        "unknown kind");
  options.kind = "vector";
  options.channels = 65;
  CHECK(kf_animator_add_track(anim, "v", "w", &options, &track) == KF_E_WRONG_SIZE, "vector of 65");
  kf_track_options_init(&options);
  options.color_space = "cmyk";
  CHECK(kf_animator_add_track(anim, "v", "fillColor", &options, &track) == KF_E_INVALID_NAME,
        "unknown color space");
  options.before = 7;
  options.color_space = NULL;
  CHECK(kf_animator_add_track(anim, "v", "fillColor", &options, &track) == KF_E_INVALID_VALUE,
        "undefined extrapolation value");
  kf_track_options_init(&options);
  options.kind = "color";
  options.color_space = "oklch";
  options.premultiplied = 1;
  options.after = KF_EXTRAPOLATION_PING_PONG;
  CHECK(kf_animator_add_track(anim, "v", "fillColor", &options, &track) == KF_OK, "oklch color");
  kf_track_options read = KF_TRACK_OPTIONS_INIT;
  CHECK(kf_track_get_options(track, &read) == KF_OK && strcmp(read.kind, "color") == 0 &&
            strcmp(read.color_space, "oklch") == 0 && read.premultiplied == 1 &&
            read.channels == 4 && read.before == KF_EXTRAPOLATION_HOLD &&
            read.after == KF_EXTRAPOLATION_PING_PONG,
        "options read back: %s %s", read.kind, read.color_space);
  double red[4] = {1, 0, 0, 1}, bad[4] = {1, 0, 0, 2}, three[3] = {1, 0, 0};
  CHECK(kf_track_set_keyframe(track, 0, bad, 4, NULL) == KF_E_INVALID_VALUE, "alpha 2");
  CHECK(kf_track_set_keyframe(track, 0, three, 3, NULL) == KF_E_WRONG_SIZE, "3 channels");
  kf_keyframe_options smooth = KF_KEYFRAME_OPTIONS_INIT;
  smooth.interpolation = KF_INTERPOLATION_SMOOTH;
  CHECK(kf_track_set_keyframe(track, 0, red, 4, &smooth) == KF_E_KIND_MISMATCH, "smooth color");
  smooth.interpolation = 42;
  CHECK(kf_track_set_keyframe(track, 0, red, 4, &smooth) == KF_E_INVALID_VALUE,
        "undefined interpolation");
  CHECK(kf_track_set_extrapolation(track, KF_EXTRAPOLATION_LINEAR, KF_EXTRAPOLATION_UNCHANGED) ==
            KF_E_KIND_MISMATCH,
        "linear color");
  kf_track_release(track);

  /* Composition: scale 3, rotation 90 degrees, translation (5, 15), added in
   * an order other than the composition's. (0, -3, 3, 0, 5, 15) by hand. */
  double three_x = 3, ninety = 90, shift[2] = {5, 15}, m[6];
  kf_animator_add_track(anim, "view", "translation", NULL, &translation);
  kf_animator_add_track(anim, "view", "rotation", NULL, &rotation);
  kf_animator_add_track(anim, "view", "scale", NULL, &scale);
  kf_track_set_keyframe(translation, 0, shift, 2, NULL);
  kf_track_set_keyframe(rotation, 0, &ninety, 1, NULL);
  kf_track_set_keyframe(scale, 0, &three_x, 1, NULL);
  double zero_time = 0;
  CHECK(kf_animator_transform_many(anim, "view", &zero_time, 1, m, 6) == KF_OK, "transform");
  double expected[6] = {0, -3, 3, 0, 5, 15};
  for (int i = 0; i < 6; i++) CHECK(m[i] == expected[i], "m[%d] = %g", i, m[i]);
  CHECK(kf_animator_transform_many(anim, "view", &zero_time, 1, m, 5) == KF_E_BUFFER_TOO_SMALL,
        "capacity 5");
  CHECK(kf_animator_transform_many(anim, "nobody", &zero_time, 1, m, 6) == KF_E_NOT_FOUND,
        "a target without the tracks");
  /* A batch: rotation animated from 90 to 180 degrees over [0, 2]; at 2 the
   * angle is 180: (-3, 0, 0, -3, 5, 15) with exact zeros. */
  double one_eighty = 180, batch_times[2] = {0, 2}, batch[12];
  kf_track_set_keyframe(rotation, 2, &one_eighty, 1, NULL);
  CHECK(kf_animator_transform_many(anim, "view", batch_times, 2, batch, 12) == KF_OK, "batch");
  double at_two[6] = {-3, 0, 0, -3, 5, 15};
  for (int i = 0; i < 6; i++) {
    CHECK(batch[i] == expected[i] && batch[6 + i] == at_two[i], "batch[%d] %g %g", i, batch[i],
          batch[6 + i]);
  }

  /* Hide: visible at 10, hidden just after. */
  kf_track *hidden = NULL;
  kf_animator_add_track(anim, "view", "hidden", NULL, &hidden);
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
  double red[4] = {1, 0, 0, 1}, lab[4], back[4], nan4[4] = {NAN, 0, 0, 1};
  CHECK(kf_color_to_space("oklab", red, 1, lab) == KF_OK, "to oklab");
  /* CSS Color 4 sample: sRGB red is oklab(0.62796 0.22486 0.12585). */
  CHECK(near(lab[0], 0.62796, 1e-4) && near(lab[1], 0.22486, 1e-4) && near(lab[2], 0.12585, 1e-4) &&
            lab[3] == 1,
        "red in oklab %g %g %g", lab[0], lab[1], lab[2]);
  CHECK(kf_color_from_space("oklab", lab, 1, back) == KF_OK, "from oklab");
  CHECK(near(back[0], 1, 1e-12) && near(back[1], 0, 1e-12) && near(back[2], 0, 1e-12), "round trip");
  CHECK(kf_color_to_space("oklab", nan4, 1, lab) == KF_E_INVALID_VALUE, "NaN color");
  CHECK(kf_color_to_space("xyz", red, 1, lab) == KF_E_INVALID_NAME, "unknown space");
  CHECK(kf_color_to_space("oklab", NULL, 1, lab) == KF_E_NULL, "NULL color");
  /* Two colors in place: white stays white; extended red is mapped in gamut. */
  double wide[8] = {1.2, -0.1, 0.5, 1, 1, 1, 1, 0.5};
  CHECK(kf_color_gamut_map(wide, 2, wide) == KF_OK && wide[0] <= 1 && wide[1] >= 0 &&
            near(wide[4], 1, 1e-12) && wide[7] == 0.5,
        "gamut map in place");

  /* CSS color text: named colors from CSS Color 4's table, hsl() by its formula. */
  double parsed[4];
  CHECK(kf_color_parse("rebeccapurple", parsed) == KF_OK && parsed[0] == 0x66 / 255.0 &&
            parsed[1] == 0x33 / 255.0 && parsed[2] == 0x99 / 255.0 && parsed[3] == 1,
        "rebeccapurple");
  CHECK(kf_color_parse("hsl(120 100% 25% / 0.5)", parsed) == KF_OK && near(parsed[0], 0, 1e-15) &&
            near(parsed[1], 0.5, 1e-15) && near(parsed[2], 0, 1e-15) && parsed[3] == 0.5,
        "hsl %g %g %g %g", parsed[0], parsed[1], parsed[2], parsed[3]);
  CHECK(kf_color_parse("tomatoe", parsed) == KF_E_INVALID_VALUE &&
            strstr(kf_last_error(), "tomato") != NULL,
        "misspelled name");
  CHECK(kf_color_parse(NULL, parsed) == KF_E_NULL, "NULL text");

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
  kf_interpolation mode = -1;
  CHECK(kf_interpolation_from_name("monotone", &mode) == KF_OK && mode == KF_INTERPOLATION_MONOTONE,
        "interpolation name");
  CHECK(kf_interpolation_from_name("Monotone", &mode) == KF_E_INVALID_NAME, "names are exact");
  CHECK(strcmp(kf_extrapolation_name(KF_EXTRAPOLATION_CYCLE_OFFSET), "cycle-offset") == 0 &&
            kf_extrapolation_name(99) == NULL && kf_interpolation_name(-1) == NULL,
        "enum names");
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

/* The timing model: options defaults, names, validation with Core
 * Animation's fields folded in, computed timing worked by hand from Web
 * Animations' procedures, the batch call against single ones. */
static void test_timing(void) {
  kf_timing_options defaults = KF_TIMING_OPTIONS_INIT, filled;
  memset(&filled, 0xff, sizeof filled);
  CHECK(kf_timing_options_init(&filled) == KF_OK && filled.version == defaults.version &&
            filled.duration == KF_DURATION_AUTO && KF_DURATION_AUTO == -INFINITY &&
            filled.iterations == 1 && filled.delay == 0 && filled.end_delay == 0 &&
            filled.iteration_start == 0 && filled.direction == KF_DIRECTION_NORMAL &&
            filled.fill == KF_FILL_AUTO && filled.easing == NULL && filled.autoreverses == 0 &&
            filled.time_offset == 0,
        "kf_timing_options_init gives KF_TIMING_OPTIONS_INIT");
  CHECK(kf_timing_options_init(NULL) == KF_E_NULL, "options_init(NULL)");

  /* Names both ways; "removed" is Core Animation's none. */
  CHECK(strcmp(kf_direction_name(KF_DIRECTION_ALTERNATE_REVERSE), "alternate-reverse") == 0 &&
            kf_direction_name(4) == NULL,
        "direction names");
  CHECK(strcmp(kf_fill_name(KF_FILL_BACKWARDS), "backwards") == 0 && kf_fill_name(-1) == NULL,
        "fill names");
  CHECK(strcmp(kf_phase_name(KF_PHASE_IDLE), "idle") == 0 && kf_phase_name(4) == NULL,
        "phase names");
  CHECK(strcmp(kf_animation_direction_name(KF_ANIMATION_BACKWARDS), "backwards") == 0 &&
            kf_animation_direction_name(2) == NULL,
        "animation direction names");
  kf_fill fill = KF_FILL_BOTH;
  CHECK(kf_fill_from_name("removed", &fill) == KF_OK && fill == KF_FILL_NONE, "removed is none");
  CHECK(kf_fill_from_name("forward", &fill) == KF_E_INVALID_NAME &&
            strstr(kf_last_error(), "did you mean \"forwards\"") != NULL && fill == KF_FILL_NONE,
        "misspelt fill");
  kf_direction direction = -7;
  CHECK(kf_direction_from_name("alternate", &direction) == KF_OK &&
            direction == KF_DIRECTION_ALTERNATE,
        "direction from name");
  CHECK(kf_direction_from_name(NULL, &direction) == KF_E_NULL, "NULL name");
  CHECK(kf_direction_from_name("reverse", NULL) == KF_E_NULL, "NULL out");
  kf_phase phase = -1;
  kf_animation_direction playing = -1;
  CHECK(kf_phase_from_name("after", &phase) == KF_OK && phase == KF_PHASE_AFTER, "phase name");
  CHECK(kf_animation_direction_from_name("backwards", &playing) == KF_OK &&
            playing == KF_ANIMATION_BACKWARDS,
        "animation direction name");

  /* Validation folds autoreverses and time_offset in; bad input is refused. */
  kf_timing_options t = KF_TIMING_OPTIONS_INIT, out = KF_TIMING_OPTIONS_INIT;
  t.duration = 2;
  t.iterations = 1.5;
  t.autoreverses = 1;
  t.time_offset = 1;
  t.easing = "steps(2, start)";
  CHECK(kf_timing_validate(&t, &out) == KF_OK && out.direction == KF_DIRECTION_ALTERNATE &&
            out.iterations == 3 && out.iteration_start == 0.5 && out.autoreverses == 0 &&
            out.time_offset == 0 && out.easing == t.easing && out.duration == 2,
        "autoreverses: alternate with twice the iterations; time_offset / duration");
  CHECK(kf_timing_validate(&t, &t) == KF_OK && t.iterations == 3, "in place");
  CHECK(kf_timing_validate(NULL, NULL) == KF_OK, "the defaults are valid");
  kf_timing_options bad = KF_TIMING_OPTIONS_INIT;
  bad.duration = -1;
  CHECK(kf_timing_validate(&bad, NULL) == KF_E_INVALID_VALUE &&
            strstr(kf_last_error(), "duration") != NULL,
        "negative duration");
  bad = defaults;
  bad.iterations = NAN;
  CHECK(kf_timing_validate(&bad, NULL) == KF_E_INVALID_VALUE, "NaN iterations");
  bad = defaults;
  bad.direction = 9;
  CHECK(kf_timing_validate(&bad, NULL) == KF_E_INVALID_VALUE, "undefined direction");
  bad = defaults;
  bad.fill = -2;
  CHECK(kf_timing_validate(&bad, NULL) == KF_E_INVALID_VALUE, "undefined fill");
  bad = defaults;
  bad.version = 2;
  CHECK(kf_timing_validate(&bad, NULL) == KF_E_INVALID_VALUE, "unknown version");
  bad = defaults;
  bad.easing = "wobble";
  memset(&out, 0, sizeof out);
  CHECK(kf_timing_validate(&bad, &out) == KF_E_EASING && out.version == 0,
        "bad easing; nothing written");
  bad.easing = "\xff";
  CHECK(kf_timing_validate(&bad, NULL) == KF_E_INVALID_NAME, "easing not UTF-8");

  /* delay 1, duration 2, 1.5 iterations, fill both: at 3.5 the active time
   * is 2.5, the overall progress 1.25, the second iteration, 0.25 into it. */
  kf_timing_options timing = KF_TIMING_OPTIONS_INIT;
  timing.delay = 1;
  timing.duration = 2;
  timing.iterations = 1.5;
  timing.fill = KF_FILL_BOTH;
  timing.direction = KF_DIRECTION_ALTERNATE;
  kf_computed_timing c = KF_COMPUTED_TIMING_INIT;
  CHECK(kf_timing_compute(&timing, 3.5, 0, KF_ANIMATION_FORWARDS, &c) == KF_OK &&
            c.phase == KF_PHASE_ACTIVE && c.local_time == 3.5 && c.iteration_duration == 2 &&
            c.active_duration == 3 && c.end_time == 4 && c.active_time == 2.5 &&
            c.overall_progress == 1.25 && c.simple_iteration_progress == 0.25 &&
            c.current_iteration == 1 && c.directed_progress == 0.75 &&
            c.transformed_progress == 0.75,
        "computed timing in the second (backward) iteration");
  CHECK(kf_timing_compute(&timing, 0, 0, KF_ANIMATION_FORWARDS, &c) == KF_OK &&
            c.phase == KF_PHASE_BEFORE && c.transformed_progress == 0,
        "fill backwards");
  /* At the delay, time running backwards is still before the interval. */
  timing.fill = KF_FILL_FORWARDS;
  CHECK(kf_timing_compute(&timing, 1, 0, KF_ANIMATION_BACKWARDS, &c) == KF_OK &&
            c.phase == KF_PHASE_BEFORE && isnan(c.active_time) && isnan(c.transformed_progress) &&
            isnan(c.current_iteration),
        "no backwards fill: unresolved");
  CHECK(kf_timing_compute(&timing, NAN, 0, KF_ANIMATION_FORWARDS, &c) == KF_OK &&
            c.phase == KF_PHASE_IDLE && isnan(c.local_time) && c.active_duration == 3,
        "NaN local time: idle");
  /* auto: the intrinsic duration. */
  kf_timing_options automatic = KF_TIMING_OPTIONS_INIT;
  automatic.iterations = 2;
  CHECK(kf_timing_compute(&automatic, 3, 2, KF_ANIMATION_FORWARDS, &c) == KF_OK &&
            c.iteration_duration == 2 && c.active_duration == 4 && c.current_iteration == 1 &&
            c.simple_iteration_progress == 0.5,
        "auto duration");
  CHECK(kf_timing_compute(NULL, 0.5, 1, KF_ANIMATION_FORWARDS, &c) == KF_OK &&
            c.transformed_progress == 0.5,
        "NULL options: the defaults");
  CHECK(kf_timing_compute(&automatic, 0, -1, KF_ANIMATION_FORWARDS, &c) == KF_E_INVALID_VALUE,
        "negative intrinsic duration");
  CHECK(kf_timing_compute(&automatic, 0, 1, 2, &c) == KF_E_INVALID_VALUE,
        "undefined animation direction");
  CHECK(kf_timing_compute(&automatic, 0, 1, KF_ANIMATION_FORWARDS, NULL) == KF_E_NULL,
        "NULL out");
  kf_computed_timing stale = KF_COMPUTED_TIMING_INIT;
  stale.version = 0;
  CHECK(kf_timing_compute(&automatic, 0, 1, KF_ANIMATION_FORWARDS, &stale) == KF_E_INVALID_VALUE,
        "unknown computed timing version");

  /* The batch equals the single calls bit for bit, NaN where no effect. */
  timing.easing = "steps(3, jump-both)";
  double times[6] = {-1, 1, 2.25, 4, 9, NAN}, progress[6], iterations[6];
  CHECK(kf_timing_progress_many(&timing, times, 6, 0, KF_ANIMATION_BACKWARDS, progress, iterations,
                                6) == KF_OK,
        "progress_many");
  for (int i = 0; i < 6; i++) {
    kf_timing_compute(&timing, times[i], 0, KF_ANIMATION_BACKWARDS, &c);
    CHECK(memcmp(&progress[i], &c.transformed_progress, sizeof(double)) == 0 ||
              (isnan(progress[i]) && isnan(c.transformed_progress)),
          "batch progress %d", i);
    CHECK(memcmp(&iterations[i], &c.current_iteration, sizeof(double)) == 0 ||
              (isnan(iterations[i]) && isnan(c.current_iteration)),
          "batch iteration %d", i);
  }
  CHECK(isnan(progress[0]) && isnan(progress[5]) && progress[4] == 0.5, "no effect: NaN; steps(3, jump-both) of 0.5 is 2 / 4");
  CHECK(kf_timing_progress_many(&timing, times, 6, 0, KF_ANIMATION_FORWARDS, NULL, iterations, 6) ==
            KF_OK,
        "iterations only");
  CHECK(kf_timing_progress_many(&timing, times, 6, 0, KF_ANIMATION_FORWARDS, NULL, NULL, 6) ==
            KF_E_NULL,
        "both outputs NULL");
  progress[0] = 7;
  CHECK(kf_timing_progress_many(&timing, times, 6, 0, KF_ANIMATION_FORWARDS, progress, NULL, 5) ==
                KF_E_BUFFER_TOO_SMALL &&
            progress[0] == 7,
        "capacity; nothing written");
  CHECK(kf_timing_progress_many(&timing, NULL, 2, 0, KF_ANIMATION_FORWARDS, progress, NULL, 6) ==
            KF_E_NULL,
        "NULL times");
  CHECK(kf_timing_progress_many(&timing, NULL, 0, 0, KF_ANIMATION_FORWARDS, progress, NULL, 0) ==
            KF_OK,
        "empty batch");
  CHECK(kf_timing_progress_many(&bad, times, 6, 0, KF_ANIMATION_FORWARDS, progress, NULL, 6) !=
            KF_OK,
        "bad options");
}

/* kf_track_value: the returned double is kf_track_sample's; every error is
 * NaN with its message. */
static void test_track_value(void) {
  kf_animator *anim = NULL;
  kf_track *alpha = NULL, *point = NULL, *empty = NULL;
  kf_animator_create(&anim);
  kf_animator_add_track(anim, "label", "alpha", NULL, &alpha);
  kf_track_options options = KF_TRACK_OPTIONS_INIT;
  options.kind = "point";
  kf_animator_add_track(anim, "label", "center", &options, &point);
  kf_animator_add_track(anim, "label", "x", NULL, &empty);
  double one = 1, zero = 0, xy[2] = {1, 2};
  kf_keyframe_options eased = KF_KEYFRAME_OPTIONS_INIT;
  eased.easing = "easeInQuad";
  kf_track_set_keyframe(alpha, 30, &one, 1, &eased);
  kf_track_set_keyframe(alpha, 60, &zero, 1, NULL);
  kf_track_set_keyframe(point, 0, xy, 2, NULL);
  /* easeInQuad from 1 to 0 at 45 (p = 0.5): 1 - 0.25 = 0.75; before and
   * after the keyframes the end values. */
  double times[5] = {0, 30, 45, 52.5, 90};
  for (int i = 0; i < 5; i++) {
    double sampled = NAN;
    kf_track_sample(alpha, times[i], &sampled, 1);
    double value = kf_track_value(alpha, times[i]);
    CHECK(value == sampled, "value at %g: %.17g vs %.17g", times[i], value, sampled);
  }
  CHECK(kf_track_value(alpha, 45) == 0.75, "0.75 at 45");
  CHECK(isnan(kf_track_value(alpha, NAN)), "a NaN time gives NaN");
  CHECK(isnan(kf_track_value(point, 0)) && strstr(kf_last_error(), "2 channels") != NULL,
        "two channels: %s", kf_last_error());
  CHECK(isnan(kf_track_value(empty, 0)) && strstr(kf_last_error(), "no keyframes") != NULL,
        "empty: %s", kf_last_error());
  CHECK(isnan(kf_track_value(NULL, 0)) && strstr(kf_last_error(), "kf_track_value") != NULL,
        "NULL: %s", kf_last_error());
  kf_track_release(alpha);
  CHECK(isnan(kf_track_value(alpha, 45)), "a released handle gives NaN");
  kf_track_release(point);
  kf_track_release(empty);
  kf_animator_release(anim);
}


/* A capacity of 2^63 or more (SIZE_MAX) is no buffer's size: refused with
 * KF_E_BUFFER_TOO_SMALL, nothing written to the buffer, but the sizes the
 * header promises with that status are written, and the message says why
 * (it said "is too large", and wrote no size). */
static void test_huge_capacities(void) {
  kf_animator *a = NULL;
  kf_track *t = NULL;
  CHECK(kf_animator_create(&a) == KF_OK && kf_animator_add_track(a, "box", "alpha", NULL, &t) == KF_OK,
        "huge: setup");
  double times[2] = {0, 1}, values[2] = {0, 1};
  CHECK(kf_track_set_keyframes(t, times, 2, values, 2, NULL, 0) == KF_OK, "huge: keys");
  double out_t[1] = {-7}, out_v[1] = {-7};
  size_t count = 99;
  uint64_t generation = 0;
  CHECK(kf_track_get_keyframes(t, out_t, out_v, NULL, SIZE_MAX, &count, &generation) ==
            KF_E_BUFFER_TOO_SMALL,
        "huge keyframes capacity refused");
  CHECK(count == 2 && generation != 0, "huge keyframes capacity: the count is written");
  CHECK(out_t[0] == -7 && out_v[0] == -7, "huge keyframes capacity: nothing written");
  CHECK(strstr(kf_last_error(), "2^63 or more") != NULL, "huge keyframes capacity: the reason");

  kf_column column;
  char names[4] = "xyz";
  size_t tracks = 99, names_length = 99;
  CHECK(kf_animator_get_layout(a, &column, SIZE_MAX, names, 4, &tracks, &names_length, NULL) ==
            KF_E_BUFFER_TOO_SMALL,
        "huge layout capacity refused");
  CHECK(tracks == 1 && names_length == strlen("box") + strlen("alpha") + 2,
        "huge layout capacity: the sizes are written");
  CHECK(strcmp(names, "xyz") == 0, "huge layout capacity: nothing written");

  kf_path *path = NULL;
  CHECK(kf_path_parse("M0 0 L10 0", &path, NULL) == KF_OK, "huge: path");
  char text[4] = "abc";
  size_t length = 99;
  CHECK(kf_path_data(path, text, SIZE_MAX, &length) == KF_E_BUFFER_TOO_SMALL,
        "huge path text capacity refused");
  CHECK(length == strlen("M0 0 L10 0"), "huge path text capacity: the length is written");
  CHECK(strcmp(text, "abc") == 0, "huge path text capacity: nothing written");
  CHECK(strstr(kf_last_error(), "18446744073709551615") != NULL, "huge: the capacity as given");
  kf_path_release(path);
  kf_track_release(t);
  kf_animator_release(a);
}

int main(void) {
  test_huge_capacities();
  test_animator_batch();
  test_track_value();
  test_bulk_keyframes();
  test_kinds_and_properties();
  test_threads();
  test_kernel_levels();
  test_add_tracks();
  test_kinds_and_composition();
  test_value_helpers();
  test_easings_and_springs();
  test_timing();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
