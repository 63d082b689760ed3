"""Targeted leak cases: a closed red door tried, a card given, what an action finds, one
player's command-file view (the seeded sweeps are in test_leaks.py)."""

from __future__ import annotations

import json

from games.engine import Action
from games.quest import GAME, board
from games.quest.board import Room
from games.words import worded
from mud.local.script import run_text
from mud.shell.table import Table
from tests.games.quest.test_leaks import clone
from tests.seating import seated


def _seen_by(events, player):
    return [(e.kind, str(e.text), e.data) for e in events if e.visible_to(player)]


def test_trying_a_closed_red_door_tells_only_the_mover():
    """Walking into an unpeeked closed red door is the mover's own peek: the others see exactly what
    a plain 'peek' at that door would show them, with no face and no 'blocked'."""
    found = 0
    for seed in range(60):
        state = GAME.new_match(["alice", "bob", "carol"], seed, {})
        mover = state.turn.player
        pos = state.players[mover].pos
        for d, nb in board.exits(pos).items():
            door = state.doors[board.edge(pos, nb)]
            if door.colour != "red" or door.open or state.occupants(nb):
                continue
            tried, peeked = clone(state), clone(state)
            ev_try = GAME.apply(tried, mover, Action("move", (d,)))
            ev_peek = GAME.apply(peeked, mover, Action("peek", (d,)))
            for other in state.order:
                if other != mover:
                    assert _seen_by(ev_try, other) == _seen_by(ev_peek, other)
                    assert not any("face" in e.data or "closed" in str(e.text) for e in ev_try if e.visible_to(other))
            mine = [e for e in ev_try if e.to == (mover,)]
            assert any(e.data.get("face") == "closed" for e in mine) and any(e.kind == "blocked" for e in mine)
            assert tried.players[mover].pos == pos and tried.turn.steps_left == tried.turn.roll
            assert board.edge(pos, nb) in tried.players[mover].peeked
            assert all(board.edge(pos, nb) not in tried.players[p].peeked for p in state.order if p != mover)
            assert GAME.view(tried, "bob" if mover != "bob" else "alice")["doors"][board.edge_name(
                board.edge(pos, nb))]["face"] == "unknown"
            found += 1
            break
    assert found >= 10


def _humans(seed=4):
    table = Table(GAME, ["alice", "bob", "carol"], [], seed=seed)
    table.start()
    return table, dict(zip(("alice", "bob", "carol"), seated(table, "alice", "bob", "carol")))


def test_a_card_gift_names_the_card_only_to_giver_and_receiver():
    table, s = _humans()
    table.state.players["alice"].objects.append("rope")
    table.state.players["alice"].treasures.append("crystal ball")
    for session in s.values():
        session.drain()
    s["alice"].handle("give bob rope")
    s["alice"].handle("give crystal ball to bob")
    assert [line.text for line in s["bob"].drain()] == ["alice gives you a rope.", "alice gives you a crystal ball."]
    carol = [line.text for line in s["carol"].drain()]
    assert carol == ["alice gives bob a card.", "alice gives bob a card."]
    assert "rope" not in " ".join(carol) and "ball" not in " ".join(carol)
    assert table.view("carol")["players"]["bob"] == {**table.view("carol")["players"]["bob"], "cards": 1,
                                                      "treasures": 1}
    carol_view = json.dumps(worded(table.view("carol"), "en"))
    assert "rope" not in carol_view and "crystal" not in carol_view


def test_what_an_action_finds_is_told_only_to_the_actor():
    table, s = _humans()
    state = table.state
    actor = state.turn.player
    state.rooms[state.players[actor].pos] = Room("port", "hearts")  # difficulty 1: any roll succeeds
    for session in s.values():
        session.drain()
    mine = " ".join(line.text for line in s[actor].handle("act"))
    assert "You take a rope" in mine
    for other in s:
        if other != actor:
            theirs = " ".join(line.text for line in s[other].drain())
            assert f"{actor} succeeds at" in theirs and "Ledger:" in theirs
            assert "rope" not in theirs.lower() and "port" not in theirs.lower(), theirs
    assert state.players[actor].objects == ["rope"]


def test_one_players_command_file_view_holds_only_their_events():
    out, _ = run_text("", {"bots": 4, "seed": 11, "json": True, "as": "bot2"})
    for line in out.splitlines():
        rec = json.loads(line)
        if rec["type"] in ("command", "answer", "error"):
            continue
        assert rec["to"] == "all" or rec["to"] == ["bot2"], rec
        assert "bot2" not in rec.get("not_to", []), rec
        assert rec["type"] != "map"
