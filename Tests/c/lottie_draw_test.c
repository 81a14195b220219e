/* The Lottie player's display lists (include/keyframe.h, "Playing a Lottie
 * file") through the C ABI, without a 2D library: tiny hand-written Lottie
 * documents drawn with kf_lottie_draw, and their ops, verbs, points and
 * dashes checked against values worked out by hand from lottie-web's rules;
 * the refusals (a frame that is not finite, NULL arguments, released
 * handles); image assets; and, given a folder of real Lottie files
 * (lottie_draw_test [folder]), every file drawn at a few frames with each
 * list's structure checked (indices in range, pairs balanced). */
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---------------------------------------------------------------------------
 * Helpers.
 */

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1, fabs(b)); }

/* An import and a list, drawn at one frame, with the list's view. */
typedef struct drawn {
  kf_lottie *lottie;
  kf_display_list *list;
  kf_display_list_view view;
} drawn;

static drawn draw(const char *json, double frame) {
  drawn d = {NULL, NULL, {0}};
  CHECK(kf_lottie_import(json, strlen(json), 0, &d.lottie) == KF_OK, "import");
  CHECK(kf_display_list_create(&d.list) == KF_OK, "create");
  CHECK(kf_lottie_draw(d.lottie, frame, d.list) == KF_OK, "draw at %g", frame);
  CHECK(kf_display_list_get(d.list, &d.view) == KF_OK, "get");
  return d;
}

static void release(drawn *d) {
  kf_display_list_release(d->list);
  kf_lottie_release(d->lottie);
}

/* Whether the list's ops are exactly `kinds` (0-terminated). */
static int ops_are(const kf_display_list_view *view, const uint32_t *kinds) {
  size_t n = 0;
  while (kinds[n]) n++;
  if (view->op_count != n) return 0;
  for (size_t i = 0; i < n; i++) {
    if (view->ops[i].kind != kinds[i]) return 0;
  }
  return 1;
}

/* Whether op's path has the verbs `verbs` (a string of M L C Z) and the
 * points `points` (x, y pairs, as many as the verbs read). */
static int path_is(const kf_display_list_view *view, const kf_draw_op *op, const char *verbs,
                   const double *points) {
  size_t n = strlen(verbs), pairs = 0;
  if (op->verb_count != n) return 0;
  for (size_t i = 0; i < n; i++) {
    static const char letters[] = "MLCZ";
    uint8_t verb = view->verbs[op->verb_start + i];
    if (verb > 3 || letters[verb] != verbs[i]) return 0;
    pairs += verb == KF_VERB_CUBIC ? 3 : verb == KF_VERB_CLOSE ? 0 : 1;
  }
  for (size_t k = 0; k < 2 * pairs; k++) {
    if (!near(view->points[2 * (size_t)op->point_start + k], points[k])) return 0;
  }
  return 1;
}

static int matrix_is(const kf_draw_op *op, double a, double b, double c, double d, double e,
                     double f) {
  const double want[6] = {a, b, c, d, e, f};
  for (int i = 0; i < 6; i++) {
    if (!near(op->matrix[i], want[i])) return 0;
  }
  return 1;
}

/* The structure every list has: each op's verbs, the points they read and
 * its dashes inside the arrays; SAVE/RESTORE, BEGIN/END_LAYER, _MASK and
 * _MATTE pairs balanced and nested (a mask or matte inside a layer, mask
 * paths inside a mask). Returns 1 when it holds. */
static int well_formed(const kf_display_list_view *view, const char *name) {
  char stack[4096];
  size_t depth = 0;
  for (size_t i = 0; i < view->op_count; i++) {
    const kf_draw_op *op = &view->ops[i];
    if ((uint64_t)op->verb_start + op->verb_count > view->verb_count) {
      CHECK(0, "%s: op %zu: verbs [%u, +%u) past %zu", name, i, op->verb_start, op->verb_count,
            view->verb_count);
      return 0;
    }
    uint64_t pairs = 0;
    for (uint32_t k = 0; k < op->verb_count; k++) {
      uint8_t verb = view->verbs[op->verb_start + k];
      if (verb > KF_VERB_CLOSE) {
        CHECK(0, "%s: op %zu: verb %u", name, i, verb);
        return 0;
      }
      pairs += verb == KF_VERB_CUBIC ? 3 : verb == KF_VERB_CLOSE ? 0 : 1;
    }
    if (op->verb_count > 0 && (uint64_t)op->point_start + pairs > view->point_count) {
      CHECK(0, "%s: op %zu: points [%u, +%llu) past %zu", name, i, op->point_start,
            (unsigned long long)pairs, view->point_count);
      return 0;
    }
    if ((uint64_t)op->dash_start + op->dash_count > view->dash_count) {
      CHECK(0, "%s: op %zu: dashes past the end", name, i);
      return 0;
    }
    char open = 0, close = 0;
    switch (op->kind) {
    case KF_OP_SAVE: open = 'S'; break;
    case KF_OP_BEGIN_LAYER: open = 'L'; break;
    case KF_OP_BEGIN_MASK: open = 'M'; break;
    case KF_OP_BEGIN_MATTE: open = 'T'; break;
    case KF_OP_RESTORE: close = 'S'; break;
    case KF_OP_END_LAYER: close = 'L'; break;
    case KF_OP_END_MASK: close = 'M'; break;
    case KF_OP_END_MATTE: close = 'T'; break;
    case KF_OP_MASK_PATH:
      if (!memchr(stack, 'M', depth)) {
        CHECK(0, "%s: op %zu: a mask path outside a mask", name, i);
        return 0;
      }
      break;
    case KF_OP_FILL:
    case KF_OP_STROKE:
    case KF_OP_IMAGE:
    case KF_OP_CLIP_RECT: break;
    default: CHECK(0, "%s: op %zu: kind %u", name, i, op->kind); return 0;
    }
    if ((open == 'M' || open == 'T') && (depth == 0 || !memchr(stack, 'L', depth))) {
      CHECK(0, "%s: op %zu: a mask or matte outside a layer", name, i);
      return 0;
    }
    if (open) {
      if (depth == sizeof stack) {
        CHECK(0, "%s: nested deeper than the test's stack", name);
        return 0;
      }
      stack[depth++] = open;
    }
    if (close) {
      /* A RESTORE may close a SAVE only; an END its own BEGIN. */
      if (depth == 0 || stack[depth - 1] != close) {
        CHECK(0, "%s: op %zu (kind %u) closes nothing open", name, i, op->kind);
        return 0;
      }
      depth--;
    }
  }
  CHECK(depth == 0, "%s: %zu pairs left open", name, depth);
  return depth == 0;
}

/* ---------------------------------------------------------------------------
 * The documents. Each is a 400 x 300 composition at 30 frames per second,
 * frames [0, 60); LAYER(...) is a shape layer shown over all of them.
 */
#define DOC(layers, assets)                                                                     \
  "{\"v\":\"5.7.0\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":400,\"h\":300,\"assets\":[" assets \
  "],\"layers\":[" layers "]}"
#define LAYER(extra, ks, shapes)                                                                \
  "{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":60,\"st\":0," extra "\"ks\":{" ks "},\"shapes\":[" shapes \
  "]}"
#define STATIC(v) "{\"a\":0,\"k\":" v "}"
#define RECT(p, s) "{\"ty\":\"rc\",\"p\":" STATIC(p) ",\"s\":" STATIC(s) ",\"r\":" STATIC("0") "}"
#define RED_FILL "{\"ty\":\"fl\",\"c\":" STATIC("[1,0,0,1]") ",\"o\":" STATIC("100") ",\"r\":1}"

/* A 100 x 50 rectangle centered at (200, 100), filled red. */
static const char rect_doc[] = DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," RED_FILL), "");

/* lottie-web's rectangle (convertRectToPath, no roundness, direction 1):
 * from the top right corner (250, 75) to the top left, bottom left and
 * bottom right; each edge a cubic whose controls are its ends (the
 * vertices' tangents are 0), then closed. */
static const double rect_points[] = {250, 75,  250, 75,  150, 75,  150, 75,  150, 75,
                                     150, 125, 150, 125, 150, 125, 250, 125, 250, 125,
                                     250, 125, 250, 75,  250, 75};

static void test_rectangle(void) {
  drawn d = draw(rect_doc, 0);
  const kf_display_list_view *v = &d.view;
  CHECK(v->version == KF_DISPLAY_LIST_VERSION, "version %u", v->version);
  CHECK(v->width == 400 && v->height == 300 && v->frame == 0, "size %g x %g, frame %g", v->width,
        v->height, v->frame);
  static const uint32_t kinds[] = {KF_OP_SAVE, KF_OP_FILL, KF_OP_RESTORE, 0};
  CHECK(ops_are(v, kinds), "rectangle: %zu ops", v->op_count);
  if (v->op_count == 3) {
    const kf_draw_op *fill = &v->ops[1];
    CHECK(matrix_is(&v->ops[0], 1, 0, 0, 1, 0, 0), "rectangle: the layer's matrix");
    CHECK(path_is(v, fill, "MCCCCZ", rect_points), "rectangle: the path");
    CHECK(fill->mode == KF_FILL_NONZERO, "fill rule %u", fill->mode);
    CHECK(fill->color[0] == 1 && fill->color[1] == 0 && fill->color[2] == 0 &&
              fill->color[3] == 1,
          "fill color");
    CHECK(v->verb_count == 6 && v->point_count == 13 && v->dash_count == 0,
          "arrays: %zu verbs %zu points %zu dashes", v->verb_count, v->point_count,
          v->dash_count);
  }
  well_formed(v, "rectangle");
  /* Drawing again replaces the content; the same frame gives the same list. */
  CHECK(kf_lottie_draw(d.lottie, 30.5, d.list) == KF_OK, "redraw");
  kf_display_list_view again;
  CHECK(kf_display_list_get(d.list, &again) == KF_OK, "get");
  CHECK(again.op_count == 3 && again.frame == 30.5, "redraw: %zu ops at %g", again.op_count,
        again.frame);
  release(&d);
}

/* A layer transform and an ellipse: position (100, 50), anchor (10, 5),
 * scale 200%: x' = 2 (x - 10) + 100 = 2x + 80, y' = 2 (y - 5) + 50 = 2y + 40.
 * The ellipse (80 x 80 at (200, 100)) starts at its top (200, 60), its
 * first cubic to the right (240, 100) with controls 40 k along the
 * tangents, k = 0.5519 (lottie-web's roundCorner, not the 0.55228 of a
 * best-fit circle). */
static void test_transform_and_ellipse(void) {
  drawn d = draw(DOC(LAYER("", "\"p\":" STATIC("[100,50]") ",\"a\":" STATIC("[10,5]")
                                   ",\"s\":" STATIC("[200,200]"),
                           "{\"ty\":\"el\",\"p\":" STATIC("[200,100]") ",\"s\":" STATIC(
                               "[80,80]") "}," RED_FILL),
                     ""),
                 0);
  const kf_display_list_view *v = &d.view;
  static const uint32_t kinds[] = {KF_OP_SAVE, KF_OP_FILL, KF_OP_RESTORE, 0};
  CHECK(ops_are(v, kinds), "ellipse: %zu ops", v->op_count);
  if (v->op_count == 3) {
    CHECK(matrix_is(&v->ops[0], 2, 0, 0, 2, 80, 40), "transform: %g %g %g %g %g %g",
          v->ops[0].matrix[0], v->ops[0].matrix[1], v->ops[0].matrix[2], v->ops[0].matrix[3],
          v->ops[0].matrix[4], v->ops[0].matrix[5]);
    const double c = 40 * 0.5519;
    const double points[] = {200,     60,  200 + c, 60,  240,     100 - c, 240, 100,
                             240,     100 + c, 200 + c, 140, 200, 140,     200 - c,
                             140,     160, 100 + c, 160, 100, 160, 100 - c, 200 - c,
                             60,      200, 60};
    CHECK(path_is(v, &v->ops[1], "MCCCCZ", points), "ellipse: the path");
  }
  well_formed(v, "ellipse");
  release(&d);

  /* Rotation 90 degrees turns x into y (clockwise on screen, y down):
   * {a b c d} = {0 1 -1 0}, then the position. */
  d = draw(DOC(LAYER("", "\"p\":" STATIC("[100,50]") ",\"r\":" STATIC("90"),
                     RECT("[0,0]", "[10,10]") "," RED_FILL),
               ""),
           0);
  CHECK(d.view.op_count == 3 && matrix_is(&d.view.ops[0], 0, 1, -1, 0, 100, 50),
        "rotation 90: %g %g %g %g", d.view.ops[0].matrix[0], d.view.ops[0].matrix[1],
        d.view.ops[0].matrix[2], d.view.ops[0].matrix[3]);
  release(&d);
}

/* Opacities multiply into the color's alpha; a hidden layer draws nothing;
 * a layer shows while ip <= frame < op. */
static void test_visibility(void) {
  drawn d = draw(DOC(LAYER("", "\"o\":" STATIC("50"),
                           RECT("[200,100]", "[100,50]") ",{\"ty\":\"fl\",\"c\":" STATIC(
                               "[0,0,1,1]") ",\"o\":" STATIC("50") "}"),
                     ""),
                 0);
  CHECK(d.view.op_count == 3 && d.view.ops[1].kind == KF_OP_FILL && near(d.view.ops[1].color[3], 0.25),
        "opacity 50%% of 50%%: alpha %g", d.view.op_count == 3 ? d.view.ops[1].color[3] : -1);
  release(&d);

  d = draw(DOC(LAYER("\"hd\":true,", "", RECT("[200,100]", "[100,50]") "," RED_FILL), ""), 0);
  CHECK(d.view.op_count == 0, "a hidden layer: %zu ops", d.view.op_count);
  release(&d);

  static const char late[] =
      DOC("{\"ty\":4,\"ind\":1,\"ip\":10,\"op\":20,\"st\":0,\"ks\":{},\"shapes\":[" RECT(
          "[200,100]", "[100,50]") "," RED_FILL "]}",
          "");
  const double frames[] = {9.999, 10, 19.5, 20, -5};
  const size_t want[] = {0, 3, 3, 0, 0};
  for (size_t i = 0; i < 5; i++) {
    d = draw(late, frames[i]);
    CHECK(d.view.op_count == want[i], "ip 10 op 20 at frame %g: %zu ops", frames[i],
          d.view.op_count);
    release(&d);
  }
}

/* A stroke: width 4, round caps (lc 2), bevel joins (lj 3), miter limit
 * 4, dashes 10 5 3 (an odd count: the drawing repeats it) from offset 2,
 * the layer's 50% opacity in its alpha. */
#define DASH(n, v) "{\"n\":\"" n "\",\"v\":" STATIC(v) "}"
#define BLUE_STROKE                                                                   \
  "{\"ty\":\"st\",\"c\":" STATIC("[0,0,1,1]") ",\"o\":" STATIC("100") ",\"w\":" STATIC( \
      "4") ",\"lc\":2,\"lj\":3,\"ml\":4,\"d\":[" DASH("d", "10") "," DASH("g", "5") ","      \
      DASH("d", "3") "," DASH("o", "2") "]}"

static void test_stroke(void) {
  drawn d = draw(
      DOC(LAYER("", "\"o\":" STATIC("50"), RECT("[200,100]", "[100,50]") "," BLUE_STROKE), ""), 0);
  const kf_display_list_view *v = &d.view;
  static const uint32_t kinds[] = {KF_OP_SAVE, KF_OP_STROKE, KF_OP_RESTORE, 0};
  CHECK(ops_are(v, kinds), "stroke: %zu ops", v->op_count);
  if (v->op_count == 3) {
    const kf_draw_op *s = &v->ops[1];
    CHECK(s->width == 4 && s->cap == KF_CAP_ROUND && s->join == KF_JOIN_BEVEL &&
              s->miter_limit == 4,
          "stroke style: width %g cap %u join %u miter %g", s->width, s->cap, s->join,
          s->miter_limit);
    CHECK(near(s->color[2], 1) && near(s->color[3], 0.5), "stroke color");
    CHECK(s->dash_count == 3 && s->dash_start + 3 <= v->dash_count &&
              v->dashes[s->dash_start] == 10 && v->dashes[s->dash_start + 1] == 5 &&
              v->dashes[s->dash_start + 2] == 3 && s->dash_offset == 2,
          "dashes: %u from %u, offset %g", s->dash_count, s->dash_start, s->dash_offset);
    CHECK(path_is(v, s, "MCCCCZ", rect_points), "stroke: the path");
  }
  well_formed(v, "stroke");
  release(&d);
}

/* A mask: the layer's content in a group, then the mask's coverage, then
 * END_MASK and END_LAYER. A first mask that subtracts starts from full
 * coverage (BEGIN_MASK opacity 1); one that adds, from none. */
#define MASK(mode, inv, o, x)                                                                  \
  "\"hasMask\":true,\"masksProperties\":[{\"mode\":\"" mode "\",\"inv\":" inv ",\"o\":" STATIC( \
      o) ",\"x\":" STATIC(x) ",\"pt\":" STATIC("{\"c\":true,\"v\":[[0,0],[10,0],[10,10]],"       \
                                               "\"i\":[[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,"   \
                                               "0]]}") "}],"

static void test_mask(void) {
  drawn d = draw(DOC(LAYER(MASK("s", "true", "50", "3"), "", RECT("[200,100]", "[100,50]") "," RED_FILL), ""), 0);
  const kf_display_list_view *v = &d.view;
  static const uint32_t kinds[] = {KF_OP_BEGIN_LAYER, KF_OP_SAVE,      KF_OP_FILL,
                                   KF_OP_RESTORE,     KF_OP_BEGIN_MASK, KF_OP_SAVE,
                                   KF_OP_MASK_PATH,   KF_OP_RESTORE,   KF_OP_END_MASK,
                                   KF_OP_END_LAYER,   0};
  CHECK(ops_are(v, kinds), "mask: %zu ops", v->op_count);
  if (v->op_count == 10) {
    CHECK(v->ops[0].mode == KF_BLEND_NORMAL && v->ops[0].opacity == 1, "mask: the group");
    CHECK(v->ops[4].opacity == 1, "a first subtract mask starts at %g", v->ops[4].opacity);
    const kf_draw_op *m = &v->ops[6];
    CHECK(m->mode == KF_MASK_SUBTRACT && m->flags == KF_MASK_INVERTED && near(m->opacity, 0.5) &&
              m->width == 3,
          "mask path: mode %u flags %u opacity %g expansion %g", m->mode, m->flags, m->opacity,
          m->width);
    const double points[] = {0, 0, 0, 0, 10, 0, 10, 0, 10, 0, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0};
    CHECK(path_is(v, m, "MCCCZ", points), "mask path: the path");
  }
  well_formed(v, "mask");
  release(&d);

  d = draw(DOC(LAYER(MASK("a", "false", "100", "0"), "", RECT("[200,100]", "[100,50]") "," RED_FILL), ""), 0);
  CHECK(d.view.op_count == 10 && d.view.ops[4].opacity == 0 && d.view.ops[6].mode == KF_MASK_ADD &&
            d.view.ops[6].flags == 0,
        "a first add mask starts at 0");
  release(&d);
}

/* Track mattes: the matte layer (td 1) is not drawn on its own; the layer
 * under it that uses it (tt 1 to 4) is drawn in a group, its content, then
 * the matte between BEGIN_MATTE and END_MATTE. A blend mode also makes a
 * group. */
static void test_matte_and_blend(void) {
  static const char *const modes[] = {"1", "2", "3", "4"};
  for (int i = 0; i < 4; i++) {
    char json[2048];
    snprintf(json, sizeof json,
             DOC("{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"st\":0,\"ks\":{},\"shapes\":"
                 "[" RECT("[200,100]", "[40,40]") "," RED_FILL "]},"
                 "{\"ty\":4,\"ind\":2,\"tt\":%s,\"ip\":0,\"op\":60,\"st\":0,\"ks\":{},\"shapes\":"
                 "[" RECT("[200,100]", "[100,50]") "," RED_FILL "]}",
                 ""),
             modes[i]);
    drawn d = draw(json, 0);
    const kf_display_list_view *v = &d.view;
    static const uint32_t kinds[] = {KF_OP_BEGIN_LAYER, KF_OP_SAVE,       KF_OP_FILL,
                                     KF_OP_RESTORE,     KF_OP_BEGIN_MATTE, KF_OP_SAVE,
                                     KF_OP_FILL,        KF_OP_RESTORE,    KF_OP_END_MATTE,
                                     KF_OP_END_LAYER,   0};
    CHECK(ops_are(v, kinds), "matte tt %s: %zu ops", modes[i], v->op_count);
    if (v->op_count == 10) {
      CHECK(v->ops[4].mode == (uint32_t)(KF_MATTE_ALPHA + i), "matte mode %u", v->ops[4].mode);
      CHECK(path_is(v, &v->ops[2], "MCCCCZ", rect_points), "the content before the matte");
      CHECK(v->ops[6].verb_count == 6 && near(v->points[2 * (size_t)v->ops[6].point_start], 220),
            "the matte's rectangle (from x = 220)");
    }
    well_formed(v, "matte");
    release(&d);
  }

  drawn d = draw(DOC(LAYER("\"bm\":1,", "", RECT("[200,100]", "[100,50]") "," RED_FILL), ""), 0);
  static const uint32_t kinds[] = {KF_OP_BEGIN_LAYER, KF_OP_SAVE, KF_OP_FILL, KF_OP_RESTORE,
                                   KF_OP_END_LAYER, 0};
  CHECK(ops_are(&d.view, kinds), "blend: %zu ops", d.view.op_count);
  CHECK(d.view.op_count == 5 && d.view.ops[0].mode == KF_BLEND_MULTIPLY &&
            d.view.ops[0].opacity == 1,
        "blend mode multiply on BEGIN_LAYER");
  release(&d);
}

/* A precomposition (w 50, h 40) whose layer moves x from 0 to 100 over
 * frames 0 to 10 (linear), used by a layer starting at st 10: at frame 15
 * the precomposition is at its frame 5 (x = 50); stretched by sr 2, at 2.5
 * (x = 25). Its content is clipped to (0, 0, 50, 40). */
#define PRECOMP_ASSET                                                                          \
  "{\"id\":\"inner\",\"layers\":[{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":100,\"st\":0,\"ks\":{\"p\":" \
  "{\"a\":1,\"k\":[{\"t\":0,\"s\":[0,0],\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}},"  \
  "{\"t\":10,\"s\":[100,0]}]}},\"shapes\":[" RECT("[0,0]", "[10,10]") "," RED_FILL "]}]}"

static void test_precomposition(void) {
  const char *const stretches[] = {"1", "2"};
  const double want_x[] = {50, 25};
  for (int i = 0; i < 2; i++) {
    char json[4096];
    snprintf(json, sizeof json,
             DOC("{\"ty\":0,\"ind\":1,\"refId\":\"inner\",\"w\":50,\"h\":40,\"ip\":0,\"op\":60,"
                 "\"st\":10,\"sr\":%s,\"ks\":{}}",
                 PRECOMP_ASSET),
             stretches[i]);
    drawn d = draw(json, 15);
    const kf_display_list_view *v = &d.view;
    static const uint32_t kinds[] = {KF_OP_SAVE, KF_OP_SAVE,    KF_OP_CLIP_RECT, KF_OP_SAVE,
                                     KF_OP_FILL, KF_OP_RESTORE, KF_OP_RESTORE,   KF_OP_RESTORE,
                                     0};
    CHECK(ops_are(v, kinds), "precomposition sr %s: %zu ops", stretches[i], v->op_count);
    if (v->op_count == 8) {
      const double *r = v->ops[2].rect;
      CHECK(r[0] == 0 && r[1] == 0 && r[2] == 50 && r[3] == 40, "clip %g %g %g %g", r[0], r[1],
            r[2], r[3]);
      CHECK(matrix_is(&v->ops[3], 1, 0, 0, 1, want_x[i], 0), "sr %s: the inner layer at x = %g",
            stretches[i], v->ops[3].matrix[4]);
    }
    well_formed(v, "precomposition");
    release(&d);
  }

  /* A precomposition that contains itself is refused at import, naming
   * where. */
  static const char cycle[] =
      DOC("{\"ty\":0,\"ind\":1,\"refId\":\"a\",\"w\":50,\"h\":40,\"ip\":0,\"op\":60,\"st\":0,"
          "\"ks\":{}}",
          "{\"id\":\"a\",\"layers\":[{\"ty\":0,\"ind\":1,\"refId\":\"a\",\"w\":5,\"h\":5,\"ip\":0,"
          "\"op\":60,\"st\":0,\"ks\":{}}]}");
  kf_lottie *lottie = (kf_lottie *)(uintptr_t)1;
  CHECK(kf_lottie_import(cycle, strlen(cycle), 0, &lottie) == KF_E_INVALID_VALUE,
        "a cyclic precomposition is refused");
  CHECK(lottie == (kf_lottie *)(uintptr_t)1, "a refused import writes nothing");
  CHECK(strstr(kf_last_error(), "/assets/0") != NULL, "the error names the asset: %s",
        kf_last_error());
}

/* Image assets: one embedded PNG (1 x 1, 70 bytes), one external file. */
static void test_images(void) {
  static const char json[] = DOC(
      "{\"ty\":2,\"ind\":1,\"refId\":\"png\",\"ip\":0,\"op\":60,\"st\":0,\"ks\":{}}",
      "{\"id\":\"png\",\"w\":200,\"h\":300,\"u\":\"\",\"e\":1,\"p\":\"data:image/png;base64,"
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJ"
      "ggg==\"},{\"id\":\"file\",\"w\":10,\"h\":20,\"u\":\"images/\",\"p\":\"a.png\",\"e\":0}");
  drawn d = draw(json, 0);
  const kf_display_list_view *v = &d.view;
  int found = 0;
  for (size_t i = 0; i < v->op_count; i++) {
    const kf_draw_op *op = &v->ops[i];
    if (op->kind != KF_OP_IMAGE) continue;
    found++;
    CHECK(op->mode == 0 && op->opacity == 1 && op->rect[0] == 0 && op->rect[1] == 0 &&
              op->rect[2] == 200 && op->rect[3] == 300,
          "image op: asset %u into %g %g %g %g", op->mode, op->rect[0], op->rect[1], op->rect[2],
          op->rect[3]);
  }
  CHECK(found == 1, "%d image ops", found);
  well_formed(v, "image");

  size_t count = 0;
  CHECK(kf_lottie_image_count(d.lottie, &count) == KF_OK && count == 2, "%zu images", count);
  kf_lottie_image_info info;
  CHECK(kf_lottie_image_info_get(d.lottie, 0, &info) == KF_OK && info.width == 200 &&
            info.height == 300 && info.data_size == 70 && info.path_length == 0,
        "embedded image info: %g x %g, %zu bytes, path %zu", info.width, info.height,
        info.data_size, info.path_length);
  uint8_t data[70];
  size_t size = 0;
  CHECK(kf_lottie_image_data(d.lottie, 0, data, 8, &size) == KF_E_BUFFER_TOO_SMALL && size == 70,
        "too small: size %zu", size);
  CHECK(kf_lottie_image_data(d.lottie, 0, data, sizeof data, &size) == KF_OK && size == 70 &&
            memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0,
        "the PNG's bytes");
  char path[64];
  size_t length = 99;
  CHECK(kf_lottie_image_path(d.lottie, 0, path, sizeof path, &length) == KF_OK && length == 0 &&
            path[0] == '\0',
        "an embedded image has no path");
  CHECK(kf_lottie_image_info_get(d.lottie, 1, &info) == KF_OK && info.data_size == 0 &&
            info.path_length == 12 && info.width == 10,
        "external image info: %zu bytes, path %zu", info.data_size, info.path_length);
  CHECK(kf_lottie_image_path(d.lottie, 1, path, sizeof path, &length) == KF_OK && length == 12 &&
            strcmp(path, "images/a.png") == 0,
        "external path: %s", path);
  CHECK(kf_lottie_image_data(d.lottie, 1, data, sizeof data, &size) == KF_OK && size == 0,
        "an external image has no bytes");
  CHECK(kf_lottie_image_info_get(d.lottie, 2, &info) == KF_E_OUT_OF_RANGE, "index 2");
  CHECK(kf_lottie_image_data(d.lottie, 2, data, sizeof data, &size) == KF_E_OUT_OF_RANGE,
        "index 2");
  CHECK(kf_lottie_image_count(d.lottie, NULL) == KF_E_NULL, "NULL count");
  CHECK(kf_lottie_image_info_get(d.lottie, 0, NULL) == KF_E_NULL, "NULL info");
  release(&d);
}

/* Refusals: a frame that is not finite empties the list; NULL arguments;
 * released handles. */
static void test_errors(void) {
  kf_display_list *list = NULL;
  CHECK(kf_display_list_create(&list) == KF_OK, "create");
  kf_display_list_view v;
  CHECK(kf_display_list_get(list, &v) == KF_OK && v.op_count == 0 && isnan(v.frame) &&
            v.version == KF_DISPLAY_LIST_VERSION,
        "a new list is empty, its frame NaN");
  kf_lottie *lottie = NULL;
  CHECK(kf_lottie_import(rect_doc, strlen(rect_doc), 0, &lottie) == KF_OK, "import");

  const double bad[] = {NAN, INFINITY, -INFINITY};
  for (int i = 0; i < 3; i++) {
    CHECK(kf_lottie_draw(lottie, 0, list) == KF_OK, "draw");
    CHECK(kf_lottie_draw(lottie, bad[i], list) == KF_E_INVALID_VALUE, "frame %g", bad[i]);
    CHECK(kf_last_error()[0] != '\0', "a message");
    CHECK(kf_display_list_get(list, &v) == KF_OK && v.op_count == 0 && v.verb_count == 0 &&
              v.point_count == 0 && v.dash_count == 0,
          "frame %g leaves the list empty: %zu ops", bad[i], v.op_count);
  }

  CHECK(kf_display_list_create(NULL) == KF_E_NULL, "create(NULL)");
  CHECK(kf_lottie_draw(NULL, 0, list) == KF_E_NULL, "draw(NULL lottie)");
  CHECK(kf_lottie_draw(lottie, 0, NULL) == KF_E_NULL, "draw(NULL list)");
  CHECK(kf_display_list_get(NULL, &v) == KF_E_NULL, "get(NULL list)");
  CHECK(kf_display_list_get(list, NULL) == KF_E_NULL, "get(NULL view)");

  kf_display_list_release(list);
  CHECK(kf_lottie_draw(lottie, 0, list) == KF_E_INVALID_HANDLE, "draw into a released list");
  CHECK(kf_display_list_get(list, &v) == KF_E_INVALID_HANDLE, "get from a released list");
  kf_display_list_release(list); /* again: a no-op */
  kf_display_list_release(NULL);

  CHECK(kf_display_list_create(&list) == KF_OK, "create");
  kf_lottie_release(lottie);
  CHECK(kf_lottie_draw(lottie, 0, list) == KF_E_INVALID_HANDLE, "draw a released import");
  CHECK(kf_lottie_image_count(lottie, &(size_t){0}) == KF_E_INVALID_HANDLE,
        "images of a released import");
  /* A list handle is not an import handle. */
  CHECK(kf_lottie_draw((const kf_lottie *)(const void *)list, 0, list) == KF_E_INVALID_HANDLE,
        "a list passed as an import");
  kf_display_list_release(list);
}

/* Every .json file in `folder` that imports, drawn at its first, middle,
 * a fractional and a negative frame, and one past its last: each list well
 * formed. */
static void test_folder(const char *folder) {
  DIR *dir = opendir(folder);
  CHECK(dir != NULL, "open %s", folder);
  if (!dir) return;
  kf_display_list *list = NULL;
  CHECK(kf_display_list_create(&list) == KF_OK, "create");
  kf_raster *raster = NULL;
  CHECK(kf_raster_create(&raster) == KF_OK, "raster");
  static uint8_t pixels[96 * 64 * 4];
  size_t files = 0, lists = 0, rendered = 0;
  struct dirent *entry;
  while ((entry = readdir(dir)) != NULL) {
    size_t n = strlen(entry->d_name);
    if (n < 5 || strcmp(entry->d_name + n - 5, ".json") != 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t length = fread(text, 1, (size_t)size, f);
    fclose(f);
    kf_lottie *lottie = NULL;
    if (kf_lottie_import(text, length, 0, &lottie) == KF_OK) {
      files++;
      kf_lottie_info info;
      CHECK(kf_lottie_get_info(lottie, &info) == KF_OK, "%s: info", entry->d_name);
      const double frames[] = {info.in_point, (info.in_point + info.out_point) / 2,
                               info.in_point + 0.37, -3.5, info.out_point};
      for (int i = 0; i < 5; i++) {
        CHECK(kf_lottie_draw(lottie, frames[i], list) == KF_OK, "%s: draw %g", entry->d_name,
              frames[i]);
        kf_display_list_view v;
        CHECK(kf_display_list_get(list, &v) == KF_OK, "get");
        CHECK(v.width == info.width && v.height == info.height, "%s: size", entry->d_name);
        lists += well_formed(&v, entry->d_name);
        /* Every list the player makes draws (small, so valgrind's run stays
         * short): every pixel written. */
        memset(pixels, 0xAB, sizeof pixels);
        CHECK(kf_raster_draw(raster, list, NULL, NULL, 0, pixels, sizeof pixels, 96, 64, 96 * 4) ==
                  KF_OK,
              "%s: raster %g: %s", entry->d_name, frames[i], kf_last_error());
        size_t untouched = 0;
        for (size_t k = 0; k + 3 < sizeof pixels; k += 4)
          untouched += pixels[k] == 0xAB && pixels[k + 1] == 0xAB && pixels[k + 3] == 0xAB;
        CHECK(untouched == 0, "%s: %zu pixels not written", entry->d_name, untouched);
        rendered++;
      }
    }
    kf_lottie_release(lottie);
    free(text);
  }
  closedir(dir);
  kf_display_list_release(list);
  kf_raster_release(raster);
  printf("  %zu files of %s, %zu lists well formed, %zu drawn\n", files, folder, lists, rendered);
}

/* ---------------------------------------------------------------------------
 * Gradients (0.3.3): lottie-web's CVShapeElement.renderGradientFill and
 * GradientProperty, worked by hand.
 */
#define GRADIENT(ty, t, s, e, extra, p, k)                                                       \
  "{\"ty\":\"" ty "\",\"t\":" t ",\"s\":" STATIC(s) ",\"e\":" STATIC(e) "," extra "\"o\":" STATIC( \
      "50") ",\"r\":1,\"g\":{\"p\":" p ",\"k\":" STATIC(k) "}}"

/* The stops of op as offset, r, g, b, a rows, against `expected`. */
static int stops_are(const kf_display_list_view *view, const kf_draw_op *op, const double *expected,
                     uint32_t count) {
  if (op->stop_count != count || (uint64_t)op->stop_start + count > view->stop_count) return 0;
  for (uint32_t i = 0; i < 5 * count; i++) {
    if (!near(view->stops[5 * op->stop_start + i], expected[i])) {
      fprintf(stderr, "  stop number %u: %.17g, expected %.17g\n", i,
              view->stops[5 * op->stop_start + i], expected[i]);
      return 0;
    }
  }
  return 1;
}

static const kf_draw_op *only_paint(drawn *d, const char *name) {
  static const uint32_t fill[] = {KF_OP_SAVE, KF_OP_FILL, KF_OP_RESTORE, 0};
  static const uint32_t stroke[] = {KF_OP_SAVE, KF_OP_STROKE, KF_OP_RESTORE, 0};
  int ok = ops_are(&d->view, fill) || ops_are(&d->view, stroke);
  CHECK(ok, "%s: %zu ops", name, d->view.op_count);
  well_formed(&d->view, name);
  return ok ? &d->view.ops[1] : NULL;
}

static void test_gradients(void) {
  /* Linear, red at 0 to blue at 1, no opacity stops: two opaque stops; the
   * item's opacity 50 % in color[3]. */
  drawn d = draw(DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," GRADIENT("gf", "1", "[0,0]", "[100,0]", "", "2",
                                                                                    "[0,1,0,0,1,0,0,1]")),
                     ""),
                 0);
  const kf_draw_op *op = only_paint(&d, "linear gradient");
  if (op) {
    static const double stops[] = {0, 1, 0, 0, 1, 1, 0, 0, 1, 1};
    CHECK(op->paint == KF_PAINT_LINEAR, "linear: paint %u", op->paint);
    CHECK(op->gradient[0] == 0 && op->gradient[1] == 0 && op->gradient[2] == 0 &&
              op->gradient[3] == 100 && op->gradient[4] == 0 && op->gradient[5] == 0,
          "linear: from (0, 0) to (100, 0)");
    CHECK(stops_are(&d.view, op, stops, 2), "linear: the stops");
    CHECK(op->color[0] == 1 && op->color[1] == 1 && op->color[2] == 1 && op->color[3] == 0.5,
          "linear: color (1, 1, 1, opacity)");
    CHECK(path_is(&d.view, op, "MCCCCZ", rect_points), "linear: the path");
  }
  release(&d);

  /* Opacity stops at the color stops' offsets ("collapsable"): each color
   * stop takes its alpha. Offsets round to whole percents (0.333 -> 0.33),
   * channels to whole 255ths (0.5 -> 128 / 255). */
  d = draw(DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," GRADIENT("gf", "1", "[0,0]", "[100,0]", "", "2",
                                                                         "[0.333,0.5,0,0,1,0,0,1,0.333,0.2,1,0.8]")),
               ""),
           0);
  op = only_paint(&d, "collapsable opacity");
  if (op) {
    const double h = 128.0 / 255;
    const double stops[] = {0.33, h, 0, 0, 0.2, 1, 0, 0, 1, 0.8};
    CHECK(stops_are(&d.view, op, stops, 2), "collapsable opacity: the stops");
  }
  release(&d);

  /* One opacity stop at 0.5 (alpha 0.4) between color stops at 0 and 1:
   * stops at the union of offsets, the color interpolated on the color
   * stops (purple halfway) and the alpha held beyond its one stop. */
  d = draw(DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," GRADIENT("gf", "1", "[0,0]", "[100,0]", "", "2",
                                                                         "[0,1,0,0,1,0,0,1,0.5,0.4]")),
               ""),
           0);
  op = only_paint(&d, "separate opacity");
  if (op) {
    static const double stops[] = {0, 1, 0, 0, 0.4, 0.5, 0.5, 0, 0.5, 0.4, 1, 0, 0, 1, 0.4};
    CHECK(stops_are(&d.view, op, stops, 3), "separate opacity: the stops");
  }
  release(&d);

  /* Radial from s (50, 50) through e (50, 150): radius 100 at angle 90
   * degrees; the highlight at 50 % of it, 90 degrees further round: at
   * angle 180 degrees, (50 - 50, 50) = (0, 50), radius 0. A highlight of
   * 150 % is held at 99 %: (50 - 99, 50). Stroked: a gradient stroke. */
  d = draw(DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," GRADIENT("gs", "2", "[50,50]", "[50,150]",
                                                                         "\"h\":" STATIC("50") ",\"a\":" STATIC("90") ",\"w\":" STATIC("3") ",\"lc\":1,\"lj\":1,",
                                                                         "2", "[0,1,1,1,1,0,0,0]")),
               ""),
           0);
  op = only_paint(&d, "radial gradient stroke");
  if (op) {
    CHECK(op->kind == KF_OP_STROKE && op->width == 3, "radial: a stroke of width 3");
    CHECK(op->paint == KF_PAINT_RADIAL, "radial: paint %u", op->paint);
    CHECK(fabs(op->gradient[0]) < 1e-9 && near(op->gradient[1], 50) && op->gradient[2] == 0 &&
              op->gradient[3] == 50 && op->gradient[4] == 50 && op->gradient[5] == 100,
          "radial: (%g, %g, %g) to (%g, %g, %g)", op->gradient[0], op->gradient[1], op->gradient[2],
          op->gradient[3], op->gradient[4], op->gradient[5]);
  }
  release(&d);
  d = draw(DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," GRADIENT("gf", "2", "[50,50]", "[50,150]",
                                                                         "\"h\":" STATIC("150") ",\"a\":" STATIC("90") ",",
                                                                         "2", "[0,1,1,1,1,0,0,0]")),
               ""),
           0);
  op = only_paint(&d, "radial highlight held");
  if (op) {
    CHECK(near(op->gradient[0], 50 - 99) && near(op->gradient[1], 50), "radial: highlight at 99 %%");
  }
  release(&d);

  /* A gradient with fewer stops than it says is not drawn (a warning). */
  d = draw(DOC(LAYER("", "", RECT("[200,100]", "[100,50]") "," GRADIENT("gf", "1", "[0,0]", "[1,0]", "", "3",
                                                                         "[0,1,0,0]")),
               ""),
           0);
  CHECK(d.view.op_count == 0, "3 color stops in 4 numbers: nothing drawn (%zu ops)", d.view.op_count);
  release(&d);
}

/* Polystars (lottie-web's StarShapeProperty). A 5-point star at (100, 100),
 * outer radius 50, inner 20, no roundness: 10 vertices from the top,
 * alternating, 36 degrees apart; controls on the vertices. A square
 * polygon of radius 10 with roundness 100 %: vertices (0, -10), (10, 0),
 * ...; tangent length 2 pi 10 / (4 * 4) along the circle. */
#define STAR(sy, pt, or_, ir, os, is_)                                                            \
  "{\"ty\":\"sr\",\"sy\":" sy ",\"p\":" STATIC("[100,100]") ",\"pt\":" STATIC(pt) ",\"r\":" STATIC( \
      "0") ",\"or\":" STATIC(or_) ",\"ir\":" STATIC(ir) ",\"os\":" STATIC(os) ",\"is\":" STATIC(is_) "}"

static void test_polystar(void) {
  drawn d = draw(DOC(LAYER("", "", STAR("1", "5.7", "50", "20", "0", "0") "," RED_FILL), ""), 0);
  const kf_draw_op *op = only_paint(&d, "star");
  if (op) {
    CHECK(op->verb_count == 12, "star: M, 10 cubics, Z (%u verbs)", op->verb_count);
    const double *pt = &d.view.points[2 * op->point_start];
    const double c = cos(-M_PI / 2 + M_PI / 5), s = sin(-M_PI / 2 + M_PI / 5);
    CHECK(near(pt[0], 100) && near(pt[1], 50), "star: starts at the top (%g, %g)", pt[0], pt[1]);
    /* The first cubic: controls on its ends, ending at the first inner vertex. */
    CHECK(near(pt[2], 100) && near(pt[3], 50) && near(pt[4], 100 + 20 * c) &&
              near(pt[5], 100 + 20 * s) && near(pt[6], 100 + 20 * c) && near(pt[7], 100 + 20 * s),
          "star: the first segment");
  }
  release(&d);
  /* The polygon at (100, 100): the first cubic from (100, 90) to (110, 100). */
  d = draw(DOC(LAYER("", "", STAR("2", "4", "10", "0", "100", "0") "," RED_FILL), ""), 0);
  op = only_paint(&d, "polygon");
  if (op) {
    const double k = 2 * M_PI * 10 / 16;
    const double first[] = {100, 90, 100 + k, 90, 110, 100 - k, 110, 100};
    const double *pt = &d.view.points[2 * op->point_start];
    int ok = op->verb_count == 6;
    for (int i = 0; i < 8 && ok; i++) ok = near(pt[i], first[i]);
    CHECK(ok, "polygon: 4 rounded segments, the first (%g, %g) (%g, %g) (%g, %g) (%g, %g)", pt[0],
          pt[1], pt[2], pt[3], pt[4], pt[5], pt[6], pt[7]);
  }
  release(&d);
  /* Fewer than one point draws nothing; a hostile count is bounded. */
  d = draw(DOC(LAYER("", "", STAR("2", "0.5", "10", "0", "0", "0") "," RED_FILL), ""), 0);
  CHECK(d.view.op_count == 0, "polygon of 0.5 points: nothing (%zu ops)", d.view.op_count);
  release(&d);
  d = draw(DOC(LAYER("", "", STAR("1", "1e300", "10", "5", "0", "0") "," RED_FILL), ""), 0);
  op = only_paint(&d, "star of 1e300 points");
  CHECK(op && op->verb_count == 65536 + 2, "star of 1e300 points: capped at 65536 vertices");
  release(&d);
}

/* A repeater (lottie-web's RepeaterModifier): 4 copies of a red square at
 * (10, 0), each turned a further 90 degrees about (0, 0), opacity from 100 %
 * to 40 % in list order (1, 0.8, 0.6, 0.4). Composite "above": copy 0 is on
 * top, so the last copy (270 degrees, alpha 0.4) is drawn first. A copy is
 * a group: its fill inside a SAVE of its matrix (none for the untransformed
 * copy). */
#define REPEATER(c, m)                                                                              \
  "{\"ty\":\"rp\",\"c\":" STATIC(c) ",\"o\":" STATIC("0") ",\"m\":" m ",\"tr\":{\"ty\":\"tr\",\"p\":" STATIC( \
      "[0,0]") ",\"a\":" STATIC("[0,0]") ",\"s\":" STATIC("[100,100]") ",\"r\":" STATIC("90") ",\"so\":" STATIC( \
      "100") ",\"eo\":" STATIC("40") "}}"

/* The fills of a list, each with the matrix of the SAVE just before it
 * (the identity when the op before is not a SAVE). */
static size_t fills(const kf_display_list_view *v, const kf_draw_op **fill, double (*matrix)[6], size_t most) {
  size_t n = 0;
  for (size_t i = 1; i < v->op_count && n < most; i++) {
    if (v->ops[i].kind != KF_OP_FILL) continue;
    const kf_draw_op *before = &v->ops[i - 1];
    int saved = before->kind == KF_OP_SAVE && i > 1;
    for (int k = 0; k < 6; k++) matrix[n][k] = saved ? before->matrix[k] : (k == 0 || k == 3);
    fill[n++] = &v->ops[i];
  }
  return n;
}

static void test_repeater(void) {
  drawn d = draw(DOC(LAYER("", "", RECT("[10,0]", "[2,2]") "," RED_FILL "," REPEATER("4", "1")), ""), 0);
  const kf_display_list_view *v = &d.view;
  const kf_draw_op *fill[4];
  double matrix[4][6];
  well_formed(v, "repeater");
  CHECK(fills(v, fill, matrix, 4) == 4, "repeater: 4 fills");
  static const double alphas[] = {0.4, 0.6, 0.8, 1.0};
  for (int i = 0; i < 4 && fill[0]; i++) {
    const double turn = (3 - i) * M_PI / 2;
    CHECK(near(matrix[i][0], cos(turn)) && near(matrix[i][1], sin(turn)) &&
              near(matrix[i][2], -sin(turn)) && near(matrix[i][3], cos(turn)) &&
              near(matrix[i][4], 0) && near(matrix[i][5], 0),
          "repeater: copy %d turned %d degrees", i, 90 * (3 - i));
    CHECK(near(fill[i]->color[3], alphas[i]), "repeater: copy %d alpha %g (%g)", i, alphas[i],
          fill[i]->color[3]);
  }
  release(&d);
  /* "Below": copy 0 at the bottom, drawn first, with alpha 0.4 at list
   * position 2; a fractional count rounds up (2.2 -> 3 copies). */
  d = draw(DOC(LAYER("", "", RECT("[10,0]", "[2,2]") "," RED_FILL "," REPEATER("2.2", "2")), ""), 0);
  v = &d.view;
  CHECK(fills(v, fill, matrix, 4) == 3, "repeater below: 3 fills");
  CHECK(near(matrix[0][0], 1) && near(fill[0]->color[3], 0.4),
        "repeater below: the untransformed copy first, alpha 0.4 (%g)", fill[0]->color[3]);
  CHECK(near(matrix[2][0], cos(M_PI)) && near(fill[2]->color[3], 1),
        "repeater below: the copy turned 180 degrees last, alpha 1");
  release(&d);
  /* 1e9 copies are drawn as 1000; nested repeaters stop at 2^16 items. */
  d = draw(DOC(LAYER("", "", RECT("[10,0]", "[2,2]") "," RED_FILL "," REPEATER("1e9", "1")), ""), 0);
  size_t count = 0;
  for (size_t i = 0; i < d.view.op_count; i++) count += d.view.ops[i].kind == KF_OP_FILL;
  CHECK(count == 1000, "repeater of 1e9 copies: 1000 fills (%zu)", count);
  release(&d);
  d = draw(DOC(LAYER("", "",
                     "{\"ty\":\"gr\",\"it\":[" RECT("[10,0]", "[2,2]") "," RED_FILL "," REPEATER("1000", "1") "]},"
                     REPEATER("1000", "1")),
               ""),
           0);
  count = 0;
  for (size_t i = 0; i < d.view.op_count; i++) count += d.view.ops[i].kind == KF_OP_FILL;
  CHECK(count > 0 && count <= 65536, "nested repeaters: bounded (%zu fills)", count);
  well_formed(&d.view, "nested repeaters");
  release(&d);
}

/* Round corners (lottie-web's RoundCornersModifier): a 20 x 20 square at
 * (0, 0), radius 5. The square runs from its top right corner (10, -10) to
 * the top left (lottie-web's rectangle without `d`); each corner becomes two
 * vertices 5 along its edges joined by a curve whose controls are
 * 0.5519 of the way back toward the corner: from (10, -5), controls
 * (10, -7.7595) and (7.7595, -10) (5 - 5 x 0.5519 = 2.2405 from the
 * corner), to (5, -10). 8 vertices, closed: M, 8 C, Z. An ellipse has no sharp
 * vertex and is unchanged. */
static void test_round_corners(void) {
  drawn d = draw(DOC(LAYER("", "", RECT("[0,0]", "[20,20]") ",{\"ty\":\"rd\",\"r\":" STATIC("5") "}," RED_FILL), ""), 0);
  const kf_draw_op *op = only_paint(&d, "round corners");
  if (op) {
    const double k = 5 - 5 * 0.5519;
    const double first[] = {10, -5, 10, -10 + k, 10 - k, -10, 5, -10};
    const double *pt = &d.view.points[2 * op->point_start];
    int ok = op->verb_count == 10;
    for (int i = 0; i < 8 && ok; i++) ok = near(pt[i], first[i]);
    CHECK(ok, "round corners: 8 vertices, the first corner (%g, %g) (%g, %g) (%g, %g) (%g, %g); %u verbs",
          pt[0], pt[1], pt[2], pt[3], pt[4], pt[5], pt[6], pt[7], op->verb_count);
  }
  release(&d);
  d = draw(DOC(LAYER("", "",
                     "{\"ty\":\"el\",\"p\":" STATIC("[0,0]") ",\"s\":" STATIC("[20,20]") "},{\"ty\":\"rd\",\"r\":" STATIC(
                         "5") "}," RED_FILL),
               ""),
           0);
  op = only_paint(&d, "round corners on an ellipse");
  CHECK(op && op->verb_count == 6, "round corners: an ellipse keeps its 4 vertices");
  release(&d);
}

/* Text with embedded glyphs (lottie-web's completeTextData and
 * getMeasures for point text). Glyph "A" is the square (0, 0) (10, 0)
 * (10, -10) (0, -10) at size 100, advance 60. At size 50 with tracking 100
 * (5 px) and line height 40, "AA\rA" left-justified puts the letters at
 * x 0 and 30 + 5 = 35 on the baseline y 0, and the third at (0, 40 + 1)
 * (lottie-web adds a pixel below the first line); each square scales to 5.
 * Centered: line widths 65 (-5 + 35 + 35) and 25 (-10 + 35, lottie-web's
 * -2 x tracking after a break), so the lines start at -32.5 and -12.5. */
#define GLYPHS                                                                                  \
  "\"fonts\":{\"list\":[{\"fName\":\"F\",\"fFamily\":\"Fam\",\"fStyle\":\"Regular\",\"ascent\":70}]}," \
  "\"chars\":[{\"ch\":\"A\",\"size\":100,\"style\":\"Regular\",\"w\":60,\"fFamily\":\"Fam\","       \
  "\"data\":{\"shapes\":[{\"ty\":\"gr\",\"it\":[{\"ty\":\"sh\",\"ks\":" STATIC(                     \
      "{\"c\":true,\"v\":[[0,0],[10,0],[10,-10],[0,-10]],\"i\":[[0,0],[0,0],[0,0],[0,0]],"          \
      "\"o\":[[0,0],[0,0],[0,0],[0,0]]}") "}]}]}}],"
#define TEXT_LAYER(j)                                                                              \
  "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"st\":0,\"ks\":{},\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":{"   \
  "\"s\":50,\"f\":\"F\",\"t\":\"AA\\rA\",\"j\":" j ",\"tr\":100,\"lh\":40,\"fc\":[1,0,0]}}]},"        \
  "\"a\":[],\"m\":{\"g\":1,\"a\":" STATIC("[0,0]") "}}}"
#define TEXT_DOC(j)                                                                                \
  "{\"v\":\"5.7.0\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":400,\"h\":300," GLYPHS "\"layers\":[" TEXT_LAYER(j) "]}"

static void test_text(void) {
  static const double starts[2][3][2] = {{{0, 0}, {35, 0}, {0, 41}}, {{-32.5, 0}, {2.5, 0}, {-12.5, 41}}};
  for (int centered = 0; centered < 2; centered++) {
    drawn d = draw(centered ? TEXT_DOC("2") : TEXT_DOC("0"), 0);
    const kf_draw_op *op = only_paint(&d, "text");
    if (op) {
      CHECK(op->kind == KF_OP_FILL && op->color[0] == 1 && op->color[3] == 1, "text: a red fill");
      CHECK(op->verb_count == 3 * 6, "text: 3 squares of M, 4 C, Z (%u verbs)", op->verb_count);
      /* Each square: the start point, then 4 cubics (3 pairs each). */
      const double *pt = &d.view.points[2 * op->point_start];
      for (int letter = 0; letter < 3 && op->verb_count == 18; letter++) {
        const double *p = pt + 2 * 13 * letter;
        const double x = starts[centered][letter][0], y = starts[centered][letter][1];
        CHECK(near(p[0], x) && near(p[1], y) && near(p[6], x + 5) && near(p[7], y) &&
                  near(p[12], x + 5) && near(p[13], y - 5),
              "text %s: letter %d at (%g, %g), got (%g, %g)", centered ? "centered" : "left", letter, x,
              y, p[0], p[1]);
      }
    }
    release(&d);
  }
}

/* Markers (0.3.3): `tm`, `cm`, `dr` as written, in file order. */
static void test_markers(void) {
  const char *doc = "{\"v\":\"5.7.0\",\"fr\":30,\"ip\":0,\"op\":90,\"w\":10,\"h\":10,\"layers\":[],"
                    "\"markers\":[{\"tm\":0,\"cm\":\"intro\",\"dr\":30},{\"tm\":30.5,\"cm\":\"loop\",\"dr\":45}]}";
  kf_lottie *lottie = NULL;
  CHECK(kf_lottie_import(doc, strlen(doc), 0, &lottie) == KF_OK, "markers: import");
  size_t count = 0, length = 0;
  CHECK(kf_lottie_marker_count(lottie, &count) == KF_OK && count == 2, "markers: 2 (%zu)", count);
  double frame = -1, duration = -1;
  char name[8];
  CHECK(kf_lottie_marker_get(lottie, 1, &frame, &duration, name, sizeof name, &length) == KF_OK &&
            frame == 30.5 && duration == 45 && length == 4 && strcmp(name, "loop") == 0,
        "markers: the second is loop at 30.5 for 45");
  CHECK(kf_lottie_marker_get(lottie, 0, &frame, NULL, name, 3, &length) == KF_E_BUFFER_TOO_SMALL &&
            length == 5 && frame == 0,
        "markers: a short buffer gets the length, the numbers are written");
  CHECK(kf_lottie_marker_get(lottie, 2, NULL, NULL, NULL, 0, NULL) == KF_E_OUT_OF_RANGE,
        "markers: index 2 is past the end");
  CHECK(kf_lottie_marker_count(NULL, &count) == KF_E_NULL, "markers: NULL import");
  kf_lottie_release(lottie);
}

/* ---------------------------------------------------------------------------
 * Pixels (kf_raster_*, kf_lottie_render): rect_doc's 100 x 50 rectangle at
 * (150...250, 75...125) in the 400 x 300 composition, drawn at 200 x 150
 * (NULL matrix: fitted, a scale of 1/2): pixels 75...124 x 38...62 are red,
 * with half-covered rows at y = 37 and y = 62 (75 / 2 = 37.5, 125 / 2 =
 * 62.5).
 */
static void test_raster(void) {
  kf_lottie *lottie = NULL;
  CHECK(kf_lottie_import(rect_doc, strlen(rect_doc), 0, &lottie) == KF_OK, "import");
  kf_raster *raster = NULL;
  CHECK(kf_raster_create(&raster) == KF_OK, "raster");
  enum { W = 200, H = 150 };
  static uint8_t px[W * H * 4];
#define AT(x, y, c) px[((y) * W + (x)) * 4 + (c)]
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 0, px, sizeof px, W, H, W * 4) == KF_OK,
        "render: %s", kf_last_error());
  CHECK(AT(100, 50, 0) == 255 && AT(100, 50, 1) == 0 && AT(100, 50, 3) == 255, "inside: %d %d %d",
        AT(100, 50, 0), AT(100, 50, 1), AT(100, 50, 3));
  CHECK(AT(74, 50, 3) == 0 && AT(125, 50, 3) == 0, "left and right of it");
  CHECK(abs(AT(100, 37, 3) - 128) <= 1 && abs(AT(100, 62, 3) - 128) <= 1, "half rows: %d %d",
        AT(100, 37, 3), AT(100, 62, 3));
  CHECK(AT(100, 37, 0) == 255, "straight alpha keeps red: %d", AT(100, 37, 0));
  /* Premultiplied over an opaque blue background, at a matrix of scale 1
   * shifted by (-100, -50): the rectangle's corner (150, 75) at (50, 25). */
  const double m[6] = {1, 0, 0, 1, -100, -50}, blue[4] = {0, 0, 1, 1};
  CHECK(kf_lottie_render(lottie, 0, raster, m, blue, KF_RASTER_PREMULTIPLIED, px, sizeof px, W, H,
                         W * 4) == KF_OK,
        "render over blue");
  CHECK(AT(50, 25, 0) == 255 && AT(50, 25, 2) == 0, "the corner pixel is red");
  CHECK(AT(49, 25, 0) == 0 && AT(49, 25, 2) == 255 && AT(49, 25, 3) == 255, "left of it blue");
  /* Errors leave the pixels alone. */
  memset(px, 9, sizeof px);
  const double singular[6] = {0, 0, 0, 0, 0, 0}, nan_bg[4] = {NAN, 0, 0, 1};
  CHECK(kf_lottie_render(lottie, 0, raster, singular, NULL, 0, px, sizeof px, W, H, W * 4) ==
            KF_E_INVALID_VALUE,
        "a singular matrix");
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, nan_bg, 0, px, sizeof px, W, H, W * 4) ==
            KF_E_INVALID_VALUE,
        "a NaN background");
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 0, px, sizeof px - 1, W, H, W * 4) ==
            KF_E_BUFFER_TOO_SMALL,
        "a short buffer");
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 0, px, sizeof px, W, H, W * 4 - 1) ==
            KF_E_INVALID_VALUE,
        "a short stride");
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 8, px, sizeof px, W, H, W * 4) ==
            KF_E_INVALID_VALUE,
        "unknown flags");
  CHECK(kf_lottie_render(lottie, NAN, raster, NULL, NULL, 0, px, sizeof px, W, H, W * 4) ==
            KF_E_INVALID_VALUE,
        "a NaN frame");
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 0, px, sizeof px, 0, H, W * 4) ==
            KF_E_INVALID_VALUE,
        "a width of 0");
  CHECK(kf_lottie_render(lottie, 0, NULL, NULL, NULL, 0, px, sizeof px, W, H, W * 4) == KF_E_NULL,
        "a NULL raster");
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 0, NULL, sizeof px, W, H, W * 4) ==
            KF_E_NULL,
        "NULL pixels");
  CHECK(px[0] == 9 && px[sizeof px - 1] == 9, "nothing written on an error");
  CHECK(kf_raster_set_image(raster, 0, px, 16, 2, 2, 7) == KF_E_INVALID_VALUE, "image stride");
  CHECK(kf_raster_set_image(raster, 0, px, 15, 2, 2, 8) == KF_E_BUFFER_TOO_SMALL, "image size");
  CHECK(kf_raster_set_image(raster, 0, px, 16, 2, 2, 8) == KF_OK, "an image");
  kf_raster_release(raster);
  kf_raster_release(raster); /* a released handle is a no-op */
  CHECK(kf_lottie_render(lottie, 0, raster, NULL, NULL, 0, px, sizeof px, W, H, W * 4) ==
            KF_E_INVALID_HANDLE,
        "a released raster");
  kf_lottie_release(lottie);
#undef AT
}

int main(int argc, char **argv) {
  test_raster();
  test_rectangle();
  test_transform_and_ellipse();
  test_visibility();
  test_stroke();
  test_mask();
  test_matte_and_blend();
  test_precomposition();
  test_images();
  test_gradients();
  test_polystar();
  test_markers();
  test_repeater();
  test_round_corners();
  test_text();
  test_errors();
  for (int i = 1; i < argc; i++) test_folder(argv[i]);
  printf("lottie draw: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
