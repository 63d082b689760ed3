"""The app's drawing in a room of the world (away from a match): the room and its exits, who is
here, the status bar and the hint, from the session's ``place()`` (see :mod:`mud.tui.hub`). A
mixin of :class:`mud.tui.app.GameApp`, kept apart so the app stays about the game's panels."""

from __future__ import annotations

from rich.text import Text

from mud.tui import hub
from mud.tui.boards import default as cardpanels
from mud.tui.sizes import TOP_HEIGHT, set_size  # (TOP_HEIGHT: the map needs them all; the rooms at most)
from mud.tui.words import _, speaks, tr


class PlacePanelsMixin:
    """Needs the app's ``snap``, ``me``, ``main_box``, ``side_box``, ``status_bar``, ``_shown``,
    ``_update``, ``_titles`` and ``_draw_hint``."""

    @speaks
    def refresh_place(self, prompt: dict | None = None) -> None:
        """Away from a match: the room, who is here, what to do (or what a game there asks)."""
        place = self.snap.place
        status = self.status_bar
        # A busy room's talk changes none of this: drawn again only when something it shows did.
        shown = (place, prompt, self.more_below, status.content_region.width, self.main_box.content_region.width,
                 self.side_box.content_region.width)
        if self._shown.get("place view") == shown:
            return
        self._shown["place view"] = shown
        status.set_classes("wait")
        if place is None:  # no world around (cannot happen locally, where the match starts at once)
            self._update(status, Text(self.snap.status.get("status", "")))
            return
        self._update(status, cardpanels.crop(Text(hub.status_line(place, self.me)), status.content_region.width or 78))
        self._draw_place(place)
        self._draw_hint(hub.hint(place), prompt, tr(_("type a command, or help")))

    @speaks
    def _hint_says_seat(self) -> bool:
        """Whether the hint row names the seat that waits for the player (the room's hint, local
        play: see mud.tui.hub.waiting_hint). Not at a match, nor on a server, where the room's hint
        does not say it: then the look's line stays."""
        if self.snap.view is not None:
            return False
        place = self.snap.place or {}
        waiting = place.get("waiting")
        return bool(waiting) and hub.waiting_hint(waiting) in hub.hint(place)

    def _draw_place(self, place: dict) -> None:
        """The room and who is here, drawn again only when they (or the panels' widths) changed:
        a busy room's talk changes neither."""
        box, room = self.main_box, self.side_box
        width = box.content_region.width or 42
        people_width = room.content_region.width or 30
        if self._shown.get("place") == (place, width, people_width):
            return
        self._shown["place"] = (place, width, people_width)
        self._titles(box, hub.title(place), place.get("game") or "")
        text = hub.render_place(place, width)
        people = hub.render_people(place, self.me, people_width, TOP_HEIGHT - 2)
        # Only as tall as the room needs: the log below gets the rest. While the player stays, the
        # panels grow with the crowd but do not shrink when someone leaves: the screen does not
        # jump at every coming and going (nor is it laid out again for every TUI in the room).
        lines = max(len(text.wrap(self.console, width)), len(people.split("\n")))
        height = max(5, min(TOP_HEIGHT, lines + 2))
        was = self._shown.get("place height")
        if was is not None and was[0] == (place["room"], width, people_width):
            height = max(height, was[1])
        self._shown["place height"] = ((place["room"], width, people_width), height)
        for panel in (box, room):
            set_size(panel, "height", height)
        self._update(box, text)
        self._titles(room, tr(_("Here")))
        self._update(room, people)
