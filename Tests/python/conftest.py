"""Shared fixtures: repository paths, the shared vectors, the C program."""

import importlib.util
import json
import math
import os
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEADER = REPO / "include" / "keyframe.h"
VECTORS = REPO / "Tests" / "vectors"
SOURCE = REPO / "bindings" / "python" / "razzle"


def pytest_sessionstart(session):
    """Stops before any test when the razzle that `import razzle` finds is
    an installed copy whose Python files differ from the source tree's: the
    tests describe the source, and a stale copy fails them in ways that
    look like real bugs (a test expecting frame delays from the frames'
    times against an encoder from before that change). `make test`
    reinstalls first; PYTHONPATH=bindings/python tests the source."""
    spec = importlib.util.find_spec("razzle")
    if spec is None or not spec.submodule_search_locations:
        return  # the tests that import it say so
    found = Path(list(spec.submodule_search_locations)[0]).resolve()
    if found == SOURCE.resolve():
        return
    stale = []
    for path in sorted(SOURCE.rglob("*.py")):
        copy = found / path.relative_to(SOURCE)
        if not copy.is_file() or copy.read_bytes() != path.read_bytes():
            stale.append(str(path.relative_to(SOURCE)))
    if stale:
        listed = ", ".join(stale[:5]) + (f" and {len(stale) - 5} more" if len(stale) > 5 else "")
        pytest.exit(
            f"razzle is imported from {found}, a copy that differs from {SOURCE} ({listed}): "
            f"run `make python` to reinstall it, or set PYTHONPATH={SOURCE.parent} to test the source",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


def vector_number(x):
    """A vector-file number: JSON numbers, or "nan", "inf", "-inf"."""
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(x, x) if isinstance(x, str) else float(x)


def load_vectors(name="foundation.json"):
    return json.loads((VECTORS / name).read_text())


def vector_files(schema="razzle-vectors/"):
    """The names of the vector files in Tests/vectors whose schema starts
    with `schema`, sorted: the generic track, easing and timing files by
    default; "razzle-choreography/" for the timing-tree and player files."""
    return sorted(
        p.name for p in VECTORS.glob("*.json") if json.loads(p.read_text())["schema"].startswith(schema)
    )


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
    vectors = sorted(str(VECTORS / name) for name in vector_files())
    subprocess.run(["python3", str(REPO / "Tests/c/gen_vectors.py"), str(inc), *vectors], check=True)
    # The program asks for the library's soname (libkeyframe.so.0.3): a link
    # by that name beside it leads to the package's copy.
    library = Path(razzle.library_path)
    (work / elf_soname(library)).symlink_to(library)
    exe = work / "vectors_test"
    subprocess.run(
        ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{REPO / 'include'}", f"-I{work}",
         "-o", str(exe), str(REPO / "Tests/c/vectors_test.c"), str(library), f"-Wl,-rpath,{work}", "-lm"],
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

def readelf(path):
    """`readelf -d -V` of an ELF file: its dynamic section and symbol versions."""
    return subprocess.run(["readelf", "-d", "-V", str(path)], capture_output=True, text=True, check=True).stdout


def elf_soname(path):
    """The DT_SONAME an ELF file declares, or None."""
    match = re.search(r"\(SONAME\)\s+Library soname: \[(.+)\]", readelf(path))
    return match.group(1) if match else None


def header_version():
    """(major, minor, patch) from the header's KF_VERSION_* defines, and its
    KF_VERSION_STRING: the one place the version is written."""
    text = HEADER.read_text()
    parts = tuple(
        int(re.search(rf"^#define KF_VERSION_{k} (\d+)$", text, flags=re.M).group(1)) for k in ("MAJOR", "MINOR", "PATCH")
    )
    return parts, re.search(r'^#define KF_VERSION_STRING "([^"]+)"$', text, flags=re.M).group(1)


def expected_soname():
    """The soname rule (Package.swift, README): the major version from 1.0
    on, the major and minor version before 1.0, where a minor may break the
    ABI."""
    (major, minor, _), _ = header_version()
    return f"libkeyframe.so.{major}" if major >= 1 else f"libkeyframe.so.{major}.{minor}"


def clean_make_env(**overrides):
    """The environment for running make from a test: without the calling
    make's flags and without an environment variable that would redirect
    what is tested (install paths, the library the package loads)."""
    dropped = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "RAZZLE_LIBRARY", "PREFIX", "DESTDIR", "LIBDIR", "INCLUDEDIR",
               "PKGCONFIGDIR", "CMAKEDIR", "PKG_CONFIG_PATH", "PKG_CONFIG_SYSROOT_DIR", "CMAKE_PREFIX_PATH")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(overrides)
    return env
