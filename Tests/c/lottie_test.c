/* The Lottie vectors (Tests/vectors/lottie.json over the files in
 * Tests/lottie, through Tests/c/gen_lottie.py) through the C ABI: each
 * file imported, each column found in kf_lottie_describe's list and
 * compared at every frame of kf_lottie_sample_many; each layer's own and
 * world matrices (Tests/vectors/lottie_transforms.json) through
 * kf_lottie_sample_transforms; the malformed inputs refused with nothing
 * made. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lottie.inc"

static char *read_file(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  *length = fread(text, 1, (size_t)size, f);
  text[*length] = 0;
  fclose(f);
  return text;
}

/* The import of folder/file, or NULL after a failed check. */
static kf_lottie *import_file(const char *folder, const char *file) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", folder, file);
  size_t length = 0;
  char *text = read_file(path, &length);
  CHECK(text != NULL, "read %s", path);
  if (!text) return NULL;
  kf_lottie *lottie = NULL;
  CHECK(kf_lottie_import(text, length, 0, &lottie) == KF_OK, "%s: import", file);
  free(text);
  return lottie;
}

/* The start and channels of (target, property) in the description's
 * columns (its keys come in this order), or -1. */
static long find_column(const char *description, const char *target, const char *property,
                        size_t *channels) {
  char key[512];
  snprintf(key, sizeof key, "{\"target\":\"%s\",\"property\":\"%s\",\"channels\":", target,
           property);
  const char *at = strstr(description, key);
  if (!at) return -1;
  char *end = NULL;
  *channels = (size_t)strtod(at + strlen(key), &end);
  const char *start = strstr(end, "\"start\":");
  return start ? (long)strtod(start + 8, NULL) : -1;
}

/* Each layer's own and world matrices at every frame, against the vectors;
 * the parent warnings found in the description. */
static void check_transforms(const char *folder) {
  for (size_t i = 0; i < sizeof lottie_transform_files / sizeof lottie_transform_files[0]; i++) {
    const lottie_transform_file *f = &lottie_transform_files[i];
    kf_lottie *lottie = import_file(folder, f->file);
    if (!lottie) continue;
    size_t size = f->frames * f->layers * 6;
    double *out = calloc(size + 1, sizeof *out);
    for (int world = 0; world <= 1; world++) {
      const double *want = world ? f->world : f->own;
      CHECK(kf_lottie_sample_transforms(lottie, f->frame, f->frames, world, out, size) == KF_OK,
            "%s: sample transforms", f->file);
      for (size_t k = 0; k < size; k++) {
        size_t j = k / (f->layers * 6), l = (k / 6) % f->layers;
        if (isnan(want[k])) {
          CHECK(isnan(out[k]), "%s world %d layer %zu at %g: %g, expected no matrix", f->file,
                world, l, f->frame[j], out[k]);
        } else {
          CHECK(fabs(out[k] - want[k]) <= lottie_transform_tolerance * fmax(1, fabs(want[k])),
                "%s world %d layer %zu at %g [%zu]: %.17g, expected %.17g", f->file, world, l,
                f->frame[j], k % 6, out[k], want[k]);
        }
      }
    }
    CHECK(kf_lottie_sample_transforms(lottie, f->frame, f->frames, 1, out, size - 1) ==
              KF_E_BUFFER_TOO_SMALL,
          "%s: one double short", f->file);
    CHECK(kf_lottie_sample_transforms(lottie, f->frame, f->frames, 2, out, size) ==
              KF_E_INVALID_VALUE,
          "%s: world 2", f->file);
    CHECK(kf_lottie_sample_transforms(lottie, NULL, 0, 1, NULL, 0) == KF_OK, "%s: no times",
          f->file);
    size_t needed = 0;
    kf_lottie_describe(lottie, NULL, 0, &needed);
    char *description = malloc(needed + 1);
    kf_lottie_describe(lottie, description, needed + 1, &needed);
    for (size_t w = 0; w < f->parent_warnings; w++) {
      char key[256];
      snprintf(key, sizeof key, "{\"pointer\":\"%s\"", f->parent_warning[w]);
      CHECK(strstr(description, key) != NULL, "%s: warning at %s", f->file, f->parent_warning[w]);
    }
    free(description);
    free(out);
    kf_lottie_release(lottie);
  }
  CHECK(kf_lottie_sample_transforms(NULL, NULL, 0, 1, NULL, 0) == KF_E_NULL, "NULL import");
}

int main(int argc, char **argv) {
  const char *folder = argc > 1 ? argv[1] : "Tests/lottie";
  check_transforms(folder);
  for (size_t i = 0; i < sizeof lottie_files / sizeof lottie_files[0]; i++) {
    const lottie_file *f = &lottie_files[i];
    kf_lottie *lottie = import_file(folder, f->file);
    if (!lottie) continue;
    size_t needed = 0;
    kf_lottie_describe(lottie, NULL, 0, &needed);
    char *description = malloc(needed + 1);
    CHECK(kf_lottie_describe(lottie, description, needed + 1, &needed) == KF_OK, "%s: describe",
          f->file);
    const char *width_key = strstr(description, "\"row_width\":");
    size_t width = width_key ? (size_t)strtod(width_key + 12, NULL) : 0;
    double *rows = calloc(f->frames * width + 1, sizeof *rows);
    CHECK(kf_lottie_sample_many(lottie, f->frame, f->frames, rows, f->frames * width) == KF_OK,
          "%s: sample", f->file);
    for (size_t c = 0; c < f->columns; c++) {
      const lottie_column *column = &f->column[c];
      size_t channels = 0;
      long start = find_column(description, column->target, column->property, &channels);
      CHECK(start >= 0, "%s: no column %s %s", f->file, column->target, column->property);
      if (start < 0) continue;
      size_t k = 0;
      for (size_t j = 0; j < f->frames && k < column->count; j++) {
        const double *row = rows + j * width + start;
        if (isnan(column->values[k])) {
          CHECK(isnan(row[0]), "%s %s.%s at %g: %g, expected no value", f->file, column->target,
                column->property, f->frame[j], row[0]);
          k++;
          continue;
        }
        for (size_t ch = 0; ch < channels; ch++, k++) {
          double want = column->values[k];
          CHECK(fabs(row[ch] - want) <= lottie_tolerance * fmax(1, fabs(want)),
                "%s %s.%s[%zu] at %g: %.17g, expected %.17g", f->file, column->target,
                column->property, ch, f->frame[j], row[ch], want);
        }
      }
    }
    kf_node *timeline = NULL;
    CHECK(kf_lottie_timeline(lottie, &timeline) == KF_OK, "%s: timeline", f->file);
    kf_node_release(timeline);
    free(rows);
    free(description);
    kf_lottie_release(lottie);
  }
  for (size_t r = 0; r < sizeof lottie_rejections / sizeof lottie_rejections[0]; r++) {
    kf_lottie *lottie = NULL;
    const char *json = lottie_rejections[r];
    CHECK(kf_lottie_import(json, strlen(json), 0, &lottie) < 0 && lottie == NULL,
          "malformed input %zu refused", r);
  }
  kf_lottie *none = NULL;
  CHECK(kf_lottie_import(NULL, 4, 0, &none) == KF_E_NULL, "NULL text");
  kf_lottie_release(NULL);
  printf("lottie: %d checks passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
