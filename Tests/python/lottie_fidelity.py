"""Measuring a Lottie renderer against the reference player (lottie-web).

A plain module (no tests in it), imported by tests and by
bench/lottie_fidelity_report.py:

- FILES_DIR, REFERENCE_DIR: the shared Lottie files and lottie-web's frames of
  them, found beside the project's root as ../shared/lottie/{files,reference};
- manifest(): the reference manifest's per-file entries (name, stem, w, h,
  render_w, render_h, fr, ip, op, frames); the frames are composition frames
  (the same numbers as the file's ip/op, so a file with ip=24 starts at 24);
- reference_frame(stem, frame, renderer): lottie-web's RGB frame over white;
- rlottie_frame(path, frame, width, height): rlottie's frame (same numbering)
  composited over white;
- compare(a, b): mean absolute error in 0-255 levels and the fraction of
  pixels off by more than 16 in any channel;
- features(doc), PART1, DRAWN: which Lottie features a file uses, which of
  them a "part 1" player handles, and which razzle's player draws now.

numpy is needed; Pillow for reference_frame, rlottie-python for rlottie_frame
(imported only when called).
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any, Iterable

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SHARED_LOTTIE = ROOT.parent / "shared" / "lottie"
FILES_DIR = SHARED_LOTTIE / "files"
REFERENCE_DIR = SHARED_LOTTIE / "reference"

# Off by more than this many levels in any channel counts a pixel as "off".
OFF_LEVELS = 16


@functools.lru_cache(maxsize=1)
def _manifest_doc() -> dict:
    return json.loads((REFERENCE_DIR / "manifest.json").read_text())


def manifest() -> list[dict]:
    """The reference manifest's file entries (a fresh list of copies)."""
    return [dict(e) for e in _manifest_doc()["files"]]


def entry(stem: str) -> dict:
    """The manifest entry of one file, by stem (the name without .json)."""
    for e in _manifest_doc()["files"]:
        if e["stem"] == stem:
            return dict(e)
    raise KeyError(stem)


# ---------------------------------------------------------------------------
# Frames
# ---------------------------------------------------------------------------

def reference_frame(stem: str, frame: int, renderer: str = "canvas") -> np.ndarray:
    """lottie-web's frame `frame` of file `stem`: (H, W, 3) uint8 RGB over
    white, at the manifest's render_w x render_h. renderer: "canvas" or "svg"."""
    if renderer not in ("canvas", "svg"):
        raise ValueError(f"renderer must be 'canvas' or 'svg', not {renderer!r}")
    from PIL import Image

    path = REFERENCE_DIR / f"lottieweb-{renderer}" / stem / f"{int(frame)}.png"
    with Image.open(path) as im:
        return np.asarray(im.convert("RGB"), dtype=np.uint8).copy()


def over_white(rgba: np.ndarray, premultiplied: bool = False) -> np.ndarray:
    """(H, W, 4) uint8 RGBA composited over opaque white -> (H, W, 3) uint8."""
    rgba = np.asarray(rgba)
    if rgba.ndim != 3 or rgba.shape[2] != 4:
        raise ValueError(f"expected (H, W, 4) RGBA, got {rgba.shape}")
    rgb = rgba[..., :3].astype(np.float32)
    a = rgba[..., 3:4].astype(np.float32)
    if premultiplied:
        out = rgb + (255.0 - a)
    else:
        out = rgb * (a / 255.0) + (255.0 - a)
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


@functools.lru_cache(maxsize=4)
def _rlottie_animation(path: str, mtime: float):
    from rlottie_python import LottieAnimation

    anim = LottieAnimation.from_file(path)
    if not anim.animation_p:
        raise ValueError(f"rlottie could not load {path}")
    return anim


@functools.lru_cache(maxsize=64)
def _in_point(path: str, mtime: float) -> float:
    return float(json.loads(Path(path).read_text()).get("ip", 0) or 0)


def rlottie_frame(path: str | os.PathLike, frame: float, width: int, height: int) -> np.ndarray:
    """rlottie's (rlottie-python) frame of the Lottie file at `path`:
    (height, width, 3) uint8 RGB over white.

    `frame` is a composition frame, numbered like the manifest's frames and
    the file's ip/op. rlottie numbers its frames from the file's ip (its frame
    0 is the composition's frame ip) and takes whole frames only, so this
    asks it for round(frame - ip). rlottie fits the animation into the surface
    keeping its aspect ratio (centred), as lottie-web's xMidYMid meet does.

    rlottie draws ARGB32 premultiplied into native-endian 32-bit words, that
    is B, G, R, A bytes on a little-endian machine; this unpacks them by
    value (so any byte order works) and composites premultiplied over white.

    Raises ValueError where rlottie refuses the file. Not for the malformed
    test_repro_* files in-process: rlottie 0.2 (rlottie-python 1.3.8)
    segfaults on test_repro_infinite_loop.json (run such files in a
    subprocess).
    """
    path = str(Path(path).resolve())
    mtime = os.path.getmtime(path)
    anim = _rlottie_animation(path, mtime)
    n = int(round(float(frame) - _in_point(path, mtime)))
    total = anim.lottie_animation_get_totalframe()
    n = max(0, min(n, max(total - 1, 0)))
    width, height = int(width), int(height)
    buf = anim.lottie_animation_render(frame_num=n, width=width, height=height)
    words = np.frombuffer(buf, dtype=np.uint32, count=width * height).reshape(height, width)
    rgba = np.empty((height, width, 4), dtype=np.uint8)
    rgba[..., 0] = (words >> 16) & 0xFF
    rgba[..., 1] = (words >> 8) & 0xFF
    rgba[..., 2] = words & 0xFF
    rgba[..., 3] = (words >> 24) & 0xFF
    return over_white(rgba, premultiplied=True)


# ---------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------

def compare(a: np.ndarray, b: np.ndarray) -> dict:
    """Per-pixel comparison of two RGB frames of the same size (an alpha
    channel, if any, is dropped): mae, the mean absolute error over all RGB
    samples in 0-255 levels; off16, the fraction of pixels with any channel
    off by more than 16 levels."""
    a = np.asarray(a)[..., :3].astype(np.int16)
    b = np.asarray(b)[..., :3].astype(np.int16)
    if a.shape != b.shape:
        raise ValueError(f"frames differ in size: {a.shape} vs {b.shape}")
    d = np.abs(a - b)
    return {"mae": float(d.mean()), "off16": float((d.max(axis=-1) > OFF_LEVELS).mean())}


# ---------------------------------------------------------------------------
# Features
# ---------------------------------------------------------------------------

MASK_MODES = {
    "a": "add", "s": "subtract", "i": "intersect", "l": "lighten",
    "d": "darken", "f": "difference", "n": "none",
}
MATTES = {1: "alpha", 2: "alpha-inverted", 3: "luma", 4: "luma-inverted"}
LAYER_TYPES = {0: "precomp", 1: "solid", 2: "image", 3: "null", 5: "text"}
SHAPE_TYPES = {
    "sh": "path", "rc": "rect", "el": "ellipse", "sr": "polystar",
    "fl": "fill", "st": "stroke", "gf": "gradient-fill", "gs": "gradient-stroke",
    "tm": "trim", "rp": "repeater", "rd": "round-corners", "mm": "merge-paths",
    "op": "offset-path", "pb": "pucker-bloat", "tw": "twist", "zz": "zig-zag",
}

ALL_FEATURES = frozenset(
    {"precomp", "image", "solid", "null", "text"}
    | {f"mask:{m}" for m in MASK_MODES.values()}
    | {"mask-inverted", "mask-opacity", "mask-expansion"}
    | {f"matte:{m}" for m in MATTES.values()}
    | {"time-remap", "stretch", "blend", "auto-orient", "hidden", "3d", "effects", "effect:fill", "expressions"}
    | set(SHAPE_TYPES.values())
    | {"dashes", "fill-evenodd", "merge-paths:combine"}
)

# What a "part 1" player handles. Not in it: 3d, text, effects, expressions,
# gradients, polystar, repeater, round corners, merge paths, offset path,
# pucker/bloat, twist, zig-zag, and mask expansion (a mask's offset: the
# mask-side counterpart of offset-path, which lottie-web's canvas ignores).
PART1 = frozenset(
    {"precomp", "image", "solid", "null"}
    | {f"mask:{m}" for m in MASK_MODES.values()}
    | {"mask-inverted", "mask-opacity"}
    | {f"matte:{m}" for m in MATTES.values()}
    | {"time-remap", "stretch", "blend", "auto-orient", "hidden"}
    | {"trim", "dashes", "rect", "ellipse", "path", "fill", "stroke", "fill-evenodd"}
)

# What razzle's player draws: part 1, then gradient fills and strokes and
# polystars (display list version 2), repeaters, text, and After Effects'
# Fill effect (0.3.6), round corners, pucker and bloat, zig zag and offset
# paths (0.3.14), merge paths (0.3.15: merge as drawn, the other modes'
# fills as the combined shape).
DRAWN = PART1 | {
    "gradient-fill", "gradient-stroke", "polystar", "repeater", "text", "effect:fill", "round-corners",
    "pucker-bloat", "zig-zag", "offset-path", "merge-paths", "merge-paths:combine",
}

#: Features razzle draws differently from lottie-web on purpose
#: (Guides/Lottie.md, "Masks": lottie-web draws these mask modes as add;
#: razzle keeps the mode After Effects means; and "Merge paths": lottie-web
#: draws the paths as they are, razzle the combined shape): files using
#: them are not held to lottie-web's frames.
BY_DESIGN = {"mask:lighten", "mask:darken", "mask:difference", "merge-paths:combine"}


def _static_value(prop: Any) -> Any:
    """The value of a not-animated property ({"a": 0, "k": v}), else None."""
    if isinstance(prop, dict) and not prop.get("a") and "k" in prop:
        k = prop["k"]
        if isinstance(k, list) and len(k) == 1:
            k = k[0]
        return k
    return None


def _differs(prop: Any, default: float) -> bool:
    """Whether a scalar property is animated or set away from `default`."""
    if prop is None:
        return False
    if isinstance(prop, (int, float)):
        return prop != default
    if isinstance(prop, dict) and prop.get("a"):
        return True
    v = _static_value(prop)
    return isinstance(v, (int, float)) and v != default


def _has_expression(node: Any) -> bool:
    """Whether any property under `node` carries an expression (a string "x"
    beside a "k")."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if isinstance(n.get("x"), str) and n["x"].strip() and "k" in n:
                return True
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return False


def _shape_features(items: Iterable[Any], out: set[str]) -> None:
    for item in items or ():
        if not isinstance(item, dict):
            continue
        ty = item.get("ty")
        if item.get("hd"):
            out.add("hidden")
        if isinstance(item.get("bm"), int) and item["bm"] != 0:
            out.add("blend")
        if ty in SHAPE_TYPES:
            out.add(SHAPE_TYPES[ty])
        if ty == "mm" and item.get("mm", 1) != 1:
            # Add, subtract, intersect, exclude: a combined shape (merge,
            # mode 1, is the paths as one compound path, as drawn anyway).
            out.add("merge-paths:combine")
        if ty in ("fl", "gf") and item.get("r") == 2:
            out.add("fill-evenodd")
        if ty in ("st", "gs") and item.get("d"):
            out.add("dashes")
        if ty == "gr":
            _shape_features(item.get("it"), out)


def _layer_features(layer: dict, out: set[str]) -> None:
    ty = layer.get("ty")
    if ty in LAYER_TYPES:
        out.add(LAYER_TYPES[ty])
    if ty == 13 or layer.get("ddd") == 1:  # a camera, or a 3D layer
        out.add("3d")
    if layer.get("hd"):
        out.add("hidden")
    for mask in layer.get("masksProperties") or ():
        if not isinstance(mask, dict):
            continue
        out.add(f"mask:{MASK_MODES.get(mask.get('mode', 'a'), str(mask.get('mode')))}")
        if mask.get("inv"):
            out.add("mask-inverted")
        if _differs(mask.get("o"), 100):
            out.add("mask-opacity")
        if _differs(mask.get("x"), 0):
            out.add("mask-expansion")
    if layer.get("tt") in MATTES:
        out.add(f"matte:{MATTES[layer['tt']]}")
    if "tm" in layer:
        out.add("time-remap")
    if layer.get("sr", 1) not in (1, None):
        out.add("stretch")
    if layer.get("bm", 0) not in (0, None):
        out.add("blend")
    if layer.get("ao") == 1:
        out.add("auto-orient")
    for effect in layer.get("ef") or []:
        if not isinstance(effect, dict) or effect.get("ty") == 5 or effect.get("en") == 0:
            continue  # expression controls draw nothing; disabled effects neither
        out.add("effect:fill" if effect.get("ty") == 21 else "effects")
    if ty == 4:
        _shape_features(layer.get("shapes"), out)


def features(doc: dict) -> set[str]:
    """The Lottie features a parsed file uses, as short names (see
    ALL_FEATURES), walking the top-level layers, every asset's layers
    (precompositions) and nested shape groups. Text glyph shapes (`chars`)
    are not walked: they count as "text"."""
    out: set[str] = set()
    if doc.get("ddd") == 1:
        out.add("3d")
    layer_lists = [doc.get("layers") or []]
    for asset in doc.get("assets") or ():
        if isinstance(asset, dict) and isinstance(asset.get("layers"), list):
            layer_lists.append(asset["layers"])
    for layers in layer_lists:
        for layer in layers:
            if isinstance(layer, dict):
                _layer_features(layer, out)
    if _has_expression(layer_lists):
        out.add("expressions")
    return out


def file_features(path: str | os.PathLike) -> set[str]:
    """features() of the Lottie file at `path`."""
    return features(json.loads(Path(path).read_text()))
