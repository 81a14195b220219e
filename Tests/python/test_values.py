"""Value kinds through the library: colors, geometry, bools, hide/show,
affine composition and transforms, against hand-worked values, published
color conversions and an independent numpy implementation of CSS
Transforms Level 2 (Tests/python/oracles/css_transforms.py)."""

import itertools
import math
import sys
from pathlib import Path

import numpy as np
import pytest
import razzle

sys.path.insert(0, str(Path(__file__).parent / "oracles"))
import css_transforms as oracle  # noqa: E402


def test_razzledazzle_color_examples(anim):
    red_blue = anim.add_track("a", "backgroundColor")
    red_blue[0] = "#ff0000"
    red_blue[1] = razzle.Color(0, 0, 1)
    assert red_blue(0.5) == razzle.Color(0.5, 0.0, 0.5, 1.0)
    black_blue = anim.add_track("b", "backgroundColor")
    black_blue[0] = (0, 0, 0)
    black_blue[1] = (0, 0, 1, 1)
    assert black_blue(0.5) == (0.0, 0.0, 0.5, 1.0)
    assert isinstance(black_blue(0.5), razzle.Color)
    assert black_blue([0, 0.5]).shape == (2, 4)


def test_hex_colors():
    assert razzle.Color.from_hex("#f00") == (1, 0, 0, 1)
    assert razzle.Color.from_hex("#00ff0080") == (0, 1, 0, 128 / 255)
    assert razzle.Color(1, 0.5, 0).hex() == "#ff8000"
    assert razzle.Color(0, 0, 0, 0.5).hex() == "#00000080"
    with pytest.raises(ValueError):
        razzle.Color.from_hex("#12345")


# CSS Color 4, "Converting sRGB to OKLab" sample values (rounded in the
# spec; 1e-4): sRGB red, green, blue, white, black.
OKLAB = [
    ((1, 0, 0), (0.62796, 0.22486, 0.12585)),
    ((0, 1, 0), (0.86644, -0.23389, 0.1795)),
    ((0, 0, 1), (0.45201, -0.03246, -0.31153)),
    ((1, 1, 1), (1.0, 0.0, 0.0)),
    ((0, 0, 0), (0.0, 0.0, 0.0)),
]


@pytest.mark.parametrize("rgb, lab", OKLAB)
def test_oklab_published_values(rgb, lab):
    got = razzle.Color(*rgb).to_space("oklab")
    np.testing.assert_allclose(got, lab, atol=1e-4)


def test_color_round_trips():
    rng = np.random.default_rng(3)
    for rgb in itertools.chain(rng.uniform(0, 1, (200, 3)), rng.uniform(-0.5, 1.5, (50, 3))):
        color = razzle.Color(*rgb, 0.7)
        for space in ("linear-srgb", "oklab", "oklch", "hsl"):
            if space == "hsl" and (min(rgb) < 0 or max(rgb) > 1):
                continue
            back = razzle.Color.from_space(color.to_space(space), space, 0.7)
            np.testing.assert_allclose(back, color, atol=1e-12, err_msg=space)


def test_hsl_and_oklch_hand_worked():
    assert razzle.Color(1, 0, 0).to_space("hsl") == pytest.approx((0, 1, 0.5))
    assert razzle.Color(0, 0.5, 0.5).to_space("hsl") == pytest.approx((180, 1, 0.25))
    lch = razzle.Color(1, 0, 0).to_space("oklch")
    assert lch[1] == pytest.approx(math.hypot(0.22486, 0.12585), abs=1e-4)
    assert lch[2] == pytest.approx(math.degrees(math.atan2(0.12585, 0.22486)), abs=1e-2)


def test_color_spaces_blend_differently(anim):
    red, blue = razzle.Color(1, 0, 0), razzle.Color(0, 0, 1)
    middle = {}
    for space in ("srgb", "linear-srgb", "oklab", "oklch", "hsl"):
        track = anim.add_track("v", f"fill-{space}", "color", color_space=space)
        track[0], track[1] = red, blue
        middle[space] = track(0.5)
        assert track(0) == red and track(1) == blue
        assert track.color_space == (space, False)
    # linear-srgb: decode, average, encode.
    encode = lambda x: 1.055 * x ** (1 / 2.4) - 0.055 if x > 0.0031308 else 12.92 * x  # noqa: E731
    assert middle["linear-srgb"] == pytest.approx((encode(0.5), 0, encode(0.5), 1))
    # oklab: the average of the two OKLab coordinates, converted back.
    lab = (np.array(red.to_space("oklab")) + np.array(blue.to_space("oklab"))) / 2
    assert middle["oklab"] == pytest.approx(tuple(razzle.Color.from_space(lab, "oklab")), abs=1e-12)
    # hsl: red (hue 0) to blue (hue 240) along the shorter arc passes 300 (magenta).
    assert middle["hsl"] == pytest.approx((1, 0, 1, 1))
    # oklch: hues 29.2 and 264.1; the shorter arc goes through 326.6 (pinkish).
    h = np.array([red.to_space("oklch"), blue.to_space("oklch")])
    expected_h = (h[0, 2] + ((h[1, 2] - h[0, 2] + 180) % 360 - 180) / 2) % 360
    lch = razzle.Color(*middle["oklch"]).to_space("oklch")
    assert lch[2] == pytest.approx(expected_h, abs=1e-9)


def test_oklch_achromatic_takes_the_other_hue(anim):
    track = anim.add_track("v", "textColor", color_space="oklch")
    track[0] = (1, 1, 1)  # white: hue is powerless
    track[1] = (0, 0, 1)
    blue_hue = razzle.Color(0, 0, 1).to_space("oklch")[2]
    mid = razzle.Color(*track(0.5)).to_space("oklch")
    assert mid[2] == pytest.approx(blue_hue, abs=1e-9)


def test_premultiplied_option(anim):
    plain = anim.add_track("a", "fillColor")
    pre = anim.add_track("b", "fillColor", premultiplied=True)
    for track in (plain, pre):
        track[0] = (1, 0, 0, 1)
        track[1] = (0, 0, 1, 0)
    assert plain(0.5) == pytest.approx((0.5, 0, 0.5, 0.5))
    # Premultiplied: (1,0,0,1) and (0,0,0,0) average to (0.5,0,0,0.5) -> (1,0,0,0.5).
    assert pre(0.5) == pytest.approx((1, 0, 0, 0.5))


def test_oklab_blends_are_not_clipped_and_gamut_mapping_clips(anim):
    track = anim.add_track("v", "strokeColor", color_space="oklch")
    track[0] = (0, 1, 0)
    track[1] = (1, 0, 1)
    values = track(np.linspace(0, 1, 21))
    assert values[:, :3].min() < 0 or values[:, :3].max() > 1  # leaves sRGB, like extended sRGB
    outside = razzle.Color(*values[np.argmax(np.abs(values[:, :3] - 0.5).max(axis=1))])
    mapped = outside.gamut_mapped()
    assert all(-1e-9 <= c <= 1 + 1e-9 for c in mapped[:3])
    assert outside.clipped() == tuple(min(max(c, 0), 1) for c in outside[:3]) + (outside.a,)


def test_paging_frames_and_points(anim):
    # A paging intro: a label's frame moves one page (320 pt) per 320 of scroll.
    frame = anim.add_track("label", "frame")
    frame[0] = razzle.Rect(20, 100, 280, 40)
    frame[320] = razzle.Rect(340, 100, 280, 40)
    frame[640] = razzle.Rect(660, 60, 200, 120)
    assert frame(160) == razzle.Rect(180, 100, 280, 40)
    assert frame(480) == razzle.Rect(500, 80, 240, 80)
    assert frame(1000) == razzle.Rect(660, 60, 200, 120)
    center = anim.add_track("label", "position")
    center[0] = (160, 240)
    center[320] = razzle.Point(480, 240)
    assert center(80) == razzle.Point(240.0, 240.0)
    np.testing.assert_array_equal(center([0, 160, 320]), [[160, 240], [320, 240], [480, 240]])
    size = anim.add_track("label", "size")
    size[0], size[1] = (10, 20), (30, 40)
    assert size(0.5) == razzle.Size(20, 30)


def test_bool_track_follows_razzledazzle(anim):
    visible = anim.add_track("v", "hidden")
    visible[0] = False
    visible[10] = True
    assert visible(0) is False and visible(5) is True and visible(10) is True and visible(-1) is False
    eased = anim.add_track("w", "flag", "bool")
    eased.set(0, 0, easing="easeInQuad")
    eased[10] = 1
    assert eased(1e-9) is True  # any progress past 0 gives the end value


def test_hide_and_show_at_boundaries(anim):
    hidden = anim.add_track("label", "hidden")
    hidden.hide_at(10)
    assert hidden(10) is False and hidden(9.999) is False
    assert hidden(10.000001) is True and hidden(math.nextafter(10, 11)) is True and hidden(1e9) is True
    again = anim.add_track("other", "hidden")
    again.show_at(20)
    assert again(20) is True and again(math.nextafter(20, 21)) is False
    both = anim.add_track("both", "hidden")
    both.hide_at(10)
    both.show_at(20)
    assert [both(t) for t in (0, 10, 15, 20, 25)] == [False, False, True, True, False]
    x = anim.add_track("v", "x")
    with pytest.raises(razzle.KindMismatchError):
        x.hide_at(3)


@pytest.mark.parametrize(
    "property, kind, value, error",
    [
        ("alpha", None, 1.5, razzle.InvalidValueError),
        ("size", None, (10, -1), razzle.InvalidValueError),
        ("frame", None, (-5, -5, -1, 10), razzle.InvalidValueError),
        ("frame", None, (0, 0, 10), razzle.WrongSizeError),
        ("position", None, (1, 2, 3), razzle.WrongSizeError),
        ("backgroundColor", None, (0, 0, 0, 1.5), razzle.InvalidValueError),
        ("backgroundColor", None, (0, 0, float("nan"), 1), razzle.InvalidValueError),
        ("hidden", None, 0.5, razzle.InvalidValueError),
        ("transform", None, (1, 0, 0, 1, 0), razzle.WrongSizeError),
        ("transform3d", None, tuple(range(15)), razzle.WrongSizeError),
        ("weights", "vector", (1, 2), razzle.WrongSizeError),
    ],
)
def test_validation_leaves_tracks_unchanged(anim, property, kind, value, error):
    track = anim.add_track("v", property, kind, channels=3 if kind == "vector" else None)
    before = track.keyframes
    with pytest.raises(error):
        track[1] = value
    assert track.keyframes == before


def test_negative_position_is_fine_but_kinds_must_fit(anim):
    anim.add_track("v", "position")[0] = (-10, -20)
    with pytest.raises(razzle.KindMismatchError, match="alpha is a scalar property"):
        anim.add_track("v", "alpha", "color")
    with pytest.raises(razzle.InvalidNameError, match="unknown value kind"):
        anim.add_track("v", "thing", "colour")
    with pytest.raises(razzle.WrongSizeError):
        anim.add_track("v", "many", "vector", channels=65)
    with pytest.raises(razzle.InvalidNameError, match="unknown color space"):
        anim.add_track("v", "fillColor", color_space="cmyk")
    color = anim.add_track("w", "fillColor")
    with pytest.raises(razzle.KindMismatchError):
        color.set(0, (0, 0, 0), interpolation="smooth")
    with pytest.raises(razzle.KindMismatchError):
        color.extrapolation = ("linear", "hold")
    assert color.extrapolation == ("hold", "hold")
    color.extrapolation = "ping-pong"  # allowed for colors


@pytest.mark.parametrize("order", list(itertools.permutations(["scale", "rotation", "translation"])))
def test_affine_composition_is_order_independent(anim, order):
    values = {"scale": 3.0, "rotation": 90.0, "translation": (5, 15)}
    for name in order:
        anim.add_track("view", name)[0] = values[name]
    # Worked by hand: scale 3, then rotate 90 degrees with RazzleDazzle's sign
    # (radians = 90 * pi / -180 = -pi/2: cos 0, sin -1), then translate:
    # (a, b, c, d) = (3 cos, 3 sin, -3 sin, 3 cos) = (0, -3, 3, 0).
    assert anim.transform("view", 0) == razzle.Transform(0, -3, 3, 0, 5, 15)
    # (1, 0) -> scaled (3, 0) -> rotated (0, -3) -> translated (5, 12).
    assert anim.transform("view", 0).apply(1, 0) == (5, 12)


def test_affine_composition_with_missing_and_animated_parts(anim):
    # A target with none of the three tracks is a mistake, not the identity.
    with pytest.raises(razzle.NotFoundError, match="nobody has no scale, rotation or translation"):
        anim.transform("nobody", 0)
    rotation = anim.add_track("v", "rotation")
    rotation[0], rotation[10] = 0.0, 60.0
    t = anim.transform("v", 5)
    assert t == pytest.approx((math.cos(-math.pi / 6), math.sin(-math.pi / 6), -math.sin(-math.pi / 6), math.cos(-math.pi / 6), 0, 0))
    # A batch of times: one row of six per time, each equal to the single call.
    times = np.array([[0.0, 2.5], [5.0, 10.0]])
    batch = anim.transform("v", times)
    assert batch.shape == (2, 2, 6)
    for index in np.ndindex(times.shape):
        assert tuple(batch[index]) == tuple(anim.transform("v", float(times[index])))
    # At 10 the angle is 60 degrees: cos 60 = 0.5 (within an ulp), sin -60.
    assert batch[1, 1, 0] == pytest.approx(0.5, abs=1e-15)
    assert batch[1, 1, 1] == pytest.approx(-math.sqrt(3) / 2, abs=1e-15)


def matrices():
    r = oracle.rotate3d
    return {
        "rotation-past-180": (oracle.identity(), r(0, 0, 1, math.radians(270))),
        "skew": (oracle.identity(), oracle.skew(xy=math.tan(math.radians(30)))),
        "reflection": (oracle.scale3d(1, 1), oracle.scale3d(-1, 2)),
        "perspective": (oracle.identity(), oracle.perspective(400) @ r(0, 1, 0, math.radians(45)) if hasattr(oracle, "perspective") else r(0, 1, 0, 1)),
        "mixed": (
            oracle.translate3d(10, 20, 5) @ oracle.scale3d(2, 0.5, 1),
            r(1, 1, 0, 2.5) @ oracle.translate3d(-40, 8, 3) @ oracle.skew(xy=0.3, yz=-0.2),
        ),
    }


@pytest.mark.parametrize("name", list(matrices()))
def test_transform3d_matches_the_css_oracle(anim, name):
    a, b = matrices()[name]
    track = anim.add_track("v", "transform3d")
    track[0] = a.reshape(-1)
    track[1] = razzle.Transform3D(*b.reshape(-1))
    for e in (0, 0.1, 0.25, 0.5, 0.8, 1):
        got = np.array(track(e)).reshape(4, 4)
        expected = oracle.interpolate(a, b, e)
        np.testing.assert_allclose(got, expected, atol=1e-9, err_msg=f"{name} at {e}")


def test_transform2d_matches_the_css_oracle(anim):
    track = anim.add_track("v", "transform")
    a = razzle.Transform.make(tx=10, ty=-5, sx=2, sy=1, angle=0.3)
    b = razzle.Transform.make(tx=-20, ty=40, sx=0.5, sy=1.5, angle=3.5)
    track[0], track[2] = a, b
    for t in (0.3, 1, 1.7):
        np.testing.assert_allclose(track(t), oracle.interpolate_2d(a, b, t / 2), atol=1e-9)
    assert isinstance(track(1), razzle.Transform)


def test_transform_constructors():
    t = razzle.Transform.make(tx=5, ty=15, sx=3, sy=3, angle=-math.pi / 2)
    np.testing.assert_allclose(t, (0, -3, 3, 0, 5, 15), atol=1e-15)
    m = razzle.Transform3D.make(translation=(1, 2, 3), scale=(2, 2, 2), rotation=(math.pi, 0, 0, 1), m34=-1 / 500)
    # Rotate 180 degrees about z, scale 2, translate, then perspective: a point
    # (1, 0, 0) -> (-1, 0, 0) -> (-2, 0, 0) -> (-1, 2, 3), w = 1 - 3/500.
    x, y, z, w = np.array([1, 0, 0, 1]) @ m.matrix()
    np.testing.assert_allclose((x, y, z, w), (-1, 2, 3, 1 - 3 / 500), atol=1e-12)


def test_bool_and_color_velocity_and_nan(anim):
    hidden = anim.add_track("v", "hidden")
    hidden[0], hidden[10] = False, True
    assert hidden.velocity(5) == 0.0 and isinstance(hidden.velocity(5), float)
    assert math.isnan(hidden(float("nan")))
    color = anim.add_track("v", "fillColor", color_space="oklab")
    color[0], color[1] = "#ff0000", "#0000ff"
    # d/dt of the oklab blend at 0.5, by central differences of the samples.
    h = 1e-6
    numeric = (np.array(color(0.5 + h)) - np.array(color(0.5 - h))) / (2 * h)
    np.testing.assert_allclose(color.velocity(0.5), numeric, atol=1e-6)
    assert color.velocity(0.5)[0] == pytest.approx(-0.9115, abs=1e-3)  # not the straight -1
