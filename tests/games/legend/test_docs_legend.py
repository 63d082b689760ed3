"""docs/events-legend.md describes every event type Quest for Legend makes, with every field it prints."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from mud.script import run_text

ROOT = Path(__file__).resolve().parents[3]
KIND_ARG = {"Event": 0, "tell": 2, "announce": 1, "both": 3}
ENVELOPE = {"seq", "type", "text", "to", "not_to"}
SCRIPT_RECORDS = {"command", "answer", "error"}


def kinds_in_code() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "games" / "legend").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name in KIND_ARG and len(node.args) > KIND_ARG[name]:
                    arg = node.args[KIND_ARG[name]]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value)
    return found


def sections() -> dict[str, str]:
    parts = re.split(r"^### `([a-z_]+)`.*$", (ROOT / "docs" / "events-legend.md").read_text(encoding="utf-8"),
                     flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


@pytest.fixture(scope="module")
def records() -> list[dict]:
    out = []
    for seed, bots, extra in ((1, 2, {}), (2, 3, {}), (3, 4, {"teams": "on"}), (9, 2, {"tournament": "3"})):
        text, _ = run_text("", {"game": "legend", "bots": bots, "seed": seed, "json": True, "omniscient": True, **extra})
        out += [json.loads(line) for line in text.splitlines()]
    return out


def test_every_legend_event_type_has_a_section(records):
    kinds = kinds_in_code() | ({r["type"] for r in records} - SCRIPT_RECORDS)
    assert len(kinds) >= 18
    assert not sorted(kinds - set(sections())), "docs/events-legend.md misses some event types"
    assert not sorted(set(sections()) - kinds), "docs/events-legend.md describes event types Quest for Legend no longer makes"


def test_every_legend_event_field_is_named_in_its_section(records):
    docs = sections()
    for r in records:
        if r["type"] in SCRIPT_RECORDS:
            continue
        for key in set(r) - ENVELOPE:
            assert f"`{key}`" in docs[r["type"]], f"field '{key}' of '{r['type']}' is not in docs/events-legend.md"
