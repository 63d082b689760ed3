"""A newcomer's first words fit the surface they read them on: the full screen's keys (F1) only in
the full screen; plain mode, telnet, ``ssh -T`` and the browser's screen-reader page have no keys,
so they are told of commands instead (issue 40: `mud play --plain` greeted with "F1 explains the keys")."""

from __future__ import annotations

import io
import re

import games
from mud.local.play import first_time_line, open_local
from mud.local.plain import run_plain
from mud.server.clients.lines import LineFront, Limits
from mud.world.world import Settings, World

KEYS = re.compile(r"\b(F\d+|Ctrl\+\w|Esc(ape)?)\b")  # a key of the full screen, named


def test_plain_mode_greets_a_newcomer_with_commands_not_keys(tmp_path):
    ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path))[1]
    out = io.StringIO()
    run_plain(ws, stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert first_time_line(games.get("quest"), lines=True) in text
    assert "First time here? The tutorial takes five minutes" in text and "'help' lists every command" in text
    assert not KEYS.search(text), KEYS.search(text)


def test_the_first_words_of_another_game_on_a_line_surface_name_commands(tmp_path):
    ws = open_local("ann", "tenx", 2, 3, {}, "easy", data=str(tmp_path))[1]
    out = io.StringIO()
    run_plain(ws, stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert "First time here? 'help' lists every command; 'commands' shows the ones you can type now." in text
    assert "tutorial" not in text and not KEYS.search(text)


def test_the_screen_reader_page_of_local_play_greets_in_lines(tmp_path):
    """`mud play --web` with `&page=lines`: the page's LineFront greets the local player."""
    ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path))[1]
    shown = LineFront(ws, Limits(), colour=False).greeting()
    assert first_time_line(games.get("quest"), lines=True) in shown
    assert not any(KEYS.search(line) for line in shown)


def test_the_full_screen_still_explains_its_keys_and_says_it_once(tmp_path):
    ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path))[1]
    said = [line.text for line in ws.greeting()]
    assert said[-1] == first_time_line(games.get("quest")) and "F1 explains the keys" in said[-1]
    assert not any("First time here?" in line.text for line in ws.greeting())  # a page reloaded: not again


def test_a_server_greets_telnet_and_ssh_t_without_naming_a_key():
    world = World(None, Settings(turn_timeout=0))
    shown = LineFront(world.connect("alice"), Limits(), colour=False).greeting()
    assert shown[0] == "Welcome to questmud, alice. Type 'help' to learn, 'quit' to leave."
    assert not any(KEYS.search(line) for line in shown)
