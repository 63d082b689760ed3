"""Textual's partial frames made to draw only the rows that changed, for the server's many TUIs.

When part of a screen changes (a key typed on the command line, a line added to the log), Textual
works out the screen's dirty regions and redraws those. But to do so its compositor asks *every*
widget whose container overlaps them for its whole visible area, row by row: each of those rows is
cut at the widgets' edges, filtered for the terminal's colours and then thrown away, since only the
dirty rows are written. A key typed on the command line (one row) drew all 24 rows of an 80x24
screen, ten widgets of them; a new line in the log drew the panels above it too.

:func:`install` replaces ``Compositor._render_chops`` with one that asks each widget only for its
rows that are actually written (the rows of the dirty regions, in runs of consecutive rows), and
skips widgets that do not overlap them (or rows already covered in front of them), and writes the
update's cursor moves without building a Rich Control object for each. What is written to the terminal is unchanged: every row
that is written is drawn by the same widgets, front to back, as before (tests/mud/server/tui/test_frames.py
compares both on real screens). A widget's rows not drawn stay dirty in its own cache, so they are
drawn when they are next written.

Installed by the SSH driver (mud/server/tui/driver.py) only; Textual is pinned, and
tests/mud/server/tui/test_textual_internals.py says what to look at after an upgrade.
"""

from __future__ import annotations

import inspect
import logging

from textual.geometry import Region

from mud.tui.textual_internals import ChopsUpdate, Compositor, patch, unpatch

log = logging.getLogger("questmud.ssh")

ORIGINAL = Compositor._render_chops
ORIGINAL_SEGMENTS = ChopsUpdate.render_segments


def _move_to(x: int, y: int) -> str:
    """The cursor moved to column x, row y (0-based): what Rich's Control.move_to writes, without
    building a Control object for each piece of each row."""
    return f"\x1b[{y + 1};{x + 1}H"


def _render_segments(self, console) -> str:
    """As Textual's ChopsUpdate.render_segments: the rows' pieces within the update's spans, each
    after a cursor move."""
    sequences: list[str] = []
    append = sequences.append
    chops = self.chops
    chop_ends = self.chop_ends
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if not (x2 > x >= x1 and end <= x2):
                strip = strip.crop(0, min(end, x2) - x)
            append(_move_to(x, y))
            append(strip.render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


def _runs(crop: Region, is_rendered_line) -> list[tuple[int, int]]:
    """The rows of ``crop`` that are written, as runs [start, end) of consecutive rows."""
    runs: list[tuple[int, int]] = []
    start = None
    for y in range(crop.y, crop.y + crop.height):
        if is_rendered_line(y):
            if start is None:
                start = y
        elif start is not None:
            runs.append((start, y))
            start = None
    if start is not None:
        runs.append((start, crop.y + crop.height))
    return runs


def _covered(chops_line: dict, cuts: list[int], first_cut: int, last_cut: int) -> bool:
    """Every piece of this row from ``first_cut`` to ``last_cut`` is drawn already."""
    for cut in cuts:
        if first_cut <= cut < last_cut and chops_line.get(cut) is None:
            return False
    return True


def _render_chops(self, crop: Region, is_rendered_line):
    """As Textual's: for each row, the strips of the front-most widget at each cut -- but only for
    the rows written, and only from the widgets that are visible there."""
    cuts = self.cuts
    chops = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    runs = _runs(crop, is_rendered_line)
    if not runs:
        return chops
    crop_overlaps = crop.overlaps
    for widget, (region, clip) in self.visible_widgets.items():
        visible = region.intersection(clip)
        if not visible or not crop_overlaps(visible):
            continue
        x, top, width, height = visible
        bottom = top + height
        first_cut, last_cut = x, x + width
        for start, end in runs:
            y0, y1 = max(start, top), min(end, bottom)
            # rows already covered by widgets in front (a screen's or a container's background
            # behind its children) are not drawn: the first widget at a cut wins anyway
            while y0 < y1 and _covered(chops[y0], cuts[y0], first_cut, last_cut):
                y0 += 1
            while y1 > y0 and _covered(chops[y1 - 1], cuts[y1 - 1], first_cut, last_cut):
                y1 -= 1
            if y0 >= y1:
                continue
            strips = widget.render_lines(Region(x - region.x, y0 - region.y, width, y1 - y0))
            for y, strip in zip(range(y0, y1), strips):
                chops_line = chops[y]
                final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
                cut_strips = strip.divide([cut - x for cut in final_cuts[1:]])
                get = chops_line.get
                for cut, piece in zip(final_cuts, cut_strips):  # front to back: the first one wins
                    if get(cut) is None:
                        chops_line[cut] = piece
    return chops


def fits(compositor_class) -> bool:
    """The compositor is the one this was written for: ``_render_chops(crop, is_rendered_line)``
    over ``visible_widgets`` and ``cuts``, the widgets' ``render_lines`` asked for regions."""
    method = getattr(compositor_class, "_render_chops", None)
    if method is None or method is _render_chops:
        return method is _render_chops
    try:
        params = list(inspect.signature(method).parameters)
        source = inspect.getsource(method)
    except (TypeError, ValueError, OSError):
        return False
    return (params == ["self", "crop", "is_rendered_line"] and "self._get_renders(crop)" in source
            and "strip.divide(" in source and hasattr(compositor_class, "visible_widgets")
            and hasattr(compositor_class, "cuts"))


def fits_segments(update_class) -> bool:
    """ChopsUpdate writes its pieces after Control.move_to, as :func:`_render_segments` does."""
    method = getattr(update_class, "render_segments", None)
    if method is _render_segments:
        return True
    try:
        source = inspect.getsource(method)
    except (TypeError, ValueError, OSError):
        return False
    return ("move_to(x, y).segment.text" in source and "strip.crop(0, min(end, x2) - x)" in source
            and list(inspect.signature(method).parameters) == ["self", "console"])


def install() -> bool:
    """Put the row-by-row drawing in place; False (and Textual left alone) if it does not fit."""
    cls = Compositor
    if cls._render_chops is _render_chops:
        return True
    if not fits(cls) or not fits_segments(ChopsUpdate):
        log.warning("textual's Compositor is not the one mud/server/tui/frames.py knows: left as it is")
        return False
    patch(cls, "_render_chops", _render_chops)  # (through mud/tui/textual_internals.py: listed, undoable)
    patch(ChopsUpdate, "render_segments", _render_segments)
    return True


def uninstall() -> None:
    """Textual's own drawing back (for tests comparing both)."""
    unpatch(Compositor, "_render_chops")
    unpatch(ChopsUpdate, "render_segments")
