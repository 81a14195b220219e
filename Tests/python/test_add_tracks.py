"""Animator.add_tracks: many tracks in one call, all or nothing.

Values are checked against the linear rule worked in numpy (the keyframe
value at and past the ends, v0 + (v1 - v0) * (t - t0) / (t1 - t0) inside)
and against the same tracks built one by one with add_track and
set_keyframes."""

import threading

import numpy as np
import pytest

import razzle


def linear_rule(times, values, t):
    """The sampling rule for one scalar track of sorted keyframes."""
    t = np.asarray(t, dtype=float)
    k = np.clip(np.searchsorted(times, t, side="right") - 1, 0, len(times) - 2)
    t0, t1, v0, v1 = times[k], times[k + 1], values[k], values[k + 1]
    inside = v0 + (v1 - v0) * ((np.clip(t, times[0], times[-1]) - t0) / (t1 - t0))
    return np.where(t <= times[0], values[0], np.where(t >= times[-1], values[-1], inside))


def test_shared_times_give_the_linear_rule_on_every_track():
    rng = np.random.default_rng(26)
    n = 500
    times = np.array([0.0, 0.3, 1.0])
    values = rng.uniform(0, 1, (n, 3))
    queries = np.array([-1.0, 0.0, 0.1, 0.3, 0.65, 0.99, 1.0, 2.0])
    with razzle.Animator() as anim:
        anim.add_tracks([f"view{i}" for i in range(n)], "alpha", times, values)
        assert [c.target for c in anim.layout] == [f"view{i}" for i in range(n)]
        matrix = anim.sample(queries)
    expected = np.stack([linear_rule(times, values[i], queries) for i in range(n)], axis=1)
    np.testing.assert_allclose(matrix, expected, rtol=0, atol=1e-15)


def test_bulk_tracks_equal_tracks_built_one_by_one_bit_for_bit():
    rng = np.random.default_rng(27)
    n, k = 64, 5
    # One row of times a track, in any order (set_keyframes' rule: sorted once).
    times = rng.uniform(0, 10, (n, k))
    values = rng.uniform(-5, 5, (n, k))
    queries = rng.uniform(-1, 11, 300)
    with razzle.Animator() as bulk, razzle.Animator() as single:
        bulk.add_tracks([f"t{i}" for i in range(n)], [f"p{i % 3}" for i in range(n)], times, values)
        for i in range(n):
            single.add_track(f"t{i}", f"p{i % 3}").set_keyframes(times[i], values[i])
        np.testing.assert_array_equal(bulk.sample(queries), single.sample(queries))
        order = np.argsort(times[7])
        np.testing.assert_allclose(
            bulk["t7", "p1"](queries), linear_rule(times[7][order], values[7][order], queries), rtol=0, atol=1e-14
        )


def test_multi_channel_values_go_one_track_after_another():
    with razzle.Animator() as anim:
        values = np.array([[[0, 0], [10, 20]], [[1, 1], [3, 5]]], dtype=float)  # (n, k, channels)
        anim.add_tracks(["a", "b"], "position", [0.0, 2.0], values)
        assert anim["a", "position"](0.5) == razzle.Point(2.5, 5.0)
        assert anim["b", "position"](1.0) == razzle.Point(2.0, 3.0)
        assert [c.channels for c in anim.layout] == [2, 2]


def test_options_apply_to_every_track():
    with razzle.Animator() as anim:
        anim.add_tracks(["a", "b"], "tint", [0.0, 1.0], np.zeros((2, 2, 3)), kind="vector", channels=3)
        assert [c.kind for c in anim.layout] == ["vector", "vector"]
        anim.add_tracks(["c"], "x", None, None)
        assert len(anim["c", "x"]) == 0


def _state(anim):
    layout = anim.layout
    return [(c.target, c.property) for c in layout], layout.generation


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda a: a.add_tracks(["n", "kept"], "alpha", [0, 1], [[0, 1], [0, 1]]), razzle.DuplicateTrackError, "tracks[1]"),
        (lambda a: a.add_tracks(["n", "n"], "alpha", [0, 1], [[0, 1], [0, 1]]), razzle.DuplicateTrackError, "twice"),
        (lambda a: a.add_tracks(["n", "m"], "alpha", [0, 1], [[0, 1], [0, 2]]), razzle.InvalidValueError, "tracks[1]"),
        (lambda a: a.add_tracks(["n", "m"], "x", [0, np.nan], [[0, 1], [0, 2]]), razzle.InvalidValueError, "tracks[0]"),
        (lambda a: a.add_tracks(["n", "m"], "x", [0, 1], [0, 1, 2]), razzle.WrongSizeError, "values"),
        (lambda a: a.add_tracks(["n", "m"], "x", [0, 1], [0, 1, 2, 3, 4]), razzle.WrongSizeError, "values"),
        (lambda a: a.add_tracks(["n", "m"], "x", [[0, 1], [0, 1], [0, 1]], [0, 1, 2, 3]), razzle.WrongSizeError, "times"),
        (lambda a: a.add_tracks(["n", "m"], ["x"], [0, 1], [0, 1, 2, 3]), razzle.WrongSizeError, "properties"),
        (lambda a: a.add_tracks(["n", "m"], ["x", ""], [0, 1], [0, 1, 2, 3]), razzle.InvalidNameError, "tracks[1]"),
        (lambda a: a.add_tracks(["n", "a\x00b"], "x", [0, 1], [0, 1, 2, 3]), razzle.InvalidNameError, "NUL"),
        (lambda a: a.add_tracks(["n"], "x", [0, 1], [0, 1], kind="colour"), razzle.InvalidNameError, "colour"),
        (lambda a: a.add_tracks("nm", "x", [0, 1], [0, 1]), razzle.InvalidTypeError, "sequence"),
        (lambda a: a.add_tracks(["n"], "x", [0, 1], None), razzle.InvalidTypeError, "together"),
        (lambda a: a.add_tracks(["n"], "x", [0, 1], ["a", "b"]), razzle.InvalidTypeError, "values"),
    ],
)
def test_an_error_adds_nothing_and_names_the_entry(call, error, words):
    with razzle.Animator() as anim:
        anim.add_track("kept", "alpha").set_keyframes([0, 1], [0, 1])
        before = _state(anim)
        with pytest.raises(error) as raised:
            call(anim)
        assert words in str(raised.value)
        assert _state(anim) == before
        assert anim["kept", "alpha"](0.5) == 0.5


def test_a_closed_animator_raises():
    anim = razzle.Animator()
    anim.close()
    with pytest.raises(razzle.ClosedError):
        anim.add_tracks(["a"], "x", [0, 1], [0, 1])


def test_threads_adding_at_once_all_land():
    with razzle.Animator() as anim:

        def add(j):
            for r in range(20):
                names = [f"w{j}-{r}-{i}" for i in range(50)]
                anim.add_tracks(names, "x", [0.0, 1.0], np.tile([0.0, float(j)], (50, 1)))

        threads = [threading.Thread(target=add, args=(j,)) for j in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        layout = anim.layout
        assert len(layout) == 4 * 20 * 50
        row = anim.sample([0.5])[0]
        for column in layout:
            j = int(column.target[1:].split("-")[0])
            assert row[column.start] == 0.5 * j
