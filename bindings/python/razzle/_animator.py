"""`Animator`: tracks keyed by (target, property), animated together."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_char_p, c_double, c_size_t, c_uint64, c_void_p
from typing import (
    Any,
    Dict,
    Iterator,
    List,
    Literal,
    MutableMapping,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)

import numpy as np

from . import _ffi
from ._frame import Frame, FrameIndex
from ._errors import (
    BufferTooSmallError,
    InvalidNameError,
    InvalidTypeError,
    NotFoundError,
    OutOfRangeError,
    RazzleError,
    WrongSizeError,
)
from ._handle import HandleOwner, SceneFile
from ._inputs import columns_layout, count, describe, is_batch, real, text, times as _times
from ._track import BufferAddresses, KindInfo, Track, _address, kind_info
from ._track import adopt as _adopt
from ._types import FloatArray, Times
from ._values import Color, Point, Rect, Size, Transform, Transform3D, from_channels

lib = _ffi.lib
_sample_many_unchecked = _ffi.unchecked("kf_animator_sample_many")
_sample_many_raw = _ffi.raw("kf_animator_sample_many")
_sample_columns_raw = _ffi.raw("kf_animator_sample_columns")
_BUFFER_TOO_SMALL = _ffi.STATUS_CODES["KF_E_BUFFER_TOO_SMALL"][0]
_ONE = c_size_t(1)
_FLOAT64 = np.dtype(np.float64)
# One frame through the raw binding: (h, c_double t, c_uint64 generation,
# row buffer, c_size_t capacity, size_t *columns, uint64_t *generation).
_sample_frame_raw = _ffi.raw("kf_animator_sample_frame")
#: KF_ANY_GENERATION (include/keyframe.h): no generation check.
ANY_GENERATION = 0xFFFF_FFFF_FFFF_FFFF
_ANY = c_uint64(ANY_GENERATION)
_NO_ROOM = c_size_t(0)
_empty = np.empty
_byref = byref
# A new array's memory as a ctypes object (the buffer protocol): byref of
# it is the pointer, with no Python int in between.
_CHAR = ctypes.c_char.from_buffer


class _Row(NamedTuple):
    """What a frame call needs about an animator's row, for one layout
    generation: made once per generation, then shared (read only) by every
    frame and every thread."""

    columns: int
    generation: int
    expected: c_uint64
    capacity: c_size_t
    matrix_shape: Tuple[int, int]
# add_track without options: the raw binding (ctypes converts nothing; the
# names go as bytes, NULL options as None) and the status tested here.
_add_track_raw = _ffi.raw("kf_animator_add_track")
_TrackHandle = _ffi.TrackHandle
#: The kind each property name resolved to when a track was added without
#: options, as the library answered (the rule stays in the core: the same
#: name always resolves the same way). A new track of a name seen before
#: then needs no library call to learn its kind. Bounded: cleared when full.
_IMPLIED_KINDS: Dict[bytes, KindInfo] = {}
_IMPLIED_KINDS_LIMIT = 4096

_T = TypeVar("_T")

# Property names with a known kind (the core's PropertyRule), for typing:
# `add_track("label", "alpha")` is a Track[float], "textColor" a Track[Color].
ScalarProperty = Literal[
    "alpha", "strokeStart", "strokeEnd", "pathPosition", "scale", "cornerRadius", "rotation", "constraintConstant"
]
PointProperty = Literal["translation", "position", "center"]
ColorProperty = Literal["backgroundColor", "fillColor", "strokeColor", "textColor"]


def _name(value: object, what: str) -> bytes:
    if value.__class__ is str and "\x00" not in value:
        try:
            return value.encode()
        except UnicodeEncodeError:
            pass  # text() names the lone surrogate
    return text(value, what, InvalidNameError)


_C_STRINGS = ctypes.POINTER(c_char_p)


def _name_pointers(names: List[bytes]) -> Tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """C strings for `names` (NUL-free, as `_name` checks): one buffer
    holding them NUL-terminated one after another, and each one's address.
    A ctypes array of `c_char_p` costs about 1.3 us an element; this about
    0.2 us. A list of one name repeated (one object) shares its string."""
    n = len(names)
    if n and all(name is names[0] for name in names):
        blob = np.frombuffer(names[0] + b"\0", dtype=np.uint8)
        return blob, np.full(n, blob.__array_interface__["data"][0], dtype=np.uintp)
    blob = np.frombuffer(b"\0".join(names) + b"\0", dtype=np.uint8)
    starts = np.zeros(n, dtype=np.uintp)
    if n > 1:
        lengths = np.fromiter(map(len, names), dtype=np.uintp, count=n)
        np.cumsum(lengths[:-1] + 1, out=starts[1:])
    return blob, starts + np.uintp(blob.__array_interface__["data"][0])


def _pointer_array(pointers: np.ndarray[Any, Any]) -> c_void_p:
    """The address of an array of addresses, NULL when it is empty."""
    return c_void_p(pointers.__array_interface__["data"][0] if pointers.size else None)


def _track_options(
    kind: Optional[str],
    channels: Optional[int],
    color_space: Optional[str],
    premultiplied: object,
    relative_to: Optional[str],
    constant: object,
) -> _ffi.TrackOptions:
    """`add_track`'s keyword options as the library's struct."""
    if not isinstance(premultiplied, (bool, np.bool_)):
        raise InvalidTypeError(f"premultiplied must be True or False, not {describe(premultiplied)}")
    if kind is None and channels is not None:
        kind = "vector"  # channels alone ask for a vector track
    return _ffi.TrackOptions(
        version=_ffi.TRACK_OPTIONS_VERSION,
        kind=None if kind is None else text(kind, "kind", InvalidNameError),
        channels=0 if channels is None else count(channels, "channels"),
        color_space=None if color_space is None else text(color_space, "color space", InvalidNameError),
        premultiplied=1 if premultiplied else 0,
        relative_to=None if relative_to is None else text(relative_to, "variable name", InvalidNameError),
        constant=real(constant, "constant"),
    )


class Column(NamedTuple):
    """One track's columns in an animator's sample matrix."""

    target: str
    property: str
    kind: str
    start: int
    channels: int


class Layout(Tuple[Column, ...]):
    """The columns of an animator's sample matrix, one `Column` per track;
    `columns` is the total and `generation` the animator's layout
    generation it was read at."""

    columns: int
    generation: int
    capacity: c_size_t

    def __new__(cls, columns: Sequence[Column], total: int, generation: int) -> Layout:
        layout = super().__new__(cls, columns)
        layout.columns = total
        layout.generation = generation
        # One row's size, as the raw frame binding takes it.
        layout.capacity = c_size_t(total)
        return layout

    def frame_index(self) -> FrameIndex:
        """The key index every `razzle.Frame` of this layout shares, built
        once per layout."""
        index: Optional[FrameIndex] = self.__dict__.get("_frame_index")
        if index is None:
            index = self.__dict__["_frame_index"] = FrameIndex(
                [(c.target, c.property) for c in self],
                [None if (c.kind == "scalar" and c.channels == 1 and c.start == i) else (c.kind, c.start, c.channels)
                 for i, c in enumerate(self)],
            )
        return index

    def __repr__(self) -> str:
        return f"Layout({list(self)!r}, columns={self.columns})"

    def __reduce__(self) -> Tuple[Any, Tuple[Tuple[Column, ...], int, int]]:
        return (Layout, (tuple(self), self.columns, self.generation))


class Animator(SceneFile, HandleOwner):
    """A set of tracks, at most one per (target, property).

    >>> with Animator() as anim:
    ...     alpha = anim.add_track("label", "alpha")
    ...     alpha[30] = 1.0
    ...     alpha[60] = 0.0
    ...     anim.animate(45)
    {('label', 'alpha'): 0.5}

    `copy.copy(anim)`, `copy.deepcopy(anim)` and `anim.copy()` make an
    independent animator with the same tracks and keyframes; `pickle`
    carries it as a scene file (`anim.to_json()`, Guides/Scenes.md).
    """

    __slots__ = ("_layout_cache", "_buffers", "_row")
    _kind = "animator"
    _pickle_message = (
        "cannot pickle a razzle.Animator: it owns a library handle. Copy it in this process with "
        "copy.deepcopy(anim) or anim.copy(); saving animations to files (scene files) is planned"
    )

    def __init__(self) -> None:
        handle = _ffi.AnimatorHandle()
        lib.kf_animator_create(byref(handle))
        super().__init__(handle, lib.kf_animator_release)
        self._layout_cache: Optional[Layout] = None
        self._buffers = BufferAddresses()
        self._row: Optional[_Row] = None

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(self)} tracks"
        return f"<razzle.Animator ({state})>"

    # -- tracks --------------------------------------------------------------

    @overload
    def add_track(
        self, target: str, property: ScalarProperty, kind: Optional[Literal["scalar"]] = None, *, channels: None = None
    ) -> Track[float]: ...
    @overload
    def add_track(
        self, target: str, property: PointProperty, kind: Optional[Literal["point"]] = None, *, channels: None = None
    ) -> Track[Point]: ...
    @overload
    def add_track(
        self, target: str, property: Literal["size"], kind: Optional[Literal["size"]] = None, *, channels: None = None
    ) -> Track[Size]: ...
    @overload
    def add_track(
        self, target: str, property: Literal["frame"], kind: Optional[Literal["rect"]] = None, *, channels: None = None
    ) -> Track[Rect]: ...
    @overload
    def add_track(
        self,
        target: str,
        property: ColorProperty,
        kind: Optional[Literal["color"]] = None,
        *,
        channels: None = None,
        color_space: Optional[str] = None,
        premultiplied: bool = False,
    ) -> Track[Color]: ...
    @overload
    def add_track(
        self, target: str, property: Literal["hidden"], kind: Optional[Literal["bool"]] = None, *, channels: None = None
    ) -> Track[float]: ...
    @overload
    def add_track(
        self,
        target: str,
        property: Literal["transform"],
        kind: Optional[Literal["transform"]] = None,
        *,
        channels: None = None,
    ) -> Track[Transform]: ...
    @overload
    def add_track(
        self,
        target: str,
        property: Literal["transform3d"],
        kind: Optional[Literal["transform3d"]] = None,
        *,
        channels: None = None,
    ) -> Track[Transform3D]: ...
    @overload
    def add_track(self, target: str, property: str, kind: Literal["scalar", "bool"], *, channels: None = None) -> Track[float]: ...
    @overload
    def add_track(self, target: str, property: str, kind: Literal["point"], *, channels: None = None) -> Track[Point]: ...
    @overload
    def add_track(self, target: str, property: str, kind: Literal["size"], *, channels: None = None) -> Track[Size]: ...
    @overload
    def add_track(self, target: str, property: str, kind: Literal["rect"], *, channels: None = None) -> Track[Rect]: ...
    @overload
    def add_track(
        self, target: str, property: str, kind: Literal["vector"], *, channels: int
    ) -> Track[Tuple[float, ...]]: ...
    @overload
    def add_track(
        self,
        target: str,
        property: str,
        kind: Literal["color"],
        *,
        channels: None = None,
        color_space: Optional[str] = None,
        premultiplied: bool = False,
    ) -> Track[Color]: ...
    @overload
    def add_track(
        self, target: str, property: str, kind: Literal["transform"], *, channels: None = None
    ) -> Track[Transform]: ...
    @overload
    def add_track(
        self, target: str, property: str, kind: Literal["transform3d"], *, channels: None = None
    ) -> Track[Transform3D]: ...
    @overload
    def add_track(
        self,
        target: str,
        property: str,
        kind: Optional[str] = None,
        *,
        channels: Optional[int] = None,
        color_space: Optional[str] = None,
        premultiplied: bool = False,
        relative_to: Optional[str] = None,
        constant: float = 0.0,
    ) -> Track[Any]: ...

    def add_track(
        self,
        target: str,
        property: str,
        kind: Optional[str] = None,
        *,
        channels: Optional[int] = None,
        color_space: Optional[str] = None,
        premultiplied: bool = False,
        relative_to: Optional[str] = None,
        constant: float = 0.0,
    ) -> Track[Any]:
        """Creates an empty track for `property` of `target`.

        Known property names imply a kind and validation: alpha,
        strokeStart, strokeEnd, pathPosition are scalars in [0, 1]; scale
        and cornerRadius scalars >= 0; rotation (degrees) and
        constraintConstant scalars; backgroundColor, fillColor, strokeColor,
        textColor colors; translation, position, center points; size a size; frame
        a rect; hidden a bool; transform and transform3d transforms. Any
        other name is a scalar unless `kind` says otherwise: "scalar",
        "point", "size", "rect", "vector" (with `channels`), "color",
        "bool", "transform", "transform3d". A kind that contradicts a known
        name is a KindMismatchError. Color tracks blend in `color_space`
        ("srgb" by default, "linear-srgb", "oklab", "oklch", "hsl"),
        premultiplied if asked. Raises DuplicateTrackError if the pair has a
        track already, InvalidNameError for an empty name or one with a NUL
        character or a lone surrogate.

        `relative_to="pageWidth"` makes a track relative to an animator
        variable (`anim.variables`): it samples as value(t) * variable +
        `constant` in every sampling call (velocity: velocity(t) *
        variable), so setting the variable moves it without editing a
        keyframe. The variable may be set later; sampling while it is unset
        raises NotFoundError naming the track and the variable. It needs a
        kind blended per channel and a property without a bounded range
        (not "alpha": KindMismatchError). Guides/Layout.md has the rules.

        For typing, a literal known name or kind gives a precise track type
        (`Track[float]`, `Track[Color]`, …); names known only at run time give
        `Track[Any]`.
        """
        handle = _TrackHandle()
        names = (self._h, _name(target, "target"), _name(property, "property"))
        if (
            kind is None
            and channels is None
            and color_space is None
            and not premultiplied
            and relative_to is None
            and constant.__class__ is float
            and constant == 0.0
        ):
            status = _add_track_raw(*names, None, byref(handle))
            if status:
                raise _ffi.error(status)
            property_name = names[2]
            info = _IMPLIED_KINDS.get(property_name)
            if info is None:
                info = kind_info(handle)
                if len(_IMPLIED_KINDS) >= _IMPLIED_KINDS_LIMIT:
                    _IMPLIED_KINDS.clear()
                _IMPLIED_KINDS[property_name] = info
            if target.__class__ is not str or property.__class__ is not str:
                target, property = names[1].decode(), property_name.decode()  # plain str, as the library has them
            return _adopt(handle, target, property, info)
        options = _track_options(kind, channels, color_space, premultiplied, relative_to, constant)
        lib.kf_animator_add_track(*names, byref(options), byref(handle))
        return Track(handle)

    def add_tracks(
        self,
        targets: Sequence[str],
        properties: Union[str, Sequence[str]],
        times: Optional[Times] = None,
        values: Optional[Times] = None,
        kind: Optional[str] = None,
        *,
        channels: Optional[int] = None,
        color_space: Optional[str] = None,
        premultiplied: bool = False,
        relative_to: Optional[str] = None,
        constant: float = 0.0,
    ) -> None:
        """Adds one track per target in one call, all or nothing: track i
        for `properties[i]` (or `properties`, one name for all) of
        `targets[i]`, with the options `add_track` takes, each given the
        same number of linear keyframes.

        `times` is k times shared by every track (shape `(k,)`) or one row a
        track (shape `(n, k)`); `values` holds every track's k × channels
        numbers, one track after another: shape `(n, k)` for one-channel
        tracks, `(n, k, channels)` otherwise (any shape with that many
        numbers in that order will do). Values are plain numbers, as
        `track.set_keyframes` takes them for the track's channels. Without
        `times` and `values` the tracks are empty.

        Nothing is returned (building 1e5 Track objects would cost more than
        the call): `anim[target, property]` reaches a track. On an
        error nothing is added, and the message names the entry
        ("tracks[i]: ..."): DuplicateTrackError for a pair with a track
        already or twice in the call, WrongSizeError for sizes that do not
        agree, and `add_track`'s and `set_keyframes`' errors.

        A loop of `add_track` and `set_keyframes` costs three library calls
        a track; this costs one in all (bench case 26).
        """
        handle = self._h
        if isinstance(targets, (str, bytes)):
            raise InvalidTypeError(f"targets must be a sequence of names, not {describe(targets)}")
        target_names = [_name(t, "target") for t in targets]
        n = len(target_names)
        if isinstance(properties, str):
            property_names = [_name(properties, "property")] * n
        elif isinstance(properties, bytes):
            raise InvalidTypeError(f"properties must be a name or a sequence of names, not {describe(properties)}")
        else:
            property_names = [_name(p, "property") for p in properties]
        if (times is None) != (values is None):
            raise InvalidTypeError("add_tracks takes times and values together, or neither")
        if times is None or values is None:
            time_array = value_array = np.empty(0)
            keyframes = 0
        else:
            time_array = _times(times)
            value_array = _times(values, "values")
            if time_array.ndim not in (1, 2):
                raise WrongSizeError(f"times must be 1-d (shared) or 2-d (one row a track), not {time_array.ndim}-d")
            keyframes = time_array.shape[-1]
        if len(property_names) != n:
            raise WrongSizeError(f"{len(property_names)} properties for {n} targets: one a track, or one name for all")
        options = _track_options(kind, channels, color_space, premultiplied, relative_to, constant)
        target_blob, target_pointers = _name_pointers(target_names)
        property_blob, property_pointers = _name_pointers(property_names)
        lib.kf_animator_add_tracks(
            handle,
            ctypes.cast(_pointer_array(target_pointers), _C_STRINGS),
            ctypes.cast(_pointer_array(property_pointers), _C_STRINGS),
            n,
            byref(options),
            keyframes,
            _address(time_array) if time_array.size else None,
            time_array.size,
            _address(value_array) if value_array.size else None,
            value_array.size,
        )
        del target_blob, property_blob  # kept alive through the call

    @overload
    def transform(self, target: str, t: float) -> Transform: ...
    @overload
    def transform(self, target: str, t: Times) -> FloatArray: ...

    def transform(self, target: str, t: Union[float, Times]) -> Union[Transform, FloatArray]:
        """The target's "scale", "rotation" (degrees) and "translation"
        tracks composed at `t`: scale first, then rotation, then translation
        (whatever order the tracks were added in; Guides/Kinds.md), as a
        razzle.Transform for a number, or an array of shape
        `times.shape + (6,)` for an array of times (one library call).
        NotFoundError if the target has none of the three tracks."""
        name = _name(target, "target")
        if not is_batch(t):
            single = (c_double * 1)(real(t, "time"))
            out = (c_double * 6)()
            lib.kf_animator_transform_many(self._h, name, ctypes.addressof(single), 1, ctypes.addressof(out), 6)
            return Transform(*out)
        array = _times(t)
        matrix = np.empty(array.shape + (6,), dtype=np.float64)
        lib.kf_animator_transform_many(self._h, name, _address(array), array.size, _address(matrix), matrix.size)
        return matrix

    @overload
    def __getitem__(self, key: Tuple[str, ScalarProperty]) -> Track[float]: ...
    @overload
    def __getitem__(self, key: Tuple[str, PointProperty]) -> Track[Point]: ...
    @overload
    def __getitem__(self, key: Tuple[str, Literal["size"]]) -> Track[Size]: ...
    @overload
    def __getitem__(self, key: Tuple[str, Literal["frame"]]) -> Track[Rect]: ...
    @overload
    def __getitem__(self, key: Tuple[str, ColorProperty]) -> Track[Color]: ...
    @overload
    def __getitem__(self, key: Tuple[str, Literal["hidden"]]) -> Track[float]: ...
    @overload
    def __getitem__(self, key: Tuple[str, Literal["transform"]]) -> Track[Transform]: ...
    @overload
    def __getitem__(self, key: Tuple[str, Literal["transform3d"]]) -> Track[Transform3D]: ...
    @overload
    def __getitem__(self, key: Tuple[str, str]) -> Track[Any]: ...

    def __getitem__(self, key: Tuple[str, str]) -> Track[Any]:
        """`anim[target, property]`: the track; NotFoundError (a KeyError) if none."""
        target, property = _key(key)
        handle = _ffi.TrackHandle()
        lib.kf_animator_get_track(self._h, _name(target, "target"), _name(property, "property"), byref(handle))
        return Track(handle)

    @overload
    def get(self, target: str, property: str) -> Optional[Track[Any]]: ...
    @overload
    def get(self, target: str, property: str, default: _T) -> Union[Track[Any], _T]: ...

    def get(self, target: str, property: str, default: Any = None) -> Any:
        """The track for (target, property), or `default`."""
        try:
            return self[target, property]
        except NotFoundError:
            return default

    def __contains__(self, key: object) -> bool:
        """`(target, property) in anim`."""
        try:
            self[_key(key)].close()
        except NotFoundError:
            return False
        return True

    def remove_track(self, target: str, property: str) -> None:
        """Removes the track; Track objects for it stay usable on their own."""
        lib.kf_animator_remove_track(self._h, _name(target, "target"), _name(property, "property"))

    def __delitem__(self, key: Tuple[str, str]) -> None:
        self.remove_track(*_key(key))

    def __len__(self) -> int:
        total = c_size_t()
        lib.kf_animator_track_count(self._h, byref(total))
        return total.value

    def tracks(self) -> List[Track[Any]]:
        """The tracks in the order they were added, as new Track objects."""
        handle = self._h
        result: List[Track[Any]] = []
        for index in range(len(self)):
            track = _ffi.TrackHandle()
            try:
                lib.kf_animator_track_at(handle, index, byref(track))
            except OutOfRangeError:
                break  # a track was removed meanwhile
            result.append(Track(track))
        return result

    def keys(self) -> List[Tuple[str, str]]:
        """The (target, property) pairs, in the order the tracks were added."""
        return [(column.target, column.property) for column in self.layout]

    def __iter__(self) -> Iterator[Tuple[str, str]]:
        return iter(self.keys())

    # -- variables -----------------------------------------------------------

    @property
    def variables(self) -> Variables:
        """The animator's variables as a mutable mapping of name to float:
        `anim.variables["pageWidth"] = 375`, `del anim.variables["w"]`,
        `dict(anim.variables)`. Tracks made with `relative_to=name` follow a
        change at their next sample. Names are ASCII letters, digits, _ and
        ., not starting with a digit or . (InvalidNameError otherwise);
        values are finite (InvalidValueError). A missing name is a
        NotFoundError (a KeyError). Iteration is in name order, over one
        consistent snapshot."""
        return Variables(self)

    # -- copies --------------------------------------------------------------

    def copy(self) -> Animator:
        """An independent animator with the same tracks (in the same order,
        with their kinds, channels, color spaces and extrapolations) and the
        same keyframes (values, easings, interpolations, handles, tension,
        continuity, bias). Closing or editing either leaves the other as it
        is. `copy.copy` and `copy.deepcopy` do the same.

        One library call (`kf_animator_copy`) under the animator's lock, so
        the copy is one consistent state even while other threads edit.
        Complexity: O(tracks + keyframes).
        """
        handle = _ffi.AnimatorHandle()
        lib.kf_animator_copy(self._h, byref(handle))
        return Animator._wrap(handle)

    @classmethod
    def _wrap(cls, handle: Any) -> Animator:
        """An Animator owning `handle`, a new animator handle from the
        library (a copy, a scene's animator, a paging layout's)."""
        animator = cls.__new__(cls)
        HandleOwner.__init__(animator, handle, lib.kf_animator_release)
        animator._layout_cache = None
        animator._buffers = BufferAddresses()
        animator._row = None
        return animator

    def __copy__(self) -> Animator:  # one library call, not a scene file
        return self.copy()

    def __deepcopy__(self, memo: Dict[int, Any]) -> Animator:
        copied = self.copy()
        memo[id(self)] = copied
        return copied

    # -- batch sampling ------------------------------------------------------

    def _generation(self) -> int:
        generation = c_uint64()
        lib.kf_animator_generation(self._h, byref(generation))
        return generation.value

    @property
    def layout(self) -> Layout:
        """The columns of `sample`'s matrix: a `razzle.Layout` (a tuple of
        `razzle.Column(target, property, kind, start, channels)`, one per
        track in the order the tracks were added, with `.columns` the total
        and `.generation` the animator's layout generation)."""
        handle = self._h
        generation = self._generation()
        cached = self._layout_cache
        if cached is not None and cached.generation == generation:
            return cached
        tracks, names_length, generation_read = c_size_t(), c_size_t(), c_uint64()
        capacity = len(self)
        # Room for short names, so that one call usually does (a retry
        # otherwise, with the sizes the first call reported).
        names_capacity = capacity * 24
        while True:
            columns = (_ffi.ColumnInfo * max(capacity, 1))()
            names = ctypes.create_string_buffer(max(names_capacity, 1))
            try:
                lib.kf_animator_get_layout(
                    handle,
                    ctypes.addressof(columns),
                    capacity,
                    names,
                    names_capacity,
                    byref(tracks),
                    byref(names_length),
                    byref(generation_read),
                )
                break
            except BufferTooSmallError:
                capacity, names_capacity = tracks.value, names_length.value
        # Decoded in bulk (a 1e5-track layout took seconds entry by entry):
        # the names in one decode (a NUL never occurs inside UTF-8), the
        # columns' three words through numpy, each distinct kind name once.
        n = tracks.value
        parts = names.raw[: names_length.value].decode().split("\0")
        words = np.frombuffer(columns, dtype=np.uintp, count=3 * n).reshape(n, 3)  # type: ignore[call-overload]
        starts, channels = words[:, 0].tolist(), words[:, 1].tolist()
        kind_names: Dict[int, str] = {}
        kinds = []
        for address in words[:, 2].tolist():
            name = kind_names.get(address)
            if name is None:
                name = kind_names[address] = ctypes.string_at(address).decode()
            kinds.append(name)
        result = list(map(Column._make, zip(parts[0 : 2 * n : 2], parts[1 : 2 * n : 2], kinds, starts, channels)))
        layout = Layout(result, sum(channels), generation_read.value)
        self._layout_cache = layout
        # (No frame row for no columns: the general path returns those.)
        self._row = _row(layout.columns, layout.generation) if layout.columns else None
        return layout

    def sample(
        self, times: Union[float, Times], out: Optional[FloatArray] = None, *, layout: str = "rows"
    ) -> FloatArray:
        """Every track at every time, as one float64 array of shape
        `times.shape + (columns,)`: for a 1-d `times`, row j holds the values
        at times[j]; for N-d times the last axis holds the columns (a number
        gives one row of shape `(columns,)`). The `layout` property says
        which columns belong to which track. `out`, if given, must be a
        C-contiguous float64 array with room for times.size x columns values;
        it is filled in that order and returned as it is. EmptyTrackError if
        a track has no keyframes.

        `layout="columns"` gives the same values transposed, shape
        `(columns,) + times.shape`, each column one contiguous series (what
        plotting or filtering one property wants; a transpose afterwards
        would cost a second pass over memory). Guides/Sampling.md, "Matrix
        layouts"."""
        if layout != "rows" and columns_layout(layout):
            return self._sample_columns(_times(times) if out is None else times, out)
        if out is None:
            # One time (a frame) through the raw binding: a float, [float] or
            # a float64 array of shape (1,).
            if times.__class__ is float:
                row = self._frame(times, False)
                if row is not None:
                    return row
            elif (times.__class__ is list and len(times) == 1 and times[0].__class__ is float) or (
                times.__class__ is np.ndarray and times.shape == (1,) and times.dtype is _FLOAT64
            ):
                row = self._frame(float(times[0]), True)
                if row is not None:
                    return row
            return self._sample_with_layout(_times(times))[0]
        # A frame loop reuses its arrays: their addresses are looked up once.
        _, times_pointer, count, out_pointer, capacity = self._buffers.pointers(times, out)
        status = _sample_many_raw(self._h, times_pointer, count, out_pointer, capacity, None, None)
        if status:
            raise _ffi.error(status)
        return out

    def _sample_columns(self, times: Any, out: Optional[FloatArray]) -> FloatArray:
        """`sample(times, out, layout="columns")`."""
        handle = self._h
        if out is not None:
            _, times_pointer, count, out_pointer, capacity = self._buffers.pointers(times, out)
            status = _sample_columns_raw(handle, times_pointer, count, out_pointer, capacity, None, None)
            if status:
                raise _ffi.error(status)
            return out
        columns, generation = c_size_t(), c_uint64()
        for _ in range(64):
            layout = self.layout
            result = np.empty((layout.columns,) + times.shape, dtype=np.float64)
            status = _sample_columns_raw(
                handle,
                c_void_p(_address(times)),
                c_size_t(times.size),
                c_void_p(_address(result)),
                c_size_t(result.size),
                byref(columns),
                byref(generation),
            )
            if status == _BUFFER_TOO_SMALL:
                continue  # a track was added since the layout was read: read it again
            if status:
                raise _ffi.error(status)
            if generation.value == layout.generation:
                return result
        raise RazzleError("the animator's tracks kept changing during sampling")

    def _frame(self, t: float, matrix: bool) -> Optional[FloatArray]:
        """Every track at `t` (a float) in a new array, shape (1, columns)
        with `matrix`, else (columns,), through the raw frame binding with
        the row size of the generation known last (learned from one call
        when none is: no layout is read), or None when the call failed (a
        track without keyframes, a layout changed twice meanwhile, …): the
        general path then retries or raises. The output array is made per
        call, so threads sampling one animator at once share nothing."""
        handle = self._h
        row = self._row
        if row is None:
            row = self._learn_row(handle, t)
            if row is None:
                return None
        out: FloatArray = _empty(row.matrix_shape if matrix else row.columns)
        memory = _CHAR(out)  # type: ignore[arg-type, unused-ignore]
        status = _sample_frame_raw(handle, c_double(t), row.expected, _byref(memory), row.capacity, None, None)
        if status:
            # A track was added or removed since the row was sized: once more
            # with the size the library reports now.
            row = self._learn_row(handle, t)
            if row is None:
                return None
            out = _empty(row.matrix_shape if matrix else row.columns)
            memory = _CHAR(out)  # type: ignore[arg-type, unused-ignore]
            if _sample_frame_raw(handle, c_double(t), row.expected, _byref(memory), row.capacity, None, None):
                return None
        return out

    def _learn_row(self, handle: Any, t: float) -> Optional[_Row]:
        """The row size of the animator's current generation, from one frame
        call with no room (the library reports the columns and generation),
        kept for later frames; None for an animator with no columns (the
        general path handles it) or when the call could not tell."""
        columns, generation = c_size_t(), c_uint64()
        status = _sample_frame_raw(handle, c_double(t), _ANY, None, _NO_ROOM, byref(columns), byref(generation))
        if status and status != _BUFFER_TOO_SMALL:
            return None
        if columns.value == 0:
            return None
        row = self._row = _row(columns.value, generation.value)
        return row

    def _sample_with_layout(self, times: np.ndarray[Any, np.dtype[np.float64]]) -> Tuple[FloatArray, Layout]:
        """(matrix, layout) read together, the matrix of shape
        times.shape + (columns,): retried if a track is added or removed
        between reading the layout and sampling."""
        handle = self._h
        columns, generation = c_size_t(), c_uint64()
        cached = self._layout_cache
        if cached is not None:
            # The layout read last time, checked by the generation the call
            # returns (one library call fewer); any change takes the loop.
            out = np.empty(times.shape + (cached.columns,), dtype=np.float64)
            status = _sample_many_unchecked(
                handle, _address(times), times.size, _address(out), out.size, byref(columns), byref(generation)
            )
            if status == 0 and generation.value == cached.generation:
                return out, cached
            if status and status != _BUFFER_TOO_SMALL:
                raise _ffi.error(status)
        for _ in range(64):
            layout = self.layout
            out = np.empty(times.shape + (layout.columns,), dtype=np.float64)
            try:
                lib.kf_animator_sample_many(
                    handle, _address(times), times.size, _address(out), out.size, byref(columns), byref(generation)
                )
            except BufferTooSmallError:
                continue  # a track was added since the layout was read: read it again
            if generation.value == layout.generation:
                return out, layout
        raise RazzleError("the animator's tracks kept changing during sampling")

    def sample_frames(self, times: Union[float, Times]) -> Dict[Tuple[str, str], FloatArray]:
        """{(target, property): array} for every track at every time: views
        into one `sample` matrix (shape `times.shape` for one-channel tracks,
        `times.shape + (channels,)` otherwise)."""
        matrix, layout = self._sample_with_layout(_times(times))
        result = {}
        for column in layout:
            block = matrix[..., column.start : column.start + column.channels]
            result[column.target, column.property] = block[..., 0] if column.channels == 1 else block
        return result

    def animate(self, t: float) -> Frame:
        """Samples every track at `t`: a `razzle.Frame`, the read-only mapping
        {(target, property): value} over one sample row, each value as a
        single sample of its track gives it (a float, a razzle.Color, …),
        decoded when read (`dict(frame)` for a dict).

        Raises EmptyTrackError if a track has no keyframes.
        """
        time = t if t.__class__ is float else real(t, "time")
        layout = self._layout_cache
        row = self._row
        if layout is not None and row is not None and row.generation == layout.generation:
            values = self._frame(time, False)
            # The frame follows the layout only if no track came or went.
            if values is not None and self._row is row:
                return Frame(values, layout.frame_index())
        matrix, layout = self._sample_with_layout(np.array([time]))
        return Frame(matrix.reshape(-1), layout.frame_index())


class Variables(MutableMapping[str, float]):
    """`Animator.variables`: a live view of an animator's named numbers."""

    __slots__ = ("_animator",)

    def __init__(self, animator: Animator) -> None:
        self._animator = animator

    def __getitem__(self, name: str) -> float:
        value = c_double()
        lib.kf_animator_get_variable(self._animator._h, _name(name, "variable name"), byref(value))
        return value.value

    def __setitem__(self, name: str, value: float) -> None:
        lib.kf_animator_set_variable(self._animator._h, _name(name, "variable name"), real(value, "variable value"))

    def __delitem__(self, name: str) -> None:
        lib.kf_animator_remove_variable(self._animator._h, _name(name, "variable name"))

    def __len__(self) -> int:
        total = c_size_t()
        lib.kf_animator_variable_count(self._animator._h, byref(total))
        return total.value

    def __iter__(self) -> Iterator[str]:
        return iter(self.snapshot())

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            self[name]
        except (NotFoundError, InvalidNameError):
            return False
        return True

    def snapshot(self) -> Dict[str, float]:
        """Every variable and its value, read in one library call (one
        consistent state even while other threads set them), in name
        order."""
        handle = self._animator._h
        count, names_length = c_size_t(), c_size_t()
        capacity, names_capacity = 0, 0
        while True:
            values = (c_double * max(capacity, 1))()
            names = ctypes.create_string_buffer(max(names_capacity, 1))
            try:
                lib.kf_animator_list_variables(
                    handle,
                    names,
                    names_capacity,
                    ctypes.addressof(values),
                    capacity,
                    byref(count),
                    byref(names_length),
                )
                break
            except BufferTooSmallError:
                capacity, names_capacity = count.value, names_length.value
        parts = names.raw[: names_length.value].split(b"\0")
        return {parts[i].decode(): values[i] for i in range(count.value)}

    def __repr__(self) -> str:
        return f"Variables({self.snapshot()!r})"


def _row(columns: int, generation: int) -> _Row:
    """The `_Row` of a layout generation with `columns` columns."""
    return _Row(columns, generation, c_uint64(generation), c_size_t(columns), (1, columns))


def _key(key: object) -> Tuple[str, str]:
    if not (isinstance(key, tuple) and len(key) == 2):
        raise InvalidTypeError(f"use anim[target, property], not anim[{describe(key)}]")
    return key
