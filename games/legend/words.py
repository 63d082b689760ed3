"""Quest for Legend's messages (docs/i18n.md): every line the game tells a player is made with this domain's ``_``,
so each reader gets it in their own language; the Italian catalogue is ``locale/it/LC_MESSAGES/legend.po``."""

from __future__ import annotations

from pathlib import Path

from games.words import Words

_ = Words("legend", Path(__file__).resolve().parent / "locale")
