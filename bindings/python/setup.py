"""Builds libkeyframe.so with the Swift package manager and puts it inside the
`razzle` package, so `pip install ./bindings/python` needs no other step and
`pip wheel` gives a (platform-specific) wheel that carries the library.

The Swift package is the copy an sdist carries (`libkeyframe/`, see
`SdistWithSwift`), else the checkout two directories up (the repository
root), else $RAZZLE_SOURCE_ROOT, which wins over both. Set $RAZZLE_SWIFT to
use another `swift` executable.

The package's version is the library's: `KF_VERSION_STRING` in the header
`include/keyframe.h`, the one place it is written.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
LIBRARY = "libkeyframe.so"
#: Where an sdist carries the Swift package, next to this file.
BUNDLED = "libkeyframe"
#: What of the Swift package a build needs: the manifest, the sources, the
#: header, and the test sources (the manifest declares the test target, and
#: SwiftPM refuses a manifest whose target folder is missing).
SWIFT_PACKAGE = ("Package.swift", "Sources", "include", "Tests/RazzleTests")


def source_root() -> Path:
    override = os.environ.get("RAZZLE_SOURCE_ROOT")
    candidates = [Path(override)] if override else [HERE / BUNDLED, HERE.parents[1]]
    for root in candidates:
        if (root / "Package.swift").is_file():
            return root
    sys.exit(
        f"razzle: no Package.swift in {' or '.join(map(str, candidates))}; build from a razzle "
        "checkout (pip install ./bindings/python), from an sdist made by `make dist`, or set "
        "RAZZLE_SOURCE_ROOT"
    )


def library_version(root: Path) -> str:
    header = (root / "include" / "keyframe.h").read_text()
    match = re.search(r'^#define KF_VERSION_STRING "([0-9]+\.[0-9]+\.[0-9]+)"$', header, flags=re.M)
    if not match:
        sys.exit(f"razzle: no KF_VERSION_STRING in {root / 'include' / 'keyframe.h'}")
    return match.group(1)


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
            # No RUNPATH $ORIGIN: the library looks for those four only
            # where the system keeps them, never beside itself.
            "--disable-local-rpath",
            # Package.swift reads the version (the soname) from the header,
            # which SwiftPM's manifest cache does not watch. The same flags
            # as the Makefile's, so neither relinks the other's build.
            "--manifest-cache", "none",
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
        # The binding loads this file by its path (razzle/_ffi.py), never by
        # its soname, so no other libkeyframe on the system can stand in.
        shutil.copy2(root / ".build" / "release" / LIBRARY, target / LIBRARY)


class SdistWithSwift(sdist):
    """An sdist that builds on its own: it carries the Swift package (the
    parts in SWIFT_PACKAGE) in `libkeyframe/`, where `source_root` finds it."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        root = source_root()
        for part in SWIFT_PACKAGE:
            source = root / part
            for path in sorted(source.rglob("*")) if source.is_dir() else [source]:
                if path.is_dir() or {".build", ".swiftpm", "__pycache__"} & set(path.relative_to(root).parts):
                    continue
                target = Path(base_dir) / BUNDLED / path.relative_to(root)
                if not target.exists():  # an sdist of an sdist lists them already
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, target)


class BinaryDistribution(Distribution):
    """A distribution with a native library: installed as platform code (the
    wheel's root is platlib, so the library sits beside the package's .py
    files)."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """The wheel carries a native library but no CPython extension: it is
    specific to the platform, not to the Python version. The tag is the
    build machine's (linux_x86_64); `make dist` has auditwheel check the
    library's glibc needs and retag it manylinux_2_X."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(
    version=library_version(source_root()),
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildWithSwift, "bdist_wheel": PlatformWheel, "sdist": SdistWithSwift},
)
