"""The README's examples run as written: the Python blocks, and the C example
built by the README's install and pkg-config commands."""

import re
import subprocess

from conftest import REPO, clean_make_env


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})  # noqa: S102 - our own documentation


def test_readme_c_example_builds_and_runs(tmp_path):
    """The C example, built and run by the README's commands: make install
    into a prefix (here a fresh $HOME's .local), then cc through pkg-config."""
    text = (REPO / "README.md").read_text()
    (block,) = re.findall(r"```c\n(.*?)```", text, flags=re.S)
    (commands,) = [b for b in re.findall(r"```sh\n(.*?)```", text, flags=re.S) if "pkg-config" in b]
    assert commands.startswith("make install ")
    (tmp_path / "app.c").write_text(block)
    (tmp_path / "home").mkdir()
    script = commands.replace("make install ", f"make --no-print-directory -C {REPO} install ", 1)
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                            env=clean_make_env(HOME=str(tmp_path / "home")))
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "home" / ".local" / "lib" / "pkgconfig" / "keyframe.pc").is_file()
    lines = result.stdout.splitlines()
    assert lines[-2] == "0.75"
    assert 'unknown easing "wobble"' in lines[-1]
