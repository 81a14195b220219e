"""The shared vectors through the Python package, and bit-for-bit agreement
with the C program that links the same library."""

import math
import struct
import subprocess

import numpy as np
import pytest
import razzle
from conftest import load_vectors, vector_number

DOC = load_vectors()
STATUS_EXCEPTIONS = {
    "KF_E_INVALID_VALUE": razzle.InvalidValueError,
    "KF_E_WRONG_SIZE": razzle.WrongSizeError,
    "KF_E_EASING": razzle.EasingError,
}


def build_track(animator, group):
    if group["type"] == "easing":
        track = animator.add_track("view", "progress")
        track.set(0, 0.0, easing=group["easing"])
        track.set(1, 1.0)
        return track, "progress"
    track = animator.add_track("view", group["property"])
    for k in group["keyframes"]:
        track.set(vector_number(k["time"]), [vector_number(v) for v in k["value"]], easing=k.get("easing"))
    return track, "time"


def python_samples():
    """{tcId: [float, ...]} for every sampled vector, via single samples."""
    samples = {}
    for group in DOC["groups"]:
        with razzle.Animator() as animator:
            track, key = build_track(animator, group)
            for test in group["tests"]:
                value = track(vector_number(test[key]))
                samples[test["tcId"]] = [value] if isinstance(value, float) else list(value)
    return samples


def matches(actual, expected, tolerance):
    if math.isnan(expected):
        return math.isnan(actual)
    return actual == expected if tolerance == 0 else abs(actual - expected) <= tolerance


@pytest.mark.parametrize("group", DOC["groups"], ids=lambda g: g["id"])
def test_group(group):
    with razzle.Animator() as animator:
        track, key = build_track(animator, group)
        inputs = np.array([vector_number(t[key]) for t in group["tests"]])
        batch = track(inputs)
        for test, from_batch in zip(group["tests"], batch):
            expected = test["expected"] if isinstance(test["expected"], list) else [test["expected"]]
            expected = [vector_number(e) for e in expected]
            single = track(vector_number(test[key]))
            assert matches(single, expected[0], group["tolerance"]), (test["tcId"], single, expected)
            # Batch and single sampling agree bit for bit.
            assert struct.pack("<d", from_batch) == struct.pack("<d", single)


@pytest.mark.parametrize("vector", DOC["rejections"], ids=lambda v: v["id"])
def test_rejection(vector):
    with razzle.Animator() as animator:
        group = {"type": "track", "property": vector["property"], "keyframes": vector["keyframes"]}
        track, _ = build_track(animator, group)
        before = track.keyframes
        action = vector["set"]
        call = lambda: track.set(  # noqa: E731
            vector_number(action["time"]), [vector_number(v) for v in action["value"]], easing=action.get("easing")
        )
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
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")
    c_samples = {}
    for line in result.stdout.splitlines():
        if line.startswith("sample "):
            _, tc_id, *values = line.split()
            c_samples[int(tc_id)] = [float.fromhex(v) for v in values]
    py_samples = python_samples()
    assert set(c_samples) == set(py_samples) and len(py_samples) > 40
    for tc_id, values in py_samples.items():
        packed_py = [struct.pack("<d", v) for v in values]
        packed_c = [struct.pack("<d", v) for v in c_samples[tc_id]]
        assert packed_py == packed_c, (tc_id, values, c_samples[tc_id])


def test_vector_file_is_well_formed():
    """Sanity of the suite itself: unique ids and tcIds, known types/statuses."""
    ids = [g["id"] for g in DOC["groups"]] + [r["id"] for r in DOC["rejections"]]
    assert len(ids) == len(set(ids))
    tc_ids = [t["tcId"] for g in DOC["groups"] for t in g["tests"]] + [r["tcId"] for r in DOC["rejections"]]
    assert len(tc_ids) == len(set(tc_ids))
    assert {g["type"] for g in DOC["groups"]} <= {"track", "easing"}
    assert {r["status"] for r in DOC["rejections"]} <= set(razzle._ffi.STATUS_CODES)
    assert DOC["schema"] == "razzle-vectors/1"
