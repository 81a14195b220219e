"""`razzle import lottie in.json -o scene.json`: a Lottie (bodymovin)
document as a razzle scene file (Guides/Lottie.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, List

import razzle
from razzle import RazzleError

from .common import STDIO, CommandError, check_readable, display_name, library_message, plural, read_stdin, status

DESCRIPTION = """\
Imports a Lottie (bodymovin) JSON document with razzle.import_lottie and
writes its timeline (one clip per layer, with the animators they play) as a
razzle-scene/1 file. What was not imported (an unsupported feature, by
name, with its JSON Pointer) is listed on stderr, and so is what the scene
file cannot carry: the curves of spatial positions (the file keeps their
progress tracks) and static values (--strict fails instead, writing
nothing); then one summary line on stderr. "-" reads standard input or
writes standard output. Guides/Lottie.md says what is imported."""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "import",
        help="convert another format into a razzle scene file (lottie)",
        description="Converts a file of another format into a razzle-scene/1 file.",
    )
    formats = parser.add_subparsers(dest="format", metavar="FORMAT", required=True)
    lottie = formats.add_parser(
        "lottie",
        help="a Lottie (bodymovin) JSON document",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lottie.add_argument("input", help="the Lottie .json file; - for standard input")
    lottie.add_argument("-o", "--output", required=True, help="the scene file to write; - for standard output")
    lottie.add_argument(
        "--strict", action="store_true", help="fail, writing nothing, when the scene file cannot carry all of the import"
    )
    lottie.add_argument("--seconds", action="store_true", help="time in seconds (frame / fr) instead of frames")
    lottie.set_defaults(func=run_lottie)


def _lost(imported: Any) -> List[str]:
    """What a scene file cannot carry of `imported`, one line each: the
    curves of spatial positions (the file keeps their progress and segment
    tracks, not the path between the keyframes) and the static values (a
    property with one value has no track)."""
    curved = sorted({c.target for c in imported.timeline.layout if c.property == "transform.position.progress"})
    static = imported.static_values
    lines = []
    if curved:
        lines.append(
            f"{plural(len(curved), 'curved position path')} not in the scene file (the file has their "
            f"transform.position.progress and .segment tracks, not the curves): {', '.join(curved[:3])}"
            + (", …" if len(curved) > 3 else "")
        )
    if static:
        names = [f"{target}.{prop}" if target else prop for target, prop in list(static)[:3]]
        lines.append(
            f"{plural(len(static), 'static value')} not in the scene file (a property with one value has no "
            f"track): {', '.join(names)}" + (", …" if len(static) > 3 else "")
        )
    return lines


def run_lottie(arguments: argparse.Namespace) -> int:
    source = arguments.input
    name = display_name(source)
    check_readable(source)
    try:
        imported = razzle.import_lottie(read_stdin() if source == STDIO else source, seconds=arguments.seconds)
    except RazzleError as error:
        raise CommandError(f"{name}: {library_message(error)}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{name}: not UTF-8 text") from None
    with imported:
        lost = _lost(imported)
        if lost and arguments.strict:
            raise CommandError(f"{name}: {lost[0]}" + (f" (and {len(lost) - 1} more)" if len(lost) > 1 else "")
                               + "; nothing written (--strict)")
        for warning in imported.warnings:
            where = f" at {warning.pointer}" if warning.pointer else ""
            print(f"razzle: {name}: warning: {warning.feature}{where}: {warning.message}", file=sys.stderr)
        for line in lost:
            print(f"razzle: {name}: warning: {line}", file=sys.stderr)
        try:
            if arguments.output == STDIO:
                sys.stdout.write(razzle.dumps(imported.timeline))
                sys.stdout.flush()
            else:
                razzle.dump(imported.timeline, arguments.output)
        except RazzleError as error:
            raise CommandError(f"{display_name(arguments.output, output=True)}: {library_message(error)}") from None
        unit = imported.time_unit
        span = f"{imported.in_point:g} … {imported.out_point:g} frames at {imported.frame_rate:g} fps"
        skipped = len(imported.warnings) + len(lost)
        status(
            f"wrote {display_name(arguments.output, output=True)}: {plural(len(imported.layers), 'layer')}, "
            f"{plural(len(imported.columns), 'animated value')}, {span} (time in {unit}); {plural(skipped, 'warning')}"
        )
    return 0
