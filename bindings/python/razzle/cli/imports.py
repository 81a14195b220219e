"""`razzle import lottie in.json -o scene.json`: a Lottie (bodymovin)
document as a razzle scene file (Guides/Lottie.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import razzle
from razzle import RazzleError

from .common import CommandError, check_readable, library_message, plural

DESCRIPTION = """\
Imports a Lottie (bodymovin) JSON document with razzle.import_lottie and
writes its timeline (one clip per layer, with the animators they play) as a
razzle-scene/1 file. What was not imported (an unsupported feature, by
name, with its JSON Pointer) is listed on stderr; then one summary line.
Guides/Lottie.md says what is imported."""


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
    lottie.add_argument("input", help="the Lottie .json file")
    lottie.add_argument("-o", "--output", required=True, help="the scene file to write")
    lottie.add_argument("--seconds", action="store_true", help="time in seconds (frame / fr) instead of frames")
    lottie.set_defaults(func=run_lottie)


def run_lottie(arguments: argparse.Namespace) -> int:
    check_readable(arguments.input)
    try:
        imported = razzle.import_lottie(arguments.input, seconds=arguments.seconds)
    except RazzleError as error:
        raise CommandError(f"{arguments.input}: {library_message(error)}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{arguments.input}: not UTF-8 text") from None
    with imported:
        for warning in imported.warnings:
            where = f" at {warning.pointer}" if warning.pointer else ""
            print(f"razzle: {arguments.input}: warning: {warning.feature}{where}: {warning.message}", file=sys.stderr)
        try:
            razzle.dump(imported.timeline, arguments.output)
        except RazzleError as error:
            raise CommandError(f"{arguments.output}: {library_message(error)}") from None
        unit = imported.time_unit
        span = f"{imported.in_point:g} … {imported.out_point:g} frames at {imported.frame_rate:g} fps"
        skipped = len(imported.warnings)
        print(
            f"wrote {arguments.output}: {plural(len(imported.layers), 'layer')}, {plural(len(imported.columns), 'animated value')}, "
            f"{span} (time in {unit}); {plural(skipped, 'warning')}"
        )
    return 0
