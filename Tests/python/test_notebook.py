"""Guides/notebooks/first-hour.ipynb runs: executed with nbclient in a
kernel of this Python (the test's interpreter, so the kernel imports the
razzle under test), and each cell shows what it should — pictures that
decode, an inline animation, the printed numbers. The notebook is kept
without outputs (checked too)."""

from __future__ import annotations

import base64
import io
import os
import pathlib
import re
import sys
import time
from typing import Any, Dict, List

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "Guides" / "notebooks" / "first-hour.ipynb"

PIL = pytest.importorskip("PIL.Image", reason="the pictures need the render extra (Pillow)")


@pytest.fixture(scope="module")
def executed() -> nbformat.NotebookNode:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # The kernel is ipykernel's own "python3", which runs sys.executable (no
    # kernel directory is searched: an installed kernel of another Python
    # would not have this razzle).
    specs = KernelSpecManager(kernel_dirs=[], ensure_native_kernel=True)
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=specs)
    client = NotebookClient(notebook, km=manager, timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    env = dict(os.environ)
    # The kernel starts in the notebook's folder: a relative PYTHONPATH
    # (a run from the checkout) is made absolute so it finds the same razzle.
    if env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep) if p)
    began = time.perf_counter()
    client.execute(env=env)
    print(f"notebook executed in {time.perf_counter() - began:.1f} s")
    return notebook


def _code_outputs(notebook: nbformat.NotebookNode) -> List[Dict[str, Any]]:
    """One dict per code cell: its source, its stdout, and its display
    data by MIME type."""
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        data: Dict[str, Any] = {}
        stdout = ""
        for output in cell.outputs:
            assert output.output_type != "error", "".join(output.get("traceback", []))
            if output.output_type == "stream" and output.name == "stdout":
                stdout += output.text
            if output.output_type in ("execute_result", "display_data"):
                data.update(output.data)
        cells.append({"source": cell.source, "stdout": stdout, "data": data})
    return cells


def _png(data: Dict[str, Any]) -> Any:
    image = PIL.open(io.BytesIO(base64.b64decode(data["image/png"])))
    image.load()
    return image


def test_the_committed_notebook_has_no_outputs() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source


def test_the_kernel_is_this_python(executed: nbformat.NotebookNode) -> None:
    first = _code_outputs(executed)[0]
    version, executable = first["stdout"].split()
    import razzle

    assert version == razzle.__version__
    assert os.path.realpath(executable) == os.path.realpath(sys.executable)


def test_easings_tracks_and_paths_show_as_pictures(executed: nbformat.NotebookNode) -> None:
    cells = _code_outputs(executed)
    pictures = {
        'razzle.easing("easeOutBack")': (260, 220),
        'razzle.easing("steps(4)")': (260, 220),
        "x[2] = (200, 120)\nx": (480, 220),
        "alpha[0], alpha[1] = 0.0, 1.0\nalpha": (480, 220),
    }
    for cell in cells:
        for tail, size in pictures.items():
            if cell["source"].endswith(tail):
                assert _png(cell["data"]).size == size, tail
                assert cell["data"]["image/svg+xml"].lstrip().startswith("<svg")
                break
    path_cell = next(cell for cell in cells if cell["source"].startswith("route = "))
    assert 'd="M0 100 C60 0 140 200 200 100"' in path_cell["data"]["image/svg+xml"]
    assert _png(path_cell["data"]).size[0] <= 320
    # The track with keyframes at 0, 1 and 2 has three markers per line
    # that changes (x and y both do).
    track_cell = next(cell for cell in cells if cell["source"].endswith("x[2] = (200, 120)\nx"))
    assert track_cell["data"]["image/svg+xml"].count('class="keyframe"') == 6


def test_the_scene_plays_inline(executed: nbformat.NotebookNode) -> None:
    cell = next(cell for cell in _code_outputs(executed) if cell["source"].endswith("scene"))
    page = cell["data"]["text/html"]
    found = re.search(r'src="data:(image/(?:webp|gif));base64,([^"]+)"', page)
    assert found, page[:200]
    image = PIL.open(io.BytesIO(base64.b64decode(found.group(2))))
    # The stage is 320 x 240 (within the cap); the box moves for 2 s: 61
    # frames at 30 fps (2.033 s of playing), shown as 60 over the same time
    # (the encoder may merge frames that look the same, summing their times).
    assert image.size == (320, 240)
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        image.load()  # WebP reads a frame's duration when it decodes it
        durations.append(image.info["duration"])
    assert 50 <= len(durations) <= 60
    assert abs(sum(durations) - 61 / 30 * 1000) <= 1
    assert "60 of 61 frames, 2.03 s, 320×240" in page


def test_the_numbers_print(executed: nbformat.NotebookNode) -> None:
    last = _code_outputs(executed)[-1]
    rows = eval(last["stdout"])  # a printed list of lists of numbers
    assert len(rows) == 5 and rows[0] == [0.0, 0.0, 0.0]
    assert rows[-1] == [200.0, 120.0, 1.0]  # translation x, y; alpha
