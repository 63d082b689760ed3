"""Issue 16 in-process: names, the log, operators' files, storage faults, limits per address."""

from __future__ import annotations

import pytest

from mud.cli import NAME as CLI_NAME
from mud.world.session import valid_name


@pytest.mark.parametrize("name", ["alice\n", "alice\r\n", "\nalice", "al\nice", "alice\x00", "alice "])
def test_a_name_is_checked_whole(name):
    assert valid_name(name) is not None
    assert CLI_NAME.fullmatch(name) is None
