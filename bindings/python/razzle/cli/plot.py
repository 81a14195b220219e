"""`razzle plot`: easing curves (and their derivatives) or a scene's
tracks against time, drawn with matplotlib (no display needed)."""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import re
import sys
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

import razzle
from razzle import Animator, EasingError, Node, RazzleError

from .common import STDIO, CommandError, check_readable, column_name, components, count_argument, display_name
from .common import UsageError, library_message, load_scene, pick, plural, require, size_argument, status

DESCRIPTION = """\
With easings (any razzle easing specification: "easeOutBounce",
"cubic-bezier(.17,.67,.83,.67)", "spring(duration=0.5, bounce=0.3)",
"steps(4)", ...): one small plot per easing, eased progress against progress
over [0, 1]; a spring against time in seconds over its settling duration
(the span a spring easing stretches over a segment). --velocity adds each
easing's derivative below its curve (d eased / d progress; per second for a
spring), as the library computes it (kf_easing_sample's derivatives: exact,
not finite differences).

With a scene file: small plots of the tracks of its first node (else its
first animator; --object NAME picks one) against the node's time span (the
animator's keyframe span). The time axis says its unit: seconds for a
node, pages for a paging layout's animator (with the scroll offset in
points on top), seconds or points for an animator a stage shows. An
animator's keyframes are marked (a node's are not: its timings map them).
Color tracks are color strips (over white); points and rects draw x and y
apart, and y axes of screen coordinates grow downwards; transforms draw
their named parts (translation, linear part, perspective). Jumps (steps,
holds) are drawn as steps without vertical risers. Tracks that keep one
value over the span are listed in one "constant" panel, not drawn. Where a
node's clips have no effect the plot has a gap.

The output's extension picks the format (.png, .svg, .pdf); -o - writes
the image to standard output, PNG unless --format says otherwise. The
"wrote ..." line goes to stderr. Needs matplotlib (pip install 'razzle[render]')."""

DPI = 100

#: The formats -o - (standard output) can be written in.
STREAM_FORMATS = ("png", "svg", "pdf")


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "plot",
        help="plot easing curves or a scene's tracks (PNG, SVG, PDF)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("items", nargs="+", metavar="EASING_OR_SCENE", help="easing specifications, or one scene file")
    parser.add_argument("-o", "--output", required=True, help="the image to write (.png, .svg, .pdf; - is stdout)")
    parser.add_argument("--format", choices=STREAM_FORMATS, help="the format for -o - (default png)")
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
    output: str = arguments.output
    if arguments.format is not None and output != STDIO and not output.lower().endswith("." + arguments.format):
        raise UsageError(f"plot: --format is for -o - (the output's extension gives its format: {output})")
    if output == STDIO and sys.stdout.isatty():
        raise CommandError("-: standard output is a terminal: redirect it to a file or a pipe")
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
        figure = plot_object(figure_module, files[0], label, obj, arguments.samples or 400, arguments.size, scene)
    else:
        if arguments.object is not None:
            raise UsageError("plot: --object picks an object of a scene file; no scene file was given")
        easings = [parse_easing(item) for item in items]
        figure_module = require("matplotlib.figure", "plot")
        figure = plot_easings(figure_module, easings, arguments.samples or 201, arguments.size, arguments.velocity)
    save(figure, output, arguments.format)
    status(f"wrote {display_name(output, output=True)}")
    return 0


def save(figure: Any, output: str, form: Optional[str] = None) -> None:
    """Writes the figure to `output` ("-": standard output, in `form`,
    default PNG, drawn whole before the first byte is written);
    matplotlib's complaint about an unknown extension becomes one line
    naming the file."""
    try:
        if output == STDIO:
            data = io.BytesIO()
            figure.savefig(data, dpi=DPI, format=form or "png")
            sys.stdout.buffer.write(data.getvalue())
            sys.stdout.buffer.flush()
        else:
            figure.savefig(output, dpi=DPI)
    except ValueError as error:
        raise CommandError(f"{display_name(output, output=True)}: {error}") from None


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

#: Scalar properties that are vertical screen coordinates (y grows down).
SCREEN_Y = frozenset(("y", "top", "bottom", "centerY", "offsetY", "originY", "translationY", "positionY"))
#: Kinds whose channels named x and y are screen coordinates.
SCREEN_POINT_KINDS = frozenset(("point", "rect"))
#: The named parts of transforms drawn together: (title, channel indices).
TRANSFORM_PARTS = {
    "transform": (("translation", (4, 5)), ("linear part", (0, 1, 2, 3))),
    "transform3d": (
        ("translation", (12, 13, 14)),
        ("linear part", (0, 1, 2, 4, 5, 6, 8, 9, 10)),
        ("perspective", (3, 7, 11, 15)),
    ),
}
#: What a transform3d's entries mean (CATransform3D's row-vector order).
MATRIX3D_NAMES = {12: "m41 (tx)", 13: "m42 (ty)", 14: "m43 (tz)", 11: "m34 (perspective)", 15: "m44"}
TRANSFORM_NAMES = {4: "tx", 5: "ty"}
#: The most constant tracks the "constant" panel names one per line.
CONSTANT_LINES = 14


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


def time_axis(path: str, scene: Any, label: str, obj: Any) -> Tuple[str, Optional[float]]:
    """(the time axis' label with its unit, a paging layout's page width or
    None): a node's time is in seconds; a paging layout's animator is keyed
    in pages (scroll offset / page width); another animator in seconds when
    a time-driven stage shows it, in points for a scroll-driven one, else
    in the keyframes' own units."""
    if isinstance(obj, Node):
        return "time (s)", None
    try:
        with open(path, "rb") as file:
            data = json.loads(file.read())
        animator_names = [entry.get("name") for entry in data.get("animators", [])]
        pagings = data.get("pagings", [])
        stages = data.get("stages", [])
    except (OSError, ValueError, AttributeError):
        return "time (the keyframes' units)", None
    index = animator_names.index(label) if label in animator_names else None
    if index is None and label.startswith("animators["):
        index = int(label[len("animators[") : -1])
    for number, paging in enumerate(pagings):
        if paging.get("name") == label or (index is not None and paging.get("animator") == index):
            width = float(scene.pagings[number].page_width)
            return f"page (scroll offset / {width:g} pt)", width
    for stage in stages:
        if stage.get("animator") is not None and stage.get("animator") == label:
            return ("scroll offset (pt)", None) if stage.get("driver") == "scroll" else ("time (s)", None)
    return "time (the keyframes' units)", None


def color_strip(values: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """(n, 4) colors (straight alpha) as a (1, n, 3) image over white,
    clipped to [0, 1]; white where NaN."""
    rgba = np.nan_to_num(np.clip(values, 0.0, 1.0), nan=0.0)
    missing = np.isnan(values).any(axis=1)
    rgb = rgba[:, :3] * rgba[:, 3:4] + (1.0 - rgba[:, 3:4])
    rgb[missing] = 1.0
    image: np.ndarray[Any, Any] = rgb[np.newaxis, :, :]
    return image


def _constant(values: np.ndarray[Any, Any]) -> bool:
    """Whether a channel has one value over the span (NaN ignored; all NaN
    counts as constant)."""
    finite = values[np.isfinite(values)]
    return finite.size == 0 or bool(finite.max() == finite.min()) and finite.size == values.size


def _value_text(kind: str, values: Sequence[float]) -> str:
    if all(math.isnan(v) for v in values):
        return "none"
    if kind == "color" and len(values) == 4:
        return razzle.Color(*values).clipped().hex()
    if len(values) == 1:
        return f"{values[0]:.6g}"
    return "(" + ", ".join(f"{v:.6g}" for v in values) + ")"


class Panel:
    """One small plot: a title, the channels (indices into the sample
    matrix) drawn as lines with their legend names, whether y grows down
    (screen coordinates), or a color strip."""

    def __init__(self, title: str, channels: List[int], names: List[str], y_down: bool = False, strip: bool = False):
        self.title = title
        self.channels = channels
        self.names = names
        self.y_down = y_down
        self.strip = strip
        #: The keyframes' (times, matrix rows) to mark, when known.
        self.marks: Optional[Tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = None


def panels_of(layout: Any, matrix: np.ndarray[Any, Any]) -> Tuple[List[Panel], List[str]]:
    """The panels of a sample matrix, and the lines of the constant panel
    ("name = value"): a track (or a part of one) that keeps one value over
    the span is listed, not drawn. Colors are strips; points and rects draw
    x and y apart, y downwards; transforms draw their named parts."""
    panels: List[Panel] = []
    constants: List[str] = []
    for column in layout:
        name = column_name(column)
        first = column.start
        channels = list(range(first, first + column.channels))
        flat = [_constant(matrix[:, c]) for c in channels]
        parts = components(column.kind, column.channels)
        if all(flat):
            constants.append(f"{name} = {_value_text(column.kind, matrix[0, first : first + column.channels].tolist())}")
            continue
        if column.kind == "color" and column.channels == 4:
            panels.append(Panel(f"{name} (color)", channels, [], strip=True))
        elif column.kind in TRANSFORM_PARTS and column.channels == (6 if column.kind == "transform" else 16):
            labels = MATRIX3D_NAMES if column.kind == "transform3d" else TRANSFORM_NAMES
            for title, indices in TRANSFORM_PARTS[column.kind]:
                moving = [i for i in indices if not flat[i]]
                if moving:
                    names = [labels.get(i, parts[i]) for i in moving]
                    panels.append(Panel(f"{name}: {title} ({column.kind})", [first + i for i in moving], names))
        elif column.kind in SCREEN_POINT_KINDS and {"x", "y"} <= set(parts):
            rest = [i for i, part in enumerate(parts) if part not in ("x", "y") and not flat[i]]
            for i, part in enumerate(parts):
                if part in ("x", "y"):
                    if flat[i]:
                        constants.append(f"{name}.{part} = {matrix[0, first + i]:.6g}")
                    else:
                        panels.append(Panel(f"{name}.{part} ({column.kind})", [first + i], [part], y_down=part == "y"))
            if rest:
                panels.append(Panel(f"{name} ({column.kind})", [first + i for i in rest], [parts[i] for i in rest]))
        else:
            moving = [i for i in range(column.channels) if not flat[i]]
            names = [parts[i] for i in moving] if column.channels > 1 else []
            y_down = column.channels == 1 and column.property in SCREEN_Y
            panels.append(Panel(f"{name} ({column.kind})", [first + i for i in moving], names, y_down=y_down))
    return panels, constants


def _mark_keyframes(obj: Any, layout: Any, panels: List[Panel]) -> None:
    """An animator's keyframes: each panel gets its track's keyframe times
    and the animator's values there (a relative track's too)."""
    if not isinstance(obj, Animator):
        return
    by_start = {}
    for column in layout:
        times = obj[column.target, column.property].times
        if times.size:
            rows = obj.sample(times).reshape(times.size, -1)
            by_start.update({c: (times, rows) for c in range(column.start, column.start + column.channels)})
    for panel in panels:
        if panel.channels and panel.channels[0] in by_start:
            panel.marks = by_start[panel.channels[0]]


def plot_object(
    figure_module: Any,
    path: str,
    label: str,
    obj: Any,
    samples: int,
    size: Optional[Tuple[int, int]],
    scene: Any = None,
) -> Any:
    """Small plots of a node's or an animator's tracks against time (see
    DESCRIPTION): varying tracks drawn, constant ones listed in one panel."""
    from razzle._notebook import with_jumps

    start, end = time_span(obj)
    times = np.linspace(start, end, samples)
    try:
        layout = obj.layout
        matrix = obj.sample(times).reshape(samples, -1)
    except RazzleError as error:
        raise CommandError(f"{path}: {label}: {library_message(error)}") from None
    if not layout:
        raise CommandError(f"{path}: {label}: nothing to plot: it has no tracks")
    axis_label, page_width = time_axis(path, scene, label, obj) if scene is not None else ("time", None)
    panels, constants = panels_of(layout, matrix)
    _mark_keyframes(obj, layout, panels)
    count = len(panels) + (1 if constants else 0)
    columns = 1 if count <= 3 else 2
    rows = math.ceil(count / columns)
    width, height = size or (520 * columns, 60 + 170 * rows)
    figure = figure_module.Figure(figsize=(width / DPI, height / DPI), dpi=DPI, layout="constrained")
    flat = sum(1 for column in layout if all(_constant(matrix[:, c]) for c in range(column.start, column.start + column.channels)))
    heading = f"{label}: {plural(len(layout), 'track')}"
    if flat:
        heading += f" ({len(layout) - flat} changing, {flat} constant)"
    figure.suptitle(heading, fontsize=10)
    axes = figure.subplots(rows, columns, squeeze=False)
    for index, panel in enumerate(panels):
        ax = axes[index // columns][index % columns]
        ax.set_title(panel.title, fontsize=9)
        ax.tick_params(labelsize=7)
        if panel.strip:
            block = matrix[:, panel.channels[0] : panel.channels[0] + 4]
            ax.imshow(color_strip(block), aspect="auto", extent=(start, end, 0.0, 1.0), interpolation="nearest")
            ax.set_yticks([])
            if panel.marks is not None:
                ax.plot(panel.marks[0], np.full(panel.marks[0].size, 0.5), "o", color="black", mfc="white", ms=4)
        else:
            for k, channel in enumerate(panel.channels):

                def one(t: np.ndarray[Any, Any], channel: int = channel) -> np.ndarray[Any, Any]:
                    out: np.ndarray[Any, Any] = obj.sample(t).reshape(t.size, -1)[:, channel]
                    return out

                xs, ys = with_jumps(one, times, matrix[:, channel])
                line = ax.plot(xs, ys, linewidth=1.3, label=panel.names[k] if panel.names else None)[0]
                if panel.marks is not None:
                    mark_times, mark_rows = panel.marks
                    ax.plot(mark_times, mark_rows[:, channel], "o", color=line.get_color(), mfc="white", ms=4)
            if len(panel.names) > 1:
                ax.legend(fontsize=7, loc="best")
            if panel.y_down:
                ax.invert_yaxis()
                ax.set_ylabel("y (down)", fontsize=7)
            ax.grid(True, linewidth=0.3)
        ax.set_xlim(start, end)
        if page_width is not None and index < columns:
            top = ax.secondary_xaxis("top", functions=(lambda p: p * page_width, lambda x: x / page_width))
            top.tick_params(labelsize=6)
            top.set_xlabel("scroll offset (pt)", fontsize=7)
    if constants:
        ax = axes[len(panels) // columns][len(panels) % columns]
        shown = constants[:CONSTANT_LINES]
        if len(constants) > CONSTANT_LINES:
            shown[-1] = f"… and {len(constants) - CONSTANT_LINES + 1} more"
        ax.set_title(f"constant over {start:g} … {end:g}", fontsize=9)
        ax.text(0.02, 0.95, "\n".join(shown), fontsize=7, va="top", family="monospace", transform=ax.transAxes)
        ax.set_xticks([])
        ax.set_yticks([])
    for index in range(count, rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    for index in range(max(0, len(panels) - columns), len(panels)):
        axes[index // columns][index % columns].set_xlabel(axis_label, fontsize=8)
    return figure
