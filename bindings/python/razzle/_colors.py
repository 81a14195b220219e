"""Library calls behind the value helpers in _values.py."""

import ctypes
from ctypes import c_double

from . import _ffi
from ._values import Color, Transform, Transform3D

lib = _ffi.lib


def _doubles(values, n):
    values = [float(v) for v in values]
    if len(values) != n:
        raise ValueError(f"expected {n} numbers, got {len(values)}")
    return (c_double * n)(*values)


def to_space(color, space):
    rgba = _doubles(tuple(color), 4)
    out = (c_double * 3)()
    lib.kf_color_to_space(ctypes.addressof(rgba), str(space).encode(), ctypes.addressof(out))
    return tuple(out)


def from_space(coordinates, space, alpha):
    coords = _doubles(coordinates, 3)
    out = (c_double * 4)()
    lib.kf_color_from_space(ctypes.addressof(coords), float(alpha), str(space).encode(), ctypes.addressof(out))
    return Color(*out)


def gamut_map(color):
    rgba = _doubles(tuple(color), 4)
    out = (c_double * 4)()
    lib.kf_color_gamut_map(ctypes.addressof(rgba), ctypes.addressof(out))
    return Color(*out)


def transform_make(tx, ty, sx, sy, angle):
    out = (c_double * 6)()
    lib.kf_transform_make(float(tx), float(ty), float(sx), float(sy), float(angle), ctypes.addressof(out))
    return Transform(*out)


def transform3d_make(translation, scale, rotation, m34):
    t, s, r = _doubles(translation, 3), _doubles(scale, 3), _doubles(rotation, 4)
    out = (c_double * 16)()
    lib.kf_transform3d_make(
        ctypes.addressof(t), ctypes.addressof(s), ctypes.addressof(r), float(m34), ctypes.addressof(out)
    )
    return Transform3D(*out)
