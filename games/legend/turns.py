"""Phases 2-4 of a turn and the turn's end (rules/quest-for-legend.md, A turn and End of the game):
starting missions, the compulsory draw (with the one reshuffle of the discards), discarding down to
five (and dead twins), passing, the last round after the second pile is drawn out."""

from __future__ import annotations

from collections import Counter

from games.engine import Event, RuleError, announce, tell
from games.legend import ending
from games.legend.data import HAND_LIMIT, MISSIONS, card_name, mission_word, resource_word
from games.legend.deal import hand_text
from games.legend.phases import begin_turn, dead, expected, hidden_twins
from games.legend.state import LegendState, OnTable


# --- phase 2: start missions ----------------------------------------------------------------------

def startable(state: LegendState, player: str) -> list[str]:
    """Mission cards in hand that may be started (not dead), each once."""
    hand = state.seats[player].hand
    return sorted({c for c in hand if c in MISSIONS and not dead(state, c)}, key=lambda k: MISSIONS[k].points)


def missions_named(state: LegendState, player: str, words: tuple[str, ...]) -> list[str]:
    hand = state.seats[player].hand
    out = []
    for word in words:
        if str(word).lower() in ("and", ",", "the", "mission", "missions"):
            continue
        hits = [k for k in mission_word(str(word)) if k in hand] or mission_word(str(word))
        if len(hits) != 1:
            raise RuleError(f"'{str(word)[:20]}' names no mission card in your hand (your hand: "
                            f"{hand_text(hand)}).")
        out.append(hits[0])
    return out


def do_start(state: LegendState, player: str, *words: str) -> list[Event]:
    if not words:
        raise RuleError(f"Start which mission? From your hand: {hand_text(startable(state, player)) if startable(state, player) else 'none'}.")
    keys = missions_named(state, player, words)
    have = Counter(state.seats[player].hand)
    for key, n in Counter(keys).items():
        if have[key] < n:
            raise RuleError(f"You hold no{' second' if have[key] else ''} {MISSIONS[key].short} card.")
        if dead(state, key):
            raise RuleError(f"{MISSIONS[key].name} has been completed: your card is a dead twin (discard it "
                            "after drawing).")
    ended = state.phase == "play"  # starting a mission ends phase 1: said, as a pass says it
    state.phase = "start"
    ev: list[Event] = []
    for key in keys:
        state.seats[player].hand.remove(key)
        state.serial += 1
        state.table.append(OnTable(state.serial, key, player))
        m = MISSIONS[key]
        twin = [e.owner for e in state.table[:-1] if e.mission == key]
        note = f" Its twin is {twin[0]}'s: the first completed supersedes the other." if twin else ""
        ev.append(announce(f"{player} starts {m.name} ({m.code_text}, {m.points} point{'s' * (m.points > 1)})."
                           f"{note}", "started", player=player, mission=key, points=m.points,
                           number=len(state.table)))
    if ended:
        ev.append(tell(player, "Phase 1 is over: no more undertaking or disturbing this turn. Phase 2: 'start' "
                               "more missions from your hand, then 'draw'.", "asked", player=player, phase="start"))
    return ev


# --- phase 3: draw --------------------------------------------------------------------------------

def do_draw(state: LegendState, player: str) -> list[Event]:
    ev: list[Event] = []
    if not state.deck and not state.reshuffled:
        state.reshuffled = True
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        text = (f"The draw pile is empty: the {len(state.deck)} discarded cards are shuffled into the second and "
                "last pile." if state.deck else "The draw pile is empty, and so is the discard pile.")
        ev.append(announce(text, "reshuffled", cards=len(state.deck)))
    if not state.deck:
        state.last_drawn_by = player
        ev.append(announce(f"There is nothing left to draw: after {player}'s turn everyone plays one last phase 1.",
                           "last_card", player=player, drawn=False))
    else:
        card = state.deck.pop()
        state.seats[player].hand.append(card)
        note = " (a dead twin)" if dead(state, card) else ""
        ev += [tell(player, f"You draw {card_name(card)}{note}.", "drew", player=player, left=len(state.deck),
                    card=card),
               Event("drew", f"{player} draws a card.", {"player": player, "left": len(state.deck)},
                     not_to=(player,))]
        if state.reshuffled and not state.deck:
            state.last_drawn_by = player
            ev.append(announce(f"{player} draws the last card: after this turn everyone plays one last phase 1.",
                               "last_card", player=player, drawn=True))
    hand = state.seats[player].hand
    if len(hand) > HAND_LIMIT or hidden_twins(state):
        state.phase = "discard"
        return ev + [tell(player, expected(state, player), "asked", player=player, phase="discard")]
    return ev + end_turn(state)


# --- phase 4: discard -----------------------------------------------------------------------------

def do_discard(state: LegendState, player: str, *words: str) -> list[Event]:
    hand = state.seats[player].hand
    cards = []
    for word in words:
        w = str(word)
        if w.lower() in ("and", ",", "the", "card", "cards"):
            continue
        t = resource_word(w)
        if t is None:
            hits = [k for k in mission_word(w) if k in hand]
            t = hits[0] if len(hits) == 1 else None
        if t is None:
            raise RuleError(f"'{w[:20]}' names no card in your hand (your hand: {hand_text(hand)}).")
        cards.append(t)
    if not cards:
        raise RuleError(f"Discard which card? Your hand: {hand_text(hand)}.")
    have = Counter(hand)
    for c, n in Counter(cards).items():
        if have[c] < n:
            raise RuleError(f"You hold {have[c] or 'no'} {card_name(c)} card{'s' * (have[c] != 1)}, not {n}.")
    alive = [c for c in cards if not dead(state, c)]
    over = max(0, len(hand) - HAND_LIMIT)
    if len(alive) > over:
        raise RuleError(f"You may discard only {over} card{'s' * (over != 1)} besides dead twins." if over else
                        "You keep your five cards: only dead twins may be discarded now.")
    for c in cards:
        hand.remove(c)
    state.discard += cards
    ev = [announce(f"{player} discards {hand_text(cards)}.", "discarded", player=player, cards=cards)]
    if len(hand) <= HAND_LIMIT and not hidden_twins(state):
        ev += end_turn(state)  # (decided on public facts only: waiting must not tell what the hand holds)
    return ev


def do_pass(state: LegendState, player: str) -> list[Event]:
    if state.phase == "play":
        state.phase = "start"
        return [tell(player, "Phase 2: 'start <mission>' from your hand, then 'draw'.", "asked", player=player,
                     phase="start")]
    if state.phase == "discard" and len(state.seats[player].hand) > HAND_LIMIT:
        raise RuleError(expected(state, player))
    if state.phase == "last":
        return [announce(f"{player} ends the last phase 1.", "passed", player=player)] + end_turn(state)
    return end_turn(state)


# --- the turn's end and the last round ------------------------------------------------------------

def end_turn(state: LegendState) -> list[Event]:
    if state.over:
        return []
    me = state.turn
    if state.phase == "last":
        state.last_round.pop(0)
        return _next_last(state)
    if state.last_drawn_by == me:
        i = state.order.index(me)
        state.last_round = state.order[i + 1:] + state.order[:i + 1]
        ev = [announce("The last round: everyone plays one last phase 1 (no starting, drawing or discarding), "
                       f"from {state.last_round[0]} to {me}.", "last_round", order=list(state.last_round))]
        return ev + _next_last(state)
    i = state.order.index(me)
    return begin_turn(state, state.order[(i + 1) % len(state.order)])


def claimable(state: LegendState, player: str) -> bool:
    """Is the player's hero's favoured mission on the table one card short? Then the player may
    claim it (their own: completed) or abort it (another's) without a card."""
    favoured = state.hero(player).favoured
    return any(e.mission == favoured and sum(e.missing().values()) == 1 for e in state.table)


def _next_last(state: LegendState) -> list[Event]:
    """The next player's last phase 1. Everyone gets it, cards or none; only a player with no cards
    and no favoured mission to claim -- public facts both -- passes it at once, having nothing to do."""
    ev: list[Event] = []
    while state.last_round and not state.seats[state.last_round[0]].hand and not claimable(state, state.last_round[0]):
        p = state.last_round.pop(0)
        ev.append(announce(f"{p} has no cards left and no favoured mission one card short: nothing to play in "
                           "the last phase 1.", "passed", player=p))
    if not state.last_round:
        return ev + ending.end_game(state, "The game is over.")
    p = state.last_round[0]
    state.turn, state.phase = p, "last"
    return ev + [announce(f"{p}'s last phase 1.", "turn", player=p, number=state.turns)]
