"""Drawing a Lottie frame's display list (razzle.DisplayList's ops) on a
skia canvas, op by op as include/keyframe.h defines them: groups are
saveLayers, a mask is an opaque gray coverage layer (0 black ... 1 white)
combined path by path with blend modes and applied by its luminance, a
track matte is a layer applied by its alpha or luma."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._display_list import (
    BeginLayer,
    BeginMask,
    BeginMatte,
    ClipRect,
    DrawOp,
    DrawPath,
    EndLayer,
    EndMask,
    EndMatte,
    Fill,
    Gradient,
    Image,
    LinearGradient,
    MaskPath,
    Restore,
    Save,
    Stroke,
)

try:
    import skia  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError:  # pragma: no cover - reported by the renderer with the extra's name
    skia = None

# skia's verbs (SkPathVerb) for razzle's MOVE, LINE, CUBIC, CLOSE.
_SKIA_VERBS = np.array([0, 1, 4, 5], dtype=np.uint8)
# SkPath::writeToMemory's format, version 5: a packed int (version | fill
# type << 8), the point, conic weight and verb counts, float32 points, the
# verbs, padding to 4 bytes.
_SERIAL_VERSION = 5
_FILL_TYPES = {"nonzero": 0, "evenodd": 1}
_INVERSE = 2

_BLENDS: Dict[str, Any] = {}
_CAPS: Dict[str, Any] = {}
_JOINS: Dict[str, Any] = {}
# How a mask path's coverage (a gray layer of a·m) joins the mask's
# coverage C: add C + (1 - C) a m is "screen", subtract C (1 - a m) is
# "modulate" by the inverted layer, intersect C a m "modulate", and the
# others their separable blend modes on opaque grays.
_MASK_BLENDS: Dict[str, Any] = {}
if skia is not None:
    _BLENDS.update(
        zip(
            (
                "normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn",
                "hard-light", "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
            ),
            (
                skia.BlendMode.kSrcOver, skia.BlendMode.kMultiply, skia.BlendMode.kScreen, skia.BlendMode.kOverlay,
                skia.BlendMode.kDarken, skia.BlendMode.kLighten, skia.BlendMode.kColorDodge,
                skia.BlendMode.kColorBurn, skia.BlendMode.kHardLight, skia.BlendMode.kSoftLight,
                skia.BlendMode.kDifference, skia.BlendMode.kExclusion, skia.BlendMode.kHue,
                skia.BlendMode.kSaturation, skia.BlendMode.kColor, skia.BlendMode.kLuminosity,
            ),
        )
    )
    _CAPS.update(butt=skia.Paint.kButt_Cap, round=skia.Paint.kRound_Cap, square=skia.Paint.kSquare_Cap)
    _JOINS.update(miter=skia.Paint.kMiter_Join, round=skia.Paint.kRound_Join, bevel=skia.Paint.kBevel_Join)
    _MASK_BLENDS.update(
        add=skia.BlendMode.kScreen,
        subtract=skia.BlendMode.kModulate,
        intersect=skia.BlendMode.kModulate,
        lighten=skia.BlendMode.kLighten,
        darken=skia.BlendMode.kDarken,
        difference=skia.BlendMode.kDifference,
    )


#: Skia paths made lately, by their points, verbs and fill type: a shape
#: that does not change between frames (its transform lives in SAVE ops)
#: is turned into a skia path once. Emptied when it holds _PATH_CACHE_MAX.
_PATH_CACHE: Dict[Tuple[bytes, bytes, int], Any] = {}
_PATH_CACHE_MAX = 4096


def skia_path_of(path: DrawPath, fill_type: int = 0) -> Any:
    """A skia path from a display list's path (skia paths are not changed
    by drawing, so one made for the same points, verbs and fill type is
    reused). `fill_type` is SkPathFillType's number (0 winding, 1 even-odd,
    +2 inverse)."""
    key = (path.points.tobytes(), path.verbs.tobytes(), fill_type)
    cached = _PATH_CACHE.get(key)
    if cached is not None:
        return cached
    if len(_PATH_CACHE) >= _PATH_CACHE_MAX:
        _PATH_CACHE.clear()
    made = _PATH_CACHE[key] = _make_skia_path(path, fill_type)
    return made


def _make_skia_path(path: DrawPath, fill_type: int) -> Any:
    """A skia path in one call: the arrays are written in skia's own
    serialized form (vectorised) and read back, about ten times faster than
    a moveTo/cubicTo per verb."""
    verbs = path.verbs
    points = path.points
    out = skia.Path()
    if verbs.size:
        mapped = _SKIA_VERBS[verbs]
        header = np.array([_SERIAL_VERSION | (fill_type << 8), len(points), 0, verbs.size], dtype="<i4")
        pad = b"\0" * (-verbs.size % 4)
        data = header.tobytes() + points.astype("<f4").tobytes() + mapped.tobytes() + pad
        if out.readFromMemory(data) == 0:  # pragma: no cover - a path skia refuses: built verb by verb
            out = _path_by_verbs(verbs, points)
    out.setFillType(skia.PathFillType(fill_type))
    return out


def _path_by_verbs(verbs: Any, points: Any) -> Any:
    path = skia.Path()
    p = points.tolist()
    i = 0
    for verb in verbs.tolist():
        if verb == 0:
            path.moveTo(*p[i])
            i += 1
        elif verb == 1:
            path.lineTo(*p[i])
            i += 1
        elif verb == 2:
            path.cubicTo(*p[i], *p[i + 1], *p[i + 2])
            i += 3
        else:
            path.close()
    return path


def _color4f(rgba: Sequence[float], alpha: float = 1.0) -> Any:
    return skia.Color4f(float(rgba[0]), float(rgba[1]), float(rgba[2]), float(rgba[3]) * alpha)


def gradient_shader(gradient: Gradient) -> Optional[Any]:
    """A skia shader of a display list's gradient paint (its stops' alphas
    hold the op's opacity): `GradientShader.MakeLinear` or
    `MakeTwoPointConical` with the stops' colors (8 bits a channel, not
    premultiplied, interpolated unpremultiplied: skia's default, as canvas
    and SVG gradients) at their offsets, padded beyond the ends (clamp).
    None for a gradient without stops (nothing is drawn)."""
    stops = np.asarray(gradient.stops, dtype=np.float64).reshape(-1, 5)
    if not len(stops):
        return None
    channels = np.rint(np.clip(stops[:, 1:], 0.0, 1.0) * 255).astype(np.int64)
    colors = ((channels[:, 3] << 24) | (channels[:, 0] << 16) | (channels[:, 1] << 8) | channels[:, 2]).tolist()
    offsets = np.clip(stops[:, 0], 0.0, 1.0).tolist()
    if len(colors) == 1:
        # One stop paints its color everywhere (skia wants two).
        colors, offsets = colors * 2, [0.0, 1.0]
    clamp = skia.TileMode.kClamp
    if isinstance(gradient, LinearGradient):
        points = [skia.Point(*gradient.start), skia.Point(*gradient.end)]
        return skia.GradientShader.MakeLinear(points, colors, offsets, clamp)
    return skia.GradientShader.MakeTwoPointConical(
        skia.Point(*gradient.start), gradient.start_radius, skia.Point(*gradient.end), gradient.end_radius, colors, offsets, clamp
    )


def _paint(op: Any, **options: Any) -> Optional[Any]:
    """A skia paint of a Fill's or Stroke's color or gradient; None when it
    draws nothing."""
    if op.gradient is None:
        return skia.Paint(AntiAlias=True, Color4f=_color4f(op.color), **options)
    shader = gradient_shader(op.gradient)
    if shader is None:
        return None
    return skia.Paint(AntiAlias=True, Shader=shader, **options)


class OpDrawer:
    """Draws display lists onto skia canvases; `images` are the import's
    decoded image assets by index (None where an asset cannot be drawn)."""

    def __init__(self, images: Sequence[Optional[Any]] = ()) -> None:
        self.images = list(images)
        self.luma = skia.LumaColorFilter.Make()
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        #: Per open BeginLayer, the skia layers it saved (2 with a Fill).
        self._layers: List[int] = []
        self._dispatch: Dict[type, Callable[[Any, Any], None]] = {
            Save: self._save,
            Restore: self._restore,
            ClipRect: self._clip,
            BeginLayer: self._begin_layer,
            EndLayer: self._end_layer,
            BeginMask: self._begin_mask,
            MaskPath: self._mask_path,
            EndMask: self._restore,
            BeginMatte: self._begin_matte,
            EndMatte: self._restore,
            Fill: self._fill,
            Stroke: self._stroke,
            Image: self._image,
        }

    def draw(self, canvas: Any, ops: Sequence[DrawOp]) -> None:
        """Draws `ops` in order; the canvas's save count is restored after
        (a list cut short leaves no layer open)."""
        depth = canvas.getSaveCount()
        self._layers = []
        dispatch = self._dispatch
        for op in ops:
            dispatch[type(op)](canvas, op)
        canvas.restoreToCount(depth)

    # -- state and groups ----------------------------------------------------

    @staticmethod
    def _save(canvas: Any, op: Save) -> None:
        canvas.save()
        a, b, c, d, e, f = op.matrix
        if (a, b, c, d, e, f) != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            canvas.concat(skia.Matrix.MakeAll(a, c, e, b, d, f, 0.0, 0.0, 1.0))

    @staticmethod
    def _restore(canvas: Any, op: Any) -> None:
        canvas.restore()

    @staticmethod
    def _clip(canvas: Any, op: ClipRect) -> None:
        x, y, w, h = op.rect
        canvas.clipRect(skia.Rect.MakeXYWH(x, y, w, h), doAntiAlias=True)

    def _end_layer(self, canvas: Any, op: EndLayer) -> None:
        for _ in range(self._layers.pop() if self._layers else 1):
            canvas.restore()

    def _begin_layer(self, canvas: Any, op: BeginLayer) -> None:
        paint = skia.Paint(Alphaf=min(1.0, max(0.0, op.opacity)))
        paint.setBlendMode(_BLENDS.get(op.blend, skia.BlendMode.kSrcOver))
        canvas.saveLayer(None, paint)
        self._layers.append(1 if op.fill is None else 2)
        if op.fill is not None:
            # After Effects' Fill: a second layer whose color matrix gives
            # every pixel the color and its alpha times a (skia's matrix
            # works on straight colors, its offsets in 0...1).
            r, g, b, a = op.fill
            matrix = [0, 0, 0, 0, r, 0, 0, 0, 0, g, 0, 0, 0, 0, b, 0, 0, 0, a, 0]
            canvas.saveLayer(None, skia.Paint(ColorFilter=skia.ColorFilters.Matrix(matrix)))

    def _begin_mask(self, canvas: Any, op: BeginMask) -> None:
        # The coverage is the layer's gray level; its luminance becomes the
        # alpha that multiplies the group (DstIn) when the layer closes.
        paint = skia.Paint(ColorFilter=self.luma)
        paint.setBlendMode(skia.BlendMode.kDstIn)
        canvas.saveLayer(None, paint)
        start = 1.0 if op.start >= 0.5 else 0.0
        canvas.drawColor(skia.Color4f(start, start, start, 1.0), skia.BlendMode.kSrc)

    def _mask_path(self, canvas: Any, op: MaskPath) -> None:
        a = min(1.0, max(0.0, op.opacity))
        x = op.expansion
        if x == 0 and op.mode in ("add", "subtract"):
            # Straight onto the coverage: add is white, subtract black, at a.
            level = 1.0 if op.mode == "add" else 0.0
            paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(level, level, level, a))
            canvas.drawPath(skia_path_of(op.path, _INVERSE if op.inverted else 0), paint)
            return
        blend = _MASK_BLENDS.get(op.mode)
        if blend is None:
            return
        layer = skia.Paint()
        layer.setBlendMode(blend)
        canvas.saveLayer(None, layer)
        canvas.drawColor(skia.Color4f(0.0, 0.0, 0.0, 1.0), skia.BlendMode.kSrc)
        path = skia_path_of(op.path)
        white = skia.Color4f(1.0, 1.0, 1.0, 1.0)
        canvas.drawPath(path, skia.Paint(AntiAlias=True, Color4f=white))
        if x != 0:
            # Grown: the path and a stroke of width 2x around its outline;
            # shrunk: the path less that stroke.
            level = 1.0 if x > 0 else 0.0
            stroke = skia.Paint(
                AntiAlias=True,
                Color4f=skia.Color4f(level, level, level, 1.0),
                Style=skia.Paint.kStroke_Style,
                StrokeWidth=2 * abs(x),
                StrokeJoin=skia.Paint.kMiter_Join,
            )
            canvas.drawPath(path, stroke)
        if op.inverted:
            canvas.drawColor(white, skia.BlendMode.kDifference)
        if a < 1:
            canvas.drawColor(skia.Color4f(a, a, a, 1.0), skia.BlendMode.kModulate)
        if op.mode == "subtract":
            canvas.drawColor(white, skia.BlendMode.kDifference)
        canvas.restore()

    def _begin_matte(self, canvas: Any, op: BeginMatte) -> None:
        paint = skia.Paint()
        if op.mode.startswith("luma"):
            paint.setColorFilter(self.luma)
        paint.setBlendMode(skia.BlendMode.kDstOut if op.mode.endswith("inverted") else skia.BlendMode.kDstIn)
        canvas.saveLayer(None, paint)

    # -- paint ---------------------------------------------------------------

    @staticmethod
    def _fill(canvas: Any, op: Fill) -> None:
        if op.color[3] <= 0 or not len(op.path):
            return
        paint = _paint(op)
        if paint is not None:
            canvas.drawPath(skia_path_of(op.path, _FILL_TYPES.get(op.rule, 0)), paint)

    @staticmethod
    def _stroke(canvas: Any, op: Stroke) -> None:
        if op.color[3] <= 0 or not op.width > 0 or not len(op.path):
            return
        paint = _paint(
            op,
            Style=skia.Paint.kStroke_Style,
            StrokeWidth=op.width,
            StrokeCap=_CAPS.get(op.cap, skia.Paint.kButt_Cap),
            StrokeJoin=_JOINS.get(op.join, skia.Paint.kMiter_Join),
            StrokeMiter=max(op.miter_limit, 0.0),
        )
        if paint is None:
            return
        dashes: List[float] = list(op.dashes)
        if dashes and sum(dashes) > 0:
            if len(dashes) % 2:
                dashes += dashes  # an odd count repeats twice, as SVG and canvas do
            paint.setPathEffect(skia.DashPathEffect.Make(dashes, op.dash_offset))
        canvas.drawPath(skia_path_of(op.path), paint)

    def _image(self, canvas: Any, op: Image) -> None:
        image = self.images[op.index] if 0 <= op.index < len(self.images) else None
        if image is None or op.opacity <= 0:
            return
        x, y, w, h = op.rect
        paint = skia.Paint(AntiAlias=True, Alphaf=min(1.0, op.opacity))
        canvas.drawImageRect(image, skia.Rect.MakeXYWH(x, y, w, h), self.sampling, paint)


def decode_images(assets: Sequence[Any], base_path: Optional[str]) -> List[Optional[Any]]:
    """The skia images of a Lottie import's image assets (`LottieImport.images`;
    `_images.image_bytes` reads them): None where an asset cannot be read."""
    from ._images import image_bytes

    return [skia.Image.MakeFromEncoded(skia.Data.MakeWithCopy(data)) if data else None for data in image_bytes(assets, base_path)]
