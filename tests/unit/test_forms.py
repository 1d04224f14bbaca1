"""The action forms (companion/web/forms.py) are kept once made: a kept form is exactly the one its
values make, and values that are equal but written differently never share one."""
from __future__ import annotations

from types import SimpleNamespace

from markupsafe import Markup

from companion import games
from companion.web import forms


def context(code="ABCDEF", version=Markup("<!--@version-->")):
    """A Toolbox section's: its round_next refuses a stale tap, its roll does not."""
    return {"game": games.get("toolbox"), "code": code, "snap": SimpleNamespace(version=version, game_number=2),
            "role": "seat"}


def made(move, label, fields=None, cls="", disabled=False, title=None, ctx=None):
    """The form as made afresh, without the kept ones."""
    return forms._act(*forms._head_of(forms.place(ctx or context()), move, "act"), label, cls, bool(disabled), title,
                      *(item for pair in (fields or {}).items() for item in pair))


def test_a_kept_form_is_the_one_its_values_make():
    for args in [("roll", "Roll"), ("round_next", Markup("Next ▶"), {"round": 3}, "primary", True),
                 ("roll", "+1", {"entrant": "a<b", "delta": 1}, "primary", False, "Ann & Bob plus one")]:
        first, again = forms.act(context(), *args), forms.act(context(), *args)
        assert first == again == made(*args)
    assert 'data-once' in forms.act(context(), "round_next", "Next") and 'data-once' not in forms.act(context(), "roll", "R")
    assert forms.act_at(forms.place(context()), "roll", "R", {"n": 1}) == forms.act(context(), "roll", "R", {"n": 1})
    assert forms.form_open(context(), "round_next", "act x") == forms._head(*forms._head_of(forms.place(context()), "round_next", "act x"))


def test_equal_values_written_differently_do_not_share_a_form():
    assert "&lt;b&gt;" in forms.act(context(), "roll", "<b>")
    assert "<b>" in forms.act(context(), "roll", Markup("<b>"))       # equal to "<b>", but already HTML
    assert 'value="1"' in forms.act(context(), "roll", "R", {"n": 1})
    assert 'value="True"' in forms.act(context(), "roll", "R", {"n": True})  # True == 1
    assert "/t/ZZZZZZ/" in forms.act(context("ZZZZZZ"), "roll", "R")
    assert 'value="7"' in forms.act(context(version=7), "roll", "R")


def test_a_value_of_another_type_is_written_and_not_kept():
    class Odd:
        def __str__(self):
            return "odd<"
    before = forms._kept_act.cache_info().currsize
    assert 'value="odd&lt;"' in forms.act(context(), "roll", "R", {"n": Odd()})
    assert 'value="0.5"' in forms.act(context(), "roll", "R", {"n": 0.5})
    assert forms._kept_act.cache_info().currsize == before
