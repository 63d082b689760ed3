"""Duels (rules/quest.md, Duels): how one is fought, from the first choice to the loot.

A duel is a state of the game (``state.duel``) that names whose input it waits for. Both unarmed:
rock-paper-scissors, chosen in secret and shown together. One armed: the unarmed loses at once.
Both armed: hands, the attacker playing a weapon and the defender answering having seen it; an
armour is broken to take a lost hand when its holder's standing choice says so ('armour break').
A wizard's bolt is a duel of one hand (spells.py starts it). Then the winner searches the loser and takes one thing; a loser with nothing is mortally
wounded. Who fights whom, and why, is decided in fights.py and spells.py.
"""

from __future__ import annotations

from collections import Counter

from games.engine import Event, announce, tell
from games.quest import text as t
from games.quest.data import WEAPON_CARDS
from games.quest.items import ITEM_ALIASES
from games.quest.purse import with_belongings
from games.quest.state import Duel, Player, QuestState
from games.quest.turns import end_move, spend_turn

DUEL_WEAPONS = WEAPON_CARDS  # armour is never played, only broken
BEATS = {"sword": ("mace", "lance"), "lance": ("shield", "mace"), "mace": ("shield",), "shield": ("sword",)}
BLOCKS = ("mace", "shield")  # what stops a bolt
RPS = ("rock", "paper", "scissors")
RPS_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
CAUSES = {"fight": "forces the way into", "stay": "fights to stay in", "tournament": "challenges",
          "bolt": "casts a bolt at"}
YOUR_CAUSES = {"fight": "force your way into", "stay": "fight to stay in", "tournament": "challenge",
               "bolt": "cast a bolt at"}  # the same, told to the attacker


def weapons(p: Player) -> list[str]:
    return sorted(c for c in p.objects if c in DUEL_WEAPONS)


def hand_winner(attack: str, answer: str) -> str | None:
    """'attack', 'answer' or None (the same weapon: nobody takes the hand)."""
    if attack == answer:
        return None
    return "attack" if answer in BEATS[attack] else "answer"


def waiting(duel: Duel) -> list[str]:
    if duel.stage == "rps":
        return [p for p in duel.sides if p not in duel.secret]
    return {"attack": [duel.attacker], "answer": [duel.defender], "block": [duel.defender],
            "loot": [duel.winner]}.get(duel.stage, [])


def being_searched(state: QuestState, player: str) -> bool:
    """True while ``player`` lost a duel and the winner has yet to take one thing: nothing leaves their
    hands meanwhile (a loser who gave everything away would leave the winner nothing to take)."""
    duel = state.duel
    return duel is not None and duel.stage == "loot" and duel.loser == player


def loot_options(loser: Player) -> list[str]:
    """What the winner may take, as words ``loot`` understands: cards, treasures, keys, gold."""
    out = sorted(set(loser.objects)) + sorted(set(loser.treasures)) + [f"{k} key" for k in loser.keys]
    if loser.gold > 0 or loser.has_bag:
        out.append("gold")
    return out


def _sides(duel: Duel, text: str, kind: str, **data) -> Event:
    return Event(kind, text, data, to=duel.sides)


def _pair(duel: Duel, actor: str, mine: str, theirs: str, kind: str, **data) -> list[Event]:
    """A duel's secret told to its two sides: ``mine`` to ``actor``, ``theirs`` to the other one."""
    return [Event(kind, mine, dict(data), to=(actor,)), Event(kind, theirs, dict(data), to=(duel.other(actor),))]


def _others(duel: Duel, text: str, kind: str, **data) -> Event:
    return Event(kind, text, data, not_to=duel.sides)


# --- starting ----------------------------------------------------------------------------------

def begin(state: QuestState, attacker: str, defenders: list[str], cause: str, origin: str | None = None) -> list[Event]:
    """Start a duel against ``defenders[0]``; the rest are fought after it if the attacker wins.
    ``origin``: forcing a way in, the room the attacker came from."""
    defender = defenders[0]
    duel = Duel(attacker, defender, state.players[defender].pos, cause, queue=list(defenders[1:]), origin=origin)
    state.duel = duel  # the flow enters the turn's 'duel' (phases.py) once the action is told
    if cause in ("tournament", "bolt"):
        own = {attacker: f"You {YOUR_CAUSES[cause]} {defender}!", defender: f"{attacker} {CAUSES[cause]} you!"}
        others = f"{attacker} {CAUSES[cause]} {defender}!"
    else:
        own = {attacker: f"You {YOUR_CAUSES[cause]} {duel.room} and duel {defender}!",
               defender: f"{attacker} {CAUSES[cause]} {duel.room} and duels you!"}
        others = f"{attacker} {CAUSES[cause]} {duel.room} and duels {defender}!"
    ev = t.voiced("duel", own, others, attacker=attacker, defender=defender, room=duel.room, cause=cause,
                  rules=state.rules)
    return ev + _open(state)


def _open(state: QuestState) -> list[Event]:
    duel = state.duel
    a, b = state.players[duel.attacker], state.players[duel.defender]
    if duel.cause == "bolt":
        if not any(c in BLOCKS for c in b.objects):
            return _resolve_bolt(state, None)
        duel.stage = "block"
        return [tell(b.name, f"{a.name}'s bolt flies at you: block it with 'play mace' or 'play shield', "
                             "or 'play none' to take it.", "duel_asked", player=b.name, stage="block")]
    wa, wb = weapons(a), weapons(b)
    if wa and wb:
        duel.left = {a.name: wa, b.name: wb}
        return _next_hand(state)
    if wa or wb:
        winner, loser = (a.name, b.name) if wa else (b.name, a.name)
        own = {loser: f"You have no weapon against {winner}'s and lose at once.",
               winner: f"{loser} has no weapon against yours and loses at once."}
        return t.voiced("duel_unarmed", own, f"{loser} has no weapon against {winner}'s and loses at once.",
                        winner=winner, loser=loser) + _finish(state, winner)
    duel.stage = "rps"
    return [_sides(duel, "Both of you are unarmed: choose 'rock', 'paper' or 'scissors', in secret.",
                   "duel_asked", stage="rps")]


# --- rock, paper, scissors -----------------------------------------------------------------------

def not_asked(state: QuestState, player: str) -> str:
    """What the duel waits for, said to a player whose duel verb is not for now (the phase table's
    words: games/quest/phases.py lets 'throw', 'play', 'loot' through only at their stage)."""
    duel = state.duel
    if duel is None:
        return "There is no duel now."
    if player not in duel.sides:
        return f"This duel is between {duel.attacker} and {duel.defender}, not you."
    if player not in waiting(duel):
        return f"The duel waits for {t.listing(waiting(duel))}, not you."
    return expected(state, player)


def expected(state: QuestState, player: str) -> str:
    """What the duel wants from ``player`` now, in words (also the answer to a wrong command)."""
    duel = state.duel
    if duel is None or player not in waiting(duel):
        return "Nothing is asked of you in this duel."
    if duel.stage == "rps":
        return "Choose 'rock', 'paper' or 'scissors'."
    if duel.stage == "attack":
        return f"Play a weapon: {', '.join('play ' + c for c in sorted(set(duel.left[player])))}."
    if duel.stage == "answer":
        return (f"Answer {duel.attacker}'s {duel.played}: "
                f"{', '.join('play ' + c for c in sorted(set(duel.left[player])))}.")
    if duel.stage == "block":
        held = [c for c in BLOCKS if c in state.players[player].objects]
        return f"Block the bolt: {', '.join('play ' + c for c in held)}, or 'play none'."
    return f"Take one thing from {duel.loser}: 'loot <thing>' ({', '.join(loot_options(state.players[duel.loser]))})."


def do_throw(state: QuestState, player: str, choice: str) -> list[Event]:
    duel = state.duel  # at its rps stage, waiting for this player (the phase table)
    duel.secret[player] = choice
    ev = [tell(player, f"You choose {choice}, in secret.", "rps_chosen", player=player, choice=choice),
          Event("rps_chosen", f"{player} has chosen.", dict(player=player), not_to=(player,))]
    if len(duel.secret) < 2:
        return ev
    a, b = duel.attacker, duel.defender
    ca, cb = duel.secret[a], duel.secret[b]
    duel.secret = {}
    shown = f"{a} shows {ca}, {b} shows {cb}"
    if ca != cb:
        winner = a if RPS_BEATS[ca] == cb else b
        beats = f"{ca} beats {cb}" if winner == a else f"{cb} beats {ca}"
        return ev + [announce(f"{shown}: {beats}, {winner} wins.", "rps_revealed", choices={a: ca, b: cb},
                              winner=winner)] + _finish(state, winner)
    lighter = _lighter(state, a, b)
    weights = _weights(state, a, b)
    if lighter is None:
        return ev + [announce(f"{shown}: a tie, and they weigh the same ({weights}): they choose again.", "rps_revealed",
                              choices={a: ca, b: cb}, winner=None)]
    return ev + [announce(f"{shown}: a tie, which goes to the lighter player, {lighter} ({weights}).",
                          "rps_revealed", choices={a: ca, b: cb}, winner=lighter)] + _finish(state, lighter)


def _weights(state: QuestState, a: str, b: str) -> str:
    """The two weights a tie is settled by, as the players can count them (treasures, gold and the
    weapons shown in the duel): 'ann 3, bot1 2'."""
    return f"{a} {state.players[a].weight}, {b} {state.players[b].weight}"


def _lighter(state: QuestState, a: str, b: str) -> str | None:
    wa, wb = state.players[a].weight, state.players[b].weight
    return None if wa == wb else (a if wa < wb else b)


# --- hands ---------------------------------------------------------------------------------------

def do_play(state: QuestState, player: str, card: str) -> list[Event]:
    duel = state.duel  # at its attack, answer or block stage, waiting for this player (the phase table)
    if duel.stage == "block":
        return _resolve_bolt(state, None if card == "none" else card)
    duel.left[player].remove(card)
    if duel.stage == "attack":
        duel.played = card
        duel.stage = "answer"
        return _pair(duel, player, f"You play {t.a_obj(card)}.", f"{player} plays {t.a_obj(card)}.",
                     "duel_played", player=player, card=card) + [
                _others(duel, f"{player} plays a weapon.", "duel_played", player=player),
                tell(duel.defender, expected(state, duel.defender), "duel_asked", player=duel.defender,
                     stage="answer")]
    attack = duel.played
    ev = _pair(duel, player, f"You answer with {t.a_obj(card)}.", f"{player} answers with {t.a_obj(card)}.",
               "duel_played", player=player, card=card) + [
        _others(duel, f"{player} answers.", "duel_played", player=player)]
    side = hand_winner(attack, card)
    return ev + _hand(state, {None: None, "attack": duel.attacker, "answer": duel.defender}[side])


def _hand(state: QuestState, winner: str | None) -> list[Event]:
    """Record a hand. Its loser breaks an armour to take it, if they hold one and their standing
    choice is to break (so the duel never pauses on a question that would tell who holds one)."""
    duel = state.duel
    duel.played = None
    duel.hands.append(winner)
    n = len(duel.hands)
    if winner is None:
        return [announce(f"Hand {n}: the same weapon; nobody takes it.", "duel_hand", hand=n, winner=None)] \
            + _next_hand(state)
    ev = [announce(f"Hand {n} goes to {winner}.", "duel_hand", hand=n, winner=winner)]
    loser = state.players[duel.other(winner)]
    if "armour" in loser.objects and loser.armour == "break":
        loser.objects.remove("armour")
        state.objects["armour"] += 1
        duel.hands[-1] = loser.name
        ev.append(announce(f"{loser.name} breaks an armour and takes hand {n} instead; the armour goes back to "
                           "the object deck.", "armour_broken", player=loser.name, hand=n))
    return ev + _after_hand(state)


ARMOUR_WORDS = {"break": "you break an armour to take any hand you lose, while you hold one",
                "keep": "you keep your armours: a lost hand stays lost"}


def do_armour(state: QuestState, player: str, policy: str) -> list[Event]:
    """A standing choice, private: break an armour to take a lost hand, or keep it."""
    state.players[player].armour = policy
    return [tell(player, f"From now on {ARMOUR_WORDS[policy]} (armour {policy}).", "armour_policy",
                 player=player, policy=policy)]


def _after_hand(state: QuestState) -> list[Event]:
    duel = state.duel
    if duel.cause == "bolt":
        return _finish(state, duel.hands[-1])
    return _next_hand(state)


def _next_hand(state: QuestState) -> list[Event]:
    """The next hand; a player out of cards loses each hand the other can still play."""
    duel = state.duel
    a, b = duel.attacker, duel.defender
    if duel.left[a] and duel.left[b]:
        duel.stage = "attack"
        return [tell(a, f"Hand {len(duel.hands) + 1}. {expected(state, a)}", "duel_asked", player=a,
                     stage="attack")]
    if duel.left[a] or duel.left[b]:
        holder = a if duel.left[a] else b
        card = duel.left[holder].pop(0)
        other = duel.other(holder)
        return _pair(duel, holder, f"You play {t.a_obj(card)}; {other} has no weapon left.",
                     f"{holder} plays {t.a_obj(card)}; you have no weapon left.", "duel_played",
                     player=holder, card=card) + [
            _others(duel, f"{holder} plays a weapon; {other} has none left.", "duel_played", player=holder)] \
            + _hand(state, holder)
    wins = Counter(h for h in duel.hands if h)
    if wins[a] != wins[b]:
        winner = a if wins[a] > wins[b] else b
        why = f"{max(wins[a], wins[b])} hands to {min(wins[a], wins[b])}"
    else:
        winner = _lighter(state, a, b) or b
        why = (f"{wins[a]} hand{'s' if wins[a] != 1 else ''} each" if wins[a] else "nobody took a hand") + "; " + (
            "the lighter wins" if _lighter(state, a, b) else "the same weight: the defender wins") \
            + f": {_weights(state, a, b)}"
    return [announce(f"The hands are played: {why}.", "duel_hands", results=list(duel.hands), winner=winner)] \
        + _finish(state, winner)


def _resolve_bolt(state: QuestState, block: str | None) -> list[Event]:
    """The bolt's one hand: a mace or shield stops it; else a bible absorbs it; else it strikes."""
    duel = state.duel
    caster, target = duel.attacker, duel.defender
    me = state.players[target]
    if block:
        return [announce(f"{target} stops the bolt with {t.a_obj(block)}.", "bolt_blocked", player=target,
                         card=block)] + _hand(state, target)
    if "bible" in me.objects:
        me.objects.remove("bible")
        state.spent.append("bible")
        state.duel = None
        spend_turn(state)
        return [announce(f"{target}'s bible absorbs the bolt and crumbles to dust.", "bolt_absorbed",
                         player=target)]
    return [announce(f"The bolt strikes {target}.", "bolt_struck", player=target)] + _hand(state, caster)


# --- the end of a duel -----------------------------------------------------------------------------

def _finish(state: QuestState, winner: str) -> list[Event]:
    duel = state.duel
    loser = duel.other(winner)
    duel.winner, duel.loser, duel.left, duel.played = winner, loser, {}, None
    w, lo = state.players[winner], state.players[loser]
    if w.pos == lo.pos:
        lo.beaten_by = winner
        if w.beaten_by == loser:
            w.beaten_by = None
    ev = t.voiced("duel_won", {winner: f"You win the duel against {loser}.",
                               loser: f"{winner} wins the duel against you."},
                  f"{winner} wins the duel against {loser}.", winner=winner, loser=loser, room=duel.room,
                  cause=duel.cause, **_beaten(state, duel, winner))
    if duel.cause == "tournament" and w.rank == "knight":
        w.rank = "wizard"
        ev.append(announce(f"{winner} wins the tournament and becomes a wizard!", "promoted", player=winner,
                           rank="wizard", how="tournament"))
    if lo.owns_nothing:
        lo.wounded = True
        ev.append(announce(f"{loser} has nothing to lose and is mortally wounded: only a health potion, before "
                           f"{loser}'s next turn, can save them.", "wounded", player=loser))
        return ev + _after(state)
    duel.stage = "loot"
    options = loot_options(lo)
    ev.append(tell(winner, f"You search {loser}: {', '.join(options)}. Take one thing: 'loot <thing>'.",
                   "loot_offer", player=winner, loser=loser, options=options))
    return ev


def _beaten(state: QuestState, duel: Duel, winner: str) -> dict:
    """A forced entry's ``beaten``: the occupants the attacker has beaten so far on the way in (each
    now held by them), none when the attacker lost. Other duels: nothing."""
    if duel.cause != "fight":
        return {}
    if winner != duel.attacker:
        return {"beaten": []}
    return {"beaten": [n for n in state.order if n != winner and state.players[n].pos == duel.room
                       and state.players[n].beaten_by == winner and state.players[n].alive]}


def do_loot(state: QuestState, player: str, item: str) -> list[Event]:
    duel = state.duel  # won by this player, at its loot stage (the phase table)
    w, lo = state.players[player], state.players[duel.loser]
    kind, card = ITEM_ALIASES[item]  # one of loot_options' words
    if kind == "gold":
        if not lo.has_bag:
            lo.gold -= 1
        w.gold += 1
        ev = [announce(f"{player} takes a gold coin from {lo.name}.", "looted", player=player, loser=lo.name,
                       gold=1)]
    elif kind == "key":
        lo.keys.remove(card)
        w.keys.append(card)
        ev = [announce(f"{player} takes the {card} key from {lo.name}.", "looted", player=player, loser=lo.name,
                       key=card)]
    else:
        pile, mine = (lo.objects, w.objects) if kind == "object" else (lo.treasures, w.treasures)
        pile.remove(card)
        mine.append(card)
        ev = _pair(duel, player, f"You take {t.a_obj(card)} from {lo.name}.", f"{player} takes {t.a_obj(card)} "
                   "from you.", "looted", player=player, loser=lo.name, card=card, what=kind) + [
            _others(duel, f"{player} takes a {'card' if kind == 'object' else 'treasure'} from {lo.name}.",
                    "looted", player=player, loser=lo.name, what=kind)]
    return with_belongings(state, ev, (player, lo.name)) + _after(state)


def _after(state: QuestState) -> list[Event]:
    """The duel is over: fight the next occupant, else end the move (or the turn): the flow then asks
    for the locked doors crossed or hands the turn over (phases.py)."""
    duel = state.duel
    state.duel = None
    rest = [p for p in duel.queue if state.players[p].alive and state.players[p].pos == duel.room]
    if rest and duel.winner == duel.attacker:
        return begin(state, duel.attacker, rest, duel.cause, duel.origin)
    if duel.cause == "fight":
        ev = _driven_back(state, duel) if duel.winner != duel.attacker else []
        state.turn.steps_left = 0
        end_move(state)
        return ev
    spend_turn(state)
    return []


def _driven_back(state: QuestState, duel: Duel) -> list[Event]:
    """An attacker who forced a way in and lost goes back where they came from: the only way into a
    room without its occupants' consent is to beat every one who did not give it (decision)."""
    me = state.players[duel.attacker]
    if duel.origin is None or not me.alive:
        return []
    me.pos = duel.origin
    me.beaten_by = None  # the room they were beaten in is left behind, and any hold they won there
    for p in state.players.values():
        if p.beaten_by == duel.attacker:
            p.beaten_by = None
    return [announce(f"{duel.attacker} is driven back to {duel.origin}.", "driven_back", player=duel.attacker,
                     room=duel.origin, origin=duel.room, wounded=me.wounded)]
