"""Declared phases: which verbs each moment of a game allows, as one table per game (issue 25).

A game's turn has moments -- Legend's phase 1 to 4, a 10x round's draw, placement, masks and bonus
passes, Quest's roll, move and duel, Dungeon Chess's choice of targets and its moves. Each player is
always in exactly one of them (their *stage*, as boardgame.io calls it): the one the game awaits them
in, or a waiting stage of their own (``"waiting"``). A :class:`PhaseTable` names every stage with
the action verbs a player in it may use; the game says which stage a player is in
(``phase_of``) and how a verb that is not for now is refused (``not_now``, in the game's own words).

Both sides of the contract come from the one table: ``GameSpec.apply`` refuses a verb the player's
stage does not allow before any handler runs (so handlers no longer check "is it my turn, my
phase"), and each game's ``legal_actions`` keeps only the verbs the stage allows (:meth:`only`).
The checks left in the handlers are about the arguments (which card, which square), not the moment.

A table may also declare the game's own phases (:class:`GamePhase`, boardgame.io's phases with their
``endIf``/``next``/``onBegin``): then the engine moves the game along them after every action
(:meth:`PhaseTable.advance`), and no handler sets the phase (issue 41). A phase that may be followed
by one of several names its ``next`` as a function of the state (boardgame.io's ``next`` may be one
too); the phase may live in a part of the state (``field="turn.phase"``).

Pure data and functions: no import of the engine (which holds the table in ``GameSpec.phases``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

WAITING = "waiting"  # the stage of a player the game does not await (free verbs only, if any)


@dataclass(frozen=True)
class Phase:
    """One stage of a game: its name, the action verbs a player in it may use, and one line on what
    it is (for docs and help)."""

    name: str
    verbs: tuple[str, ...] = ()
    summary: str = ""


@dataclass(frozen=True)
class GamePhase:
    """One phase of the whole game (boardgame.io's *phase*, where :class:`Phase` is a player's *stage*):
    ``end_if(state)`` says when it is over, ``next`` names the phase that follows (or, when several
    may, is ``next(state) -> name``: Quest's move ends in a duel, a question or the next turn), and
    ``begin(state) -> events`` is what entering it does and tells (the first move's announcement,
    the final scores, the turn handed over). The table moves the game along these after every action
    (:meth:`PhaseTable.advance`), so no handler sets the phase: it only carries its move out."""

    name: str
    end_if: Callable[[Any], bool] | None = None
    next: str | Callable[[Any], str] | None = None
    begin: Callable[[Any], list] | None = None


@dataclass(frozen=True)
class PhaseTable:
    """A game's stages. ``phase_of(state, player)`` names the player's stage now (one of ``phases``);
    ``not_now(state, player, verb)`` is the refusal of a verb that stage does not allow (Legend's
    "Not now. Phase 4: ...", Chess's "It is ann's turn."); ``anytime`` verbs are allowed in every
    stage to any seated player (free ones: a gift, a note on one's map, a standing choice).
    ``not_now`` may raise the engine's ``NotNow`` instead of returning its words: the engine then
    adds what the game waits for now (``GameSpec.now``), as it does for a handler's.

    ``flow``: the game's phases, when it declares them (:class:`GamePhase`), and ``field`` the one
    attribute of the state that names the current one -- the one representation of "where are we",
    set only by :meth:`advance` (a dotted path, "turn.phase", when it lives in a part of the state). A game without a flow still sets its phase in its handlers."""

    phases: tuple[Phase, ...]
    phase_of: Callable[[Any, str], str]
    not_now: Callable[[Any, str, str], str]
    anytime: tuple[str, ...] = ()
    flow: tuple[GamePhase, ...] = ()
    field: str = "phase"

    def __post_init__(self) -> None:
        names = [p.name for p in self.phases]
        if len(set(names)) != len(names):
            raise ValueError(f"a phase table names a stage twice: {names}")
        flow = {g.name: g for g in self.flow}
        if len(flow) != len(self.flow) or any(isinstance(g.next, str) and g.next not in flow for g in self.flow):
            raise ValueError(f"a game's phases must have distinct names and follow declared ones: {list(flow)}")
        object.__setattr__(self, "_flow", flow)
        # each stage's allowed verbs, built once (the search bot asks many thousands of times a move)
        object.__setattr__(self, "_allowed", {p.name: frozenset(p.verbs) | frozenset(self.anytime)
                                              for p in self.phases})

    def phase(self, name: str) -> Phase:
        """The stage called ``name`` (ValueError: the game's ``phase_of`` named a stage it never declared)."""
        for p in self.phases:
            if p.name == name:
                return p
        raise ValueError(f"no stage '{name}' in the phase table ({', '.join(p.name for p in self.phases)})")

    @property
    def verbs(self) -> frozenset[str]:
        """Every verb some stage allows (each handler's verb should be one: the contract test checks)."""
        return frozenset(v for p in self.phases for v in p.verbs) | frozenset(self.anytime)

    def allowed(self, state: Any, player: str) -> frozenset[str]:
        """The action verbs ``player`` may use now: their stage's, and the anytime ones."""
        name = self.phase_of(state, player)
        if name not in self._allowed:
            self.phase(name)  # raises: a stage the table never declared
        return self._allowed[name]

    def refusal(self, state: Any, player: str, verb: str) -> str | None:
        """Why ``verb`` is not for ``player`` now, in the game's words; None when the stage allows it
        (the handler may still refuse its arguments)."""
        if verb in self.allowed(state, player):
            return None
        return self.not_now(state, player, verb)

    def only(self, state: Any, player: str, actions: Iterable) -> list:
        """``actions`` (Actions) whose verb the player's stage allows: how ``legal_actions`` draws on
        the table."""
        allowed = self.allowed(state, player)
        return [a for a in actions if a.verb in allowed]

    def advance(self, state: Any) -> list:
        """Move the game on along its ``flow`` after an action: while the current phase's ``end_if``
        holds, enter the ``next`` one (its ``begin`` events told after the action's own). Returns
        those events; [] for a game without a flow, or when the phase goes on."""
        events: list = []
        if not self._flow:
            return events
        *path, name = self.field.split(".")
        while True:
            holder = state
            for part in path:  # the phase may live in a part of the state (Quest's turn)
                holder = getattr(holder, part)
            now = self._flow.get(getattr(holder, name))
            if now is None or now.end_if is None or now.next is None or not now.end_if(state):
                return events
            follows = now.next(state) if callable(now.next) else now.next
            if follows not in self._flow:
                raise ValueError(f"phase '{now.name}' is followed by '{follows}', which the flow never declared")
            setattr(holder, name, follows)
            entered = self._flow[follows]
            if entered.begin is not None:
                events += entered.begin(state)
