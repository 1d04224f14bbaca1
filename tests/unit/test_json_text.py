"""companion/json_text.py gives back what the standard library's json gives, for whatever a table's
state can hold, including the integers beyond 64 bits that orjson alone would read as floats."""
import json
import math

from hypothesis import given, settings, strategies as st

from companion import json_text

integers = st.one_of(st.integers(), st.integers(min_value=-2**70, max_value=2**70),
                     st.sampled_from([2**63 - 1, -2**63, -2**63 - 1, 2**64 - 1, 2**64,
                                      10**19, -10**19, 10**40]))
scalars = st.one_of(st.none(), st.booleans(), integers, st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5),
    st.dictionaries(st.one_of(st.text(max_size=10), st.integers()), inner, max_size=5)), max_leaves=30)


def exactly(value) -> str:
    """A value written so that 1, 1.0 and True differ, as json.dumps writes them."""
    return json.dumps(value, sort_keys=False)


@settings(max_examples=400, deadline=None)
@given(values)
def test_what_is_written_reads_back_as_json_would_read_it(value):
    expected = json.loads(json.dumps(value))
    assert exactly(json_text.loads(json_text.dumps(value))) == exactly(expected)
    # and text json wrote (every state saved before orjson) reads the same
    assert exactly(json_text.loads(json.dumps(value))) == exactly(expected)


def test_integers_past_64_bits_stay_integers():
    for number in (2**64, -2**63 - 1, 10**30, -10**30):
        text = json_text.dumps({"rng": number, "name": "12345678901234567890123"})
        assert json_text.loads(text) == {"rng": number, "name": "12345678901234567890123"}
        assert type(json_text.loads(text)["rng"]) is int
    # a 64-bit seed, the usual case, is read by orjson and is exact too
    assert json_text.loads(json_text.dumps({"rng": 2**64 - 1})) == {"rng": 2**64 - 1}


def test_keys_that_are_not_strings_are_written_as_json_writes_them():
    for keyed in ({1: "a", None: "b", 2.5: "c"}, {True: "d", False: "e"}):
        assert json_text.loads(json_text.dumps(keyed)) == json.loads(json.dumps(keyed))


def test_nan_and_infinity_as_json_reads_them():
    assert math.isnan(json_text.loads("NaN")) and json_text.loads("[Infinity]") == [math.inf]


def test_a_mistake_is_json_s_own_error():
    try:
        json_text.loads("{")
    except json.JSONDecodeError:
        pass
    else:
        raise AssertionError("no error")


def test_a_lone_surrogate_reads_as_json_reads_it():
    text = '["\ud800", 12345678901234567890123]'   # the character itself, not its escape
    assert json_text.loads(text) == json.loads(text)


def test_text_orjson_wrote_is_read_back_without_the_look_for_long_integers(monkeypatch):
    written = json_text.dumps({"rng": 2**64 - 1, "name": "12345678901234567890123"})
    assert type(written) is json_text.WrittenByOrjson
    assert type(json_text.dumps({"rng": 2**64})) is str   # json wrote it: read back with the look
    looked_at = []
    monkeypatch.setattr(json_text, "_beyond_64_bits", lambda text: looked_at.append(text) or False)
    assert json_text.loads(written) == {"rng": 2**64 - 1, "name": "12345678901234567890123"}
    assert looked_at == []
    assert json_text.loads(str(written)) == json_text.loads(written) and looked_at == [written]
