"""The demo gallery (`make demo`, `razzle demo`): the seeds' examples drawn
by razzle's renderer — RazzleDazzle's paging intro driven by scroll offset,
AnimationKit's `list` and `grid` staggers, UIKit's `animateKeyframes`
plane — plus an easing chart. Each picture's scene is written beside it as
a razzle-scene/1 file, so `razzle render intro.json -o intro.gif` draws it
again."""

from __future__ import annotations

import os
from typing import Callable, List, Optional, Tuple

from .._scene import Scene, dump
from . import scenes

__all__ = ["build", "PICTURES", "EASINGS"]

#: (file stem, the scene builder, frame count or None for the stage's
#: range at 30 frames per second).
PICTURES: Tuple[Tuple[str, Callable[[], Scene], Optional[int]], ...] = (
    ("intro", scenes.intro, 120),
    ("stagger-list", lambda: scenes.stagger("list"), None),
    ("stagger-grid", lambda: scenes.stagger("grid"), None),
    ("plane", scenes.plane, None),
)

#: The easing chart's curves.
EASINGS = (
    "linear",
    "easeInQuad",
    "easeOutCubic",
    "easeInOutSine",
    "easeOutBack",
    "easeOutElastic",
    "easeOutBounce",
    "cubic-bezier(.17,.67,.83,.67)",
    "steps(5, jump-end)",
    "spring(duration=0.5, bounce=0.3)",
)


def build(out_dir: str, progress: Optional[Callable[[str], None]] = None) -> List[str]:
    """Renders every picture into `out_dir` (created if needed) and returns
    the paths written, scenes first then pictures. `progress(path)` is
    called as each file is written."""
    from ..render import render

    os.makedirs(out_dir, exist_ok=True)
    written: List[str] = []

    def note(path: str) -> None:
        written.append(path)
        if progress is not None:
            progress(path)

    for stem, builder, frames in PICTURES:
        scene = builder()
        scene_path = os.path.join(out_dir, stem + ".json")
        dump(scene, scene_path)
        note(scene_path)
        result = render(scene, os.path.join(out_dir, stem + ".gif"), fps=30.0, frames=frames)
        note(result.path)
    chart = os.path.join(out_dir, "easings.png")
    _easing_chart(chart)
    note(chart)
    return written


def _easing_chart(path: str) -> None:
    """The easings of `EASINGS` with their velocities (the library's own
    derivatives), as `razzle plot --velocity` draws them."""
    import matplotlib.figure

    from ..cli.plot import parse_easing, plot_easings, save

    figure = plot_easings(matplotlib.figure, [parse_easing(spec) for spec in EASINGS], 201, None, True)
    save(figure, path)
