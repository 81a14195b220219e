"""The C library installs like one. The built library declares its soname
(the major version, and before 1.0 the minor one too) and puts every function
in one version node; `make install` stages the header, the library with its
soname links, keyframe.pc and the CMake package under a DESTDIR; the
README's C example builds against the staged tree through pkg-config and
through CMake, and runs; `make uninstall` takes back what it put there."""

import os
import re
import shutil
import subprocess

import pytest
from conftest import HEADER, REPO, clean_make_env, elf_soname, expected_soname, header_version, readelf
from test_abi import header_functions
from test_doc_examples import blocks, marked

LIB = REPO / ".build" / "release" / "libkeyframe.so"
PREFIX = "/opt/keyframe"
SYSTEM_LIBRARIES = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2"}

pytestmark = pytest.mark.skipif(not LIB.is_file(), reason="no .build/release/libkeyframe.so (make build)")


def version_node():
    (major, minor, _), _ = header_version()
    return f"KEYFRAME_{major}.{minor}"


def make(*args):
    result = subprocess.run(
        ["make", "--no-print-directory", *args], cwd=REPO, env=clean_make_env(), capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def files_under(root):
    """Every file and link under `root`, as paths relative to it."""
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def dynamic_symbols(path):
    """[(binding, section, version, name)] from `objdump -T`."""
    output = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True, check=True).stdout
    symbols = []
    for match in re.finditer(r"^[0-9a-f]{16} (.{7}) (\S+)\s+[0-9a-f]{16}\s+(.+)$", output, flags=re.M):
        flags, section, rest = match.groups()
        tokens = rest.split()
        version = tokens[0] if len(tokens) > 1 and not tokens[0].startswith(".") else None
        symbols.append((flags[0], section, version, tokens[-1], rest))
    return symbols


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    """`make install DESTDIR=<staging root> PREFIX=/opt/keyframe`: the
    staging root (the installed files still name PREFIX)."""
    destdir = tmp_path_factory.mktemp("stage")
    make("install", f"DESTDIR={destdir}", f"PREFIX={PREFIX}")
    return destdir


@pytest.fixture(scope="module")
def client(staged, tmp_path_factory):
    """The README's C example, built through pkg-config against the staged
    tree (PKG_CONFIG_SYSROOT_DIR maps the .pc file's paths into it)."""
    work = tmp_path_factory.mktemp("client")
    (block,) = blocks(REPO / "README.md", "c")
    (work / "app.c").write_text(block.code)
    root = staged / PREFIX.lstrip("/")
    env = clean_make_env(PKG_CONFIG_PATH=str(root / "lib" / "pkgconfig"), PKG_CONFIG_SYSROOT_DIR=str(staged))
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "keyframe"], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert flags == [f"-I{root}/include", f"-L{root}/lib", "-lkeyframe"]
    subprocess.run(
        "cc -std=c11 -Wall -Werror app.c $(pkg-config --cflags --libs keyframe) -o app",
        shell=True, cwd=work, env=env, check=True,
    )
    return work / "app"


def test_the_library_declares_its_soname_and_no_search_path():
    dynamic = readelf(LIB)
    assert elf_soname(LIB) == expected_soname()
    assert "(RPATH)" not in dynamic and "(RUNPATH)" not in dynamic  # no $ORIGIN: SwiftPM's default is off
    needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.+)\]", dynamic))
    assert needed <= SYSTEM_LIBRARIES, needed - SYSTEM_LIBRARIES
    # The build tree's soname link, through which the C test programs load it.
    link = LIB.parent / expected_soname()
    assert link.is_symlink() and os.readlink(link) == LIB.name


def test_every_function_is_in_the_version_node():
    node = version_node()
    defined = [s for s in dynamic_symbols(LIB) if s[0] == "g" and s[1] != "*UND*"]
    functions = [s for s in defined if s[1] != "*ABS*"]
    assert [s[3] for s in defined if s[1] == "*ABS*"] == [node]  # the node's own symbol
    assert sorted(s[3] for s in functions) == sorted(header_functions())
    assert {s[2] for s in functions} == {node}
    # Protected: the library's calls to its own functions never bind to
    # another copy's (a preloaded or earlier-loaded libkeyframe).
    assert all(".protected" in s[4] for s in functions)
    definitions = re.findall(r"Flags: (\w+)\s+Index: \d+\s+Cnt: \d+\s+Name: (\S+)", readelf(LIB))
    assert definitions == [("BASE", expected_soname()), ("none", node)]
    script = (REPO / "Sources" / "KeyframeC" / "exports.map").read_text()
    assert re.findall(r"^(\w+\.\d+)\s*\{", script, flags=re.M) == [node]


def test_make_install_stages_the_tree(staged):
    _, version = header_version()
    soname, root = expected_soname(), staged / PREFIX.lstrip("/")
    lib = root / "lib"
    assert files_under(staged) == {
        f"{PREFIX[1:]}/{path}"
        for path in ("include/keyframe.h", "lib/libkeyframe.so", f"lib/{soname}", f"lib/libkeyframe.so.{version}",
                     "lib/pkgconfig/keyframe.pc", "lib/cmake/keyframe/keyframeConfig.cmake",
                     "lib/cmake/keyframe/keyframeConfigVersion.cmake")
    }
    assert (root / "include" / "keyframe.h").read_bytes() == HEADER.read_bytes()
    assert os.readlink(lib / "libkeyframe.so") == soname
    assert os.readlink(lib / soname) == f"libkeyframe.so.{version}"
    real = lib / f"libkeyframe.so.{version}"
    assert not real.is_symlink() and real.read_bytes() == LIB.read_bytes()
    assert real.stat().st_mode & 0o777 == 0o755
    for data in (root / "include" / "keyframe.h", lib / "pkgconfig" / "keyframe.pc"):
        assert data.stat().st_mode & 0o777 == 0o644
    pc = (lib / "pkgconfig" / "keyframe.pc").read_text()
    assert f"\nprefix={PREFIX}\n" in pc and "\nlibdir=${prefix}/lib\n" in pc and f"\nVersion: {version}\n" in pc
    for generated in [lib / "pkgconfig" / "keyframe.pc", *(lib / "cmake" / "keyframe").iterdir()]:
        assert not re.search(r"@[A-Z_]+@", generated.read_text()), generated  # every field filled in


def test_the_readme_example_builds_through_pkg_config(staged, client):
    _, version = header_version()
    root = staged / PREFIX.lstrip("/")
    env = clean_make_env(PKG_CONFIG_PATH=str(root / "lib" / "pkgconfig"))
    modversion = subprocess.run(["pkg-config", "--modversion", "keyframe"], env=env, capture_output=True, text=True)
    assert modversion.stdout.strip() == version
    elf = readelf(client)
    assert expected_soname() in re.findall(r"\(NEEDED\)\s+Shared library: \[(.+)\]", elf)
    # The program records the version node it needs from that library.
    assert re.search(rf"File: {re.escape(expected_soname())}\s+Cnt: 1\s+\S+\s+Name: {re.escape(version_node())}\s", elf)
    run = subprocess.run([str(client)], env=clean_make_env(LD_LIBRARY_PATH=str(root / "lib")), capture_output=True,
                         text=True, check=True)
    assert run.stdout.splitlines()[0] == "0.75"
    assert 'unknown easing "wobble"' in run.stdout.splitlines()[1]


def test_a_library_without_the_version_node_is_refused_by_name(client, tmp_path):
    # Another series' library under the same file name (say a 0.99 where
    # this series was): the loader refuses it and names the node, instead of
    # letting the program call functions whose signatures changed.
    (tmp_path / "other.c").write_text("int kf_version_number(void) { return 9900; }\n")
    (tmp_path / "other.map").write_text("KEYFRAME_0.99 { global: kf_*; local: *; };\n")
    subprocess.run(
        ["cc", "-shared", "-fPIC", f"-Wl,-soname,{expected_soname()}", "-Wl,--version-script,other.map",
         "-o", expected_soname(), "other.c"],
        cwd=tmp_path, check=True,
    )
    run = subprocess.run([str(client)], env=clean_make_env(LD_LIBRARY_PATH=str(tmp_path)), capture_output=True,
                         text=True)
    assert run.returncode != 0
    assert f"version `{version_node()}' not found" in run.stderr


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed (.ci/run installs it)")
def test_cmake_finds_the_staged_package(staged, tmp_path):
    (major, minor, patch), version = header_version()
    root = staged / PREFIX.lstrip("/")
    # The README's C example and its CMake project.
    (block,) = blocks(REPO / "README.md", "c")
    (tmp_path / "app.c").write_text(block.code)
    (project,) = marked("test_cmake_finds_the_staged_package")
    (tmp_path / "CMakeLists.txt").write_text(project.code)
    env = clean_make_env()
    subprocess.run(["cmake", "-S", ".", "-B", "build", f"-DCMAKE_PREFIX_PATH={root}"], cwd=tmp_path, env=env,
                   capture_output=True, check=True)
    subprocess.run(["cmake", "--build", "build"], cwd=tmp_path, env=env, capture_output=True, check=True)
    app = tmp_path / "build" / "app"
    assert expected_soname() in re.findall(r"\(NEEDED\)\s+Shared library: \[(.+)\]", readelf(app))
    run = subprocess.run([str(app)], env=clean_make_env(LD_LIBRARY_PATH=str(root / "lib")), capture_output=True,
                         text=True, check=True)
    assert run.stdout.splitlines()[0] == "0.75"

    # Which requested versions the installed one meets: from 1.0 on the same
    # major version, before 1.0 the same major and minor, and never less
    # than requested.
    def meets(requested):
        installed = (major, minor, patch)
        padded = tuple(requested) + (0,) * (3 - len(requested))
        same_series = requested[0] == major and (major >= 1 or padded[1] == minor)
        return same_series and padded <= installed

    requests = [(major, minor), (major, minor, patch), (major, minor, patch + 1), (major, minor + 1),
                (major + 1, 0), (major,)] + ([(major, minor - 1)] if minor else [])
    script = ["cmake_minimum_required(VERSION 3.16)", "project(versions NONE)"]
    for request in requests:
        text = ".".join(map(str, request))
        script += [f"find_package(keyframe {text} QUIET)", f'message(STATUS "request {text}: ${{keyframe_FOUND}}")']
    script += [f"find_package(keyframe {version} EXACT QUIET)", 'message(STATUS "exact: ${keyframe_FOUND}")',
               "find_package(keyframe QUIET)", 'message(STATUS "any: ${keyframe_FOUND}")']
    (tmp_path / "versions").mkdir()
    (tmp_path / "versions" / "CMakeLists.txt").write_text("\n".join(script) + "\n")
    output = subprocess.run(["cmake", "-S", "versions", "-B", "versions/build", f"-DCMAKE_PREFIX_PATH={root}"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout
    found = dict(re.findall(r"-- (request [\d.]+|exact|any): (\w*)", output))
    assert found == {
        **{f"request {'.'.join(map(str, r))}": ("1" if meets(r) else "0") for r in requests},
        "exact": "1",
        "any": "1",
    }, output


def test_make_uninstall_takes_back_what_it_installed(tmp_path):
    make("install", f"DESTDIR={tmp_path}", f"PREFIX={PREFIX}")
    lib = tmp_path / PREFIX.lstrip("/") / "lib"
    (lib / "libother.so.1").write_text("not ours")
    make("uninstall", f"DESTDIR={tmp_path}", f"PREFIX={PREFIX}")
    assert files_under(tmp_path) == {f"{PREFIX[1:]}/lib/libother.so.1"}


def test_make_uninstall_keeps_a_link_that_another_version_took_over(tmp_path):
    _, version = header_version()
    make("install", f"DESTDIR={tmp_path}", f"PREFIX={PREFIX}")
    lib = tmp_path / PREFIX.lstrip("/") / "lib"
    (lib / "libkeyframe.so").unlink()
    (lib / "libkeyframe.so").symlink_to("libkeyframe.so.9")  # a later install's development link
    make("uninstall", f"DESTDIR={tmp_path}", f"PREFIX={PREFIX}")
    assert files_under(lib) == {"libkeyframe.so"} and os.readlink(lib / "libkeyframe.so") == "libkeyframe.so.9"
    assert not (lib / f"libkeyframe.so.{version}").exists() and not (lib / expected_soname()).is_symlink()


def test_make_install_refuses_a_relative_prefix(tmp_path):
    result = subprocess.run(
        ["make", "--no-print-directory", "install", f"DESTDIR={tmp_path}", "PREFIX=opt/keyframe"],
        cwd=REPO, env=clean_make_env(), capture_output=True, text=True,
    )
    assert result.returncode != 0 and "'opt/keyframe' is not an absolute path" in result.stderr
    assert files_under(tmp_path) == set()
