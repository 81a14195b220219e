"""razzle.render (Guides/Rendering.md): pixels probed against values worked
out by hand, the composition checked against the library's own, and every
output format's frame count and size."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

import razzle

skia = pytest.importorskip("skia")
Image = pytest.importorskip("PIL.Image")

from razzle.render import Renderer, RenderError, write_frames  # noqa: E402
from razzle.render._state import compose_scale_rotation_translation  # noqa: E402

RED = (1.0, 0.0, 0.0, 1.0)


def constant(anim: razzle.Animator, target: str, prop: str, value: object, **options: object) -> None:
    track = anim.add_track(target, prop, **options)
    track[0.0] = value
    track[1.0] = value


def coverage(row: np.ndarray) -> np.ndarray:
    """How much of each pixel a red shape over white covers (0 … 1): white
    is (255, 255, 255), red (255, 0, 0), so green falls with coverage."""
    return (255.0 - row[..., 1].astype(float)) / 255.0


def test_red_square_at_half_alpha_over_white() -> None:
    # Source over: 0.5·(255, 0, 0) + 0.5·(255, 255, 255) = (255, 127.5, 127.5).
    anim = razzle.Animator()
    constant(anim, "square", "alpha", 0.5)
    stage = razzle.Stage(size=(200, 200), targets=(razzle.Target("square", "rect", (50, 50, 100, 100), fill=RED),))
    picture = Renderer(stage, anim).frame(0.5)
    assert picture.shape == (200, 200, 4)
    r, g, b, a = (int(v) for v in picture[100, 100])
    assert r == 255 and abs(g - 127.5) <= 1 and abs(b - 127.5) <= 1 and a == 255
    assert tuple(picture[10, 10]) == (255, 255, 255, 255)  # outside: the background


def test_view_kept_on_page_1_is_centred_at_187_5_at_offset_375() -> None:
    # keep(on_page=1): centerX = 1.5·375 = 562.5 in the content; the content
    # moves by −375, so the center is at 187.5 in the viewport.
    paging = razzle.Paging(pages=4, page_width=375)
    paging.keep("box", on_page=1)
    stage = razzle.Stage(
        size=(375, 100), paging="pages", targets=(razzle.Target("box", "rect", (0, 25, 51, 50), fill=RED),)
    )
    renderer = Renderer(stage, paging.animator, paging=paging)
    row = coverage(renderer.frame(375.0)[50])
    centroid = float((row * (np.arange(375) + 0.5)).sum() / row.sum())
    assert abs(centroid - 187.5) < 0.01
    assert abs(row.sum() - 51.0) < 0.05  # the box's width, anti-aliased edges included
    # Half a page further the box has moved half a page to the left.
    row = coverage(renderer.frame(375.0 + 100.0)[50])
    assert abs(float((row * (np.arange(375) + 0.5)).sum() / row.sum()) - 87.5) < 0.01


def test_rotated_square_corner_lands_where_the_composition_says() -> None:
    # rotation 30 (degrees, RazzleDazzle's sign: radians = 30·π/−180). The
    # top-left corner is (−20, −20) from the anchor (100, 100):
    # x' = cos r·(−20) − sin r·(−20), y' = sin r·(−20) + cos r·(−20).
    anim = razzle.Animator()
    constant(anim, "square", "rotation", 30.0)
    stage = razzle.Stage(size=(200, 200), targets=(razzle.Target("square", "rect", (80, 80, 40, 40), fill=RED),))
    renderer = Renderer(stage, anim)
    r = math.radians(-30.0)
    corner = (100 + math.cos(r) * -20 - math.sin(r) * -20, 100 + math.sin(r) * -20 + math.cos(r) * -20)
    state = renderer.states([0.5])[0]
    mapped = state.matrix[0] @ np.array([0.0, 0.0, 0.0, 1.0])
    assert mapped[:2] == pytest.approx(corner, abs=1e-12)
    assert corner == pytest.approx((72.679, 92.679), abs=1e-3)
    picture = renderer.frame(0.5)
    towards = np.array([100.0, 100.0]) - np.array(corner)
    towards /= np.linalg.norm(towards)
    inside = np.array(corner) + 2.5 * towards
    outside = np.array(corner) - 2.5 * towards
    assert coverage(picture[int(inside[1]), int(inside[0])]) > 0.95
    assert coverage(picture[int(outside[1]), int(outside[0])]) < 0.05


def test_the_composition_is_the_librarys() -> None:
    # anim.transform (kf_animator_transform_many) composes scale, rotation
    # and translation in the core; the renderer's matrix must be the same.
    anim = razzle.Animator()
    scale, rotation, translation = anim.add_track("v", "scale"), anim.add_track("v", "rotation"), anim.add_track("v", "translation")
    scale[0], scale[1] = 0.5, 2.0
    rotation[0], rotation[1] = -45.0, 120.0
    translation[0], translation[1] = (0.0, 0.0), (30.0, -12.0)
    times = np.linspace(0, 1, 7)
    library = anim.transform("v", times)
    ours = compose_scale_rotation_translation(scale(times), rotation(times), translation(times)[:, 0], translation(times)[:, 1])
    a, b, c, d, tx, ty = (library[:, i] for i in range(6))
    assert ours[:, 0, 0] == pytest.approx(a, abs=1e-12) and ours[:, 1, 0] == pytest.approx(b, abs=1e-12)
    assert ours[:, 0, 1] == pytest.approx(c, abs=1e-12) and ours[:, 1, 1] == pytest.approx(d, abs=1e-12)
    assert ours[:, 0, 3] == pytest.approx(tx, abs=1e-12) and ours[:, 1, 3] == pytest.approx(ty, abs=1e-12)
    # Guides/Kinds.md's worked example: scale 3, rotation 90, translation (5, 15).
    m = compose_scale_rotation_translation(np.array([3.0]), np.array([90.0]), np.array([5.0]), np.array([15.0]))[0]
    assert (m[0, 0], m[1, 0], m[0, 1], m[1, 1], m[0, 3], m[1, 3]) == pytest.approx((0, -3, 3, 0, 5, 15), abs=1e-12)


def test_perspective_transform3d_narrows_the_far_edge() -> None:
    # CATransform3D: rotate about y by 60°, then m34 = −1/500 (row vectors,
    # p' = p·M, screen = (x'/w', y'/w')). The square is 100 wide about its
    # center; its right edge at x = 50 maps to x' = 50·cos 60° = 25,
    # z' = −50·sin 60°... worked below in the row-vector convention.
    angle, d = math.radians(60), 500.0
    rotate = np.array(
        [[math.cos(angle), 0, -math.sin(angle), 0], [0, 1, 0, 0], [math.sin(angle), 0, math.cos(angle), 0], [0, 0, 0, 1]]
    )
    perspective = np.eye(4)
    perspective[2, 3] = -1.0 / d
    ca = rotate @ perspective
    anim = razzle.Animator()
    constant(anim, "card", "transform3d", razzle.Transform3D(*ca.reshape(16)))
    stage = razzle.Stage(size=(300, 200), targets=(razzle.Target("card", "rect", (100, 50, 100, 100), fill=RED),))
    renderer = Renderer(stage, anim)
    for x, y in ((50.0, -50.0), (50.0, 50.0), (-50.0, -50.0)):
        row = np.array([x, y, 0.0, 1.0]) @ ca
        expected = (150 + row[0] / row[3], 100 + row[1] / row[3])
        p = renderer.states([0.5])[0].matrix[0] @ np.array([x + 50, y + 50, 0.0, 1.0])
        assert (p[0] / p[3], p[1] / p[3]) == pytest.approx(expected, abs=1e-9)
    # The right edge (x = 50): x' = 25, z' = −43.3…, w = 1 + 43.3/500.
    right = 150 + 25 / (1 + 50 * math.sin(angle) / d)
    left = 150 - 25 / (1 - 50 * math.sin(angle) / d)
    row = coverage(renderer.frame(0.5)[100])
    assert abs(row.sum() - (right - left)) < 0.1


def test_hidden_mask_and_stroke_trim() -> None:
    anim = razzle.Animator()
    hidden = anim.add_track("gone", "hidden")
    hidden[0], hidden[1] = True, True
    constant(anim, "masked", "mask", 0.25)
    constant(anim, "line", "strokeEnd", 0.5)
    stage = razzle.Stage(
        size=(400, 500),
        targets=(
            razzle.Target("gone", "rect", (0, 0, 400, 500), fill=(0.0, 0.0, 1.0, 1.0)),
            razzle.Target("masked", "rect", (0, 0, 300, 400), fill=RED, mask="bottom"),
            razzle.Target("line", "path", (0, 450, 400, 10), path="line", stroke=RED, stroke_width=4),
        ),
    )
    renderer = Renderer(stage, anim, paths={"line": razzle.Path("M0 5 L400 5")}, masks={"bottom": razzle.Mask("bottom", 300, 400)})
    picture = renderer.frame(0.5)
    assert tuple(picture[10, 390][:3]) == (255, 255, 255)  # hidden: not drawn
    # The bottom mask at 0.25 is (0, 300, 300, 100) (Guides/Paths.md).
    column = coverage(picture[:, 150])
    assert column[299] < 0.01 and column[301] > 0.99 and column[399] > 0.99 and column[401] < 0.01
    # strokeEnd 0.5 of a 400-point line: drawn to x = 200.
    line = coverage(picture[455])
    assert line[100] > 0.99 and line[198] > 0.99 and line[202] < 0.01 and line[300] < 0.01


def test_a_node_without_effect_leaves_the_base_values() -> None:
    # A clip with a 1 s delay and fill "none": before it starts the node
    # gives NaN, and the target keeps its base alpha (1).
    anim = razzle.Animator()
    alpha = anim.add_track("box", "alpha")
    alpha[0], alpha[1] = 0.0, 0.0
    clip = razzle.Clip(anim, delay=1.0, duration=1.0, fill="none")
    stage = razzle.Stage(size=(20, 20), targets=(razzle.Target("box", "rect", (0, 0, 20, 20), fill=RED),))
    renderer = Renderer(stage, clip)
    assert coverage(renderer.frame(0.5)[10, 10]) > 0.99  # no effect yet: alpha 1
    assert coverage(renderer.frame(1.5)[10, 10]) < 0.01  # the clip's alpha 0


def moving_stage() -> tuple:
    anim = razzle.Animator()
    x = anim.add_track("dot", "center")
    x[0], x[1] = (10.0, 10.0), (70.0, 10.0)
    stage = razzle.Stage(size=(81, 21), targets=(razzle.Target("dot", "ellipse", (0, 0, 10, 10), fill=RED),))
    return stage, anim


@pytest.mark.parametrize("name", ["out.gif", "out.png", "out.apng", "frames", "frame-%03d.png"])
def test_outputs_have_every_frame_at_the_size_asked(tmp_path: object, name: str) -> None:
    stage, anim = moving_stage()
    renderer = Renderer(stage, anim, size=(162, 42))  # twice the stage
    pictures = renderer.frames(renderer.frame_values(frames=7))
    assert all(p.shape == (42, 162, 4) for p in pictures)
    output = os.path.join(str(tmp_path), name)
    written = write_frames(pictures, output, fps=10)
    if name in ("frames", "frame-%03d.png"):
        assert len(written) == 7 and all(os.path.exists(w) for w in written)
        with Image.open(written[3]) as image:
            assert image.size == (162, 42)
            # Frame 3 of 7 is t = 0.5: the dot's center at x = 40 (stage) = 80 px.
            row = coverage(np.asarray(image.convert("RGB"))[20])
            assert abs(float((row * (np.arange(162) + 0.5)).sum() / row.sum()) - 80.0) < 0.05
    else:
        with Image.open(written[0]) as image:
            assert image.size == (162, 42)
            assert getattr(image, "n_frames", 1) == 7  # every frame differs: none merged


def test_render_errors() -> None:
    stage, anim = moving_stage()
    renderer = Renderer(stage, anim)
    with pytest.raises(RenderError, match="1 to 100000, not 0"):
        renderer.frame_values(frames=0)
    with pytest.raises(RenderError, match="more than 100000 frames"):
        renderer.frame_values(start=0.0, end=1e300)
    with pytest.raises(RenderError, match="finite"):
        renderer.frame_values(start=0.0, end=float("nan"))
    with pytest.raises(RenderError, match="unknown output format"):
        write_frames(renderer.frames([0.0]), "picture.bmp", 30)
    with pytest.raises(RenderError, match="no stages"):
        Renderer.from_scene(razzle.Scene([anim]))
    with pytest.raises(RenderError, match="1 to 16384 pixels"):
        Renderer(stage, anim, size=(0, 10))
    with pytest.raises(RenderError, match="1 to 16384 pixels"):
        Renderer(stage, anim, size=(40000, 40000))
    assert isinstance(RenderError("x"), razzle.RazzleError)


def test_blur_spreads_an_edge_as_a_gaussian() -> None:
    # A step edge blurred with standard deviation σ covers Φ(−d/σ) of a
    # pixel at distance d outside it: Φ(−1) = 0.1587 at d = σ, 0.5 on it.
    anim = razzle.Animator()
    constant(anim, "square", "blur", 4.0)
    stage = razzle.Stage(size=(200, 200), targets=(razzle.Target("square", "rect", (50, 50, 100, 100), fill=RED),))
    row = coverage(Renderer(stage, anim).frame(0.5)[100])
    # Pixel centres at x + 0.5: the edge is at x = 150, so pixel 153 is at d = 3.5 … 154 at 4.5.
    at_sigma = (row[153] + row[154]) / 2
    assert abs(at_sigma - 0.1587) < 0.03
    assert abs((row[149] + row[150]) / 2 - 0.5) < 0.03
    assert row[100] > 0.99 and row[175] < 0.01


def test_images_are_drawn_into_their_frame(tmp_path: object) -> None:
    # A 2 × 2 image (red, green / blue, white) scaled into a 40 × 40 frame:
    # each quadrant's center has its pixel's color.
    pixels = np.array([[[255, 0, 0, 255], [0, 255, 0, 255]], [[0, 0, 255, 255], [255, 255, 255, 255]]], dtype=np.uint8)
    Image.fromarray(pixels).save(os.path.join(str(tmp_path), "quad.png"))
    anim = razzle.Animator()
    constant(anim, "picture", "alpha", 1.0)
    stage = razzle.Stage(size=(60, 60), background=(0.0, 0.0, 0.0, 1.0),
                         targets=(razzle.Target("picture", "image", (10, 10, 40, 40), image="quad.png"),))
    picture = Renderer(stage, anim, base_path=str(tmp_path)).frame(0.5)
    assert tuple(picture[15, 15][:3]) == (255, 0, 0)
    assert tuple(picture[15, 45][:3]) == (0, 255, 0)
    assert tuple(picture[45, 15][:3]) == (0, 0, 255)
    assert tuple(picture[5, 5][:3]) == (0, 0, 0)


def test_mp4_when_imageio_ffmpeg_is_installed(tmp_path: object) -> None:
    imageio_ffmpeg = pytest.importorskip("imageio_ffmpeg")
    stage, anim = moving_stage()
    renderer = Renderer(stage, anim, size=(80, 20))
    output = os.path.join(str(tmp_path), "out.mp4")
    write_frames(renderer.frames(renderer.frame_values(frames=9)), output, fps=30)
    reader = imageio_ffmpeg.read_frames(output)
    meta = next(reader)
    assert meta["size"] == (80, 20)
    assert sum(1 for _ in reader) == 9


def test_the_matrix_drawn_is_the_librarys_composition_about_the_anchor() -> None:
    # The renderer's matrix for a target with anchor (0.25, 0.75): the anchor
    # point at its place, then anim.transform (the core's S·R·T), then the
    # anchor's offset into the frame, T(p)·M·T(−a·size).
    anim = razzle.Animator()
    scale, rotation, translation = anim.add_track("v", "scale"), anim.add_track("v", "rotation"), anim.add_track("v", "translation")
    scale[0], scale[1] = 0.5, 2.0
    rotation[0], rotation[1] = -45.0, 120.0
    translation[0], translation[1] = (0.0, 0.0), (30.0, -12.0)
    stage = razzle.Stage(size=(300, 300), targets=(razzle.Target("v", "rect", (40, 60, 80, 20), fill=RED, anchor=(0.25, 0.75)),))
    times = np.linspace(0, 1, 5)
    matrices = Renderer(stage, anim).states(times)[0].matrix
    for t, matrix in zip(times, matrices):
        a, b, c, d, tx, ty = anim.transform("v", float(t))
        core = np.array([[a, c, 0, tx], [b, d, 0, ty], [0, 0, 1, 0], [0, 0, 0, 1]])
        expected = np.eye(4)
        expected[:2, 3] = (40 + 0.25 * 80, 60 + 0.75 * 20)
        offset = np.eye(4)
        offset[:2, 3] = (-0.25 * 80, -0.75 * 20)
        assert matrix == pytest.approx(expected @ core @ offset, abs=1e-12)


def test_a_mask_is_in_the_targets_own_coordinates() -> None:
    # The bottom mask at 0.25 of a 300 × 400 view is (0, 300, 300, 100) of
    # the view: for a view at (50, 40), rows 340 … 440 of the stage.
    anim = razzle.Animator()
    constant(anim, "masked", "mask", 0.25)
    stage = razzle.Stage(size=(400, 500), targets=(razzle.Target("masked", "rect", (50, 40, 300, 400), fill=RED, mask="m"),))
    picture = Renderer(stage, anim, masks={"m": razzle.Mask("bottom", 300, 400)}).frame(0.5)
    column = coverage(picture[:, 200])
    assert column[338] < 0.01 and column[341] > 0.99 and column[439] > 0.99 and column[441] < 0.01
    row = coverage(picture[400])
    assert row[48] < 0.01 and row[51] > 0.99 and row[349] > 0.99 and row[351] < 0.01


def test_opacity_of_fill_and_stroke_applies_to_the_whole() -> None:
    # A red fill under a red stroke at alpha 0.5: one layer composited at
    # 0.5, so where both overlap it is 0.5 red, not 0.75 (± 2: the layer's
    # alpha is 8-bit, rounded twice).
    anim = razzle.Animator()
    constant(anim, "square", "alpha", 0.5)
    stage = razzle.Stage(size=(200, 200), targets=(
        razzle.Target("square", "rect", (50, 50, 100, 100), fill=RED, stroke=RED, stroke_width=10),))
    picture = Renderer(stage, anim).frame(0.5)
    assert abs(int(picture[100, 50][1]) - 127.5) <= 2  # on the edge: fill and stroke overlap
    assert abs(int(picture[100, 100][1]) - 127.5) <= 2


def test_a_pinned_target_stays_while_the_content_scrolls() -> None:
    paging = razzle.Paging(pages=2, page_width=100)
    paging.keep("card", on_page=0)
    stage = razzle.Stage(size=(100, 50), paging="p", targets=(
        razzle.Target("card", "rect", (0, 0, 20, 20), fill=RED),
        razzle.Target("badge", "rect", (70, 30, 20, 20), fill=(0.0, 0.0, 1.0, 1.0), scrolls=False),
    ))
    renderer = Renderer(stage, paging.animator, paging=paging)
    for offset in (0.0, 30.0):
        picture = renderer.frame(offset)
        assert tuple(picture[40, 80][:3]) == (0, 0, 255)  # pinned
        row = coverage(picture[10])
        # card centerX = 0.5·100 = 50 in the content, at 50 − offset on screen.
        assert abs(float((row * (np.arange(100) + 0.5)).sum() / row.sum()) - (50 - offset)) < 0.05


def test_motion_path_position_and_rotation() -> None:
    # pathPosition 0.5 of a vertical line from (100, 0) to (100, 200): the
    # anchor at (100, 100); motion_rotate "auto" turns the 40 × 10 bar by
    # the tangent's 90°, so it stands 10 wide and 40 high.
    anim = razzle.Animator()
    constant(anim, "bar", "pathPosition", 0.5)
    route = razzle.Path("M100 0 L100 200")
    for rotate, (width, height) in (("none", (40, 10)), ("auto", (10, 40))):
        stage = razzle.Stage(size=(200, 200), targets=(
            razzle.Target("bar", "rect", (0, 0, 40, 10), fill=RED, motion_path="route", motion_rotate=rotate),))
        picture = Renderer(stage, anim, paths={"route": route}).frame(0.5)
        mask = coverage(picture) > 0.5
        ys, xs = np.nonzero(mask)
        assert (xs.max() - xs.min() + 1, ys.max() - ys.min() + 1) == (width, height)
        assert ((xs.min() + xs.max() + 1) / 2, (ys.min() + ys.max() + 1) / 2) == (100, 100)


def test_a_line_path_with_a_zero_height_frame_is_drawn() -> None:
    anim = razzle.Animator()
    constant(anim, "line", "alpha", 1.0)
    stage = razzle.Stage(size=(200, 100), targets=(
        razzle.Target("line", "path", (50, 50, 100, 0), path="l", stroke=RED, stroke_width=4),))
    picture = Renderer(stage, anim, paths={"l": razzle.Path("M0 0 L100 0")}).frame(0.5)
    assert coverage(picture[50, 100]) > 0.99 and coverage(picture[50, 40]) < 0.01


@pytest.mark.parametrize("shape,radius,drawn,undrawn", [
    # strokeEnd 0.25 of the outline of a frame (10, 10, 80, 80), starting
    # where UIKit's paths start. (x, y) points on and off the drawn part:
    ("rect", 0.0, (50, 10), (10, 50)),        # the top edge, from the top-left corner
    ("rect", 10.0, (50, 10), (90, 50)),       # round corners: the top edge (60) and 15.7 of the next corner
    ("ellipse", 0.0, (78, 78), (50, 10)),     # from 3 o'clock clockwise (down): the lower right quarter
])
def test_stroke_trims_start_where_uikit_starts(shape: str, radius: float, drawn: tuple, undrawn: tuple) -> None:
    anim = razzle.Animator()
    constant(anim, "s", "strokeEnd", 0.25)
    stage = razzle.Stage(size=(100, 100), targets=(
        razzle.Target("s", shape, (10, 10, 80, 80), stroke=RED, stroke_width=4, corner_radius=radius),))
    picture = Renderer(stage, anim).frame(0.5)
    (x, y), (ux, uy) = drawn, undrawn
    assert coverage(picture[y, x]) > 0.9
    assert coverage(picture[uy, ux]) < 0.1
    assert coverage(picture[50, 10]) < 0.1  # the left edge is never in the first quarter


def test_text_and_images_have_a_background_and_a_border(tmp_path: object) -> None:
    Image.fromarray(np.full((4, 4, 4), (0, 255, 0, 255), dtype=np.uint8)).save(os.path.join(str(tmp_path), "g.png"))
    anim = razzle.Animator()
    constant(anim, "label", "alpha", 1.0)
    yellow, blue = (1.0, 1.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)
    stage = razzle.Stage(size=(200, 100), targets=(
        razzle.Target("label", "text", (10, 10, 80, 80), text="", fill=yellow, stroke=blue, stroke_width=6),
        razzle.Target("picture", "image", (110, 10, 80, 80), image="g.png", stroke=blue, stroke_width=6),
    ))
    picture = Renderer(stage, anim, base_path=str(tmp_path)).frame(0.5)
    assert tuple(picture[50, 50][:3]) == (255, 255, 0)   # the text's background
    assert tuple(picture[50, 11][:3]) == (0, 0, 255)     # its border
    assert tuple(picture[50, 150][:3]) == (0, 255, 0)    # the image
    assert tuple(picture[50, 111][:3]) == (0, 0, 255)    # its border


def test_an_image_that_cannot_be_read_is_an_error_before_drawing(tmp_path: object) -> None:
    with open(os.path.join(str(tmp_path), "bad.png"), "w") as bad:
        bad.write("not a png")
    anim = razzle.Animator()
    constant(anim, "p", "alpha", 1.0)
    for name, message in (("missing.png", "no such image file \\(target 'p'\\)"), ("bad.png", "not a readable image \\(target 'p'\\)")):
        stage = razzle.Stage(size=(20, 20), targets=(razzle.Target("p", "image", (0, 0, 20, 20), image=name),))
        with pytest.raises(RenderError, match=message):
            Renderer(stage, anim, base_path=str(tmp_path)).frames([0.0])


def test_a_kind_the_renderer_cannot_read_is_an_error_naming_it() -> None:
    anim = razzle.Animator()
    opacity = anim.add_track("sq", "opacity", kind="point")
    opacity[0] = razzle.Point(1, 1)
    stage = razzle.Stage(size=(20, 20), targets=(razzle.Target("sq", "rect", (0, 0, 20, 20), fill=RED),))
    with pytest.raises(RenderError, match=r"sq.opacity has 2 channels \(a point\); the renderer reads 1"):
        Renderer(stage, anim).states([0.0])


def test_another_aspect_shows_only_the_stage() -> None:
    # Three pages of 100 (blue, green, red) at content offset 100 in a
    # 400 × 200 picture of the 100 × 200 stage: page 1 (green) in the middle,
    # the bars the stage's background (white), not pages 0 and 2.
    paging = razzle.Paging(pages=3, page_width=100)
    colors = ((0.0, 0.0, 1.0, 1.0), (0.0, 1.0, 0.0, 1.0), (1.0, 0.0, 0.0, 1.0))
    for page in range(3):
        paging.keep(f"page{page}", on_page=page)
    stage = razzle.Stage(size=(100, 200), paging="p", targets=tuple(
        razzle.Target(f"page{page}", "rect", (0, 0, 100, 200), fill=colors[page]) for page in range(3)))
    picture = Renderer(stage, paging.animator, paging=paging, size=(400, 200)).frame(100.0)
    assert tuple(picture[100, 200][:3]) == (0, 255, 0)
    assert tuple(picture[100, 100][:3]) == (255, 255, 255) and tuple(picture[100, 300][:3]) == (255, 255, 255)


def test_a_color_that_appears_only_at_the_end_survives_the_gif(tmp_path: object) -> None:
    anim = razzle.Animator()
    fill = anim.add_track("sq", "fillColor")
    fill.set(0.0, (1.0, 0.0, 0.0, 1.0), interpolation="hold")
    fill[0.99] = (0.0, 0.0, 1.0, 1.0)
    stage = razzle.Stage(size=(20, 20), targets=(razzle.Target("sq", "rect", (0, 0, 20, 20), fill=RED),))
    renderer = Renderer(stage, anim)
    output = os.path.join(str(tmp_path), "late.gif")
    write_frames(renderer.frames(renderer.frame_values(frames=31)), output, fps=30)
    with Image.open(output) as image:
        image.seek(image.n_frames - 1)
        assert tuple(image.convert("RGB").getpixel((10, 10))) == (0, 0, 255)


def test_transparency_is_kept_in_png_and_matted_white_in_gif(tmp_path: object) -> None:
    anim = razzle.Animator()
    constant(anim, "sq", "alpha", 0.5)
    stage = razzle.Stage(size=(20, 20), background=(1.0, 1.0, 1.0, 0.0),
                         targets=(razzle.Target("sq", "rect", (5, 5, 10, 10), fill=RED),))
    pictures = Renderer(stage, anim).frames([0.0, 1.0])
    png, gif = os.path.join(str(tmp_path), "a.png"), os.path.join(str(tmp_path), "a.gif")
    write_frames(pictures[:1], png, fps=30)
    write_frames(pictures, gif, fps=30)
    with Image.open(png) as image:
        corner, center = image.getpixel((0, 0)), image.getpixel((10, 10))
        assert corner[3] == 0 and center[0] == 255 and abs(center[3] - 127.5) <= 1
    with Image.open(gif) as image:
        rgb = image.convert("RGB")
        assert rgb.getpixel((0, 0)) == (255, 255, 255)
        r, g, b = rgb.getpixel((10, 10))
        assert r == 255 and abs(g - 127.5) <= 2


def test_output_names_and_memory(tmp_path: object) -> None:
    from razzle.render._encode import _spread, output_kind, prepare_output

    # A GIF's palette frames: spread from the first to the last, every one
    # of a short render.
    assert _spread(11, 16) == list(range(11)) and _spread(1, 16) == [0]
    assert len(_spread(120, 16)) == 16 and _spread(120, 16)[0] == 0 and _spread(120, 16)[-1] == 119

    assert output_kind("100%.png") == "png" and output_kind("f-%04d.png") == "sequence"
    assert output_kind("a%s%d.png") == "png" and output_kind("%d%d.png") == "png"
    assert output_kind(os.path.join(str(tmp_path), "frames")) == "sequence"
    with pytest.raises(RenderError, match="need 4.5 GiB for a PNG"):
        prepare_output(os.path.join(str(tmp_path), "big.png"), 300, 2000, 2000)
    blocker = os.path.join(str(tmp_path), "file")
    open(blocker, "w").close()
    with pytest.raises(RenderError, match="is a file, not a folder"):
        prepare_output(os.path.join(blocker, "x.gif"), 1, 10, 10)


def test_a_mask_follows_its_targets_animated_size() -> None:
    # A square growing from 100 to 180 (size animated; the anchor, its
    # centre by default, stays at (150, 150)) with a full circle mask: the
    # circle's radius is half the current side, about the current centre.
    # At t = 1 the square is 180 wide: radius 90 about (150, 150), so the
    # row through the centre is covered from x = 60 to 240, and a point 100
    # from the centre along the diagonal (outside the circle, inside the
    # square, whose corner is 127 away) is not. Before the fix the radius stayed 50 about the old
    # centre.
    anim = razzle.Animator()
    size = anim.add_track("sq", "size")
    size[0.0] = (100.0, 100.0)
    size[1.0] = (180.0, 180.0)
    constant(anim, "sq", "mask", 1.0)
    stage = razzle.Stage(size=(300, 300), targets=(razzle.Target("sq", "rect", (100, 100, 100, 100), fill=RED, mask="m"),))
    picture = Renderer(stage, anim, masks={"m": razzle.Mask("circle", 100, 100)}).frame(1.0)
    row = coverage(picture[150])
    assert row[58] < 0.01 and row[62] > 0.99 and row[238] > 0.99 and row[242] < 0.01
    d = int(150 + 100 / 2**0.5)
    assert coverage(picture[d])[d] < 0.01
