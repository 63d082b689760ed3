"""The data directory: made private, and one server on it -- a lock the running ``mud serve`` holds
on ``DIR/server.lock``.

``mud restore`` must never swap the database under a running server (the server would go on
writing into a file that is no longer the one on disk, or into a WAL that belongs to the old one),
and two servers on one directory would both write the same matches. An advisory ``flock`` says
which is the case better than a pid file: the kernel lets it go when the process dies, however
it dies (``kill -9``, a power cut), so a stale lock never blocks the next start. The file holds the
holder's pid, for the operator's messages only, and its holder removes it when it lets go (a clean
stop, a restore done): a ``server.lock`` in the directory means a server runs there, or one died.
Removing it is safe because the holder unlinks it while still holding it, and whoever takes the lock
checks that the file it locked is still the one named ``server.lock`` (else it locked an unlinked
file, and tries again).

``mud serve`` and ``mud restore`` both make the directory with :func:`prepare_data_dir`, so a
directory made by a restore is the one a server would make.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat

LOCK_FILE = "server.lock"
TRIES = 5  # a lock file removed under us as we take it: looked for again this many times


def prepare_data_dir(path: str) -> str:
    """Make the data directory (0700) if needed and make sure only its owner can enter it: it
    holds password hashes and the SSH host key. Raises OSError."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise NotADirectoryError(20, "it is not a directory", path)
    os.makedirs(path, mode=0o700, exist_ok=True)
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if mode & 0o077 and os.stat(path).st_uid == os.getuid():
        os.chmod(path, mode & 0o700)
    return path


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
    path = lock_path(data_dir)
    for _ in range(TRIES):
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            who = _holder(fd)
            os.close(fd)
            if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise DataDirBusy(errno.EBUSY, f"a server{who} is running on this data directory",
                                  data_dir) from None
            raise
        if _still_named(fd, path):
            break
        os.close(fd)  # its holder removed it as it let go: the next one is a new file
    else:
        raise DataDirBusy(errno.EBUSY, "the data directory's lock keeps changing hands", data_dir)
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode("ascii"))
    return fd


def _still_named(fd: int, path: str) -> bool:
    """Is the file locked through ``fd`` the one ``path`` names now?"""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def release(fd: int | None, data_dir: str | None = None) -> None:
    """Let the data directory go (closing the fd drops the lock). With ``data_dir``, the lock file
    goes too -- unlinked while still held, so nobody can have locked the name meanwhile."""
    if fd is None:
        return
    if data_dir is not None:
        try:
            if _still_named(fd, lock_path(data_dir)):
                os.remove(lock_path(data_dir))
        except OSError:
            pass
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
