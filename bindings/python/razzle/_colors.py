"""Library calls behind the value helpers in _values.py, and the one reader
of color text (`parse_color`). Results are plain tuples of floats, which
_values.py (the layer above) makes into its record types."""

from __future__ import annotations

import ctypes
import re
from ctypes import c_double
from typing import Any, Iterable, Sequence, Tuple

RGBA = Tuple[float, float, float, float]

import numpy as np

from . import _ffi
from ._errors import InvalidNameError, InvalidTypeError, InvalidValueError, WrongSizeError
from ._inputs import describe, real, text, times, value_number
from ._types import FloatArray

lib = _ffi.lib

_HEX_DIGITS = re.compile(r"[0-9a-fA-F]+")
_COLOR_FORMS = "#RGB, #RGBA, #RRGGBB or #RRGGBBAA"


def parse_color(value: str) -> RGBA:
    """The (r, g, b, a) of the color that CSS Color 4 text names. Every color string razzle reads
    (track values, `Color.parse`, `Color.from_hex`) goes through here, and
    here to the library (`kf_color_parse`): `#RGB`, `#RGBA`, `#RRGGBB`,
    `#RRGGBBAA`, the 148 named colors and `transparent`, `rgb()`/`rgba()`,
    `hsl()`/`hsla()`, `hwb()`, `oklab()` and `oklch()`.
    InvalidValueError (with the offset, and the closest color name for a
    misspelled one) for any other text, InvalidTypeError for a non-string.
    """
    if not isinstance(value, str):
        raise InvalidTypeError(f"a color string must be a str, not {describe(value)}")
    out = (c_double * 4)()
    lib.kf_color_parse(text(value, "color", InvalidValueError), ctypes.addressof(out))
    return (out[0], out[1], out[2], out[3])


def parse_hex(text: str) -> RGBA:
    """`Color.from_hex`: hex digits with an optional leading #."""
    if not isinstance(text, str):
        raise InvalidTypeError(f"Color.from_hex takes a str such as '#ff8000', not {describe(text)}")
    digits = text.strip().removeprefix("#")
    if not _HEX_DIGITS.fullmatch(digits):
        raise InvalidValueError(f"not a hex color: {text!r} ({_COLOR_FORMS})")
    return parse_color("#" + digits)


def from_bytes(r: int, g: int, b: int, a: int = 255) -> RGBA:
    """`Color.from_bytes`: integers 0...255 divided by 255."""
    parts = []
    for name, value in zip("rgba", (r, g, b, a)):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise InvalidTypeError(f"Color.from_bytes takes integers 0...255, not {name} = {describe(value)}")
        if not 0 <= value <= 255:
            raise InvalidValueError(f"Color.from_bytes takes integers 0...255, not {name} = {value}")
        parts.append(int(value) / 255)
    return (parts[0], parts[1], parts[2], parts[3])


def _is_byte_like(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) and bool(value > 1)


def color_channels(value: object) -> Tuple[float, ...]:
    """A color value as floats for the library: a color string (through
    `parse_color`), a razzle.Color, or (r, g, b[, a]) numbers (alpha 1 if
    missing). Integer components above 1 are refused: they are 8-bit values
    that need dividing by 255."""
    if isinstance(value, str):
        return tuple(parse_color(value))
    if isinstance(value, np.ndarray):
        items: Sequence[Any] = value.reshape(-1).tolist()
    elif isinstance(value, Iterable) and not isinstance(value, bytes):
        items = list(value)
    else:
        raise InvalidTypeError(
            f"a color must be a razzle.Color, (r, g, b[, a]) numbers in [0, 1] or a string such as '#ff8000', "
            f"not {describe(value)}"
        )
    channels = [value_number(item, "a color component") for item in items]
    if any(_is_byte_like(item) for item in items):
        shown = ", ".join(str(item) for item in items)
        raise InvalidValueError(
            f"color components are numbers in [0, 1], not ({shown}): divide 8-bit components by 255 "
            f"or use razzle.Color.from_bytes({shown})"
        )
    if len(channels) == 3:
        channels.append(1.0)
    return tuple(channels)


def _doubles(values: Iterable[Any], n: int, what: str) -> ctypes.Array[c_double]:
    if not isinstance(values, Iterable) or isinstance(values, (str, bytes)):
        raise InvalidTypeError(f"{what} must be {n} numbers, not {describe(values)}")
    numbers = [real(v, what) for v in values]
    if len(numbers) != n:
        raise WrongSizeError(f"{what} has {n} numbers, not {len(numbers)}")
    return (c_double * n)(*numbers)


def _color(color: Sequence[float]) -> ctypes.Array[c_double]:
    return (c_double * 4)(*color_channels(color))


def _space(space: object) -> bytes:
    return text(space, "color space", InvalidNameError)


def to_space(color: Sequence[float], space: str) -> Tuple[float, float, float]:
    rgba = _color(color)
    out = (c_double * 4)()
    lib.kf_color_to_space(_space(space), ctypes.addressof(rgba), 1, ctypes.addressof(out))
    return (out[0], out[1], out[2])


def from_space(coordinates: Sequence[float], space: str, alpha: float) -> RGBA:
    coords = _doubles([*_doubles(coordinates, 3, "coordinates"), real(alpha, "alpha")], 4, "coordinates")
    out = (c_double * 4)()
    lib.kf_color_from_space(_space(space), ctypes.addressof(coords), 1, ctypes.addressof(out))
    return (out[0], out[1], out[2], out[3])


def gamut_map(color: Sequence[float]) -> RGBA:
    rgba = _color(color)
    out = (c_double * 4)()
    lib.kf_color_gamut_map(ctypes.addressof(rgba), 1, ctypes.addressof(out))
    return (out[0], out[1], out[2], out[3])


def _quadruples(values: object, what: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    array = times(values, what)
    if array.ndim == 0 or array.shape[-1] != 4:
        raise WrongSizeError(f"{what} must have shape (..., 4), not {array.shape}")
    return np.ascontiguousarray(array)


def convert_many(values: object, space: str, inverse: bool) -> FloatArray:
    """Many colors to (inverse: from) `space` in one library call: an array
    of shape (..., 4) in, the same shape out."""
    array = _quadruples(values, "coordinates" if inverse else "colors")
    out = np.empty_like(array)
    convert = lib.kf_color_from_space if inverse else lib.kf_color_to_space
    convert(_space(space), array.ctypes.data, array.size // 4, out.ctypes.data)
    return out


def gamut_map_many(values: object) -> FloatArray:
    """Many colors mapped into sRGB in one library call, shape (..., 4)."""
    array = _quadruples(values, "colors")
    out = np.empty_like(array)
    lib.kf_color_gamut_map(array.ctypes.data, array.size // 4, out.ctypes.data)
    return out


def transform_make(tx: float, ty: float, sx: float, sy: float, angle: float) -> Tuple[float, ...]:
    numbers = [real(v, name) for v, name in zip((tx, ty, sx, sy, angle), ("tx", "ty", "sx", "sy", "angle"))]
    out = (c_double * 6)()
    lib.kf_transform_make(*numbers, ctypes.addressof(out))
    return tuple(out)


def transform3d_make(
    translation: Sequence[float], scale: Sequence[float], rotation: Sequence[float], m34: float
) -> Tuple[float, ...]:
    t = _doubles(translation, 3, "translation")
    s = _doubles(scale, 3, "scale")
    r = _doubles(rotation, 4, "rotation")
    out = (c_double * 16)()
    lib.kf_transform3d_make(
        ctypes.addressof(t), ctypes.addressof(s), ctypes.addressof(r), real(m34, "m34"), ctypes.addressof(out)
    )
    return tuple(out)
