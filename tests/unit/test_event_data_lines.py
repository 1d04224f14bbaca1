"""An event's data lines read back, as the EventSource specification reads them, as the data sent
(its line ends made LF: the specification ends a line at CR, LF or CRLF and joins data lines by LF)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.web.events import changed_event, changed_event_with, cut_data, data_lines, view_of
from companion.web.marks import OWN_MARKS, with_own_blocks


def read_as_a_browser(stream: str) -> str:
    lines = stream.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert lines[-1] == ""   # the last line ended
    data = [line[len("data: "):] for line in lines[:-1]]
    assert all(line.startswith("data: ") for line in lines[:-1])   # no line escapes its "data: "
    return "\n".join(data)


@given(st.lists(st.sampled_from(["a", "<p>", " ", "\n", "\r", "\r\n", "é", ":"]), max_size=40).map("".join))
def test_data_lines_carry_any_text_with_its_line_ends(text):
    assert read_as_a_browser(data_lines(text.encode()).decode()) == text.replace("\r\n", "\n").replace("\r", "\n")


def test_an_html_view_becomes_one_data_line_per_line():
    assert data_lines(b'7\n<div id="view">\r\n  x\r</div>') == b'data: 7\ndata: <div id="view">\ndata:   x\ndata: </div>\n'


@given(st.integers(min_value=1, max_value=10**9),
       st.lists(st.sampled_from(["a", "<p>", " ", "\n", "é", "▶", ":", "data: ", "\ndata: "]), max_size=40).map("".join))
def test_a_view_comes_back_out_of_its_event_as_it_went_in(version, html):
    """A tap's answer is its view taken out of the event its screen's stream carries (ViewEvents)."""
    assert view_of(changed_event(version, html.encode())) == html.encode()


PIECES = ["a", "<p>", " ", "\n", "\r", "\r\n", "é", "▶", ":", "data: ", "\ndata: ", "<!--@own-mine-->", "<!--@own-you-2-->"]
MARKS = ["<!--@own-mine-->", "<!--@own-you-2-->", "<!--@own-turn-->"]


@given(st.integers(min_value=1, max_value=10**9), st.lists(st.sampled_from(PIECES), max_size=40).map("".join),
       st.dictionaries(st.sampled_from(MARKS), st.lists(st.sampled_from(PIECES[:10]), max_size=8).map("".join)))
def test_a_phones_event_made_from_the_shared_cut_is_the_event_of_its_whole_view(version, shared, blocks):
    """A phone's event at a game with own blocks (ViewEvents) is made from the view the phones share,
    made event data once (cut_data), and its own blocks: the same bytes as the event of its whole view,
    CRs and all."""
    whole = "".join(with_own_blocks(OWN_MARKS.split(shared), blocks))
    assert changed_event_with(version, cut_data(shared), blocks) == changed_event(version, whole.encode())
