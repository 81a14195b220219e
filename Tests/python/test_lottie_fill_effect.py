"""After Effects' Fill effect (a layer's `ef` of type 21, "ADBE Fill"), as
lottie-web's SVG renderer draws it: every pixel of the layer takes the
effect's color and its alpha is multiplied by the effect's opacity. Worked
by hand on a small document and checked on each way razzle draws a
display list: the library's rasterizer, the skia drawer, the SVG export
(lottie_cairo.c is in test_lottie_cairo.py)."""

from __future__ import annotations

import re
from pathlib import Path

from typing import Any, Dict, List, Optional

import numpy as np
import pytest

import razzle
from razzle import BeginLayer, Raster


def k(value: Any) -> Dict[str, Any]:
    return {"a": 0, "k": value}


def fill_effect(color: List[float], opacity: Any, enabled: int = 1) -> Dict[str, Any]:
    return {"ty": 21, "nm": "Fill", "mn": "ADBE Fill", "en": enabled, "ef": [
        {"ty": 10, "nm": "Fill Mask", "mn": "ADBE Fill-0001", "v": k(0)},
        {"ty": 7, "nm": "All Masks", "mn": "ADBE Fill-0007", "v": k(0)},
        {"ty": 2, "nm": "Color", "mn": "ADBE Fill-0002", "v": k(color)},
        {"ty": 7, "nm": "Invert", "mn": "ADBE Fill-0006", "v": k(0)},
        {"ty": 0, "nm": "Horizontal Feather", "mn": "ADBE Fill-0003", "v": k(0)},
        {"ty": 0, "nm": "Vertical Feather", "mn": "ADBE Fill-0004", "v": k(0)},
        {"ty": 0, "nm": "Opacity", "mn": "ADBE Fill-0005", "v": opacity}]}


def document(effects: Optional[List[Dict[str, Any]]]) -> Dict[str, Any]:
    """A 100 × 10 layer: an opaque red rectangle (x < 50), a green one at
    50 % (x >= 50), with `effects`."""
    def group(x: float, color: List[float], opacity: float) -> Dict[str, Any]:
        return {"ty": "gr", "it": [
            {"ty": "rc", "p": k([x + 25, 5]), "s": k([50, 10]), "r": k(0), "d": 1},
            {"ty": "fl", "c": k(color), "o": k(opacity)}, {"ty": "tr", "o": k(100)}]}
    transform = {"p": k([0, 0]), "a": k([0, 0]), "s": k([100, 100]), "r": k(0), "o": k(100)}
    layer: Dict[str, Any] = {"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": transform,
                             "shapes": [group(0, [1, 0, 0, 1], 100), group(50, [0, 1, 0, 1], 50)]}
    if effects is not None:
        layer["ef"] = effects
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 10, "layers": [layer]}


# Opacity 0.5, then animated from 1 at frame 0 to 0 at frame 20 (linear):
# 0.5 at frame 10.
HALF = k(0.5)
FADING = {"a": 1, "k": [{"t": 0, "s": [1], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [0]}]}


@pytest.mark.parametrize("opacity, frame", [(HALF, 0.0), (FADING, 10.0)])
def test_the_rasterizer_paints_the_layer_blue_through_its_alpha(opacity: Any, frame: float) -> None:
    # Left: alpha 255 × 0.5 = 127.5; right: 127.5 × 0.5 = 63.75; both blue.
    anim = razzle.import_lottie(document([fill_effect([0, 0, 1, 1], opacity)]))
    begin = [op for op in anim.display_list(frame) if isinstance(op, BeginLayer)]
    assert len(begin) == 1 and begin[0].fill == pytest.approx((0, 0, 1, 0.5))
    pixels = Raster().render(anim, frame, (100, 10)).astype(float)
    assert np.abs(pixels[5, 25] - (0, 0, 255, 127.5)).max() <= 1
    assert np.abs(pixels[5, 75] - (0, 0, 255, 63.75)).max() <= 1


def test_a_disabled_fill_draws_the_layer_as_it_is_and_other_effects_warn() -> None:
    anim = razzle.import_lottie(document([fill_effect([0, 0, 1, 1], HALF, enabled=0)]))
    assert not any(isinstance(op, BeginLayer) for op in anim.display_list(0))
    pixels = Raster().render(anim, 0, (100, 10))
    assert tuple(pixels[5, 25]) == (255, 0, 0, 255)
    blur = {"ty": 29, "nm": "Gaussian Blur", "mn": "ADBE Gaussian Blur 2", "ef": []}
    slider = {"ty": 5, "nm": "Bounce", "mn": "ADBE Slider Control", "ef": []}
    anim = razzle.import_lottie(document([blur, slider]))
    found = [(w.pointer, w.feature, w.message) for w in anim.warnings]
    assert ("/layers/0/ef/0", "effects", "ADBE Gaussian Blur 2 not drawn (razzle draws Fill)") in found, found
    assert not any(pointer.startswith("/layers/0/ef/1") for pointer, _, _ in found), found


def test_the_skia_drawer_and_the_svg_export_agree() -> None:
    render = pytest.importorskip("razzle.render")
    if not render.available()[0]:
        pytest.skip("the render extra (skia-python) is not installed")
    anim = razzle.import_lottie(document([fill_effect([0, 0, 1, 1], HALF)]))
    skia = render.Renderer.from_lottie(anim, size=(100, 10), backend="skia").frame(0).astype(float)
    assert np.abs(skia[5, 25] - (0, 0, 255, 127.5)).max() <= 1.5
    assert np.abs(skia[5, 75] - (0, 0, 255, 63.75)).max() <= 1.5
    svg = render.Renderer.from_lottie(anim, size=(100, 10)).svg(0)
    assert 'color-interpolation-filters="sRGB"' in svg
    assert 'values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0.5 0"' in svg


def test_the_flag_is_the_headers() -> None:
    from razzle import _display_list

    header = (Path(__file__).parents[2] / "include" / "keyframe.h").read_text()
    assert _display_list.LAYER_FILL == int(re.search(r"#define KF_LAYER_FILL (\d+)u", header).group(1))
