"""`Track`: keyframes for one property, sampled at any time."""

import ctypes
from collections import namedtuple
from ctypes import byref, c_double, c_size_t

import numpy as np

from . import _ffi
from ._errors import BufferTooSmallError, NotFoundError, OutOfRangeError, WrongSizeError
from ._handle import HandleOwner
from ._values import from_channels, to_channels

lib = _ffi.lib
_sample_unchecked = _ffi.unchecked("kf_track_sample")
_error = _ffi.error

Keyframe = namedtuple(
    "Keyframe",
    "time value easing interpolation left right tension continuity bias",
    defaults=("linear", None, None, 0.0, 0.0, 0.0),
)
Keyframe.__doc__ = """A keyframe: `time`, `value` (a float for scalar tracks,
a tuple otherwise), `easing` (the canonical specification of the easing of
the segment that starts at it), `interpolation` of that segment, Bezier
handles `left` and `right` as (time, value) or None, and the
Kochanek-Bartels `tension`, `continuity` and `bias`."""

_Scalar = (int, float)
_FAST_TIMES = frozenset((float, int, np.float64))


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

    __slots__ = ("target", "property", "channels", "kind", "_scalar")
    _kind = "track"

    def __init__(self, handle):
        super().__init__(handle, lib.kf_track_release)
        self.target = lib.kf_track_target(handle).decode()
        self.property = lib.kf_track_property(handle).decode()
        count = c_size_t()
        lib.kf_track_channels(handle, byref(count))
        self.channels = count.value
        text = ctypes.create_string_buffer(16)
        lib.kf_track_kind(handle, text, len(text))
        self.kind = text.value.decode()
        self._scalar = self.kind == "scalar"

    @property
    def color_space(self):
        """(space, premultiplied) of a color track; KindMismatchError for
        other kinds."""
        text = ctypes.create_string_buffer(16)
        premultiplied = ctypes.c_int32()
        lib.kf_track_color_space(self._h, text, len(text), byref(premultiplied))
        return text.value.decode(), bool(premultiplied.value)

    def hide_at(self, time):
        """On a bool ("hidden") track: visible up to and at `time`, hidden
        at every later time (RazzleDazzle's hideAt, without an epsilon: the
        second keyframe is at the next double after `time`)."""
        lib.kf_track_hide_at(self._h, float(time))

    def show_at(self, time):
        """The opposite of `hide_at`: hidden up to and at `time`, visible
        after."""
        lib.kf_track_show_at(self._h, float(time))

    def __repr__(self):
        state = "closed" if self.closed else f"{len(self)} keyframes"
        return f"<razzle.Track {self.target}.{self.property} ({state})>"

    # -- keyframes ---------------------------------------------------------

    def set(
        self,
        time,
        value,
        *,
        easing=None,
        interpolation=None,
        left=None,
        right=None,
        tension=0.0,
        continuity=0.0,
        bias=0.0,
    ):
        """Sets the keyframe at `time` (replacing one already there).

        `easing` is a specification such as "easeInQuad",
        "cubic-bezier(0.42, 0, 0.58, 1)", "steps(4)" or "bouncy(0.4)" (see
        `razzle.easing`); None or "" is linear. `interpolation` shapes the
        segment that starts here: "linear" (default), "hold", "bezier",
        "smooth", "monotone" or "paced". `left`/`right` are Bezier handles as
        (time, value) pairs (value per channel for multi-channel tracks);
        `tension`, `continuity` and `bias` in [-1, 1] tune "smooth" tangents.
        Raises InvalidValueError (non-finite or out-of-range numbers, unknown
        interpolation), WrongSizeError, or EasingError; the track is unchanged
        then.
        """
        values = self._value(value)
        spec = None if easing is None else str(easing).encode()
        handle = self._h
        if (
            interpolation is None
            and left is None
            and right is None
            and tension == 0
            and continuity == 0
            and bias == 0
        ):
            lib.kf_track_set_keyframe(handle, float(time), ctypes.addressof(values), len(values), spec)
            return
        mode = None if interpolation is None else str(interpolation).encode()
        parameters = (c_double * 3)(float(tension), float(continuity), float(bias))
        left_buffer = None if left is None else self._handle_buffer(left, "left")
        right_buffer = None if right is None else self._handle_buffer(right, "right")
        lib.kf_track_set_keyframe_styled(
            handle,
            float(time),
            ctypes.addressof(values),
            len(values),
            spec,
            mode,
            ctypes.addressof(parameters),
            None if left_buffer is None else ctypes.addressof(left_buffer),
            None if right_buffer is None else ctypes.addressof(right_buffer),
            1 + self.channels,
        )

    def _handle_buffer(self, handle, side):
        try:
            time, value = handle
        except (TypeError, ValueError):
            raise TypeError(f"{side} handle must be a (time, value) pair") from None
        values = self._value(value)
        if len(values) != self.channels:
            raise WrongSizeError(
                f"{side} handle value has {len(values)} channels, the track has {self.channels}",
                _ffi.STATUS_CODES["KF_E_WRONG_SIZE"][0],
            )
        return (c_double * (1 + self.channels))(float(time), *values)

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
            easing = text.value.decode()
            mode = ctypes.create_string_buffer(16)
            parameters = (c_double * 3)()
            lib.kf_track_get_interpolation(handle, index, mode, len(mode), ctypes.addressof(parameters))
            left, right = self._bezier_handle(handle, index, 0), self._bezier_handle(handle, index, 1)
            result.append(
                Keyframe(
                    time.value,
                    self._unpack(value),
                    easing,
                    mode.value.decode(),
                    left,
                    right,
                    parameters[0],
                    parameters[1],
                    parameters[2],
                )
            )
            index += 1

    def _bezier_handle(self, handle, index, side):
        buffer = (c_double * (1 + self.channels))()
        try:
            lib.kf_track_get_handle(handle, index, side, ctypes.addressof(buffer), len(buffer))
        except NotFoundError:
            return None
        return (buffer[0], self._unpack(buffer[1:]))

    # -- sampling ----------------------------------------------------------

    def __call__(self, t):
        """The value at `t`: a float for a number, an array for an array."""
        handle = self._handle
        if handle is not None and self._scalar and t.__class__ in _FAST_TIMES:
            # The hot path for one scalar sample: no property lookups, no
            # errcheck hook (about 0.5 us of the call).
            out = c_double()
            status = _sample_unchecked(handle, t, ctypes.addressof(out), 1)
            if status:
                raise _error(status)
            return out.value
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
        NaN times give NaN; ±inf give the end values under the default "hold"
        extrapolation.
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

    def velocity(self, t, out=None):
        """d value / d time at `t`: a float (a tuple of floats for
        multi-channel tracks, whatever their kind) for a number, an array for
        an array (see `sample` for `out`).
        Analytic; the right-hand derivative at keyframes and kinks; 0 on
        holds."""
        handle = self._h
        if out is None and (isinstance(t, _Scalar) or np.ndim(t) == 0):
            buffer = (c_double * self.channels)()
            lib.kf_track_velocity(handle, float(t), ctypes.addressof(buffer), self.channels)
            # A rate of change is plain numbers whatever the kind.
            return buffer[0] if self.channels == 1 else tuple(buffer)
        times = _times_array(t)
        n = times.size
        if out is None:
            out = np.empty((n,) if self.channels == 1 else (n, self.channels), dtype=np.float64)
        else:
            _check_out(out, n * self.channels)
        lib.kf_track_velocity_many(handle, _address(times), n, _address(out), out.size)
        return out

    @property
    def extrapolation(self):
        """(before, after): what the track does outside its keyframes. Each is
        "hold" (default), "linear", "cycle", "cycle-offset" or "ping-pong".
        Assign a pair, or one name for both ends."""
        handle = self._h
        result = []
        for side in (0, 1):
            text = ctypes.create_string_buffer(16)
            lib.kf_track_get_extrapolation(handle, side, text, len(text))
            result.append(text.value.decode())
        return tuple(result)

    @extrapolation.setter
    def extrapolation(self, modes):
        if isinstance(modes, str):
            modes = (modes, modes)
        try:
            before, after = modes
        except (TypeError, ValueError):
            raise TypeError("extrapolation is a (before, after) pair of names, or one name") from None
        self.set_extrapolation(before=before, after=after)

    def set_extrapolation(self, before=None, after=None):
        """Sets the extrapolation before the first and/or after the last
        keyframe; None keeps that side. InvalidValueError for an unknown
        name, and nothing changes."""
        lib.kf_track_set_extrapolation(
            self._h,
            None if before is None else str(before).encode(),
            None if after is None else str(after).encode(),
        )

    def _sample_one(self, t):
        out = (c_double * self.channels)()
        lib.kf_track_sample(self._h, float(t), ctypes.addressof(out), self.channels)
        return self._unpack(out)

    # -- values ------------------------------------------------------------

    def _value(self, value):
        if isinstance(value, _Scalar) and self.kind == "scalar":
            values = (float(value),)
        else:
            values = to_channels(self.kind, value)
        return (c_double * len(values))(*values)

    def _unpack(self, buffer):
        if self.kind == "scalar":
            return buffer[0]
        return from_channels(self.kind, tuple(buffer))


def _check_out(out, needed):
    if not isinstance(out, np.ndarray) or out.dtype != np.float64:
        raise TypeError("out must be a numpy float64 array")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")
    if out.size < needed:
        raise BufferTooSmallError(f"out holds {out.size} values, {needed} are needed")
