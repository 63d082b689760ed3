"""1,000 seeded full games of four bots, easy and normal, checked action by action.

Each game must end with exactly one winner (crowned, or the last one alive) within a bounded number
of turns; along the way: loot comes only from the loser of the duel, a broken armour goes back to
the deck, the dead never act and are never awaited, no card or treasure is made or lost (deck +
hands + spent), the secrets of a duel go only to its duellists, and at the end every ledger entry
verifies against the revealed, sealed map. The average length is printed (pytest -s)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine import RuleError, bot_rng
from games.quest import GAME, seal
from games.quest.board import edge_name
from games.quest.data import OBJECT_DECK, TREASURES

SEEDS = range(1000)
CHUNK = 125
MAX_TURNS = 400  # the longest of the 1,000 is about a third of this
BOTS = ["bot1", "bot2", "bot3", "bot4"]


def levels(seed: int) -> dict[str, str]:
    """Even seeds: four normal bots; odd seeds: two easy, two normal."""
    return {b: ("easy" if seed % 2 and i % 2 else "normal") for i, b in enumerate(BOTS)}


def cards(state) -> tuple[Counter, Counter]:
    objects = Counter({k: v for k, v in state.objects.items()})
    treasures = Counter(state.treasures)
    for p in state.players.values():
        objects.update(p.objects)
        treasures.update(p.treasures)
    for c in state.spent:
        (treasures if c in TREASURES else objects)[c] += 1
    return objects, treasures


def check_views(state) -> None:
    """Each player's view holds only their own secrets: their hand, their duel choice and cards,
    the rooms they know, the red doors they peeked."""
    for name, p in state.players.items():
        v = GAME.view(state, name)
        assert "hands" not in v and "objects_left" not in v
        assert v["me"]["objects"] == sorted(p.objects) and v["me"]["treasures"] == sorted(p.treasures)
        assert set(v["rooms"]) == p.seen
        for e, door in state.doors.items():
            if door.colour == "red" and e not in p.peeked:
                assert v["doors"][edge_name(e)]["face"] == "unknown"
        duel = state.duel
        if duel is not None:
            d = v["duel"]
            assert "secret" not in d
            if name in duel.sides:
                assert d["mine"] == duel.secret.get(name) and d["left"] == duel.left.get(name, [])
            else:
                assert "mine" not in d and "left" not in d and "played" not in d


def play_checked(seed: int) -> dict:
    state = GAME.new_match(BOTS, seed, {"rules": "full"})
    opening = GAME.opening(state)
    assert any(e.kind == "sealed" for e in opening)
    lv = levels(seed)
    rngs = {b: bot_rng(seed, b) for b in BOTS}
    memory: dict[str, dict] = {b: {} for b in BOTS}
    refused = actions = 0
    stats = Counter()
    while not state.over:
        waiting = GAME.awaiting(state)
        assert waiting and all(state.players[p].alive for p in waiting), "only the living are awaited"
        bot = waiting[0]
        duel = state.duel
        before = {n: (Counter(p.objects), Counter(p.treasures), p.gold, list(p.keys))
                  for n, p in state.players.items()}
        armour_deck = state.objects["armour"]
        choice = None
        for _ in range(3):
            choice = GAME.bot_action(state, bot, rngs[bot], lv[bot], memory[bot])
            try:
                events = GAME.apply(state, bot, choice)
                break
            except RuleError:
                refused += 1
                GAME.bot_refused(state, bot, choice, memory[bot])
        else:
            for choice in GAME.legal_actions(state, bot):
                try:
                    events = GAME.apply(state, bot, choice)
                    break
                except RuleError:
                    continue
            else:
                raise AssertionError(f"seed {seed}: {bot} has no legal action")
        actions += 1
        assert actions < 20_000
        kinds = [e.kind for e in events]
        stats.update(k for k in kinds if k in ("duel", "wounded", "died", "healed", "armour_broken", "promoted",
                                                  "bolt_absorbed", "sight", "scried", "rps_revealed"))
        for e in events:
            if e.kind == "looted":
                assert duel is not None and duel.stage == "loot"
                assert e.data["player"] == duel.winner == bot and e.data["loser"] == duel.loser, "loot from the loser"
            if e.kind in ("duel_played", "looted") and e.to is not None:
                assert set(e.to) <= set(duel.sides), "a duel's cards go only to its duellists"
            if e.kind == "rps_chosen" and "choice" in e.data:
                assert e.to == (e.data["player"],), "a secret choice goes only to its owner"
            if e.kind == "loot_offer":
                assert e.to == (e.data["player"],)
        if "looted" in kinds:
            w, lo = duel.winner, duel.loser
            gained = [(Counter(state.players[w].objects) - before[w][0]) + (Counter(state.players[w].treasures)
                                                                           - before[w][1])]
            lost = [(before[lo][0] - Counter(state.players[lo].objects)) + (before[lo][1]
                                                                         - Counter(state.players[lo].treasures))]
            assert gained == lost, "what the winner takes is what the loser lost"
            for n in state.players:
                if n not in (w, lo):
                    assert before[n][:2] == (Counter(state.players[n].objects), Counter(state.players[n].treasures))
        broken = kinds.count("armour_broken")
        if broken:
            assert state.objects["armour"] == armour_deck + broken, "a broken armour goes back to the deck"
            for e in events:
                if e.kind == "armour_broken":
                    name = e.data["player"]
                    assert before[name][0]["armour"] > Counter(state.players[name].objects)["armour"]
        objects, treasures = cards(state)
        assert objects == Counter(OBJECT_DECK) and treasures == Counter(TREASURES), "cards are never made or lost"
        assert all(p.gold >= 0 for p in state.players.values())
        if actions % 10 == 0 and not state.over:
            check_views(state)
        if "died" in kinds:
            for p in state.players.values():
                if not p.alive:
                    assert not (p.objects or p.treasures or p.keys) and p.name not in GAME.awaiting(state)
    winners = GAME.winners(state)
    assert len(winners) == 1
    w = state.players[winners[0]]
    alive = [p for p in state.players.values() if p.alive]
    assert w.alive and (len(alive) == 1 or (w.rank == "king" and state.rooms[w.pos].location == "castle"))
    assert state.turn.number <= MAX_TURNS, f"seed {seed}: {state.turn.number} turns"
    ok, _ = seal.verify(GAME.view(state, "bot1")["seal"], GAME.view(state, "bot1")["ledger"])
    assert ok, f"seed {seed}: the ledger does not verify"
    for p in BOTS:
        with pytest.raises(RuleError):
            GAME.apply(state, p, random.choice(GAME.legal_actions(state, p) or [choice]))
    stats["turns"] = state.turn.number
    stats["refused"] = refused
    stats["last alive"] = int(len(alive) == 1)
    return stats


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [SEEDS[i:i + CHUNK] for i in range(0, len(SEEDS), CHUNK)],
                         ids=lambda s: f"{s[0]}-{s[-1]}")
def test_full_bot_games(seeds):
    total = Counter()
    longest = 0
    for seed in seeds:
        stats = play_checked(seed)
        longest = max(longest, stats["turns"])
        total.update(stats)
    n = len(seeds)
    print(f"seeds {seeds[0]}-{seeds[-1]}: average {total['turns'] / n:.1f} turns, longest {longest}; "
          f"{dict((k, v) for k, v in total.items() if k != 'turns')}")
    assert total["duel"] > 0 and total["died"] >= 0
