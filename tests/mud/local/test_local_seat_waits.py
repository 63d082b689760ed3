"""After 'leave' in local play the game waits for its player (tests/mud/local/test_local_leave.py); what the
room says meanwhile points to that seat (issue 40, hand-play of items 2 and 13): the hint row read
"sit opens or joins a Quest table" and `tables` read "root (away)" to root, standing right there."""

from __future__ import annotations

from mud.local.play import open_local
from mud.tui import hub
from mud.world.world import Settings, World


def said(lines) -> str:
    return " ".join(line.text for line in lines)


def up_from_quest(tmp_path):
    """ann got up from her local Quest match (table 1), in its room."""
    world, ws = open_local("ann", "quest", 4, 7, {}, "easy", data=str(tmp_path))
    ws.flush()
    ws.handle("leave")
    return world, ws


def test_the_hint_row_names_the_seat_that_waits_not_a_new_table(tmp_path):
    world, ws = up_from_quest(tmp_path)
    row = hub.hint(ws.place())
    assert row == "Your seat at table 1 waits: sit 1 takes it back.", row  # (the way out is on the panel)
    ws.handle("s")  # elsewhere, it says which game, and that sit brings them back
    row = hub.hint(ws.place())
    assert row.startswith("Your Quest seat at table 1 waits: sit 1 takes you back; walk: n e s w u"), row
    ws.handle("sit 1")
    assert ws.seated and "waiting" not in ws.place()
    world.store.close()


def test_the_seats_hint_fits_its_row_for_every_game_and_any_table():
    import games
    for name in games.names():
        title = games.get(name).title
        for here, exits in ((True, {"south": "the Crossroads"}), (False, {d: "a room" for d in "nesw"})):
            place = {"game": title if here else "", "exits": exits, "table": None,
                     "waiting": {"id": 123, "game": title, "room": "a room", "here": here}}
            row = hub.hint(place)
            assert len(row) <= hub.HINT_WIDTH and "sit 123 takes" in row, row


def test_the_rooms_look_ends_with_the_seat_that_waits(tmp_path):
    world, ws = up_from_quest(tmp_path)
    lines = ws.handle("look")
    look = [line.text for line in lines]
    assert look[-1] == "Your seat at table 1 waits: 'sit 1' takes it back."
    assert lines[-1].kind == "seat"  # its own kind: the TUI's hint row says it (tests/mud/tui/test_seat_waits_once.py)
    ws.handle("s")
    look = [line.text for line in ws.handle("look")]
    assert look[-1] == "Your seat at table 1 (Quest, the Labyrinth gate) waits: 'sit 1' takes you back to it."
    world.store.close()


def test_the_player_reads_their_own_seat_as_waiting_not_away(tmp_path):
    world, ws = up_from_quest(tmp_path)
    for command in ("tables", "look"):
        text = said(ws.handle(command))
        assert "ann (your seat, waiting)" in text and "(away)" not in text, text
    world.store.close()


def test_others_still_read_a_gone_players_seat_as_away():
    """On a server a dropped player's seat waits too: to the rest of the room it is "(away)"."""
    world = World(None, Settings(turn_timeout=0, seat_grace=600))
    ann, bob = world.connect("ann"), world.connect("bob")
    for ws in (ann, bob):
        ws.handle("n")
        ws.handle("sit")
    ann.handle("start bots=0 seed=3")
    carol = world.connect("carol")
    carol.handle("n")
    world.disconnect(ann)
    assert "ann (away)" in said(carol.handle("tables")) and "your seat" not in said(carol.handle("tables"))
    assert "Your seat" not in said(carol.handle("look")) and "waiting" not in carol.place()
