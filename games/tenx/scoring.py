"""The end of a 10x round: the point for the highest, personal quests shown and rewarded, common
quests ranked and rewarded, the game's end (rules/tenx.md, End of round and Winning).

The steps of the round's end (phases.py's FLOW) begin here: 'score' (``end_round``, over at once),
'reward' (the game cards owed, one player at a time), 'cancel' (the third's), 'over' (``finish``:
the game ends, or the flow opens the next round's draw).

Decision: a personal quest met this round is shown at once (showing only ever gains its reward).
"""

from __future__ import annotations

from games.engine import Event, Msg, RuleError, announce, both, tell
from games.tenx.cards import draw_bonus, draw_numbered, draw_quest
from games.tenx.data import CARDS, COMMON, DISCARD_QUESTS, MODIFIERS, PERSONAL, THRESHOLDS
from games.tenx.order import each_and, final_key, ranked
from games.tenx.state import Seat, TenxState
from games.tenx.words import _, listed


def quest_text(ids: list[str]) -> Msg | str:
    """Personal quests named in a line, each in its reader's language."""
    return listed([PERSONAL[q].text for q in ids], _("none"))


# --- what happened this round, per player -------------------------------------------------------

def _margin(state: TenxState, p: str) -> int | None:
    """A winner's lead over the best of the others (None without others or a lead)."""
    r = state.round
    others = [r.table[q].value for q in r.table if q not in r.winners]
    if p not in r.winners or not others:
        return None
    lead = r.table[p].value - max(others)
    return lead if lead > 0 else None


def _shortfall(state: TenxState, p: str) -> int | None:
    """How far the last (or tied last) is behind the second-to-last; None for anyone else."""
    r = state.round
    if p not in r.table or p in r.winners:
        return None
    values = sorted({pl.value for pl in r.table.values()})
    if len(values) < 2 or r.table[p].value != values[0]:
        return None
    return values[1] - values[0]


def _won_with(state: TenxState, p: str) -> set[str] | None:
    """How a winner won: the modifiers used (empty: a plain win), None for a player who did not win.

    Decision: after a mask and a replacement, the replacement's own star or die may be used too; such
    a win counts as won using the mask *and* using that star or die (both were used, one per card)."""
    r = state.round
    if p not in r.winners:
        return None
    placed = r.table[p]
    return ({"mask"} if placed.masked else set()) | ({placed.used} if placed.used in ("star", "die") else set())


def _played(state: TenxState, p: str) -> list[int]:
    placed = state.round.table.get(p)
    return [CARDS[c].value for c in placed.played] if placed else []


def met(state: TenxState, p: str, kind: str, arg: int) -> bool:
    """Does ``p`` meet a quest of this kind this round (personal and common quests alike)."""
    r = state.round
    if kind in ("win_star", "win_die", "win_mask"):
        return kind[4:] in (_won_with(state, p) or ())
    if kind == "win_plain":
        return _won_with(state, p) == set()
    if kind == "win_by":
        return _margin(state, p) == arg
    if kind == "win_by_least":
        return (_margin(state, p) or 0) >= arg
    if kind == "lose_by":
        return _shortfall(state, p) == arg
    if kind == "lose_by_least":
        return (_shortfall(state, p) or 0) >= arg
    if kind == "play":
        return arg in _played(state, p)
    if kind == "play_seven":
        placed = r.table.get(p)
        return bool(placed) and any(len(CARDS[c].mods) == len(MODIFIERS) for c in placed.played)
    if kind == "play_at_most":
        return any(v <= arg for v in _played(state, p))
    if kind == "play_at_least":
        return any(v >= arg for v in _played(state, p))
    if kind == "discard_cards":
        return p in r.discarded_cards
    if kind == "discard_quests":
        return p in r.discarded_quests
    raise ValueError(kind)


# --- the end of the round ------------------------------------------------------------------------

def end_round(state: TenxState) -> list[Event]:
    """The 'score' step begins (and is over at once): the round's point, quests shown and met."""
    r = state.round
    winners = list(r.winners)
    ev: list[Event] = []
    if "pure10" in state.variants and len(winners) > 1 and all(pure_ten(state, w) for w in winners):
        winners = []
    if "single" in state.variants and len(winners) > 1:
        winners = ranked(state, winners, ev=ev, why=_("for the single winner"))[:1]
    r.winners = winners
    for w in winners:
        state.seats[w].points += 1
    if winners:
        state.last_winner = winners[0]
        value = r.table[winners[0]].value
        points = ", ".join(f"{w} {state.seats[w].points}" for w in winners)
        ev.append(announce(_.plural("{winners} wins the round with {value}: a point ({points}).",
                                    "{winners} win the round with {value}: a point ({points}).", len(winners),
                                    winners=each_and(winners), value=value, points=points),
                           "round_won", winners=winners, value=value,
                           points={w: state.seats[w].points for w in winners}))
    else:
        ev.append(announce(_("Nobody wins the round."), "round_won", winners=[], value=None, points={}))
    for p in state.order:
        ev += _show_quests(state, p)
    for q in list(state.active):
        ev += _common(state, q)
    for placed in r.table.values():
        state.discard += placed.played
    return ev


def pure_ten(state: TenxState, p: str) -> bool:
    """A 'pure 10' (variant 'pure10'): a printed 10 without modifiers, left at 10 by no bonus/malus.
    Decision: the seed sets it against the '10 stellina'; a 10 reached by bonuses is not pure."""
    placed = state.round.table[p]
    card = CARDS[placed.card]
    return card.value == 10 and not card.mods and not placed.bonuses and placed.value == 10


def _show_quests(state: TenxState, p: str) -> list[Event]:
    seat = state.seats[p]
    ev: list[Event] = []
    for q in list(seat.quests):
        quest = PERSONAL[q]
        if not met(state, p, quest.kind, quest.arg):
            continue
        seat.quests.remove(q)
        seat.shown.append(q)
        shown = {"quest": quest.text, "reward": _reward_words(quest.reward)}
        ev += both(p, _("You show the quest '{quest}': {reward}.", **shown),
                   _("{player} shows the quest '{quest}': {reward}.", player=p, **shown), "quest_shown",
                   player=p, quest=q, quest_text=str(quest.text), reward=quest.reward)
        ev += _reward(state, p, quest.reward, _("the quest '{quest}'", quest=quest.text))
    three = _distinct(seat.shown)
    if len(three) == DISCARD_QUESTS:  # three different quests resolved: they give a point and go
        for q in three:
            seat.shown.remove(q)
        seat.points += 1
        state.round.discarded_quests.add(p)
        done = {"quests": quest_text(three), "points": seat.points}
        ev += both(p, _("You have resolved three different quests ({quests}): they are discarded for a point "
                        "({points}).", **done),
                   _("{player} has resolved three different quests ({quests}): they are discarded for a point "
                     "({points}).", player=p, **done), "quests_completed", player=p, quests=three, points=seat.points)
    return ev


def _reward_words(reward: str) -> Msg:
    return {"point": _("a point"), "quest": _("a personal quest"), "card": _("a game card (or two bonus/malus)")}[reward]


def _reward(state: TenxState, p: str, reward: str, why: Msg) -> list[Event]:
    """A quest's reward (``why``: the quest, a message; its English is the event's data)."""
    if reward == "point":
        state.seats[p].points += 1
        points = state.seats[p].points
        return both(p, _("You score a point for {why} ({points}).", why=why, points=points),
                    _("{player} scores a point for {why} ({points}).", player=p, why=why, points=points), "scored",
                    player=p, points=points, why=str(why))
    if reward == "quest":
        return draw_quest(state, p, _("the reward for {why}", why=why))  # not read as the quest drawn
    state.round.rewards.append((p, why))
    return []


def _common(state: TenxState, q: str) -> list[Event]:
    given = state.common_given[q]
    meeting = [p for p in state.order if p not in given and met(state, p, COMMON[q].kind, COMMON[q].arg)]
    ev: list[Event] = []
    for p in ranked(state, meeting, ev=ev, why=_("on the common quest '{quest}'", quest=COMMON[q].text)):
        if len(given) >= 3:
            break
        given.append(p)
        place, name = len(given), COMMON[q].text
        text = (_("{player} is first to meet the common quest '{quest}'.", player=p, quest=name) if place == 1 else
                _("{player} is second to meet the common quest '{quest}'.", player=p, quest=name) if place == 2 else
                _("{player} is third to meet the common quest '{quest}'.", player=p, quest=name))
        ev.append(announce(text, "common_met",
                           player=p, quest=q, place=len(given)))
        ev += _reward(state, p, ("point", "quest", "card")[len(given) - 1],
                      _("the common quest '{quest}'", quest=COMMON[q].text))
        if len(given) == 3:  # every third of the round may cancel one (several quests: several thirds)
            state.round.cancellers.append(p)
    if len(given) >= 3:
        state.active.remove(q)
    return ev


def start_reward(state: TenxState) -> list[Event]:
    """The 'reward' step begins, and goes on while a game card is owed: the next owed one is asked."""
    r = state.round
    if not r.rewards:
        return []
    p, why = r.rewards[0]
    return [tell(p, _("Your reward for {why}: 'draw' a numbered card or 'draw bonus' for two bonus/malus.", why=why),
                 "asked", player=p, phase="reward")]


def rewarded_all(state: TenxState) -> bool:
    """The 'reward' step is over: no game card is owed."""
    return not state.round.rewards


def start_cancel(state: TenxState) -> list[Event]:
    """The 'cancel' step begins, and goes on while a third may cancel an active common quest."""
    r = state.round
    if not may_cancel(state):
        return []
    return [tell(r.cancellers[0], _("As third on a common quest you may cancel another: 'cancel <quest>' (see "
                                    "'quests'), or 'pass'."), "asked", player=r.cancellers[0], phase="cancel")]


def may_cancel(state: TenxState) -> bool:
    """A third on a common quest is still to choose, and an active common quest is left to cancel."""
    return bool(state.round.cancellers and state.active)


def do_reward(state: TenxState, player: str, what: str) -> list[Event]:
    r = state.round
    why = r.rewards.pop(0)[1]
    ev = (draw_numbered if what == "card" else draw_bonus)(state, player, _("for {why}", why=why))
    return ev + start_reward(state)


def do_cancel(state: TenxState, player: str, which: str | None) -> list[Event]:
    r = state.round
    if which is None:
        r.cancellers.pop(0)
        return [announce(_("{player} cancels no common quest.", player=player), "common_cancelled", player=player,
                         quest=None)] + \
            start_cancel(state)
    q = state.active[int(which) - 1]  # legal names an active quest by its number (canonical.py)
    r.cancellers.pop(0)
    state.active.remove(q)
    return [announce(_("{player} cancels the common quest '{quest}'.", player=player, quest=COMMON[q].text),
                     "common_cancelled", player=player,
                     quest=q)] + start_cancel(state)


def finish(state: TenxState) -> list[Event]:
    """The 'over' step begins, the round over: a declared player at the target ends the game (and
    the step stays: the game is over), else nothing is told and the flow opens the next round."""
    target = THRESHOLDS[len(state.order)][1]
    declared = [p for p in state.order if state.seats[p].declared]
    if any(state.seats[p].points >= target for p in declared):
        best = min(final_key(state, p) for p in declared)
        state.winners = [p for p in declared if final_key(state, p) == best]
        state.over = True
        ranking = sorted(state.order, key=lambda p: (p not in state.winners, -state.seats[p].points))  # winner first
        scores = ", ".join(f"{p} {state.seats[p].points}" for p in ranking)
        return [announce(_.plural("{winners} wins the game! Points: {points}.", "{winners} win the game! Points: "
                                  "{points}.", len(state.winners), winners=each_and(state.winners), points=scores),
                         "game_over", winners=list(state.winners),
                         points={p: state.seats[p].points for p in state.order}, target=target, declared=declared)]
    return []


def pick_quests(seat: Seat, words: tuple[str, ...]) -> list[str]:
    """Three different personal quests to discard, as a player names them: all from the hand or all
    resolved (face up). ``discard quests`` picks them; ``discard quests resolved``/``hand``, or their
    numbers, choose. Words that name no three are refused in words (the canonical form and the
    refusals read with it; the handler, given a legal action, takes ``quests_taken``)."""
    words = tuple(w.lower() for w in words)
    if words and all(w.isdigit() for w in words):
        picked = [seat.quests[int(w) - 1] for w in words if 1 <= int(w) <= len(seat.quests)]
        if len(picked) != len(words):
            raise RuleError(_("Your quests in hand are numbered 1 to {count} (see 'quests').", count=len(seat.quests)))
        groups = [picked]
    elif words in ((), ("hand",), ("resolved",)):
        groups = [_distinct(_pile(seat, w)) for w in (words or ("resolved", "hand"))]
    else:
        raise RuleError(_("Discard 'quests' (three different ones), 'quests hand', 'quests resolved' or 'quests 1 2 4'."))
    taken = _three(groups)
    if taken is None:
        raise RuleError(_("You need three different personal quests, all in hand or all resolved."))
    return taken


def quests_taken(seat: Seat, words: tuple[str, ...]) -> list[str]:
    """The three quests a legal ``discard quests`` takes: its words name a pile ("hand" or
    "resolved") or none (the resolved ones first, then those in hand) -- legal spells it so."""
    return _three([_distinct(_pile(seat, w)) for w in (words or ("resolved", "hand"))])


def _pile(seat: Seat, word: str) -> list[str]:
    return {"hand": seat.quests, "resolved": seat.shown}[word]


def _three(groups: list[list[str]]) -> list[str] | None:
    """The first of ``groups`` that is three different quests, or None."""
    for group in groups:
        if len(group) == DISCARD_QUESTS and len({PERSONAL[q].text for q in group}) == DISCARD_QUESTS:
            return group
    return None


def quests_words(seat: Seat, pile: str) -> tuple[str, ...]:
    """The words after ``discard quests`` that take ``pile``'s three ("hand" or "resolved"), as a
    player types them: none when the bare ``discard quests`` takes them already (answering with a
    number echoed "discard quests hand", which no one would type)."""
    try:
        bare = pick_quests(seat, ())
    except RuleError:
        bare = None
    try:
        return () if bare is not None and pick_quests(seat, (pile,)) == bare else (pile,)
    except RuleError:
        return (pile,)


def _distinct(pool: list[str]) -> list[str]:
    out: list[str] = []
    for q in pool:
        if PERSONAL[q].text not in {PERSONAL[o].text for o in out}:
            out.append(q)
    return out[:DISCARD_QUESTS]
