"""What the commands share: the one-line error, scene loading with the
error's location, optional dependencies, picking an object of a scene, and
column names from a layout."""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
from types import ModuleType
from typing import Any, List, Optional, Tuple, Union

import razzle
from razzle import Animator, Column, Layout, Node, Paging, RazzleError, Scene
from razzle._values import KIND_TYPES

#: The pip extra that brings the optional dependencies (pyproject.toml).
RENDER_EXTRA = "pip install 'razzle[render]'"

Sampleable = Union[Animator, Node]


class CommandError(Exception):
    """A command that failed: `str(error)` is the line printed after
    "razzle: " (a file name first when one is at fault); exit code 1."""

    exit_code = 1


class UsageError(CommandError):
    """Options that do not go together (found after parsing): exit code 2,
    as argparse's usage errors."""

    exit_code = 2


def plural(count: int, word: str) -> str:
    """"1 track", "3 tracks"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def library_message(error: BaseException) -> str:
    """A razzle error's message without the C function's name in front
    ("kf_scene_load_file: /animators/0: ..." reads "/animators/0: ...")."""
    message = str(error)
    head, separator, rest = message.partition(": ")
    if separator and head.startswith("kf_") and " " not in head:
        message = rest
    return message


def located(error: RazzleError) -> str:
    """A load error's message with its JSON Pointer, line and column (the
    library's message has them; they are added when it does not)."""
    message = library_message(error)
    pointer = error.pointer
    if pointer and pointer not in message:
        message = f"{pointer}: {message}"
    if error.line and f"line {error.line}" not in message:
        message = f"{message} (line {error.line}, column {error.column})"
    return message


#: The file name that means standard input (for a file read) or standard
#: output (for a file written), as POSIX utilities read it.
STDIO = "-"

#: How standard input and output are named in messages.
STDIN_NAME = "<stdin>"
STDOUT_NAME = "<stdout>"

_stdin_cache: List[bytes] = []


def read_stdin() -> bytes:
    """Standard input's bytes, read once (a command may look at them twice:
    to tell a Lottie file from a scene, then to load it)."""
    if not _stdin_cache:
        _stdin_cache.append(sys.stdin.buffer.read())
    return _stdin_cache[0]


def display_name(path: str, output: bool = False) -> str:
    """`path` for messages: "-" as <stdin>, or <stdout> for an `output`."""
    if path != STDIO:
        return path
    return STDOUT_NAME if output else STDIN_NAME


def status(message: str) -> None:
    """A status line (`wrote …`) on stderr, so that stdout stays data."""
    print(message, file=sys.stderr)


def warn(message: str) -> None:
    """`razzle: warning: …` on stderr."""
    print(f"razzle: warning: {message}", file=sys.stderr)


def check_readable(path: str) -> None:
    """CommandError naming `path` when it is not a readable file ("-",
    standard input, always is)."""
    if path == STDIO:
        return
    if not os.path.exists(path):
        raise CommandError(f"{path}: no such file")
    if os.path.isdir(path):
        raise CommandError(f"{path}: is a directory, not a file")
    if not os.access(path, os.R_OK):
        raise CommandError(f"{path}: permission denied")


def load_scene(path: str) -> Scene:
    """razzle.load(path) (standard input for "-"), failing with one line
    that names the file, the JSON Pointer, the line and the column."""
    check_readable(path)
    try:
        if path == STDIO:
            return razzle.loads(read_stdin())
        return razzle.load(path)
    except RazzleError as error:
        raise CommandError(f"{display_name(path)}: {located(error)}") from None


def require(module: str, command: str) -> ModuleType:
    """The optional dependency `module` (imported by name, so nothing here
    depends on its type stubs), or a CommandError naming the pip extra
    (or, for a part of razzle this build lacks, saying so)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing = error.name or module
        if missing.startswith("razzle"):
            raise CommandError(f"{command} needs {missing}, which is not part of this razzle build") from None
        top = missing.split(".")[0]
        package = {"PIL": "pillow", "skia": "skia-python", "imageio_ffmpeg": "imageio-ffmpeg"}.get(top, top)
        raise CommandError(f"{command} needs {package}, which is not installed: {RENDER_EXTRA}") from None


def write_error(message: str) -> None:
    print(f"razzle: {message}", file=sys.stderr)


def pick(scene: Scene, path: str, name: Optional[str]) -> Tuple[str, Sampleable]:
    """(a label, the object) to sample: the one named `name` (an animator, a
    node, or a paging layout's animator), else the first node, else the
    first animator."""
    if name is not None:
        try:
            found = scene[name]
        except KeyError:
            known = [n for kind in ("nodes", "animators", "pagings") for n in scene.names(kind) if n]
            hint = f" (the scene has {', '.join(known)})" if known else " (the scene names no objects)"
            raise CommandError(f"{path}: no object named {name!r}{hint}") from None
        if isinstance(found, (Animator, Node)):
            return name, found
        if isinstance(found, Paging):
            return name, found.animator
        raise CommandError(f"{path}: {name!r} is a {type(found).__name__.lower()}, which has no values over time")
    if scene.nodes:
        return _label(scene, "nodes", 0), scene.nodes[0]
    if scene.animators:
        return _label(scene, "animators", 0), scene.animators[0]
    raise CommandError(f"{path}: the scene has no node and no animator to sample")


def _label(scene: Scene, kind: str, index: int) -> str:
    name = scene.names(kind)[index]
    return name if name else f"{kind}[{index}]"


def components(kind: str, channels: int) -> List[str]:
    """The channel names of a kind as the library lists them (kf_kind_get:
    "x y", "r g b a", ...), channel numbers for a vector."""
    record: Any = KIND_TYPES.get(kind)
    fields: Tuple[str, ...] = tuple(getattr(record, "_fields", ())) if record is not None else ()
    if len(fields) == channels:
        return list(fields)
    return [str(i) for i in range(channels)]


def kind_channels(kind: str) -> int:
    """The channel count of a kind with named components (2 for "point",
    4 for "color"), 1 for "scalar" and "bool" (and a vector's is its own)."""
    record: Any = KIND_TYPES.get(kind)
    return len(getattr(record, "_fields", ())) or 1 if record is not None else 1


def column_name(column: Column) -> str:
    """`target.property`, or `property` for the empty target."""
    return f"{column.target}.{column.property}" if column.target else column.property


def column_names(layout: Layout) -> List[str]:
    """One name per matrix column: `target.property` for one channel, with
    a `.x`/`.y`/`.r`/... suffix per channel otherwise."""
    names: List[str] = []
    for column in layout:
        base = column_name(column)
        if column.channels == 1:
            names.append(base)
        else:
            names.extend(f"{base}.{part}" for part in components(column.kind, column.channels))
    return names


def size_argument(text: str) -> Tuple[int, int]:
    """argparse type for WIDTHxHEIGHT in pixels ("375x667")."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        width, height = int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT in pixels (like 375x667)") from None
    if not (0 < width <= 16384 and 0 < height <= 16384):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be 1 to 16384 pixels")
    return width, height


def number_argument(text: str) -> float:
    """argparse type for a finite number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def positive_argument(text: str) -> float:
    """argparse type for a finite number above 0."""
    value = number_argument(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be above 0")
    return value


def count_argument(text: str) -> int:
    """argparse type for a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value
