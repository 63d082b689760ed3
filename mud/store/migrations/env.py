"""Alembic's environment for the store's migrations: always run by the store itself
(mud/store/migrate.py), on the connection it hands over in ``config.attributes["connection"]``."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, transaction_per_migration=True)
with context.begin_transaction():
    context.run_migrations()
