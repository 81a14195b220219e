"""The documentation's pictures (`make docs-images` → Guides/images): the
README's gallery (the demo gallery's scenes, small) and one picture for each
Guide where a reader would rather look than read. Each is drawn by razzle:
scenes by `razzle.render.Renderer`, charts by matplotlib from the library's
own numbers.

The files are committed, so they show before any build; a test
(Tests/python/test_doc_images.py) draws each again and compares. To keep
the repository small they are encoded here for size rather than fidelity:
a GIF's frames share one palette, without dithering (the renderer's own GIF
writer is for output people keep), and PNGs are palette images.

`python -m razzle.gallery.guides DIR [--lottie FILE]` writes them; FILE is
the Lottie file of the Lottie picture (tractor.json of the rlottie examples;
without it that picture is left out)."""

from __future__ import annotations

import argparse
import io
import os
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from .._animator import Animator
from .._choreography import Clip, Stagger
from .._easing import Spring
from .._paths import Mask, Path
from .._scene import Scene
from .._stage import Stage, Target
from . import EASINGS, scenes

__all__ = ["PICTURES", "Picture", "encode", "decode", "draw", "build", "main"]

Frames = List[np.ndarray[Any, np.dtype[np.uint8]]]


class Picture(NamedTuple):
    """One picture: its file name, the function that draws its frames (RGBA
    arrays; a GIF's at `fps`), whether it needs the Lottie file, and the
    size of its palette."""

    name: str
    frames: Callable[[Optional[str]], Frames]
    fps: float = 20.0
    lottie: bool = False
    colors: int = 128


# -- encoding -------------------------------------------------------------------


def encode(picture: Picture, frames: Frames) -> bytes:
    """The picture's file: a GIF whose frames share one palette (identical
    neighbours merged, their durations summed) or a palette PNG."""
    from PIL import Image

    rgb = [Image.fromarray(np.ascontiguousarray(f[..., :3])) for f in frames]
    out = io.BytesIO()
    if picture.name.endswith(".gif"):
        # The palette of a strip of up to 16 frames spread over the animation.
        picks = [rgb[i] for i in np.linspace(0, len(rgb) - 1, min(16, len(rgb))).round().astype(int)]
        strip = Image.new("RGB", (picks[0].width, picks[0].height * len(picks)))
        for k, image in enumerate(picks):
            strip.paste(image, (0, k * image.height))
        palette = strip.quantize(picture.colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        indexed = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in rgb]
        indexed[0].save(out, "GIF", save_all=True, append_images=indexed[1:], duration=round(1000 / picture.fps),
                        loop=0, optimize=True)
    else:
        (image,) = rgb
        image.quantize(picture.colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
            out, "PNG", optimize=True)
    return out.getvalue()


def decode(data: bytes) -> Frames:
    """Every frame of a GIF or PNG file's bytes, as RGB arrays."""
    from PIL import Image, ImageSequence

    with Image.open(io.BytesIO(data)) as image:
        return [np.asarray(frame.convert("RGB")) for frame in ImageSequence.Iterator(image)]


# -- scenes ---------------------------------------------------------------------


def _scene_frames(
    builder: Callable[[], Scene], count: Optional[int] = None, fps: float = 20.0, size: Optional[Tuple[int, int]] = None
) -> Callable[[Optional[str]], Frames]:
    """A gallery scene's frames at `size` (default: half the stage's)."""

    def frames(_: Optional[str]) -> Frames:
        from ..render import Renderer

        scene = builder()
        width, height = scene.stages[0].size
        renderer = Renderer.from_scene(scene, size=size or (round(width / 2), round(height / 2)))
        return renderer.frames(renderer.frame_values(count, fps=fps))

    return frames


def _paging_strip(_: Optional[str]) -> Frames:
    """The gallery's intro at seven content offsets, side by side: the title
    fades, card 1 is kept on page 1, the star stays still across pages 1 and
    2, card 2's mask opens, the dot follows its path on page 3."""
    from ..render import Renderer

    scene = scenes.intro()
    renderer = Renderer.from_scene(scene, size=(125, 222))
    offsets = np.linspace(0, 1125, 7)
    gap = 8
    pictures = renderer.frames(offsets)
    strip = np.full((222, 7 * 125 + 6 * gap, 4), 255, dtype=np.uint8)
    for k, picture in enumerate(pictures):
        strip[:, k * (125 + gap) : k * (125 + gap) + 125] = picture
    return [strip]


def _masks(_: Optional[str]) -> Frames:
    """Each mask kind (rows) at progress 0.25, 0.5, 0.75 and 1 (columns),
    drawn by the renderer on a 60 × 80 rectangle."""
    from ..render import Renderer

    kinds = ("top", "bottom", "left", "right", "circle", "bounds")
    progress = (0.25, 0.5, 0.75, 1.0)
    anim = Animator()
    scene = Scene()
    targets = []
    for row, kind in enumerate(kinds):
        scene.add(Mask(kind, 60, 80), name=kind)
        targets.append(Target(f"{kind}.name", "text", (0, 18 + row * 100, 80, 60), text=kind, font_size=15,
                              text_color=scenes.INK))
        for column, value in enumerate(progress):
            name = f"{kind}{column}"
            targets.append(Target(name + ".under", "rect", (100 + column * 80, 10 + row * 100, 60, 80),
                                  fill=(0.88, 0.88, 0.9, 1.0)))
            targets.append(Target(name, "rect", (100 + column * 80, 10 + row * 100, 60, 80), fill=scenes.TEAL,
                                  mask=kind))
            anim.add_track(name, "mask")[0] = value
    scene.add(anim, name="masks")
    scene.add(Stage(size=(420, 600), animator="masks", targets=tuple(targets), background=scenes.WHITE))
    return [Renderer.from_scene(scene).frame(0.0)]


def _lottie_frame(lottie: Optional[str]) -> Frames:
    from ..render import Renderer

    assert lottie is not None
    return [Renderer.from_lottie(lottie, size=(320, 248), background="white").frame(40)]


def _lottie_loop(lottie: Optional[str]) -> Frames:
    from ..render import Renderer

    assert lottie is not None
    renderer = Renderer.from_lottie(lottie, size=(240, 186), background="white")
    first, last = renderer.default_span()
    # Every third frame of the file (24 fps → 8).
    return renderer.frames(np.arange(first, last, 3.0))


def _lottie_modifiers(_: Optional[str]) -> Frames:
    """Guides/Lottie.md's shape modifiers: one five-pointed star (a path,
    filled and stroked) under each modifier razzle draws, as lottie-web
    computes them, each panel drawn by the renderer and titled by
    matplotlib."""
    import math

    from .._lottie import import_lottie
    from ..render import Renderer

    outer = [(60 + 40 * math.sin(2 * math.pi * k / 5), 64 - 40 * math.cos(2 * math.pi * k / 5)) for k in range(5)]
    inner = [(60 + 17 * math.sin(2 * math.pi * (k + 0.5) / 5), 64 - 17 * math.cos(2 * math.pi * (k + 0.5) / 5))
             for k in range(5)]
    vertices = [[round(c, 2) for c in point] for pair in zip(outer, inner) for point in pair]
    zeros = [[0, 0] for _ in vertices]
    star = {"ty": "sh", "ks": {"a": 0, "k": {"c": True, "v": vertices, "i": zeros, "o": zeros}}}
    paint = [{"ty": "fl", "c": {"a": 0, "k": [0.12, 0.44, 0.82, 1]}, "o": {"a": 0, "k": 100}},
             {"ty": "st", "c": {"a": 0, "k": [0.1, 0.1, 0.15, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2},
              "lj": 1, "ml": 4}]

    def number(v: float) -> Dict[str, Any]:
        return {"a": 0, "k": v}

    panels: List[Tuple[str, Optional[Dict[str, Any]]]] = [
        ("the path", None),
        ("round corners (rd) 8", {"ty": "rd", "r": number(8)}),
        ("bloat (pb) 40 %", {"ty": "pb", "a": number(40)}),
        ("pucker (pb) −40 %", {"ty": "pb", "a": number(-40)}),
        ("zig zag (zz) 4, 3 ridges", {"ty": "zz", "s": number(4), "r": number(3), "pt": number(1)}),
        ("zig zag smooth", {"ty": "zz", "s": number(4), "r": number(3), "pt": number(2)}),
        ("offset (op) +8, round", {"ty": "op", "a": number(8), "lj": 2, "ml": number(4)}),
        ("offset (op) −5, miter", {"ty": "op", "a": number(-5), "lj": 1, "ml": number(20)}),
    ]
    figure = _figure(8.0, 4.3)
    grid = figure.subplots(2, 4)
    for ax, (title, modifier) in zip(grid.flat, panels):
        shapes = [star] + ([modifier] if modifier else []) + paint
        document = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 1, "w": 120, "h": 120,
                    "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 1, "st": 0, "ks": {}, "shapes": shapes}]}
        frame = Renderer.from_lottie(import_lottie(document), size=(240, 240), background="white").frame(0)
        ax.imshow(frame)
        ax.set_title(title, fontsize=9)
        ax.set_axis_off()
    return _pixels(figure)


def _glyphs(text: str, size: float = 100) -> List[Dict[str, Any]]:
    """Lottie glyphs (`chars`) for the characters of `text`: DejaVu Sans's
    outlines through matplotlib's TextPath at size 100, y pointing down as
    a Lottie glyph's does, quadratic pieces raised to cubics."""
    from matplotlib.font_manager import FontProperties, findfont
    from matplotlib.ft2font import FT2Font
    from matplotlib.textpath import TextPath

    font = FontProperties(family="DejaVu Sans")
    face = FT2Font(findfont(font))
    face.set_size(size, 72)  # points at 72 dpi: pixels
    chars = []
    for ch in sorted(set(text)):
        path = TextPath((0, 0), ch, size=size, prop=font)
        chars.append({"ch": ch, "size": size, "style": "Book", "fFamily": "DejaVu Sans",
                      # The advance, in 16.16 fixed point.
                      "w": face.load_char(ord(ch)).linearHoriAdvance / 65536,
                      "data": {"shapes": _contours(path)}})
    return chars


def _contours(path: Any) -> List[Dict[str, Any]]:
    """A matplotlib path's contours as Lottie paths (`sh`), y flipped: each
    vertex with its in and out tangents relative to it."""
    from matplotlib.path import Path

    contours: List[Dict[str, Any]] = []
    vertex: List[List[float]] = []
    into: List[List[float]] = []
    out: List[List[float]] = []

    def close() -> None:
        if len(vertex) > 1 and vertex[-1] == vertex[0]:
            # The last vertex repeats the first: the first takes its
            # in-tangent (the closing segment's end).
            vertex.pop()
            out.pop()
            into[0] = into.pop()
        if vertex:
            contours.append({"ty": "sh", "ks": {"a": 0, "k": {"c": True, "v": vertex[:], "i": into[:], "o": out[:]}}})
        vertex.clear()
        into.clear()
        out.clear()

    def add(x: float, y: float, ix: float = 0, iy: float = 0) -> None:
        vertex.append([x, y])
        into.append([ix, iy])
        out.append([0, 0])

    points = [(float(x), -float(y)) for x, y in path.vertices]
    codes = list(path.codes) if path.codes is not None else [Path.LINETO] * len(points)
    k = 0
    while k < len(codes):
        code = codes[k]
        if code in (Path.MOVETO, Path.LINETO):
            if code == Path.MOVETO:
                close()
            add(*points[k])
            k += 1
        elif code == Path.CURVE3:
            (cx, cy), (ex, ey) = points[k], points[k + 1]
            sx, sy = vertex[-1]
            out[-1] = [2 / 3 * (cx - sx), 2 / 3 * (cy - sy)]
            add(ex, ey, 2 / 3 * (cx - ex), 2 / 3 * (cy - ey))
            k += 2
        elif code == Path.CURVE4:
            (ax, ay), (bx, by), (ex, ey) = points[k], points[k + 1], points[k + 2]
            sx, sy = vertex[-1]
            out[-1] = [ax - sx, ay - sy]
            add(ex, ey, bx - ex, by - ey)
            k += 3
        else:  # CLOSEPOLY
            close()
            k += 1
    close()
    return contours


def _lottie_text_animators(_: Optional[str]) -> Frames:
    """Guides/Lottie.md's text animators: one word under one animator a
    panel (its range selector and what it animates), drawn by the renderer
    and titled by matplotlib."""
    from .._lottie import import_lottie
    from ..render import Renderer

    word = "razzle"

    def number(v: Any) -> Dict[str, Any]:
        return {"a": 0, "k": v}

    def selector(shape: int, end: float = 100, start: float = 0, **extra: Any) -> Dict[str, Any]:
        out = {"t": 0, "sh": shape, "r": 1, "b": 1, "s": number(start), "e": number(end), "o": number(0),
               "a": number(100), "ne": number(0), "xe": number(0)}
        out.update({key: number(value) for key, value in extra.items()})
        return out

    panels: List[Tuple[str, Optional[Dict[str, Any]]]] = [
        ("no animator", None),
        ("opacity 0, square, end 50 %", {"s": selector(1, end=50), "a": {"o": number(0)}}),
        ("position (0, −30), round", {"s": selector(5), "a": {"p": number([0, -30])}}),
        ("rotation 40°, ramp up", {"s": selector(2), "a": {"r": number(40)}}),
        ("fill color, triangle", {"s": selector(4), "a": {"fc": number([0.85, 0.29, 0.12])}}),
        ("scale 160 %, smooth 30–90 %", {"s": selector(6, start=30, end=90), "a": {"s": number([160, 160])}}),
    ]
    chars = _glyphs(word)
    figure = _figure(8.0, 3.6)
    grid = figure.subplots(2, 3)
    for ax, (title, animator) in zip(grid.flat, panels):
        text = {"ty": 5, "ind": 1, "ip": 0, "op": 1, "st": 0, "ks": {"p": number([20, 90])},
                "t": {"d": {"k": [{"t": 0, "s": {"t": word, "s": 60, "f": "DejaVuSans", "j": 0, "tr": 0, "lh": 72,
                                                 "fc": [0.12, 0.44, 0.82]}}]},
                      "p": {}, "m": {"g": 1, "a": number([0, 0])}, "a": [animator] if animator else []}}
        document = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 1, "w": 240, "h": 120,
                    "fonts": {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book",
                                        "ascent": 75}]},
                    "chars": chars, "layers": [text]}
        frame = Renderer.from_lottie(import_lottie(document), size=(480, 240), background="white").frame(0)
        ax.imshow(frame)
        ax.set_title(title, fontsize=9)
        ax.set_axis_off()
    return _pixels(figure)


# -- charts -----------------------------------------------------------------------


def _figure(width: float, height: float) -> Any:
    import matplotlib.figure

    return matplotlib.figure.Figure(figsize=(width, height), dpi=100, layout="constrained")


def _pixels(figure: Any) -> Frames:
    from PIL import Image

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    buffer.seek(0)
    with Image.open(buffer) as image:
        return [np.asarray(image.convert("RGBA"))]


def _style(axes: Any, title: str) -> None:
    axes.set_title(title, fontsize=9)
    axes.grid(True, linewidth=0.3)
    axes.tick_params(labelsize=7)


def _easings(_: Optional[str]) -> Frames:
    """The gallery's easing chart (as `make demo` draws it)."""
    import matplotlib.figure

    from ..cli.plot import parse_easing, plot_easings

    return _pixels(plot_easings(matplotlib.figure, [parse_easing(spec) for spec in EASINGS], 201, (960, 800), True))


def _extrapolations(_: Optional[str]) -> Frames:
    """One track (keyframes at 0, 1 and 2) with each extrapolation mode on
    both sides, from t = −2 to 5."""
    figure = _figure(8.0, 1.9)
    t = np.linspace(-2, 5, 701)
    modes = ("hold", "linear", "cycle", "cycle-offset", "ping-pong")
    axes = figure.subplots(1, len(modes), sharey=True)
    for ax, mode in zip(axes, modes):
        with Animator() as anim:
            track = anim.add_track("box", "x")
            track.set(0, 0.0, easing="easeInOutSine")
            track.set(1, 1.0, easing="easeInQuad")
            track[2] = 0.5
            track.extrapolation = mode
            ax.axvspan(0, 2, color="#1f6fd1", alpha=0.07, linewidth=0)
            ax.plot(t, track(t), color="#1f6fd1", linewidth=1.6)
            ax.plot([0, 1, 2], [0.0, 1.0, 0.5], "o", color="#d1491f", markersize=3.5)
        _style(ax, mode)
        ax.set_xlabel("t", fontsize=8)
    return _pixels(figure)


def _springs(_: Optional[str]) -> Frames:
    """The three ways to give a spring, each with three values of the
    parameter that shapes it most, over one second."""
    figure = _figure(8.0, 2.3)
    t = np.linspace(0, 1.0, 401)
    forms: Sequence[Tuple[str, Sequence[Tuple[str, Spring]]]] = (
        ("spring(stiffness=100, damping=…)", [(f"damping={d:g}", Spring(1, 100, d)) for d in (5, 10, 20)]),
        ("spring(dampingRatio=…, response=0.4)", [(f"dampingRatio={r:g}", Spring.from_damping_ratio(r, 0.4))
                                                  for r in (0.3, 0.6, 1.0)]),
        ("spring(duration=0.5, bounce=…)", [(f"bounce={b:g}", Spring.from_duration_bounce(0.5, b))
                                            for b in (0.0, 0.3, 0.6)]),
    )
    axes = figure.subplots(1, 3, sharey=True)
    colors = ("#1f6fd1", "#d1491f", "#2a9d5c")
    for ax, (title, springs) in zip(axes, forms):
        ax.axhline(1.0, color="#999999", linewidth=0.6, linestyle=":")
        for (label, spring), color in zip(springs, colors):
            ax.plot(t, spring.position(t), color=color, linewidth=1.5, label=label)
        _style(ax, title)
        ax.title.set_fontsize(8.5)
        ax.set_xlabel("seconds", fontsize=8)
        ax.legend(fontsize=7, loc="lower right")
    return _pixels(figure)


def _stagger_origins(_: Optional[str]) -> Frames:
    """A 5 × 7 grid's start offsets (each=0.1) from each `from_`: darker
    starts later."""
    rows, cols = 5, 7
    template = Animator()
    template.add_track("", "opacity")[0] = 1.0
    origins: Sequence[Tuple[str, Any]] = (
        ('"start"', "start"), ('"center"', "center"), ('"end"', "end"), ('"edges"', "edges"),
        ("10", 10), ("(1, 0)", (1.0, 0.0)), ('"random"', "random"),
    )
    figure = _figure(8.0, 1.75)
    figure.suptitle("Stagger(clip, 35 targets, each=0.1, grid=(5, 7), from_=…, seed=7): lighter starts sooner",
                    fontsize=8.5)
    axes = figure.subplots(1, len(origins))
    for ax, (label, origin) in zip(axes, origins):
        targets = [f"cell{i}" for i in range(rows * cols)]
        stagger = Stagger(Clip(template, duration=1), targets, each=0.1, from_=origin, grid=(rows, cols), seed=7)
        offsets = np.asarray(stagger.offsets).reshape(rows, cols)
        ax.imshow(offsets, cmap="Blues", vmin=-0.1, vmax=float(offsets.max()) + 0.05)
        ax.set_title(label, fontsize=8)
        ax.set_xticks([])
        ax.set_yticks([])
    return _pixels(figure)


def _paths(_: Optional[str]) -> Frames:
    """Guides/Paths.md's path: the whole length thin, `trim(0.2, 0.7)` thick,
    and the point and tangent angle at every tenth of the length."""
    path = Path("M0 0 C40 0 60 80 100 80 A30 30 0 0 1 160 80")
    figure = _figure(6.0, 2.6)
    ax = figure.subplots()
    xy, _angles = path.sample(np.linspace(0, 1, 400))
    ax.plot(xy[:, 0], xy[:, 1], color="#999999", linewidth=1.0, label="path")
    trimmed, _angles = path.sample(np.linspace(0.2, 0.7, 200))
    ax.plot(trimmed[:, 0], trimmed[:, 1], color="#1f6fd1", linewidth=4, solid_capstyle="butt",
            label="trim(0.2, 0.7)")
    fractions = np.linspace(0, 1, 11)
    points, angles = path.sample(fractions)
    radians = np.radians(angles)
    ax.quiver(points[:, 0], points[:, 1], np.cos(radians), np.sin(radians), angles="xy", color="#d1491f",
              scale=18, width=0.005, label="point(f), angle(f)", zorder=3)
    for f, (x, y) in zip(fractions[::2], points[::2]):
        ax.annotate(f"{f:g}", (x, y), textcoords="offset points", xytext=(4, -12), fontsize=7)
    ax.set_aspect("equal")
    ax.invert_yaxis()  # SVG's y points down
    _style(ax, path.data)
    ax.legend(fontsize=7, loc="lower left")
    return _pixels(figure)


# -- the pictures -------------------------------------------------------------------

#: Every picture, by file name. The README shows the gallery's four
#: animations, the easing chart and the Lottie animation; each Guide its own.
PICTURES: Tuple[Picture, ...] = (
    Picture("intro.gif", _scene_frames(scenes.intro, 40, size=(160, 285)), colors=48),
    Picture("stagger-list.gif", _scene_frames(lambda: scenes.stagger("list"))),
    Picture("stagger-grid.gif", _scene_frames(lambda: scenes.stagger("grid"))),
    Picture("plane.gif", _scene_frames(scenes.plane), colors=64),
    Picture("lottie-tractor.gif", _lottie_loop, fps=8.0, lottie=True, colors=32),
    Picture("easings.png", _easings, colors=64),
    Picture("extrapolation.png", _extrapolations, colors=64),
    Picture("springs.png", _springs, colors=64),
    Picture("stagger-origins.png", _stagger_origins, colors=64),
    Picture("paging.png", _paging_strip),
    Picture("masks.png", _masks, colors=64),
    Picture("paths.png", _paths, colors=64),
    Picture("lottie-frame.png", _lottie_frame, lottie=True),
    Picture("lottie-modifiers.png", _lottie_modifiers, colors=64),
    Picture("lottie-text-animators.png", _lottie_text_animators, colors=64),
)


def draw(picture: Picture, lottie: Optional[str] = None) -> bytes:
    """The picture's file contents."""
    return encode(picture, picture.frames(lottie))


def build(out_dir: str, lottie: Optional[str] = None, names: Optional[Sequence[str]] = None) -> Dict[str, int]:
    """Writes the pictures (those named, else all; those that need the
    Lottie file only when `lottie` is given) into `out_dir`; {name: bytes}."""
    os.makedirs(out_dir, exist_ok=True)
    written = {}
    for picture in PICTURES:
        if (names and picture.name not in names) or (picture.lottie and lottie is None):
            continue
        data = draw(picture, lottie)
        with open(os.path.join(out_dir, picture.name), "wb") as file:
            file.write(data)
        written[picture.name] = len(data)
    return written


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m razzle.gallery.guides", description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", metavar="DIR")
    parser.add_argument("--lottie", metavar="FILE", help="the Lottie picture's file (tractor.json)")
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these pictures")
    arguments = parser.parse_args(argv)
    written = build(arguments.out_dir, arguments.lottie, arguments.names)
    for name, size in written.items():
        print(f"{os.path.join(arguments.out_dir, name)}: {size / 1000:.0f} kB")
    if arguments.lottie is None:
        print("(no --lottie file: the Lottie pictures were left as they are)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
