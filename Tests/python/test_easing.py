"""Easings against independent oracles: Penner's formulas as easings.net
writes them, the parametric cubic Bezier solved by bisection, hand-worked
steps and linear() values, and springs integrated numerically by scipy."""

import math

import numpy as np
import pytest
import razzle
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

P = np.linspace(0, 1, 101)


def bezier_oracle(x1, y1, x2, y2, p):
    """y at x = p on the CSS cubic Bezier, solving x(s) = p by brentq."""

    def x(s):
        return 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s**2 * x2 + s**3

    def y(s):
        return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s**2 * y2 + s**3

    out = []
    for q in p:
        if q <= 0 or q >= 1:
            out.append(float(q))
            continue
        s = brentq(lambda s: x(s) - q, 0, 1, xtol=1e-15, rtol=1e-15)
        out.append(y(s))
    return np.array(out)


@pytest.mark.parametrize(
    "spec, curve",
    [
        ("cubic-bezier(0.42, 0, 0.58, 1)", (0.42, 0, 0.58, 1)),
        ("ease", (0.25, 0.1, 0.25, 1)),
        ("ease-in", (0.42, 0, 1, 1)),
        ("easeOut", (0, 0, 0.58, 1)),
        ("cubic-bezier(0.1, -0.6, 0.2, 1.8)", (0.1, -0.6, 0.2, 1.8)),
        ("cubic-bezier(0.68, -0.55, 0.265, 1.55)", (0.68, -0.55, 0.265, 1.55)),
    ],
)
def test_cubic_bezier_matches_the_exact_curve(spec, curve):
    ease = razzle.easing(spec)
    np.testing.assert_allclose(ease(P), bezier_oracle(*curve, P), atol=1e-9, rtol=0)
    assert ease(0.0) == 0.0 and ease(1.0) == 1.0


def test_css_ease_published_value():
    # ease(0.5): mpmath solve of the CSS 'ease' curve.
    assert razzle.easing("ease")(0.5) == pytest.approx(0.802403387584857, abs=1e-12)


@pytest.mark.parametrize(
    "spec, points",
    [
        # CSS Easing 1, hand-worked: steps(4, jump-end) floors to quarters.
        ("steps(4)", {0: 0, 0.24: 0, 0.25: 0.25, 0.5: 0.5, 0.99: 0.75, 1: 1}),
        ("steps(4, jump-start)", {0: 0.25, 0.24: 0.25, 0.25: 0.5, 0.75: 1, 1: 1}),
        ("steps(3, jump-none)", {0: 0, 0.33: 0, 0.34: 0.5, 0.67: 1, 1: 1}),
        ("steps(3, jump-both)", {0: 0.25, 0.34: 0.5, 0.67: 0.75, 1: 1}),
        ("step-start", {0: 1, 0.5: 1, 1: 1}),
        ("step-end", {0: 0, 0.5: 0, 0.999: 0, 1: 1}),
        # CSS Easing 2 linear(): points (0,0) (0.75,0.25) (1,1).
        ("linear(0, 0.25 75%, 1)", {0: 0, 0.375: 0.125, 0.75: 0.25, 0.875: 0.625, 1: 1}),
        # Missing inputs spread evenly: (0,0) (0.5,0.25) (1,1).
        ("linear(0, 0.25, 1)", {0.25: 0.125, 0.5: 0.25, 0.75: 0.625}),
        # Inputs clamped to be non-decreasing: both middle points at 0.6.
        ("linear(0, 0.9 60%, 0.5 40%, 1)", {0.3: 0.45, 0.6: 0.5, 0.8: 0.75}),
        # Two-input entry: a flat stretch from 25% to 75%.
        ("linear(0, 0.5 25% 75%, 1)", {0.125: 0.25, 0.5: 0.5, 0.875: 0.75}),
        # Duplicate inputs: the right-hand point wins.
        ("linear(0 0%, 0 50%, 1 50%, 1 100%)", {0.49: 0, 0.5: 1, 0.51: 1}),
    ],
)
def test_steps_and_linear_hand_worked(spec, points):
    ease = razzle.easing(spec)
    for p, expected in points.items():
        assert ease(p) == pytest.approx(expected, abs=1e-15), (spec, p)


def spring_oracle(m, k, c, v0, times):
    solution = solve_ivp(
        lambda t, y: [y[1], (-c * y[1] - k * (y[0] - 1)) / m],
        (0, max(times)),
        [0.0, v0],
        t_eval=times,
        rtol=1e-12,
        atol=1e-13,
        method="DOP853",
    )
    return solution.y[0], solution.y[1]


@pytest.mark.parametrize(
    "m, k, c, v0",
    [(1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 35, 0), (2, 300, 5, -1.5), (1, 246.74011002723395, 21.991148575128552, 3)],
    ids=["under", "critical", "over", "bouncy-with-velocity", "swiftui-bouncy"],
)
def test_spring_matches_numerical_integration(m, k, c, v0):
    spring = razzle.Spring(m, k, c, v0)
    times = np.linspace(0, 2, 81)
    x, v = spring_oracle(m, k, c, v0, times)
    np.testing.assert_allclose(spring.position(times), x, atol=1e-9)
    np.testing.assert_allclose(spring.velocity(times), v, atol=1e-8)


def test_swiftui_bouncy_mapping():
    spring = razzle.Spring.from_duration_bounce(0.4, 0.3)
    assert spring.stiffness == pytest.approx((2 * math.pi / 0.4) ** 2)
    assert spring.damping == pytest.approx(4 * math.pi * 0.7 / 0.4)
    assert round(spring.stiffness, 5) == 246.74011 and round(spring.damping, 5) == 21.99115
    expected = [0.561376, 0.984087, 1.044043, 1.014498, 0.999307]
    assert np.round(spring.position([0.1, 0.2, 0.3, 0.4, 0.5]), 6).tolist() == expected
    below = razzle.Spring.from_duration_bounce(0.5, -0.5)
    assert below.damping == pytest.approx(4 * math.pi / (0.5 * 0.5))
    ratio = razzle.Spring.from_damping_ratio(0.5, 0.8)
    assert ratio.damping_ratio == pytest.approx(0.5)


def test_spring_settling_duration_means_settled():
    spring = razzle.Spring.from_duration_bounce(0.5, 0.3)
    t_s = spring.settling_duration
    later = np.linspace(t_s, t_s + 5, 2001)
    assert np.all(np.abs(spring.position(later) - 1) < 1e-4 + 1e-12)
    assert np.all(np.abs(spring.velocity(later)) < 1e-4 + 1e-12)
    earlier = np.linspace(0, t_s * 0.98, 500)
    assert np.any((np.abs(spring.position(earlier) - 1) >= 1e-4) | (np.abs(spring.velocity(earlier)) >= 1e-4))


def test_spring_as_an_easing_runs_for_its_settling_duration():
    spring = razzle.Spring.from_duration_bounce(0.4, 0.3)
    ease = razzle.easing(spring.spec)
    assert ease(1.0) == 1.0 and ease(0.0) == 0.0
    p = np.linspace(0, 0.99, 50)
    np.testing.assert_allclose(ease(p), spring.position(p * spring.settling_duration), atol=1e-12)
    assert razzle.easing("bouncy(0.4)") == ease


ALL_SPECS = [
    f"ease{mode}{family}"
    for mode in ("In", "Out", "InOut")
    for family in ("Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce")
] + [
    "linear",
    "easeOutBack(2.5)",
    "easeInOutElastic(1.5, 0.4)",
    "cubic-bezier(0.1, -0.6, 0.2, 1.8)",
    "ease",
    "linear(0, 0.25 75%, 1)",
    "bouncy(0.4)",
    "spring(mass=1, stiffness=100, damping=25)",
    "spring(duration=0.6, bounce=-0.3)",
]


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_derivatives_match_finite_differences(spec):
    ease = razzle.easing(spec)
    rng = np.random.default_rng(7)
    p = rng.uniform(0.02, 0.98, 200)
    h = 1e-6
    numeric = (ease(p + h) - ease(p - h)) / (2 * h)
    analytic = ease.derivative(p)
    # Skip the points within h of a kink (bounce arcs, linear() corners).
    smooth = np.abs(ease.derivative(p + h) - ease.derivative(p - h)) < 1e-3 * (1 + np.abs(analytic))
    assert smooth.sum() > 150
    np.testing.assert_allclose(analytic[smooth], numeric[smooth], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "spec, fragment",
    [
        ("cubic-bezier(1.5, 0, 0, 1)", "x1"),
        ("steps(0)", "integer >= 1"),
        ("steps(1, jump-none)", "jump-none"),
        ("spring(mass=0)", "mass"),
        ("cubic-bezier(0, 0, 1, 1", "missing ')'"),
        ("steps(2))", "unbalanced ')'"),
        ("wobble(1)", "unknown easing"),
    ],
)
def test_bad_specs_are_parse_errors_that_point_at_the_problem(spec, fragment):
    with pytest.raises(razzle.EasingError, match=re_escape(fragment)):
        razzle.easing(spec)
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        track[0] = 1.0
        with pytest.raises(razzle.EasingError):
            track.set(0, 2.0, easing=spec)
        assert track.keyframes == [razzle.Keyframe(0.0, 1.0, "linear")]


def re_escape(text):
    import re

    return re.escape(text)


def test_helpers_build_the_same_easings():
    assert razzle.cubic_bezier(0.42, 0, 0.58, 1) == "cubic-bezier(0.42, 0, 0.58, 1)"
    assert razzle.easing(razzle.cubic_bezier(0.42, 0, 0.58, 1)) == razzle.easing("ease-in-out")
    assert razzle.steps(4, "start") == "steps(4, jump-start)"
    assert razzle.linear_stops(0, (0.25, 75), 1) == "linear(0 0%, 0.25 75%, 1 100%)"
    assert razzle.easing(razzle.spring(duration=0.4, bounce=0.3)) == razzle.easing("bouncy(0.4)")
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        track.set(0, 0.0, easing=razzle.easing("easeInQuad"))
        track[1] = 1.0
        assert track(0.5) == 0.25
