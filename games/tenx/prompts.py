"""What a 10x round waits for from one player, with the legal answers as command lines (the TUI
shows them as numbered keys). Built only from that player's own hand and public facts."""

from __future__ import annotations

from games.tenx.abilities import expected
from games.tenx.cards import code, sort_key
from games.tenx.data import CARDS, COMMON, THRESHOLDS
from games.tenx.rules import awaiting
from games.tenx.state import TenxState


def _numbered(hand: list[str], verb: str) -> list[list[str]]:
    seen: dict[str, str] = {}
    for c in sorted(hand, key=sort_key):
        if CARDS[c].kind == "number":
            seen.setdefault(code(c), CARDS[c].name)
    return [[name, f"{verb} {cmd}"] for cmd, name in seen.items()]


def prompt(state: TenxState, who: str) -> dict | None:
    if state.over or who not in awaiting(state):
        return None
    out = _prompt(state, who)
    seat = state.seats[who]
    if out is not None and seat.points >= THRESHOLDS[len(state.order)][0] and not seat.declared:
        out = {"text": f"You have {seat.points} points: declare to be able to win. " + out["text"],
               "choices": [["Declare", "declare"]] + out["choices"]}
    return out


def _prompt(state: TenxState, who: str) -> dict | None:
    r, hand = state.round, state.seats[who].hand
    draw = [["Draw a card", "draw"], ["Draw 2 bonus/malus", "draw bonus"]]
    if r.phase == "draw":
        return {"text": "Draw: a numbered card, or two bonus/malus cards.", "choices": draw}
    if r.phase == "reward":
        return {"text": f"Your reward for {r.rewards[0][1]}: a card, or two bonus/malus.", "choices": draw}
    if r.phase == "place":
        return {"text": "Place a card face down, or pass.", "choices": [["Pass", "pass"]] + _numbered(hand, "play")}
    if r.phase == "mask" and r.taken:
        return {"text": "Play another card in place of yours, or keep it.",
                "choices": _numbered(hand, "play") + [["Keep", "keep"]]}
    if r.phase == "mask":
        return {"text": "Your mask may take a random card from a player's hand.",
                "choices": [[f"Mask {p}", f"mask {p}"] for p in state.order if p != who and state.seats[p].hand]
                + [["Pass", "pass"]]}
    if r.phase == "bonus":
        value = r.table[who].value
        deltas = sorted({CARDS[c].as_bonus for c in hand if CARDS[c].as_bonus and 1 <= value + CARDS[c].as_bonus <= 10})
        return {"text": expected(state, who), "choices": [[f"{d:+d}", f"bonus {d:+d}"] for d in deltas] + [["Pass", "pass"]]}
    if r.phase == "star":
        return {"text": expected(state, who), "choices": [["Star", "star"], ["Pass", "pass"]]}
    if r.phase == "die":
        return {"text": expected(state, who), "choices": [["Roll", "roll"], ["Pass", "pass"]]}
    if r.phase == "cancel":
        return {"text": "You may cancel another common quest.",
                "choices": [[COMMON[q].text, f"cancel {i}"] for i, q in enumerate(state.active, 1)] + [["Pass", "pass"]]}
    return None
