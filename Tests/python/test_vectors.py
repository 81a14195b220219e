"""The shared vectors (every file in Tests/vectors) through the Python
package, bit-for-bit agreement with the C program that links the same
library, and the sanity of the vector files themselves."""

import math
import struct
import subprocess

import numpy as np
import pytest
import razzle
from conftest import load_vectors, vector_files, vector_number

DOCS = {name: load_vectors(name) for name in vector_files()}
GROUPS = [(name, g) for name, doc in DOCS.items() for g in doc["groups"]]
REJECTIONS = [(name, r) for name, doc in DOCS.items() for r in doc.get("rejections", [])]
STATUS_EXCEPTIONS = {
    "KF_E_INVALID_VALUE": razzle.InvalidValueError,
    "KF_E_WRONG_SIZE": razzle.WrongSizeError,
    "KF_E_EASING": razzle.EasingError,
}
STYLE_FIELDS = ("interpolation", "left", "right", "tension", "continuity", "bias")


def listed(x):
    return [vector_number(v) for v in (x if isinstance(x, list) else [x])]


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


def build_track(animator, group):
    track = animator.add_track("view", group["property"])
    for k in group["keyframes"]:
        set_keyframe(track, k)
    extrapolation = group.get("extrapolation")
    if extrapolation is not None:
        track.set_extrapolation(before=extrapolation.get("before"), after=extrapolation.get("after"))
    return track


def python_results():
    """{(file, tcId): [float, ...]} for every vector's sample and for its
    velocity (track groups) or derivative (easing groups), via single calls."""
    samples, velocities = {}, {}
    for name, group in GROUPS:
        if group["type"] == "easing":
            easing = razzle.easing(group["easing"])
            for test in group["tests"]:
                p = vector_number(test["progress"])
                samples[name, test["tcId"]] = [easing(p)]
                velocities[name, test["tcId"]] = [easing.derivative(p)]
            continue
        with razzle.Animator() as animator:
            track = build_track(animator, group)
            for test in group["tests"]:
                t = vector_number(test["time"])
                samples[name, test["tcId"]] = listed(track(t))
                velocities[name, test["tcId"]] = listed(track.velocity(t))
    return samples, velocities


def matches(actual, expected, tolerance):
    if math.isnan(expected):
        return math.isnan(actual)
    if math.isinf(expected) or tolerance == 0:
        return actual == expected
    return abs(actual - expected) <= tolerance


def group_id(item):
    return f"{item[0]}:{item[1]['id']}"


@pytest.mark.parametrize("item", GROUPS, ids=group_id)
def test_group(item):
    name, group = item
    tolerance = group["tolerance"]
    if group["type"] == "easing":
        check_easing_group(group, tolerance, group.get("derivative_tolerance", tolerance))
        return
    velocity_tolerance = group.get("velocity_tolerance", tolerance)
    with razzle.Animator() as animator:
        track = build_track(animator, group)
        times = np.array([vector_number(t["time"]) for t in group["tests"]])
        batch, batch_velocity = track(times), track.velocity(times)
        failures = []
        for test, from_batch, velocity_from_batch in zip(group["tests"], batch, batch_velocity):
            t = vector_number(test["time"])
            single, velocity = track(t), track.velocity(t)
            expected = listed(test["expected"])
            if not matches(single, expected[0], tolerance):
                failures.append((test["tcId"], t, "value", single, expected[0]))
            if "expected_velocity" in test:
                expected_velocity = listed(test["expected_velocity"])[0]
                if not matches(velocity, expected_velocity, velocity_tolerance):
                    failures.append((test["tcId"], t, "velocity", velocity, expected_velocity))
            # Batch and single calls agree bit for bit.
            assert bits(from_batch) == bits(single), (test["tcId"], from_batch, single)
            assert bits(velocity_from_batch) == bits(velocity), (test["tcId"], velocity_from_batch, velocity)
        assert not failures, failures


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


@pytest.mark.parametrize("item", REJECTIONS, ids=group_id)
def test_rejection(item):
    _, vector = item
    with razzle.Animator() as animator:
        group = {"property": vector["property"], "keyframes": vector["keyframes"]}
        track = build_track(animator, group)
        before = track.keyframes
        call = lambda: set_keyframe(track, vector["set"])  # noqa: E731
        if vector["status"] == "KF_OK":
            call()
            return
        with pytest.raises(STATUS_EXCEPTIONS[vector["status"]]) as caught:
            call()
        assert caught.value.status == razzle._ffi.STATUS_CODES[vector["status"]][0]
        if "message_contains" in vector:
            assert vector["message_contains"] in str(caught.value)
        assert track.keyframes == before


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
V2_GROUP_KEYS = V1_GROUP_KEYS | {"extrapolation", "velocity_tolerance", "derivative_tolerance"}
V1_KEYFRAME_KEYS = {"time", "value", "easing"}
V2_KEYFRAME_KEYS = V1_KEYFRAME_KEYS | set(STYLE_FIELDS)
V1_TEST_KEYS = {"tcId", "time", "progress", "expected", "comment"}
V2_TEST_KEYS = V1_TEST_KEYS | {"expected_velocity", "expected_derivative"}
REJECTION_KEYS = {"tcId", "id", "comment", "property", "keyframes", "set", "status", "message_contains"}
EXTRAPOLATIONS = {"hold", "linear", "cycle", "cycle-offset", "ping-pong"}


def check_keyframe(k, allowed):
    assert set(k) <= allowed, set(k) - allowed
    assert {"time", "value"} <= set(k)
    for side in ("left", "right"):
        if side in k:
            assert set(k[side]) == {"time", "value"}


@pytest.mark.parametrize("name", vector_files())
def test_vector_file_is_well_formed(name):
    """Sanity of the suite itself (as JSON-Schema-Test-Suite checks its own):
    ids and tcIds unique within the file, known fields only (a misspelt
    field would be silently ignored), known types, statuses and modes."""
    doc = DOCS[name]
    assert doc["schema"] in ("razzle-vectors/1", "razzle-vectors/2")
    v2 = doc["schema"] == "razzle-vectors/2"
    group_keys, keyframe_keys, test_keys = (
        (V2_GROUP_KEYS, V2_KEYFRAME_KEYS, V2_TEST_KEYS) if v2 else (V1_GROUP_KEYS, V1_KEYFRAME_KEYS, V1_TEST_KEYS)
    )
    rejections = doc.get("rejections", [])
    ids = [g["id"] for g in doc["groups"]] + [r["id"] for r in rejections]
    assert len(ids) == len(set(ids)), "duplicate ids"
    tc_ids = [t["tcId"] for g in doc["groups"] for t in g["tests"]] + [r["tcId"] for r in rejections]
    assert len(tc_ids) == len(set(tc_ids)), "duplicate tcIds"
    for g in doc["groups"]:
        assert set(g) <= group_keys, (g["id"], set(g) - group_keys)
        assert g["type"] in ("track", "easing") and g["comment"]
        input_key = "time" if g["type"] == "track" else "progress"
        extra = "expected_velocity" if g["type"] == "track" else "expected_derivative"
        for k in g.get("keyframes", []):
            check_keyframe(k, keyframe_keys)
        assert set(g.get("extrapolation", {})) <= {"before", "after"}
        assert set(g.get("extrapolation", {}).values()) <= EXTRAPOLATIONS
        assert 0 < len(g["tests"]) <= 64  # the C program's batch buffers
        other = {"time", "progress", "expected_velocity", "expected_derivative"} - {input_key, extra}
        for t in g["tests"]:
            assert set(t) <= test_keys - other, (g["id"], t)
            assert input_key in t and "expected" in t
    for r in rejections:
        assert set(r) <= REJECTION_KEYS, set(r) - REJECTION_KEYS
        assert r["status"] in razzle._ffi.STATUS_CODES
        for k in [*r["keyframes"], r["set"]]:
            check_keyframe(k, keyframe_keys)
