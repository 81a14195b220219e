"""`razzle plot`: easing curves (and their derivatives) or a scene's
tracks against time, drawn with matplotlib (no display needed)."""

from __future__ import annotations

import argparse
import math
import os
import re
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

import razzle
from razzle import Animator, EasingError, Node, RazzleError

from .common import CommandError, check_readable, column_name, components, count_argument, library_message
from .common import UsageError, load_scene, pick, plural, require, size_argument

DESCRIPTION = """\
With easings (any razzle easing specification: "easeOutBounce",
"cubic-bezier(.17,.67,.83,.67)", "spring(duration=0.5, bounce=0.3)",
"steps(4)", ...): one small plot per easing, eased progress against progress
over [0, 1]; a spring against time in seconds over its settling duration
(the span a spring easing stretches over a segment). --velocity adds each
easing's derivative below its curve (d eased / d progress; per second for a
spring), as the library computes it (kf_easing_sample's derivatives: exact,
not finite differences).

With a scene file: one small plot per track of its first node (else its
first animator; --object NAME picks one) against the node's time span (the
animator's keyframe span), one line per channel; color tracks are drawn as
a color strip (over white). Where a node's clips have no effect the plot
has a gap.

Needs matplotlib (pip install 'razzle[render]')."""

DPI = 100


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "plot",
        help="plot easing curves or a scene's tracks (PNG, SVG, PDF)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("items", nargs="+", metavar="EASING_OR_SCENE", help="easing specifications, or one scene file")
    parser.add_argument("-o", "--output", required=True, help="the image to write (.png, .svg, .pdf)")
    parser.add_argument("--velocity", action="store_true", help="easings: also plot each derivative")
    parser.add_argument(
        "--samples", type=samples_argument, metavar="N", help="points per curve, 2 to 100000 (default 201 / 400)"
    )
    parser.add_argument("--size", type=size_argument, metavar="WxH", help="image size in pixels (default: from the plot count)")
    parser.add_argument("--object", metavar="NAME", help="scene: the node or animator to plot, by name")
    parser.set_defaults(func=run)


def samples_argument(text: str) -> int:
    """argparse type for --samples: 2 … 100,000 points (a plot of more
    shows nothing more and would take minutes)."""
    value = count_argument(text)
    if not 2 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{text!r} must be 2 to 100000")
    return value


def _is_file_argument(item: str) -> bool:
    """A scene file rather than an easing: an existing path, or a name that
    looks like one (ends in .json or holds a path separator) so that a typo
    is reported as a missing file."""
    return os.path.exists(item) or item.lower().endswith(".json") or os.sep in item


def run(arguments: argparse.Namespace) -> int:
    items: List[str] = arguments.items
    files = [item for item in items if _is_file_argument(item)]
    if files and len(items) > 1:
        raise UsageError(f"{files[0]}: plot takes easings or one scene file, not both or several files")
    if files:
        if arguments.velocity:
            raise UsageError(f"{files[0]}: --velocity applies to easings, not to a scene's tracks")
        check_readable(files[0])
        scene = load_scene(files[0])
        label, obj = pick(scene, files[0], arguments.object)
        figure_module = require("matplotlib.figure", "plot")
        figure = plot_object(figure_module, files[0], label, obj, arguments.samples or 400, arguments.size)
    else:
        if arguments.object is not None:
            raise UsageError("plot: --object picks an object of a scene file; no scene file was given")
        easings = [parse_easing(item) for item in items]
        figure_module = require("matplotlib.figure", "plot")
        figure = plot_easings(figure_module, easings, arguments.samples or 201, arguments.size, arguments.velocity)
    save(figure, arguments.output)
    print(f"wrote {arguments.output}")
    return 0


def save(figure: Any, output: str) -> None:
    """Writes the figure; matplotlib's complaint about an unknown extension
    becomes one line naming the file."""
    try:
        figure.savefig(output, dpi=DPI)
    except ValueError as error:
        raise CommandError(f"{output}: {error}") from None


# -- easings --------------------------------------------------------------------


class Curve:
    """One easing to draw: its label, the x values, the eased values, the
    derivatives, and the x axis' meaning."""

    def __init__(self, label: str, easing: razzle.Easing) -> None:
        self.label = label
        self.easing = easing
        self.duration = spring_duration(easing.spec)

    def sample(self, count: int) -> Tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """(x, value, derivative): x is progress, or seconds for a spring
        (progress × settling duration, the derivative per second)."""
        progress = np.linspace(0.0, 1.0, count)
        values = self.easing(progress)
        slopes = self.easing.derivative(progress)
        if self.duration is None:
            return progress, values, slopes
        return progress * self.duration, values, slopes / self.duration

    @property
    def axis(self) -> str:
        return "progress" if self.duration is None else "time (s)"


def parse_easing(item: str) -> Curve:
    """The easing `item` names, or a CommandError with the library's
    message (which suggests the closest name)."""
    try:
        return Curve(item, razzle.easing(item))
    except EasingError as error:
        raise CommandError(f"{item}: {library_message(error)}") from None


_NUMBER = r"[-+0-9.eE]+"


def spring_duration(spec: str) -> Optional[float]:
    """A spring easing's settling duration in seconds (from its canonical
    spec's physical parameters), None for other easings."""
    if not spec.startswith("spring("):
        return None
    parameters = {key: float(value) for key, value in re.findall(rf"(\w+)=({_NUMBER})", spec)}
    try:
        spring = razzle.Spring(
            parameters["mass"], parameters["stiffness"], parameters["damping"], parameters.get("velocity", 0.0)
        )
    except KeyError:
        return None
    return spring.settling_duration


def _grid(count: int) -> Tuple[int, int]:
    columns = min(count, 4) if count != 4 else 2
    return math.ceil(count / columns), columns


def plot_easings(
    figure_module: Any, curves: Sequence[Curve], samples: int, size: Optional[Tuple[int, int]], velocity: bool
) -> Any:
    """A grid of small plots, one per easing (its derivative below it with
    `velocity`)."""
    rows, columns = _grid(len(curves))
    cell = (300, 330 if velocity else 250)
    width, height = size or (cell[0] * columns, cell[1] * rows)
    figure = figure_module.Figure(figsize=(width / DPI, height / DPI), dpi=DPI, layout="constrained")
    outer = figure.add_gridspec(rows, columns)
    for index, curve in enumerate(curves):
        x, values, slopes = curve.sample(samples)
        place = outer[index // columns, index % columns]
        if velocity:
            inner = place.subgridspec(2, 1, height_ratios=(3, 2), hspace=0.05)
            top = figure.add_subplot(inner[0])
            bottom = figure.add_subplot(inner[1], sharex=top)
        else:
            top = figure.add_subplot(place)
            bottom = None
        top.plot(x, values, color="#1f6fd1", linewidth=1.8)
        for level in (0.0, 1.0):
            top.axhline(level, color="#999999", linewidth=0.6, linestyle=":")
        top.set_title(curve.label, fontsize=9)
        top.grid(True, linewidth=0.3)
        top.tick_params(labelsize=7)
        if bottom is None:
            top.set_xlabel(curve.axis, fontsize=8)
        else:
            top.tick_params(labelbottom=False)
            bottom.plot(x, slopes, color="#d1491f", linewidth=1.2)
            bottom.axhline(0.0, color="#999999", linewidth=0.6, linestyle=":")
            bottom.set_ylabel("velocity" if curve.duration is None else "per s", fontsize=7)
            bottom.set_xlabel(curve.axis, fontsize=8)
            bottom.grid(True, linewidth=0.3)
            bottom.tick_params(labelsize=7)
    return figure


# -- scenes ---------------------------------------------------------------------


def time_span(obj: Any) -> Tuple[float, float]:
    """What a scene plot covers: a node's [0, end time] (one iteration's
    natural duration when it never ends), an animator's first to last
    keyframe time; a span of length 0 is widened to one unit."""
    if isinstance(obj, Node):
        end = obj.end_time
        if not math.isfinite(end):
            end = obj.natural_duration if math.isfinite(obj.natural_duration) else 1.0
        start = 0.0
    else:
        assert isinstance(obj, Animator)
        times = [t for track in obj.tracks() for t in track.times.tolist()]
        start, end = (min(times), max(times)) if times else (0.0, 1.0)
    if end <= start:
        start, end = start - 0.5, start + 0.5
    return start, end


def color_strip(values: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """(n, 4) colors (straight alpha) as a (1, n, 3) image over white,
    clipped to [0, 1]; white where NaN."""
    rgba = np.nan_to_num(np.clip(values, 0.0, 1.0), nan=0.0)
    missing = np.isnan(values).any(axis=1)
    rgb = rgba[:, :3] * rgba[:, 3:4] + (1.0 - rgba[:, 3:4])
    rgb[missing] = 1.0
    image: np.ndarray[Any, Any] = rgb[np.newaxis, :, :]
    return image


def plot_object(
    figure_module: Any, path: str, label: str, obj: Any, samples: int, size: Optional[Tuple[int, int]]
) -> Any:
    """One small plot per track (a node's column) against time."""
    start, end = time_span(obj)
    times = np.linspace(start, end, samples)
    try:
        layout = obj.layout
        matrix = obj.sample(times)
    except RazzleError as error:
        raise CommandError(f"{path}: {label}: {library_message(error)}") from None
    if not layout:
        raise CommandError(f"{path}: {label}: nothing to plot: it has no tracks")
    count = len(layout)
    columns = 1 if count <= 3 else 2
    rows = math.ceil(count / columns)
    width, height = size or (520 * columns, 60 + 170 * rows)
    figure = figure_module.Figure(figsize=(width / DPI, height / DPI), dpi=DPI, layout="constrained")
    figure.suptitle(f"{label}: {plural(count, 'track')}", fontsize=10)
    axes = figure.subplots(rows, columns, squeeze=False)
    for index, column in enumerate(layout):
        ax = axes[index // columns][index % columns]
        block = matrix[:, column.start : column.start + column.channels]
        ax.set_title(f"{column_name(column)} ({column.kind})", fontsize=9)
        ax.tick_params(labelsize=7)
        if column.kind == "color" and column.channels == 4:
            ax.imshow(color_strip(block), aspect="auto", extent=(start, end, 0.0, 1.0), interpolation="nearest")
            ax.set_yticks([])
        else:
            names = components(column.kind, column.channels)
            for channel in range(column.channels):
                ax.plot(times, block[:, channel], linewidth=1.3, label=names[channel])
            if 1 < column.channels <= 6:
                ax.legend(fontsize=7, loc="best")
            ax.grid(True, linewidth=0.3)
        ax.set_xlim(start, end)
    for index in range(count, rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel("time", fontsize=8)
    return figure
