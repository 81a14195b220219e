"""Builds libkeyframe.so with the Swift package manager and puts it inside the
`razzle` package, so `pip install ./bindings/python` needs no other step and
`pip wheel` gives a (platform-specific) wheel that carries the library.

The Swift package is found two directories up (the repository root), or at
$RAZZLE_SOURCE_ROOT. Set $RAZZLE_SWIFT to use another `swift` executable.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
LIBRARY = "libkeyframe.so"


def source_root() -> Path:
    root = Path(os.environ.get("RAZZLE_SOURCE_ROOT") or HERE.parents[1])
    if not (root / "Package.swift").is_file():
        sys.exit(
            f"razzle: no Package.swift in {root}; build from a razzle checkout "
            "(pip install ./bindings/python) or set RAZZLE_SOURCE_ROOT"
        )
    return root


class BuildWithSwift(build_py):
    """Runs `swift build -c release` and copies the library into the package."""

    def run(self):
        root = source_root()
        swift = os.environ.get("RAZZLE_SWIFT", "swift")
        command = [
            swift, "build", "-c", "release",
            # Link the Swift runtime statically: the .so needs only libc,
            # libstdc++, libm and libgcc_s at run time.
            "-Xswiftc", "-static-stdlib",
            "--product", "keyframe",
        ]
        try:
            subprocess.run(command, cwd=root, check=True)
        except FileNotFoundError:
            sys.exit(f"razzle: '{swift}' not found; install Swift 6 or set RAZZLE_SWIFT")
        except subprocess.CalledProcessError as error:
            sys.exit(f"razzle: swift build failed ({error.returncode})")
        super().run()
        target = Path(self.build_lib) / "razzle"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / ".build" / "release" / LIBRARY, target / LIBRARY)


class BinaryDistribution(Distribution):
    """A distribution with a native library: installed as platform code (the
    wheel's root is platlib, so the library sits beside the package's .py
    files)."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """The wheel carries a native library but no CPython extension: it is
    specific to the platform, not to the Python version."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(distclass=BinaryDistribution, cmdclass={"build_py": BuildWithSwift, "bdist_wheel": PlatformWheel})
