"""`Track`: keyframes for one property, sampled at any time."""

import ctypes
from collections import namedtuple
from ctypes import byref, c_double, c_size_t

import numpy as np

from . import _ffi
from ._errors import BufferTooSmallError, OutOfRangeError
from ._handle import HandleOwner

lib = _ffi.lib

Keyframe = namedtuple("Keyframe", "time value easing")
Keyframe.__doc__ = """A keyframe: `time`, `value` (a float for scalar tracks,
a tuple otherwise) and `easing`, the canonical specification of the easing of
the segment that starts at it."""

_Scalar = (int, float)


def _address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


def _times_array(times) -> np.ndarray:
    """`times` as a C-contiguous float64 array, converted only if needed."""
    return np.ascontiguousarray(times, dtype=np.float64)


class Track(HandleOwner):
    """Keyframes for one property of one target.

    `track[t] = v` sets a linear keyframe; `track.set(t, v, easing=...)`
    chooses the easing of the segment that starts at t. `track(t)` samples a
    float; `track(times)` samples a numpy array. Tracks come from
    `Animator.add_track` and `Animator[target, property]`; each Python object
    owns its own handle, released by `close()` or garbage collection.
    """

    __slots__ = ("target", "property", "channels")
    _kind = "track"

    def __init__(self, handle):
        super().__init__(handle, lib.kf_track_release)
        self.target = lib.kf_track_target(handle).decode()
        self.property = lib.kf_track_property(handle).decode()
        count = c_size_t()
        lib.kf_track_channels(handle, byref(count))
        self.channels = count.value

    def __repr__(self):
        state = "closed" if self.closed else f"{len(self)} keyframes"
        return f"<razzle.Track {self.target}.{self.property} ({state})>"

    # -- keyframes ---------------------------------------------------------

    def set(self, time, value, *, easing=None):
        """Sets the keyframe at `time` (replacing one already there).

        `easing` is a specification such as "easeInQuad" or
        "easeOutBack(2.5)"; None or "" is linear. Raises InvalidValueError
        (non-finite time or value, or outside the property's range),
        WrongSizeError, or EasingError; the track is unchanged then.
        """
        values = self._value(value)
        spec = None if easing is None else str(easing).encode()
        lib.kf_track_set_keyframe(self._h, float(time), ctypes.addressof(values), len(values), spec)

    def __setitem__(self, time, value):
        self.set(time, value)

    def __delitem__(self, time):
        """Removes the keyframe at exactly `time`; NotFoundError (a KeyError)
        if there is none."""
        lib.kf_track_remove_keyframe(self._h, float(time))

    def __len__(self):
        count = c_size_t()
        lib.kf_track_keyframe_count(self._h, byref(count))
        return count.value

    @property
    def keyframes(self):
        """The keyframes in time order, as a list of `razzle.Keyframe`."""
        handle = self._h
        result = []
        time = c_double()
        value = (c_double * self.channels)()
        text = ctypes.create_string_buffer(64)
        length = c_size_t()
        index = 0
        while True:
            try:
                lib.kf_track_get_keyframe(handle, index, byref(time), ctypes.addressof(value), self.channels)
            except OutOfRangeError:
                return result
            try:
                lib.kf_track_get_easing(handle, index, text, len(text), byref(length))
            except BufferTooSmallError:
                text = ctypes.create_string_buffer(length.value + 1)
                lib.kf_track_get_easing(handle, index, text, len(text), byref(length))
            result.append(Keyframe(time.value, self._unpack(value), text.value.decode()))
            index += 1

    # -- sampling ----------------------------------------------------------

    def __call__(self, t):
        """The value at `t`: a float for a number, an array for an array."""
        if isinstance(t, _Scalar):
            return self._sample_one(t)
        times = np.asarray(t, dtype=np.float64)
        if times.ndim == 0:
            return self._sample_one(float(times))
        return self.sample(times)

    __getitem__ = __call__

    def sample(self, times, out=None):
        """Samples at every time in `times` into a float64 array.

        Returns `out` (shape `(n,)` for one channel, `(n, channels)`
        otherwise), or a new array if `out` is None. `out` must be a
        C-contiguous float64 array with room for n × channels values.
        NaN times give NaN; ±inf clamp to the ends.
        """
        handle = self._h
        times = _times_array(times)
        n = times.size
        shape = (n,) if self.channels == 1 else (n, self.channels)
        if out is None:
            out = np.empty(shape, dtype=np.float64)
        else:
            _check_out(out, n * self.channels)
        lib.kf_track_sample_many(handle, _address(times), n, _address(out), out.size)
        return out

    def _sample_one(self, t):
        out = (c_double * self.channels)()
        lib.kf_track_sample(self._h, float(t), ctypes.addressof(out), self.channels)
        return self._unpack(out)

    # -- values ------------------------------------------------------------

    def _value(self, value):
        if isinstance(value, _Scalar) or np.ndim(value) == 0:
            values = (float(value),)
        else:
            values = tuple(float(v) for v in np.asarray(value, dtype=np.float64).ravel())
        return (c_double * len(values))(*values)

    def _unpack(self, buffer):
        if self.channels == 1:
            return buffer[0]
        return tuple(buffer)


def _check_out(out, needed):
    if not isinstance(out, np.ndarray) or out.dtype != np.float64:
        raise TypeError("out must be a numpy float64 array")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")
    if out.size < needed:
        raise BufferTooSmallError(f"out holds {out.size} values, {needed} are needed")
