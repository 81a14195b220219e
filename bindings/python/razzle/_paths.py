"""Paths (SVG path data, motion along a path, stroke trimming, spatial
interpolation) and JazzHands' masks: thin wrappers of kf_path_* and
kf_mask_* (Guides/Paths.md has the rules)."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_double, c_int32, c_size_t
from typing import Any, Optional, Tuple, Union

import numpy as np

from . import _ffi
from ._errors import BufferTooSmallError, InvalidNameError, InvalidTypeError, InvalidValueError, WrongSizeError
from ._handle import HandleOwner
from ._inputs import count as _count
from ._inputs import describe, real, text
from ._inputs import times as _times
from ._types import FloatArray, Times
from ._values import Point, Rect

__all__ = ["Path", "Mask", "RotateLike"]

lib = _ffi.lib

#: How `Path.angles` rotates: "auto" (the tangent), "reverse" (the tangent +
#: 180), or a number of degrees (a fixed angle, CSS `offset-rotate: 30deg`).
RotateLike = Union[str, float]


def _rotation(rotate: RotateLike, offset: float) -> Tuple[int, float]:
    """The kf_rotate code and the angle argument for `rotate` and `offset`."""
    code = c_int32()
    if isinstance(rotate, str):
        lib.kf_rotate_from_name(text(rotate, "rotate", InvalidValueError), byref(code))
        if code.value == 2:  # "fixed" by name: the offset is the angle
            return 2, real(offset, "offset")
        return code.value, real(offset, "offset")
    if offset != 0:
        raise InvalidValueError("a fixed rotation angle takes no offset")
    return 2, real(rotate, "rotate")


def _fractions(value: object, what: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    return _times(value, what)


def _points_array(value: object, what: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    array = _times(value, what)
    if array.ndim != 2 or array.shape[1] != 2:
        raise InvalidValueError(f"{what} must have shape (n, 2), not {array.shape}")
    return array


class Path(HandleOwner):
    """An SVG path, parsed completely: `razzle.Path("M0 0 C10 0 10 10 20 10")`.

    Positions along it are arc-length fractions: 0 is the start, 1 the end,
    0.5 half way along its length, so a fraction track moves at constant
    speed. A closed path (its last command is Z) wraps fractions outside
    [0, 1] (1 is 0 again); an open one clamps them; NaN gives NaN. Angles
    are degrees, atan2(dy, dx) in path coordinates (y down: clockwise on
    screen), in (-180, 180]. Paths are immutable; a path pickles and copies
    as its data. Bad data is an InvalidValueError whose message gives the
    byte offset and the reason (also as `error.offset`).
    """

    __slots__ = ()
    _kind = "path"

    def __init__(self, data: str) -> None:
        handle = _ffi.PathHandle()
        offset = c_size_t(0)
        encoded = text(data, "path data", InvalidValueError)
        try:
            lib.kf_path_parse(encoded, byref(handle), byref(offset))
        except InvalidValueError as error:
            error.offset = offset.value
            raise
        super().__init__(handle, lib.kf_path_release)

    @classmethod
    def _from_handle(cls, handle: Any) -> "Path":
        path = cls.__new__(cls)
        HandleOwner.__init__(path, handle, lib.kf_path_release)
        return path

    @classmethod
    def from_points(
        cls,
        points: Times,
        in_tangents: Optional[Times] = None,
        out_tangents: Optional[Times] = None,
    ) -> "Path":
        """Spatial interpolation (After Effects and Lottie positions): the
        route through `points` (shape (n, 2)), segment i the cubic Bezier
        from point i to point i + 1 with control points
        points[i] + out_tangents[i] and points[i + 1] + in_tangents[i + 1]
        (offsets, shape (n, 2) each; None for zeros, a straight line)."""
        p = _points_array(points, "points")
        arrays = [p]
        pointers: list[Optional[int]] = []
        for value, what in ((in_tangents, "in_tangents"), (out_tangents, "out_tangents")):
            if value is None:
                pointers.append(None)
                continue
            array = _points_array(value, what)
            if array.shape != p.shape:
                raise WrongSizeError(f"{what} has shape {array.shape}, points {p.shape}")
            arrays.append(array)
            pointers.append(array.ctypes.data)
        handle = _ffi.PathHandle()
        lib.kf_path_from_points(p.ctypes.data, pointers[0], pointers[1], p.shape[0], byref(handle))
        return cls._from_handle(handle)

    @property
    def length(self) -> float:
        """The total arc length of the drawn segments (movetos add none)."""
        out = c_double()
        lib.kf_path_length(self._h, byref(out))
        return out.value

    @property
    def is_closed(self) -> bool:
        """True when the last command is a closepath (fractions wrap).
        (`closed`, as on every razzle object, says whether `close()` was
        called.)"""
        out = c_int32()
        lib.kf_path_is_closed(self._h, byref(out))
        return bool(out.value)

    @property
    def bounds(self) -> Rect:
        """The tight bounding box of the drawn geometry (not the control
        points)."""
        out = np.empty(4, dtype=np.float64)
        lib.kf_path_bounds(self._h, out.ctypes.data)
        return Rect(float(out[0]), float(out[1]), float(out[2]), float(out[3]))

    @property
    def data(self) -> str:
        """The path as SVG path data in absolute commands (parsing it gives
        the same path)."""
        return self._text(lambda buf, cap, length: lib.kf_path_data(self._h, buf, cap, length))

    def _text(self, call: Any) -> str:
        length = c_size_t(0)
        buffer = ctypes.create_string_buffer(256)
        try:
            call(buffer, 256, byref(length))
        except BufferTooSmallError:
            buffer = ctypes.create_string_buffer(length.value + 1)
            call(buffer, length.value + 1, byref(length))
        return buffer.value.decode("utf-8")

    def point(self, fraction: float) -> Point:
        """The point at arc-length fraction `fraction`."""
        xy = self.points(real(fraction, "fraction"))
        return Point(float(xy[0]), float(xy[1]))

    def angle(self, fraction: float, rotate: RotateLike = "auto", offset: float = 0.0) -> float:
        """The rotation at `fraction` (see `angles`)."""
        return float(self.angles(real(fraction, "fraction"), rotate, offset))

    def points(self, fractions: Union[float, Times]) -> FloatArray:
        """The points at many fractions in one library call: shape
        fractions.shape + (2,)."""
        return self.sample(fractions)[0]

    def angles(
        self, fractions: Union[float, Times], rotate: RotateLike = "auto", offset: float = 0.0
    ) -> FloatArray:
        """The rotation at many fractions (shape fractions.shape): CSS
        offset-rotate. `rotate="auto"` is the tangent's angle (Core
        Animation's rotationMode auto), "reverse" adds 180, a number is a
        fixed angle; `offset` degrees are added to auto and reverse (CSS
        `auto 30deg`). Auto and reverse are in (-180, 180]."""
        return self.sample(fractions, rotate, offset)[1]

    def sample(
        self, fractions: Union[float, Times], rotate: RotateLike = "auto", offset: float = 0.0
    ) -> Tuple[FloatArray, FloatArray]:
        """Points (shape + (2,)) and angles (shape) at many fractions, in
        one library call."""
        handle = self._h
        code, angle = _rotation(rotate, offset)
        array = _fractions(fractions, "fractions")
        n = array.size
        xy = np.empty(array.shape + (2,), dtype=np.float64)
        angles = np.empty(array.shape, dtype=np.float64)
        lib.kf_path_point_many(handle, array.ctypes.data, n, code, angle, xy.ctypes.data, angles.ctypes.data, n)
        return xy, angles

    def trim(self, start: float, end: float) -> "Path":
        """The sub-path between arc-length fractions `start` and `end`
        (strokeStart / strokeEnd, Lottie's trim paths): exact slices of the
        segments. An open path clamps both to [0, 1]; a closed one takes
        end - start (at most 1) from start, wrapping past its end. An end at
        or before the start gives a lone moveto."""
        a, b = real(start, "start"), real(end, "end")
        return Path(self._text(lambda buf, cap, length: lib.kf_path_trim(self._h, a, b, buf, cap, length)))

    def trim_points(self, start: float, end: float, count: int) -> FloatArray:
        """`count` points evenly spaced in arc length along `trim(start,
        end)`, both ends included: shape (count, 2)."""
        a, b = real(start, "start"), real(end, "end")
        n = _count(count, "count")
        out = np.empty((n, 2), dtype=np.float64)
        lib.kf_path_trim_points(self._h, a, b, n, out.ctypes.data, n)
        return out

    def _picture(self) -> Any:
        from ._notebook import path_picture

        bounds = self.bounds
        return path_picture(self.data, (bounds.x, bounds.y, bounds.width, bounds.height), self.points, self.length)

    def _repr_svg_(self) -> Optional[str]:
        """The path for Jupyter: its data drawn to fit 320 x 240 pixels
        (aspect kept, y down as in SVG), its start marked, as SVG. None on
        any error (a closed path)."""
        from ._notebook import safe

        return safe(lambda: str(self._picture().svg()))

    def _repr_png_(self) -> Optional[bytes]:
        """The same picture as PNG bytes (the path sampled along its arc
        length); None without Pillow (the render extra)."""
        from ._notebook import safe

        return safe(lambda: self._picture().png())

    def __str__(self) -> str:
        return self.data

    def __repr__(self) -> str:
        if self._handle is None:
            return "razzle.Path(<closed>)"
        data = self.data
        shown = data if len(data) <= 60 else data[:57] + "..."
        return f"razzle.Path({shown!r}, length={self.length:.6g})"

    def __copy__(self) -> "Path":
        return self

    def __deepcopy__(self, memo: Any) -> "Path":
        return self

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (Path, (self.data,))

    def __reduce__(self) -> Any:
        return (Path, (self.data,))


class Mask:
    """JazzHands' mask of a view of `width` x `height`: "top", "left",
    "bottom", "right" (a rectangle anchored at that edge, its height or width
    scaled by the progress), "circle" (radius min(w, h) / 2 x progress) and
    "bounds" (radius sqrt((w/2)^2 + (h/2)^2) x progress). Progress below 0
    counts as 0. `razzle.Mask("bottom", 300, 400).rect(0.25)` is
    Rect(0, 300, 300, 100)."""

    __slots__ = ("kind", "width", "height", "_code")

    def __init__(self, kind: str, width: float, height: float) -> None:
        code = c_int32()
        lib.kf_mask_from_name(text(kind, "mask kind", InvalidNameError), byref(code))
        self.kind = kind
        self.width = real(width, "width")
        self.height = real(height, "height")
        self._code = code.value
        probe = np.empty(1, dtype=np.float64)  # validates the size with no values
        lib.kf_mask_geometry_many(self._code, self.width, self.height, None, 0, None, probe.ctypes.data, 0)

    def _many(self, progress: Union[float, Times]) -> Tuple[FloatArray, FloatArray]:
        array = _times(progress, "progress")
        n = array.size
        rects = np.empty(array.shape + (4,), dtype=np.float64)
        radii = np.empty(array.shape, dtype=np.float64)
        lib.kf_mask_geometry_many(
            self._code, self.width, self.height, array.ctypes.data, n, rects.ctypes.data, radii.ctypes.data, n
        )
        return rects, radii

    def geometry(self, progress: Union[float, Times]) -> FloatArray:
        """The rectangles (x, y, width, height) at many progress values in
        one library call: shape progress.shape + (4,). For the circles, the
        square around the circle."""
        return self._many(progress)[0]

    def radius(self, progress: Union[float, Times]) -> FloatArray:
        """The circles' radii (0 for the reveals): shape progress.shape."""
        return self._many(progress)[1]

    def rect(self, progress: float) -> Rect:
        """The rectangle at one progress value."""
        r = self._many(real(progress, "progress"))[0]
        return Rect(float(r[0]), float(r[1]), float(r[2]), float(r[3]))

    def sample(self, track: Any, times: Union[float, Times]) -> Tuple[FloatArray, FloatArray]:
        """A mask track: the progress `track` (a one-channel razzle.Track)
        sampled at `times` in one batch, then the geometry of those values
        in one more call: (rects, radii)."""
        if not hasattr(track, "sample"):
            raise InvalidTypeError(f"track must be a razzle.Track, not {describe(track)}")
        return self._many(track.sample(times))

    def __repr__(self) -> str:
        return f"razzle.Mask({self.kind!r}, {self.width!r}, {self.height!r})"

