"""The README's two commands on a fresh machine: make chooses its Python
environment ($VIRTUAL_ENV, else .build/venv), installs the test dependencies
itself, and keeps its install stamps inside the environment, so `make demo`
in a second fresh virtual environment installs razzle there and runs."""

import os
import shutil
import subprocess
import sys
import venv

import pytest
from conftest import REPO


def make_env(**overrides):
    dropped = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "VIRTUAL_ENV", "VENV", "PYTHONPATH", "RAZZLE_LIBRARY")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(overrides)
    return env


def plan(*targets, **env):
    """The commands `make -n` would run."""
    result = subprocess.run(["make", "-n", *targets], cwd=REPO, env=make_env(**env), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def library_is_current():
    return subprocess.run(["make", "-q", "build"], cwd=REPO, env=make_env()).returncode == 0


def test_without_a_virtual_environment_make_uses_its_own(tmp_path):
    commands = plan("python-test", VENV=str(tmp_path / "venv"))
    assert f"-m venv --system-site-packages {tmp_path / 'venv'}" in commands
    assert "numpy scipy pytest hypothesis mypy" in commands  # the test dependencies, installed by make
    assert f"{tmp_path / 'venv'}/bin/python -m pip install" in commands
    assert f"{tmp_path / 'venv'}/bin/python -m pytest" in commands
    default = plan("-B", "python")  # -B: as if nothing were built yet
    assert f"-m venv --system-site-packages {REPO / '.build' / 'venv'}" in default


def test_an_active_virtual_environment_is_used_as_it_is(tmp_path):
    environment = tmp_path / "active"
    (environment / "bin").mkdir(parents=True)
    (environment / "bin" / "python").symlink_to(sys.executable)
    commands = plan("demo", VIRTUAL_ENV=str(environment))
    assert "-m venv" not in commands  # it exists: make does not create it
    assert f"{environment}/bin/python -m pip install" in commands
    assert f"{environment}/bin/python -m razzle demo" in commands


def test_the_install_stamp_belongs_to_the_environment(tmp_path):
    if not library_is_current():
        pytest.skip("libkeyframe.so is out of date: make would rebuild it for every environment")
    installed, fresh = tmp_path / "installed", tmp_path / "fresh"
    for environment in (installed, fresh):
        (environment / "bin").mkdir(parents=True)
        (environment / "bin" / "python").symlink_to(sys.executable)
    stamp = installed / ".razzle-make" / "installed"
    stamp.parent.mkdir()
    stamp.touch()
    assert "pip install" not in plan("python", VIRTUAL_ENV=str(installed))
    assert "pip install" in plan("python", VIRTUAL_ENV=str(fresh))  # a second environment installs again
    shutil.rmtree(installed)  # recreated at the same path: its stamp is gone with it
    (installed / "bin").mkdir(parents=True)
    (installed / "bin" / "python").symlink_to(sys.executable)
    assert "pip install" in plan("python", VIRTUAL_ENV=str(installed))


def test_make_demo_in_a_fresh_virtual_environment(tmp_path):
    if not library_is_current():
        pytest.skip("libkeyframe.so is out of date (make build first)")
    environment = tmp_path / "second"
    venv.create(environment, with_pip=True)  # fresh: no system site packages
    env = make_env(VIRTUAL_ENV=str(environment), PATH=f"{environment / 'bin'}{os.pathsep}{os.environ['PATH']}")
    result = subprocess.run(["make", "demo"], cwd=REPO, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    # The gallery (Guides/Rendering.md): "wrote <path>" for each file, on
    # stderr with the other status lines (stdout stays data).
    written = [
        line.removeprefix("wrote ") for line in result.stderr.splitlines() if line.startswith("wrote .build/gallery/")
    ]
    assert {os.path.basename(line) for line in written} >= {"intro.gif", "stagger-list.gif", "plane.gif", "easings.png"}
    assert all((REPO / line).is_file() for line in written)
    assert "No module named" not in result.stdout + result.stderr
    where = subprocess.run(
        [str(environment / "bin" / "python"), "-c", "import razzle; print(razzle.__file__, razzle.library_path)"],
        capture_output=True, text=True, check=True, env={"PATH": os.environ["PATH"]},
    ).stdout.split()
    assert all(path.startswith(str(environment)) for path in where), where
    assert (environment / ".razzle-make" / "installed").is_file()
    again = subprocess.run(["make", "demo"], cwd=REPO, env=env, capture_output=True, text=True)
    assert again.returncode == 0 and "pip install" not in again.stdout  # up to date: no second install
