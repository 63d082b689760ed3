"""Reading the file an option names (``start map=FILE``, ``mud play <game> --map FILE``).

Games do no I/O: an :class:`games.engine.Option` with ``file=True`` is handed this reader by the
shell, and only where reading the player's own files makes sense -- local play and command files.
On a server a player must not make the server read its files, so no reader is given there.
"""

from __future__ import annotations

import os

from games.engine import RuleError
from mud.shell.words import _

MAX_BYTES = 64 * 1024  # a map or a deck written by hand is a few hundred bytes


def read_option_file(path: str, base: str | None = None) -> str:
    """The text of the file at ``path`` (relative to ``base`` when given and not absolute), or a
    RuleError a player can read: missing, a folder, too big, not text."""
    full = os.path.expanduser(path)
    if base and not os.path.isabs(full):
        full = os.path.join(base, full)
    try:
        if os.path.getsize(full) > MAX_BYTES:
            raise RuleError(_("The file '{path}' is too big (at most {kb} KB).", path=path, kb=MAX_BYTES // 1024))
        with open(full, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise RuleError(_("The file '{path}' is not text (UTF-8).", path=path)) from None
    except IsADirectoryError:
        raise RuleError(_("'{path}' is a folder, not a file.", path=path)) from None
    except OSError as err:
        raise RuleError(_("Cannot read the file '{path}': {reason}.", path=path, reason=err.strerror or str(err))) from None
