"""razzle on Dask (`pip install ./bindings/python[dask]`): sample an
animator, a node or a scene over a dask array of times, one batch call per
chunk, and map a function over many razzle objects on a cluster. Objects
travel to the workers as razzle-scene/1 text (Guides/Scenes.md), which each
worker loads once per object; results are the same bits as sampling
locally.

    import dask.array as da
    import razzle, razzle.dask

    times = da.linspace(0, 10, 1_000_000, chunks=100_000)
    frames = razzle.dask.sample(timeline, times)      # dask array (1_000_000, columns)
    frames.compute()                                  # on the active scheduler / cluster
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any, Callable, List, Sequence, TypeVar, Union

import numpy as np

from ._animator import Animator
from ._choreography import Node
from ._scene import Scene, dumps, loads

try:
    import dask  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import dask.array as da  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "razzle.dask needs dask: pip install './bindings/python[dask]' (or dask[array] distributed)"
    ) from error

__all__ = ["sample", "map_objects", "columns"]

_T = TypeVar("_T")
Sampleable = Union[Animator, Node, Scene]


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


def sample(obj: Sampleable, times: Any) -> Any:
    """`obj.sample(times)` as a dask array: `times` (a dask array, or
    anything `dask.array.asarray` takes) is sampled chunk by chunk, each
    chunk in one library call on a worker; the result has shape
    `times.shape + (columns,)`, chunked as `times` along its axes.

    `obj` is an Animator, a node (Clip, Timeline, Stagger) or a Scene (its
    first node, else its first animator). Its state is captured now, as
    scene text: later edits do not reach the workers."""
    text = _text(obj)
    width = columns(obj)
    array = da.asarray(times).astype(np.float64)
    return array.map_blocks(
        _sample_block,
        text,
        dtype=np.float64,
        new_axis=array.ndim,
        chunks=array.chunks + ((width,),),
        meta=np.empty((0,) * (array.ndim + 1), dtype=np.float64),
    )


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
