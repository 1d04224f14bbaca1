"""An event's data lines read back, as the EventSource specification reads them, as the data sent
(its line ends made LF: the specification ends a line at CR, LF or CRLF and joins data lines by LF)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.web.events import changed_event, data_lines, view_of


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
