"""What the store hands out and the rules every engine keeps alike: its errors, a match's record, a
seat's handover, and the constants of what is kept (snapshots' spacing, an account's own rows)."""

from __future__ import annotations

from dataclasses import dataclass, field

SNAPSHOT_EVERY = 100  # moves between snapshots
CANNOT_SAVE = "The server cannot save right now; that was not done. Try again in a little while."
# got up; away past the grace time; took the seat back; (one turn) the time was up, a bot played it
HANDOVER_WHY = ("left", "away", "back", "time")
# What is an account's own, deleted with it: (table, a column naming it); a later table that names
# accounts adds its rows here (one per column). (The account's row goes first, checked against its uid;
# its web logins go by that uid.) Sanctions are not the account's but the person's: a ban and a mute
# stay on the name for their whole term, so deleting the account and making it again lifts neither.
PERSONAL = (("ssh_keys", "name"),
            ("ignores", "name"), ("ignores", "other"),  # whom they ignore, and who ignored them (moderation)
            ("roles", "name"))  # a role must not pass to the next account of that name
PLACEHOLDER = "gone-"  # a deleted account's seat in the matches it played: gone-1 (a name nobody may take)
# The schema's mark once migrated (SQLite's user_version, PostgreSQL's questmud_schema): the old numbered
# versions ended at 4, so a questmud from before the migrations refuses a database this code migrated
MARK = 5


class StoreError(Exception):
    """The store cannot be used: one line saying why (a damaged file, a read-only directory ...)."""


class StoreFailed(StoreError):
    """A write failed (the disk is full, say); the text is for the player. Nothing was written."""


class AccountGone(StoreFailed):
    """The account a session logged in as is no more: deleted, or its name made again by someone
    else (another uid). Nothing was written; the text is for the player."""

    def __init__(self, text: str = "Your account is no longer there (deleted, or its name taken again); "
                                   "nothing was changed.") -> None:
        super().__init__(text)


@dataclass(frozen=True)
class Handover:
    """A person's seat changed hands after ``seq`` moves: to a bot (``why`` 'left' or 'away') or
    back to them ('back'); or for one turn only ('time': their time was up and a bot played the turn
    that move ``seq + 1`` begins; the seat stays theirs)."""
    seq: int
    player: str
    why: str

    @property
    def to_bot(self) -> bool:
        """The seat is a bot's from here (until 'back')."""
        return self.why in ("left", "away")

    @property
    def for_a_turn(self) -> bool:
        return self.why == "time"


@dataclass
class MatchRecord:
    id: int
    game: str
    room: str
    seed: int
    options: dict
    humans: list[str]
    bots: list[str]
    level: str
    status: str
    table_no: int | None = None  # the number players know the table by (kept over a restart)
    created: float = 0.0
    handovers: list[Handover] = field(default_factory=list)  # filled by Store.match and Store.matches_of
