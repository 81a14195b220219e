"""Bulk calls: keyframes, layouts, transforms and colors cross the library
boundary in a bounded number of calls, whatever their count, and give what
the one-at-a-time calls give."""

import numpy as np
import pytest
import razzle
from razzle import _animator, _track


class CallCounter:
    """Counts the library calls made through a module's `lib`."""

    def __init__(self, lib):
        self._lib = lib
        self.calls = []

    def __getattr__(self, name):
        function = getattr(self._lib, name)
        if not name.startswith("kf_"):
            return function

        def counted(*args, **kwargs):
            self.calls.append(name)
            return function(*args, **kwargs)

        return counted


@pytest.fixture
def counter(monkeypatch):
    spy = CallCounter(_track.lib)
    monkeypatch.setattr(_track, "lib", spy)
    monkeypatch.setattr(_animator, "lib", spy)
    return spy


def test_keyframes_are_read_in_calls_per_style_not_per_keyframe(anim, counter):
    track = anim.add_track("v", "x")
    track.set_keyframes(np.arange(1000.0), np.arange(1000.0) ** 2, easing="easeInQuad")
    track.set(2000, 5.0, interpolation="hold")
    counter.calls.clear()
    keyframes = track.keyframes
    assert len(keyframes) == 1001
    # The snapshot (count, then read) and two calls per distinct style (the
    # easing text's length, then the style): three styles here at most.
    assert len(counter.calls) <= 2 + 2 * 3, counter.calls
    assert keyframes[10] == razzle.Keyframe(10.0, 100.0, "easeInQuad")
    assert keyframes[-1].interpolation == "hold"


def test_a_cold_layout_and_matrix_take_a_few_calls(anim, counter):
    for i in range(10):
        track = anim.add_track(f"view{i}", "alpha")
        track[0], track[1] = 0.0, 1.0
    counter.calls.clear()
    matrix = anim.sample([0.25, 0.5])
    assert matrix.shape == (2, 10)
    assert np.all(matrix[0] == 0.25)
    # generation, track count, the layout, the matrix (and the layout's own
    # generation check): not one call per track.
    assert len(counter.calls) <= 6, counter.calls


def test_set_keyframes_equals_setting_one_by_one(anim):
    rng = np.random.default_rng(7)
    times = rng.permutation(200).astype(float) / 4
    values = rng.normal(size=(200, 2))
    bulk = anim.add_track("a", "position")
    bulk.set_keyframes(times, values, easing="easeOutCubic")
    single = anim.add_track("b", "position")
    for t, v in zip(times, values):
        single.set(t, tuple(v), easing="easeOutCubic")
    assert bulk.keyframes == single.keyframes
    query = np.linspace(-1, 51, 401)
    assert np.array_equal(bulk(query), single(query))
    t, v = bulk.keyframe_arrays()
    order = np.argsort(times)
    assert np.array_equal(t, times[order]) and np.array_equal(v, values[order])
    assert np.array_equal(bulk.times, t) and np.array_equal(bulk.values, v)


def _last_of_each_time(times, values):
    """numpy's oracle of a bulk set into an empty track: a stable sort by
    time (-0.0 and 0.0 are one time), then the last entry of each time."""
    order = np.argsort(times, kind="stable")
    ordered = times[order]
    last = np.ones(len(times), dtype=bool)
    last[:-1] = ordered[1:] != ordered[:-1]
    return order[last]


_DRAWS = {
    # Quarter integers (the bench's batch: the keys differ in 31 bits).
    "quarters": lambda rng, n: rng.integers(0, 2 * n, n) / 4,
    # Both signs, -0.0 and 0.0 among them, many repeats.
    "signed": lambda rng, n: rng.integers(-n // 8, n // 8, n) / 8 * np.where(rng.random(n) < 0.5, -1.0, 1.0),
    # Any finite double's bits: the keys differ in all 64 bits, and the
    # values crowd a few of the equal-width buckets of a large batch.
    "binades": lambda rng, n: rng.choice([-1.0, 1.0], n) * np.exp(rng.uniform(-700, 700, n)),
    # Times spanning more than a double (their range overflows).
    "extremes": lambda rng, n: rng.choice(np.concatenate([-np.linspace(0, 1.7e308, 501), np.linspace(0, 1.7e308, 501)]), n),
}


# 20,000 entries are radix sorted by byte; 200,000 split into buckets first.
@pytest.mark.parametrize("n", [20_000, 200_000])
@pytest.mark.parametrize("draw", sorted(_DRAWS))
def test_set_keyframes_in_random_order_equals_numpy(anim, draw, n):
    rng = np.random.default_rng(25)
    times = _DRAWS[draw](rng, n)
    times[rng.integers(0, n, 50)] = -0.0
    times[rng.integers(0, n, 50)] = 0.0
    values = rng.normal(size=(n, 2))
    track = anim.add_track("v", "position")
    track.set_keyframes(times, values)
    keep = _last_of_each_time(times, values)
    t, v = track.keyframe_arrays()
    assert np.array_equal(t, times[keep]) and np.array_equal(v, values[keep])
    # The kept entry's own time: -0.0 or 0.0, whichever came last.
    zero = np.flatnonzero(t == 0)
    assert np.array_equal(np.signbit(t[zero]), np.signbit(times[keep][zero]))


def test_set_keyframes_of_one_time_or_an_overflowing_gap(anim):
    track = anim.add_track("v", "x")
    track.set_keyframes(np.full(1000, 2.5), np.arange(1000.0))
    assert track.keyframe_arrays()[0].tolist() == [2.5]
    assert track.keyframe_arrays()[1].tolist() == [999.0]
    empty = anim.add_track("w", "x")
    times = np.full(1000, -1.7e308)
    times[500] = 1.7e308  # the gap between the two times overflows
    with pytest.raises(razzle.InvalidValueError, match="overflows"):
        empty.set_keyframes(times, np.zeros(1000))
    assert len(empty.keyframes) == 0
    empty.set_keyframes(np.arange(1000.0)[::-1], np.arange(1000.0))
    assert empty.times.tolist() == list(np.arange(1000.0))


def test_set_keyframes_takes_all_or_nothing(anim):
    track = anim.add_track("v", "alpha")
    track.set_keyframes([0.0, 1.0], [0.0, 1.0])
    with pytest.raises(razzle.InvalidValueError, match="keyframe 1"):
        track.set_keyframes([2.0, 3.0], [0.5, 1.5])  # alpha above 1
    with pytest.raises(razzle.WrongSizeError):
        track.set_keyframes([2.0, 3.0], [0.5])
    assert track.times.tolist() == [0.0, 1.0]
    colors = anim.add_track("v", "fillColor")
    colors.set_keyframes([1.0, 0.0], ["red", "#0000ff"])
    assert colors(0) == razzle.Color(0, 0, 1) and colors(1) == razzle.Color(1, 0, 0)


def test_transforms_over_times_equal_single_calls(anim):
    anim.add_track("v", "rotation").set_keyframes([0.0, 10.0], [0.0, 90.0])
    anim.add_track("v", "scale").set_keyframes([0.0, 10.0], [1.0, 3.0])
    times = np.linspace(-1, 11, 25).reshape(5, 5)
    batch = anim.transform("v", times)
    assert batch.shape == (5, 5, 6)
    for index in np.ndindex(times.shape):
        assert tuple(batch[index]) == tuple(anim.transform("v", float(times[index])))


def test_color_batches_equal_single_conversions():
    rng = np.random.default_rng(3)
    colors = np.concatenate([rng.uniform(-0.2, 1.2, size=(3, 4, 3)), rng.uniform(0, 1, size=(3, 4, 1))], axis=-1)
    for space in ["srgb", "linear-srgb", "oklab", "oklch", "hsl"]:
        coordinates = razzle.colors_to_space(colors, space)
        assert coordinates.shape == colors.shape
        for index in np.ndindex(colors.shape[:-1]):
            color = razzle.Color(*colors[index])
            assert tuple(coordinates[index][:3]) == color.to_space(space)
            assert coordinates[index][3] == colors[index][3]
        back = razzle.colors_from_space(coordinates, space)
        assert np.allclose(back, colors, atol=1e-9)
    mapped = razzle.gamut_map(colors)
    for index in np.ndindex(colors.shape[:-1]):
        assert tuple(mapped[index]) == tuple(razzle.Color(*colors[index]).gamut_mapped())
    with pytest.raises(razzle.WrongSizeError):
        razzle.gamut_map(np.zeros((2, 3)))
    with pytest.raises(razzle.InvalidNameError, match="did you mean"):
        razzle.colors_to_space(colors, "okLab")
