/* Paths and masks through the C ABI: Tests/vectors/paths.json and
 * masks.json (fed by gen_path_vectors.py), then the ABI's promises for
 * untrusted input: NULL, NaN, sizes that overflow, released handles, short
 * buffers, each refused with state unchanged. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

typedef struct {
  const char *id;
  const char *data;
  int trim;
  int closed;
  double length;
  int has_bounds;
  double bounds[4];
  double bounds_tolerance;
  double tolerance;
  double angle_tolerance;
  const char *rotate;
  double rotate_angle;
  double start, end;
  size_t count;
  const double *fractions;
  const double *expected;
  const double *angles;
} path_group;

typedef struct {
  const char *id;
  const char *data;
  size_t offset;
  const char *contains;
} path_rejection;

typedef struct {
  const char *id;
  const char *mask;
  double width, height, tolerance;
  size_t count;
  const double *progress;
  const double *rects;
  const double *radii;
} mask_group;

typedef struct {
  const char *id;
  const char *mask;
  double width, height;
  kf_status status;
  const char *contains;
} mask_rejection;

#include "path_vectors.inc"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int close_to(double a, double b, double tolerance) {
  if (isnan(b)) return isnan(a);
  return fabs(a - b) <= tolerance;
}

static double angle_difference(double a, double b) {
  double d = fmod(a - b, 360);
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

static void run_path_vectors(void) {
  for (size_t g = 0; g < COUNT(path_groups); g++) {
    const path_group *v = &path_groups[g];
    kf_path *path = NULL;
    CHECK(kf_path_parse(v->data, &path, NULL) == KF_OK, "%s: parse", v->id);
    if (v->trim) {
      char text[8192];
      size_t length = 0;
      CHECK(kf_path_trim(path, v->start, v->end, text, sizeof text, &length) == KF_OK, "%s", v->id);
      kf_path_release(path);
      path = NULL;
      CHECK(kf_path_parse(text, &path, NULL) == KF_OK, "%s: trimmed %s", v->id, text);
    }
    double total = 0;
    CHECK(kf_path_length(path, &total) == KF_OK && close_to(total, v->length, v->tolerance),
          "%s: length %.17g vs %.17g", v->id, total, v->length);
    if (!v->trim) {
      int32_t closed = -1;
      CHECK(kf_path_is_closed(path, &closed) == KF_OK && closed == v->closed, "%s: closed", v->id);
    }
    if (v->has_bounds) {
      double rect[4];
      CHECK(kf_path_bounds(path, rect) == KF_OK, "%s: bounds", v->id);
      for (int i = 0; i < 4; i++)
        CHECK(close_to(rect[i], v->bounds[i], v->bounds_tolerance), "%s: bounds[%d]", v->id, i);
    }
    kf_rotate rotate = KF_ROTATE_AUTO;
    CHECK(kf_rotate_from_name(v->rotate, &rotate) == KF_OK, "%s: rotate", v->id);
    double xy[128], angles[64];
    CHECK(v->count <= 64, "%s: group too large", v->id);
    CHECK(kf_path_point_many(path, v->fractions, v->count, rotate, v->rotate_angle, xy, angles, 64) ==
              KF_OK,
          "%s: point_many", v->id);
    for (size_t i = 0; i < v->count; i++) {
      CHECK(close_to(xy[2 * i], v->expected[2 * i], v->tolerance) &&
                close_to(xy[2 * i + 1], v->expected[2 * i + 1], v->tolerance),
            "%s[%zu]: (%.17g, %.17g) vs (%.17g, %.17g)", v->id, i, xy[2 * i], xy[2 * i + 1],
            v->expected[2 * i], v->expected[2 * i + 1]);
      if (v->angles)
        CHECK(fabs(angle_difference(angles[i], v->angles[i])) <= v->angle_tolerance,
              "%s[%zu]: angle %.17g vs %.17g", v->id, i, angles[i], v->angles[i]);
    }
    kf_path_release(path);
  }
  for (size_t r = 0; r < COUNT(path_rejections); r++) {
    const path_rejection *v = &path_rejections[r];
    kf_path *path = NULL;
    size_t offset = 12345;
    kf_status status = kf_path_parse(v->data, &path, &offset);
    CHECK(status == KF_E_INVALID_VALUE && path == NULL, "%s: status %d", v->id, status);
    CHECK(offset == v->offset, "%s: offset %zu vs %zu", v->id, offset, v->offset);
    CHECK(strstr(kf_last_error(), v->contains) != NULL, "%s: message", v->id);
  }
}

static void run_mask_vectors(void) {
  for (size_t g = 0; g < COUNT(mask_groups); g++) {
    const mask_group *v = &mask_groups[g];
    kf_mask kind = -1;
    CHECK(kf_mask_from_name(v->mask, &kind) == KF_OK, "%s", v->id);
    double rects[4 * 16], radii[16];
    CHECK(v->count <= 16, "%s: group too large", v->id);
    CHECK(kf_mask_geometry_many(kind, v->width, v->height, v->progress, v->count, rects, radii, 16) ==
              KF_OK,
          "%s", v->id);
    for (size_t i = 0; i < v->count; i++) {
      for (int k = 0; k < 4; k++)
        CHECK(close_to(rects[4 * i + k], v->rects[4 * i + k], v->tolerance), "%s[%zu][%d]", v->id, i,
              k);
      CHECK(close_to(radii[i], v->radii[i], v->tolerance), "%s[%zu] radius", v->id, i);
    }
  }
  for (size_t r = 0; r < COUNT(mask_rejections); r++) {
    const mask_rejection *v = &mask_rejections[r];
    kf_mask kind = KF_MASK_TOP;
    kf_status status = kf_mask_from_name(v->mask, &kind);
    double rects[4] = {7, 7, 7, 7};
    double p = 0.5;
    if (status == KF_OK) status = kf_mask_geometry_many(kind, v->width, v->height, &p, 1, rects, NULL, 1);
    CHECK(status == v->status, "%s: status %d", v->id, status);
    CHECK(rects[0] == 7, "%s: output untouched", v->id);
    if (v->contains) CHECK(strstr(kf_last_error(), v->contains) != NULL, "%s: message", v->id);
  }
}

static void test_untrusted_input(void) {
  kf_path *path = NULL;
  CHECK(kf_path_parse(NULL, &path, NULL) == KF_E_NULL, "NULL data");
  CHECK(kf_path_parse("M0 0 L10 0", NULL, NULL) == KF_E_NULL, "NULL out_path");
  CHECK(kf_path_parse("M0 0 \xff", &path, NULL) == KF_E_INVALID_NAME, "not UTF-8");
  size_t offset = 99;
  CHECK(kf_path_parse("M0 0 L\xc3\xa9 \xe2\x82 1", &path, &offset) == KF_E_INVALID_NAME && offset == 9 &&
            strstr(kf_last_error(), "byte offset 9"),
        "not UTF-8: the offset of the first bad byte (%zu)", offset);
  CHECK(path == NULL, "nothing made");
  CHECK(kf_path_parse("M0 0 L10 0", &path, NULL) == KF_OK, "parse");

  double f[3] = {0.5, NAN, 2};
  double xy[6] = {0}, angles[3] = {0};
  CHECK(kf_path_point_many(path, f, 3, KF_ROTATE_AUTO, 0, xy, angles, 3) == KF_OK, "NaN fraction");
  CHECK(xy[0] == 5 && isnan(xy[2]) && isnan(angles[1]) && xy[4] == 10, "NaN gives NaN, 2 clamps");
  xy[0] = 99;
  CHECK(kf_path_point_many(path, f, 3, KF_ROTATE_AUTO, NAN, xy, angles, 3) == KF_E_INVALID_VALUE,
        "NaN angle");
  CHECK(kf_path_point_many(path, f, 3, 7, 0, xy, angles, 3) == KF_E_INVALID_VALUE, "bad rotate");
  CHECK(kf_path_point_many(path, f, 3, KF_ROTATE_AUTO, 0, xy, angles, 2) == KF_E_BUFFER_TOO_SMALL,
        "short");
  CHECK(kf_path_point_many(path, f, SIZE_MAX, KF_ROTATE_AUTO, 0, xy, angles, SIZE_MAX) ==
            KF_E_WRONG_SIZE,
        "count overflow");
  CHECK(kf_path_point_many(path, f, 3, KF_ROTATE_AUTO, 0, xy, angles, SIZE_MAX / 2) ==
            KF_E_BUFFER_TOO_SMALL,
        "capacity overflow");
  CHECK(kf_path_point_many(path, f, 3, KF_ROTATE_AUTO, 0, NULL, NULL, 3) == KF_E_NULL, "no outputs");
  CHECK(kf_path_point_many(path, NULL, 0, KF_ROTATE_AUTO, 0, xy, NULL, 0) == KF_OK, "empty batch");
  CHECK(xy[0] == 99, "outputs untouched on error");

  char text[8];
  size_t length = 0;
  CHECK(kf_path_data(path, text, sizeof text, &length) == KF_E_BUFFER_TOO_SMALL && length == 10,
        "data needs 11 bytes, got length %zu", length);
  char big[64];
  CHECK(kf_path_data(path, big, sizeof big, &length) == KF_OK && strcmp(big, "M0 0 L10 0") == 0,
        "data %s", big);
  CHECK(kf_path_trim(path, 0.2, 0.5, big, sizeof big, &length) == KF_OK && strcmp(big, "M2 0 L5 0") == 0,
        "trim %s", big);
  CHECK(kf_path_trim(path, NAN, 0.5, big, sizeof big, &length) == KF_E_INVALID_VALUE, "NaN trim");
  CHECK(kf_path_trim(path, 0, 1, NULL, 4, &length) == KF_E_NULL, "NULL text with capacity");
  double pts[4];
  CHECK(kf_path_trim_points(path, 0, 1, 2, pts, 2) == KF_OK && pts[2] == 10, "trim points");
  CHECK(kf_path_trim_points(path, 0, 1, 3, pts, 2) == KF_E_BUFFER_TOO_SMALL, "trim points short");

  double rect[4] = {1, 1, 1, 1};
  CHECK(kf_path_bounds(path, NULL) == KF_E_NULL, "NULL rect");
  kf_path_release(path);
  kf_path_release(path);  /* a no-op */
  kf_path_release(NULL);
  double total = -1;
  CHECK(kf_path_length(path, &total) == KF_E_INVALID_HANDLE && total == -1, "released handle");
  CHECK(kf_path_bounds(path, rect) == KF_E_INVALID_HANDLE && rect[0] == 1, "released bounds");
  kf_animator *animator = NULL;
  kf_animator_create(&animator);
  CHECK(kf_path_length((kf_path *)animator, &total) == KF_E_INVALID_HANDLE, "wrong type");
  kf_animator_release(animator);

  /* Spatial paths. */
  double points[6] = {0, 0, 30, 0, 30, 10};
  CHECK(kf_path_from_points(points, NULL, NULL, 3, &path) == KF_OK, "from points");
  CHECK(kf_path_length(path, &total) == KF_OK && total == 40, "polyline length");
  kf_path_release(path);
  CHECK(kf_path_from_points(points, NULL, NULL, 0, &path) == KF_E_WRONG_SIZE, "no points");
  CHECK(kf_path_from_points(points, NULL, NULL, SIZE_MAX, &path) == KF_E_WRONG_SIZE, "overflow");
  points[3] = INFINITY;
  CHECK(kf_path_from_points(points, NULL, NULL, 3, &path) == KF_E_INVALID_VALUE, "infinite point");

  /* Names. */
  CHECK(strcmp(kf_rotate_name(KF_ROTATE_REVERSE), "reverse") == 0, "rotate name");
  CHECK(kf_rotate_name(3) == NULL, "undefined rotate");
  kf_rotate r = KF_ROTATE_AUTO;
  CHECK(kf_rotate_from_name("revers", &r) == KF_E_INVALID_NAME && r == KF_ROTATE_AUTO, "misspelt");
  CHECK(strstr(kf_last_error(), "did you mean \"reverse\"") != NULL, "suggestion");
  CHECK(strcmp(kf_mask_name(KF_MASK_BOUNDS), "bounds") == 0, "mask name");
  CHECK(kf_mask_name(-1) == NULL, "undefined mask");
  double p = 0.5, radius = 0;
  CHECK(kf_mask_geometry_many(KF_MASK_CIRCLE, 300, 400, &p, 1, NULL, &radius, 1) == KF_OK &&
            radius == 75,
        "circle radius");
  CHECK(kf_mask_geometry_many(9, 300, 400, &p, 1, NULL, &radius, 1) == KF_E_INVALID_VALUE, "bad kind");
  CHECK(kf_mask_geometry_many(KF_MASK_TOP, 300, 400, &p, 1, NULL, NULL, 1) == KF_E_NULL, "no outputs");
  CHECK(kf_mask_geometry_many(KF_MASK_TOP, 300, 400, &p, 1, rect, NULL, SIZE_MAX) ==
            KF_E_BUFFER_TOO_SMALL,
        "capacity overflow");
}

int main(void) {
  run_path_vectors();
  run_mask_vectors();
  test_untrusted_input();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
