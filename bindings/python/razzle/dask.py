"""razzle on Dask (`pip install ./bindings/python[dask]`; Guides/Dask.md):
sample an animator, a node or a scene over a dask array of times, one
batch call per chunk (into memory, or straight into a `.npy` file the
workers write); render many scene or Lottie files to files on the workers;
render one long animation as frame ranges on many workers, joined into one
file; map a function over many razzle objects. Objects travel to the
workers as razzle-scene/1 text (Guides/Scenes.md), which each worker loads
once per object; results are the same bits as sampling or rendering
locally.

    import dask.array as da
    import razzle, razzle.dask

    times = da.linspace(0, 10, 1_000_000, chunks=100_000)
    frames = razzle.dask.sample(timeline, times)      # dask array (1_000_000, columns)
    frames.compute()                                  # on the active scheduler / cluster
    razzle.dask.sample(timeline, times, store="/shared/frames.npy")   # written by the workers
    razzle.dask.render(["a.json", "b.tgs"], "/shared/out/{stem}.gif")  # metadata only comes back
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import os
import pickle
import shutil
import socket
import time
import uuid
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)

import numpy as np

from ._animator import Animator
from ._choreography import Node
from ._errors import InvalidTypeError, InvalidValueError, RazzleError
from ._scene import Scene, dumps, load, loads

try:
    import dask as _dask  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import dask.array as _dask_array  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "razzle.dask needs dask: pip install './bindings/python[dask]' (or dask[array] distributed)"
    ) from error

# Dask's own annotations are partial (untyped functions, names not
# re-exported): used as Any, so mypy --strict reads this module alike with
# and without the extra installed.
dask: Any = _dask
da: Any = _dask_array

if TYPE_CHECKING:  # pragma: no cover
    from .render import Renderer

__all__ = [
    "sample",
    "map_objects",
    "columns",
    "render",
    "render_split",
    "Rendered",
    "Stored",
    "RenderFailed",
]

_T = TypeVar("_T")
Sampleable = Union[Animator, Node, Scene]
PathText = Union[str, "os.PathLike[str]"]
#: What `render` and `render_split` draw: the path of a scene file or of a
#: Lottie file (.json, .tgs, .lottie) that the workers can read, a
#: razzle.Scene (sent as its text), or a Lottie document as a dict, JSON
#: text or bytes.
Source = Union[str, "os.PathLike[str]", Scene, Dict[str, Any], bytes]


# -- sampling ------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _loaded(digest: str, text: str) -> Scene:
    """The scene of `text`, loaded once per worker process."""
    return loads(text)


def _target(text: str) -> Union[Animator, Node]:
    scene = _loaded(hashlib.sha256(text.encode()).hexdigest(), text)
    return scene.nodes[0] if scene.nodes else scene.animators[0]


def _sample_block(block: np.ndarray, text: str) -> np.ndarray:
    target = _target(text)
    times = np.ascontiguousarray(block, dtype=np.float64)
    return target.sample(times)


def _text(obj: Sampleable) -> str:
    if isinstance(obj, Scene):
        if obj.nodes:
            return dumps(obj.nodes[0])
        if obj.animators:
            return dumps(obj.animators[0])
        raise ValueError("the scene has no node or animator to sample")
    return dumps(obj)


def columns(obj: Sampleable) -> int:
    """How many values one time gives: the width of a row of `sample`."""
    target: Any = obj
    if isinstance(obj, Scene):
        target = obj.nodes[0] if obj.nodes else obj.animators[0]
    return int(target.sample(np.zeros(1)).shape[-1])


class Stored(NamedTuple):
    """What `sample(..., store=path)` wrote: the `.npy` file (read it with
    `numpy.load(path, mmap_mode="r")`), its array's shape and dtype, how
    many chunks the workers wrote, and the call's wall time in seconds."""

    path: str
    shape: Tuple[int, ...]
    dtype: str
    chunks: int
    seconds: float


@overload
def sample(obj: Sampleable, times: Any) -> Any: ...


@overload
def sample(obj: Sampleable, times: Any, *, store: PathText, **compute: Any) -> Stored: ...


def sample(obj: Sampleable, times: Any, *, store: Optional[PathText] = None, **compute: Any) -> Any:
    """`obj.sample(times)` as a dask array: `times` (a dask array, or
    anything `dask.array.asarray` takes) is sampled chunk by chunk, each
    chunk in one library call on a worker; the result has shape
    `times.shape + (columns,)`, chunked as `times` along its axes.

    `obj` is an Animator, a node (Clip, Timeline, Stagger) or a Scene (its
    first node, else its first animator). Its state is captured now, as
    scene text: later edits do not reach the workers.

    With `store` (a path ending in `.npy` that every worker can write: a
    shared filesystem), the matrix is not returned: a worker creates the
    file (a .npy header and the array's full size, sparse until written),
    then each chunk's worker samples its times and writes its rows in place
    (`os.pwrite`, or `numpy.lib.format.open_memmap` for a chunk of N-d
    times whose rows are not contiguous), and the call returns a small `Stored`
    once every chunk is on disk. The client holds only the task graph, so
    the matrix may be far larger than the client's memory; each worker
    holds one chunk at a time (chunk rows × columns × 8 bytes). Keywords go
    to `dask.compute` (`scheduler=`, …). An existing file is replaced. For
    Zarr (or any store dask writes), use the array:
    `sample(obj, times).to_zarr(url)`."""
    text = _text(obj)
    width = columns(obj)
    array = da.asarray(times).astype(np.float64)
    if store is not None:
        return _store(text, width, array, store, compute)
    if compute:
        raise InvalidTypeError(f"sample() takes compute keywords only with store=, not {sorted(compute)}")
    return array.map_blocks(
        _sample_block,
        text,
        dtype=np.float64,
        new_axis=array.ndim,
        chunks=array.chunks + ((width,),),
        meta=np.empty((0,) * (array.ndim + 1), dtype=np.float64),
    )


def _create_npy(path: str, shape: Tuple[int, ...]) -> Tuple[str, int, Tuple[int, ...]]:
    """Writes the .npy header of a float64 array of `shape` and sizes the
    file (sparse: nothing is written but the header), on a worker; returns
    the path, the data's offset in the file and the shape."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InvalidValueError(f"{path}: the folder {folder!r} does not exist (on {_worker_name()})")
    try:
        mapped = np.lib.format.open_memmap(path, mode="w+", dtype=np.float64, shape=shape)
    except OSError as error:
        raise InvalidValueError(f"{path}: cannot write the store: {error.strerror or error} (on {_worker_name()})") from None
    offset = int(mapped.offset)
    del mapped
    return path, offset, shape


def _write_block(block: np.ndarray, text: str, where: Tuple[slice, ...], created: Tuple[str, int, Tuple[int, ...]]) -> int:
    """Samples one chunk of times and writes its values into the .npy file
    at `where` (the chunk's place in the times' array); returns the values
    written. `created` is the creation task's result (the path, the data's
    offset, the shape): it orders the writes after the header. A chunk whose
    rows are contiguous in the file (every chunk of 1-d times) is written
    with pwrite, about three times faster than through a memory map;
    others through `open_memmap`."""
    path, offset, shape = created
    values = np.ascontiguousarray(_sample_block(block, text))
    contiguous = all(s.start == 0 and s.stop == n for s, n in zip(where[1:], shape[1:-1]))
    if contiguous:
        start = where[0].start * int(np.prod(shape[1:], dtype=np.int64)) * 8
        data = memoryview(values.data).cast("B")
        descriptor = os.open(path, os.O_WRONLY)
        try:
            done = 0
            while done < len(data):
                done += os.pwrite(descriptor, data[done:], offset + start + done)
        finally:
            os.close(descriptor)
    else:
        mapped = np.lib.format.open_memmap(path, mode="r+")
        try:
            mapped[where] = values
            mapped.flush()
        finally:
            del mapped
    return int(block.size)


def _store(text: str, width: int, array: Any, store: PathText, compute: Dict[str, Any]) -> Stored:
    path = os.fspath(store)
    if not path.endswith(".npy"):
        raise InvalidValueError(
            f"store is the path of a .npy file, not {path!r} (for Zarr: razzle.dask.sample(obj, times).to_zarr(url))"
        )
    began = time.perf_counter()
    if any(np.isnan(size) for size in array.shape):
        raise InvalidValueError("the times' chunk sizes must be known to store the matrix (array.compute_chunk_sizes())")
    shape = tuple(int(n) for n in array.shape) + (width,)
    created = dask.delayed(_create_npy, pure=False)(path, shape)
    text_once = dask.delayed(text, pure=True)  # one copy in the graph, not one per chunk
    offsets = [np.concatenate([[0], np.cumsum(sizes)]).astype(int).tolist() for sizes in array.chunks]
    blocks = array.to_delayed()
    tasks = []
    for index in np.ndindex(*blocks.shape):
        where = tuple(slice(offsets[axis][k], offsets[axis][k + 1]) for axis, k in enumerate(index))
        tasks.append(dask.delayed(_write_block, pure=False)(blocks[index], text_once, where, created))
    dask.compute(*(tasks or [created]), **compute)
    return Stored(path, shape, "float64", len(tasks), time.perf_counter() - began)


# -- mapping -------------------------------------------------------------------


def _apply(function: Callable[[Any], _T], text: str, index: int) -> _T:
    scene = loads(text)
    objects: List[Any] = [*scene.animators, *scene.nodes, *scene.pagings, *scene.paths, *scene.masks]
    # The object that was sent: nodes and pagings bring their animators along.
    return function(_pick(scene, index) if index >= 0 else objects[0])


def _pick(scene: Scene, kind: int) -> Any:
    return (scene.animators, scene.nodes, scene.pagings)[kind][0]


def _kind(obj: Any) -> int:
    if isinstance(obj, Animator):
        return 0
    if isinstance(obj, Node):
        return 1
    return 2 if type(obj).__name__ == "Paging" else -1


def map_objects(function: Callable[[Any], _T], objects: Sequence[Any], **compute: Any) -> List[_T]:
    """`[function(obj) for obj in objects]` on Dask: each object goes to a
    worker as scene text and is loaded there (a fresh, independent copy);
    `function` and its results travel as Dask sends them (cloudpickle).
    Keywords go to `dask.compute` (`scheduler=`, …); with a
    `distributed.Client` active, the cluster runs them."""
    tasks = [dask.delayed(_apply)(function, dumps(obj), _kind(obj)) for obj in objects]
    return list(dask.compute(*tasks, **compute))


# -- rendering -----------------------------------------------------------------


class Rendered(NamedTuple):
    """One output of `render` or `render_split`: the source (its path, or
    `<source N>` for an object), the output written (a file, or a PNG
    sequence's directory or pattern), its frames and pixel size, the bytes
    written, the seconds the worker spent on it, the worker (its address),
    and the error when it failed (then nothing was written at `output`,
    except the frames a PNG sequence had written already). Never pixels."""

    source: str
    output: str
    frames: int
    width: int
    height: int
    bytes: int
    seconds: float
    worker: str
    error: Optional[BaseException] = None

    @property
    def ok(self) -> bool:
        """Whether the output was written."""
        return self.error is None


class RenderFailed(RazzleError):
    """`render` with `errors="raise"` (the default): some sources failed
    after every source was tried. `results` has every source's `Rendered`
    in order (the written ones too), `failures` the failed ones, each with
    its `error`; the message names each failed source and why."""

    def __init__(self, results: Sequence[Rendered]) -> None:
        self.results = list(results)
        self.failures = [r for r in self.results if r.error is not None]
        lines = [
            f"  {r.source} -> {r.output}: {type(r.error).__name__}: {r.error}" for r in self.failures[:20]
        ]
        if len(self.failures) > 20:
            lines.append(f"  … and {len(self.failures) - 20} more (RenderFailed.failures has them all)")
        count = f"{len(self.failures)} of {len(self.results)} source" + ("" if len(self.results) == 1 else "s")
        super().__init__(f"razzle.dask.render: {count} failed:\n" + "\n".join(lines))

    def __reduce__(self) -> Any:
        return (RenderFailed, (self.results,))


#: The options `render` and `render_split` pass to `razzle.render.render`.
_OPTIONS = ("fps", "size", "start", "end", "frames", "stage", "background", "loop", "hold")


def _distributed() -> Any:
    """The distributed package (ImportError without it), as Any: see `dask`."""
    return importlib.import_module("distributed")


def _worker_name() -> str:
    """The Dask worker's address, or host:pid outside a worker."""
    try:
        return str(_distributed().get_worker().address)
    except (ImportError, ValueError):
        return f"{socket.gethostname()}:{os.getpid()}"


def _portable(error: BaseException) -> BaseException:
    """`error`, or, if it would not survive pickling on its way to the
    client, the nearest built-in exception with its message (an OSError
    keeps its errno, so a missing file stays a FileNotFoundError)."""
    try:
        copy = pickle.loads(pickle.dumps(error))
        if type(copy) is type(error) and str(copy) == str(error):
            return error
    except Exception:
        pass
    if isinstance(error, OSError) and error.errno is not None:
        return OSError(error.errno, error.strerror, error.filename)
    for base in type(error).__mro__:
        if base.__module__ == "builtins" and issubclass(base, Exception):
            try:
                made: BaseException = base(str(error))
                return made
            except Exception:
                continue
    return RuntimeError(f"{type(error).__name__}: {error}")


def _renamed(error: BaseException, old: str, new: str) -> BaseException:
    """`error` with the scratch name `old` in its message written `new`."""
    if old and error.args and isinstance(error.args[0], str) and old in error.args[0]:
        error.args = (error.args[0].replace(old, new),) + error.args[1:]
    return error


def _encoding() -> Any:
    from .render import _encode

    return _encode


def _is_single_file(output: str) -> bool:
    """Whether `output` is one file (GIF, PNG/APNG, WebP, MP4, SVG), not a
    PNG sequence."""
    return output.lower().endswith(".svg") or _encoding().output_kind(output) != "sequence"


def _scratch_name(output: str) -> str:
    """A hidden name beside `output`, with its extension (which picks the
    format), for writing before the rename that publishes the file."""
    folder, base = os.path.split(output)
    stem, extension = os.path.splitext(base)
    return os.path.join(folder, f".{stem}.partial-{uuid.uuid4().hex[:12]}{extension}")


def _written_bytes(output: str, frames: int) -> int:
    """The bytes of `output`: a file's size, or a PNG sequence's files'."""
    if _is_single_file(output):
        return os.path.getsize(output)
    pattern = _encoding()._sequence_pattern(output)
    return sum(os.path.getsize(pattern % i) for i in range(frames) if os.path.exists(pattern % i))


def _opened(source: Any) -> Any:
    """What `razzle.render.render` takes for a source sent to a worker: a
    path as it is, a scene's text loaded (("scene", text)), a Lottie
    document as it is."""
    if isinstance(source, tuple) and len(source) == 2 and source[0] == "scene":
        return loads(source[1])
    return source


def _render_source(source: Any, label: str, output: str, options: Dict[str, Any]) -> Rendered:
    """One source rendered to `output` on a worker with
    `razzle.render.render`, exactly as a local render; a single file is
    written under a hidden name and renamed when complete, so a failed or
    retried render leaves no partial file. Errors are returned, not raised."""
    began = time.perf_counter()
    worker = _worker_name()
    scratch = ""
    try:
        from .render import render as render_to

        scratch = _scratch_name(output) if _is_single_file(output) else ""
        result = render_to(_opened(source), scratch or output, **options)
        if scratch:
            os.replace(scratch, output)
        written = _written_bytes(output, result.frames)
        return Rendered(label, output, result.frames, result.width, result.height, written,
                        time.perf_counter() - began, worker)
    except Exception as error:  # returned per source: the others go on
        if scratch and os.path.exists(scratch):
            os.remove(scratch)
        return Rendered(label, output, 0, 0, 0, 0, time.perf_counter() - began, worker,
                        _portable(_renamed(error, scratch, output)))


def _sendable(source: Any, index: int) -> Tuple[Any, str, str, str]:
    """(what travels to the worker, its label, the stem and the name for
    output patterns) of one source; a source of another type is an
    InvalidTypeError here, before anything is sent."""
    if isinstance(source, (str, os.PathLike)) and not (isinstance(source, str) and source.lstrip().startswith("{")):
        path = os.fspath(source)
        name = os.path.basename(path.rstrip("/" + os.sep)) or path
        return path, path, os.path.splitext(name)[0], name
    label = f"<source {index}>"
    if isinstance(source, Scene):
        return ("scene", dumps(source)), label, f"source-{index}", f"source-{index}"
    if isinstance(source, (dict, bytes, str)):
        return source, label, f"source-{index}", f"source-{index}"
    raise InvalidTypeError(
        f"source {index} is a {type(source).__name__}: give a path (a scene or Lottie file the workers can read), "
        "a razzle.Scene, or a Lottie document (dict, JSON text, bytes)"
    )


def _outputs(names: Sequence[Tuple[str, str]], output: Union[PathText, Sequence[PathText]]) -> List[str]:
    """The output path of each source: `output` formatted with each
    source's {stem}, {name} and {index}, or the given list; checked here
    (the count, distinct names, known formats) before anything is sent."""
    if isinstance(output, (str, os.PathLike)):
        pattern = os.fspath(output)
        if "{" not in pattern:
            raise InvalidValueError(
                f"output {pattern!r} names one file for many sources: give a pattern with {{stem}}, {{name}} or "
                "{index} (like 'out/{stem}.gif') or a list of outputs"
            )
        try:
            paths = [pattern.format(stem=stem, name=name, index=index) for index, (stem, name) in enumerate(names)]
        except (KeyError, IndexError, ValueError) as error:
            raise InvalidValueError(
                f"output pattern {pattern!r}: {error!s} (its fields are {{stem}}, {{name}} and {{index}}; "
                "a literal brace is written {{ or }})"
            ) from None
    else:
        paths = [os.fspath(p) for p in output]
        if len(paths) != len(names):
            raise InvalidValueError(f"{len(names)} sources but {len(paths)} outputs: give one output per source")
    seen: Dict[str, int] = {}
    for index, path in enumerate(paths):
        if path in seen:
            raise InvalidValueError(
                f"sources {seen[path]} and {index} would both write {path!r}: use {{index}} in the pattern, "
                "or distinct outputs"
            )
        seen[path] = index
        if not path.lower().endswith(".svg"):
            _encoding().output_kind(path)  # RenderError for an unknown format
    return paths


def _options(**given: Any) -> Dict[str, Any]:
    options = {key: value for key, value in given.items() if value is not None}
    unknown = set(options) - set(_OPTIONS)
    assert not unknown, unknown
    return options


def render(
    sources: Iterable[Source],
    output: Union[PathText, Sequence[PathText]],
    *,
    fps: Optional[float] = None,
    size: Optional[Tuple[int, int]] = None,
    start: Optional[float] = None,
    end: Optional[float] = None,
    frames: Optional[int] = None,
    stage: Union[str, int, None] = None,
    background: Optional[Any] = None,
    loop: int = 0,
    hold: float = 0.0,
    errors: str = "raise",
    **compute: Any,
) -> List[Rendered]:
    """Renders each source to its own output file on a Dask worker, as
    `razzle.render.render` (and `razzle render`) does locally: same options,
    the format from each output's extension (.gif, .png/.apng, .webp, .mp4,
    .svg for one Lottie frame, a directory or a %04d pattern for PNG
    frames), the same bytes. Returns one small `Rendered` per source, in
    order; no pixels travel back to the client.

    `sources`: paths of scene files or Lottie files (.json, .tgs, .lottie)
    that the workers can read (images are found beside each file), or
    razzle.Scene objects (sent as scene text) or Lottie documents (dict,
    JSON text, bytes). `output`: one path per source, or a pattern formatted
    with each source's `{stem}` (file name without extension), `{name}`
    (file name) and `{index}`, like `"/shared/out/{stem}.gif"`. Outputs are
    written by the workers, so they must name a place the workers can write
    (a shared filesystem, a mounted bucket); their folders are created.
    A single-file output is written under a hidden name beside it and
    renamed when complete.

    The count, the outputs (distinct, known formats) and the sources' types
    are checked here, before anything is sent (InvalidValueError,
    InvalidTypeError, razzle.render.RenderError). A source that fails on
    its worker does not stop the others: every source is tried. Then, with
    `errors="raise"`, any failure raises `RenderFailed` naming each failed
    source and why (its `results` keep every source's outcome); with
    `errors="return"`, the failures are returned in the list with `error`
    set. Keywords go to `dask.compute` (`scheduler=`, …); with a
    `distributed.Client` active, its cluster renders, starting the sources
    in their order (give the longest first: the last to finish are then
    short)."""
    if errors not in ("raise", "return"):
        raise InvalidValueError(f'errors is "raise" or "return", not {errors!r}')
    prepared = [_sendable(source, index) for index, source in enumerate(sources)]
    paths = _outputs([(stem, name) for _, _, stem, name in prepared], output)
    options = _options(fps=fps, size=size, start=start, end=end, frames=frames, stage=stage, background=background,
                       loop=loop, hold=hold)
    # A distributed scheduler starts the sources in their order (a user
    # priority each; put the longest first for the shortest tail).
    token = uuid.uuid4().hex[:12]
    tasks = []
    for index, ((sent, label, _, _), path) in enumerate(zip(prepared, paths)):
        with dask.annotate(priority=len(prepared) - index):
            tasks.append(dask.delayed(_render_source, pure=False)(
                sent, label, path, options, dask_key_name=f"razzle-render-{token}-{index:08d}"))
    results = list(dask.compute(*tasks, **compute))
    if errors == "raise" and any(r.error is not None for r in results):
        raise RenderFailed(results)
    return results


# -- one render split into frame ranges ----------------------------------------


class _Plan(NamedTuple):
    """One render's frames, worked out on a worker exactly as
    `razzle.render.render` works them out."""

    renderer: Renderer
    values: np.ndarray
    fps: float
    step: Optional[float]
    draw: Callable[[int], np.ndarray]


def _plan(source: Any, options: Dict[str, Any]) -> _Plan:
    """The frames of `source` and a function drawing frame i, step for step
    as `razzle.render.render` (a scene's stage) and its Lottie path do, so
    the split render's frames are the local render's frames (the tests
    compare them byte for byte)."""
    from .render import RenderError, Renderer, _background, _is_lottie, frame_seconds

    fps = options.get("fps")
    if _is_lottie(source):
        renderer = Renderer.from_lottie(source, size=options.get("size"), background=options.get("background"))
        lottie = renderer.lottie
        assert lottie is not None
        rate = lottie.frame_rate if fps is None else float(fps)
        if not (np.isfinite(rate) and rate > 0):
            raise RenderError(f"fps must be a positive number, not {rate}")
        first, last = renderer.default_span()
        first = first if options.get("start") is None else float(options["start"])
        last = last if options.get("end") is None else float(options["end"])
        if not (np.isfinite(first) and np.isfinite(last)):
            raise RenderError(f"the frames' span must be finite, not {first}…{last}")
        values = renderer.frame_values(options.get("frames"), first, last)
        numbers = values.tolist()
        step = frame_seconds(values, rate) if values.size > 1 else None
        return _Plan(renderer, values, rate, step, lambda row: renderer.frame(numbers[row]))
    rate = 30.0 if fps is None else float(fps)
    base_path = None
    scene = source
    if isinstance(source, (str, os.PathLike)):
        base_path = os.path.dirname(os.path.abspath(os.fspath(source)))
        scene = load(source)
    renderer = Renderer.from_scene(scene, options.get("stage"), size=options.get("size"), base_path=base_path)
    if options.get("background") is not None:
        renderer.background = _background(options["background"])
    values = renderer.frame_values(options.get("frames"), options.get("start"), options.get("end"), rate)
    painter = renderer._paint()
    states = renderer.states(values)  # every frame's states, as the local render computes them
    step = None if renderer.scrolling else frame_seconds(values, 1.0)
    return _Plan(renderer, values, rate, step, lambda row: painter.draw(states, row))


def _part_range(part: int, parts: int, count: int) -> Tuple[int, int]:
    """Frames [a, b) of part `part` of `parts`: contiguous, sizes differing
    by at most one (empty when there are more parts than frames)."""
    return part * count // parts, (part + 1) * count // parts


def _split_begin(source: Any, output: str, scratch: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """The split render's first task: the frames planned once (so a bad
    source, option or output fails here, once), the output checked and its
    folder created, the scratch folder made. Returns what the parts and the
    join need: the frame count, the size, the frame rate and each frame's
    seconds."""
    try:
        plan = _plan(_opened(source), options)
        count = int(plan.values.size)
        _encoding().prepare_output(output, count, plan.renderer.width, plan.renderer.height)
        if scratch:
            os.makedirs(scratch)
        return {"frames": count, "width": plan.renderer.width, "height": plan.renderer.height, "fps": plan.fps,
                "step": plan.step}
    except Exception as error:
        raise _portable(error) from None


def _frame_file(scratch: str, index: int) -> str:
    return os.path.join(scratch, f"frame-{index:06d}.png")


def _split_part(source: Any, output: str, scratch: str, options: Dict[str, Any], part: int, parts: int,
                begun: Dict[str, Any]) -> int:
    """Draws frames [a, b) of the plan on a worker: into the output itself
    for a PNG sequence (the files a local render writes), else as lossless
    PNG files in the scratch folder for the join. Returns the frames drawn."""
    first, stop = _part_range(part, parts, begun["frames"])
    if first == stop:
        return 0
    try:
        image = _encoding()._pillow()
        plan = _plan(_opened(source), options)
        pattern = _encoding()._sequence_pattern(output) if not scratch else ""
        for index in range(first, stop):
            name = pattern % index if pattern else _frame_file(scratch, index)
            image.fromarray(plan.draw(index)).save(name, compress_level=1)
        return stop - first
    except Exception as error:
        raise _portable(_prefixed(error, f"part {part + 1} of {parts} (frames {first} to {stop - 1}) on "
                                         f"{_worker_name()}: ")) from None


def _prefixed(error: BaseException, text: str) -> BaseException:
    """`error` with `text` before its message (an OSError, whose message is
    its strerror and file name, is left as it is)."""
    if not isinstance(error, OSError) and error.args and isinstance(error.args[0], str):
        error.args = (text + error.args[0],) + error.args[1:]
    return error


def _split_join(output: str, scratch: str, options: Dict[str, Any], label: str, begun: Dict[str, Any],
                drawn: List[int]) -> Rendered:
    """Encodes the parts' frames once, in order, into `output` (written
    under a hidden name, renamed when complete), with the local render's
    frame rate, frame seconds, loop and hold; a PNG sequence is already
    written. Removes the scratch folder."""
    count = begun["frames"]
    staged = ""
    try:
        if sum(drawn) != count:
            raise RazzleError(f"the parts drew {sum(drawn)} frames, not {count}")
        if scratch:
            image = _encoding()._pillow()

            def read(index: int) -> np.ndarray:
                with image.open(_frame_file(scratch, index)) as picture:
                    return np.asarray(picture)

            staged = _scratch_name(output)
            try:
                _encoding().write_stream(read, count, staged, begun["fps"], frame_seconds=begun["step"],
                                         loop=options.get("loop", 0), hold=options.get("hold", 0.0))
                os.replace(staged, output)
            finally:
                if os.path.exists(staged):
                    os.remove(staged)
        written = _written_bytes(output, count)
    except Exception as error:
        raise _portable(_renamed(error, staged, output)) from None
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    return Rendered(label, output, count, begun["width"], begun["height"], written, 0.0, _worker_name())


def _cleanup(scratch: str) -> None:
    if scratch:
        shutil.rmtree(scratch, ignore_errors=True)


def _default_parts() -> int:
    """Twice the active cluster's worker threads (this machine's CPUs
    without a distributed client), so a slow part leaves others to take."""
    try:
        threads = int(sum(_distributed().get_client().nthreads().values()))
    except (ImportError, ValueError):
        threads = os.cpu_count() or 1
    return max(1, 2 * threads)


def render_split(
    source: Source,
    output: PathText,
    *,
    parts: Optional[int] = None,
    fps: Optional[float] = None,
    size: Optional[Tuple[int, int]] = None,
    start: Optional[float] = None,
    end: Optional[float] = None,
    frames: Optional[int] = None,
    stage: Union[str, int, None] = None,
    background: Optional[Any] = None,
    loop: int = 0,
    hold: float = 0.0,
    scratch: Optional[PathText] = None,
    **compute: Any,
) -> Rendered:
    """One long render split into `parts` contiguous frame ranges drawn on
    Dask workers, then joined into `output`: the file `razzle.render.render`
    writes locally with the same options, byte for byte (GIF, APNG, PNG,
    WebP; a PNG sequence's files), and for MP4 the same frames given to one
    encoder in the same order (encoded once at the join, so no seams; the
    decoded frames equal the local MP4's when the encoder is deterministic,
    as imageio-ffmpeg's H.264 is on one machine).

    A first task plans the frames (a bad source or option fails there,
    once); each part draws its frames (every frame's state comes from the
    same batch sample as a local render's) and writes them as lossless PNG
    files into a new folder (hidden, beside the output; inside `scratch`
    when given: a folder the workers share), or,
    for a PNG-sequence output, straight into the output; the join, one task,
    reads them in order and encodes the output once, then removes the
    scratch folder. Only the final `Rendered` comes back to the client.
    The join is serial: GIF and MP4 encoding bound the speed-up (a PNG
    sequence has no join).

    `parts`: a whole number >= 1 (default: twice the cluster's worker
    threads); more parts than frames leave the extra parts empty. Errors
    raise (the source is one): InvalidValueError/InvalidTypeError for
    `parts`, razzle.render.RenderError for the output's format here, before
    anything is sent; the worker's error (a missing file, a malformed
    document, an unwritable folder) as it was raised there. An .svg output
    is one frame: render it with `render`."""
    if parts is None:
        parts = _default_parts()
    if isinstance(parts, bool) or not isinstance(parts, (int, np.integer)):
        raise InvalidTypeError(f"parts is a whole number of frame ranges, not {parts!r}")
    if parts < 1:
        raise InvalidValueError(f"parts must be at least 1, not {parts}")
    parts = int(parts)
    sent, label, _, _ = _sendable(source, 0)
    path = os.fspath(output)
    if path.lower().endswith(".svg"):
        raise InvalidValueError(f"{path}: an SVG is one frame: render it with razzle.dask.render, not split")
    single = _is_single_file(path)  # RenderError for an unknown format
    token = uuid.uuid4().hex[:12]
    if scratch is None:
        work = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.parts-{token}")
    else:
        work = os.path.join(os.fspath(scratch), f"{os.path.basename(path)}.parts-{token}")
    work = work if single else ""
    options = _options(fps=fps, size=size, start=start, end=end, frames=frames, stage=stage, background=background,
                       loop=loop, hold=hold)
    began = time.perf_counter()
    sent = dask.delayed(sent, pure=True)  # one copy in the graph (a scene's text, a document), not one per part
    begun = dask.delayed(_split_begin, pure=False)(sent, path, work, options)
    drawn = [dask.delayed(_split_part, pure=False)(sent, path, work, options, k, parts, begun) for k in range(parts)]
    joined = dask.delayed(_split_join, pure=False)(path, work, options, label, begun, drawn)
    try:
        (result,) = dask.compute(joined, **compute)
    except BaseException:
        if work:
            try:
                dask.compute(dask.delayed(_cleanup, pure=False)(work), **compute)
            except Exception:
                pass
        raise
    return result._replace(seconds=time.perf_counter() - began)  # type: ignore[no-any-return]
