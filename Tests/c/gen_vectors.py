"""Turns Tests/vectors/*.json into a C include file for vectors_test.c.

Numbers are written as C99 hex-float literals, so the C program sees exactly
the doubles the JSON holds. Known failures (Tests/vectors/known_failures.txt)
are marked on their groups. Usage: gen_vectors.py OUT.inc VECTORS.json...
(format: Tests/vectors/README.md).
"""

import json
import os
import sys

STYLE_FIELDS = ("interpolation", "left", "right", "tension", "continuity", "bias")
KIND_FIELDS = ("kind", "channels", "color_space", "premultiplied")
GROUP_TYPES = {"track": "GROUP_TRACK", "easing": "GROUP_EASING", "hide": "GROUP_HIDE", "compose": "GROUP_COMPOSE",
               "color_convert": "GROUP_CONVERT", "timing": "GROUP_TIMING"}
#: The computed values of a timing test, in vector_timing_test.expected order.
TIMING_VALUES = ("iteration_duration", "active_duration", "end_time", "active_time", "overall_progress",
                 "simple_iteration_progress", "current_iteration", "directed_progress", "transformed_progress")
TIMING_KEYS = {"delay", "end_delay", "duration", "iterations", "repeat_count", "iteration_start", "direction", "fill",
               "fill_mode", "easing", "autoreverses", "time_offset"}
OPERATIONS = {"set": "OP_SET", "extrapolation": "OP_EXTRAPOLATION", "hide_at": "OP_HIDE", "show_at": "OP_SHOW"}


def number(x):
    if x == "nan":
        return "NAN"
    if x == "inf":
        return "INFINITY"
    if x == "-inf":
        return "-INFINITY"
    return float(x).hex()


def string(s):
    return "NULL" if s is None else json.dumps(s)


def doubles(name, values, out):
    body = ", ".join(number(v) for v in values) or "0"
    out.append(f"static const double {name}[] = {{{body}}};")


def known_failures(path):
    """{(file, group id, check)} from known_failures.txt (comments and blank
    lines ignored)."""
    known = set()
    if os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].split()
            if line:
                file, group, check = line
                known.add((file, group, check))
    return known


def keyframe(prefix, k, out):
    """The initializer of one vector_keyframe; arrays go to `out` first."""
    doubles(f"{prefix}_v", k["value"], out)
    styled = any(field in k for field in STYLE_FIELDS)
    parameters = "NULL"
    left = right = "NULL"
    handle_count = 0
    if styled:
        doubles(f"{prefix}_p", [k.get("tension", 0), k.get("continuity", 0), k.get("bias", 0)], out)
        parameters = f"{prefix}_p"
        sizes = set()
        for side in ("left", "right"):
            if side in k:
                handle = k[side]
                doubles(f"{prefix}_{side}", [handle["time"], *handle["value"]], out)
                sizes.add(1 + len(handle["value"]))
        if len(sizes) > 1:
            raise SystemExit(f"{prefix}: the C API takes one handle_count for both handles")
        handle_count = sizes.pop() if sizes else 0
        left = f"{prefix}_left" if "left" in k else "NULL"
        right = f"{prefix}_right" if "right" in k else "NULL"
    return (
        f"{{{number(k['time'])}, {prefix}_v, {len(k['value'])}, {string(k.get('easing'))}, {int(styled)}, "
        f"{string(k.get('interpolation'))}, {parameters}, {left}, {right}, {handle_count}}}"
    )


def keyframes(prefix, frames, out):
    rows = [keyframe(f"{prefix}_k{i}", k, out) for i, k in enumerate(frames)]
    empty = "{0, NULL, 0, NULL, 0, NULL, NULL, NULL, NULL, 0}"
    out.append(f"static const vector_keyframe {prefix}_keys[] = {{{', '.join(rows) or empty}}};")


def track_spec(spec):
    """The initializer of a vector_track_spec: how to create the track."""
    with_kind = any(field in spec for field in KIND_FIELDS)
    return (
        f"{{{string(spec['property'])}, {int(with_kind)}, {string(spec.get('kind'))}, {spec.get('channels', 0)}, "
        f"{string(spec.get('color_space'))}, {int(spec.get('premultiplied', False))}}}"
    )


def listed(x):
    return x if isinstance(x, list) else [x]


def tests(prefix, group, out):
    """The vector_test array of a group; returns its name and length."""
    rows = []
    for j, t in enumerate(group["tests"]):
        expected = listed(t["expected"])
        doubles(f"{prefix}_e{j}", expected, out)
        velocity, velocity_count = "NULL", 0
        extra = "expected_derivative" if group["type"] == "easing" else "expected_velocity"
        if extra in t:
            doubles(f"{prefix}_d{j}", listed(t[extra]), out)
            velocity, velocity_count = f"{prefix}_d{j}", len(listed(t[extra]))
        inputs, input_count, from_space = "NULL", 0, 0
        if "rgba" in t:
            doubles(f"{prefix}_i{j}", t["rgba"], out)
            inputs, input_count = f"{prefix}_i{j}", 4
        elif "coordinates" in t:
            doubles(f"{prefix}_i{j}", [*t["coordinates"], t["alpha"]], out)
            inputs, input_count, from_space = f"{prefix}_i{j}", 4, 1
        scalar_input = t.get("progress" if group["type"] == "easing" else "time", 0)
        rows.append(
            f"{{{t['tcId']}, {number(scalar_input)}, {prefix}_e{j}, {len(expected)}, {velocity}, {velocity_count}, "
            f"{inputs}, {input_count}, {from_space}}}"
        )
    out.append(f"static const vector_test {prefix}_tests[] = {{{', '.join(rows)}}};")
    return f"{prefix}_tests", len(rows)


def timing_spec(spec, intrinsic, animation_direction):
    """The initializer of a vector_timing: the kf_timing_options fields, with
    names (direction, fill) left for the library to read."""
    unknown = set(spec) - TIMING_KEYS
    if unknown:
        raise SystemExit(f"unknown timing fields {sorted(unknown)}")
    duration = spec.get("duration", "auto")
    iterations = spec.get("iterations", spec.get("repeat_count", 1))
    return (
        f"{{{number(spec.get('delay', 0))}, {number(spec.get('end_delay', 0))}, "
        f"{int(duration == 'auto')}, {number(0 if duration == 'auto' else duration)}, {number(iterations)}, "
        f"{number(spec.get('iteration_start', 0))}, {string(spec.get('direction'))}, "
        f"{string(spec.get('fill', spec.get('fill_mode')))}, {string(spec.get('easing'))}, "
        f"{int(spec.get('autoreverses', False))}, {number(spec.get('time_offset', 0))}, {number(intrinsic)}, "
        f"{string(animation_direction)}}}"
    )


def timing_tests(prefix, group, out):
    """The vector_timing_test array of a timing group."""
    rows = []
    for t in group["tests"]:
        values = {**group["durations"], **t["expected"]}
        expected = ", ".join("NAN" if values[key] is None else number(values[key]) for key in TIMING_VALUES)
        rows.append(f"{{{t['tcId']}, {number(t['time'])}, {string(t['expected']['phase'])}, {{{expected}}}}}")
    out.append(f"static const vector_timing_test {prefix}_timing_tests[] = {{{', '.join(rows)}}};")
    return f"{prefix}_timing_tests", len(rows)


def main(target, sources):
    out = ["/* Generated by Tests/c/gen_vectors.py from Tests/vectors; do not edit. */"]
    groups, rejections, timing_rejections = [], [], []
    known = known_failures(os.path.join(os.path.dirname(os.path.abspath(sources[0])), "known_failures.txt"))
    for source in sources:
        file = os.path.basename(source)
        doc = json.load(open(source))
        if doc.get("schema", "").startswith("razzle-path-vectors/"):
            continue  # paths.json and masks.json: Tests/c/paths_test.c
        for g in doc.get("groups", []):
            n = len(groups)
            kind = g["type"]
            if kind not in GROUP_TYPES:
                raise SystemExit(f"{file} {g['id']}: unknown group type {kind!r}")
            fields = {"file": string(file), "id": string(g["id"]), "type": GROUP_TYPES[kind]}
            if kind in ("track", "hide"):
                fields["track"] = track_spec(g)
            if kind == "easing":
                fields["easing"] = string(g["easing"])
            if kind in ("track", "hide", "easing"):
                keyframes(f"g{n}", g.get("keyframes", []), out)
                fields["keyframes"], fields["keyframe_count"] = f"g{n}_keys", str(len(g.get("keyframes", [])))
            extrapolation = g.get("extrapolation", {})
            fields["before"], fields["after"] = string(extrapolation.get("before")), string(extrapolation.get("after"))
            if kind == "hide":
                operations = []
                for op in g["operations"]:
                    ((name, time),) = op.items()
                    operations.append(f"{{{int(name == 'show_at')}, {number(time)}}}")
                out.append(f"static const vector_operation g{n}_ops[] = {{{', '.join(operations)}}};")
                fields["operations"], fields["operation_count"] = f"g{n}_ops", str(len(operations))
            if kind == "compose":
                rows = []
                for i, spec in enumerate(g["tracks"]):
                    keyframes(f"g{n}_t{i}", spec["keyframes"], out)
                    rows.append(f"{{{track_spec(spec)}, g{n}_t{i}_keys, {len(spec['keyframes'])}}}")
                if not rows:
                    raise SystemExit(f"{g['id']}: a compose group needs at least one track")
                out.append(f"static const vector_compose_track g{n}_tracks[] = {{{', '.join(rows)}}};")
                fields["target"] = string(g["target"])
                fields["tracks"], fields["track_count"] = f"g{n}_tracks", str(len(rows))
            if kind == "color_convert":
                fields["space"] = string(g["space"])
            if kind == "timing":
                out.append(f"static const vector_timing g{n}_timing = "
                           f"{timing_spec(g['timing'], g.get('intrinsic_duration', 0), g.get('animation_direction'))};")
                fields["timing"] = f"&g{n}_timing"
                fields["timing_tests"], count = timing_tests(f"g{n}", g, out)
            else:
                fields["tests"], count = tests(f"g{n}", g, out)
            fields["test_count"] = str(count)
            tolerance = g["tolerance"]
            fields["tolerance"] = number(tolerance)
            fields["velocity_tolerance"] = number(
                g.get("derivative_tolerance" if kind == "easing" else "velocity_tolerance", tolerance))
            fields["known_value_failure"] = str(int((file, g["id"], "value") in known))
            fields["known_velocity_failure"] = str(int((file, g["id"], "velocity") in known))
            groups.append("{" + ", ".join(f".{key} = {value}" for key, value in fields.items()) + "}")
        for r in doc.get("rejections", []):
            if "timing" in r:
                spec = timing_spec(r["timing"], r.get("intrinsic_duration", 0), None)
                timing_rejections.append(
                    f"{{{string(file)}, {r['tcId']}, {string(r['id'])}, {spec}, {r['status']}, "
                    f"{string(r.get('message_contains'))}}}")
                continue
            n = len(rejections)
            keyframes(f"r{n}", r["keyframes"], out)
            fields = {"file": string(file), "tc_id": str(r["tcId"]), "id": string(r["id"]), "track": track_spec(r),
                      "keyframes": f"r{n}_keys", "keyframe_count": str(len(r["keyframes"])), "operation": "OP_CREATE"}
            for name, op in OPERATIONS.items():
                if name in r:
                    fields["operation"] = op
            if "set" in r:
                out.append(f"static const vector_keyframe r{n}_set = {keyframe(f'r{n}_s', r['set'], out)};")
                fields["set"] = f"&r{n}_set"
            if "extrapolation" in r:
                fields["before"] = string(r["extrapolation"].get("before"))
                fields["after"] = string(r["extrapolation"].get("after"))
            for name in ("hide_at", "show_at"):
                if name in r:
                    fields["time"] = number(r[name])
            fields["status"] = r["status"]
            fields["message_contains"] = string(r.get("message_contains"))
            rejections.append("{" + ", ".join(f".{key} = {value}" for key, value in fields.items()) + "}")
    out.append(f"static const vector_group groups[] = {{{', '.join(groups)}}};")
    out.append(f"static const vector_rejection rejections[] = {{{', '.join(rejections)}}};")
    out.append(f"static const vector_timing_rejection timing_rejections[] = {{{', '.join(timing_rejections) or '{0}'}}};")
    out.append(f"static const size_t timing_rejection_count = {len(timing_rejections)};")
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
