"""Geometry at the edges of the double range (issue: a 75-byte scene file
once made the arc-length table split a curve 2**30 times and abort the
process). Each input runs in a child process under a 1 GiB address-space
limit and a time limit, so a regression fails the test instead of killing
pytest; the lengths are worked by hand."""

import json
import math
import subprocess
import sys
import textwrap

import numpy as np
import pytest

CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    import razzle
    kind, payload = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    try:
        if kind == "path":
            result = razzle.Path(payload).length
        elif kind == "scene":
            result = razzle.loads(payload).paths[0].length
        else:
            values = razzle.import_lottie(payload).values(5)
            result = [v for row in values.values() for v in row]
        out = {"ok": result}
    except razzle.RazzleError as e:
        out = {"error": type(e).__name__, "message": str(e)}
    out["ms"] = (time.perf_counter() - start) * 1e3
    print(json.dumps(out))
    """
)


def run(kind, payload):
    done = subprocess.run(
        [sys.executable, "-c", CHILD, kind, payload], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


SQRT2 = math.sqrt(2)


@pytest.mark.parametrize(
    "data, length",
    [
        # 2t(1-t)(1e200, 1e200) + t^2 (1, 1): out to (0.5e200, 0.5e200) and back.
        ("M0 0 Q1e200 1e200 1 1", SQRT2 * 1e200),
        # rx = 1e-300 (its square underflows): the half ellipse flattens onto a 10-long segment.
        ("M0 0 A1e-300 5 0 1 1 0 10", 10.0),
        ("M0 0 L 1e200 0", 1e200),
        # x(t) = 3t(1-t)(1-2t) 1e154 along y = -x: turning points at +-1e154/(2 sqrt 3).
        ("M0 0 C 1e154 -1e154 -1e154 1e154 1 1", SQRT2 * 4 / (2 * math.sqrt(3)) * 1e154),
    ],
)
def test_extreme_paths_measure_exactly_and_quickly(data, length):
    out = run("path", data)
    assert out["ok"] == pytest.approx(length, rel=1e-13)
    assert out["ms"] < 2000


def test_the_75_byte_scene_file():
    text = '{"format":"razzle-scene/1","paths":[{"data":"M0 0 C 1e154 -1e154 -1e154 1e154 1 1"}]}'
    out = run("scene", text)
    assert out["ok"] == pytest.approx(SQRT2 * 4 / (2 * math.sqrt(3)) * 1e154, rel=1e-13)


@pytest.mark.parametrize(
    "data, offset",
    [("M0 0 L 1e308 0", 5), ("M0 0 L 1e307 0 L 0 0", 15), ("M0 0 C 1e308 0 0 0 1 1", 5)],
)
def test_paths_too_long_to_measure_are_refused_at_their_segment(data, offset):
    out = run("path", data)
    assert out["error"] == "InvalidValueError"
    assert f"at byte {offset}" in out["message"]


def lottie_with_tangent(to):
    key = {"t": 0, "s": [0, 0, 0], "to": to, "ti": [0, 0, 0], "i": {"x": 0.5, "y": 0.5}, "o": {"x": 0.5, "y": 0.5}}
    layer = {"ty": 3, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [key, {"t": 10, "s": [10, 10, 0]}]}}}
    return json.dumps({"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [layer]})


def test_lottie_position_with_extreme_tangents_answers():
    out = run("lottie", lottie_with_tangent([1e154, -1e154, 0]))
    x, y = out["ok"][0], out["ok"][1]
    # On the route, which stays on the line y = -x until it turns to (10, 10).
    assert math.isfinite(x) and math.isfinite(y) and abs(x) <= 1e154


def test_lottie_route_too_long_is_refused_with_its_pointer():
    out = run("lottie", lottie_with_tangent([1e308, -1e308, 0]))
    assert out["error"] == "InvalidValueError"
    assert "/layers/0/ks/p/k/0" in out["message"]


def test_path_data_longer_than_the_limit_is_refused_before_it_is_read():
    # KF_PATH_DATA_MAX_BYTES (4 MiB): about 80 bytes of memory a byte of text,
    # so 88 MB of path data once needed 7 GB.
    import razzle

    limit = 4 << 20
    data = "M0 0" + " L1 1" * ((limit - 4) // 5)
    assert len(data) <= limit
    assert razzle.Path(data).length == pytest.approx(2 ** 0.5)
    with pytest.raises(razzle.InvalidValueError, match=f"at byte {limit}"):
        razzle.Path(data + " " * (limit - len(data) + 1))


@pytest.mark.parametrize("data, length", [("M0 0 L5e-324 0", 5e-324), ("M2.2250738585072014e-308 0 L0 0", 2.2250738585072014e-308)])
def test_paths_of_subnormal_length_sample_and_trim(data, length):
    """A path whose length is subnormal (or the smallest normal double)
    trapped (SIGILL, the process died) on its first sample or trim: the
    arc-length buckets' scale overflowed. In a child process: its ends,
    its midpoint and any trim (a moveto where the slice rounds to nothing)
    now come back."""
    script = textwrap.dedent(
        f"""
        import json, razzle
        path = razzle.Path({data!r})
        ends = sorted(path.points([0.0, 1.0])[:, 0].tolist())
        mid = path.points([0.5])[0].tolist()
        trims = [str(path.trim(a, b)) for a, b in ((0.25, 0.75), (0.75, 1.25), (0.5, 0.5))]
        print(json.dumps([path.length, ends, mid, trims]))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-500:]
    got_length, ends, mid, trims = json.loads(done.stdout)
    assert got_length == length and ends == [0.0, length]
    assert mid[1] == 0.0 and 0.0 <= mid[0] <= length
    assert all(t.startswith("M") for t in trims)


def test_a_bounds_mask_of_huge_or_tiny_sides_has_its_radius():
    """The bounds mask's radius is progress × the half diagonal, √2/2 × the
    side for a square: it squared the half sides, so 1e300 gave inf (and
    NaN at progress 0) and 1e-300 gave 0."""
    import razzle

    for side in (1e300, 1e-300):
        mask = razzle.Mask("bounds", side, side)
        radii = mask.radius(np.array([0.0, 0.5, 1.0]))
        half_diagonal = side / 2 * math.sqrt(2)
        np.testing.assert_allclose(radii, [0.0, 0.5 * half_diagonal, half_diagonal], rtol=1e-15)
