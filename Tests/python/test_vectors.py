"""The shared vectors (every file in Tests/vectors) through the Python
package, bit-for-bit agreement with the C program that links the same
library, and the sanity of the vector files themselves."""

import math
import struct
import subprocess

import numpy as np
import pytest
import razzle
from conftest import VECTORS, load_vectors, vector_files, vector_number

DOCS = {name: load_vectors(name) for name in vector_files()}
GROUPS = [(name, g) for name, doc in DOCS.items() for g in doc["groups"]]
REJECTIONS = [(name, r) for name, doc in DOCS.items() for r in doc.get("rejections", [])]
STATUS_EXCEPTIONS = {
    "KF_E_INVALID_VALUE": razzle.InvalidValueError,
    "KF_E_WRONG_SIZE": razzle.WrongSizeError,
    "KF_E_EASING": razzle.EasingError,
    "KF_E_KIND_MISMATCH": razzle.KindMismatchError,
    "KF_E_INVALID_NAME": razzle.InvalidNameError,
}
STYLE_FIELDS = ("interpolation", "left", "right", "tension", "continuity", "bias")
KIND_FIELDS = ("kind", "channels", "color_space", "premultiplied")
OPERATIONS = ("set", "extrapolation", "hide_at", "show_at")  # a rejection's attempted call


def known_failures():
    """{(file, group id, "value" or "velocity")} from known_failures.txt:
    checks the library is known to fail (see the file for why)."""
    known = set()
    for line in (VECTORS / "known_failures.txt").read_text().splitlines():
        fields = line.split("#", 1)[0].split()
        if fields:
            file, group, check = fields
            known.add((file, group, check))
    return known


KNOWN_FAILURES = known_failures()


def listed(x):
    """A vector number, a list of them, or a value razzle returned (a float,
    or a namedtuple of a multi-channel kind) as a list of floats."""
    return [vector_number(v) for v in (x if isinstance(x, (list, tuple)) else [x])]


def bits(x):
    return struct.pack("<d", x)


def handle(h):
    return None if h is None else (vector_number(h["time"]), [vector_number(v) for v in h["value"]])


def set_keyframe(track, k):
    """Sets a vector keyframe object (time, value, easing and style fields)."""
    time, value = vector_number(k["time"]), [vector_number(v) for v in k["value"]]
    if not any(field in k for field in STYLE_FIELDS):
        track.set(time, value, easing=k.get("easing"))
        return
    track.set(
        time,
        value,
        easing=k.get("easing"),
        interpolation=k.get("interpolation"),
        left=handle(k.get("left")),
        right=handle(k.get("right")),
        tension=vector_number(k.get("tension", 0)),
        continuity=vector_number(k.get("continuity", 0)),
        bias=vector_number(k.get("bias", 0)),
    )


def add_track(animator, spec, target="view"):
    """A track for spec["property"]: with the kind fields if spec has any
    (the C program then calls kf_animator_add_track_kind, with a NULL kind if
    spec has none), else the plain call."""
    if not any(field in spec for field in KIND_FIELDS):
        return animator.add_track(target, spec["property"])
    return animator.add_track(
        target,
        spec["property"],
        spec.get("kind"),
        channels=spec.get("channels"),
        color_space=spec.get("color_space"),
        premultiplied=spec.get("premultiplied", False),
    )


def apply(track, operation):
    """One hide group operation: {"hide_at": t} or {"show_at": t}."""
    ((name, time),) = operation.items()
    getattr(track, name)(vector_number(time))


def build_track(animator, group):
    """The track of a track or hide group (or a rejection's setup)."""
    track = add_track(animator, group)
    for k in group["keyframes"]:
        set_keyframe(track, k)
    extrapolation = group.get("extrapolation")
    if extrapolation is not None:
        track.set_extrapolation(before=extrapolation.get("before"), after=extrapolation.get("after"))
    for operation in group.get("operations", []):
        apply(track, operation)
    return track


def sample(track, t):
    """The value at t as a list of doubles. `track(t)` of a bool track is a
    Python bool, so its doubles come from a one-element batch."""
    if track.kind == "bool":
        return [float(track.sample(np.array([t]))[0])]
    return listed(track(t))


def velocity(track, t):
    """The velocity at t as a list of doubles (as `sample`)."""
    if track.kind == "bool":
        return [float(track.velocity(np.array([t]))[0])]
    return listed(track.velocity(t))


def compose(group):
    """[(test, [a, b, c, d, tx, ty])] of a compose group."""
    with razzle.Animator() as animator:
        for spec in group["tracks"]:
            track = add_track(animator, spec, group["target"])
            for k in spec["keyframes"]:
                set_keyframe(track, k)
        target = group["target"]
        return [(test, listed(animator.transform(target, vector_number(test["time"])))) for test in group["tests"]]


def convert(space, test):
    """A color_convert test: rgba to coordinates, or coordinates and alpha to rgba."""
    if "rgba" in test:
        return listed(razzle.Color(*listed(test["rgba"])).to_space(space))
    return listed(razzle.Color.from_space(listed(test["coordinates"]), space, vector_number(test["alpha"])))


TIMING_FIELDS = ("delay", "end_delay", "duration", "iterations", "repeat_count", "iteration_start", "direction",
                 "fill", "fill_mode", "easing", "autoreverses", "time_offset")
#: A timing test's computed values, in the C program's order (after the phase code).
TIMING_VALUES = ("iteration_duration", "active_duration", "end_time", "active_time", "overall_progress",
                 "simple_iteration_progress", "current_iteration", "directed_progress", "transformed_progress")
TIMING_EXPECTED = {"phase", *TIMING_VALUES} - {"iteration_duration", "active_duration", "end_time"}


def make_timing(spec):
    """razzle.Timing from a vector's `timing` object (Python's keyword names)."""
    kwargs = {}
    for key, value in spec.items():
        if key in ("direction", "fill", "fill_mode", "easing", "autoreverses") or value == "auto":
            kwargs[key] = value
        else:
            kwargs[key] = vector_number(value)
    return razzle.Timing(**kwargs)


def timing_setup(group):
    """(timing, intrinsic duration, animation direction) of a timing group."""
    return (make_timing(group["timing"]), vector_number(group.get("intrinsic_duration", 0)),
            group.get("animation_direction", "forwards"))


def timing_values(computed):
    """[phase code, the nine values] of a razzle.ComputedTiming, None as NaN."""
    from razzle._timing import PHASES

    return [float(PHASES.index(computed.phase))] + [
        math.nan if getattr(computed, key) is None else getattr(computed, key) for key in TIMING_VALUES
    ]


# -- variables and paging (paging.json) ---------------------------------------

LAYOUT_TYPES = ("relative", "paging", "page")


def layout_results(group):
    """[(test, values, velocities or None)] of a relative, paging or page
    group, through single calls, each checked against the batch call."""
    results = []
    if group["type"] == "relative":
        with razzle.Animator() as animator:
            track = animator.add_track("view", group["property"], relative_to=group["relative_to"],
                                       constant=vector_number(group["constant"]))
            for k in group["keyframes"]:
                set_keyframe(track, k)
            for test in group["tests"]:
                animator.variables[group["relative_to"]] = vector_number(test["variable"])
                t = vector_number(test["time"])
                value, rate = sample(track, t), velocity(track, t)
                assert [bits(v) for v in track.sample(np.array([t, t]))] == [bits(value[0])] * 2
                assert [bits(v) for v in animator.sample(np.array([t]))[0]] == [bits(value[0])]
                results.append((test, value, rate))
        return results
    paging = razzle.Paging(pages=group["pages"], page_width=vector_number(group["page_width"]))
    try:
        if group["type"] == "page":
            for test in group["tests"]:
                x = vector_number(test["time"])
                results.append((test, [paging.page_offset(x), float(paging.current_page(x))], None))
            return results
        for keep in group["keeps"]:
            numbers = {field: [vector_number(x) for x in keep[field]] for field in ("times", "offsets") if field in keep}
            paging.keep(keep["target"], on_pages=[vector_number(x) for x in keep["pages"]],
                        at_times=numbers.get("times"), attribute=keep["attribute"],
                        constant=vector_number(keep.get("constant", 0)), offsets=numbers.get("offsets"))
        for test in group["tests"]:
            if "page_width" in test:
                paging.page_width = vector_number(test["page_width"])
            t = vector_number(test["time"])
            single = paging.positions(t).tolist()
            assert [bits(v) for v in paging.positions(np.array([t]))[0]] == [bits(v) for v in single]
            results.append((test, single, None))
        return results
    finally:
        paging.close()
        paging.animator.close()


def check_layout_group(g):
    """The fields a relative, paging or page group must have."""
    assert all("time" in t and isinstance(t["expected"], list) for t in g["tests"]), g["id"]
    if g["type"] == "relative":
        assert g["relative_to"] and all("variable" in t and len(t["expected"]) == 1 for t in g["tests"])
        for k in g["keyframes"]:
            check_keyframe(k, V2_KEYFRAME_KEYS)
        return
    assert isinstance(g["pages"], int) and g["pages"] >= 1
    if g["type"] == "page":
        assert all(len(t["expected"]) == 2 for t in g["tests"])
        return
    assert g["keeps"]
    for keep in g["keeps"]:
        assert set(keep) <= {"target", "attribute", "pages", "times", "offsets", "constant"}, keep
        assert keep["attribute"] in ("left", "centerX", "right") and keep["pages"]
        for field in ("times", "offsets"):
            assert len(keep.get(field, keep["pages"])) == len(keep["pages"]), (g["id"], keep)
    assert all(len(t["expected"]) == len(g["keeps"]) for t in g["tests"])


def python_results():
    """{(file, tcId): [float, ...]} for every vector's result (sample,
    composed transform, converted color) and for its velocity (track and
    hide groups) or derivative (easing groups), via single calls."""
    samples, velocities = {}, {}
    for name, group in GROUPS:
        if group["type"] == "easing":
            easing = razzle.easing(group["easing"])
            for test in group["tests"]:
                p = vector_number(test["progress"])
                samples[name, test["tcId"]] = [easing(p)]
                velocities[name, test["tcId"]] = [easing.derivative(p)]
        elif group["type"] == "compose":
            for test, result in compose(group):
                samples[name, test["tcId"]] = result
        elif group["type"] == "color_convert":
            for test in group["tests"]:
                samples[name, test["tcId"]] = convert(group["space"], test)
        elif group["type"] == "timing":
            timing, intrinsic, direction = timing_setup(group)
            for test in group["tests"]:
                samples[name, test["tcId"]] = timing_values(
                    timing.compute(vector_number(test["time"]), intrinsic, direction))
        elif group["type"] in LAYOUT_TYPES:
            for test, value, rate in layout_results(group):
                samples[name, test["tcId"]] = value
                if rate is not None:
                    velocities[name, test["tcId"]] = rate
        elif group["type"] in ("track", "hide"):
            with razzle.Animator() as animator:
                track = build_track(animator, group)
                for test in group["tests"]:
                    t = vector_number(test["time"])
                    samples[name, test["tcId"]] = sample(track, t)
                    velocities[name, test["tcId"]] = velocity(track, t)
        else:
            raise AssertionError(f"{name} {group['id']}: unknown group type {group['type']!r}")
    return samples, velocities


def matches(actual, expected, tolerance):
    if math.isnan(expected):
        return math.isnan(actual)
    if tolerance == 0:  # the exact double: -0.0 is not 0.0
        return struct.pack("<d", actual) == struct.pack("<d", expected)
    if math.isinf(expected):
        return actual == expected
    return abs(actual - expected) <= tolerance


def group_id(item):
    return f"{item[0]}:{item[1]['id']}"


def compare(failures, tc_id, what, actual, expected, tolerance):
    """Appends a failure unless `actual` (a list) matches `expected` channel
    by channel and has as many channels. `what` starts with the check's
    name, "value" or "velocity"."""
    if len(actual) != len(expected) or not all(matches(a, e, tolerance) for a, e in zip(actual, expected)):
        failures.append((tc_id, what, actual, expected))


def settle(name, group, failures):
    """Fails on any mismatch not listed in known_failures.txt, and on a listed
    check without a mismatch (stale entry); xfails when only listed checks
    failed."""
    unexpected, known = [], []
    for check in ("value", "velocity"):
        mine = [f for f in failures if f[1].startswith(check)]
        if (name, group["id"], check) in KNOWN_FAILURES:
            assert mine, f"{name} {group['id']} {check} is listed in known_failures.txt but passes; remove it"
            known.append(f"{check} ({len(mine)} tests)")
        else:
            unexpected += mine
    assert not unexpected, unexpected
    if known:
        pytest.xfail(f"known failure (known_failures.txt): {', '.join(known)}")


@pytest.mark.parametrize("item", GROUPS, ids=group_id)
def test_group(item):
    name, group = item
    tolerance = group["tolerance"]
    if group["type"] == "easing":
        check_easing_group(group, tolerance, group.get("derivative_tolerance", tolerance))
        return
    failures = []
    if group["type"] == "compose":
        for test, result in compose(group):
            compare(failures, test["tcId"], "value", result, listed(test["expected"]), tolerance)
        settle(name, group, failures)
        return
    if group["type"] == "color_convert":
        for test in group["tests"]:
            result = convert(group["space"], test)
            compare(failures, test["tcId"], "value", result, listed(test["expected"]), tolerance)
        settle(name, group, failures)
        return
    if group["type"] == "timing":
        check_timing_group(group, tolerance, failures)
        settle(name, group, failures)
        return
    if group["type"] in LAYOUT_TYPES:
        velocity_tolerance = group.get("velocity_tolerance", tolerance)
        for test, value, rate in layout_results(group):
            compare(failures, test["tcId"], "value", value, listed(test["expected"]), tolerance)
            if "expected_velocity" in test:
                compare(failures, test["tcId"], "velocity", rate, listed(test["expected_velocity"]),
                        velocity_tolerance)
        settle(name, group, failures)
        return
    assert group["type"] in ("track", "hide"), f"unknown group type {group['type']!r}"
    velocity_tolerance = group.get("velocity_tolerance", tolerance)
    with razzle.Animator() as animator:
        track = build_track(animator, group)
        times = np.array([vector_number(t["time"]) for t in group["tests"]])
        batch = track.sample(times).reshape(len(times), -1)
        batch_velocity = track.velocity(times).reshape(len(times), -1)
        for test, from_batch, velocity_from_batch in zip(group["tests"], batch, batch_velocity):
            t = vector_number(test["time"])
            single, single_velocity = sample(track, t), velocity(track, t)
            compare(failures, test["tcId"], f"value at {t}", single, listed(test["expected"]), tolerance)
            if "expected_velocity" in test:
                expected_velocity = listed(test["expected_velocity"])
                compare(failures, test["tcId"], f"velocity at {t}", single_velocity, expected_velocity,
                        velocity_tolerance)
            # Batch and single calls agree bit for bit.
            assert [bits(v) for v in from_batch] == [bits(v) for v in single], (test["tcId"], from_batch, single)
            assert [bits(v) for v in velocity_from_batch] == [bits(v) for v in single_velocity], test["tcId"]
            if track.kind == "bool" and not math.isnan(single[0]):
                assert track(t) is (single[0] == 1), (test["tcId"], track(t))
    settle(name, group, failures)


def check_timing_group(group, tolerance, failures):
    """Timing.compute at each time against every expected value (None:
    unresolved), and the batch calls against it bit for bit."""
    timing, intrinsic, direction = timing_setup(group)
    times = np.array([vector_number(t["time"]) for t in group["tests"]])
    progress = timing.progress(times, intrinsic, direction)
    iterations = timing.current_iteration(times, intrinsic, direction)
    for test, batch_progress, batch_iteration in zip(group["tests"], progress, iterations):
        c = timing.compute(vector_number(test["time"]), intrinsic, direction)
        expected = {**group["durations"], **test["expected"]}
        if c.phase != expected["phase"]:
            failures.append((test["tcId"], "value phase", c.phase, expected["phase"]))
        for key in TIMING_VALUES:
            actual, want = getattr(c, key), expected[key]
            if want is None or actual is None:
                if (want is None) != (actual is None):
                    failures.append((test["tcId"], f"value {key}", actual, want))
                continue
            compare(failures, test["tcId"], f"value {key}", [actual], [vector_number(want)],
                    tolerance if key == "transformed_progress" else 0)
        for batch, single in ((batch_progress, c.transformed_progress), (batch_iteration, c.current_iteration)):
            assert math.isnan(batch) if single is None else bits(batch) == bits(single), (test["tcId"], batch, single)


def check_easing_group(group, tolerance, derivative_tolerance):
    """The easing directly, in a batch, and for 0 < p < 1 through a track
    (0 -> 0 with the easing, 1 -> 1), which must give the same doubles."""
    easing = razzle.easing(group["easing"])
    progress = np.array([vector_number(t["progress"]) for t in group["tests"]])
    batch, batch_derivative = easing(progress), easing.derivative(progress)
    failures = []
    with razzle.Animator() as animator:
        track = animator.add_track("view", "progress")
        track.set(0, 0.0, easing=group["easing"])
        track.set(1, 1.0)
        for test, from_batch, derivative_from_batch in zip(group["tests"], batch, batch_derivative):
            p = vector_number(test["progress"])
            value, derivative = easing(p), easing.derivative(p)
            expected = listed(test["expected"])[0]
            if not matches(value, expected, tolerance):
                failures.append((test["tcId"], p, "value", value, expected))
            if "expected_derivative" in test:
                expected_derivative = vector_number(test["expected_derivative"])
                if not matches(derivative, expected_derivative, derivative_tolerance):
                    failures.append((test["tcId"], p, "derivative", derivative, expected_derivative))
            assert bits(from_batch) == bits(value) and bits(derivative_from_batch) == bits(derivative)
            if 0 < p < 1:
                assert bits(track(p)) == bits(value), (test["tcId"], track(p), value)
                assert bits(track.velocity(p)) == bits(derivative), (test["tcId"], track.velocity(p), derivative)
    assert not failures, failures


def operation(vector):
    """The name of the call a rejection tries, or None: creating the track."""
    names = [name for name in OPERATIONS if name in vector]
    return names[0] if names else None


@pytest.mark.parametrize("item", REJECTIONS, ids=group_id)
def test_rejection(item):
    _, vector = item
    if "timing" in vector:
        check_timing_rejection(vector)
        return
    with razzle.Animator() as animator:
        tried = operation(vector)
        if tried is None:
            call = lambda: add_track(animator, vector)  # noqa: E731
        else:
            setup = {key: value for key, value in vector.items() if key not in OPERATIONS}
            track = build_track(animator, setup)
            before = (track.keyframes, track.extrapolation)
            if tried == "set":
                call = lambda: set_keyframe(track, vector["set"])  # noqa: E731
            elif tried == "extrapolation":
                before_mode, after_mode = vector["extrapolation"].get("before"), vector["extrapolation"].get("after")
                call = lambda: track.set_extrapolation(before=before_mode, after=after_mode)  # noqa: E731
            else:
                call = lambda: apply(track, {tried: vector[tried]})  # noqa: E731
        if vector["status"] == "KF_OK":
            call()
            return
        with pytest.raises(STATUS_EXCEPTIONS[vector["status"]]) as caught:
            call()
        assert caught.value.status == razzle._ffi.STATUS_CODES[vector["status"]][0]
        if "message_contains" in vector:
            assert vector["message_contains"] in str(caught.value)
        if tried is None:
            assert len(animator) == 0
        else:
            assert (track.keyframes, track.extrapolation) == before


def check_timing_rejection(vector):
    """Making the timing, then computing it with the vector's intrinsic
    duration: the first error is the vector's status."""

    def call():
        make_timing(vector["timing"]).compute(0, vector_number(vector.get("intrinsic_duration", 0)))

    if vector["status"] == "KF_OK":
        call()
        return
    with pytest.raises(STATUS_EXCEPTIONS[vector["status"]]) as caught:
        call()
    assert caught.value.status == razzle._ffi.STATUS_CODES[vector["status"]][0]
    if "message_contains" in vector:
        assert vector["message_contains"] in str(caught.value)


def test_c_program_agrees_bit_for_bit(c_program):
    result = subprocess.run([str(c_program)], capture_output=True, text=True)
    lines = result.stdout.strip().splitlines()
    c_samples, c_velocities = {}, {}
    for line in lines:
        kind, *rest = line.split()
        if kind in ("sample", "velocity", "derivative"):
            name, tc_id, *values = rest
            target = c_samples if kind == "sample" else c_velocities
            target[name, int(tc_id)] = [float.fromhex(v) for v in values]
    py_samples, py_velocities = python_results()
    assert set(c_samples) == set(py_samples) and len(py_samples) > 800
    assert set(c_velocities) == set(py_velocities)
    for expected, actual in ((py_samples, c_samples), (py_velocities, c_velocities)):
        for key, values in expected.items():
            assert [bits(v) for v in values] == [bits(v) for v in actual[key]], (key, values, actual[key])
    # Compared first, so that a failing vector does not hide a disagreement.
    assert result.returncode == 0, result.stderr
    assert lines[-1].endswith(" 0 failed")


# -- sanity of the vector files themselves -----------------------------------

V1_GROUP_KEYS = {"id", "comment", "type", "property", "keyframes", "easing", "tolerance", "tests"}
V2_GROUP_KEYS = V1_GROUP_KEYS | {"extrapolation", "velocity_tolerance", "derivative_tolerance", *KIND_FIELDS}
V2_TYPE_KEYS = {
    "track": V2_GROUP_KEYS - {"easing", "derivative_tolerance"},
    "easing": {"id", "comment", "type", "easing", "tolerance", "derivative_tolerance", "tests"},
    "hide": V2_GROUP_KEYS - {"easing", "derivative_tolerance"} | {"operations"},
    "compose": {"id", "comment", "type", "target", "tracks", "tolerance", "tests"},
    "color_convert": {"id", "comment", "type", "space", "tolerance", "tests"},
    "timing": {"id", "comment", "type", "timing", "intrinsic_duration", "animation_direction", "tolerance",
               "durations", "tests"},
    "relative": {"id", "comment", "type", "property", "keyframes", "relative_to", "constant", "tolerance",
                 "velocity_tolerance", "tests"},
    "paging": {"id", "comment", "type", "pages", "page_width", "keeps", "tolerance", "tests"},
    "page": {"id", "comment", "type", "pages", "page_width", "tolerance", "tests"},
}
V1_KEYFRAME_KEYS = {"time", "value", "easing"}
V2_KEYFRAME_KEYS = V1_KEYFRAME_KEYS | set(STYLE_FIELDS)
V1_TEST_KEYS = {"tcId", "time", "progress", "expected", "comment"}
V2_TEST_KEYS = {
    "track": {"tcId", "time", "expected", "expected_velocity", "comment"},
    "easing": {"tcId", "progress", "expected", "expected_derivative", "comment"},
    "compose": {"tcId", "time", "expected", "comment"},
    "color_convert": {"tcId", "rgba", "coordinates", "alpha", "expected", "comment"},
    "timing": {"tcId", "time", "expected", "comment"},
    "relative": {"tcId", "time", "variable", "expected", "expected_velocity", "comment"},
    "paging": {"tcId", "time", "page_width", "expected", "comment"},
    "page": {"tcId", "time", "expected", "comment"},
}
V2_TEST_KEYS["hide"] = V2_TEST_KEYS["track"]
REJECTION_KEYS = {"tcId", "id", "comment", "property", "keyframes", "set", "status", "message_contains"}
V2_REJECTION_KEYS = REJECTION_KEYS | {"extrapolation", "hide_at", "show_at", "timing", "intrinsic_duration",
                                      *KIND_FIELDS}
EXTRAPOLATIONS = {"hold", "linear", "cycle", "cycle-offset", "ping-pong"}
KIND_CHANNELS = {"scalar": 1, "point": 2, "size": 2, "rect": 4, "color": 4, "bool": 1, "transform": 6,
                 "transform3d": 16}
COLOR_SPACES = {"srgb", "linear-srgb", "oklab", "oklch", "hsl"}


def check_keyframe(k, allowed):
    assert set(k) <= allowed, set(k) - allowed
    assert {"time", "value"} <= set(k)
    for side in ("left", "right"):
        if side in k:
            assert set(k[side]) == {"time", "value"}


def check_kind_fields(spec, strict=True):
    """`channels` only with kind vector, `color_space` and `premultiplied`
    only with kind color or no kind (the property's own kind, or a color if
    the name is unknown). Groups (strict) use known kinds and spaces;
    rejections may misspell them on purpose. Returns the kind's channel
    count, or None if unknown."""
    kind = spec.get("kind", "color" if {"color_space", "premultiplied"} & set(spec) else None)
    if "channels" in spec:
        assert kind == "vector" and isinstance(spec["channels"], int), spec
    if "color_space" in spec or "premultiplied" in spec:
        assert kind in ("color", None), spec  # None: the property's own kind, or a color
        assert isinstance(spec.get("premultiplied", False), bool)
    if strict and kind is not None:
        assert kind in KIND_CHANNELS or kind == "vector", kind
        assert spec.get("color_space", "srgb") in COLOR_SPACES
        if kind == "vector":
            assert "channels" in spec
    return spec["channels"] if kind == "vector" else KIND_CHANNELS.get(kind)


def check_values(group, keyframes, tests, channels):
    """Every keyframe value and expected value of a sampled group has the same
    number of channels (the kind's, if the group names one)."""
    sizes = {len(k["value"]) for k in keyframes} | {len(t["expected"]) for t in tests}
    sizes |= {len(t["expected_velocity"]) for t in tests if "expected_velocity" in t}
    if channels is not None:
        sizes.add(channels)
    assert len(sizes) <= 1, (group["id"], sizes)


@pytest.mark.parametrize("name", vector_files())
def test_vector_file_is_well_formed(name):
    """Sanity of the suite itself (as JSON-Schema-Test-Suite checks its own):
    ids and tcIds unique within the file, known fields only (a misspelt
    field would be silently ignored), known types, statuses and modes,
    channel counts that fit the kinds."""
    doc = DOCS[name]
    assert doc["schema"] in ("razzle-vectors/1", "razzle-vectors/2")
    v2 = doc["schema"] == "razzle-vectors/2"
    if v2:
        type_keys, keyframe_keys = V2_TYPE_KEYS, V2_KEYFRAME_KEYS
        test_keys, rejection_keys = V2_TEST_KEYS, V2_REJECTION_KEYS
    else:
        type_keys = {"track": V1_GROUP_KEYS, "easing": V1_GROUP_KEYS}
        keyframe_keys, rejection_keys = V1_KEYFRAME_KEYS, REJECTION_KEYS
        test_keys = {"track": V1_TEST_KEYS - {"progress"}, "easing": V1_TEST_KEYS - {"time"}}
    rejections = doc.get("rejections", [])
    ids = [g["id"] for g in doc["groups"]] + [r["id"] for r in rejections]
    assert len(ids) == len(set(ids)), "duplicate ids"
    tc_ids = [t["tcId"] for g in doc["groups"] for t in g["tests"]] + [r["tcId"] for r in rejections]
    assert len(tc_ids) == len(set(tc_ids)), "duplicate tcIds"
    for g in doc["groups"]:
        assert g["type"] in type_keys and g["comment"], g["id"]
        assert set(g) <= type_keys[g["type"]], (g["id"], set(g) - type_keys[g["type"]])
        assert 0 < len(g["tests"]) <= 64  # the C program's batch buffers
        for t in g["tests"]:
            assert set(t) <= test_keys[g["type"]], (g["id"], t)
            shape = dict if g["type"] == "timing" else (list, int, float, str)
            assert "expected" in t and isinstance(t["expected"], shape)
        if g["type"] == "easing":
            assert all("progress" in t for t in g["tests"])
            continue
        if g["type"] in LAYOUT_TYPES:
            check_layout_group(g)
            continue
        if g["type"] == "compose":
            assert g["target"] is not None and all(len(t["expected"]) == 6 and "time" in t for t in g["tests"])
            for spec in g["tracks"]:
                assert set(spec) <= {"property", "keyframes", *KIND_FIELDS}, spec
                channels = check_kind_fields(spec)
                for k in spec["keyframes"]:
                    check_keyframe(k, keyframe_keys)
                check_values(g, spec["keyframes"], [], channels)
            continue
        if g["type"] == "timing":
            assert set(g["timing"]) <= set(TIMING_FIELDS), g["timing"]
            assert g.get("animation_direction", "forwards") in ("forwards", "backwards")
            assert set(g["durations"]) == {"iteration_duration", "active_duration", "end_time"}
            for t in g["tests"]:
                assert set(t["expected"]) == TIMING_EXPECTED, (g["id"], t)
                assert t["expected"]["phase"] in ("before", "active", "after", "idle")
            continue
        if g["type"] == "color_convert":
            assert g["space"] in COLOR_SPACES
            for t in g["tests"]:
                if "rgba" in t:
                    assert len(t["rgba"]) == 4 and len(t["expected"]) == 3 and not {"coordinates", "alpha"} & set(t)
                else:
                    assert len(t["coordinates"]) == 3 and "alpha" in t and len(t["expected"]) == 4, t
            continue
        # track and hide groups
        assert all("time" in t for t in g["tests"])
        for k in g["keyframes"]:
            check_keyframe(k, keyframe_keys)
        assert set(g.get("extrapolation", {})) <= {"before", "after"}
        assert set(g.get("extrapolation", {}).values()) <= EXTRAPOLATIONS
        tests = [t for t in g["tests"] if isinstance(t["expected"], list)]
        check_values(g, g["keyframes"], tests, check_kind_fields(g))
        if g["type"] == "hide":
            assert g["operations"] and all(len(op) == 1 and set(op) <= {"hide_at", "show_at"} for op in g["operations"])
    for r in rejections:
        assert set(r) <= rejection_keys, set(r) - rejection_keys
        assert r["status"] in razzle._ffi.STATUS_CODES
        if "timing" in r:
            assert set(r["timing"]) <= set(TIMING_FIELDS) and not set(r) & {"property", "keyframes", *OPERATIONS}
            continue
        check_kind_fields(r, strict=False)
        tried = [name for name in OPERATIONS if name in r]
        assert len(tried) <= 1, (r["id"], tried)
        if not tried:
            assert r["keyframes"] == [], "a rejection that creates the track has no keyframes"
        if "extrapolation" in r:
            assert set(r["extrapolation"]) <= {"before", "after"}
        for k in [*r["keyframes"], *([r["set"]] if "set" in r else [])]:
            check_keyframe(k, keyframe_keys)


def test_known_failures_name_real_checks():
    """Every entry of known_failures.txt names a file, a group in it and a
    check that group makes."""
    groups = {(name, g["id"]): g for name, g in GROUPS}
    for file, group, check in KNOWN_FAILURES:
        assert (file, group) in groups, (file, group)
        assert check in ("value", "velocity"), check
        if check == "velocity":
            assert any("expected_velocity" in t for t in groups[file, group]["tests"]), (file, group)
