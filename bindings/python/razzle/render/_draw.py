"""Drawing one frame with skia-python (anti-aliased, sRGB, 8-bit): the
targets' states at one row, in stage order."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ._encode import RenderError
from ._state import TargetState

try:
    import skia  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError:  # pragma: no cover - reported by the renderer with the extra's name
    skia = None


def _color(rgba: Sequence[float], alpha: float = 1.0) -> Any:
    return skia.Color4f(float(rgba[0]), float(rgba[1]), float(rgba[2]), float(rgba[3]) * alpha)


def skia_path(data: str) -> Any:
    """A skia path from razzle's printed path data (`Path.data`: absolute
    M, L, Q, C, A and Z commands, numbers separated by spaces)."""
    path = skia.Path()
    tokens = data.replace(",", " ").split()
    i = 0
    command = ""
    while i < len(tokens):
        token = tokens[i]
        if token[0].isalpha():
            command, token = token[0], token[1:]
            if not token:
                i += 1
                if command == "Z":
                    path.close()
                continue
            tokens[i] = token
        counts = {"M": 2, "L": 2, "Q": 4, "C": 6, "A": 7}
        n = counts[command]
        args = [float(t) for t in tokens[i : i + n]]
        i += n
        if command == "M":
            path.moveTo(*args)
            command = "L"
        elif command == "L":
            path.lineTo(*args)
        elif command == "Q":
            path.quadTo(*args)
        elif command == "C":
            path.cubicTo(*args)
        else:
            rx, ry, rotation, large, sweep, x, y = args
            path.arcTo(
                rx,
                ry,
                rotation,
                skia.Path.ArcSize.kLarge_ArcSize if large else skia.Path.ArcSize.kSmall_ArcSize,
                skia.PathDirection.kCW if sweep else skia.PathDirection.kCCW,
                x,
                y,
            )
    return path


#: Blurs below this standard deviation (points) change no 8-bit pixel by
#: more than a rounding step and are skipped (a spring's tail).
BLUR_THRESHOLD = 0.05


_typefaces: Dict[str, Any] = {}


def _typeface(family: str) -> Any:
    """A skia typeface, created once per family. The first one starts
    skia's own fontconfig, which warns on stderr about newer elements in
    the system's configuration (`reset-dirs`) that it does not know and
    then works; stderr is silenced for that one call."""
    typeface = _typefaces.get(family)
    if typeface is None:
        saved = os.dup(2)
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 2)
                typeface = _typefaces[family] = skia.Typeface(family)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
    return typeface


class Painter:
    """Draws frames of one stage onto one skia surface of `width` × `height`
    pixels; the stage's points are scaled by `scale` and offset by
    (`dx`, `dy`) to fit."""

    def __init__(
        self,
        width: int,
        height: int,
        background: Sequence[float],
        scale: float,
        dx: float,
        dy: float,
        paths: Dict[str, str],
        base_path: Optional[str],
        stage_size: Tuple[float, float] = (0.0, 0.0),
        images: Sequence[Tuple[str, str]] = (),
    ) -> None:
        # The platform's native pixel format (Skia's raster fast paths; a
        # surface over an RGBA array draws about 1.5 times slower).
        self.surface = skia.Surface(width, height)
        if self.surface is None:
            raise RenderError(f"skia cannot make a {width}x{height} surface")
        self.background = _color(background)
        #: An opaque background leaves no transparent pixel to convert.
        self.opaque = len(background) > 3 and float(background[3]) >= 1.0 or len(background) == 3
        self.scale, self.dx, self.dy = scale, dx, dy
        self.stage_rect = skia.Rect.MakeWH(*stage_size) if stage_size[0] > 0 else None
        self.blur_limit = float(np.hypot(*stage_size)) if stage_size[0] > 0 else float("inf")
        self.paths = {name: skia_path(data) for name, data in paths.items()}
        self.base_path = base_path
        self.typeface = _typeface("DejaVu Sans")
        self.fonts: Dict[float, Any] = {}
        # Every image is read before the first frame, so a missing or broken
        # file is one error up front, naming the target.
        self.images = {name: self._load(name, target) for target, name in images}

    def _load(self, name: str, target: str) -> Any:
        from PIL import Image

        path = name if os.path.isabs(name) or self.base_path is None else os.path.join(self.base_path, name)
        try:
            with Image.open(path) as source:
                rgba = np.ascontiguousarray(np.asarray(source.convert("RGBA")))
        except FileNotFoundError:
            raise RenderError(f"{path}: no such image file (target {target!r})") from None
        except Exception as error:  # Pillow's errors have no common base: each is one line here
            raise RenderError(f"{path}: not a readable image (target {target!r}): {error}") from None
        return skia.Image.fromarray(rgba, colorType=skia.kRGBA_8888_ColorType)

    def _begin(self) -> Any:
        """The canvas, cleared, with the stage's fit and clip applied."""
        canvas = self.surface.getCanvas()
        canvas.clear(self.background)
        canvas.save()
        canvas.translate(self.dx, self.dy)
        canvas.scale(self.scale, self.scale)
        if self.stage_rect is not None:
            # An output of another aspect shows the stage centred: nothing
            # outside the viewport (the next page, say) reaches the bars.
            canvas.clipRect(self.stage_rect)
        return canvas

    def draw(self, states: Sequence[TargetState], row: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
        """Frame `row` as an (height, width, 4) RGBA array (straight alpha)."""
        canvas = self._begin()
        for state in states:
            if state.visible[row] and state.alpha[row] > 0:
                self._target(canvas, state, row)
        canvas.restore()
        return self._pixels()

    def draw_ops(self, ops: Sequence[Any], drawer: Any) -> np.ndarray[Any, np.dtype[np.uint8]]:
        """A Lottie frame's display list (razzle.DisplayList's ops, drawn by
        `drawer`, an `_ops.OpDrawer`) as an (height, width, 4) RGBA array
        (straight alpha), fitted like a stage."""
        canvas = self._begin()
        drawer.draw(canvas, ops)
        canvas.restore()
        return self._pixels()

    def _pixels(self) -> np.ndarray[Any, np.dtype[np.uint8]]:
        """The frame as straight-alpha RGBA. An opaque frame (a background)
        is read as premultiplied pixels, which it equals (a swizzle: about
        50 us at 256 x 256); one with transparent pixels is divided by its
        alpha on the way (about 250 us)."""
        height, width = self.surface.height(), self.surface.width()
        pixels: np.ndarray[Any, np.dtype[np.uint8]] = np.empty((height, width, 4), dtype=np.uint8)
        alpha = skia.kPremul_AlphaType if self.opaque else skia.kUnpremul_AlphaType
        self.surface.readPixels(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, alpha), pixels)
        return pixels

    def _target(self, canvas: Any, s: TargetState, row: int) -> None:
        target = s.target
        w, h = float(s.width[row]), float(s.height[row])
        m = s.matrix[row]
        canvas.save()
        canvas.concat(skia.M44.Rows(*(skia.V4(*(float(v) for v in m[i])) for i in range(4))))
        if s.mask is not None:
            rects, radii = s.mask
            mx, my, mw, mh = (float(v) for v in rects[row])
            radius = float(radii[row])
            if radius > 0:
                clip = skia.Path()
                clip.addCircle(mx + mw / 2, my + mh / 2, radius)
                canvas.clipPath(clip, doAntiAlias=True)
            else:
                canvas.clipRect(skia.Rect.MakeXYWH(mx, my, mw, mh), doAntiAlias=True)
        alpha = float(s.alpha[row])
        # A blur wider than the stage only dims it (skia's filters drop
        # absurd radii): clamped to the stage's diagonal.
        blur = min(float(s.blur[row]), self.blur_limit)
        if blur < BLUR_THRESHOLD:
            blur = 0.0
        bounds = skia.Rect.MakeWH(w, h)
        shape = target.shape
        outline = self._outline(shape, s, row, bounds)
        fill = s.fill[row]
        stroke, width = s.stroke[row], float(s.stroke_width[row])
        start, end = float(s.stroke_start[row]), float(s.stroke_end[row])
        stroked = stroke[3] > 0 and width > 0 and end > start
        draws = int(fill[3] > 0) + int(stroked) + int(shape in ("text", "image"))
        # A single filled or stroked shape is blurred by its paint's mask
        # filter (no layer: about 10× cheaper); anything else through a layer.
        mask_blur = None
        if blur > 0 and draws == 1 and shape in ("rect", "ellipse", "path"):
            mask_blur = skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, blur)
        layered = (blur > 0 and mask_blur is None) or (alpha < 1 and draws > 1)
        if layered:
            # Opacity and blur apply to the target as a whole (fill, content
            # and stroke together), as a layer's would.
            layer = skia.Paint(Color4f=skia.Color4f(0, 0, 0, alpha))
            if blur > 0:
                layer.setImageFilter(skia.ImageFilters.Blur(blur, blur))
            canvas.saveLayer(None, layer)
            alpha = 1.0
        # Every shape: the fill (a text's or an image's background, as a
        # layer's backgroundColor), the content, then the stroke (a border).
        if fill[3] > 0:
            paint = skia.Paint(AntiAlias=True, Color4f=_color(fill, alpha))
            if mask_blur is not None:
                paint.setMaskFilter(mask_blur)
            canvas.drawPath(outline, paint)
        if shape == "image":
            paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(0, 0, 0, alpha))
            sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
            canvas.drawImageRect(self.images[target.image or ""], bounds, sampling, paint)
        elif shape == "text":
            self._text(canvas, s, row, bounds, alpha)
        if stroked:
            paint = skia.Paint(
                AntiAlias=True, Color4f=_color(stroke, alpha), Style=skia.Paint.kStroke_Style, StrokeWidth=width
            )
            if start > 0 or end < 1:
                paint.setPathEffect(skia.TrimPathEffect.Make(start, end))
            if mask_blur is not None:
                paint.setMaskFilter(mask_blur)
            canvas.drawPath(outline, paint)
        if layered:
            canvas.restore()
        canvas.restore()

    def _outline(self, shape: str, s: TargetState, row: int, bounds: Any) -> Any:
        """The shape's outline in its own coordinates. Strokes start where
        UIKit's paths do: a rect's (rounded or not) at its top-left, along
        the top edge, clockwise; an ellipse's at 3 o'clock, clockwise; a
        path's at its first point. Text and images are outlined by their
        frame."""
        path = skia.Path()
        if shape == "ellipse":
            path.addOval(bounds, skia.PathDirection.kCW, 1)
        elif shape == "path":
            path = self.paths[s.target.path or ""]
        else:
            radius = min(float(s.corner_radius[row]), bounds.width() / 2, bounds.height() / 2)
            if radius > 0:
                path.addRRect(skia.RRect.MakeRectXY(bounds, radius, radius), skia.PathDirection.kCW, 0)
            else:
                path.addRect(bounds, skia.PathDirection.kCW, 0)
        return path

    def _text(self, canvas: Any, s: TargetState, row: int, bounds: Any, alpha: float) -> None:
        target = s.target
        size = float(target.font_size)
        font = self.fonts.get(size)
        if font is None:
            font = self.fonts[size] = skia.Font(self.typeface, size)
        text = target.text or ""
        width = font.measureText(text)
        metrics = font.getMetrics()
        # Centred in the frame, like a UILabel with centred alignment.
        x = (bounds.width() - width) / 2
        y = (bounds.height() - (metrics.fDescent - metrics.fAscent)) / 2 - metrics.fAscent
        canvas.drawString(text, x, y, font, skia.Paint(AntiAlias=True, Color4f=_color(s.text_color[row], alpha)))


def draw_all(painter: Painter, states: List[TargetState], rows: int, progress: Any = None) -> List[np.ndarray[Any, np.dtype[np.uint8]]]:
    """Every frame, in order, calling `progress(done, total)` after each."""
    frames = []
    for row in range(rows):
        frames.append(painter.draw(states, row))
        if progress is not None:
            progress(row + 1, rows)
    return frames


def available() -> Tuple[bool, str]:
    """(whether skia-python imports, what to install otherwise)."""
    return skia is not None, "skia-python"
