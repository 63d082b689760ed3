"""Every line a game makes is a message (issue 43, docs/i18n.md), checked the same way for each game of
the catalogue: seeded bots-only games are read in the pseudo-language ``xx``, which marks each message
⟦ ⟧, so a line not wholly marked was never made a message -- every event a seat or a spectator sees,
every refusal ``apply`` raises at sampled states (the contract's near-legal ``candidates``, the
engine's own refusals among them), every screen, status line, question and answer label, and every
summary the shell folds another's turn into. A line of no words (a board's grid, a score row of names
and numbers) is data, the same in every language. Each game's own Italian, read as its catalogue
writes it, stays in tests/games/<game>/test_italian*.py."""

from __future__ import annotations

import random
import re

import pytest

import games
from games.words import Msg, render, worded
from tests.contract.kit import contract_games
from tests.contract.worded import marked, play_read, read_by

GAMES = contract_games()
RUNS = [(name, seed, seats) for name in GAMES for seed, seats in ((1, "default"), (2, "most"))]
# Games whose screens and status line are plain English yet (docs/i18n.md, "What is converted so far").
WORD = re.compile(r"[A-Za-z][a-z]{2,}")  # a letter and two small ones: a word (a room code "rCi3", a piece "Gk" is not)


@pytest.fixture(scope="module", params=RUNS, ids=lambda r: f"{r[0]}-seed{r[1]}-{r[2]}")
def read(request):
    name, seed, seats = request.param
    game = games.get(name)
    count = game.default_players if seats == "default" else min(game.max_players, 4)
    return game, play_read(name, seed, seats=max(count, 1))


def unworded(line: str, names: list[str]) -> bool:
    """A line with no word of ours: take out the seats' names, and no three letters stand together."""
    for name in names:
        line = line.replace(name, "")
    return not WORD.search(line)


def test_every_event_a_seat_or_a_spectator_sees_is_a_message(read):
    game, played = read
    seen = [render(e.text, "xx") for e in played.events for who in (*played.names, None) if e.visible_to(who)]
    assert len(seen) > 20
    assert [line for line in seen if not marked(line)] == []


def test_every_refusal_is_a_message_of_the_game_or_of_the_engine(read):
    game, played = read
    refused = [r for _, _, r in played.refusals]
    assert len(refused) > 20
    assert [r for r in refused if not isinstance(r, Msg)] == []
    assert [render(r, "xx") for r in refused if not marked(render(r, "xx"))] == []
    assert any(r.domain == "engine" for r in refused)  # the foreign verb: the engine's own words
    ours = {e.text.domain for e in played.events if isinstance(e.text, Msg)}
    assert {r.domain for r in refused} <= ours | {"engine"}  # the game's own domain, or the engine's


def test_every_screen_status_line_question_and_label_is_a_message(read):
    game, played = read
    read_lines = [line for s in played.states for who in (*played.names, "watcher")
                  for line in read_by(game, s, who, "xx")]
    assert read_lines
    assert [line for line in read_lines if not marked(line) and not unworded(line, played.names)] == []


def test_an_answer_s_command_is_data_the_same_in_every_language(read):
    """A question's answers: each label is worded, each command stays the line typed (the world turns it
    into the reader's words: mud/world/asking.py)."""
    game, played = read
    asked = [q for s in played.states for who in played.names if (q := game.prompt(s, who))]
    for q in asked:
        assert [command for _, command in worded(q, "xx")["choices"]] == [command for _, command in q["choices"]]
        assert all(isinstance(command, str) for _, command in q["choices"])


def test_every_folded_turn_is_a_message(read):
    """What the shell shows of another's turn (mud/shell/fold.py): the game's summary, each line marked."""
    game, played = read
    lines = [render(line, "xx") for f in played.folds for line in f.summary]
    assert lines or game.summarise is None
    assert [line for line in lines if not marked(line)] == []


@pytest.mark.parametrize("lang", ["xx", "it", "en"])
def test_what_a_seat_reads_is_the_same_whatever_is_hidden_from_it(read, lang):
    """All that is hidden from a seat, shuffled (the game's scramble), changes no word it reads besides
    events -- in any language."""
    game, played = read
    if game.scramble is None:
        pytest.skip(f"{game.name} hides nothing")
    rng = random.Random(5)
    for state in played.states[::3]:
        for who in played.names:
            assert read_by(game, game.scramble(state, who, rng), who, lang) == read_by(game, state, who, lang)
