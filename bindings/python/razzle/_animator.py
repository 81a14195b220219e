"""`Animator`: tracks keyed by (target, property), animated together."""

import ctypes
from collections import namedtuple
from ctypes import byref, c_double, c_size_t, c_uint64

import numpy as np

from . import _ffi
from ._errors import NotFoundError, OutOfRangeError
from ._handle import HandleOwner
from ._track import Track, _address, _check_out, _times_array
from ._values import Transform, from_channels

lib = _ffi.lib


def _name(text, what):
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise _ffi._errors.InvalidNameError(f"{what} {text!r} is not valid UTF-8 ({error.reason})") from None


class Animator(HandleOwner):
    """A set of tracks, at most one per (target, property).

    >>> with Animator() as anim:
    ...     alpha = anim.add_track("label", "alpha")
    ...     alpha[30] = 1.0
    ...     alpha[60] = 0.0
    ...     anim.animate(45)
    {('label', 'alpha'): 0.5}
    """

    __slots__ = ("_layout_cache",)
    _kind = "animator"

    def __init__(self):
        handle = _ffi.AnimatorHandle()
        lib.kf_animator_create(byref(handle))
        super().__init__(handle, lib.kf_animator_release)
        self._layout_cache = None

    def __repr__(self):
        state = "closed" if self.closed else f"{len(self)} tracks"
        return f"<razzle.Animator ({state})>"

    def add_track(
        self, target: str, property: str, kind=None, *, channels=None, color_space=None, premultiplied=False
    ) -> Track:
        """Creates an empty track for `property` of `target`.

        Known property names imply a kind and validation: alpha,
        strokeStart, strokeEnd, pathPosition are scalars in [0, 1]; scale
        and cornerRadius scalars >= 0; rotation (degrees) and
        constraintConstant scalars; backgroundColor, fillColor, strokeColor,
        textColor colors; translation, position points; size a size; frame
        a rect; hidden a bool; transform and transform3d transforms. Any
        other name is a scalar unless `kind` says otherwise: "scalar",
        "point", "size", "rect", "vector" (with `channels`), "color",
        "bool", "transform", "transform3d". A kind that contradicts a known
        name is a KindMismatchError. Color tracks blend in `color_space`
        ("srgb" by default, "linear-srgb", "oklab", "oklch", "hsl"),
        premultiplied if asked. Raises DuplicateTrackError if the pair has a
        track already.
        """
        handle = _ffi.TrackHandle()
        names = (self._h, _name(target, "target"), _name(property, "property"))
        if kind is None and channels is None and color_space is None and not premultiplied:
            lib.kf_animator_add_track(*names, byref(handle))
        else:
            if kind is None:
                kind = "color" if (color_space is not None or premultiplied) else ("vector" if channels else "")
            lib.kf_animator_add_track_kind(
                *names,
                str(kind).encode(),
                int(channels or 0),
                None if color_space is None else str(color_space).encode(),
                1 if premultiplied else 0,
                byref(handle),
            )
        return Track(handle)

    def transform(self, target: str, t) -> Transform:
        """The target's "scale", "rotation" (degrees) and "translation"
        tracks composed at `t`: scale first, then rotation, then translation
        (whatever order the tracks were added in), as a razzle.Transform."""
        out = (c_double * 6)()
        lib.kf_animator_transform(self._h, _name(target, "target"), float(t), ctypes.addressof(out), 6)
        return Transform(*out)

    def __getitem__(self, key) -> Track:
        """`anim[target, property]`: the track; NotFoundError (a KeyError) if none."""
        target, property = _key(key)
        handle = _ffi.TrackHandle()
        lib.kf_animator_get_track(self._h, _name(target, "target"), _name(property, "property"), byref(handle))
        return Track(handle)

    def get(self, target: str, property: str, default=None):
        """The track for (target, property), or `default`."""
        try:
            return self[target, property]
        except NotFoundError:
            return default

    def __contains__(self, key) -> bool:
        try:
            self[key].close()
        except NotFoundError:
            return False
        return True

    def remove_track(self, target: str, property: str) -> None:
        """Removes the track; Track objects for it stay usable on their own."""
        lib.kf_animator_remove_track(self._h, _name(target, "target"), _name(property, "property"))

    def __delitem__(self, key):
        self.remove_track(*_key(key))

    def __len__(self):
        count = c_size_t()
        lib.kf_animator_track_count(self._h, byref(count))
        return count.value

    def tracks(self):
        """The tracks in the order they were added, as new Track objects."""
        handle = self._h
        result = []
        index = 0
        while True:
            track = _ffi.TrackHandle()
            try:
                lib.kf_animator_track_at(handle, index, byref(track))
            except OutOfRangeError:
                return result
            result.append(Track(track))
            index += 1

    def keys(self):
        """The (target, property) pairs, in the order the tracks were added."""
        keys = []
        for track in self.tracks():
            keys.append((track.target, track.property))
            track.close()
        return keys

    def __iter__(self):
        return iter(self.keys())

    # -- batch sampling ------------------------------------------------------

    def _generation(self):
        generation = c_uint64()
        lib.kf_animator_generation(self._h, byref(generation))
        return generation.value

    @property
    def layout(self) -> "Layout":
        """The columns of `sample`'s matrix: a `razzle.Layout` (a tuple of
        `razzle.Column(target, property, kind, start, channels)`, one per
        track in the order the tracks were added, with `.columns` the total
        and `.generation` the animator's layout generation)."""
        while True:
            generation = self._generation()
            cached = self._layout_cache
            if cached is not None and cached.generation == generation:
                return cached
            columns = []
            start = 0
            for track in self.tracks():
                columns.append(Column(track.target, track.property, track.kind, start, track.channels))
                start += track.channels
                track.close()
            if self._generation() == generation:
                self._layout_cache = Layout(columns, start, generation)
                return self._layout_cache

    def sample(self, times, out=None):
        """Every track at every time, as one float64 matrix: row j holds the
        values at times[j]; `layout` says which columns belong to which
        track. `out`, if given, must be a C-contiguous float64 array with room
        for len(times) x columns values; it is filled and returned.
        EmptyTrackError if a track has no keyframes."""
        handle = self._h
        times = _times_array(times)
        n = times.size
        columns, generation = c_size_t(), c_uint64()
        if out is not None:
            _check_out(out, 0)
            lib.kf_animator_sample_many(
                handle, _address(times), n, _address(out), out.size, byref(columns), byref(generation)
            )
            return out
        return self._sample_with_layout(times)[0]

    def _sample_with_layout(self, times):
        """(matrix, layout) read together: retried if a track is added or
        removed between reading the layout and sampling."""
        handle = self._h
        times = _times_array(times)
        columns, generation = c_size_t(), c_uint64()
        for _ in range(8):
            layout = self.layout
            out = np.empty((times.size, layout.columns), dtype=np.float64)
            lib.kf_animator_sample_many(
                handle, _address(times), times.size, _address(out), out.size, byref(columns), byref(generation)
            )
            if generation.value == layout.generation:
                return out, layout
        raise _ffi._errors.RazzleError("the animator's tracks kept changing during sampling")

    def sample_frames(self, times):
        """{(target, property): array} for every track at every time: views
        into one `sample` matrix (shape (n,) for one-channel tracks, (n,
        channels) otherwise)."""
        matrix, layout = self._sample_with_layout(times)
        result = {}
        for column in layout:
            block = matrix[:, column.start : column.start + column.channels]
            result[column.target, column.property] = block[:, 0] if column.channels == 1 else block
        return result

    def animate(self, t):
        """Samples every track at `t`: {(target, property): value}, each value
        as a single sample of its track gives it (a float, a razzle.Color, …).

        Raises EmptyTrackError if a track has no keyframes.
        """
        matrix, layout = self._sample_with_layout([float(t)])
        row = matrix[0].tolist()
        return {
            (c.target, c.property): from_channels(c.kind, row[c.start : c.start + c.channels]) for c in layout
        }


Column = namedtuple("Column", "target property kind start channels")
Column.__doc__ = "One track's columns in an animator's sample matrix."


class Layout(tuple):
    """The columns of an animator's sample matrix, one `Column` per track."""

    def __new__(cls, columns, total, generation):
        layout = super().__new__(cls, columns)
        layout.columns = total
        layout.generation = generation
        return layout

    def __repr__(self):
        return f"Layout({list(self)!r}, columns={self.columns})"


def _key(key):
    if not (isinstance(key, tuple) and len(key) == 2):
        raise TypeError("use anim[target, property]")
    return key
