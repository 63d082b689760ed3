"""``python -m mud.cli``: the ``mud`` command (mud/cli/main.py), as the console script runs it."""

import sys

from mud.cli.main import main

sys.exit(main())
