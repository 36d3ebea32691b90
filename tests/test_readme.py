"""The README's Python examples run as doctests."""

from __future__ import annotations

import doctest

from tests.conftest import REPO


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(str(REPO / "README.md"), module_relative=False)
    assert tried > 0
    assert failures == 0
