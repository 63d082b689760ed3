"""Quest's summary of another's turn in Italian (issue 43): the folded turn is built from the events'
data and messages (games/quest/summary.py), never by cutting the actor's name off the English.

Over seeded bots-only games, each turn as each other seat sees it: its English reads exactly as the
English-cutting summary read it (the same function given the events' English text, the path kept for
words that are not messages); in ``xx`` every line is wholly marked and holds no English cut from an
event; every message in it has its Italian; and the Italian names no card, place or door face its
English does not (the fold is made of the seat's visible events alone, as in English).
"""

from __future__ import annotations

import re

import pytest

from games import botgame
from games.engine import Event
from games.quest import GAME, summary
from games.quest import text as t
from games.quest.words import _
from games.words import Msg, render
from mud.shell.fold import Folded, Folder
from tests.games.quest.test_italian import CARDS, FACES, PLACES, _names, marked

SEEDS = ((1, "full"), (2, "basic"), (5, "full"), (8, "full"))
DATA = re.compile(r"^[\w?]+( -> [\w?]+)*$")  # a name, a room, a path: what a summary holds as data


def folds(seed: int, rules: str) -> list[Folded]:
    """Every stretch of another seat's turn each seat's stream folds (mud/shell/fold.py), batch by batch."""
    names = botgame.seat_names(4)
    state = GAME.new_match(names, seed, {"rules": rules})
    GAME.opening(state)
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    folders = {n: Folder(GAME, n) for n in names}
    out, moves = [], 0
    while not GAME.is_over(state) and moves < 700:
        bot = GAME.awaiting(state)[0]
        events = botgame.play_turn(GAME, state, bot, rngs[bot], "normal", memory[bot]).events
        for n, folder in folders.items():
            out += [f for f in folder.fold([e for e in events if e.visible_to(n)]) if isinstance(f, Folded)]
        moves += 1
    return out


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}")
def turns(request):
    return [(f.actor, None, f.events, f.summary) for f in folds(*request.param)]


def _leaves(value):
    """The plain parameters (not messages) inside a message, all the way down."""
    if isinstance(value, Msg):
        for v in value.params.values():
            yield from _leaves(v)
    elif isinstance(value, str):
        yield value


def _messages(value):
    if isinstance(value, Msg):
        yield value
        for v in value.params.values():
            yield from _messages(v)


def test_the_english_fold_is_todays(turns):
    """The same turns summarised from their English text (the way it was cut before) read the same."""
    assert len(turns) > 50
    for actor, viewer, seen, lines in turns:
        english = [Event(e.kind, str(e.text), e.data, to=e.to, not_to=e.not_to) for e in seen]
        assert [str(line) for line in lines] == [str(line) for line in summary.summarise(actor, english, viewer)]


def test_every_fold_is_a_message_and_cuts_no_english(turns):
    lines = [line for _, _, _, said in turns for line in said]
    assert len(lines) > 50
    assert [render(line, "xx") for line in lines if not marked(render(line, "xx"))] == []
    assert {leaf for line in lines for leaf in _leaves(line) if not DATA.match(leaf)} == set()


def test_every_fold_message_has_its_italian(turns):
    """Each message with words of its own (not a frame of placeholders) reads otherwise in Italian."""
    used = {m for _, _, _, said in turns for line in said for m in _messages(line)}
    worded = {m for m in used if m.domain == "quest" and re.search(r"[a-z]{2}", re.sub(r"\{\w+\}", "", m.id))}
    assert worded and {m.id for m in worded if render(m, "it") == str(m)} == set()


def test_an_italian_fold_names_nothing_its_english_does_not(turns):
    for _, _, _, said in turns:
        for line in said:
            for table in (CARDS, PLACES, FACES):
                assert _names(table, render(line, "it"), "it") <= _names(table, str(line), "en"), str(line)


def test_the_seeded_games_fold_acts_and_others_happenings_too():
    """The games above fold more than walks: acts (PHRASES) and others' happenings (CLAUSES) among them."""
    said = {m.id for seed in SEEDS for f in folds(*seed) for line in f.summary for m in _messages(line)}
    assert said & {"succeeds at {room}", "stops at {room}", "passes"}
    assert said & {"{winner} wins the duel against {loser}", "{player} takes a card from {loser}", "{player} lets {mover} in"}


def test_a_walk_reads_in_italian():
    events = [Event("roll", "", {"player": "bot1", "roll": 4}),
              Event("door_turned", "", {"player": "bot1"}),
              Event("door_peeked", "", {"player": "bot1"}), Event("door_peeked", "", {"player": "bot1"}),
              Event("moved", "", {"player": "bot1", "origin": "C6", "room": "D6"}),
              Event("moved", "", {"player": "bot1", "origin": "D6", "room": "E6"}),
              Event("acted", _("{player} succeeds at {room}.", player="bot1", room="E6"), {"player": "bot1"}),
              Event("key_taken", _("{player} takes {key} from {room}.", player="bot1", key=t.key("gold"), room="E6"),
                    {"player": "bot1"})]
    lines = summary.summarise("bot1", events, "ann")
    assert [str(line) for line in lines] == [
        "bot1 rolls 4, moves C6 -> D6 -> E6, succeeds at E6, turns up 1 door, peeks at 2 doors.",
        "Also: bot1 takes the gold key from E6."]
    assert [render(line, "it") for line in lines] == [
        "bot1 tira 4, percorre C6 -> D6 -> E6, riesce in E6, scopre 1 porta, sbircia 2 porte.",
        "Inoltre: bot1 prende la chiave d'oro in E6."]
