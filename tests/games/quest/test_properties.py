"""Invariants of Quest over hundreds of seeded games: map generation, every step through a door,
steps against the roll, location actions against the die and their requirements, the ledger, and
the end of the basic game. Bot games (4 bots, basic rules) and 'chaotic' games (seats that also try
random, often illegal, actions: gifts, refusals, acting anywhere) are both checked."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

from games.quest import GAME, board
from games.quest.data import LOCATION_IDS, LOCKED_DOORS, WEAPONS
from mud.local.script import run_text
from tests.games.quest.quest_games import BOTS, crossings, holds_key, play

BOT_SEEDS = range(200)
CHAOS_SEEDS = range(1000, 1040)
CHUNK = 25
MAX_TURNS = 250  # a basic bot game that takes longer than this is stuck


# --- the map -----------------------------------------------------------------------------------

def _component(start: str, doors: dict, passable) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for nb in board.exits(c).values():
            if nb not in seen and passable(*doors[board.edge(c, nb)]):
                seen.add(nb)
                stack.append(nb)
    return seen


def check_layout(rooms: dict, doors: dict, floor_keys: dict, starts: list[str], players: int) -> None:
    """rooms: coord -> (location, difficulty); doors: edge -> (colour, open)."""
    assert set(rooms) == set(board.COORDS) and len(rooms) == 40
    assert sorted(map(tuple, rooms.values())) == sorted((loc, d) for loc in LOCATION_IDS for d in (1, 2, 3, 4))
    assert set(doors) == set(board.ALL_EDGES) and len(doors) == 67
    colours = Counter(c for c, _ in doors.values())
    assert colours == {"green": 24, "white": 20, "red": 20, "gold": 1, "silver": 1, "black": 1}
    opened = Counter(c for c, o in doors.values() if o)
    assert opened["green"] == 24
    assert 7 <= opened["white"] <= 13 and 7 <= opened["red"] <= 13, opened  # about half
    assert not any(o for c, o in doors.values() if c in LOCKED_DOORS), "locked doors start locked"
    every = _component("A1", doors, lambda colour, o: o or colour in LOCKED_DOORS)
    assert every == set(board.COORDS), "with all keys every room reaches every other"
    assert len(starts) == players and len(set(starts)) == players, "distinct start rooms"
    for s in starts:
        reach = _component(s, doors, lambda colour, o: o and colour not in LOCKED_DOORS)
        assert {rooms[c][0] for c in reach} == set(LOCATION_IDS), f"start {s} misses a location type"
    assert set(floor_keys) == {"gold", "silver"} and floor_keys["gold"] != floor_keys["silver"]
    assert all(board.is_coord(c) for c in floor_keys.values())


def layout_of(state) -> tuple[dict, dict]:
    return ({c: (r.location, r.difficulty) for c, r in state.rooms.items()},
            {e: (d.colour, d.open) for e, d in state.doors.items()})


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_map_generation_guarantees(players):
    for seed in range(120):
        state = GAME.new_match([f"p{i}" for i in range(players)], seed, {})
        rooms, doors = layout_of(state)
        check_layout(rooms, doors, state.floor_keys, [p.pos for p in state.players.values()], players)
        assert all(p.seen == {p.pos} and p.gold == 1 and p.rank == "vassal" and not p.objects
                   for p in state.players.values())


def test_same_seed_same_map_and_different_seeds_differ():
    a, b, c = (GAME.new_match(BOTS, s, {}) for s in (5, 5, 6))
    assert layout_of(a) == layout_of(b)
    assert layout_of(a) != layout_of(c)


@pytest.mark.parametrize("seed", range(6))
def test_omniscient_json_of_a_bot_game(seed):
    out, status = run_text("", {"bots": 4, "seed": seed, "json": True, "omniscient": True, "rules": "basic"})
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    events = [r for r in records if r["type"] != "command"]
    (hidden,) = [e for e in events if e["type"] == "map"]
    assert hidden["to"] == []
    (setup,) = [e for e in events if e["type"] == "setup"]
    rooms = {c: tuple(v) for c, v in hidden["rooms"].items()}
    doors = {board.parse_edge(n): tuple(v) for n, v in hidden["doors"].items()}
    check_layout(rooms, doors, setup["floor_keys"], list(setup["positions"].values()), 4)
    (over,) = [e for e in events if e["type"] == "game_over"]
    (revealed,) = [e for e in events if e["type"] == "revealed"]
    assert {c: tuple(v) for c, v in revealed["rooms"].items()} == rooms, "the map never changes"
    ledger = [e for e in events if e["type"] == "ledger"]
    assert len(ledger) == len(revealed["ledger"]) and revealed["ok"]
    for entry in ledger:
        assert entry["roll"] >= rooms[entry["room"]][1]
    knighted = [e for e in events if e["type"] == "acted" and e.get("rank") == "knight"]
    assert [e["player"] for e in knighted] == [over["winner"]]


# --- one game, checked -------------------------------------------------------------------------

def expected_ok(state, rec) -> bool:
    """Whether an act/buy must be accepted, from the rules alone (rules/quest.md, Acting): False
    (refused: a requirement is missing, or the deck has run out of the room's object) or True."""
    pre, me = rec.pre, rec.player
    if pre.turn_player != me or pre.phase != "start":
        return False
    loc = state.rooms[pre.pos[me]].location
    choice = rec.action.args[0] if rec.action.args else None
    if rec.action.verb == "buy" and loc != "field":
        return False
    objs, rank, deck = pre.objects[me], pre.rank[me], pre.deck

    def needs(card: str) -> bool:
        return deck[card] > 0

    if choice is not None and loc not in ("field", "castle"):
        return False
    if loc == "castle":
        if rank != "vassal":
            return False  # basic rules: a knight has already won
        return choice in objs if choice is not None else ("head" in objs or "damsel" in objs)
    if loc in ("desert", "countryside"):
        return rank == "knight" and (loc == "desert" or needs("grail"))
    if loc == "forest":
        return bool(pre.treasure_deck)
    if loc == "tower":
        return "rope" in objs and needs("damsel")
    if loc == "field":
        paid_ok = rank != "vassal" or pre.gold[me] >= 1 or "bag of money" in pre.treasures[me]
        return choice in WEAPONS and paid_ok and needs(choice)
    if loc == "church":
        return needs("bible")
    if loc == "port":
        return needs("rope")
    if loc == "cave":
        return "sword" in objs and needs("head")
    return loc == "city"


def check_action(state, rec) -> None:
    me = rec.player
    ok = expected_ok(state, rec)
    assert (rec.events is not None) == bool(ok), (rec.action, rec.error, rec.pre.objects[me])
    if not ok:
        return
    where = rec.pre.pos[me]
    room = state.rooms[where]
    (mine,) = [e for e in rec.events if e.kind == "acted" and e.to == (me,)]
    roll, success = mine.data["roll"], mine.data["success"]
    assert 1 <= roll <= 6 and mine.data["difficulty"] == room.difficulty
    assert success == (roll >= room.difficulty), (roll, room)
    assert rec.post.ledger_len == rec.pre.ledger_len + (1 if success else 0)
    ledger_events = [e for e in rec.events if e.kind == "ledger"]
    if not success:
        assert not ledger_events and rec.post.objects[me] == rec.pre.objects[me]
        return
    entry = state.ledger[rec.pre.ledger_len]
    assert (entry.player, entry.room, entry.roll) == (me, where, roll)
    assert entry.turn == rec.pre.turn_number
    (public,) = ledger_events
    assert public.to is None and public.data == {"player": me, "room": where, "roll": roll}
    gained = Counter(rec.post.objects[me]) - Counter(rec.pre.objects[me])
    lost = Counter(rec.pre.objects[me]) - Counter(rec.post.objects[me])
    deck_used = Counter(rec.pre.deck) - Counter(rec.post.deck)
    if room.location == "castle":
        assert rec.post.rank[me] == "knight" and sum(lost.values()) == 1 and set(lost) <= {"head", "damsel"}
    elif room.location == "city":
        assert rec.post.gold[me] == rec.pre.gold[me] + 1
    elif room.location == "forest":
        assert len(rec.post.treasures[me]) == len(rec.pre.treasures[me]) + 1
        assert len(rec.post.treasure_deck) == len(rec.pre.treasure_deck) - 1
    else:
        assert sum(gained.values()) == 1 and gained == deck_used, (gained, deck_used)
        if room.location == "field":
            paid = rec.pre.rank[me] == "vassal" and "bag of money" not in rec.pre.treasures[me]
            assert rec.post.gold[me] == rec.pre.gold[me] - paid


def check_crossing(state, rec) -> None:
    for p, a, b in crossings(rec):
        e = board.edge(a, b)
        door = state.doors[e]
        was_open = rec.pre.doors_open[e]
        if door.colour in ("white", "red"):
            assert was_open, f"{p} crossed the closed {door.colour} door {e}"
        elif door.colour in LOCKED_DOORS:
            assert was_open or holds_key(rec.pre, p, door.colour), f"{p} crossed {door.colour} {e} without key"


def check_game(table, recorder) -> int:
    state = table.state
    assert table.over, "the game did not end"
    # the hidden map published at the start is the map at the end, and it met the guarantees
    (hidden,) = [e for e in table.events if e.kind == "map"]
    assert hidden.to == ()
    rooms = {c: tuple(v) for c, v in hidden.data["rooms"].items()}
    doors = {board.parse_edge(n): tuple(v) for n, v in hidden.data["doors"].items()}
    (setup,) = [e for e in table.events if e.kind == "setup"]
    check_layout(rooms, doors, setup.data["floor_keys"], list(setup.data["positions"].values()), len(BOTS))
    assert rooms == {c: (r.location, r.difficulty) for c, r in state.rooms.items()}
    for e, (colour, was_open) in doors.items():
        assert state.doors[e].colour == colour
        if colour in ("white", "red", "green"):
            assert state.doors[e].open == was_open, "door faces never change"
    for rec in recorder.records:
        if rec.events is None:
            assert rec.unchanged, f"refused {rec.action} changed the state"
        else:
            assert len(crossings(rec)) <= 1
            check_crossing(state, rec)
            if any(e.kind == "blocked" for e in rec.events):
                assert not crossings(rec)
                post, pre = rec.post, rec.pre
                assert post.turn_number == pre.turn_number, "a blocked step does not end the turn"
                expected = pre.steps_left if pre.phase in ("moving", "consent") else post.roll
                assert post.steps_left == expected, "a blocked step is not spent"
            for p, a, b in crossings(rec):
                assert p == rec.pre.turn_player and b in board.exits(a).values()
        if rec.action.verb in ("act", "buy"):
            check_action(state, rec)
    # steps against the roll, turn by turn, from the public stream
    undone = {id(e) for rec in recorder.records if rec.events and any(m.kind == "moved" for m in rec.events)
              for e in rec.events if e.kind == "driven_back"}
    turn, rolls, steps = 1, {}, defaultdict(int)
    for e in table.events:
        if e.to is not None:
            continue
        if e.kind == "turn":
            turn = e.data["number"]
        elif e.kind == "roll":
            assert turn not in rolls, "one roll per turn"
            rolls[turn] = e.data["roll"]
        elif e.kind == "moved":
            steps[turn] += 1
            assert e.data["steps_left"] == rolls[turn] - steps[turn]
        elif id(e) in undone:  # a step forced into a duel lost at once: crossings() sees no move either
            steps[turn] -= 1
    for n, k in steps.items():
        assert 1 <= rolls[n] <= 6 and k <= rolls[n], (n, k, rolls[n])
    crossed = Counter(rec.pre.turn_number for rec in recorder.records for _ in crossings(rec))
    assert crossed == +Counter(steps)
    # the end of a basic game
    winners = GAME.winners(state)
    assert len(winners) == 1 and state.players[winners[0]].rank == "knight"
    assert [p for p in state.order if state.players[p].rank != "vassal"] == winners
    assert len([e for e in table.events if e.kind == "game_over"]) == 1
    (revealed,) = [e for e in table.events if e.kind == "revealed"]
    assert revealed.to is None and revealed.data["ok"]
    assert {c: tuple(v) for c, v in revealed.data["rooms"].items()} == rooms, "the revealed map is the hidden one"
    assert len(revealed.data["ledger"]) == len(state.ledger)
    for entry in state.ledger:
        assert entry.roll >= state.rooms[entry.room].difficulty, entry
    assert table.events[-1] is revealed, "the reveal closes the game"
    assert state.turn.number <= MAX_TURNS
    return state.turn.number


BASIC = {"rules": "basic"}  # these games check the basic game's end: the first knight wins


def _chunks(seeds, size=CHUNK):
    seeds = list(seeds)
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


@pytest.mark.parametrize("seeds", _chunks(BOT_SEEDS), ids=lambda s: f"{s[0]}-{s[-1]}")
def test_bot_games(seeds):
    turns = []
    for seed in seeds:
        table, recorder = play(seed, options=BASIC)
        turns.append(check_game(table, recorder))
    print(f"seeds {seeds[0]}-{seeds[-1]}: average {sum(turns) / len(turns):.1f} turns, max {max(turns)}")


@pytest.mark.parametrize("seeds", _chunks(CHAOS_SEEDS, 20), ids=lambda s: f"{s[0]}-{s[-1]}")
def test_chaotic_games(seeds):
    refused = 0
    for seed in seeds:
        table, recorder = play(seed, chaos=0.45, exact=True, options=BASIC)
        check_game(table, recorder)
        refused += sum(r.events is None for r in recorder.records)
    assert refused > 0  # the chaotic seats did try illegal things
