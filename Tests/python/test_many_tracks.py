"""Adding tracks and their first keyframes from Python: the light Track
objects `add_track` makes, and `set_keyframes`' path for a few plain
numbers, give what the general paths give, errors included."""

import gc

import numpy as np
import pytest
import razzle
from razzle import _animator


@pytest.mark.parametrize(
    "property, kind, channels, space",
    [
        ("alpha", "scalar", 1, None),
        ("x", "scalar", 1, None),
        ("position", "point", 2, None),
        ("frame", "rect", 4, None),
        ("hidden", "bool", 1, None),
        ("backgroundColor", "color", 4, ("srgb", False)),
        ("transform", "transform", 6, None),
    ],
)
def test_added_tracks_know_their_kind_as_the_library_resolved_it(anim, property, kind, channels, space):
    # The first track of a name asks the library, later ones reuse its
    # answer; both agree with a Track read back through the general path.
    first = anim.add_track("a", property)
    second = anim.add_track("b", property)
    looked_up = anim["a", property]
    for track in (first, second, looked_up):
        assert (track.kind, track.channels) == (kind, channels)
        assert track._color_space == space
    assert (first.target, first.property) == ("a", property)
    assert (second.target, looked_up.target) == ("b", "a")
    assert _animator._IMPLIED_KINDS[property.encode()] == (kind, channels, space)


def test_kinds_from_options_are_not_taken_for_the_name(anim):
    # "x" with kind="point" is a point; a later plain "x" is still a scalar.
    point = anim.add_track("p", "x", kind="point")
    plain = anim.add_track("q", "x")
    assert (point.kind, point.channels) == ("point", 2)
    assert (plain.kind, plain.channels) == ("scalar", 1)


def test_names_are_plain_strings_and_bad_names_are_refused(anim):
    class Name(str):
        pass

    track = anim.add_track(Name("view"), Name("alpha"))
    assert type(track.target) is str and type(track.property) is str
    assert (track.target, track.property) == ("view", "alpha")
    with pytest.raises(razzle.InvalidNameError, match="NUL"):
        anim.add_track("a\x00b", "x")
    with pytest.raises(razzle.InvalidNameError, match="surrogate"):
        anim.add_track("a\ud800", "x")
    with pytest.raises(razzle.InvalidTypeError):
        anim.add_track(3, "x")
    with pytest.raises(razzle.DuplicateTrackError):
        anim.add_track("view", "alpha")
    with pytest.raises(razzle.InvalidNameError):
        anim.add_track("v", "")
    assert len(anim) == 1


def test_a_dropped_track_releases_its_handle_and_close_is_idempotent(anim):
    track = anim.add_track("v", "x")
    track[0] = 2.0
    track.close()
    track.close()
    assert track.closed
    with pytest.raises(razzle.ClosedError):
        track.set_keyframes([0.0, 1.0], [0.0, 1.0])
    with pytest.raises(razzle.ClosedError):
        track(0.5)
    # The library's track lives on in the animator; a new handle reads it.
    assert anim["v", "x"](0.5) == 2.0
    for i in range(1000):
        anim.add_track(f"t{i}", "x")  # dropped at once: __del__ releases
    gc.collect()
    assert len(anim) == 1001


def test_small_plain_batches_equal_the_array_path(anim):
    # Lists and tuples of floats and ints, in order, out of order, with a
    # repeated time (the last entry wins): the same keyframes and samples
    # as numpy arrays give.
    cases = [
        ([0.0, 1.0], [0.0, 0.5]),
        ((3, 1, 2), (0.25, 1, 0.75)),
        ([0.0, 2.0, 2.0, 5.0], [1.0, 0.0, 0.5, np.float64(0.25)]),
        ([float(t) for t in range(64)], [t / 64 for t in range(64)]),
        ([float(t) for t in range(65)], [t / 65 for t in range(65)]),
    ]
    query = np.linspace(-1, 70, 143)
    for i, (times, values) in enumerate(cases):
        small = anim.add_track(f"small{i}", "alpha")
        small.set_keyframes(times, values)
        array = anim.add_track(f"array{i}", "alpha")
        array.set_keyframes(np.array(times, dtype=float), np.array(values, dtype=float))
        assert small.keyframes == array.keyframes
        assert np.array_equal(small(query), array(query))
    # Onto existing keyframes: merged.
    track = anim.add_track("merge", "x")
    track.set_keyframes([0.0, 10.0], [0.0, 10.0])
    track.set_keyframes([5.0, 10.0], [1.0, 2.0])
    assert track.times.tolist() == [0.0, 5.0, 10.0]
    assert track.values.tolist() == [0.0, 1.0, 2.0]


def test_small_batches_refuse_what_the_array_path_refuses(anim):
    track = anim.add_track("v", "alpha")
    with pytest.raises(razzle.InvalidTypeError):
        track.set_keyframes([False, True], [0.0, 1.0])  # bools are not times
    with pytest.raises(razzle.InvalidTypeError):
        track.set_keyframes([0.0, "1"], [0.0, 1.0])
    with pytest.raises(razzle.InvalidValueError, match="finite"):
        track.set_keyframes([0.0, float("nan")], [0.0, 1.0])
    with pytest.raises(razzle.InvalidValueError, match="within"):
        track.set_keyframes([0.0, 1.0], [0.0, 1.5])  # alpha in [0, 1]
    with pytest.raises(razzle.InvalidValueError):
        track.set_keyframes([0.0, 10**400], [0.0, 1.0])  # beyond the float range
    with pytest.raises(razzle.WrongSizeError):
        track.set_keyframes([0.0, 1.0, 2.0], [0.0, 1.0])
    with pytest.raises(razzle.InvalidValueError, match="overflows"):
        track.set_keyframes([-1e308, 1e308], [0.0, 1.0])
    assert len(track) == 0
    # Styles and other kinds take the general path.
    track.set_keyframes([0.0, 1.0], [0.0, 1.0], easing="easeInQuad")
    assert track(0.5) == 0.25
    point = anim.add_track("v", "position")
    point.set_keyframes([0.0, 1.0], [(0.0, 0.0), (2.0, 4.0)])
    assert point(0.5) == razzle.Point(1.0, 2.0)


def test_a_large_animator_samples_every_track(anim):
    n = 2000
    for i in range(n):
        track = anim.add_track(f"view{i}", "alpha")
        track.set_keyframes([0.0, 1.0], [0.0, i / n])
    row = anim.sample([0.5])
    assert row.shape == (1, n)
    assert np.array_equal(row[0], np.arange(n) / n * 0.5)
    assert anim.animate(0.5)["view7", "alpha"] == 7 / n * 0.5
