"""Others' turns fold into a line or two on the interactive surfaces, with their full lines kept as
detail (the TUI's F4, 'log full'); the player's own turn and whatever names them are never folded."""

from __future__ import annotations

import io
import random

from games.engine import Event, command_line
from games.quest import GAME
from mud.shell.fold import Folder, names
from mud.local.play import open_local
from mud.local.plain import run_plain
from mud.local.script import run_script
from mud.server.clients.lines import LineFront, Limits
from mud.shell.table import Table
from tests.seating import Typist, seat


def _play(table: Table, moves: int, fold: bool = True) -> tuple[Typist, list]:
    """ann, seated at ``table``, plays ``moves`` of her own bot's choices; her session and what she
    is shown, line by line."""
    session = seat(table, "ann", fold=fold)
    shown = session.drain()
    rng = random.Random(1)
    for _ in range(moves):
        if table.over or "ann" not in table.awaiting():
            break
        shown += session.handle(command_line(GAME.bot_action(table.state, "ann", rng)))
    return session, shown + session.drain()


def _table(seed: int = 12) -> Table:
    table = Table(GAME, ["ann"], ["bot1", "bot2", "bot3"], seed=seed)
    table.start()
    return table


def test_a_round_of_bot_turns_reads_as_a_line_or_two_each():
    table = _table()
    _, folded = _play(table, 40)
    bot_turns = sum(1 for e in table.events if e.kind == "turn" and e.to is None and e.data["player"] != "ann")
    summaries = [line for line in folded if line.kind == "summary"]
    assert summaries and len(summaries) <= 2 * bot_turns
    assert any(line.text.startswith("bot1 rolls ") and " moves " in line.text for line in summaries)
    assert all(len(line.text) <= 120 for line in summaries)


def test_nothing_is_lost_the_detail_is_the_full_stream_in_order():
    full_table, folded_table = _table(), _table()
    _, full = _play(full_table, 40, fold=False)
    _, folded = _play(folded_table, 40, fold=True)
    unfolded = []
    for line in folded:
        if line.kind != "summary":
            unfolded.append(line)
        unfolded += line.detail
    assert [(x.kind, x.text) for x in unfolded] == [(x.kind, x.text) for x in full]


def test_your_own_turn_and_what_names_you_are_never_folded():
    table = _table()
    _, folded = _play(table, 60)
    inside = [d for line in folded for d in line.detail]
    assert not any(d.text.startswith(("You ", "It is your turn", "Your ")) for d in inside)
    assert not any("your room" in d.text or "ann" in d.text.split() for d in inside)
    assert any(line.kind == "consent_request" for line in folded)  # 'bot wants to enter your room' stays


def test_an_event_naming_the_viewer_splits_the_turn_around_it():
    folder = Folder(GAME, "ann")
    events = [Event("turn", "It is bot1's turn.", {"player": "bot1"}),
              Event("roll", "bot1 rolls 3 to move.", {"player": "bot1", "roll": 3}),
              Event("moved", "bot1 goes east from B3 to B4.", {"player": "bot1", "origin": "B3", "room": "B4"}),
              Event("consent_asked", "bot1 asks ann to let them into B5.", {"player": "bot1", "occupants": ["ann"]}),
              Event("moved", "bot1 goes east from B4 to B5.", {"player": "bot1", "origin": "B4", "room": "B5"})]
    assert names(events[3], "ann") and not names(events[2], "ann")
    out = folder.fold(events)
    assert [str(line) for line in out[0].summary] == ["bot1 rolls 3, moves B3 -> B4."] and out[1] is events[3] and out[2] is events[4]


def test_log_full_shows_the_last_round_in_full():
    table = _table()
    session, _ = _play(table, 6)
    lines = session.answer("log full")
    assert lines[0].text.startswith("In full")
    assert any(line.text.startswith("It is bot") for line in lines)
    assert any(" peeks at " in line.text or " goes " in line.text for line in lines)
    fresh = seat(_table(), "ann", fold=True)
    assert "Nothing was folded" in fresh.answer("log full")[0].text


def test_without_fold_the_stream_is_every_line_as_before():
    table = _table()
    assert not any(line.kind == "summary" for line in _play(table, 10, fold=False)[1])


def test_command_files_print_every_event():
    out = run_script("", {"bots": 4, "seed": 12, "as": "bot2"}).output()
    assert "bot4 peeks at the red door between D7 and D6." in out and "rolls 1, moves" not in out


def test_plain_and_telnet_fold_others_turns(tmp_path):
    ws = open_local("ann", "quest", 4, 12, {}, "normal", data=str(tmp_path))[1]
    out = io.StringIO()
    run_plain(ws, stdin=io.StringIO("pass\nlog full\nquit\n"), stdout=out)
    text = out.getvalue()
    assert " rolls " in text and " moves " in text and "In full" in text
    ws2 = open_local("bea", "quest", 4, 12, {}, "normal", data=str(tmp_path / "b"))[1]
    front = LineFront(ws2, Limits(), colour=False)
    sent = front.receive("pass")
    turns = [t for t in sent if t.startswith("It is bot")]
    assert not turns, "another player's turn comes as its summary line"
    assert any(t.startswith("bot") and " rolls " in t for t in sent)
