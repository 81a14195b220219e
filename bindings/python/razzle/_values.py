"""Value types for multi-channel kinds, and their conversion to and from
the flat channel arrays the library uses."""

from __future__ import annotations

from collections import namedtuple
from typing import Any, Dict, Iterable, List, NamedTuple, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _colors
from ._errors import InvalidTypeError
from ._inputs import describe, value_number

__all__ = ["Point", "Size", "Rect", "Color", "Transform", "Transform3D"]


class Point(NamedTuple):
    """A point track's value."""

    x: float
    y: float


class Size(NamedTuple):
    """A size track's value."""

    width: float
    height: float


class Rect(NamedTuple):
    """A rect (frame) track's value."""

    x: float
    y: float
    width: float
    height: float


class Color(NamedTuple):
    """A non-premultiplied, sRGB-encoded color with components in [0, 1] (out
    of gamut values are allowed, as UIColor's extended sRGB).

    Components are floats: `Color(1, 0, 0)` is red; 8-bit components go
    through `Color.from_bytes(255, 0, 0)`.
    """

    r: float
    g: float
    b: float
    a: float = 1.0

    @classmethod
    def parse(cls, text: str) -> Color:
        """A color string: today `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
        Raises InvalidValueError for any other text (InvalidTypeError for a
        non-string). Track values given as strings are read the same way."""
        return cls(*_colors.parse_color(text))

    @classmethod
    def from_hex(cls, text: str) -> Color:
        """`#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; the # is optional here."""
        return cls(*_colors.parse_hex(text))

    @classmethod
    def from_bytes(cls, r: int, g: int, b: int, a: int = 255) -> Color:
        """A color from 8-bit components 0...255 (divided by 255)."""
        return cls(*_colors.from_bytes(r, g, b, a))

    def hex(self) -> str:
        """`#RRGGBB`, or `#RRGGBBAA` when alpha is not 1; components clamped to
        [0, 1] and rounded."""
        parts = [round(min(max(c, 0.0), 1.0) * 255) for c in self]
        if parts[3] == 255:
            parts = parts[:3]
        return "#" + "".join(f"{p:02x}" for p in parts)

    def clipped(self) -> Color:
        """r, g, b clamped to [0, 1]."""
        r, g, b = (min(max(c, 0.0), 1.0) for c in self[:3])
        return Color(r, g, b, self.a)

    def gamut_mapped(self) -> Color:
        """Mapped into sRGB as CSS Color 4 does (chroma reduction in OKLCh)."""
        return Color(*_colors.gamut_map(self))

    def to_space(self, space: str) -> Tuple[float, float, float]:
        """The color's coordinates in `space` ("srgb", "linear-srgb", "oklab",
        "oklch", "hsl")."""
        return _colors.to_space(self, space)

    @classmethod
    def from_space(cls, coordinates: Sequence[float], space: str, alpha: float = 1.0) -> Color:
        """The inverse of `to_space`."""
        return cls(*_colors.from_space(coordinates, space, alpha))


class Transform(NamedTuple):
    """A 2D affine transform in CGAffineTransform's order: a point (x, y) maps
    to (a x + c y + tx, b x + d y + ty)."""

    a: float
    b: float
    c: float
    d: float
    tx: float
    ty: float

    @classmethod
    def identity(cls) -> Transform:
        """The identity transform."""
        return cls(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    @classmethod
    def make(cls, tx: float = 0.0, ty: float = 0.0, sx: float = 1.0, sy: float = 1.0, angle: float = 0.0) -> Transform:
        """Scale by (sx, sy), then rotate by `angle` radians
        (CGAffineTransformMakeRotation's sign), then translate by (tx, ty)."""
        return cls(*_colors.transform_make(tx, ty, sx, sy, angle))

    @classmethod
    def translation(cls, x: float, y: float) -> Transform:
        """A translation by (x, y)."""
        return cls.make(tx=x, ty=y)

    @classmethod
    def scaling(cls, sx: float, sy: Union[float, None] = None) -> Transform:
        """A scale by (sx, sy); sy defaults to sx."""
        return cls.make(sx=sx, sy=sx if sy is None else sy)

    @classmethod
    def rotation(cls, angle: float) -> Transform:
        """Rotation by `angle` radians."""
        return cls.make(angle=angle)

    def apply(self, x: float, y: float) -> Tuple[float, float]:
        """The transformed point."""
        return (self.a * x + self.c * y + self.tx, self.b * x + self.d * y + self.ty)

    def concat(self, other: Transform) -> Transform:
        """This transform, then `other`."""
        a, b, c, d, tx, ty = self
        A, B, C, D, TX, TY = other
        return Transform(a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, tx * A + ty * C + TX, tx * B + ty * D + TY)


class Transform3D(NamedTuple):
    """A 4x4 matrix m11...m44 in CATransform3D order (CSS matrix3d()'s
    argument order; row vectors, translation in m41 m42 m43)."""

    m11: float
    m12: float
    m13: float
    m14: float
    m21: float
    m22: float
    m23: float
    m24: float
    m31: float
    m32: float
    m33: float
    m34: float
    m41: float
    m42: float
    m43: float
    m44: float

    @classmethod
    def identity(cls) -> Transform3D:
        """The identity matrix."""
        return cls(*(1.0 if r == c else 0.0 for r in range(4) for c in range(4)))

    @classmethod
    def make(
        cls,
        translation: Sequence[float] = (0, 0, 0),
        scale: Sequence[float] = (1, 1, 1),
        rotation: Sequence[float] = (0, 0, 0, 1),
        m34: float = 0.0,
    ) -> Transform3D:
        """JazzHands' Transform3D parts: rotation (angle radians, axis x, y,
        z), then scale, then translation, then perspective m34 (usually
        -1 / eye distance), applied to a point in that order."""
        return cls(*_colors.transform3d_make(translation, scale, rotation, m34))

    def matrix(self) -> npt.NDArray[np.float64]:
        """The matrix as a 4x4 numpy array."""
        return np.array(self, dtype=np.float64).reshape(4, 4)


#: This package's record types, by the type name the library gives a kind.
RECORD_TYPES = {cls.__name__: cls for cls in (Point, Size, Rect, Color, Transform, Transform3D)}


def _record_type(name: str, fields: Tuple[str, ...]) -> Any:
    return namedtuple(name, fields)


def _kind_types() -> Dict[str, Any]:
    """{kind name: record type} from the library's list of kinds
    (kf_kind_get): each kind that has a record type gets this package's
    class of that name when its fields are the kind's components, and a
    plain named tuple of the components otherwise (a kind newer than this
    package), so no kind table is written here."""
    from ctypes import byref

    from . import _ffi

    types: Dict[str, Any] = {}
    for index in range(_ffi.lib.kf_kind_count()):
        info = _ffi.KindInfo()
        _ffi.lib.kf_kind_get(index, byref(info))
        if info.type_name is None:
            continue
        type_name = info.type_name.decode()
        fields = tuple(info.components.decode().split())
        known: Any = RECORD_TYPES.get(type_name)
        if known is None or known._fields != fields:
            known = _record_type(type_name, fields)  # a kind newer than this package
        types[info.name.decode()] = known
    return types


KIND_TYPES = _kind_types()


def to_channels(kind: str, value: object) -> Tuple[float, ...]:
    """`value` as a tuple of floats for a track of `kind` (the library checks
    the count and the range). Strings are colors, only on color tracks."""
    if kind == "color":
        return _colors.color_channels(value)
    if isinstance(value, str):
        raise InvalidTypeError(f"a {kind} track's value must be numbers, not the string {value!r} (only color tracks take strings)")
    if kind == "transform3d" and isinstance(value, np.ndarray) and value.shape == (4, 4):
        value = value.reshape(-1)
    return tuple(numbers_in(value, f"a {kind} value"))


def numbers_in(value: object, what: str) -> List[float]:
    """Every number in `value` (a number, or a nested sequence or array of
    numbers) as floats, in order. InvalidTypeError for strings, None or
    other non-numbers anywhere inside."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fiub":
            return [value_number(x, what) for x in value.reshape(-1).tolist()]
        value = value.reshape(-1).tolist()
    if isinstance(value, (str, bytes)) or value is None:
        raise InvalidTypeError(f"{what} must be a number or numbers, not {describe(value)}")
    if not isinstance(value, Iterable):
        return [value_number(value, what)]
    result: List[float] = []
    for item in value:
        result.extend(numbers_in(item, what))
    return result


def from_channels(kind: str, values: Sequence[float]) -> Any:
    """A single sample of a track of `kind` as its Python value."""
    if kind == "scalar":
        return values[0]
    if kind == "bool":
        value = values[0]
        return value != 0 if value == value else value  # NaN time: NaN, not True
    cls = KIND_TYPES.get(kind)
    return cls(*values) if cls else tuple(values)
