"""Every rule path is reached: over a fixed set of seeded bot games (both levels, every seat count)
plus the command files of tests/contract/scripts/<game>/ (for paths bots stay rare on), every event
kind a game declares (the keys of ``GameSpec.tones``) and every finer rule path it names
(``GameSpec.paths``: a duel won by the lighter, a bolt stopped by a door) occurs at least once. A game
added to the catalogue is checked the same way; its bots must give every rule a reason to be used."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

import games
from mud.local.script import run_script
from tests.contract.kit import contract_games, play, taken

SCRIPTS = Path(__file__).parent / "scripts"
SEEDS = range(100)


def _setting(game, seed: int) -> tuple[int, str]:
    """The seats and the bots' level of one seed of the set: every seat count, both levels."""
    seats = game.min_players + seed % (game.max_players - game.min_players + 1)
    return seats, ("easy" if seed % 2 else "normal")


@cache
def bot_kinds(name: str) -> Counter:
    """How often each event kind occurs over the seeded bot games of ``name`` (played once per run)."""
    game = games.get(name)
    kinds: Counter = Counter()
    for seed in SEEDS:
        seats, level = _setting(game, seed)
        played = play(name, seed, seats=seats, level=level)
        assert game.is_over(played.state), f"{name} seed {seed} ({seats} seats, {level}) did not finish"
        kinds += played.kinds + played.paths
    return kinds


@cache
def script_kinds(name: str) -> Counter:
    """How often each event kind occurs in the command files of ``scripts/<name>/``."""
    kinds: Counter = Counter()
    game = games.get(name)
    for path in sorted((SCRIPTS / name).glob("*.mud")):
        run = run_script(path.read_text(encoding="utf-8"), {"json": True, "omniscient": True})
        assert run.status == 0, f"{path.name} did not run"
        records = [json.loads(line) for line in run.output().splitlines() if line.startswith("{")]
        kinds.update(r["type"] for r in records)
        kinds.update(taken(game, records))
    return kinds


@pytest.mark.parametrize("name", contract_games())
def test_every_event_kind_and_rule_path_occurs_in_seeded_bot_games_or_scripted_files(name):
    game = games.get(name)
    seen = bot_kinds(name) + script_kinds(name)
    wanted = [*game.tones, *game.paths]
    missing = sorted(k for k in wanted if not seen[k])
    counts = ", ".join(f"{k} {seen[k]}" for k in sorted(wanted, key=lambda k: seen[k])[:8])
    assert not missing, f"{game.title}: no bot game or script reaches {missing} (rarest: {counts})"


@pytest.mark.parametrize("name", contract_games())
def test_no_rule_path_is_named_like_an_event_kind(name):
    game = games.get(name)
    assert not set(game.paths) & set(game.tones), "a path and a kind share a name: the count would mix them"


@pytest.mark.parametrize("name", contract_games())
def test_every_scripted_file_plays_its_game(name):
    for path in sorted((SCRIPTS / name).glob("*.mud")):
        text = path.read_text(encoding="utf-8")
        assert f"@game {name}" in text, f"{path} names its game"
