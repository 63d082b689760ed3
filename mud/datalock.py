"""One server per data directory: a lock the running ``mud serve`` holds on ``DIR/server.lock``.

``mud restore`` must never swap the database under a running server (the server would go on
writing into a file that is no longer the one on disk, or into a WAL that belongs to the old one),
and two servers on one directory would both write the same matches. An advisory ``flock`` says
which is the case better than a pid file: the kernel lets it go when the process dies, however
it dies (``kill -9``, a power cut), so a stale lock never blocks the next start. The file holds the
holder's pid, for the operator's messages only.
"""

from __future__ import annotations

import errno
import fcntl
import os

LOCK_FILE = "server.lock"


class DataDirBusy(OSError):
    """Another process (a running ``mud serve``) holds the data directory."""


def lock_path(data_dir: str) -> str:
    return os.path.join(data_dir, LOCK_FILE)


def _holder(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (pid {text})" if text.isdigit() else ""


def hold(data_dir: str) -> int:
    """Take the data directory for this process; the fd to keep open while it runs (``release``).
    Raises :class:`DataDirBusy` when a live server holds it, another OSError when the file cannot
    be made."""
    fd = os.open(lock_path(data_dir), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as err:
        who = _holder(fd)
        os.close(fd)
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise DataDirBusy(errno.EBUSY, f"a server{who} is running on this data directory",
                              data_dir) from None
        raise
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode("ascii"))
    return fd


def release(fd: int | None) -> None:
    """Let the data directory go (closing the fd drops the lock)."""
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def in_use(data_dir: str) -> str | None:
    """Why the data directory is in use (a server holds it), or None when nothing does."""
    try:
        fd = os.open(lock_path(data_dir), os.O_RDONLY)
    except OSError:  # no lock file: no server ever ran here
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # a probe: the holder's pid is left as it is
    except OSError:
        return f"a server{_holder(fd)} is running on this data directory"
    finally:
        os.close(fd)
    return None
