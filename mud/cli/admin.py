"""`mud admin`: roles given and taken from the shell, with the server running or not.

Whoever can run this on the server's machine, with its data folder, owns the server: this is how
the first operator is made, and how the operator role is given and taken at all (in the world an
operator grants only the moderator role). SQLite in WAL mode lets this process write while the
server runs (so does PostgreSQL, with ``--store``); the server reads a player's role at each line they type, so it counts at once.

Each act (grant, revoke, unban) is audited, as a moderator's in the world is, and written to the
data folder's ``server.log`` as the server writes its own moderation lines (mud/ops/oplog.py, in the
log's format, text or JSON): the operator reading the log sees it, whether a server runs or not.
"""

from __future__ import annotations

import getpass
import logging
import os
import sys

import platformdirs

from mud.store import moderation as modstore
from mud.store import Store, StoreError, StoreFailed
from mud.store import open_store


def add_parser(sub) -> None:
    """The ``admin`` subcommand and its own: grant, revoke, list, unban (a way back in for anyone
    a moderator shut out), audit."""
    admin = sub.add_parser("admin", help="roles of a server's players (works while the server runs)")
    admin.add_argument("--data", default=None, metavar="DIR", help="the server's data folder (as for mud serve)")
    admin.add_argument("--store", default=os.environ.get("QUESTMUD_STORE", ""), metavar="URL",
                       help="the server's PostgreSQL store, when it has one (as for mud serve; default $QUESTMUD_STORE)")
    acts = admin.add_subparsers(dest="act", required=True)
    grant = acts.add_parser("grant", help="give a player a role")
    grant.add_argument("name")
    grant.add_argument("role", choices=modstore.ROLES)
    revoke = acts.add_parser("revoke", help="take a player's role away")
    revoke.add_argument("name")
    acts.add_parser("list", help="everyone with a role")
    unban = acts.add_parser("unban", help="lift a ban: a name, or 'address A.B.C.D[/N]' (as 'bans' shows it)")
    unban.add_argument("target", nargs="+")
    audit = acts.add_parser("audit", help="the newest moderation acts")
    audit.add_argument("--last", type=int, default=20, help="how many (default 20)")


def _who() -> str:
    try:
        return f"admin:{getpass.getuser()}"
    except Exception:  # no user name to be had (a container without one)
        return "admin"


def cmd_admin(args) -> int:
    data = os.path.abspath(os.path.expanduser(args.data or platformdirs.user_data_dir("questmud", appauthor=False)))
    path = args.store or os.path.join(data, "questmud.db")
    if not args.store and not os.path.exists(path):
        print(f"mud admin: no server data in {data} (no questmud.db): see --data", file=sys.stderr)
        return 2
    try:
        store = open_store(path)
    except StoreError as err:
        print(f"mud admin: {err}", file=sys.stderr)
        return 1
    from mud.server.upkeep.files import append_to_log  # (here: `mud play` starts without the server's modules)
    logged = append_to_log(data, modstore.log.name) if os.path.isdir(data) else None
    try:
        return _act(store, args)
    except StoreFailed as err:
        print(f"mud admin: {err}", file=sys.stderr)
        return 1
    finally:
        store.close()
        if logged is not None:
            logging.getLogger(modstore.log.name).removeHandler(logged)


def _act(store: Store, args) -> int:
    if args.act == "list":
        found = modstore.roles(store)
        for name, role, by, at in found:
            print(f"{name}\t{role}\tgranted by {by} on {modstore.when(at)}")
        if not found:
            print("Nobody has a role.")
        return 0
    if args.act == "unban":
        kind, target = ("address", args.target[1]) if args.target[0] == "address" and len(args.target) > 1 \
            else ("name", args.target[0])
        if not modstore.unban(store, kind, target, _who()):
            print(f"{target} is not banned (see 'bans' in the world for the exact spelling).")
            return 1
        print(f"{target} is no longer banned.")
        return 0
    if args.act == "audit":
        for at, who, act, whom, why in modstore.audits(store, max(1, args.last)):
            print(f"{modstore.when(at)}\t{who}\t{act}\t{whom}" + (f"\t{why}" if why else ""))
        return 0
    acc = store.account(args.name)
    if acc is None:
        print(f"mud admin: there is no account called {args.name}", file=sys.stderr)
        return 2
    name = acc["name"]
    if args.act == "grant":
        modstore.grant(store, name, args.role, _who())
        print(f"{name} is now {'an' if args.role == 'operator' else 'a'} {args.role}.")
        return 0
    if not modstore.revoke(store, name, _who()):
        print(f"{name} has no role.")
        return 1
    print(f"{name} is a player again.")
    return 0
