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
    with pytest.raises(RenderError, match="at least 1"):
        renderer.frame_values(frames=0)
    with pytest.raises(RenderError, match="finite"):
        renderer.frame_values(start=0.0, end=float("nan"))
    with pytest.raises(RenderError, match="unknown output format"):
        write_frames(renderer.frames([0.0]), "picture.bmp", 30)
    with pytest.raises(RenderError, match="no stages"):
        Renderer.from_scene(razzle.Scene([anim]))
    with pytest.raises(RenderError, match="output size"):
        Renderer(stage, anim, size=(0, 10))
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
