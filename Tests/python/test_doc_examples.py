"""Every fenced example in README.md and Guides/*.md runs as written.

The blocks are read from the documents here (`blocks`, which
test_typing.py and test_install.py use too) and run by language:

- ``python`` (or ``py``): the blocks of one document run in order in one
  namespace, as a reader goes down the page, in a temporary directory that
  holds the files the documents name (`workspace`). A ``print(...)`` whose
  line ends in a comment must print a line that starts with the comment's
  text, cut at the first ``...`` or ``…`` (or at a ``": "`` explaining it):
  ``print(frame)  # razzle.Frame({...})``.
- ``sh``: run by bash (``-euo pipefail``) in that directory, with
  ``razzle`` meaning this Python's ``python -m razzle``.
- ``c``: compiled with ``-Wall -Wextra -Werror -pedantic`` against the
  package's library and run; a ``printf`` whose line ends in a comment
  prints what the comment says, as a ``print`` does.
- ``json``: parsed.

A block that must not run this way has a marker on the line before its
fence, an HTML comment (invisible on GitHub):

- ``<!-- doc-test: skip (reason) -->``: not run; the reason is required.
- ``<!-- doc-test: run-by test_name (what) -->``: run by that test, which
  finds the block by its marker (`marked`): the README's install commands
  by `test_the_readme_install_builds_the_c_example` (``make install`` into
  a temporary $HOME), its CMake project by test_install.py (against a
  staged install), its Dask example by `test_the_dask_example` (``make
  test-dask``; skipped without the dask extra).

Any other language needs one of the two markers, so a new block is run or
says why not. The pictures the documents show are checked in
test_doc_images.py."""

from __future__ import annotations

import ast
import builtins
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import pytest
from conftest import REPO, clean_make_env, elf_soname

DOCS = [REPO / "README.md", *sorted((REPO / "Guides").glob("*.md"))]
SHARED_LOTTIE = REPO.parent / "shared" / "lottie" / "files"

RUNS = {"python": "python", "py": "python", "sh": "sh", "c": "c", "json": "json"}

#: Names a document's Python blocks use as placeholders without defining
#: them (Lottie.md's `times`: any frames), given here.
GIVEN = {"Lottie.md": "times = range(0, 60)\n"}

FENCE = re.compile(r"^```(\S*)\s*$")
MARKER = re.compile(r"^<!-- doc-test: (skip|run-by)\b(.*?)-->\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced block: its document, the line of its opening fence (1-based),
    its info string, its text, and its marker ("skip" or "run-by") with the
    marker's words."""

    doc: Path
    line: int
    lang: str
    code: str
    marker: Optional[str] = None
    note: str = ""

    @property
    def id(self) -> str:
        return f"{self.doc.name}:{self.line}:{self.lang or 'plain'}"


def blocks(doc: Path, lang: Optional[str] = None) -> List[Block]:
    """The fenced blocks of `doc` in order (those whose language runs as
    `lang`, when given: "python", "sh", "c", "json" or another info string)."""
    lines = doc.read_text().splitlines()
    found: List[Block] = []
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        start = index
        end = next(k for k in range(start + 1, len(lines)) if lines[k].startswith("```"))
        previous = next((lines[k] for k in range(start - 1, -1, -1) if lines[k].strip()), "")
        marked = MARKER.match(previous)
        found.append(
            Block(
                doc,
                start + 1,
                match.group(1),
                "\n".join(lines[start + 1 : end]) + "\n",
                marked.group(1) if marked else None,
                marked.group(2).strip() if marked else "",
            )
        )
        index = end + 1
    if lang is not None:
        found = [b for b in found if RUNS.get(b.lang, b.lang) == lang]
    return found


def marked(test_name: str) -> List[Block]:
    """The blocks marked ``run-by test_name``, from every document."""
    return [b for doc in DOCS for b in blocks(doc) if b.marker == "run-by" and b.note.split()[0] == test_name]


def every_block() -> List[Block]:
    return [b for doc in DOCS for b in blocks(doc)]


# -- the convention itself ------------------------------------------------------


def test_every_block_runs_or_says_why_not() -> None:
    """Each block is marked, or in a language that runs (a JSON block is
    parsed here)."""
    tests = "\n".join(p.read_text() for p in (REPO / "Tests" / "python").glob("test_*.py"))
    for block in every_block():
        if block.marker == "skip":
            assert re.fullmatch(r"\(.+\)", block.note), f"{block.id}: a skip needs its reason: (reason)"
        elif block.marker == "run-by":
            name = block.note.split()[0]
            assert re.search(rf"^def {name}\(", tests, flags=re.M), f"{block.id}: no test named {name}"
        elif block.lang == "json":
            json.loads(block.code)
        else:
            assert block.lang in RUNS, f"{block.id}: a ```{block.lang} block is not run: mark it (see this file)"


# -- the workspace: the files the documents name ------------------------------


def razzle_shim(folder: Path) -> Path:
    """A `razzle` command in `folder/bin` that runs this Python's razzle (the
    package under test, whichever way pytest imports it)."""
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "razzle"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m razzle "$@"\n')
    shim.chmod(0o755)
    return bin_dir


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with the files the examples open: the repository's
    Lottie tests (README: Tests/lottie/shapes.json), `loader.json` (a Lottie
    file with a layer "box"), `intro.json` (the gallery's paging intro) and,
    when ../shared is beside the repository, `tractor.json`."""
    import razzle
    from razzle.gallery import scenes

    folder = tmp_path_factory.mktemp("docs")
    shutil.copytree(REPO / "Tests" / "lottie", folder / "Tests" / "lottie")
    shutil.copy(REPO / "Tests" / "lottie" / "keyframes.json", folder / "loader.json")
    razzle.dump(scenes.intro(), folder / "intro.json")
    if (SHARED_LOTTIE / "tractor.json").is_file():
        shutil.copy(SHARED_LOTTIE / "tractor.json", folder / "tractor.json")
    return folder


def needs(block: Block, workspace: Path) -> None:
    """Skips a block that names a file the workspace could not provide, or
    draws without the render extra (make test installs it)."""
    for name in ("tractor.json",):
        if name in block.code and not (workspace / name).exists():
            pytest.skip(f"{name} is in ../shared/lottie/files, which is not beside the repository")
    if re.search(r"razzle[. ](render|plot|demo)", block.code):
        for module in ("skia", "matplotlib", "PIL"):
            if importlib.util.find_spec(module) is None:
                pytest.skip(f"{block.id} draws: the render extra is not installed ({module})")


# -- Python ---------------------------------------------------------------------


def expected_print(comment: str) -> str:
    """What a `print(...)  # comment` line must print first: the comment up to
    the first ... or …, or up to a ': ' that explains it."""
    text = re.split(r"\.\.\.|…", comment, maxsplit=1)[0]
    text = text.split("): ", 1)[0] + ")" if "): " in text else text
    return text.rstrip()


def print_comments(code: str, first_line: int) -> Dict[int, str]:
    """{document line: expected text} for each print(...) call statement
    followed by a comment."""
    out = {}
    lines = code.splitlines()
    for node in ast.walk(ast.parse(code)):
        call = node.value if isinstance(node, ast.Expr) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print":
            line = lines[call.end_lineno - 1]
            match = re.search(r"\)\s+#\s?(.*)$", line)
            if match and call.lineno == call.end_lineno:
                out[first_line + call.lineno] = expected_print(match.group(1).strip())
    return out


PYTHON_DOCS = [doc for doc in DOCS if any(b.marker is None for b in blocks(doc, "python"))]


@pytest.mark.parametrize("doc", PYTHON_DOCS, ids=[d.name for d in PYTHON_DOCS])
def test_python_blocks_run_in_order(doc: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workspace)
    printed: Dict[int, List[str]] = {}

    def recording_print(*args: object, sep: Optional[str] = " ", end: Optional[str] = "\n", **kwargs: object) -> None:
        frame = sys._getframe(1)
        if frame.f_code.co_filename == str(doc):
            text = (" " if sep is None else sep).join(map(str, args))
            printed.setdefault(frame.f_lineno, []).append(text)
        builtins.print(*args, sep=sep, end=end, **kwargs)

    namespace: Dict[str, object] = {"__name__": "__main__", "print": recording_print}
    if doc.name in GIVEN:
        exec(GIVEN[doc.name], namespace)  # noqa: S102 - the test's own setup
    for block in blocks(doc, "python"):
        if block.marker is not None:
            continue
        needs(block, workspace)
        # Blank lines before the code keep the document's line numbers in
        # tracebacks.
        source = "\n" * block.line + block.code
        exec(compile(source, str(doc), "exec"), namespace)  # noqa: S102 - our own documentation
        for line, expected in print_comments(block.code, block.line).items():
            assert line in printed, f"{doc.name}:{line}: the print did not run"
            assert printed[line][0].startswith(expected), (
                f"{doc.name}:{line}: printed {printed[line][0]!r}; the comment says {expected!r}"
            )


# -- shell, C and JSON ------------------------------------------------------------


def unmarked(lang: str) -> List[Block]:
    return [b for b in every_block() if b.marker is None and RUNS.get(b.lang) == lang]


@pytest.mark.parametrize("block", unmarked("sh"), ids=lambda b: b.id)
def test_shell_blocks_run(block: Block, workspace: Path, tmp_path: Path) -> None:
    needs(block, workspace)
    env = dict(os.environ, PATH=f"{razzle_shim(tmp_path)}{os.pathsep}{os.environ['PATH']}", MPLBACKEND="Agg")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", block.code], cwd=workspace, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{block.id}\n{result.stdout}{result.stderr}"


def compile_c(source: str, work: Path) -> Path:
    """`source` built as a program against the package's library (with a
    link by the library's soname beside it, which the program asks for)."""
    import razzle

    library = Path(razzle.library_path)
    soname = work / elf_soname(library)
    if not soname.exists():
        soname.symlink_to(library)
    (work / "app.c").write_text(source)
    subprocess.run(
        ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{REPO / 'include'}", "-o", "app", "app.c",
         str(soname), f"-Wl,-rpath,{work}", "-lm"],
        cwd=work, check=True, capture_output=True, text=True,
    )
    return work / "app"


def check_c_output(block: Block, lines: List[str]) -> None:
    """A printf whose line ends in a comment prints what the comment says."""
    expected = [expected_print(c.strip()) for c in re.findall(r"printf\(.*?;\s*/\*(.*?)\*/", block.code)]
    assert len(lines) == len(expected), lines
    for line, text in zip(lines, expected):
        assert line.startswith(text), f"{block.id}: printed {line!r}; the comment says {text!r}"


@pytest.mark.parametrize("block", unmarked("c"), ids=lambda b: b.id)
def test_c_blocks_build_and_run(block: Block, tmp_path: Path) -> None:
    result = subprocess.run([str(compile_c(block.code, tmp_path))], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"{block.id}\n{result.stdout}{result.stderr}"
    check_c_output(block, result.stdout.splitlines())


# -- run by name -------------------------------------------------------------------


def test_the_readme_install_builds_the_c_example(tmp_path: Path) -> None:
    """The README's install commands as written, with a fresh $HOME: make
    install into $HOME/.local, then the C example built through pkg-config
    and run."""
    (commands,) = marked("test_the_readme_install_builds_the_c_example")
    (program,) = [b for b in unmarked("c") if b.doc.name == "README.md"]
    assert commands.code.startswith("make install ")
    (tmp_path / "app.c").write_text(program.code)
    (tmp_path / "home").mkdir()
    script = commands.code.replace("make install ", f"make --no-print-directory -C {REPO} install ", 1)
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                            env=clean_make_env(HOME=str(tmp_path / "home")))
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "home" / ".local" / "lib" / "pkgconfig" / "keyframe.pc").is_file()
    check_c_output(program, result.stdout.splitlines()[-2:])


# -- Dask (make test-dask) ----------------------------------------------------------


def test_the_dask_example(tmp_path: Path) -> None:
    """The README's Dask example, as a script (its cluster's worker processes
    import the main module): needs the dask extra, which make test-dask
    installs."""
    pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
    pytest.importorskip("dask.array", reason="the dask extra is not installed (make test-dask)")
    (block,) = marked("test_the_dask_example")
    script = tmp_path / "example.py"
    script.write_text(block.code)
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
