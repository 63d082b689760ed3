"""Issue 24: an armour was counted in a duel's weight. The rule (rules/quest.md, Duels): weight =
treasures + gold coins + weapon cards (sword, lance, mace, shield), the bag of money counting 1; the
seed keeps weapons and armour apart, and an armour alone does not even make its holder armed."""

from __future__ import annotations

import re

import pytest

from games.quest import GAME
from mud.local.script import run_script

WEAPON_CARDS = ("sword", "lance", "mace", "shield")
WEIGHTS = re.compile(r"(\w+) (\d+), (\w+) (\d+)\)?\.?$")


def rule_weight(player) -> int:
    return len(player.treasures) + player.gold + sum(c in WEAPON_CARDS for c in player.objects)


@pytest.fixture
def weighed(monkeypatch):
    """Every tie settled by weight in the games played, as (stated weights, the rule's, armour held)."""
    seen: list[tuple[dict, dict, bool]] = []
    apply = GAME.apply

    def checked(state, player, action):
        events = apply(state, player, action)
        for e in events:
            if e.kind in ("duel_hands", "rps_revealed") and e.to is None:
                got = WEIGHTS.search(str(e.text))
                if got is None:
                    continue
                a, wa, b, wb = got.groups()
                stated = {a: int(wa), b: int(wb)}
                seen.append((stated, {q: rule_weight(state.players[q]) for q in stated},
                             any("armour" in state.players[q].objects for q in stated)))
        return events

    monkeypatch.setattr(GAME, "apply", checked)
    return seen


def test_the_reproducer_seeds_weigh_no_armour(weighed):
    """mud run --bots 4 --seed 117 (seq 909: 'the lighter wins: bot4 3, bot2 4', bot2 holding an armour,
    mace, shield, rope and 1 gold), and 236, 241, 412, 508, 526, 663 the same: every weight a tie is
    settled by is the rule's, armour or not."""
    for seed in (117, 236, 241, 412, 508, 526, 663):
        run = run_script("", {"game": "quest", "bots": 4, "seed": seed, "json": True, "omniscient": True})
        assert run.status == 0 and run.table.over
    assert weighed, "the reproducers still settle ties by weight"
    assert all(stated == rule for stated, rule, _ in weighed), [w for w in weighed if w[0] != w[1]]
    assert any(armour for _, _, armour in weighed), "a tie with an armour in hand is still among them"
