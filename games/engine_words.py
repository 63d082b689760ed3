"""The engine's own words (the ``engine`` domain, its catalogues in games/locale): the refusals every
game shares (no seat, the game is over, a verb the game lacks, arguments that fit no handler) and the
"Now: ..." a refusal ends with. Kept in a module of its own, next to the engine and apart from any game,
so ``make messages`` extracts the engine's messages alone (games/babel.cfg: the top level of games/)."""

from __future__ import annotations

from pathlib import Path

from games.words import Words

_ = Words("engine", Path(__file__).resolve().parent / "locale")
