"""The operator's files: the data directory (0700, made by mud/datalock.py), the database and the
log (0600), and a log that neither a client nor time can abuse -- every message escaped and cut,
the file rotated.

Clients choose some of what is logged (a terminal type, a GMCP client name, a user name). Raw,
a newline there forges a log line ("account admin created") and an ESC sequence reaches the
operator's terminal through ``tail``; so each message goes through :func:`mud.server.lines.clip`.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import stat

from mud.datalock import prepare_data_dir  # noqa: F401 (the directory is made where restore makes it too)
from mud.server.lines import clip

LOG_FILE = "server.log"
LOG_BYTES = 10 * 1024 * 1024  # a log file this big is rotated ...
LOG_KEEP = 5  # ... keeping this many old ones (server.log.1 ... .5)
MESSAGE_MAX = 2000  # characters of one log message (a traceback after it is the server's own)
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def private(path: str) -> None:
    """An existing file of ours readable by its owner only."""
    if os.path.exists(path) and stat.S_IMODE(os.stat(path).st_mode) & 0o077:
        os.chmod(path, 0o600)


class SafeFormatter(logging.Formatter):
    """Every message escaped (no control characters: one record is one line) and cut."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = clip(record.message, MESSAGE_MAX)
        return super().formatMessage(record)


class PrivateRotatingHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files are created 0600."""

    def _open(self):
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(fd, self.mode.replace("w", "a") if "a" not in self.mode else self.mode,
                         encoding=self.encoding, errors=self.errors)


def setup_logging(data_dir: str, max_bytes: int = LOG_BYTES, keep: int = LOG_KEEP,
                  level: int = logging.INFO) -> logging.Handler:
    """Log to ``data_dir/server.log``, escaped, rotated, 0600. Raises OSError."""
    path = os.path.join(data_dir, LOG_FILE)
    handler = PrivateRotatingHandler(path, maxBytes=max_bytes, backupCount=keep, encoding="utf-8")
    private(path)
    handler.setFormatter(SafeFormatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    return handler
