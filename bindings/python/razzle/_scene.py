"""razzle-scene/1 files (Guides/Scenes.md): `razzle.load`, `loads`, `dump`,
`dumps`, the `razzle.Scene` they give, and pickling and copying of razzle
objects through the same text."""

from __future__ import annotations

import ctypes
import dataclasses
import errno
import json
import os
from ctypes import byref, c_double, c_int32, c_size_t
from typing import IO, Any, Callable, Dict, Generic, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar, Union, overload

from . import _ffi
from ._animator import Animator
from ._choreography import Node
from ._errors import BufferTooSmallError, InvalidNameError, InvalidTypeError, NotFoundError, RazzleError
from ._ffi import lib
from ._handle import HandleOwner, SceneCodec, install_scene_codec
from ._inputs import describe, text
from ._notebook import InlineAnimation
from ._paging import Paging
from ._paths import Mask, Path
from ._stage import Stage

__all__ = ["Scene", "SceneList", "SceneObject", "load", "loads", "dump", "dumps"]

#: What `dump` and `dumps` take: one object, a Scene, or a sequence of objects.
SceneObject = Union[Animator, Node, Paging, Path, Mask, Stage]

_ANIMATOR, _NODE, _PAGING, _PATH, _MASK, _STAGE = range(6)
_LISTS = ("animators", "nodes", "pagings", "paths", "masks", "stages")
_MASK_KINDS = ("top", "left", "bottom", "right", "circle", "bounds")

_T = TypeVar("_T")


class SceneList(Sequence[_T], Generic[_T]):
    """One of a scene's object lists (`scene.animators`, …): a sequence
    that wraps each library object the first time it is read, so loading a
    file of a million objects costs the library's objects, not a million
    Python ones. Indexing, slicing, `len`, iteration, `in` and comparison
    with a list work as on a list; reading an item twice gives the same
    object. The list keeps its scene open; closing the scene wraps the
    objects not read yet first, so they stay usable."""

    __slots__ = ("_items", "_wrap", "_scene")

    def __init__(self, scene: Scene, count: int, wrap: Callable[[int], _T]) -> None:
        self._items: List[Optional[_T]] = [None] * count
        self._wrap = wrap
        self._scene = scene

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> _T: ...

    @overload
    def __getitem__(self, index: slice) -> List[_T]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[_T, List[_T]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._items)))]
        item = self._items[index]
        if item is None:
            position = index + len(self._items) if index < 0 else index
            item = self._items[position] = self._wrap(position)
        return item

    def __iter__(self) -> Iterator[_T]:
        for i in range(len(self._items)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, SceneList)):
            return len(self) == len(other) and all(a is b or a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list is

    def __repr__(self) -> str:
        return repr(list(self))

    def _append(self, obj: _T) -> None:
        self._items.append(obj)

    def _materialize(self) -> None:
        for i in range(len(self._items)):
            self[i]


def _text_out(fill: Any) -> str:
    """Calls `fill(buffer, capacity, byref(length))` twice: once for the
    length, once into a buffer of that size."""
    length = c_size_t()
    try:
        fill(None, 0, byref(length))
    except BufferTooSmallError:
        pass
    buffer = ctypes.create_string_buffer(length.value + 1)
    fill(buffer, len(buffer), byref(length))
    return buffer.raw[: length.value].decode("utf-8")


class Scene(InlineAnimation, HandleOwner):
    """The objects of one scene file: `animators`, `nodes` (root nodes, each
    with its tree), `pagings`, `paths` and `masks`, in file order, each a
    new razzle object of its own (closing the scene leaves them usable),
    and `stages` (`razzle.Stage` values: what a renderer draws).
    `scene.names("animators")` lists their names (None for unnamed),
    `scene["intro"]` finds an object by name. `razzle.dumps(scene)` writes
    the file back: byte for byte what was loaded, for a file razzle wrote.
    In a notebook a scene shows as its first stage's animation (an animated
    image, capped: see `razzle.render.notebook_html`)."""

    __slots__ = ("animators", "nodes", "pagings", "paths", "masks", "_names")
    _kind = "scene"
    _pickle_message = "a razzle.Scene pickles as its text: use razzle.dumps(scene)"

    def __init__(self, objects: Iterable[SceneObject] = ()) -> None:
        handle = _ffi.SceneHandle()
        lib.kf_scene_new(byref(handle))
        super().__init__(handle, lib.kf_scene_release)
        self._lists(0, 0, 0, 0, 0)
        self._names: Dict[str, List[Optional[str]]] = {}
        for obj in objects:
            self.add(obj)

    def _lists(self, animators: int, nodes: int, pagings: int, paths: int, masks: int) -> None:
        """The object lists, of these lengths, wrapping the library's
        objects on first read."""
        self.animators: SceneList[Animator] = SceneList(self, animators, self._animator_at)
        self.nodes: SceneList[Node] = SceneList(self, nodes, self._node_at)
        self.pagings: SceneList[Paging] = SceneList(self, pagings, lambda i: _wrap_paging(self._h, i))
        self.paths: SceneList[Path] = SceneList(self, paths, self._path_at)
        self.masks: SceneList[Mask] = SceneList(self, masks, self._mask_at)

    def _animator_at(self, i: int) -> Animator:
        h = _ffi.AnimatorHandle()
        lib.kf_scene_animator_at(self._h, i, byref(h))
        return Animator._wrap(h)

    def _node_at(self, i: int) -> Node:
        n = _ffi.NodeHandle()
        lib.kf_scene_node_at(self._h, i, byref(n))
        return Node._wrap(n)

    def _path_at(self, i: int) -> Path:
        p = _ffi.PathHandle()
        lib.kf_scene_path_at(self._h, i, byref(p))
        return Path._from_handle(p)

    def _mask_at(self, i: int) -> Mask:
        kind, width, height = c_int32(), c_double(), c_double()
        lib.kf_scene_mask_at(self._h, i, byref(kind), byref(width), byref(height))
        return Mask(_MASK_KINDS[kind.value], width.value, height.value)

    def close(self) -> None:
        """Releases the scene's handle, after wrapping the objects not read
        yet: the objects stay usable. Idempotent."""
        if not self.closed:
            for objects in (self.animators, self.nodes, self.pagings, self.paths, self.masks):
                objects._materialize()
        super().close()

    def add(self, obj: SceneObject, name: Optional[str] = None) -> None:
        """Adds `obj` (shared, not copied) with an optional name.

        A `razzle.Stage` is checked by the library against the scene as it
        is (the objects it names must be added first); `name` sets or
        replaces the stage's own. A bad stage raises the error of its sort
        (`FormatError`, `InvalidValueError`, `NotFoundError`, ...) with
        `error.pointer` relative to the stage ("/targets/2/shape"), and
        adds nothing."""
        if isinstance(obj, Stage):
            self._add_stage(obj if name is None else dataclasses.replace(obj, name=name))
            return
        # A NUL would cut the name at the C boundary: refused, as the
        # library refuses one read from a file.
        encoded = None if name is None else text(name, "name", InvalidNameError)
        if isinstance(obj, Animator):
            lib.kf_scene_add_animator(self._h, obj._h, encoded)
            self.animators._append(obj)
        elif isinstance(obj, Node):
            lib.kf_scene_add_node(self._h, obj._h, encoded)
            self.nodes._append(obj)
        elif isinstance(obj, Paging):
            lib.kf_scene_add_paging(self._h, obj._h, encoded)
            self.pagings._append(obj)
        elif isinstance(obj, Path):
            lib.kf_scene_add_path(self._h, obj._h, encoded)
            self.paths._append(obj)
        elif isinstance(obj, Mask):
            lib.kf_scene_add_mask(self._h, obj._code, obj.width, obj.height, encoded)
            self.masks._append(obj)
        else:
            raise InvalidTypeError(
                "a scene holds Animators, Clips, Timelines, Staggers, Pagings, Paths, Masks and Stages, "
                f"not {describe(obj)}"
            )
        self._names = {}

    def _add_stage(self, stage: Stage) -> None:
        try:
            # NaN and infinities go through as JSON's non-words, for the
            # library to refuse with a pointer.
            data = json.dumps(stage.to_dict()).encode("utf-8", "surrogatepass")
        except (TypeError, ValueError) as error:
            raise InvalidTypeError(f"a stage's members are numbers, strings, tuples and dicts: {error}") from None
        location = _ffi.SceneLocation()
        try:
            lib.kf_scene_add_stage(self._h, data, len(data), byref(location))
        except RazzleError as error:
            raise _located(error, location) from None
        finally:
            self._names = {}

    @property
    def stages(self) -> List[Stage]:
        """The stages, in order, as `razzle.Stage` values (as the library
        keeps them: defaults as the file leaves them out)."""
        return [
            Stage.from_dict(
                json.loads(_text_out(lambda b, c, n, i=i: lib.kf_scene_stage_at(self._h, i, b, c, n)))
            )
            for i in range(self._count(_STAGE))
        ]

    @classmethod
    def _adopt(cls, handle: Any) -> Scene:
        scene = cls.__new__(cls)
        HandleOwner.__init__(scene, handle, lib.kf_scene_release)
        scene._names = {}
        counts = [scene._count(item) for item in range(_STAGE)]
        scene._lists(*counts)
        return scene

    def _count(self, item: int) -> int:
        out = c_size_t()
        lib.kf_scene_count(self._h, item, byref(out))
        return out.value

    def names(self, kind: str) -> List[Optional[str]]:
        """The names of the objects of one list ("animators", "nodes",
        "pagings", "paths", "masks" or "stages"), None for unnamed ones."""
        if kind not in _LISTS:
            raise InvalidTypeError(f"kind must be one of {', '.join(_LISTS)}, not {kind!r}")
        if kind not in self._names:
            item = _LISTS.index(kind)
            names: List[Optional[str]] = []
            for i in range(self._count(item)):
                name = _text_out(lambda b, c, n, i=i: lib.kf_scene_name(self._h, item, i, b, c, n))
                names.append(name or None)
            self._names[kind] = names
        return list(self._names[kind])

    def __getitem__(self, name: str) -> SceneObject:
        """The object named `name`, looked for in the lists' order
        (animators first, stages last); KeyError if none has it."""
        lists: Tuple[Tuple[str, Sequence[SceneObject]], ...] = (
            ("animators", self.animators),
            ("nodes", self.nodes),
            ("pagings", self.pagings),
            ("paths", self.paths),
            ("masks", self.masks),
        )
        for kind, objects in lists:
            names = self.names(kind)
            if name in names:
                return objects[names.index(name)]
        stages = self.names("stages")
        if name in stages:
            return self.stages[stages.index(name)]
        raise KeyError(name)

    def to_json(self) -> str:
        """The scene as razzle-scene/1 text."""
        return _text_out(lambda b, c, n: lib.kf_scene_save(self._h, b, c, n))

    def __repr__(self) -> str:
        if self.closed:
            return "<razzle.Scene (closed)>"
        return (
            f"<razzle.Scene ({len(self.animators)} animators, {len(self.nodes)} nodes, "
            f"{len(self.pagings)} pagings, {len(self.paths)} paths, {len(self.masks)} masks, "
            f"{self._count(_STAGE)} stages)>"
        )


def _wrap_paging(scene: Any, index: int) -> Paging:
    handle = _ffi.PagingHandle()
    lib.kf_scene_paging_at(scene, index, byref(handle))
    paging = Paging.__new__(Paging)
    HandleOwner.__init__(paging, handle, lib.kf_paging_release)
    a = _ffi.AnimatorHandle()
    lib.kf_paging_animator(handle, byref(a))
    paging.animator = Animator._wrap(a)
    kept = c_size_t()
    lib.kf_paging_kept_count(handle, byref(kept))
    paging._targets = [
        _text_out(lambda b, c, n, i=i: lib.kf_paging_kept_target(handle, i, b, c, n)) for i in range(kept.value)
    ]
    return paging


def _located(error: RazzleError, location: _ffi.SceneLocation) -> RazzleError:
    """Adds `line`, `column`, `offset` and `pointer` to a load error."""
    error.line = location.line
    error.column = location.column
    error.offset = location.offset
    message = str(error)
    rest = message.split(": ", 1)[1] if ": " in message else message
    pointer = rest.split(": ", 1)[0] if ": " in rest else ""
    error.pointer = "" if pointer == "(root)" else pointer
    return error


def loads(text: Union[str, bytes]) -> Scene:
    """The scene in `text` (razzle-scene/1 JSON, str or UTF-8 bytes).

    A bad file raises the error of its sort — `razzle.FormatError` for JSON
    and structure, `EasingError`, `InvalidValueError`, ... for the checks
    the library makes — with the JSON Pointer, line and column in the
    message and as `error.pointer`, `error.line`, `error.column`,
    `error.offset`; nothing is loaded then."""
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
    else:
        raise InvalidTypeError(f"text must be a str or bytes, not {describe(text)}")
    handle = _ffi.SceneHandle()
    location = _ffi.SceneLocation()
    try:
        lib.kf_scene_load(data, len(data), byref(handle), byref(location))
    except RazzleError as error:
        raise _located(error, location) from None
    return Scene._adopt(handle)


def load(source: Union[str, os.PathLike[str], IO[str], IO[bytes]]) -> Scene:
    """The scene in a file: a path, or an open file (text or binary)."""
    if isinstance(source, (str, os.PathLike)):
        handle = _ffi.SceneHandle()
        location = _ffi.SceneLocation()
        try:
            lib.kf_scene_load_file(os.fsencode(source), byref(handle), byref(location))
        except NotFoundError as error:
            if os.path.exists(source):
                raise _located(error, location) from None
            raise _missing_file(os.fspath(source), str(error)) from None
        except RazzleError as error:
            raise _located(error, location) from None
        return Scene._adopt(handle)
    if hasattr(source, "read"):
        return loads(source.read())
    raise InvalidTypeError(f"source must be a path or a file, not {describe(source)}")


class SceneFileNotFoundError(FileNotFoundError, NotFoundError):
    """A scene file that does not exist: a FileNotFoundError (as open()
    raises), and the library's NotFoundError."""

    def __init__(self, reason: str, filename: Optional[str] = None) -> None:
        if filename is None:
            FileNotFoundError.__init__(self, errno.ENOENT, reason)
        else:
            FileNotFoundError.__init__(self, errno.ENOENT, reason, filename)
        self.status = _ffi.STATUS_CODES["KF_E_NOT_FOUND"][0]

    def __str__(self) -> str:
        return FileNotFoundError.__str__(self)

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled by its own arguments (OSError's default pickles errno,
        # which __init__ does not take): it crosses to and from processes,
        # Dask workers among them.
        return (SceneFileNotFoundError, (self.strerror, self.filename))


def _missing_file(path: Union[str, bytes], message: str) -> FileNotFoundError:
    """FileNotFoundError for a scene path that does not exist; a text that
    looks like JSON rather than a path says so."""
    name = path.decode(errors="replace") if isinstance(path, bytes) else path
    head = name.lstrip()
    reason = os.strerror(errno.ENOENT)
    if head.startswith("\ufeff") or head[:1] in ("{", "["):
        bom = " (starting with a byte order mark, U+FEFF)" if head.startswith("\ufeff") else ""
        shown = repr(name[:40] + ("…" if len(name) > 40 else ""))
        reason = f"{reason}: {shown} looks like JSON text{bom}, not a path: use razzle.loads(text)"
        return SceneFileNotFoundError(reason)
    return SceneFileNotFoundError(reason, name)


def _scene_of(obj: Union[Scene, SceneObject, Sequence[SceneObject]]) -> Tuple[Scene, bool]:
    """A scene for `obj`, and whether it was made here (to be closed)."""
    if isinstance(obj, Scene):
        return obj, False
    if isinstance(obj, (list, tuple)):
        return Scene(obj), True
    scene = Scene()
    try:
        scene.add(obj)  # type: ignore[arg-type]
    except BaseException:
        scene.close()
        raise
    return scene, True


def dumps(obj: Union[Scene, SceneObject, Sequence[SceneObject]]) -> str:
    """`obj` as razzle-scene/1 text: a Scene, one object (Animator, Clip,
    Timeline, Stagger, Paging, Path, Mask) or a list of them. The animators
    that nodes and pagings use are written with them."""
    scene, made = _scene_of(obj)
    try:
        return scene.to_json()
    finally:
        if made:
            scene.close()


def dump(obj: Union[Scene, SceneObject, Sequence[SceneObject]], target: Union[str, os.PathLike[str], IO[str]]) -> None:
    """Writes `dumps(obj)` to a path (created or replaced) or an open text
    file."""
    if isinstance(target, (str, os.PathLike)):
        scene, made = _scene_of(obj)
        try:
            lib.kf_scene_save_file(scene._h, os.fsencode(target))
        finally:
            if made:
                scene.close()
    elif hasattr(target, "write"):
        target.write(dumps(obj))
    else:
        raise InvalidTypeError(f"target must be a path or a file, not {describe(target)}")


# -- pickling and copying -------------------------------------------------------


def _restore(kind: str, text: str) -> Any:
    """The object a pickle of `kind` carried (see `reduce`)."""
    scene = loads(text)
    try:
        if kind == "animator":
            return scene.animators[0]
        if kind == "paging":
            return scene.pagings[0]
        return scene.nodes[0]
    finally:
        scene.close()


def reduce(obj: Union[Animator, Node, Paging]) -> Tuple[Any, Tuple[Any, ...]]:
    """`__reduce__` for objects that travel as scene files."""
    if isinstance(obj, Animator):
        return _restore, ("animator", dumps(obj))
    if isinstance(obj, Paging):
        return _restore, ("paging", dumps(obj))
    return _restore, ("node", dumps(obj))


# Copying, pickling and to_json of animators, nodes and paging layouts
# (_handle.SceneFile) go through this module, which the base does not import.
install_scene_codec(SceneCodec(dumps=dumps, reduce=reduce))
