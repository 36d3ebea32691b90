"""The one way rotation61 writes CSV: a byte-order mark and cells a spreadsheet will not run."""

from __future__ import annotations

import csv
import io

import pytest

from rotation61.tournament import csv_text


@pytest.mark.parametrize("lead", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_a_spreadsheet_would_run_is_quoted_with_an_apostrophe(lead: str) -> None:
    text = csv_text([["name", "club"], [f"{lead}HYPERLINK(1)", "CLB Quận 1"]])
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    assert rows[1] == [f"'{lead}HYPERLINK(1)", "CLB Quận 1"]


def test_the_text_starts_with_a_byte_order_mark_and_keeps_vietnamese_and_numbers() -> None:
    text = csv_text([["name", "points"], ["Nguyễn Văn An", 61], ["Trần Thị Bình", -3]])
    encoded = text.encode("utf-8")
    assert encoded.startswith(b"\xef\xbb\xbf")
    assert encoded.decode("utf-8-sig") == (
        "name,points\r\nNguyễn Văn An,61\r\nTrần Thị Bình,-3\r\n"
    )


def test_a_cell_that_only_holds_a_lead_inside_is_left_as_it_is() -> None:
    assert csv_text([["An-Bình", "a=b", "x@y"]]) == "\ufeffAn-Bình,a=b,x@y\r\n"
