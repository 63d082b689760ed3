"""Phases 2-4 of a turn and the turn's end (rules/quest-for-legend.md, A turn and End of the game):
starting missions, the compulsory draw (with the one reshuffle of the discards), discarding down to
five (and dead twins), passing, the last round after the second pile is drawn out.

The handlers carry their move out and record what the turn has done (``started``, ``drew``,
``passed``); the phase table's flow (phases.py) reads that to end a phase, and the functions at the
end of this module are its ways on: which phase follows a draw or a turn, and what entering one
does and tells (the next turn, the last round's next player, the end of a game)."""

from __future__ import annotations

from games.engine import Event, announce, tell
from games.legend import ending
from games.legend.data import HAND_LIMIT, MISSIONS
from games.legend.deal import hand_text, next_game
from games.legend.moments import begin_turn, dead, expected, hidden_twins
from games.legend.names import MISSION_NAMES, card_shown
from games.legend.state import LegendState, OnTable
from games.legend.words import _


# --- phase 2: start missions ----------------------------------------------------------------------

def startable(state: LegendState, player: str) -> list[str]:
    """Mission cards in hand that may be started (not dead), each once, by value, then by key: the
    order of the question's answers and of the legal actions, the same in every process (a set's
    order of strings is not)."""
    hand = state.seats[player].hand
    return sorted({c for c in hand if c in MISSIONS and not dead(state, c)}, key=lambda k: (MISSIONS[k].points, k))


def do_start(state: LegendState, player: str, *keys: str) -> list[Event]:
    """Start the missions named (canonical: their keys, live cards of the hand) on the table."""
    state.started += len(keys)  # the first ends phase 1 (the flow says so, as a pass is told)
    ev: list[Event] = []
    for key in keys:
        state.seats[player].hand.remove(key)
        state.serial += 1
        state.table.append(OnTable(state.serial, key, player))
        m = MISSIONS[key]
        twin = [e.owner for e in state.table[:-1] if e.mission == key]
        words = dict(player=player, mission=MISSION_NAMES[key], code=m.code_text,
                     points=_.plural("{n} point", "{n} points", m.points))
        text = (_("{player} starts {mission} ({code}, {points}). Its twin is {owner}'s: the first completed "
                  "supersedes the other.", owner=twin[0], **words) if twin
                else _("{player} starts {mission} ({code}, {points}).", **words))
        ev.append(announce(text, "started", player=player, mission=key, points=m.points,
                           number=len(state.table)))
    return ev


# --- phase 3: draw --------------------------------------------------------------------------------

def do_draw(state: LegendState, player: str) -> list[Event]:
    ev: list[Event] = []
    state.drew = True  # phases 1 and 2 are over: the flow goes on to phase 4 or the next turn
    if not state.deck and not state.reshuffled:
        state.reshuffled = True
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        text = (_("The draw pile is empty: the {n} discarded cards are shuffled into the second and last pile.",
                  n=len(state.deck)) if state.deck else _("The draw pile is empty, and so is the discard pile."))
        ev.append(announce(text, "reshuffled", cards=len(state.deck)))
    if not state.deck:
        state.last_drawn_by = player
        ev.append(announce(_("There is nothing left to draw: after {player}'s turn everyone plays one last phase 1.",
                                     player=player),
                           "last_card", player=player, drawn=False))
    else:
        card = state.deck.pop()
        state.seats[player].hand.append(card)
        drawn = (_("You draw {card} (a dead twin).", card=card_shown(card)) if dead(state, card)
                 else _("You draw {card}.", card=card_shown(card)))
        ev += [tell(player, drawn, "drew", player=player, left=len(state.deck),
                    card=card),
               Event("drew", _("{player} draws a card.", player=player), {"player": player, "left": len(state.deck)},
                     not_to=(player,))]
        if state.reshuffled and not state.deck:
            state.last_drawn_by = player
            ev.append(announce(_("{player} draws the last card: after this turn everyone plays one last phase 1.",
                                         player=player),
                               "last_card", player=player, drawn=True))
    return ev


# --- phase 4: discard -----------------------------------------------------------------------------

def do_discard(state: LegendState, player: str, *cards: str) -> list[Event]:
    """Discard the cards named (canonical: the cards themselves, held, no more than the hand is over
    five besides dead twins)."""
    hand = state.seats[player].hand
    for c in cards:
        hand.remove(c)
    state.discard += cards
    return [announce(_("{player} discards {cards}.", player=player, cards=hand_text(list(cards))), "discarded",
                     player=player, cards=list(cards))]


def do_pass(state: LegendState, player: str) -> list[Event]:
    """Done with this phase: phase 1 goes on to phase 2, phase 4 ends the turn (once the hand is five
    cards: apply has checked that), the last phase 1 ends; the flow carries each on."""
    state.passed = True
    if state.phase == "last":
        return [announce(_("{player} ends the last phase 1.", player=player), "passed", player=player)]
    return []


# --- the flow's ways on (phases.py): which phase follows, and what entering it does ---------------

def claimable(state: LegendState, player: str) -> bool:
    """Is the player's hero's favoured mission on the table one card short? Then the player may
    claim it (their own: completed) or abort it (another's) without a card."""
    favoured = state.hero(player).favoured
    return any(e.mission == favoured and sum(e.missing().values()) == 1 for e in state.table)


def _idle(state: LegendState, player: str) -> bool:
    """Nothing to play in the last phase 1: no cards and no favoured mission to claim -- public facts
    both, so passing such a player at once tells nothing hidden."""
    return not state.seats[player].hand and not claimable(state, player)


def _last_round_ahead(state: LegendState) -> list[str]:
    """Who still plays a last phase 1 once the player on turn is done: the round from the next seat
    round to the drawer, when the drawer's turn ends it begins; else the rest of it."""
    if state.last_round:
        return state.last_round[1:]
    i = state.order.index(state.turn)
    return state.order[i + 1:] + state.order[:i + 1]


def _last_or_over(state: LegendState) -> str:
    return "last" if any(not _idle(state, p) for p in _last_round_ahead(state)) else "over"


def after_turn(state: LegendState) -> str:
    """What follows a turn: the next player's, or -- the drawer of the last card done -- the last
    round (the game's end when nobody has anything left to play in it)."""
    if state.last_drawn_by == state.turn:
        return _last_or_over(state)
    return "play"


def after_draw(state: LegendState) -> str:
    """What follows the draw: phase 4 while the hand is over five cards or a dead twin may hide in a
    hand (public facts only: waiting must not tell what the hand holds); else the turn is over."""
    if len(state.seats[state.turn].hand) > HAND_LIMIT or hidden_twins(state):
        return "discard"
    return after_turn(state)


def after_last(state: LegendState) -> str:
    """What follows a last phase 1: the game's end once the tenth mission is done or nobody after has
    anything to play; else the next player's last phase 1."""
    return "over" if ending.all_done(state) else _last_or_over(state)


def discard_done(state: LegendState) -> bool:
    """Phase 4 is over: the hand is five cards and no dead twin may hide, or the player passed."""
    return state.passed or (len(state.seats[state.turn].hand) <= HAND_LIMIT and not hidden_twins(state))


def begin_phase_two(state: LegendState) -> list[Event]:
    """Phase 1 ended by a start or a pass: the player is told what phase 2 allows."""
    state.passed = False
    text = (_("Phase 1 is over: no more undertaking or disturbing this turn. Phase 2: 'start' more missions "
              "from your hand, then 'draw'.") if state.started
            else _("Phase 2: 'start <mission>' from your hand, then 'draw'."))
    return [tell(state.turn, text, "asked", player=state.turn, phase="start")]


def begin_discard(state: LegendState) -> list[Event]:
    """Phase 4 after the draw: the player is told how many cards to discard, or that 'pass' ends it."""
    state.passed = False
    return [tell(state.turn, expected(state, state.turn), "asked", player=state.turn, phase="discard")]


def begin_next_turn(state: LegendState) -> list[Event]:
    """Phase 1 of the next turn: the next player's, or the first player's of a tournament's next game
    once this one is scored."""
    if len(state.results) == state.game:
        return next_game(state)
    i = state.order.index(state.turn)
    return begin_turn(state, state.order[(i + 1) % len(state.order)])


def _last_round_on(state: LegendState) -> list[Event]:
    """The last round moves on: it begins after the drawer's turn (said once), or the player who just
    ended their last phase 1 leaves it; whoever has nothing to play in it passes at once."""
    ev: list[Event] = []
    if state.last_round:
        state.last_round.pop(0)
    else:
        me = state.turn
        i = state.order.index(me)
        state.last_round = state.order[i + 1:] + state.order[:i + 1]
        ev.append(announce(_("The last round: everyone plays one last phase 1 (no starting, drawing or discarding), "
                             "from {first} to {last}.", first=state.last_round[0], last=me), "last_round",
                           order=list(state.last_round)))
    while state.last_round and _idle(state, state.last_round[0]):
        p = state.last_round.pop(0)
        ev.append(announce(_("{player} has no cards left and no favoured mission one card short: nothing to play "
                             "in the last phase 1.", player=p), "passed", player=p))
    return ev


def begin_last(state: LegendState) -> list[Event]:
    """The next player's last phase 1. Everyone gets it, cards or none, but a player with nothing to
    play in it, who passes it at once."""
    ev = _last_round_on(state)
    p = state.turn = state.last_round[0]
    state.passed = False
    return ev + [announce(_("{player}'s last phase 1.", player=p), "turn", player=p, number=state.turns)]


def begin_game_over(state: LegendState) -> list[Event]:
    """The game ends: the tenth mission completed, or the last round played out (its idle players
    passed first); scored, and the match ends with it unless a tournament has games to come."""
    if ending.all_done(state):
        return ending.end_game(state, _("All ten missions are completed."))
    return _last_round_on(state) + ending.end_game(state, _("The game is over."))
