"""Stages (Guides/Rendering.md): what a renderer draws for a scene — a
viewport and its targets, each with base geometry and styling. Tracks whose
target is a target's name animate it.

`Stage` and `Target` are plain values that convert to and from the scene
format's objects. They check nothing themselves: the library validates a
stage (types, ranges, names, that the objects it names exist) when it is
added to a scene or read from a file, with the same messages in C and
Python."""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field, fields
from typing import Any, Dict, Iterable, List, Optional, Tuple

__all__ = ["Stage", "Target", "PROPERTY_CHANNELS", "property_suggestion"]

#: Every property a renderer draws on a stage's targets
#: (Guides/Rendering.md's table) with the channels it reads. A source may
#: animate other names (property names are free: any name is a scalar);
#: they are sampled and not drawn.
PROPERTY_CHANNELS: Dict[str, int] = {
    **dict.fromkeys(("frame",), 4),
    **dict.fromkeys(("size", "center", "position", "translation"), 2),
    **dict.fromkeys(("backgroundColor", "fillColor", "strokeColor", "textColor"), 4),
    "transform": 6,
    "transform3d": 16,
    **dict.fromkeys(
        (
            "left", "centerX", "right", "leftOffset", "centerXOffset", "rightOffset", "pathPosition", "offsetX",
            "offsetY", "scale", "rotation", "alpha", "opacity", "hidden", "strokeWidth", "lineWidth", "strokeStart",
            "strokeEnd", "cornerRadius", "blur", "mask",
        ),
        1,
    ),
}


def property_suggestion(name: str, known: Iterable[str] = PROPERTY_CHANNELS) -> Optional[str]:
    """The drawn property `name` is a near miss of ("alpah" → "alpha",
    "Alpha" → "alpha"), or None: a name that is drawn, or not close to any
    drawn name (a property of the caller's own)."""
    names = list(known)
    if name in names:
        return None
    folded = {candidate.lower(): candidate for candidate in names}
    if name.lower() in folded:
        return folded[name.lower()]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    return close[0] if close else None

Color4 = Tuple[float, float, float, float]

WHITE: Color4 = (1.0, 1.0, 1.0, 1.0)
CLEAR: Color4 = (0.0, 0.0, 0.0, 0.0)
BLACK: Color4 = (0.0, 0.0, 0.0, 1.0)


def _floats(value: Any) -> Any:
    """Lists of numbers as tuples of floats (the JSON arrays of a file);
    anything else as it is, for the library to judge."""
    if isinstance(value, (list, tuple)) and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in value
    ):
        return tuple(float(v) for v in value)
    return value


@dataclass(frozen=True)
class Target:
    """One drawn thing of a stage (a view): `shape` is "rect", "ellipse",
    "text", "path" or "image"; `frame` is (x, y, width, height) in content
    coordinates (top-left origin, y down). Colors are (r, g, b, a) in
    [0, 1], sRGB with straight alpha. `path`, `motion_path` and `mask` name
    objects of the same scene; `image` is a file name relative to the scene
    file's folder (or the current directory for a scene built in memory)."""

    name: str
    shape: str
    frame: Tuple[float, float, float, float]
    fill: Color4 = CLEAR
    stroke: Color4 = CLEAR
    stroke_width: float = 0.0
    corner_radius: float = 0.0
    alpha: float = 1.0
    hidden: bool = False
    anchor: Tuple[float, float] = (0.5, 0.5)
    blur: float = 0.0
    text: Optional[str] = None
    font_size: float = 17.0
    text_color: Color4 = BLACK
    path: Optional[str] = None
    image: Optional[str] = None
    motion_path: Optional[str] = None
    motion_rotate: str = "none"
    mask: Optional[str] = None
    scrolls: bool = True
    extensions: Optional[Dict[str, Any]] = None

    def to_dict(self) -> Dict[str, Any]:
        """The scene format's object: members with their default left out."""
        return _members(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Target:
        """A target from the scene format's object (as `kf_scene_stage_at`
        writes it: already validated)."""
        return cls(**{key: _floats(value) for key, value in data.items()})


@dataclass(frozen=True)
class Stage:
    """A viewport of `size` (width, height) points over `background`, with
    `targets` drawn in order (later ones on top). The values come from the
    scene's animator or root node named `animator` or `node`; with `paging`
    (a paging layout's name) the stage is that layout's scroll view: its
    driver is "scroll" and the animator is the layout's. `driver` "scroll"
    means frame values are content offsets in points (the content moves by
    −x); "time" means they are times. `range` is the default span of
    frames for a renderer."""

    size: Tuple[float, float]
    targets: Tuple[Target, ...] = ()
    name: Optional[str] = None
    background: Color4 = WHITE
    animator: Optional[str] = None
    node: Optional[str] = None
    paging: Optional[str] = None
    driver: Optional[str] = None
    range: Optional[Tuple[float, float]] = None
    extensions: Optional[Dict[str, Any]] = field(default=None)

    def to_dict(self) -> Dict[str, Any]:
        """The scene format's object (members in the file's order)."""
        data = _members(self)
        if self.targets:
            data["targets"] = [target.to_dict() for target in self.targets]
        order = ("name", "size", "background", "animator", "node", "paging", "driver", "range", "targets", "extensions")
        return {key: data[key] for key in order if key in data}

    def to_json(self) -> str:
        """The stage object as JSON text (`kf_scene_add_stage` reads it)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Stage:
        """A stage from the scene format's object."""
        values = {key: _floats(value) for key, value in data.items() if key != "targets"}
        targets = tuple(Target.from_dict(item) for item in data.get("targets", ()))
        return cls(targets=targets, **values)

    @classmethod
    def from_json(cls, text: str) -> Stage:
        """A stage from the JSON text of one stage object."""
        return cls.from_dict(json.loads(text))

    @property
    def scrolling(self) -> bool:
        """Whether frame values are content offsets (driver "scroll")."""
        return self.driver == "scroll" or (self.driver is None and self.paging is not None)

    def property_problems(self, columns: Iterable[Tuple[str, str]]) -> List[str]:
        """For each (target, property) of `columns` (a source's layout, or
        pairs) whose target this stage draws and whose property is not drawn
        but a near miss of one: `label.alpah is not a property the renderer
        draws (did you mean "alpha"?)`."""
        names = {target.name for target in self.targets}
        problems = []
        for column in columns:
            target, prop = column[0], column[1]
            if target not in names:
                continue
            suggestion = property_suggestion(prop)
            if suggestion is not None:
                problems.append(
                    f'{target}.{prop} is not a property the renderer draws (did you mean "{suggestion}"?)'
                )
        return problems

    def target(self, name: str) -> Target:
        """The target named `name` (KeyError if there is none)."""
        for target in self.targets:
            if target.name == name:
                return target
        raise KeyError(name)


def _members(value: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for item in fields(value):
        if item.name == "targets":
            continue
        current = getattr(value, item.name)
        if current == item.default:
            continue
        out[item.name] = list(current) if isinstance(current, tuple) else current
    return out
