"""Every game's event reference (docs/events-<game>.md; Quest's is docs/events.md) has a section
for each event kind the game declares and none for a kind it no longer makes, and names every field
its events carry -- over seeded bot games at every seat count and with every choice of each option.
A game made by a test (the toy) has no reference and is skipped."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

import games
from mud.local.script import ScriptError, run_text
from tests.contract.kit import contract_games

DOCS = Path(__file__).resolve().parents[2] / "docs"
OWN_DOC = {"quest": "events.md"}  # the first game's reference kept its first name
SHELL_KINDS = {"say", "tell", "emote"}  # table talk, documented with the game it was first written for
ENVELOPE = {"seq", "type", "text", "to", "not_to"}
SCRIPT_RECORDS = {"command", "answer", "error", "capped"}


def reference(name: str) -> Path:
    return DOCS / OWN_DOC.get(name, f"events-{name}.md")


def sections(name: str) -> dict[str, str]:
    parts = re.split(r"^### `([a-z_]+)`.*$", reference(name).read_text(encoding="utf-8"), flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


@cache
def records(name: str) -> tuple[dict, ...]:
    """The JSON records of seeded bot games: every seat count, then each choice of each option."""
    game = games.get(name)
    runs = [{"bots": seats, "seed": seed} for seats in range(max(2, game.min_players), game.max_players + 1)
            for seed in (1, 2)]
    out: list[dict] = []
    for cli in runs:
        out += _played(name, cli)
    for opt in game.options:
        for choice in opt.choices:  # at the first seat count the choice fits (a map for 3 players ...)
            for seats in range(max(2, game.min_players), game.max_players + 1):
                try:
                    out += _played(name, {"bots": seats, "seed": 3, opt.name: choice})
                    break
                except ScriptError:
                    continue
    return tuple(out)


def _played(name: str, cli: dict) -> list[dict]:
    printed, _ = run_text("", {"game": name, "json": True, "omniscient": True, **cli})
    return [json.loads(line) for line in printed.splitlines()]


def documented(name: str) -> bool:
    return reference(name).exists() and games.CATALOGUE[name].startswith("games.")


@pytest.mark.parametrize("name", contract_games())
def test_the_reference_has_a_section_for_every_kind_and_none_stale(name):
    if not documented(name):
        pytest.skip(f"{name} is a test's game: no reference")
    kinds, found = set(games.get(name).tones), set(sections(name))
    assert not sorted(kinds - found), f"{reference(name).name} has no section for {sorted(kinds - found)}"
    stale = sorted(found - kinds - SHELL_KINDS)
    assert not stale, f"{reference(name).name} describes kinds the game no longer makes: {stale}"


@pytest.mark.parametrize("name", contract_games())
def test_the_reference_names_every_field_of_every_event(name):
    if not documented(name):
        pytest.skip(f"{name} is a test's game: no reference")
    docs = sections(name)
    for r in records(name):
        if r["type"] in SCRIPT_RECORDS:
            continue
        for key in set(r) - ENVELOPE:
            assert f"`{key}`" in docs.get(r["type"], ""), \
                f"field '{key}' of '{r['type']}' is not in {reference(name).name}"
