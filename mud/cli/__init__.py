"""The ``mud`` command and its subcommands' entry points (``python -m mud.cli`` runs it)."""
