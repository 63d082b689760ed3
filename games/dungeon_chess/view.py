"""All one player may know of a Dungeon Chess match, as plain data: the board, what everyone holds,
whose turn it is and, for that player only, their legal moves. A secret target is its owner's alone
until the end; ``view(state, None)`` is the omniscient view for audits. ``scramble`` shuffles what
one player cannot know, for the contract kit's non-interference test."""

from __future__ import annotations

import pickle
import random

from games.dungeon_chess import legal, moves
from games.dungeon_chess.words import TARGETS as TARGET_WORDS
from games.dungeon_chess.data import CLOCKWISE, ENTRIES, SIDES_FOR, TARGETS, TELEPORTS, name
from games.dungeon_chess.scoring import owned_points, public_points


def target_view(number: int | None) -> dict | None:
    if number is None:
        return None
    bonus = TARGETS[number][1]
    return {"number": number, "text": TARGET_WORDS[number], "bonus": bonus}  # the text: a message, shown


def view(state, who: str | None) -> dict:
    sides = SIDES_FOR[len(state.order)]
    board = state.board
    playing = state.phase == "play"
    on_board = moves.counts(board)
    owned = owned_points(board)
    out = {
        "order": list(state.order),
        "sides": dict(state.side),
        "phase": state.phase,
        "turn": state.player if playing else None,
        "board": {name(sq): [cell[0], cell[1]] for sq, cell in enumerate(board) if cell is not None},
        "entries": {s: [name(sq) for sq in ENTRIES[s]] for s in CLOCKWISE},
        "teleports": {s: [name(sq) for sq in TELEPORTS[s]] for s in sides},
        "held": {p: [[o, k] for o, k, _ in state.held[p]] for p in state.order},
        "chests": dict(state.chests),
        "counts": {p: on_board.get(p, 0) for p in state.order},
        "points": {p: public_points(state, p, owned)["total"] for p in state.order},
        "protected": sorted(p for p, n in on_board.items() if n == 1) if len(state.order) >= 3 else [],
        "chosen": [p for p in state.order if state.target[p] is not None],
        "quiet": state.quiet, "limit": state.limit, "turns": state.turns,
        "moves": {}, "teleports_from": [], "ransoms": [],
        "ended": state.end_reason,
    }
    if who in state.side:
        out["me"] = {"name": who, "side": state.side[who], "target": target_view(state.target[who]),
                     "dealt": [target_view(n) for n in state.dealt[who]],
                     "points": out["points"][who], "chests": state.chests[who]}
        if playing and who == state.player:
            actions = legal.legal_actions(state, who)
            out["moves"] = legal.move_map(state, who, actions)
            out["teleports_from"] = [a.args[0] for a in actions if a.verb == "teleport"]
            out["ransoms"] = [list(a.args) for a in actions if a.verb == "ransom"]
    if state.over or who is None:
        out["targets"] = {p: target_view(state.target[p]) for p in state.order  # (kept ones: the audit's
                          if state.target[p] is not None}                        # view comes before they are)
        out["scores"] = {p: dict(s) for p, s in state.scores.items()}
    if state.over:  # the points shown from now on are the final ones, targets counted
        out["points"] = {p: state.scores[p]["total"] for p in state.order}
        if "me" in out:
            out["me"]["points"] = out["points"][who]
    if who is None:
        out["dealt"] = {p: list(state.dealt[p]) for p in state.order}
    return out


def scramble(state, player: str, rng: random.Random):
    """A copy with every target ``player`` cannot know dealt again: the others' two cards and the
    one each kept (still kept, or not yet, as everyone can see); kept targets stay once revealed."""
    s = pickle.loads(pickle.dumps(state))
    if s.over:
        return s
    others = [p for p in s.order if p != player]
    pool = [n for n in TARGETS if n not in s.dealt.get(player, [])]
    rng.shuffle(pool)
    for p in others:
        s.dealt[p], pool = sorted(pool[:2]), pool[2:]
        if s.target[p] is not None:
            s.target[p] = rng.choice(s.dealt[p])
    return s
