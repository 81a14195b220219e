"""Copies and pickling: an Animator copies into an independent animator with
every track and keyframe detail; a Track refuses to be copied alone; handles
refuse to be pickled with a message that names the way forward; Easing and
Spring are values (equal, hashable, copyable, picklable)."""

import copy
import pickle

import numpy as np
import pytest
import razzle

TIMES = np.concatenate([np.linspace(-30, 130, 641), [0, 10, 25, 50, 100, np.nan, np.inf, -np.inf]])


def build(anim):
    """An animator with every kind and every keyframe option."""
    x = anim.add_track("box", "x")
    x.set(0, 0.0, easing="easeOutBack(2.5)")
    x.set(10, 5.0, interpolation="bezier", left=(8, 4.0), right=(14, 9.0))
    x.set(25, 2.0, interpolation="smooth", tension=0.3, continuity=-0.2, bias=0.5)
    x.set(50, 7.0, interpolation="monotone")
    x.set(70, 1.0, interpolation="paced")
    x.set(80, 3.0, interpolation="hold")
    x[100] = 4.0
    x.extrapolation = ("ping-pong", "cycle-offset")
    alpha = anim.add_track("label", "alpha")
    alpha.set(30, 1.0, easing="cubic-bezier(0.42, 0, 0.58, 1)")
    alpha.set(60, 0.0, easing="steps(4, jump-none)")
    alpha.extrapolation = "linear"
    color = anim.add_track("label", "textColor", color_space="oklch", premultiplied=True)
    color.set(0, "#ff000080", easing="bouncy(0.4)")
    color[100] = (0, 0, 1)
    plain_color = anim.add_track("box", "backgroundColor", color_space="hsl")
    plain_color.set(0, (0.2, 0.4, 0.6), interpolation="hold")
    plain_color[50] = (0.9, 0.1, 0.3, 0.5)
    plain_color.extrapolation = ("cycle", "hold")
    vector = anim.add_track("box", "weights", "vector", channels=3)
    vector.set(0, (1, 2, 3), interpolation="bezier", right=(20, (2, 3, 4)))
    vector.set(50, (4, 5, 6), easing="linear(0, 0.25 75%, 1)")
    vector[90] = (0, 0, 0)
    position = anim.add_track("box", "position")
    position.set(0, (0, 0), interpolation="smooth", tension=-0.5)
    position[40] = (10, 20)
    position[80] = (30, -5)
    anim.add_track("box", "size").set(0, (1, 2))
    anim.add_track("box", "frame").set(5, (0, 0, 10, 20))
    hidden = anim.add_track("box", "hidden")
    hidden[0] = False
    hidden.hide_at(40)
    transform = anim.add_track("box", "transform")
    transform[0] = razzle.Transform.identity()
    transform.set(100, razzle.Transform.make(10, 20, 2, 3, 1.0), easing="easeInOutSine")
    transform3d = anim.add_track("box", "transform3d")
    transform3d[0] = razzle.Transform3D.identity()
    transform3d[100] = razzle.Transform3D.make((1, 2, 3), (2, 2, 2), (1.0, 0, 1, 0), -0.002)
    anim.add_track("box", "custom", "point").set(0, (3, 4))
    return anim


def description(anim):
    """Everything a copy must reproduce, track by track, in order."""
    result = []
    for track in anim.tracks():
        result.append(
            (
                track.target,
                track.property,
                track.kind,
                track.channels,
                track.color_space if track.kind == "color" else None,
                track.extrapolation,
                track.keyframes,
            )
        )
        track.close()
    return result


def same_samples(a, b):
    left, right = a.sample(TIMES), b.sample(TIMES)
    return left.shape == right.shape and np.array_equal(left.view(np.uint64), right.view(np.uint64))


@pytest.fixture
def original():
    with razzle.Animator() as anim:
        yield build(anim)


@pytest.mark.parametrize("make_copy", [copy.copy, copy.deepcopy, razzle.Animator.copy], ids=["copy", "deepcopy", "method"])
def test_a_copy_has_every_track_and_keyframe(original, make_copy):
    copied = make_copy(original)
    try:
        assert copied is not original and isinstance(copied, razzle.Animator)
        assert copied.keys() == original.keys()
        assert description(copied) == description(original)
        assert same_samples(copied, original)  # bit for bit, NaN and ±inf included
        for key in original.keys():
            a, b = original[key], copied[key]
            assert np.array_equal(a.velocity(TIMES[:-3]), b.velocity(TIMES[:-3]))
    finally:
        copied.close()


def test_closing_the_copy_leaves_the_original_untouched(original):
    before = original.sample(TIMES)
    copied = copy.copy(original)
    copied.close()
    assert copied.closed and not original.closed
    assert repr(original) == f"<razzle.Animator ({len(original)} tracks)>"
    assert np.array_equal(original.sample(TIMES), before, equal_nan=True)
    with pytest.raises(razzle.ClosedError):
        copied.sample(TIMES)


def test_edits_on_either_side_stay_on_that_side(original):
    before = description(original)
    copied = original.copy()
    copied["label", "alpha"][45] = 0.5
    copied.remove_track("box", "x")
    copied.add_track("new", "alpha")
    assert description(original) == before
    original["box", "size"][99] = (7, 7)
    assert (99.0 in copied["box", "size"]) is False
    assert 99.0 in original["box", "size"]
    copied.close()


def test_a_copy_of_an_empty_animator_and_of_empty_tracks():
    with razzle.Animator() as anim:
        assert len(anim.copy()) == 0
        anim.add_track("v", "x")
        anim.add_track("v", "c", "color", color_space="oklab")
        copied = anim.copy()
        assert description(copied) == description(anim)
        assert copied["v", "c"].color_space == ("oklab", False)


def test_deepcopy_keeps_shared_references_shared(original):
    scene = {"main": original, "again": original, "easing": razzle.easing("easeInQuad")}
    copied = copy.deepcopy(scene)
    assert copied["main"] is copied["again"] and copied["main"] is not original
    assert copied["easing"] == scene["easing"]
    copied["main"].close()


def test_copying_a_closed_animator_is_a_closed_error():
    anim = razzle.Animator()
    anim.close()
    for make_copy in (copy.copy, copy.deepcopy, razzle.Animator.copy):
        with pytest.raises(razzle.ClosedError):
            make_copy(anim)


def test_a_copy_is_exact_even_where_text_would_not_be(original):
    # The copy is made by the library (kf_animator_copy), not rebuilt through
    # easing text: a short spring, whose stiffness is beyond the grammar's
    # ±1e6 for plain numbers, and every other style copy exactly.
    track = original.add_track("short", "x")
    track.set(0, 0.0, easing="spring(duration=0.005)")
    track[1] = 1.0
    copied = original.copy()
    times = np.linspace(-0.5, 1.5, 101)
    assert np.array_equal(copied["short", "x"](times), track(times))
    assert copied["short", "x"].keyframes == track.keyframes


def test_copying_a_closed_animator_is_an_error(original):
    original.close()
    with pytest.raises(razzle.ClosedError):
        original.copy()


@pytest.mark.parametrize("make_copy", [copy.copy, copy.deepcopy])
def test_a_track_refuses_to_be_copied_alone(original, make_copy):
    track = original["label", "alpha"]
    with pytest.raises(TypeError, match=r"Copy the Animator.*anim\.copy\(\)") as raised:
        make_copy(track)
    assert "ctypes" not in str(raised.value)
    assert track(45) == original["label", "alpha"](45)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_an_animator_pickles_and_a_track_refuses_with_the_way_forward(original, protocol):
    # An Animator travels as a scene file (Tests/python/test_pickle.py has the rest).
    again = pickle.loads(pickle.dumps(original, protocol=protocol))
    assert same_samples(original, again) and description(again) == description(original)
    with pytest.raises(TypeError, match=r"cannot pickle a razzle\.Track.*copy or pickle its Animator") as raised:
        pickle.dumps(original["label", "alpha"], protocol=protocol)
    assert "ctypes" not in str(raised.value) and "pointer" not in str(raised.value)


SPECS = ["linear", "easeInQuad", "easeOutBack(2.5)", "cubic-bezier(0.42, 0, 0.58, 1)", "steps(4, jump-both)",
         "linear(0, 0.25 75%, 1)", "bouncy(0.4)", "spring(mass=2, stiffness=80, damping=9, velocity=1)"]


@pytest.mark.parametrize("spec", SPECS)
def test_an_easing_is_a_value(spec):
    ease = razzle.easing(spec)
    grid = np.linspace(0, 1, 257)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(ease, protocol=protocol))
        assert again == ease and hash(again) == hash(ease) and again.spec == ease.spec
        assert np.array_equal(again(grid), ease(grid))
    assert copy.copy(ease) == ease and copy.deepcopy(ease) == ease
    assert razzle.easing(spec) == ease and razzle.easing(ease.spec) == ease
    assert {ease: 1}[razzle.easing(ease.spec)] == 1
    with pytest.raises(AttributeError):
        ease.spec = "linear"  # immutable: the hash cannot change


def test_easings_differ_when_their_curves_do():
    assert razzle.easing("easeInQuad") != razzle.easing("easeOutQuad")
    assert razzle.easing("easeInQuad") != "easeInQuad"  # a value, not its text
    assert razzle.easing("ease") == razzle.easing("cubic-bezier(0.25, 0.1, 0.25, 1)")


def test_a_spring_is_a_value():
    spring = razzle.Spring.from_duration_bounce(0.4, 0.3)
    times = np.linspace(0, 2, 101)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(spring, protocol=protocol))
        assert again == spring and hash(again) == hash(spring)
        assert again.parameters == spring.parameters
        assert np.array_equal(again.position(times), spring.position(times))
    assert copy.copy(spring) == spring and copy.deepcopy(spring) == spring
    assert razzle.Spring(*spring.parameters) == spring
    assert razzle.Spring(1, 100, 10) == razzle.Spring(1.0, 100.0, 10.0, 0.0)
    assert razzle.Spring(1, 100, 10) != razzle.Spring(1, 100, 11)
    assert razzle.Spring(1, 100, 10) != (1.0, 100.0, 10.0, 0.0)
    with pytest.raises(AttributeError):
        spring.mass = 2.0


def test_plain_values_copy_and_pickle(original):
    values = [razzle.Color(1, 0.5, 0), razzle.Point(1, 2), razzle.Transform.identity(),
              razzle.Transform3D.identity(), original["label", "alpha"].keyframes[0], original.layout]
    for value in values:
        again = pickle.loads(pickle.dumps(value))
        assert again == value and type(again) is type(value)
    layout = pickle.loads(pickle.dumps(original.layout))
    assert layout.columns == original.layout.columns and layout.generation == original.layout.generation
