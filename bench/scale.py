"""One table of the server at scale: bench/load.py run once per load, its figures side by side.

Each row is a fresh `mud serve` with that many sessions playing for ``--seconds`` (load.py's
token-checked latencies: each command's time to its own answer). Telnet and SSH line rows use
load.py's default mix; the SSH TUI rows a chattier one (30% say), since what a TUI costs is
mostly the lines it is sent -- their last column is the server's CPU per chat line delivered.

    .venv/bin/python bench/scale.py                 # the whole table (several minutes)
    .venv/bin/python bench/scale.py --only telnet   # some rows: telnet, line, tui
    .venv/bin/python bench/scale.py --only tui --tui-workers 0,2   # TUI rows in-process, then with 2 workers

With ``--tui-workers``, each TUI row runs once per count (``w0`` in the server's process, ``w2`` with
two worker processes); the CPU columns are then the sum of all the server's processes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TUI_MIX = "look=60,say=30,move=10"
ROWS = (("telnet", "telnet 100", ["--telnet", "100"]),
        ("telnet", "telnet 500", ["--telnet", "500"]),
        ("telnet", "telnet 1,000", ["--telnet", "1000"]),
        ("line", "SSH line 100", ["--telnet", "0", "--ssh", "100"]),
        ("tui", "SSH TUI 20", ["--telnet", "0", "--ssh", "20", "--ssh-tui", "--mix", TUI_MIX]),
        ("tui", "SSH TUI 50", ["--telnet", "0", "--ssh", "50", "--ssh-tui", "--mix", TUI_MIX]),
        ("tui", "SSH TUI 100", ["--telnet", "0", "--ssh", "100", "--ssh-tui", "--mix", TUI_MIX]))


def run(extra: list[str], seconds: float) -> dict | None:
    cmd = [sys.executable, os.path.join(HERE, "load.py"), "--json", "--seconds", str(seconds), *extra]
    done = subprocess.run(cmd, capture_output=True, text=True)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    sys.stderr.write(done.stderr[-2000:])
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--only", default="", help="comma-separated row kinds: telnet, line, tui")
    ap.add_argument("--tui-workers", default="", metavar="N,M",
                    help="run each TUI row with mud serve --tui-workers N, then M ... (default: its default)")
    ap.add_argument("--server-root", metavar="DIR", help="run the server of another checkout (to compare)")
    args = ap.parse_args()
    counts = [int(x) for x in args.tui_workers.split(",") if x.strip()]
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    print(f"questmud at scale: one `mud serve`, load generator on the same machine ({os.cpu_count()} CPUs), "
          f"{args.seconds:g} s per row, each session one command per 2 s; latency = to the command's own token")
    head = (f"{'load':16} {'ok':>5} {'cmd/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'t/o':>4} "
            f"{'say p99':>8} {'CPU %':>6} {'ms/cmd':>7} {'wait %':>7} {'KB/sess':>8} {'ms/line':>8} {'load':>5}")
    print(head)
    print("-" * len(head))
    rows = []
    for kind, label, extra in ROWS:
        if kind == "tui" and counts:
            rows += [(kind, f"{label} w{n}", extra + ["--tui-workers", str(n)]) for n in counts]
        else:
            rows.append((kind, label, extra))
    for kind, label, extra in rows:
        if only and kind not in only:
            continue
        f = run(extra + (["--server-root", args.server_root] if args.server_root else []), args.seconds)
        if f is None:
            print(f"{label:16} (failed to run)")
            continue
        per_line = f"{f['cpu_ms_per_heard']:8.2f}" if kind == "tui" else f"{'':8}"
        print(f"{label:16} {f['connected']:5} {f['per_s']:7.1f} {f['p50']:8.1f} {f['p95']:8.1f} {f['p99']:8.1f} "
              f"{f['timeouts']:4} {f['kinds']['say']['p99']:8.1f} {f['cpu_pct']:6.0f} "
              f"{f['cpu_ms_per_command']:7.2f} {f['cpu_wait_pct']:7.0f} "
              f"{f['rss_kb_per_session']:8.0f} {per_line} {f['loadavg']:5.1f}", flush=True)
    print("ok: sessions logged in; t/o: commands with no answer in 30 s; CPU %: the server's, of one core; "
          "ms/cmd: server CPU per command;\nwait %: time the server was ready to run but waited for a CPU "
          "(a busy machine); KB/sess: server RSS growth per session; ms/line: server CPU per chat line a TUI "
          "session received;\nload: the machine's load average at the row's end")


if __name__ == "__main__":
    main()
