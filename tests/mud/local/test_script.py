"""`mud run` end to end: determinism, one player's view, JSON, the audit view, --strict, directives
against the command line, clear errors, and a bots-only game played to the end."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mud.cli.main import main
from mud.local.script import run_text

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "examples" / "quest-demo.mud"
BOTS_ONLY = ROOT / "examples" / "bots-only.mud"
LABELLED = re.compile(r"^  \[([^\]]*)\] (.*)$")


def mud_run(capsys, *args) -> tuple[int, str, str]:
    """``mud run ARGS`` in this process: (status, stdout, stderr)."""
    status = main(["run", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def mud_run_process(*args, hashseed: str = "0", stdin: str | None = None) -> subprocess.CompletedProcess:
    """``mud run ARGS`` in a fresh interpreter (the venv's, whichever runs the tests)."""
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    return subprocess.run([sys.executable, "-m", "mud.cli", "run", *map(str, args)], input=stdin,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


def write(tmp_path: Path, text: str, name: str = "t.mud") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


# --- determinism ------------------------------------------------------------------------------

def test_same_file_and_seed_give_the_same_bytes(capsys):
    first = mud_run(capsys, DEMO, "--seed", 1)
    second = mud_run(capsys, DEMO, "--seed", 1)
    assert first == second and first[0] == 0 and first[2] == ""
    assert mud_run(capsys, DEMO, "--seed", 2)[1] != first[1]


def test_same_bytes_across_processes_and_hash_seeds(capsys):
    _, here, _ = mud_run(capsys, DEMO, "--seed", 1, "--json", "--omniscient")
    one = mud_run_process(DEMO, "--seed", 1, "--json", "--omniscient", hashseed="1")
    two = mud_run_process(DEMO, "--seed", 1, "--json", "--omniscient", hashseed="2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout == here


def test_the_demo_file_runs_clean_and_shows_a_refusal(capsys):
    status, out, err = mud_run(capsys, DEMO, "--seed", 1)
    assert status == 0 and err == ""
    assert "bob> look" in out and "  [bob] ! " in out and "[all] Ledger: " in out
    assert "Traceback" not in out
    # What the demo's comments tell about seed 1; if the game changes, update the comments too.
    for fact in ("bob cannot pass the white door between D3 and C3", "bob goes east from D3 to D4",
                 "bot2 asks bob to let them into D4", "bob refuses bot2 in", "bob lets bot2 in",
                 "Ledger: bob, D4 = 4", "alice tells you: Meet me at D4."):
        assert fact in out, f"examples/quest-demo.mud no longer shows: {fact}"


# --- one player's view ------------------------------------------------------------------------

def project(full: str, player: str) -> list[str]:
    """What ``--as player`` must print, rebuilt from the labelled every-player transcript."""
    out = []
    for line in full.splitlines():
        m = LABELLED.match(line)
        if m:
            who, text = m.group(1).split(", "), m.group(2)
            if who == ["all"] or player in who:
                if who == [player] and text.startswith("! "):
                    out.append(text)  # a refusal of this player's command
                else:
                    out.append("  " + text)
        elif line.startswith(f"{player}> "):
            out.append("> " + line[len(player) + 2:])
    return out


@pytest.mark.parametrize("player", ["alice", "bob"])
def test_as_player_is_exactly_their_share_of_the_transcript(capsys, player):
    _, full, _ = mud_run(capsys, DEMO, "--seed", 1)
    status, mine, _ = mud_run(capsys, DEMO, "--seed", 1, "--as", player)
    assert status == 0
    assert mine.splitlines() == project(full, player)


def test_as_alice_never_shows_another_players_private_lines(capsys):
    _, full, _ = mud_run(capsys, DEMO, "--seed", 1)
    bob_wakes = next(m.group(2) for m in map(LABELLED.match, full.splitlines())
                     if m and m.group(1) == "bob" and m.group(2).startswith("You wake up on"))
    _, mine, _ = mud_run(capsys, DEMO, "--seed", 1, "--as", "alice")
    assert bob_wakes not in mine
    assert mine.count("You wake up on") == 1
    assert not any(line.startswith(("bob>", "bot1>", "> bob")) for line in mine.splitlines())
    assert "[" not in "".join(line[:3] for line in mine.splitlines())  # no audience labels


def test_as_alice_in_json_holds_only_what_alice_may_see(capsys):
    _, everything, _ = mud_run(capsys, DEMO, "--seed", 1, "--json", "--omniscient")
    _, mine, _ = mud_run(capsys, DEMO, "--seed", 1, "--json", "--as", "alice")
    visible = []
    for r in records(everything):
        if "seq" in r and "alice" not in r.get("not_to", []) and (r["to"] == "all" or "alice" in r["to"]):
            visible.append(r["seq"])
    shown = records(mine)
    assert [r["seq"] for r in shown if "seq" in r] == visible
    assert {r["player"] for r in shown if r["type"] in ("command", "answer", "error")} == {"alice"}


# --- JSON and the audit view ------------------------------------------------------------------

@pytest.mark.parametrize("extra", [[], ["--omniscient"], ["--as", "bob"]])
def test_json_lines_all_parse_and_have_a_type(capsys, extra):
    status, out, _ = mud_run(capsys, DEMO, "--seed", 1, "--json", *extra)
    assert status == 0
    rows = records(out)
    assert rows and all(isinstance(r.get("type"), str) for r in rows)
    seqs = [r["seq"] for r in rows if "seq" in r]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert {"command", "answer", "error", "setup", "turn"} <= {r["type"] for r in rows}


def test_only_the_omniscient_view_shows_the_hidden_map(capsys):
    _, audit, _ = mud_run(capsys, DEMO, "--seed", 1, "--json", "--omniscient")
    hidden = [r for r in records(audit) if r["type"] == "map"]
    assert len(hidden) == 1 and hidden[0]["to"] == [] and len(hidden[0]["rooms"]) == 40
    for extra in ([], ["--as", "alice"], ["--as", "bot1"]):
        _, out, _ = mud_run(capsys, DEMO, "--seed", 1, "--json", *extra)
        assert "map" not in {r["type"] for r in records(out)}
        _, text, _ = mud_run(capsys, DEMO, "--seed", 1, *extra)
        assert "[hidden]" not in text and "The hidden map." not in text
    _, text, _ = mud_run(capsys, DEMO, "--seed", 1, "--omniscient")
    assert "  [hidden] The hidden map." in text


# --- --strict ---------------------------------------------------------------------------------

def test_strict_stops_at_the_first_refused_command(capsys):
    _, loose, _ = mud_run(capsys, DEMO, "--seed", 1)
    lines = loose.splitlines()
    first_refusal = next(i for i, line in enumerate(lines) if LABELLED.match(line)
                         and LABELLED.match(line).group(2).startswith("! "))
    status, out, err = mud_run(capsys, DEMO, "--seed", 1, "--strict")
    assert status == 1
    assert out.splitlines() == lines[:first_refusal + 1]
    message = LABELLED.match(lines[first_refusal]).group(2)[2:]
    assert err.startswith("mud run: --strict: stopped at line ") and message in err and "bob> " in err


def test_strict_under_as_keeps_other_players_refusals_to_themselves(capsys):
    _, loose, _ = mud_run(capsys, DEMO, "--seed", 1)
    refusal = next(m for m in map(LABELLED.match, loose.splitlines()) if m and m.group(2).startswith("! "))
    assert refusal.group(1) == "bob"  # the demo's first refusal is bob's
    status, out, err = mud_run(capsys, DEMO, "--seed", 1, "--strict", "--as", "alice")
    assert status == 1 and "a command of bob was refused" in err
    assert refusal.group(2)[2:] not in err + out


def test_strict_as_a_directive_and_an_unknown_prefix(tmp_path, capsys):
    path = write(tmp_path, "@strict\n@players alice,bob\nalice> say hi\ncarol> look\nalice> say never\n")
    status, out, err = mud_run(capsys, path)
    assert status == 1 and "no player called 'carol'" in err and "never" not in out


# --- directives and the command line ---------------------------------------------------------

def first_line(capsys, path, *args) -> str:
    status, out, err = mud_run(capsys, path, *args)
    assert status == 0, err
    return out.splitlines()[0]


def test_the_command_line_wins_over_directives(tmp_path, capsys):
    seeded = write(tmp_path, "@seed 1\n@players alice,bob\n@rules basic\nlook\n")
    assert first_line(capsys, seeded) == first_line(capsys, seeded, "--seed", 1)
    for seed in (0, 2):  # 0 counts: it is a real seed, not "unset"
        plain = write(tmp_path, f"@seed {seed}\n@players alice,bob\n@rules basic\nlook\n", f"s{seed}.mud")
        assert first_line(capsys, seeded, "--seed", seed) == first_line(capsys, plain)
        assert first_line(capsys, seeded, "--seed", seed) != first_line(capsys, seeded)
    assert "full rules" in first_line(capsys, seeded, "--rules", "full")
    status, out, _ = mud_run(capsys, seeded, "--players", "carol,dave", "--bots", 1)
    assert status == 0 and "carol> look" in out and "bot1" in out.splitlines()[0] and "alice" not in out


def test_as_directive_and_the_command_line(tmp_path, capsys):
    path = write(tmp_path, "@players alice,bob\n@as alice\nalice> say one\nbob> say two\n")
    _, out, _ = mud_run(capsys, path)
    assert "> say one" in out and "> say two" not in out and "You say: one" in out
    _, out, _ = mud_run(capsys, path, "--as", "bob")
    assert "> say two" in out and "> say one" not in out and "alice says: one" in out


BAD = [
    ("@frobnicate 3\n", [], "unknown directive '@frobnicate'"),
    ("@bots many\n", [], "@bots needs a whole number"),
    ("@bots -1\n", [], "@bots cannot be below 0"),
    ("@seed x\n", [], "@seed needs a whole number"),
    ("@rules strange\n", [], "rules is one of: basic, full"),
    ("@level hard\n", [], "@level must be easy, normal, strong"),
    ("@players alice,alice\n", [], "different name"),
    ("@players a1,b1,c1,d1,e1,f1,g1\n", [], "seats 1 to 6"),
    ("@players al ice\n", [], "'al ice' is not a usable name"),
    ("@game checkers\n", [], "Unknown game 'checkers'"),
    ("look\n", ["--game", "checkers"], "Unknown game 'checkers'"),
    ("look\n", ["--as", "carol"], "--as carol: no such seat"),
    ("@as carol\n", [], "--as carol: no such seat"),
]


@pytest.mark.parametrize("text,args,message", BAD)
def test_bad_settings_exit_2_with_a_clear_message(tmp_path, capsys, text, args, message):
    status, out, err = mud_run(capsys, write(tmp_path, text), *args)
    assert status == 2 and out == ""
    assert err.startswith("mud run: ") and message in err and "Traceback" not in err


def test_a_missing_file_exits_2(tmp_path, capsys):
    status, _, err = mud_run(capsys, tmp_path / "nowhere.mud")
    assert status == 2 and "cannot read" in err


def test_errors_in_a_real_process_are_one_line_not_a_traceback(tmp_path):
    for args in ([write(tmp_path, "@bots lots\n")], [DEMO, "--as", "nobody"], [DEMO, "--game", "checkers"]):
        done = mud_run_process(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_byte_order_mark_does_not_hide_the_first_directive(tmp_path, capsys):
    path = tmp_path / "bom.mud"
    path.write_bytes("@players carol\nlook\n".encode("utf-8-sig"))
    status, out, _ = mud_run(capsys, path)
    assert status == 0 and "carol> look" in out and "alice" not in out


def test_a_file_can_come_from_stdin():
    done = mud_run_process("-", "--seed", 3, stdin="@players alice\nlook\n")
    assert done.returncode == 0 and "alice> look" in done.stdout


# --- bots only --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 5])
def test_bots_alone_play_to_the_end(tmp_path, capsys, seed):
    path = write(tmp_path, "# nobody here but bots\n")
    status, out, _ = mud_run(capsys, path, "--bots", 4, "--seed", seed, "--json")
    rows = records(out)
    over = [r for r in rows if r["type"] == "game_over"]
    assert status == 0 and len(over) == 1 and over[0]["winner"].startswith("bot")
    assert rows[-1]["type"] == "revealed" and rows[-1]["ok"] is True
    assert all(r["type"] != "command" or r.get("bot") for r in rows)


def test_the_bots_only_example_ends_with_a_knight():
    text = BOTS_ONLY.read_text(encoding="utf-8")
    out, status = run_text(text, {"seed": 2})
    assert status == 0 and " wins the game!" in out and "knighted" in out
    assert out == run_text(text, {"seed": 2})[0]


def test_no_file_and_bots_alone_play_a_whole_full_game_from_its_seed(capsys):
    main(["run", "--bots", "4", "--seed", "12"])
    first = capsys.readouterr().out
    assert "wins the game!" in first and "The map is revealed." in first
    main(["run", "--bots", "4", "--seed", "12", "--as", "bot2"])
    mine = capsys.readouterr().out
    assert "wins the game!" in mine
    main(["run", "--bots", "4", "--seed", "12"])
    assert capsys.readouterr().out == first, "a bot game is reproduced from its seed"


def test_a_tenx_bot_game_runs_to_its_end_and_replays_from_its_seed(capsys):
    main(["run", "--game", "tenx", "--bots", "4", "--seed", "21"])
    first = capsys.readouterr().out
    assert "wins the game!" in first or "win the game!" in first
    main(["run", "--game", "tenx", "--bots", "4", "--seed", "21"])
    assert capsys.readouterr().out == first
    main(["run", "--game", "tenx", "--bots", "3", "--seed", "21", "--variant", "hardcore", "--as", "bot1"])
    assert "Variants: critical, discardall, five, ordered, pure10, sevens, single." in capsys.readouterr().out
    assert main(["run", "--game", "tenx", "--bots", "2", "--rules", "basic"]) == 2


def test_a_command_file_is_played_through_world_sessions_like_any_surface(tmp_path, capsys):
    """The file's players are connected to a local world and sit at one table: 'who' answers
    from the world, a tell reaches its player, and 'leave' gets up from the table as it would
    over telnet."""
    text = ("@players alice,bob\n@bots 1\n@game tenx\n"
            "alice> who\nalice> tell bob the tavern is warm\nbob> leave the table\nbob> hand\n")
    status, out, err = mud_run(capsys, write(tmp_path, text), "--seed", "4")
    assert status == 0 and err == ""
    assert "  [alice] 2 connected:" in out and "  [alice]   bob: the Tavern, table 1" in out
    assert "  [bob] alice tells you: the tavern is warm" in out
    assert "  [bob] You get up from table 1" in out
    assert "  [bob] ! Unknown command 'hand'" in out  # up from the table: its verbs are gone


def test_mud_run_with_nothing_to_run_prints_its_usage(capsys):
    status, out, err = mud_run(capsys)
    assert status == 2 and out == ""
    assert err.startswith("usage: mud run") and "--bots N for a game of bots alone" in err


@pytest.mark.parametrize("as_json", [False, True])
def test_bots_that_never_end_their_game_are_stopped_and_say_so_with_status_3(capsys, monkeypatch, as_json):
    monkeypatch.setattr("mud.shell.table.MAX_BOT_STEPS", 40)  # the real cap is 100,000: the same path, sooner
    args = ["run", "--game", "chess", "--bots", "2", "--seed", "1", "--limit", "off"] + (["--json"] if as_json else [])
    status = main(args)
    out, err = capsys.readouterr()
    assert status == 3
    assert "mud run: the bots made 40 moves in a row without ending the game; it was stopped with no winner" in err
    last = out.splitlines()[-1]
    if as_json:
        assert json.loads(last) == {"type": "capped", "moves": 40, "text": "Stopped: the bots made 40 moves in a "
                                    "row without ending the game; it was stopped with no winner."}
        assert not any(json.loads(line)["type"] == "game_over" for line in out.splitlines())
    else:
        assert last.startswith("Stopped: the bots made 40 moves") and "wins" not in out
