"""The pinned sets agree: the tests' requirements-dev.txt (what the README's test command installs)
holds every package of the app's requirements.txt at the same version, and both hold every direct
dependency of pyproject.toml. A dependency added to requirements.in and compiled into
requirements.txt alone passes every test on a machine that has it installed and fails every test on
a fresh clone."""
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^ \\]+)", re.MULTILINE)


def pins(name: str) -> dict[str, str]:
    found = PIN.findall((ROOT / name).read_text())
    return {package.lower().replace("_", "-"): version for package, version in found}


def test_the_tests_pins_hold_the_apps_at_the_same_versions():
    app, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    assert app, "no pins read from requirements.txt"
    assert {package: dev.get(package) for package in app} == app


def test_every_direct_dependency_is_pinned():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {re.match(r"[A-Za-z0-9_.\-]+", spec).group().lower().replace("_", "-") for spec in declared}
    assert names - pins("requirements.txt").keys() == set()
