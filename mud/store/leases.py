"""Which node runs each table of a world of several (issue 30): a row per table in PostgreSQL's
``tables``, held by one node under a lease that node renews.

* A table's number comes from the sequence ``table_ids``: the world's, so "meet me at table 4"
  holds on every node.
* The node running a table renews all its leases in one ``UPDATE`` every beat (a second); a
  lease lasts ``LEASE`` seconds, counted by PostgreSQL's clock, so the nodes' clocks never matter.
* A lapsed lease (its node died, or stalled past ``LEASE``) is taken with one ``UPDATE ... WHERE
  until < now() ... FOR UPDATE SKIP LOCKED``: exactly one node wins each table. The match's row
  names its new node too, so the old one, restarted, does not resume it.
* A node that stalled and comes back finds its renewal no longer returns the tables taken from it:
  it stops running them. Until then its moves cannot be stored (the new node's moves hold their
  numbers in ``moves``' primary key), so no move is made twice.

PostgreSQL only: a world of nodes shares a PostgreSQL store, and the world asks the store for its
leases (``store.shared_tables(node)``: these, or None on a store of one server). The SQL is
PostgreSQL's own (row locks, ``SKIP LOCKED``, its clock), run by :meth:`PgStore.apart
<mud.store.postgres.PgStore.apart>`.
"""

from __future__ import annotations

LEASE = 3.0  # seconds a table stays its node's without a renewal


class Leases:
    """One node's leases, through its store's ``apart``: each statement commits at once, apart from
    the batch of moves."""

    def __init__(self, store, node: str, lease: float = LEASE) -> None:
        self.store, self.node, self.lease = store, node, lease

    def open(self, room: str, game: str) -> int:
        """A new table's number, held by this node."""
        return self.store.apart("INSERT INTO tables (number, room, game, node, until, match) VALUES"
                               " (nextval('table_ids'), %(room)s, %(game)s, %(node)s,"
                               " now() + make_interval(secs => %(lease)s), NULL) RETURNING number",
                               {"room": room, "game": game, "node": self.node, "lease": self.lease})[0][0]

    def adopt(self, number: int, room: str, game: str, match: int | None) -> None:
        """A table this node runs without a row (a match resumed from a store older than leases)."""
        self.store.apart("INSERT INTO tables (number, room, game, node, until, match) VALUES (%(number)s, %(room)s,"
                         " %(game)s, %(node)s, now() + make_interval(secs => %(lease)s), %(match)s)"
                         " ON CONFLICT (number) DO NOTHING RETURNING number",
                         {"number": number, "room": room, "game": game, "node": self.node, "lease": self.lease,
                          "match": match})

    def started(self, number: int, match: int) -> None:
        self.store.apart("UPDATE tables SET match = %(match)s WHERE number = %(number)s AND node = %(node)s"
                         " RETURNING number", {"match": match, "number": number, "node": self.node})

    def renew(self) -> set[int]:
        """Every lease this node holds, renewed: the numbers it still holds."""
        rows = self.store.apart("UPDATE tables SET until = now() + make_interval(secs => %(lease)s)"
                               " WHERE node = %(node)s RETURNING number", {"lease": self.lease, "node": self.node})
        return {row[0] for row in rows}

    def take_lapsed(self) -> list[tuple[int, str, str, int | None]]:
        """The tables whose lease lapsed, now this node's: (number, room, game, match)."""
        rows = self.store.apart(
            "UPDATE tables SET node = %(node)s, until = now() + make_interval(secs => %(lease)s) WHERE number IN"
            " (SELECT number FROM tables WHERE until < now() AND node <> %(node)s FOR UPDATE SKIP LOCKED)"
            " RETURNING number, room, game, match", {"node": self.node, "lease": self.lease})
        matches = [row[3] for row in rows if row[3] is not None]
        if matches:
            self.store.apart("UPDATE matches SET node = %(node)s WHERE id = ANY(%(ids)s) RETURNING id",
                             {"node": self.node, "ids": matches})
        return [(row[0], row[1], row[2], row[3]) for row in rows]

    def others(self) -> list[tuple[int, str, str, str, int | None]]:
        """The tables other nodes run: (number, room, game, node, match)."""
        return [tuple(row) for row in self.store.apart(
            "SELECT number, room, game, node, match FROM tables WHERE node <> %(node)s ORDER BY number",
            {"node": self.node})]

    def owner(self, number: int) -> str | None:
        """The node running table ``number`` now (None: no such table)."""
        rows = self.store.apart("SELECT node FROM tables WHERE number = %(number)s", {"number": number})
        return rows[0][0] if rows else None

    def end(self) -> None:
        """Every lease of this node ends now (a clean stop)."""
        self.store.apart("UPDATE tables SET until = now() - interval '1 second' WHERE node = %(node)s"
                         " RETURNING number", {"node": self.node})

    def release(self, number: int) -> None:
        """The table is gone (empty, or its match over and left)."""
        self.store.apart("DELETE FROM tables WHERE number = %(number)s AND node = %(node)s RETURNING number",
                         {"number": number, "node": self.node})
