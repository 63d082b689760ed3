"""An auditor who reads only the JSON events of a Quantum game can follow every ship by its id: each
event that brings a ship into play, moves it, removes it or rerolls it names the ship's id (issue 40,
item 22: an Expansion named only the square, so two ships of one value could not be told apart).

The auditor here is :class:`Follower`: it keeps ``id -> (owner, square, value)`` for the ships in play
from the events' JSON alone, and after every action it must agree with the match's state."""

from __future__ import annotations

import json

import pytest

from games.engine import bot_rng
from tests.games.quantum.fixtures import GAME, do, dice, playing, put

ID_FIELDS = ("ship", "target", "carried", "other")  # the fields of an event that hold one ship id


class Follower:
    """The ships in play as the JSON events tell them, and nothing else."""

    def __init__(self) -> None:
        self.ships: dict[int, tuple[str, str, int]] = {}

    def read(self, r: dict) -> None:
        kind, ships = r["type"], self.ships
        if kind == "home":
            for sq, ship in r["ids"].items():
                ships[ship] = (r["player"], sq, r["ships"][sq])
        elif kind in ("deployed", "expansion"):
            ships[r["ship"]] = (r["player"], r["square"], r["value"])
        elif kind in ("moved", "advanced"):
            self._to(r["ship"], r["dest"])
        elif kind == "carried":
            self._to(r["ship"], r["stop"])
            self._to(r["carried"], r["dest"])
        elif kind == "swapped":
            self._to(r["ship"], r["dest"])
            self._to(r["other"], r["frm"])
        elif kind == "combat" and r["won"]:
            del ships[r["target"]]
        elif kind == "sabotaged":
            del ships[r["ship"]]
        elif kind in ("reconfigured", "transformed", "rerolled_six"):
            self._value(r["ship"], r["value"])
        elif kind == "reorganised":
            for sq, value in r["ships"].items():
                self._value(r["ids"][sq], value)

    def _to(self, ship: int, square: str) -> None:
        owner, _, value = self.ships[ship]
        self.ships[ship] = (owner, square, value)

    def _value(self, ship: int, value: int) -> None:
        owner, square, _ = self.ships[ship]
        self.ships[ship] = (owner, square, value)


def in_play(state) -> dict[int, tuple[str, str, int]]:
    return {s.id: (s.owner, s.square, s.value) for s in state.ships if s.where == "play"}


def records(events) -> list[dict]:
    """The events as `mud run --json` prints them, read back."""
    return [json.loads(json.dumps(e.as_json())) for e in events]


def named(recs: list[dict]) -> set[int]:
    ids = {r[f] for r in recs for f in ID_FIELDS if f in r}
    return ids | {i for r in recs for i in r.get("ids", {}).values()}


def followed_game(seed: int, players: int, level: str = "normal"):
    """A seeded bot game as `mud run` plays it, checked after every action: the follower agrees with
    the state, and every ship whose presence, square or value changed is named by id. Returns the
    records of the game."""
    names = [f"bot{i}" for i in range(1, players + 1)]
    state = GAME.new_match(names, seed, {})
    follower, out = Follower(), records(GAME.opening(state))
    rngs, memory = {p: bot_rng(seed, p) for p in names}, {p: {} for p in names}
    while not GAME.is_over(state):
        player = GAME.awaiting(state)[0]
        before = {s.id: (s.where, s.square, s.value) for s in state.ships}
        recs = records(GAME.apply(state, player, GAME.bot_action(state, player, rngs[player], level,
                                                                  memory[player])))
        for r in recs:
            follower.read(r)
        assert follower.ships == in_play(state), f"seed {seed}: the events lost a ship at {recs}"
        changed = {s.id for s in state.ships if s.where == "play" or before[s.id][0] == "play"
                   if before[s.id] != (s.where, s.square, s.value)}
        assert changed <= named(recs), f"seed {seed}: ships {changed - named(recs)} changed unnamed in {recs}"
        out += recs
    return out


def test_seed_40230_names_the_expansion_ship_that_a_later_carry_uses():
    """`mud run --game quantum --bots 4 --seed 40230 --level normal --json`: bot1's expansion ship comes
    in as a 2 at a7 (seq 43) while bot1 has another 2 in play; the carry at seq 68 is made by "ship 3",
    which only the expansion's own ``ship`` tells apart. The state agrees with each event."""
    names = [f"bot{i}" for i in range(1, 5)]
    state = GAME.new_match(names, 40230, {})
    GAME.opening(state)
    rngs, memory = {p: bot_rng(40230, p) for p in names}, {p: {} for p in names}
    expansions, carries = [], []
    while not GAME.is_over(state):
        player = GAME.awaiting(state)[0]
        for r in records(GAME.apply(state, player, GAME.bot_action(state, player, rngs[player], "normal",
                                                                    memory[player]))):
            if r["type"] == "expansion":
                ship = state.ship(r["ship"])
                assert (ship.owner, ship.where, ship.square, ship.value) == (r["player"], "play", r["square"],
                                                                             r["value"])
                twins = [s for s in state.fleet(r["player"]) if s.value == r["value"] and s.id != r["ship"]]
                expansions.append((r["player"], r["square"], r["value"], r["ship"], len(twins)))
            elif r["type"] == "carried" and r["stop"] == "a7" and not carries:
                carries.append(r["ship"])
    assert expansions[0] == ("bot1", "a7", 2, 3, 1)
    assert carries == [3]


def test_an_expansion_names_the_reserve_ship_that_came_in():
    state = playing()
    state.cubes["e8"] = ["ann"]
    state.pending = [{"kind": "expansion"}]
    reserve = state.fleet("ann", "reserve")[0]
    dice(state, 4)
    r = records(do(state, "ann", "place", "d9"))[0]
    assert (r["type"], r["ship"], r["square"], r["value"]) == ("expansion", reserve.id, "d9", 4)
    assert (state.ship(reserve.id).where, state.ship(reserve.id).square) == ("play", "d9")


def test_a_won_combat_and_a_sabotage_name_the_ship_destroyed():
    state = playing()
    mine, theirs = put(state, "ann", 4, "d8"), put(state, "bob", 3, "d9")
    dice(state, 2, 3)
    combat = next(r for r in records(do(state, "ann", "attack", "4", "d9")) if r["type"] == "combat")
    assert (combat["ship"], combat["target"], combat["won"]) == (mine.id, theirs.id, True)
    state = playing()
    put(state, "ann", 6, "a1")
    theirs = put(state, "bob", 1, "a2")
    state.pending = [{"kind": "sabotage"}]
    r = records(do(state, "ann", "sabotage", "a2"))[0]
    assert (r["type"], r["ship"], r["owner"], r["square"]) == ("sabotaged", theirs.id, "bob", "a2")


def test_a_reorganise_names_the_ids_of_the_ships_it_rerolls():
    state = playing()
    a, b = put(state, "ann", 6, "a1"), put(state, "ann", 6, "a3")
    state.pending = [{"kind": "reorganise"}]
    dice(state, 2, 5)
    r = records(do(state, "ann", "reroll", "a3", "a1"))[0]
    assert r["ships"] == {"a3": 2, "a1": 5} and r["ids"] == {"a3": b.id, "a1": a.id}


def test_the_home_event_names_each_starting_ship():
    state = GAME.new_match(["ann", "bob"], 1, {})
    GAME.opening(state)
    for p in ("ann", "bob"):
        do(state, p, "keep")
    first = state.turn_order[0]
    r = records(do(state, first, "home", state.map.starts[0]))[0]
    assert r["type"] == "home"
    assert r["ids"] == {s.square: s.id for s in state.fleet(first)}
    assert r["ships"] == {s.square: s.value for s in state.fleet(first)}


@pytest.mark.parametrize("seed, players", [(40230, 4), (7, 2), (11, 3)])
def test_an_auditor_follows_every_ship_by_id_from_the_json_events(seed, players):
    kinds = {r["type"] for r in followed_game(seed, players)}
    assert {"home", "moved"} <= kinds


@pytest.mark.slow
def test_an_auditor_follows_every_ship_in_many_seeded_games():
    kinds: set[str] = set()
    for seed in range(60):
        for players in (2, 3, 4):
            kinds |= {r["type"] for r in followed_game(seed * 10 + players, players)}
    assert {"expansion", "deployed", "combat", "sabotaged", "carried", "swapped", "reorganised",
            "advanced"} <= kinds, "the sweep reached every event that changes a ship"
