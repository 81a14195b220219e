"""The README's Python examples run as written."""

import re

from conftest import REPO


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})  # noqa: S102 - our own documentation


def test_readme_c_example_builds_and_runs(tmp_path):
    import subprocess
    from pathlib import Path

    import razzle

    (block,) = re.findall(r"```c\n(.*?)```", (REPO / "README.md").read_text(), flags=re.S)
    source = tmp_path / "app.c"
    source.write_text(block)
    lib_dir = Path(razzle.library_path).parent
    exe = tmp_path / "app"
    subprocess.run(
        ["cc", "-std=c11", "-Wall", "-Werror", f"-I{REPO / 'include'}", str(source), "-o", str(exe),
         f"-L{lib_dir}", "-l:libkeyframe.so", f"-Wl,-rpath,{lib_dir}"],
        check=True,
    )
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()
    assert lines[0] == "0.75"
    assert 'unknown easing "wobble"' in lines[1]
