"""The `razzle` command line (console script `razzle`, also `python -m
razzle`): render, plot, sample, inspect, import, demo, version.

`razzle.cli.main.main(argv)` runs one command and returns its exit code:
0 on success, 1 for a command that failed (one line on stderr, `razzle:
<file>: <what is wrong>`), 2 for a usage error, 130 on Ctrl-C."""

from __future__ import annotations

from .main import main

__all__ = ["main"]
