"""The argparse tree of `razzle` and the one place errors become exit
codes: 0 success, 1 a failed command (one line on stderr: `razzle: <file>:
<what is wrong>`), 2 a usage error, 130 on Ctrl-C (no traceback)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, List, NoReturn, Optional, Sequence

from razzle import RazzleError, __version__, kernel_level, kernel_levels, library_path, thread_count

from . import demo, imports, inspect, plot, render, sample
from .common import CommandError, library_message, write_error

Command = Callable[[argparse.Namespace], int]

EPILOG = """\
exit codes: 0 success, 1 the command failed (one line on stderr:
"razzle: <file>: <what is wrong>"), 2 a usage error, 130 interrupted.
"-" is standard input where a file is read, standard output where one is
written; status lines ("wrote ...") go to stderr, so stdout stays data.
Rendering and plotting need the optional extra: pip install 'razzle[render]'."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr (the
    command's name, the problem, where the help is) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"razzle: {message} (see {self.prog} --help)\n")


def build_parser() -> Parser:
    """The `razzle` parser with one sub-parser per command, each with
    `func` set to the command's run function."""
    parser = Parser(
        prog="razzle",
        description="razzle keyframe animation engine: render, plot, sample and inspect scene files",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"razzle {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (render, plot, sample, inspect, imports, demo):
        module.add_parser(commands)
    version = commands.add_parser(
        "version",
        help="print the library version, path and kernel level",
        description="Prints razzle's version, the library it loaded, the CPU level its kernels run at and its batch threads.",
    )
    version.set_defaults(func=run_version)
    return parser


def run_version(arguments: argparse.Namespace) -> int:
    """`razzle version`: the version and the path of libkeyframe.so, then
    the kernels' CPU level (of those this CPU runs) and the batch threads."""
    print(f"razzle {__version__} ({library_path})")
    print(f"kernels {kernel_level()} (this CPU runs: {', '.join(kernel_levels())}); batch threads {thread_count()}")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs `razzle ARGV...` (sys.argv[1:] by default) and returns the exit
    code; output goes to stdout and stderr."""
    parser = build_parser()
    try:
        arguments = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exit:
        return exit.code if isinstance(exit.code, int) else 2
    run: Command = arguments.func
    try:
        return run(arguments)
    except CommandError as error:
        write_error(str(error))
        return error.exit_code
    except RazzleError as error:
        write_error(library_message(error))
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `razzle sample ... | head`: the reader left; say nothing more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        write_error(f"{where}{error.strerror or error}")
    return 1


__all__: List[str] = ["main", "build_parser", "Parser"]
