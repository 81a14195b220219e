"""`pip wheel ./bindings/python` gives a platform wheel carrying the library,
and the installed package finds its own copy."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import razzle
from conftest import REPO


def test_wheel_carries_the_library(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(REPO / "bindings/python")],
        check=True,
    )
    (wheel,) = tmp_path.glob("razzle-*.whl")
    assert wheel.name.endswith("-py3-none-linux_x86_64.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/WHEEL"))
    assert "razzle/libkeyframe.so" in names
    assert "razzle/_ffi.py" in names
    assert "Root-Is-Purelib: false" in metadata


def test_the_package_loads_its_own_library_unless_told_otherwise():
    path = Path(razzle.library_path)
    override = os.environ.get("RAZZLE_LIBRARY")
    if override:
        assert path == Path(override)
    else:
        assert path == Path(razzle.__file__).parent / "libkeyframe.so"


def test_a_missing_library_is_a_clear_import_error(tmp_path):
    code = "import razzle"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"RAZZLE_LIBRARY": str(tmp_path / "nope.so"), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode != 0
    assert "cannot load" in result.stderr and "pip install ./bindings/python" in result.stderr
