"""Quest for Legend's rule paths that share an event kind (``GameSpec.paths``), each a predicate on
one event's JSON record: the coverage test (tests/contract/test_coverage.py) wants every one reached
by the seeded bot games or by a command file of tests/contract/scripts/legend/."""

from __future__ import annotations

PATHS = {
    # a hero's favoured mission left one card short by someone else, completed without a card
    "favoured_claimed_short": lambda r: r["type"] == "completed" and bool(r.get("declared")),
    # teams: a card under a partner's mission ...
    "partner_disturbed": lambda r: r["type"] == "disturbed" and bool(r.get("partner")),
    # ... and a partner's mission aborted (a partner's mission counts as an opponent's)
    "partner_aborted": lambda r: r["type"] == "aborted" and bool(r.get("partner")),
    # a tournament whose top total is shared: the games won decide, then it is shared
    "tournament_tied": lambda r: r["type"] == "game_over" and bool(r.get("tied")),
}
