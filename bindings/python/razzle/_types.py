"""Type aliases for annotations (public as `razzle.FloatArray`,
`razzle.Times`, `razzle.ValueLike`)."""

from __future__ import annotations

from typing import Any, Sequence, Union

import numpy as np
import numpy.typing as npt

__all__ = ["FloatArray", "Times", "ValueLike"]

#: A numpy float64 array: what every batch call returns.
FloatArray = npt.NDArray[np.float64]

#: A batch of times (or progress values): a numpy array of integers or floats,
#: or a (nested) sequence of numbers. A single number is a plain `float`.
Times = Union[
    npt.NDArray[Union[np.floating[Any], np.integer[Any]]],
    Sequence[float],
    Sequence[Sequence[float]],
]

#: A keyframe value: a number, a sequence of numbers (a point, a color, a
#: matrix), a numpy array, or a color string for color tracks.
ValueLike = Union[float, str, Sequence[float], Sequence[Sequence[float]], npt.NDArray[Any]]
