"""The end of a match: every secret target revealed and checked on the final position, the scores,
the winners (equal first totals all win); and what ends it (``ending_reason``)."""

from __future__ import annotations

from games.dungeon_chess import moves
from games.dungeon_chess.data import QUIET_ROUNDS
from games.dungeon_chess.scoring import final_score, rank
from games.dungeon_chess.words import WHY, _, listing
from games.dungeon_chess.words import TARGETS as TARGET_WORDS
from games.engine import announce


def ending_reason(state) -> str:
    """Why the game ends now, or '' (checked after every turn: the phase table's flow ends the
    play phase on it)."""
    n = len(state.order)
    counts = moves.counts(state.board)
    single = [p for p in state.order if counts.get(p, 0) <= 1]
    if (n == 2 and single) or (n >= 3 and len(single) >= n - 1):
        return "single"
    if state.limit and state.quiet >= QUIET_ROUNDS * n:
        return "quiet"
    if state.passes >= n:
        return "blocked"
    return ""


def finish(state, reason: str = "") -> list:
    """Entering the 'over' phase (phases.py): the targets revealed, the scores and the winners;
    ``reason`` (why it ended) is the one ``ending_reason`` finds, unless given."""
    reason = state.end_reason = reason or ending_reason(state)
    events = [announce(_("The game ends: {why}.", why=WHY[reason]), "ended", reason=reason,
                       players=len(state.order))]
    for p in state.order:
        number = state.target[p]
        score = state.scores[p] = final_score(state, p)
        words = {"player": p, "number": number, "target": TARGET_WORDS[number], "bonus": score["bonus"]}
        said = (_("{player}'s secret target #{number}: {target} - achieved (+{bonus}).", **words) if score["met"]
                else _("{player}'s secret target #{number}: {target} - not achieved (+{bonus}).", **words))
        events.append(announce(said, "revealed", player=p, target=number, met=score["met"]))
    state.winners = rank(state.scores)
    table = ", ".join(f"{p} {state.scores[p]['total']}" for p in state.order)  # names and numbers only
    won = listing(list(state.winners), last_word=True)
    events.append(announce(_.plural("Scores: {table}. {winners} wins!", "Scores: {table}. {winners} win!",
                                    len(state.winners), table=table, winners=won),
                           "game_over", scores={p: s["total"] for p, s in state.scores.items()},
                           winners=list(state.winners)))
    return events
