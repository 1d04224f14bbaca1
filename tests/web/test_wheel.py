"""The app as an installed package (pyproject.toml): the wheel built from this checkout, installed into
a new virtual environment, serves from another folder with its own templates, static files, game data
and German catalogue, through the `cat-table-companion` command."""
from __future__ import annotations

import os
import re
import site
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, HttpDevice, free_port

pytestmark = pytest.mark.slow


def run(command: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A venv holding the wheel and nothing else of the checkout; its bin/ folder."""
    folder = tmp_path_factory.mktemp("wheel")
    # No build isolation: the build backend (hatchling, with babel) comes from requirements-dev.txt,
    # so building needs no download.
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(folder),
         str(ROOT)], cwd=folder)
    (wheel,) = folder.glob("cat_table_companion-*.whl")
    venv = folder / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    # The dependencies are those of the interpreter running the tests. `--system-site-packages` would
    # show the base interpreter's, not those of a venv the tests run in (the README's .venv), so a .pth
    # file names this interpreter's site-packages: after the new venv's own, where the wheel goes.
    target = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (target / "outer.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)])
    return venv / "bin"


def clean_env() -> dict:
    return {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON"))}


def test_the_wheel_carries_the_app_and_its_files(installed, tmp_path):
    where = run([str(installed / "python"), "-c", "import companion, companion.paths as p; "
                 "print(companion.__file__); print(p.TEMPLATES)"], cwd=tmp_path, env=clean_env()).stdout.split()
    assert all(str(installed.parent) in line for line in where), where     # not the checkout's copy
    checked = run([str(installed / "cat-table-companion"), "--db", str(tmp_path / "c.db"), "check"],
                  cwd=tmp_path, env=clean_env()).stdout
    assert "PROBLEM" not in checked and "2 languages' catalogues load" in checked
    assert "Usage: python -m companion" in run([str(installed / "python"), "-m", "companion", "tables", "--help"],
                                               cwd=tmp_path, env=clean_env()).stdout


def test_the_installed_command_serves_from_any_folder(installed, tmp_path):
    port = free_port()
    server = subprocess.Popen([str(installed / "cat-table-companion"), "--host", "127.0.0.1", "--port", str(port)],
                              cwd=tmp_path, env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stdout.read().decode()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start in 30 s"
                time.sleep(0.2)
        phone = HttpDevice(f"http://127.0.0.1:{port}")
        status, _, home = phone.request("/", accept="text/html")
        assert status == 200 and b"CommuniCat" in home
        stylesheet = re.search(rb'href="(/static/[^"]+\.css[^"]*)"', home).group(1).decode()
        assert phone.request(stylesheet, accept="text/css")[0] == 200
        status, _, needs = phone.request("/needs", accept="text/html")
        assert status == 200 and b"New Needs" in needs
        status, headers, _ = phone.request("/tables", {"game": "toolbox", "parts": ["dice"]}, accept="text/html")
        assert status == 303
        code = headers["Location"].rstrip("/").rsplit("/", 1)[-1]
        assert phone.act(code, "roll")["version"] == 2
        german = urllib_get(f"http://127.0.0.1:{port}/needs", {"Accept-Language": "de"})
        assert "Neue Wünsche".encode() in german        # the catalogue compiled into the wheel
        # The database went to the venv's instance folder, not the folder it was started from.
        assert (installed.parent / "var" / "companion-instance" / "companion.db").exists()
        assert not list(tmp_path.iterdir())
    finally:
        server.terminate()
        server.wait(10)


def urllib_get(url: str, headers: dict) -> bytes:
    import urllib.request
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
        return response.read()
