"""Getting up in local play (issue 40, item 2): 'leave' said "a bot plays your seat. 'sit 2' takes it
back", then the bots finished the match at once and 'sit 2' found no table. Now a local match whose
only person gets up waits for them as it stands, saved: 'sit' takes the seat back where it was, and
quitting keeps it for the next 'mud play'. On a server others may be waiting, so a bot plays the seat
-- and when nobody else is left to play, 'leave' says the bots finish the match."""

from __future__ import annotations

from mud.local.play import open_local, unfinished


def said(lines) -> str:
    return " ".join(line.text for line in lines)


def quest_alone(tmp_path):
    """ann at a new local Quest match against three easy bots, her turn."""
    world, ws = open_local("ann", "quest", 4, 7, {}, "easy", data=str(tmp_path))
    ws.flush()
    return world, ws


def test_leave_then_sit_takes_the_seat_back_exactly_where_it_was(tmp_path):
    world, ws = quest_alone(tmp_path)
    gt, table = ws.table, ws.inner.table
    moves, view = len(table.log), ws.game_view()
    got_up = said(ws.handle("leave"))
    assert f"You get up from table {gt.id}." in got_up and "a bot plays" not in got_up
    assert f"'sit {gt.id}' takes your seat back" in got_up and "waits for you" in got_up
    assert not ws.seated and ws.room == gt.room
    world.tick(world.clock() + 10.0**7)  # months after: nobody plays the seat meanwhile
    assert len(table.log) == moves and not table.over and not table.seats["ann"].bot
    assert "ann (your seat, waiting)" in said(ws.handle("tables"))  # (not "away": she is right here)
    assert "being played" in said(ws.handle("matches")) and "by bots" not in said(ws.handle("matches"))
    back = said(ws.handle(f"sit {gt.id}"))
    assert f"You take your seat at table {gt.id} again." in back
    assert ws.seated and ws.table is gt and ws.inner.table is table
    assert len(table.log) == moves and ws.game_view() == view  # the same state
    ws.flush()
    ws.handle("pass")
    assert len(table.log) > moves and table.awaiting() == ["ann"]  # the match goes on, the bots with it
    world.store.close()


def test_sit_alone_in_the_room_finds_the_seat_that_waits(tmp_path):
    world, ws = quest_alone(tmp_path)
    gt = ws.table
    ws.handle("leave")
    assert f"You take your seat at table {gt.id} again." in said(ws.handle("sit"))
    assert ws.seated and ws.table is gt
    world.store.close()


def test_walking_away_says_where_the_game_waits_and_sit_from_afar_brings_you_back(tmp_path):
    world, ws = quest_alone(tmp_path)
    gt, moves = ws.table, len(ws.inner.table.log)
    ws.handle("leave")
    ws.handle("s")
    assert ws.room == "crossroads" and gt.id in world.tables
    assert len(gt.match.log) == moves
    back = said(ws.handle(f"sit {gt.id}"))  # the message said 'sit N': it works from here too
    assert f"You take your seat at table {gt.id} again." in back
    assert ws.seated and ws.room == gt.room and len(gt.match.log) == moves
    world.store.close()


def test_quitting_after_leave_keeps_the_game_for_the_next_mud_play(tmp_path):
    world, ws = quest_alone(tmp_path)
    moves = len(ws.inner.table.log)
    ws.handle("leave")
    bye = said(ws.handle("quit"))
    assert "Your game is saved: 'mud play' offers it again." in bye
    world.disconnect(ws)
    world.save_all()
    world.store.close()
    asked = []
    world, ws = open_local("ann", "quest", 4, None, {}, "easy", data=str(tmp_path),
                           ask=lambda q: asked.append(q) or True)
    assert asked and "Quest game, 4 seats" in asked[0]
    assert ws.seated and len(ws.inner.table.log) == moves and ws.inner.table.seed == 7
    assert "You are back at table" in said(ws.greeting())
    assert [u.game for u in unfinished(world.store, "ann")] == ["quest"]
    world.store.close()


def test_a_local_player_who_leaves_while_another_person_plays_hands_the_seat_to_a_bot(tmp_path):
    """Local play with a second person at the table (a command file's players): the others play on."""
    from tests.tui_local import local_app
    app = local_app("tenx", "ann", 3, 5, others=("bob",))
    ws, table = app.ws, app.table
    got_up = said(ws.handle("leave"))
    assert "a bot plays your seat" in got_up and "'sit 1' takes it back" in got_up
    assert ws.inner is None and table.seats["ann"].bot and not table.over


def test_on_a_server_leaving_with_others_still_playing_keeps_the_old_words(world):
    alice, bob = world.connect("alice"), world.connect("bob")
    for ws in (alice, bob):
        ws.handle("north")
        ws.handle("sit")
    alice.handle("start bots=1 seed=5")
    got_up = said(bob.handle("leave"))
    assert "You get up from table 1; a bot plays your seat. 'sit 1' takes it back." in got_up
    assert "You take your seat at table 1 again." in said(bob.handle("sit 1"))


def test_on_a_server_the_last_person_to_leave_is_told_the_bots_finish_the_match(world):
    alice = world.connect("alice")
    alice.handle("north")
    alice.handle("sit")
    alice.handle("start bots=2 seed=5")
    got_up = said(alice.handle("leave"))
    assert "takes it back" not in got_up
    assert "with nobody else playing the bots play the match to its end" in got_up
    assert 1 not in world.tables  # as said: finished by the bots, and cleared away
    assert "finished by bots after alice left" in said(alice.handle("matches"))
