"""`razzle inspect scene.json`: what a scene holds, as a readable report
or (--json) a machine-readable one, with warnings."""

from __future__ import annotations

import argparse
import json
import math
import os
import tempfile
from ctypes import byref, c_char_p, c_double
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple, get_args

from razzle import Node, RazzleError, Scene, Timeline
from razzle._animator import ColorProperty, PointProperty, ScalarProperty
from razzle._ffi import lib

from .common import STDIN_NAME, STDIO, column_name, kind_channels, library_message, load_scene, plural, read_stdin

Report = Dict[str, Any]

DESCRIPTION = """\
Lists the objects of each list of a scene file with their names: animators
with their tracks (target, property, kind, channels, keyframe count, time
span, the easings used), nodes (type, timing, time span, and for clips the
animator they play), paging layouts (pages, width, kept views), paths
(length, bounds), masks and stages (size, driver, source, each target and
what animates it). Then warnings: an animator no node, paging layout or
stage plays, an animator without tracks, a track without keyframes, a
property name that looks like a known one but is not (so its kind is not
what that name implies), a node that lasts no time, a track no target of
a stage draws, a drawn property whose kind the renderer cannot read.

--json prints the same as one JSON object (lists "animators", "nodes",
"pagings", "paths", "masks", "stages", and "warnings").

For a Lottie file (a .json with "layers" and "fr", or a .tgs): the
composition (size, frame rate, in and out points), the layers nested
through precompositions with their switches (hidden, mattes, masks,
parents, blend modes, stretch, time remap), the assets (a missing image
file is marked), and what will not draw, grouped per feature."""

#: The property names the library gives a kind of their own, checked
#: against `kf_property_info` (the Python typing lists name them).
KNOWN_PROPERTIES: Tuple[str, ...] = (
    *get_args(ScalarProperty),
    *get_args(PointProperty),
    *get_args(ColorProperty),
    "size",
    "frame",
    "hidden",
    "transform",
    "transform3d",
)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "inspect",
        help="list a scene's objects, tracks and timings, with warnings",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("scene", help="a razzle-scene/1 file, or a Lottie .json / .tgs file; - for standard input")
    parser.add_argument("--json", action="store_true", help="print a JSON object instead of text")
    parser.set_defaults(func=run)


def run(arguments: argparse.Namespace) -> int:
    from razzle._lottie import is_lottie_file

    from .common import check_readable
    from .inspect_lottie import inspect_lottie, text_lottie_report

    check_readable(arguments.scene)
    if arguments.scene == STDIO:
        return _inspect_stdin(arguments)
    if is_lottie_file(arguments.scene):
        lottie = inspect_lottie(arguments.scene)
        if arguments.json:
            print(json.dumps(lottie, indent=2, ensure_ascii=False, allow_nan=False))
        else:
            print(text_lottie_report(lottie, arguments.scene))
        return 0
    scene = load_scene(arguments.scene)
    report = inspect_scene(scene, arguments.scene)
    if arguments.json:
        print(json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False))
    else:
        print(text_report(report))
    return 0


def _inspect_stdin(arguments: argparse.Namespace) -> int:
    """`razzle inspect -`: standard input, a scene or a Lottie document (read
    through a temporary file, as a file would be)."""
    from razzle._lottie import is_lottie_document

    from .inspect_lottie import inspect_lottie, text_lottie_report

    data = read_stdin()
    if not is_lottie_document(data):
        scene = load_scene(STDIO)
        report = inspect_scene(scene, STDIN_NAME)
        print(json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False) if arguments.json else text_report(report))
        return 0
    with tempfile.TemporaryDirectory(prefix="razzle-inspect-") as folder:
        path = os.path.join(folder, "stdin.json")
        with open(path, "wb") as file:
            file.write(data)
        lottie = inspect_lottie(path)
    if arguments.json:
        print(json.dumps(lottie, indent=2, ensure_ascii=False, allow_nan=False))
    else:
        print(text_lottie_report(lottie, STDIN_NAME))
    return 0


# -- the report -----------------------------------------------------------------


def property_kind(name: str) -> Optional[str]:
    """The kind the library gives a property name, None for a name it does
    not know (kf_property_info)."""
    kind = c_char_p()
    low, high = c_double(), c_double()
    lib.kf_property_info(name.encode("utf-8", "surrogatepass"), byref(kind), byref(low), byref(high))
    return kind.value.decode() if kind.value else None


def lookalike(name: str) -> Optional[str]:
    """The known property name `name` differs from only in case or
    separators ("Alpha", "background_color"), if any."""
    if property_kind(name) is not None:
        return None
    folded = name.replace("_", "").replace("-", "").lower()
    for known in KNOWN_PROPERTIES:
        if known.lower() == folded and property_kind(known) is not None:
            return known
    return None


def _finite(value: float) -> Optional[float]:
    return value if math.isfinite(value) else None


def _name(names: Sequence[Optional[str]], kind: str, index: int) -> str:
    name = names[index] if index < len(names) else None
    return f"{kind}[{index}] {name!r}" if name else f"{kind}[{index}]"


def inspect_scene(scene: Scene, path: str) -> Report:
    """The report of `scene` as plain data (what --json prints). Structure
    (which animator a clip plays, timings as written) comes from the
    scene's own text, computed values (durations, lengths, bounds) from the
    library's objects."""
    data: Dict[str, Any] = json.loads(scene.to_json())
    warnings: List[str] = []
    animator_names = scene.names("animators")
    played: Set[int] = set()

    nodes: List[Report] = []
    for index, (node, entry) in enumerate(zip(scene.nodes, data.get("nodes", []))):
        report = node_report(node, entry, played, warnings, f"nodes[{index}]")
        report["name"] = scene.names("nodes")[index]
        nodes.append(report)

    pagings: List[Report] = []
    for index, (paging, entry) in enumerate(zip(scene.pagings, data.get("pagings", []))):
        played.add(int(entry["animator"]))
        pagings.append(
            {
                "name": scene.names("pagings")[index],
                "animator": int(entry["animator"]),
                "pages": paging.pages,
                "page_width": paging.page_width,
                "content_width": paging.content_width,
                "variable": entry.get("variable"),
                "kept": [
                    {"target": k["target"], "attribute": k["attribute"], "offsets": bool(k.get("offsets", False))}
                    for k in entry.get("kept", [])
                ],
            }
        )

    stages = stage_reports(scene, data, played, warnings)

    animators: List[Report] = []
    for index, entry in enumerate(data.get("animators", [])):
        label = _name(animator_names, "animators", index)
        tracks = [track_report(track, label, warnings) for track in entry.get("tracks", [])]
        if not tracks:
            warnings.append(f"{label} has no tracks")
        if (scene.nodes or scene.pagings) and index not in played:
            warnings.append(f"{label} is played by no node and no paging layout")
        spans = [t["span"] for t in tracks if t["span"] is not None]
        animators.append(
            {
                "name": animator_names[index],
                "variables": dict(entry.get("variables", {})),
                "span": [min(s[0] for s in spans), max(s[1] for s in spans)] if spans else None,
                "played": index in played,
                "tracks": tracks,
            }
        )
    # Warnings about animators come first, in file order.
    animator_first = sorted(warnings, key=lambda w: 0 if w.startswith("animators[") else 1)

    paths = []
    for index, item in enumerate(scene.paths):
        bounds = item.bounds
        paths.append(
            {
                "name": scene.names("paths")[index],
                "length": item.length,
                "closed": item.is_closed,
                "bounds": [bounds.x, bounds.y, bounds.width, bounds.height],
            }
        )
    masks = [
        {"name": scene.names("masks")[index], "kind": mask.kind, "width": mask.width, "height": mask.height}
        for index, mask in enumerate(scene.masks)
    ]
    return {
        "file": path,
        "format": data.get("format"),
        "animators": animators,
        "nodes": nodes,
        "pagings": pagings,
        "paths": paths,
        "masks": masks,
        "stages": stages,
        "warnings": animator_first,
    }


def track_report(track: Dict[str, Any], owner: str, warnings: List[str]) -> Report:
    """One track of the scene text: what it animates and over which times."""
    keyframes: List[Dict[str, Any]] = track.get("keyframes", [])
    times = [float(k["time"]) for k in keyframes]
    # A keyframe's easing shapes the segment it starts: the last one's none.
    easings = sorted({str(k.get("easing", "linear")) for k in keyframes[:-1]})
    kind = str(track["kind"])
    channels = int(track.get("channels", kind_channels(kind)))
    report: Report = {
        "target": str(track.get("target", "")),
        "property": str(track["property"]),
        "kind": kind,
        "channels": channels,
        "keyframes": len(keyframes),
        "span": [times[0], times[-1]] if times else None,
        "easings": easings,
        "extrapolation": [track.get("before", "hold"), track.get("after", "hold")],
    }
    if "relative_to" in track:
        report["relative_to"] = [track["relative_to"], float(track.get("constant", 0.0))]
    label = f"{owner}: track {report['target']}.{report['property']}" if report["target"] else f"{owner}: track {report['property']}"
    if not keyframes:
        warnings.append(f"{label} has no keyframes (sampling it fails)")
    known = lookalike(report["property"])
    if known is not None:
        warnings.append(
            f"{label} is a {kind} track: {report['property']!r} is not a property name the library knows; "
            f"did you mean {known!r} (a {property_kind(known)})?"
        )
    elif property_kind(report["property"]) is None and "color" in report["property"].lower() and kind != "color":
        warnings.append(f"{label} is a {kind} track, though its name says color (give kind \"color\" to blend colors)")
    return report


def node_report(node: Node, entry: Dict[str, Any], played: Set[int], warnings: List[str], label: str) -> Report:
    """A node and its tree: type, timing as written, durations, and for a
    clip the animator it plays (recorded in `played`)."""
    end = node.end_time
    report: Report = {
        "type": entry["type"],
        "timing": entry.get("timing"),
        "natural_duration": _finite(node.natural_duration),
        "active_duration": _finite(node.active_duration),
        "end_time": _finite(end),
        "span": [0.0, _finite(end)],
    }
    kind = entry["type"]
    if kind == "clip":
        played.add(int(entry["animator"]))
        report["animator"] = int(entry["animator"])
        report["clip_span"] = entry.get("span")
        report["composite"] = entry.get("composite", "replace")
    elif kind == "stagger":
        template = entry["template"]
        played.add(int(template["animator"]))
        report["animator"] = int(template["animator"])
        report["targets"] = list(entry.get("targets", []))
        report["distribution"] = entry.get("distribution")
    elif kind == "timeline" and isinstance(node, Timeline):
        children: List[Report] = []
        for number, ((child, start), child_entry) in enumerate(zip(node.children, entry.get("children", []))):
            child_report = node_report(child, child_entry["node"], played, warnings, f"{label}/{number}")
            child_report["start"] = start
            children.append(child_report)
        report["children"] = children
        report["labels"] = dict(entry.get("labels", {}))
    if end == 0:
        warnings.append(f"{label} ({kind}) lasts no time: its end time is 0")
    try:
        report["columns"] = [column_name(c) for c in node.layout]
    except RazzleError as error:
        report["columns"] = None
        warnings.append(f"{label} ({kind}) cannot be sampled: {library_message(error)}")
    return report


def stage_reports(scene: Scene, data: Dict[str, Any], played: Set[int], warnings: List[str]) -> List[Report]:
    """The scene's stages (viewports and targets for a renderer): size,
    driver, range, the object the values come from, each target with the
    properties its tracks animate. An animator a stage names (or its paging
    layout's) joins `played`. Warnings: a target nothing animates, a track
    no target draws, a property the renderer does not apply."""
    from .._stage import property_suggestion
    from ..render._state import DRAWN_PROPERTIES, kind_problems

    animator_names = scene.names("animators")
    reports: List[Report] = []
    for index, (stage, entry) in enumerate(zip(scene.stages, data.get("stages", []))):
        label = f"stages[{index}]" + (f" {stage.name!r}" if stage.name else "")
        source: Any = None
        if stage.paging is not None:
            paging_index = scene.names("pagings").index(stage.paging)
            played.add(int(data["pagings"][paging_index]["animator"]))
            source = scene.pagings[paging_index].animator
        if stage.animator is not None:
            played.add(animator_names.index(stage.animator))
            source = scene[stage.animator]
        if stage.node is not None:
            source = scene[stage.node]
        animated: Dict[str, List[str]] = {}
        names = {target.name for target in stage.targets}
        try:
            layout = source.layout if source is not None else ()
            for column in layout:
                animated.setdefault(column.target, []).append(column.property)
            warnings.extend(f"{label}: {problem} (render refuses it)" for problem in kind_problems(layout, names))
        except RazzleError as error:
            warnings.append(f"{label} cannot be sampled: {library_message(error)}")
        for target in stage.targets:
            for prop in animated.get(target.name, []):
                if prop not in DRAWN_PROPERTIES:
                    suggestion = property_suggestion(prop)
                    hint = f' (did you mean "{suggestion}"?)' if suggestion else " (Guides/Rendering.md)"
                    warnings.append(f"{label}: {target.name}.{prop} is sampled but not drawn{hint}")
        for target_name in sorted(set(animated) - names):
            warnings.append(f"{label}: tracks of {target_name!r} animate no target of the stage")
        reports.append(
            {
                "name": stage.name,
                "size": list(stage.size),
                "driver": "scroll" if stage.scrolling else "time",
                "range": list(stage.range) if stage.range is not None else None,
                "animator": stage.animator,
                "node": stage.node,
                "paging": stage.paging,
                "targets": [
                    {"name": t.name, "shape": t.shape, "animated": animated.get(t.name, [])} for t in stage.targets
                ],
            }
        )
    return reports


# -- text -----------------------------------------------------------------------


def _number(value: Optional[float]) -> str:
    if value is None:
        return "∞"
    return f"{value:g}"


def _span(span: Optional[Sequence[Optional[float]]]) -> str:
    if span is None:
        return "no keyframes"
    return f"{_number(span[0])} … {_number(span[1])}"


def _timing_text(timing: Optional[Dict[str, Any]]) -> str:
    if not timing:
        return "default timing"
    defaults = {
        "delay": 0.0,
        "end_delay": 0.0,
        "duration": "auto",
        "iterations": 1.0,
        "iteration_start": 0.0,
        "direction": "normal",
        "fill": "auto",
        "easing": "linear",
    }
    parts = [f"{key} {value:g}" if isinstance(value, float) else f"{key} {value}" for key, value in timing.items()
             if defaults.get(key) != value]
    return ", ".join(parts) if parts else "default timing"


def _title(index: int, name: Optional[str]) -> str:
    return f"[{index}] {name!r}" if name else f"[{index}]"


def _node_lines(report: Report, index: Optional[int], indent: str, names: Sequence[Optional[str]]) -> List[str]:
    head = f"{indent}{_title(index, report.get('name')) if index is not None else 'at ' + _number(report['start'])}"
    line = f"{head} {report['type']}: {_timing_text(report['timing'])}; time span {_span(report['span'])}"
    if "animator" in report:
        line += f"; plays animators[{report['animator']}]"
        name = names[report["animator"]] if report["animator"] < len(names) else None
        if name:
            line += f" {name!r}"
    if report["type"] == "stagger":
        line += f"; {len(report['targets'])} targets"
    lines = [line]
    for child in report.get("children", []):
        lines.extend(_node_lines(child, None, indent + "    ", names))
    return lines


def text_report(report: Report) -> str:
    """The report as text, one section per list that is not empty."""
    lines = [f"{report['file']}: {report['format']}"]
    names = [a["name"] for a in report["animators"]]
    if report["animators"]:
        lines += ["", f"animators ({len(report['animators'])})"]
        for index, animator in enumerate(report["animators"]):
            variables = ", ".join(f"{k} = {v:g}" for k, v in animator["variables"].items())
            lines.append(
                f"  {_title(index, animator['name'])}: {plural(len(animator['tracks']), 'track')}, "
                f"time span {_span(animator['span'])}" + (f"; variables {variables}" if variables else "")
            )
            for track in animator["tracks"]:
                what = f"{track['target']}.{track['property']}" if track["target"] else track["property"]
                kind = track["kind"] + (f"×{track['channels']}" if track["channels"] != 1 else "")
                easing = ", ".join(track["easings"]) if track["easings"] else "-"
                relative = f"; relative to {track['relative_to'][0]}" if "relative_to" in track else ""
                lines.append(
                    f"      {what:<28} {kind:<14} {track['keyframes']:>4} keyframes  {_span(track['span']):<16} "
                    f"easings: {easing}{relative}"
                )
    if report["nodes"]:
        lines += ["", f"nodes ({len(report['nodes'])})"]
        for index, node in enumerate(report["nodes"]):
            lines.extend(_node_lines(node, index, "  ", names))
    if report["pagings"]:
        lines += ["", f"pagings ({len(report['pagings'])})"]
        for index, paging in enumerate(report["pagings"]):
            kept = ", ".join(f"{k['target']} ({k['attribute']})" for k in paging["kept"]) or "none"
            lines.append(
                f"  {_title(index, paging['name'])}: {paging['pages']} pages of {paging['page_width']:g} "
                f"(content {paging['content_width']:g}), animators[{paging['animator']}]; kept views: {kept}"
            )
    if report["paths"]:
        lines += ["", f"paths ({len(report['paths'])})"]
        for index, item in enumerate(report["paths"]):
            x, y, w, h = item["bounds"]
            closed = ", closed" if item["closed"] else ""
            lines.append(
                f"  {_title(index, item['name'])}: length {item['length']:.6g}{closed}, "
                f"bounds ({x:g}, {y:g}) {w:g}×{h:g}"
            )
    if report["masks"]:
        lines += ["", f"masks ({len(report['masks'])})"]
        for index, mask in enumerate(report["masks"]):
            lines.append(f"  {_title(index, mask['name'])}: {mask['kind']} {mask['width']:g}×{mask['height']:g}")
    if report["stages"]:
        lines += ["", f"stages ({len(report['stages'])})"]
        for index, stage in enumerate(report["stages"]):
            source = stage["node"] or stage["animator"] or stage["paging"]
            span = f", frames over {_span(stage['range'])}" if stage["range"] else ""
            lines.append(
                f"  {_title(index, stage.get('name'))}: {stage['size'][0]:g}×{stage['size'][1]:g}, "
                f"{stage['driver']}-driven by {source!r}{span}; {plural(len(stage['targets']), 'target')}"
            )
            for target in stage["targets"]:
                animated = ", ".join(target["animated"]) or "-"
                lines.append(f"      {target['name']:<28} {target['shape']:<8} animated: {animated}")
    lines += [""]
    if report["warnings"]:
        lines.append(f"warnings ({len(report['warnings'])})")
        lines.extend(f"  {warning}" for warning in report["warnings"])
    else:
        lines.append("no warnings")
    return "\n".join(lines)
