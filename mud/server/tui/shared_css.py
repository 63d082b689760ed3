"""The TUI's stylesheets parsed once per process, for every served app in it.

Textual parses each app's CSS (its own, and every widget's default CSS) into rule sets of its own,
and again into a fresh stylesheet whenever a screen brings CSS (``Stylesheet.reparse``). In a
server every session is an app: measured on a busy evening (bench/evening.py, K=80), the parsed
rules -- rule sets, their styles, selectors, tokens and the sets and lists inside them -- were about
a fifth of the 1.5 million objects the garbage collector walks, the same rules 128 times over. The
rules are read, never changed, once parsed (Textual keeps a parse per stylesheet for the same
reason), so here one parse of the same CSS under the same variables serves every app: the server
holds one copy, and a session's start skips the parse.

Installed by :func:`share` (the served app calls it; idempotent). It leans on a Textual internal,
``Stylesheet._parse_rules``: tests/mud/server/tui/test_textual_internals.py checks it is there, and
the version of Textual is pinned (pyproject.toml).
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet

from mud.tui.textual_internals import original, patch

PARSES = 256  # distinct (CSS, variables) parses kept: a few dozen sources under one or two themes

_parsed: LRUCache = LRUCache(PARSES)


def share() -> None:
    """Make every stylesheet in this process take its parses from one cache."""
    if getattr(Stylesheet._parse_rules, "parsed_once", False):
        return
    own = original(Stylesheet, "_parse_rules")

    def parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, frozenset(self._variables.items()))
        rules = _parsed.get(key)
        if rules is None:
            rules = own(self, css, read_from, is_default_rules, tie_breaker, scope)
            _parsed[key] = rules
        return rules

    parse_rules.parsed_once = True
    patch(Stylesheet, "_parse_rules", parse_rules)
