"""The operator's files: the data directory (0700, made by mud/ops/datalock.py), the database and the
log (0600), and a log that neither a client nor time can abuse -- every message escaped and cut,
the file rotated.

Clients choose some of what is logged (a terminal type, a GMCP client name, a user name). Raw,
a newline there forges a log line ("account admin created") and an ESC sequence reaches the
operator's terminal through ``tail``; so each message goes through :func:`mud.server.clients.lines.clip`.

Two formats (``mud serve --log-format``): ``text``, a line a record, and ``json``, an object a line
for log shippers, the operator's events (mud/ops/oplog.py) with their fields as they are.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import stat
from datetime import datetime, timezone

from mud.ops.datalock import prepare_data_dir  # noqa: F401 (the directory is made where restore makes it too)
from mud.server.clients.lines import clip

LOG_FILE = "server.log"
LOG_BYTES = 10 * 1024 * 1024  # a log file this big is rotated ...
LOG_KEEP = 5  # ... keeping this many old ones (server.log.1 ... .5)
MESSAGE_MAX = 2000  # characters of one log message (a traceback after it is the server's own)
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_FORMATS = ("text", "json")


def private(path: str) -> None:
    """An existing file of ours readable by its owner only."""
    if os.path.exists(path) and stat.S_IMODE(os.stat(path).st_mode) & 0o077:
        os.chmod(path, 0o600)


class SafeFormatter(logging.Formatter):
    """Every message escaped (no control characters: one record is one line) and cut."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = clip(record.message, MESSAGE_MAX)
        return super().formatMessage(record)


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601, milliseconds), ``level``, ``logger``,
    ``event`` (an operator's event of mud/ops/oplog.py, or "log" for any other line), ``fields`` (the
    event's, else empty), ``message`` (the line the text format shows), and ``exception`` (its
    traceback) when there is one. Escaped as JSON is, ASCII only: one record stays one line, and
    no control character reaches a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        out = {"time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")
               .replace("+00:00", "Z"),
               "level": record.levelname, "logger": record.name,
               "event": getattr(record, "event", "log"), "fields": getattr(record, "fields", {}),
               "message": message if len(message) <= MESSAGE_MAX else message[:MESSAGE_MAX] + "..."}
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


class PrivateRotatingHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files are created 0600."""

    def _open(self):
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(fd, self.mode.replace("w", "a") if "a" not in self.mode else self.mode,
                         encoding=self.encoding, errors=self.errors)


def setup_logging(data_dir: str, max_bytes: int = LOG_BYTES, keep: int = LOG_KEEP,
                  level: int = logging.INFO, form: str = "text") -> logging.Handler:
    """Log to ``data_dir/server.log``, escaped, rotated, 0600; ``form`` one of LOG_FORMATS. Raises OSError."""
    path = os.path.join(data_dir, LOG_FILE)
    handler = PrivateRotatingHandler(path, maxBytes=max_bytes, backupCount=keep, encoding="utf-8")
    private(path)
    handler.setFormatter(JsonFormatter() if form == "json" else SafeFormatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    return handler


class AppendHandler(logging.Handler):
    """Lines added to the log of a server that may be running (``mud admin``, another process): each
    record one ``write`` of a whole line to a file opened for appending, so it lands between the
    server's lines, never inside one. It never rotates the file (the server does)."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = (self.format(record) + "\n").encode("utf-8", "replace")
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            try:
                os.write(fd, text)
            finally:
                os.close(fd)
        except Exception:
            self.handleError(record)


def log_format_of(path: str) -> str:
    """The format a log is written in (one of LOG_FORMATS), read from its last line: json if it
    is a JSON object, else text (and text for a log not yet written)."""
    try:
        with open(path, "rb") as f:
            f.seek(max(0, os.fstat(f.fileno()).st_size - 4096))
            last = f.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    except OSError:
        return "text"
    return "json" if last.startswith(b"{") else "text"


def append_to_log(data_dir: str, logger: str) -> logging.Handler:
    """``logger``'s records (INFO and up) added to ``data_dir``'s server log, in the format it is
    written in; the handler, to remove when done."""
    path = os.path.join(data_dir, LOG_FILE)
    handler = AppendHandler(path)
    handler.setFormatter(JsonFormatter() if log_format_of(path) == "json" else SafeFormatter(FORMAT))
    log = logging.getLogger(logger)
    log.addHandler(handler)
    if log.getEffectiveLevel() > logging.INFO:
        log.setLevel(logging.INFO)
    return handler
