"""The command line, the heart of the TUI: an Input with a MUD client's history and tab completion.

History: up/down walk through the lines entered so far (the line being typed is kept and comes
back after the newest). Completion: Tab asks a function (the session's ``complete``) for words
that can finish the last word; one candidate is filled in, several fill their common prefix (or,
when there is none to add, are only listed), and Tab again cycles through them. Completions come
from verbs, directions and public names only.

Shortcuts: a key typed on an *empty* line may stand for a whole command (the digits of the
choices the game offers, see :mod:`mud.tui.prompt_bar`): it is entered at once, history and all,
exactly as if the command had been typed and Enter pressed. On a line already begun, it is typed.
"""

from __future__ import annotations

import asyncio
import os
from typing import Callable

from textual import events
from textual.binding import Binding, NoBinding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input

from mud.world.secrets import is_secret

HISTORY_LIMIT = 500


class CommandLine(Input):
    """An Input that remembers what was entered and completes the last word with Tab."""

    # Every key changes the field's virtual width, and Textual lays the whole screen out again when
    # a virtual size changes: most of what a keystroke costs a served TUI. One line needs a repaint.
    virtual_size = Reactive(Size(0, 0), repaint=True, layout=False)

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        self._scroll_update(new)

    BINDINGS = [
        Binding("up", "history(-1)", "Previous command", show=False),
        Binding("down", "history(1)", "Next command", show=False),
        Binding("tab", "complete", "Complete", show=False),
    ]

    class Typed(Message):
        """Printable keys that came together (a line typed ahead, or sent in one packet by a MUD
        client or a fast typist over SSH), handed over as one: :meth:`type_run` types them as the
        keys one by one would, in one edit. (A served app's driver sends these: a key costs a
        served TUI a third of a millisecond through Textual's key handling.)"""

        def __init__(self, text: str, time: float) -> None:
            super().__init__()
            self.text = text
            self.typed_at = time

    class Completions(Message):
        """Posted after Tab, so the app can show the candidates (an empty list: nothing fits)."""

        def __init__(self, candidates: list[str]) -> None:
            super().__init__()
            self.candidates = candidates

    def __init__(self, complete: Callable[[str], list[str]],
                 shortcut: Callable[[str], str | None] | None = None, **kwargs) -> None:
        """``shortcut``: given a character typed on an empty line, the command it stands for, or None."""
        super().__init__(**kwargs)
        self._complete = complete
        self._shortcut = shortcut
        self.history: list[str] = []
        self._index: int | None = None  # position in history while browsing, None when not
        self._draft = ""
        # While cycling: (text before the word, candidates, index shown (-1: none yet), text before Tab)
        self._cycle: tuple[str, list[str], int, str] | None = None
        self._typed_at: float | None = None  # when the first key of the line came (event time)

    # --- keys in the order they came --------------------------------------------------------------
    async def _on_key(self, event: events.Key) -> None:
        """Enter, Tab, the arrows, Backspace ... run here, in turn with the letters. Left to Textual
        they would run only once the key has bubbled up to the app -- after the letters typed next
        (a fast typist over SSH, a paste): 'n', Enter, 'sit', Enter would run 'nsit' twice."""
        if not self.value:
            self._typed_at = event.time  # the line starts now: what the player had seen by then
        if not event.is_printable:
            try:
                bindings = self._bindings.get_bindings_for_key(event.key)
            except NoBinding:
                bindings = []
            # (scrolling keys that a line cannot use go on to the app: PgUp/PgDn scroll the log)
            bindings = [b for b in bindings if not b.action.startswith(("page_", "scroll_"))]
            if bindings:
                event.stop()
                event.prevent_default()
                await self.run_action(bindings[0].action)
                return
        elif not self.value and self._shortcut is not None:
            command = self._shortcut(event.character or "")
            if command:
                event.stop()
                event.prevent_default()
                self.enter(command)
                return
        await super()._on_key(event)

    def type_run(self, text: str, time: float) -> None:
        """``text`` typed, as its keys would be: a shortcut is taken only on an empty line (so only
        by the first key), the rest goes in as one edit -- key by key if the whole of it does not
        fit (each refused key then rings, as it would have)."""
        while text and not self.value:
            self._typed_at = time
            command = self._shortcut(text[0]) if self._shortcut is not None else None
            if not command:
                break
            self.enter(command)
            text = text[1:]
        if not text:
            return
        if self.max_length and len(self.value) + len(text) - len(self.selected_text) > self.max_length:
            for key in text:
                self._type(key)
        else:
            self._type(text)

    def _type(self, text: str) -> None:
        selection = self.selection
        if selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *selection)

    def shortcut(self, key: str) -> str | None:
        """The command ``key`` typed on an empty line stands for, or None."""
        return self._shortcut(key) if self._shortcut is not None else None

    def on_command_line_typed(self, message: "CommandLine.Typed") -> None:
        message.stop()
        self.type_run(message.text, message.typed_at)

    def enter(self, line: str) -> None:
        """Enter ``line`` as if it had been typed: into the history, then submitted (with the time
        its first key came, ``typed_at``, so a line typed ahead is not run on a turn begun since)."""
        self.remember(line)
        message = self.Submitted(self, line)
        message.typed_at, self._typed_at = self._typed_at, None
        self.post_message(message)

    async def action_submit(self) -> None:
        """The line is taken (and the field emptied) at once, before any key typed after Enter."""
        line = self.value
        self.value = ""
        self.enter(line)

    # --- history ---------------------------------------------------------------------------------
    def remember(self, line: str) -> None:
        """Add an entered line (not blank, not a repeat of the last one) and stop browsing."""
        line = line.strip()
        if line and not is_secret(line) and (not self.history or self.history[-1] != line):  # no passwords kept
            self.history.append(line)
            del self.history[:-HISTORY_LIMIT]
        self._index = None
        self._draft = ""
        self._cycle = None

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        if self._index is None:
            if step > 0:
                return
            self._draft = self.value
            self._index = len(self.history) - 1
        else:
            self._index += step
            if self._index < 0:
                self._index = 0
            if self._index >= len(self.history):
                self._index = None
                self._set(self._draft)
                return
        self._set(self.history[self._index])

    def _set(self, text: str) -> None:
        self.value = text
        self.cursor_position = len(text)
        self._cycle = None

    # --- completion ------------------------------------------------------------------------------
    def action_complete(self) -> None:
        text = self.value[: self.cursor_position]
        if self._cycle and self.value == self._cycled_text():
            head, candidates, i, original = self._cycle
            i = (i + 1) % len(candidates)
            self._cycle = (head, candidates, i, original)
            self._apply(head, candidates[i], final=False)
            self.post_message(self.Completions(candidates))
            return
        self._cycle = None
        candidates = self._complete(text)
        if isinstance(candidates, asyncio.Future):  # asked of another process: used when it answers
            candidates.add_done_callback(lambda done: self._completed(text, done.result()))
            return
        self._completed(text, candidates)

    def _completed(self, text: str, candidates: list[str]) -> None:
        if self.value[: self.cursor_position] != text:
            return  # typed on meanwhile
        stem = text.split(" ")[-1]
        head = text[: len(text) - len(stem)]
        self.post_message(self.Completions(candidates))
        if not candidates:
            return
        if len(candidates) == 1:
            self._apply(head, candidates[0], final=True)
            return
        prefix = os.path.commonprefix([c.lower() for c in candidates])
        if len(prefix) > len(stem):
            self._apply(head, candidates[0][: len(prefix)], final=False)
        else:
            self._cycle = (head, candidates, -1, self.value)  # listed only; the next Tab fills one in

    def _cycled_text(self) -> str:
        head, candidates, i, original = self._cycle
        return original if i < 0 else head + candidates[i]

    def _apply(self, head: str, word: str, final: bool) -> None:
        self.value = head + word + (" " if final else "")
        self.cursor_position = len(self.value)
