"""Checks on what a caller passes, made before anything reaches the library:
numbers, arrays of times, text. Each failure is a razzle error that says what
was wrong, never a ctypes, numpy or codec message. The library validates
meaning (ranges, names, channel counts); these only make sure that what
crosses the boundary is what the caller wrote."""

from __future__ import annotations

import difflib
import numbers
import operator
from typing import Any, Type

import numpy as np

from ._errors import InvalidNameError, InvalidTypeError, InvalidValueError, RazzleError

__all__ = ["describe", "is_real", "real", "value_number", "times", "is_batch", "text", "count", "columns_layout"]

_DTYPE_NAMES = {"b": "booleans", "c": "complex numbers", "U": "strings", "S": "bytes", "M": "datetimes", "m": "timedeltas"}


def describe(value: object) -> str:
    """A short description of `value` for an error message: its type and, for
    small values, its repr."""
    if value is None:
        return "None"
    if isinstance(value, int) and abs(value) > 10**20:
        return f"an int of {len(str(abs(value)))} digits"
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} {text}"


def is_real(value: object) -> bool:
    """True for a real number (int, float, Fraction, a numpy integer or
    floating scalar); False for bool, complex, str and everything else."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def _to_float(value: Any, what: str) -> float:
    try:
        return float(value)
    except OverflowError:
        raise InvalidValueError(f"{what} ({describe(value)}) is too large for a 64-bit float") from None


def real(value: object, what: str) -> float:
    """`value` as a float. Real numbers and 0-d real arrays are accepted;
    bool, complex, str, None and anything else raise InvalidTypeError; an
    integer beyond the float range raises InvalidValueError. NaN and
    infinities pass (the library decides where they are allowed)."""
    if value.__class__ is float:
        return value
    if is_real(value):
        return _to_float(value, what)
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "fiu":
        return _to_float(value[()], what)
    raise InvalidTypeError(f"{what} must be a real number, not {describe(value)}")


def value_number(value: object, what: str) -> float:
    """Like `real`, but bool is a number here (a `hidden` track's values are
    True and False)."""
    if isinstance(value, (bool, np.bool_)):
        return float(value)
    return real(value, what)


def is_batch(value: object) -> bool:
    """True if `value` is an array or a sequence (a batch of times), False
    for a single time or a string."""
    if isinstance(value, np.ndarray):
        return True
    if isinstance(value, (str, bytes)):
        return False
    return hasattr(value, "__len__") or hasattr(value, "__array__")


def times(value: object, what: str = "times") -> np.ndarray[Any, np.dtype[np.float64]]:
    """`value` as a C-contiguous float64 array of the same shape, converted
    only if needed. Integer and floating arrays, sequences of real numbers
    and single real numbers (a 0-d result) are accepted; strings, booleans,
    complex numbers, None and ragged sequences raise a razzle error."""
    if isinstance(value, np.ndarray):
        array = value
    elif isinstance(value, (str, bytes)) or value is None:
        raise InvalidTypeError(f"{what} must be real numbers, not {describe(value)}")
    else:
        try:
            array = np.asarray(value)
        except (TypeError, ValueError) as error:
            raise InvalidValueError(f"{what} must be a rectangular array of real numbers ({error})") from None
    kind = array.dtype.kind
    if kind == "f" or kind == "i" or kind == "u":
        # Not ascontiguousarray: it turns a 0-d array into a 1-d one.
        return np.asarray(array, dtype=np.float64, order="C")
    if kind == "O":
        item = what[:-1] if what.endswith("s") else what
        flat = [real(x, item) for x in array.flat]
        return np.array(flat, dtype=np.float64).reshape(array.shape)
    name = _DTYPE_NAMES.get(kind, f"dtype {array.dtype}")
    raise InvalidTypeError(f"{what} must be real numbers, not {name}")


def text(value: object, what: str, error: Type[RazzleError] = InvalidValueError) -> bytes:
    """`value` as UTF-8 bytes for the library. Not a str: InvalidTypeError; a
    NUL character (C would cut the text there) or a lone surrogate (not
    encodable as UTF-8): `error`, the class the library uses for a bad name
    of this sort."""
    if not isinstance(value, str):
        raise InvalidTypeError(f"{what} must be a str, not {describe(value)}")
    if "\x00" in value:
        raise error(f"{what} {value!r} contains a NUL character")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as failure:
        raise error(f"{what} {value!r} is not valid text (a lone surrogate at index {failure.start})") from None


def count(value: object, what: str) -> int:
    """`value` as a non-negative int (bool and floats are refused)."""
    if isinstance(value, (bool, np.bool_)):
        raise InvalidTypeError(f"{what} must be an integer, not {describe(value)}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"{what} must be an integer, not {describe(value)}") from None
    if number < 0 or number >= 2**63:
        raise InvalidValueError(f"{what} must be between 0 and 2**63 - 1, not {number}")
    return number


#: The layouts of a sampled matrix (the core's MatrixLayout): "rows" gives
#: `times.shape + (columns,)`, "columns" the transposed `(columns,) +
#: times.shape`, each column one contiguous series.
LAYOUTS = ("rows", "columns")


def columns_layout(layout: object) -> bool:
    """True for the "columns" layout, False for "rows"; InvalidNameError
    (with the closest name) for any other string, InvalidTypeError for a
    non-string."""
    if layout == "rows":
        return False
    if layout == "columns":
        return True
    if not isinstance(layout, str):
        raise InvalidTypeError(f"layout must be \"rows\" or \"columns\", not {describe(layout)}")
    close = difflib.get_close_matches(layout.lower(), LAYOUTS, n=1, cutoff=0.5)
    hint = f' (did you mean "{close[0]}"?)' if close else ""
    raise InvalidNameError(f'unknown matrix layout "{layout}"{hint}; known: rows, columns')
