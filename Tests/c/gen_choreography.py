"""Turns Tests/vectors/choreography.json and player.json (schema
razzle-choreography/1) into a C include file for choreography_test.c: one
builder function per timing tree, and tables for placements, staggers,
presets, relative keyframes and player step sequences.

Usage: gen_choreography.py OUT.inc choreography.json player.json"""

import json
import math
import sys


def number(x):
    """A C double literal for a vector number ("nan", "inf", "-inf" too)."""
    if isinstance(x, str):
        return {"nan": "NAN", "inf": "INFINITY", "-inf": "(-INFINITY)"}[x]
    if x is None:
        return "NAN"
    value = float(x)
    if math.isnan(value):
        return "NAN"
    if math.isinf(value):
        return "INFINITY" if value > 0 else "(-INFINITY)"
    return repr(value)


def string(s):
    return "NULL" if s is None else json.dumps(s)


def position(at):
    """A position as the C API takes it: NULL, GSAP text, or a number's text."""
    if at is None:
        return "NULL"
    if isinstance(at, str):
        return json.dumps(at)
    return json.dumps(repr(float(at)))


DIRECTIONS = {"normal": 0, "reverse": 1, "alternate": 2, "alternate-reverse": 3}
FILLS = {"none": 0, "forwards": 1, "backwards": 2, "both": 3, "auto": 4, "removed": 0}


def timing(lines, name, spec):
    """Statements filling a kf_timing_options `name` from a vector timing."""
    lines.append(f"  kf_timing_options {name} = KF_TIMING_OPTIONS_INIT;")
    for key, field in (("delay", "delay"), ("end_delay", "end_delay"), ("iteration_start", "iteration_start"),
                       ("time_offset", "time_offset")):
        if key in spec:
            lines.append(f"  {name}.{field} = {number(spec[key])};")
    if "duration" in spec and spec["duration"] != "auto":
        lines.append(f"  {name}.duration = {number(spec['duration'])};")
    count = spec.get("iterations", spec.get("repeat_count"))
    if count is not None:
        lines.append(f"  {name}.iterations = {number(count)};")
    if "direction" in spec:
        lines.append(f"  {name}.direction = {DIRECTIONS[spec['direction']]};")
    fill = spec.get("fill", spec.get("fill_mode"))
    if fill is not None:
        lines.append(f"  {name}.fill = {FILLS[fill]};")
    if "easing" in spec:
        lines.append(f"  {name}.easing = {string(spec['easing'])};")
    if spec.get("autoreverses"):
        lines.append(f"  {name}.autoreverses = 1;")


class Builder:
    """C statements building a node tree; returns the variable holding it."""

    def __init__(self):
        self.lines = []
        self.n = 0

    def fresh(self, stem):
        self.n += 1
        return f"{stem}{self.n}"

    def node(self, spec):
        if "clip" in spec:
            clip = spec["clip"]
            anim = self.fresh("anim")
            self.lines.append(f"  kf_animator *{anim} = NULL;")
            self.lines.append(f"  CHECK(kf_animator_create(&{anim}) == KF_OK, \"animator\");")
            for t in clip["tracks"]:
                track = self.fresh("track")
                self.lines.append(f"  kf_track *{track} = NULL;")
                self.lines.append(
                    f"  CHECK(kf_animator_add_track({anim}, {string(t.get('target', ''))}, {string(t['property'])}, NULL, &{track}) == KF_OK, \"track\");"
                )
                for time, value in t["keyframes"]:
                    self.lines.append(
                        f"  {{ double v = {number(value)}; CHECK(kf_track_set_keyframe({track}, {number(time)}, &v, 1, NULL) == KF_OK, \"keyframe\"); }}"
                    )
                self.lines.append(f"  kf_track_release({track});")
            options = self.fresh("timing")
            timing(self.lines, options, clip.get("timing", {}))
            span = "NULL"
            if "span" in clip:
                span = self.fresh("span")
                self.lines.append(f"  double {span}[2] = {{{number(clip['span'][0])}, {number(clip['span'][1])}}};")
            node = self.fresh("node")
            composite = 1 if clip.get("composite") == "add" else 0
            self.lines.append(f"  kf_node *{node} = NULL;")
            self.lines.append(
                f"  CHECK(kf_clip_new({anim}, {span}, &{options}, {composite}, &{node}) == KF_OK, \"clip\");"
            )
            self.lines.append(f"  kf_animator_release({anim});")
            return node
        line = spec["timeline"]
        options = self.fresh("timing")
        timing(self.lines, options, line.get("timing", {}))
        node = self.fresh("node")
        self.lines.append(f"  kf_node *{node} = NULL;")
        self.lines.append(f"  CHECK(kf_timeline_new(&{options}, &{node}) == KF_OK, \"timeline\");")
        for child in line["children"]:
            built = self.node(child["node"])
            self.lines.append(
                f"  CHECK(kf_timeline_add({node}, {built}, {position(child.get('at'))}, NULL) == KF_OK, \"add\");"
            )
            self.lines.append(f"  kf_node_release({built});")
        return node


def main(output, choreography_path, player_path):
    with open(choreography_path) as f:
        choreography = json.load(f)
    with open(player_path) as f:
        player = json.load(f)
    out = ["/* Generated by Tests/c/gen_choreography.py from Tests/vectors; do not edit. */"]

    # Trees and relative keyframes: a builder per group, and the expected
    # rows (a null is one NaN; a point's value its channels).
    trees = [g for g in choreography["groups"] if g["kind"] in ("tree", "relative_keyframes")]
    modes = {"linear": 0, "discrete": 1, "paced": 2, "cubic": 3, "cubicPaced": 4}
    for i, g in enumerate(trees):
        out.append(f"static kf_node *build_tree_{i}(void) {{")
        if g["kind"] == "tree":
            b = Builder()
            root = b.node(g["node"])
            out += b.lines
            out.append(f"  return {root};")
        else:
            out.append("  kf_relative_keyframes *k = NULL;")
            out.append(
                f"  CHECK(kf_relative_keyframes_new({number(g['duration'])}, {number(g.get('delay', 0))}, "
                f"{modes[g.get('calculation_mode', 'linear')]}, &k) == KF_OK, \"keyframes\");"
            )
            for target, props in g["start"].items():
                for prop, value in props.items():
                    channels = value if isinstance(value, list) else [value]
                    out.append(
                        f"  {{ const double v[] = {{{', '.join(number(x) for x in channels)}}}; "
                        f"CHECK(kf_relative_keyframes_set_start(k, {string(target)}, {string(prop)}, NULL, v, {len(channels)}) == KF_OK, \"start\"); }}"
                    )
            for start, duration, values in g["blocks"]:
                targets, props, flat, offsets = [], [], [], [0]
                for target, ps in values.items():
                    for prop, value in ps.items():
                        targets.append(string(target))
                        props.append(string(prop))
                        flat += value if isinstance(value, list) else [value]
                        offsets.append(len(flat))
                out.append("  {")
                out.append(f"    const char *t[] = {{{', '.join(targets)}}};")
                out.append(f"    const char *p[] = {{{', '.join(props)}}};")
                out.append(f"    const double v[] = {{{', '.join(number(x) for x in flat)}}};")
                out.append(f"    const size_t o[] = {{{', '.join(str(x) for x in offsets)}}};")
                out.append(
                    f"    CHECK(kf_relative_keyframes_add_block(k, {number(start)}, {number(duration)}, t, p, v, o, {len(targets)}) == KF_OK, \"block\");"
                )
                out.append("  }")
            out.append("  kf_node *clip = NULL;")
            out.append("  CHECK(kf_relative_keyframes_make_clip(k, &clip) == KF_OK, \"make clip\");")
            out.append("  kf_relative_keyframes_release(k);")
            out.append("  return clip;")
        out.append("}")
    out.append("typedef struct { const char *id; kf_node *(*build)(void); size_t columns; const char *const *pairs;")
    out.append("  size_t samples; const double *times; const double *values; double tolerance; } tree_group;")
    for i, g in enumerate(trees):
        pairs = ", ".join(f"{string(t)}, {string(p)}" for t, p in g["columns"])
        out.append(f"static const char *const tree_pairs_{i}[] = {{{pairs}}};")
        out.append(f"static const double tree_times_{i}[] = {{{', '.join(number(s['time']) for s in g['samples'])}}};")
        values = [number(x) for s in g["samples"] for v in s["values"] for x in (v if isinstance(v, list) else [v])]
        out.append(f"static const double tree_values_{i}[] = {{{', '.join(values)}}};")
    out.append("static const tree_group tree_groups[] = {")
    for i, g in enumerate(trees):
        out.append(
            f"  {{{string(g['id'])}, build_tree_{i}, {len(g['columns'])}, tree_pairs_{i}, {len(g['samples'])}, "
            f"tree_times_{i}, tree_values_{i}, {number(g['tolerance'])}}},"
        )
    out.append("};")

    # Placements.
    placements = [g for g in choreography["groups"] if g["kind"] == "placement"]
    out.append("typedef struct { int add; double duration; const char *name; const char *at; } placement_op;")
    out.append("typedef struct { const char *id; size_t ops; const placement_op *op; const double *starts; size_t count;")
    out.append("  double duration; size_t labels; const char *const *label_names; const double *label_times; } placement_group;")
    for i, g in enumerate(placements):
        ops = ", ".join(
            f"{{{1 if o['op'] == 'add' else 0}, {number(o.get('duration', 0))}, {string(o.get('name'))}, {position(o.get('at'))}}}"
            for o in g["ops"]
        )
        out.append(f"static const placement_op placement_ops_{i}[] = {{{ops}}};")
        out.append(f"static const double placement_starts_{i}[] = {{{', '.join(number(s) for s in g['starts']) or '0'}}};")
        names = list(g["labels"])
        out.append(f"static const char *const placement_names_{i}[] = {{{', '.join(string(n) for n in names) or 'NULL'}}};")
        out.append(f"static const double placement_times_{i}[] = {{{', '.join(number(g['labels'][n]) for n in names) or '0'}}};")
    out.append("static const placement_group placement_groups[] = {")
    for i, g in enumerate(placements):
        out.append(
            f"  {{{string(g['id'])}, {len(g['ops'])}, placement_ops_{i}, placement_starts_{i}, {len(g['starts'])}, "
            f"{number(g['duration'])}, {len(g['labels'])}, placement_names_{i}, placement_times_{i}}},"
        )
    out.append("};")

    # Staggers: the options and the offsets.
    staggers = [g for g in choreography["groups"] if g["kind"] == "stagger"]
    origin_codes = {"start": 0, "center": 1, "end": 2, "edges": 3, "random": 4}
    out.append("typedef struct { const char *id; size_t count; kf_stagger_options options; const double *offsets; double tolerance; } stagger_group;")
    for i, g in enumerate(staggers):
        out.append(f"static const double stagger_offsets_{i}[] = {{{', '.join(number(x) for x in g['offsets'])}}};")
    out.append("static stagger_group stagger_groups[] = {")
    for i, g in enumerate(staggers):
        frm = g.get("from", 0)
        origin, index, fx, fy = 5, 0, 0.0, 0.0
        if isinstance(frm, str):
            origin = origin_codes[frm]
        elif isinstance(frm, list):
            origin, fx, fy = 6, frm[0], frm[1]
        else:
            index = frm
        rows, cols = g.get("grid") or (0, 0)
        axis = {"x": 1, "y": 2}.get(g.get("axis"), 0)
        max_count = g.get("max_count")
        out.append(
            f"  {{{string(g['id'])}, {g['count']}, {{KF_STAGGER_OPTIONS_VERSION, {number(g.get('each', 0.05))}, "
            f"{number(g.get('amount'))}, {origin}, {index}, {number(fx)}, {number(fy)}, {g.get('seed', 0)}u, {rows}, {cols}, "
            f"{axis}, {string(g.get('ease'))}, {('KF_STAGGER_NO_MAX_COUNT' if max_count is None else max_count)}}}, "
            f"stagger_offsets_{i}, {number(g['tolerance'])}}},"
        )
    out.append("};")

    # Presets.
    presets = [g for g in choreography["groups"] if g["kind"] == "preset"]
    preset_codes = {"default": 0, "grid": 1, "list": 2}
    out.append("typedef struct { const char *id; int preset; size_t count; long long max_count; size_t columns; const char *const *pairs;")
    out.append("  size_t samples; const double *times; const double *values; double tolerance; } preset_group;")
    for i, g in enumerate(presets):
        pairs = ", ".join(f"{string(t)}, {string(p)}" for t, p in g["columns"])
        out.append(f"static const char *const preset_pairs_{i}[] = {{{pairs}}};")
        out.append(f"static const double preset_times_{i}[] = {{{', '.join(number(s['time']) for s in g['samples'])}}};")
        out.append(f"static const double preset_values_{i}[] = {{{', '.join(number(v) for s in g['samples'] for v in s['values'])}}};")
    out.append("static const preset_group preset_groups[] = {")
    for i, g in enumerate(presets):
        out.append(
            f"  {{{string(g['id'])}, {preset_codes[g['preset']]}, {g['count']}, {g.get('max_count', 20)}, {len(g['columns'])}, "
            f"preset_pairs_{i}, {len(g['samples'])}, preset_times_{i}, preset_values_{i}, {number(g['tolerance'])}}},"
        )
    out.append("};")

    # Player step sequences.
    ops = {"tick": 0, "advance": 1, "play": 2, "pause": 3, "reverse": 4, "finish": 5, "cancel": 6, "seek": 7, "rate": 8}
    states = {"idle": 0, "running": 1, "paused": 2, "finished": 3}
    kinds = {"started": 0, "iteration": 1, "paused": 2, "reversed": 3, "finished": 4, "cancelled": 5}
    out.append("typedef struct { int op; double value; double current; int state; double rate; int events; size_t first; } player_step;")
    out.append("typedef struct { int kind; double clock; double iteration; } player_event;")
    out.append("typedef struct { const char *id; double duration; int (*timing)(kf_timing_options *); size_t steps;")
    out.append("  const player_step *step; const player_event *event; const char *reject_status; int reject_op; double reject_value; } player_group;")
    all_player = [(g, None) for g in player["groups"]] + [(r, r) for r in player["rejections"]]
    for i, (g, rejection) in enumerate(all_player):
        out.append(f"static int player_timing_{i}(kf_timing_options *t) {{")
        lines = []
        timing(lines, "options", g["node"].get("timing", {}))
        out += lines
        out.append("  *t = options;")
        out.append("  return 0;")
        out.append("}")
        steps, events = [], []
        for s in g["steps"]:
            value = s.get("now", s.get("dt", s.get("time", s.get("rate", 0))))
            expect = s.get("expect") or {}
            evs = expect.get("events", [])
            first = len(events)
            events += [f"{{{kinds[k]}, {number(c)}, {number(it)}}}" for k, c, it in evs]
            if rejection is not None:  # steps before the refused call: no expectations
                steps.append(f"{{{ops[s['op']]}, {number(value)}, NAN, -1, NAN, -1, 0}}")
            else:
                steps.append(
                    f"{{{ops[s['op']]}, {number(value)}, {number(expect.get('current_time'))}, {states[expect['play_state']]}, "
                    f"{number(expect.get('playback_rate', 'nan'))}, {len(evs)}, {first}}}"
                )
        out.append(f"static const player_step player_steps_{i}[] = {{{', '.join(steps) or '{0, 0, 0, 0, 0, 0, 0}'}}};")
        out.append(f"static const player_event player_events_{i}[] = {{{', '.join(events) or '{0, 0, 0}'}}};")
    out.append("static const player_group player_groups[] = {")
    for i, (g, rejection) in enumerate(all_player):
        status, op, value = "NULL", -1, 0
        if rejection is not None:
            status = string(rejection["status"])
            o = rejection["op"]
            op = ops[o["op"]]
            value = o.get("now", o.get("dt", o.get("time", o.get("rate", 0))))
        out.append(
            f"  {{{string(g['id'])}, {number(g['node']['duration'])}, player_timing_{i}, {len(g['steps'])}, "
            f"player_steps_{i}, player_events_{i}, {status}, {op}, {number(value)}}},"
        )
    out.append("};")
    with open(output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
