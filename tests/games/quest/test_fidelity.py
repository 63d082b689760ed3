"""Quest against its seed where two decisions contradicted each other (issue 11): a white door seen
from afar (sight, the crystal ball) is turned for everyone; a room is entered against its occupants'
will only by beating every one who did not consent, and an attacker who loses goes back. Also the
events an auditor reads: belongings told to their owner only."""

from __future__ import annotations

import json

import pytest

from games.quest import board
from mud.local.script import run_script
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room, texts


# --- white doors: once seen, turned for everyone --------------------------------------------------

def _wizard_sees(how: str):
    s = new(("tizio", "caio", "sempronio"), rules="full")
    isolate(s, "C4")
    door(s, "C4", "C5", "white", False)
    door(s, "C4", "B4", "red", True)
    place(s, "tizio", "A1")
    place(s, "caio", "C4")
    place(s, "sempronio", "E8")
    room(s, "C4", "city", 1)
    if how == "sight":
        s.players["tizio"].rank = "wizard"
        return s, act(s, "tizio", "cast", "sight", "C4")
    s.players["tizio"].treasures = ["crystal ball"]
    return s, act(s, "tizio", "scry", "caio")


@pytest.mark.parametrize("how", ["sight", "scry"])
def test_a_white_door_seen_from_afar_is_turned_for_everyone_a_red_one_stays_private(how):
    s, ev = _wizard_sees(how)
    white, red = board.edge("C4", "C5"), board.edge("B4", "C4")
    assert white in s.turned, "the white door is face up for all"
    turned = [e for e in ev if e.kind == "door_turned"]
    assert [e.data["door"] for e in turned] == ["C4-C5"] and turned[0].to is None
    assert turned[0].data["by"] == ("sight" if how == "sight" else "crystal ball")
    assert red in s.players["tizio"].peeked and red not in s.players["caio"].peeked
    assert not any("B4" in x and "open" in x for x in texts(ev, "sempronio")), "the red door's face stays the caster's"
    from games.quest import GAME
    for p in ("caio", "sempronio"):
        assert GAME.view(s, p)["doors"]["C4-C5"]["face"] == "closed"
        assert GAME.view(s, p)["doors"]["B4-C4"]["face"] == "unknown" or p == "caio"


# --- entering a room with several occupants ---------------------------------------------------------

def _crowd(armed_b=(), armed_c=(), armed_a=()):
    """tizio (B2) forces his way into B3, where caio and sempronio stand and both deny him."""
    s = new(("tizio", "caio", "sempronio"))
    isolate(s, "B2")
    isolate(s, "B3")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    place(s, "sempronio", "B3")
    s.players["tizio"].objects = list(armed_a)
    s.players["caio"].objects = list(armed_b)
    s.players["sempronio"].objects = list(armed_c)
    dice(s, 3, 3, 3, 3, 3, 3)
    act(s, "tizio", "move", "e")
    act(s, "caio", "deny")
    return s


def test_losing_to_one_of_several_occupants_sends_the_attacker_back():
    s = _crowd(armed_b=("mace",))
    act(s, "tizio", "fight")
    assert s.duel.defender == "caio" and s.duel.queue == ["sempronio"]
    ev = act(s, "caio", "loot", "gold")
    assert s.players["tizio"].pos == "B2", "beaten, tizio does not stay with sempronio, who never let him in"
    assert [e.data for e in ev if e.kind == "driven_back"] == [{"player": "tizio", "room": "B2", "origin": "B3", "wounded": False}]
    assert s.duel is None and s.turn.player == "caio"


def test_winning_means_beating_every_occupant_who_did_not_consent():
    s = _crowd(armed_a=("sword",))
    act(s, "tizio", "fight")
    act(s, "tizio", "loot", "gold")
    assert s.duel is not None and s.duel.defender == "sempronio", "the second occupant is fought too"
    act(s, "tizio", "loot", "gold")
    assert s.players["tizio"].pos == "B3" and s.duel is None
    assert s.players["caio"].beaten_by == s.players["sempronio"].beaten_by == "tizio"


def test_an_occupant_who_consented_is_not_fought():
    s = new(("tizio", "caio", "sempronio"))
    isolate(s, "B2")
    isolate(s, "B3")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    place(s, "sempronio", "B3")
    s.players["tizio"].objects = ["sword"]
    dice(s, 3, 3, 3)
    act(s, "tizio", "move", "e")
    act(s, "sempronio", "allow")
    act(s, "caio", "deny")
    act(s, "tizio", "fight")
    assert s.duel.defender == "caio" and s.duel.queue == []


def _records(seed: int) -> list[dict]:
    run = run_script("", {"bots": 4, "seed": seed, "json": True, "omniscient": True})
    assert run.status == 0 and run.table.over
    return [json.loads(line) for line in run.output().splitlines() if line.startswith("{")]


@pytest.mark.parametrize("seed", [94, 182])
def test_reproducers_nobody_ends_a_forced_move_among_occupants_who_neither_consented_nor_lost(seed):
    """mud run --bots 4 --seed 94 (and 182): an attacker beaten by one occupant stayed with the others."""
    recs = _records(seed)
    pos = dict(recs[0]["positions"])
    alive = set(pos)
    mover, forced, let_in, beaten = None, False, set(), set()
    duel_attacker = None
    fights = 0

    def check_turn_end():
        if mover and forced and mover in alive:
            others = {p for p in alive if p != mover and pos[p] == pos[mover]}
            assert others <= let_in | beaten, f"seed {seed}: {mover} stays in {pos[mover]} with {others - let_in - beaten}"

    for r in recs:
        kind = r["type"]
        if kind == "turn" and "not_to" in r:
            check_turn_end()
            mover, forced, let_in, beaten = r["player"], False, set(), set()
        elif kind == "moved" and "not_to" in r:
            pos[r["player"]] = r["room"]
            let_in, beaten = set(), set()
        elif kind == "consent_given" and "not_to" in r and r["mover"] == mover:
            let_in.add(r["player"])
        elif kind == "duel":
            duel_attacker = r["attacker"]
            if r["cause"] == "fight":
                forced, fights = True, fights + 1
        elif kind == "duel_won" and r["cause"] == "fight" and r["winner"] == duel_attacker:
            beaten.add(r["loser"])
        elif kind == "driven_back":
            pos[r["player"]] = r["room"]
            forced = forced and r["player"] != mover  # back where the step began: nobody to answer to
        elif kind == "died":
            alive.discard(r["player"])
    check_turn_end()
    assert fights, "the reproducer still forces a way in"


# --- belongings in the owner's events -----------------------------------------------------------------

def test_a_gift_and_a_loot_tell_each_owner_what_they_hold_and_nobody_else():
    s = new(("tizio", "caio", "sempronio"))
    s.players["tizio"].objects = ["rope"]
    ev = act(s, "tizio", "give", "caio", 1, "gold")
    mine = [e for e in ev if e.to == ("tizio",)]
    theirs = [e for e in ev if e.to == ("caio",)]
    public = [e for e in ev if e.visible_to("sempronio")]
    assert mine[0].data["belongings"] == {"gold": 0, "bag": False, "objects": ["rope"], "treasures": [], "keys": []}
    assert theirs[0].data["belongings"]["gold"] == 2
    assert public and all("belongings" not in e.data for e in public)
    assert all(not e.visible_to(None) for e in mine + theirs)
