"""`razzle sample scene.json --times 0:90:1`: one object of a scene
sampled at many times in one batch call, as CSV, JSON or .npy."""

from __future__ import annotations

import argparse
import io
import json
import math
import sys
from typing import Any, Dict, List, Optional

import numpy as np

from razzle import RazzleError

from .common import STDIO, CommandError, UsageError, column_names, display_name, library_message, load_scene, pick

#: The most times one command samples (a typo like 0:1e9:1 fails fast).
MAX_TIMES = 10_000_000

DESCRIPTION = """\
Samples one object of a scene — the one named by --object, else the first
node, else the first animator — at every time in one batch call, and writes
a table: column "time", then one column per channel, named target.property
with .x/.y, .width/.height, .r/.g/.b/.a, ... for values with several
channels. Node times are the node's local time; NaN (empty in CSV, null in
JSON) where no clip has an effect.

--times START:STOP:STEP includes STOP when it lands on the grid
(0:90:1 is 91 times); a comma list (0,15,30) gives those times.

Formats: csv (default) and json go to stdout without -o; npy (a float64
array of shape (times, 1 + columns), column 0 the times, the rest in the
CSV header's order) needs -o."""


def times_argument(text: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    """argparse type: START:STOP:STEP (stop included when on the grid) or
    a comma-separated list of numbers."""
    try:
        if ":" in text:
            parts = [float(p) for p in text.split(":")]
            if len(parts) != 3:
                raise argparse.ArgumentTypeError(f"{text!r} is not START:STOP:STEP (like 0:90:1)")
            start, stop, step = parts
            if not all(math.isfinite(p) for p in parts):
                raise argparse.ArgumentTypeError(f"{text!r}: START, STOP and STEP must be finite numbers")
            if step == 0 or (stop - start) * step < 0:
                raise argparse.ArgumentTypeError(f"{text!r}: STEP must be nonzero and lead from START to STOP")
            steps = (stop - start) / step
            count = math.floor(steps + 1e-9 * max(1.0, abs(steps))) + 1
            if count > MAX_TIMES:
                raise argparse.ArgumentTypeError(f"{text!r} is {count} times, more than {MAX_TIMES}")
            times = start + step * np.arange(count, dtype=np.float64)
            return times
        values = [float(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not START:STOP:STEP or a comma list of numbers (like 0:90:1 or 0,15,30)"
        ) from None
    if not values:
        raise argparse.ArgumentTypeError("no times given")
    if not all(math.isfinite(v) for v in values):
        raise argparse.ArgumentTypeError(f"{text!r}: times must be finite numbers")
    return np.array(values, dtype=np.float64)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "sample",
        help="sample a scene's node or animator at many times (CSV, JSON, npy)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("scene", help="a razzle-scene/1 file; - for standard input")
    parser.add_argument("--times", type=times_argument, required=True, metavar="SPEC", help="START:STOP:STEP or T1,T2,...")
    parser.add_argument("--format", choices=("csv", "json", "npy"), help="default: from -o's extension, else csv")
    parser.add_argument("--object", metavar="NAME", help="the node, animator or paging layout to sample, by name")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout (- is stdout; required for npy)")
    parser.set_defaults(func=run)


def number(value: float) -> Optional[float]:
    """A JSON number: None (null) for NaN and infinities."""
    return value if math.isfinite(value) else None


def csv_text(names: List[str], times: np.ndarray[Any, Any], matrix: np.ndarray[Any, Any]) -> str:
    """A header line, then one line per time; numbers as the shortest text
    that reads back to the same double, NaN as an empty field."""
    out = io.StringIO()
    out.write(",".join(["time"] + [csv_field(n) for n in names]) + "\n")
    for t, row in zip(times.tolist(), matrix.tolist()):
        out.write(",".join(repr(v) if v == v else "" for v in [t] + row) + "\n")
    return out.getvalue()


def csv_field(name: str) -> str:
    """A header field, quoted when it holds a comma or a quote (RFC 4180)."""
    if any(c in name for c in ',"\n\r'):
        return '"' + name.replace('"', '""') + '"'
    return name


def json_text(label: str, names: List[str], times: np.ndarray[Any, Any], matrix: np.ndarray[Any, Any]) -> str:
    """{"object": label, "times": [...], "columns": {name: [...], ...}}."""
    columns: Dict[str, List[Optional[float]]] = {
        name: [number(v) for v in matrix[:, i].tolist()] for i, name in enumerate(names)
    }
    document = {"object": label, "times": [number(t) for t in times.tolist()], "columns": columns}
    return json.dumps(document, allow_nan=False, ensure_ascii=False) + "\n"


def run(arguments: argparse.Namespace) -> int:
    output: Optional[str] = arguments.output
    form: str = arguments.format or _format_of(output)
    if form == "npy" and output is None:
        raise UsageError(
            "sample: --format npy writes binary data: give -o FILE.npy, or -o - for standard output (see razzle sample --help)"
        )
    scene = load_scene(arguments.scene)
    label, obj = pick(scene, display_name(arguments.scene), arguments.object)
    times: np.ndarray[Any, np.dtype[np.float64]] = arguments.times
    try:
        matrix = obj.sample(times)
        names = column_names(obj.layout)
    except RazzleError as error:
        raise CommandError(f"{display_name(arguments.scene)}: {label}: {library_message(error)}") from None
    if len(names) != matrix.shape[-1]:  # the layout is read after sampling; a scene is not edited meanwhile
        raise CommandError(f"{display_name(arguments.scene)}: {label}'s columns changed while it was sampled")
    if form == "npy":
        assert output is not None
        table = np.column_stack([times, matrix])
        if output == STDIO:
            np.save(sys.stdout.buffer, table)
            sys.stdout.buffer.flush()
            return 0
        with open(output, "wb") as file:
            np.save(file, table)
        return 0
    text = csv_text(names, times, matrix) if form == "csv" else json_text(label, names, times, matrix)
    if output is None or output == STDIO:
        sys.stdout.write(text)
    else:
        with open(output, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    return 0


def _format_of(output: Optional[str]) -> str:
    if output is not None:
        for extension in ("csv", "json", "npy"):
            if output.lower().endswith("." + extension):
                return extension
    return "csv"
