"""What a player may know of a Quantum match: everything but the decks' order. The view carries
the map as data (for GMCP and the TUI's board), and, for the player whose turn it is, where each
of their ships can go (``moves``: square -> squares it can move to, ``targets``: square -> enemy
squares it can attack).

``state_from_view`` reads a view back into a state with the decks' order unknown: bots reason
over it with the very rules functions the game uses, so they see no more than their view.
"""

from __future__ import annotations

from games.engine import Rng
from games.quantum.actions import may_move
from games.quantum.maps import load, name
from games.quantum.moves import reach_of
from games.quantum.state import Player, QuantumState, Ship, Turn


def markers(order: list[str]) -> dict[str, str]:
    """One letter per player for text maps: the first letter of each name when they all differ,
    else A, B, C, D in seat order."""
    firsts = [p[0].upper() for p in order]
    if len(set(firsts)) == len(firsts) and all(f.isalpha() for f in firsts):
        return dict(zip(order, firsts))
    return {p: "ABCD"[i] for i, p in enumerate(order)}


_MAPS: dict[str, dict] = {}
_NO_DICE = Rng(0)  # a state read from a view is for reasoning: its dice are never the match's


def map_data(key: str) -> dict:
    """A map as plain data (built once per map: maps never change): its size, planets, void
    squares and holes (squares of the grid no tile covers)."""
    if key not in _MAPS:
        game = load(key)
        holes = [name(x, y) for y in range(game.height) for x in range(game.width) if name(x, y) not in game.squares]
        _MAPS[key] = {"key": key, "name": game.name, "cols": game.cols, "rows": game.rows, "width": game.width,
                      "height": game.height, "cubes": game.cubes,
                      "planets": {sq: {"number": t.number, "slots": game.slots(sq), "start": t.start}
                                  for sq, t in game.planets.items()},
                      "void": sorted(game.void), "holes": holes}
    return _MAPS[key]


def game_view(state: QuantumState, who: str | None) -> dict:
    turn = state.turn
    out = {
        "map": dict(map_data(state.map_text)),
        "order": list(state.order),
        "markers": markers(state.order),
        "turn_order": list(state.turn_order),
        "phase": state.phase,
        "round": state.round,
        "cubes": {p: list(owners) for p, owners in state.cubes.items()},
        "ships": [{"id": s.id, "owner": s.owner, "value": s.value, "where": s.where, "square": s.square}
                  for s in state.ships],
        "players": {p: {"dominion": me.dominion, "research": me.research, "cubes_left": me.cubes_left,
                        "placed": state.placed(p), "commands": list(me.commands), "later": list(me.later),
                        "decided": me.decided, "rerolled": me.rerolled, "home": state.homes.get(p)}
                    for p, me in state.players.items()},
        "turn": None if turn is None else {
            "player": turn.player, "actions": turn.actions, "moved": {str(k): v for k, v in turn.moved.items()},
            "used": sorted(turn.used), "overdrive": turn.overdrive, "research_full": turn.research_full,
            "ending": turn.ending},
        "pending": [dict(p) for p in state.pending],
        "faceup": list(state.faceup),
        "decks": {"gambits": len(state.gambits), "commands": len(state.commands)},
        "moves": {}, "targets": {},
    }
    if who in state.players:  # the player's own standing, for a status bar and GMCP's Char.Status
        me = state.players[who]
        out["me"] = {"name": who, "cubes": state.placed(who), "cubes_left": me.cubes_left, "dominion": me.dominion,
                     "research": me.research}
    if who is not None and state.phase == "play" and turn.player == who and not state.pending:
        for s in state.fleet(who):
            if turn.actions >= 1 and may_move(state, s):
                dests, targets = reach_of(state, s)
                out["moves"][s.square] = dests
                out["targets"][s.square] = list(targets)
    return out


def state_from_view(view: dict) -> QuantumState:
    """A state holding exactly what the view shows (the decks as unknown cards of the right count)."""
    players = {p: Player(p, v["cubes_left"], v["dominion"], v["research"], list(v["commands"]), list(v["later"]),
                         v["decided"], v["rerolled"]) for p, v in view["players"].items()}
    ships = [Ship(s["id"], s["owner"], s["value"], s["where"], s["square"]) for s in view["ships"]]
    state = QuantumState(0, _NO_DICE, view["map"]["key"], list(view["order"]), players, ships,
                         {p: list(o) for p, o in view["cubes"].items()}, ["?"] * view["decks"]["gambits"],
                         ["?"] * view["decks"]["commands"], list(view["faceup"]), view["phase"],
                         list(view["turn_order"]), {p: v["home"] for p, v in view["players"].items() if v["home"]},
                         None, [dict(p) for p in view["pending"]], view["round"])
    t = view["turn"]
    if t is not None:
        state.turn = Turn(t["player"], t["actions"], {int(k): v for k, v in t["moved"].items()}, set(t["used"]),
                          t["overdrive"], t["research_full"], t["ending"])
    return state
