"""The store's SQL as each engine runs it -- GENERATED from the SQLAlchemy Core statements of
mud/store/statements.py: do not edit. Regenerate: ``make store-sql`` (python -m mud.store.statements);
tests/mud/test_store_sql.py fails while this file differs from what those statements compile to.

Each statement by name: (its text, the values it carries itself -- a LIMIT's), run with a dict of its
parameters (SQLite's ``:name``, psycopg's ``%(name)s``). ``HEAD``: the newest Alembic revision
(mud/store/migrations): a database there is opened without loading SQLAlchemy or Alembic."""

HEAD = '0004'  # the newest Alembic revision

SQLITE = {
    'account': (
        'SELECT accounts.name, accounts.salt, accounts.hash, accounts.room, accounts.uid, accounts.lang \n'
        'FROM accounts \n'
        'WHERE lower(accounts.name) = lower(:name)',
        {}),
    'create_account': (
        'INSERT INTO accounts (name, salt, hash, created, room, uid) VALUES (:name, :salt, :hash, :created, '
        ':room, :uid)',
        {}),
    'set_password': (
        'UPDATE accounts SET salt=:salt, hash=:hash WHERE lower(accounts.name) = lower(:who) AND accounts.uid = '
        ':uid',
        {}),
    'upgrade_password': (
        'UPDATE accounts SET salt=:salt, hash=:hash WHERE lower(accounts.name) = lower(:who) AND accounts.hash = '
        ':old',
        {}),
    'set_room': (
        'UPDATE accounts SET room=:room WHERE lower(accounts.name) = lower(:who)',
        {}),
    'set_language': (
        'UPDATE accounts SET lang=:lang WHERE lower(accounts.name) = lower(:who) AND accounts.uid = :uid',
        {}),
    'add_key': (
        'INSERT INTO ssh_keys (name, "key", added, owner) SELECT :name AS anon_1, :key AS anon_2, :added AS '
        'anon_3, accounts.uid \n'
        'FROM accounts \n'
        'WHERE lower(accounts.name) = lower(:name) AND accounts.uid = :uid ON CONFLICT DO NOTHING',
        {}),
    'keys': (
        'SELECT ssh_keys."key" \n'
        'FROM ssh_keys JOIN accounts ON ssh_keys.owner = accounts.uid \n'
        'WHERE lower(accounts.name) = lower(:name) ORDER BY ssh_keys.added, ssh_keys."key"',
        {}),
    'remove_key': (
        'DELETE FROM ssh_keys WHERE lower(ssh_keys.name) = lower(:name) AND ssh_keys."key" = :key AND '
        'ssh_keys.owner = :uid',
        {}),
    'drop_account': (
        'DELETE FROM accounts WHERE lower(accounts.name) = lower(:name) AND accounts.uid = :uid RETURNING name',
        {}),
    'add_web_login': (
        'INSERT INTO web_logins (token, created, expires, account) SELECT :token AS anon_1, :created AS anon_2, '
        ':expires AS anon_3, accounts.uid \n'
        'FROM accounts \n'
        'WHERE accounts.uid = :uid',
        {}),
    'web_login': (
        'SELECT accounts.name, accounts.uid \n'
        'FROM accounts JOIN web_logins ON web_logins.account = accounts.uid \n'
        'WHERE web_logins.token = :token AND web_logins.expires > :now',
        {}),
    'end_web_login': (
        'DELETE FROM web_logins WHERE web_logins.token = :token',
        {}),
    'end_web_logins': (
        'DELETE FROM web_logins WHERE web_logins.account = :uid',
        {}),
    'trim_web_logins': (
        'DELETE FROM web_logins WHERE web_logins.account = :uid AND (web_logins.token NOT IN (SELECT '
        'web_logins.token \n'
        'FROM web_logins \n'
        'WHERE web_logins.account = :uid ORDER BY web_logins.created DESC\n'
        ' LIMIT :keep OFFSET :param_1))',
        {'param_1': 0}),
    'prune_web_logins': (
        'DELETE FROM web_logins WHERE web_logins.expires <= :now',
        {}),
    'next_match': (
        'SELECT coalesce(max(matches.id), 0) + 1 AS anon_1 \n'
        'FROM matches',
        {}),
    'create_match': (
        'INSERT INTO matches (id, game, room, seed, options, humans, bots, level, status, created, table_no, '
        'node) VALUES (:id, :game, :room, :seed, :options, :humans, :bots, :level, :status, :created, :table_no, '
        ':node)',
        {}),
    'log_move': (
        'INSERT INTO moves ("match", seq, player, verb, args, by_bot, at) VALUES (:match, :seq, :player, :verb, '
        ':args, :by_bot, :at)',
        {}),
    'moves_by': (
        'SELECT moves.seq, moves.player, moves.verb, moves.args, moves.by_bot \n'
        'FROM moves \n'
        'WHERE moves."match" = :m AND moves.seq > :after ORDER BY moves.seq',
        {}),
    'finish': (
        'UPDATE matches SET status=:status, finished=:finished WHERE matches.id = :m',
        {}),
    'matches': (
        'SELECT matches.id, matches.game, matches.room, matches.seed, matches.options, matches.humans, '
        'matches.bots, matches.level, matches.status, matches.table_no, matches.created \n'
        'FROM matches \n'
        'WHERE matches.status = :s AND matches.node IS :n ORDER BY matches.id',
        {}),
    'match': (
        'SELECT matches.id, matches.game, matches.room, matches.seed, matches.options, matches.humans, '
        'matches.bots, matches.level, matches.status, matches.table_no, matches.created \n'
        'FROM matches \n'
        'WHERE matches.id = :m',
        {}),
    'matches_like': (
        'SELECT matches.id, matches.game, matches.room, matches.seed, matches.options, matches.humans, '
        'matches.bots, matches.level, matches.status, matches.table_no, matches.created \n'
        'FROM matches \n'
        'WHERE lower(matches.humans) LIKE :pattern ORDER BY matches.id DESC',
        {}),
    'hand_over': (
        'INSERT INTO handovers ("match", seq, player, why, at) VALUES (:match, :seq, :player, :why, :at)',
        {}),
    'handovers': (
        'SELECT handovers.seq, handovers.player, handovers.why \n'
        'FROM handovers \n'
        'WHERE handovers."match" = :m ORDER BY handovers.id',
        {}),
    'save_snapshot': (
        'INSERT INTO snapshots ("match", seq, blob) VALUES (:match, :seq, :blob) ON CONFLICT ("match", seq) DO '
        'UPDATE SET blob = excluded.blob',
        {}),
    'prune_snapshots': (
        'DELETE FROM snapshots WHERE snapshots."match" = :m AND snapshots.seq < :before',
        {}),
    'latest_snapshot': (
        'SELECT snapshots.seq, snapshots.blob \n'
        'FROM snapshots \n'
        'WHERE snapshots."match" = :m ORDER BY snapshots.seq DESC\n'
        ' LIMIT :param_1 OFFSET :param_2',
        {'param_1': 1, 'param_2': 0}),
    'seats_of': (
        'SELECT matches.id, matches.humans, matches.bots \n'
        'FROM matches \n'
        'WHERE lower(matches.humans) LIKE :pattern',
        {}),
    'set_humans': (
        'UPDATE matches SET humans=:humans WHERE matches.id = :m',
        {}),
    'moves_of': (
        'SELECT moves.seq, moves.player, moves.args \n'
        'FROM moves \n'
        'WHERE moves."match" = :m',
        {}),
    'rename_move': (
        'UPDATE moves SET player=:player, args=:args WHERE moves."match" = :m AND moves.seq = :s',
        {}),
    'rename_handovers': (
        'UPDATE handovers SET player=:player WHERE handovers."match" = :m AND handovers.player = :was',
        {}),
    'drop_snapshots': (
        'DELETE FROM snapshots WHERE snapshots."match" = :m',
        {}),
    'forget_ssh_keys_name': (
        'DELETE FROM ssh_keys WHERE lower(ssh_keys.name) = lower(:name)',
        {}),
    'forget_ignores_name': (
        'DELETE FROM ignores WHERE lower(ignores.name) = lower(:name)',
        {}),
    'forget_ignores_other': (
        'DELETE FROM ignores WHERE lower(ignores.other) = lower(:name)',
        {}),
    'forget_roles_name': (
        'DELETE FROM roles WHERE lower(roles.name) = lower(:name)',
        {}),
    'add_audit': (
        'INSERT INTO audit (at, who, act, whom, why) VALUES (:at, :who, :act, :whom, :why)',
        {}),
    'audits': (
        'SELECT audit.at, audit.who, audit.act, audit.whom, audit.why \n'
        'FROM audit ORDER BY audit.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0}),
    'roles_now': (
        'SELECT roles.name, roles.role \n'
        'FROM roles',
        {}),
    'drop_role': (
        'DELETE FROM roles WHERE lower(roles.name) = lower(:name)',
        {}),
    'add_role': (
        'INSERT INTO roles (name, role, "by", at) VALUES (:name, :role, :by, :at)',
        {}),
    'roles_list': (
        'SELECT roles.name, roles.role, roles."by", roles.at \n'
        'FROM roles ORDER BY roles.name',
        {}),
    'lift_bans': (
        'UPDATE bans SET lifted=:lifted WHERE bans.kind = :k AND lower(bans.target) = lower(:target) AND '
        'bans.lifted IS NULL',
        {}),
    'unban': (
        'UPDATE bans SET lifted=:lifted WHERE bans.kind = :k AND lower(bans.target) = lower(:target) AND '
        'bans.lifted IS NULL AND (bans.until IS NULL OR bans.until > :now)',
        {}),
    'add_ban': (
        'INSERT INTO bans (kind, target, until, "by", reason, at) VALUES (:kind, :target, :until, :by, :reason, '
        ':at)',
        {}),
    'bans': (
        'SELECT bans.kind, bans.target, bans.until, bans."by", bans.reason, bans.at \n'
        'FROM bans \n'
        'WHERE bans.lifted IS NULL AND (bans.until IS NULL OR bans.until > :now) ORDER BY bans.id',
        {}),
    'drop_mute': (
        'DELETE FROM mutes WHERE lower(mutes.name) = lower(:name)',
        {}),
    'add_mute': (
        'INSERT INTO mutes (name, until, "by", reason, at) VALUES (:name, :until, :by, :reason, :at)',
        {}),
    'muted': (
        'SELECT mutes.until \n'
        'FROM mutes \n'
        'WHERE lower(mutes.name) = lower(:name)',
        {}),
    'mutes': (
        'SELECT mutes.name, mutes.until, mutes."by", mutes.reason \n'
        'FROM mutes \n'
        'WHERE mutes.until IS NULL OR mutes.until > :now ORDER BY mutes.at',
        {}),
    'ignored': (
        'SELECT ignores.other \n'
        'FROM ignores \n'
        'WHERE lower(ignores.name) = lower(:name)',
        {}),
    'ignoring': (
        'SELECT ignores.name \n'
        'FROM ignores \n'
        'WHERE lower(ignores.name) = lower(:name) AND lower(ignores.other) = lower(:other)',
        {}),
    'add_ignore': (
        'INSERT INTO ignores (name, other, at) VALUES (:name, :other, :at)',
        {}),
    'unignore': (
        'DELETE FROM ignores WHERE lower(ignores.name) = lower(:name) AND lower(ignores.other) = lower(:other)',
        {}),
    'add_report': (
        'INSERT INTO reports (at, who, whom, text) VALUES (:at, :who, :whom, :text)',
        {}),
    'reports': (
        'SELECT reports.at, reports.who, reports.whom, reports.text \n'
        'FROM reports ORDER BY reports.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0}),
    'trim_reports': (
        'DELETE FROM reports WHERE reports.id <= (SELECT reports.id \n'
        'FROM reports ORDER BY reports.id DESC\n'
        ' LIMIT :param_1 OFFSET :keep)',
        {'param_1': 1}),
}

POSTGRESQL = {
    'account': (
        'SELECT accounts.name, accounts.salt, accounts.hash, accounts.room, accounts.uid, accounts.lang \n'
        'FROM accounts \n'
        'WHERE lower(accounts.name) = lower(%(name)s)',
        {}),
    'create_account': (
        'INSERT INTO accounts (name, salt, hash, created, room, uid) VALUES (%(name)s, %(salt)s, %(hash)s, '
        '%(created)s, %(room)s, %(uid)s)',
        {}),
    'set_password': (
        'UPDATE accounts SET salt=%(salt)s, hash=%(hash)s WHERE lower(accounts.name) = lower(%(who)s) AND '
        'accounts.uid = %(uid)s',
        {}),
    'upgrade_password': (
        'UPDATE accounts SET salt=%(salt)s, hash=%(hash)s WHERE lower(accounts.name) = lower(%(who)s) AND '
        'accounts.hash = %(old)s',
        {}),
    'set_room': (
        'UPDATE accounts SET room=%(room)s WHERE lower(accounts.name) = lower(%(who)s)',
        {}),
    'set_language': (
        'UPDATE accounts SET lang=%(lang)s WHERE lower(accounts.name) = lower(%(who)s) AND accounts.uid = %(uid)s',
        {}),
    'add_key': (
        'INSERT INTO ssh_keys (name, key, added, owner) SELECT %(name)s AS anon_1, %(key)s AS anon_2, %(added)s '
        'AS anon_3, accounts.uid \n'
        'FROM accounts \n'
        'WHERE lower(accounts.name) = lower(%(name)s) AND accounts.uid = %(uid)s ON CONFLICT DO NOTHING',
        {}),
    'keys': (
        'SELECT ssh_keys.key \n'
        'FROM ssh_keys JOIN accounts ON ssh_keys.owner = accounts.uid \n'
        'WHERE lower(accounts.name) = lower(%(name)s) ORDER BY ssh_keys.added, ssh_keys.key',
        {}),
    'remove_key': (
        'DELETE FROM ssh_keys WHERE lower(ssh_keys.name) = lower(%(name)s) AND ssh_keys.key = %(key)s AND '
        'ssh_keys.owner = %(uid)s',
        {}),
    'drop_account': (
        'DELETE FROM accounts WHERE lower(accounts.name) = lower(%(name)s) AND accounts.uid = %(uid)s RETURNING '
        'accounts.name',
        {}),
    'add_web_login': (
        'INSERT INTO web_logins (token, created, expires, account) SELECT %(token)s AS anon_1, %(created)s AS '
        'anon_2, %(expires)s AS anon_3, accounts.uid \n'
        'FROM accounts \n'
        'WHERE accounts.uid = %(uid)s',
        {}),
    'web_login': (
        'SELECT accounts.name, accounts.uid \n'
        'FROM accounts JOIN web_logins ON web_logins.account = accounts.uid \n'
        'WHERE web_logins.token = %(token)s AND web_logins.expires > %(now)s',
        {}),
    'end_web_login': (
        'DELETE FROM web_logins WHERE web_logins.token = %(token)s',
        {}),
    'end_web_logins': (
        'DELETE FROM web_logins WHERE web_logins.account = %(uid)s',
        {}),
    'trim_web_logins': (
        'DELETE FROM web_logins WHERE web_logins.account = %(uid)s AND (web_logins.token NOT IN (SELECT '
        'web_logins.token \n'
        'FROM web_logins \n'
        'WHERE web_logins.account = %(uid)s ORDER BY web_logins.created DESC \n'
        ' LIMIT %(keep)s))',
        {}),
    'prune_web_logins': (
        'DELETE FROM web_logins WHERE web_logins.expires <= %(now)s',
        {}),
    'next_match': (
        'SELECT coalesce(max(matches.id), 0) + 1 AS anon_1 \n'
        'FROM matches',
        {}),
    'create_match': (
        'INSERT INTO matches (id, game, room, seed, options, humans, bots, level, status, created, table_no, '
        'node) VALUES (%(id)s, %(game)s, %(room)s, %(seed)s, %(options)s, %(humans)s, %(bots)s, %(level)s, '
        '%(status)s, %(created)s, %(table_no)s, %(node)s)',
        {}),
    'log_move': (
        'INSERT INTO moves (match, seq, player, verb, args, by_bot, at) VALUES (%(match)s, %(seq)s, %(player)s, '
        '%(verb)s, %(args)s, %(by_bot)s, %(at)s)',
        {}),
    'moves_by': (
        'SELECT moves.seq, moves.player, moves.verb, moves.args, moves.by_bot \n'
        'FROM moves \n'
        'WHERE moves.match = %(m)s AND moves.seq > %(after)s ORDER BY moves.seq',
        {}),
    'finish': (
        'UPDATE matches SET status=%(status)s, finished=%(finished)s WHERE matches.id = %(m)s',
        {}),
    'matches': (
        'SELECT matches.id, matches.game, matches.room, matches.seed, matches.options, matches.humans, '
        'matches.bots, matches.level, matches.status, matches.table_no, matches.created \n'
        'FROM matches \n'
        'WHERE matches.status = %(s)s AND matches.node IS NOT DISTINCT FROM %(n)s ORDER BY matches.id',
        {}),
    'match': (
        'SELECT matches.id, matches.game, matches.room, matches.seed, matches.options, matches.humans, '
        'matches.bots, matches.level, matches.status, matches.table_no, matches.created \n'
        'FROM matches \n'
        'WHERE matches.id = %(m)s',
        {}),
    'matches_like': (
        'SELECT matches.id, matches.game, matches.room, matches.seed, matches.options, matches.humans, '
        'matches.bots, matches.level, matches.status, matches.table_no, matches.created \n'
        'FROM matches \n'
        'WHERE lower(matches.humans) LIKE %(pattern)s ORDER BY matches.id DESC',
        {}),
    'hand_over': (
        'INSERT INTO handovers (match, seq, player, why, at) VALUES (%(match)s, %(seq)s, %(player)s, %(why)s, '
        '%(at)s)',
        {}),
    'handovers': (
        'SELECT handovers.seq, handovers.player, handovers.why \n'
        'FROM handovers \n'
        'WHERE handovers.match = %(m)s ORDER BY handovers.id',
        {}),
    'save_snapshot': (
        'INSERT INTO snapshots (match, seq, blob) VALUES (%(match)s, %(seq)s, %(blob)s) ON CONFLICT (match, seq) '
        'DO UPDATE SET blob = excluded.blob',
        {}),
    'prune_snapshots': (
        'DELETE FROM snapshots WHERE snapshots.match = %(m)s AND snapshots.seq < %(before)s',
        {}),
    'latest_snapshot': (
        'SELECT snapshots.seq, snapshots.blob \n'
        'FROM snapshots \n'
        'WHERE snapshots.match = %(m)s ORDER BY snapshots.seq DESC \n'
        ' LIMIT %(param_1)s',
        {'param_1': 1}),
    'seats_of': (
        'SELECT matches.id, matches.humans, matches.bots \n'
        'FROM matches \n'
        'WHERE lower(matches.humans) LIKE %(pattern)s',
        {}),
    'set_humans': (
        'UPDATE matches SET humans=%(humans)s WHERE matches.id = %(m)s',
        {}),
    'moves_of': (
        'SELECT moves.seq, moves.player, moves.args \n'
        'FROM moves \n'
        'WHERE moves.match = %(m)s',
        {}),
    'rename_move': (
        'UPDATE moves SET player=%(player)s, args=%(args)s WHERE moves.match = %(m)s AND moves.seq = %(s)s',
        {}),
    'rename_handovers': (
        'UPDATE handovers SET player=%(player)s WHERE handovers.match = %(m)s AND handovers.player = %(was)s',
        {}),
    'drop_snapshots': (
        'DELETE FROM snapshots WHERE snapshots.match = %(m)s',
        {}),
    'forget_ssh_keys_name': (
        'DELETE FROM ssh_keys WHERE lower(ssh_keys.name) = lower(%(name)s)',
        {}),
    'forget_ignores_name': (
        'DELETE FROM ignores WHERE lower(ignores.name) = lower(%(name)s)',
        {}),
    'forget_ignores_other': (
        'DELETE FROM ignores WHERE lower(ignores.other) = lower(%(name)s)',
        {}),
    'forget_roles_name': (
        'DELETE FROM roles WHERE lower(roles.name) = lower(%(name)s)',
        {}),
    'add_audit': (
        'INSERT INTO audit (at, who, act, whom, why) VALUES (%(at)s, %(who)s, %(act)s, %(whom)s, %(why)s)',
        {}),
    'audits': (
        'SELECT audit.at, audit.who, audit.act, audit.whom, audit.why \n'
        'FROM audit ORDER BY audit.id DESC \n'
        ' LIMIT %(limit)s',
        {}),
    'roles_now': (
        'SELECT roles.name, roles.role \n'
        'FROM roles',
        {}),
    'drop_role': (
        'DELETE FROM roles WHERE lower(roles.name) = lower(%(name)s)',
        {}),
    'add_role': (
        'INSERT INTO roles (name, role, by, at) VALUES (%(name)s, %(role)s, %(by)s, %(at)s)',
        {}),
    'roles_list': (
        'SELECT roles.name, roles.role, roles.by, roles.at \n'
        'FROM roles ORDER BY roles.name',
        {}),
    'lift_bans': (
        'UPDATE bans SET lifted=%(lifted)s WHERE bans.kind = %(k)s AND lower(bans.target) = lower(%(target)s) AND '
        'bans.lifted IS NULL',
        {}),
    'unban': (
        'UPDATE bans SET lifted=%(lifted)s WHERE bans.kind = %(k)s AND lower(bans.target) = lower(%(target)s) AND '
        'bans.lifted IS NULL AND (bans.until IS NULL OR bans.until > %(now)s)',
        {}),
    'add_ban': (
        'INSERT INTO bans (kind, target, until, by, reason, at) VALUES (%(kind)s, %(target)s, %(until)s, %(by)s, '
        '%(reason)s, %(at)s)',
        {}),
    'bans': (
        'SELECT bans.kind, bans.target, bans.until, bans.by, bans.reason, bans.at \n'
        'FROM bans \n'
        'WHERE bans.lifted IS NULL AND (bans.until IS NULL OR bans.until > %(now)s) ORDER BY bans.id',
        {}),
    'drop_mute': (
        'DELETE FROM mutes WHERE lower(mutes.name) = lower(%(name)s)',
        {}),
    'add_mute': (
        'INSERT INTO mutes (name, until, by, reason, at) VALUES (%(name)s, %(until)s, %(by)s, %(reason)s, %(at)s)',
        {}),
    'muted': (
        'SELECT mutes.until \n'
        'FROM mutes \n'
        'WHERE lower(mutes.name) = lower(%(name)s)',
        {}),
    'mutes': (
        'SELECT mutes.name, mutes.until, mutes.by, mutes.reason \n'
        'FROM mutes \n'
        'WHERE mutes.until IS NULL OR mutes.until > %(now)s ORDER BY mutes.at',
        {}),
    'ignored': (
        'SELECT ignores.other \n'
        'FROM ignores \n'
        'WHERE lower(ignores.name) = lower(%(name)s)',
        {}),
    'ignoring': (
        'SELECT ignores.name \n'
        'FROM ignores \n'
        'WHERE lower(ignores.name) = lower(%(name)s) AND lower(ignores.other) = lower(%(other)s)',
        {}),
    'add_ignore': (
        'INSERT INTO ignores (name, other, at) VALUES (%(name)s, %(other)s, %(at)s)',
        {}),
    'unignore': (
        'DELETE FROM ignores WHERE lower(ignores.name) = lower(%(name)s) AND lower(ignores.other) = '
        'lower(%(other)s)',
        {}),
    'add_report': (
        'INSERT INTO reports (at, who, whom, text) VALUES (%(at)s, %(who)s, %(whom)s, %(text)s)',
        {}),
    'reports': (
        'SELECT reports.at, reports.who, reports.whom, reports.text \n'
        'FROM reports ORDER BY reports.id DESC \n'
        ' LIMIT %(limit)s',
        {}),
    'trim_reports': (
        'DELETE FROM reports WHERE reports.id <= (SELECT reports.id \n'
        'FROM reports ORDER BY reports.id DESC \n'
        ' LIMIT %(param_1)s OFFSET %(keep)s)',
        {'param_1': 1}),
}
