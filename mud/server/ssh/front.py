"""The SSH surface of ``mud serve``: ``ssh -p 2222 alice@host`` plays in the world.

Offered, and nothing else: password login (the first one creates the account; keyboard-interactive
asks for the same password), public keys added in game with ``key add``, and one interactive
session per connection. With a pty the player gets the same Textual TUI as local play, run inside
this process (:mod:`mud.server.tui.driver`); without one (``ssh -T``) the line interface of
:mod:`mud.server.clients.lines`. Commands (exec), subsystems (SFTP), port, agent and X11 forwarding are
all refused. The host key is made once (ed25519) and kept in the data directory.

Each session's failures are caught and logged to ``questmud.ssh``: a client never sees a
traceback, and one broken session never takes the server down.
"""

from __future__ import annotations

import asyncio
import logging
import os

import asyncssh

from mud.server.clients.lines import Barred
from mud.server.ssh.session import SSHSession
from mud.server.ssh.auth import KeyboardInteractive
from mud.shell.words import _, render as word

log = logging.getLogger("questmud.ssh")

HOST_KEY = "ssh_host_key"
MAX_CHANNELS = 4  # session channels one connection may have open (one plays; refused ones close)
SESSION_WAIT = 60.0  # seconds after login for the session to start; else the connection is closed
HANDSHAKE_WAIT = 10.0  # seconds from the accept for the client to begin its login; else it is closed
LOGIN_WAIT = 60  # seconds from the accept for the login to succeed (a person typing a password)
BARRED = _("Login refused.")  # the disconnect's reason after a ban (its words went in the banner before it)


def host_key(data_dir: str) -> asyncssh.SSHKey:
    """The server's key: made on the first start, then always the same (clients remember it)."""
    path = os.path.join(data_dir, HOST_KEY)
    if os.path.exists(path):
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="questmud host key")
    os.makedirs(data_dir, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    log.info("new SSH host key %s", key.get_fingerprint())
    return key


async def listen(server, host: str, port: int):
    """Start listening; (a callable that stops it, the port actually bound)."""
    # asyncssh logs each connection's every step (accepted, auth begun, channel opened ...) at INFO:
    # the operator's log has a line of our own for what matters (mud/ops/oplog.py), and its warnings.
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    conns: set[_Connection] = set()
    acceptor = await asyncssh.create_server(
        lambda: _Connection(server, conns), host, port,
        server_host_keys=[host_key(server.config.data_dir)],
        encoding=None, line_editor=False, allow_pty=True,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
        login_timeout=LOGIN_WAIT, keepalive_interval=30, keepalive_count_max=4)
    bound = acceptor.get_port()

    def close() -> None:
        acceptor.close()
        for conn in list(conns):  # those still logging in; sessions are closed by the server
            if conn.session is None:
                conn.close()

    log.info("SSH listening on %s:%d", host, bound)
    return close, bound


class _Connection(KeyboardInteractive, asyncssh.SSHServer):
    """One client connection: its login, then at most one session."""

    def __init__(self, server, conns: set) -> None:
        self.server = server
        self.conns = conns
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.welcome = ""  # said once the session starts (a new account)
        self.login_lang = ""  # the language of the login's words (mud/server/ssh/auth.py), once a name is given
        self.uid: str | None = None  # the account the password or key was right for: the session opens as it
        self.session: SSHSession | None = None  # the one that started
        self.opened = 0  # session channels open, started or not
        self.waiting: asyncio.TimerHandle | None = None  # until the login begins, then until a session starts
        self.counted = False  # in the server's connections per address
        self.held = False  # among the process's sockets (mud/server/addresses.py Sockets)

    def connection_made(self, conn) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        self.conns.add(self)
        # Counted from the TCP accept, before any handshake: a client that never finishes one
        # holds a socket all the same (issue 42, finding 6), and is closed after HANDSHAKE_WAIT.
        refused = self.server.socket_opened(self.address)
        self.held = refused is None
        refused = refused or self.server.connection_opened(self.address)
        self.counted = self.held and refused is None
        loop = asyncio.get_running_loop()
        if refused:
            loop.call_soon(conn.close)  # (SSH has no words before its handshake)
        else:
            self.waiting = loop.call_later(HANDSHAKE_WAIT, self._check_handshake)

    def _check_handshake(self) -> None:
        self.waiting = None
        log.info("%s began no login within %g s; closing", self.address, HANDSHAKE_WAIT)
        self.close()

    def connection_lost(self, exc) -> None:
        self.conns.discard(self)
        self.stop_waiting()
        if self.counted:
            self.counted = False
            self.server.connection_closed(self.address)
        if self.held:
            self.held = False
            self.server.socket_closed(self.address)

    def stop_waiting(self) -> None:
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    # --- login ----------------------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        self.stop_waiting()  # the handshake is done: the login's own timeout (LOGIN_WAIT) runs on
        return True

    def auth_completed(self) -> None:
        self.waiting = asyncio.get_running_loop().call_later(SESSION_WAIT, self._check_session)

    def _check_session(self) -> None:
        """Logged in, but no game: only forwarding asked for, say (all refused). Not kept open."""
        self.waiting = None
        if self.session is None:
            log.info("%s opened no session; closing", self.address)
            self.close()

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        try:
            # (the hashing runs off the loop)
            checked = await self.server.login(username, password, self.address, surface="ssh")
        except Exception:
            log.exception("login of %r failed", username[:40])
            return False
        ok, message = checked
        self.login_lang = self.login_lang or self.server.account_lang(username)
        if ok:
            self.welcome, self.uid = message, checked.uid
        elif message:
            try:
                self.conn.send_auth_banner(word(message, self.login_lang) + "\r\n")
            except Exception:
                pass
        if isinstance(message, Barred):  # a ban: said once, then the connection ends -- no new "Password:"
            raise asyncssh.PermissionDenied(word(BARRED, self.login_lang))
        return ok

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        try:
            if self.server.login_blocked(self.address, username):
                return False
            line = key.export_public_key("openssh").decode("ascii").strip()
            self.uid = self.server.key_owner(username, line)
            return self.uid is not None
        except Exception:
            log.exception("key check of %r failed", username[:40])
            return False

    # --- what may be opened: one session; no forwarding of any kind -----------------------------
    def session_requested(self):
        if self.session is not None or self.opened >= MAX_CHANNELS:
            return False
        self.opened += 1
        return SSHSession(self)

    def connection_requested(self, *args) -> bool:
        return False

    def server_requested(self, *args) -> bool:
        return False

    def unix_connection_requested(self, *args) -> bool:
        return False

    def unix_server_requested(self, *args) -> bool:
        return False

    def tun_requested(self, *args) -> bool:
        return False

    def tap_requested(self, *args) -> bool:
        return False
