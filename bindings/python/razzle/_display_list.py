"""A frame of a Lottie import as Python objects: `DisplayList` (the library's
kf_display_list, reused frame after frame) and the op values it gives, in
the order include/keyframe.h defines them ("Playing a Lottie file: a frame
as a display list"). Paths are `DrawPath`s: numpy arrays of verbs and
points, copied out of the list (the library's pointers die at its next
draw); a gradient paint is a `LinearGradient` or `RadialGradient` value."""

from __future__ import annotations

import ctypes
import threading
from ctypes import byref
from typing import Any, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from ._errors import InvalidTypeError
from ._ffi import DisplayListHandle, DisplayListView, DrawOpStruct, LottieHandle, lib
from ._handle import HandleOwner

Matrix = Tuple[float, float, float, float, float, float]
Rect4 = Tuple[float, float, float, float]
RGBA = Tuple[float, float, float, float]
Point2 = Tuple[float, float]
#: A gradient stop: offset in [0, 1], then R G B A in [0, 1], not premultiplied.
Stop = Tuple[float, float, float, float, float]

#: KF_VERB_* values.
MOVE, LINE, CUBIC, CLOSE = 0, 1, 2, 3
#: The points each verb reads (MOVE, LINE, CUBIC, CLOSE).
VERB_POINTS = np.array([1, 1, 3, 0], dtype=np.int64)

#: kf_blend_mode, by code: Lottie's `bm` numbers, CSS's names.
BLEND_MODES: Tuple[str, ...] = (
    "normal",
    "multiply",
    "screen",
    "overlay",
    "darken",
    "lighten",
    "color-dodge",
    "color-burn",
    "hard-light",
    "soft-light",
    "difference",
    "exclusion",
    "hue",
    "saturation",
    "color",
    "luminosity",
)
#: kf_mask_mode 1...6, kf_matte_mode 1...4, kf_fill_rule 1...2,
#: kf_line_cap 1...3, kf_line_join 1...3 (index 0 unused).
MASK_MODES: Tuple[str, ...] = ("", "add", "subtract", "intersect", "lighten", "darken", "difference")
MATTE_MODES: Tuple[str, ...] = ("", "alpha", "alpha-inverted", "luma", "luma-inverted")
FILL_RULES: Tuple[str, ...] = ("", "nonzero", "evenodd")
LINE_CAPS: Tuple[str, ...] = ("", "butt", "round", "square")
LINE_JOINS: Tuple[str, ...] = ("", "miter", "round", "bevel")
#: KF_LAYER_FILL: a BeginLayer's flag for After Effects' Fill effect.
LAYER_FILL = 1
#: kf_paint 0...2: what a FILL or STROKE paints with.
PAINTS: Tuple[str, ...] = ("solid", "linear", "radial")

_F64 = np.dtype(np.float64)


class DrawPath:
    """A path of a display list: `verbs` (uint8: 0 move, 1 line, 2 cubic, 3
    close) and `points` ((N, 2) float64: one point per move and line, two
    controls and the end per cubic), both read-only."""

    __slots__ = ("verbs", "points")

    def __init__(self, verbs: Any, points: Any) -> None:
        v = np.array(verbs, dtype=np.uint8).reshape(-1)
        p = np.array(points, dtype=np.float64).reshape(-1, 2)
        if v.size and int(v.max()) > CLOSE:
            raise InvalidTypeError(f"a path verb is 0 (move), 1 (line), 2 (cubic) or 3 (close), not {int(v.max())}")
        if int(VERB_POINTS[v].sum()) != len(p):
            raise InvalidTypeError(f"{v.size} verbs read {int(VERB_POINTS[v].sum())} points, not {len(p)}")
        v.setflags(write=False)
        p.setflags(write=False)
        self.verbs = v
        self.points = p

    @classmethod
    def _of(cls, verbs: np.ndarray[Any, Any], points: np.ndarray[Any, Any]) -> DrawPath:
        # Views into a frame's read-only copies: no checks, no copies.
        path = cls.__new__(cls)
        path.verbs = verbs
        path.points = points
        return path

    def __len__(self) -> int:
        return int(self.verbs.size)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DrawPath):
            return NotImplemented
        return bool(np.array_equal(self.verbs, other.verbs) and np.array_equal(self.points, other.points))

    def __hash__(self) -> int:
        return hash((self.verbs.tobytes(), self.points.tobytes()))

    def __repr__(self) -> str:
        return f"DrawPath({self.to_svg_d()!r})" if len(self) <= 8 else f"DrawPath(<{len(self)} verbs>)"

    def to_svg_d(self, precision: int = 6) -> str:
        """The path as SVG path data (`M x y L x y C x1 y1 x2 y2 x y Z`),
        numbers with up to `precision` significant digits."""
        numbers = [format(x, f".{precision}g") for x in self.points.reshape(-1).tolist()]
        out: List[str] = []
        i = 0
        for verb in self.verbs.tolist():
            if verb == CLOSE:
                out.append("Z")
                continue
            n = 2 * int(VERB_POINTS[verb])
            out.append("MLC"[verb] + " " + " ".join(numbers[i : i + n]))
            i += n
        return " ".join(out)

    def bounds(self) -> Rect4:
        """(x, y, width, height) of the points (controls included); zeros
        for an empty path."""
        if not len(self.points):
            return (0.0, 0.0, 0.0, 0.0)
        low = self.points.min(axis=0)
        high = self.points.max(axis=0)
        return (float(low[0]), float(low[1]), float(high[0] - low[0]), float(high[1] - low[1]))


def _typed_eq(self: Any, other: object) -> bool:
    # NamedTuples compare as plain tuples: Restore() would equal EndLayer().
    return type(self) is type(other) and tuple(self) == tuple(other)  # type: ignore[arg-type]


def _typed_ne(self: Any, other: object) -> bool:
    return not _typed_eq(self, other)


def _typed_hash(self: Any) -> int:
    return hash((type(self).__name__, tuple(self)))


class Save(NamedTuple):
    """Push the state (transform, clip) and concatenate `matrix` (a, b, c,
    d, e, f: x' = a x + c y + e, y' = b x + d y + f)."""

    matrix: Matrix


class Restore(NamedTuple):
    """Pop the state pushed by the matching `Save`."""


class ClipRect(NamedTuple):
    """Intersect the clip with `rect` (x, y, width, height) until `Restore`."""

    rect: Rect4


class BeginLayer(NamedTuple):
    """Start an offscreen group (transparent), composited at `EndLayer` with
    `opacity` and the blend mode `blend` (a CSS name: "normal", "multiply",
    ...). `fill` (After Effects' Fill effect, KF_LAYER_FILL): None, or
    (r, g, b, a): before the group is composited every pixel takes the
    straight color r, g, b and its alpha is multiplied by a."""

    opacity: float
    blend: str
    fill: Optional[RGBA] = None


class EndLayer(NamedTuple):
    """Composite the group started by the matching `BeginLayer`."""


class BeginMask(NamedTuple):
    """Start the group's mask: a coverage buffer filled with `start` (0 or 1)."""

    start: float


class MaskPath(NamedTuple):
    """Combine the coverage of `path` (filled nonzero; 1 minus it when
    `inverted`; grown by `expansion` pixels when positive, shrunk when
    negative) times `opacity` with the mask's buffer by `mode` ("add",
    "subtract", "intersect", "lighten", "darken", "difference")."""

    path: DrawPath
    mode: str
    inverted: bool
    opacity: float
    expansion: float


class EndMask(NamedTuple):
    """Multiply the group's content by the mask's coverage."""


class BeginMatte(NamedTuple):
    """Start the group's track matte (drawn into a second offscreen until
    `EndMatte`); `mode` "alpha", "alpha-inverted", "luma" or "luma-inverted"."""

    mode: str


class EndMatte(NamedTuple):
    """Multiply the group's content by the matte (its alpha or luma, or one
    minus it)."""


class LinearGradient(NamedTuple):
    """A linear gradient paint (KF_PAINT_LINEAR) from `start` to `end` (x,
    y points in the op's coordinates, as its path's). `stops` are (offset,
    r, g, b, a) tuples, offsets in [0, 1] and non-decreasing, channels in
    0...1, not premultiplied, each alpha already multiplied by the op's
    opacity (its `color[3]`): the gradient is the whole paint. The colors
    are interpolated unpremultiplied and pad beyond the first and last
    stops; razzle.render paints a gradient with `start == end` in its last
    stop's color (SVG's rule)."""

    start: Point2
    end: Point2
    stops: Tuple[Stop, ...]


class RadialGradient(NamedTuple):
    """A radial paint (KF_PAINT_RADIAL): the two-point conical gradient
    from the circle at `start` of radius `start_radius` (offset 0) to the
    circle at `end` of radius `end_radius` (offset 1), the six numbers of
    canvas createRadialGradient, cairo_pattern_create_radial and skia
    MakeTwoPointConical, in the op's coordinates. A Lottie radial gradient
    runs from its highlight (radius 0) to the circle about its start
    through its end. `stops` as `LinearGradient`'s (op opacity multiplied
    in); padded beyond the ends."""

    start: Point2
    start_radius: float
    end: Point2
    end_radius: float
    stops: Tuple[Stop, ...]


Gradient = Union[LinearGradient, RadialGradient]


class Fill(NamedTuple):
    """Fill `path` by `rule` ("nonzero" or "evenodd") with `gradient` or,
    when it is None (a solid paint), with `color` (RGBA in 0...1, not
    premultiplied, every opacity above it in alpha). For a gradient,
    `color` is (1, 1, 1, the opacities above it), which the gradient's
    stops already include: draw with the gradient alone."""

    path: DrawPath
    color: RGBA
    rule: str
    gradient: Optional[Gradient] = None

    @property
    def paint(self) -> Union[RGBA, Gradient]:
        """What the op paints with: the gradient, or the color."""
        return self.color if self.gradient is None else self.gradient


class Stroke(NamedTuple):
    """Stroke `path` with `width`, `cap` ("butt", "round", "square"),
    `join` ("miter", "round", "bevel"), `miter_limit` and `dashes` (on,
    off, ... lengths; empty for a solid line; an odd count repeats twice)
    from `dash_offset`, painted with `gradient` or, when it is None, with
    `color` (as `Fill`'s)."""

    path: DrawPath
    color: RGBA
    width: float
    cap: str
    join: str
    miter_limit: float
    dashes: Tuple[float, ...]
    dash_offset: float
    gradient: Optional[Gradient] = None

    @property
    def paint(self) -> Union[RGBA, Gradient]:
        """What the op paints with: the gradient, or the color."""
        return self.color if self.gradient is None else self.gradient


class Image(NamedTuple):
    """Draw image asset `index` (`LottieImport.images`) scaled into `rect`
    (x, y, width, height) with `opacity`."""

    index: int  # type: ignore[assignment]  # the asset's index, as the header names it (shadows tuple.index)
    rect: Rect4
    opacity: float


DrawOp = Union[
    Save, Restore, ClipRect, BeginLayer, EndLayer, BeginMask, MaskPath, EndMask, BeginMatte, EndMatte, Fill, Stroke, Image
]

OP_TYPES: Tuple[type, ...] = (
    Save, Restore, ClipRect, BeginLayer, EndLayer, BeginMask, MaskPath, EndMask, BeginMatte, EndMatte, Fill, Stroke, Image
)
for _op_type in OP_TYPES + (LinearGradient, RadialGradient):
    setattr(_op_type, "__eq__", _typed_eq)
    setattr(_op_type, "__ne__", _typed_ne)
    setattr(_op_type, "__hash__", _typed_hash)

_RESTORE, _END_LAYER, _END_MASK, _END_MATTE = Restore(), EndLayer(), EndMask(), EndMatte()

# kf_draw_op: fourteen uint32 (56 bytes) then twenty-four doubles (matrix
# 6, color 4, opacity, width, miter_limit, dash_offset, rect 4, gradient
# 6): a frame's ops are copied as raw bytes and read as two plain arrays.
_OP_SIZE = ctypes.sizeof(DrawOpStruct)
assert _OP_SIZE == 248 and DrawOpStruct.matrix.offset == 56

def _copy(address: Optional[int], count: int, dtype: Any, shape: Tuple[int, ...]) -> np.ndarray[Any, Any]:
    """A read-only copy of `count` items at `address`."""
    if count == 0 or not address:
        out = np.zeros(shape if count == 0 else (0,), dtype=dtype)
    else:
        size = count * np.dtype(dtype).itemsize
        raw = (ctypes.c_char * size).from_address(address)
        out = np.frombuffer(raw, dtype=dtype).copy().reshape(shape)
    out.setflags(write=False)
    return out


def _name(names: Tuple[str, ...], code: int, what: str) -> str:
    if 0 <= code < len(names) and names[code]:
        return names[code]
    return f"{what} {code}"


def ops_from_view(view: DisplayListView) -> List[DrawOp]:
    """The ops of a display list's view as Python values, with every
    array copied."""
    count = int(view.op_count)
    records = _copy(ctypes.cast(view.ops, ctypes.c_void_p).value, count * _OP_SIZE, np.uint8, (count * _OP_SIZE,))
    integers = records.view("<u4").reshape(count, _OP_SIZE // 4)[:, :14].tolist()
    numbers = records.view("<f8").reshape(count, _OP_SIZE // 8)[:, 7:].tolist()
    verbs = _copy(ctypes.cast(view.verbs, ctypes.c_void_p).value, int(view.verb_count), np.uint8, (int(view.verb_count),))
    points = _copy(
        ctypes.cast(view.points, ctypes.c_void_p).value, 2 * int(view.point_count), _F64, (int(view.point_count), 2)
    )
    dashes = _copy(ctypes.cast(view.dashes, ctypes.c_void_p).value, int(view.dash_count), _F64, (int(view.dash_count),))
    stop_list: List[List[float]] = _copy(
        ctypes.cast(view.stops, ctypes.c_void_p).value, 5 * int(view.stop_count), _F64, (int(view.stop_count), 5)
    ).tolist()
    # Points read by the verbs before each verb: a path's point count is a
    # difference of two entries.
    ends = np.zeros(verbs.size + 1, dtype=np.int64)
    np.cumsum(VERB_POINTS[verbs], out=ends[1:])
    ends_list = ends.tolist()
    dash_list = dashes.tolist()

    def path(verb_start: int, verb_count: int, point_start: int) -> DrawPath:
        n = ends_list[verb_start + verb_count] - ends_list[verb_start]
        return DrawPath._of(verbs[verb_start : verb_start + verb_count], points[point_start : point_start + n])

    def gradient(paint: int, stop_start: int, stop_count: int, f: List[float]) -> Optional[Gradient]:
        # The op's opacity (color[3]) multiplied into each stop's alpha.
        alpha = f[9]
        stops = tuple((o, r, g, b, a * alpha) for o, r, g, b, a in stop_list[stop_start : stop_start + stop_count])
        if paint == 1:
            return LinearGradient((f[18], f[19]), (f[21], f[22]), stops)
        if paint == 2:
            return RadialGradient((f[18], f[19]), f[20], (f[21], f[22]), f[23], stops)
        return None  # pragma: no cover - a newer library's paint: the version says so first

    out: List[DrawOp] = []
    append = out.append
    for (kind, mode, flags, cap, join, dash_count, dash_start, verb_count, verb_start, point_start, paint, stop_count,
         stop_start, _), f in zip(integers, numbers):
        if kind == 1:
            append(Save((f[0], f[1], f[2], f[3], f[4], f[5])))
        elif kind == 2:
            append(_RESTORE)
        elif kind == 10:
            append(
                Fill(
                    path(verb_start, verb_count, point_start),
                    (f[6], f[7], f[8], f[9]),
                    _name(FILL_RULES, mode, "fill rule"),
                    gradient(paint, stop_start, stop_count, f) if paint else None,
                )
            )
        elif kind == 11:
            append(
                Stroke(
                    path(verb_start, verb_count, point_start),
                    (f[6], f[7], f[8], f[9]),
                    f[11],
                    _name(LINE_CAPS, cap, "cap"),
                    _name(LINE_JOINS, join, "join"),
                    f[12],
                    tuple(dash_list[dash_start : dash_start + dash_count]),
                    f[13],
                    gradient(paint, stop_start, stop_count, f) if paint else None,
                )
            )
        elif kind == 3:
            fill = (f[6], f[7], f[8], f[9]) if flags & LAYER_FILL else None
            append(BeginLayer(f[10], _name(BLEND_MODES, mode, "blend mode"), fill))
        elif kind == 4:
            append(_END_LAYER)
        elif kind == 5:
            append(BeginMask(f[10]))
        elif kind == 6:
            append(
                MaskPath(
                    path(verb_start, verb_count, point_start),
                    _name(MASK_MODES, mode, "mask mode"),
                    bool(flags & 1),
                    f[10],
                    f[11],
                )
            )
        elif kind == 7:
            append(_END_MASK)
        elif kind == 8:
            append(BeginMatte(_name(MATTE_MODES, mode, "matte mode")))
        elif kind == 9:
            append(_END_MATTE)
        elif kind == 12:
            append(Image(mode, (f[14], f[15], f[16], f[17]), f[10]))
        elif kind == 13:
            append(ClipRect((f[14], f[15], f[16], f[17])))
        else:  # pragma: no cover - a newer library's op: the version says so first
            raise InvalidTypeError(f"unknown display list op {kind}")
    return out


class DisplayList(HandleOwner):
    """A reusable display list (kf_display_list): `draw(lottie, frame)`
    builds one frame of a `LottieImport` and returns its ops (copied: they
    stay valid after the next draw); `.ops`, `.width`, `.height` and
    `.frame` are the last draw's. One list serves one draw at a time (a
    lock per object); use one list per thread to draw in parallel."""

    __slots__ = ("_lock", "ops", "width", "height", "frame")
    _kind = "display list"
    _pickle_message = "cannot pickle a razzle display list: it owns a library handle"

    def __init__(self) -> None:
        handle = DisplayListHandle()
        lib.kf_display_list_create(byref(handle))
        super().__init__(handle, lib.kf_display_list_release)
        self._lock = threading.Lock()
        self.ops: List[DrawOp] = []
        self.width = 0.0
        self.height = 0.0
        self.frame = float("nan")

    def draw(self, lottie: Any, frame: float) -> List[DrawOp]:
        """Builds composition frame `frame` (the file's numbers, fractional
        allowed) of `lottie` (a `razzle.LottieImport`) and returns its ops.
        InvalidValueError for a frame that is not finite, ClosedError for a
        closed import or list."""
        # The import's handle type says what it is (this module sits below
        # _lottie.py, which uses it); a closed import raises ClosedError here.
        source = lottie._h if isinstance(lottie, HandleOwner) else None
        if not isinstance(source, LottieHandle):
            raise InvalidTypeError(f"DisplayList.draw takes a razzle.LottieImport, not {type(lottie).__name__}")
        if isinstance(frame, (bool, np.bool_)) or not isinstance(frame, (int, float, np.integer, np.floating)):
            raise InvalidTypeError(f"a frame is a number, not {type(frame).__name__}")
        with self._lock:
            handle = self._h
            view = DisplayListView()
            try:
                lib.kf_lottie_draw(source, float(frame), handle)
            except BaseException:
                self.ops = []
                raise
            lib.kf_display_list_get(handle, byref(view))
            self.ops = ops_from_view(view)
            self.width, self.height, self.frame = float(view.width), float(view.height), float(view.frame)
            return self.ops

    def __len__(self) -> int:
        return len(self.ops)

    def __iter__(self) -> Iterator[DrawOp]:
        return iter(self.ops)

    def __getitem__(self, index: int) -> DrawOp:
        return self.ops[index]

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(self.ops)} ops of frame {self.frame:g}"
        return f"<razzle.DisplayList {state}>"


def kinds(ops: Sequence[DrawOp]) -> List[str]:
    """The ops' class names, in order ("Save", "Fill", ...): a compact view
    of a frame's structure."""
    return [type(op).__name__ for op in ops]
