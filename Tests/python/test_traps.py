"""Python without traps: iteration and `in` mean keyframes, wrong input is a
clear razzle error (never a ctypes, numpy or codec message, never a silent
guess), and a failed call changes nothing."""

import itertools
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
import razzle
import razzle._colors


def state(track):
    return track.keyframes, track.extrapolation


# -- iteration, `in`, len ----------------------------------------------------


def test_iteration_gives_the_keyframes_and_ends(alpha):
    alpha.set(45, 0.25, easing="easeInQuad")
    # A sampling __getitem__ would make iteration run for ever; islice bounds it.
    frames = list(itertools.islice(iter(alpha), 1000))
    assert frames == alpha.keyframes
    assert [kf.time for kf in alpha] == [30.0, 45.0, 60.0]
    assert [kf.value for kf in alpha] == [1.0, 0.25, 0.0]
    assert all(isinstance(kf, razzle.Keyframe) for kf in alpha)
    assert [kf.time for kf in reversed(alpha)] == [60.0, 45.0, 30.0]
    assert len(alpha) == 3


def test_iterating_an_empty_track_gives_nothing(anim):
    empty = anim.add_track("v", "x")
    assert list(empty) == [] and len(empty) == 0 and not empty


def test_iteration_is_a_snapshot(alpha):
    seen = []
    for kf in alpha:
        seen.append(kf.time)
        alpha[kf.time + 1000] = 0.5  # edits while iterating do not extend the loop
    assert seen == [30.0, 60.0] and len(alpha) == 4


def test_in_asks_for_a_keyframe_at_exactly_that_time(alpha):
    assert 30 in alpha and 60.0 in alpha
    assert np.float64(30) in alpha and np.int32(60) in alpha and Fraction(60) in alpha
    assert np.array(30.0) in alpha
    assert 45 not in alpha and 30.000000001 not in alpha
    assert math.nan not in alpha and math.inf not in alpha and -math.inf not in alpha
    assert 10**400 not in alpha  # beyond the float range: no keyframe can be there
    alpha[0] = 0.5
    assert -0.0 in alpha  # -0.0 == 0.0
    del alpha[30]
    assert 30 not in alpha


def test_in_agrees_with_a_set_of_times(anim):
    rng = np.random.default_rng(8)
    track = anim.add_track("v", "x")
    keys = sorted(set(np.round(rng.uniform(-100, 100, 300), 1).tolist()))
    for t in keys:
        track[t] = t
    probes = np.round(rng.uniform(-110, 110, 500), 1).tolist() + keys[:5] + [keys[0], keys[-1]]
    present = set(keys)
    for t in probes:
        assert (t in track) == (t in present), t


@pytest.mark.parametrize("probe", ["30", None, (30, 1.0), [30], 30j, True])
def test_in_refuses_what_is_not_a_time(alpha, probe):
    with pytest.raises(razzle.InvalidTypeError, match="keyframe sits at time t"):
        probe in alpha  # noqa: B015
    with pytest.raises(TypeError):
        probe in alpha  # noqa: B015


def test_a_keyframe_is_found_in_the_keyframe_list(alpha):
    kf = alpha.keyframes[0]
    assert kf in alpha.keyframes
    with pytest.raises(TypeError, match="track.keyframes"):
        kf in alpha  # noqa: B015


def test_subscript_still_samples(alpha):
    assert alpha[45] == 0.5  # RazzleDazzle's animation[30] = 1 syntax
    np.testing.assert_array_equal(alpha[[30, 45, 60]], [1.0, 0.5, 0.0])
    with pytest.raises(razzle.InvalidTypeError, match="sliced"):
        alpha[30:60]


def test_numpy_does_not_read_a_track_as_a_sequence(alpha):
    # With __len__ and a sampling __getitem__, numpy would sample t = 0, 1.
    with pytest.raises(TypeError, match="not an array"):
        np.asarray(alpha)


# -- wrong input -------------------------------------------------------------


@pytest.mark.parametrize(
    "bad, error",
    [
        (None, razzle.InvalidTypeError),
        ("45", razzle.InvalidTypeError),
        (b"45", razzle.InvalidTypeError),
        (1 + 2j, razzle.InvalidTypeError),
        (np.complex128(1), razzle.InvalidTypeError),
        (True, razzle.InvalidTypeError),
        (10**400, razzle.InvalidValueError),
        (-(10**400), razzle.InvalidValueError),
        (object(), razzle.InvalidTypeError),
    ],
)
def test_a_time_must_be_a_real_number(anim, alpha, bad, error):
    color = anim.add_track("label", "textColor")
    color[0] = "#000"
    before = state(alpha)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # complex times used to lose their imaginary part with a warning
        for call in (
            lambda: alpha(bad),
            lambda: alpha[bad],
            lambda: color(bad),
            lambda: alpha.velocity(bad),
            lambda: alpha.set(bad, 0.5),
            lambda: alpha.__setitem__(bad, 0.5),
            lambda: alpha.__delitem__(bad),
            lambda: anim.animate(bad),
            lambda: anim.transform("label", bad),
        ):
            with pytest.raises(error) as raised:
                call()
            assert isinstance(raised.value, razzle.RazzleError)
            assert "ctypes" not in str(raised.value)
    assert state(alpha) == before


def test_huge_integers_say_what_is_wrong(alpha):
    with pytest.raises(razzle.InvalidValueError, match="401 digits.*too large for a 64-bit float"):
        alpha(10**400)
    with pytest.raises(ValueError):  # InvalidValueError is a ValueError
        alpha(10**400)


@pytest.mark.parametrize(
    "times, error",
    [
        ([1 + 2j], razzle.InvalidTypeError),
        (np.array([1, 2], dtype=complex), razzle.InvalidTypeError),
        ([None, 1.0], razzle.InvalidTypeError),
        (["1", "2"], razzle.InvalidTypeError),
        (np.array([True, False]), razzle.InvalidTypeError),
        ([10**400], razzle.InvalidValueError),
        ([[1, 2], [3]], razzle.InvalidValueError),
        (np.array(["2020-01-01"], dtype="datetime64[D]"), razzle.InvalidTypeError),
    ],
)
def test_batch_times_must_be_real_numbers(anim, alpha, times, error):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for call in (
            lambda: alpha(times),
            lambda: alpha.sample(times),
            lambda: alpha.velocity(times),
            lambda: anim.sample(times),
            lambda: anim.sample_frames(times),
            lambda: razzle.easing("easeInQuad")(times),
            lambda: razzle.Spring().position(times),
        ):
            with pytest.raises(error):
                call()


def test_times_of_other_real_types_are_fine(alpha):
    assert alpha(Fraction(45)) == 0.5
    np.testing.assert_array_equal(alpha([Fraction(45), np.float32(30)]), [0.5, 1.0])
    np.testing.assert_array_equal(alpha(np.array([45, 30], dtype=np.uint8)), [0.5, 1.0])
    np.testing.assert_array_equal(alpha(np.array([45.0], dtype=np.float16)), [0.5])
    np.testing.assert_array_equal(alpha(range(30, 61, 15)), [1.0, 0.5, 0.0])


@pytest.mark.parametrize("bad", ["0.5", None, 0.5j, [0.5, "x"], b"1", {"x": 1}])
def test_a_value_must_be_numbers(alpha, bad):
    before = state(alpha)
    with pytest.raises(razzle.InvalidTypeError):
        alpha[0] = bad
    with pytest.raises(TypeError):
        alpha.set(0, bad, easing="easeInQuad")
    assert state(alpha) == before


def test_a_string_value_names_the_color_tracks(alpha):
    with pytest.raises(razzle.InvalidTypeError, match="only color tracks take strings"):
        alpha[0] = "0.5"


def test_huge_values_and_handle_parts(anim):
    track = anim.add_track("v", "x")
    with pytest.raises(razzle.InvalidValueError, match="too large"):
        track[0] = 10**400
    with pytest.raises(razzle.InvalidTypeError, match="pair"):
        track.set(0, 1.0, interpolation="bezier", right="ab")
    with pytest.raises(razzle.InvalidTypeError, match="right handle time"):
        track.set(0, 1.0, interpolation="bezier", right=("1", 1.0))
    with pytest.raises(razzle.InvalidTypeError, match="tension"):
        track.set(0, 1.0, interpolation="smooth", tension="0.5")
    assert len(track) == 0


def test_bool_values_are_numbers_but_bool_times_are_not(anim):
    hidden = anim.add_track("v", "hidden")
    hidden[0] = False
    hidden[10] = True
    assert hidden(20) is True and hidden(0) is False
    with pytest.raises(razzle.InvalidTypeError):
        hidden(True)


def test_names_with_nul_are_refused_not_cut(anim):
    for target, prop in (("x\x00y", "alpha"), ("x", "alp\x00ha"), ("\x00", "alpha")):
        with pytest.raises(razzle.InvalidNameError, match="NUL"):
            anim.add_track(target, prop)
    assert len(anim) == 0 and ("x", "alpha") not in anim
    anim.add_track("x", "alpha")
    with pytest.raises(razzle.InvalidNameError):
        anim["x\x00y", "alpha"]
    with pytest.raises(razzle.InvalidNameError):
        anim.remove_track("x\x00zzz", "alpha")
    assert len(anim) == 1


def test_names_must_be_strings(anim):
    with pytest.raises(razzle.InvalidTypeError):
        anim.add_track(b"label", "alpha")
    with pytest.raises(razzle.InvalidTypeError):
        anim.add_track("label", None)
    with pytest.raises(razzle.InvalidTypeError, match="anim\\[target, property\\]"):
        anim["label"]


LONE = "\ud800"


def test_lone_surrogates_are_razzle_errors_everywhere(anim, alpha):
    before = state(alpha)
    cases = [
        (lambda: anim.add_track("a" + LONE, "alpha"), razzle.InvalidNameError),
        (lambda: anim.add_track("a", LONE), razzle.InvalidNameError),
        (lambda: anim.get(LONE, "alpha"), razzle.InvalidNameError),
        (lambda: anim.add_track("a", "p", kind="co" + LONE), razzle.InvalidNameError),
        (lambda: anim.add_track("a", "p", "color", color_space="ok" + LONE), razzle.InvalidNameError),
        (lambda: anim.transform(LONE, 0), razzle.InvalidNameError),
        (lambda: alpha.set(0, 0.5, easing="ease" + LONE), razzle.EasingError),
        (lambda: alpha.set(0, 0.5, interpolation=LONE), razzle.InvalidNameError),
        (lambda: alpha.set_extrapolation(LONE), razzle.InvalidNameError),
        (lambda: setattr(alpha, "extrapolation", (LONE, "hold")), razzle.InvalidNameError),
        (lambda: razzle.easing(LONE), razzle.EasingError),
        (lambda: razzle.steps(3, LONE), razzle.EasingError),
        (lambda: razzle.Color(1, 0, 0).to_space(LONE), razzle.InvalidNameError),
        (lambda: razzle.Color.from_space((0.5, 0, 0), LONE), razzle.InvalidNameError),
        (lambda: razzle.Color.parse("#ff" + LONE), razzle.InvalidValueError),
    ]
    for call, error in cases:
        with pytest.raises(error) as raised:
            call()
        assert not isinstance(raised.value, UnicodeError)
        assert "surrogate" in str(raised.value)
    assert state(alpha) == before and len(anim) == 1


def test_nul_inside_an_easing_or_mode_is_refused_not_cut(alpha):
    before = state(alpha)
    with pytest.raises(razzle.EasingError, match="NUL"):
        alpha.set(0, 0.5, easing="easeInQuad\x00junk")
    with pytest.raises(razzle.EasingError, match="NUL"):
        razzle.easing("linear\x00(")
    with pytest.raises(razzle.InvalidNameError, match="NUL"):
        alpha.set(0, 0.5, interpolation="hold\x00x")
    with pytest.raises(razzle.InvalidNameError, match="NUL"):
        alpha.set_extrapolation("cycle\x00x")
    assert state(alpha) == before


def test_easing_none_is_linear_everywhere(alpha):
    assert razzle.easing(None) == razzle.easing("linear") == razzle.easing("") == razzle.Easing()
    assert razzle.easing(None)(0.25) == 0.25
    alpha.set(30, 1.0, easing=None)
    assert alpha.keyframes[0].easing == razzle.easing(None).spec == "linear"


def test_easings_accept_easing_and_spring_objects(alpha):
    ease = razzle.easing("easeInQuad")
    assert razzle.easing(ease) is ease
    alpha.set(30, 1.0, easing=ease)
    assert alpha(45) == 1 - 0.25  # 1 + (0 - 1) * 0.5**2
    spring = razzle.Spring(1, 100, 10)
    alpha.set(30, 1.0, easing=spring)
    assert alpha.keyframes[0].easing == spring.spec
    for bad in (5, b"linear", ["easeInQuad"]):
        with pytest.raises(razzle.InvalidTypeError, match="an easing is"):
            alpha.set(30, 1.0, easing=bad)
        with pytest.raises(razzle.InvalidTypeError):
            razzle.easing(bad)


def test_helpers_take_numbers_not_strings():
    with pytest.raises(razzle.InvalidTypeError, match="x1"):
        razzle.cubic_bezier("0.1", 0, 1, 1)
    with pytest.raises(razzle.InvalidTypeError):
        razzle.steps("3")
    with pytest.raises(razzle.InvalidTypeError):
        razzle.steps(3, 5)
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Spring(mass="1")
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Transform.make(tx="1")
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Transform3D.make(translation=(0, "1", 0))
    with pytest.raises(razzle.WrongSizeError):
        razzle.Transform3D.make(translation=(0, 1))
    assert razzle.cubic_bezier(0.25, 0.1, 0.25, 1) == "cubic-bezier(0.25, 0.1, 0.25, 1)"


def test_counts_are_integers(anim):
    with pytest.raises(razzle.InvalidTypeError):
        anim.add_track("v", "p", "vector", channels=2.5)
    with pytest.raises(razzle.InvalidTypeError):
        anim.add_track("v", "p", "vector", channels="3")
    with pytest.raises(razzle.InvalidValueError):
        anim.add_track("v", "p", "vector", channels=-1)
    with pytest.raises(razzle.InvalidTypeError):
        anim.add_track("v", "c", "color", premultiplied="yes")
    with pytest.raises(razzle.InvalidValueError):
        razzle.set_thread_count(-1)
    with pytest.raises(razzle.InvalidTypeError):
        razzle.set_thread_count(2.5)
    assert len(anim) == 0


# -- colors ------------------------------------------------------------------


def test_colors_as_bytes_are_a_clear_mistake(anim):
    color = anim.add_track("label", "textColor")
    for bad in ((255, 0, 0), [0, 128, 255], (1, 0, 0, 255), np.array([255, 0, 0]), razzle.Color(255, 0, 0)):
        with pytest.raises(razzle.InvalidValueError, match="divide 8-bit components by 255.*from_bytes"):
            color[0] = bad
    assert len(color) == 0
    with pytest.raises(razzle.InvalidValueError, match="255"):
        razzle.Color(255, 0, 0).to_space("oklab")
    color[0] = (1, 0, 0)  # integers 0 and 1 are fine
    color[1] = (1.2, 0.0, -0.1)  # extended sRGB floats are allowed
    assert color(0) == (1.0, 0.0, 0.0, 1.0)
    assert color(1) == (1.2, 0.0, -0.1, 1.0)


def test_color_from_bytes():
    assert razzle.Color.from_bytes(255, 128, 0) == (1.0, 128 / 255, 0.0, 1.0)
    assert razzle.Color.from_bytes(0, 0, 0, 51) == (0.0, 0.0, 0.0, 0.2)
    with pytest.raises(razzle.InvalidValueError):
        razzle.Color.from_bytes(256, 0, 0)
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Color.from_bytes(0.5, 0, 0)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("#f00", (1, 0, 0, 1)),
        ("#F00", (1, 0, 0, 1)),
        ("#f008", (1, 0, 0, 0x88 / 255)),
        ("#ff8000", (1, 0x80 / 255, 0, 1)),
        ("#00ff0080", (0, 1, 0, 0x80 / 255)),
        ("  #0000ff ", (0, 0, 1, 1)),
        # CSS Color 4: named colors from its table, rgb() and hsl() by its
        # formulas (red is hue 0, saturation 100%, lightness 50%).
        ("red", (1, 0, 0, 1)),
        ("RebeccaPurple", (0x66 / 255, 0x33 / 255, 0x99 / 255, 1)),
        ("transparent", (0, 0, 0, 0)),
        ("rgb(255, 0, 0)", (1, 0, 0, 1)),
        ("rgb(0 128 255 / 50%)", (0, 128 / 255, 1, 0.5)),
        ("hsl(0, 100%, 50%)", (1, 0, 0, 1)),
    ],
)
def test_color_strings(anim, text, expected):
    assert razzle.Color.parse(text) == expected
    color = anim.add_track("label", "textColor")
    color[0] = text
    assert color(0) == expected


@pytest.mark.parametrize("text", ["#12345", "#ggg", "", "#", "ff0000", "rgb(1, 2)", "hsl(0 100% 50% /)", "tomatoe"])
def test_other_color_strings_are_invalid_values(anim, text):
    color = anim.add_track("label", "textColor")
    with pytest.raises(razzle.InvalidValueError, match="invalid color"):
        color[0] = text
    with pytest.raises(razzle.InvalidValueError):
        razzle.Color.parse(text)
    assert len(color) == 0


def test_from_hex_keeps_its_optional_hash_and_refuses_non_strings():
    assert razzle.Color.from_hex("ff8000") == razzle.Color.from_hex("#ff8000") == razzle.Color.parse("#ff8000")
    assert razzle.Color.from_hex("f008") == (1, 0, 0, 0x88 / 255)
    for bad in (5, None, b"#fff", (1, 0, 0)):
        with pytest.raises(razzle.InvalidTypeError, match="from_hex takes a str"):
            razzle.Color.from_hex(bad)
    with pytest.raises(razzle.InvalidValueError):
        razzle.Color.from_hex("#12345")


def test_every_color_string_goes_through_parse_color(anim, monkeypatch):
    seen = []
    original = razzle._colors.parse_color

    def spy(text):
        seen.append(text)
        return original(text)

    monkeypatch.setattr(razzle._colors, "parse_color", spy)
    color = anim.add_track("label", "textColor")
    color[0] = "#fff"
    color.set(1, "#000", easing="easeInQuad")
    razzle.Color.parse("#f00")
    razzle.Color.from_hex("0f0")
    assert seen == ["#fff", "#000", "#f00", "#0f0"]


def test_a_non_color_value_on_a_color_track(anim):
    color = anim.add_track("label", "textColor")
    with pytest.raises(razzle.InvalidTypeError, match="a color must be"):
        color[0] = 0.5
    with pytest.raises(razzle.InvalidTypeError):
        color[0] = (1, None, 0)


def test_a_misspelled_color_name_suggests_the_closest():
    with pytest.raises(razzle.InvalidValueError, match='did you mean "tomato"'):
        razzle.Color.parse("tomatoe")
