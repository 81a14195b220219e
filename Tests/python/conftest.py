"""Shared fixtures: repository paths, the shared vectors, the C program."""

import json
import math
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEADER = REPO / "include" / "keyframe.h"
VECTORS = REPO / "Tests" / "vectors"


def vector_number(x):
    """A vector-file number: JSON numbers, or "nan", "inf", "-inf"."""
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(x, x) if isinstance(x, str) else float(x)


def load_vectors(name="foundation.json"):
    return json.loads((VECTORS / name).read_text())


def vector_files():
    """The names of every vector file in Tests/vectors, sorted."""
    return sorted(p.name for p in VECTORS.glob("*.json"))


@pytest.fixture(scope="session")
def c_program(tmp_path_factory):
    """Path to the compiled C vector program: $RAZZLE_C_TEST (make builds it),
    or compiled here against the installed package's library."""
    built = os.environ.get("RAZZLE_C_TEST")
    if built and Path(built).is_file():
        return Path(built)
    import razzle

    work = tmp_path_factory.mktemp("c")
    inc = work / "vectors.inc"
    vectors = sorted(str(p) for p in VECTORS.glob("*.json"))
    subprocess.run(["python3", str(REPO / "Tests/c/gen_vectors.py"), str(inc), *vectors], check=True)
    lib_dir = Path(razzle.library_path).parent
    exe = work / "vectors_test"
    subprocess.run(
        ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{REPO / 'include'}", f"-I{work}",
         "-o", str(exe), str(REPO / "Tests/c/vectors_test.c"), f"-L{lib_dir}", "-l:libkeyframe.so",
         f"-Wl,-rpath,{lib_dir}", "-lm"],
        check=True,
    )
    return exe


@pytest.fixture
def anim():
    """An empty animator, closed after the test."""
    import razzle

    with razzle.Animator() as animator:
        yield animator


@pytest.fixture
def alpha(anim):
    """RazzleDazzle's README track: label alpha 1 at 30, 0 at 60 (linear)."""
    track = anim.add_track("label", "alpha")
    track[30] = 1.0
    track[60] = 0.0
    return track
