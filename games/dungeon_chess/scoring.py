"""The score at the end: own characters still owned, enemy characters held, chests held, and the
secret target if it holds on the final position (#6 and #8 read the game's history)."""

from __future__ import annotations

from games.dungeon_chess import moves
from games.dungeon_chess.data import CHEST_POINTS, TARGETS, TELEPORTS, points


def _held_kinds(state, player):
    return [kind for _, kind, _ in state.held[player]]


def _opponents(state, player):
    return [p for p in state.order if p != player]


def target_met(state, player: str, number: int) -> bool:
    """Whether target ``number`` holds for ``player`` now."""
    board, held = state.board, _held_kinds(state, player)
    mine = [board[sq][1] for sq in moves.characters(board, player)]
    if number == 1:
        return "M" in held
    if number == 2:
        return "M" in mine
    if number == 3:
        return state.chests[player] >= 3
    if number == 4:
        return held.count("L") >= 2
    if number == 5:
        return "Gk" in held
    if number == 6:
        return player not in state.paid
    if number == 7:
        return len(mine) >= 4
    if number == 8:
        return state.warrior_takes[player] >= 2
    if number == 9:
        owners = {owner for owner, _, _ in state.held[player]}
        return all(p in owners for p in _opponents(state, player))
    if number == 10:
        enemy = {sq for p in _opponents(state, player) for sq in TELEPORTS[state.side[p]]}
        return any(sq in enemy for sq in moves.characters(board, player))
    raise ValueError(number)


def owned_points(board) -> dict[str, int]:
    """Owner -> the points of their characters on the board, in one pass."""
    out: dict[str, int] = {}
    for cell in board:
        if cell:
            out[cell[0]] = out.get(cell[0], 0) + points(cell[1])
    return out


def public_points(state, player: str, owned: dict | None = None) -> dict:
    """What anyone can count: characters still owned, characters held, chests."""
    owned = (owned_points(state.board) if owned is None else owned).get(player, 0)
    held = sum(points(kind) for kind in _held_kinds(state, player))
    chests = CHEST_POINTS * state.chests[player]
    return {"owned": owned, "held": held, "chests": chests, "total": owned + held + chests}


def final_score(state, player: str) -> dict:
    """The public points plus the secret target's bonus when it holds."""
    out = public_points(state, player)
    number = state.target.get(player)
    met = number is not None and target_met(state, player, number)
    out["target"] = number
    out["met"] = met
    out["bonus"] = TARGETS[number][1] if met else 0
    out["total"] += out["bonus"]
    return out


def rank(scores: dict[str, dict]) -> list[str]:
    """The players with the highest total (a tie for first: all of them win)."""
    best = max(s["total"] for s in scores.values())
    return [p for p, s in scores.items() if s["total"] == best]
