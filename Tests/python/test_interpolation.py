"""Interpolation modes, extrapolation and velocity against independent
oracles: scipy's PchipInterpolator and CubicHermiteSpline, the parametric
Bezier solved by brentq, hand-worked cycles, and finite differences."""

import numpy as np
import pytest
import razzle
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.interpolate import CubicHermiteSpline, PchipInterpolator
from scipy.optimize import brentq


def make_track(anim, times, values, **style):
    track = anim.add_track("v", f"x{len(anim)}")
    for t, v in zip(times, values):
        track.set(t, v, **style)
    return track


DATASETS = [
    ([0, 1, 2, 3, 4], [0, 1, 0, 1, 0]),
    ([0, 0.5, 2, 2.2, 5, 6], [1, 3, -2, -2, 4, 4.5]),
    ([-3, -1, 0, 4], [10, 10, 5, 0]),
    ([0, 1, 3], [0, 2, 2]),
    ([0, 1], [3, -1]),
    ([0, 1, 2, 3, 4, 5, 6], [0, 0, 1, 1, 5, 2, 2]),
]


@pytest.mark.parametrize("times, values", DATASETS)
def test_monotone_matches_scipy_pchip(anim, times, values):
    track = make_track(anim, times, values, interpolation="monotone")
    q = np.linspace(times[0], times[-1], 997)
    np.testing.assert_allclose(track(q), PchipInterpolator(times, values)(q), atol=1e-9, rtol=0)
    np.testing.assert_allclose(
        track.velocity(q[:-1]), PchipInterpolator(times, values).derivative()(q[:-1]), atol=1e-8, rtol=0
    )
    # Never outside the keyframe values' range.
    assert track(q).min() >= min(values) - 1e-12 and track(q).max() <= max(values) + 1e-12


def catmull_rom_tangents(times, values):
    """Finite-difference Catmull-Rom: mean of adjacent slopes; one-sided ends."""
    t, v = np.asarray(times, float), np.asarray(values, float)
    d = np.diff(v) / np.diff(t)
    m = np.empty_like(v)
    m[0], m[-1] = d[0], d[-1]
    m[1:-1] = (d[:-1] + d[1:]) / 2
    return m


@pytest.mark.parametrize("times, values", DATASETS)
def test_smooth_matches_cubic_hermite_with_catmull_rom_tangents(anim, times, values):
    track = make_track(anim, times, values, interpolation="smooth")
    spline = CubicHermiteSpline(times, values, catmull_rom_tangents(times, values))
    q = np.linspace(times[0], times[-1], 997)
    np.testing.assert_allclose(track(q), spline(q), atol=1e-9, rtol=0)
    np.testing.assert_allclose(track.velocity(q[:-1]), spline.derivative()(q[:-1]), atol=1e-8, rtol=0)


def test_kochanek_bartels_parameters(anim):
    times, values = [0, 1, 3, 4], [0, 2, 1, 5]
    d = np.diff(values) / np.diff(times)
    tension, continuity, bias = 0.5, -0.3, 0.2
    track = anim.add_track("v", "kb")
    for t, v in zip(times, values):
        track.set(t, v, interpolation="smooth", tension=tension, continuity=continuity, bias=bias)
    # Kochanek & Bartels (1984) in slope form: the outgoing (source) tangent
    # weighs the previous slope by (1+B)(1+C), the incoming (destination) one
    # by (1+B)(1-C); ends take the one-sided slope times (1 - T).
    a = (1 - tension) * (1 + bias) * (1 + continuity) / 2
    b = (1 - tension) * (1 - bias) * (1 - continuity) / 2
    c = (1 - tension) * (1 + bias) * (1 - continuity) / 2
    e = (1 - tension) * (1 - bias) * (1 + continuity) / 2
    out_tangent = [d[0] * (1 - tension)] + [a * d[i - 1] + b * d[i] for i in (1, 2)]
    in_tangent = [c * d[i - 1] + e * d[i] for i in (1, 2)] + [d[2] * (1 - tension)]
    for k in range(3):
        q = np.linspace(times[k], times[k + 1], 50)
        seg = CubicHermiteSpline([times[k], times[k + 1]], [values[k], values[k + 1]], [out_tangent[k], in_tangent[k]])
        np.testing.assert_allclose(track(q), seg(q), atol=1e-9)
    assert track.keyframes[1].tension == 0.5 and track.keyframes[1].bias == 0.2


def test_hold(anim):
    track = make_track(anim, [0, 1, 2], [5, 7, 9], interpolation="hold")
    np.testing.assert_array_equal(track([0, 0.5, 0.999, 1, 1.5, 2, 3]), [5, 5, 5, 7, 7, 9, 9])
    np.testing.assert_array_equal(track.velocity([0.5, 1.5]), [0, 0])


def bezier_oracle(p0, p1, p2, p3, t):
    """Value at time t on the cubic with (time, value) control points."""

    def coord(s, i):
        return (1 - s) ** 3 * p0[i] + 3 * (1 - s) ** 2 * s * p1[i] + 3 * (1 - s) * s**2 * p2[i] + s**3 * p3[i]

    s = brentq(lambda s: coord(s, 0) - t, 0, 1, xtol=1e-15)
    return coord(s, 1)


def test_bezier_handles(anim):
    track = anim.add_track("v", "b")
    track.set(0, 0.0, interpolation="bezier", right=(0.4, 2.0))
    track.set(2, 1.0, left=(1.5, -1.0))
    q = np.linspace(0.01, 1.99, 50)
    expected = [bezier_oracle((0, 0), (0.4, 2), (1.5, -1), (2, 1), t) for t in q]
    np.testing.assert_allclose(track(q), expected, atol=1e-9)
    assert track.keyframes[0].right == (0.4, 2.0) and track.keyframes[1].left == (1.5, -1.0)


def test_bezier_handles_that_would_reverse_time_are_corrected(anim):
    # Handles reaching past each other: Blender scales both offsets by
    # (t1 - t0) / (len1 + len2) = 1 / 1.5.
    track = anim.add_track("v", "b")
    track.set(0, 0.0, interpolation="bezier", right=(0.9, 3.0))
    track.set(1, 1.0, left=(0.4, -2.0))
    q = np.linspace(0, 1, 201)
    values = track(q)
    assert np.all(np.isfinite(values))
    f = 1 / 1.5
    expected = [bezier_oracle((0, 0), (0.9 * f, 3 * f), (1 - 0.6 * f, 1 - 3 * f), (1, 1), t) for t in q[1:-1]]
    np.testing.assert_allclose(values[1:-1], expected, atol=1e-9)


def test_bezier_without_handles_is_a_straight_line(anim):
    track = make_track(anim, [0, 3], [0, 6], interpolation="bezier")
    np.testing.assert_allclose(track([0.5, 1, 2.5]), [1, 2, 5], atol=1e-12)


def test_paced_runs_at_constant_speed(anim):
    # A 3-4-5 path: lengths 3 and 4 between t = 0 and t = 7 -> the middle
    # keyframe is reached at t = 3 whatever its own time says.
    track = make_track(anim, [0, 1, 7], [0, 3, 7], interpolation="paced")
    np.testing.assert_allclose(track([0, 1.5, 3, 5, 7]), [0, 1.5, 3, 5, 7], atol=1e-12)
    np.testing.assert_allclose(track.velocity([0.5, 4]), [1, 1], atol=1e-12)


@pytest.mark.parametrize(
    "mode, times, expected",
    [
        ("hold", [-5, 15], [0, 10]),
        ("linear", [-5, 15], [-10, 30]),  # slope 2 at both ends
        ("cycle", [-1, 6, 7, 11, 14], [8, 2, 4, 2, 8]),
        ("cycle-offset", [-1, 6, 11, 14], [-2, 12, 22, 28]),
        ("ping-pong", [6, 9, 11, -1, -4], [8, 2, 2, 2, 8]),
    ],
)
def test_extrapolation_modes(anim, mode, times, expected):
    # Keyframes 0 -> 0 and 5 -> 10: slope 2, span 5, values differ by 10.
    track = make_track(anim, [0, 5], [0, 10])
    track.extrapolation = mode
    assert track.extrapolation == (mode, mode)
    np.testing.assert_allclose(track(times), expected, atol=1e-12)


def test_extrapolation_linear_uses_outer_bezier_handle(anim):
    track = anim.add_track("v", "b")
    track.set(0, 0.0, interpolation="bezier", left=(-1, -3.0), right=(1, 0.0))
    track.set(3, 3.0, left=(2, 3.0), right=(4, 3.5))
    track.extrapolation = ("linear", "linear")
    assert track(-2) == pytest.approx(-6.0)  # slope 3 from the left handle
    assert track(5) == pytest.approx(4.0)  # slope 0.5 from the right handle


def test_bad_modes_leave_the_track_unchanged(anim):
    track = make_track(anim, [0, 1], [0, 1])
    before = track.keyframes
    with pytest.raises(razzle.InvalidNameError, match="unknown interpolation"):
        track.set(0.5, 0.5, interpolation="wiggly")
    with pytest.raises(razzle.InvalidValueError, match="tension"):
        track.set(0.5, 0.5, interpolation="smooth", tension=2)
    with pytest.raises(razzle.InvalidValueError, match="handle"):
        track.set(0.5, 0.5, interpolation="bezier", right=(float("nan"), 1))
    with pytest.raises(razzle.WrongSizeError):
        track.set(0.5, 0.5, interpolation="bezier", right=(1, (1, 2)))
    assert track.keyframes == before
    with pytest.raises(razzle.InvalidNameError, match="unknown extrapolation"):
        track.extrapolation = ("hold", "bounce")
    assert track.extrapolation == ("hold", "hold")


MODES = ["linear", "hold", "smooth", "monotone", "bezier"]
EASINGS = ["linear", "easeInOutCubic", "easeOutBack", "cubic-bezier(0.2, 0.8, 0.4, 1)", "easeInSine"]


@settings(max_examples=60, deadline=None)
@given(
    data=st.lists(
        st.tuples(st.floats(-10, 10), st.sampled_from(MODES), st.sampled_from(EASINGS)), min_size=2, max_size=8
    ),
    gaps=st.lists(st.floats(0.2, 3), min_size=8, max_size=8),
    extrapolation=st.sampled_from(["hold", "linear", "cycle", "cycle-offset", "ping-pong"]),
)
def test_velocity_matches_central_differences(data, gaps, extrapolation):
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        t = 0.0
        times = []
        for (value, mode, easing), gap in zip(data, gaps):
            track.set(t, value, interpolation=mode, easing=easing)
            times.append(t)
            t += gap
        track.extrapolation = extrapolation
        q = np.linspace(times[0] - 2, times[-1] + 2, 400)
        h = 1e-6
        # Keep away from keyframes (kinks), their repeats and mirror images.
        span = times[-1] - times[0]
        keys = np.array(times)
        mirrored = times[0] + times[-1] - keys
        marks = np.concatenate([np.concatenate([keys, mirrored]) + k * span for k in range(-40, 41)])
        q = q[np.min(np.abs(q[:, None] - marks[None, :]), axis=1) > 1e-3]
        numeric = (track(q + h) - track(q - h)) / (2 * h)
        analytic = track.velocity(q)
        scale = 1 + np.abs(analytic)
        np.testing.assert_allclose(analytic, numeric, atol=2e-4 * scale.max(), rtol=1e-4)


def test_review_edge_cases(anim):
    # Paced tracks with a zero-length leg at an end keep a finite end slope.
    flat_end = make_track(anim, [0, 1, 2], [0, 1, 1], interpolation="paced")
    flat_end.extrapolation = "linear"
    assert np.isfinite(flat_end(3)) and np.isfinite(flat_end.velocity(2))
    flat_start = make_track(anim, [0, 1, 2], [5, 5, 6], interpolation="paced")
    flat_start.extrapolation = "linear"
    assert np.isfinite(flat_start(-1))
    # ±inf: hold gives the ends; linear the infinite extension (the end value
    # on a flat end); the cycling modes have no limit and give NaN.
    track = make_track(anim, [0, 1, 2], [0, 1, 4])
    assert track(np.inf) == 4 and track(-np.inf) == 0
    track.extrapolation = "linear"
    assert track(np.inf) == np.inf and track(-np.inf) == -np.inf
    flat = make_track(anim, [0, 1], [1, 1])
    flat.extrapolation = "linear"
    assert flat(np.inf) == 1 and flat(-np.inf) == 1
    track.extrapolation = "cycle"
    assert np.isnan(track(np.inf))
    # A keyframe whose gap to a neighbour overflows is rejected.
    far = anim.add_track("v", "far")
    far[-1e308] = 0.0
    with pytest.raises(razzle.InvalidValueError, match="gap overflows"):
        far[1e308] = 1.0
    assert len(far) == 1


@pytest.mark.parametrize("spec", ["cubic-bezier(0, 1e308, 1, -1e308)", "easeOutBack(1e7)", "linear(0, 2e6, 1)", "steps(2000000)"])
def test_easing_numbers_are_bounded(spec):
    with pytest.raises(razzle.EasingError, match="within"):
        razzle.easing(spec)


def test_whitespace_easing_is_linear_and_thread_count_is_capped():
    assert razzle.easing("\n\t ").spec == "linear"
    razzle.set_thread_count(10**6)
    assert razzle.thread_count() == 256
    razzle.set_thread_count(0)
