"""A Quantum turn folded into one line (summary.py) reads in its reader's language (issue 43): the
line is built from the turn's events' messages and parameters, not from their English. Its English
is the engine's summary of the same events, as before; in ``xx`` it is wholly marked; in Italian it
is the catalogue's words."""

from __future__ import annotations

import re

import pytest

from games.engine import joined_turn
from games.quantum.summary import SKIP, clause, summarise
from games.words import Msg, render
from mud.shell.fold import NEVER_FOLDED
from tests.games.quantum.fixtures import GAME, dice, do, playing, put
from tests.contract.worded import marked
from tests.games.quantum.test_italian import SEEDS, seeded_game


def turns_of(events) -> list[tuple[str, list]]:
    """The events cut at each turn's announcement: (whose turn, its events)."""
    out: list[tuple[str, list]] = []
    for e in events:
        if e.kind == "turn":
            out.append((e.data["player"], [e]))
        elif out:
            out[-1][1].append(e)
    return out


def english_before(actor: str, events) -> list[str]:
    """The summary as Quantum made it from the events' English before it read their messages."""
    lead = next((re.sub(r"\s*\(.*\)\.?$", "", str(e.text).strip()).rstrip(".") for e in events if e.kind == "turn"), "")
    return joined_turn(actor, events, skip=SKIP, lead=lead)


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}players")
def played(request):
    return seeded_game(*request.param)


def test_each_turns_line_reads_as_before_in_english_and_is_a_message(played):
    names, events, _, _ = played
    turns = turns_of(events)
    assert len(turns) > 10
    for actor, run in turns:
        viewer = next(n for n in names if n != actor)
        seen = [e for e in run if e.visible_to(viewer) and GAME.tone(e.kind) not in NEVER_FOLDED]
        lines = summarise(actor, seen, viewer)
        assert [str(line) for line in lines] == english_before(actor, seen)
        assert all(marked(render(line, "xx")) for line in lines)
        assert all(isinstance(clause(actor, e), Msg) for e in seen if e.kind not in SKIP)  # none fell back to English
        assert all(render(line, "it") != str(line) for line in lines)


def test_a_turn_reads_in_italian():
    state = playing()
    put(state, "ann", 3, "a8")
    put(state, "bob", 1, "c9")
    dice(state, 6, 1)
    events = do(state, "ann", "attack", "a8", "c9", "b9") + do(state, "ann", "research")
    line = summarise("ann", events, "bob")[0]
    assert str(line) == ("ann: moves the 3 from a8 to b9; ann's 3 at b9 attacks bob's 1 at c9: 6+3=9 against 1+1=2: "
                         "bob holds; the attacker stays at b9; ann's research: 2 (research).")
    assert render(line, "it") == ("ann: muove il suo 3 da a8 a b9; la nave da 3 di ann in b9 attacca la nave da 1 di "
                                  "bob in c9: 6+3=9 contro 1+1=2: bob resiste; l'attaccante resta in b9; ricerca di "
                                  "ann: 2 (ricerca).")
