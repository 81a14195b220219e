"""Command line: `python3 -m razzle demo` and `python3 -m razzle version`."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from . import __version__, library_path
from ._demo import fade_table


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="razzle", description="razzle keyframe animation engine")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("demo", help="the RazzleDazzle README fade, sampled for each easing")
    commands.add_parser("version", help="print the library version and path")
    arguments = parser.parse_args(argv)
    if arguments.command == "demo":
        print(fade_table())
    else:
        print(f"razzle {__version__} ({library_path})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
