"""The cubic-bezier eased batch kernel at every CPU level: the same bits at
each level, on one and two threads, as single samples, and values that
follow the curve solved independently here (numpy bisection on the Bernstein
form, no table and no Newton)."""

import numpy as np
import pytest

import razzle


@pytest.fixture(autouse=True)
def defaults():
    yield
    razzle.set_kernel_level(None)
    razzle.set_thread_count(0)


def bisected(x1, y1, x2, y2, p):
    """y at x = p on cubic-bezier(x1, y1, x2, y2), p in [0, 1], by bisection."""

    def bernstein(a, b, s):
        r = 1 - s
        return 3 * r * r * s * a + 3 * r * s * s * b + s * s * s

    low, high = np.zeros_like(p), np.ones_like(p)
    for _ in range(80):
        middle = (low + high) / 2
        below = bernstein(x1, x2, middle) < p
        low, high = np.where(below, middle, low), np.where(below, high, middle)
    return bernstein(y1, y2, (low + high) / 2)


def expected(xp, fp, x, curve):
    """The sampling rule: clamp, the segment of each time, the eased blend."""
    xc = np.clip(x, xp[0], xp[-1])
    k = np.clip(np.searchsorted(xp, xc, side="right") - 1, 0, xp.size - 2)
    p = (xc - xp[k]) / (xp[k + 1] - xp[k])
    return fp[k] + (fp[k + 1] - fp[k]) * bisected(*curve, p)


CURVES = [(0.42, 0.0, 0.58, 1.0), (0.25, 0.1, 0.25, 1.0), (0.68, -0.6, 0.32, 1.6), (0.0, 0.0, 1.0, 1.0), (1.0, 0.0, 0.0, 1.0)]


@pytest.mark.parametrize("curve", CURVES)
@pytest.mark.parametrize("order", ["random", "sorted"])
def test_every_level_gives_the_same_bits_as_single_samples_and_follows_the_curve(curve, order):
    rng = np.random.default_rng(14)
    xp = np.unique(np.concatenate([[0.0, 100.0], rng.uniform(0, 100, 14)]))
    fp = rng.uniform(-1, 1, xp.size)
    x = rng.uniform(-5, 105, 3001)
    x[:4] = [np.nan, np.inf, -np.inf, 100.0]
    x[4 : 4 + xp.size] = xp
    if order == "sorted":
        x.sort()
    spec = "cubic-bezier({}, {}, {}, {})".format(*curve)
    results = {}
    with razzle.Animator() as anim, anim.add_track("v", "value") as track:
        for t, v in zip(xp.tolist(), fp.tolist()):
            track.set(t, v, easing=spec)
        single = np.array([track(float(t)) for t in x[:400]])
        for level in razzle.kernel_levels():
            razzle.set_kernel_level(level)
            results[level] = track.sample(x)
    finite = ~np.isnan(x)
    reference = expected(xp, fp, x[finite], curve)
    for level, got in results.items():
        assert got.tobytes() == results["baseline"].tobytes(), f"{level} differs from baseline"
        assert got[:400].tobytes() == single.tobytes(), f"{level}: batch and single samples differ"
        assert np.isnan(got[~finite]).all()
        # 1e-12 in x times the curve's slope (1e4 beside (1, 0, 0, 1)'s flat point).
        np.testing.assert_allclose(got[finite], reference, rtol=0, atol=1e-8, err_msg=level)


def test_two_threads_give_one_threads_bits_at_every_level():
    rng = np.random.default_rng(4)
    x = rng.uniform(-5, 105, 300_001)
    with razzle.Animator() as anim, anim.add_track("v", "value") as track:
        for t, v in [(0.0, -1.0), (30.0, 1.0), (55.0, 0.25), (100.0, 2.0)]:
            track.set(t, v, easing="cubic-bezier(0.42, 0, 0.58, 1)")
        results = []
        for level in razzle.kernel_levels():
            razzle.set_kernel_level(level)
            for threads in (1, 2):
                razzle.set_thread_count(threads)
                results.append(track.sample(x).tobytes())
    assert all(r == results[0] for r in results)
