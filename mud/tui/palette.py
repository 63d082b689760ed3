"""The command palette (ctrl+p): the game's common commands (its board's), or the world's in a room,
then the help and the board's panels, then Textual's own -- every entry, and the palette's search
line, worded in the player's language (mud/tui/words.py). A mixin of :class:`mud.tui.app.GameApp`."""

from __future__ import annotations

from typing import Iterable

from textual.app import SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen

from mud.tui.boards import board_for
from mud.tui.words import _, panel_name, speaking, tr

WORLD_COMMANDS = (
    (_("Look"), _("Describe the room you are in"), "look"),
    (_("Who"), _("Everyone connected, and where"), "who"),
    (_("Tables"), _("The tables of this room"), "tables"),
    (_("Sit"), _("Open or join a table here"), "sit"),
    (_("Start"), _("Start the match at your table (bots fill the seats)"), "start"),
    (_("Leave"), _("Get up from your table"), "leave"),
    (_("Exits"), _("Where you can go from here"), "exits"),
)
# Textual's own entries of the palette, by their English help: worded as ours are (the same English)
TEXTUAL_COMMANDS = {
    "Change the current theme": (_("Theme"), _("Change the current theme")),
    "Show help for the focused widget and a summary of available keys":
        (_("Keys"), _("Show help for the focused widget and a summary of available keys")),
    "Hide the keys and widget help panel": (_("Keys"), _("Hide the keys and widget help panel")),
    "Quit the application as soon as possible": (_("Quit"), _("Quit the application as soon as possible")),
    "Save an SVG 'screenshot' of the current screen":
        (_("Screenshot"), _("Save an SVG 'screenshot' of the current screen")),
    "Maximize the focused widget": (_("Maximize"), _("Maximize the focused widget")),
    "Minimize the widget and restore to normal size":
        (_("Minimize"), _("Minimize the widget and restore to normal size")),
}


class PaletteMixin:
    """Needs the app's ``snap``, ``lang``, ``_mode``, ``run_remembered``, ``action_help`` and
    ``action_toggle_panel``."""

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's command palette, its search line worded in the player's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            with speaking(self.lang):
                self.push_screen(CommandPalette(id="--command-palette", placeholder=tr(_("Search for commands…"))))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette (ctrl+p): the game's common commands, then Textual's own -- all
        worded in the player's language (a list made at once: the palette reads it later)."""
        with speaking(self.lang):
            return list(self._palette(screen))

    def _palette(self, screen: Screen) -> Iterable[SystemCommand]:
        view = self.snap.view
        board = board_for((view or {}).get("game"))
        entries = board.palette(view) if board is not None else WORLD_COMMANDS
        for title, helptext, command in entries:
            yield SystemCommand(tr(title), tr(helptext), lambda c=command: self.run_remembered(c))
        yield SystemCommand(tr(_("Help")), tr(_("Keys, the board's own page and the game's help")), self.action_help)
        if board is not None and board.PANELS and self._mode == "board":
            panels = board.PANELS
            yield SystemCommand(" / ".join(panel_name(p).capitalize() for p in panels),
                                tr(_("Switch the top-left panel (F2)")), self.action_toggle_panel)
        for command in super().get_system_commands(screen):
            title, helptext = TEXTUAL_COMMANDS.get(command.help, (command.title, command.help))
            yield command._replace(title=tr(title), help=tr(helptext))
