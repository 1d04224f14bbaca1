"""Field parsing: every bound gives a sentence, never an exception a player cannot read."""
import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import BadInput
from companion.fields import Bool, Choice, ChoiceList, Int, Text, TextList, parse_mapping


def test_int_bounds_and_garbage():
    spec = {"n": Int(label="count", min=1, max=9)}
    assert parse_mapping(spec, {"n": "3"}) == {"n": 3}
    for bad, msg in [("0", "between 1 and 9"), ("10", "between 1 and 9"), ("x", "whole number"),
                     ("1e9", "whole number"), ("9" * 50, "whole number")]:
        with pytest.raises(BadInput, match=msg):
            parse_mapping(spec, {"n": bad})
    with pytest.raises(BadInput, match="Count is missing"):
        parse_mapping(spec, {})


def test_optional_fields_take_their_default():
    spec = {"n": Int(min=0, max=5, required=False, default=2), "b": Bool()}
    assert parse_mapping(spec, {}) == {"n": 2, "b": False}
    assert parse_mapping(spec, {"b": "on"})["b"] is True
    with pytest.raises(BadInput):
        parse_mapping(spec, {"b": "maybe"})


def test_choice_and_choice_list():
    assert parse_mapping({"c": Choice(choices=["a", "b"])}, {"c": "b"}) == {"c": "b"}
    with pytest.raises(BadInput, match="one of: a, b"):
        parse_mapping({"c": Choice(choices=["a", "b"])}, {"c": "<script>"})
    spec = {"l": ChoiceList(choices=["x", "y", "z"], min_items=1, max_items=2)}
    assert parse_mapping(spec, {"l": ["x", "z"]}) == {"l": ["x", "z"]}
    assert parse_mapping(spec, {"l": "x,y"}) == {"l": ["x", "y"]}
    for bad in (["x", "y", "z"], ["x", "x"], ["w"]):
        with pytest.raises(BadInput):
            parse_mapping(spec, {"l": bad})


def test_text_is_trimmed_and_bounded():
    spec = {"name": Text(label="name", max_len=5)}
    assert parse_mapping(spec, {"name": "  Ann \t "}) == {"name": "Ann"}
    with pytest.raises(BadInput, match="at most 5"):
        parse_mapping(spec, {"name": "Annabel"})
    with pytest.raises(BadInput, match="cannot be shown"):
        parse_mapping(spec, {"name": "a\x00b"})
    with pytest.raises(BadInput, match="missing"):
        parse_mapping(spec, {"name": "   "})


def test_text_list():
    spec = {"t": TextList(item_max_len=10, max_items=3)}
    assert parse_mapping(spec, {"t": "Red: 5, Blue:5\nGreen"}) == {"t": ["Red: 5", "Blue:5", "Green"]}
    with pytest.raises(BadInput, match="different"):
        parse_mapping(spec, {"t": "a, A"})
    with pytest.raises(BadInput, match="1 to 3"):
        parse_mapping(spec, {"t": "a,b,c,d"})


def test_one_value_per_field():
    with pytest.raises(BadInput, match="one value"):
        parse_mapping({"n": Int(min=0, max=9)}, {"n": ["1", "2"]})


def test_huge_input_is_refused_not_processed():
    with pytest.raises(BadInput, match="too long"):
        parse_mapping({"t": Text(max_len=10)}, {"t": "x" * 1_000_000})


@given(st.dictionaries(st.sampled_from(["n", "c", "t", "l", "b"]),
                       st.one_of(st.text(max_size=300), st.lists(st.text(max_size=20), max_size=5))))
@settings(max_examples=300)
def test_any_input_parses_or_gives_a_sentence(data):
    spec = {"n": Int(min=-5, max=5, required=False, default=0), "c": Choice(choices=["a"], required=False, default="a"),
            "t": Text(max_len=10, required=False, default="x"), "b": Bool(),
            "l": TextList(required=False, default=["z"], max_items=3)}
    try:
        parse_mapping(spec, data)
    except BadInput as exc:
        assert str(exc) and str(exc)[0].isupper()


def test_refusals_never_echo_control_characters():
    spec = {"l": ChoiceList(label="features", choices=["a"])}
    with pytest.raises(BadInput) as caught:
        parse_mapping(spec, {"l": ")\x17"})
    assert str(caught.value) == "Features has an unknown choice."
    with pytest.raises(BadInput, match="unknown choice: 'zz'"):
        parse_mapping(spec, {"l": "zz"})
