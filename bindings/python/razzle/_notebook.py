"""What a notebook shows (Jupyter's `_repr_svg_`, `_repr_png_` and
`_repr_html_`): small charts of curves and pictures of paths, as SVG text
(no dependency) and PNG bytes (Pillow, the render extra: None without it).

This module sits at the base of the package: it takes numbers, never
razzle's objects, so easings, tracks and paths can use it from below.
Inline animations need the renderer, which sits above everything: the
package's `__init__` installs the function that draws them
(`install_animation_html`), and `InlineAnimation._repr_html_` calls it."""

from __future__ import annotations

import base64
import html
import io
import math
from typing import Any, Callable, List, Optional, Sequence, Tuple, TypeVar

import numpy as np

FloatArray = np.ndarray[Any, np.dtype[np.float64]]
_T = TypeVar("_T")

#: Line colors, in channel order.
PALETTE = ("#1f6fd1", "#d1491f", "#2a9d4b", "#8a3ffc", "#b8860b", "#0f9db0", "#c2185b", "#555555")
FRAME_COLOR = "#bbbbbb"
GRID_COLOR = "#e6e6e6"
GUIDE_COLOR = "#999999"
TEXT_COLOR = "#333333"
#: The PNG is drawn this many times larger and scaled down (anti-aliasing).
SUPERSAMPLE = 3


# -- inline animations (the hook) -------------------------------------------------

_animation_html: Optional[Callable[[object], Optional[str]]] = None


def install_animation_html(function: Callable[[object], Optional[str]]) -> None:
    """Called by the package's `__init__` with the renderer's HTML maker
    (razzle.render sits above every module that has a `_repr_html_`)."""
    global _animation_html
    _animation_html = function


class InlineAnimation:
    """For objects a notebook shows as an animation: scenes (their first
    stage) and Lottie imports. `_repr_html_` is an animated image of at most
    `razzle.render.INLINE_FRAMES` frames of at most `INLINE_SIDE` pixels a
    side, at most `INLINE_BYTES` encoded (render/_notebook.py); None (the
    text repr shows) when the render extra is missing, when there is no
    stage, or on any error: a repr never raises in a notebook."""

    __slots__ = ()

    def _repr_html_(self) -> Optional[str]:
        function = _animation_html
        if function is None:
            return None
        try:
            return function(self)
        except Exception:
            return None


# -- numbers ---------------------------------------------------------------------------


def nice_ticks(low: float, high: float, count: int = 4) -> List[float]:
    """Round values (1, 2 or 5 times a power of ten apart) in [low, high]."""
    span = high - low
    if not (math.isfinite(span) and span > 0):
        return [low]
    raw = span / count
    magnitude = 10.0 ** math.floor(math.log10(raw))
    step = magnitude
    for multiple in (1.0, 2.0, 5.0, 10.0):
        step = multiple * magnitude
        if span / step <= count:
            break
    first = math.ceil(low / step - 1e-9)
    values = []
    k = first
    while k * step <= high + step * 1e-9:
        value = round(k * step / step) * step
        values.append(0.0 if value == 0 else value)
        k += 1
    return values


def tick_text(value: float) -> str:
    text = f"{value:.6g}"
    return "0" if text in ("-0", "0") else text


def with_jumps(sample: Callable[[FloatArray], FloatArray], x: FloatArray, y: FloatArray) -> Tuple[FloatArray, FloatArray]:
    """A curve `y = sample(x)` (x increasing, y one channel) with its jumps
    drawn as jumps: where a step between two samples does not shrink when
    bisected 40 times it is a discontinuity (a step easing, a hold, a node's
    gap), and the line is broken there (a NaN) with the values on both
    sides at the jump's time, so a plot shows steps without vertical risers.
    Continuous steep parts (elastic, bounce) shrink and stay lines."""
    finite = y[np.isfinite(y)]
    if x.size < 2 or finite.size == 0:
        return x, y
    scale = float(finite.max() - finite.min()) or max(abs(float(finite.max())), 1.0)
    steps = np.abs(np.diff(y))
    candidates = np.nonzero(np.isfinite(steps) & (steps > 1e-3 * scale))[0]
    if candidates.size == 0:
        return x, y
    low, high = x[candidates].astype(np.float64), x[candidates + 1].astype(np.float64)
    y_low, y_high = y[candidates].astype(np.float64), y[candidates + 1].astype(np.float64)
    for _ in range(40):
        middle = (low + high) / 2
        y_middle = np.asarray(sample(middle), dtype=np.float64).reshape(-1)
        left = np.abs(y_middle - y_low) >= np.abs(y_high - y_middle)
        high = np.where(left, middle, high)
        y_high = np.where(left, y_middle, y_high)
        low = np.where(left, low, middle)
        y_low = np.where(left, y_low, y_middle)
    jumps = np.abs(y_high - y_low) > 1e-3 * scale
    if not jumps.any():
        return x, y
    xs: List[float] = []
    ys: List[float] = []
    start = 0
    for index, jump_low, jump_high, before, after in zip(
        candidates[jumps].tolist(), low[jumps].tolist(), high[jumps].tolist(), y_low[jumps].tolist(), y_high[jumps].tolist()
    ):
        xs += x[start : index + 1].tolist() + [jump_low, math.nan, jump_high]
        ys += y[start : index + 1].tolist() + [before, math.nan, after]
        start = index + 1
    xs += x[start:].tolist()
    ys += y[start:].tolist()
    return np.array(xs), np.array(ys)


def _runs(xs: FloatArray, ys: FloatArray) -> List[Tuple[FloatArray, FloatArray]]:
    """The continuous pieces of a line (NaN separates them)."""
    good = np.isfinite(xs) & np.isfinite(ys)
    runs = []
    start = None
    for i, ok in enumerate(good.tolist() + [False]):
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            runs.append((xs[start:i], ys[start:i]))
            start = None
    return runs


# -- charts -------------------------------------------------------------------------


class Chart:
    """A small chart: lines (NaN breaks them), keyframe markers, dotted guide
    levels, an optional color strip, a title and tick labels. The plot area
    is the rectangle `plot` (x, y, width, height in pixels); a value (x, y)
    is drawn at `pixel(x, y)`: x_range across, y_range upwards (or
    downwards with `y_down`, for screen coordinates)."""

    def __init__(
        self,
        width: int,
        height: int,
        title: str,
        x_range: Tuple[float, float],
        y_range: Optional[Tuple[float, float]] = None,
        *,
        x_label: str = "",
        y_down: bool = False,
    ) -> None:
        self.width, self.height = width, height
        self.title = title
        self.x_range = x_range
        self.y_range = y_range
        self.x_label = x_label
        self.y_down = y_down
        self.lines: List[Tuple[FloatArray, FloatArray, str, str]] = []
        self.markers: List[Tuple[FloatArray, FloatArray, str]] = []
        self.guides: List[float] = []
        self.strip: Optional[Tuple[FloatArray, FloatArray]] = None  # times, (n, 3) colors
        left, top = 46, 24
        bottom = 34 if x_label else 22
        self.plot = (left, top, width - left - 12, height - top - bottom)

    def line(self, xs: Any, ys: Any, name: str = "", color: Optional[str] = None) -> None:
        color = color or PALETTE[len(self.lines) % len(PALETTE)]
        self.lines.append((np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64), color, name))

    def mark(self, xs: Any, ys: Any, color: str) -> None:
        self.markers.append((np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64), color))

    def _y_range(self) -> Tuple[float, float]:
        if self.y_range is not None:
            return self.y_range
        values = [ys[np.isfinite(ys)] for _, ys, _, _ in self.lines] + [np.asarray(self.guides, dtype=np.float64)]
        both = np.concatenate(values) if values else np.zeros(0)
        if both.size == 0:
            return (0.0, 1.0)
        low, high = float(both.min()), float(both.max())
        if high - low < 1e-12 * max(abs(low), abs(high), 1.0):
            low, high = low - 0.5, high + 0.5
        pad = 0.06 * (high - low)
        self.y_range = (low - pad, high + pad)
        return self.y_range

    def pixel(self, x: Any, y: Any) -> Tuple[FloatArray, FloatArray]:
        """Pixel coordinates (x right, y down) of values."""
        left, top, width, height = self.plot
        x0, x1 = self.x_range
        y0, y1 = self._y_range()
        px = left + (np.asarray(x, dtype=np.float64) - x0) / (x1 - x0) * width
        fraction = (np.asarray(y, dtype=np.float64) - y0) / (y1 - y0)
        py = top + (fraction if self.y_down else 1.0 - fraction) * height
        return px, py

    def _ticks(self) -> Tuple[List[float], List[float]]:
        y0, y1 = self._y_range()
        return nice_ticks(*self.x_range), nice_ticks(y0, y1)

    # -- SVG --

    def svg(self) -> str:
        left, top, width, height = self.plot
        y0, y1 = self._y_range()
        x_ticks, y_ticks = self._ticks()
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family="sans-serif" font-size="10">',
            f"<title>{html.escape(self.title)}</title>",
            f'<rect width="{self.width}" height="{self.height}" fill="white"/>',
        ]
        for value in x_ticks:
            px = float(self.pixel(value, y0)[0])
            out.append(f'<line class="grid" x1="{px:.2f}" y1="{top}" x2="{px:.2f}" y2="{top + height}" stroke="{GRID_COLOR}"/>')
            out.append(
                f'<text x="{px:.2f}" y="{top + height + 12}" text-anchor="middle" fill="{TEXT_COLOR}">{tick_text(value)}</text>'
            )
        for value in y_ticks:
            py = float(self.pixel(self.x_range[0], value)[1])
            out.append(f'<line class="grid" x1="{left}" y1="{py:.2f}" x2="{left + width}" y2="{py:.2f}" stroke="{GRID_COLOR}"/>')
            out.append(
                f'<text x="{left - 4}" y="{py + 3.5:.2f}" text-anchor="end" fill="{TEXT_COLOR}">{tick_text(value)}</text>'
            )
        for level in self.guides:
            py = float(self.pixel(self.x_range[0], level)[1])
            out.append(
                f'<line class="guide" x1="{left}" y1="{py:.2f}" x2="{left + width}" y2="{py:.2f}" '
                f'stroke="{GUIDE_COLOR}" stroke-dasharray="2 3"/>'
            )
        if self.strip is not None:
            times, colors = self.strip
            edges = self._strip_edges(times)
            for (a, b), rgb in zip(zip(edges[:-1].tolist(), edges[1:].tolist()), colors.tolist()):
                fill = "#" + "".join(f"{round(min(max(c, 0.0), 1.0) * 255):02x}" for c in rgb)
                out.append(f'<rect class="strip" x="{a:.2f}" y="{top}" width="{b - a + 0.3:.2f}" height="{height}" fill="{fill}"/>')
        out.append(
            f'<rect class="plot" x="{left}" y="{top}" width="{width}" height="{height}" fill="none" stroke="{FRAME_COLOR}" '
            f'data-x="{self.x_range[0]!r} {self.x_range[1]!r}" data-y="{y0!r} {y1!r}" '
            f'data-y-down="{str(self.y_down).lower()}"/>'
        )
        for xs, ys, color, name in self.lines:
            for run_x, run_y in _runs(xs, ys):
                qx, qy = self.pixel(run_x, run_y)
                points = " ".join(f"{a:.3f},{b:.3f}" for a, b in zip(qx.tolist(), qy.tolist()))
                out.append(
                    f'<polyline class="curve" data-name="{html.escape(name)}" points="{points}" fill="none" '
                    f'stroke="{color}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>'
                )
        for xs, ys, color in self.markers:
            qx, qy = self.pixel(xs, ys)
            for a, b in zip(qx.tolist(), qy.tolist()):
                if math.isfinite(a) and math.isfinite(b):
                    out.append(
                        f'<circle class="keyframe" cx="{a:.3f}" cy="{b:.3f}" r="3.5" fill="white" stroke="{color}" stroke-width="1.5"/>'
                    )
        out.append(
            f'<text class="title" x="{left}" y="15" fill="{TEXT_COLOR}" font-size="11">{html.escape(self.title)}</text>'
        )
        names = [(name, color) for _, _, color, name in self.lines if name]
        x: float = left + width
        for name, color in reversed(names):
            out.append(f'<text x="{x}" y="15" text-anchor="end" fill="{color}">{html.escape(name)}</text>')
            x -= 7 * len(name) + 8
        if self.x_label:
            out.append(
                f'<text x="{left + width / 2:.1f}" y="{self.height - 4}" text-anchor="middle" fill="{TEXT_COLOR}">'
                f"{html.escape(self.x_label)}</text>"
            )
        out.append("</svg>")
        return "\n".join(out)

    def _strip_edges(self, times: FloatArray) -> FloatArray:
        px = self.pixel(times, self._y_range()[0])[0]
        middles = (px[:-1] + px[1:]) / 2
        left, _, width, _ = self.plot
        return np.concatenate([[float(left)], middles, [float(left + width)]])

    # -- PNG --

    def png(self) -> Optional[bytes]:
        """The chart as PNG bytes (Pillow), or None without Pillow."""
        try:
            from PIL import Image, ImageDraw, ImageFont
        except ImportError:
            return None
        s = SUPERSAMPLE
        image = Image.new("RGB", (self.width * s, self.height * s), "white")
        draw = ImageDraw.Draw(image)
        font: Any
        try:
            font = ImageFont.load_default(size=10 * s)
        except TypeError:  # Pillow before 10.1: the bitmap font only
            font = ImageFont.load_default()
        left, top, width, height = self.plot
        y0, _ = self._y_range()
        x_ticks, y_ticks = self._ticks()

        def box(x0: float, y0_: float, x1: float, y1_: float) -> Tuple[float, float, float, float]:
            return (x0 * s, y0_ * s, x1 * s - 1, y1_ * s - 1)

        for value in x_ticks:
            px = round(float(self.pixel(value, y0)[0]))
            draw.rectangle(box(px, top, px + 1, top + height), fill=GRID_COLOR)
            draw.text((px * s, (top + height + 3) * s), tick_text(value), fill=TEXT_COLOR, font=font, anchor="mt")
        for value in y_ticks:
            py = round(float(self.pixel(self.x_range[0], value)[1]))
            draw.rectangle(box(left, py, left + width, py + 1), fill=GRID_COLOR)
            draw.text(((left - 4) * s, (py + 0.5) * s), tick_text(value), fill=TEXT_COLOR, font=font, anchor="rm")
        for level in self.guides:
            py = round(float(self.pixel(self.x_range[0], level)[1]))
            for x in range(left, left + width, 5):
                draw.rectangle(box(x, py, min(x + 2, left + width), py + 1), fill=GUIDE_COLOR)
        if self.strip is not None:
            times, colors = self.strip
            edges = self._strip_edges(times)
            for a, b, rgb in zip(edges[:-1].tolist(), edges[1:].tolist(), colors.tolist()):
                fill = tuple(round(min(max(c, 0.0), 1.0) * 255) for c in rgb)
                draw.rectangle((a * s, top * s, b * s + 1, (top + height) * s - 1), fill=fill)
        # The frame: one pixel wide just outside the plot area.
        draw.rectangle(box(left - 1, top - 1, left + width + 1, top + height + 1), outline=FRAME_COLOR, width=s)
        for xs, ys, color, _ in self.lines:
            for run_x, run_y in _runs(xs, ys):
                qx, qy = self.pixel(run_x, run_y)
                points = [(a * s, b * s) for a, b in zip(qx.tolist(), qy.tolist())]
                if len(points) == 1:
                    points = points * 2
                draw.line(points, fill=color, width=2 * s, joint="curve")
        for xs, ys, color in self.markers:
            qx, qy = self.pixel(xs, ys)
            for a, b in zip(qx.tolist(), qy.tolist()):
                if math.isfinite(a) and math.isfinite(b):
                    r = 3.5 * s
                    draw.ellipse((a * s - r, b * s - r, a * s + r, b * s + r), fill="white", outline=color, width=round(1.5 * s))
        draw.text((left * s, 6 * s), self.title, fill=TEXT_COLOR, font=font)
        if self.x_label:
            draw.text(((left + width / 2) * s, (self.height - 3) * s), self.x_label, fill=TEXT_COLOR, font=font, anchor="mb")
        right: float = (left + width) * s
        for _, _, color, name in reversed(self.lines):
            if name:
                draw.text((right, 6 * s), name, fill=color, font=font, anchor="ra")
                right -= draw.textlength(name, font=font) + 8 * s
        return _png_bytes(image.resize((self.width, self.height), Image.Resampling.BOX))


def _png_bytes(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


# -- paths ----------------------------------------------------------------------------


class PathPicture:
    """A path drawn to fit `size` with a margin, aspect kept, in its own
    coordinates (y down, as SVG's). `transform` is (scale, dx, dy): a point
    (x, y) of the path is drawn at (scale·x + dx, scale·y + dy)."""

    MARGIN = 12

    def __init__(self, data: str, bounds: Tuple[float, float, float, float], points: FloatArray, length: float,
                 size: Tuple[int, int] = (320, 240), caption: str = "") -> None:
        self.data = data
        self.points = points
        self.length = length
        self.caption = caption
        x, y, w, h = bounds
        room_w, room_h = size[0] - 2 * self.MARGIN, size[1] - 2 * self.MARGIN - (14 if caption else 0)
        scale = min(room_w / w if w > 0 else math.inf, room_h / h if h > 0 else math.inf)
        if not math.isfinite(scale):
            scale = 1.0
        # The picture shrinks to the path's aspect (never below 64 pixels a side).
        self.width = max(64, math.ceil(w * scale + 2 * self.MARGIN))
        self.height = max(64, math.ceil(h * scale + 2 * self.MARGIN + (14 if caption else 0)))
        self.scale = scale
        self.dx = (self.width - w * scale) / 2 - x * scale
        self.dy = (self.height - (14 if caption else 0) - h * scale) / 2 - y * scale

    def svg(self) -> str:
        s, dx, dy = self.scale, self.dx, self.dy
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family="sans-serif" font-size="10">',
            f'<rect width="{self.width}" height="{self.height}" fill="white"/>',
            f'<g class="path" transform="matrix({s!r} 0 0 {s!r} {dx!r} {dy!r})">',
            f'<path d="{html.escape(self.data)}" fill="none" stroke="{PALETTE[0]}" stroke-width="2" '
            'stroke-linejoin="round" stroke-linecap="round" vector-effect="non-scaling-stroke"/>',
            "</g>",
        ]
        if self.points.size:
            x, y = self.points[0]
            out.append(
                f'<circle class="start" cx="{s * x + dx:.3f}" cy="{s * y + dy:.3f}" r="3.5" fill="{PALETTE[1]}"/>'
            )
        if self.caption:
            out.append(
                f'<text x="{self.width / 2:.1f}" y="{self.height - 5}" text-anchor="middle" fill="{TEXT_COLOR}">'
                f"{html.escape(self.caption)}</text>"
            )
        out.append("</svg>")
        return "\n".join(out)

    def png(self) -> Optional[bytes]:
        try:
            from PIL import Image, ImageDraw, ImageFont
        except ImportError:
            return None
        k = SUPERSAMPLE
        image = Image.new("RGB", (self.width * k, self.height * k), "white")
        draw = ImageDraw.Draw(image)
        pixels = self.points * self.scale + np.array([self.dx, self.dy])
        # Samples along one subpath are at most length / (n - 1) apart (a
        # chord is no longer than its arc): a longer step is a moveto.
        limit = self.length * self.scale / max(len(pixels) - 1, 1) * 1.01 + 1e-9
        steps = np.hypot(*np.diff(pixels, axis=0).T) if len(pixels) > 1 else np.zeros(0)
        start = 0
        for end in [int(i) + 1 for i in np.nonzero(steps > limit)[0]] + [len(pixels)]:
            run = [(a * k, b * k) for a, b in pixels[start:end].tolist()]
            if len(run) > 1:
                draw.line(run, fill=PALETTE[0], width=2 * k, joint="curve")
            start = end
        if len(pixels):
            a, b = pixels[0]
            r = 3.5 * k
            draw.ellipse((a * k - r, b * k - r, a * k + r, b * k + r), fill=PALETTE[1])
        if self.caption:
            try:
                font: Any = ImageFont.load_default(size=10 * k)
            except TypeError:
                font = ImageFont.load_default()
            draw.text((self.width / 2 * k, (self.height - 3) * k), self.caption, fill=TEXT_COLOR, font=font, anchor="mb")
        return _png_bytes(image.resize((self.width, self.height), Image.Resampling.BOX))


def safe(function: Callable[[], Optional[_T]]) -> Optional[_T]:
    """`function()`, or None when it raises: a repr never raises in a
    notebook (a closed object, a missing extra, an empty track)."""
    try:
        return function()
    except Exception:
        return None


def series_names(names: Sequence[str], channels: int) -> List[str]:
    return list(names) if len(names) == channels else [str(i) for i in range(channels)]


def _short(text: str, most: int = 44) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


# -- what the reprs draw ----------------------------------------------------------------

#: Samples per curve.
CURVE_SAMPLES = 241


def easing_chart(spec: str, ease: Callable[[FloatArray], FloatArray]) -> Chart:
    """An easing's curve: eased progress against progress over [0, 1]
    (dotted guides at 0 and 1; steps drawn as steps), 260 x 220 pixels."""
    progress = np.linspace(0.0, 1.0, CURVE_SAMPLES)
    xs, ys = with_jumps(ease, progress, np.asarray(ease(progress), dtype=np.float64))
    chart = Chart(260, 220, _short(spec), (0.0, 1.0), x_label="progress")
    chart.guides = [0.0, 1.0]
    chart.line(xs, ys)
    return chart


def track_chart(
    title: str,
    times: FloatArray,
    sample: Callable[[FloatArray], FloatArray],
    names: Sequence[str],
    color: bool,
) -> Chart:
    """A track's curve over its keyframes' span (4 % more on each side, to
    show the extrapolation), one line per channel that varies (all when
    none does; up to 8), a marker on each keyframe; a color track as a
    color strip with its keyframes marked; 480 x 220 pixels."""
    if times.size == 0:
        raise ValueError("a track without keyframes has no curve")
    first, last = float(times[0]), float(times[-1])
    if last <= first:
        first, last = first - 0.5, last + 0.5
    pad = 0.04 * (last - first)
    x_range = (first - pad, last + pad)
    xs = np.linspace(x_range[0], x_range[1], CURVE_SAMPLES)
    values = np.asarray(sample(xs), dtype=np.float64).reshape(xs.size, -1)
    marks = np.asarray(sample(times), dtype=np.float64).reshape(times.size, -1)
    chart = Chart(480, 220, _short(title, 70), x_range, x_label="time")
    if color and values.shape[1] == 4:
        rgb = values[:, :3] * values[:, 3:4] + (1.0 - values[:, 3:4])  # over white
        chart.y_range = (0.0, 1.0)
        chart.strip = (xs, np.nan_to_num(rgb, nan=1.0))
        chart.mark(times, np.full(times.size, 0.5), TEXT_COLOR)
        return chart
    channels = values.shape[1]
    labels = series_names(names, channels) if channels > 1 else [""]
    varying = [c for c in range(channels) if np.nanmax(values[:, c]) > np.nanmin(values[:, c])] or list(range(channels))
    for index, c in enumerate(varying[: len(PALETTE)]):
        line_color = PALETTE[index]

        def one(t: FloatArray, c: int = c) -> FloatArray:
            return np.asarray(sample(t), dtype=np.float64).reshape(t.size, -1)[:, c]

        line_x, line_y = with_jumps(one, xs, values[:, c])
        chart.line(line_x, line_y, labels[c], line_color)
        chart.mark(times, marks[:, c], line_color)
    return chart


def path_picture(
    data: str, bounds: Tuple[float, float, float, float], points: Callable[[FloatArray], FloatArray], length: float
) -> PathPicture:
    """A path drawn to fit 320 x 240 pixels (its aspect kept), its start
    marked, its length and bounds below."""
    x, y, w, h = bounds
    caption = f"length {length:.6g}, bounds ({x:.6g}, {y:.6g}) {w:.6g} x {h:.6g}"
    sampled = np.asarray(points(np.linspace(0.0, 1.0, 1025)), dtype=np.float64).reshape(-1, 2)
    return PathPicture(data, bounds, sampled, length, caption=caption)
