/*
 * Fuzz target: Lottie files through kf_lottie_import, each accepted one
 * drawn with kf_lottie_draw at several frames (its in point, its out point,
 * a fractional frame, a negative one, NaN), read with kf_display_list_get
 * and rasterized with kf_raster_draw (fitted and magnified).
 *
 * The input is the file's bytes, as they are (NUL bytes included).
 *
 * Invariants:
 *   - a refused import changes no output (*out_lottie keeps its sentinel)
 *     and its message names where: "(root)" or a JSON Pointer;
 *   - a finite frame draws (KF_OK), or is refused as too large
 *     (KF_E_OUT_OF_RANGE) leaving the list empty; a frame that is not
 *     finite is KF_E_INVALID_VALUE and leaves the list empty;
 *   - a drawn list has the header's version, the composition's size and
 *     the frame asked for, and its structure holds: each op's verbs
 *     [verb_start, +verb_count) inside the verbs, the points those verbs
 *     read (MOVE, LINE 1, CUBIC 3, CLOSE 0) inside the points, its dashes
 *     inside the dashes; only known verbs and ops; SAVE/RESTORE and each
 *     BEGIN/END pair balanced and nested (a mask or a matte inside a
 *     layer, mask paths inside a mask); an IMAGE's asset index below the
 *     image count; colors in [0, 1]; opacities in [0, 1]; stroke widths
 *     and dashes >= 0;
 *   - drawing the same frame twice gives the same bytes;
 *   - each image asset's info, bytes and path agree;
 *   - its description (kf_lottie_describe) is UTF-8 JSON text of the
 *     length it reports, also to a short buffer; its values
 *     (kf_lottie_sample_many) and layer matrices (kf_lottie_sample_transforms,
 *     own and world) at those frames are the same bits in one batch as one
 *     frame at a time, and a short buffer or an undefined `world` is
 *     refused without writing; its timeline (kf_lottie_timeline) samples;
 *     each marker's name is UTF-8 of the length it reports, also to a short
 *     buffer, and a marker past the count is KF_E_OUT_OF_RANGE;
 *   - every call's status is in KF_STATUS_MAP and kf_last_error() is never
 *     NULL (fuzz.h).
 *
 *   - every point, matrix, width and dash of a list is finite (the header
 *     promises it: a layer whose values overflow does not show; the seeds
 *     huge.json and numbers.json hold scales, anchors and skews that do).
 */
#include "fuzz.h"

/* The finite-number checks are always on (the header promises finite
 * lists). */
static int check_finite(void) { return 1; }

/* The points a verb reads. */
static uint64_t verb_points(uint8_t verb) {
  return verb == KF_VERB_CUBIC ? 3 : verb == KF_VERB_CLOSE ? 0 : 1;
}

static void check_empty(const kf_display_list *list, const char *why) {
  kf_display_list_view v;
  FUZZ_ASSERT(CALL(kf_display_list_get(list, &v)) == KF_OK, "get after %s", why);
  FUZZ_ASSERT(v.op_count == 0 && v.verb_count == 0 && v.point_count == 0 && v.dash_count == 0,
              "%s left %zu ops, %zu verbs, %zu points, %zu dashes", why, v.op_count,
              v.verb_count, v.point_count, v.dash_count);
}

/* The list's structure (see the invariants above). */
static void check_view(const kf_display_list_view *v, const kf_lottie_info *info, double frame,
                       size_t images) {
  FUZZ_ASSERT(v->version == KF_DISPLAY_LIST_VERSION, "version %u", v->version);
  FUZZ_ASSERT(v->frame == frame, "frame %.17g, drew %.17g", v->frame, frame);
  FUZZ_ASSERT(v->width == info->width && v->height == info->height, "size %g x %g, info %g x %g",
              v->width, v->height, info->width, info->height);
  FUZZ_ASSERT(v->op_count == 0 || v->ops != NULL, "ops NULL");
  FUZZ_ASSERT(v->verb_count == 0 || v->verbs != NULL, "verbs NULL");
  FUZZ_ASSERT(v->point_count == 0 || v->points != NULL, "points NULL");
  FUZZ_ASSERT(v->dash_count == 0 || v->dashes != NULL, "dashes NULL");
  for (size_t i = 0; i < v->verb_count; i++) {
    FUZZ_ASSERT(v->verbs[i] <= KF_VERB_CLOSE, "verb %zu is %u", i, v->verbs[i]);
  }
  /* The open pairs: S(ave), L(ayer), M(ask), T (matte). */
  static char stack[1 << 16];
  size_t depth = 0, layers = 0, masks = 0;
  for (size_t i = 0; i < v->op_count; i++) {
    const kf_draw_op *op = &v->ops[i];
    FUZZ_ASSERT((uint64_t)op->verb_start + op->verb_count <= v->verb_count,
                "op %zu: verbs [%u, +%u) past %zu", i, op->verb_start, op->verb_count,
                v->verb_count);
    uint64_t pairs = 0;
    for (uint32_t k = 0; k < op->verb_count; k++) pairs += verb_points(v->verbs[op->verb_start + k]);
    FUZZ_ASSERT(pairs == 0 || (uint64_t)op->point_start + pairs <= v->point_count,
                "op %zu: points [%u, +%llu) past %zu", i, op->point_start,
                (unsigned long long)pairs, v->point_count);
    for (uint64_t k = 0; check_finite() && k < 2 * pairs; k++) {
      FUZZ_ASSERT(isfinite(v->points[2 * (uint64_t)op->point_start + k]), "op %zu: point not finite",
                  i);
    }
    FUZZ_ASSERT((uint64_t)op->dash_start + op->dash_count <= v->dash_count,
                "op %zu: dashes [%u, +%u) past %zu", i, op->dash_start, op->dash_count,
                v->dash_count);
    if (op->verb_count > 0) {
      FUZZ_ASSERT(v->verbs[op->verb_start] == KF_VERB_MOVE, "op %zu: a path not starting with MOVE",
                  i);
    }
    char open = 0, close = 0;
    switch (op->kind) {
    case KF_OP_SAVE:
      open = 'S';
      for (int k = 0; check_finite() && k < 6; k++) {
        FUZZ_ASSERT(isfinite(op->matrix[k]), "op %zu: matrix[%d] = %g", i, k, op->matrix[k]);
      }
      break;
    case KF_OP_BEGIN_LAYER:
      open = 'L';
      FUZZ_ASSERT(op->mode <= KF_BLEND_LUMINOSITY, "op %zu: blend mode %u", i, op->mode);
      FUZZ_ASSERT(op->opacity >= 0 && op->opacity <= 1, "op %zu: layer opacity %g", i,
                  op->opacity);
      break;
    case KF_OP_BEGIN_MASK:
      open = 'M';
      FUZZ_ASSERT(op->opacity == 0 || op->opacity == 1, "op %zu: mask start %g", i, op->opacity);
      break;
    case KF_OP_BEGIN_MATTE:
      open = 'T';
      FUZZ_ASSERT(op->mode >= KF_MATTE_ALPHA && op->mode <= KF_MATTE_LUMA_INVERTED,
                  "op %zu: matte mode %u", i, op->mode);
      break;
    case KF_OP_RESTORE: close = 'S'; break;
    case KF_OP_END_LAYER: close = 'L'; break;
    case KF_OP_END_MASK: close = 'M'; break;
    case KF_OP_END_MATTE: close = 'T'; break;
    case KF_OP_MASK_PATH:
      FUZZ_ASSERT(masks > 0, "op %zu: a mask path outside a mask", i);
      FUZZ_ASSERT(op->mode >= KF_MASK_ADD && op->mode <= KF_MASK_DIFFERENCE, "op %zu: mask mode %u",
                  i, op->mode);
      FUZZ_ASSERT(op->flags <= KF_MASK_INVERTED, "op %zu: mask flags %u", i, op->flags);
      FUZZ_ASSERT(op->opacity >= 0 && op->opacity <= 1, "op %zu: mask opacity %g", i, op->opacity);
      FUZZ_ASSERT(!check_finite() || isfinite(op->width), "op %zu: expansion %g", i, op->width);
      break;
    case KF_OP_FILL:
    case KF_OP_STROKE:
      for (int k = 0; k < 4; k++) {
        FUZZ_ASSERT(op->color[k] >= 0 && op->color[k] <= 1, "op %zu: color[%d] = %g", i, k,
                    op->color[k]);
      }
      if (op->kind == KF_OP_FILL) {
        FUZZ_ASSERT(op->mode == KF_FILL_NONZERO || op->mode == KF_FILL_EVEN_ODD,
                    "op %zu: fill rule %u", i, op->mode);
      } else {
        FUZZ_ASSERT(op->cap >= KF_CAP_BUTT && op->cap <= KF_CAP_SQUARE && op->join >= KF_JOIN_MITER &&
                        op->join <= KF_JOIN_BEVEL,
                    "op %zu: cap %u join %u", i, op->cap, op->join);
        FUZZ_ASSERT(op->width >= 0, "op %zu: width %g", i, op->width);
        FUZZ_ASSERT(!check_finite() || (isfinite(op->width) && isfinite(op->dash_offset)),
                    "op %zu: width %g, dash offset %g", i, op->width, op->dash_offset);
        for (uint32_t k = 0; k < op->dash_count; k++) {
          double d = v->dashes[op->dash_start + k];
          FUZZ_ASSERT(d >= 0 && (!check_finite() || isfinite(d)), "op %zu: dash %u = %g", i, k, d);
        }
      }
      break;
    case KF_OP_IMAGE:
      FUZZ_ASSERT(op->mode < images, "op %zu: image %u of %zu", i, op->mode, images);
      break;
    case KF_OP_CLIP_RECT: break;
    default: FUZZ_FAIL("op %zu: kind %u", i, op->kind);
    }
    if (op->kind == KF_OP_BEGIN_MASK || op->kind == KF_OP_BEGIN_MATTE) {
      FUZZ_ASSERT(layers > 0, "op %zu: a mask or matte outside a layer", i);
    }
    if (open) {
      FUZZ_ASSERT(depth < sizeof stack, "nested deeper than %zu", sizeof stack);
      stack[depth++] = open;
      layers += open == 'L';
      masks += open == 'M';
    }
    if (close) {
      FUZZ_ASSERT(depth > 0 && stack[depth - 1] == close, "op %zu (kind %u) closes %c", i, op->kind,
                  depth ? stack[depth - 1] : '-');
      depth--;
      layers -= close == 'L';
      masks -= close == 'M';
    }
  }
  FUZZ_ASSERT(depth == 0, "%zu pairs left open", depth);
}

/* A copy of a list's arrays, to compare two draws. */
typedef struct snapshot {
  size_t sizes[4];
  void *arrays[4];
} snapshot;

static snapshot take(const kf_display_list_view *v) {
  snapshot s = {{v->op_count * sizeof *v->ops, v->verb_count, v->point_count * 2 * sizeof(double),
                 v->dash_count * sizeof(double)},
                {NULL, NULL, NULL, NULL}};
  const void *from[4] = {v->ops, v->verbs, v->points, v->dashes};
  for (int k = 0; k < 4; k++) {
    s.arrays[k] = malloc(s.sizes[k] ? s.sizes[k] : 1);
    if (s.sizes[k]) memcpy(s.arrays[k], from[k], s.sizes[k]);
  }
  return s;
}

static int same(const snapshot *s, const kf_display_list_view *v) {
  const void *from[4] = {v->ops, v->verbs, v->points, v->dashes};
  snapshot now = take(v);
  int equal = 1;
  for (int k = 0; k < 4; k++) {
    equal = equal && now.sizes[k] == s->sizes[k] &&
            (s->sizes[k] == 0 || memcmp(from[k], s->arrays[k], s->sizes[k]) == 0);
    free(now.arrays[k]);
  }
  return equal;
}

static void drop(snapshot *s) {
  for (int k = 0; k < 4; k++) free(s->arrays[k]);
}

/* Whether a relative path has a ".." component. */
static int climbs(const char *path) {
  for (const char *at = path; (at = strstr(at, "..")) != NULL; at += 2) {
    if ((at == path || at[-1] == '/') && (at[2] == '\0' || at[2] == '/')) return 1;
  }
  return 0;
}

/* Each image asset: info, bytes and path agree; a path is relative and
 * stays in the file's folder. */
static void check_images(const kf_lottie *lottie, size_t count) {
  for (size_t i = 0; i < count; i++) {
    kf_lottie_image_info info;
    FUZZ_ASSERT(CALL(kf_lottie_image_info_get(lottie, i, &info)) == KF_OK, "image %zu info", i);
    FUZZ_ASSERT(!(info.data_size > 0 && info.path_length > 0), "image %zu: bytes and a path", i);
    FUZZ_ASSERT(isfinite(info.width) && isfinite(info.height), "image %zu: size", i);
    uint8_t byte;
    size_t size = (size_t)-1;
    kf_status status = CALL(kf_lottie_image_data(lottie, i, &byte, 0, &size));
    FUZZ_ASSERT(size == info.data_size, "image %zu: %zu bytes, info %zu", i, size, info.data_size);
    FUZZ_ASSERT(status == (info.data_size ? KF_E_BUFFER_TOO_SMALL : KF_OK),
                "image %zu data with capacity 0: %d", i, (int)status);
    char path[4200];
    size_t length = (size_t)-1;
    status = CALL(kf_lottie_image_path(lottie, i, path, sizeof path, &length));
    FUZZ_ASSERT(length == info.path_length, "image %zu: path %zu, info %zu", i, length,
                info.path_length);
    FUZZ_ASSERT(status == (length < sizeof path ? KF_OK : KF_E_BUFFER_TOO_SMALL), "image %zu path",
                i);
    if (status == KF_OK) {
      FUZZ_ASSERT(strlen(path) == length && fuzz_is_utf8(path), "image %zu: the path's text", i);
      FUZZ_ASSERT(path[0] != '/' && !climbs(path), "image %zu: the path %s leaves the folder", i,
                  path);
    }
  }
  kf_lottie_image_info info;
  FUZZ_ASSERT(CALL(kf_lottie_image_info_get(lottie, count, &info)) == KF_E_OUT_OF_RANGE,
              "image %zu of %zu", count, count);
}

/* The description: its length, reported to a short buffer, and its text. */
static void check_description(const kf_lottie *lottie) {
  size_t length = (size_t)-1;
  char probe = (char)FUZZ_SENTINEL;
  FUZZ_ASSERT(CALL(kf_lottie_describe(lottie, &probe, 0, &length)) == KF_E_BUFFER_TOO_SMALL &&
                  length != (size_t)-1 && probe == (char)FUZZ_SENTINEL,
              "describe into capacity 0");
  char *text = (char *)malloc(length + 1);
  size_t again = 0;
  FUZZ_ASSERT(CALL(kf_lottie_describe(lottie, text, length + 1, &again)) == KF_OK &&
                  again == length && strlen(text) == length && fuzz_is_utf8(text) &&
                  text[0] == '{',
              "describe: %zu bytes, then %zu", length, again);
  free(text);
}

/* One of the batch samplers (kf_lottie_sample_many, or
 * kf_lottie_sample_transforms with world 0 or 1): `width` numbers a time. */
static kf_status sample_batch(const kf_lottie *lottie, int transforms, int32_t world,
                              const double *times, size_t count, double *out, size_t capacity) {
  return transforms ? CALL(kf_lottie_sample_transforms(lottie, times, count, world, out, capacity))
                    : CALL(kf_lottie_sample_many(lottie, times, count, out, capacity));
}

/* A batch at `frames` equals one frame at a time, bit for bit; one number
 * short is refused without writing. */
static void check_batch(const kf_lottie *lottie, int transforms, int32_t world, size_t width,
                        const double *frames, size_t count) {
  size_t needed = count * width;
  double *batch = (double *)malloc(sizeof(double) * (needed + 1));
  double *one = (double *)malloc(sizeof(double) * (width + 1));
  FUZZ_ASSERT(sample_batch(lottie, transforms, world, frames, count, batch, needed) == KF_OK,
              "batch of %zu (transforms %d, world %d)", count, transforms, (int)world);
  for (size_t j = 0; j < count; j++) {
    FUZZ_ASSERT(sample_batch(lottie, transforms, world, &frames[j], 1, one, width) == KF_OK &&
                    memcmp(one, batch + j * width, sizeof(double) * width) == 0,
                "frame %.17g alone differs from the batch (transforms %d, world %d)", frames[j],
                transforms, (int)world);
  }
  if (needed > 0) {
    fuzz_fill(batch, sizeof(double) * (needed + 1));
    FUZZ_ASSERT(sample_batch(lottie, transforms, world, frames, count, batch, needed - 1) ==
                        KF_E_BUFFER_TOO_SMALL &&
                    fuzz_untouched(batch, 0, sizeof(double) * (needed + 1)),
                "a short batch");
  }
  free(batch);
  free(one);
}

/* Each marker's numbers and name, with the text conventions. */
static void check_markers(const kf_lottie *lottie) {
  size_t count = 0;
  FUZZ_ASSERT(CALL(kf_lottie_marker_count(lottie, &count)) == KF_OK, "marker count");
  for (size_t i = 0; i < count; i++) {
    double frame = NAN, duration = NAN, again_frame = NAN, again_duration = NAN;
    size_t length = (size_t)-1, again = 0;
    char probe = (char)FUZZ_SENTINEL;
    kf_status status = CALL(kf_lottie_marker_get(lottie, i, &frame, &duration, &probe, 0, &length));
    FUZZ_ASSERT(status == KF_E_BUFFER_TOO_SMALL && length != (size_t)-1 &&
                    probe == (char)FUZZ_SENTINEL,
                "marker %zu into capacity 0: %d", i, (int)status);
    char *name = (char *)malloc(length + 1);
    FUZZ_ASSERT(CALL(kf_lottie_marker_get(lottie, i, &again_frame, &again_duration, name,
                                          length + 1, &again)) == KF_OK &&
                    again == length && strlen(name) == length && fuzz_is_utf8(name),
                "marker %zu: name of %zu bytes", i, length);
    FUZZ_ASSERT(memcmp(&frame, &again_frame, sizeof frame) == 0 &&
                    memcmp(&duration, &again_duration, sizeof duration) == 0,
                "marker %zu reads differently", i);
    free(name);
  }
  FUZZ_ASSERT(CALL(kf_lottie_marker_get(lottie, count, NULL, NULL, NULL, 0, NULL)) ==
                  KF_E_OUT_OF_RANGE,
              "marker %zu of %zu", count, count);
}

static void check_sampling(const kf_lottie *lottie, const kf_lottie_info *info,
                           const double *frames, size_t count) {
  check_description(lottie);
  check_markers(lottie);
  check_batch(lottie, 0, 0, info->row_width, frames, count);
  check_batch(lottie, 1, 0, 6 * info->layers, frames, count);
  check_batch(lottie, 1, 1, 6 * info->layers, frames, count);
  double untouched[1];
  fuzz_fill(untouched, sizeof untouched);
  FUZZ_ASSERT(CALL(kf_lottie_sample_transforms(lottie, frames, 0, 2, untouched, 0)) ==
                      KF_E_INVALID_VALUE &&
                  fuzz_untouched(untouched, 0, sizeof untouched),
              "world 2");
  kf_node *timeline = NULL;
  FUZZ_ASSERT(CALL(kf_lottie_timeline(lottie, &timeline)) == KF_OK, "timeline");
  size_t width = 0;
  if (CALL(kf_node_get_layout(timeline, NULL, 0, NULL, 0, NULL, NULL, &width, NULL)) == KF_OK ||
      width > 0) {
    double *values = (double *)malloc(sizeof(double) * (count * width + 1));
    CALL(kf_node_sample_many(timeline, frames, count, KF_ANIMATION_FORWARDS, values, count * width,
                             NULL, NULL));
    free(values);
  }
  kf_node_release(timeline);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 20) return 0;
  kf_lottie *lottie = (kf_lottie *)(uintptr_t)0x5a5a;
  kf_status status = CALL(kf_lottie_import((const char *)data, size, 0, &lottie));
  if (status != KF_OK) {
    FUZZ_ASSERT(lottie == (kf_lottie *)(uintptr_t)0x5a5a, "a refused import wrote its output");
    const char *message = kf_last_error();
    FUZZ_ASSERT(strstr(message, "(root)") != NULL || strstr(message, " /") != NULL,
                "a refused import does not say where: %s", message);
    return 0;
  }
  kf_lottie_info info;
  FUZZ_ASSERT(CALL(kf_lottie_get_info(lottie, &info)) == KF_OK, "info");
  size_t images = 0;
  FUZZ_ASSERT(CALL(kf_lottie_image_count(lottie, &images)) == KF_OK, "image count");
  check_images(lottie, images);

  kf_display_list *list = NULL;
  FUZZ_ASSERT(CALL(kf_display_list_create(&list)) == KF_OK, "create");
  kf_raster *raster = NULL;
  FUZZ_ASSERT(CALL(kf_raster_create(&raster)) == KF_OK, "raster");
  const double frames[] = {info.in_point,
                           info.out_point,
                           info.in_point + (info.out_point - info.in_point) * 0.5 + 0.37,
                           -2.75,
                           NAN,
                           info.out_point - 1};
  for (size_t i = 0; i < sizeof frames / sizeof frames[0]; i++) {
    double frame = frames[i];
    status = CALL(kf_lottie_draw(lottie, frame, list));
    if (!isfinite(frame)) {
      FUZZ_ASSERT(status == KF_E_INVALID_VALUE, "frame %g drew: %d", frame, (int)status);
      check_empty(list, "a frame that is not finite");
      continue;
    }
    if (status == KF_E_OUT_OF_RANGE) {
      check_empty(list, "a frame too large");
      continue;
    }
    FUZZ_ASSERT(status == KF_OK, "frame %.17g: %d", frame, (int)status);
    kf_display_list_view view;
    FUZZ_ASSERT(CALL(kf_display_list_get(list, &view)) == KF_OK, "get");
    check_view(&view, &info, frame, images);
    /* Every list draws into pixels (a small frame, the composition fitted,
     * and at a matrix that magnifies a corner 64 times): every pixel
     * written, in bounded time whatever the geometry. */
    static uint8_t pixels[32 * 24 * 4];
    memset(pixels, 0xAB, sizeof pixels);
    FUZZ_ASSERT(CALL(kf_raster_draw(raster, list, NULL, NULL, 0, pixels, sizeof pixels, 32, 24,
                                    32 * 4)) == KF_OK,
                "raster: %s", kf_last_error());
    size_t untouched = 0;
    for (size_t k = 0; k < sizeof pixels; k += 4)
      untouched += pixels[k] == 0xAB && pixels[k + 1] == 0xAB && pixels[k + 3] == 0xAB;
    FUZZ_ASSERT(untouched == 0, "%zu pixels not written", untouched);
    const double zoom[6] = {64, 0, 0, 64, -10, -10};
    FUZZ_ASSERT(CALL(kf_raster_draw(raster, list, zoom, NULL, KF_RASTER_PREMULTIPLIED, pixels,
                                    sizeof pixels, 32, 24, 32 * 4)) == KF_OK,
                "raster zoomed: %s", kf_last_error());
    for (size_t k = 0; k < sizeof pixels; k += 4)
      FUZZ_ASSERT(pixels[k] <= pixels[k + 3] && pixels[k + 1] <= pixels[k + 3] &&
                      pixels[k + 2] <= pixels[k + 3],
                  "premultiplied channel above its alpha");
    if (i == 2) {
      /* The same frame again: the same bytes (nothing left over from an
       * earlier draw, nothing uninitialized). */
      snapshot first = take(&view);
      FUZZ_ASSERT(CALL(kf_lottie_draw(lottie, frame, list)) == KF_OK, "draw again");
      FUZZ_ASSERT(CALL(kf_display_list_get(list, &view)) == KF_OK, "get");
      FUZZ_ASSERT(same(&first, &view), "frame %.17g drawn twice differs", frame);
      drop(&first);
    }
  }
  /* One call a frame, images given (a 2 x 2 image for each index the ops
   * can name): the same pixels as drawing the list. */
  static const uint8_t image[16] = {255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 9};
  for (size_t k = 0; k < images && k < 4; k++)
    FUZZ_ASSERT(CALL(kf_raster_set_image(raster, k, image, sizeof image, 2, 2, 8)) == KF_OK,
                "set image");
  static uint8_t once[32 * 24 * 4], listed[32 * 24 * 4];
  status = CALL(kf_lottie_render(lottie, info.in_point, raster, NULL, NULL, 0, once, sizeof once,
                                 32, 24, 32 * 4));
  if (status == KF_OK) {
    FUZZ_ASSERT(CALL(kf_lottie_draw(lottie, info.in_point, list)) == KF_OK, "draw");
    FUZZ_ASSERT(CALL(kf_raster_draw(raster, list, NULL, NULL, 0, listed, sizeof listed, 32, 24,
                                    32 * 4)) == KF_OK,
                "raster");
    FUZZ_ASSERT(memcmp(once, listed, sizeof once) == 0, "kf_lottie_render differs from the list");
  } else {
    FUZZ_ASSERT(status == KF_E_OUT_OF_RANGE, "render: %d", (int)status);
  }
  kf_display_list_release(list);
  kf_raster_release(raster);
  check_sampling(lottie, &info, frames, sizeof frames / sizeof frames[0]);
  kf_lottie_release(lottie);
  return 0;
}
