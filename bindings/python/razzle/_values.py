"""Value types for multi-channel kinds, and their conversion to and from
the flat channel arrays the library uses."""

import re
from collections import namedtuple

import numpy as np

__all__ = ["Point", "Size", "Rect", "Color", "Transform", "Transform3D"]

Point = namedtuple("Point", "x y")
Point.__doc__ = "A point track's value."
Size = namedtuple("Size", "width height")
Size.__doc__ = "A size track's value."
Rect = namedtuple("Rect", "x y width height")
Rect.__doc__ = "A rect (frame) track's value."

_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


class Color(namedtuple("Color", "r g b a", defaults=(1.0,))):
    """A non-premultiplied, sRGB-encoded color with components in [0, 1] (out
    of gamut values are allowed, as UIColor's extended sRGB)."""

    __slots__ = ()

    @classmethod
    def from_hex(cls, text: str) -> "Color":
        """`#RGB`, `#RRGGBB` or `#RRGGBBAA` (the # is optional)."""
        match = _HEX.fullmatch(text.strip())
        if not match:
            raise ValueError(f"not a hex color: {text!r} (#RGB, #RRGGBB or #RRGGBBAA)")
        digits = match.group(1)
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        channels = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        return cls(*channels)

    def hex(self) -> str:
        """`#RRGGBB`, or `#RRGGBBAA` when alpha is not 1; components clamped to
        [0, 1] and rounded."""
        parts = [round(min(max(c, 0.0), 1.0) * 255) for c in self]
        if parts[3] == 255:
            parts = parts[:3]
        return "#" + "".join(f"{p:02x}" for p in parts)

    def clipped(self) -> "Color":
        """r, g, b clamped to [0, 1]."""
        return Color(*(min(max(c, 0.0), 1.0) for c in self[:3]), self.a)

    def gamut_mapped(self) -> "Color":
        """Mapped into sRGB as CSS Color 4 does (chroma reduction in OKLCh)."""
        from ._colors import gamut_map

        return gamut_map(self)

    def to_space(self, space: str):
        """The color's coordinates in `space` ("srgb", "linear-srgb", "oklab",
        "oklch", "hsl")."""
        from ._colors import to_space

        return to_space(self, space)

    @classmethod
    def from_space(cls, coordinates, space: str, alpha: float = 1.0) -> "Color":
        """The inverse of `to_space`."""
        from ._colors import from_space

        return from_space(coordinates, space, alpha)


class Transform(namedtuple("Transform", "a b c d tx ty")):
    """A 2D affine transform in CGAffineTransform's order: a point (x, y) maps
    to (a x + c y + tx, b x + d y + ty)."""

    __slots__ = ()

    @classmethod
    def identity(cls) -> "Transform":
        return cls(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    @classmethod
    def make(cls, tx=0.0, ty=0.0, sx=1.0, sy=1.0, angle=0.0) -> "Transform":
        """Scale by (sx, sy), then rotate by `angle` radians
        (CGAffineTransformMakeRotation's sign), then translate by (tx, ty)."""
        from ._colors import transform_make

        return transform_make(tx, ty, sx, sy, angle)

    @classmethod
    def translation(cls, x, y) -> "Transform":
        return cls.make(tx=x, ty=y)

    @classmethod
    def scaling(cls, sx, sy=None) -> "Transform":
        return cls.make(sx=sx, sy=sx if sy is None else sy)

    @classmethod
    def rotation(cls, angle) -> "Transform":
        """Rotation by `angle` radians."""
        return cls.make(angle=angle)

    def apply(self, x, y):
        """The transformed point."""
        return (self.a * x + self.c * y + self.tx, self.b * x + self.d * y + self.ty)

    def concat(self, other: "Transform") -> "Transform":
        """This transform, then `other`."""
        a, b, c, d, tx, ty = self
        A, B, C, D, TX, TY = other
        return Transform(a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, tx * A + ty * C + TX, tx * B + ty * D + TY)


_M = " ".join(f"m{r}{c}" for r in range(1, 5) for c in range(1, 5))


class Transform3D(namedtuple("Transform3D", _M)):
    """A 4x4 matrix m11...m44 in CATransform3D order (CSS matrix3d()'s
    argument order; row vectors, translation in m41 m42 m43)."""

    __slots__ = ()

    @classmethod
    def identity(cls) -> "Transform3D":
        return cls(*(1.0 if r == c else 0.0 for r in range(4) for c in range(4)))

    @classmethod
    def make(cls, translation=(0, 0, 0), scale=(1, 1, 1), rotation=(0, 0, 0, 1), m34=0.0) -> "Transform3D":
        """JazzHands' Transform3D parts: rotation (angle radians, axis x, y,
        z), then scale, then translation, then perspective m34 (usually
        -1 / eye distance), applied to a point in that order."""
        from ._colors import transform3d_make

        return transform3d_make(translation, scale, rotation, m34)

    def matrix(self):
        """The matrix as a 4x4 numpy array."""
        return np.array(self, dtype=float).reshape(4, 4)


KIND_TYPES = {"point": Point, "size": Size, "rect": Rect, "color": Color, "transform": Transform, "transform3d": Transform3D}


def to_channels(kind: str, value):
    """`value` as a tuple of floats for a track of `kind` (the library checks
    the count and the range)."""
    if kind == "color" and isinstance(value, str):
        return tuple(Color.from_hex(value))
    if kind == "transform3d" and hasattr(value, "shape") and tuple(value.shape) == (4, 4):
        value = value.reshape(-1)
    if _is_number(value):
        return (float(value),)
    values = tuple(float(v) for v in _flatten(value))
    if kind == "color" and len(values) == 3:
        values += (1.0,)
    return values


def from_channels(kind: str, values):
    """A single sample of a track of `kind` as its Python value."""
    if kind == "scalar":
        return values[0]
    if kind == "bool":
        value = values[0]
        return value != 0 if value == value else value  # NaN time: NaN, not True
    cls = KIND_TYPES.get(kind)
    return cls(*values) if cls else tuple(values)


def _is_number(value):
    return isinstance(value, (int, float, np.number)) or (hasattr(value, "ndim") and value.ndim == 0)


def _flatten(value):
    for item in value:
        if isinstance(item, (list, tuple)) or (hasattr(item, "__len__") and not isinstance(item, str)):
            yield from _flatten(item)
        else:
            yield item
