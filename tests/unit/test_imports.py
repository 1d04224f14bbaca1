"""Every module of companion/ imports alone: an import cycle shows up only when a module that is part
of it is imported first, which a test run (importing companion first, through conftest) never does.

`python -c "import companion.X"` for each module took 19 s of this machine's two cores, nearly all
of it loading Flask, gevent, Babel and redis again each time. So one fresh interpreter loads every
module once (which loads those libraries), forgets companion's modules, and forks a child per
module that imports it: each child starts with no companion module loaded, exactly as
`python -c` would, and the libraries (which cannot be part of a cycle in companion/) are already there.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

IMPORT_EACH_ALONE = r"""
import importlib, json, os, sys, traceback

modules = json.loads(sys.argv[1])
packages = {name.split(".")[0] for name in modules}
for name in modules:
    try:
        importlib.import_module(name)
    except Exception:
        pass   # said by its child below
for name in [m for m in sys.modules if m.split(".")[0] in packages]:
    del sys.modules[name]

failed = {}
for name in modules:
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            status = 0
        except BaseException:
            os.write(write, traceback.format_exc()[-3000:].encode())
            status = 1
        os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as out:
        error = out.read().decode()
    if os.waitpid(child, 0)[1] != 0:
        failed[name] = error or "the import ended its interpreter"
print(json.dumps(failed))
"""


def companion_modules() -> list[str]:
    modules = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if path.name == "__main__.py":
            continue   # `python -m companion` itself: importing it runs the command
        parts = path.relative_to(ROOT).with_suffix("").parts
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


def test_the_list_holds_every_module_and_package():
    modules = companion_modules()
    assert {"companion", "companion.web", "companion.storage", "companion.web.security", "companion.config"} <= set(modules)


def test_every_module_imports_alone():
    done = subprocess.run([sys.executable, "-c", IMPORT_EACH_ALONE, json.dumps(companion_modules())], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert not failed, "\n\n".join(f"import {module}:\n{error}" for module, error in failed.items())


def test_an_import_cycle_is_caught(tmp_path):
    """The check above can fail: two modules importing a name from each other fail when the
    second one is imported first, and only then."""
    package = tmp_path / "cyclic"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import B\nA = 1\n")
    (package / "b.py").write_text("from .a import A\nB = 2\n")
    done = subprocess.run([sys.executable, "-c", IMPORT_EACH_ALONE, json.dumps(["cyclic.b", "cyclic.a"])],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(failed) == {"cyclic.a", "cyclic.b"}
    assert "ImportError" in failed["cyclic.b"]


def test_a_sqlite_app_never_imports_redis(tmp_path):
    """redis is for several processes sharing one store (storage/redis_*.py): a SQLite install
    never needs the package."""
    script = ("import sys\n"
              "from companion import create_app\n"
              f"app = create_app({{'DATABASE': {str(tmp_path / 't.db')!r}}})\n"
              "assert app.test_client().get('/').status_code == 200\n"
              "assert 'redis' not in sys.modules, sorted(m for m in sys.modules if 'redis' in m)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
