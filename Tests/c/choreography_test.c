/* The choreography and player vectors (Tests/vectors/choreography.json and
 * player.json, through Tests/c/gen_choreography.py) through the C ABI, and
 * the ABI's refusals of untrusted input for nodes and players: NULLs,
 * released handles, NaN, cycles, nothing changed on an error. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "choreography.inc"

static int close_to(double a, double b, double tolerance) {
  if (isnan(b)) return isnan(a);
  if (isinf(b)) return a == b;
  return fabs(a - b) <= tolerance;
}

/* The first column and channel count of (target, property) in the node's
 * layout; -1 if it has none. */
static long find_column(const kf_node *node, const char *target, const char *property,
                        size_t *out_channels) {
  size_t pairs = 0, names_length = 0;
  kf_node_get_layout(node, NULL, 0, NULL, 0, &pairs, &names_length, NULL, NULL);
  kf_column *columns = calloc(pairs + 1, sizeof *columns);
  char *names = calloc(names_length + 1, 1);
  long found = -1;
  if (kf_node_get_layout(node, columns, pairs, names, names_length, NULL, NULL, NULL, NULL) ==
      KF_OK) {
    const char *p = names;
    for (size_t i = 0; i < pairs; i++) {
      const char *t = p;
      p += strlen(p) + 1;
      const char *q = p;
      p += strlen(p) + 1;
      if (strcmp(t, target) == 0 && strcmp(q, property) == 0) {
        found = (long)columns[i].start;
        *out_channels = columns[i].channels;
      }
    }
  }
  free(columns);
  free(names);
  return found;
}

/* Samples `node` at `times` (one batch call) and compares each listed pair
 * with `values` (a null is one NaN; a point its channels). */
static void check_rows(const char *id, const kf_node *node, size_t count, const double *times,
                       size_t pair_count, const char *const *pairs, const double *values,
                       double tolerance) {
  size_t width = 0;
  kf_node_get_layout(node, NULL, 0, NULL, 0, NULL, NULL, &width, NULL);
  double *matrix = calloc(count * width + 1, sizeof *matrix);
  CHECK(kf_node_sample_many(node, times, count, KF_ANIMATION_FORWARDS, matrix, count * width,
                            NULL, NULL) == KF_OK,
        "%s: sample", id);
  size_t k = 0;
  for (size_t j = 0; j < count; j++) {
    for (size_t c = 0; c < pair_count; c++) {
      size_t channels = 0;
      long column = find_column(node, pairs[2 * c], pairs[2 * c + 1], &channels);
      CHECK(column >= 0, "%s: no column %s.%s", id, pairs[2 * c], pairs[2 * c + 1]);
      if (column < 0) return;
      const double *row = matrix + j * width + column;
      if (isnan(values[k])) {
        for (size_t ch = 0; ch < channels; ch++) {
          CHECK(isnan(row[ch]), "%s at %g: %s.%s is %g, expected no effect", id, times[j],
                pairs[2 * c], pairs[2 * c + 1], row[ch]);
        }
        k += 1;
        continue;
      }
      for (size_t ch = 0; ch < channels; ch++, k++) {
        CHECK(close_to(row[ch], values[k], tolerance), "%s at %g: %s.%s[%zu] is %.17g, expected %.17g",
              id, times[j], pairs[2 * c], pairs[2 * c + 1], ch, row[ch], values[k]);
      }
    }
  }
  free(matrix);
}

static void run_trees(void) {
  for (size_t g = 0; g < sizeof tree_groups / sizeof tree_groups[0]; g++) {
    const tree_group *t = &tree_groups[g];
    kf_node *node = t->build();
    check_rows(t->id, node, t->samples, t->times, t->columns, t->pairs, t->values, t->tolerance);
    kf_node_release(node);
  }
}

/* A clip of natural duration d: a.x keyed 0 -> 0, d -> d. */
static kf_node *unit_clip(double d, const kf_timing_options *timing) {
  kf_animator *anim = NULL;
  kf_track *track = NULL;
  kf_node *clip = NULL;
  kf_animator_create(&anim);
  kf_animator_add_track(anim, "a", "x", NULL, &track);
  double zero = 0;
  kf_track_set_keyframe(track, 0, &zero, 1, NULL);
  if (d > 0) kf_track_set_keyframe(track, d, &d, 1, NULL);
  CHECK(kf_clip_new(anim, NULL, timing, KF_COMPOSITE_REPLACE, &clip) == KF_OK, "unit clip");
  kf_track_release(track);
  kf_animator_release(anim);
  return clip;
}

static void run_placements(void) {
  for (size_t g = 0; g < sizeof placement_groups / sizeof placement_groups[0]; g++) {
    const placement_group *p = &placement_groups[g];
    kf_node *timeline = NULL;
    kf_timeline_new(NULL, &timeline);
    size_t added = 0;
    for (size_t i = 0; i < p->ops; i++) {
      const placement_op *op = &p->op[i];
      if (op->add) {
        kf_node *clip = unit_clip(op->duration, NULL);
        double start = NAN;
        CHECK(kf_timeline_add(timeline, clip, op->at, &start) == KF_OK, "%s: add", p->id);
        CHECK(added < p->count && close_to(start, p->starts[added], 1e-12), "%s: start %g", p->id,
              start);
        added++;
        kf_node_release(clip);
      } else {
        CHECK(kf_timeline_add_label(timeline, op->name, op->at, NULL) == KF_OK, "%s: label",
              p->id);
      }
    }
    double natural = NAN;
    kf_node_durations(timeline, &natural, NULL, NULL);
    CHECK(close_to(natural, p->duration, 1e-12), "%s: duration %g", p->id, natural);
    for (size_t i = 0; i < p->labels; i++) {
      double time = NAN;
      CHECK(kf_timeline_label_time(timeline, p->label_names[i], &time) == KF_OK &&
                close_to(time, p->label_times[i], 1e-12),
            "%s: label %s at %g", p->id, p->label_names[i], time);
    }
    kf_node_release(timeline);
  }
}

static void run_staggers(void) {
  for (size_t g = 0; g < sizeof stagger_groups / sizeof stagger_groups[0]; g++) {
    const stagger_group *s = &stagger_groups[g];
    const char **targets = calloc(s->count, sizeof *targets);
    char (*names)[32] = calloc(s->count, sizeof *names);
    for (size_t i = 0; i < s->count; i++) {
      snprintf(names[i], sizeof names[i], "item%zu", i);
      targets[i] = names[i];
    }
    kf_node *clip = unit_clip(1, NULL), *stagger = NULL;
    CHECK(kf_stagger_new(clip, targets, s->count, &s->options, NULL, &stagger) == KF_OK, "%s",
          s->id);
    double *offsets = calloc(s->count, sizeof *offsets);
    size_t count = 0;
    CHECK(kf_stagger_offsets(stagger, offsets, s->count, &count) == KF_OK && count == s->count,
          "%s: offsets", s->id);
    for (size_t i = 0; i < count; i++) {
      CHECK(close_to(offsets[i], s->offsets[i], s->tolerance), "%s: offset %zu is %.17g, not %.17g",
            s->id, i, offsets[i], s->offsets[i]);
    }
    free(offsets);
    free(targets);
    free(names);
    kf_node_release(clip);
    kf_node_release(stagger);
  }
}

static void run_presets(void) {
  for (size_t g = 0; g < sizeof preset_groups / sizeof preset_groups[0]; g++) {
    const preset_group *p = &preset_groups[g];
    const char **targets = calloc(p->count, sizeof *targets);
    char (*names)[32] = calloc(p->count, sizeof *names);
    for (size_t i = 0; i < p->count; i++) {
      snprintf(names[i], sizeof names[i], "item%zu", i);
      targets[i] = names[i];
    }
    kf_node *template_clip = NULL, *stagger = NULL;
    CHECK(kf_stagger_preset_template(p->preset, &template_clip) == KF_OK, "%s: template", p->id);
    kf_stagger_options options = KF_STAGGER_OPTIONS_INIT;
    options.max_count = p->max_count;
    CHECK(kf_stagger_new(template_clip, targets, p->count, &options, NULL, &stagger) == KF_OK,
          "%s: stagger", p->id);
    check_rows(p->id, stagger, p->samples, p->times, p->columns, p->pairs, p->values,
               p->tolerance);
    if (p->max_count == 20) {
      /* kf_stagger_preset_new is the same stagger. */
      kf_node *same = NULL;
      CHECK(kf_stagger_preset_new(p->preset, targets, p->count, &same) == KF_OK, "%s", p->id);
      check_rows(p->id, same, p->samples, p->times, p->columns, p->pairs, p->values,
                 p->tolerance);
      kf_node_release(same);
    }
    kf_node_release(template_clip);
    kf_node_release(stagger);
    free(targets);
    free(names);
  }
}

static kf_status run_step(kf_player *player, int op, double value, kf_event *events,
                             size_t *count) {
  int32_t more = 0;
  *count = 0;
  switch (op) {
  case 0: return kf_player_tick(player, value, events, 64, count, &more);
  case 1: return kf_player_advance(player, value, events, 64, count, &more);
  case 2: return kf_player_play(player);
  case 3: return kf_player_pause(player);
  case 4: return kf_player_reverse(player);
  case 5: return kf_player_finish(player);
  case 6: return kf_player_cancel(player);
  case 7: return kf_player_set_current_time(player, value);
  default: return kf_player_set_playback_rate(player, value);
  }
}

static void run_players(void) {
  for (size_t g = 0; g < sizeof player_groups / sizeof player_groups[0]; g++) {
    const player_group *p = &player_groups[g];
    kf_timing_options timing;
    p->timing(&timing);
    kf_node *clip = unit_clip(p->duration, &timing);
    kf_player *player = NULL;
    CHECK(kf_player_new(clip, NULL, &player) == KF_OK, "%s: player", p->id);
    kf_event events[64];
    for (size_t i = 0; i < p->steps; i++) {
      const player_step *s = &p->step[i];
      size_t count = 0;
      CHECK(run_step(player, s->op, s->value, events, &count) == KF_OK, "%s: step %zu", p->id,
            i);
      if (s->state < 0) continue;
      kf_player_state state = KF_PLAYER_STATE_INIT;
      kf_player_get_state(player, &state);
      CHECK(close_to(state.current_time, s->current, 1e-9), "%s: step %zu current %g, not %g",
            p->id, i, state.current_time, s->current);
      CHECK(state.play_state == s->state, "%s: step %zu state %d, not %d", p->id, i,
            state.play_state, s->state);
      CHECK(isnan(s->rate) || state.playback_rate == s->rate, "%s: step %zu rate", p->id, i);
      CHECK((int)count == s->events, "%s: step %zu: %zu events, not %d", p->id, i, count,
            s->events);
      for (size_t e = 0; e < count && (int)e < s->events; e++) {
        const player_event *want = &p->event[s->first + e];
        CHECK(events[e].kind == want->kind && close_to(events[e].clock_time, want->clock, 1e-9) &&
                  close_to(events[e].iteration, want->iteration, 0),
              "%s: step %zu event %zu: (%d, %g, %g)", p->id, i, e, events[e].kind,
              events[e].clock_time, events[e].iteration);
      }
    }
    if (p->reject_status != NULL) {
      kf_player_state before = KF_PLAYER_STATE_INIT, after = KF_PLAYER_STATE_INIT;
      kf_player_get_state(player, &before);
      size_t count = 0;
      kf_status status = run_step(player, p->reject_op, p->reject_value, events, &count);
      kf_player_get_state(player, &after);
      CHECK(status < 0 && strstr(p->reject_status, "INVALID") != NULL, "%s: refused (%d)", p->id,
            status);
      CHECK(before.play_state == after.play_state &&
                close_to(after.current_time, before.current_time, 0) &&
                after.playback_rate == before.playback_rate,
            "%s: state unchanged", p->id);
    }
    kf_player_release(player);
    kf_node_release(clip);
  }
}

/* Untrusted input: each call is refused with its status and changes
 * nothing. */
static void run_refusals(void) {
  kf_node *node = NULL, *timeline = NULL, *inner = NULL;
  CHECK(kf_clip_new(NULL, NULL, NULL, 0, &node) == KF_E_NULL, "NULL animator");
  CHECK(kf_timeline_new(NULL, NULL) == KF_E_NULL, "NULL out");
  kf_timeline_new(NULL, &timeline);
  kf_timeline_new(NULL, &inner);
  CHECK(kf_timeline_add(timeline, inner, NULL, NULL) == KF_OK, "add");
  CHECK(kf_timeline_add(inner, timeline, NULL, NULL) == KF_E_INVALID_VALUE, "a cycle");
  CHECK(kf_timeline_add(timeline, timeline, NULL, NULL) == KF_E_INVALID_VALUE, "itself");
  CHECK(kf_timeline_add(timeline, inner, NULL, NULL) == KF_E_INVALID_VALUE, "a second parent");
  CHECK(kf_timeline_add(timeline, NULL, NULL, NULL) == KF_E_NULL, "NULL child");
  CHECK(kf_timeline_add(timeline, inner, "\xff", NULL) == KF_E_INVALID_NAME, "not UTF-8");
  size_t children = 0;
  kf_timeline_child_count(timeline, &children);
  CHECK(children == 1, "nothing added on an error: %zu", children);
  kf_timing_options bad = KF_TIMING_OPTIONS_INIT;
  bad.duration = NAN;
  CHECK(kf_node_set_timing(timeline, &bad) == KF_E_INVALID_VALUE, "NaN duration");
  bad = (kf_timing_options)KF_TIMING_OPTIONS_INIT;
  bad.version = 99;
  CHECK(kf_timeline_new(&bad, &node) == KF_E_INVALID_VALUE, "unknown version");
  kf_timing_options eased = KF_TIMING_OPTIONS_INIT, read = KF_TIMING_OPTIONS_INIT;
  eased.iterations = 2;
  eased.autoreverses = 1;
  eased.easing = "ease-in";
  CHECK(kf_node_set_timing(inner, &eased) == KF_OK, "set timing");
  CHECK(kf_node_get_timing(inner, &read) == KF_OK && read.iterations == 4 &&
            read.direction == KF_DIRECTION_ALTERNATE && read.autoreverses == 0 &&
            read.easing != NULL && strcmp(read.easing, "cubic-bezier(0.42, 0, 1, 1)") == 0,
        "timing read back in Web Animations' terms (%g, %s)", read.iterations,
        read.easing ? read.easing : "NULL");
  CHECK(kf_node_get_timing(inner, NULL) == KF_E_NULL, "NULL timing");
  kf_node_release(inner);
  CHECK(kf_node_kind_of(inner, &(kf_node_kind){0}) == KF_E_INVALID_HANDLE, "released handle");
  kf_node_release(NULL);
  kf_player *player = NULL;
  CHECK(kf_player_new(timeline, "wobble", &player) == KF_E_EASING, "unknown curve");
  CHECK(kf_player_new(timeline, NULL, &player) == KF_OK, "player");
  CHECK(kf_player_advance(player, NAN, NULL, 0, &(size_t){0}, NULL) == KF_E_INVALID_VALUE, "NaN dt");
  {
    /* A frame loop's step: the clip of a.x 0 -> 0, 2 -> 2 at its new time. */
    kf_node *clip = unit_clip(2, NULL);
    kf_player *looped = NULL;
    double row[1] = {-1};
    size_t width = 0, count = 0;
    kf_event events[4];
    CHECK(kf_player_new(clip, NULL, &looped) == KF_OK && kf_player_play(looped) == KF_OK, "loop");
    CHECK(kf_player_advance_frame(looped, 0.5, row, 1, &width, events, 4, &count, NULL) == KF_OK &&
              row[0] == 0.5 && width == 1 && count == 1 && events[0].kind == KF_EVENT_STARTED,
          "advance_frame: %g, %zu events", row[0], count);
    CHECK(kf_player_advance_frame(looped, NAN, row, 1, &width, events, 4, &count, NULL) ==
              KF_E_INVALID_VALUE,
          "advance_frame with a NaN step");
    CHECK(kf_player_advance_frame(looped, 0.5, row, 0, &width, events, 4, &count, NULL) ==
              KF_E_BUFFER_TOO_SMALL,
          "advance_frame without room");
    kf_player_state state = KF_PLAYER_STATE_INIT;
    kf_player_get_state(looped, &state);
    CHECK(state.clock_time == 1.0, "the clock moved, as the header says (clock %g)",
          state.clock_time);
    kf_player_release(looped);
    kf_node_release(clip);
  }
  CHECK(kf_player_advance(player, 1, NULL, 4, &(size_t){0}, NULL) == KF_E_NULL, "NULL events");
  CHECK(kf_player_set_playback_rate(player, INFINITY) == KF_E_INVALID_VALUE, "infinite rate");
  CHECK(kf_player_stop(player, 7) == KF_E_INVALID_VALUE, "undefined stop position");
  kf_player_state state = KF_PLAYER_STATE_INIT;
  state.version = 0;
  CHECK(kf_player_get_state(player, &state) == KF_E_INVALID_VALUE, "state version");
  kf_player_release(player);
  kf_player_release(NULL);
  CHECK(kf_stagger_preset_new(9, (const char *[]){"a"}, 1, &node) == KF_E_INVALID_VALUE,
        "undefined preset");
  CHECK(kf_stagger_preset_new(KF_STAGGER_PRESET_GRID, NULL, 0, &node) == KF_E_INVALID_VALUE,
        "zero targets");
  kf_composite composite = -1;
  CHECK(kf_composite_from_name("ad", &composite) == KF_E_INVALID_NAME && composite == -1,
        "did you mean");
  CHECK(strstr(kf_last_error(), "add") != NULL, "suggestion: %s", kf_last_error());
  CHECK(kf_play_state_name(KF_PLAY_STATE_FINISHED) != NULL &&
            strcmp(kf_play_state_name(KF_PLAY_STATE_FINISHED), "finished") == 0,
        "play state name");
  CHECK(kf_event_kind_name(99) == NULL, "undefined event kind");
  kf_relative_keyframes *k = NULL;
  CHECK(kf_relative_keyframes_new(0, 0, KF_CALCULATION_LINEAR, &k) == KF_E_INVALID_VALUE,
        "zero duration");
  CHECK(kf_relative_keyframes_new(1, 0, KF_CALCULATION_LINEAR, &k) == KF_OK, "keyframes");
  double one = 1;
  CHECK(kf_relative_keyframes_add_block(k, 0, 0.5, (const char *[]){"v"},
                                        (const char *[]){"alpha"}, &one, (size_t[]){0, 1},
                                        1) == KF_E_NOT_FOUND,
        "no start value");
  kf_relative_keyframes_release(k);
  kf_node_release(timeline);
}

int main(void) {
  run_trees();
  run_placements();
  run_staggers();
  run_presets();
  run_players();
  run_refusals();
  printf("choreography: %d checks passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
