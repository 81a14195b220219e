"""What Jupyter shows: `_repr_svg_`/`_repr_png_` of easings, tracks and
paths, `_repr_html_` of scenes, renderers and Lottie imports. The pictures
are checked against values computed here: the PNG's curve pixels sit where
the easing's formula puts them (the plot area and the 0 and 1 levels found
in the picture itself), the SVG's points map back onto the curve, a path's
SVG carries its data under a transform that fits it, and an inline
animation decodes to the frames its caption names, within the caps."""

from __future__ import annotations

import base64
import io
import math
import re
import sys
import xml.etree.ElementTree as ET
from typing import Any, Callable, Dict, List, Tuple

import numpy as np
import pytest

import razzle
import razzle._notebook as notebook

Image = pytest.importorskip("PIL.Image", reason="PNG reprs need the render extra (Pillow)")

SVG = "{http://www.w3.org/2000/svg}"
CURVE = (0x1F, 0x6F, 0xD1)  # the first line color
FRAME = (0xBB, 0xBB, 0xBB)
GUIDE = (0x99, 0x99, 0x99)


def in_out_cubic(p: float) -> float:
    """easeInOutCubic from its definition (easings.net)."""
    return 4 * p**3 if p < 0.5 else 1 - (-2 * p + 2) ** 3 / 2


def out_back(p: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (p - 1) ** 3 + c1 * (p - 1) ** 2


def decode(png: bytes) -> np.ndarray[Any, Any]:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return np.asarray(image.convert("RGB")).astype(int)


def is_color(pixels: np.ndarray[Any, Any], rgb: Tuple[int, int, int], tolerance: int = 0) -> np.ndarray[Any, Any]:
    return np.all(np.abs(pixels - np.array(rgb)) <= tolerance, axis=-1)


def plot_box(pixels: np.ndarray[Any, Any]) -> Tuple[int, int, int, int]:
    """(left, top, width, height) of the plot area: inside the one-pixel
    frame, found as the longest runs of the frame's gray."""
    frame = is_color(pixels, FRAME)
    rows = np.nonzero(frame.sum(axis=1) > 0.5 * pixels.shape[1])[0]
    columns = np.nonzero(frame.sum(axis=0) > 0.5 * pixels.shape[0])[0]
    top, bottom = rows.min() + 1, rows.max()
    left, right = columns.min() + 1, columns.max()
    return left, top, right - left, bottom - top


def curve_row(pixels: np.ndarray[Any, Any], column: int) -> float:
    """The centre (in pixel units, 0 at the image's top edge) of the curve's
    pixels in one column: rows weighted by how close to the line color."""
    distance = np.sqrt(((pixels[:, column, :] - np.array(CURVE)) ** 2).sum(axis=1))
    weight = np.clip(1 - distance / 120, 0, None)
    assert weight.sum() > 0.5, f"no curve in column {column}"
    return float((weight * (np.arange(pixels.shape[0]) + 0.5)).sum() / weight.sum())


def guide_rows(pixels: np.ndarray[Any, Any], left: int, width: int) -> List[int]:
    """Rows holding a dotted guide (the 0 and 1 levels)."""
    guide = is_color(pixels[:, left : left + width], GUIDE, 8)
    return [int(r) for r in np.nonzero(guide.sum(axis=1) > width / 5)[0]]


# -- easings ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec, formula", [("easeInOutCubic", in_out_cubic), ("easeOutBack", out_back)])
def test_an_easing_png_puts_its_curve_where_the_formula_does(spec: str, formula: Callable[[float], float]) -> None:
    pixels = decode(razzle.easing(spec)._repr_png_())
    assert pixels.shape == (220, 260, 3)
    left, top, width, height = plot_box(pixels)
    zero, one = sorted(guide_rows(pixels, left, width), reverse=True)  # y = 0 is the lower line
    assert zero > one + 100
    for p in (0.1, 0.3, 0.5, 0.62, 0.8, 0.95):
        column = int(left + p * width)
        p_here = (column + 0.5 - left) / width  # the progress at the column's centre
        expected = zero + 0.5 - formula(p_here) * (zero - one)
        assert abs(curve_row(pixels, column) - expected) <= 1.5, (spec, p, curve_row(pixels, column), expected)


def test_an_easing_svg_maps_back_onto_the_curve() -> None:
    root = ET.fromstring(razzle.easing("easeInOutCubic")._repr_svg_())
    assert (root.get("width"), root.get("height")) == ("260", "220")
    plot = next(e for e in root.iter(SVG + "rect") if e.get("class") == "plot")
    x0, x1 = map(float, plot.get("data-x").split())
    y0, y1 = map(float, plot.get("data-y").split())
    left, top, width, height = (float(plot.get(k)) for k in ("x", "y", "width", "height"))
    assert (x0, x1) == (0.0, 1.0) and y0 < 0 < 1 < y1
    (curve,) = [e for e in root.iter(SVG + "polyline") if e.get("class") == "curve"]
    points = [tuple(map(float, pair.split(","))) for pair in curve.get("points").split()]
    assert len(points) == notebook.CURVE_SAMPLES
    for px, py in points:
        p = x0 + (px - left) / width * (x1 - x0)
        value = y1 - (py - top) / height * (y1 - y0)
        # The points are printed to 1/1000 pixel (in x and in y).
        assert abs(value - in_out_cubic(p)) <= 2e-3 * (y1 - y0) / height


def test_steps_are_drawn_as_steps_without_risers() -> None:
    ease = razzle.easing("steps(4)")
    root = ET.fromstring(ease._repr_svg_())
    runs = [e for e in root.iter(SVG + "polyline") if e.get("class") == "curve"]
    # Four treads and the lone end point at p = 1 (jump-end reaches 1 there).
    assert len(runs) == 5
    for run in runs:
        ys = {pair.split(",")[1] for pair in run.get("points").split()}
        assert len(ys) == 1, "a run that is not level: a riser"
    # The PNG has no curve pixels between two treads at a jump.
    pixels = decode(ease._repr_png_())
    left, top, width, height = plot_box(pixels)
    zero, one = sorted(guide_rows(pixels, left, width), reverse=True)
    column = int(left + 0.5 * width)  # the jump from 0.25 to 0.5
    blue = is_color(pixels[:, column - 1 : column + 2], CURVE, 90).any(axis=1)
    quarter, half = zero - 0.25 * (zero - one), zero - 0.5 * (zero - one)
    between = blue[int(half) + 4 : int(quarter) - 3]
    assert not between.any()


def test_easing_reprs_never_raise_and_png_needs_pillow(monkeypatch: pytest.MonkeyPatch) -> None:
    ease = razzle.easing("linear")
    monkeypatch.setitem(sys.modules, "PIL", None)  # as if Pillow were not installed
    assert ease._repr_png_() is None
    assert ease._repr_svg_().startswith("<svg")
    monkeypatch.setattr(notebook, "easing_chart", lambda *a: 1 / 0)
    assert ease._repr_svg_() is None and ease._repr_png_() is None


# -- tracks ----------------------------------------------------------------------------


def test_a_track_svg_marks_each_keyframe_where_the_track_is() -> None:
    anim = razzle.Animator()
    track = anim.add_track("box", "translation")
    track[0] = (0, 0)
    track.set(1, (100, 40), easing="easeOutCubic")
    track[3] = (100, 80)
    root = ET.fromstring(track._repr_svg_())
    plot = next(e for e in root.iter(SVG + "rect") if e.get("class") == "plot")
    x0, x1 = map(float, plot.get("data-x").split())
    y0, y1 = map(float, plot.get("data-y").split())
    left, top, width, height = (float(plot.get(k)) for k in ("x", "y", "width", "height"))
    # 4 % of the span on each side shows the extrapolation.
    assert x0 == pytest.approx(-0.12) and x1 == pytest.approx(3.12)
    marks = [(float(e.get("cx")), float(e.get("cy"))) for e in root.iter(SVG + "circle") if e.get("class") == "keyframe"]
    assert len(marks) == 6  # 3 keyframes x (x, y): both change
    found = sorted(
        (round(x0 + (cx - left) / width * (x1 - x0), 3), round(y1 - (cy - top) / height * (y1 - y0), 2)) for cx, cy in marks
    )
    assert found == sorted([(0.0, 0.0), (0.0, 0.0), (1.0, 100.0), (1.0, 40.0), (3.0, 100.0), (3.0, 80.0)])
    names = [e.get("data-name") for e in root.iter(SVG + "polyline")]
    assert set(names) == {"x", "y"}
    # Between keyframes 1 and 3 the y line follows easeOutCubic from 40 to 80.
    (y_line,) = [e for e in root.iter(SVG + "polyline") if e.get("data-name") == "y"]
    for pair in y_line.get("points").split():
        px, py = map(float, pair.split(","))
        t = x0 + (px - left) / width * (x1 - x0)
        if 1 < t < 3:
            p = (t - 1) / 2
            assert y1 - (py - top) / height * (y1 - y0) == pytest.approx(40 + 40 * (1 - (1 - p) ** 3), abs=0.01)


def test_a_track_png_has_its_size_and_a_color_track_a_strip() -> None:
    anim = razzle.Animator()
    fade = anim.add_track("box", "alpha")
    fade[0], fade[2] = 0.0, 1.0
    pixels = decode(fade._repr_png_())
    assert pixels.shape == (220, 480, 3)
    left, top, width, height = plot_box(pixels)
    # alpha = t / 2 over [0, 2], drawn over [-0.08, 2.08]; the line's row
    # at t = 1 is half way between its rows at t = 0 and t = 2.
    def column(t: float) -> int:
        return int(left + (t + 0.08) / 2.16 * width)

    r0, r1, r2 = (curve_row(pixels, column(t)) for t in (0.02, 1.0, 1.98))
    assert r0 > r1 > r2 and abs((r0 + r2) / 2 - r1) <= 1.0
    color = anim.add_track("box", "backgroundColor")
    color[0], color[1] = "#ff0000", "#0000ff"
    root = ET.fromstring(color._repr_svg_())
    strips = [e for e in root.iter(SVG + "rect") if e.get("class") == "strip"]
    assert strips[0].get("fill") == "#ff0000" and strips[-1].get("fill") == "#0000ff"
    assert sum(1 for e in root.iter(SVG + "circle") if e.get("class") == "keyframe") == 2
    assert decode(color._repr_png_()).shape == (220, 480, 3)


def test_a_track_without_keyframes_or_closed_shows_text() -> None:
    anim = razzle.Animator()
    empty = anim.add_track("box", "alpha")
    assert empty._repr_svg_() is None and empty._repr_png_() is None
    full = anim.add_track("box", "scale")
    full[0] = 1.0
    assert full._repr_svg_() is not None  # one keyframe: a level line over [t - 0.5, t + 0.5]
    full.close()
    assert full._repr_svg_() is None and full._repr_png_() is None


# -- paths -----------------------------------------------------------------------------


def test_a_path_svg_carries_its_data_fitted_into_the_picture() -> None:
    path = razzle.Path("M10 80 C40 10 65 10 95 80 S150 150 180 80")
    root = ET.fromstring(path._repr_svg_())
    width, height = float(root.get("width")), float(root.get("height"))
    assert width <= 320 and height <= 240
    group = next(e for e in root.iter(SVG + "g") if e.get("class") == "path")
    (drawn,) = group.iter(SVG + "path")
    assert drawn.get("d") == path.data
    numbers = re.fullmatch(r"matrix\((\S+) 0 0 (\S+) (\S+) (\S+)\)", group.get("transform"))
    assert numbers
    sx, sy, dx, dy = map(float, numbers.groups())
    assert sx == sy > 0  # the aspect is kept
    b = path.bounds
    for x, y in ((b.x, b.y), (b.x + b.width, b.y + b.height)):
        assert 0 < sx * x + dx < width and 0 < sy * y + dy < height
    # The path fills the picture's width less the margins.
    assert sx * b.width == pytest.approx(width - 2 * notebook.PathPicture.MARGIN, abs=1)
    start = next(e for e in root.iter(SVG + "circle") if e.get("class") == "start")
    assert (float(start.get("cx")), float(start.get("cy"))) == pytest.approx((sx * 10 + dx, sy * 80 + dy), abs=1e-3)


def test_a_path_png_draws_the_path_where_its_points_are() -> None:
    path = razzle.Path("M0 0 L200 0 L200 100 M0 100 L100 100")
    root = ET.fromstring(path._repr_svg_())
    transform = next(e for e in root.iter(SVG + "g") if e.get("class") == "path").get("transform")
    numbers = re.fullmatch(r"matrix\((\S+) 0 0 \S+ (\S+) (\S+)\)", transform)
    assert numbers
    sx, dx, dy = map(float, numbers.groups())
    pixels = decode(path._repr_png_())
    assert pixels.shape[:2] == (int(root.get("height")), int(root.get("width")))
    line = is_color(pixels, CURVE, 60)
    for x, y in ((100, 0), (200, 50), (50, 100), (200, 100)):
        px, py = sx * x + dx, sx * y + dy
        window = line[int(py) - 2 : int(py) + 3, int(px) - 2 : int(px) + 3]
        assert window.any(), (x, y)
    # The moveto from (200, 100) back to (0, 100) is not drawn: nothing at
    # y = 100 between x = 100 (where the last line ends) and x = 200.
    py = int(sx * 100 + dy)
    assert not line[py - 1 : py + 2, int(sx * 150 + dx)].any()


def test_a_closed_path_shows_text() -> None:
    path = razzle.Path("M0 0 L10 10")
    path.close()
    assert path._repr_svg_() is None and path._repr_png_() is None


# -- inline animations ----------------------------------------------------------------------


def _scene(width: float = 320, height: float = 240) -> razzle.Scene:
    anim = razzle.Animator()
    x = anim.add_track("box", "translation")
    x[0], x[2] = (0, 0), (200, 100)
    box = razzle.Target("box", "rect", (10, 10, 40, 40), fill=(0.9, 0.3, 0.2, 1.0))
    scene = razzle.Scene()
    scene.add(anim, "anim")
    scene.add(razzle.Stage(size=(width, height), targets=(box,), animator="anim"))
    return scene


def _animation(page: str) -> Tuple[Any, str]:
    found = re.search(r'src="data:(image/(?:webp|gif));base64,([^"]+)"', page)
    assert found, page[:200]
    caption = re.search(r"<figcaption[^>]*>(.*)</figcaption>", page)
    assert caption
    return Image.open(io.BytesIO(base64.b64decode(found.group(2)))), caption.group(1)


def test_a_scene_plays_inline_within_the_caps() -> None:
    pytest.importorskip("skia")
    import razzle.render as render

    image, caption = _animation(_scene()._repr_html_())
    assert image.size == (320, 240)
    assert 1 < image.n_frames <= render.INLINE_FRAMES
    assert caption == "stage: 60 of 61 frames, 2.03 s, 320×240"
    # A large stage is scaled down to INLINE_SIDE, its aspect kept.
    image, caption = _animation(_scene(1000, 2000)._repr_html_())
    assert image.size == (160, 320)
    # The first frame shows the box at its start: its red at (10..50) / 6.25.
    image.seek(0)
    first = np.asarray(image.convert("RGB")).astype(int)
    assert is_color(first[4:7, 4:7], (0xE6, 0x4D, 0x33), 40).all()


def test_the_byte_cap_halves_the_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("skia")
    import razzle.render._notebook as inline

    scene = _scene()
    full = len(scene._repr_html_())
    monkeypatch.setattr(inline, "INLINE_BYTES", full // 3)
    image, caption = _animation(scene._repr_html_())
    assert caption.startswith("stage: 15 of 61 frames") or caption.startswith("stage: 30 of 61 frames")
    monkeypatch.setattr(inline, "INLINE_BYTES", 10)
    assert scene._repr_html_() is None


def test_renderers_and_lottie_imports_play_inline() -> None:
    pytest.importorskip("skia")
    from razzle.render import Renderer

    scene = _scene(640, 480)
    renderer = Renderer.from_scene(scene)
    image, caption = _animation(renderer._repr_html_())
    assert image.size == (320, 240) and caption.startswith("stage: ")
    lottie = razzle.import_lottie(
        {
            "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 50,
            "layers": [
                {
                    "ty": 1, "ind": 1, "ip": 0, "op": 30, "st": 0, "sw": 100, "sh": 50, "sc": "#ff0000",
                    "ks": {
                        "o": {
                            "a": 1,
                            "k": [
                                {"t": 0, "s": [0], "o": {"x": [0.5], "y": [0.5]}, "i": {"x": [0.5], "y": [0.5]}},
                                {"t": 30, "s": [100]},
                            ],
                        }
                    },
                }
            ],
        }
    )
    image, caption = _animation(lottie._repr_html_())
    assert image.size == (100, 50)
    assert caption == "Lottie: 30 frames, 1 s, 100×50"


def test_inline_animations_fall_back_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    assert razzle.Scene()._repr_html_() is None  # no stage: nothing to draw
    import razzle.render._draw as draw

    monkeypatch.setattr(draw, "skia", None)  # as without the render extra
    assert _scene()._repr_html_() is None
    monkeypatch.setattr(notebook, "_animation_html", lambda obj: 1 / 0)
    assert _scene()._repr_html_() is None
