"""`python -m razzle ...` and the `razzle` console script: the command
line of razzle.cli (`razzle --help`)."""

from __future__ import annotations

import sys
from typing import List, Optional


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line and returns its exit code (razzle.cli.main)."""
    try:
        from .cli.main import main as run

        return run(argv)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
