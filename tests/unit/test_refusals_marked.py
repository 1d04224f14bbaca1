"""Every refusal a player can read is ready for translation: raised with a literal English template
and its values apart (companion/errors.py), so extraction finds the sentence and the web layer can
show it in the viewer's language. An f-string or a sentence built elsewhere would stay English."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
REFUSALS = {"RuleError", "BadInput", "Forbidden"}
SOURCES = sorted((ROOT / "companion").rglob("*.py"))


def unmarked(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in REFUSALS):
            continue
        first = node.args[0] if node.args else None
        literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
        marked_elsewhere = isinstance(first, ast.Name) or (
            isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id == "N_")
        if not (literal or marked_elsewhere):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_refusals_are_literal_templates(path):
    assert unmarked(path) == [], "raise RuleError('…%(x)s…', x=value), not an f-string (companion/errors.py)"


def test_a_refusal_keeps_its_template_and_reads_as_english():
    from companion.errors import RuleError, Term
    exc = RuleError("%(name)s cannot go below %(low)s.", name=Term("score"), low=0)
    assert str(exc) == "Score cannot go below 0." and exc.template.startswith("%(name)s")
    assert str(RuleError("100% sure")) == "100% sure"        # no values: no formatting
