"""Dungeon Chess through the shell: the algebraic forms of the verbs, bad input answered in one line
with nothing changed, screens within 80 columns, the board and legal moves as data in the view, and
a worked opening as a command file."""

import pickle
from pathlib import Path

import pytest

from games.dungeon_chess import GAME, show
from games.engine import Action
from games.words import worded
from mud.shell import parser
from mud.local.script import run_script
from mud.shell.table import Table
from tests.games.dungeon_chess.fixtures import match
from tests.seating import seat

SCRIPTS = Path(__file__).parent / "scripts"


def parsed(line):
    commands = parser.CommandSet(GAME.verbs, GAME.slots, GAME.fillers)
    p = parser.parse(line, commands, parser.Context(players=["ann", "bob"]))
    return p.verb.build(p.slots) if p.verb.build else Action(p.verb.name, parser.slot_values(p.verb, p.slots))


@pytest.mark.parametrize("line", ["move e2 e5", "move e2-e5", "move e2e5", "move E2 to E5", "mv e2 e5",
                                  "move e2:e5", "e2e5", "e2-e5", "E2 e5"])
def test_a_move_reads_in_every_algebraic_form(line):
    assert parsed(line) == Action("move", ("e2", "e5"))


@pytest.mark.parametrize("line,action", [
    ("teleport c2", Action("teleport", ("c2",))),
    ("ransom warrior", Action("ransom", ("warrior", None, None))),
    ("ransom mage f1 bob", Action("ransom", ("mage", "f1", "bob"))),
    ("ransom kor warrior e1", Action("ransom", ("kor", "e1", None))),
    ("keep 3", Action("keep", (3,))),
])
def test_the_other_verbs_read(line, action):
    assert parsed(line) == action


def test_every_legal_action_written_out_reads_back_as_itself():
    state = match(("ann", "bob"), keep=False)
    from games.engine import command_line
    for p in ("ann", "bob"):
        for action in GAME.legal_actions(state, p):
            assert parsed(command_line(action)) == action
        GAME.apply(state, p, GAME.legal_actions(state, p)[0])
    for action in GAME.legal_actions(state, state.player):
        assert parsed(command_line(action)) == action


def seated():
    table = Table(GAME, ["ann"], ["bob"], seed=4)
    table.start()
    session = seat(table, "ann")
    session.handle(f"keep {table.state.dealt['ann'][0]}")
    if table.state.player != "ann":
        table.state.turn = table.state.order.index("ann")
    return table, session


@pytest.mark.parametrize("line,says", [
    ("move k3 k4", "not a square"), ("move e11 e5", "not a square"), ("move f9 f8", "bob's Kor Warrior"),
    ("move e2 e1", "entry square"), ("move e2 e9", "cannot reach"), ("move d1 d3", "cannot reach"),
    ("move e4 e5", "no character"), ("teleport c2", "None of your"), ("teleport a1", "not one of your teleport"),
    ("ransom mage", "Nobody holds"), ("ransom dragon", "not a character"), ("move", "Usage"),
    ("keep 3", "kept before"), ("e2x5", "not a square"), ("e2e9", "cannot reach"), ("hello", "Unknown command"),
])
def test_bad_input_gets_one_clear_line_and_changes_nothing(line, says):
    table, session = seated()
    before, log = pickle.dumps(table.state), len(table.log)
    answer = session.answer(line)
    assert len(answer) == 1 and answer[0].kind == "error" and says in answer[0].text, answer
    assert pickle.dumps(table.state) == before and len(table.log) == log


def test_a_good_move_is_played_and_told():
    table, session = seated()
    out = [line.text for line in session.handle("move e2 e5")]
    assert any("ann's Kor Warrior moves e2-e5" in t for t in out)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_screen_fits_in_80_columns(players):
    names = ["ann", "bob", "cat", "dan"][:players]
    state = match(tuple(names))
    for who in names + [None]:
        view = GAME.view(state, who)
        for lang in ("en", "it"):  # (the screens' lines are messages: each language's words must fit)
            for name, screen in GAME.screens.items():
                lines = worded(screen(view), lang)
                assert lines and all(len(line) <= 80 for line in lines), (lang, name, max(map(len, lines)))
            assert len(worded(GAME.status_line(view), lang)) <= 80


def test_the_board_screen_has_coordinates_and_every_piece():
    view = GAME.view(match(), "ann")
    lines = worded(GAME.screens["board"](view), "en")
    assert "a    b" in lines[0] and lines[1].strip().startswith("10") and lines[10].strip().startswith("1 ")
    board = "\n".join(lines)
    assert "[SG ]" in board and "[SM ]" in board and "SGk" in board and "NGk" in board and "( . )" in board


def test_the_view_carries_the_board_and_the_movers_legal_moves_only():
    state = match()
    mover, other = state.player, next(p for p in state.order if p != state.player)
    mine, theirs = GAME.view(state, mover), GAME.view(state, other)
    assert mine["board"]["e1"] == ["ann", "G"] and theirs["board"] == mine["board"]
    assert mine["moves"] and not theirs["moves"]
    legal = {(a.args[0], a.args[1]) for a in GAME.legal_actions(state, mover) if a.verb == "move"}
    assert {(a, b) for a, tos in mine["moves"].items() for b in tos} == legal


def test_a_secret_target_is_never_in_another_players_view():
    state = match(("ann", "bob", "cat"))
    for p in state.order:
        for q in state.order:
            if q != p:
                view = GAME.view(state, q)
                assert view["me"]["target"]["number"] == state.target[q]
                assert state.target[p] not in [t["number"] for t in view["me"]["dealt"]] or \
                    state.target[p] in state.dealt[q]
                assert "targets" not in view and "dealt" not in view


def test_the_audits_view_shows_every_screen_before_anyone_has_kept_a_target():
    """The omniscient view (no seat: ``mud run --omniscient``) reads the targets kept so far; before
    anyone kept one, the target screen said nothing of them (it failed on a target not yet kept)."""
    state = match(("ann", "bob"), keep=False)
    assert GAME.view(state, None)["targets"] == {}
    assert [str(line) for line in show.render_target(GAME.view(state, None))] == \
        ["You have no seat: the secret targets are the players' own."]
    GAME.apply(state, "ann", GAME.legal_actions(state, "ann")[0])
    assert list(GAME.view(state, None)["targets"]) == ["ann"]
    assert any("ann: #" in str(line) for line in show.render_target(GAME.view(state, None)))


def test_the_worked_opening_runs_as_a_command_file():
    runner = run_script((SCRIPTS / "opening.mud").read_text(encoding="utf-8"), {})
    out = runner.output()
    assert runner.status == 0
    assert "bob's Kor Warrior moves f6-e6 and captures alice's Kor Warrior!" in out
    assert "! Both your entry squares are taken: no ransom now." in out
    assert "alice pays bob a chest: the Kor Warrior comes back on f1." in out
    assert "'k3' is not a square of the dungeon" in out and "That is alice's Fighter" in out
    assert "N bob: 3 chests; holds nothing" in out
    bob_lines = [line for line in out.splitlines() if line.startswith("  [bob]")]
    assert not any("#3" in line for line in bob_lines)  # alice's target


def test_the_first_screen_never_suggests_a_target_that_was_not_dealt():
    from mud.shell.help import intro
    from games import get
    said = " ".join(map(str, intro(get("chess"))))
    assert "'target'" in said and "keep 3" not in said
