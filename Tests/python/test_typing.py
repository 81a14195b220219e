"""mypy --strict on the package, on the README's Python example and on a
typed user script (Tests/python/typed/usage.py, which pytest also runs); and
a script of wrong uses that mypy must reject line by line."""

import importlib.util
import os
import re
import runpy
import subprocess
import sys

import pytest
from conftest import REPO
from test_doc_examples import blocks

TYPED = REPO / "Tests" / "python" / "typed"


def mypy(*paths):
    """(exit code, output) of mypy --strict on `paths`, with razzle read from
    the source tree (MYPYPATH), not from an installed copy."""
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is not installed: `make test` installs it, or `pip install mypy`")
    env = dict(os.environ, MYPYPATH=str(REPO / "bindings" / "python"))
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(REPO / ".build" / "mypy-cache"),
               "--no-color-output", "--hide-error-context", *map(str, paths)]
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=REPO)
    return result.returncode, result.stdout + result.stderr


def readme_examples(directory):
    # The blocks the README test runs (the Dask example, run by make
    # test-dask, imports the dask extra, which make test does not install).
    examples = [block for block in blocks(REPO / "README.md", "python") if block.marker is None]
    assert examples
    paths = []
    for number, block in enumerate(examples):
        path = directory / f"readme_example_{number}.py"
        path.write_text(block.code)
        paths.append(path)
    return paths


def test_the_package_passes_mypy_strict():
    code, output = mypy(REPO / "bindings" / "python" / "razzle")
    assert code == 0, output


def test_the_readme_example_and_a_typed_script_pass_mypy_strict(tmp_path):
    code, output = mypy(*readme_examples(tmp_path), TYPED / "usage.py")
    assert code == 0, output


def test_the_typed_script_runs():
    runpy.run_path(str(TYPED / "usage.py"), run_name="__main__")


def test_wrong_uses_are_type_errors_exactly_where_marked():
    script = TYPED / "misuse.py"
    lines = script.read_text().splitlines()
    marked = {number for number, line in enumerate(lines, 1) if line.endswith("# error")}
    assert len(marked) >= 10
    code, output = mypy(script)
    assert code == 1, output
    reported = {int(n) for n in re.findall(r"misuse\.py:(\d+): error:", output)}
    assert reported == marked, output
