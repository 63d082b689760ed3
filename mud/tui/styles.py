"""The game screen's layout and colours, in Textual CSS: the status line, the panels (the board,
the side panel and, on a wide screen, the extra one), the log, the hint, the prompt. Kept apart from
the app (mud/tui/app.py), which is about what the screen does; the sizes a board asks for at run time
add their own rules (mud/tui/sizes.py)."""

from __future__ import annotations

from mud.tui.sizes import CSS as SIZES_CSS

_LAYOUT = """
Screen { layout: vertical; }
#status { height: 1; padding: 0 1; background: $panel; }
#status.mine { background: $warning; color: $background; text-style: bold; }
#status.over { background: $success; color: $background; text-style: bold; }
#status.hurt { background: $error; color: $background; text-style: bold; }
#status.dead { background: $error 40%; color: $text; text-style: bold; }
#top { height: auto; }
#main { width: 46; height: 13; border: round $primary; padding: 0 1; }
#side { width: 1fr; height: 13; border: round $primary; padding: 0 1; overflow: hidden; }
#extra { display: none; width: 1fr; height: 13; border: round $primary; padding: 0 1; }
Screen.wide #extra { display: block; }
Screen.wide #side { width: 40; }
Screen.hub #extra { display: none; }
Screen.hub #side { width: 1fr; }
Screen.cards #main { width: 42; }
Screen.cards.even #main { width: 1fr; }
Screen.wide.cards #side { width: 1fr; }
#log { height: 1fr; min-height: 1; padding: 0 1; scrollbar-size-vertical: 1; }
#hint { height: 1; padding: 0 1; color: $text-muted; background: $boost; }
#hint.asking { color: $text; background: $primary 45%; link-color: $warning; link-style: bold; }
#prompt { height: 1; }
#prompt-sign { width: 3; padding: 0 0 0 1; color: $accent; text-style: bold; }
#cmd { border: none; height: 1; padding: 0; background: $surface; }
#cmd:focus { border: none; }
ToastRack { dock: bottom; align: right bottom; margin-bottom: 3; }
Toast { width: 30; max-width: 40%; }
"""

CSS = _LAYOUT + SIZES_CSS
