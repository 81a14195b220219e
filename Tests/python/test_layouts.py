"""The frame matrix's two layouts (Guides/Sampling.md, "Matrix layouts"):
`layout="columns"` gives `(columns,) + times.shape`, each column one
contiguous series, holding bit for bit what the tracks sampled one by one
give (the independent source here), for animators, nodes and Lottie
imports; bad layout names and buffers are refused before anything is
written."""

from pathlib import Path

import numpy as np
import pytest
import razzle

SHARED = Path(__file__).resolve().parents[3] / "shared" / "lottie" / "files"


def bits(a):
    return np.ascontiguousarray(a, dtype=np.float64).view(np.uint64)


def scene():
    anim = razzle.Animator()
    tracks = []
    alpha = anim.add_track("v", "alpha")
    alpha.set(0, 0.0, easing="easeInOutCubic")
    alpha[7], alpha[10] = 1.0, 0.25
    tracks.append(alpha)
    frame = anim.add_track("v", "frame")
    frame[0], frame[10] = (0, 0, 10, 10), (100, 50, 20, 40)
    tracks.append(frame)
    rng = np.random.default_rng(25)
    for i in range(9):
        x = anim.add_track(f"w{i}", "x")
        x.set_keyframes(np.sort(rng.uniform(0, 10, 3 + i)), rng.normal(size=3 + i))
        tracks.append(x)
    color = anim.add_track("v", "backgroundColor", color_space="oklab")
    color[1], color[9] = "#ff0000", "#0080ff80"
    tracks.append(color)
    return anim, tracks


def times(n, seed=7):
    rng = np.random.default_rng(seed)
    t = np.concatenate([np.linspace(-1, 11, n // 2), rng.uniform(-1, 11, n - n // 2)])
    t[::97] = np.nan
    return t


@pytest.mark.parametrize("threads", [1, 2])
def test_animator_columns_hold_each_tracks_samples(threads):
    razzle.set_thread_count(threads)
    try:
        anim, tracks = scene()
        t = times(200_003)
        columns = anim.sample(t, layout="columns")
        expected = np.concatenate([tr.sample(t).reshape(t.size, -1) for tr in tracks], axis=1)
        assert columns.shape == (expected.shape[1], t.size)
        assert columns.flags.c_contiguous
        np.testing.assert_array_equal(bits(columns), bits(expected.T))
        np.testing.assert_array_equal(bits(anim.sample(t)), bits(expected))
        out = np.full((expected.shape[1], t.size), 7.0)
        assert anim.sample(t, out=out, layout="columns") is out
        np.testing.assert_array_equal(bits(out), bits(expected.T))
    finally:
        razzle.set_thread_count(0)


def test_columns_of_nd_times_and_one_time():
    anim, tracks = scene()
    t = times(600).reshape(20, 30)
    columns = anim.sample(t, layout="columns")
    rows = anim.sample(t)
    assert columns.shape == (rows.shape[-1], 20, 30)
    np.testing.assert_array_equal(bits(np.moveaxis(columns, 0, -1)), bits(rows))
    one = anim.sample(np.array([3.5]), layout="columns")
    assert one.shape == (rows.shape[-1], 1)
    np.testing.assert_array_equal(bits(one[:, 0]), bits(np.concatenate([np.ravel(tr.sample(3.5)) for tr in tracks])))


def test_node_columns():
    anim, _ = scene()
    timeline = razzle.Timeline(iterations=2, direction="alternate")
    timeline.add(razzle.Clip(anim, duration=4, fill="forwards"))
    timeline.add(razzle.Clip(anim, span=(0, 5), duration=2), at="<1")
    t = times(50_001)
    rows = timeline.sample(t)
    columns = timeline.sample(t, layout="columns")
    assert columns.shape == (rows.shape[1], t.size)
    np.testing.assert_array_equal(bits(columns), bits(rows.T))
    backwards = timeline.sample(t, animation_direction="backwards", layout="columns")
    np.testing.assert_array_equal(bits(backwards), bits(timeline.sample(t, animation_direction="backwards").T))
    out = np.empty_like(columns)
    assert timeline.sample(t, out=out, layout="columns") is out
    np.testing.assert_array_equal(bits(out), bits(rows.T))


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/lottie/files is not beside the checkout")
def test_lottie_columns():
    lottie = razzle.import_lottie(SHARED / "4479-fireworks.json")
    t = np.linspace(-5, 130, 4001)
    rows = lottie.sample(t)
    columns = lottie.sample(t, layout="columns")
    assert columns.shape == (lottie.row_width, t.size)
    np.testing.assert_array_equal(bits(columns), bits(rows.T))


def test_bad_layouts_and_buffers():
    anim, _ = scene()
    t = times(100)
    with pytest.raises(razzle.InvalidNameError, match='did you mean "columns"'):
        anim.sample(t, layout="colums")
    with pytest.raises(razzle.InvalidTypeError):
        anim.sample(t, layout=1)
    timeline = razzle.Timeline()
    timeline.add(razzle.Clip(anim, duration=1))
    with pytest.raises(razzle.InvalidNameError):
        timeline.sample(t, layout="cols")
    out = np.full(anim.layout.columns * t.size - 1, 7.0)
    with pytest.raises(razzle.BufferTooSmallError):
        anim.sample(t, out=out, layout="columns")
    assert (out == 7.0).all(), "nothing written on a refusal"
