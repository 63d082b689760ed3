"""The rules' refusals (re-exported by games/engine.py): an action the rules forbid right now, and one
whose verb is not for this moment. Kept apart so the small modules the engine re-exports (options)
can refuse without importing the engine."""

from __future__ import annotations


class RuleError(Exception):
    """An action that the rules forbid right now. Its message is written for the player."""


class NotNow(RuleError):
    """A verb that exists but is not for this moment. Its message says when it is ("Masks come
    after the reveal."); :meth:`GameSpec.apply` adds what the game waits for now, drawn from the
    same ``awaiting`` and ``question`` the table shows, so a refusal never contradicts the table."""
