"""requirements.txt alone, as docs/DEPLOY.md installs it, holds what the documented servers import.
The tests themselves run with requirements-dev.txt, whose test tools bring more: gunicorn 27's
gevent worker imports `packaging`, which only pytest brought, so `gunicorn wsgi:app` failed on a
production install while every test passed."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def test_requirements_txt_alone_runs_the_app_and_gunicorns_gevent_worker(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    install = subprocess.run([python, "-m", "pip", "install", "-q", "-r", str(ROOT / "requirements.txt")],
                             capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr[-2000:]
    # What app.py and `gunicorn wsgi:app` load: the app, and gunicorn's worker class from gunicorn.conf.py.
    check = subprocess.run([python, "-c", "import app, wsgi; from gunicorn.util import load_class; "
                            "load_class('companion.serving.GuardedGeventWorker')"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120,
                           env={"PATH": "/usr/bin:/bin", "COMPANION_DB": str(tmp_path / "tables.db"),
                                "COMPANION_EXPIRE_DAYS": "0"})
    assert check.returncode == 0, check.stderr[-2000:]
