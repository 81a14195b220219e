"""Derives the expected numbers of easing.json, interpolation.json and
kinds.json.

Every number comes from a source independent of razzle: a published formula
re-typed here and evaluated with mpmath at 50 digits (Penner's easings as
easings.net and Penner's 2001 ActionScript write them, the parametric cubic
Bezier solved by bisection, CSS Color 4's conversion sample code and its
interpolation rules), scipy's interpolators (CubicHermiteSpline,
PchipInterpolator and their derivatives), the numpy CSS Transforms 2 oracle
in Tests/python/oracles/css_transforms.py, or a hand-worked rule (steps(),
linear(), extrapolation, paced 3-4-5, paging frames, hide_at, affine
composition) computed with exact fractions. Nothing here imports razzle.
Each group's `comment` names its source.

    python3 Tests/vectors/derive.py        # rewrites the three JSON files

The JSON files are the shared data; this script only records how their
numbers were obtained. Edit a vector here, rerun, and review the diff.
"""

import itertools
import json
import math
import sys
from fractions import Fraction as F
from pathlib import Path

import mpmath
import numpy as np
import scipy
from mpmath import mp, mpf
from scipy.interpolate import CubicHermiteSpline, PchipInterpolator

mp.dps = 50
HERE = Path(__file__).resolve().parent
MPMATH = f"mpmath {mpmath.__version__} at {mp.dps} digits"
SCIPY = f"scipy {scipy.__version__}"


def num(x):
    """A JSON number: the nearest double, as an int when integral."""
    if isinstance(x, str):
        return x
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == int(x) and abs(x) < 2**53 and not (x == 0 and math.copysign(1, x) < 0):
        return int(x)
    return x


# ---------------------------------------------------------------------------
# Penner's easings (easings.net formulas), in mpmath.

PI = mp.pi
C1 = mpf("1.70158")
C2 = C1 * mpf("1.525")
C3 = C1 + 1
C4 = 2 * PI / 3
C5 = 2 * PI / mpf("4.5")


def bounce_out(x):
    n1, d1 = mpf("7.5625"), mpf("2.75")
    if x < 1 / d1:
        return n1 * x * x
    if x < 2 / d1:
        x -= mpf("1.5") / d1
        return n1 * x * x + mpf("0.75")
    if x < mpf("2.5") / d1:
        x -= mpf("2.25") / d1
        return n1 * x * x + mpf("0.9375")
    x -= mpf("2.625") / d1
    return n1 * x * x + mpf("0.984375")


EASINGS_NET = {
    "easeInSine": lambda x: 1 - mp.cos(x * PI / 2),
    "easeOutSine": lambda x: mp.sin(x * PI / 2),
    "easeInOutSine": lambda x: -(mp.cos(PI * x) - 1) / 2,
    "easeInQuad": lambda x: x * x,
    "easeOutQuad": lambda x: 1 - (1 - x) * (1 - x),
    "easeInOutQuad": lambda x: 2 * x * x if x < 0.5 else 1 - (-2 * x + 2) ** 2 / 2,
    "easeInCubic": lambda x: x**3,
    "easeOutCubic": lambda x: 1 - (1 - x) ** 3,
    "easeInOutCubic": lambda x: 4 * x**3 if x < 0.5 else 1 - (-2 * x + 2) ** 3 / 2,
    "easeInQuart": lambda x: x**4,
    "easeOutQuart": lambda x: 1 - (1 - x) ** 4,
    "easeInOutQuart": lambda x: 8 * x**4 if x < 0.5 else 1 - (-2 * x + 2) ** 4 / 2,
    "easeInQuint": lambda x: x**5,
    "easeOutQuint": lambda x: 1 - (1 - x) ** 5,
    "easeInOutQuint": lambda x: 16 * x**5 if x < 0.5 else 1 - (-2 * x + 2) ** 5 / 2,
    "easeInExpo": lambda x: 0 if x == 0 else mpf(2) ** (10 * x - 10),
    "easeOutExpo": lambda x: 1 if x == 1 else 1 - mpf(2) ** (-10 * x),
    "easeInOutExpo": lambda x: (
        0
        if x == 0
        else 1
        if x == 1
        else mpf(2) ** (20 * x - 10) / 2
        if x < 0.5
        else (2 - mpf(2) ** (-20 * x + 10)) / 2
    ),
    "easeInCirc": lambda x: 1 - mp.sqrt(1 - x**2),
    "easeOutCirc": lambda x: mp.sqrt(1 - (x - 1) ** 2),
    "easeInOutCirc": lambda x: (
        (1 - mp.sqrt(1 - (2 * x) ** 2)) / 2 if x < 0.5 else (mp.sqrt(1 - (-2 * x + 2) ** 2) + 1) / 2
    ),
    "easeInBack": lambda x: C3 * x**3 - C1 * x**2,
    "easeOutBack": lambda x: 1 + C3 * (x - 1) ** 3 + C1 * (x - 1) ** 2,
    "easeInOutBack": lambda x: (
        ((2 * x) ** 2 * ((C2 + 1) * 2 * x - C2)) / 2
        if x < 0.5
        else ((2 * x - 2) ** 2 * ((C2 + 1) * (x * 2 - 2) + C2) + 2) / 2
    ),
    "easeInElastic": lambda x: (
        0 if x == 0 else 1 if x == 1 else -(mpf(2) ** (10 * x - 10)) * mp.sin((x * 10 - mpf("10.75")) * C4)
    ),
    "easeOutElastic": lambda x: (
        0 if x == 0 else 1 if x == 1 else mpf(2) ** (-10 * x) * mp.sin((x * 10 - mpf("0.75")) * C4) + 1
    ),
    "easeInOutElastic": lambda x: (
        0
        if x == 0
        else 1
        if x == 1
        else -(mpf(2) ** (20 * x - 10) * mp.sin((20 * x - mpf("11.125")) * C5)) / 2
        if x < 0.5
        else (mpf(2) ** (-20 * x + 10) * mp.sin((20 * x - mpf("11.125")) * C5)) / 2 + 1
    ),
    "easeInBounce": lambda x: 1 - bounce_out(1 - x),
    "easeOutBounce": bounce_out,
    "easeInOutBounce": lambda x: (1 - bounce_out(1 - 2 * x)) / 2 if x < 0.5 else (1 + bounce_out(2 * x - 1)) / 2,
}


# Penner's 2001 ActionScript equations with explicit parameters, normalized
# to b = 0, c = 1, d = 1.
def penner_back(mode, s):
    s = mpf(s)

    def f(t):
        if mode == "In":
            return t * t * ((s + 1) * t - s)
        if mode == "Out":
            t = t - 1
            return t * t * ((s + 1) * t + s) + 1
        s2 = s * mpf("1.525")
        t = t * 2
        if t < 1:
            return t * t * ((s2 + 1) * t - s2) / 2
        t = t - 2
        return (t * t * ((s2 + 1) * t + s2) + 2) / 2

    return f


def penner_elastic(mode, a, p=None):
    def f(t):
        t = mpf(t)
        period = mpf(p) if p is not None else (mpf("0.45") if mode == "InOut" else mpf("0.3"))
        amp = mpf(a)
        if t == 0:
            return mpf(0)
        if t == 1:
            return mpf(1)
        if amp < 1:
            amp, shift = mpf(1), period / 4
        else:
            shift = period / (2 * PI) * mp.asin(1 / amp)
        if mode == "In":
            t = t - 1
            return -(amp * mpf(2) ** (10 * t) * mp.sin((t - shift) * (2 * PI) / period))
        if mode == "Out":
            return amp * mpf(2) ** (-10 * t) * mp.sin((t - shift) * (2 * PI) / period) + 1
        t = t * 2
        if t < 1:
            t = t - 1
            return -mpf("0.5") * (amp * mpf(2) ** (10 * t) * mp.sin((t - shift) * (2 * PI) / period))
        t = t - 1
        return amp * mpf(2) ** (-10 * t) * mp.sin((t - shift) * (2 * PI) / period) * mpf("0.5") + 1

    return f


def right_derivative(f, x):
    """d f / d x at x from the right, by mpmath's numerical differentiation
    (one-sided, so a kink at x gives the right-hand slope)."""
    return mp.diff(f, mpf(x), direction=1)


# ---------------------------------------------------------------------------
# The CSS cubic Bezier, solved by bisection in mpmath.


def bezier_axis(a, b, s):
    """One coordinate of the cubic Bezier from 0 to 1 with inner points a, b."""
    return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s**2 * b + s**3


def bezier_axis_slope(a, b, s):
    return 3 * (1 - s) ** 2 * a + 6 * (1 - s) * s * (b - a) + 3 * s**2 * (1 - b)


def bisect(f, low, high, iterations=200):
    """The root of an increasing f on [low, high]."""
    low, high = mpf(low), mpf(high)
    for _ in range(iterations):
        mid = (low + high) / 2
        if f(mid) < 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def css_bezier(x1, y1, x2, y2, p):
    """(value, derivative) of cubic-bezier(x1, y1, x2, y2) at p in [0, 1]."""
    x1, y1, x2, y2, p = (mpf(float(v)) for v in (x1, y1, x2, y2, p))
    s = bisect(lambda s: bezier_axis(x1, x2, s) - p, 0, 1)
    return bezier_axis(y1, y2, s), bezier_axis_slope(y1, y2, s) / bezier_axis_slope(x1, x2, s)


# ---------------------------------------------------------------------------
# CSS steps() and linear(), re-implemented from the specs with fractions.


def css_steps(count, position, p):
    """CSS Easing 1, 'step easing function' output, before flag unset."""
    p = F(p)
    step = math.floor(p * count)
    if position in ("jump-start", "jump-both"):
        step += 1
    if p >= 0 and step < 0:
        step = 0
    jumps = {"jump-start": count, "jump-end": count, "jump-none": count - 1, "jump-both": count + 1}[position]
    if p <= 1 and step > jumps:
        step = jumps
    return F(step, jumps)


def css_linear_points(stops):
    """CSS Easing 2 'create a linear easing function': stops are (output,
    [inputs as Fractions]); returns the canonical (input, output) points."""
    outputs, inputs, largest = [], [], None
    for i, (out, ins) in enumerate(stops):
        if not ins:
            outputs.append(F(out))
            if i == 0:
                inputs.append(F(0))
                largest = F(0)
            elif i == len(stops) - 1:
                inputs.append(max(F(1), largest))
            else:
                inputs.append(None)
        for x in ins:
            largest = F(x) if largest is None else max(largest, F(x))
            outputs.append(F(out))
            inputs.append(largest)
    # Runs of missing inputs are spread evenly between their neighbours.
    i = 0
    while i < len(inputs):
        if inputs[i] is None:
            j = i
            while inputs[j] is None:
                j += 1
            a, b, n = inputs[i - 1], inputs[j], j - (i - 1)
            for k in range(i, j):
                inputs[k] = a + (b - a) * (k - (i - 1)) / n
            i = j
        i += 1
    return list(zip(inputs, outputs))


def css_linear(points, p):
    """CSS Easing 2 'calculate output of a linear easing function', and the
    slope of the segment it uses (0 for a zero-width segment)."""
    p = F(p)
    index = max([i for i, (x, _) in enumerate(points) if x <= p], default=0)
    if index == len(points) - 1:
        index -= 1
    (ax, ay), (bx, by) = points[index], points[index + 1]
    if ax == bx:
        return by, F(0)
    slope = (by - ay) / (bx - ax)
    return ay + (p - ax) * slope, slope


# ---------------------------------------------------------------------------
# Output.


class Doc:
    def __init__(self, description, notes, schema="razzle-vectors/2"):
        self.doc = {"schema": schema, "description": description, "notes": notes, "groups": []}
        self.next_tc = 1

    def tc(self):
        self.next_tc += 1
        return self.next_tc - 1

    def group(self, **fields):
        self.doc["groups"].append(fields)

    def rejection(self, **fields):
        self.doc.setdefault("rejections", []).append({"tcId": self.tc(), **fields})

    def write(self, name):
        (HERE / name).write_text(dumps(self.doc) + "\n")


def dumps(value, indent=0):
    """JSON with 2-space indents, short objects and lists on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= 120 or not isinstance(value, (dict, list)):
        return flat
    if isinstance(value, dict) and isinstance(value.get("expected"), dict) and "tcId" in value:
        return flat  # a timing test: one line each
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dumps(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{dumps(v, indent + 2)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


# ---------------------------------------------------------------------------
# easing.json

PENNER_P = ["0", "0.1", "0.25", "0.5", "0.75", "0.9", "1"]


def easing_tests(doc, f, ps, derivative=True, skip_derivative=()):
    tests = []
    for p in ps:
        x = mpf(float(p))  # the double the runners use
        test = {"tcId": doc.tc(), "progress": num(x), "expected": num(f(x))}
        if derivative and 0 < x < 1 and p not in skip_derivative:
            test["expected_derivative"] = num(right_derivative(f, x))
        tests.append(test)
    return tests


def easing_doc():
    doc = Doc(
        "Easing curves evaluated directly: Penner's 30 curves, parametrized back and elastic, "
        "cubic-bezier and the named CSS and Core Animation curves, steps(), linear(), springs.",
        {
            "easing": "Evaluate `easing` at each test's `progress` (razzle.easing, Easing(parsing:), "
            "kf_easing_sample); `expected` is the eased progress and `expected_derivative`, if present, "
            "d eased / d progress (the right-hand derivative at a kink).",
            "tolerance": "`tolerance` is absolute; `derivative_tolerance` (default: `tolerance`) applies "
            "to `expected_derivative`. 0 means the exact double; an infinite expected value matches "
            "only itself.",
            "derive": "Numbers from Tests/vectors/derive.py, which never runs razzle.",
        },
    )
    for mode in ("In", "Out", "InOut"):
        for family in ("Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce"):
            name = f"ease{mode}{family}"
            skip = ("1",) if name == "easeInCirc" else ()
            tests = easing_tests(doc, EASINGS_NET[name], PENNER_P, skip_derivative=skip)
            comment = (
                f"{name} at p = 0, 0.1, 0.25, 0.5, 0.75, 0.9, 1: the easings.net formula evaluated with "
                f"{MPMATH}; derivatives by mpmath.diff (right-hand) of the same formula."
            )
            if name == "easeInOutCirc":
                # d/dp (sqrt(1 - (2 - 2p)^2) + 1) / 2 = 2 (2 - 2p) / sqrt(1 - (2 - 2p)^2) -> +inf at 0.5.
                for t in tests:
                    if t["progress"] == 0.5:
                        t["expected_derivative"] = "inf"
                comment += " At 0.5 the curve is vertical: the right-hand derivative 2(2-2p)/sqrt(1-(2-2p)^2) is +inf."
            doc.group(
                id=f"penner-{name}",
                comment=comment,
                type="easing",
                easing=name,
                tolerance=1e-12,
                derivative_tolerance=1e-11,
                tests=tests,
            )

    parametrized = [
        ("easeInBack(2.5)", penner_back("In", "2.5"), "overshoot s = 2.5"),
        ("easeOutBack(2.5)", penner_back("Out", "2.5"), "overshoot s = 2.5"),
        ("easeInOutBack(overshoot=2)", penner_back("InOut", "2"), "s = 2, scaled by 1.525 to 3.05 as Penner does"),
        ("easeOutBack(0)", penner_back("Out", "0"), "s = 0: no overshoot, the cubic 1 - (1 - p)^3"),
        ("easeInElastic(1.5, 0.4)", penner_elastic("In", "1.5", "0.4"), "a = 1.5, p = 0.4, s = p/(2 pi) asin(1/a)"),
        ("easeOutElastic(1.2, 0.4)", penner_elastic("Out", "1.2", "0.4"), "a = 1.2, p = 0.4"),
        ("easeInOutElastic(2, 0.6)", penner_elastic("InOut", "2", "0.6"), "a = 2, p = 0.6 (used as given)"),
        ("easeOutElastic(0.5)", penner_elastic("Out", "0.5"), "a = 0.5 < 1 is raised to 1 with s = p/4"),
        ("easeInOutElastic(amplitude=1)", penner_elastic("InOut", "1"), "a = 1, default InOut period 0.45"),
    ]
    for spec, f, what in parametrized:
        doc.group(
            id=f"penner-{spec}",
            comment=f"{spec}: Penner's 2001 ActionScript equation ({what}), normalized to b = 0, c = 1, d = 1 and "
            f"evaluated with {MPMATH}; derivatives by mpmath.diff (right-hand).",
            type="easing",
            easing=spec,
            tolerance=1e-12,
            derivative_tolerance=1e-11,
            tests=easing_tests(doc, f, ["0", "0.2", "0.45", "0.5", "0.7", "0.95", "1"]),
        )

    beziers = [
        ("ease", (0.25, 0.1, 0.25, 1), "CSS Easing 1 `ease` = cubic-bezier(0.25, 0.1, 0.25, 1)"),
        ("ease-in", (0.42, 0, 1, 1), "CSS `ease-in` = cubic-bezier(0.42, 0, 1, 1)"),
        ("ease-out", (0, 0, 0.58, 1), "CSS `ease-out` = cubic-bezier(0, 0, 0.58, 1)"),
        ("ease-in-out", (0.42, 0, 0.58, 1), "CSS `ease-in-out` = cubic-bezier(0.42, 0, 0.58, 1)"),
        ("default", (0.25, 0.1, 0.25, 1), "Core Animation kCAMediaTimingFunctionDefault, control points (0.25, 0.1), (0.25, 1)"),
        ("easeIn", (0.42, 0, 1, 1), "Core Animation kCAMediaTimingFunctionEaseIn, (0.42, 0), (1, 1)"),
        ("easeOut", (0, 0, 0.58, 1), "Core Animation kCAMediaTimingFunctionEaseOut, (0, 0), (0.58, 1)"),
        ("easeInEaseOut", (0.42, 0, 0.58, 1), "Core Animation kCAMediaTimingFunctionEaseInEaseOut, (0.42, 0), (0.58, 1)"),
        ("cubic-bezier(0.68, -0.6, 0.32, 1.6)", (0.68, -0.6, 0.32, 1.6), "y1 < 0 and y2 > 1: the output leaves [0, 1]"),
        ("cubic-bezier(0.1, -0.6, 0.2, 1.8)", (0.1, -0.6, 0.2, 1.8), "strong overshoot"),
        ("cubic-bezier(0, 0, 1, 1)", (0, 0, 1, 1), "the identity written as a Bezier"),
        ("cubic-bezier(0.3, 0.3, 0.7, 0.7)", (0.3, 0.3, 0.7, 0.7), "control points on the diagonal: the identity"),
    ]
    for spec, curve, what in beziers:
        tests = []
        for p in ["0", "0.1", "0.25", "0.5", "0.75", "0.9", "1"]:
            test = {"tcId": doc.tc(), "progress": num(float(p))}
            if p in ("0", "1"):
                test["expected"] = int(p)
            else:
                value, slope = css_bezier(*curve, p)
                test["expected"] = num(value)
                test["expected_derivative"] = num(slope)
            tests.append(test)
        comment = (
            f"{what}. x(s) = p solved by 200 bisection steps and y(s) evaluated with {MPMATH}; "
            "the derivative is y'(s)/x'(s). Ends exactly 0 and 1."
        )
        if spec == "ease":
            comment += " ease(0.5) = 0.802403387584857 (0.80240338758485698952 to 20 digits)."
        doc.group(
            id=f"bezier-{spec}",
            comment=comment,
            type="easing",
            easing=spec,
            tolerance=1e-9,
            tests=tests,
        )

    steps = [
        ("steps(4)", 4, "jump-end", "default position jump-end"),
        ("steps(4, jump-end)", 4, "jump-end", ""),
        ("steps(4, end)", 4, "jump-end", "`end` is jump-end"),
        ("steps(4, jump-start)", 4, "jump-start", ""),
        ("steps(4, start)", 4, "jump-start", "`start` is jump-start"),
        ("steps(4, jump-none)", 4, "jump-none", "3 jumps: outputs in thirds"),
        ("steps(4, jump-both)", 4, "jump-both", "5 jumps: outputs in fifths"),
        ("steps(1, jump-both)", 1, "jump-both", "2 jumps"),
        ("steps(2, jump-none)", 2, "jump-none", "the smallest jump-none"),
        ("step-start", 1, "jump-start", "steps(1, jump-start)"),
        ("step-end", 1, "jump-end", "steps(1, jump-end)"),
    ]
    for spec, count, position, what in steps:
        tests = []
        for p in ["-0.25", "0", "0.1", "0.25", "0.5", "0.6", "0.75", "0.99", "1", "1.25"]:
            tests.append(
                {
                    "tcId": doc.tc(),
                    "progress": num(float(p)),
                    "expected": num(css_steps(count, position, F(float(p)))),
                    "expected_derivative": 0,
                }
            )
        doc.group(
            id=f"steps-{spec}",
            comment=f"{spec}{' (' + what + ')' if what else ''}: the CSS Easing 1 step easing algorithm "
            "(#step-easing-algo) worked with exact fractions, before flag unset: step = floor(p n), +1 for "
            "jump-start/jump-both; if p >= 0 and step < 0 then 0; if p <= 1 and step > jumps then jumps; "
            "output step / jumps, so p outside [0, 1] is not clamped. The derivative is 0 everywhere "
            "(flat steps; right-hand at the jumps).",
            type="easing",
            easing=spec,
            tolerance=0,
            tests=tests,
        )

    linears = [
        ("linear(0, 0.25, 1)", [(0, []), ("0.25", []), (1, [])], "MDN/spec example: a missing input is spread evenly, points (0,0) (0.5,0.25) (1,1)"),
        ("linear(0, 0.25 75%, 1)", [(0, []), ("0.25", ["0.75"]), (1, [])], "MDN/spec example: points (0,0) (0.75,0.25) (1,1)"),
        ("linear(0, 0.5 25% 75%, 1)", [(0, []), ("0.5", ["0.25", "0.75"]), (1, [])], "MDN/spec example: a two-input stop is a flat stretch, points (0,0) (0.25,0.5) (0.75,0.5) (1,1)"),
        ("linear(0, 0.7, 0.87, 0.98, 1)", [(0, []), ("0.7", []), ("0.87", []), ("0.98", []), (1, [])], "csswg-drafts#6533 example: equal to linear(0 0%, 0.7 25%, 0.87 50%, 0.98 75%, 1 100%)"),
        ("linear(0, 0.9 60%, 0.5 40%, 1)", [(0, []), ("0.9", ["0.6"]), ("0.5", ["0.4"]), (1, [])], "an input below an earlier one is raised to it (clamping): points (0,0) (0.6,0.9) (0.6,0.5) (1,1)"),
        ("linear(0, 0.25 50%, 0.75 50%, 1)", [(0, []), ("0.25", ["0.5"]), ("0.75", ["0.5"]), (1, [])], "duplicate inputs: at 50% the later point (output 0.75) wins"),
        ("linear(0, 0.2, 0.5 60%, 0.9, 1)", [(0, []), ("0.2", []), ("0.5", ["0.6"]), ("0.9", []), (1, [])], "missing inputs on both sides of a given one: points (0,0) (0.3,0.2) (0.6,0.5) (0.8,0.9) (1,1)"),
        ("linear(0, 0.5 120%, 1)", [(0, []), ("0.5", ["1.2"]), (1, [])], "a last stop without input gets max(1, largest input) = 1.2: points (0,0) (1.2,0.5) (1.2,1)"),
    ]
    for spec, stops, what in linears:
        points = css_linear_points([(F(o), [F(x) for x in ins]) for o, ins in stops])
        ps = sorted({F(-1, 2), F(0), F(1, 8), F(1, 4), F(3, 8), F(1, 2), F(5, 8), F(3, 4), F(7, 8), F(1), F(3, 2)} | {x for x, _ in points})
        tests = []
        for p in ps:
            value, slope = css_linear(points, p)
            tests.append({"tcId": doc.tc(), "progress": num(p), "expected": num(value), "expected_derivative": num(slope)})
        doc.group(
            id=f"linear-{spec}",
            comment=f"{spec}: {what}. CSS Easing 2 'create a linear easing function' and 'calculate output of a "
            "linear easing function' (#linear-easing-function-output) worked with exact fractions: point A is the "
            "last point with input <= p (the first if none; the second-to-last if it is the last), B the next; equal "
            "inputs give B's output, otherwise A + (p - A.in)/(B.in - A.in) (B - A), which extrapolates outside the "
            "points. The derivative is the slope of that segment (0 for a zero-width one).",
            type="easing",
            easing=spec,
            tolerance=1e-15,
            tests=tests,
        )

    springs = [
        ("bouncy(0.4)", "SwiftUI .bouncy(duration: 0.4): Spring(duration: 0.4, bounce: 0.3)"),
        ("smooth", "SwiftUI .smooth: duration 0.5, bounce 0 (critically damped)"),
        ("snappy(0.3, 0.1)", "SwiftUI .snappy(duration: 0.3, extraBounce: 0.1): bounce 0.25"),
        ("spring(mass=1, stiffness=100, damping=10)", "an underdamped spring, damping ratio 0.5"),
        ("spring(dampingRatio=1.5, response=0.8)", "an overdamped spring"),
        ("spring(duration=0.5, bounce=-0.3)", "SwiftUI negative bounce: overdamped"),
    ]
    for spec, what in springs:
        tests = [
            {"tcId": doc.tc(), "progress": p, "expected": e, "expected_derivative": 0}
            for p, e in [(-0.5, 0), (0, 0), (1, 1), (2, 1)]
        ]
        doc.group(
            id=f"spring-{spec}",
            comment=f"{spec} ({what}). As an easing a spring maps p to its position at p T (T its settling "
            "duration, a razzle definition), so only what holds for any T is checked: 0 for p <= 0, exactly 1 for "
            "p >= 1 (include/keyframe.h), derivative v0 T = 0 at p = 0 for initial velocity 0 and 0 outside [0, 1) "
            "(the right-hand derivative of the constant). Interior positions are checked against scipy's "
            "integration in Tests/python/test_easing.py.",
            type="easing",
            easing=spec,
            tolerance=0,
            tests=tests,
        )
    return doc


# ---------------------------------------------------------------------------
# interpolation.json


def kf(time, value, **style):
    """A keyframe object; handles are (time, value) pairs."""
    k = {"time": num(time), "value": [num(value)]}
    for key in ("easing", "interpolation", "tension", "continuity", "bias"):
        if key in style:
            k[key] = style[key] if isinstance(style[key], str) else num(style[key])
    for side in ("left", "right"):
        if side in style:
            t, v = style[side]
            k[side] = {"time": num(t), "value": [num(v)]}
    return k


def track_tests(doc, rows):
    """rows: (time, value, velocity)."""
    return [
        {"tcId": doc.tc(), "time": num(t), "expected": [num(v)], "expected_velocity": [num(d)]} for t, v, d in rows
    ]


def spline_rows(spline, times, first, last, end_values):
    """Rows from a scipy spline inside [first, last]; hold outside, and the
    velocity at the last keyframe is the (hold) extrapolation's, 0."""
    rows = []
    derivative = spline.derivative()
    for t in times:
        if t < first:
            rows.append((t, end_values[0], 0))
        elif t >= last:
            rows.append((t, end_values[1] if t >= last else spline(t), 0))
        else:
            rows.append((t, float(spline(t)), float(derivative(t))))
    return rows


def kb_tangents(times, values, params):
    """Kochanek-Bartels tangents in slope form, per keyframe (incoming,
    outgoing), for params (T, C, B) per keyframe. Kochanek & Bartels 1984 as
    Wikipedia writes it: the segment p_i -> p_i+1 starts with
    DD_i = (1-t)(1+b)(1+c)/2 (p_i - p_i-1) + (1-t)(1-b)(1-c)/2 (p_i+1 - p_i)
    and ends with
    DS_i+1 = (1-t)(1+b)(1-c)/2 (p_i+1 - p_i) + (1-t)(1-b)(1+c)/2 (p_i+2 - p_i+1),
    here with the chords replaced by the slopes d_prev, d_next."""
    d = [(values[i + 1] - values[i]) / (times[i + 1] - times[i]) for i in range(len(times) - 1)]
    out = []
    for i, (T, C, B) in enumerate(params):
        if i == 0:
            m = d[0] * (1 - T)
            out.append((m, m))
        elif i == len(times) - 1:
            m = d[-1] * (1 - T)
            out.append((m, m))
        else:
            a, b = d[i - 1], d[i]
            outgoing = (1 - T) * (1 + B) * (1 + C) / 2 * a + (1 - T) * (1 - B) * (1 - C) / 2 * b
            incoming = (1 - T) * (1 + B) * (1 - C) / 2 * a + (1 - T) * (1 - B) * (1 + C) / 2 * b
            out.append((incoming, outgoing))
    return out


def kb_group(doc, gid, comment, times, values, params, sample_times):
    tangents = kb_tangents(times, values, params)
    n = len(times)
    pieces = [
        CubicHermiteSpline(times[i : i + 2], values[i : i + 2], [tangents[i][1], tangents[i + 1][0]])
        for i in range(n - 1)
    ]
    rows = []
    for t in sample_times:
        if t < times[0]:
            rows.append((t, values[0], 0))
        elif t >= times[-1]:
            rows.append((t, values[-1], 0))
        else:
            i = max(i for i in range(n - 1) if times[i] <= t)
            rows.append((t, float(pieces[i](t)), float(pieces[i].derivative()(t))))
    doc.group(
        id=gid,
        comment=comment + f" (T, C, B) per keyframe {params} give (incoming, outgoing) tangents {tangents}. Each "
        f"segment is {SCIPY} CubicHermiteSpline over its two keyframes with its outgoing and incoming tangent; the "
        "velocity at a keyframe is the right-hand (outgoing) one. Hold outside.",
        type="track",
        property="x",
        keyframes=[
            kf(t, v, interpolation="smooth", tension=T, continuity=C, bias=B)
            for t, v, (T, C, B) in zip(times, values, params)
        ],
        tolerance=1e-12,
        tests=track_tests(doc, rows),
    )


class Bezier:
    """One Bezier segment from (t0, v0) to (t1, v1) with handles, corrected
    as Blender's BKE_curve_correct_bezpart does, solved in mpmath."""

    def __init__(self, t0, v0, right, left, t1, v1):
        t0, v0, t1, v1 = (mpf(x) for x in (t0, v0, t1, v1))
        dt = t1 - t0
        right = (t0 + dt / 3, v0 + (v1 - v0) / 3) if right is None else tuple(mpf(x) for x in right)
        left = (t1 - dt / 3, v1 - (v1 - v0) / 3) if left is None else tuple(mpf(x) for x in left)
        o1 = [right[0] - t0, right[1] - v0]  # right handle offset from (t0, v0)
        o2 = [t1 - left[0], v1 - left[1]]  # left handle offset back from (t1, v1)
        # Blender's BKE_curve_correct_bezpart: if the handles' time lengths
        # add up to more than the segment (they overlap, or one reaches past
        # the other key), scale both offsets by dt / (len1 + len2).
        assert o1[0] >= 0 and o2[0] >= 0, "handles on the wrong side of their key"
        if o1[0] + o2[0] > dt:
            fac = dt / (o1[0] + o2[0])
            o1 = [x * fac for x in o1]
            o2 = [x * fac for x in o2]
        self.x = (t0, t0 + o1[0], t1 - o2[0], t1)
        self.y = (v0, v0 + o1[1], v1 - o2[1], v1)

    @staticmethod
    def point(c, s):
        return (1 - s) ** 3 * c[0] + 3 * (1 - s) ** 2 * s * c[1] + 3 * (1 - s) * s**2 * c[2] + s**3 * c[3]

    @staticmethod
    def slope(c, s):
        return 3 * (1 - s) ** 2 * (c[1] - c[0]) + 6 * (1 - s) * s * (c[2] - c[1]) + 3 * s**2 * (c[3] - c[2])

    def at(self, t):
        """(value, d value / d time) at time t."""
        s = bisect(lambda s: self.point(self.x, s) - mpf(t), 0, 1)
        return self.point(self.y, s), self.slope(self.y, s) / self.slope(self.x, s)


def wa_effect_value(keyframes, progress):
    """Web Animations 1, 'the effect value of a keyframe effect' for one
    property whose keyframes (offset, value, easing) are sorted, distinct and
    span offsets 0 to 1 (so no neutral keyframes and no repeated end
    offsets): the start keyframe is the last with offset <= progress and
    offset < 1 (else the last with offset 0), the end keyframe the next one,
    and the start keyframe's easing takes the interval distance."""
    start = None
    for i, (offset, _, _) in enumerate(keyframes):
        if offset <= progress and offset < 1:
            start = i
    if start is None:
        start = max(i for i, (offset, _, _) in enumerate(keyframes) if offset == 0)
    (o0, v0, easing), (o1, v1, _) = keyframes[start], keyframes[start + 1]
    distance = (progress - o0) / (o1 - o0)
    f, _ = timing_easing(easing)
    transformed = F(float(f(float(distance), False)))
    return v0 + (v1 - v0) * transformed


def wa_track_value(frames, t):
    """A track's keyframes (time, value, easing) as a keyframe effect with
    fill 'both': offsets and progress relative to the first and last times."""
    t0, tn = frames[0][0], frames[-1][0]
    keyframes = [((F(time) - F(t0)) / (F(tn) - F(t0)), F(value), easing) for time, value, easing in frames]
    progress = min(max((F(t) - F(t0)) / (F(tn) - F(t0)), F(0)), F(1))
    return float(wa_effect_value(keyframes, progress))


# (id, comment, keyframes (time, value, easing or None), sample times).
WA_BOUNDARY_CASES = [
    (
        "boundary-steps-jump-start-middle",
        "The issue's case (real Chromium agrees): 0 -> 0.8 (steps(2, jump-start)) -> 1 at offsets 0, 0.6, 1. At "
        "0.6 the second interval starts and its easing at distance 0 is 1/2: 0.9, not the keyframe's 0.8.",
        [(0, 0, None), (0.6, 0.8, "steps(2, jump-start)"), (1, 1, None)],
        [-1, 0, 0.3, 0.6, 0.7, 0.8, 0.9, 1, 2],
    ),
    (
        "boundary-step-start-first",
        "step-start on the first keyframe: the value is the end value from the first keyframe on, and the fill "
        "before it holds that (progress 0, before flag unset).",
        [(0, 2, "step-start"), (4, 6, None)],
        [-3, 0, 1, 4, 5],
    ),
    (
        "boundary-jump-both",
        "steps(2, jump-both): three jumps, so 1/3 at distance 0 and 1 at distance 1.",
        [(0, 0, "steps(2, jump-both)"), (2, 3, None)],
        [-1, 0, 0.5, 1, 1.5, 2, 3],
    ),
    (
        "boundary-jump-none-middle",
        "steps(3, jump-none) on a middle keyframe gives 0 at distance 0: the keyframe's value, as before.",
        [(0, 1, None), (1, 2, "steps(3, jump-none)"), (4, 5, None)],
        [0, 1, 2, 3, 4],
    ),
    (
        "boundary-linear-half-start",
        "linear(0.5, 1) starts at 0.5: 10 + 10 * 0.5 = 15 at the first keyframe and before it.",
        [(0, 10, "linear(0.5, 1)"), (4, 20, None)],
        [-1, 0, 1, 2, 4, 8],
    ),
    (
        "boundary-linear-half-end",
        "The mirror case: linear(0, 0.5) on the last interval gives 0.5 at distance 1, so the value at and after "
        "the last keyframe is 1 + (3 - 1) * 0.5 = 2, not 3.",
        [(0, 0, None), (1, 1, "linear(0, 0.5)"), (2, 3, None)],
        [0, 1, 1.5, 2, 5],
    ),
    (
        "boundary-zero-at-zero-easings",
        "Easings that are 0 at 0 and 1 at 1 (Penner, cubic-bezier) leave RazzleDazzle's rule: each keyframe's own "
        "value at its time.",
        [(0, 0, "easeInOutQuad"), (1, 4, "ease"), (3, -2, "easeOutBounce"), (4, 7, None)],
        [-1, 0, 1, 3, 4, 9],
    ),
]


def interpolation_doc():
    doc = Doc(
        "Styled keyframes: hold, linear with easings, smooth (Catmull-Rom and Kochanek-Bartels), monotone, "
        "bezier with handles, paced; every extrapolation mode; velocities; rejected styles.",
        {
            "track": "Create a track for `property`, set `keyframes` in order with their style fields, set "
            "`extrapolation` if present, then sample at each test's `time` (`expected`) and take the velocity "
            "there (`expected_velocity`, d value / d time; the right-hand derivative at keyframes and kinks).",
            "tolerance": "`tolerance` is absolute; `velocity_tolerance` (default: `tolerance`) applies to "
            "`expected_velocity`.",
            "rejections": "As in foundation.json; `set` may carry the style fields of a keyframe.",
            "derive": "Numbers from Tests/vectors/derive.py, which never runs razzle.",
        },
    )

    # -- hold and linear with easings ------------------------------------
    doc.group(
        id="hold-segment",
        comment="Hand-worked. Keyframe 0 holds its value 1 until t = 2; the segment 2 -> 4 is linear, slope "
        "(3 - 5) / 2 = -1. Velocity 0 on the hold (also at its start: right-hand), -1 from t = 2 (right-hand), "
        "0 at and after the last keyframe (hold extrapolation).",
        type="track",
        property="x",
        keyframes=[kf(0, 1, interpolation="hold"), kf(2, 5), kf(4, 3)],
        tolerance=0,
        tests=track_tests(
            doc,
            [(-1, 1, 0), (0, 1, 0), (1, 1, 0), (1.999, 1, 0), (2, 5, -1), (3, 4, -1), (4, 3, 0), (5, 3, 0)],
        ),
    )
    doc.group(
        id="hold-with-easing",
        comment="Hand-worked. A hold segment ignores its easing: value 2 on [0, 1), velocity 0.",
        type="track",
        property="x",
        keyframes=[kf(0, 2, interpolation="hold", easing="easeInOutCubic"), kf(1, 4)],
        tolerance=0,
        tests=track_tests(doc, [(0, 2, 0), (0.25, 2, 0), (0.75, 2, 0), (1, 4, 0)]),
    )
    doc.group(
        id="linear-with-penner-easings",
        comment="Hand-worked. Segment 10 -> 20 (0 to 100) with easeInQuad: v = 100 p^2, dv/dt = 100 * 2p / 10; "
        "segment 20 -> 30 (100 to 50) with easeOutCubic: v = 100 - 50 (1 - (1 - p)^3), "
        "dv/dt = -50 * 3 (1 - p)^2 / 10. Explicit interpolation \"linear\".",
        type="track",
        property="x",
        keyframes=[
            kf(10, 0, interpolation="linear", easing="easeInQuad"),
            kf(20, 100, interpolation="linear", easing="easeOutCubic"),
            kf(30, 50, interpolation="linear"),
        ],
        tolerance=1e-12,
        tests=track_tests(
            doc,
            [
                (10, 0, 0),
                (12.5, 6.25, 5),
                (15, 25, 10),
                (17.5, 56.25, 15),
                (20, 100, -15),
                (25, 56.25, -3.75),
                (27.5, 50.78125, -0.9375),
                (30, 50, 0),
            ],
        ),
    )
    ease_values = {p: css_bezier(0.25, 0.1, 0.25, 1, p) for p in (0.25, 0.5, 0.75)}
    doc.group(
        id="linear-with-css-ease",
        comment=f"Segment 0 -> 4 (10 to 30) with easing `ease`: v = 10 + 20 ease(p), dv/dt = 20 ease'(p) / 4, "
        f"ease solved by bisection with {MPMATH} as in easing.json.",
        type="track",
        property="x",
        keyframes=[kf(0, 10, easing="ease"), kf(4, 30)],
        tolerance=1e-9,
        tests=track_tests(
            doc,
            [(4 * p, 10 + 20 * v, 20 * d / 4) for p, (v, d) in ease_values.items()],
        ),
    )
    doc.group(
        id="linear-with-steps",
        comment="Hand-worked. Segment 0 -> 4 (0 to 8) with steps(4): v = 8 floor(4p)/4 = 2 floor(t); velocity 0 "
        "on the plateaus and at the jumps (right-hand).",
        type="track",
        property="x",
        keyframes=[kf(0, 0, easing="steps(4)"), kf(4, 8)],
        tolerance=0,
        tests=track_tests(doc, [(0, 0, 0), (0.5, 0, 0), (1, 2, 0), (1.5, 2, 0), (3.99, 6, 0), (4, 8, 0)]),
    )

    # -- smooth ------------------------------------------------------------
    times, values = [0, 1, 3, 4, 6], [0, 2, 1, 3, 0]
    d = [(values[i + 1] - values[i]) / (times[i + 1] - times[i]) for i in range(4)]
    m = [d[0]] + [(d[i - 1] + d[i]) / 2 for i in range(1, 4)] + [d[3]]
    spline = CubicHermiteSpline(times, values, m)
    doc.group(
        id="smooth-catmull-rom",
        comment=f"All keyframes smooth, tension = continuity = bias = 0: Catmull-Rom finite-difference tangents, "
        f"the mean of the adjacent slopes {d} inside and the one-sided slope at the ends, m = {m}. Values and "
        f"velocities from {SCIPY} CubicHermiteSpline(t, v, m) and its derivative(); hold outside.",
        type="track",
        property="x",
        keyframes=[kf(t, v, interpolation="smooth") for t, v in zip(times, values)],
        tolerance=1e-12,
        tests=track_tests(
            doc,
            spline_rows(spline, [-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.25, 4, 5, 5.5, 6, 7], 0, 6, (0, 0)),
        ),
    )

    kb_group(
        doc,
        "smooth-kochanek-bartels-tension-bias",
        "Kochanek-Bartels tangents in slope form (d_prev, d_next the adjacent slopes 2, -0.5, 2) with continuity 0, "
        "where incoming and outgoing agree: m = (1-T)((1+B) d_prev + (1-B) d_next)/2; at the ends the one-sided "
        "slope times (1-T). Hand-worked tangents.",
        [0, 1, 3, 4],
        [0, 2, 1, 3],
        [(0.5, 0, 0), (0.5, 0, -0.5), (-0.25, 0, 0.5), (0.25, 0, 0)],
        [-1, 0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5],
    )
    kb_group(
        doc,
        "smooth-kochanek-bartels-continuity",
        "Kochanek-Bartels with continuity != 0, which splits each inner keyframe's tangent into an incoming and "
        "an outgoing one (a kink). Kochanek & Bartels 1984 as Wikipedia writes it, in slope form: outgoing = "
        "(1-T)(1+B)(1+C)/2 d_prev + (1-T)(1-B)(1-C)/2 d_next, incoming = (1-T)(1+B)(1-C)/2 d_prev + "
        "(1-T)(1-B)(1+C)/2 d_next (C = -1 gives box corners: each tangent follows its own segment; write-ups that "
        "swap the two formulas turn that into inverted corners). Ends: one-sided slope times (1-T).",
        [0, 1, 3, 4],
        [0, 2, 1, 3],
        [(0.5, 0, 0), (0.5, 0.25, -0.5), (-0.25, -0.5, 0.5), (0.25, 0, 0)],
        [-1, 0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5],
    )

    times, values = [0, 2, 3], [0, 2, 0]
    m = [1, -0.5, -2]
    spline = CubicHermiteSpline(times, values, m)
    ease_rows = []
    for t in [0.5, 1, 1.5, 2, 2.5]:
        if t < 2:
            p = t / 2
            e, de = p * p, 2 * p  # easeInQuad
            ease_rows.append((t, float(spline(2 * e)), float(spline.derivative()(2 * e)) * de))
        else:
            ease_rows.append((t, float(spline(t)), float(spline.derivative()(t))))
    doc.group(
        id="smooth-with-easing",
        comment="Keyframes (0, 0) easeInQuad, (2, 2), (3, 0), all smooth: Catmull-Rom tangents m = (1, -0.5, -2) "
        "(slopes 1 and -2). The easing reshapes progress before the curve: on 0 -> 2, value = H(t0 + e dt) with "
        "e = p^2, and velocity = H'(t0 + e dt) e'(p). H is " + SCIPY + " CubicHermiteSpline(t, v, m).",
        type="track",
        property="x",
        keyframes=[kf(0, 0, interpolation="smooth", easing="easeInQuad"), kf(2, 2, interpolation="smooth"),
                   kf(3, 0, interpolation="smooth")],
        tolerance=1e-12,
        tests=track_tests(doc, ease_rows),
    )

    # -- monotone ----------------------------------------------------------
    times, values = [0, 1, 2, 4, 5, 7], [0, 1, 1, 3, 2.5, 6]
    pchip = PchipInterpolator(times, values)
    doc.group(
        id="monotone-pchip",
        comment=f"All keyframes monotone: values and velocities from {SCIPY} PchipInterpolator(t, v) and its "
        "derivative() (Fritsch-Carlson weighted harmonic means inside, scipy's three-point end formula); a flat "
        "stretch 1 -> 2 and a local maximum at t = 4 stay flat and unovershot. Hold outside.",
        type="track",
        property="x",
        keyframes=[kf(t, v, interpolation="monotone") for t, v in zip(times, values)],
        tolerance=1e-12,
        tests=track_tests(
            doc,
            spline_rows(pchip, [-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8], 0, 7, (0, 6)),
        ),
    )
    pchip = PchipInterpolator([0, 2], [0, 4])
    doc.group(
        id="monotone-two-keyframes",
        comment=f"Two monotone keyframes: {SCIPY} PchipInterpolator([0, 2], [0, 4]) is the line 2t, velocity 2.",
        type="track",
        property="x",
        keyframes=[kf(0, 0, interpolation="monotone"), kf(2, 4, interpolation="monotone")],
        tolerance=1e-12,
        tests=track_tests(doc, spline_rows(pchip, [0, 0.5, 1, 1.5, 2], 0, 2, (0, 4))),
    )

    # -- bezier ------------------------------------------------------------
    def bezier_group(gid, comment, keyframes, segments, times, tolerance=1e-9):
        rows = []
        first, last = keyframes[0]["time"], keyframes[-1]["time"]
        for t in times:
            if t < first:
                rows.append((t, keyframes[0]["value"][0], 0))
            elif t >= last:
                rows.append((t, keyframes[-1]["value"][0], 0))
            else:
                seg = max((s for s in segments if s.x[0] <= t), key=lambda s: s.x[0])
                if t == seg.x[0]:  # exactly at the keyframe: its value, the handle's slope
                    rows.append((t, seg.y[0], (seg.y[1] - seg.y[0]) / (seg.x[1] - seg.x[0])))
                else:
                    rows.append((t, *seg.at(t)))
        doc.group(
            id=gid,
            comment=comment + f" x(s) = t solved by 200 bisection steps, value y(s) and velocity y'(s)/x'(s) "
            f"with {MPMATH}. Hold outside.",
            type="track",
            property="x",
            keyframes=keyframes,
            tolerance=tolerance,
            tests=track_tests(doc, rows),
        )
        return segments

    bezier_group(
        "bezier-handles",
        "Blender F-curve Bezier segments in (time, value): (0,0) right handle (1,3) -> (3,1) left handle (2,-1); "
        "(3,1) right handle (4,2) -> (5,0) left handle (4.5,0.5). No correction applies (handle lengths 1+1 < 3, "
        "1+0.5 < 2). The handles at t = 3 are not aligned: a kink, right-hand velocity (2-1)/(4-3) = 1.",
        [
            kf(0, 0, interpolation="bezier", right=(1, 3)),
            kf(3, 1, interpolation="bezier", left=(2, -1), right=(4, 2)),
            kf(5, 0, left=(4.5, 0.5)),
        ],
        [Bezier(0, 0, (1, 3), (2, -1), 3, 1), Bezier(3, 1, (4, 2), (4.5, 0.5), 5, 0)],
        [-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6],
    )
    bezier_group(
        "bezier-missing-left-handle",
        "(0,0) right handle (0.5,2) -> (2,1) without a left handle, which lies a third of the way back: "
        "(2 - 2/3, 1 - 1/3) (include/keyframe.h).",
        [kf(0, 0, interpolation="bezier", right=(0.5, 2)), kf(2, 1)],
        [Bezier(0, 0, (0.5, 2), None, 2, 1)],
        [0, 0.25, 0.5, 1, 1.5, 1.75, 2],
    )
    bezier_group(
        "bezier-no-handles-is-linear",
        "(0,0) -> (3,6) without handles: both at a third, so x and y are linear in s: value 2t, velocity 2.",
        [kf(0, 0, interpolation="bezier"), kf(3, 6)],
        [Bezier(0, 0, None, None, 3, 6)],
        [0, 0.75, 1.5, 2.25, 3],
        tolerance=1e-12,
    )
    bezier_group(
        "bezier-overlapping-handles",
        "Overlapping handles: (0,0) right handle (3,2) -> (4,1) left handle (1,-1): lengths 3 + 3 > 4, so both "
        "offsets are scaled by 4/6 (Blender's BKE_curve_correct_bezpart, blenkernel/intern/curve.cc): control "
        "points (2, 4/3) and (2, -1/3). (BKE_fcurve_correct_bezpart, which Blender's F-curves call, only shortens "
        "a handle longer than the segment and would leave these alone.)",
        [kf(0, 0, interpolation="bezier", right=(3, 2)), kf(4, 1, left=(1, -1))],
        [Bezier(0, 0, (3, 2), (1, -1), 4, 1)],
        [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4],
    )
    bezier_group(
        "bezier-handle-beyond-segment",
        "(0,0) right handle (6,3) -> (4,1) left handle (3,1): the right handle reaches past t1. "
        "BKE_curve_correct_bezpart scales both offsets by 4 / (6 + 1) = 4/7: control points (24/7, 12/7) and "
        "(24/7, 1). (BKE_fcurve_correct_bezpart would instead shorten only the right handle, to (4, 2).)",
        [kf(0, 0, interpolation="bezier", right=(6, 3)), kf(4, 1, left=(3, 1))],
        [Bezier(0, 0, (6, 3), (3, 1), 4, 1)],
        [0, 0.5, 1, 2, 3, 3.5, 4],
    )

    # -- paced -------------------------------------------------------------
    doc.group(
        id="paced-3-4-5",
        comment="Hand-worked. Keyframes t = 0, 1, 7 with values 0, 3, 7, all paced: the polyline's pieces are 3 "
        "and 4 long, 7 in all, run over the 7 time units at constant speed, so value(t) = t and velocity 1 (the "
        "middle keyframe is passed at t = 3, not t = 1). Hold outside.",
        type="track",
        property="x",
        keyframes=[kf(0, 0, interpolation="paced"), kf(1, 3, interpolation="paced"), kf(7, 7, interpolation="paced")],
        tolerance=1e-12,
        tests=track_tests(
            doc,
            [(-1, 0, 0), (0, 0, 1), (0.5, 0.5, 1), (1, 1, 1), (2, 2, 1), (3, 3, 1), (5, 5, 1), (6.5, 6.5, 1),
             (7, 7, 0), (8, 7, 0)],
        ),
    )
    doc.group(
        id="paced-run-inside-linear-track",
        comment="Hand-worked. (0,0) linear -> (2,10) paced -> (3,4) paced -> (6,6) linear: the paced run spans "
        "keyframes at t = 2 and 6 with pieces |4-10| = 6 and |6-4| = 2, speed 8/4 = 2, so the value 4 is reached at "
        "t = 2 + 6/2 = 5 (at t = 3, its own keyframe time, the value is 8). Linear 0 -> 10 on [0, 2].",
        type="track",
        property="x",
        keyframes=[kf(0, 0), kf(2, 10, interpolation="paced"), kf(3, 4, interpolation="paced"), kf(6, 6)],
        tolerance=1e-12,
        tests=track_tests(
            doc,
            [(1, 5, 5), (2, 10, -2), (3, 8, -2), (4, 6, -2), (4.5, 5, -2), (5, 4, 2), (5.5, 5, 2), (6, 6, 0)],
        ),
    )

    # -- extrapolation -----------------------------------------------------
    base = [kf(0, 0), kf(1, 2), kf(3, 3)]
    explain = ("Hand-worked on keyframes (0,0), (1,2), (3,3), all linear: slopes 2 on [0,1] and 0.5 on [1,3], "
               "span 3. ")

    def f(t):  # the interior curve
        return 2 * t if t <= 1 else 2 + (t - 1) / 2

    def extrap_group(gid, comment, extrapolation, rows, keyframes=base, tolerance=0):
        doc.group(
            id=gid,
            comment=comment,
            type="track",
            property="x",
            keyframes=keyframes,
            extrapolation=extrapolation,
            tolerance=tolerance,
            tests=track_tests(doc, rows),
        )

    extrap_group(
        "extrapolate-hold",
        explain + "hold: the end values, velocity 0 outside and at the last keyframe.",
        {"before": "hold", "after": "hold"},
        [(-1, 0, 0), (0, 0, 2), (1, 2, 0.5), (3, 3, 0), (5, 3, 0)],
    )
    extrap_group(
        "extrapolate-linear",
        explain + "linear: the end slopes continue, 2 before (v = 2t) and 0.5 after (v = 3 + (t - 3)/2).",
        {"before": "linear", "after": "linear"},
        [(-1, -2, 2), (-0.5, -1, 2), (0, 0, 2), (3, 3, 0.5), (5, 4, 0.5)],
    )
    extrap_group(
        "extrapolate-linear-outer-handles",
        explain + "The first keyframe has a left handle (-1, 1), the last a right handle (4, 2): linear "
        "extrapolation follows the handles' slopes, (0 - 1)/(0 - -1) = -1 before and (2 - 3)/(4 - 3) = -1 after "
        "(Blender). The interpolation stays linear.",
        {"before": "linear", "after": "linear"},
        [(-2, 2, -1), (-1, 1, -1), (0, 0, 2), (3, 3, -1), (5, 1, -1)],
        keyframes=[kf(0, 0, left=(-1, 1)), kf(1, 2), kf(3, 3, right=(4, 2))],
    )
    cycle = lambda t: f(t - 3 * math.floor(t / 3))  # noqa: E731
    extrap_group(
        "extrapolate-cycle",
        explain + "cycle: v(t) = f(t - 3 floor(t/3)); repeat k covers [3k, 3k + 3), so from t = 3 on the first "
        "keyframe's value starts again (the last keyframe's own time still gives its value). Velocity the "
        "right-hand slope there.",
        {"before": "cycle", "after": "cycle"},
        [(-3, 0, 2), (-1, cycle(-1), 0.5), (-0.5, cycle(-0.5), 0.5), (3, 3, 2), (3.5, cycle(3.5), 2),
         (4, cycle(4), 0.5), (6, 0, 2), (7.5, cycle(7.5), 0.5)],
    )
    offset = lambda t: cycle(t) + 3 * math.floor(t / 3)  # noqa: E731
    extrap_group(
        "extrapolate-cycle-offset",
        explain + "cycle-offset: each repeat is shifted by last - first = 3: v(t) = f(t - 3k) + 3k with "
        "k = floor(t/3), continuous at the seams.",
        {"before": "cycle-offset", "after": "cycle-offset"},
        [(-3, -3, 2), (-1, offset(-1), 0.5), (-0.5, offset(-0.5), 0.5), (3, 3, 2), (3.5, offset(3.5), 2),
         (4, offset(4), 0.5), (6, 6, 2), (7.5, offset(7.5), 0.5)],
    )

    def pingpong(t):
        k = math.floor(t / 3)
        r = t - 3 * k
        return f(3 - r) if k % 2 else f(r)

    extrap_group(
        "extrapolate-ping-pong",
        explain + "ping-pong: repeat k = floor(t/3) runs forwards when k is even and backwards when odd: "
        "v(t) = f(r) or f(3 - r), r = t - 3k. Backwards the right-hand velocity is minus f's left-hand slope: "
        "-0.5 from t = 3, -2 from t = 5.",
        {"before": "ping-pong", "after": "ping-pong"},
        [(-3, 3, -0.5), (-2, pingpong(-2), -0.5), (-1, pingpong(-1), -2), (-0.5, pingpong(-0.5), -2),
         (3, 3, -0.5), (4, pingpong(4), -0.5), (5, pingpong(5), -2), (5.5, pingpong(5.5), -2), (6, 0, 2),
         (7, pingpong(7), 0.5)],
    )
    extrap_group(
        "extrapolate-after-only",
        explain + "Only `after` is set (cycle-offset); `before` keeps its default, hold.",
        {"after": "cycle-offset"},
        [(-1, 0, 0), (4, offset(4), 0.5)],
    )
    extrap_group(
        "extrapolate-mixed",
        explain + "before ping-pong, after linear: each side has its own mode.",
        {"before": "ping-pong", "after": "linear"},
        [(-1, pingpong(-1), -2), (5, 4, 0.5)],
    )
    extrap_group(
        "extrapolate-linear-smooth-ends",
        "Keyframes (0,0) tension 0.5, (1,2), (3,3) tension -1, all smooth. The end tangents are the one-sided "
        "slopes times (1 - T): 2 * 0.5 = 1 at t = 0 and 0.5 * 2 = 1 at t = 3 (hand-worked), so linear "
        "extrapolation continues with slope 1 on both sides.",
        {"before": "linear", "after": "linear"},
        [(-1, -1, 1), (0, 0, 1), (3, 3, 1), (5, 5, 1)],
        keyframes=[kf(0, 0, interpolation="smooth", tension=0.5), kf(1, 2, interpolation="smooth"),
                   kf(3, 3, interpolation="smooth", tension=-1)],
        tolerance=1e-12,
    )
    extrap_group(
        "extrapolate-linear-bezier-ends",
        "Bezier (0,0) right handle (0.5,1) -> (3,3) left handle (2,2.5), no outer handles: the curve's end "
        "tangents point along its handles, slopes (1 - 0)/(0.5 - 0) = 2 and (3 - 2.5)/(3 - 2) = 0.5 "
        "(hand-worked), and linear extrapolation continues them.",
        {"before": "linear", "after": "linear"},
        [(-1, -2, 2), (0, 0, 2), (3, 3, 0.5), (5, 4, 0.5)],
        keyframes=[kf(0, 0, interpolation="bezier", right=(0.5, 1)), kf(3, 3, left=(2, 2.5))],
        tolerance=1e-12,
    )

    doc.group(
        id="velocity-edge-cases",
        comment="include/keyframe.h: one keyframe has velocity 0 everywhere; a NaN time gives NaN value and "
        "velocity.",
        type="track",
        property="x",
        keyframes=[kf(1, 5, interpolation="smooth")],
        tolerance=0,
        tests=track_tests(doc, [(0, 5, 0), (1, 5, 0), (2, 5, 0), ("nan", "nan", "nan")]),
    )

    # -- keyframe boundaries: Web Animations' effect value ------------------
    for gid, comment, frames, times in WA_BOUNDARY_CASES:
        doc.group(
            id=gid,
            comment=comment + " Web Animations 1, 'the effect value of a keyframe effect' (re-typed in "
            "wa_effect_value), with the track's keyframe times as offsets (t - t0)/(tn - t0) and fill 'both' "
            "(iteration progress clamped to [0, 1]); the easing of the interval's start keyframe is evaluated at the "
            "interval distance with the before flag unset (CSS Easing 1 in css_step_output/css_linear).",
            type="track",
            property="x",
            keyframes=[kf(t, v, easing=e) if e else kf(t, v) for t, v, e in frames],
            tolerance=1e-12,
            tests=[
                {"tcId": doc.tc(), "time": num(t), "expected": [num(wa_track_value(frames, t))]} for t in times
            ],
        )

    # -- rejections --------------------------------------------------------
    setup = [kf(30, 1, interpolation="smooth", tension=0.5), kf(60, 0)]

    def reject(rid, comment, status, set_, prop="x", keyframes=setup, message=None):
        fields = {"id": rid, "comment": comment, "property": prop, "keyframes": keyframes, "set": set_,
                  "status": status}
        if message:
            fields["message_contains"] = message
        doc.rejection(**fields)

    reject("unknown-interpolation", "interpolation names are smooth, hold, ...; 'cubic' is none",
           "KF_E_INVALID_NAME", kf(45, 0.5, interpolation="cubic"), message="cubic")
    reject("interpolation-is-case-sensitive", "'Bezier' is not 'bezier'", "KF_E_INVALID_NAME",
           kf(45, 0.5, interpolation="Bezier"))
    reject("tension-above-one", "tension must lie in [-1, 1]", "KF_E_INVALID_VALUE",
           kf(45, 0.5, interpolation="smooth", tension=2), message="tension")
    reject("continuity-below-minus-one", "continuity must lie in [-1, 1]", "KF_E_INVALID_VALUE",
           kf(45, 0.5, interpolation="smooth", continuity=-1.5), message="continuity")
    reject("bias-nan", "bias must lie in [-1, 1]; NaN does not", "KF_E_INVALID_VALUE",
           kf(45, 0.5, interpolation="smooth", bias="nan"), message="bias")
    reject("replace-styled-keyframe-with-bad-tension", "a failed replacement keeps the styled keyframe",
           "KF_E_INVALID_VALUE", kf(30, 0.5, interpolation="smooth", tension=-1.01))
    reject("tcb-edges-ok", "-1 and 1 are allowed", "KF_OK",
           kf(45, 0.5, interpolation="smooth", tension=1, continuity=-1, bias=1))
    reject("right-handle-two-channels", "a scalar track's handle has one value", "KF_E_WRONG_SIZE",
           {**kf(45, 0.5, interpolation="bezier"), "right": {"time": 50, "value": [1, 2]}})
    reject("left-handle-no-value", "a scalar track's handle has one value", "KF_E_WRONG_SIZE",
           {**kf(45, 0.5), "left": {"time": 40, "value": []}})
    reject("handle-time-infinite", "a handle's time must be finite", "KF_E_INVALID_VALUE",
           kf(45, 0.5, interpolation="bezier", right=("inf", 1)))
    reject("handle-value-nan", "a handle's values must be finite", "KF_E_INVALID_VALUE",
           kf(45, 0.5, interpolation="bezier", left=(40, "nan")))
    reject("alpha-handle-outside-range-ok", "handles are control points: alpha's [0, 1] does not apply to them",
           "KF_OK", kf(45, 0.5, interpolation="bezier", right=(50, 1.5), left=(40, -0.5)), prop="alpha",
           keyframes=[kf(30, 1), kf(60, 0)])
    reject("alpha-styled-value-above-one", "a styled keyframe's value still obeys alpha's [0, 1]",
           "KF_E_INVALID_VALUE", kf(45, 1.5, interpolation="smooth"), prop="alpha", keyframes=[kf(30, 1), kf(60, 0)])
    reject("styled-bad-easing", "the easing of a styled keyframe is parsed as usual", "KF_E_EASING",
           kf(45, 0.5, interpolation="smooth", easing="easeSideways"), message="easeSideways")
    return doc


# ---------------------------------------------------------------------------
# kinds.json: CSS Color 4 conversions and interpolation, re-typed from the
# spec's sample code (https://drafts.csswg.org/css-color-4/#color-conversion-code,
# css-color-4/conversions.js) and its text, evaluated in mpmath.

def exact(x):
    """An mpf from a Fraction, a decimal string or a double, exactly."""
    if isinstance(x, F):
        return mpf(x.numerator) / x.denominator
    return mpf(x)


# lin_sRGB_to_XYZ and XYZ_to_lin_sRGB: rational in the sample code.
LIN_SRGB_TO_XYZ = [
    [F(506752, 1228815), F(87881, 245763), F(12673, 70218)],
    [F(87098, 409605), F(175762, 245763), F(12673, 175545)],
    [F(7918, 409605), F(87881, 737289), F(1001167, 1053270)],
]
XYZ_TO_LIN_SRGB = [
    [F(12831, 3959), F(-329, 214), F(-1974, 3959)],
    [F(-851781, 878810), F(1648619, 878810), F(36519, 878810)],
    [F(705, 12673), F(-2585, 12673), F(705, 667)],
]
# XYZ_to_OKLab and OKLab_to_XYZ: 16-digit decimals in the sample code.
XYZ_TO_LMS = [
    ["0.8190224379967030", "0.3619062600528904", "-0.1288737815209879"],
    ["0.0329836539323885", "0.9292868615863434", "0.0361446663506424"],
    ["0.0481771893596242", "0.2642395317527308", "0.6335478284694309"],
]
LMS_TO_OKLAB = [
    ["0.2104542683093140", "0.7936177747023054", "-0.0040720430116193"],
    ["1.9779985324311684", "-2.4285922420485799", "0.4505937096174110"],
    ["0.0259040424655478", "0.7827717124575296", "-0.8086757549230774"],
]
LMS_TO_XYZ = [
    ["1.2268798758459243", "-0.5578149944602171", "0.2813910456659647"],
    ["-0.0405757452148008", "1.1122868032803170", "-0.0717110580655164"],
    ["-0.0763729366746601", "-0.4214933324022432", "1.5869240198367816"],
]
OKLAB_TO_LMS = [
    ["1.0000000000000000", "0.3963377773761749", "0.2158037573099136"],
    ["1.0000000000000000", "-0.1055613458156586", "-0.0638541728258133"],
    ["1.0000000000000000", "-0.0894841775298119", "-1.2914855480194092"],
]
OKLCH_POWERLESS = mpf("0.000004")  # OKLab_to_OKLCH's epsilon in the sample code


def multiply(matrix, v):
    return [sum(exact(m) * x for m, x in zip(row, v)) for row in matrix]


def signed_cbrt(x):
    return mp.cbrt(x) if x >= 0 else -mp.cbrt(-x)


def lin_srgb(x):
    """The sample code's lin_sRGB for one component (sign-extended)."""
    a = abs(x)
    if a <= mpf("0.04045"):
        return x / mpf("12.92")
    return mp.sign(x) * ((a + mpf("0.055")) / mpf("1.055")) ** mpf("2.4")


def gam_srgb(x):
    """The sample code's gam_sRGB for one component (sign-extended)."""
    a = abs(x)
    if a > mpf("0.0031308"):
        return mp.sign(x) * (mpf("1.055") * a ** (1 / mpf("2.4")) - mpf("0.055"))
    return mpf("12.92") * x


def rgb_to_hsl(r, g, b):
    """CSS Color 4's rgbToHsl (with the csswg-drafts#9222 negative-saturation
    fix), saturation and lightness as fractions; a missing hue is None."""
    hi, lo = max(r, g, b), min(r, g, b)
    hue, sat, light = None, mpf(0), (lo + hi) / 2
    d = hi - lo
    if d != 0:
        sat = 0 if light in (0, 1) else (hi - light) / min(light, 1 - light)
        if hi == r:
            hue = (g - b) / d + (6 if g < b else 0)
        elif hi == g:
            hue = (b - r) / d + 2
        else:
            hue = (r - g) / d + 4
        hue *= 60
    if sat < 0:
        hue, sat = hue + 180, abs(sat)
    if hue is not None and hue >= 360:
        hue -= 360
    return [hue, sat, light]


def hsl_to_rgb(h, s, light):
    """CSS Color 4's hslToRgb, s and l as fractions; the hue is first taken
    modulo 360 as the spec's text says."""
    h = h % 360

    def f(n):
        k = (n + h / 30) % 12
        a = s * min(light, 1 - light)
        return light - a * max(-1, min(k - 3, 9 - k, 1))

    return [f(0), f(8), f(4)]


def srgb_to_space(rgb, space):
    """Coordinates of a (non-premultiplied, encoded) sRGB color in `space`;
    a missing (powerless) hue is None."""
    rgb = [exact(c) for c in rgb]
    if space == "srgb":
        return rgb
    if space == "hsl":
        return rgb_to_hsl(*rgb)
    linear = [lin_srgb(c) for c in rgb]
    if space == "linear-srgb":
        return linear
    lms = multiply(XYZ_TO_LMS, multiply(LIN_SRGB_TO_XYZ, linear))
    lab = multiply(LMS_TO_OKLAB, [signed_cbrt(c) for c in lms])
    if space == "oklab":
        return lab
    chroma = mp.sqrt(lab[1] ** 2 + lab[2] ** 2)
    hue = mp.atan2(lab[2], lab[1]) * 180 / mp.pi
    if hue < 0:
        hue += 360
    return [lab[0], chroma, None if chroma <= OKLCH_POWERLESS else hue]


def space_to_srgb(coordinates, space):
    """The inverse: sRGB from coordinates; a missing hue counts as 0 (CSS
    Color 4: a missing component is zero when converting)."""
    c = [mpf(0) if x is None else exact(x) if not isinstance(x, mpf) else x for x in coordinates]
    if space == "srgb":
        return c
    if space == "hsl":
        return hsl_to_rgb(*c)
    if space == "oklch":
        radians = c[2] * mp.pi / 180
        c = [c[0], c[1] * mp.cos(radians), c[1] * mp.sin(radians)]
        space = "oklab"
    if space == "oklab":
        lms = [x**3 for x in multiply(OKLAB_TO_LMS, c)]
        c = multiply(XYZ_TO_LIN_SRGB, multiply(LMS_TO_XYZ, lms))
    return [gam_srgb(x) for x in c]


HUE_INDEX = {"oklch": 2, "hsl": 0}


def css_interpolate(c0, c1, e, space, premultiplied):
    """CSS Color 4 §12 "Color Interpolation" between two sRGB RGBA colors at
    progress e: convert (§12.1), missing hues take the other color's
    (§12.2), hues along the shorter arc (§12.4.1), premultiply all but the
    hue (§12.3), interpolate linearly, un-premultiply unless alpha is 0,
    convert back to sRGB."""
    e = exact(e)
    a0, a1 = srgb_to_space(c0[:3], space), srgb_to_space(c1[:3], space)
    alpha0, alpha1 = exact(c0[3]), exact(c1[3])
    h = HUE_INDEX.get(space)
    if h is not None:
        if a0[h] is None:
            a0[h] = a1[h]
        if a1[h] is None:
            a1[h] = a0[h]
        if a0[h] is not None:
            if a1[h] - a0[h] > 180:
                a0[h] += 360
            elif a1[h] - a0[h] < -180:
                a1[h] += 360
    alpha = alpha0 + (alpha1 - alpha0) * e
    if premultiplied:
        a0 = [x if i == h else x * alpha0 for i, x in enumerate(a0)]
        a1 = [x if i == h else x * alpha1 for i, x in enumerate(a1)]
    out = [None if x is None else x + (y - x) * e for x, y in zip(a0, a1)]
    if premultiplied and alpha != 0:
        out = [x if i == h else x / alpha for i, x in enumerate(out)]
    return space_to_srgb(out, space) + [alpha]


def kfm(time, value, **style):
    """A multi-channel keyframe object."""
    k = {"time": num(time), "value": [num(v) for v in value]}
    for key in ("easing", "interpolation"):
        if key in style:
            k[key] = style[key]
    return k


def rows_tests(doc, rows):
    """rows: (time, value list[, velocity list])."""
    tests = []
    for row in rows:
        test = {"tcId": doc.tc(), "time": num(row[0]), "expected": [num(v) for v in row[1]]}
        if len(row) > 2:
            test["expected_velocity"] = [num(v) for v in row[2]]
        tests.append(test)
    return tests


def color_velocity(c0, c1, e, space, premultiplied, de_dt):
    """d color / d time: mpmath's derivative of css_interpolate in e, times
    d e / d time."""
    return [mp.diff(lambda x: css_interpolate(c0, c1, x, space, premultiplied)[i], exact(e)) * de_dt for i in range(4)]


RED, BLUE, BLACK, WHITE = (1, 0, 0, 1), (0, 0, 1, 1), (0, 0, 0, 1), (1, 1, 1, 1)
SKY, BRICK = (0.2, 0.4, 0.6, 1), (0.9, 0.1, 0.3, 0.5)


def color_group(doc, gid, comment, space, premultiplied, c0, c1, es, velocity=True, prop="fillColor", kind="color"):
    """A color track from c0 at time 0 to c1 at time 1 (linear), sampled at
    the times `es` (progress = time), plus -1 and 2 (held ends). kind None:
    the color options alone make the track a color one."""
    rows = [(-1, c0, [0] * 4)]
    for e in es:
        value = css_interpolate(c0, c1, e, space, premultiplied)
        if velocity:
            rows.append((e, value, color_velocity(c0, c1, e, space, premultiplied, 1)))
        else:
            rows.append((e, value))
    rows.append((1, c1, [0] * 4))
    rows.append((2, c1, [0] * 4))
    doc.group(
        id=gid,
        comment=comment,
        type="track",
        property=prop,
        **({"kind": kind} if kind else {}),
        color_space=space,
        premultiplied=premultiplied,
        keyframes=[kfm(0, c0), kfm(1, c1)],
        tolerance=1e-12,
        velocity_tolerance=1e-8,
        tests=rows_tests(doc, rows),
    )


# ---------------------------------------------------------------------------
# kinds.json: transforms, from the numpy CSS Transforms 2 oracle.

sys.path.insert(0, str(HERE.parent / "python" / "oracles"))
import css_transforms as oracle  # noqa: E402


def flat(matrix):
    return [num(x) for x in np.asarray(matrix, dtype=float).reshape(-1)]


def oracle_derivative(f, e, h=1e-3):
    """d f / d e by the five-point central difference (error about
    h^4 f^(5) / 30 plus 1e-13 |f| of rounding)."""
    return (f(e - 2 * h) - 8 * f(e - h) + 8 * f(e + h) - f(e + 2 * h)) / (12 * h)


def transform_group(doc, gid, comment, kind, a, b, times, easing=None, interpolation=None, velocity=False):
    """A transform track from a (time 0) to b (time 1), sampled at `times`;
    the oracle interpolates the stored doubles at the eased progress. With
    `velocity` (linear, no easing, so d e / d time = 1), the oracle's
    derivative by central differences inside (0, 1), 0 on the held ends."""
    prop = "transform" if kind == "transform" else "transform3d"
    if kind == "transform":
        values = [[float(x) for x in oracle.to_matrix2d(m)] for m in (a, b)]
    else:
        values = [flat(m) for m in (a, b)]
    values = [[float(num(x)) for x in v] for v in values]
    style = {}
    if easing:
        style["easing"] = easing
    if interpolation:
        style["interpolation"] = interpolation
    ease = EASINGS_NET[easing] if easing else (lambda x: x)
    rows = []
    for t in times:
        if t <= 0:
            e = 0.0
        elif t >= 1:
            e = 1.0
        elif interpolation == "hold":
            e = 0.0
        else:
            e = float(ease(mpf(t)))
        def at(e):
            if kind == "transform":
                return np.asarray(oracle.interpolate_2d(values[0], values[1], e), dtype=float).reshape(-1)
            a, b = (np.array(v).reshape(4, 4) for v in values)
            return np.asarray(oracle.interpolate(a, b, e), dtype=float).reshape(-1)

        row = (t, [float(x) for x in at(e)])
        if velocity and not 0 <= t < 1:
            row += ([0] * len(row[1]),)
        elif velocity and t > 0:
            row += ([float(x) for x in oracle_derivative(at, e)],)
        rows.append(row)
    fields = {}
    if velocity:
        comment += (" Velocities: the oracle's derivative by five-point central differences (step 1e-3 in "
                    "progress); velocity tolerance 1e-6.")
        fields["velocity_tolerance"] = 1e-6
    doc.group(
        id=gid,
        comment=comment,
        type="track",
        property=prop,
        kind=kind,
        keyframes=[kfm(0, values[0], **style), kfm(1, values[1])],
        tolerance=1e-9,
        **fields,
        tests=rows_tests(doc, rows),
    )


def affine(scale, degrees, x, y):
    """RazzleDazzle's composition, worked from the header's formula:
    (s cos r, s sin r, -s sin r, s cos r, x, y), r = degrees pi / -180."""
    s, r = mpf(scale), mpf(degrees) * mp.pi / -180
    return [s * mp.cos(r), s * mp.sin(r), -s * mp.sin(r), s * mp.cos(r), mpf(x), mpf(y)]


def kinds_doc():
    doc = Doc(
        "Value kinds: colors in every color space (straight and premultiplied), points, sizes, rects, vectors, "
        "bools, hide_at/show_at, affine composition of scale/rotation/translation, 2D and 3D transforms, "
        "color conversions, and every kind's validation rules.",
        {
            "track": "As in interpolation.json; a group with `kind` creates its track with that kind "
            "(kf_animator_add_track_kind) and `channels`, `color_space`, `premultiplied`. Values and expected "
            "values are channel lists; a bool is [0] or [1].",
            "hide": "Create the (bool) track, set `keyframes`, apply `operations` in order (each {\"hide_at\": t} "
            "or {\"show_at\": t}), then sample as a track group.",
            "compose": "Add `tracks` in the order listed to one animator under `target`, set their keyframes, "
            "then compose the target's transform at each test's `time` (kf_animator_transform); `expected` is "
            "(a, b, c, d, tx, ty).",
            "color_convert": "Each test converts `rgba` to the coordinates of `space` (kf_color_to_space), or "
            "`coordinates` and `alpha` back to sRGB RGBA (kf_color_from_space).",
            "rejections": "As in foundation.json, with the kind fields of a track group; the attempted "
            "operation is `set` (a keyframe), `extrapolation`, `hide_at` or `show_at`, or, with none of them, "
            "creating the track itself.",
            "derive": "Computed numbers come from Tests/vectors/derive.py, which never runs razzle.",
        },
    )
    css = (
        "CSS Color 4 interpolation (§12: convert, missing/powerless hues take the other color's, shorter hue "
        "arc, premultiply all but the hue, interpolate, un-premultiply unless alpha is 0, convert back) with "
        "the spec's sample-code conversions (lin_sRGB/gam_sRGB, the rational sRGB<->XYZ and the 16-digit "
        "XYZ<->LMS<->OKLab matrices, OKLab_to_OKLCH, rgbToHsl/hslToRgb) re-typed in derive.py and evaluated in "
        f"{MPMATH}. Velocities are mpmath's derivative of the same function. Tolerance 1e-12; velocity "
        "tolerance 1e-8 because a color track's velocity is a central difference (step 1e-6 in progress) in "
        "the library, not an analytic derivative."
    )

    # -- colors --------------------------------------------------------------
    doc.group(
        id="razzledazzle-red-to-blue",
        comment="RazzleDazzle's ColorAnimation: red -> blue blends the encoded sRGB components linearly "
        "(UIColor getRed:green:blue:alpha:), so halfway is (0.5, 0, 0.5, 1); a quarter of the way is worked "
        "by hand, (1 - 0.25, 0, 0.25, 1). The default kind of backgroundColor (srgb, not premultiplied). "
        "Velocity (-1, 0, 1, 0) per unit time inside, 0 on the held ends; 1e-9 because the library's color "
        "velocity is a central difference.",
        type="track",
        property="backgroundColor",
        keyframes=[kfm(0, RED), kfm(1, BLUE)],
        tolerance=0,
        velocity_tolerance=1e-9,
        tests=rows_tests(doc, [(-1, RED, [0, 0, 0, 0]), (0, RED, [-1, 0, 1, 0]),
                               (0.25, (0.75, 0, 0.25, 1), [-1, 0, 1, 0]), (0.5, (0.5, 0, 0.5, 1), [-1, 0, 1, 0]),
                               (1, BLUE, [0, 0, 0, 0]), (2, BLUE, [0, 0, 0, 0])]),
    )
    doc.group(
        id="razzledazzle-black-to-blue",
        comment="RazzleDazzle's ColorAnimation: black -> blue halfway is (0, 0, 0.5, 1).",
        type="track",
        property="backgroundColor",
        keyframes=[kfm(0, BLACK), kfm(1, BLUE)],
        tolerance=0,
        tests=rows_tests(doc, [(0, BLACK), (0.5, (0, 0, 0.5, 1)), (1, BLUE)]),
    )
    doc.group(
        id="srgb-eased-with-alpha",
        comment="srgb, not premultiplied, with easeInQuad: each encoded component and alpha is "
        "c0 + (c1 - c0) e, e = p^2, worked with exact fractions from the stored doubles.",
        type="track",
        property="textColor",
        kind="color",
        color_space="srgb",
        keyframes=[kfm(0, SKY, easing="easeInQuad"), kfm(2, BRICK)],
        tolerance=1e-15,
        tests=rows_tests(doc, [
            (t, [F(a) + (F(b) - F(a)) * (F(t) / 2) ** 2 for a, b in zip(SKY, BRICK)])
            for t in (0, 0.5, 1, 1.5, 2)
        ]),
    )
    pairs = [("red-blue", RED, BLUE), ("sky-brick", SKY, BRICK)]
    for space in ("linear-srgb", "oklab", "oklch", "hsl"):
        for name, c0, c1 in pairs:
            color_group(doc, f"{space}-{name}", css + f" Space {space}, not premultiplied.", space, False, c0, c1,
                        [0.25, 0.5, 0.75])
    color_group(doc, "oklch-shorter-arc-across-zero", css + " oklch: magenta (hue ~328.4) to red (hue ~29.2): "
                "h1 - h0 < -180, so h1 gains 360 and the hue passes through 0.", "oklch", False, (1, 0, 1, 1), RED,
                [0.25, 0.5, 0.75])
    color_group(doc, "oklch-shorter-arc-green-magenta", css + " oklch: green (hue ~142.5) to magenta (~328.4): "
                "h1 - h0 > 180, so h0 gains 360; the blend leaves the sRGB gamut (not clipped).", "oklch", False,
                (0, 1, 0, 1), (1, 0, 1, 1), [0.25, 0.5, 0.75])
    color_group(doc, "oklch-achromatic-white", css + " oklch: white's chroma is below 0.000004 (the sample code's "
                "epsilon), so its hue is powerless and takes blue's. No kind: the color space alone makes the "
                "unknown name 'tint' a color track.", "oklch", False, WHITE, BLUE, [0.25, 0.5, 0.75], prop="tint",
                kind=None)
    color_group(doc, "oklch-achromatic-gray", css + " oklch: a gray (0.5, 0.5, 0.5) takes the sky color's hue.",
                "oklch", False, (0.5, 0.5, 0.5, 1), SKY, [0.5])
    color_group(doc, "oklch-achromatic-both", css + " oklch: white to black, both hues powerless, so the result's "
                "hue is missing; converted as 0 with a chroma of about 6e-16 (white's in these matrices), it is "
                "the gray on the L axis to 1e-15.", "oklch",
                False, WHITE, BLACK, [0.25, 0.5, 0.75])
    color_group(doc, "hsl-achromatic-white", css + " hsl: white has saturation 0 (lightness 1), so its hue is "
                "powerless and takes red's (0): halfway is hsl(0, 0.5, 0.75) = (0.875, 0.625, 0.625).", "hsl", False,
                WHITE, RED, [0.5])
    color_group(doc, "hsl-shorter-arc-across-zero", css + " hsl: hue 300 (magenta) to 60 (yellow): h1 - h0 = -240, "
                "so h1 gains 360 and halfway is hue 0 (red).", "hsl", False, (1, 0, 1, 1), (1, 1, 0, 1),
                [0.25, 0.5, 0.75])
    for space in ("srgb", "linear-srgb", "oklab", "oklch", "hsl"):
        for premultiplied in (False, True):
            tag = "premultiplied" if premultiplied else "straight"
            color_group(doc, f"{space}-{tag}-alpha", css + f" Space {space}, {tag}: sky (alpha 1) to brick "
                        "(alpha 0.5), so premultiplying changes the blend.", space, premultiplied, SKY, BRICK,
                        [0.25, 0.5, 0.75])
    color_group(doc, "srgb-premultiplied-to-transparent", css + " srgb premultiplied: red to transparent blue "
                "(0, 0, 1, 0); the transparent color contributes nothing, so the blend stays red: (1, 0, 0, 1 - e).",
                "srgb", True, RED, (0, 0, 1, 0), [0.25, 0.5, 0.75])
    color_group(doc, "srgb-straight-to-transparent", css + " srgb straight: red to transparent blue passes through "
                "(0.5, 0, 0.5, 0.5).", "srgb", False, RED, (0, 0, 1, 0), [0.5])
    color_group(doc, "oklab-premultiplied-both-transparent", css + " oklab premultiplied with alpha 0 at both ends: "
                "the interpolated alpha is 0, so nothing is divided and the premultiplied (zero) coordinates give "
                "OKLab (0, 0, 0), black with alpha 0.", "oklab", True, (1, 0, 0, 0), (0, 0, 1, 0), [0.5],
                velocity=False)
    doc.group(
        id="color-hold-and-extrapolation",
        comment="Hand-worked: srgb red -> blue over [0, 1] with cycle before and ping-pong after. Cycle maps "
        "t = -0.75 to 0.25 (0.75, 0, 0.25, 1); ping-pong runs [1, 2] backwards, so t = 1.25 is progress 0.75 "
        "(0.25, 0, 0.75, 1) and t = 2.5 is 0.5.",
        type="track",
        property="strokeColor",
        keyframes=[kfm(0, RED), kfm(1, BLUE)],
        extrapolation={"before": "cycle", "after": "ping-pong"},
        tolerance=0,
        tests=rows_tests(doc, [(-0.75, (0.75, 0, 0.25, 1)), (1.25, (0.25, 0, 0.75, 1)), (2.5, (0.5, 0, 0.5, 1)),
                               (2, RED), (3, BLUE)]),
    )
    doc.group(
        id="color-hold-interpolation",
        comment="Hand-worked: a hold keyframe keeps its color until the next keyframe.",
        type="track",
        property="tint",
        kind="color",
        color_space="oklch",
        keyframes=[kfm(0, (0, 1, 0, 1), interpolation="hold"), kfm(1, SKY)],
        tolerance=0,
        tests=rows_tests(doc, [(0.5, (0, 1, 0, 1), [0, 0, 0, 0]), (0.999, (0, 1, 0, 1)), (1, SKY)]),
    )

    # -- geometry -------------------------------------------------------------
    f0, f1, f2 = (20, 100, 280, 40), (340, 100, 280, 40), (660, 60, 200, 120)
    doc.group(
        id="paging-frame",
        comment="Hand-worked paging intro (RazzleDazzle's paging example): a label's frame moves one 320-pt page "
        "per 320 of scroll, then grows. Each channel is linear: halfway through the first page "
        "(180, 100, 280, 40); through the second (500, 80, 240, 80). Velocity per unit scroll: "
        "(1, 0, 0, 0), then (320, -40, -80, 80)/320; 0 on the held ends.",
        type="track",
        property="frame",
        keyframes=[kfm(0, f0), kfm(320, f1), kfm(640, f2)],
        tolerance=0,
        tests=rows_tests(doc, [(-10, f0, [0, 0, 0, 0]), (0, f0, [1, 0, 0, 0]), (160, (180, 100, 280, 40), [1, 0, 0, 0]),
                               (320, f1, [1, -0.125, -0.25, 0.25]), (480, (500, 80, 240, 80), [1, -0.125, -0.25, 0.25]),
                               (640, f2, [0, 0, 0, 0]), (1000, f2, [0, 0, 0, 0])]),
    )
    doc.group(
        id="paging-position-and-negative-points",
        comment="Hand-worked: a point may be negative; (160, 240) -> (-480, -240) over 320 of scroll; at 80 a "
        "quarter: (0, 120); velocity (-2, -1.5).",
        type="track",
        property="position",
        keyframes=[kfm(0, (160, 240)), kfm(320, (-480, -240))],
        tolerance=0,
        tests=rows_tests(doc, [(0, (160, 240), [-2, -1.5]), (80, (0, 120), [-2, -1.5]), (320, (-480, -240), [0, 0])]),
    )
    doc.group(
        id="paging-size",
        comment="Hand-worked: a size (10, 20) -> (30, 40) halfway is (20, 30); the size 0 x 0 is valid.",
        type="track",
        property="size",
        keyframes=[kfm(0, (10, 20)), kfm(1, (30, 40)), kfm(2, (0, 0))],
        tolerance=0,
        tests=rows_tests(doc, [(0.5, (20, 30), [20, 20]), (1.5, (15, 20), [-30, -40]), (2, (0, 0), [0, 0])]),
    )
    doc.group(
        id="rect-kind-on-any-property",
        comment="Hand-worked: kind rect on an unknown name; x and y may be negative; quarter way "
        "(-10 + 0.25 * 40, -20 + 0.25 * 20, 5 + 0.25 * 10, 0 + 0.25 * 8).",
        type="track",
        property="cropBox",
        kind="rect",
        keyframes=[kfm(0, (-10, -20, 5, 0)), kfm(4, (30, 0, 15, 8))],
        tolerance=0,
        tests=rows_tests(doc, [(1, (0, -15, 7.5, 2), [10, 5, 2.5, 2]), (4, (30, 0, 15, 8), [0, 0, 0, 0])]),
    )
    doc.group(
        id="vector-linear-extrapolation",
        comment="Hand-worked: a 3-channel vector with linear extrapolation on both sides continues the "
        "end slopes (2, -0.5, 1): at -2 (-4, 2, -4), at 6 (12, -2, 4).",
        type="track",
        property="weights",
        kind="vector",
        channels=3,
        keyframes=[kfm(0, (0, 1, -2)), kfm(4, (8, -1, 2))],
        extrapolation={"before": "linear", "after": "linear"},
        tolerance=0,
        tests=rows_tests(doc, [(-2, (-4, 2, -4), [2, -0.5, 1]), (1, (2, 0.5, -1), [2, -0.5, 1]),
                               (6, (12, -2, 4), [2, -0.5, 1])]),
    )
    times, xs, ys = [0, 1, 3, 4], [0, 2, 2.5, 6], [5, 1, 0, 0]
    px, py = PchipInterpolator(times, xs), PchipInterpolator(times, ys)
    dx, dy = px.derivative(), py.derivative()
    sample = [0.5, 1, 2, 3.5]
    doc.group(
        id="point-monotone",
        comment=f"Point kinds take every interpolation: monotone per channel is {SCIPY} PchipInterpolator of each "
        "channel (value and derivative); held ends.",
        type="track",
        property="translation",
        keyframes=[{**kfm(t, (x, y)), "interpolation": "monotone"} for t, x, y in zip(times, xs, ys)],
        tolerance=1e-12,
        tests=rows_tests(doc, [(t, (px(t), py(t)), (dx(t), dy(t))) for t in sample] + [(4, (6, 0), (0, 0))]),
    )

    # -- bools and hide/show --------------------------------------------------
    tiny = 1e-199
    doc.group(
        id="bool-rule-eased",
        comment="The bool rule (include/keyframe.h): the start value while eased progress is 0, then the end "
        "value. easeInQuad from 0 to 10: at t = 1e-9, e = (1e-10)^2 > 0 gives 1; at t = 1e-199, p = 1e-200 "
        "and p * p underflows to 0, so 0. Velocity 0 everywhere but NaN.",
        type="track",
        property="hidden",
        keyframes=[kfm(0, (0,), easing="easeInQuad"), kfm(10, (1,))],
        tolerance=0,
        tests=rows_tests(doc, [(-1, (0,), (0,)), (0, (0,), (0,)), (tiny, (0,), (0,)), (1e-9, (1,), (0,)),
                               (5, (1,), (0,)), (10, (1,), (0,)), (11, (1,), (0,)), ("nan", ("nan",), ("nan",))]),
    )
    doc.group(
        id="bool-rule-negative-easing",
        comment="The bool rule with easeInBack, whose eased progress is negative early on (e(0.5) = -0.0877): "
        "not 0, so already the end value. From 1 to 0 on a bool kind of an unknown name.",
        type="track",
        property="flag",
        kind="bool",
        keyframes=[kfm(0, (1,), easing="easeInBack"), kfm(1, (0,))],
        tolerance=0,
        tests=rows_tests(doc, [(0, (1,)), (0.5, (0,)), (0.99, (0,)), (1, (0,))]),
    )
    doc.group(
        id="bool-hold-interpolation",
        comment="Hand-worked: a hold keyframe keeps its value until the next keyframe.",
        type="track",
        property="flag",
        kind="bool",
        keyframes=[kfm(0, (1,), interpolation="hold"), kfm(10, (0,))],
        extrapolation={"after": "ping-pong"},
        tolerance=0,
        tests=rows_tests(doc, [(5, (1,)), (9.999, (1,)), (10, (0,)), (15, (1,))]),
    )
    after = lambda h: math.nextafter(h, math.inf)  # noqa: E731

    def hide(gid, comment, operations, rows, keyframes=(), prop="hidden", kind=None):
        fields = dict(id=gid, comment=comment, type="hide", property=prop)
        if kind:
            fields["kind"] = kind
        fields.update(keyframes=list(keyframes), operations=operations, tolerance=0,
                      tests=rows_tests(doc, [(t, (v,)) for t, v in rows]))
        doc.group(**fields)

    hide("hide-at-boundary", "hide_at(h) (RazzleDazzle's hideAt, exact): visible (0) up to and at h = 10, hidden (1) "
         "at nextafter(h, inf) = 10.000000000000002, at h + 1e-6 and after; the ends clamp; NaN gives NaN.",
         [{"hide_at": 10}], [(-math.inf, 0), (9.999, 0), (10, 0), (after(10), 1), (10 + 1e-6, 1), (1e9, 1),
                             (math.inf, 1), (math.nan, math.nan)])
    hide("show-at-boundary", "show_at(h): hidden up to and at h = 20, visible at nextafter(h, inf) and h + 1e-6.",
         [{"show_at": 20}], [(19, 1), (20, 1), (after(20), 0), (20 + 1e-6, 0)])
    hide("hide-then-show", "hide_at(10) then show_at(20): visible, hidden on (10, 20], visible after 20.",
         [{"hide_at": 10}, {"show_at": 20}], [(0, 0), (10, 0), (after(10), 1), (15, 1), (20, 1), (after(20), 0),
                                               (25, 0)])
    hide("hide-at-zero", "hide_at(0): the next double after 0 is the subnormal 5e-324.",
         [{"hide_at": 0}], [(-5e-324, 0), (0, 0), (5e-324, 1), (1e-300, 1)])
    hide("hide-at-negative", "hide_at(-5): nextafter(-5, inf) = -4.999999999999999.",
         [{"hide_at": -5}], [(-5, 0), (after(-5), 1), (-5 + 1e-6, 1)])
    hide("hide-at-fraction", "hide_at(0.1): 0.1 is not exact in binary; the boundary is the stored double.",
         [{"hide_at": 0.1}], [(0.1, 0), (after(0.1), 1), (0.1 + 1e-6, 1)])
    hide("hide-at-twice", "hide_at(10) then hide_at(20) adds (20, 0) and (next(20), 1): the second call says "
         "visible up to and at 20, so between (next(10), 1) and (20, 0) the bool rule gives 0 once progress is above "
         "0; hidden only at next(10) itself and after next(20).",
         [{"hide_at": 10}, {"hide_at": 20}], [(10, 0), (after(10), 1), (15, 0), (20, 0), (after(20), 1)])
    hide("hide-among-keyframes", "Keyframes (0, 1) and (30, 1), then hide_at(10) inserts (10, 0) and (next(10), 1): "
         "between 0 and 10 the bool rule gives the end value, 0.",
         [{"hide_at": 10}], [(0, 1), (5, 0), (10, 0), (after(10), 1), (30, 1)], keyframes=[kfm(0, (1,)), kfm(30, (1,))])
    hide("show-at-on-bool-kind", "show_at on a bool kind of an unknown name.", [{"show_at": 3}],
         [(3, 1), (after(3), 0)], prop="visible-flag", kind="bool")

    # -- composition ------------------------------------------------------------
    parts = {
        "scale": {"property": "scale", "keyframes": [kfm(0, (3,))]},
        "rotation": {"property": "rotation", "keyframes": [kfm(0, (90,))]},
        "translation": {"property": "translation", "keyframes": [kfm(0, (5, 15))]},
    }
    for order in itertools.permutations(["scale", "rotation", "translation"]):
        doc.group(
            id="compose-" + "-".join(order),
            comment="Hand-worked (include/keyframe.h): scale 3, rotation 90 degrees (r = 90 pi / -180 = -pi/2, "
            "cos 0, sin -1 exactly), translation (5, 15): (3 cos r, 3 sin r, -3 sin r, 3 cos r, 5, 15) = "
            f"(0, -3, 3, 0, 5, 15), whatever the order the tracks are added in (here {', '.join(order)}).",
            type="compose",
            target="view",
            tracks=[parts[name] for name in order],
            tolerance=0,
            tests=[{"tcId": doc.tc(), "time": t, "expected": [0, -3, 3, 0, 5, 15]} for t in (0, 1)],
        )
    doc.group(
        id="compose-non-right-angle",
        comment=f"(s cos r, s sin r, -s sin r, s cos r, x, y) with r = degrees pi / -180, in {MPMATH}: scale 2, "
        "rotation 30, translation (-4, 7.5); then animated: at t = 5 scale 1 -> 3 is 2, rotation 0 -> 60 is 30 "
        "and translation (0, 0) -> (10, -20) is (5, -10). Tolerance 1e-15: degrees to radians rounds.",
        type="compose",
        target="card",
        tracks=[{"property": "rotation", "keyframes": [kfm(0, (30,)), kfm(2, (0,)), kfm(12, (60,))]},
                {"property": "translation", "keyframes": [kfm(0, (-4, 7.5)), kfm(2, (0, 0)), kfm(12, (10, -20))]},
                {"property": "scale", "keyframes": [kfm(0, (2,)), kfm(2, (1,)), kfm(12, (3,))]}],
        tolerance=1e-15,
        tests=[{"tcId": doc.tc(), "time": 0, "expected": [num(v) for v in affine(2, 30, -4, 7.5)]},
               {"tcId": doc.tc(), "time": 7, "expected": [num(v) for v in affine(2, 30, 5, -10)]},
               {"tcId": doc.tc(), "time": 9.5, "expected": [num(v) for v in affine(2.5, 45, 7.5, -15)]}],
    )
    doc.group(
        id="compose-right-angles",
        comment="Hand-worked: multiples of 90 degrees give exact zeros: -90 (r = pi/2) -> (0, 1, -1, 0), 180 -> "
        "(-1, 0, 0, -1), 270 -> (0, 1, -1, 0), 450 -> (0, -1, 1, 0); scale and translation missing (1 and 0).",
        type="compose",
        target="dial",
        tracks=[{"property": "rotation", "kind": "scalar",
                 "keyframes": [kfm(0, (-90,)), kfm(1, (180,)), kfm(2, (270,)), kfm(3, (450,))]}],
        tolerance=0,
        tests=[{"tcId": doc.tc(), "time": t, "expected": e} for t, e in
               [(0, [0, 1, -1, 0, 0, 0]), (1, [-1, 0, 0, -1, 0, 0]), (2, [0, 1, -1, 0, 0, 0]),
                (3, [0, -1, 1, 0, 0, 0])]],
    )
    doc.group(
        id="compose-translation-only",
        comment="Hand-worked: missing scale and rotation tracks contribute scale 1 and angle 0, so a translation "
        "(5, 15) alone composes to (1, 0, 0, 1, 5, 15); other tracks of the target do not take part.",
        type="compose",
        target="view",
        tracks=[{"property": "alpha", "keyframes": [kfm(0, (0.5,))]},
                {"property": "translation", "keyframes": [kfm(0, (5, 15))]}],
        tolerance=0,
        tests=[{"tcId": doc.tc(), "time": 0, "expected": [1, 0, 0, 1, 5, 15]}],
    )

    # -- transforms -------------------------------------------------------------
    o = oracle
    sample = [-1, 0, 0.25, 0.5, 0.75, 1, 2]
    oracle_note = ("Tests/python/oracles/css_transforms.py (numpy, CSS Transforms 2 decompose / slerp along the "
                   "shorter arc / recompose) interpolating the stored doubles at the eased progress; tolerance 1e-9.")
    rot270 = o.rotate3d(0, 0, 1, math.radians(270))
    transform_group(doc, "transform-rotation-past-180", "2D: identity to a 270-degree rotation, which the shorter "
                    "arc reaches by turning -90 degrees. " + oracle_note, "transform", o.identity(), rot270, sample,
                    velocity=True)
    transform_group(doc, "transform-skew", "2D: identity to skewX(30deg) with a translation. " + oracle_note,
                    "transform", o.identity(), o.skew(xy=math.tan(math.radians(30))) @ o.translate3d(40, -8),
                    sample, velocity=True)
    transform_group(doc, "transform-reflection", "2D: scale(1, 1) to scale(-1, 2) (a mirror): the decomposition "
                    "negates all three scales and turns 180 degrees about x, so the 2D scales pass through 0. "
                    + oracle_note, "transform", o.identity(), o.scale3d(-1, 2), sample, velocity=True)
    transform_group(doc, "transform-mixed-eased", "2D with easeInOutQuad: scale (2, 1) then rotate 0.3 rad then "
                    "translate (10, -5), to scale (0.5, 1.5), rotate 3.5 rad, translate (-20, 40). " + oracle_note,
                    "transform", o.scale3d(2, 1) @ o.rotate3d(0, 0, 1, 0.3) @ o.translate3d(10, -5),
                    o.scale3d(0.5, 1.5) @ o.rotate3d(0, 0, 1, 3.5) @ o.translate3d(-20, 40), sample,
                    easing="easeInOutQuad")
    transform_group(doc, "transform-hold", "2D hold: the start transform until the next keyframe. " + oracle_note,
                    "transform", o.scale3d(2, 2), rot270, [0.5, 1], interpolation="hold")
    transform_group(doc, "transform3d-rotation-past-180", "3D: identity to 200 degrees about (1, 1, 0); the "
                    "shorter arc turns -160 degrees. " + oracle_note, "transform3d", o.identity(),
                    o.rotate3d(1, 1, 0, math.radians(200)), sample, velocity=True)
    transform_group(doc, "transform3d-skew", "3D: identity to a shear with all three skews (xy 0.3, xz -0.2, yz "
                    "0.5) and a translation. " + oracle_note, "transform3d", o.identity(),
                    o.skew(xy=0.3, xz=-0.2, yz=0.5) @ o.translate3d(1, 2, 3), sample)
    transform_group(doc, "transform3d-negative-scale", "3D: a rotation to a point reflection (scale -1, -1, -2) "
                    "composed with a 40-degree rotation about z: the decomposition negates the scales. " + oracle_note,
                    "transform3d", o.rotate3d(0, 0, 1, math.radians(-30)),
                    o.scale3d(-1, -1, -2) @ o.rotate3d(0, 0, 1, math.radians(40)), sample, velocity=True)
    transform_group(doc, "transform3d-perspective", "3D: identity to rotateY(45deg) then perspective(400). "
                    + oracle_note, "transform3d", o.identity(),
                    o.rotate3d(0, 1, 0, math.radians(45)) @ o.perspective(400), sample, velocity=True)
    transform_group(doc, "transform3d-perspective-both", "3D: perspective(800) with a translation to rotateX(60deg) "
                    "then perspective(300). " + oracle_note, "transform3d",
                    o.translate3d(10, 0, -50) @ o.perspective(800),
                    o.rotate3d(1, 0, 0, math.radians(60)) @ o.perspective(300), sample)
    transform_group(doc, "transform3d-mixed", "3D: translate, scale to rotate3d(1, 1, 0, 2.5 rad), translate, "
                    "skew. " + oracle_note, "transform3d", o.translate3d(10, 20, 5) @ o.scale3d(2, 0.5, 1),
                    o.rotate3d(1, 1, 0, 2.5) @ o.translate3d(-40, 8, 3) @ o.skew(xy=0.3, yz=-0.2), sample,
                    easing="easeOutCubic")
    transform_group(doc, "transform3d-singular-is-discrete", "3D: scale(0, 1, 1) cannot be decomposed, so the "
                    "interpolation is discrete: the start below progress 0.5, the end from 0.5 on. " + oracle_note,
                    "transform3d", o.translate3d(5, 5, 5), o.scale3d(0, 1, 1), [0.25, 0.4999, 0.5, 0.75])

    # -- color conversions ------------------------------------------------------
    conversion_note = (f"The CSS Color 4 sample-code conversions re-typed in derive.py, in {MPMATH}; saturation "
                       "and lightness as fractions, hues in degrees in [0, 360). Tolerance 1e-12.")
    to_colors = {
        "srgb": [RED, SKY, (1.2, -0.1, 0.5, 0.3)],
        "linear-srgb": [RED, SKY, (0.02, 0.5, 1, 1), (1.2, -0.1, 0.5, 0.3)],
        "oklab": [RED, (0, 1, 0, 1), BLUE, WHITE, BLACK, SKY, (1.2, -0.1, 0.5, 0.3)],
        "oklch": [RED, (0, 1, 0, 1), BLUE, SKY, BRICK],
        "hsl": [RED, (0, 0.5, 0.5, 1), SKY, BRICK, (1, 0, 1, 1)],
    }
    from_coordinates = {
        "srgb": [((0.25, 0.5, 1), 0.5)],
        "linear-srgb": [((0.25, 0.5, 1), 1), ((-0.01, 0.002, 1.5), 0.25)],
        "oklab": [((0.5, 0.1, -0.1), 0.3), ((0.9, -0.05, 0.1), 1)],
        "oklch": [((0.7, 0.1, 400), 1), ((0.6, 0.15, -30), 0.5), ((0.5, 0, 123), 1)],
        "hsl": [((-30, 0.5, 0.5), 1), ((210, 0.5, 0.4), 0.75), ((725, 1, 0.25), 1)],
    }
    for space in ("srgb", "linear-srgb", "oklab", "oklch", "hsl"):
        tests = []
        for rgba in to_colors[space]:
            coordinates = srgb_to_space(rgba[:3], space)
            tests.append({"tcId": doc.tc(), "rgba": [num(c) for c in rgba], "expected": [num(c) for c in coordinates]})
        for coordinates, alpha in from_coordinates[space]:
            rgb = space_to_srgb(list(coordinates), space)
            tests.append({"tcId": doc.tc(), "coordinates": [num(c) for c in coordinates], "alpha": num(alpha),
                          "expected": [num(c) for c in rgb] + [num(alpha)]})
        doc.group(id=f"convert-{space}", comment=conversion_note, type="color_convert", space=space,
                  tolerance=0 if space == "srgb" else 1e-12, tests=tests)

    # -- rejections ---------------------------------------------------------------
    def reject(rid, comment, status, prop, operation=None, keyframes=(), message=None, **kind):
        fields = {"id": rid, "comment": comment, "property": prop, **kind, "keyframes": list(keyframes)}
        if operation:
            fields.update(operation)
        fields["status"] = status
        if message:
            fields["message_contains"] = message
        doc.rejection(**fields)

    def setting(time, value, **style):
        return {"set": kfm(time, value, **style)}

    # Creating tracks.
    reject("alpha-as-color", "alpha is a scalar property; an explicit color kind contradicts it",
           "KF_E_KIND_MISMATCH", "alpha", kind="color", message="alpha is a scalar property")
    reject("hidden-as-scalar", "hidden is a bool property", "KF_E_KIND_MISMATCH", "hidden", kind="scalar")
    reject("frame-as-vector", "frame is a rect; a 4-channel vector is not a rect", "KF_E_KIND_MISMATCH", "frame",
           kind="vector", channels=4)
    reject("translation-as-size", "translation is a point property", "KF_E_KIND_MISMATCH", "translation", kind="size")
    reject("backgroundColor-as-vector", "backgroundColor is a color property", "KF_E_KIND_MISMATCH",
           "backgroundColor", kind="vector", channels=4)
    reject("transform-as-transform3d", "transform is a 2D transform property", "KF_E_KIND_MISMATCH", "transform",
           kind="transform3d")
    reject("unknown-kind", "kinds are scalar, point, ...; 'colour' is none", "KF_E_INVALID_NAME", "tint",
           kind="colour", message="colour")
    reject("kind-is-case-sensitive", "'Color' is not 'color'", "KF_E_INVALID_NAME", "tint", kind="Color")
    reject("vector-zero-channels", "a vector has 1 to 64 channels", "KF_E_WRONG_SIZE", "weights", kind="vector",
           channels=0)
    reject("vector-65-channels", "a vector has 1 to 64 channels", "KF_E_WRONG_SIZE", "weights", kind="vector",
           channels=65)
    reject("vector-64-channels-ok", "64 channels is the most a vector may have", "KF_OK", "weights", kind="vector",
           channels=64)
    reject("unknown-color-space", "color spaces are srgb, linear-srgb, oklab, oklch, hsl", "KF_E_INVALID_NAME",
           "tint", kind="color", color_space="cmyk", message="cmyk")
    reject("css-srgb-linear-name", "the library calls CSS's srgb-linear 'linear-srgb'", "KF_E_INVALID_NAME", "tint",
           kind="color", color_space="srgb-linear")
    reject("known-color-property-chooses-space", "a color property may choose its color space", "KF_OK",
           "backgroundColor", kind="color", color_space="oklch", premultiplied=True)
    reject("color-options-without-kind-ok", "without a kind, color options keep a color property's kind",
           "KF_OK", "strokeColor", color_space="hsl", premultiplied=True)
    reject("color-options-on-scalar", "without a kind, color options need a color: alpha is a scalar",
           "KF_E_KIND_MISMATCH", "alpha", color_space="oklab")
    reject("alpha-as-scalar-ok", "an explicit kind that agrees with the property is fine", "KF_OK", "alpha",
           kind="scalar")
    # Values of each kind.
    alpha_keys = [kfm(0, (1,)), kfm(1, (0,))]
    reject("kind-alpha-above-one", "alpha takes [0, 1], also with an explicit kind", "KF_E_INVALID_VALUE", "alpha",
           setting(0.5, (1.5,)), alpha_keys, kind="scalar")
    reject("kind-alpha-below-zero", "alpha takes [0, 1]", "KF_E_INVALID_VALUE", "alpha", setting(0.5, (-0.001,)),
           alpha_keys, kind="scalar")
    reject("kind-alpha-edges-ok", "0 and 1 are in [0, 1]", "KF_OK", "alpha", setting(0.5, (1,)), alpha_keys,
           kind="scalar")
    reject("size-negative-height", "a size's width and height are >= 0", "KF_E_INVALID_VALUE", "size",
           setting(1, (10, -1)), [kfm(0, (1, 1))], message="height")
    reject("size-negative-width", "a size's width and height are >= 0", "KF_E_INVALID_VALUE", "bounds",
           setting(1, (-0.5, 3)), kind="size", message="width")
    reject("size-zero-ok", "a 0 x 0 size is valid", "KF_OK", "size", setting(1, (0, 0)))
    reject("frame-negative-width", "a rect's width and height are >= 0", "KF_E_INVALID_VALUE", "frame",
           setting(1, (0, 0, -1, 10)), [kfm(0, (0, 0, 1, 1))], message="width")
    reject("frame-negative-height", "a rect's width and height are >= 0", "KF_E_INVALID_VALUE", "frame",
           setting(1, (0, 0, 10, -1)), message="height")
    reject("frame-negative-origin-ok", "a rect's x and y may be negative", "KF_OK", "frame",
           setting(1, (-5, -5, 10, 10)))
    reject("point-negative-ok", "a point may be negative", "KF_OK", "position", setting(1, (-10, -20)))
    reject("color-alpha-above-one", "a color's alpha is in [0, 1]", "KF_E_INVALID_VALUE", "backgroundColor",
           setting(1, (0, 0, 0, 1.5)), [kfm(0, RED)], message="alpha")
    reject("color-alpha-below-zero", "a color's alpha is in [0, 1]", "KF_E_INVALID_VALUE", "tint",
           setting(1, (0, 0, 0, -0.1)), kind="color", color_space="oklab", premultiplied=True)
    reject("color-component-nan", "components must be finite", "KF_E_INVALID_VALUE", "fillColor",
           setting(1, (0, 0, "nan", 1)))
    reject("color-component-infinite", "components must be finite", "KF_E_INVALID_VALUE", "fillColor",
           setting(1, ("inf", 0, 0, 1)))
    reject("color-extended-range-ok", "components are not clipped: extended sRGB is valid", "KF_OK", "fillColor",
           setting(1, (1.2, -0.1, 0, 1)))
    reject("bool-half", "a bool is 0 or 1", "KF_E_INVALID_VALUE", "hidden", setting(1, (0.5,)), [kfm(0, (0,))],
           message="0 or 1")
    reject("bool-two", "a bool is 0 or 1", "KF_E_INVALID_VALUE", "flag", setting(1, (2,)), kind="bool")
    reject("bool-minus-one", "a bool is 0 or 1", "KF_E_INVALID_VALUE", "hidden", setting(1, (-1,)))
    reject("bool-one-ok", "1 is a bool", "KF_OK", "hidden", setting(1, (1,)), [kfm(0, (0,))])
    sizes = [("scalar", "x", {}, [(2, (1, 2)), (0, ())]),
             ("point", "position", {}, [(1, (1,)), (3, (1, 2, 3))]),
             ("size", "size", {}, [(1, (1,)), (3, (1, 2, 3))]),
             ("rect", "frame", {}, [(3, (0, 0, 1)), (5, (0, 0, 1, 1, 1))]),
             ("vector", "weights", {"kind": "vector", "channels": 3}, [(2, (1, 2)), (4, (1, 2, 3, 4))]),
             ("color", "fillColor", {}, [(2, (1, 0)), (5, (1, 0, 0, 1, 1))]),
             ("bool", "hidden", {}, [(2, (0, 1))]),
             ("transform", "transform", {}, [(5, (1, 0, 0, 1, 0)), (7, (1, 0, 0, 1, 0, 0, 0))]),
             ("transform3d", "transform3d", {}, [(15, tuple(range(15))), (17, tuple(range(17)))])]
    for name, prop, kind, cases in sizes:
        for count, value in cases:
            reject(f"{name}-{count}-channels", f"a {name} value has the kind's channel count, not {count}",
                   "KF_E_WRONG_SIZE", prop, setting(1, value), **kind)
    # Styles and extrapolations per kind.
    for mode in ("smooth", "monotone", "bezier", "paced"):
        reject(f"color-{mode}", f"{mode} interpolation needs a per-channel kind; colors take linear and hold",
               "KF_E_KIND_MISMATCH", "backgroundColor", setting(1, BLUE, interpolation=mode), [kfm(0, RED)],
               message=mode)
    reject("bool-smooth", "bools take linear and hold", "KF_E_KIND_MISMATCH", "hidden",
           setting(1, (1,), interpolation="smooth"))
    reject("transform-monotone", "transforms take linear and hold", "KF_E_KIND_MISMATCH", "transform",
           setting(1, (1, 0, 0, 1, 0, 0), interpolation="monotone"))
    reject("transform3d-paced", "transforms take linear and hold", "KF_E_KIND_MISMATCH", "transform3d",
           setting(1, flat(o.identity()), interpolation="paced"))
    reject("color-hold-ok", "hold is fine on a color", "KF_OK", "backgroundColor", setting(1, BLUE,
           interpolation="hold"), [kfm(0, RED)])
    reject("point-smooth-ok", "per-channel kinds take every interpolation", "KF_OK", "position",
           setting(1, (1, 2), interpolation="smooth"))
    reject("color-linear-extrapolation", "linear extrapolation needs a per-channel kind", "KF_E_KIND_MISMATCH",
           "backgroundColor", {"extrapolation": {"before": "hold", "after": "linear"}}, [kfm(0, RED), kfm(1, BLUE)])
    reject("transform-cycle-offset", "cycle-offset needs a per-channel kind", "KF_E_KIND_MISMATCH", "transform",
           {"extrapolation": {"before": "cycle-offset"}})
    reject("bool-ping-pong-ok", "hold, cycle and ping-pong fit every kind", "KF_OK", "hidden",
           {"extrapolation": {"before": "cycle", "after": "ping-pong"}})
    reject("rect-linear-extrapolation-ok", "per-channel kinds take every extrapolation", "KF_OK", "frame",
           {"extrapolation": {"after": "linear"}})
    # hide_at and show_at.
    reject("hide-at-on-scalar", "hide_at needs a bool track", "KF_E_KIND_MISMATCH", "x", {"hide_at": 3},
           [kfm(0, (1,))])
    reject("show-at-on-color", "show_at needs a bool track", "KF_E_KIND_MISMATCH", "backgroundColor",
           {"show_at": 3})
    reject("hide-at-infinite", "the time must be finite", "KF_E_INVALID_VALUE", "hidden", {"hide_at": "inf"},
           [kfm(0, (1,))])
    reject("show-at-nan", "the time must be finite", "KF_E_INVALID_VALUE", "hidden", {"show_at": "nan"})
    reject("hide-at-largest-double", "the next double after the largest finite one is infinite, and keyframe times "
           "must be finite", "KF_E_INVALID_VALUE", "hidden", {"hide_at": sys.float_info.max})
    reject("hide-at-ok", "hide_at on a bool kind of any name", "KF_OK", "visible-flag", {"hide_at": 2}, kind="bool")
    return doc


# ---------------------------------------------------------------------------
# timing.json: Web Animations Level 1's timing model, re-implemented here from
# the spec text (https://drafts.csswg.org/web-animations-1/, sections 4.6
# "Animation effects" to 4.11 "Time transformations") and CSS Easing 1's
# step algorithm with the before flag. Python floats are IEEE doubles, as a
# browser's numbers are, and each procedure below is the spec's sequence of
# operations, so the doubles are the ones the spec defines; where
# web-platform-tests gives the answer (WPT_* tables below), the derivation is
# checked against it before anything is written.


def js_max(a, b):
    """ECMAScript Math.max: NaN if either is NaN, +0 over -0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b:
        return a if math.copysign(1, a) > 0 else b
    return a if a > b else b


def js_min(a, b):
    """ECMAScript Math.min: NaN if either is NaN, -0 under +0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b:
        return a if math.copysign(1, a) < 0 else b
    return a if a < b else b


def js_mod(n, d):
    """ECMAScript's % on Numbers (the spec's %): the sign of n, exact."""
    if math.isnan(n) or math.isnan(d) or math.isinf(n) or d == 0:
        return math.nan
    if math.isinf(d) or n == 0:
        return n
    return math.fmod(n, d)


def js_floor(x):
    """ECMAScript Math.floor on a double (keeps -0 and infinities)."""
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    return float(math.floor(x))


STEP_POSITIONS = {"start": "jump-start", "end": "jump-end", "jump-start": "jump-start", "jump-end": "jump-end",
                  "jump-none": "jump-none", "jump-both": "jump-both"}


def css_step_output(steps, position, p, before):
    """CSS Easing 1, 'the step easing function' output for input progress p
    with the before flag, in doubles."""
    position = STEP_POSITIONS[position]
    step = js_floor(p * steps)
    if position in ("jump-start", "jump-both"):
        step += 1
    if before and js_mod(p * steps, 1) == 0:
        step -= 1
    if p >= 0 and step < 0:
        step = 0.0
    jumps = {"jump-start": steps, "jump-end": steps, "jump-none": steps - 1, "jump-both": steps + 1}[position]
    if p <= 1 and step > jumps:
        step = float(jumps)
    return step / jumps


def timing_easing(spec):
    """(function of (p, before flag), exact) for the easings the timing
    vectors use; exact means the result is one double operation chain the
    spec defines (tolerance 0), else an mpmath evaluation (tolerance 1e-12)."""
    if spec in (None, "", "linear"):
        return (lambda p, before: p), True
    if spec in ("step-start", "step-end"):
        position = "jump-start" if spec == "step-start" else "jump-end"
        return (lambda p, before: css_step_output(1, position, p, before)), True
    if spec.startswith("steps("):
        count, _, position = spec[len("steps("):-1].partition(",")
        count, position = int(count), position.strip() or "jump-end"
        return (lambda p, before: css_step_output(count, position, p, before)), True
    named = {"ease": (0.25, 0.1, 0.25, 1), "ease-in": (0.42, 0, 1, 1), "ease-in-out": (0.42, 0, 0.58, 1)}
    if spec in named or spec.startswith("cubic-bezier("):
        x1, y1, x2, y2 = named[spec] if spec in named else [float(v) for v in spec[13:-1].split(",")]
        return (lambda p, before: float(css_bezier(x1, y1, x2, y2, p)[0])), False
    if spec in EASINGS_NET:
        f = EASINGS_NET[spec]
        return (lambda p, before: float(f(mpf(p)))), False
    if spec.startswith("linear("):
        stops = []
        for stop in spec[len("linear("):-1].split(","):
            out, *inputs = stop.split()
            stops.append((F(out), [F(x.rstrip("%")) / 100 for x in inputs]))
        points = css_linear_points(stops)
        return (lambda p, before: float(css_linear(points, p)[0])), False
    raise SystemExit(f"no independent formula for easing {spec!r}")


TIMING_DEFAULTS = {"delay": 0.0, "end_delay": 0.0, "duration": "auto", "iterations": 1.0, "iteration_start": 0.0,
                   "direction": "normal", "fill": "auto", "easing": None}


def timing_number(x):
    return {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}.get(x, x) if isinstance(x, str) else float(x)


def web_animations_properties(spec):
    """A vector's `timing` object as Web Animations properties. The Core
    Animation spellings are razzle's aliases (Guides/Timing.md): repeat_count
    is iterations, fill_mode is fill with "removed" for none, autoreverses
    is direction alternate with twice the iterations, time_offset adds
    time_offset / duration to iteration_start. (The CA groups are checked
    against Core Animation's own time arithmetic in ca_progress.)"""
    props = dict(TIMING_DEFAULTS)
    for key, value in spec.items():
        if key == "repeat_count":
            key = "iterations"
        if key == "fill_mode":
            key, value = "fill", {"removed": "none"}.get(value, value)
        props[key] = value
    for key in ("delay", "end_delay", "iterations", "iteration_start"):
        props[key] = timing_number(props[key])
    if props["duration"] != "auto":
        props["duration"] = timing_number(props["duration"])
    if spec.get("autoreverses"):
        props["direction"], props["iterations"] = "alternate", 2 * props["iterations"]
    offset = timing_number(spec.get("time_offset", 0))
    if offset != 0:
        props["iteration_start"] = props["iteration_start"] + offset / props["duration"]
    props.pop("autoreverses", None)
    props.pop("time_offset", None)
    return props


def computed_timing(spec, local_time, intrinsic=0.0, animation_direction="forwards"):
    """Web Animations Level 1's computed timing of an animation effect with
    the timing `spec` at `local_time`: a dict of the phase and the spec's
    values, None where unresolved."""
    props = web_animations_properties(spec)
    delay, end_delay = props["delay"], props["end_delay"]
    iterations, iteration_start = props["iterations"], props["iteration_start"]
    # 4.8.2: "auto" is the intrinsic iteration duration (for a keyframe effect, 0).
    duration = intrinsic if props["duration"] == "auto" else props["duration"]
    # 4.10.1 Calculating the active duration: 0 if either factor is 0.
    active_duration = 0.0 if duration == 0 or iterations == 0 else duration * iterations
    # 4.6.2 The active interval: end time = max(start delay + active duration + end delay, 0).
    end_time = js_max(delay + active_duration + end_delay, 0.0)
    # 4.7.1 Fill modes: "auto" is "none" for a keyframe effect.
    fill = "none" if props["fill"] == "auto" else props["fill"]
    out = {"phase": "idle", "iteration_duration": duration, "active_duration": active_duration,
           "end_time": end_time, "active_time": None, "overall_progress": None,
           "simple_iteration_progress": None, "current_iteration": None, "directed_progress": None,
           "transformed_progress": None}
    # 4.6.5 Animation effect phases and states.
    if math.isnan(local_time):
        return out
    before_active = js_max(js_min(delay, end_time), 0.0)
    active_after = js_max(js_min(delay + active_duration, end_time), 0.0)
    backwards = animation_direction == "backwards"
    if local_time < before_active or (backwards and local_time == before_active):
        phase = "before"
    elif local_time > active_after or (not backwards and local_time == active_after):
        phase = "after"
    else:
        phase = "active"
    out["phase"] = phase
    # 4.10.3.1 Calculating the active time.
    if phase == "before":
        if fill not in ("backwards", "both"):
            return out
        active_time = js_max(local_time - delay, 0.0)
    elif phase == "active":
        active_time = local_time - delay
    else:
        if fill not in ("forwards", "both"):
            return out
        active_time = js_max(js_min(local_time - delay, active_duration), 0.0)
    # 4.10.3.2 Calculating the overall progress.
    if duration == 0:
        overall = 0.0 if phase == "before" else iterations
    else:
        overall = active_time / duration
    overall = overall + iteration_start
    # 4.10.3.3 Calculating the simple iteration progress.
    simple = js_mod(iteration_start, 1.0) if overall == math.inf else js_mod(overall, 1.0)
    if simple == 0 and phase in ("active", "after") and active_time == active_duration and iterations != 0:
        simple = 1.0
    # 4.10.4 Calculating the current iteration.
    if phase == "after" and iterations == math.inf:
        iteration = math.inf
    elif simple == 1.0:
        iteration = js_floor(overall) - 1
    else:
        iteration = js_floor(overall)
    # 4.11.1 Calculating the directed progress.
    if props["direction"] == "normal":
        forwards = True
    elif props["direction"] == "reverse":
        forwards = False
    else:
        d = iteration + 1 if props["direction"] == "alternate-reverse" else iteration
        forwards = math.isinf(d) or js_mod(d, 2) == 0
    directed = simple if forwards else 1.0 - simple
    # 4.12.1 Calculating the transformed progress: the before flag.
    before_flag = (phase == "before" and forwards) or (phase == "after" and not forwards)
    ease, _ = timing_easing(props["easing"])
    out.update(active_time=active_time, overall_progress=overall, simple_iteration_progress=simple,
               current_iteration=iteration, directed_progress=directed,
               transformed_progress=ease(directed, before_flag))
    return out


def ca_progress(duration, repeat_count, autoreverses, time_offset, t):
    """Core Animation's progress through one pass at active local time t
    (0 <= t < the active duration), from CAMediaTiming's documented model:
    local time t + timeOffset, repeated every duration (every 2 x duration
    with autoreverses, the second half played backwards)."""
    t = F(t) + F(time_offset)
    cycle = F(duration) * (2 if autoreverses else 1)
    u = t % cycle
    return float(u / F(duration)) if u < F(duration) else float((cycle - u) / F(duration))


def timing_times(spec, intrinsic=0.0, extra=()):
    """Local times worth testing: either side of each phase boundary and of
    each iteration boundary, the boundaries themselves, mid-iteration
    points, and `extra`."""
    props = web_animations_properties(spec)
    c = computed_timing(spec, 0.0, intrinsic)
    delay, ad, end = props["delay"], c["active_duration"], c["end_time"]
    d = c["iteration_duration"]
    before_active = js_max(js_min(delay, end), 0.0)
    active_after = js_max(js_min(delay + ad, end), 0.0)
    times = {before_active - 1, before_active, before_active + 0.25, active_after, active_after + 1, end, end + 0.5,
             *extra}
    if 0 < d < math.inf:
        start = props["iteration_start"]
        k = math.floor(start) + 1
        while k - start <= min(props["iterations"], 4):
            boundary = delay + (k - start) * d
            times |= {boundary, boundary - d / 4, boundary + d / 4}
            k += 1
    return sorted(x for x in times if math.isfinite(x))


#: web-platform-tests web-animations/timing-model/time-transformations/transformed-progress.html,
#: "boundary conditions of step timing functions": the effect, then
#: (currentTime, progress) pairs (times in ms, as there).
WPT_STEP_BOUNDARIES = [
    ("step-start", {"delay": 1000, "duration": 1000, "fill": "both", "easing": "steps(2, start)"},
     [(0, 0), (999, 0), (1000, 0.5), (1499, 0.5), (1500, 1), (2000, 1)]),
    ("step-start-reverse", {"delay": 1000, "duration": 1000, "fill": "both", "direction": "reverse",
                            "easing": "steps(2, start)"},
     [(0, 1), (1001, 1), (1500, 1), (1501, 0.5), (2000, 0), (2500, 0)]),
    ("step-start-iteration-start-0.25", {"delay": 1000, "duration": 1000, "fill": "both", "iteration_start": 0.25,
                                         "easing": "steps(2, start)"},
     [(0, 0.5), (999, 0.5), (1000, 0.5), (1249, 0.5), (1250, 1), (1749, 1), (1750, 0.5), (2000, 0.5), (2500, 0.5)]),
    ("step-start-iteration-start-0.5", {"delay": 1000, "duration": 1000, "fill": "both", "iteration_start": 0.5,
                                        "easing": "steps(2, start)"},
     [(0, 0.5), (999, 0.5), (1000, 1), (1499, 1), (1500, 0.5), (2000, 1)]),
    ("step-start-iteration-start-0.5-reverse", {"delay": 1000, "duration": 1000, "fill": "both",
                                                "iteration_start": 0.5, "direction": "reverse",
                                                "easing": "steps(2, start)"},
     [(0, 1), (1000, 1), (1001, 0.5), (1499, 0.5), (1500, 1), (1999, 1), (2000, 0.5), (2500, 0.5)]),
    ("steps-4-start-iteration-start-0.75", {"duration": 1000, "fill": "both", "delay": 1000,
                                            "iteration_start": 0.75, "easing": "steps(4, start)"},
     [(0, 0.75), (999, 0.75), (1000, 1), (2000, 1), (2500, 1)]),
    ("step-start-alternate", {"duration": 1000, "fill": "both", "delay": 1000, "iterations": 2,
                              "iteration_start": 1.5, "direction": "alternate", "easing": "steps(2, start)"},
     [(0, 1), (1000, 1), (1001, 0.5), (2999, 1), (3000, 0.5), (3500, 0.5)]),
    ("step-start-alternate-reverse", {"duration": 1000, "fill": "both", "delay": 1000, "iterations": 2,
                                      "iteration_start": 0.5, "direction": "alternate-reverse",
                                      "easing": "steps(2, start)"},
     [(0, 1), (1000, 1), (1001, 0.5), (2999, 1), (3000, 0.5), (3500, 0.5)]),
    ("step-end", {"delay": 1000, "duration": 1000, "fill": "both", "easing": "steps(2, end)"},
     [(0, 0), (999, 0), (1000, 0), (1499, 0), (1500, 0.5), (2000, 1)]),
    ("step-end-iteration-start-0.5", {"duration": 1000, "fill": "both", "delay": 1000, "iteration_start": 0.5,
                                      "easing": "steps(2, end)"},
     [(0, 0), (999, 0), (1000, 0.5), (1499, 0.5), (1500, 0), (1999, 0), (2000, 0.5), (2500, 0.5)]),
    ("step-end-iteration-start-0.75", {"delay": 1000, "duration": 1000, "fill": "both", "iteration_start": 0.75,
                                       "easing": "steps(2, end)"},
     [(0, 0.5), (999, 0.5), (1000, 0.5), (1249, 0.5), (1250, 0), (1749, 0), (1750, 0.5), (2000, 0.5), (2500, 0.5)]),
    ("jump-both", {"delay": 1000, "duration": 1000, "fill": "both", "easing": "steps(2, jump-both)"},
     [(0, 0), (999, 0), (1000, 1 / 3), (1499, 1 / 3), (1500, 2 / 3), (2000, 1)]),
    ("jump-both-iteration-start-0.5", {"duration": 1000, "fill": "both", "delay": 1000, "iteration_start": 0.5,
                                       "easing": "steps(2, jump-both)"},
     [(0, 1 / 3), (999, 1 / 3), (1000, 2 / 3), (1499, 2 / 3), (1500, 1 / 3), (1999, 1 / 3), (2000, 2 / 3),
      (2500, 2 / 3)]),
    ("jump-both-iteration-start-0.75", {"delay": 1000, "duration": 1000, "fill": "both", "iteration_start": 0.75,
                                        "easing": "steps(2, jump-both)"},
     [(0, 2 / 3), (999, 2 / 3), (1000, 2 / 3), (1249, 2 / 3), (1250, 1 / 3), (1749, 1 / 3), (1750, 2 / 3),
      (2000, 2 / 3), (2500, 2 / 3)]),
    ("jump-none", {"delay": 1000, "duration": 1000, "fill": "both", "easing": "steps(2, jump-none)"},
     [(0, 0), (1000, 0), (1499, 0), (1500, 1), (2000, 1)]),
    ("jump-none-iteration-start-0.5", {"duration": 1000, "fill": "both", "delay": 1000, "iteration_start": 0.5,
                                       "easing": "steps(2, jump-none)"},
     [(0, 0), (999, 0), (1000, 1), (1499, 1), (1500, 0), (1999, 0), (2000, 1), (2500, 1)]),
    ("jump-none-iteration-start-0.75", {"delay": 1000, "duration": 1000, "fill": "both", "iteration_start": 0.75,
                                        "easing": "steps(2, jump-none)"},
     [(0, 1), (999, 1), (1000, 1), (1249, 1), (1250, 0), (1749, 0), (1750, 1), (2000, 1), (2500, 1)]),
]

#: web-platform-tests web-animations/timing-model/animation-effects/simple-iteration-progress.html
#: and current-iteration.html: (effect, playbackRate, progress, currentIteration), each expectation a
#: (before, active boundary, after) triple (None where the test checks nothing), sampled as
#: resources/effect-tests.js's assert_computed_timing_for_each_phase does.
WPT_PHASE_TABLE = [
    *[
        ({"iterations": n, "iteration_start": s, "duration": d, "delay": 1, "fill": "both"}, 1, p, i)
        for n, rows in [
            (0, [(0, 0, (0, None, 0), (0, None, 0)), (0, 100, (0, None, 0), (0, None, 0)),
                 (0, "inf", (0, None, 0), (0, None, 0)), (2.5, 0, (0.5, None, 0.5), (2, None, 2)),
                 (2.5, 100, (0.5, None, 0.5), (2, None, 2)), (2.5, "inf", (0.5, None, 0.5), (2, None, 2)),
                 (3, 0, (0, None, 0), (3, None, 3)), (3, 100, (0, None, 0), (3, None, 3)),
                 (3, "inf", (0, None, 0), (3, None, 3))]),
            (3, [(0, 0, (0, None, 1), (0, None, 2)), (0, 100, (0, 0, 1), (0, 0, 2)),
                 (0, "inf", (0, 0, None), (0, 0, None)), (2.5, 0, (0.5, None, 0.5), (2, None, 5)),
                 (2.5, 100, (0.5, 0.5, 0.5), (2, 2, 5)), (2.5, "inf", (0.5, 0.5, None), (2, 2, None)),
                 (3, 0, (0, None, 1), (3, None, 5)), (3, 100, (0, 0, 1), (3, 3, 5)),
                 (3, "inf", (0, 0, None), (3, 3, None))]),
            (3.5, [(0, 0, (0, None, 0.5), (0, None, 3)), (0, 100, (0, 0, 0.5), (0, 0, 3)),
                   (0, "inf", (0, 0, None), (0, 0, None)), (2.5, 0, (0.5, None, 1), (2, None, 5)),
                   (2.5, 100, (0.5, 0.5, 1), (2, 2, 5)), (2.5, "inf", (0.5, 0.5, None), (2, 2, None)),
                   (3, 0, (0, None, 0.5), (3, None, 6)), (3, 100, (0, 0, 0.5), (3, 3, 6)),
                   (3, "inf", (0, 0, None), (3, 3, None))]),
            ("inf", [(0, 0, (0, None, 1), (0, None, "inf")), (0, 100, (0, 0, None), (0, 0, None)),
                     (0, "inf", (0, 0, None), (0, 0, None)), (2.5, 0, (0.5, None, 0.5), (2, None, "inf")),
                     (2.5, 100, (0.5, 0.5, None), (2, 2, None)), (2.5, "inf", (0.5, 0.5, None), (2, 2, None)),
                     (3, 0, (0, None, 1), (3, None, "inf")), (3, 100, (0, 0, None), (3, 3, None)),
                     (3, "inf", (0, 0, None), (3, 3, None))]),
        ]
        for s, d, p, i in rows
    ],
    ({"duration": 100, "delay": 1, "fill": "both", "end_delay": 50}, 1, (0, 0, 1), (0, 0, 0)),
    ({"duration": 100, "delay": 1, "fill": "both", "end_delay": -50}, 1, (0, 0, 0.5), (0, 0, 0)),
    ({"duration": 100, "delay": 1, "fill": "both", "end_delay": -100}, 1, (0, 0, 0), (0, 0, 0)),
    ({"duration": 100, "delay": 1, "fill": "both", "end_delay": -200}, 1, (0, 0, 0), (0, 0, 0)),
    ({"iteration_start": 0.5, "duration": 100, "delay": 1, "fill": "both", "end_delay": 50}, 1, (0.5, 0.5, 0.5),
     (0, 0, 1)),
    ({"iteration_start": 0.5, "duration": 100, "delay": 1, "fill": "both", "end_delay": -50}, 1, (0.5, 0.5, 0),
     (0, 0, 1)),
    ({"iteration_start": 0.5, "duration": 100, "delay": 1, "fill": "both", "end_delay": -100}, 1, (0.5, 0.5, 0.5),
     (0, 0, 0)),
    ({"iterations": 2, "duration": 100, "delay": 1, "fill": "both", "end_delay": -100}, 1, (0, 0, 0), (0, 0, 1)),
    ({"iterations": 1, "iteration_start": 2, "duration": 100, "delay": 1, "fill": "both", "end_delay": -50}, 1,
     (0, 0, 0.5), (2, 2, 2)),
    ({"iterations": 1, "iteration_start": 2, "duration": 100, "delay": 1, "fill": "both", "end_delay": -100}, 1,
     (0, 0, 0), (2, 2, 2)),
    ({"duration": 1, "delay": 1, "fill": "both"}, -1, (0, 1, 1), (0, 0, 0)),
    ({"duration": 1, "delay": 1, "iterations": 2, "fill": "both"}, -1, None, (0, 1, 1)),
    ({"duration": 0, "delay": 1, "fill": "both"}, -1, (0, None, 1), (0, None, 0)),
    ({"duration": 0, "iterations": 0, "delay": 1, "fill": "both"}, -1, (0, None, 0), (0, None, 0)),
]


def wpt_phase_times(spec, playback_rate):
    """The three local times assert_computed_timing_for_each_phase samples
    (before, active boundary, after), None where it samples nothing."""
    c = computed_timing(spec, 0.0)
    delay = timing_number(spec.get("delay", 0))
    before_active = max(min(delay, c["end_time"]), 0)
    active_after = max(min(delay + c["active_duration"], c["end_time"]), 0)
    forwards = playback_rate >= 0
    before = before_active - 1 if forwards else before_active
    active = (before_active if forwards else active_after) if c["active_duration"] > 0 else None
    after = (active_after if forwards else active_after + 1) if c["active_duration"] != math.inf else None
    return before, active, after


DURATION_KEYS = ("iteration_duration", "active_duration", "end_time")


def timing_tests(doc, spec, times, intrinsic=0.0, animation_direction="forwards"):
    """The group's `durations` and its tests (the values that vary with the
    local time)."""
    tests, durations = [], None
    for t in times:
        c = computed_timing(spec, t, intrinsic, animation_direction)
        durations = {key: num(c.pop(key)) for key in DURATION_KEYS}
        expected = {key: (None if value is None else (value if key == "phase" else num(value)))
                    for key, value in c.items()}
        tests.append({"tcId": doc.tc(), "time": num(t), "expected": expected})
    return durations, tests


def timing_spec(spec):
    """A timing object as the vectors write it (numbers via num)."""
    return {k: (num(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v) for k, v in spec.items()}


def timing_doc():
    doc = Doc(
        "Web Animations Level 1 computed timing of one timing (razzle.Timing, Timing, kf_timing_compute): phases, "
        "active time, overall, simple, directed and transformed progress, current iteration, for every property "
        "and their combinations, the steps() before flag, negative playback, auto durations and Core "
        "Animation's aliases.",
        {
            "timing": "Make the timing from `timing` (Python's keyword names; Guides/Timing.md), then compute at "
            "each test's `time` with `intrinsic_duration` (default 0) and `animation_direction` (default "
            "forwards). `durations` holds the iteration duration, active duration and end time; each test's "
            "`expected` the phase and every value that varies with the local time, null where the spec leaves "
            "it unresolved (NaN in C and in the batch call). Also: the batch call over the group's times gives the "
            "transformed progress and current iteration bit for bit.",
            "tolerance": "`tolerance` applies to `transformed_progress`; every other number is exact.",
            "derive": "Numbers from Tests/vectors/derive.py: Web Animations Level 1's procedures re-implemented "
            "there from the spec text, checked against web-platform-tests' expectations; never razzle.",
        },
    )

    def group(gid, comment, spec, times, intrinsic=None, animation_direction=None):
        _, exact = timing_easing(web_animations_properties(spec)["easing"])
        fields = {"id": gid, "comment": comment, "type": "timing", "timing": timing_spec(spec)}
        if intrinsic is not None:
            fields["intrinsic_duration"] = num(intrinsic)
        if animation_direction is not None:
            fields["animation_direction"] = animation_direction
        fields["tolerance"] = 0 if exact else 1e-12
        fields["durations"], fields["tests"] = timing_tests(doc, spec, times, intrinsic or 0.0,
                                                           animation_direction or "forwards")
        assert 0 < len(fields["tests"]) <= 64, gid
        doc.group(**fields)
        return fields["tests"]

    wpt = "web-platform-tests web-animations/timing-model"
    # WPT's step boundaries: derive's numbers must be WPT's.
    for name, spec, rows in WPT_STEP_BOUNDARIES:
        for t, progress in rows:
            got = computed_timing(spec, float(t))["transformed_progress"]
            assert got == progress, (name, t, got, progress)
        group(f"wpt-steps-{name}", f"{wpt}/time-transformations/transformed-progress.html, 'Test bounds point of "
              f"{name}': its (currentTime, progress) pairs, which the derivation reproduces exactly, with every "
              "other computed value from the spec's procedures.", spec, [float(t) for t, _ in rows])

    # WPT's phase matrices of simple iteration progress and current iteration.
    for n, (spec, rate, progress, iteration) in enumerate(WPT_PHASE_TABLE):
        direction = "forwards" if rate > 0 else "backwards"
        probes = wpt_phase_times(spec, rate)
        for t, want_p, want_i in zip(probes, progress or (None,) * 3, iteration):
            if t is None:
                assert want_p is None and want_i is None, (spec, probes)
                continue
            c = computed_timing(spec, float(t), 0.0, direction)
            if want_p is not None:
                assert c["transformed_progress"] == want_p, (spec, t, c)
            if want_i is not None:
                assert c["current_iteration"] == timing_number(want_i), (spec, t, c)
        times = [float(t) for t in probes if t is not None]
        label = " ".join(f"{k}:{v}" for k, v in spec.items()) + (f" playbackRate:{rate}" if rate != 1 else "")
        group(f"wpt-phases-{n}", f"{wpt}/animation-effects/simple-iteration-progress.html and "
              f"current-iteration.html ({label}): the before, active-boundary and after probes of "
              "assert_computed_timing_for_each_phase; the derivation reproduces their progress and "
              "currentIteration.", spec, times, animation_direction=direction if rate < 0 else None)

    # Every direction x fill x animation direction on one timing with a
    # delay, an end delay, a fractional iteration start and count.
    base = {"delay": 1, "end_delay": 0.5, "duration": 2, "iterations": 2.5, "iteration_start": 0.25}
    for direction in ("normal", "reverse", "alternate", "alternate-reverse"):
        for fill in ("none", "forwards", "backwards", "both", "auto"):
            for playing in ("forwards", "backwards"):
                spec = {**base, "direction": direction, "fill": fill}
                group(f"direction-{direction}-fill-{fill}-{playing}", "Spec procedures: direction and fill with "
                      f"time running {playing}; delay 1, end delay 0.5, duration 2, 2.5 iterations from 0.25.",
                      spec, timing_times(spec), animation_direction=playing)

    # Iteration durations x counts: zero, finite, infinite, auto with an
    # intrinsic duration; fractional and integral counts.
    durations = [(0, None), (1.5, None), ("inf", None), ("auto", 0), ("auto", 2), ("auto", "inf")]
    counts = [0, 1, 3, 2.5, "inf"]
    for i, (duration, intrinsic) in enumerate(durations):
        for j, iterations in enumerate(counts):
            for playing in ("forwards", "backwards"):
                start = 1.25 if (i + j) % 2 else 0
                spec = {"delay": 0.5, "duration": duration, "iterations": iterations, "iteration_start": start,
                        "direction": "alternate", "fill": "both"}
                what = f"auto (intrinsic {intrinsic})" if duration == "auto" else f"{duration}"
                group(f"duration-{what.replace(' ', '-').replace('(', '').replace(')', '')}-iterations-"
                      f"{iterations}-{playing}", f"Spec procedures: duration {what}, {iterations} iterations from "
                      f"{start}, alternate, fill both, time running {playing}: the zero-duration jump, the end of "
                      "an integral count, infinite counts and durations.", spec,
                      timing_times(spec, timing_number(intrinsic or 0), extra=(2.75, 10.0)),
                      intrinsic=None if intrinsic is None else timing_number(intrinsic),
                      animation_direction=playing)

    # Delays and end delays, negative ones included, with each fill.
    for delay in (-1.5, 0, 2):
        for end_delay in (-3, -0.5, 0, 1):
            for fill in ("none", "forwards", "backwards", "both"):
                playing = "backwards" if (delay + end_delay) % 2 else "forwards"
                spec = {"delay": delay, "end_delay": end_delay, "duration": 1, "iterations": 2, "fill": fill}
                group(f"delay-{delay}-end-delay-{end_delay}-fill-{fill}", "Spec procedures: a negative delay starts "
                      "part-way, a negative end delay cuts the active interval (the boundaries clamp to the end "
                      f"time); delay {delay}, end delay {end_delay}, 2 iterations of 1, fill {fill}, time running "
                      f"{playing}.", spec, timing_times(spec, extra=(-0.5, 1.5)),
                      animation_direction=playing)

    # steps() and the before flag: every position x direction x animation
    # direction, at the phase and iteration boundaries.
    for position in ("start", "end", "jump-none", "jump-both"):
        for direction in ("normal", "reverse", "alternate", "alternate-reverse"):
            for playing in ("forwards", "backwards"):
                spec = {"delay": 1, "duration": 1, "iterations": 2, "direction": direction, "fill": "both",
                        "easing": f"steps(3, {position})"}
                group(f"before-flag-{position}-{direction}-{playing}", "CSS Easing 1's step algorithm with Web "
                      "Animations' before flag (set in the before phase going forwards and in the after phase going "
                      f"backwards); steps(3, {position}), {direction}, time running {playing}.", spec,
                      timing_times(spec, extra=(1 + 1 / 3, 2.5, 3.0)), animation_direction=playing)
    for easing in ("step-start", "step-end"):
        spec = {"duration": 1, "delay": 0.5, "fill": "both", "direction": "reverse", "easing": easing}
        group(f"before-flag-{easing}", f"{easing} = steps(1, jump-{easing[5:]}), reverse, fill both: the before "
              "flag at both ends.", spec, timing_times(spec))

    # Curves: the directed progress through independent formulas.
    for easing, what in [("ease", "CSS ease = cubic-bezier(0.25, 0.1, 0.25, 1), solved by bisection in mpmath"),
                         ("cubic-bezier(0.68, -0.6, 0.32, 1.6)", "an overshooting Bezier, bisection in mpmath"),
                         ("easeInQuad", "the easings.net formula in mpmath"),
                         ("easeOutBack", "the easings.net formula in mpmath (overshoots)"),
                         ("linear(0, 0.25 75%, 1)", "CSS Easing 2 linear() with exact fractions")]:
        for direction in ("normal", "alternate-reverse"):
            spec = {"delay": 0.25, "duration": 2, "iterations": 1.75, "iteration_start": 0.5, "direction": direction,
                    "fill": "both", "easing": easing}
            group(f"easing-{easing}-{direction}", f"The transformed progress is {easing} of the directed progress: "
                  f"{what}; {direction}, 1.75 iterations from 0.5.", spec,
                  timing_times(spec, extra=(0.6, 1.1, 2.9, 3.3)))

    # Core Animation's aliases, checked against CAMediaTiming's arithmetic.
    aliases = [
        ("autoreverses", {"duration": 2, "autoreverses": True, "fill_mode": "forwards"}, 2, 1, True, 0),
        ("autoreverses-repeat-2", {"duration": 1, "repeat_count": 2, "autoreverses": True, "fill_mode": "both"},
         1, 2, True, 0),
        ("autoreverses-repeat-1.5", {"duration": 1, "repeat_count": 1.5, "autoreverses": True, "fill": "both"},
         1, 1.5, True, 0),
        ("autoreverses-forever", {"duration": 0.5, "repeat_count": "inf", "autoreverses": True}, 0.5, math.inf,
         True, 0),
        ("time-offset", {"duration": 3, "time_offset": 1, "fill_mode": "both"}, 3, 1, False, 1),
        ("time-offset-repeat", {"duration": 2, "repeat_count": 2.5, "time_offset": 0.5, "fill_mode": "removed"}, 2,
         2.5, False, 0.5),
        ("time-offset-autoreverses", {"duration": 1, "repeat_count": 2, "autoreverses": True, "time_offset": 1.5,
                                      "fill_mode": "both"}, 1, 2, True, 1.5),
        ("repeat-count-easing", {"duration": 1, "repeat_count": 3, "easing": "steps(4, end)", "fill_mode": "backwards",
                                 "delay": 1}, 1, 3, False, 0),
    ]
    for name, spec, duration, repeat, reverses, offset in aliases:
        active = duration * repeat * (2 if reverses else 1)
        interior = [t for t in (0.1, 0.3, 0.7, 1.2, 1.9, 2.6, 3.3, 4.4) if t < min(active, 5)]
        delay = spec.get("delay", 0)
        for t in interior:
            c = computed_timing(spec, delay + t)
            want = ca_progress(duration, repeat, reverses, offset, t)
            got = c["directed_progress"]
            assert abs(got - want) < 1e-12, (name, t, got, want)
        times = sorted({*[delay + t for t in interior], *timing_times(spec)})
        group(f"core-animation-{name}", "Core Animation's vocabulary (repeat_count, autoreverses, time_offset, "
              "fill_mode): in the active interval the directed progress equals CAMediaTiming's own arithmetic "
              "(local time + timeOffset, repeated every duration, every other pass backwards with autoreverses; "
              "exact fractions); the rest from the spec's procedures.", spec, times)

    # Unresolved local time, and local times beyond every boundary.
    spec = {"delay": 1, "duration": 2, "iterations": 1.5, "fill": "both"}
    group("local-time-nan", "A NaN local time is unresolved: no phase (idle), nothing in effect; +-1e300 are far "
          "before and after.", spec, [math.nan, -1e300, 1e300])

    def reject(rid, comment, spec, status, message=None, intrinsic=None):
        fields = {"id": rid, "comment": comment, "timing": timing_spec(spec)}
        if intrinsic is not None:
            fields["intrinsic_duration"] = num(intrinsic)
        fields["status"] = status
        if message is not None:
            fields["message_contains"] = message
        doc.rejection(**fields)

    invalid = "Web Animations' updateTiming() throws a TypeError"
    reject("duration-negative", f"{invalid} for a negative duration", {"duration": -1}, "KF_E_INVALID_VALUE",
           "duration")
    reject("duration-nan", f"{invalid} for a NaN duration", {"duration": "nan"}, "KF_E_INVALID_VALUE", "duration")
    reject("iterations-negative", f"{invalid} for iterations < 0", {"iterations": -0.5}, "KF_E_INVALID_VALUE",
           "iterations")
    reject("iterations-nan", f"{invalid} for NaN iterations", {"iterations": "nan"}, "KF_E_INVALID_VALUE",
           "iterations")
    reject("iteration-start-negative", f"{invalid} for a negative iteration start", {"iteration_start": -1},
           "KF_E_INVALID_VALUE", "iteration_start")
    reject("iteration-start-infinite", "iterationStart is a (finite) double in WebIDL", {"iteration_start": "inf"},
           "KF_E_INVALID_VALUE", "iteration_start")
    reject("delay-nan", "delay is a (finite) double in WebIDL", {"delay": "nan"}, "KF_E_INVALID_VALUE", "delay")
    reject("delay-infinite", "delay is a (finite) double in WebIDL", {"delay": "-inf"}, "KF_E_INVALID_VALUE", "delay")
    reject("end-delay-infinite", "endDelay is a (finite) double in WebIDL", {"end_delay": "inf"}, "KF_E_INVALID_VALUE",
           "end_delay")
    reject("direction-unknown", "an unknown PlaybackDirection, with the closest name",
           {"direction": "alternate-reversed"}, "KF_E_INVALID_NAME", "alternate-reverse")
    reject("fill-unknown", "an unknown FillMode, with the closest name", {"fill": "forward"}, "KF_E_INVALID_NAME",
           "forwards")
    reject("easing-unparsable", f"{invalid} for an easing it cannot parse", {"easing": "steps(0)"}, "KF_E_EASING")
    reject("easing-unknown", "an unknown easing name", {"easing": "easeInQuadd"}, "KF_E_EASING", "easeInQuad")
    reject("autoreverses-with-reverse", "autoreverses is direction alternate; it does not combine with another",
           {"duration": 1, "autoreverses": True, "direction": "reverse"}, "KF_E_INVALID_VALUE", "autoreverses")
    reject("time-offset-auto-duration", "time_offset / duration needs a duration", {"time_offset": 1},
           "KF_E_INVALID_VALUE", "time_offset")
    reject("time-offset-zero-duration", "time_offset / duration needs a duration > 0",
           {"duration": 0, "time_offset": 1}, "KF_E_INVALID_VALUE", "time_offset")
    reject("time-offset-below-start", "the iteration start must stay >= 0",
           {"duration": 1, "time_offset": -0.5}, "KF_E_INVALID_VALUE", "time_offset")
    reject("intrinsic-negative", "an intrinsic duration is a duration: >= 0", {}, "KF_E_INVALID_VALUE",
           "intrinsic_duration", intrinsic=-1)
    reject("intrinsic-nan", "an intrinsic duration is a duration: not NaN", {"duration": 1}, "KF_E_INVALID_VALUE",
           "intrinsic_duration", intrinsic="nan")
    reject("duration-infinite-ok", "an infinite duration is allowed (unrestricted double)", {"duration": "inf"},
           "KF_OK")
    reject("iterations-zero-ok", "zero iterations are allowed", {"iterations": 0, "duration": 1}, "KF_OK")
    reject("time-offset-negative-ok", "a negative time offset is fine while the iteration start stays >= 0",
           {"duration": 2, "iteration_start": 1, "time_offset": -1}, "KF_OK")
    return doc


def main():
    easing_doc().write("easing.json")
    interpolation_doc().write("interpolation.json")
    kinds_doc().write("kinds.json")
    timing_doc().write("timing.json")
    # Their own schema: trees and step sequences, which the generic runners
    # (foundation, easing, interpolation, kinds, timing) do not read.
    for doc, name in ((choreography_doc(), "choreography.json"), (player_doc(), "player.json")):
        doc.doc["schema"] = "razzle-choreography/1"
        doc.write(name)
    paging_doc().write("paging.json")
    write_path_docs()
    write_lottie_doc()
    write_lottie_transform_doc()


# ---------------------------------------------------------------------------
# choreography.json and player.json: Guides/Choreography.md's contract worked
# independently (placement, the timing tree, GSAP's distribute(), AnimationKit's
# presets, UIView.animateKeyframes' blocks) and Web Animations Level 1's
# Animation procedures for the player. Never razzle.

import re  # noqa: E402

CHOREO_TOLERANCE = 1e-9
CHOREO_SCHEMA_NOTE = ("Numbers from Tests/vectors/derive.py: the contract in Guides/Choreography.md re-worked "
                      "there by hand (and the Web Animations Level 1 timing procedures that derive timing.json); "
                      "never razzle.")


class ChoreoError(Exception):
    """A rejected call: `status` is the KF_* name expected."""

    def __init__(self, status, message=""):
        super().__init__(message)
        self.status = status


# -- positions (GSAP's position parameter as the contract's table restricts it)

CHOREO_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
CHOREO_LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")


def choreo_decimal(text):
    if not CHOREO_DECIMAL.fullmatch(text):
        raise ChoreoError("KF_E_INVALID_VALUE", text)
    return float(text)


def choreo_signed(text):
    """'' (0), '0.1', '-0.1' after '<' or '>'."""
    if text == "":
        return 0.0
    if text[0] == "-":
        return -choreo_decimal(text[1:])
    return choreo_decimal(text)


class PlacementTimeline:
    """The start-time bookkeeping of a timeline: children's (start, end time)
    and labels, resolved when added (GSAP's position parameter)."""

    def __init__(self):
        self.children = []  # (start, end_time)
        self.labels = {}

    def end(self):
        return max([0.0] + [s + e for s, e in self.children])

    def resolve(self, at):
        if at is None:
            return self.end()
        if isinstance(at, (int, float)) and not isinstance(at, bool):
            return float(at)
        if not isinstance(at, str) or at == "":
            raise ChoreoError("KF_E_INVALID_VALUE", repr(at))
        if at[:2] in ("+=", "-="):
            x = choreo_decimal(at[2:])
            return self.end() + (x if at[0] == "+" else -x)
        if at[0] in "<>":
            if self.children:
                s, e = self.children[-1]
                base = s if at[0] == "<" else s + e
            else:
                base = 0.0
            return base + choreo_signed(at[1:])
        m = re.search(r"[+-]=", at)
        name, rest = (at, "") if m is None else (at[:m.start()], at[m.start():])
        if not CHOREO_LABEL.fullmatch(name) or len(name.encode()) > 255:
            raise ChoreoError("KF_E_INVALID_VALUE", at)
        offset = 0.0
        if rest:
            x = choreo_decimal(rest[2:])
            offset = x if rest[0] == "+" else -x
        if name not in self.labels:
            raise ChoreoError("KF_E_NOT_FOUND", name)
        return self.labels[name] + offset

    def add(self, end_time, at):
        start = self.resolve(at)
        self.children.append((start, end_time))
        return start

    def add_label(self, name, at):
        if not isinstance(name, str) or not CHOREO_LABEL.fullmatch(name) or len(name.encode()) > 255:
            raise ChoreoError("KF_E_INVALID_NAME", repr(name))
        self.labels[name] = self.resolve(at)


def run_placement(ops):
    tl = PlacementTimeline()
    starts = []
    for op in ops:
        if op["op"] == "add":
            starts.append(tl.add(float(op["duration"]), op.get("at")))
        else:
            tl.add_label(op["name"], op.get("at"))
    return tl, starts


# -- the timing tree


def choreo_timing(spec, kind):
    """A node's timing with fill auto resolved (none for a clip, both for a
    group: Guides/Choreography.md)."""
    spec = dict(spec or {})
    if spec.get("fill", "auto") == "auto":
        spec["fill"] = "none" if kind == "clip" else "both"
    return spec


def iteration_forwards(spec, iteration):
    """Whether the current iteration plays forwards (Web Animations 4.11.1)."""
    direction = spec.get("direction", "normal")
    if direction == "normal":
        return True
    if direction == "reverse":
        return False
    d = iteration + 1 if direction == "alternate-reverse" else iteration
    return math.isinf(d) or js_mod(d, 2) == 0


def sample_keyframes(keys, u):
    """Linear keyframes, the first / last value held outside (RazzleDazzle)."""
    if u <= keys[0][0]:
        return float(keys[0][1])
    if u >= keys[-1][0]:
        return float(keys[-1][1])
    for (t0, v0), (t1, v1) in zip(keys, keys[1:]):
        if t0 <= u < t1:
            return v0 + (v1 - v0) * (u - t0) / (t1 - t0)
    raise AssertionError(u)


class TreeNode:
    def __init__(self, data):
        (self.kind, body), = data.items()
        self.timing = body.get("timing", {})
        if self.kind == "clip":
            self.tracks = body["tracks"]
            self.composite = body.get("composite", "replace")
            if "span" in body:
                self.span = tuple(float(x) for x in body["span"])
            else:
                times = [k[0] for tr in self.tracks for k in tr["keyframes"]]
                self.span = (min(times), max(times)) if times else (0.0, 0.0)
            self.natural = self.span[1] - self.span[0]
        else:
            self.children = []
            placement = PlacementTimeline()
            for child in body["children"]:
                node = TreeNode(child["node"])
                start = placement.add(node.end_time(), child.get("at"))
                self.children.append((start, node))
            self.natural = placement.end()

    def spec(self):
        return choreo_timing(self.timing, self.kind)

    def end_time(self):
        return computed_timing(self.spec(), 0.0, self.natural)["end_time"]

    def columns(self, out):
        if self.kind == "clip":
            for tr in self.tracks:
                pair = (tr["target"], tr["property"])
                if pair not in out:
                    out.append(pair)
        else:
            for _, child in self.children:
                child.columns(out)
        return out

    def evaluate(self, t, backwards, values):
        spec = self.spec()
        c = computed_timing(spec, t, self.natural, "backwards" if backwards else "forwards")
        p = c["transformed_progress"]
        if p is None:
            return
        d = c["iteration_duration"]
        if self.kind == "clip":
            s0, s1 = self.span
            u = s0 + c["active_time"] if d == math.inf else s0 + p * (s1 - s0)
            for tr in self.tracks:
                pair, v = (tr["target"], tr["property"]), sample_keyframes(tr["keyframes"], u)
                values[pair] = values.get(pair, 0.0) + v if self.composite == "add" else v
            return
        inner = c["active_time"] if d == math.inf else p * d
        child_backwards = backwards != (not iteration_forwards(spec, c["current_iteration"]))
        for start, child in self.children:
            child.evaluate(inner - start, child_backwards, values)


def tree_samples(doc, root, times):
    columns = root.columns([])
    samples = []
    for t in times:
        values = {}
        root.evaluate(float(t), False, values)
        samples.append({"tcId": doc.tc(), "time": num(t),
                        "values": [None if pair not in values else num(values[pair]) for pair in columns]})
    return [list(p) for p in columns], samples


def clip(tracks, timing=None, span=None, composite=None):
    body = {"tracks": [{"target": a, "property": p, "keyframes": [[num(t), num(v)] for t, v in keys]}
                       for a, p, keys in tracks]}
    if span is not None:
        body["span"] = [num(x) for x in span]
    if timing:
        body["timing"] = timing
    if composite is not None:
        body["composite"] = composite
    return {"clip": body}


def timeline(children, timing=None):
    body = {"children": [{"node": n, "at": at} for n, at in children]}
    if timing:
        body = {"timing": timing, **body}
    return {"timeline": body}


# -- GSAP's distribute(), from the contract's text


def splitmix64(seed):
    state = seed % 2**64

    def next_():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return z ^ (z >> 31)

    return next_


CSS_BEZIERS = {"ease": (0.25, 0.1, 0.25, 1), "ease-in": (0.42, 0, 1, 1), "ease-out": (0, 0, 0.58, 1),
               "ease-in-out": (0.42, 0, 0.58, 1)}


def css_named_easing(name):
    if name is None:
        return None
    x1, y1, x2, y2 = CSS_BEZIERS[name] if name in CSS_BEZIERS else [float(v) for v in name[13:-1].split(",")]
    return lambda p: css_bezier(x1, y1, x2, y2, p)[0]


def distribute(count, grid=None, each=None, amount=None, from_=0, axis=None, ease=None, seed=0,
               max_count=None):
    """Offsets per Guides/Choreography.md ('Staggers'), in mpmath."""
    n = count
    cols = grid[1] if grid else None
    ratio = {"start": (0, 0), "center": (0.5, 0.5), "end": (1, 1), "edges": (0.5, 0.5), "random": (0, 0)}
    if isinstance(from_, list):
        rx, ry = from_
        ratios = True
    elif isinstance(from_, str):
        rx, ry = ratio[from_]
        ratios = True
    else:
        ratios = False
    if ratios:
        ox = mpf(min(cols, n) if grid else n) * mpf(rx) - mpf("0.5")
        oy = (mpf(n) * mpf(ry) / cols - mpf("0.5")) if grid else mpf(0)
    else:
        ox = mpf(from_ % cols) if grid else mpf(from_)
        oy = mpf(from_ // cols) if grid else mpf(0)
    d = []
    for i in range(n):
        x = mpf(i % cols if grid else i) - ox
        y = oy - (i // cols if grid else 0)
        d.append(mp.sqrt(x * x + y * y) if axis is None else abs(x if axis == "x" else y))
    if from_ == "random":
        rng = splitmix64(seed)
        for j in range(n - 1, 0, -1):
            k = rng() % (j + 1)
            d[j], d[k] = d[k], d[j]
    low, high = min(d), max(d)
    if amount is not None:
        v = mpf(amount)
    else:
        if not grid or cols > n:
            s = mpf(n - 1)
        elif axis is None:
            s = max(mpf(cols), mpf(n) / cols)
        elif axis == "y":
            s = mpf(n) / cols
        else:
            s = mpf(cols)
        v = mpf(each) * s
    if from_ == "edges":
        v = -v
    f = css_named_easing(ease)
    if f is not None and v < 0:
        g = f
        f = lambda p: 1 - g(1 - p)  # noqa: E731
    base = -v if v < 0 else mpf(0)
    out = []
    for x in d:
        ln = (x - low) / (high - low) if high > low else mpf(0)
        out.append(base + (f(ln) if f else ln) * v)
    if max_count is not None:
        cap = mpf(each) * max_count
        out = [min(o, cap) for o in out]
    return out


# -- AnimationKit's presets and SwiftUI's spring step response

PRESETS = {
    "default": {"opacity": (0, 1), "offsetX": (0, 0), "offsetY": (50, 0), "rotation": (0, 0), "scale": (1, 1),
                "blur": (0, 0)},
    "grid": {"opacity": (0, 1), "offsetX": (0, 0), "offsetY": (100, 0), "rotation": (0, 0), "scale": (1.3, 1),
             "blur": (8, 0)},
    "list": {"opacity": (0, 1), "offsetX": (50, 0), "offsetY": (0, 0), "rotation": (0, 0), "scale": (1.1, 1),
             "blur": (0, 0)},
}
BOUNCY_STIFFNESS = (2 * mp.pi / mpf("0.4")) ** 2
BOUNCY_DAMPING = 4 * mp.pi * mpf("0.7") / mpf("0.4")


def bouncy_step(t):
    """Unit step response of m x'' + c x' + k x = k (m = 1), underdamped."""
    t = mpf(t)
    omega = mp.sqrt(BOUNCY_STIFFNESS)
    zeta_omega = BOUNCY_DAMPING / 2
    omega_d = mp.sqrt(BOUNCY_STIFFNESS - zeta_omega**2)
    return 1 - mp.exp(-zeta_omega * t) * (mp.cos(omega_d * t) + zeta_omega / omega_d * mp.sin(omega_d * t))


def bouncy_settling():
    """The last time the step response is outside 1 +- 1e-4 (scanned finely,
    then bisected on the last crossing)."""
    f = lambda t: abs(bouncy_step(t) - 1) - mpf("1e-4")  # noqa: E731
    step, t, last = mpf("0.001"), mpf(0), mpf(0)
    while t < 3:
        if f(t) > 0:
            last = t
        t += step
    low, high = last, last + step
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if f(mid) > 0 else (low, mid)
    return low


# -- UIView.animateKeyframes


def relative_keyframe_values(duration, delay, start, blocks, mode, t):
    """Every (target, property)'s value at time t, per the contract's table."""
    tau = min(max(mpf(t) - mpf(delay), 0), mpf(duration))
    out = {}
    for target, props in start.items():
        for prop, first in props.items():
            own = sorted((b for b in blocks if prop in b[2].get(target, {})), key=lambda b: b[0])
            vec = lambda v: [mpf(x) for x in (v if isinstance(v, list) else [v])]  # noqa: E731
            value = vec(first)
            if mode == "paced":
                points = [value] + [vec(b[2][target][prop]) for b in own]
                lengths = [mp.sqrt(sum((b - a) ** 2 for a, b in zip(p, q))) for p, q in zip(points, points[1:])]
                total, run, times = sum(lengths), mpf(0), [mpf(0)]
                for length in lengths:
                    run += length
                    times.append(run / total * duration)
                for (t0, p0), (t1, p1) in zip(zip(times, points), zip(times[1:], points[1:])):
                    if t0 <= tau <= t1:
                        value = [a + (b - a) * (tau - t0) / (t1 - t0) for a, b in zip(p0, p1)]
                        break
            else:
                for s, length, block in own:
                    # the block's times in doubles, as a caller's fractions * duration give them
                    begin, end = mpf(float(s) * duration), mpf((float(s) + float(length)) * duration)
                    target_value = vec(block[target][prop])
                    if mode == "linear":
                        if tau < begin:
                            break
                        if tau < end:
                            value = [a + (b - a) * (tau - begin) / (end - begin) for a, b in zip(value, target_value)]
                            break
                    elif tau < end:  # discrete: jumps at the block's end
                        break
                    value = target_value
            out[(target, prop)] = value
    return out


def validate_relative_keyframes(duration, start, blocks, mode):
    if mode not in ("linear", "discrete", "paced", "cubic", "cubicPaced"):
        raise ChoreoError("KF_E_INVALID_NAME", mode)
    if not (duration >= 0 and math.isfinite(duration)):
        raise ChoreoError("KF_E_INVALID_VALUE", "duration")
    for s, length, values in blocks:
        s, length = timing_number(s), timing_number(length)
        if not (0 <= s <= 1 and 0 <= length <= 1 and s + length <= 1):
            raise ChoreoError("KF_E_INVALID_VALUE", "relative")
        for target, props in values.items():
            for prop in props:
                if prop not in start.get(target, {}):
                    raise ChoreoError("KF_E_NOT_FOUND", f"{target}.{prop}")
    for target, props in start.items():
        for prop in props:
            spans = sorted((s, s + length) for s, length, v in blocks if prop in v.get(target, {}))
            for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
                if b0 < a1:
                    raise ChoreoError("KF_E_INVALID_VALUE", f"{target}.{prop} overlaps")


def near(a, b, eps=1e-12):
    """Nested lists of numbers equal within eps (None equal to None)."""
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(near(x, y, eps) for x, y in zip(a, b))
    if a is None or b is None:
        return a is b
    return abs(float(a) - float(b)) <= eps


def choreography_doc():
    doc = Doc(
        "Choreography (Guides/Choreography.md): timeline placement, the timing tree's values, stagger offsets "
        "(GSAP's distribute()), AnimationKit's presets with SwiftUI's bouncy spring, and UIView.animateKeyframes' "
        "relative keyframes.",
        {
            "kinds": "Every group has `kind`: placement, tree, stagger, preset or relative_keyframes. Numbered "
            "checks carry a tcId (samples; placement and stagger groups have one tcId for the whole group).",
            "placement": "Build a timeline by `ops` in order: {op: add, duration: D, at} adds a clip of natural "
            "duration D with the default timing (an animator keyed from 0 to D); {op: label, name, at} adds or "
            "moves a label. `at` null means omitted. Expect `starts` (each added child's start, in order), "
            "`labels` (name -> time) and `duration` (the timeline's natural duration).",
            "tree": "Build `node` (clip: tracks of linear scalar keyframes [[t, v], ...], values held outside "
            "the keys; optional span, timing (Python keyword names as in timing.json), composite; timeline: "
            "timing and children [{node, at}] added in order). Sample the root at each sample's `time` (time "
            "running forwards); `columns` lists the (target, property) pairs in the node's column order; "
            "`values` one number per column, null where no clip has an effect (NaN in the matrix).",
            "stagger": "Offsets of `count` items with grid, each / amount, from (a name, an index or [fx, fy]), "
            "axis, ease, seed (for random) and max_count; null fields are omitted. Expect `offsets`.",
            "preset": "razzle.Stagger.preset(`preset`, targets item0 ... item{count-1}) (with `max_count` "
            "overriding the preset's 20 where present). `columns` lists (target, property) pairs to look up (a "
            "subset of the stagger's columns when `subset` is true; else its full layout in order). Values are "
            "from + (to - from) x(t - start_i) with x SwiftUI's spring step response; `stiffness` and `damping` "
            "are the bouncy(0.4) spring's.",
            "relative_keyframes": "razzle.keyframe_animation(duration, delay=, start=, blocks=, "
            "calculation_mode=); sample at each time. `columns` are (target, property) in the start dict's "
            "order; each value is a list of the property's channels (center: [x, y]).",
            "rejections": "Each has `kind` and the setup of its kind (placement: `ops` then the failing `op`, "
            "after which `starts`, `labels` and `duration` must be unchanged; stagger: the stagger fields; "
            "relative_keyframes: the keyframe_animation arguments). `status` is a KF_* name; "
            "`message_contains`, if present, must occur in the message.",
            "tolerance": "`tolerance` is absolute (1e-9: mpmath and double arithmetic differ in order of "
            "operations only).",
            "derive": CHOREO_SCHEMA_NOTE,
        },
    )
    tol = CHOREO_TOLERANCE

    # -- 1. placement -------------------------------------------------------
    def placement(gid, comment, ops):
        tl, starts = run_placement(ops)
        doc.group(id=gid, comment=comment, kind="placement", tcId=doc.tc(), ops=ops,
                  starts=[num(s) for s in starts], labels={k: num(v) for k, v in tl.labels.items()},
                  duration=num(tl.end()), tolerance=1e-12)
        return starts, tl

    def add(duration, at=None):
        return {"op": "add", "duration": duration, "at": at}

    def label(name, at=None):
        return {"op": "label", "name": name, "at": at}

    s, _ = placement("placement-sequence", "The contract's table: `at` omitted and \"+=0\" are the timeline's "
                     "end so far, so children follow one another (1, then 2 at 1, then 0.5 at 3).",
                     [add(1), add(2, None), add(0.5, "+=0")])
    assert s == [0, 1, 3]
    s, tl = placement("placement-absolute", "A number is exactly that start time, negative allowed; the "
                      "natural duration is max(0, latest start + end time): the child at -3 of duration 1 ends "
                      "before 0, the one at -0.5 ends at 0.5, the one at 2.5 at 3.5; the next omitted `at` "
                      "follows the end 3.5.",
                      [add(1, -3), add(1, -0.5), add(1, 2.5), add(0.25)])
    assert s == [-3, -0.5, 2.5, 3.5] and tl.end() == 3.75
    s, tl = placement("placement-negative-only", "Children entirely before 0: the natural duration is max(0, "
                      "...) = 0, so the next omitted `at` is 0.", [add(1, -2), add(0.5)])
    assert s == [-2, 0]
    s, _ = placement("placement-relative-to-end", "\"+=0.5\" is the end plus 0.5 (a gap); \"-=0.25\" the end "
                     "minus 0.25 (an overlap); decimals as .5 and 2e-1 parse.",
                     [add(1), add(1, "+=0.5"), add(1, "-=0.25"), add(1, "+=.5"), add(1, "-=2e-1")])
    assert s == [0, 1.5, 2.25, 3.75, 4.55]
    s, _ = placement("placement-previous-start", "\"<\" is the previous child's start, \"<0.25\" / \"<-0.25\" "
                     "that plus / minus 0.25; the previous child is the one added last, not the latest.",
                     [add(2), add(1, 5), add(1, "<"), add(1, "<0.25"), add(1, "<-0.5"), add(1, "<")])
    assert s == [0, 5, 5, 5.25, 4.75, 4.75]
    s, _ = placement("placement-previous-end", "\">\" is the previous child's end (its start + end time), "
                     "\">0.5\" / \">-0.5\" that plus / minus 0.5; the previous child (added last at 0) ends at 1 "
                     "although the timeline's end is 6.",
                     [add(1, 5), add(1, 0), add(2, ">"), add(1, ">0.5"), add(1, ">-0.5")])
    assert s == [5, 0, 1, 3.5, 4]
    s, _ = placement("placement-no-previous", "With no previous child \"<\" and \">\" are 0 (with their "
                     "offsets), whatever labels exist.",
                     [label("a", 3), add(1, "<0.5")])
    assert s == [0.5]
    s, _ = placement("placement-no-previous-end", "With no previous child \">\" is 0.", [add(2, ">")])
    assert s == [0]
    s, _ = placement("placement-no-previous-negative", "With no previous child \"<-0.5\" is -0.5.",
                     [add(1, "<-0.5")])
    assert s == [-0.5]
    s, tl = placement("placement-labels", "A label at the end (omitted `at`), at a number and at a position; "
                      "\"intro\", \"intro+=0.5\" and \"intro-=0.5\" place children there; a label beyond the end "
                      "does not extend the natural duration (the last child follows the children's end, 3, not "
                      "the label at 10).",
                      [add(1), label("intro"), add(2, "intro"), label("later", 10), add(1, "intro+=0.5"),
                       add(1, "intro-=0.5"), label("mid", "<"), add(0.5, "mid"), add(1)])
    assert s == [0, 1, 1.5, 0.5, 0.5, 3] and tl.labels == {"intro": 1, "later": 10, "mid": 0.5}
    s, tl = placement("placement-label-moves", "Re-adding a label moves it: children added after the move "
                      "use its new time, those before keep theirs (a start time is fixed when added).",
                      [label("x", 2), add(1, "x"), label("x", 0.5), add(1, "x"), add(1, "x+=1"),
                       label("x", "x+=4"), add(1, "x")])
    assert s == [2, 0.5, 1.5, 4.5] and tl.labels == {"x": 4.5}
    s, _ = placement("placement-label-names", "Label names: a letter or _ first, then letters, digits, _, - "
                     "and .; \"a-b.c-=0.5\" is label a-b.c minus 0.5 (the offset starts at the first += or -=).",
                     [label("_s1"), add(1), label("a-b.c", 4), add(1, "a-b.c-=0.5"), add(1, "_s1+=2")])
    assert s == [0, 3.5, 2]

    def reject_placement(rid, comment, ops, op, status, message=None):
        tl, starts = run_placement(ops)
        try:
            if op["op"] == "add":
                tl.add(op["duration"], op.get("at"))
            else:
                tl.add_label(op["name"], op.get("at"))
        except ChoreoError as e:
            assert e.status == status, (rid, e.status)
        else:
            raise AssertionError(rid)
        fields = {"id": rid, "comment": comment, "kind": "placement", "ops": ops, "op": op, "status": status,
                  "starts": [num(x) for x in starts], "labels": {k: num(v) for k, v in tl.labels.items()},
                  "duration": num(tl.end())}
        if message is not None:
            fields["message_contains"] = message
        doc.rejection(**fields)

    setup = [add(1), label("intro", 0.5), label("outro", 1)]
    reject_placement("placement-unknown-label", "A label that does not exist is KF_E_NOT_FOUND with the closest "
                     "label (never created implicitly, unlike GSAP).", setup, add(1, "intr"), "KF_E_NOT_FOUND",
                     "intro")
    reject_placement("placement-unknown-label-offset", "An unknown label with an offset is KF_E_NOT_FOUND.",
                     setup, add(1, "outr+=1"), "KF_E_NOT_FOUND", "outro")
    for rid, text, why in [("empty-offset", "+=", "an empty offset"), ("double-previous", "<<", "a second '<'"),
                           ("two-points", "1.2.3", "not a number nor a label"),
                           ("space", "+= 1", "spaces are not allowed"),
                           ("label-offset-not-number", "intro+=x", "the offset is not a number"),
                           ("empty", "", "an empty position"), ("previous-mixed", "><", "'<' after '>'"),
                           ("exponent-without-digits", "-=1e", "an exponent without digits"),
                           ("label-empty-offset", "intro+=", "an empty offset after a label")]:
        reject_placement(f"placement-malformed-{rid}", f"A malformed position {text!r} ({why}) is "
                         "KF_E_INVALID_VALUE; nothing changes.", setup, add(1, text), "KF_E_INVALID_VALUE")
    reject_placement("placement-label-malformed-position", "add_label takes the same positions: a malformed one "
                     "is KF_E_INVALID_VALUE.", setup, label("x", "<<"), "KF_E_INVALID_VALUE")
    for rid, name, why in [("empty", "", "empty"), ("digit-first", "1st", "a digit first"),
                           ("space", "a b", "a space"), ("plus", "a+b", "a '+'"), ("too-long", "x" * 256, "256 bytes")]:
        reject_placement(f"placement-label-name-{rid}",
                         f"A label name that is {why} breaks the contract's name rule; KF_E_INVALID_NAME is this "
                         "derivation's reading (the contract names no status).", setup, label(name),
                         "KF_E_INVALID_NAME")

    # -- 2. the timing tree -------------------------------------------------
    def tree(gid, comment, node, times):
        root = TreeNode(node)
        columns, samples = tree_samples(doc, root, times)
        doc.group(id=gid, comment=comment, kind="tree", node=node, tolerance=tol, columns=columns, samples=samples)
        return {s["time"]: s["values"] for s in samples}

    ramp = lambda target, prop, t0, t1, v0, v1: (target, prop, [(t0, v0), (t1, v1)])  # noqa: E731

    got = tree("tree-clip-span-default", "A clip at the root: its span defaults to the first and last keyframe "
               "times over all its tracks ([0, 30]: a.x keyed 10..30, a.y 0..20), natural duration 30, animator "
               "time = local time. Fill auto is none for a clip: no effect before 0 or from 30 on (after phase at "
               "the end going forwards). Values hold outside a track's keys.",
               clip([ramp("a", "x", 10, 30, 0, 100), ramp("a", "y", 0, 20, 5, 15)]),
               [-1, 0, 5, 10, 20, 29, 30, 31])
    assert got[5] == [0, 7.5] and got[20] == [50, 15] and got[30] == [None, None]
    got = tree("tree-clip-span-explicit", "An explicit span [20, 60] of an animator keyed 0..100: natural "
               "duration 40, animator time 20 + p*40; fill both holds the span's ends (20 before, 60 after).",
               clip([ramp("a", "x", 0, 100, 0, 100)], span=[20, 60], timing={"fill": "both"}),
               [-5, 0, 10, 20, 39, 40, 50])
    assert got[10] == [30] and got[50] == [60]
    got = tree("tree-clip-duration-auto-units", "duration auto: one unit of the animator's time (scroll points "
               "0..200) is one unit of timeline time.",
               clip([ramp("list", "progress", 0, 200, 0, 1)], timing={"fill": "forwards"}), [0, 50, 150, 200, 300])
    assert got[50] == [0.25]
    got = tree("tree-clip-duration-seconds", "A given duration maps the span (0..200 points) onto 2 seconds: "
               "animator time = 200 * t/2; fill forwards holds the end.",
               clip([ramp("list", "progress", 0, 200, 0, 1)], timing={"duration": 2, "fill": "forwards"}),
               [-1, 0, 0.5, 1.5, 2, 3])
    assert got[0.5] == [0.25] and got[-1] == [None]
    got = tree("tree-clip-duration-seconds-iterations", "A clip with duration 1 over a span of 10 units and 2.5 "
               "iterations, direction alternate, fill both: animator time = 10 * directed progress.",
               clip([ramp("a", "x", 0, 10, 0, 10)], timing={"duration": 1, "iterations": 2.5,
                                                            "direction": "alternate", "fill": "both"}),
               [-1, 0, 0.25, 1, 1.25, 2, 2.25, 2.5, 3])
    assert got[1.25] == [7.5] and got[3] == [5]

    fills = timeline([
        (clip([ramp("a", "x", 0, 1, 0, 10)]), None),
        (clip([ramp("a", "x", 0, 1, 100, 200)]), "+=1"),
        (clip([ramp("b", "x", 0, 1, 0, 1)], timing={"fill": "forwards"}), 0.5),
        (clip([ramp("c", "x", 0, 1, 5, 6)], timing={"fill": "both"}), 1),
    ])
    got = tree("tree-fills-in-timeline", "Fill auto: none for a clip, both for a timeline. a.x: clip [0, 1] then "
               "a gap, then a clip at \"+=1\" (start 2) - no effect in the gap (null) nor at or after each clip's "
               "end (after phase going forwards). b.x: fill forwards from 0.5 (nothing before its start, its end "
               "value after). c.x: fill both from 1 (its first value before). The timeline (natural duration 3, "
               "fill both) clamps its inner time to [0, 3]: at -1 the children see 0 and 0 - start; at 3 and "
               "after, the a.x clip at 2 is at its end: after phase, no effect.", fills,
               [-1, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4])
    assert got[1.5] == [None, 1, 5.5] and got[2] == [100, 1, 6] and got[3] == [None, 1, 6] and got[-1] == [0, None, 5]

    nested = timeline([
        (clip([ramp("a", "x", 0, 1, 0, 10)], timing={"fill": "both"}), None),
        (timeline([(clip([ramp("b", "x", 0, 1, 0, 1)]), None),
                   (clip([ramp("b", "y", 0, 2, 0, 2)], timing={"fill": "forwards"}), None)],
                  timing={"delay": 0.5}), None),
        (clip([ramp("a", "x", 0, 1, 20, 30)]), "<1"),
    ])
    got = tree("tree-nested-delay", "A timeline nested at the outer end (1) with delay 0.5: its active interval "
               "is [1.5, 4.5) of outer time (natural duration 3, end time 3.5, so the outer timeline lasts 4.5); "
               "its children see outer - 1 - 0.5. Before its delay - and before its start at 1, from outer 0 on - "
               "the nested timeline fills backwards (a group's fill auto is both) with inner time 0: b.x, though "
               "its own fill is none, shows its first value there (its local time 0 is active), and b.y is before "
               "its start (fill forwards only: null). The last a.x clip starts at \"<1\" = the nested "
               "timeline's start + 1 = 2 and replaces the first a.x clip (which holds 10, fill both) while it is "
               "active.", nested,
               [0, 0.5, 1, 1.25, 1.5, 2, 2.25, 2.5, 3, 3.5, 4, 4.5, 5])
    assert got[1.25] == [10, 0, None] and got[2.25] == [22.5, 0.75, None] and got[3.5] == [10, None, 1]

    pair = [(clip([ramp("a", "x", 0, 1, 0, 10)]), None), (clip([ramp("a", "x", 0, 1, 20, 30)]), None)]
    got = tree("tree-group-iterations-alternate", "A timeline of two clips on a.x ([0, 1] then [1, 2], fill none) "
               "with 2.5 iterations, direction alternate: inner time = directed progress * 2. In iteration 1 "
               "(reverse) its children run backwards, which decides the boundaries: at outer 2 the inner time is "
               "2, the second clip is at its end running backwards, so active (30); at outer 3 the inner time is "
               "1: the first clip at its end running backwards is active (10) and the second at its start running "
               "backwards is before (none) - going forwards (outer 1, 5) the second clip's start wins (20). After "
               "5 the timeline fills (both) at overall progress 2.5.",
               timeline(pair, timing={"iterations": 2.5, "direction": "alternate"}),
               [-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6])
    assert got[2] == [30] and got[3] == [10] and got[1] == [20] and got[5] == [20] and got[4] == [0]
    got = tree("tree-group-reverse", "The same two clips in a timeline with direction reverse: inner time = 2 - "
               "t, children run backwards. At 1 the first clip (at its end, backwards: active) shows 10, not the "
               "second (at its start, backwards: before); at 0 the inner time is 2: the second clip at its end is "
               "active (30); at 2 (the timeline's end, after phase going forwards, fill both) the inner time is 0: "
               "the first clip at local 0 running backwards is before its active interval: no effect.",
               timeline(pair, timing={"direction": "reverse"}), [-1, 0, 0.5, 1, 1.5, 2, 3])
    assert got[1] == [10] and got[0] == [30] and got[2] == [None] and got[0.5] == [25]

    got = tree("tree-group-easing", "A timeline with easing ease-in-out (cubic-bezier(0.42, 0, 0.58, 1), solved "
               "by bisection in mpmath): inner time = ease(t/2) * 2, so the clip a.x 0..100 over [0, 2] shows "
               "50 * inner.", timeline([(clip([ramp("a", "x", 0, 2, 0, 100)], timing={"fill": "both"}), None)],
                                       timing={"easing": "ease-in-out"}), [0, 0.2, 0.5, 1, 1.3, 1.9, 2])
    assert abs(got[1][0] - 50) < 1e-12
    got = tree("tree-group-easing-overshoot", "cubic-bezier(0.68, -0.6, 0.32, 1.6) on a timeline of natural "
               "duration 2 overshoots below 0 and above 1: the inner time leaves [0, 2], so a fill-none child "
               "(a.x) has no effect there (before / after its active interval) while a fill-both one (b.x) holds "
               "its ends.", timeline([(clip([ramp("a", "x", 0, 2, 0, 100), ]), None),
                                      (clip([ramp("b", "x", 0, 2, 0, 100)], timing={"fill": "both"}), 0)],
                                     timing={"easing": "cubic-bezier(0.68, -0.6, 0.32, 1.6)"}),
               [0.1, 0.25, 1, 1.75, 1.9])
    assert got[0.25][0] is None and got[1.75][0] is None and got[0.25][1] == 0 and got[1.75][1] == 100

    got = tree("tree-replace-order", "Replace composite: the later-added clip wins where both have an effect, "
               "whatever their start times: the clip added second starts at 1 but the third, added last, starts at "
               "0.5 (\"<-0.5\") and wins over both while active; outside it the earlier ones show.",
               timeline([(clip([ramp("a", "x", 0, 4, 0, 40)]), 0), (clip([ramp("a", "x", 0, 2, 100, 120)]), 1),
                         (clip([ramp("a", "x", 0, 1, 500, 510)]), "<-0.5")]),
               [0, 0.25, 0.5, 1, 1.25, 1.5, 2, 3, 3.5, 4])
    assert got[0.25] == [2.5] and got[1] == [505] and got[1.5] == [105] and got[3.5] == [35]

    got = tree("tree-composite-add", "Composite add: the value is added to what is there in tree order. a.x: a "
               "base 10 (replace, [0, 4]) plus a ramp 0..5 over [1, 2] (add); then a replace clip at 3 (added "
               "last) replaces the sum while active. b.x: an add clip with nothing under it adds to 0. c.x: an add "
               "clip added before a replace clip is replaced by it (tree order). d.x: two add clips add up.",
               timeline([(clip([("a", "x", [(0, 10), (4, 10)])]), 0),
                         (clip([ramp("a", "x", 0, 1, 0, 5)], composite="add"), 1),
                         (clip([ramp("b", "x", 0, 1, 1, 2)], composite="add"), 1),
                         (clip([ramp("c", "x", 0, 4, 0, 4)], composite="add"), 0),
                         (clip([("c", "x", [(0, 100), (4, 100)])]), 0),
                         (clip([ramp("d", "x", 0, 4, 0, 4)], composite="add"), 0),
                         (clip([ramp("d", "x", 0, 2, 0, 20)], composite="add"), 0),
                         (clip([("a", "x", [(0, -1), (0.5, -1)])]), 3)]),
               [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.25, 3.5, 4])
    assert got[1.5] == [12.5, 1.5, 100, 16.5] and got[0.5] == [10, None, 100, 5.5] and got[3.25][0] == -1

    got = tree("tree-infinite-iteration-duration", "A timeline with duration inf: an endless iteration has no "
               "progress to scale, its inner time is its active time (t; 0 before, fill both). A clip with "
               "duration inf samples span_start + active time (its keys 0..10 hold after 10). a.x: fill forwards "
               "clip [0, 1]; b.x: the infinite clip at 1 (fill none: nothing before 1).",
               timeline([(clip([ramp("a", "x", 0, 1, 0, 10)], timing={"fill": "forwards"}), None),
                         (clip([ramp("b", "x", 0, 10, 0, 100)], timing={"duration": "inf"}), None)],
                        timing={"duration": "inf"}), [-1, 0, 0.5, 1, 1.5, 5, 11, 100, 1e6])
    assert got[5] == [10, 40] and got[100] == [10, 100] and got[-1] == [0, None]
    got = tree("tree-infinite-iterations", "A timeline repeating forever (iterations inf, natural duration 2): "
               "inner time = (t mod 2); at each multiple of 2 the next iteration starts at inner 0.",
               timeline([(clip([ramp("a", "x", 0, 2, 0, 20)]), None)], timing={"iterations": "inf"}),
               [-1, 0, 1.5, 2, 7.5, 1000.25])
    assert got[7.5] == [15] and got[2] == [0] and got[1000.25] == [2.5]

    got = tree("tree-negative-start", "Children may start before 0: a.x's clip at -1 ([-1, 1]) is seen from its "
               "local time 1 on (the timeline's inner time is never below 0: before, it fills with inner 0); the "
               "next child follows the end max(0, -1 + 2) = 1. b.x's clip at -3 ends at -2: at inner time 0 it is "
               "already after (fill forwards: its end value). The natural duration is 2.",
               timeline([(clip([ramp("a", "x", 0, 2, 0, 20)]), -1), (clip([ramp("a", "x", 0, 1, 50, 60)]), None),
                         (clip([ramp("b", "x", 0, 1, 7, 8)], timing={"fill": "forwards"}), -3)]),
               [-2, -0.5, 0, 0.5, 1, 1.5, 2, 3])
    assert got[-2] == [10, 8] and got[0.5] == [15, 8] and got[1] == [50, 8] and got[2] == [None, 8]

    seq = timeline([(clip([ramp("a", "x", 0, 1, 0, 10)]), None), (clip([ramp("a", "x", 0, 1, 20, 30)]), None),
                    (clip([ramp("a", "x", 0, 1, 40, 50)]), None)])
    got = tree("tree-boundaries-sequence", "Three fill-none clips in sequence on a.x at 0, 1, 2: exactly at a "
               "child's start it is active, exactly at its end (going forwards) it is after: at 1 and 2 the next "
               "clip shows its first value; at 3 (the end) none has an effect.", seq,
               [0, 0.5, 1, 1.5, 2, 2.5, 3])
    assert got[1] == [20] and got[2] == [40] and got[3] == [None]
    got = tree("tree-boundaries-nested-reverse", "A reverse timeline inside a reverse timeline: the two reversals "
               "cancel, children run forwards: at outer 1 the inner-inner time is 1 and the second clip's start "
               "wins (20), as in a forwards sequence.", timeline([(timeline(pair, timing={"direction": "reverse"}),
                                                                   None)], timing={"direction": "reverse"}),
               [0, 0.5, 1, 1.5])
    assert got[1] == [20]

    # -- 3. stagger ---------------------------------------------------------
    def stagger(gid, comment, count, **kw):
        offsets = distribute(count, **kw)
        fields = {"id": gid, "comment": comment, "kind": "stagger", "tcId": doc.tc(), "count": count}
        for key in ("grid", "each", "amount", "from", "axis", "ease", "seed", "max_count"):
            value = kw.get("from_" if key == "from" else key)
            if value is not None:
                fields[key] = value
        fields.update(tolerance=tol, offsets=[num(o) for o in offsets])
        doc.group(**fields)
        return [float(o) for o in offsets]

    gsap = "GSAP's distribute() as the contract states it (gsap-core's utils.distribute, without its 7-decimal " \
           "rounding)"
    close = lambda a, b: all(abs(x - y) < 1e-12 for x, y in zip(a, b)) and len(a) == len(b)  # noqa: E731
    assert close(stagger("stagger-start", f"{gsap}: from start, each 0.1 over 5 items: 0.1 * i.", 5, each=0.1),
                 [0, 0.1, 0.2, 0.3, 0.4])
    assert close(stagger("stagger-center", f"{gsap}: from center: distance |i - 2|, spread 0.1 * (5 - 1), "
                         "normalized by the largest distance.", 5, each=0.1, from_="center"), [0.4, 0.2, 0, 0.2, 0.4])
    assert close(stagger("stagger-center-even", f"{gsap}: from center over 4 items: the origin 1.5 lies between "
                         "items 1 and 2.", 4, each=0.1, from_="center"), [0.3, 0, 0, 0.3])
    assert close(stagger("stagger-end", f"{gsap}: from end.", 4, each=0.5, from_="end"), [1.5, 1, 0.5, 0])
    assert close(stagger("stagger-edges", f"{gsap}: from edges: the center's distances with the spread negated, "
                         "base = -v: the outer items start first.", 5, each=0.1, from_="edges"),
                 [0, 0.2, 0.4, 0.2, 0])
    assert close(stagger("stagger-index", f"{gsap}: from index 3 of 6 (origin x = 3): distances 3, 2, 1, 0, 1, "
                         "2 normalized by 3, spread 0.5.", 6, each=0.1, from_=3), [0.5, 1 / 3, 1 / 6, 0, 1 / 6, 1 / 3])
    assert close(stagger("stagger-amount", f"{gsap}: amount 1 is the whole spread.", 5, amount=1),
                 [0, 0.25, 0.5, 0.75, 1])
    stagger("stagger-amount-wins", f"{gsap}: amount and each both given: amount wins (parseFloat(amount) || "
            "each * s).", 3, amount=2, each=0.1)
    stagger("stagger-ease-in", f"{gsap}: offset = ease(l) * v with ease-in = cubic-bezier(0.42, 0, 1, 1) (mpmath "
            "bisection).", 5, amount=1, ease="ease-in")
    stagger("stagger-edges-ease-out", f"{gsap}: with a negative spread (edges) the easing is mirrored, 1 - "
            "ease(1 - l) (gsap's _invertEase), so offset = |v| * ease-out(1 - l).", 7, each=0.1, from_="edges",
            ease="ease-out")
    stagger("stagger-center-ease-bezier", f"{gsap}: from center with cubic-bezier(0.25, 0.1, 0.25, 1).", 6,
            each=0.2, from_="center", ease="cubic-bezier(0.25, 0.1, 0.25, 1)")
    grid_center = stagger("stagger-grid-center", f"{gsap}: grid 3 x 4 from center: origin x = min(4, 12) * 0.5 - "
                          "0.5 = 1.5, y = 12 * 0.5 / 4 - 0.5 = 1; Euclidean distances; spread each * max(cols, "
                          "N / cols) = 0.1 * 4.", 12, grid=[3, 4], each=0.1, from_="center")
    assert abs(grid_center[5] - 0) < 1e-12 and abs(grid_center[0] - 0.4) < 1e-12
    stagger("stagger-grid-index", f"{gsap}: grid 3 x 4 from index 5 (column 1, row 1).", 12, grid=[3, 4],
            each=0.1, from_=5)
    stagger("stagger-grid-index-0", f"{gsap}: grid 3 x 4 from index 0 (GSAP's default from: 0): origin (0, 0).",
            12, grid=[3, 4], each=0.1, from_=0)
    stagger("stagger-grid-start", f"{gsap}: grid 3 x 4 from \"start\": ratio 0 puts the origin at (-0.5, -0.5), "
            "not at item 0 - the distances differ from index 0's (GSAP's default is the number 0).", 12,
            grid=[3, 4], each=0.1, from_="start")
    stagger("stagger-grid-end", f"{gsap}: grid 3 x 4 from end: origin (3.5, 2.5).", 12, grid=[3, 4], each=0.1,
            from_="end")
    stagger("stagger-grid-edges", f"{gsap}: grid 3 x 4 from edges.", 12, grid=[3, 4], each=0.1, from_="edges")
    stagger("stagger-grid-point", f"{gsap}: grid 3 x 4 from the point (0.25, 1): origin x = 4 * 0.25 - 0.5, y = "
            "12 * 1 / 4 - 0.5.", 12, grid=[3, 4], each=0.1, from_=[0.25, 1])
    stagger("stagger-grid-axis-x", f"{gsap}: grid 3 x 4 from center, axis x: distance |x|, spread each * cols.",
            12, grid=[3, 4], each=0.1, from_="center", axis="x")
    stagger("stagger-grid-axis-y", f"{gsap}: grid 3 x 4 from center, axis y: distance |y|, spread each * N / "
            "cols.", 12, grid=[3, 4], each=0.1, from_="center", axis="y")
    stagger("stagger-grid-partial-row", f"{gsap}: grid 3 x 4 with 10 items (the last row has 2): origin y = 10 * "
            "0.5 / 4 - 0.5 = 0.75; spread each * max(4, 10 / 4).", 10, grid=[3, 4], each=0.1, from_="center")
    stagger("stagger-grid-one-row", f"{gsap}: grid 1 x 5 of 5 items: cols = N, so the spread is each * max(5, 1) "
            "= 0.5, not each * (N - 1) as without a grid.", 5, grid=[1, 5], each=0.1)
    stagger("stagger-grid-wide", f"{gsap}: grid 2 x 8 of 5 items: cols > N, spread each * (N - 1).", 5,
            grid=[2, 8], each=0.1, from_="center")
    stagger("stagger-grid-ease", f"{gsap}: grid 4 x 4 from center with ease-in-out.", 16, grid=[4, 4], each=0.05,
            from_="center", ease="ease-in-out")
    random8 = stagger("stagger-random", f"{gsap}, random: the start distances (ratio 0, as GSAP's 'random' "
                      "resolves) shuffled by SplitMix64(seed 42) and Fisher-Yates from the end (k = next() mod "
                      "(j + 1)).", 8, each=0.1, from_="random", seed=42)
    assert sorted(round(x, 9) for x in random8) == [round(0.1 * i, 9) for i in range(8)]
    stagger("stagger-random-seed-0", f"{gsap}, random with seed 0.", 6, each=1, from_="random", seed=0)
    stagger("stagger-random-grid", f"{gsap}, random over a 3 x 3 grid (origin (-0.5, -0.5)), seed 7.", 9,
            grid=[3, 3], each=0.1, from_="random", seed=7)
    kit = stagger("stagger-animationkit-max-count", "AnimationKit: delay * min(i, maxAnimationCount) with delay "
                  "0.05 and maxAnimationCount 20 over 25 items: 0, 0.05, ..., 0.95, then items 20-24 at 1.00.",
                  25, each=0.05, max_count=20)
    assert close(kit, [0.05 * min(i, 20) for i in range(25)])
    assert close(stagger("stagger-max-count-center", f"{gsap} from center, capped at each * max_count = 0.2.", 9,
                         each=0.1, from_="center", max_count=2), [0.2, 0.2, 0.2, 0.2, 0, 0.2, 0.2, 0.2, 0.2])
    assert close(stagger("stagger-one-item", f"{gsap}: one item: all distances equal, l = 0, offset 0.", 1,
                         each=0.5, from_="center"), [0])

    def reject_stagger(rid, comment, status, **kw):
        fields = {"id": rid, "comment": comment, "kind": "stagger"}
        for key, value in kw.items():
            fields["from" if key == "from_" else key] = value
        fields["status"] = status
        doc.rejection(**fields)

    reject_stagger("stagger-zero-targets", "A stagger over zero targets is refused (issue 9).",
                   "KF_E_INVALID_VALUE", count=0, each=0.1)
    reject_stagger("stagger-max-count-without-each", "max_count needs each (the contract).", "KF_E_INVALID_VALUE",
                   count=5, amount=1, max_count=2)
    reject_stagger("stagger-point-outside", "A from point lies in [0, 1]^2 (the contract); KF_E_INVALID_VALUE is "
                   "this derivation's reading.", "KF_E_INVALID_VALUE", count=4, grid=[2, 2], each=0.1,
                   from_=[1.5, 0])
    reject_stagger("stagger-unknown-from", "An unknown from name; KF_E_INVALID_NAME is this derivation's "
                   "reading.", "KF_E_INVALID_NAME", count=4, each=0.1, from_="middle")
    reject_stagger("stagger-each-nan", "A NaN each is KF_E_INVALID_VALUE.", "KF_E_INVALID_VALUE", count=4,
                   each="nan")

    # -- 4. AnimationKit presets --------------------------------------------
    settle = bouncy_settling()
    order = ["opacity", "offsetX", "offsetY", "rotation", "scale", "blur"]

    def preset(gid, comment, name, count, items, times, max_count=20, subset=False):
        table = PRESETS[name]
        starts = [mpf("0.05") * min(i, max_count) for i in range(count)]
        columns = [[f"item{i}", p] for i in items for p in order]
        samples = []
        for t in times:
            values = []
            for i in items:
                tau = mpf(t) - starts[i]
                for p in order:
                    a, b = (mpf(x) for x in table[p])
                    if max_count <= 0 or tau >= settle:
                        v = b
                    elif tau <= 0:
                        v = a
                    else:
                        v = a + (b - a) * bouncy_step(tau)
                    values.append(num(v))
            samples.append({"tcId": doc.tc(), "time": num(t), "values": values})
        fields = {"id": gid, "comment": comment, "kind": "preset", "preset": name, "count": count}
        if max_count != 20:
            fields["max_count"] = max_count
        fields.update(stiffness=num(BOUNCY_STIFFNESS), damping=num(BOUNCY_DAMPING), tolerance=tol, subset=subset,
                      columns=columns, samples=samples)
        doc.group(**fields)
        return samples

    spring = ("SwiftUI's .bouncy(duration: 0.4): mass 1, stiffness (2 pi / 0.4)^2 = 246.74011, damping 4 pi * "
              "0.7 / 0.4 = 21.99115 (damping ratio 0.7), step response 1 - e^(-zeta w t) (cos(w_d t) + zeta w / "
              "w_d sin(w_d t)) in mpmath, evaluated in seconds after each item's start 0.05 * min(i, 20); from "
              "values before the start (fill both), exactly the to values after the settling time "
              f"({float(settle):.6f} s, the last time the response is outside 1 +- 1e-4)")
    assert abs(BOUNCY_STIFFNESS - mpf("246.74011")) < 1e-5 and abs(BOUNCY_DAMPING - mpf("21.99115")) < 1e-5
    x02 = bouncy_step("0.2")
    assert (round(float(x02), 6), round(float(100 * (1 - x02)), 3), round(float(mpf("1.3") - mpf("0.3") * x02), 6),
            round(float(8 * (1 - x02)), 3)) == (0.984087, 1.591, 1.004774, 0.127), x02
    times3 = [-0.1, 0, 0.05, 0.1, 0.2, 0.25, 0.3, 0.45, 0.5, 5]
    assert all(t < settle for t in times3 if t < 1)
    preset("preset-grid-3", f"AnimationKit preset grid over 3 items. {spring}. Item 1 (start 0.05) at 0.25 and "
           "item 0 at 0.2 are 0.2 s after their start: opacity 0.984087, offsetY 1.591, scale 1.004774, blur 0.127 "
           "(issue 9).", "grid", 3, [0, 1, 2], times3)
    preset("preset-default-3", f"AnimationKit preset default over 3 items. {spring}.", "default", 3, [0, 1, 2],
           times3)
    preset("preset-list-3", f"AnimationKit preset list over 3 items. {spring}.", "list", 3, [0, 1, 2], times3)
    preset("preset-grid-25-early", f"AnimationKit preset grid over 25 items, the first half second (items 0, 1, "
           f"19, 20 checked; 19 and 20 still show their from values). {spring}.", "grid", 25, [0, 1, 19, 20],
           [0, 0.1, 0.3, 0.5, 10], subset=True)
    preset("preset-grid-25-late", f"AnimationKit preset grid over 25 items around 1 s (items 19, 20, 24 checked: "
           f"item 19 starts at 0.95, items 20 and on together at 1.00). {spring}.", "grid", 25, [19, 20, 24],
           [0.9, 0.95, 1.0, 1.1, 1.3, 1.45, 10], subset=True)
    preset("preset-list-25-late", f"AnimationKit preset list over 25 items around 1 s (items 19, 20, 24). "
           f"{spring}.", "list", 25, [19, 20, 24], [0.96, 1.05, 1.25, 1.45, 10], subset=True)
    preset("preset-max-count-0", "AnimationKit: maxAnimationCount <= 0 means nothing animates: every item shows "
           "the template's end (to) values at every time.", "grid", 4, [0, 1, 2, 3], [-1, 0, 0.1, 0.3, 5],
           max_count=0)

    # -- 5. relative keyframes (the seeds' planes example) -------------------
    center = [100, 300]
    planes_start = {"plane": {"center": center, "rotation": 0, "alpha": 1}}
    pi5 = float(-mp.pi / 5)
    planes = [
        [0.0, 0.25, {"plane": {"center": [center[0] + 80, center[1] - 10]}}],
        [0.1, 0.4, {"plane": {"rotation": pi5}}],
        [0.25, 0.25, {"plane": {"center": [center[0] + 80 + 100, center[1] - 10 - 50], "alpha": 0}}],
        [0.51, 0.01, {"plane": {"rotation": 0, "center": [0, center[1]]}}],
        [0.55, 0.45, {"plane": {"center": center, "alpha": 1}}],
    ]

    def relative(gid, comment, mode, times, delay=0, blocks=planes, start=planes_start, duration=1.5):
        validate_relative_keyframes(duration, start, blocks, mode)
        columns = [[tg, p] for tg, props in start.items() for p in props]
        samples = []
        for t in times:
            values = relative_keyframe_values(duration, delay, start, blocks, mode, t)
            samples.append({"tcId": doc.tc(), "time": num(t),
                            "values": [[num(x) for x in values[(tg, p)]] for tg, p in columns]})
        doc.group(id=gid, comment=comment, kind="relative_keyframes", duration=duration, delay=delay,
                  calculation_mode=mode, start=start, blocks=blocks, tolerance=tol, columns=columns,
                  samples=samples)
        return {s["time"]: s["values"] for s in samples}

    seed = ("The seeds' planes example (/work/shared/seeds/003: UIView.animateKeyframes over 1.5 s) with "
            "originalCenter (100, 300): block 1 center += (80, -10) -> (180, 290); block 2 rotation -pi/5 (a "
            "CGAffineTransform(rotationAngle:) as a scalar rotation); block 3 center += (100, -50) -> (280, 240), "
            "alpha 0; block 4 [0.51, 0.52] rotation 0 (identity), center (0, 300); block 5 [0.55, 1] center back "
            "to (100, 300), alpha 1. Blocks 1 and 3 touch at 0.25 on center (not an overlap).")
    planes_times = [-0.5, 0, 0.1, 0.15, 0.2, 0.3, 0.375, 0.4, 0.5, 0.6, 0.7, 0.7499, 0.7501, 0.76, 0.77, 0.79, 0.8,
                    0.9, 1.0, 1.2, 1.4, 1.5, 2]
    got = relative("relative-planes-linear", f"{seed} Linear: each property runs straight from its value before "
                   "the block to the block's value over [start, start + duration] * 1.5 s and holds between "
                   "blocks; the start values before 0, the last values after 1.5 (fill both).", "linear",
                   planes_times)
    assert near(got[0.3], [[164, 292], [pi5 / 4], [1]]) and near(got[0.79], [[0, 300], [0], [0]])
    got = relative("relative-planes-discrete", f"{seed} Discrete (razzle's hold): each property keeps its value "
                   "before a block until the block's end, then jumps to the block's value (times chosen off the "
                   "jumps whose fraction * 1.5 is inexact: 0.75 = 0.5 * 1.5 and 0.375 = 0.25 * 1.5 are exact and "
                   "sampled on both sides).", "discrete",
                   [-0.5, 0, 0.2, 0.3749, 0.375, 0.5, 0.7499, 0.7501, 0.77, 0.79, 0.8, 1.4999, 1.5, 2])
    assert near(got[0.375], [[180, 290], [0], [1]]) and near(got[0.7501], [[280, 240], [pi5], [0]])
    got = relative("relative-planes-paced", f"{seed} Paced (kCAAnimationPaced ignores key times): per property, "
                   "the values visited (its start value, then each of its blocks' values in block order) are "
                   "placed over [0, 1.5] by the polyline's arc length (Euclidean for the 2-channel center) and "
                   "joined linearly: alpha 1 -> 0 -> 1 and rotation 0 -> -pi/5 -> 0 turn at 0.75.", "paced",
                   [-0.5, 0, 0.1, 0.2, 0.3, 0.375, 0.5, 0.75, 0.9, 1.1, 1.3, 1.5, 2])
    assert near(got[0.375][2], [0.5]) and near(got[0.75][1], [pi5])
    got = relative("relative-delay", "A delay of 0.5 s shifts the blocks; the clip fills both (the start values "
                   "before the delay). Two blocks on x ([0, 0.5] to 10, [0.5, 0.5] to 30) and one on y ([0.25, "
                   "0.25] to 4) over 2 s, linear.", "linear", [0, 0.5, 1, 1.25, 1.5, 2, 2.5, 3],
                   delay=0.5, duration=2, start={"box": {"x": 0, "y": 2}},
                   blocks=[[0, 0.5, {"box": {"x": 10}}], [0.5, 0.5, {"box": {"x": 30}}],
                           [0.25, 0.25, {"box": {"y": 4}}]])
    assert near(got[1], [[5], [2]]) and near(got[1.25], [[7.5], [3]]) and near(got[2], [[20], [4]])

    def reject_relative(rid, comment, status, blocks, start=None, mode="linear", duration=1.5):
        start = start or {"plane": {"center": [100, 300], "alpha": 1}}
        try:
            validate_relative_keyframes(duration, start, blocks, mode)
        except ChoreoError as e:
            assert e.status == status, (rid, e.status)
        else:
            raise AssertionError(rid)
        doc.rejection(id=rid, comment=comment, kind="relative_keyframes", duration=num(duration), delay=0,
                      calculation_mode=mode, start=start, blocks=blocks, status=status)

    reject_relative("relative-overlap", "Two blocks animating alpha over [0, 0.5] and [0.25, 0.5] overlap "
                    "(KF_E_INVALID_VALUE, the contract).", "KF_E_INVALID_VALUE",
                    [[0, 0.5, {"plane": {"alpha": 0}}], [0.25, 0.25, {"plane": {"alpha": 1}}]])
    reject_relative("relative-overlap-inside", "A block inside another on center overlaps.", "KF_E_INVALID_VALUE",
                    [[0.1, 0.8, {"plane": {"center": [0, 0]}}], [0.3, 0.1, {"plane": {"center": [5, 5]}}]])
    reject_relative("relative-start-negative", "A relative start below 0 (KF_E_INVALID_VALUE).",
                    "KF_E_INVALID_VALUE", [[-0.1, 0.5, {"plane": {"alpha": 0}}]])
    reject_relative("relative-duration-above-one", "A relative duration above 1.", "KF_E_INVALID_VALUE",
                    [[0, 1.2, {"plane": {"alpha": 0}}]])
    reject_relative("relative-end-past-one", "start + duration = 1.1 > 1.", "KF_E_INVALID_VALUE",
                    [[0.6, 0.5, {"plane": {"alpha": 0}}]])
    reject_relative("relative-nan", "A NaN relative start.", "KF_E_INVALID_VALUE",
                    [["nan", 0.5, {"plane": {"alpha": 0}}]])
    reject_relative("relative-no-start-value", "A block animates plane.rotation, which `start` does not give: "
                    "KF_E_NOT_FOUND is this derivation's reading (the start dictionary is looked up by (target, "
                    "property), and KF_E_NOT_FOUND is 'no ... track matches the key', as for an unknown label); "
                    "the contract names no status.", "KF_E_NOT_FOUND",
                    [[0, 0.5, {"plane": {"rotation": 1}}]])
    reject_relative("relative-unknown-mode", "An unknown calculation mode (the UIKit names are linear, discrete, "
                    "paced, cubic, cubicPaced); KF_E_INVALID_NAME is this derivation's reading.",
                    "KF_E_INVALID_NAME", [[0, 0.5, {"plane": {"alpha": 0}}]], mode="cubic-paced")
    reject_relative("relative-negative-duration", "A negative duration.", "KF_E_INVALID_VALUE",
                    [[0, 0.5, {"plane": {"alpha": 0}}]], duration=-1)
    return doc


# -- the player: Web Animations Level 1's Animation procedures, headless


class WebAnimation:
    """An Animation whose timeline time is the caller's clock and whose
    pending play / pause tasks run at once (the contract's simplification),
    with the contract's events on top. Procedures from
    https://drafts.csswg.org/web-animations-1/#animations."""

    def __init__(self, end, boundaries):
        self.clock = 0.0
        self.start = None
        self.hold = None
        self.rate = 1.0
        self.pending_rate = None
        self.previous = None  # previous current time
        self.end = end
        self.boundaries = boundaries  # (local time, iteration after it going forwards)
        self.queue = []

    def current(self):
        if self.hold is not None:
            return self.hold
        if self.start is None:
            return None
        return (self.clock - self.start) * self.rate

    def effective_rate(self):
        return self.rate if self.pending_rate is None else self.pending_rate

    def state(self):
        ct = self.current()
        if ct is None and self.start is None:
            return "idle"
        if self.start is None:
            return "paused"
        rate = self.effective_rate()
        if ct is not None and ((rate > 0 and ct >= self.end) or (rate < 0 and ct <= 0)):
            return "finished"
        return "running"

    def apply_pending_rate(self):
        if self.pending_rate is not None:
            self.rate, self.pending_rate = self.pending_rate, None

    def update_finished(self, did_seek, pending_task=False):
        """'Update an animation's finished state'."""
        if did_seek:
            unconstrained = self.current()
        else:
            unconstrained = None if self.start is None else (self.clock - self.start) * self.rate
        if unconstrained is not None and self.start is not None and not pending_task:
            if self.rate > 0 and unconstrained >= self.end:
                self.hold = unconstrained if did_seek else (
                    self.end if self.previous is None else max(self.previous, self.end))
            elif self.rate < 0 and unconstrained <= 0:
                self.hold = unconstrained if did_seek else (0.0 if self.previous is None else min(self.previous, 0.0))
            elif self.rate != 0:
                if did_seek and self.hold is not None:
                    self.start = self.clock - self.hold / self.rate
                self.hold = None
        self.previous = self.current()

    def play(self):
        """'Play an animation' with auto-rewind; the pending play task runs at once."""
        ct, rate, seek = self.current(), self.effective_rate(), None
        if rate >= 0 and (ct is None or ct < 0 or ct >= self.end):
            seek = 0.0
        elif rate < 0 and (ct is None or ct <= 0 or ct > self.end):
            if self.end == math.inf:
                raise ChoreoError("KF_E_INVALID_STATE", "infinite end")
            seek = self.end
        if seek is None and self.start is None and ct is None:
            seek = 0.0
        if seek is not None:
            self.hold = seek
        if self.hold is not None:
            self.start = None
        if self.hold is None and seek is None and self.pending_rate is None:
            return
        self.update_finished(False, pending_task=True)
        ready = self.clock
        if self.hold is not None:
            self.apply_pending_rate()
            self.start = ready if self.rate == 0 else ready - self.hold / self.rate
            if self.rate != 0:
                self.hold = None
        elif self.start is not None and self.pending_rate is not None:
            match = (ready - self.start) * self.rate
            self.apply_pending_rate()
            if self.rate == 0:
                self.hold = match
            self.start = ready if self.rate == 0 else ready - match / self.rate
        self.update_finished(False)

    def pause(self):
        if self.state() == "paused":
            return
        seek = None
        if self.current() is None:
            if self.rate >= 0:
                seek = 0.0
            elif self.end == math.inf:
                raise ChoreoError("KF_E_INVALID_STATE", "infinite end")
            else:
                seek = self.end
        if seek is not None:
            self.hold = seek
        self.update_finished(False, pending_task=True)
        if self.start is not None and self.hold is None:
            self.hold = (self.clock - self.start) * self.rate
        self.apply_pending_rate()
        self.start = None
        self.update_finished(False)

    def reverse(self):
        original = self.pending_rate
        self.pending_rate = -self.effective_rate()
        try:
            self.play()
        except ChoreoError:
            self.pending_rate = original
            raise

    def silently_set(self, seek):
        if self.hold is not None or self.start is None or self.rate == 0:
            self.hold = seek
        else:
            self.start = self.clock - seek / self.rate
        self.previous = None

    def seek(self, t):
        if math.isnan(t):
            raise ChoreoError("KF_E_INVALID_VALUE", "current_time")
        self.silently_set(t)
        self.update_finished(True)

    def set_rate(self, r):
        if not math.isfinite(r):
            raise ChoreoError("KF_E_INVALID_VALUE", "playback_rate")
        self.pending_rate = None
        previous = self.current()
        self.rate = r
        if previous is not None:
            self.seek(previous)

    def finish(self):
        rate = self.effective_rate()
        if rate == 0 or (rate > 0 and self.end == math.inf):
            raise ChoreoError("KF_E_INVALID_STATE", "finish")
        self.apply_pending_rate()
        limit = self.end if self.rate > 0 else 0.0
        self.silently_set(limit)
        if self.start is None:
            self.start = self.clock - limit / self.rate
        self.update_finished(True)

    def cancel(self):
        self.hold = None
        self.start = None

    def move_clock(self, now):
        if not math.isfinite(now):
            raise ChoreoError("KF_E_INVALID_VALUE", "clock")
        before_state, before = self.state(), self.current()
        start, rate = self.start, self.rate
        self.clock = now
        self.update_finished(False)
        events, self.queue = self.queue, []
        if before_state == "running" and start is not None and rate != 0:
            after = self.current()
            if rate > 0:
                crossed = [(b, k) for b, k in self.boundaries if before < b <= after]
            else:
                crossed = [(b, k - 1) for b, k in reversed(self.boundaries) if after < b <= before]
            events += [["iteration", num(start + b / rate), k] for b, k in crossed]
            if self.state() == "finished":
                limit = self.end if rate > 0 else 0.0
                events.append(["finished", num(start + limit / rate), None])
        return events

    def control(self, op, arg=None):
        """A control with the contract's events: the play-state changes it
        causes (started for running, paused, finished, cancelled for idle),
        'reversed' first for reverse(); queued at the clock time of the call."""
        before = self.state()
        getattr(self, op)() if arg is None else getattr(self, op)(arg)
        after = self.state()
        events = [["reversed", num(self.clock), None]] if op == "reverse" else []
        if after != before:
            name = {"running": "started", "paused": "paused", "finished": "finished", "idle": "cancelled"}[after]
            events.append([name, num(self.clock), None])
        self.queue += events


def player_boundaries(duration, timing):
    """The node's internal iteration boundaries in its local time: (time, the
    current iteration from that time on going forwards)."""
    spec = choreo_timing(timing, "clip")
    props = web_animations_properties(spec)
    assert props["iteration_start"] == 0 and props["end_delay"] >= 0
    c = computed_timing(spec, 0.0, duration)
    d, n = c["iteration_duration"], props["iterations"]
    out, k = [], 1
    while k < n and d > 0 and k <= 1000:
        b = props["delay"] + k * d
        assert computed_timing(spec, b, duration)["current_iteration"] == k
        out.append((b, k))
        k += 1
    return out, c["end_time"]


def player_run(node, steps):
    boundaries, end = player_boundaries(node["duration"], node.get("timing", {}))
    anim = WebAnimation(end, boundaries)
    out = []
    for step in steps:
        op = step["op"]
        if op == "tick":
            events = anim.move_clock(float(step["now"]))
        elif op == "advance":
            events = anim.move_clock(anim.clock + float(step["dt"]))
        else:
            arg = {"seek": step.get("time"), "rate": step.get("rate")}.get(op)
            anim.control({"rate": "set_rate"}.get(op, op), None if arg is None else timing_number(arg))
            events = []
        ct = anim.current()
        out.append({**step, "expect": {"current_time": None if ct is None else num(ct), "play_state": anim.state(),
                                       "playback_rate": num(anim.rate), "events": events}})
    return anim, out


def player_doc():
    doc = Doc(
        "The player (razzle.Player, Player, kf_player_*): Web Animations Level 1's Animation procedures (play "
        "with auto-rewind, pause, reverse, finish, cancel, set the current time, set the playback rate, update "
        "the finished state) driven by a caller-owned clock, with the contract's events.",
        {
            "player": "Make a clip of natural duration `node.duration` (an animator keyed from 0 to it) with "
            "`node.timing` (Python keyword names), a player on it (clock 0, rate 1, idle), then run `steps` in "
            "order: tick(now), advance(dt), play(), pause(), reverse(), finish(), cancel(), current_time = "
            "`time` (seek), playback_rate = `rate`. After each step compare `expect`: current_time (null when "
            "unresolved), play_state, playback_rate and events - what tick/advance returned, [name, clock time, "
            "iteration or null] in order; controls return nothing, their events come with the next tick/advance.",
            "events": "started / paused / finished / cancelled: a control's play-state change to running / "
            "paused / finished / idle, at the clock time of the call (reverse() queues 'reversed' first). During "
            "a tick or advance of a running player: 'iteration' for each internal iteration boundary the current "
            "time crosses (with the clock time it is crossed and the new current iteration: k going forwards at "
            "boundary k, k - 1 going backwards), then 'finished' with the clock time the current time reached the "
            "end (or 0). Seeks, rewinds and finish() report no iteration events.",
            "rejections": "Run `steps`, then try `op`: it fails with `status`, and `expect` (the state after the "
            "steps) still holds.",
            "tolerance": "`tolerance` applies to current_time and event times (all steps use binary fractions, so "
            "the doubles are exact in the derivation).",
            "derive": "Numbers from Tests/vectors/derive.py's WebAnimation, the spec's procedures re-implemented "
            "from https://drafts.csswg.org/web-animations-1/#animations with every pending task run at once; "
            "never razzle.",
        },
    )

    def group(gid, comment, duration, timing, steps):
        node = {"duration": duration, "timing": timing}
        _, out = player_run(node, steps)
        for step in out:
            step["tcId"] = doc.tc()
        doc.group(id=gid, comment=comment, node=node, tolerance=CHOREO_TOLERANCE, steps=out)
        return [s["expect"] for s in out]

    play, pause, reverse, finish, cancel = ({"op": o} for o in ("play", "pause", "reverse", "finish", "cancel"))

    def adv(dt):
        return {"op": "advance", "dt": dt}

    def tick(now):
        return {"op": "tick", "now": now}

    def seek(t):
        return {"op": "seek", "time": t}

    def rate(r):
        return {"op": "rate", "rate": r}

    e = group("play-three-iterations", "Play a 1 s clip with 3 iterations: started at the clock time of play(), "
              "iteration 1 and 2 exactly when the current time reaches 1 and 2 (an advance ending on a boundary "
              "reports it), finished at 3 where the current time stops (hold time = end).", 1, {"iterations": 3},
              [play, adv(0.5), adv(0.5), adv(0.75), adv(0.75), adv(1), adv(1)])
    assert e[1]["events"] == [["started", 0, None]] and e[2]["events"] == [["iteration", 1, 1]]
    assert e[5]["events"] == [["finished", 3, None]] and e[5]["current_time"] == 3
    e = group("advance-across-boundaries", "One tick across several iteration boundaries reports each, in order, "
              "at the clock time it was crossed (the player started at clock 2); a tick past the end reports the "
              "last boundary and then finished at start + end.", 0.5, {"iterations": 5, "fill": "forwards"},
              [tick(2), play, tick(3.6), tick(10), adv(1)])
    assert e[2]["events"] == [["started", 2, None], ["iteration", 2.5, 1], ["iteration", 3, 2],
                              ["iteration", 3.5, 3]]
    assert e[3]["events"] == [["iteration", 4, 4], ["finished", 4.5, None]]
    e = group("pause-resume", "pause() holds the current time; advancing a paused player changes nothing; play() "
              "resumes from there (start time = clock - hold time), finished at the clock time the current time "
              "reaches the end.", 2, {},
              [play, adv(0.5), pause, adv(1), play, adv(0.25), adv(2), adv(1)])
    assert e[3]["events"] == [["paused", 0.5, None]] and e[5]["events"] == [["started", 1.5, None]]
    assert e[6]["events"] == [["finished", 3, None]]
    e = group("reverse-to-zero", "reverse() mid-way negates the rate and runs back from the current time (its "
              "start time realigned), crossing iteration boundary 1 going backwards (now iteration 0), finished "
              "at 0; play() at 0 with rate -1 rewinds to the end.", 1, {"iterations": 2},
              [play, adv(1.5), reverse, adv(0.25), adv(0.5), adv(1), play, adv(0.5)])
    assert e[3]["events"] == [["reversed", 1.5, None]] and e[4]["events"] == [["iteration", 2, 0]]
    assert e[5]["events"] == [["finished", 3, None]] and e[6]["current_time"] == 2
    e = group("scrub-paused", "pause() from idle holds 0; setting the current time while paused stays paused at "
              "the new time, even past the end (paused wins over finished); play() from past the end rewinds to "
              "0.", 1, {},
              [pause, seek(0.75), adv(1), seek(1.5), play, adv(0.25)])
    assert e[2]["events"] == [["paused", 0, None]] and e[3]["play_state"] == "paused"
    assert e[5]["current_time"] == 0.25
    e = group("scrub-running", "Setting the current time while running runs on from there (start time = clock - "
              "t / rate). Seeking past the end (did seek) holds the seek time itself, 2, not the end, and the "
              "player is finished (a finished event at the seek's clock time); seeking a finished player back "
              "into range makes it run again (update the finished state with did seek clears the hold time), "
              "reported as started.", 1, {},
              [play, adv(0.25), seek(0.5), adv(0.25), seek(0.125), adv(0.5), seek(2), adv(0.5), seek(0.5),
               adv(0.25)])
    assert e[3]["current_time"] == 0.75 and e[6]["current_time"] == 2 and e[6]["play_state"] == "finished"
    assert e[7]["events"] == [["finished", 1, None]] and e[8]["play_state"] == "running"
    assert e[9]["events"] == [["started", 1.5, None]] and e[9]["current_time"] == 0.75
    e = group("rate-2", "playback_rate = 2 keeps the current time and doubles its speed: iteration boundaries and "
              "the end are reached at clock start + b / 2.", 1, {"iterations": 3},
              [play, adv(0.25), rate(2), adv(0.5), adv(0.5), adv(1)])
    assert e[3]["current_time"] == 1.25 and e[3]["events"] == [["iteration", 0.625, 1]]
    assert e[5]["events"] == [["finished", 1.625, None]]
    e = group("rate-minus-1", "playback_rate = -1 while running keeps the current time and runs backwards (no "
              "reversed event: that is reverse()'s), finished at 0.", 1, {"iterations": 2},
              [play, adv(1.5), rate(-1), adv(0.75), adv(1), adv(1)])
    assert e[3]["events"] == [["iteration", 2, 0]] and e[4]["events"] == [["finished", 3, None]]
    e = group("rate-negative-on-finished", "Setting a negative rate on a player finished at its end sets the "
              "current time to the end again with did seek: no longer finished (rate < 0 and current time > 0), "
              "so it runs backwards from the end at once - reported as started.", 1, {},
              [play, adv(2), rate(-0.5), adv(1), adv(1.5)])
    assert e[2]["play_state"] == "running" and e[3]["events"] == [["started", 2, None]]
    assert e[3]["current_time"] == 0.5 and e[4]["events"] == [["finished", 4, None]]
    e = group("finish-control", "finish() jumps to the end (finished at the clock time of the call, no iteration "
              "events); play() after it rewinds to 0.", 1, {"iterations": 3},
              [play, adv(0.5), finish, adv(0.5), play, adv(0.5)])
    assert e[2]["current_time"] == 3 and e[3]["events"] == [["finished", 0.5, None]]
    assert e[5]["events"] == [["started", 1, None]] and e[5]["current_time"] == 0.5
    e = group("finish-negative-rate", "finish() with a negative rate jumps to 0; from paused too.", 2, {},
              [play, adv(1), rate(-1), pause, finish, adv(1)])
    assert e[4]["current_time"] == 0 and e[5]["events"] == [["paused", 1, None], ["finished", 1, None]]
    e = group("cancel-then-play", "cancel() makes the player idle (no current time); play() restarts at 0.", 1,
              {"iterations": 2}, [play, adv(1.25), cancel, adv(0.5), play, adv(0.25)])
    assert e[2]["current_time"] is None and e[3]["events"] == [["cancelled", 1.25, None]]
    assert e[5]["current_time"] == 0.25 and e[5]["events"] == [["started", 1.75, None]]
    e = group("play-after-finished", "play() on a finished player rewinds to 0 (auto-rewind: current time >= end).",
              1, {}, [play, adv(5), play, adv(0.5)])
    assert e[1]["events"] == [["started", 0, None], ["finished", 1, None]] and e[2]["current_time"] == 0
    e = group("play-while-running", "play() on a running player changes nothing and reports nothing.", 1, {},
              [play, adv(0.25), play, adv(0.25)])
    assert e[3]["events"] == [] and e[3]["current_time"] == 0.5
    e = group("reverse-from-idle", "reverse() on an idle player: rate -1, then play() rewinds to the end (current "
              "time unresolved, rate < 0) and runs backwards.", 2, {},
              [reverse, adv(0.5), adv(2)])
    assert e[0]["current_time"] == 2 and e[1]["events"] == [["reversed", 0, None], ["started", 0, None]]
    assert e[2]["events"] == [["finished", 2, None]]
    e = group("reverse-finished", "reverse() on a player finished at its end runs it backwards from the end "
              "(current time = end is not <= 0, no rewind); then reverse() again mid-way runs forwards.", 1,
              {"iterations": 2}, [play, adv(3), reverse, adv(1.25), reverse, adv(0.5)])
    assert e[3]["events"] == [["reversed", 3, None], ["started", 3, None], ["iteration", 4, 0]]
    assert e[5]["events"] == [["reversed", 4.25, None], ["iteration", 4.5, 1]]
    e = group("delay-and-iterations", "A node with delay 0.5 and 2 iterations of 1 s: its end is 2.5 and its "
              "iteration boundary at local time 1.5.", 1, {"delay": 0.5, "iterations": 2, "fill": "both"},
              [play, adv(1), adv(1), adv(1)])
    assert e[2]["events"] == [["iteration", 1.5, 1]] and e[3]["events"] == [["finished", 2.5, None]]

    def reject(rid, comment, duration, timing, steps, op, status):
        node = {"duration": duration, "timing": timing}
        anim, out = player_run(node, steps)
        before = (anim.current(), anim.state(), anim.rate)
        try:
            arg = {"seek": op.get("time"), "rate": op.get("rate")}.get(op["op"])
            if op["op"] in ("tick", "advance"):
                anim.move_clock(timing_number(op.get("now", op.get("dt"))))
            else:
                anim.control({"rate": "set_rate"}.get(op["op"], op["op"]), None if arg is None else timing_number(arg))
        except ChoreoError as err:
            assert err.status == status, (rid, err.status)
        else:
            raise AssertionError(rid)
        assert (anim.current(), anim.state(), anim.rate) == before
        ct = anim.current()
        doc.rejection(id=rid, comment=comment, node=node, steps=steps, op=op, status=status,
                      expect={"current_time": None if ct is None else num(ct), "play_state": anim.state(),
                              "playback_rate": num(anim.rate)})

    reject("finish-infinite-end", "finish() with an infinite end (iterations inf) is KF_E_INVALID_STATE (Web "
           "Animations throws InvalidStateError; the contract).", 1, {"iterations": "inf"}, [play, adv(0.5)],
           finish, "KF_E_INVALID_STATE")
    reject("finish-zero-rate", "finish() with playback rate 0 is KF_E_INVALID_STATE.", 1, {}, [play, rate(0)],
           finish, "KF_E_INVALID_STATE")
    reject("reverse-infinite-end-idle", "reverse() on an idle player with an infinite end: play() with a negative "
           "rate cannot rewind to the end (Web Animations throws InvalidStateError and restores the rate).", 1,
           {"iterations": "inf"}, [], reverse, "KF_E_INVALID_STATE")
    reject("play-negative-rate-infinite-end", "play() with rate -1 from idle and an infinite end: "
           "InvalidStateError in Web Animations.", 1, {"iterations": "inf"}, [rate(-1)], play,
           "KF_E_INVALID_STATE")
    reject("pause-negative-rate-infinite-end", "pause() from idle with rate -1 and an infinite end would hold the "
           "end: InvalidStateError in Web Animations.", 1, {"iterations": "inf"}, [rate(-1)], pause,
           "KF_E_INVALID_STATE")
    reject("seek-nan", "A NaN current time is KF_E_INVALID_VALUE (every input is untrusted).", 1, {},
           [play, adv(0.25)], seek("nan"), "KF_E_INVALID_VALUE")
    reject("rate-nan", "A NaN playback rate is KF_E_INVALID_VALUE.", 1, {}, [play], rate("nan"),
           "KF_E_INVALID_VALUE")
    reject("advance-nan", "A NaN advance is KF_E_INVALID_VALUE.", 1, {}, [play], adv("nan"), "KF_E_INVALID_VALUE")
    return doc




# ---------------------------------------------------------------------------
# paging.json: variables, relative tracks (RazzleDazzle's
# ConstraintMultiplierAnimation) and paging layouts (RazzleDazzle's
# AnimatedPagingScrollViewController, JazzHands' paging constraints), from
# the formulas in exact rational arithmetic.

PAGE_ATTRIBUTE_OFFSETS = {"left": F(0), "centerX": F(1, 2), "right": F(1)}


def lerp_held(times, values, t):
    """The linear interpolation of values over (sorted) times at t, holding
    the end values outside them; and its right-hand slope (0 where held)."""
    pairs = sorted(zip(map(F, times), map(F, values)))
    t = F(t)
    if len(pairs) == 1 or t < pairs[0][0]:
        return pairs[0][1], F(0)
    if t >= pairs[-1][0]:
        return pairs[-1][1], F(0)
    for (t0, v0), (t1, v1) in zip(pairs, pairs[1:]):
        if t0 <= t < t1:
            slope = (v1 - v0) / (t1 - t0)
            return v0 + (t - t0) * slope, slope
    raise AssertionError("unreachable")


def kept_x(keep, width, t):
    """x of a kept view: (o + page(t)) * W + constant + offsets(t)."""
    times = keep.get("times", keep["pages"])
    page, _ = lerp_held(times, keep["pages"], t)
    offset = lerp_held(times, keep["offsets"], t)[0] if "offsets" in keep else F(0)
    return (PAGE_ATTRIBUTE_OFFSETS[keep["attribute"]] + page) * F(width) + F(keep.get("constant", 0)) + offset


def paging_doc():
    doc = Doc(
        "Variables, tracks relative to a variable, and paging layouts: expected values from the formulas "
        "(Guides/Layout.md) in exact rational arithmetic (Tests/vectors/derive.py), never from razzle.",
        {
            "relative": "value(t) * variable + constant; the velocity is the keyframes' slope times the variable",
            "paging": "x = (o + page(t)) * W + constant + offsets(t), o = 0 / 0.5 / 1 for left / centerX / right; "
            "page(t) and offsets(t) linear between their keyframes, held outside; time = page offset",
            "page": "page offset = content offset / W; current page = floor(page offset + 1/2) clamped to "
            "0 ... pages - 1",
        },
    )

    def relative_group(gid, comment, keyframes, variable, constant, rows, easing=None):
        times = [k[0] for k in keyframes]
        values = [k[1] for k in keyframes]
        tests = []
        for t, w in rows:
            if easing is None:
                m, slope = lerp_held(times, values, t)
            else:  # easeInQuad on the one segment: e = p^2, de/dt = 2p / dt
                (t0, v0), (t1, v1) = [(F(a), F(b)) for a, b in keyframes]
                p = min(max((F(t) - t0) / (t1 - t0), F(0)), F(1))
                m = v0 + (v1 - v0) * p * p
                slope = (v1 - v0) * 2 * p / (t1 - t0) if t0 <= F(t) < t1 else F(0)
            tests.append({"tcId": doc.tc(), "time": num(t), "variable": num(w),
                          "expected": [num(m * F(w) + F(constant))], "expected_velocity": [num(slope * F(w))]})
        frames = [{"time": num(t), "value": [num(v)]} for t, v in keyframes]
        if easing is not None:
            frames[0]["easing"] = easing
        doc.group(id=gid, comment=comment, type="relative", property="constant", keyframes=frames,
                  relative_to=variable, constant=num(constant), tolerance=1e-9, velocity_tolerance=1e-9, tests=tests)

    relative_group(
        "multiplier-width", "ConstraintMultiplierAnimation: constant = multiplier(t) * ref.width + constant, "
        "multiplier keyed 0 -> 0.5 at times 0 -> 1, constant 10; ref.width 200, then 300 (no keyframe edited)",
        [(0, 0), (1, F(1, 2))], "ref.width", 10,
        [(0, 200), (F(1, 4), 200), (F(1, 2), 200), (1, 200), (2, 200), (F(1, 2), 300), (-1, 300)])
    relative_group(
        "multiplier-midx-three-keys", "multiplier(t) * ref.midX + constant with multipliers 1, -1, 2 at "
        "times 0, 2, 3 and constant -4.5; ref.midX 150, 187.5 and -20",
        [(0, 1), (2, -1), (3, 2)], "ref.midX", F(-9, 2),
        [(0, 150), (1, 150), (F(5, 2), 150), (3, 150), (F(1, 3), F(375, 2)), (F(11, 4), -20), (4, -20)])
    relative_group(
        "multiplier-eased", "an eased multiplier (easeInQuad, e = p^2) times ref.height: 0 -> 1 over "
        "times 10 -> 20, constant 0; ref.height 400 then 812",
        [(10, 0), (20, 1)], "ref.height", 0,
        [(10, 400), (15, 400), (F(35, 2), 400), (20, 400), (15, 812), (F(25, 2), 812)], easing="easeInQuad")
    relative_group(
        "page-scale", "the paging scale x = page(t) * pageWidth: pages 0, 1, 3 at page offsets 0, 1, 2 with "
        "pageWidth 375, then 667 (rotation)",
        [(0, 0), (1, 1), (2, 3)], "pageWidth", 0,
        [(F(1, 2), 375), (F(3, 2), 375), (2, 375), (F(1, 2), 667), (F(3, 2), 667), (3, 667)])

    def paging_group(gid, comment, pages, width, keeps, rows):
        tests = []
        for t, w in rows:
            test = {"tcId": doc.tc(), "time": num(t)}
            if w is not None:
                test["page_width"] = num(w)
                width = w
            test["expected"] = [num(kept_x(k, width, t)) for k in keeps]
            tests.append(test)
        listed_keeps = []
        for k in keeps:
            entry = {"target": k["target"], "attribute": k["attribute"], "pages": [num(p) for p in k["pages"]]}
            for field in ("times", "offsets"):
                if field in k:
                    entry[field] = [num(x) for x in k[field]]
            if "constant" in k:
                entry["constant"] = num(k["constant"])
            listed_keeps.append(entry)
        doc.group(id=gid, comment=comment, type="paging", pages=pages, page_width=num(rows[0][1] or width),
                  keeps=listed_keeps, tolerance=1e-9, tests=tests)

    razzle_dazzle = [
        {"target": "center", "attribute": "centerX", "pages": [1]},
        {"target": "left", "attribute": "left", "pages": [1]},
        {"target": "right", "attribute": "right", "pages": [1]},
        {"target": "still", "attribute": "centerX", "pages": [1, 2]},
    ]
    paging_group(
        "razzle-dazzle-intro", "RazzleDazzle's README layout, W = 375, 4 pages: on page 1 centerX 562.5, left 375, "
        "right 750 at any page offset; on pages [1, 2] at page offsets 0, 1.5, 3: 562.5, 750, 937.5; then "
        "W = 667 (rotation) and every value follows with no keyframe edited",
        4, 375, razzle_dazzle,
        [(0, 375), (1, None), (F(3, 2), None), (2, None), (3, None), (0, 667), (F(3, 2), None), (3, None)])
    paging_group(
        "jazz-hands-offsets", "JazzHands' IFTTTScrollViewPageConstraintAnimation: initial constant 10 and "
        "offsets [0, 20] keyed at the pages' times [1, 2]; at 1.5: 750 + 10 + 10 = 770; W 375 then 320",
        4, 375, [{"target": "j", "attribute": "centerX", "pages": [1, 2], "constant": 10, "offsets": [0, 20]}],
        [(F(3, 2), 375), (1, None), (2, None), (0, None), (4, None), (F(3, 2), 320), (F(5, 4), None)])
    paging_group(
        "fractional-negative-overscroll", "fractional pages (1.25, RazzleDazzle's README), a negative page "
        "(-1, over-scroll at the start) and pages past the last one (3.5 of 4), with explicit times that are "
        "not the pages; W 414",
        4, 414, [
            {"target": "quarter", "attribute": "centerX", "pages": [F(5, 4)]},
            {"target": "negative", "attribute": "left", "pages": [-1, 0], "times": [-1, 0]},
            {"target": "beyond", "attribute": "right", "pages": [2, F(7, 2)], "times": [F(1, 2), F(5, 2)]},
            {"target": "slow", "attribute": "left", "pages": [0, 1, 1], "times": [0, 2, 3]},
        ],
        [(-2, 414), (-1, None), (-F(1, 2), None), (0, None), (F(1, 2), None), (F(3, 2), None),
         (F(5, 2), None), (3, None), (5, None), (F(3, 2), 768)])

    def page_group(gid, comment, pages, width, offsets):
        tests = []
        for x in offsets:
            p = F(x) / F(width)
            current = min(max(math.floor(p + F(1, 2)), 0), pages - 1)
            tests.append({"tcId": doc.tc(), "time": num(x), "expected": [num(p), current]})
        doc.group(id=gid, comment=comment, type="page", pages=pages, page_width=num(width), tolerance=0,
                  tests=tests)

    page_group(
        "current-page-375", "page offset = contentOffset.x / 375 and the current page floor(p + 1/2) clamped "
        "to 0 ... 3: halves round up, over-scroll clamps",
        4, 375, [0, 100, F(375, 2) - 1, F(375, 2), 375, 562.5, 600, 1125, 1500, 2000, -50, -400])
    page_group(
        "current-page-667", "the same at W = 667 (rotation) with 3 pages",
        3, 667, [0, 333, 333.5, 334, 667, 1000, 1001, 1334, 5000, -1])
    return doc



# ---------------------------------------------------------------------------
# paths.json and masks.json: SVG paths measured by an independent
# integration. The path data is read by a small reader written here from the
# SVG 1.1 grammar, arcs are converted with SVG 1.1 F.6.5 / F.6.6 as the
# appendix writes them, and every arc length is scipy.integrate.quad of the
# speed |B'(t)|; positions at a length are found with scipy.optimize.brentq
# on that integral. Nothing here shares code with razzle.

PATH_DOC = {
    "schema": "razzle-path-vectors/1",
    "description": "SVG paths (length, bounds, points and angles at arc-length fractions, trims) and parser errors",
}


def svg_tokens(data):
    """Commands and numbers of path data (valid input only), with arc flags
    read as single characters, as the grammar says."""
    import re

    number = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
    i, out, command, argument = 0, [], None, 0
    arity = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
    while i < len(data):
        c = data[i]
        if c in " \t\r\n\f,":
            i += 1
        elif c.upper() in arity:
            out.append(c)
            command, argument = c.upper(), 0
            i += 1
        elif command == "A" and argument % 7 in (3, 4):
            out.append(float(c))
            argument += 1
            i += 1
        else:
            m = number.match(data, i)
            out.append(float(m.group()))
            argument += 1
            i = m.end()
    return out


def svg_arc_center(p1, p2, rx, ry, phi_degrees, large, sweep):
    """F.6.5 with F.6.6's corrections, in mpmath at 50 digits (so the
    radicand of scaled-up radii is 0 to 50 digits, not a rounding error
    whose square root moves the center): (center, rx, ry, phi, theta1,
    dtheta) as floats."""
    rx, ry = abs(mpf(rx)), abs(mpf(ry))
    phi = mpmath.radians(mpf(phi_degrees) % 360)
    c, s = mpmath.cos(phi), mpmath.sin(phi)
    dx, dy = (mpf(p1[0]) - mpf(p2[0])) / 2, (mpf(p1[1]) - mpf(p2[1])) / 2
    x1, y1 = c * dx + s * dy, -s * dx + c * dy
    lam = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if lam > 1:
        rx, ry = mpmath.sqrt(lam) * rx, mpmath.sqrt(lam) * ry
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = mpmath.sqrt(max(mpf(0), num / den)) * (-1 if large == sweep else 1)
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    center = (c * cx1 - s * cy1 + (mpf(p1[0]) + mpf(p2[0])) / 2, s * cx1 + c * cy1 + (mpf(p1[1]) + mpf(p2[1])) / 2)

    def angle(u, v):
        sign = -1 if u[0] * v[1] - u[1] * v[0] < 0 else 1
        dot = (u[0] * v[0] + u[1] * v[1]) / (mpmath.hypot(*u) * mpmath.hypot(*v))
        return sign * mpmath.acos(max(mpf(-1), min(mpf(1), dot)))

    theta1 = angle((1, 0), ((x1 - cx1) / rx, (y1 - cy1) / ry))
    dtheta = angle(((x1 - cx1) / rx, (y1 - cy1) / ry), ((-x1 - cx1) / rx, (-y1 - cy1) / ry))
    dtheta = mpmath.fmod(dtheta, 2 * mpmath.pi)
    if not sweep and dtheta > 0:
        dtheta -= 2 * mpmath.pi
    if sweep and dtheta < 0:
        dtheta += 2 * mpmath.pi
    return (float(center[0]), float(center[1])), float(rx), float(ry), float(phi), float(theta1), float(dtheta)


def svg_segments(data):
    """The drawn segments as (point(t), derivative(t), kind) and whether the
    last command is Z."""
    tokens = svg_tokens(data)
    segments, i = [], 0
    cur = start = (0.0, 0.0)
    last_cubic = last_quad = None
    command = None

    def bezier(points):
        n = len(points) - 1

        def point(t):
            ps = list(points)
            for r in range(n):
                ps = [((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]) for a, b in zip(ps, ps[1:])]
            return ps[0]

        def derivative(t):
            ds = [(n * (b[0] - a[0]), n * (b[1] - a[1])) for a, b in zip(points, points[1:])]
            if n == 1:
                return ds[0]
            for r in range(n - 1):
                ds = [((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]) for a, b in zip(ds, ds[1:])]
            return ds[0]

        return point, derivative

    closed = False
    while i < len(tokens):
        if isinstance(tokens[i], str):
            command = tokens[i]
            i += 1
            first = True
        rel = command.islower()
        up = command.upper()
        closed = up == "Z"

        def take(k):
            nonlocal i
            values = tokens[i:i + k]
            i += k
            return values

        def absolute(x, y):
            return (cur[0] + x, cur[1] + y) if rel else (x, y)

        cubic = quad = None
        if up == "Z":
            p, d = bezier([cur, start])
            segments.append((p, d, "line", (cur, start)))
            cur = start
            last_cubic = last_quad = None
            continue
        if up == "M":
            x, y = take(2)
            p = absolute(x, y)
            if first:
                cur = start = p
            else:
                segments.append(bezier([cur, p]) + ("line", (cur, p)))
                cur = p
        elif up in "LHV":
            if up == "L":
                p = absolute(*take(2))
            elif up == "H":
                (x,) = take(1)
                p = (cur[0] + x if rel else x, cur[1])
            else:
                (y,) = take(1)
                p = (cur[0], cur[1] + y if rel else y)
            segments.append(bezier([cur, p]) + ("line", (cur, p)))
            cur = p
        elif up in "CS":
            if up == "C":
                c1 = absolute(*take(2))
            else:
                c1 = (2 * cur[0] - last_cubic[0], 2 * cur[1] - last_cubic[1]) if last_cubic else cur
            c2 = absolute(*take(2))
            p = absolute(*take(2))
            segments.append(bezier([cur, c1, c2, p]) + ("cubic", (cur, c1, c2, p)))
            cur, cubic = p, c2
        elif up in "QT":
            if up == "Q":
                c = absolute(*take(2))
            else:
                c = (2 * cur[0] - last_quad[0], 2 * cur[1] - last_quad[1]) if last_quad else cur
            p = absolute(*take(2))
            segments.append(bezier([cur, c, p]) + ("quadratic", (cur, c, p)))
            cur, quad = p, c
        else:
            rx, ry, phi, large, sweep, x, y = take(7)
            p = absolute(x, y)
            if p != cur:
                if rx == 0 or ry == 0:
                    segments.append(bezier([cur, p]) + ("line", (cur, p)))
                else:
                    (cx, cy), rx, ry, ph, t1, dt = svg_arc_center(cur, p, rx, ry, phi, large, sweep)
                    cp, sp = math.cos(ph), math.sin(ph)

                    def point(t, cx=cx, cy=cy, rx=rx, ry=ry, cp=cp, sp=sp, t1=t1, dt=dt):
                        th = t1 + t * dt
                        return (cx + rx * cp * math.cos(th) - ry * sp * math.sin(th),
                                cy + rx * sp * math.cos(th) + ry * cp * math.sin(th))

                    def derivative(t, rx=rx, ry=ry, cp=cp, sp=sp, t1=t1, dt=dt):
                        th = t1 + t * dt
                        return (dt * (-rx * cp * math.sin(th) - ry * sp * math.cos(th)),
                                dt * (-rx * sp * math.sin(th) + ry * cp * math.cos(th)))

                    segments.append((point, derivative, "arc", None))
            cur = p
        last_cubic, last_quad = cubic, quad
        first = False
    return segments, closed


class OraclePath:
    """Length and arc-length positions by quad + brentq."""

    def __init__(self, data):
        from scipy.integrate import quad

        self.segments, self.closed = svg_segments(data)
        self.lengths = []
        for point, derivative, kind, _ in self.segments:
            speed = lambda t, d=derivative: math.hypot(*d(t))
            self.lengths.append(quad(speed, 0, 1, epsabs=1e-14, epsrel=1e-14, limit=500)[0])
        self.length = sum(self.lengths)
        self.quad = quad

    def locate(self, f):
        from scipy.optimize import brentq

        f = f - math.floor(f) if self.closed else min(1.0, max(0.0, f))
        s = f * self.length
        acc = 0.0
        live = [k for k, l in enumerate(self.lengths) if l > 0]
        if f == 1:
            return live[-1], 1.0
        for k in live:
            if s < acc + self.lengths[k] or k == live[-1]:
                r = s - acc
                point, derivative = self.segments[k][:2]
                speed = lambda t: math.hypot(*derivative(t))
                if r <= 0:
                    return k, 0.0
                if r >= self.lengths[k]:
                    return k, 1.0
                g = lambda t: self.quad(speed, 0, t, epsabs=1e-15, epsrel=1e-15, limit=500)[0] - r
                return k, brentq(g, 0, 1, xtol=1e-16, rtol=8.9e-16, maxiter=200)
            acc += self.lengths[k]
        raise AssertionError("no segment")

    def point(self, f):
        k, t = self.locate(f)
        return self.segments[k][0](t)

    def angle(self, f):
        k, t = self.locate(f)
        point, derivative = self.segments[k][:2]
        d = derivative(t)
        controls = self.segments[k][3]
        if (d == (0.0, 0.0) or d == (0, 0)) and controls and t in (0.0, 1.0):
            # SVG 2's path directionality: towards the first control point
            # that differs from the end point (from the last, arriving).
            ps = list(controls) if t == 0 else list(reversed(controls))
            q = next(p for p in ps[1:] if p != ps[0])
            d = (q[0] - ps[0][0], q[1] - ps[0][1]) if t == 0 else (ps[0][0] - q[0], ps[0][1] - q[1])
        return math.degrees(math.atan2(d[1], d[0]))

    def bounds(self):
        xs, ys = [], []
        for point, derivative, kind, _ in self.segments:
            ts = np.linspace(0, 1, 20001)
            for t in ts:
                x, y = point(float(t))
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def rotate_rule(angle, mode, offset):
    """CSS offset-rotate: auto/reverse normalized into (-180, 180]."""
    if mode == "fixed":
        return offset
    a = angle + offset + (180 if mode == "reverse" else 0)
    a = math.fmod(a, 360)
    if a > 180:
        a -= 360
    elif a <= -180:
        a += 360
    return a


PATH_CASES = [
    ("every-command-absolute", "M10 20 L50 20 H80 V60 C90 80 110 80 120 60 S150 40 160 60 Q170 80 190 70 T220 70 "
     "A30 20 30 0 1 260 90 Z", "every command in absolute form, closed: fractions past 1 and below 0 wrap"),
    ("every-command-relative", "m10 20 l40 0 h30 v40 c10 20 30 20 40 0 s30 -20 40 0 q10 20 30 10 t30 0 "
     "a30 20 30 0 1 40 20 z", "the same geometry in relative form"),
    ("compact-syntax", "M1.5.5L3-1.5l.5.5e1a1 1 0 00 2 2", "numbers run together (1.5.5 is 1.5 then .5), an "
     "exponent, compact arc flags; the arc's radii are too small and are scaled up (F.6.6)"),
    ("arc-rotated-small-radii", "M0 0 A1 2 45 1 1 40 30", "an arc whose radii are scaled up, rotated 45 degrees"),
    ("arc-large-rotated", "M0 0 A50 20 -30 1 0 60 -10 a20 35 100 0 0 -30 40", "large and small arcs, negative "
     "and > 90 degree rotations"),
    ("smooth-chains", "M0 0 C20 -30 40 30 60 0 S100 30 120 0 140 -30 160 0 Q180 30 200 0 T240 0 280 0",
     "S and T with implicit repeats: reflected control points"),
    ("bench-8-cubics-2-arcs", "M0 0 C20 40 60 40 80 0 S140 -40 160 0 C180 30 200 60 240 40 S300 -20 320 20 "
     "C330 60 360 80 380 40 S420 0 440 30 C450 60 480 60 500 30 S540 -10 560 20 A40 30 20 0 1 620 60 "
     "A25 25 0 1 0 660 20", "the benchmark's path: 8 cubic segments and 2 arcs, open (fractions clamp)"),
    ("subpaths", "M0 0 L10 0 M20 0 L30 0 L30 10", "movetos add no length"),
    ("control-on-end", "M0 0 C0 0 10 10 20 0 C30 -10 40 0 40 0", "control points on their end points: the "
     "tangent at the ends is the direction the curve leaves or arrives in"),
]

PATH_FRACTIONS = [0, 0.03125, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.99, 1]


def paths_doc():
    doc = dict(PATH_DOC)
    doc["notes"] = {
        "source": f"{SCIPY}: scipy.integrate.quad of |B'(t)| (epsabs 1e-14) and scipy.optimize.brentq on it; the "
                  "path reader and the F.6.5 arc conversion re-typed in derive.py from SVG 1.1; bounds from a "
                  "20001-point sampling of each segment (tolerance 1e-6)",
        "tolerance": "positions: 1e-9 of the path's length; angles (degrees): 1e-6",
    }
    groups, tc = [], 1
    for gid, data, comment in PATH_CASES:
        oracle = OraclePath(data)
        fractions = list(PATH_FRACTIONS)
        fractions += [-0.25, 1.5, 2.125, -1] if oracle.closed else [-0.5, 2]
        tests = []
        for f in fractions:
            x, y = oracle.point(f)
            tests.append({"tcId": tc, "fraction": num(f), "expected": [num(x), num(y)],
                          "expected_angle": num(oracle.angle(f))})
            tc += 1
        bx, by, bw, bh = oracle.bounds()
        groups.append({"id": gid, "comment": comment, "type": "path", "data": data, "closed": oracle.closed,
                       "length": num(oracle.length), "bounds": [num(bx), num(by), num(bw), num(bh)],
                       "bounds_tolerance": 1e-6, "tolerance": num(1e-9 * max(1.0, oracle.length)),
                       "angle_tolerance": 1e-6, "tests": tests})
    # Rotation modes on one path.
    data = PATH_CASES[0][1]
    oracle = OraclePath(data)
    for mode, offset in [("reverse", 0), ("auto", 90), ("reverse", -45), ("fixed", 30)]:
        tests = []
        for f in [0.1, 0.45, 0.8]:
            x, y = oracle.point(f)
            tests.append({"tcId": tc, "fraction": num(f), "expected": [num(x), num(y)],
                          "expected_angle": num(rotate_rule(oracle.angle(f), mode, offset))})
            tc += 1
        groups.append({"id": f"rotate-{mode}-{offset}", "comment": "CSS offset-rotate: reverse adds 180, auto "
                       "<angle> adds the angle, both normalized into (-180, 180]; a fixed angle is itself",
                       "type": "path", "data": data, "closed": oracle.closed, "rotate": mode,
                       "rotate_angle": offset, "length": num(oracle.length),
                       "tolerance": num(1e-9 * oracle.length), "angle_tolerance": 1e-6, "tests": tests})
    # Trims: the sub-path's length and points are the original's.
    for gid, data, start, end in [
        ("trim-closed", PATH_CASES[0][1], 0.1, 0.6),
        ("trim-closed-wrapping", PATH_CASES[0][1], 0.8, 1.3),
        ("trim-open", PATH_CASES[6][1], 0.25, 0.75),
        ("trim-open-clamped", PATH_CASES[6][1], -0.5, 0.4),
        ("trim-arcs", PATH_CASES[4][1], 0.3, 0.9),
    ]:
        oracle = OraclePath(data)
        if oracle.closed:
            a = start - math.floor(start)
            b = a + min(1, max(0, end - start))
        else:
            a = min(1, max(0, start))
            b = max(a, min(1, end))
        tests = []
        for g in [0, 0.2, 0.5, 0.8, 1]:
            x, y = oracle.point(a + (b - a) * g if a + (b - a) * g < 1 or not oracle.closed else a + (b - a) * g - 1)
            tests.append({"tcId": tc, "fraction": num(g), "expected": [num(x), num(y)]})
            tc += 1
        groups.append({"id": gid, "comment": "strokeStart/strokeEnd: the trimmed path, parsed back, has length "
                       "(end - start) x length and its fraction g is the original's start + g (end - start) "
                       "(wrapped past 1 on a closed path)", "type": "trim", "data": data, "start": num(start),
                       "end": num(end), "length": num((b - a) * oracle.length),
                       "tolerance": num(1e-9 * oracle.length), "tests": tests})
    doc["groups"] = groups
    rejections = []
    for rid, data, offset, reason in [
        ("empty", "", 0, "empty"),
        ("blank", "  \n", 3, "empty"),
        ("no-moveto", "L1 1", 0, "moveto"),
        ("missing-coordinate", "M1 1 L", 6, "expected an x coordinate"),
        ("missing-y", "M1 1 L2", 7, "expected a y coordinate"),
        ("unknown-command", "M1 1 X2 2", 5, "unknown command 'X'"),
        ("trailing-comma", "M0 0 L1 1,", 10, "after ','"),
        ("double-comma", "M0,,0", 3, "expected a y coordinate"),
        ("bad-flag", "M0 0 A1 1 0 2 0 1 1", 12, "large-arc flag"),
        ("bad-sweep-flag", "M0 0 a1 1 0 0.5 1 1", 13, "sweep flag"),
        ("number-after-close", "M0 0 L1 0 Z 1", 12, "closepath takes no numbers"),
        ("exponent-without-digits", "M1e 1", 2, "exponent"),
        ("out-of-range", "M1e999 0", 1, "out of range"),
        ("lone-sign", "M0 0 L- 1", 6, "expected an x coordinate"),
        ("arc-missing-point", "M0 0 A5 5 0 1 1", 15, "expected an x coordinate"),
    ]:
        rejections.append({"tcId": tc, "id": rid, "data": data, "status": "KF_E_INVALID_VALUE",
                           "offset": offset, "message_contains": reason})
        tc += 1
    doc["rejections"] = rejections
    return doc


def masks_doc():
    doc = {"schema": "razzle-path-vectors/1",
           "description": "JazzHands' mask geometry: reveals from an edge and circles from the center",
           "notes": {"source": "hand-worked from the rules in issue 10 and JazzHands' mask animations, in exact "
                               "fractions"}}
    groups, tc = [], 1

    def geometry(kind, w, h, v):
        v = max(F(0), v)
        if kind == "top":
            return [0, 0, w, h * v], 0
        if kind == "left":
            return [0, 0, w * v, h], 0
        if kind == "bottom":
            return [0, h - h * v, w, h * v], 0
        if kind == "right":
            return [w - w * v, 0, w * v, h], 0
        if kind == "circle":
            r = min(w, h) / 2 * v
        else:
            q = lambda x: mpf(x.numerator) / x.denominator
            r = mpmath.sqrt((q(w) / 2) ** 2 + (q(h) / 2) ** 2) * q(v)
            w, h = q(w), q(h)
        return [w / 2 - r, h / 2 - r, 2 * r, 2 * r], r

    for kind in ["top", "left", "bottom", "right", "circle", "bounds"]:
        for w, h in [(F(300), F(400)), (F(375), F(667))]:
            tests = []
            for v in ["0", "0.25", "0.5", "1", "1.25", "-0.5"]:
                rect, r = geometry(kind, w, h, F(v))
                tests.append({"tcId": tc, "progress": num(F(v)), "expected": [num(x) for x in rect],
                              "expected_radius": num(r)})
                tc += 1
            groups.append({"id": f"{kind}-{w}x{h}", "comment": "issue 10: 300 x 400 at 0.5 gives circle radius "
                           "75 and bounds 125; bottom at 0.25 gives (0, 300, 300, 100). Below 0 counts as 0.",
                           "type": "mask", "mask": kind, "width": num(w), "height": num(h), "tolerance": 1e-12,
                           "tests": tests})
    doc["groups"] = groups
    doc["rejections"] = [
        {"tcId": tc, "id": "misspelt", "mask": "botom", "width": 1, "height": 1, "status": "KF_E_INVALID_NAME",
         "message_contains": "did you mean \"bottom\""},
        {"tcId": tc + 1, "id": "negative-width", "mask": "top", "width": -1, "height": 1,
         "status": "KF_E_INVALID_VALUE"},
        {"tcId": tc + 2, "id": "nan-height", "mask": "circle", "width": 1, "height": "nan",
         "status": "KF_E_INVALID_VALUE"},
        {"tcId": tc + 3, "id": "infinite-width", "mask": "bounds", "width": "inf", "height": 1,
         "status": "KF_E_INVALID_VALUE"},
    ]
    return doc


def write_path_docs():
    (HERE / "paths.json").write_text(dumps(paths_doc()) + "\n")
    (HERE / "masks.json").write_text(dumps(masks_doc()) + "\n")




# ---------------------------------------------------------------------------
# lottie.json: Lottie import (issue 11, section 2) over the hand-written files
# in Tests/lottie/, each property worked from the Lottie format's rules as
# lottie-web evaluates them (PropertyFactory.interpolateValue): keyframe
# times in frames, segment k eased by cubic-bezier(o.x, o.y, i.x, i.y) solved
# by bisection in mpmath (per dimension when o/i are arrays: element j, else
# element 0), hold keyframes, the first value before the first keyframe and
# the last after the last, a keyframe's end value its successor's "s" (else
# its own "e"), spatial segments traversed by arc length (scipy quad +
# brentq) unless lottie-web drops their tangents, and a layer showing while
# ip <= frame < op. Never razzle. Its own schema: the shared track runners
# skip it.

LOTTIE_DIR = HERE.parent / "lottie"


def lottie_flat(v):
    """A Lottie value as numbers: a number, numbers, or a shape (v, i, o per vertex)."""
    if isinstance(v, (int, float)):
        return [float(v)]
    if isinstance(v, list) and v and isinstance(v[0], dict):
        v = v[0]
    if isinstance(v, dict):
        out = []
        for k in range(len(v["v"])):
            for key in ("v", "i", "o"):
                out += [float(v[key][k][0]), float(v[key][k][1])]
        return out
    return [float(x) for x in v]


def lottie_keys(prop):
    k = prop["k"]
    if isinstance(k, list) and k and isinstance(k[0], dict) and "t" in k[0]:
        return k
    return None


def lottie_key_values(keys):
    values = []
    for n, key in enumerate(keys):
        if "s" in key:
            values.append(lottie_flat(key["s"]))
        elif n > 0 and "e" in keys[n - 1]:
            values.append(lottie_flat(keys[n - 1]["e"]))
        else:
            values.append(values[-1])
    return values


def lottie_ease(key, dim, p):
    def pick(v):
        if isinstance(v, list):
            return v[dim] if dim < len(v) else v[0]
        return v
    x1, y1, x2, y2 = (pick(key["o"]["x"]), pick(key["o"]["y"]), pick(key["i"]["x"]), pick(key["i"]["y"]))
    if x1 == y1 and x2 == y2:
        return mpf(p)
    return css_bezier(x1, y1, x2, y2, p)[0]


def lottie_segment(keys, f):
    """(k, progress p) of frame f: the last keyframe at or before f (the later of equal times)."""
    if f < keys[0]["t"]:
        return 0, None
    k = max(n for n, key in enumerate(keys) if key["t"] <= f)
    if k == len(keys) - 1:
        return k, None
    return k, F(f) - F(keys[k]["t"]), F(keys[k + 1]["t"]) - F(keys[k]["t"])


def lottie_plain(keys, f, dims=None, ease_dim=None):
    values = lottie_key_values(keys)
    seg = lottie_segment(keys, f)
    k = seg[0]
    if seg[1] is None or keys[k].get("h") == 1:
        return values[k] if dims is None else [values[k][d] for d in dims]
    p = seg[1] / seg[2]
    out = []
    for d in (dims if dims is not None else range(len(values[k]))):
        e = lottie_ease(keys[k], d if ease_dim is None else ease_dim, float(p))
        out.append(float(mpf(values[k][d]) + (mpf(values[k + 1][d]) - mpf(values[k][d])) * e))
    return out


def on_line(a, b, c):
    """lottie-web's bez.pointOnLine2D."""
    det = a[0] * b[1] + a[1] * c[0] + b[0] * c[1] - c[0] * b[1] - c[1] * a[0] - b[0] * a[1]
    return -0.001 < det < 0.001


def lottie_spatial(keys, f):
    values = lottie_key_values(keys)
    seg = lottie_segment(keys, f)
    k = seg[0]
    if seg[1] is None or keys[k].get("h") == 1:
        return values[k]
    s, e = values[k], values[k + 1]
    to, ti = keys[k].get("to"), keys[k].get("ti")
    keep = to is not None and ti is not None
    if keep:
        c1 = (s[0] + to[0], s[1] + to[1])
        c2 = (e[0] + ti[0], e[1] + ti[1])
        same = s[0] == e[0] and s[1] == e[1]
        if not same and on_line(s, e, c1) and on_line(s, e, c2):
            keep = False
        if same and to[:2] == [0, 0] and ti[:2] == [0, 0]:
            keep = False
    p = float(seg[1] / seg[2])
    eased = float(lottie_ease(keys[k], 0, p))
    if not keep:
        return [s[d] + (e[d] - s[d]) * eased for d in range(len(s))]
    # razzle clamps an overshooting eased progress to the segment (lottie-web's
    # table walk stops at the end point past 1).
    u = min(1.0, max(0.0, eased))
    P = [np.array(s[:2]), np.array(c1), np.array(c2), np.array(e[:2])]

    def point(t):
        return ((1 - t) ** 3 * P[0] + 3 * (1 - t) ** 2 * t * P[1] + 3 * (1 - t) * t**2 * P[2] + t**3 * P[3])

    def speed(t):
        d = 3 * (1 - t) ** 2 * (P[1] - P[0]) + 6 * (1 - t) * t * (P[2] - P[1]) + 3 * t**2 * (P[3] - P[2])
        return float(np.hypot(d[0], d[1]))

    def length(t):
        return scipy.integrate.quad(speed, 0, t, epsabs=1e-14, epsrel=1e-14, limit=200)[0]

    total = length(1.0)
    if u <= 0:
        t = 0.0
    elif u >= 1:
        t = 1.0
    else:
        t = scipy.optimize.brentq(lambda t: length(t) - u * total, 0, 1, xtol=1e-15, rtol=1e-15)
    xy = point(t)
    return [float(xy[0]), float(xy[1])] + [s[d] + (e[d] - s[d]) * eased for d in range(2, len(s))]


def lottie_at(doc, pointer):
    node = doc
    for part in pointer.strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


# (target, property, JSON pointer of the Lottie property, how razzle maps it),
# in the order Guides/Lottie.md gives (a, p, s, r, o, sk, sa; shapes in file order):
# "plain" one column, ("dim", j) the split track of dimension j, "spatial".
LOTTIE_FILES = {
    "keyframes.json": {
        "frames": [-5, 0, 5, 10, 12.5, 15, 20, 24.9, 25, 27.5, 29.999, 30, 33.3, 39, 40, 44.99, 45, 50, 55, 60, 69, 70,
                   80, 89.99, 90, 100],
        "columns": [
            ("box", "transform.scale.0", "/layers/0/ks/s", ("dim", 0)),
            ("box", "transform.scale.1", "/layers/0/ks/s", ("dim", 1)),
            ("box", "transform.scale.2", "/layers/0/ks/s", ("dim", 2)),
            ("box", "transform.rotation", "/layers/0/ks/r", "plain"),
            ("box", "transform.opacity", "/layers/0/ks/o", "plain"),
            ("legacy", "transform.position.x", "/layers/1/ks/p/x", "plain"),
            ("legacy", "transform.opacity", "/layers/1/ks/o", "plain"),
            ("legacy", "transform.skew", "/layers/1/ks/sk", "plain"),
        ],
        "static": [("box", "transform.anchor", [10, 20, 0]), ("box", "transform.position", [100, 50, 0]),
                   ("legacy", "transform.skewAxis", [15]), ("legacy", "transform.position.y", [7])],
        "warnings": [],
    },
    "spatial.json": {
        "frames": [-1, 0, 2, 5, 10, 15, 19.5, 20, 21, 23, 25, 30, 35, 40, 45, 50, 59, 60, 65, 69.9, 70, 75, 80, 85,
                   90, 95, 99.5, 100],
        "columns": [("dot", "transform.position", "/layers/0/ks/p", "spatial")],
        "static": [],
        "warnings": [],
    },
    "shapes.json": {
        "frames": [-1, 0, 5, 10, 15, 20, 29, 30, 35, 40, 45, 50, 59, 60, 75, 90, 100, 119, 120],
        "columns": [
            ("badge", "transform.rotation", "/layers/0/ks/r", "plain"),
            ("badge/Body", "Box.size", "/layers/0/shapes/0/it/0/s", "plain"),
            ("badge/Body", "Dot.position", "/layers/0/shapes/0/it/1/p", "plain"),
            ("badge/Body", "Outline.shape", "/layers/0/shapes/0/it/2/ks", "plain"),
            ("badge/Body", "Fill 1.color", "/layers/0/shapes/0/it/3/c", "plain"),
            ("badge/Body", "Stroke 1.width", "/layers/0/shapes/0/it/4/w", "plain"),
            ("badge/Body", "Trim Paths 1.start", "/layers/0/shapes/0/it/5/s", "plain"),
            ("badge/Body", "Trim Paths 1.end", "/layers/0/shapes/0/it/5/e", "plain"),
            ("badge/Body", "transform.position", "/layers/0/shapes/0/it/8/p", "plain"),
            ("badge", "Fill 1.opacity", "/layers/0/shapes/1/o", "plain"),
        ],
        "static": [("badge", "transform.opacity", [100]), ("badge/Body", "Box.position", [0, 0]),
                   ("badge/Body", "Box.roundness", [8]), ("badge/Body", "Outline.closed", [1]),
                   ("badge", "Fill 1 #2.opacity", [50])],
        # What is neither drawn nor imported: a 3D layer, effects, an
        # expression, a gradient fill, an image layer whose asset is missing,
        # a missing parent (masks and stroke dashes are drawn).
        "warnings": ["/layers/0/ddd", "/layers/0/ef", "/layers/0/ks/r/x", "/layers/0/shapes/0/it/6",
                     "/layers/1/refId", "/layers/2/parent"],
    },
}


def lottie_doc():
    files = []
    tc = 1
    for name, spec in LOTTIE_FILES.items():
        doc = json.loads((LOTTIE_DIR / name).read_text())
        layers = doc["layers"]
        names = {layer.get("ind"): layer["nm"] for layer in layers}
        columns = []
        for target, prop, pointer, how in spec["columns"]:
            layer = layers[int(pointer.split("/")[2])]
            keys = lottie_keys(lottie_at(doc, pointer))
            values = []
            for f in spec["frames"]:
                if not (layer["ip"] <= f < layer["op"]):
                    values.append(None)
                elif how == "spatial":
                    values.append([num(x) for x in lottie_spatial(keys, f)])
                elif how == "plain":
                    values.append([num(x) for x in lottie_plain(keys, f)])
                else:
                    values.append([num(x) for x in lottie_plain(keys, f, dims=[how[1]], ease_dim=how[1])])
            columns.append({"tcId": tc, "target": target, "property": prop, "lottie": pointer, "values": values})
            tc += 1
        files.append({
            "file": name,
            "frame_rate": doc["fr"], "in_point": doc["ip"], "out_point": doc["op"],
            "frames": spec["frames"],
            "columns": columns,
            "static": [{"target": t, "property": p, "value": v} for t, p, v in spec["static"]],
            "layers": [{"name": layer["nm"], "parent": names.get(layer.get("parent"))} for layer in layers],
            "warnings": spec["warnings"],
        })
    rejections = [
        {"id": "not-an-object", "json": "[1, 2]", "message_contains": "(root)"},
        {"id": "no-frame-rate", "json": '{"ip": 0, "op": 10, "layers": []}', "message_contains": "missing \"fr\""},
        {"id": "zero-frame-rate", "json": '{"fr": 0, "ip": 0, "op": 10, "layers": []}', "message_contains": "/fr"},
        {"id": "layer-not-object", "json": '{"fr": 30, "ip": 0, "op": 10, "layers": [3]}',
         "message_contains": "/layers/0"},
        {"id": "decreasing-times", "json": '{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 3, "ip": 0, "op": 10, '
         '"ks": {"o": {"a": 1, "k": [{"t": 5, "s": [0], "o": {"x": 0.5, "y": 0.5}, "i": {"x": 0.5, "y": 0.5}}, '
         '{"t": 2, "s": [1]}]}}}]}', "message_contains": "/layers/0/ks/o/k/1/t"},
        {"id": "missing-easing", "json": '{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 3, "ip": 0, "op": 10, '
         '"ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 2, "s": [1]}]}}}]}',
         "message_contains": "/layers/0/ks/o/k/0"},
        {"id": "string-value", "json": '{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 3, "ip": 0, "op": 10, '
         '"ks": {"o": {"a": 0, "k": "50"}}}]}', "message_contains": "/layers/0/ks/o/k"},
        {"id": "truncated", "json": '{"fr": 30, "ip": 0, "op": 10, "layers": [', "message_contains": "line 1"},
        {"id": "vertex-count-changes", "json": '{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 4, "ip": 0, "op": 10, '
         '"ks": {}, "shapes": [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"v": [[0, 0]], "i": [[0, 0]], '
         '"o": [[0, 0]]}], "o": {"x": 0.5, "y": 0.5}, "i": {"x": 0.5, "y": 0.5}}, {"t": 5, "s": [{"v": [[0, 0], '
         '[1, 1]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]}]}}]}]}', "message_contains": "/layers/0/shapes/0/ks/k/1"},
    ]
    return {"schema": "razzle-lottie-vectors/1",
            "notes": "Lottie import: expected values from the Lottie format's rules as lottie-web evaluates them "
                     "(derive.py, lottie_doc), over Tests/lottie/*.json. values[j] is the column at frames[j] (null "
                     "where the layer does not show: frame < ip or >= op). Tolerance 1e-9 relative to the value's "
                     "magnitude (at least 1).",
            "tolerance": 1e-9, "files": files, "rejections": rejections}


def write_lottie_doc():
    (HERE / "lottie.json").write_text(dumps(lottie_doc()) + "\n")



# ---------------------------------------------------------------------------
# lottie_transforms.json: each layer's 2D transform matrix, its own and its
# world matrix (composed with its chain of parents), worked from lottie-web's
# rules with 4x4 matrices in numpy as lottie-web's Matrix.js holds them (row
# vectors, each operation multiplied on the right): applyToMatrix does
# translate(-a), scale(s / 100), skewFromAxis(-sk, sa) when the transform has
# "sk", rotate(-r), translate(p) (degrees to radians); renderTransform
# multiplies a layer's own matrix by each ancestor's own matrix, nearest
# first (buildElementParenting: the first layer whose "ind" is the parent,
# and no hierarchy at all when a chain reaches a missing "ind"; a loop, where
# lottie-web recurses without end, is treated the same). Parent opacity is
# not inherited. A parent's matrix applies whether or not the parent shows;
# a layer's own matrices are null where it does not (frame < ip or >= op).
# Each property's value at a frame comes from the rules above
# (lottie_plain, lottie_spatial). Never razzle.

LOTTIE_TRANSFORM_FRAMES = {
    "parenting.json": [-5, 0, 5, 10, 15, 20, 25, 30, 37.5, 45, 50, 55, 59.9, 60, 65, 70, 80, 89.9, 90, 94.5, 95, 99,
                       100],
    "keyframes.json": [0, 10, 15, 20, 24.9, 25, 27.5, 30, 35, 40, 44.99, 45, 60],
    "spatial.json": [0, 10, 25, 50, 75, 99.5],
    "shapes.json": [0, 5, 30, 45, 59, 60],
}


def lottie_property_value(prop, f, spatial=False):
    """A property's value at frame f (keyframes or a static k)."""
    keys = lottie_keys(prop)
    if keys is None:
        return lottie_flat(prop["k"])
    if spatial and any("to" in key and "ti" in key for key in keys):
        return lottie_spatial(keys, f)
    return lottie_plain(keys, f)


def lottie_m_translate(tx, ty, tz):
    m = np.eye(4)
    m[3, :3] = (tx, ty, tz)
    return m


def lottie_m_scale(sx, sy, sz):
    return np.diag([sx, sy, sz, 1.0])


def lottie_m_rotate(angle):
    m = np.eye(4)
    c, s = math.cos(angle), math.sin(angle)
    m[0, 0], m[0, 1], m[1, 0], m[1, 1] = c, -s, s, c
    return m


def lottie_m_skew_from_axis(ax, angle):
    c, s = math.cos(angle), math.sin(angle)
    first = np.eye(4)
    first[0, 0], first[0, 1], first[1, 0], first[1, 1] = c, s, -s, c
    shear = np.eye(4)
    shear[1, 0] = math.tan(ax)
    last = np.eye(4)
    last[0, 0], last[0, 1], last[1, 0], last[1, 1] = c, -s, s, c
    return first @ shear @ last


def lottie_own_matrix(ks, f):
    """lottie-web's TransformPropertyFactory.applyToMatrix at frame f."""
    rad = math.pi / 180
    m = np.eye(4)

    def value(key, default, spatial=False):
        v = lottie_property_value(ks[key], f, spatial) if key in ks else list(default)
        return list(v) + list(default[len(v):])

    if "a" in ks:
        a = value("a", [0, 0, 0])
        m = m @ lottie_m_translate(-a[0], -a[1], a[2])
    if "s" in ks:
        s = value("s", [100, 100, 100])
        m = m @ lottie_m_scale(s[0] * 0.01, s[1] * 0.01, s[2] * 0.01)
    if "sk" in ks:
        m = m @ lottie_m_skew_from_axis(-value("sk", [0])[0] * rad, value("sa", [0])[0] * rad)
    r = value("r", [0]) if "r" in ks else value("rz", [0])
    m = m @ lottie_m_rotate(-r[0] * rad)
    p = ks.get("p", {"k": [0, 0, 0]})
    if p.get("s"):
        px = lottie_property_value(p["x"], f)[0]
        py = lottie_property_value(p["y"], f)[0]
        m = m @ lottie_m_translate(px, py, 0)
    else:
        v = list(lottie_property_value(p, f, spatial=True)) + [0, 0, 0]
        m = m @ lottie_m_translate(v[0], v[1], -v[2])
    return m


def lottie_hierarchy(layers, k):
    """The ancestors of layer k, nearest first, or [] when the chain is broken or loops."""
    first = {}
    for n, layer in enumerate(layers):
        if "ind" in layer:
            first.setdefault(layer["ind"], n)
    chain, seen, cursor = [], {k}, k
    while "parent" in layers[cursor]:
        nxt = first.get(layers[cursor]["parent"])
        if nxt is None or nxt in seen:
            return [], True
        chain.append(nxt)
        seen.add(nxt)
        cursor = nxt
    return chain, False


def lottie_transform_doc():
    files = []
    for name, frames in LOTTIE_TRANSFORM_FRAMES.items():
        doc = json.loads((LOTTIE_DIR / name).read_text())
        layers = doc["layers"]
        chains = [lottie_hierarchy(layers, k) for k in range(len(layers))]
        own, world = [], []
        for f in frames:
            mats = [lottie_own_matrix(layer.get("ks", {}), f) for layer in layers]
            own_row, world_row = [], []
            for k, layer in enumerate(layers):
                if not (layer["ip"] <= f < layer["op"]):
                    own_row.append(None)
                    world_row.append(None)
                    continue
                final = mats[k]
                for ancestor in chains[k][0]:
                    final = final @ mats[ancestor]

                def six(m):
                    return [num(x) for x in (m[0, 0], m[0, 1], m[1, 0], m[1, 1], m[3, 0], m[3, 1])]
                own_row.append(six(mats[k]))
                world_row.append(six(final))
            own.append(own_row)
            world.append(world_row)
        files.append({
            "file": name, "frames": frames, "layers": [layer["nm"] for layer in layers],
            "parents": [[layers[a]["nm"] for a in chain] for chain, _ in chains],
            "parent_warnings": [f"/layers/{k}/parent" for k, (_, broken) in enumerate(chains) if broken],
            "own": own, "world": world,
        })
    return {"schema": "razzle-lottie-transform-vectors/1",
            "notes": "Lottie layer transforms: own[j][l] and world[j][l] are layer l's matrix [a, b, c, d, tx, ty] "
                     "(x' = a x + c y + tx, y' = b x + d y + ty) at frames[j], null where the layer does not show; "
                     "world is the own matrix composed with the ancestors in parents[l] (lottie-web's "
                     "renderTransform). parent_warnings: the layers whose chain of parents is broken or loops. "
                     "From derive.py (lottie_transform_doc), never razzle. Tolerance 1e-9 relative to the "
                     "value's magnitude (at least 1).",
            "tolerance": 1e-9, "files": files}


def write_lottie_transform_doc():
    (HERE / "lottie_transforms.json").write_text(dumps(lottie_transform_doc()) + "\n")



# ---------------------------------------------------------------------------
# kinds.json, continued (issue #14, colors): the sRGB transfer function and
# the OkLCh hue's cos/sin over dense grids at tighter tolerances, and color
# tracks of 16 keyframes in oklab and oklch, whose samples run through the
# library's batched conversion. CSS Color 4's formulas in mpmath, as above.

def color_batch_groups(doc):
    note = (f"The CSS Color 4 sample-code conversions re-typed in derive.py, in {MPMATH}. ")
    # linear-srgb -> srgb: gam_sRGB on a grid through both branches, below -1
    # and above 1 (extended range), the threshold 0.0031308 and 1.
    grid = [-1.4, -1, -0.5, -0.2, -0.04, -0.0031308, -0.001, 0, 0.0005, 0.0031308, 0.0031309, 0.004, 0.01,
            0.02, 0.05, 0.1, 0.18, 0.2140411404822325, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1, 1.01,
            1.1, 1.25, 1.5]
    tests = []
    for k in range(0, len(grid), 3):
        coordinates = (grid + grid[:2])[k:k + 3]
        rgb = space_to_srgb(list(coordinates), "linear-srgb")
        tests.append({"tcId": doc.tc(), "coordinates": [num(c) for c in coordinates], "alpha": 1,
                      "expected": [num(c) for c in rgb] + [1]})
    doc.group(id="convert-linear-srgb-transfer-grid",
              comment=note + "gam_sRGB over a grid of both branches and the extended range; tolerance 1e-15 "
              "(the library's power is within about 1 ulp of |x|^(1/2.4)).",
              type="color_convert", space="linear-srgb", tolerance=1e-15, tests=tests)
    # oklch -> srgb around the hue circle (multiples of 90 included) and beyond.
    tests = []
    for h in [-450, -90, -30, 0, 7.5, 30, 45, 60, 89.999, 90, 120, 135, 180, 225, 264.052, 270, 300, 315, 359.9,
              360, 405, 540, 719]:
        coordinates = (0.7, 0.1, h)
        rgb = space_to_srgb(list(coordinates), "oklch")
        tests.append({"tcId": doc.tc(), "coordinates": [num(c) for c in coordinates], "alpha": 1,
                      "expected": [num(c) for c in rgb] + [1]})
    doc.group(id="convert-oklch-hue-circle",
              comment=note + "OkLCh (0.7, 0.1, h) around the circle; tolerance 1e-13 (the library's cos/sin of "
              "the hue in degrees are within 1.1e-16).",
              type="color_convert", space="oklch", tolerance=1e-13, tests=tests)
    # 16-keyframe tracks: random colors (a fixed seed), one gray (a powerless
    # hue), one transparent, an eased segment; sampled inside every segment,
    # at keyframes and outside.
    rng = np.random.default_rng(1414)
    colors = [[float(num(x)) for x in rng.uniform(0, 1, 4)] for _ in range(16)]
    colors[5] = [0.5, 0.5, 0.5, 0.8]
    colors[9][3] = 0.0
    times = list(range(16))
    sample_times = [-1, 0] + [k + f for k in range(15) for f in (0.125, 0.5, 0.8)] + [7, 15, 16]
    for space, premultiplied in (("oklab", False), ("oklch", True), ("linear-srgb", True)):
        rows = []
        for t in sample_times:
            if t <= 0 or t >= 15 or t == int(t):
                rows.append((t, colors[min(15, max(0, int(t)))]))
                continue
            k = int(t)
            p = mpf(t) - k
            e = EASINGS_NET["easeInOutCubic"](p) if k == 3 else p
            rows.append((t, css_interpolate(colors[k], colors[k + 1], e, space, premultiplied)))
        keyframes = [kfm(t, c, **({"easing": "easeInOutCubic"} if t == 3 else {})) for t, c in zip(times, colors)]
        doc.group(
            id=f"{space}-16-keyframes",
            comment=note + f"A {space} color track (premultiplied {premultiplied}) of 16 keyframes from a fixed "
            "seed, keyframe 5 gray (a powerless hue) and 9 transparent, segment 3 eased with easeInOutCubic; "
            "CSS Color 4 interpolation at the eased progress. Tolerance 1e-12.",
            type="track", property="textColor", kind="color", color_space=space, premultiplied=premultiplied,
            keyframes=keyframes, tolerance=1e-12, tests=rows_tests(doc, rows))


_kinds_doc_before_color_batches = kinds_doc


def kinds_doc():  # noqa: F811 (extends the kinds document above)
    doc = _kinds_doc_before_color_batches()
    color_batch_groups(doc)
    return doc

if __name__ == "__main__":
    main()
