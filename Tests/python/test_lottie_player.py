"""Playing Lottie files (Guides/Lottie.md, "Playing"): razzle.DisplayList and
its op values, and razzle.render.Renderer.from_lottie's pixels on small
hand-made documents whose pixels are worked out by hand in the comments
(not read back from razzle). The documents are 100 × 100 at 30 fps unless
said otherwise; pixels are probed at the centre of areas, away from
anti-aliased edges."""

from __future__ import annotations

import json
import threading
from typing import Any, Dict, List, Optional, Sequence

import numpy as np
import pytest

import razzle

skia = pytest.importorskip("skia")

from razzle.render import Renderer, render  # noqa: E402


# -- building documents --------------------------------------------------------


def k(value: Any) -> Dict[str, Any]:
    """A static property."""
    return {"a": 0, "k": value}


def transform(p: Sequence[float] = (0, 0), a: Sequence[float] = (0, 0), s: Sequence[float] = (100, 100), o: float = 100) -> Dict[str, Any]:
    return {"p": k(list(p)), "a": k(list(a)), "s": k(list(s)), "r": k(0), "o": k(o)}


def document(layers: List[Dict[str, Any]], op: float = 10, assets: Optional[List[Any]] = None, w: int = 100, h: int = 100) -> Dict[str, Any]:
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": op, "w": w, "h": h, "layers": layers, "assets": assets or []}


def solid(color: str, w: float, h: float, ind: int = 1, p: Sequence[float] = (0, 0), **extra: Any) -> Dict[str, Any]:
    layer = {"ty": 1, "ind": ind, "ip": 0, "op": 1000, "st": 0, "sc": color, "sw": w, "sh": h, "ks": transform(p)}
    layer.update(extra)
    return layer


def rect(x: float, y: float, w: float, h: float) -> Dict[str, Any]:
    return {"ty": "rc", "p": k([x + w / 2, y + h / 2]), "s": k([w, h]), "r": k(0), "d": 1}


def fill(rgb: Sequence[float], o: float = 100) -> Dict[str, Any]:
    return {"ty": "fl", "c": k([*rgb, 1]), "o": k(o), "r": 1}


def line(x0: float, y0: float, x1: float, y1: float) -> Dict[str, Any]:
    shape = {"i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]], "v": [[x0, y0], [x1, y1]], "c": False}
    return {"ty": "sh", "ks": k(shape)}


def stroke(rgb: Sequence[float], width: float, dashes: Optional[Sequence[float]] = None) -> Dict[str, Any]:
    item: Dict[str, Any] = {"ty": "st", "c": k([*rgb, 1]), "o": k(100), "w": k(width), "lc": 1, "lj": 1, "ml": 4}
    if dashes is not None:
        names = ["d", "g"] * len(dashes)
        item["d"] = [{"n": names[i], "nm": names[i], "v": k(v)} for i, v in enumerate(dashes)]
        item["d"].append({"n": "o", "nm": "offset", "v": k(0)})
    return item


def shapes(items: List[Dict[str, Any]], ind: int = 1, **extra: Any) -> Dict[str, Any]:
    layer = {"ty": 4, "ind": ind, "ip": 0, "op": 1000, "st": 0, "ks": transform(), "shapes": items}
    layer.update(extra)
    return layer


def square_path(x0: float, y0: float, x1: float, y1: float) -> Dict[str, Any]:
    return {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "c": True}


def mask(mode: str, x0: float, y0: float, x1: float, y1: float, inverted: bool = False, o: float = 100) -> Dict[str, Any]:
    return {"mode": mode, "inv": inverted, "pt": k(square_path(x0, y0, x1, y1)), "o": k(o), "x": k(0)}


def frame(doc: Dict[str, Any], f: float = 0, background: Any = None) -> np.ndarray:
    return Renderer.from_lottie(doc, background=background).frame(f)


RED = (255, 0, 0, 255)
GREEN = (0, 255, 0, 255)
CLEAR_ALPHA = 0


def assert_pixel(image: np.ndarray, x: int, y: int, expected: Sequence[int], tolerance: int = 1) -> None:
    got = image[y, x].astype(int)
    assert np.abs(got - np.array(expected)).max() <= tolerance, f"pixel ({x}, {y}) is {tuple(got)}, not {tuple(expected)}"


def alpha(image: np.ndarray, x: int, y: int) -> int:
    return int(image[y, x, 3])


# -- pixels --------------------------------------------------------------------


def test_a_solid_is_drawn_at_its_place_in_its_color() -> None:
    # A 40 × 20 red solid at position (30, 40), anchor (0, 0): it covers
    # x 30…70, y 40…60 and nothing else; the rest is transparent.
    image = frame(document([solid("#ff0000", 40, 20, p=(30, 40))]))
    assert image.shape == (100, 100, 4)
    assert_pixel(image, 50, 50, RED)
    assert_pixel(image, 31, 41, RED)
    assert alpha(image, 10, 10) == 0 and alpha(image, 75, 50) == 0 and alpha(image, 50, 65) == 0


def test_a_rectangle_fill_at_half_opacity_over_white() -> None:
    # Fill (0, 0, 255) at opacity 50 over white: 0.5·(0, 0, 255) + 0.5·255
    # = (127.5, 127.5, 255) inside x 20…60, y 20…60; white outside.
    image = frame(document([shapes([rect(20, 20, 40, 40), fill((0, 0, 1), o=50)])]), background="white")
    assert_pixel(image, 40, 40, (127.5, 127.5, 255, 255), tolerance=1)
    assert_pixel(image, 80, 80, (255, 255, 255, 255), tolerance=0)


def test_size_scales_to_fit_keeping_the_aspect_centred() -> None:
    # The 100 × 100 composition into 200 × 100: scale min(2, 1) = 1, offset
    # x (200 − 100)/2 = 50. The solid (0…50, 0…100) lands at x 50…100.
    r = Renderer.from_lottie(document([solid("#ff0000", 50, 100)]), size=(200, 100))
    image = r.frame(0)
    assert image.shape == (100, 200, 4)
    assert_pixel(image, 75, 50, RED)
    assert alpha(image, 25, 50) == 0 and alpha(image, 125, 50) == 0


def test_a_mask_subtracting_a_square_from_a_square() -> None:
    # A green 100 × 100 square less the square 25…75: the middle is empty,
    # the ring around it green.
    layer = solid("#00ff00", 100, 100, hasMask=True, masksProperties=[mask("s", 25, 25, 75, 75)])
    image = frame(document([layer]))
    assert alpha(image, 50, 50) == 0
    assert_pixel(image, 10, 10, GREEN)
    assert_pixel(image, 90, 50, GREEN)


def test_an_inverted_mask() -> None:
    # Add mode, inverted: coverage 1 − m, so only outside 25…75 shows.
    layer = solid("#00ff00", 100, 100, hasMask=True, masksProperties=[mask("a", 25, 25, 75, 75, inverted=True)])
    image = frame(document([layer]))
    assert alpha(image, 50, 50) == 0
    assert_pixel(image, 10, 90, GREEN)


def test_an_intersect_mask() -> None:
    # Add 0…60, then intersect 40…100: C = 1·1 only in 40…60 squared.
    layer = solid(
        "#00ff00", 100, 100, hasMask=True, masksProperties=[mask("a", 0, 0, 60, 60), mask("i", 40, 40, 100, 100)]
    )
    image = frame(document([layer]))
    assert_pixel(image, 50, 50, GREEN)
    assert alpha(image, 20, 20) == 0
    assert alpha(image, 80, 80) == 0
    assert alpha(image, 50, 20) == 0


def test_mask_opacity_scales_the_coverage() -> None:
    # Add at opacity 50 on a start of 0: C = 0.5 inside → alpha 127.5.
    layer = solid("#00ff00", 100, 100, hasMask=True, masksProperties=[mask("a", 0, 0, 100, 100, o=50)])
    image = frame(document([layer]))
    assert abs(alpha(image, 50, 50) - 127.5) <= 1


def test_a_luma_matte() -> None:
    # Matte (td) above the content (tt 3): white on x 0…33, 50 % gray on
    # 33…66, black on 66…100. Luma 1, 0.5, 0: the red content keeps alpha
    # 255, 127.5, 0 (the gray's luma is 0.2125·.5 + 0.7154·.5 + 0.0721·.5 = .5).
    matte = shapes(
        [
            {"ty": "gr", "it": [rect(0, 0, 33, 100), fill((1, 1, 1)), {"ty": "tr", **transform()}]},
            {"ty": "gr", "it": [rect(33, 0, 33, 100), fill((0.5, 0.5, 0.5)), {"ty": "tr", **transform()}]},
            {"ty": "gr", "it": [rect(66, 0, 34, 100), fill((0, 0, 0)), {"ty": "tr", **transform()}]},
        ],
        ind=1,
        td=1,
    )
    content = solid("#ff0000", 100, 100, ind=2, tt=3)
    image = frame(document([matte, content]))
    assert_pixel(image, 15, 50, RED)
    assert abs(alpha(image, 50, 50) - 127.5) <= 1.5
    assert tuple(image[50, 50, :3]) == (255, 0, 0)
    assert alpha(image, 85, 50) == 0


def test_an_alpha_inverted_matte() -> None:
    # The matte covers x 0…50 opaquely; alpha inverted keeps 1 − α: the
    # red content shows on 50…100 only. The matte itself is not drawn.
    matte = shapes([rect(0, 0, 50, 100), fill((0, 0, 1))], ind=1, td=1)
    content = solid("#ff0000", 100, 100, ind=2, tt=2)
    image = frame(document([matte, content]))
    assert alpha(image, 25, 50) == 0
    assert_pixel(image, 75, 50, RED)


def two_phase_precomposition(**layer: Any) -> Dict[str, Any]:
    """A precomposition whose own frames 0…5 show red and 5…10 blue."""
    child = [
        solid("#ff0000", 100, 100, ind=1, ip=0, op=5),
        solid("#0000ff", 100, 100, ind=2, ip=5, op=10),
    ]
    pre = {"ty": 0, "ind": 1, "refId": "child", "ip": 0, "op": 100, "st": 0, "w": 100, "h": 100, "ks": transform()}
    pre.update(layer)
    return document([pre], op=40, assets=[{"id": "child", "layers": child}])


def test_a_precomposition_stretched_by_sr_2() -> None:
    # Child time = (t − st) / sr: composition frame 8 is child frame 4
    # (red), 12 is 6 (blue), 22 is 11 (past both: nothing).
    doc = two_phase_precomposition(sr=2)
    r = Renderer.from_lottie(doc)
    assert_pixel(r.frame(8), 50, 50, RED)
    assert_pixel(r.frame(12), 50, 50, (0, 0, 255, 255))
    assert alpha(r.frame(22), 50, 50) == 0


def test_a_precomposition_with_a_start_time() -> None:
    # st 10: child frame = t − 10; frame 12 is child frame 2 (red), 16 is 6 (blue).
    r = Renderer.from_lottie(two_phase_precomposition(st=10))
    assert_pixel(r.frame(12), 50, 50, RED)
    assert_pixel(r.frame(16), 50, 50, (0, 0, 255, 255))


@pytest.mark.parametrize("seconds, color", [(0.1, RED), (0.25, (0, 0, 255, 255))])
def test_a_time_remapped_precomposition_shows_the_child_frame(seconds: float, color: Sequence[int]) -> None:
    # tm is in seconds: 0.1 s × 30 fps = child frame 3 (red), 0.25 s = 7.5
    # (blue), whatever the composition frame.
    r = Renderer.from_lottie(two_phase_precomposition(tm=k(seconds)))
    for f in (0, 20):
        assert_pixel(r.frame(f), 50, 50, color)


def test_a_dashed_stroke_is_on_in_dashes_and_off_in_gaps() -> None:
    # y = 50 from x 0 to 100, 10 wide, butt caps, dash 10 gap 10 from 0: on
    # at x 0…10, 20…30, ...; off at 10…20, 30…40, ....
    layer = shapes([line(0, 50, 100, 50), stroke((1, 0, 0), 10, dashes=[10, 10])])
    image = frame(document([layer]))
    for x in (5, 25, 45, 65, 85):
        assert_pixel(image, x, 50, RED)
    for x in (15, 35, 55, 75, 95):
        assert alpha(image, x, 50) == 0
    assert alpha(image, 5, 40) == 0  # above the 10-wide line (y 45…55)


def test_a_trim_path_cuts_a_line_in_half() -> None:
    # Trim start 0, end 50 %: only x 0…50 of the line is stroked.
    trim = {"ty": "tm", "s": k(0), "e": k(50), "o": k(0), "m": 1}
    layer = shapes([line(0, 50, 100, 50), stroke((1, 0, 0), 10), trim])
    image = frame(document([layer]))
    assert_pixel(image, 25, 50, RED)
    assert_pixel(image, 45, 50, RED)
    assert alpha(image, 55, 50) == 0 and alpha(image, 75, 50) == 0


def test_parenting_moves_a_child_by_its_parent() -> None:
    # A null at (50, 0) parents a 10 × 10 solid at (10, 10): the solid is
    # drawn at x 60…70, y 10…20, not at 10…20.
    parent = {"ty": 3, "ind": 1, "ip": 0, "op": 1000, "st": 0, "ks": transform(p=(50, 0))}
    child = solid("#ff0000", 10, 10, ind=2, p=(10, 10), parent=1)
    image = frame(document([child, parent]))
    assert_pixel(image, 65, 15, RED)
    assert alpha(image, 15, 15) == 0


def test_a_hidden_layer_draws_nothing() -> None:
    image = frame(document([solid("#ff0000", 100, 100, hd=True)]))
    assert image[..., 3].max() == 0


def test_in_and_out_points_show_a_layer_from_ip_to_before_op() -> None:
    # ip 5, op 8: drawn at frames 5, 6, 7.5 (ip ≤ t < op), not at 4 or 8.
    r = Renderer.from_lottie(document([solid("#ff0000", 100, 100, ip=5, op=8)]))
    assert [alpha(r.frame(f), 50, 50) for f in (4, 5, 6, 7.5, 8)] == [0, 255, 255, 255, 0]


def test_layer_opacity_and_a_multiply_blend() -> None:
    # Red at opacity 50 over nothing: alpha 127.5. A multiply layer of
    # (0, 255, 0) over opaque yellow (255, 255, 0): (0, 255, 0).
    r = Renderer.from_lottie(document([solid("#ff0000", 100, 100, ks=transform(o=50))]))
    assert abs(alpha(r.frame(0), 50, 50) - 127.5) <= 1
    doc = document([solid("#00ff00", 100, 100, ind=1, bm=1), solid("#ffff00", 100, 100, ind=2)])
    assert_pixel(frame(doc), 50, 50, GREEN)


def test_frames_and_render_play_ip_to_op(tmp_path: Any) -> None:
    doc = document([solid("#ff0000", 100, 100, ip=5, op=8)], op=10)
    r = Renderer.from_lottie(doc, size=(20, 20), background=(1, 1, 1))
    pictures = r.frames([4, 6])
    assert [p.shape for p in pictures] == [(20, 20, 4)] * 2
    assert tuple(pictures[0][10, 10]) == (255, 255, 255, 255)
    path = tmp_path / "anim.json"
    path.write_text(json.dumps(doc))
    result = render(str(path), str(tmp_path / "out.png"), size=(20, 20))
    assert result.frames == 10  # frames 0 … 9: ip up to, not including, op
    svg = render(str(path), str(tmp_path / "frame.svg"), start=6)
    text = (tmp_path / "frame.svg").read_text()
    assert svg.frames == 1 and text.startswith("<svg") and "#ff0000" in text


def test_svg_of_masks_and_mattes_is_well_formed(tmp_path: Any) -> None:
    import xml.etree.ElementTree as ET

    matte = shapes([rect(0, 0, 50, 100), fill((1, 1, 1))], ind=1, td=1)
    content = solid(
        "#ff0000", 100, 100, ind=2, tt=4, hasMask=True, masksProperties=[mask("s", 25, 25, 75, 75), mask("l", 0, 0, 10, 10)]
    )
    doc = document([matte, content, shapes([line(0, 50, 100, 50), stroke((0, 0, 1), 4, dashes=[5, 5])], ind=3)])
    text = Renderer.from_lottie(doc).svg(0)
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    masks = root.findall(f".//{ns}mask")
    assert len(masks) == 2
    assert any("mix-blend-mode:multiply" in (g.get("style") or "") for g in root.iter(f"{ns}g"))
    assert any("mix-blend-mode:lighten" in (g.get("style") or "") for g in root.iter(f"{ns}g"))
    assert any(p.get("stroke-dasharray") == "5 5" for p in root.iter(f"{ns}path"))
    ids = {m.get("id") for m in masks}
    assert {g.get("mask")[5:-1] for g in root.iter(f"{ns}g") if g.get("mask")} == ids


# -- the display list ----------------------------------------------------------


def test_op_kinds_and_a_rectangles_path() -> None:
    lottie = razzle.import_lottie(document([shapes([rect(30, 40, 40, 20), fill((1, 0, 0))])]))
    ops = lottie.display_list(0)
    assert [type(op).__name__ for op in ops] == ["Save", "Fill", "Restore"]
    save, paint = ops[0], ops[1]
    assert isinstance(save, razzle.Save) and save.matrix == (1, 0, 0, 1, 0, 0)
    assert isinstance(paint, razzle.Fill) and paint.color == (1, 0, 0, 1) and paint.rule == "nonzero"
    path = paint.path
    assert path.verbs.dtype == np.uint8 and path.points.shape[1] == 2
    assert path.verbs[0] == 0 and path.verbs[-1] == 3  # move … close
    # The corners (30, 40), (70, 40), (70, 60), (30, 60) are on the path.
    ends = {(round(x, 9), round(y, 9)) for x, y in path.points.tolist()}
    assert {(30, 40), (70, 40), (70, 60), (30, 60)} <= ends
    assert path.bounds() == (30, 40, 40, 20)
    assert path.to_svg_d().startswith("M ") and path.to_svg_d().endswith("Z")
    assert not path.points.flags.writeable
    assert razzle.Restore() != razzle.EndLayer() and razzle.Restore() == razzle.Restore()


def test_masks_mattes_and_layers_as_ops() -> None:
    matte = shapes([rect(0, 0, 50, 100), fill((1, 1, 1))], ind=1, td=1)
    content = solid("#ff0000", 100, 100, ind=2, tt=3, bm=2, hasMask=True, masksProperties=[mask("i", 0, 0, 50, 50, inverted=True, o=40)])
    ops = razzle.import_lottie(document([matte, content])).display_list(0)
    kinds = [type(op).__name__ for op in ops]
    assert kinds[0] == "BeginLayer" and kinds[-1] == "EndLayer"
    assert kinds.index("BeginMask") < kinds.index("MaskPath") < kinds.index("EndMask") < kinds.index("BeginMatte")
    begin = ops[0]
    assert isinstance(begin, razzle.BeginLayer) and begin.blend == "screen" and begin.opacity == 1
    mask_path = next(op for op in ops if isinstance(op, razzle.MaskPath))
    assert (mask_path.mode, mask_path.inverted, mask_path.opacity, mask_path.expansion) == ("intersect", True, 0.4, 0)
    # Intersect first: the coverage starts at 1 (lottie-web's rule).
    assert next(op for op in ops if isinstance(op, razzle.BeginMask)).start == 1
    assert next(op for op in ops if isinstance(op, razzle.BeginMatte)).mode == "luma"


def test_display_list_errors() -> None:
    lottie = razzle.import_lottie(document([solid("#ff0000", 10, 10)]))
    for bad in (float("nan"), float("inf")):
        with pytest.raises(razzle.InvalidValueError):
            lottie.display_list(bad)
    listed = razzle.DisplayList()
    listed.close()
    with pytest.raises(razzle.ClosedError):
        listed.draw(lottie, 0)
    lottie.close()
    with pytest.raises(razzle.ClosedError):
        lottie.display_list(0)
    with pytest.raises(razzle.ClosedError):
        razzle.DisplayList().draw(lottie, 0)


def test_ops_outlive_the_next_draw() -> None:
    doc = document([solid("#ff0000", 10, 10, ip=0, op=5), solid("#00ff00", 20, 20, ind=2, ip=5, op=10)])
    lottie = razzle.import_lottie(doc)
    listed = razzle.DisplayList()
    first = listed.draw(lottie, 0)
    kept = first[1].path.points.copy()
    listed.draw(lottie, 6)
    assert np.array_equal(first[1].path.points, kept)
    assert listed.frame == 6 and listed.width == 100 and len(listed) == 3


def test_four_threads_drawing_one_import_agree() -> None:
    lottie = razzle.import_lottie(
        document([shapes([rect(10, 10, 30, 30), fill((1, 0, 0)), stroke((0, 0, 1), 3, dashes=[4, 2])]),
                  solid("#00ff00", 50, 50, ind=2, hasMask=True, masksProperties=[mask("a", 0, 0, 25, 25)])])
    )
    frames = [0, 1, 2.5, 3, 4]
    expected = [lottie.display_list(f) for f in frames]
    failures: List[str] = []

    def work() -> None:
        listed = razzle.DisplayList()
        for _ in range(50):
            for f, want in zip(frames, expected):
                if listed.draw(lottie, f) != want:
                    failures.append(f"frame {f}")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_image_assets_are_listed_and_drawn() -> None:
    import base64
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGBA", (4, 4), (0, 0, 255, 255)).save(buffer, format="PNG")
    uri = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    asset = {"id": "img", "w": 40, "h": 40, "u": "", "p": uri, "e": 1}
    layer = {"ty": 2, "ind": 1, "refId": "img", "ip": 0, "op": 100, "st": 0, "ks": transform(p=(10, 10))}
    missing = {"id": "gone", "w": 40, "h": 40, "u": "images/", "p": "nowhere.png", "e": 0}
    other = {"ty": 2, "ind": 2, "refId": "gone", "ip": 0, "op": 100, "st": 0, "ks": transform(p=(50, 50))}
    doc = document([layer, other], assets=[asset, missing])
    lottie = razzle.import_lottie(doc)
    images = lottie.images
    assert [(i.width, i.height) for i in images] == [(40, 40), (40, 40)]
    assert images[0].data == buffer.getvalue() and images[0].path is None
    assert images[1].data is None and images[1].path == "images/nowhere.png"
    # The 4 × 4 blue image scaled into 10…50; the missing file draws nothing.
    image = Renderer.from_lottie(lottie).frame(0)
    assert_pixel(image, 30, 30, (0, 0, 255, 255))
    assert alpha(image, 70, 70) == 0


def test_hostile_sizes_are_refused_not_allocated() -> None:
    # A 1e9 x 1e9 canvas: the display list is cheap, the picture would be
    # 4e18 bytes; the renderer asks for a size instead.
    from razzle.render import RenderError, Renderer

    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 1e9, "h": 1e9, "layers": []}
    with pytest.raises(RenderError, match="give a size"):
        Renderer.from_lottie(doc)
    small = Renderer.from_lottie(doc, size=(64, 64))
    assert small.frame(0).shape == (64, 64, 4)
    with pytest.raises(RenderError):
        Renderer.from_lottie(doc, size=(0, 64))


# -- gradients -------------------------------------------------------------------


def gradient_fill(
    colors: Sequence[Sequence[float]],
    start: Sequence[float],
    end: Sequence[float],
    radial: bool = False,
    opacities: Sequence[Sequence[float]] = (),
    o: float = 100,
    highlight: float = 0,
    angle: float = 0,
    ty: str = "gf",
) -> Dict[str, Any]:
    """A gradient fill (`gf`) or stroke (`gs`): color stops (offset, r, g, b),
    then opacity stops (offset, alpha), all in 0…1 as Lottie writes them."""
    numbers = [x for stop in colors for x in stop] + [x for stop in opacities for x in stop]
    item: Dict[str, Any] = {
        "ty": ty,
        "o": k(o),
        "t": 2 if radial else 1,
        "s": k(list(start)),
        "e": k(list(end)),
        "g": {"p": len(colors), "k": k(numbers)},
    }
    if radial:
        item.update(h=k(highlight), a=k(angle))
    if ty == "gf":
        item["r"] = 1
    else:
        item.update(w=k(10), lc=1, lj=1, ml=4)
    return item


RED_TO_BLUE = [(0, 1, 0, 0), (1, 0, 0, 1)]


def test_a_linear_gradient_fill_interpolates_between_its_points_and_pads() -> None:
    # A 100 × 10 rectangle, red at x = 20 to blue at x = 80. Pixel x = 35
    # has its centre at 35.5: t = (35.5 − 20) / 60 = 0.2583, so red
    # 255 (1 − t) = 189.1 and blue 255 t = 65.9 (skia interpolates the
    # unpremultiplied colors). Before x = 20 the first color pads, after 80
    # the last.
    doc = document([shapes([rect(0, 0, 100, 10), gradient_fill(RED_TO_BLUE, (20, 0), (80, 0))])], h=10)
    image = frame(doc)
    assert_pixel(image, 35, 5, (189.1, 0, 65.9, 255), tolerance=2)
    # x = 65: t = (65.5 − 20) / 60 = 0.7583: red 61.6, blue 193.4.
    assert_pixel(image, 65, 5, (61.6, 0, 193.4, 255), tolerance=2)
    assert_pixel(image, 5, 5, RED)
    assert_pixel(image, 95, 5, (0, 0, 255, 255))


def test_a_linear_gradient_op_in_the_display_list() -> None:
    # Fill opacity 50: the op's color is (1, 1, 1, 0.5) and each stop's
    # alpha is 1 × 0.5.
    doc = document([shapes([rect(0, 0, 100, 10), gradient_fill(RED_TO_BLUE, (20, 0), (80, 0), o=50)])])
    ops = razzle.import_lottie(doc).display_list(0)
    fill_op = next(op for op in ops if isinstance(op, razzle.Fill))
    assert fill_op.color == (1, 1, 1, 0.5)
    expected = razzle.LinearGradient((20, 0), (80, 0), ((0, 1, 0, 0, 0.5), (1, 0, 0, 1, 0.5)))
    assert fill_op.gradient == expected and fill_op.paint == expected
    assert hash(fill_op.gradient) == hash(expected)
    assert fill_op != fill_op._replace(gradient=None)
    # A solid fill has no gradient; its paint is its color.
    solid_op = next(op for op in razzle.import_lottie(document([shapes([rect(0, 0, 10, 10), fill((0, 1, 0))])])).display_list(0)
                    if isinstance(op, razzle.Fill))
    assert solid_op.gradient is None and solid_op.paint == solid_op.color == (0, 1, 0, 1)
    # A Fill made by hand is solid.
    assert razzle.Fill(fill_op.path, (1, 0, 0, 1), "nonzero").gradient is None


def test_a_radial_gradient_is_the_first_color_at_its_centre_and_the_last_at_its_radius() -> None:
    # Centre (50.5, 50.5) (a pixel centre), through (90.5, 50.5): radius 40.
    # Stops red at 0 and 0.5, blue at 1. The centre pixel is red; pixel
    # (85, 50) is 35 from the centre: t = 35 / 40 = 0.875, between the red
    # at 0.5 and the blue at 1 by u = 0.375 / 0.5 = 0.75: (63.75, 0,
    # 191.25). Pixel (50, 5) is 45.5 away, past the radius: blue (padded).
    stops = [(0, 1, 0, 0), (0.5, 1, 0, 0), (1, 0, 0, 1)]
    item = gradient_fill(stops, (50.5, 50.5), (90.5, 50.5), radial=True)
    image = frame(document([shapes([rect(0, 0, 100, 100), item])]))
    assert_pixel(image, 50, 50, RED)
    assert_pixel(image, 85, 50, (63.75, 0, 191.25, 255), tolerance=2)
    assert_pixel(image, 50, 5, (0, 0, 255, 255))
    op = next(op for op in razzle.import_lottie(document([shapes([rect(0, 0, 100, 100), item])])).display_list(0)
              if isinstance(op, razzle.Fill))
    assert op.gradient == razzle.RadialGradient(
        (50.5, 50.5), 0, (50.5, 50.5), 40, ((0, 1, 0, 0, 1), (0.5, 1, 0, 0, 1), (1, 0, 0, 1, 1))
    )


@pytest.mark.parametrize("angle, axis", [(0, (1, 0)), (90, (0, 1))])
def test_a_radial_gradients_highlight(angle: float, axis: Sequence[int]) -> None:
    # Start (50.5, 50.5), end (90.5, 50.5): the circle of radius 40 about
    # the start. Highlight h = 50 % at angle a from the start-to-end
    # direction (lottie-web: cos/sin(direction + a), y down, so 90° points
    # down): the gradient starts at the point 20 from the centre, radius 0.
    # On the line through the centre and the highlight H, a point d beyond
    # H lies on the circle of t where d = 40 t − 20 t (the circles' centres
    # move 20 t back towards the centre as their radius grows 40 t): t = d
    # / 20; a point d before H: d = 40 t + 20 t, t = d / 60. So 10 beyond
    # H and 30 before it are both t = 0.5: (127.5, 0, 127.5); H is red.
    item = gradient_fill(RED_TO_BLUE, (50.5, 50.5), (90.5, 50.5), radial=True, highlight=50, angle=angle)
    image = frame(document([shapes([rect(0, 0, 100, 100), item])]))
    dx, dy = axis
    assert_pixel(image, 50 + 20 * dx, 50 + 20 * dy, RED, tolerance=3)
    assert_pixel(image, 50 + 30 * dx, 50 + 30 * dy, (127.5, 0, 127.5, 255), tolerance=2)
    assert_pixel(image, 50 - 10 * dx, 50 - 10 * dy, (127.5, 0, 127.5, 255), tolerance=2)


def test_gradient_opacity_stops_and_the_fills_opacity() -> None:
    # Red throughout, opacity stops 1 at 0 and 0 at 1 (at the color stops'
    # offsets: each color stop takes its alpha), fill opacity 50 %, from
    # x = 0 to 100. Pixel x = 25: alpha 0.5 (1 − 25.5 / 100) = 0.3725 →
    # 95.0 levels; x = 75: 0.5 × 0.245 → 31.2. The color stays red
    # (unpremultiplied).
    item = gradient_fill([(0, 1, 0, 0), (1, 1, 0, 0)], (0, 0), (100, 0), opacities=[(0, 1), (1, 0)], o=50)
    image = frame(document([shapes([rect(0, 0, 100, 10), item])], h=10))
    assert abs(alpha(image, 25, 5) - 95.0) <= 2 and tuple(image[5, 25, :3]) == (255, 0, 0)
    assert abs(alpha(image, 75, 5) - 31.2) <= 2


def test_opacity_stops_between_the_color_stops() -> None:
    # Red to blue over x 0…100; opacity 1 at 0 and 0 at 0.5 (offsets that
    # are not the color stops'): the stops are 0, 0.5, 1, each color from
    # the color stops and each alpha from the opacity stops (the last
    # padded): alpha 1, 0, 0. Pixel x = 25: alpha 1 − 25.5 / 50 = 0.49 →
    # 125 levels, color between red and (0.5, 0, 0.5) at 25.5 / 50: red
    # 255 − 127.5 × 0.51 = 190.0, blue 65.0. Past x = 50, nothing.
    item = gradient_fill(RED_TO_BLUE, (0, 0), (100, 0), opacities=[(0, 1), (0.5, 0)])
    lottie = razzle.import_lottie(document([shapes([rect(0, 0, 100, 10), item])], h=10))
    op = next(op for op in lottie.display_list(0) if isinstance(op, razzle.Fill))
    assert op.gradient is not None
    assert [s[0] for s in op.gradient.stops] == [0, 0.5, 1]
    assert [s[4] for s in op.gradient.stops] == [1, 0, 0]
    image = Renderer.from_lottie(lottie).frame(0)
    assert_pixel(image, 25, 5, (190.0, 0, 65.0, 125), tolerance=2)
    assert alpha(image, 75, 5) == 0


def test_a_gradient_stroke() -> None:
    # The line y = 50 from x 0 to 100, 10 wide, stroked red to blue from
    # x = 0 to 100: pixel x = 25 is t = 0.255, (190.0, 0, 65.0); x = 75 is
    # t = 0.755, (62.5, 0, 192.5); nothing above the line (y 45…55).
    item = gradient_fill(RED_TO_BLUE, (0, 0), (100, 0), ty="gs")
    lottie = razzle.import_lottie(document([shapes([line(0, 50, 100, 50), item])]))
    op = next(op for op in lottie.display_list(0) if isinstance(op, razzle.Stroke))
    assert isinstance(op.gradient, razzle.LinearGradient) and op.width == 10
    image = Renderer.from_lottie(lottie).frame(0)
    assert_pixel(image, 25, 50, (190.0, 0, 65.0, 255), tolerance=2)
    assert_pixel(image, 75, 50, (62.5, 0, 192.5, 255), tolerance=2)
    assert alpha(image, 25, 40) == 0


def test_svg_of_gradients() -> None:
    import xml.etree.ElementTree as ET

    linear = gradient_fill(RED_TO_BLUE, (20, 0), (80, 0), o=50)
    radial = gradient_fill(RED_TO_BLUE, (50.5, 50.5), (90.5, 50.5), radial=True, highlight=50)
    stroked = gradient_fill(RED_TO_BLUE, (0, 0), (100, 0), ty="gs")
    doc = document([shapes([rect(0, 0, 100, 10), linear]), shapes([rect(0, 20, 100, 80), radial], ind=2),
                    shapes([line(0, 50, 100, 50), stroked], ind=3)])
    root = ET.fromstring(Renderer.from_lottie(doc).svg(0))
    ns = "{http://www.w3.org/2000/svg}"
    linears = root.findall(f".//{ns}defs/{ns}linearGradient")
    radials = root.findall(f".//{ns}defs/{ns}radialGradient")
    assert len(linears) == 2 and len(radials) == 1
    by_id = {g.get("id"): g for g in linears + radials}
    fills = {p.get("fill")[5:-1]: p for p in root.iter(f"{ns}path") if (p.get("fill") or "").startswith("url(")}
    strokes = {p.get("stroke")[5:-1]: p for p in root.iter(f"{ns}path") if (p.get("stroke") or "").startswith("url(")}
    assert len(fills) == 2 and len(strokes) == 1 and set(fills) | set(strokes) == set(by_id)
    first = next(g for g in linears if g.get("x1") == "20")
    assert (first.get("gradientUnits"), first.get("y1"), first.get("x2"), first.get("y2")) == ("userSpaceOnUse", "0", "80", "0")
    stops = [(s.get("offset"), s.get("stop-color"), s.get("stop-opacity")) for s in first.findall(f"{ns}stop")]
    assert stops == [("0", "#ff0000", "0.5"), ("1", "#0000ff", "0.5")]
    # The highlight 50 % of the radius 40 along +x: focal circle (70.5, 50.5)
    # of radius 0, end circle about the start (50.5, 50.5) of radius 40.
    r = radials[0]
    assert r.get("gradientUnits") == "userSpaceOnUse"
    assert [r.get(a) for a in ("cx", "cy", "r", "fx", "fy", "fr")] == ["50.5", "50.5", "40", "70.5", "50.5", "0"]
    assert [s.get("stop-opacity") for s in r.findall(f"{ns}stop")] == [None, None]  # opaque stops
    assert all(p.get("fill-opacity") is None for p in fills.values())  # the stops hold the opacity


def test_a_gradient_of_no_length_paints_its_last_stop() -> None:
    # Start and end at one point: no direction to interpolate along. SVG
    # paints the last stop's color (skia's clamp mode does the same).
    item = gradient_fill(RED_TO_BLUE, (50, 5), (50, 5))
    image = frame(document([shapes([rect(0, 0, 100, 10), item])], h=10))
    assert_pixel(image, 10, 5, (0, 0, 255, 255))
    assert_pixel(image, 90, 5, (0, 0, 255, 255))
