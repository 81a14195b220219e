"""The batch kernels' CPU levels: every level this CPU runs gives the same
bits, which agree with numpy.interp (an independent implementation of the
same linear rule); names are checked and a refused level changes nothing."""

import numpy as np
import pytest

import razzle


@pytest.fixture(autouse=True)
def default_level():
    yield
    razzle.set_kernel_level(None)


def test_the_level_in_use_is_a_known_one_the_cpu_runs():
    assert razzle.kernel_level() in razzle.KERNEL_LEVELS
    assert razzle.kernel_level() in razzle.kernel_levels()
    assert "baseline" in razzle.kernel_levels()


@pytest.mark.parametrize("k", [2, 7, 16, 32, 33, 257, 4096])
@pytest.mark.parametrize("order", ["random", "sorted"])
def test_every_level_gives_the_same_bits_as_numpy_interp_within_rounding(k, order):
    rng = np.random.default_rng(k)
    xp = np.sort(rng.uniform(0, 100, k))
    xp[0], xp[-1] = 0.0, 100.0
    xp = np.unique(xp)
    fp = rng.uniform(-1, 1, xp.size)
    x = rng.uniform(-10, 110, 5000)
    x[:5] = [np.nan, np.inf, -np.inf, 0.0, 100.0]
    x[5 : 5 + xp.size] = xp
    if order == "sorted":
        x.sort()
    results = {}
    with razzle.Animator() as anim, anim.add_track("v", "value") as track:
        track.set_keyframes(xp, fp)
        for level in razzle.kernel_levels():
            razzle.set_kernel_level(level)
            assert razzle.kernel_level() == level
            results[level] = track.sample(x)
    reference = np.interp(x, xp, fp)
    finite = ~np.isnan(x)
    for level, got in results.items():
        np.testing.assert_allclose(got[finite], reference[finite], rtol=1e-12, atol=1e-12, err_msg=level)
        assert np.isnan(got[~finite]).all()
        assert got.tobytes() == results["baseline"].tobytes(), f"{level} differs from baseline"


@pytest.mark.parametrize("mode", ["smooth", "monotone"])
@pytest.mark.parametrize("order", ["random", "sorted"])
def test_hermite_kernel_gives_the_single_samples_bits_at_every_level_and_thread_count(mode, order):
    # The optimized library's vector Hermite kernel against its own single
    # samples (the mode loop), bit for bit, and against scipy's splines.
    interpolate = pytest.importorskip("scipy.interpolate")
    rng = np.random.default_rng(16)
    xp = np.unique(np.concatenate(([0.0, 100.0], rng.uniform(0, 100, 14))))
    fp = rng.uniform(-1, 1, xp.size)
    x = rng.uniform(-10, 110, 3000)
    x[:5] = [np.nan, np.inf, -np.inf, 0.0, 100.0]
    x[5 : 5 + xp.size] = xp
    x[5 + xp.size : 5 + 2 * xp.size] = np.nextafter(xp, -np.inf)
    if order == "sorted":
        x.sort()
    with razzle.Animator() as anim, anim.add_track("v", "value") as track:
        for t, v in zip(xp.tolist(), fp.tolist()):
            track.set(t, v, interpolation=mode)
        singles = np.array([track(float(t)) for t in x])
        for level in razzle.kernel_levels():
            razzle.set_kernel_level(level)
            assert track.sample(x).tobytes() == singles.tobytes(), level
        # Batches above 2 x 65,536 times are split across threads.
        many = np.tile(x, 50)
        try:
            razzle.set_thread_count(2)
            assert track.sample(many).tobytes() == np.tile(singles, 50).tobytes()
        finally:
            razzle.set_thread_count(0)
    if mode == "monotone":
        spline = interpolate.PchipInterpolator(xp, fp)
    else:
        d = np.diff(fp) / np.diff(xp)
        spline = interpolate.CubicHermiteSpline(xp, fp, np.concatenate(([d[0]], (d[:-1] + d[1:]) / 2, [d[-1]])))
    inside = (x >= xp[0]) & (x <= xp[-1])
    np.testing.assert_allclose(singles[inside], spline(x[inside]), rtol=0, atol=1e-12)


@pytest.mark.parametrize("mode", ["smooth", "monotone"])
@pytest.mark.parametrize("channels", [1, 2])
def test_a_hermite_segment_at_progress_one_gives_the_next_keyframe_exactly(mode, channels):
    # The cubic in power form reaches v1 only within a few ulps of its
    # coefficients (100 -> 0.1 -> 50 gives 0.0999999999999659 at s = 1), so
    # s = 1 takes the keyframe's own value: inside a segment whose easing
    # reaches 1 (steps(1, jump-start): 1 for every p > 0), and at a time
    # just before a keyframe whose progress rounds to 1 ((t - t0) / dt with
    # t0 = -1000: 1001 - 2^-53 rounds to 1001). Single samples and batches
    # (the vector kernel, for one channel) at every level.
    property_name, value = ("value", lambda v: v) if channels == 1 else ("position", lambda v: (v, -v))
    eased_inside = np.linspace(0.2, 0.9, 100)
    before_end = np.full(100, np.nextafter(1.0, -np.inf))
    assert (before_end[0] + 1000) / 1001 == 1.0  # the progress rounds to 1
    with razzle.Animator() as anim, anim.add_track("v", property_name) as eased, anim.add_track("w", property_name) as plain:
        eased.set(0.1, value(100.0), interpolation=mode, easing="steps(1, jump-start)")
        eased.set(1.1, value(0.1), interpolation=mode)
        eased.set(2.1, value(50.0), interpolation=mode)
        for t, v in ((-1000.0, 100.0), (1.0, 0.1), (2.0, 50.0)):
            plain.set(t, value(v), interpolation=mode)
        expected = np.array(value(0.1), dtype=float)
        for level in razzle.kernel_levels():
            razzle.set_kernel_level(level)
            for track, times in ((eased, eased_inside), (plain, before_end)):
                assert (np.asarray(track(float(times[0]))) == expected).all(), level
                got = track.sample(times).reshape(times.size, -1)
                assert (got == expected.reshape(1, -1)).all(), level


def test_unknown_names_and_unsupported_levels_are_refused_and_change_nothing():
    before = razzle.kernel_level()
    with pytest.raises(razzle.InvalidNameError, match='did you mean "avx2"'):
        razzle.set_kernel_level("avx")
    with pytest.raises(razzle.InvalidTypeError):
        razzle.set_kernel_level(2)  # type: ignore[arg-type]
    with pytest.raises(razzle.InvalidNameError):
        razzle.set_kernel_level("avx2\x00")
    for level in set(razzle.KERNEL_LEVELS) - set(razzle.kernel_levels()):
        with pytest.raises(razzle.InvalidValueError, match="cannot run"):
            razzle.set_kernel_level(level)
    assert razzle.kernel_level() == before


def test_the_frame_matrix_is_each_tracks_samples_bit_for_bit():
    """`Animator.sample` fills its (times, columns) matrix a block of rows
    at a time (a few thousand rows of every track, so the block stays in
    cache); every value is still the one the track's own batch gives, across
    block edges, with eased, curved and color tracks mixed in."""
    rng = np.random.default_rng(25)
    anim = razzle.Animator()
    tracks = []
    for i in range(300):
        kind = i % 3
        if kind == 2:
            track = anim.add_track(f"t{i}", "backgroundColor")
            for t in np.sort(rng.uniform(0, 100, 6)):
                track.set(float(t), tuple(rng.uniform(0, 1, 3)) + (1.0,))
        else:
            track = anim.add_track(f"t{i}", "x")
            times = np.sort(rng.uniform(0, 100, 12))
            easing = "easeInOutQuad" if kind == 1 else None
            for t, v in zip(times, rng.normal(size=12)):
                track.set(float(t), float(v), easing=easing)
        tracks.append(track)
    frames = np.concatenate([np.linspace(-5, 105, 9000), rng.uniform(-5, 105, 1000)])
    matrix = anim.sample(frames)
    column = 0
    for track in tracks:
        own = np.asarray(track.sample(frames)).reshape(len(frames), -1)
        width = own.shape[1]
        assert np.array_equal(matrix[:, column : column + width].view(np.uint64), own.view(np.uint64))
        column += width
    assert column == matrix.shape[1]
