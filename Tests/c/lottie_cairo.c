/*
 * lottie_cairo: draws one frame of a Lottie file to a PNG with cairo.
 *
 *   lottie_cairo in.json frame out.png [scale [background]]
 *
 * `frame` is a composition frame (fractional allowed), `scale` multiplies
 * the composition's size (default 1), `background` is "white" (the
 * default), "transparent" or "#rrggbb".
 *
 * razzle computes the frame, cairo draws it: kf_lottie_import reads the
 * file once, kf_lottie_draw turns frame N into a display list (a flat
 * array of drawing operations, with their paths' verbs and points in
 * arrays beside it), and the program below walks that list and makes the
 * matching cairo calls. The rules for each op are in include/keyframe.h,
 * "Playing a Lottie file: a frame as a display list"; this file follows
 * them one by one and is meant to be copied.
 *
 * Build (with razzle installed: make install):
 *   cc -std=c11 lottie_cairo.c $(pkg-config --cflags --libs keyframe cairo) -lm
 *
 * The state of the drawing is cairo's own: SAVE and RESTORE are
 * cairo_save and cairo_restore, a layer (BEGIN_LAYER .. END_LAYER) is a
 * cairo group (cairo_push_group .. cairo_pop_group), and a layer's mask or
 * track matte is made in a second offscreen surface and applied to the
 * layer's content with cairo_mask.
 */
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keyframe.h"

/* ---------------------------------------------------------------------------
 * Small helpers: reading a file, reporting razzle's errors.
 */

/* The bytes of the file at `path` (malloc'ed, NUL-terminated) and their
 * count, or NULL. */
static char *read_file(const char *path, size_t *out_length) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = NULL;
  size_t length = 0, capacity = 0, n;
  do {
    if (capacity - length < 65536) {
      capacity = capacity ? capacity * 2 : 65536;
      char *bigger = realloc(text, capacity + 1);
      if (!bigger) {
        free(text);
        fclose(f);
        return NULL;
      }
      text = bigger;
    }
    n = fread(text + length, 1, capacity - length, f);
    length += n;
  } while (n > 0);
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    free(text);
    return NULL;
  }
  text[length] = '\0';
  *out_length = length;
  return text;
}

/* Every kf_* call that returns a kf_status goes through this: on an error
 * it prints what was being done and the library's message (kf_last_error,
 * which names the JSON Pointer of a bad value in the file). */
static int ok(kf_status status, const char *what) {
  if (status == KF_OK) return 1;
  fprintf(stderr, "lottie_cairo: %s: %s (%s)\n", what, kf_last_error(), kf_status_string(status));
  return 0;
}

/* ---------------------------------------------------------------------------
 * Images: the file's image assets, decoded once. An IMAGE op names one by
 * its index (the op's `mode`).
 */

/* A cairo read function over bytes in memory (for
 * cairo_image_surface_create_from_png_stream). */
typedef struct memory_reader {
  const uint8_t *data;
  size_t size;
  size_t position;
} memory_reader;

static cairo_status_t read_memory(void *closure, unsigned char *out, unsigned int length) {
  memory_reader *reader = closure;
  if (reader->size - reader->position < length) return CAIRO_STATUS_READ_ERROR;
  memcpy(out, reader->data + reader->position, length);
  reader->position += length;
  return CAIRO_STATUS_SUCCESS;
}

/* The decoded image of asset `index`, or NULL when it is not a PNG (cairo
 * decodes PNG only; a JPEG would need another library) or cannot be read.
 * `folder` is the Lottie file's folder, which external paths are relative
 * to. */
static cairo_surface_t *load_image(const kf_lottie *lottie, size_t index, const char *folder) {
  kf_lottie_image_info info;
  if (!ok(kf_lottie_image_info_get(lottie, index, &info), "image info")) return NULL;
  cairo_surface_t *image = NULL;
  if (info.data_size > 0) {
    /* Embedded (a data: URI in the file): razzle gives the decoded bytes. */
    uint8_t *data = malloc(info.data_size);
    if (!data) return NULL;
    if (ok(kf_lottie_image_data(lottie, index, data, info.data_size, NULL), "image data")) {
      static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
      if (info.data_size >= 8 && memcmp(data, png_signature, 8) == 0) {
        memory_reader reader = {data, info.data_size, 0};
        image = cairo_image_surface_create_from_png_stream(read_memory, &reader);
      }
    }
    free(data);
  } else if (info.path_length > 0) {
    /* External: a path relative to the Lottie file's folder (razzle has
     * already refused absolute paths and paths leaving the folder). */
    size_t capacity = strlen(folder) + info.path_length + 2;
    char *path = malloc(capacity);
    if (!path) return NULL;
    size_t at = (size_t)snprintf(path, capacity, "%s/", folder);
    if (ok(kf_lottie_image_path(lottie, index, path + at, capacity - at, NULL), "image path")) {
      image = cairo_image_surface_create_from_png(path);
    }
    free(path);
  }
  if (image && cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(image);
    image = NULL;
  }
  if (!image) fprintf(stderr, "lottie_cairo: image asset %zu is not a readable PNG; not drawn\n", index);
  return image;
}

/* ---------------------------------------------------------------------------
 * The renderer: a cairo context and what the ops in flight need.
 */

/* One open BEGIN_LAYER: the op (its `opacity` and blend `mode` are used at
 * END_LAYER) and the matte mode of its BEGIN_MATTE, once one started. */
typedef struct open_layer {
  const kf_draw_op *begin;
  uint32_t matte_mode;
} open_layer;

typedef struct renderer {
  cairo_t *cr;
  int width, height; /* the output, in device pixels */
  const kf_display_list_view *view;
  cairo_surface_t **images; /* per asset; NULL where not drawable */
  size_t image_count;
  open_layer *layers; /* the stack of open groups */
  size_t depth, capacity;
  /* The mask being built (BEGIN_MASK .. END_MASK): its coverage C, one
   * byte per device pixel of the output (an A8 surface), and a context on
   * it. NULL outside a mask. */
  cairo_surface_t *coverage;
  cairo_t *coverage_cr;
} renderer;

/* The blend modes of kf_blend_mode (Lottie's `bm`) as cairo operators;
 * cairo implements the same PDF / CSS formulas. */
static cairo_operator_t blend_operator(uint32_t mode) {
  switch (mode) {
  case KF_BLEND_MULTIPLY: return CAIRO_OPERATOR_MULTIPLY;
  case KF_BLEND_SCREEN: return CAIRO_OPERATOR_SCREEN;
  case KF_BLEND_OVERLAY: return CAIRO_OPERATOR_OVERLAY;
  case KF_BLEND_DARKEN: return CAIRO_OPERATOR_DARKEN;
  case KF_BLEND_LIGHTEN: return CAIRO_OPERATOR_LIGHTEN;
  case KF_BLEND_COLOR_DODGE: return CAIRO_OPERATOR_COLOR_DODGE;
  case KF_BLEND_COLOR_BURN: return CAIRO_OPERATOR_COLOR_BURN;
  case KF_BLEND_HARD_LIGHT: return CAIRO_OPERATOR_HARD_LIGHT;
  case KF_BLEND_SOFT_LIGHT: return CAIRO_OPERATOR_SOFT_LIGHT;
  case KF_BLEND_DIFFERENCE: return CAIRO_OPERATOR_DIFFERENCE;
  case KF_BLEND_EXCLUSION: return CAIRO_OPERATOR_EXCLUSION;
  case KF_BLEND_HUE: return CAIRO_OPERATOR_HSL_HUE;
  case KF_BLEND_SATURATION: return CAIRO_OPERATOR_HSL_SATURATION;
  case KF_BLEND_COLOR: return CAIRO_OPERATOR_HSL_COLOR;
  case KF_BLEND_LUMINOSITY: return CAIRO_OPERATOR_HSL_LUMINOSITY;
  default: return CAIRO_OPERATOR_OVER; /* KF_BLEND_NORMAL */
  }
}

/* The op's path as cairo's current path on `cr`: verb_count verbs from
 * verbs[verb_start], reading their points in order from pair point_start
 * (MOVE and LINE one point, CUBIC three, CLOSE none). */
static void set_path(cairo_t *cr, const kf_display_list_view *view, const kf_draw_op *op) {
  const uint8_t *verbs = view->verbs + op->verb_start;
  const double *p = view->points + 2 * (size_t)op->point_start;
  cairo_new_path(cr);
  for (uint32_t i = 0; i < op->verb_count; i++) {
    switch (verbs[i]) {
    case KF_VERB_MOVE:
      cairo_move_to(cr, p[0], p[1]);
      p += 2;
      break;
    case KF_VERB_LINE:
      cairo_line_to(cr, p[0], p[1]);
      p += 2;
      break;
    case KF_VERB_CUBIC:
      cairo_curve_to(cr, p[0], p[1], p[2], p[3], p[4], p[5]);
      p += 6;
      break;
    case KF_VERB_CLOSE:
      cairo_close_path(cr);
      break;
    }
  }
}

/* SAVE: push the state and concatenate the op's matrix (a b c d e f is
 * cairo_matrix_t's xx yx xy yy x0 y0). A layer scaled to 0 has a matrix
 * with no inverse, which cairo refuses (its context would stop drawing for
 * good): what is drawn under it has no area, so it is clipped away
 * instead until the matching RESTORE. */
static void save(renderer *r, const kf_draw_op *op) {
  cairo_matrix_t m, ctm, product;
  cairo_matrix_init(&m, op->matrix[0], op->matrix[1], op->matrix[2], op->matrix[3],
                    op->matrix[4], op->matrix[5]);
  cairo_get_matrix(r->cr, &ctm);
  cairo_matrix_multiply(&product, &m, &ctm);
  cairo_save(r->cr);
  if (cairo_matrix_invert(&product) == CAIRO_STATUS_SUCCESS) {
    cairo_transform(r->cr, &m);
  } else {
    cairo_new_path(r->cr);
    cairo_clip(r->cr); /* an empty path: nothing shows */
  }
}

static void clip_rect(renderer *r, const kf_draw_op *op) {
  cairo_rectangle(r->cr, op->rect[0], op->rect[1], op->rect[2], op->rect[3]);
  cairo_clip(r->cr);
}

/* The op's paint as cairo's source. KF_PAINT_SOLID: its color (not
 * premultiplied, as cairo_set_source_rgba wants it). A gradient: a linear
 * pattern from (x0, y0) to (x1, y1), or a radial one between the circles
 * (x0, y0, r0) and (x1, y1, r1) (the six numbers mean the same to cairo
 * as to the header), with a color stop per stop, its alpha times the op's
 * opacity color[3], padded beyond the ends. A gradient with no length (a
 * linear one from a point to itself, a radial one whose circles are one
 * point) paints its last stop's color, as skia and SVG do; no stops paint
 * nothing. Gradient points are in the op's coordinates, as its path is:
 * the pattern takes the current transform when it is set. */
static void set_paint(cairo_t *cr, const kf_display_list_view *view, const kf_draw_op *op) {
  const double *g = op->gradient;
  const double *stops = view->stops + 5 * (size_t)op->stop_start;
  double a = op->color[3];
  if (op->paint == KF_PAINT_SOLID) {
    cairo_set_source_rgba(cr, op->color[0], op->color[1], op->color[2], a);
    return;
  }
  if (op->stop_count == 0) {
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    return;
  }
  int degenerate = g[0] == g[3] && g[1] == g[4] &&
                   (op->paint == KF_PAINT_LINEAR || (g[2] == 0 && g[5] == 0));
  if (degenerate) {
    const double *last = stops + 5 * (size_t)(op->stop_count - 1);
    cairo_set_source_rgba(cr, last[1], last[2], last[3], last[4] * a);
    return;
  }
  cairo_pattern_t *pattern = op->paint == KF_PAINT_RADIAL
                                 ? cairo_pattern_create_radial(g[0], g[1], g[2], g[3], g[4], g[5])
                                 : cairo_pattern_create_linear(g[0], g[1], g[3], g[4]);
  for (uint32_t i = 0; i < op->stop_count; i++) {
    const double *s = stops + 5 * (size_t)i;
    cairo_pattern_add_color_stop_rgba(pattern, s[0], s[1], s[2], s[3], s[4] * a);
  }
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern); /* the context holds it */
}

static void fill(renderer *r, const kf_draw_op *op) {
  cairo_t *cr = r->cr;
  set_path(cr, r->view, op);
  set_paint(cr, r->view, op);
  cairo_set_fill_rule(cr, op->mode == KF_FILL_EVEN_ODD ? CAIRO_FILL_RULE_EVEN_ODD
                                                       : CAIRO_FILL_RULE_WINDING);
  cairo_fill(cr);
}

static void stroke(renderer *r, const kf_draw_op *op) {
  cairo_t *cr = r->cr;
  set_path(cr, r->view, op);
  set_paint(cr, r->view, op);
  cairo_set_line_width(cr, op->width);
  cairo_set_line_cap(cr, op->cap == KF_CAP_ROUND    ? CAIRO_LINE_CAP_ROUND
                         : op->cap == KF_CAP_SQUARE ? CAIRO_LINE_CAP_SQUARE
                                                    : CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join(cr, op->join == KF_JOIN_ROUND   ? CAIRO_LINE_JOIN_ROUND
                          : op->join == KF_JOIN_BEVEL ? CAIRO_LINE_JOIN_BEVEL
                                                      : CAIRO_LINE_JOIN_MITER);
  cairo_set_miter_limit(cr, op->miter_limit);
  /* Dashes: an odd count is repeated once (10 5 3 draws as 10 5 3 10 5 3),
   * as SVG and canvas do. A pattern of zero length, or with a negative
   * length, draws a solid line, as in SVG (cairo would refuse it). */
  int count = op->dash_count % 2 ? 2 * (int)op->dash_count : (int)op->dash_count;
  double *dashes = count ? malloc((size_t)count * sizeof *dashes) : NULL;
  const double *d = r->view->dashes + op->dash_start;
  double total = 0;
  for (int i = 0; dashes && i < count; i++) {
    dashes[i] = d[(uint32_t)i % op->dash_count];
    total = dashes[i] < 0 || total < 0 ? -1 : total + dashes[i];
  }
  cairo_set_dash(cr, dashes, dashes && total > 0 ? count : 0, op->dash_offset);
  free(dashes);
  cairo_stroke(cr);
  cairo_set_dash(cr, NULL, 0, 0);
}

/* IMAGE: the asset scaled into the op's rect (x y w h), with its opacity. */
static void image(renderer *r, const kf_draw_op *op) {
  cairo_surface_t *image = op->mode < r->image_count ? r->images[op->mode] : NULL;
  if (!image) return;
  int w = cairo_image_surface_get_width(image), h = cairo_image_surface_get_height(image);
  if (w <= 0 || h <= 0 || op->rect[2] <= 0 || op->rect[3] <= 0) return;
  cairo_t *cr = r->cr;
  cairo_save(cr);
  cairo_rectangle(cr, op->rect[0], op->rect[1], op->rect[2], op->rect[3]);
  cairo_clip(cr);
  cairo_translate(cr, op->rect[0], op->rect[1]);
  cairo_scale(cr, op->rect[2] / w, op->rect[3] / h);
  cairo_set_source_surface(cr, image, 0, 0);
  cairo_paint_with_alpha(cr, op->opacity);
  cairo_restore(cr);
}

/* ---------------------------------------------------------------------------
 * Layers: a cairo group per BEGIN_LAYER .. END_LAYER.
 */

static int begin_layer(renderer *r, const kf_draw_op *op) {
  if (r->depth == r->capacity) {
    size_t capacity = r->capacity ? 2 * r->capacity : 16;
    open_layer *bigger = realloc(r->layers, capacity * sizeof *bigger);
    if (!bigger) return 0;
    r->layers = bigger;
    r->capacity = capacity;
  }
  r->layers[r->depth++] = (open_layer){op, 0};
  cairo_push_group(r->cr); /* transparent; keeps the transform and clip */
  return 1;
}

/* END_LAYER: the group onto what is below, with the BEGIN_LAYER's opacity
 * and blend mode; with KF_LAYER_FILL, the group is first replaced by its
 * color painted through the group's alpha. */
static void end_layer(renderer *r) {
  const kf_draw_op *begin = r->layers[--r->depth].begin;
  cairo_t *cr = r->cr;
  if (begin->flags & KF_LAYER_FILL) {
    cairo_pattern_t *content = cairo_pop_group(cr);
    cairo_push_group(cr);
    cairo_set_source_rgba(cr, begin->color[0], begin->color[1], begin->color[2], begin->color[3]);
    cairo_mask(cr, content);
    cairo_pattern_destroy(content);
  }
  cairo_pop_group_to_source(cr);
  cairo_save(cr);
  cairo_set_operator(cr, blend_operator(begin->mode));
  cairo_paint_with_alpha(cr, begin->opacity);
  cairo_restore(cr);
}

/* The group's content (drawn so far into the innermost group) multiplied
 * by `mask`, an alpha mask: the content group is popped and drawn through
 * the mask into a fresh group, which takes its place. */
static void mask_content(renderer *r, cairo_pattern_t *mask) {
  cairo_t *cr = r->cr;
  cairo_pattern_t *content = cairo_pop_group(cr);
  cairo_push_group(cr);
  cairo_set_source(cr, content);
  cairo_mask(cr, mask);
  cairo_pattern_destroy(content);
}

/* ---------------------------------------------------------------------------
 * Masks (BEGIN_MASK, MASK_PATH, END_MASK). The coverage C is an A8 image as
 * large as the output, in device pixels (so it lines up with any group);
 * each mask path is drawn into a scratch A8 image with the transform the
 * main context has at that point, and combined with C by its mode.
 */

static int begin_mask(renderer *r, const kf_draw_op *op) {
  r->coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, r->width, r->height);
  r->coverage_cr = cairo_create(r->coverage);
  /* The start coverage: 0 or 1 everywhere. */
  cairo_set_operator(r->coverage_cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgba(r->coverage_cr, 0, 0, 0, op->opacity);
  cairo_paint(r->coverage_cr);
  return cairo_status(r->coverage_cr) == CAIRO_STATUS_SUCCESS;
}

/* C = f(C, T) for every pixel, for the modes cairo has no operator for on
 * alpha (its LIGHTEN on alpha alone is a union, not a maximum). */
static void combine_pixels(cairo_surface_t *coverage, cairo_surface_t *path, uint32_t mode) {
  cairo_surface_flush(coverage);
  cairo_surface_flush(path);
  unsigned char *c = cairo_image_surface_get_data(coverage);
  const unsigned char *t = cairo_image_surface_get_data(path);
  int stride = cairo_image_surface_get_stride(coverage); /* both: same size, same format */
  int width = cairo_image_surface_get_width(coverage);
  int height = cairo_image_surface_get_height(coverage);
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int i = y * stride + x, a = c[i], b = t[i];
      c[i] = (unsigned char)(mode == KF_MASK_LIGHTEN  ? (a > b ? a : b)
                             : mode == KF_MASK_DARKEN ? (a < b ? a : b)
                                                      : abs(a - b)); /* DIFFERENCE */
    }
  }
  cairo_surface_mark_dirty(coverage);
}

/* MASK_PATH: the path's coverage m (filled nonzero; grown or shrunk by
 * `width`; then 1 - m when inverted) times its opacity a, combined into C. */
static void mask_path(renderer *r, const kf_draw_op *op) {
  cairo_surface_t *path = cairo_image_surface_create(CAIRO_FORMAT_A8, r->width, r->height);
  cairo_t *pc = cairo_create(path);
  cairo_matrix_t ctm;
  cairo_get_matrix(r->cr, &ctm); /* the SAVEs around this op */
  cairo_set_matrix(pc, &ctm);
  set_path(pc, r->view, op);
  cairo_set_fill_rule(pc, CAIRO_FILL_RULE_WINDING);
  cairo_fill_preserve(pc);
  if (op->width != 0) {
    /* Expansion: a stroke of width 2|x| centered on the outline adds |x|
     * pixels outside it (x > 0) or, cleared, removes |x| inside (x < 0). */
    cairo_set_line_width(pc, 2 * fabs(op->width));
    cairo_set_line_join(pc, CAIRO_LINE_JOIN_ROUND);
    if (op->width < 0) cairo_set_operator(pc, CAIRO_OPERATOR_CLEAR);
    cairo_stroke(pc);
  }
  cairo_new_path(pc);
  cairo_identity_matrix(pc);
  if (op->flags & KF_MASK_INVERTED) {
    /* 1 - m: XOR with an opaque source gives 1 - alpha. */
    cairo_set_operator(pc, CAIRO_OPERATOR_XOR);
    cairo_paint(pc);
  }
  cairo_destroy(pc);

  /* Combine T = a m with C (the header's formulas). */
  cairo_t *cc = r->coverage_cr;
  switch (op->mode) {
  case KF_MASK_ADD:       /* C + (1 - C) a m */
  case KF_MASK_SUBTRACT:  /* C (1 - a m) */
  case KF_MASK_INTERSECT: /* C a m (everywhere: DEST_IN is unbounded) */
    cairo_set_operator(cc, op->mode == KF_MASK_ADD        ? CAIRO_OPERATOR_OVER
                           : op->mode == KF_MASK_SUBTRACT ? CAIRO_OPERATOR_DEST_OUT
                                                          : CAIRO_OPERATOR_DEST_IN);
    cairo_set_source_surface(cc, path, 0, 0);
    cairo_paint_with_alpha(cc, op->opacity);
    break;
  case KF_MASK_LIGHTEN:    /* max(C, a m) */
  case KF_MASK_DARKEN:     /* min(C, a m) */
  case KF_MASK_DIFFERENCE: /* |C - a m| */
    if (op->opacity != 1) {
      cairo_t *scale = cairo_create(path); /* T = a m */
      cairo_set_operator(scale, CAIRO_OPERATOR_DEST_IN);
      cairo_paint_with_alpha(scale, op->opacity);
      cairo_destroy(scale);
    }
    combine_pixels(r->coverage, path, op->mode);
    break;
  }
  cairo_surface_destroy(path);
}

/* END_MASK: the group's content times C. */
static void end_mask(renderer *r) {
  cairo_t *cr = r->cr;
  cairo_destroy(r->coverage_cr);
  cairo_pattern_t *mask = cairo_pattern_create_for_surface(r->coverage);
  cairo_surface_destroy(r->coverage);
  r->coverage = NULL;
  r->coverage_cr = NULL;
  /* C is in device pixels: apply it with the identity transform, after
   * the content is set as the source in the transform it was drawn in. */
  cairo_pattern_t *content = cairo_pop_group(cr);
  cairo_push_group(cr);
  cairo_set_source(cr, content);
  cairo_save(cr);
  cairo_identity_matrix(cr);
  cairo_mask(cr, mask);
  cairo_restore(cr);
  cairo_pattern_destroy(content);
  cairo_pattern_destroy(mask);
}

/* ---------------------------------------------------------------------------
 * Track mattes (BEGIN_MATTE .. END_MATTE): the matte layer is drawn into a
 * group of its own, then turned into an alpha mask for the content.
 */

static void begin_matte(renderer *r, const kf_draw_op *op) {
  r->layers[r->depth - 1].matte_mode = op->mode;
  cairo_push_group(r->cr);
}

/* A luma matte as an alpha mask, in place: each pixel's alpha becomes
 * 0.2125 R + 0.7154 G + 0.0721 B of its premultiplied colour (what cairo
 * stores), or 1 minus that when inverted. */
static void luma_to_alpha(cairo_surface_t *matte, int inverted) {
  cairo_surface_t *image = cairo_surface_map_to_image(matte, NULL);
  if (cairo_image_surface_get_format(image) != CAIRO_FORMAT_ARGB32) {
    cairo_surface_unmap_image(matte, image);
    return;
  }
  unsigned char *data = cairo_image_surface_get_data(image);
  int stride = cairo_image_surface_get_stride(image);
  int width = cairo_image_surface_get_width(image);
  int height = cairo_image_surface_get_height(image);
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(void *)(data + y * stride);
    for (int x = 0; x < width; x++) {
      uint32_t p = row[x]; /* CAIRO_FORMAT_ARGB32: native-endian 0xAARRGGBB */
      double luma = 0.2125 * ((p >> 16) & 0xff) + 0.7154 * ((p >> 8) & 0xff) + 0.0721 * (p & 0xff);
      uint32_t alpha = (uint32_t)lround(inverted ? 255 - luma : luma);
      row[x] = alpha << 24; /* black with that alpha: only alpha masks */
    }
  }
  cairo_surface_mark_dirty(image);
  cairo_surface_unmap_image(matte, image);
}

/* END_MATTE: the group's content times M (the BEGIN_MATTE's mode). */
static void end_matte(renderer *r) {
  cairo_t *cr = r->cr;
  uint32_t mode = r->layers[r->depth - 1].matte_mode;
  cairo_pattern_t *matte = cairo_pop_group(cr);
  if (mode == KF_MATTE_ALPHA_INVERTED) {
    /* content (1 - alpha): DEST_OUT removes the matte from the content. */
    cairo_pattern_t *content = cairo_pop_group(cr);
    cairo_push_group(cr);
    cairo_set_source(cr, content);
    cairo_paint(cr);
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT);
    cairo_set_source(cr, matte);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_pattern_destroy(content);
  } else {
    if (mode == KF_MATTE_LUMA || mode == KF_MATTE_LUMA_INVERTED) {
      cairo_surface_t *surface = NULL;
      cairo_pattern_get_surface(matte, &surface);
      luma_to_alpha(surface, mode == KF_MATTE_LUMA_INVERTED);
    }
    mask_content(r, matte); /* KF_MATTE_ALPHA and the lumas: content times alpha */
  }
  cairo_pattern_destroy(matte);
}

/* ---------------------------------------------------------------------------
 * The list, op by op. Returns 0 on a malformed list (an END without its
 * BEGIN) or a cairo error.
 */
static int draw_list(renderer *r) {
  const kf_display_list_view *view = r->view;
  for (size_t i = 0; i < view->op_count; i++) {
    const kf_draw_op *op = &view->ops[i];
    int inside_mask = r->coverage != NULL;
    switch (op->kind) {
    case KF_OP_SAVE: save(r, op); break;
    case KF_OP_RESTORE: cairo_restore(r->cr); break;
    case KF_OP_CLIP_RECT: clip_rect(r, op); break;
    case KF_OP_BEGIN_LAYER:
      if (!begin_layer(r, op)) return 0;
      break;
    case KF_OP_END_LAYER:
      if (r->depth == 0) return 0;
      end_layer(r);
      break;
    case KF_OP_BEGIN_MASK:
      if (r->depth == 0 || inside_mask || !begin_mask(r, op)) return 0;
      break;
    case KF_OP_MASK_PATH:
      if (!inside_mask) return 0;
      mask_path(r, op);
      break;
    case KF_OP_END_MASK:
      if (!inside_mask) return 0;
      end_mask(r);
      break;
    case KF_OP_BEGIN_MATTE:
      if (r->depth == 0) return 0;
      begin_matte(r, op);
      break;
    case KF_OP_END_MATTE:
      if (r->depth == 0) return 0;
      end_matte(r);
      break;
    case KF_OP_FILL: fill(r, op); break;
    case KF_OP_STROKE: stroke(r, op); break;
    case KF_OP_IMAGE: image(r, op); break;
    default: break; /* a newer op: skipped */
    }
    if (cairo_status(r->cr) != CAIRO_STATUS_SUCCESS) {
      fprintf(stderr, "lottie_cairo: op %zu: %s\n", i, cairo_status_to_string(cairo_status(r->cr)));
      return 0;
    }
  }
  return r->depth == 0 && r->coverage == NULL;
}

/* "white", "transparent" or "#rrggbb" as r g b a; 0 if none of those. */
static int parse_background(const char *text, double rgba[4]) {
  unsigned value;
  if (strcmp(text, "white") == 0) {
    rgba[0] = rgba[1] = rgba[2] = rgba[3] = 1;
  } else if (strcmp(text, "transparent") == 0) {
    rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
  } else if (strlen(text) == 7 && sscanf(text, "#%6x", &value) == 1) {
    rgba[0] = (value >> 16 & 0xff) / 255.0;
    rgba[1] = (value >> 8 & 0xff) / 255.0;
    rgba[2] = (value & 0xff) / 255.0;
    rgba[3] = 1;
  } else {
    return 0;
  }
  return 1;
}

/* The folder of `path` (malloc'ed): "." for a bare file name. */
static char *folder_of(const char *path) {
  const char *slash = strrchr(path, '/');
  size_t length = slash ? (size_t)(slash - path) : 0;
  char *folder = malloc(length + 2);
  if (!folder) return NULL;
  if (slash) {
    memcpy(folder, path, length);
    folder[length] = '\0';
  } else {
    strcpy(folder, ".");
  }
  return folder;
}

/* Draws the list in `view` at `scale` over `background` and writes the PNG
 * `out`. Returns 1 on success. */
static int render_png(const kf_lottie *lottie, const kf_display_list_view *view,
                      const char *lottie_path, double scale, const double background[4],
                      const char *out) {
  /* The images the list may draw, decoded once. */
  size_t image_count = 0;
  if (!ok(kf_lottie_image_count(lottie, &image_count), "kf_lottie_image_count")) return 0;
  cairo_surface_t **images = calloc(image_count ? image_count : 1, sizeof *images);
  char *folder = folder_of(lottie_path);
  if (!images || !folder) {
    free(images);
    free(folder);
    return 0;
  }
  for (size_t i = 0; i < image_count; i++) images[i] = load_image(lottie, i, folder);
  free(folder);

  /* The frame into a transparent group (blend modes blend with what the
   * animation drew, not with the background), then that group over the
   * background. */
  int width = (int)ceil(view->width * scale), height = (int)ceil(view->height * scale);
  if (width < 1) width = 1;
  if (height < 1) height = 1;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgba(cr, background[0], background[1], background[2], background[3]);
  cairo_paint(cr);
  cairo_scale(cr, scale, scale);
  cairo_push_group(cr);
  renderer r = {cr, width, height, view, images, image_count, NULL, 0, 0, NULL, NULL};
  int drawn = draw_list(&r);
  if (drawn) {
    cairo_pop_group_to_source(cr);
    cairo_paint(cr);
    cairo_status_t written = cairo_surface_write_to_png(surface, out);
    if (written != CAIRO_STATUS_SUCCESS) {
      fprintf(stderr, "lottie_cairo: %s: %s\n", out, cairo_status_to_string(written));
      drawn = 0;
    } else {
      printf("%s: frame %g, %d x %d, %zu ops\n", out, view->frame, width, height, view->op_count);
    }
  } else {
    fprintf(stderr, "lottie_cairo: the display list did not draw\n");
  }
  /* cairo_destroy also frees the groups a malformed list left open. */
  if (r.coverage) {
    cairo_destroy(r.coverage_cr);
    cairo_surface_destroy(r.coverage);
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  for (size_t i = 0; i < image_count; i++) {
    if (images[i]) cairo_surface_destroy(images[i]);
  }
  free(images);
  free(r.layers);
  return drawn;
}

int main(int argc, char **argv) {
  if (argc < 4 || argc > 6) {
    fprintf(stderr,
            "usage: lottie_cairo in.json frame out.png [scale [white|transparent|#rrggbb]]\n");
    return 2;
  }
  char *end = NULL;
  double frame = strtod(argv[2], &end);
  double scale = argc > 4 ? strtod(argv[4], NULL) : 1;
  double background[4];
  if (end == argv[2] || *end != '\0' || !(scale > 0 && scale <= 64) ||
      !parse_background(argc > 5 ? argv[5] : "white", background)) {
    fprintf(stderr, "lottie_cairo: bad frame, scale or background\n");
    return 2;
  }

  size_t length = 0;
  char *json = read_file(argv[1], &length);
  if (!json) {
    perror(argv[1]);
    return 1;
  }
  kf_lottie *lottie = NULL;
  kf_display_list *list = NULL;
  kf_display_list_view view;
  int drawn = 0;
  /* 1. The file, imported once; 2. a display list (a player keeps one and
   * draws every frame into it: once grown, it allocates nothing); 3. frame
   * N into it; 4. a view of its arrays (valid until the next draw into the
   * list); 5. cairo. */
  if (ok(kf_lottie_import(json, length, 0, &lottie), argv[1]) &&
      ok(kf_display_list_create(&list), "kf_display_list_create") &&
      ok(kf_lottie_draw(lottie, frame, list), "kf_lottie_draw") &&
      ok(kf_display_list_get(list, &view), "kf_display_list_get")) {
    if (view.version != KF_DISPLAY_LIST_VERSION) {
      fprintf(stderr, "lottie_cairo: display list version %u, expected %d\n", view.version,
              KF_DISPLAY_LIST_VERSION);
    } else {
      drawn = render_png(lottie, &view, argv[1], scale, background, argv[3]);
    }
  }
  kf_display_list_release(list);
  kf_lottie_release(lottie);
  free(json);
  return drawn ? 0 : 1;
}
