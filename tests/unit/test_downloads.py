"""companion/web/downloads.py: what every download (an evening's history, a group's record) writes."""
import pytest

from companion.web.downloads import spreadsheet_cell, utc_time


@pytest.mark.parametrize("typed", ["=1+1", "+SUM(A1)", "-2+3", "@here", "\tTab", "\rCR", "=HYPERLINK(\"x\")"])
def test_text_that_starts_like_a_formula_is_kept_as_text(typed):
    assert spreadsheet_cell(typed) == "'" + typed


@pytest.mark.parametrize("value, cell", [("Ann", "Ann"), ("-5", "-5"), ("+2.5", "+2.5"), (7, "7"), (None, ""), ("", "")])
def test_names_and_numbers_are_written_as_they_are(value, cell):
    assert spreadsheet_cell(value) == cell


def test_times_are_written_in_utc_and_no_time_as_nothing():
    assert utc_time(0) == "" and utc_time(None) == ""
    assert utc_time(1_795_956_654) == "2026-11-29 12:50 UTC"
