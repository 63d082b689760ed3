"""Bots do not repeat a futile attack forever (issue 24): two wizards armed alike traded the same
lost duel and the same looted bible about 14,000 times, until `mud run` gave up at its cap. A bot
that has made an attack twice in the very same situation does not make it a third time, and walks
round a room it cannot force (games/quest/bot_cycles.py)."""

from __future__ import annotations

import json
import random

import pytest

from games.quest import GAME, bot_cycles
from mud.local.script import run_text
from tests.games.quest.fixtures import act, dice, isolate, new, place, room

CAP = 100_000


@pytest.mark.parametrize("bots, seed", [(2, 68), (2, 218), (3, 131)])
def test_the_seeds_that_looped_end_with_a_winner_well_under_the_cap(bots, seed):
    out, status = run_text("", {"game": "quest", "bots": bots, "seed": seed, "json": True})
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert not [r for r in records if r["type"] == "capped"]
    (over,) = [r for r in records if r["type"] == "game_over"]
    assert over["winner"] in [f"bot{i}" for i in range(1, bots + 1)]
    assert sum(r["type"] == "command" for r in records) < CAP // 20


def refused_at_the_cave():
    """tizio, a vassal with a sword and a shield, wants the dragon's cave next door (B3), where caio,
    armed alike, has just refused him: the moment a bot decides to force its way in."""
    s = new(("tizio", "caio"), rules="full")
    isolate(s, "B2")
    isolate(s, "B3")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    room(s, "B3", "cave", 1)
    s.players["tizio"].seen.add("B3")
    for name in ("tizio", "caio"):
        s.players[name].objects = ["shield", "sword"]
    s.players["tizio"].consent = "none"  # the standing answer of an armed bot: its habits are done
    dice(s, 3)
    act(s, "tizio", "move", "e")
    act(s, "caio", "deny")
    return s


def test_a_bot_forces_a_refused_door_twice_in_the_same_situation_then_goes_elsewhere():
    s = refused_at_the_cave()
    memory: dict = {"noted": {"B3"}}  # it has noted already that caio keeps it out
    rng = random.Random(1)
    chosen = [GAME.bot_action(s, "tizio", rng, "normal", memory) for _ in range(3)]
    assert [a.verb for a in chosen[:2]] == ["fight", "fight"]
    assert chosen[2].verb in ("move", "stop") and chosen[2].args != ("e",)  # elsewhere, not at caio again


def test_a_room_forced_in_vain_is_walked_round_until_something_changes():
    s = refused_at_the_cave()
    memory: dict = {"noted": {"B3"}}  # it has noted already that caio keeps it out
    rng = random.Random(1)
    for _ in range(2):
        GAME.bot_action(s, "tizio", rng, "normal", memory)
    assert bot_cycles.unforceable(GAME.view(s, "tizio"), memory) == {"B3"}
    s.players["caio"].gold += 1  # caio is heavier now: the same duel may go otherwise
    assert bot_cycles.unforceable(GAME.view(s, "tizio"), memory) == set()
    assert GAME.bot_action(s, "tizio", rng, "normal", memory).verb == "fight"
