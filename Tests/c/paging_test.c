/*
 * The C contract of variables, relative tracks and paging layouts: the
 * RazzleDazzle numbers (W = 375, 4 pages) worked by hand, old (version 1)
 * track options, text outputs, page trackers, and the bad-input paths
 * (NULL, stale and wrong-type handles, bad names, NaN, short buffers), each
 * leaving the state unchanged. Prints "N passed, N failed".
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "keyframe.h"

/* A version 1 kf_track_options: the struct as 0.2 callers compiled it. */
typedef struct {
  uint32_t version;
  const char *kind;
  size_t channels;
  const char *color_space;
  int32_t premultiplied;
  kf_extrapolation before;
  kf_extrapolation after;
} track_options_v1;

static void test_variables(void) {
  kf_animator *anim = NULL;
  CHECK(kf_animator_create(&anim) == KF_OK, "create");
  CHECK(kf_animator_set_variable(anim, "pageWidth", 375) == KF_OK, "set");
  CHECK(kf_animator_set_variable(anim, "header.midX", -2.5) == KF_OK, "set a second");
  double value = 0;
  CHECK(kf_animator_get_variable(anim, "pageWidth", &value) == KF_OK && value == 375, "get");
  CHECK(kf_animator_set_variable(anim, "pageWidth", NAN) == KF_E_INVALID_VALUE, "NaN refused");
  CHECK(kf_animator_set_variable(anim, "pageWidth", INFINITY) == KF_E_INVALID_VALUE, "inf");
  CHECK(kf_animator_set_variable(anim, "1st", 1) == KF_E_INVALID_NAME, "bad name");
  CHECK(kf_animator_set_variable(anim, "", 1) == KF_E_INVALID_NAME, "empty name");
  CHECK(kf_animator_set_variable(anim, NULL, 1) == KF_E_NULL, "NULL name");
  CHECK(kf_animator_set_variable(anim, "a\xff", 1) == KF_E_INVALID_NAME, "not UTF-8");
  CHECK(kf_animator_get_variable(anim, "pageWidth", &value) == KF_OK && value == 375,
        "unchanged after the refusals");
  CHECK(kf_animator_get_variable(anim, "missing", &value) == KF_E_NOT_FOUND, "missing");
  CHECK(kf_animator_get_variable(anim, "pageWidth", NULL) == KF_E_NULL, "NULL out");

  /* The list: sorted names "header.midX\0pageWidth\0" (22 bytes). */
  size_t count = 0, length = 0;
  char names[64];
  double values[4];
  CHECK(kf_animator_list_variables(anim, NULL, 0, NULL, 0, &count, &length) ==
                KF_E_BUFFER_TOO_SMALL &&
            count == 2 && length == 22,
        "sizes reported on a short buffer (%zu, %zu)", count, length);
  CHECK(kf_animator_list_variables(anim, NULL, 5, values, 4, &count, &length) == KF_E_NULL,
        "NULL names with a capacity");
  CHECK(kf_animator_list_variables(anim, names, sizeof names, values, 4, &count, &length) == KF_OK &&
            memcmp(names, "header.midX\0pageWidth\0", 22) == 0 && values[0] == -2.5 &&
            values[1] == 375,
        "list");
  CHECK(kf_animator_variable_count(anim, &count) == KF_OK && count == 2, "count");
  CHECK(kf_animator_remove_variable(anim, "header.midX") == KF_OK, "remove");
  CHECK(kf_animator_remove_variable(anim, "header.midX") == KF_E_NOT_FOUND, "remove twice");
  CHECK(kf_animator_variable_count(anim, &count) == KF_OK && count == 1, "count after remove");

  /* A relative track: constant = multiplier(t) * ref.width + 10. */
  kf_track_options options = KF_TRACK_OPTIONS_INIT;
  options.relative_to = "ref.width";
  options.constant = 10;
  kf_track *track = NULL;
  CHECK(kf_animator_add_track(anim, "label", "constant", &options, &track) == KF_OK, "add");
  double zero = 0, half = 0.5, out = -1, two[2] = {-1, -1}, times[2] = {0.25, 0.5};
  CHECK(kf_track_set_keyframe(track, 0, &zero, 1, NULL) == KF_OK &&
            kf_track_set_keyframe(track, 1, &half, 1, NULL) == KF_OK,
        "keyframes");
  CHECK(kf_track_sample(track, 0.5, &out, 1) == KF_E_NOT_FOUND && out == -1 &&
            strstr(kf_last_error(), "label.constant") && strstr(kf_last_error(), "ref.width"),
        "unset variable: %s", kf_last_error());
  CHECK(kf_animator_sample_many(anim, times, 2, two, 2, NULL, NULL) == KF_E_NOT_FOUND &&
            two[0] == -1,
        "unset in the matrix, nothing written");
  CHECK(kf_animator_set_variable(anim, "ref.width", 200) == KF_OK, "set ref.width");
  CHECK(kf_track_sample(track, 0.5, &out, 1) == KF_OK && out == 60, "0.25 * 200 + 10 = %g", out);
  CHECK(kf_track_velocity(track, 0.5, &out, 1) == KF_OK && out == 100, "velocity 0.5 * 200");
  CHECK(kf_track_sample_many(track, times, 2, two, 2) == KF_OK && two[0] == 35 && two[1] == 60,
        "batch");
  CHECK(kf_animator_set_variable(anim, "ref.width", 300) == KF_OK &&
            kf_animator_sample_many(anim, times, 2, two, 2, NULL, NULL) == KF_OK &&
            two[0] == 47.5 && two[1] == 85,
        "the matrix follows the new width with no keyframe edited");

  kf_track_options read = KF_TRACK_OPTIONS_INIT;
  CHECK(kf_track_get_options(track, &read) == KF_OK && read.relative_to &&
            strcmp(read.relative_to, "ref.width") == 0 && read.constant == 10,
        "options read back");
  /* Version 1 callers: their smaller struct is read and written as it is. */
  struct {
    track_options_v1 options;
    unsigned char guard[16];
  } old;
  memset(&old, 0xAB, sizeof old);
  old.options.version = 1;
  CHECK(kf_track_get_options(track, (kf_track_options *)&old.options) == KF_OK &&
            old.options.channels == 1 && old.guard[0] == 0xAB && old.guard[15] == 0xAB,
        "a version 1 struct is written only up to `after`");
  track_options_v1 v1 = {1, NULL, 0, NULL, 0, KF_EXTRAPOLATION_HOLD, KF_EXTRAPOLATION_HOLD};
  kf_track *plain = NULL, *none = NULL;
  CHECK(kf_animator_add_track(anim, "label", "x", (const kf_track_options *)&v1, &plain) == KF_OK,
        "a version 1 struct is read");
  read.relative_to = "junk";
  CHECK(kf_track_get_options(plain, &read) == KF_OK && read.relative_to == NULL &&
            read.constant == 0,
        "a plain track has no relation");
  options.relative_to = "1bad";
  CHECK(kf_animator_add_track(anim, "label", "y", &options, &none) == KF_E_INVALID_NAME, "bad");
  options.relative_to = "w";
  options.constant = NAN;
  CHECK(kf_animator_add_track(anim, "label", "y", &options, &none) == KF_E_INVALID_VALUE, "NaN");
  options.constant = 0;
  CHECK(kf_animator_add_track(anim, "label", "alpha", &options, &none) == KF_E_KIND_MISMATCH,
        "alpha cannot be relative");
  options.version = 3;
  CHECK(kf_animator_add_track(anim, "label", "y", &options, &none) == KF_E_INVALID_VALUE, "v3");
  CHECK(kf_animator_track_count(anim, &count) == KF_OK && count == 2, "nothing added");

  /* The copy takes the variables. */
  kf_animator *copy = NULL;
  kf_track *copied = NULL;
  CHECK(kf_animator_copy(anim, &copy) == KF_OK &&
            kf_animator_get_track(copy, "label", "constant", &copied) == KF_OK,
        "copy");
  CHECK(kf_animator_set_variable(anim, "ref.width", 1) == KF_OK &&
            kf_track_sample(copied, 0.5, &out, 1) == KF_OK && out == 85,
        "the copy keeps its own variables");
  kf_track_release(copied);
  kf_animator_release(copy);
  kf_track_release(plain);
  kf_track_release(track);
  kf_animator_release(anim);
  CHECK(kf_animator_set_variable(anim, "w", 1) == KF_E_INVALID_HANDLE, "released animator");
}

static void test_paging(void) {
  kf_animator *anim = NULL;
  kf_paging *paging = NULL;
  CHECK(kf_animator_create(&anim) == KF_OK, "create");
  CHECK(kf_paging_create(anim, 0, 375, NULL, &paging) == KF_E_OUT_OF_RANGE, "no pages");
  CHECK(kf_paging_create(anim, 4, -1, NULL, &paging) == KF_E_INVALID_VALUE, "bad width");
  CHECK(kf_paging_create(anim, 4, 375, "bad name", &paging) == KF_E_INVALID_NAME, "bad name");
  CHECK(kf_paging_create(anim, 4, 375, NULL, NULL) == KF_E_NULL, "NULL out");
  CHECK(kf_paging_create(anim, 4, 375, NULL, &paging) == KF_OK, "create paging");
  kf_animator_release(anim); /* the layout holds the animator */

  double one = 1, pages[2] = {1, 2}, offsets[2] = {0, 20}, nan_page = NAN, same[2] = {1, 1};
  kf_track *center = NULL;
  CHECK(kf_paging_keep(paging, "center", KF_PAGE_ATTRIBUTE_CENTER_X, &one, NULL, 1, 0, NULL,
                       &center) == KF_OK,
        "keep on page 1");
  CHECK(kf_paging_keep(paging, "left", KF_PAGE_ATTRIBUTE_LEFT, &one, NULL, 1, 0, NULL, NULL) ==
                KF_OK &&
            kf_paging_keep(paging, "right", KF_PAGE_ATTRIBUTE_RIGHT, &one, NULL, 1, 0, NULL,
                           NULL) == KF_OK &&
            kf_paging_keep(paging, "still", KF_PAGE_ATTRIBUTE_CENTER_X, pages, NULL, 2, 0, NULL,
                           NULL) == KF_OK &&
            kf_paging_keep(paging, "jazz", KF_PAGE_ATTRIBUTE_CENTER_X, pages, NULL, 2, 10,
                           offsets, NULL) == KF_OK,
        "keeps: %s", kf_last_error());
  /* Refusals, each adding nothing. */
  CHECK(kf_paging_keep(paging, "x", 3, &one, NULL, 1, 0, NULL, NULL) == KF_E_INVALID_VALUE,
        "undefined attribute");
  CHECK(kf_paging_keep(paging, "x", 0, &nan_page, NULL, 1, 0, NULL, NULL) == KF_E_INVALID_VALUE,
        "NaN page");
  CHECK(kf_paging_keep(paging, "x", 0, pages, same, 2, 0, NULL, NULL) == KF_E_INVALID_VALUE,
        "a time twice");
  CHECK(kf_paging_keep(paging, "x", 0, NULL, NULL, 0, 0, NULL, NULL) == KF_E_WRONG_SIZE, "none");
  CHECK(kf_paging_keep(paging, "x", 0, NULL, NULL, 1, 0, NULL, NULL) == KF_E_NULL, "NULL pages");
  CHECK(kf_paging_keep(paging, "center", 0, &one, NULL, 1, 0, NULL, NULL) == KF_E_DUPLICATE,
        "kept twice");
  size_t count = 0;
  CHECK(kf_paging_kept_count(paging, &count) == KF_OK && count == 5, "5 kept, got %zu", count);

  double out[10] = {0}, at[2] = {1.5, 3}, x = 0;
  CHECK(kf_paging_positions(paging, at, 2, out, 9) == KF_E_BUFFER_TOO_SMALL && out[0] == 0,
        "short buffer, nothing written");
  CHECK(kf_paging_positions(paging, at, 2, out, 10) == KF_OK, "positions");
  const double expected[10] = {562.5, 375, 750, 750, 770, 562.5, 375, 750, 937.5, 967.5};
  for (int i = 0; i < 10; i++) CHECK(out[i] == expected[i], "position %d: %g", i, out[i]);
  CHECK(kf_track_sample(center, 0, &x, 1) == KF_OK && x == 562.5, "the track itself");
  CHECK(kf_paging_set_page_width(paging, 667) == KF_OK &&
            kf_paging_positions(paging, at, 1, out, 5) == KF_OK && out[0] == 1000.5 &&
            out[3] == 1334 && out[4] == 1354,
        "rotation: W = 667");
  CHECK(kf_paging_set_page_width(paging, 0) == KF_E_INVALID_VALUE, "width 0");
  CHECK(kf_paging_page_width(paging, &x) == KF_OK && x == 667, "width unchanged");
  CHECK(kf_paging_content_width(paging, &x) == KF_OK && x == 2668, "content width");
  CHECK(kf_paging_page_count(paging, &count) == KF_OK && count == 4, "page count");
  CHECK(kf_paging_page_offset(paging, 1000.5, &x) == KF_OK && x == 1.5, "page offset");
  CHECK(kf_paging_page_offset(paging, NAN, &x) == KF_E_INVALID_VALUE, "NaN offset");
  size_t page = 9;
  CHECK(kf_paging_current_page(paging, 333.5, &page) == KF_OK && page == 1, "halves round up");
  CHECK(kf_paging_current_page(paging, -100, &page) == KF_OK && page == 0, "clamped low");
  CHECK(kf_paging_current_page(paging, 1e9, &page) == KF_OK && page == 3, "clamped high");
  CHECK(kf_paging_unkeep(paging, "left") == KF_OK && kf_paging_unkeep(paging, "left") ==
            KF_E_NOT_FOUND, "unkeep");

  /* Page trackers. */
  kf_page_tracker *tracker = NULL;
  CHECK(kf_page_tracker_create(paging, 4, &tracker) == KF_E_OUT_OF_RANGE, "initial page 4");
  CHECK(kf_page_tracker_create(paging, 0, &tracker) == KF_OK, "tracker");
  double scroll[4] = {100, 400, 1400, 2100};
  kf_page_change changes[4];
  size_t found = 0;
  CHECK(kf_page_tracker_feed(tracker, scroll, 4, changes, 1, &found) == KF_E_BUFFER_TOO_SMALL &&
            found == 3,
        "short buffer: 3 changes needed, got %zu", found);
  CHECK(kf_page_tracker_page(tracker, &page) == KF_OK && page == 0, "not moved");
  CHECK(kf_page_tracker_feed(tracker, scroll, 4, changes, 4, &found) == KF_OK && found == 3 &&
            changes[0].index == 1 && changes[0].from_page == 0 && changes[0].to_page == 1 &&
            changes[1].index == 2 && changes[1].to_page == 2 && changes[2].index == 3 &&
            changes[2].from_page == 2 && changes[2].to_page == 3,
        "changes in order");
  double bad[2] = {0, NAN};
  CHECK(kf_page_tracker_feed(tracker, bad, 2, changes, 4, &found) == KF_E_INVALID_VALUE, "NaN");
  CHECK(kf_page_tracker_page(tracker, &page) == KF_OK && page == 3, "still page 3");
  CHECK(kf_page_tracker_feed(tracker, NULL, 0, NULL, 0, &found) == KF_OK && found == 0, "none");
  CHECK(kf_page_tracker_page((kf_page_tracker *)paging, &page) == KF_E_INVALID_HANDLE,
        "a paging handle is not a tracker");
  CHECK(kf_paging_kept_count((kf_paging *)center, &count) == KF_E_INVALID_HANDLE,
        "a track handle is not a paging layout");

  CHECK(kf_page_attribute_name(KF_PAGE_ATTRIBUTE_RIGHT) &&
            strcmp(kf_page_attribute_name(KF_PAGE_ATTRIBUTE_RIGHT), "right") == 0 &&
            kf_page_attribute_name(3) == NULL,
        "attribute names");
  kf_page_attribute attribute = -1;
  CHECK(kf_page_attribute_from_name("centerX", &attribute) == KF_OK && attribute == 1, "by name");
  CHECK(kf_page_attribute_from_name("center", &attribute) == KF_E_INVALID_NAME &&
            strstr(kf_last_error(), "centerX"),
        "unknown name, with a suggestion: %s", kf_last_error());

  kf_page_tracker_release(tracker);
  kf_page_tracker_release(tracker);
  kf_page_tracker_release(NULL);
  kf_track_release(center);
  kf_paging_release(paging);
  kf_paging_release(paging);
  kf_paging_release(NULL);
  CHECK(kf_paging_kept_count(paging, &count) == KF_E_INVALID_HANDLE, "released layout");
}

int main(void) {
  test_variables();
  test_paging();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
