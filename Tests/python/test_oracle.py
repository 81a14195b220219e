"""Linear tracks against numpy.interp, an independent implementation of the
same piecewise-linear rule (clamped ends, NaN in -> NaN out)."""

import numpy as np
import razzle
from hypothesis import given, settings
from hypothesis import strategies as st

# Tiny spacing overflows numpy.interp's slope (it returns inf where the exact
# answer is finite: keyframes at -2.2250738585072014e-308 and 0 with values 0
# and 4 make a slope above the largest double), so the oracle only sees
# numbers 0 or at least 1e-150 in magnitude, whose gaps keep slopes finite.
finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_subnormal=False).filter(
    lambda x: x == 0 or abs(x) >= 1e-150
)


@settings(max_examples=200, deadline=None)
@given(
    keys=st.dictionaries(finite, finite, min_size=1, max_size=40),
    queries=st.lists(st.floats(allow_nan=True, allow_infinity=True, width=64), max_size=50),
)
def test_linear_track_matches_numpy_interp(keys, queries):
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        for t, v in keys.items():
            track[t] = v
        xs = np.array(sorted(keys))
        ys = np.array([keys[x] for x in xs])
        q = np.array(queries + list(xs), dtype=np.float64)
        got = track(q)
        # NaN in gives NaN out (numpy.interp agrees except with one point).
        nan = np.isnan(q)
        assert np.all(np.isnan(got[nan]))
        got, q = got[~nan], q[~nan]
        want = np.interp(q, xs, ys)
        # numpy.interp's formula differs from v0 + (v1 - v0) * p in rounding.
        scale = max(1.0, float(np.max(np.abs(ys))))
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12 * scale)
        # At the keyframes themselves, exactly the keyframe values.
        np.testing.assert_array_equal(track(xs), ys)


def test_replacing_a_keyframe_keeps_one_per_time():
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        for v in (1.0, 2.0, 3.0):
            track[10] = v
        assert len(track) == 1 and track(0) == 3.0
