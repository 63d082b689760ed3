"""The contract every game keeps, checked the same way for each game of the catalogue (Quest, 10x,
and the toy game of tests/toygame that proves a game needs nothing of mud/)."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.engine import ENVELOPE, HEADER, TONES, Event
from games.engine import command_line as game_command_line
from mud.shell import parser
from mud.local.script import run_script
from mud.shell.session import Session
from mud.shell.table import Table
from tests.contract.kit import contract_games, play
from tests.seating import Typist, seat

ROOT = Path(__file__).resolve().parents[2]
GAMES = contract_games()


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def test_the_catalogue_names_every_game_once(game):
    assert games.get(game.name) is game and GAMES.count(game.name) == 1


def test_a_seed_replays_byte_for_byte(game):
    cli = {"game": game.name, "bots": game.default_players, "seed": 11, "json": True, "omniscient": True}
    first = run_script("", cli)
    again = run_script("", cli)
    assert first.status == 0 and first.table.over, "bots alone play a whole game"
    assert first.output() == again.output()


def test_an_event_whose_data_reuses_an_envelope_name_is_refused():
    for name in sorted(ENVELOPE):
        with pytest.raises(ValueError, match="envelope"):
            Event("moved", "bob moves.", {name: "B2"})


@pytest.mark.parametrize("seats", ["fewest", "most"])
def test_every_json_event_keeps_its_audience(game, seats):
    """In ``--json`` the envelope (type, text, seq, to, not_to) is the event's own: data never
    overwrites it, so ``to`` is always the audience the event was told to."""
    count = game.min_players if seats == "fewest" else game.max_players
    run = run_script("", {"game": game.name, "bots": max(count, 1), "seed": 5, "json": True, "omniscient": True})
    for event in run.table.events:
        record = event.as_json()
        assert record["type"] == event.kind and record["text"] == str(event.text)  # a message: its English
        assert record["to"] == ("all" if event.to is None else list(event.to)), record
        assert record.get("not_to", []) == list(event.not_to), record


@pytest.mark.parametrize("seed", range(3))
def test_every_view_starts_with_the_header_and_every_answer_is_legal(game, seed):
    played = play(game.name, seed, sample_every=5)
    for state in played.states + [played.state]:
        for p in list(game.seats_of(state)) + [None]:
            view = game.view(state, p)
            assert list(view)[:len(HEADER)] == list(HEADER)
            assert view["game"] == game.name and view["over"] == game.is_over(state)
            if p is None:
                continue
            prompt = view["prompt"]
            legal = game.legal_actions(state, p)
            asked = game.question(state, p)
            if asked:
                assert all(action in legal for _, action in asked[1]), (asked, legal)
                assert [line for _, line in prompt["choices"]] == [
                    parser.clean(c) for _, c in prompt["choices"]]


@pytest.mark.parametrize("seed", range(3))
def test_every_answer_typed_as_its_command_is_the_same_action(game, seed):
    """A digit runs its answer's command line as if typed: that line must parse back to the very
    action the game offered (a line the parser reads otherwise would be refused, or do another thing)."""
    played = play(game.name, seed, sample_every=3)
    for state in played.states + [played.state]:
        for p in game.seats_of(state):
            asked = game.question(state, p)
            if not asked:
                continue
            typist = _seated(game, state, p)
            commands = typist.commands()
            for label, action in asked[1]:
                typed = game_command_line(action)
                parsed = parser.parse(typed, commands, typist.context())
                assert len(parsed.steps) <= 1, typed
                assert Session.action(parsed.verb, parsed.slots) == action, (label, typed)


def _table(game, state, person: str | None = None) -> Table:
    """A table whose match is ``state`` (bots in every seat but ``person``'s: nobody acts)."""
    table = Table(game, [], list(game.seats_of(state)), 0)
    table.state = state
    if person is not None:
        table.set_bot(person, False)
    return table


def _seated(game, state, p: str) -> Typist:
    """``p`` at the real command loop (the world's verbs over the table's) of a match in ``state``."""
    return seat(_table(game, state, p), p)


def test_non_interference_nothing_hidden_changes_what_a_player_is_shown(game):
    """Every fact hidden from a player shuffled: their view, prompt, legal actions, screens,
    completions and their bot's choice stay the same."""
    assert game.scramble is not None, f"{game.name} declares no scramble: its hidden facts cannot be checked"
    rng = random.Random(5)
    for seed in range(4):
        played = play(game.name, seed, sample_every=7)
        for state in played.states:
            for p in game.seats_of(state):
                other = game.scramble(state, p, rng)
                assert game.view(other, p) == game.view(state, p), f"{game.name}: {p}'s view leaks"
                assert game.legal_actions(other, p) == game.legal_actions(state, p)
                view = game.view(state, p)
                for name, screen in game.screens.items():
                    assert screen(game.view(other, p)) == screen(view), name
                real, fake = _seated(game, state, p), _seated(game, other, p)
                for prefix in ("", "g", "p", "m", f"{game.verbs[-1].name} "):
                    assert real.complete(prefix) == fake.complete(prefix), prefix
                if not game.is_over(state) and p in game.awaiting(state):
                    mine = [game.bot_action(s, p, random.Random(3), "normal", {}) for s in (state, other)]
                    assert mine[0] == mine[1], f"{game.name}: the bot in {p}'s seat reads hidden facts"


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [range(0, 100), range(100, 200)], ids=lambda s: f"{s[0]}-{s[-1]}")
def test_two_hundred_seeded_bot_games_finish(game, seeds):
    """Seeds 0-199, in halves (the lane's two workers share a game's 35 s)."""
    refused = 0
    for seed in seeds:
        played = play(game.name, seed)
        assert game.is_over(played.state), f"{game.name} seed {seed} did not finish"
        assert game.winners(played.state), f"{game.name} seed {seed} ended with no winner"
        refused += played.refused
    assert refused == 0, f"{game.name}: {refused} refused bot actions in seeds {seeds[0]}-{seeds[-1]}"


LINES = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40) | st.sampled_from(
    ["move", "peek door", "give", "fight", "play", "leave", "take", "guess", "draw bonus bonus", "x" * 300,
     "look", "help", "who", "inventory", "score", "; drop table", "\x1b[2J"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=LINES, step=st.integers(0, 30))
def test_bad_input_in_any_waiting_state_changes_nothing(game, line, step):
    bots = [f"bot{i}" for i in range(1, game.default_players)]
    table = Table(game, ["ann"], bots, seed=step)
    table.start()
    session = seat(table, "ann")
    before, moves = pickle.dumps(table.state), len(table.log)
    answer = session.answer(line)
    errors = [a.text for a in answer if a.kind == "error"]
    assert all(text and "\n" not in text for text in errors)
    if errors:
        assert len(table.log) == moves and pickle.dumps(table.state) == before, f"{line!r} was refused but changed the state"


def _event_kinds(game) -> set[str]:
    kinds = set()
    for seed in range(3):
        names = [f"bot{i}" for i in range(1, game.default_players + 1)]
        table = Table(game, [], names, seed)
        table.start()
        kinds |= {e.kind for e in table.events}
    return kinds


def test_every_event_kind_has_a_tone_and_the_docs_name_every_verb_and_event(game):
    kinds = _event_kinds(game)
    assert set(game.tones.values()) <= set(TONES)
    untoned = sorted(k for k in kinds if k not in game.tones)
    assert not untoned, f"{game.name}: event kinds without a tone: {untoned}"
    if not games.CATALOGUE[game.name].startswith("games."):
        return  # a test's toy game documents itself in its help
    docs = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))
    headings = set(re.findall(r"^### `([a-z_]+)`", docs, re.M))
    assert not sorted(set(game.tones) - headings), f"{game.name}: event kinds missing from docs/events*.md"
    commands = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert not [v.name for v in game.verbs if f"`{v.name}" not in commands], f"{game.name}: verbs missing from docs"


def test_help_fits_80_columns(game):
    """Help is hard-wrapped by its author: telnet and --plain print it as it is, so no line may pass
    78 columns (the TUI's log is 78 wide at 80x24)."""
    long = [(topic, line) for topic, text in game.help.items() for line in str(text).splitlines() if len(line) > 78]
    assert not long, f"{game.name}: help lines over 78 columns: {long[:3]}"


def _hidden_swapped(events, player):
    """The stream with every event ``player`` may not see replaced by a different one (same audience)."""
    from games.engine import Event
    return [e if e.visible_to(player) else Event(e.kind, f"SECRET {str(e.text)[::-1]}", {"secret": str(e.text), "player": "x"},
                                                 e.to, e.not_to) for e in events]


@pytest.mark.parametrize("seed", range(2))
def test_a_folded_turn_tells_only_what_the_viewer_may_see(game, seed):
    """Others' turns folded (the interactive surfaces): what a player is shown, summaries and their
    detail, is the same whatever the events hidden from them held; each folded stretch is at most
    two lines, fewer than it folds, and its detail is exactly the lines it replaces."""
    names = [f"bot{i}" for i in range(1, game.default_players + 1)]
    table = Table(game, [], names, seed)
    table.start()
    for p in names + [None]:
        fake = Table(game, [], names, seed)
        fake.events = _hidden_swapped(table.events, p)
        real, other = Session(table, p), Session(fake, p)
        real.player, other.player = p, p  # None: a spectator
        shown = real.drain(fold=True)
        assert shown == other.drain(fold=True), f"{game.name}: a summary for {p} reads hidden events"
        assert [(x.kind, x.text) for line in shown for x in (line.detail or (() if line.kind == "summary" else (line,)))] \
            == [(x.kind, x.text) for x in Session(table, p).drain()], f"{game.name}: folding lost or changed lines"
        for stretch in real.folder.folded:
            assert 1 <= len(stretch.summary) <= 2 < len(stretch.events) + 2 and len(stretch.summary) < len(stretch.events)
