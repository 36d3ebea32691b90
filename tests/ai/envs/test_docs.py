"""The Python examples of docs/ai-environments.md run, in order, in one namespace."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO

DOC = REPO / "docs" / "ai-environments.md"


def test_the_environment_docs_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {"__name__": "docs_ai_environments"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    printed = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"\d+ matches, mean return -?\d+\.\d", printed[0])
    assert printed[1] == "(92,) (8,)"
