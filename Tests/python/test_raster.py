"""razzle.Raster: Lottie frames and display lists into RGBA arrays with the
library's own rasterizer. Pixel values are checked against areas worked by
hand and against skia (the render extra's drawing of the same display
list) as an independent rasterizer."""

import json
import re
import threading
from pathlib import Path

import numpy as np
import pytest

import razzle

W, H = 100, 50


def doc(shapes, w=W, h=H):
    return json.dumps({
        "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": w, "h": h,
        "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": shapes}],
    })


def rect(x, y, w, h):
    return {"ty": "rc", "p": {"k": [x + w / 2, y + h / 2]}, "s": {"k": [w, h]}, "r": {"k": 0}}


def fill(r, g, b, opacity=100):
    return {"ty": "fl", "c": {"k": [r, g, b, 1]}, "o": {"k": opacity}, "r": 1}


@pytest.fixture
def raster():
    with razzle.Raster() as r:
        yield r


def test_a_rectangle_with_quarter_covered_edge_columns(raster):
    # x from 9.75 to 30.25: columns 9 and 30 a quarter covered.
    anim = razzle.import_lottie(doc([rect(9.75, 10, 20.5, 20), fill(0, 0, 1)]))
    px = raster.render(anim, 0, (W, H), matrix=(1, 0, 0, 1, 0, 0))
    assert px.shape == (H, W, 4) and px.dtype == np.uint8
    assert px[20, 20].tolist() == [0, 0, 255, 255]
    assert px[20, 8, 3] == 0 and px[9, 20, 3] == 0
    assert abs(int(px[20, 9, 3]) - 63.75) <= 1 and px[20, 9, 2] == 255  # straight alpha
    pre = raster.render(anim, 0, (W, H), matrix=(1, 0, 0, 1, 0, 0), premultiplied=True)
    assert abs(int(pre[20, 30, 2]) - 63.75) <= 1 and pre[20, 30, 2] == pre[20, 30, 3]


def test_the_default_fits_the_composition_and_a_background_is_under_it(raster):
    anim = razzle.import_lottie(doc([rect(0, 0, 50, 50), fill(1, 0, 0)]))
    # 200 x 100 is twice the composition: the left half red, the rest white.
    px = raster.render(anim, 0, (200, 100), background=(1, 1, 1, 1))
    assert px[50, 50].tolist() == [255, 0, 0, 255]
    assert px[50, 150].tolist() == [255, 255, 255, 255]
    # A wider output keeps the aspect: the composition centred, bars
    # transparent.
    wide = raster.render(anim, 0, (300, 100))
    assert wide[50, 10, 3] == 0 and wide[50, 100].tolist() == [255, 0, 0, 255]


def test_out_is_filled_in_place(raster):
    anim = razzle.import_lottie(doc([rect(0, 0, 100, 50), fill(0, 1, 0)]))
    out = np.full((H, W, 4), 7, dtype=np.uint8)
    got = raster.render(anim, 0, out=out)
    assert got is out and out[25, 50].tolist() == [0, 255, 0, 255]
    with pytest.raises(razzle.InvalidValueError):
        raster.render(anim, 0, out=np.zeros((H, W, 3), dtype=np.uint8))
    with pytest.raises(razzle.InvalidValueError):
        raster.render(anim, 0, out=np.zeros((H, W, 4), dtype=np.float32))


def test_the_same_frame_as_skia_draws_it():
    skia = pytest.importorskip("skia")
    del skia
    from razzle.render import Renderer

    anim = razzle.import_lottie(str(__import__("pathlib").Path(__file__).parents[1] / "lottie" / "shapes.json"))
    native = Renderer.from_lottie(anim, size=(160, 120), background="white")
    painted = Renderer.from_lottie(anim, size=(160, 120), background="white", backend="skia")
    for frame in (0, 20, 40):
        a = native.frame(frame)[..., :3].astype(int)
        b = painted.frame(frame)[..., :3].astype(int)
        # Two rasterizers of the same list: they differ only in the coverage
        # of edge pixels.
        assert np.abs(a - b).mean() < 1.0
        assert (np.abs(a - b).max(axis=-1) > 32).mean() < 0.01


def test_bad_arguments_are_errors_and_leave_out_alone(raster):
    anim = razzle.import_lottie(doc([rect(0, 0, 10, 10), fill(1, 0, 0)]))
    out = np.full((H, W, 4), 9, dtype=np.uint8)
    with pytest.raises(razzle.InvalidValueError, match="invertible"):
        raster.render(anim, 0, out=out, matrix=(0, 0, 0, 0, 0, 0))
    with pytest.raises(razzle.InvalidValueError, match="finite"):
        raster.render(anim, 0, out=out, background=(float("nan"), 0, 0, 1))
    with pytest.raises(razzle.InvalidValueError):
        raster.render(anim, float("inf"), out=out)
    with pytest.raises(razzle.InvalidValueError):
        raster.render(anim, 0, (0, 10))
    with pytest.raises(razzle.InvalidValueError):
        raster.render(anim, 0, out=out, matrix=(1, 0, 0))
    with pytest.raises(razzle.InvalidTypeError):
        raster.render("not an import", 0)
    assert (out == 9).all()
    with pytest.raises(razzle.InvalidValueError):
        raster.set_image(0, np.zeros((2, 2, 3), dtype=np.uint8))
    raster.close()
    with pytest.raises(razzle.ClosedError):
        raster.render(anim, 0)


def test_draw_takes_a_display_list(raster):
    anim = razzle.import_lottie(doc([rect(0, 0, 50, 50), fill(1, 1, 0)]))
    dl = razzle.DisplayList()
    dl.draw(anim, 0)
    px = raster.draw(dl, (W, H), matrix=(1, 0, 0, 1, 0, 0))
    assert px[25, 25].tolist() == [255, 255, 0, 255] and px[25, 75, 3] == 0
    with pytest.raises(razzle.InvalidTypeError):
        raster.draw(anim, (W, H))


def test_threads_share_a_raster_safely():
    anim = razzle.import_lottie(doc([rect(0, 0, 50, 50), fill(1, 0, 0)]))
    shared = razzle.Raster()
    expected = shared.render(anim, 0, (W, H))
    errors = []

    def work():
        try:
            for _ in range(50):
                if not np.array_equal(shared.render(anim, 0, (W, H)), expected):
                    errors.append("differs")
        except Exception as error:  # collected for the assertion below
            errors.append(repr(error))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_the_size_limit_is_the_headers():
    from razzle import _raster

    header = (Path(__file__).parents[2] / "include" / "keyframe.h").read_text()
    assert _raster.MAX_SIDE == int(re.search(r"#define KF_RASTER_MAX_SIDE (\d+)", header).group(1))
    with pytest.raises(razzle.InvalidValueError, match="16384"):
        razzle.Raster().render(razzle.import_lottie(doc([])), 0, (_raster.MAX_SIDE + 1, 1))
