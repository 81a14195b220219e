"""The version numbers the documentation names are the header's
(`KF_VERSION_*` in include/keyframe.h): the installed file name
(libkeyframe.so.MAJOR.MINOR.PATCH), the soname (libkeyframe.so.MAJOR.MINOR)
and the CMake request (find_package(keyframe MAJOR.MINOR)); and the wheel's
manylinux tag is the library's newest glibc symbol version. CHANGELOG.md is
history and keeps the numbers of its time."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO
from test_packaging import newest_glibc_minor

HEADER = (REPO / "include" / "keyframe.h").read_text()
MAJOR, MINOR, PATCH = (int(re.search(rf"#define KF_VERSION_{part} (\d+)", HEADER).group(1)) for part in ("MAJOR", "MINOR", "PATCH"))
DOCS = [REPO / "README.md", REPO / "bindings" / "python" / "README.md", *sorted((REPO / "Guides").glob("*.md"))]


def mentions(pattern: str) -> list[tuple[Path, str]]:
    return [(doc, m) for doc in DOCS for m in re.findall(pattern, doc.read_text())]


def test_library_file_names_are_the_headers_version() -> None:
    names = mentions(r"libkeyframe\.so\.(\d+(?:\.\d+)*)")
    assert names, "the docs name the library's file"
    for doc, version in names:
        parts = tuple(int(x) for x in version.split("."))
        expected = (MAJOR, MINOR, PATCH)[: len(parts)]
        if parts == (1,) and MAJOR == 0:
            continue  # the 1.0 soname scheme, described ahead of time
        assert parts == expected, f"{doc.name} names libkeyframe.so.{version}; the header is {MAJOR}.{MINOR}.{PATCH}"


def test_cmake_requests_are_the_headers_minor_version() -> None:
    for doc, version in mentions(r"find_package\(keyframe (\d+\.\d+)"):
        assert version == f"{MAJOR}.{MINOR}", f"{doc.name}: find_package(keyframe {version}); the header is {MAJOR}.{MINOR}"


def test_the_wheel_tag_is_the_librarys_glibc_floor() -> None:
    import razzle

    minor = newest_glibc_minor(razzle.library_path)
    text = (REPO / "bindings" / "python" / "README.md").read_text()
    assert re.findall(r"manylinux_2_(\d+)_x86_64", text) == [str(minor)]
    assert re.findall(r"glibc 2\.(\d+) or newer", text) == [str(minor)]
