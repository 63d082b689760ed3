"""The observer: everything one player may know of a Quest match, and nothing more.

Surfaces, bots and completion lists read only this. ``view(state, None)`` is the omniscient view
(audits and tests); ``view(state, name)`` for a name without a seat is a spectator's public view.
"""

from __future__ import annotations

from games.quest import board
from games.quest.actions import deck_out, may_attempt
from games.quest.data import LOCATION_NAME, WEAPONS
from games.quest.duels import loot_options, waiting
from games.quest.fights import holder
from games.quest.state import QuestState


def _door_face(state: QuestState, e, who: str | None, omniscient: bool) -> str:
    door = state.doors[e]
    if door.colour == "green":
        return "open"
    if door.locked_kind:
        return "open" if door.open else "locked"
    me = state.players.get(who) if who else None
    known = omniscient or e in state.turned or (me is not None and e in me.peeked)
    if not known:
        return "unknown"
    return "open" if door.open else "closed"


def view(state: QuestState, who: str | None) -> dict:
    omniscient = who is None or state.over
    me = state.players.get(who) if who else None
    turn = state.turn
    known_rooms = set(board.COORDS) if omniscient else (set(me.seen) if me else set())
    rooms = {c: {"location": state.rooms[c].location, "name": LOCATION_NAME[state.rooms[c].location],
                 "difficulty": state.rooms[c].difficulty} for c in board.COORDS if c in known_rooms}
    doors = {board.edge_name(e): {"colour": d.colour, "face": _door_face(state, e, who, omniscient)}
             for e, d in state.doors.items()}
    players = {}
    for name in state.order:
        p = state.players[name]
        players[name] = {"pos": p.pos, "rank": p.rank, "gold": p.gold,
                         "cards": len(p.objects), "treasures": len(p.treasures), "keys": list(p.keys),
                         "alive": p.alive, "wounded": p.wounded}
    out = {
        "rules": state.rules,
        "turn": {"player": turn.player, "number": turn.number, "round": turn.round, "phase": turn.phase, "roll": turn.roll,
                 "steps_left": turn.steps_left if turn.phase in ("moving", "consent") else 0,
                 "consent": ({"room": turn.consent.target, "asked": list(turn.consent.asked),
                              "waiting": list(turn.consent.waiting)} if turn.consent else None),
                 "pending_locked": [state.doors[e].colour for e in turn.pending_locked],
                 "refused": sorted(turn.refused), "last_refused": turn.last_refused},
        "order": list(state.order),
        "players": players,
        "rooms": rooms,
        "doors": doors,
        "floor_keys": dict(state.floor_keys),
        "ledger": [{"player": e.player, "room": e.room, "roll": e.roll, "turn": e.turn} for e in state.ledger],
        "deck": {"treasures": len(state.treasures)},
        "winner": state.winner,
        "seal": {"commitment": state.commitment, "map": state.sealed_map if state.over else None,
                 "salt": state.salt if state.over else None},
    }
    if me is not None:
        for name, face in me.marks.items():
            out["doors"][name]["mark"] = face
        out["me"] = {"name": me.name, "objects": sorted(me.objects), "treasures": sorted(me.treasures),
                     "keys": list(me.keys), "gold": me.gold, "rank": me.rank, "pos": me.pos,
                     "bag": me.has_bag, "notes": dict(me.notes),
                     "consent": me.consent, "armour": me.armour, "alive": me.alive, "wounded": me.wounded,
                     "held_by": holder(state, me.name), "deck_out": _deck_out(state, me.name),
                     "may_act": _may_act(state, me.name)}
    if state.duel is not None:
        out["duel"] = _duel(state, who)
    if who is None:
        out["hands"] = {n: {"objects": sorted(p.objects), "treasures": sorted(p.treasures)}
                        for n, p in state.players.items()}
        out["objects_left"] = dict(state.objects)
    return out


def _duel(state: QuestState, who: str | None) -> dict:
    """The duel as ``who`` may know it: public progress; a duellist's own cards and choice; the
    attacker's card of this hand for both duellists; the loser's things for the winner."""
    d = state.duel
    out = {"attacker": d.attacker, "defender": d.defender, "room": d.room, "cause": d.cause,
           "stage": d.stage, "waiting": waiting(d), "chosen": sorted(d.secret), "results": list(d.hands),
           "winner": d.winner, "loser": d.loser}
    if who is None:
        out.update(secret=dict(d.secret), left={k: list(v) for k, v in d.left.items()}, played=d.played)
    elif who in d.sides:
        out.update(mine=d.secret.get(who), left=list(d.left.get(who, [])), played=d.played)
        if who == d.winner and d.stage == "loot":
            out["loot"] = loot_options(state.players[d.loser])
    return out


def _deck_out(state: QuestState, name: str) -> list[str]:
    """At the start of the player's own turn, the cards the deed where they stand would take and the
    object deck has run out of: what 'act' would answer them at no cost (issue 26), so their view,
    their legal actions and a bot's choice agree. Empty at any other moment (then 'act' is refused
    for the moment, which says nothing of the deck)."""
    turn = state.turn
    if state.over or turn.player != name or turn.phase != "start" or not state.players[name].alive:
        return []
    return deck_out(state, state.players[name])


def _may_act(state: QuestState, name: str) -> bool:
    """Whether the deed of the room the player stands on ('act', or 'buy' some weapon at a Field of
    Mars) would be accepted now: the start of their own turn, not held to leave or fight, its
    requirements met (the card or gold it needs, the rank, the deck's card). The turn hint offers
    'act' only then: offered at a tower without a rope, a castle for a knight or a smith with no
    gold, it was refused, which misled a newcomer (issue 26). It tells no more than 'act' would."""
    turn, me = state.turn, state.players[name]
    if state.over or turn.player != name or turn.phase != "start" or not me.alive or holder(state, name):
        return False
    choices = WEAPONS if state.rooms[me.pos].location == "field" else (None,)
    return any(may_attempt(state, me, choice) for choice in choices)
