"""What a browser player costs and how quick it feels, beside SSH.

Starts `mud serve` (SSH, telnet and web ports; --tui-workers 0, so every screen is drawn in the one
server process), then prints:

* memory per session: the server's RSS grown by N more sessions at the Crossroads, each a
  WebSocket speaking the page's protocol (as many browsers would, without their cost on this
  machine), and the same for N SSH TUI sessions (asyncssh, a pty of 100x30);
* login to first screen in a real browser (Debian's chromium through Playwright): from loading
  the login page to the Crossroads drawn, for an existing account (median of 5);
* a command's round trip: ``say`` typed in the browser until it is on its screen, and the same
  over SSH (median and 90th percentile of 20).

    .venv/bin/python bench/web.py --sessions 40
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import aiohttp
import asyncssh
import pyte

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.load import free_port, proc_figures  # noqa: E402
from tests.browser import CHROMIUM, Tab, sync_playwright  # noqa: E402

PASSWORD = "secret1"


def start(data: str) -> tuple[subprocess.Popen, dict]:
    ports = {"ssh": free_port(), "telnet": free_port(), "web": free_port()}
    proc = subprocess.Popen([sys.executable, "-m", "mud.cli", "serve", "--data", data, "--ssh-port", str(ports["ssh"]),
                             "--telnet-port", str(ports["telnet"]), "--web-port", str(ports["web"]), "--tui-workers", "0",
                             "--rate", "1000", "--max-sessions", "10000", "--per-address", "0",
                             "--accounts-per-hour", "0"], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    proc.stderr.readline()  # "listening ..."
    return proc, ports


async def web_session(port: int, name: str, sessions: list) -> None:
    base = f"http://127.0.0.1:{port}"
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    await http.post(base + "/login", data={"name": name, "password": PASSWORD, "again": PASSWORD},
                    headers={"Origin": base})
    page = await (await http.get(base + "/play")).text()
    ticket = re.search(r"/ws/([\w-]+)", page).group(1)
    socket = await http.ws_connect(f"{base}/ws/{ticket}?width=100&height=30", headers={"Origin": base})
    seen = b""
    while b"Walk:" not in seen:
        seen += (await asyncio.wait_for(socket.receive(), 60)).data
    sessions.append((http, socket))


async def ssh_session(port: int, name: str, sessions: list) -> None:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSWORD, known_hosts=None,
                                  client_keys=None, agent_path=None)
    proc = await conn.create_process(encoding="utf-8", term_type="xterm", term_size=(100, 30))
    seen = ""
    while "Walk:" not in seen:
        seen += await asyncio.wait_for(proc.stdout.read(65536), 60)
    reader = asyncio.create_task(drain(proc))
    sessions.append((conn, proc, reader))


async def drain(proc) -> None:
    while await proc.stdout.read(65536):
        pass


async def memory(pid: int, ports: dict, count: int) -> dict:
    out = {}
    for kind, opener, port in (("web", web_session, ports["web"]), ("ssh", ssh_session, ports["ssh"])):
        warm: list = []
        await opener(port, f"{kind}warm", warm)  # imports and caches loaded before counting
        await asyncio.sleep(1.0)
        before = proc_figures(pid)[0]
        sessions: list = []
        for i in range(0, count, 10):
            await asyncio.gather(*(opener(port, f"{kind}{j:03d}", sessions) for j in range(i, min(count, i + 10))))
        await asyncio.sleep(2.0)
        after = proc_figures(pid)[0]
        out[kind] = (after - before) / count
        for held in sessions + warm:
            if kind == "web":
                await held[1].close()
                await held[0].close()
            else:
                held[2].cancel()
                held[0].close()
        await asyncio.sleep(1.0)
    return out


async def web_round_trips(port: int, rounds: int) -> list[float]:
    """The page's protocol without a browser: the server's own share of the browser's round trip."""
    held: list = []
    await web_session(port, "wstimer", held)
    http, socket = held[0]
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    times = []
    for i in range(rounds):
        word = f"ping{i:03d}x"
        started = time.perf_counter()
        await socket.send_str(f'["stdin", "say {word}\\r"]')
        while word not in "\n".join(screen.display):
            stream.feed((await asyncio.wait_for(socket.receive(), 10)).data)
        times.append(time.perf_counter() - started)
    await socket.close()
    await http.close()
    return times


async def ssh_round_trips(port: int, rounds: int) -> list[float]:
    conn = await asyncssh.connect("127.0.0.1", port, username="sshtimer", password=PASSWORD, known_hosts=None,
                                  client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    times = []

    async def until(text: str) -> None:
        while text not in "\n".join(screen.display):
            stream.feed(await asyncio.wait_for(proc.stdout.read(65536), 10))
    await until("Walk:")
    for i in range(rounds):
        word = f"ping{i:03d}x"
        started = time.perf_counter()
        proc.stdin.write(f"say {word}\r".encode())
        await until(word)
        times.append(time.perf_counter() - started)
    conn.close()
    return times


def browser_figures(port: int, rounds: int) -> dict:
    if CHROMIUM is None or sync_playwright is None:
        return {}
    url = f"http://127.0.0.1:{port}"
    logins, trips = [], []
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        first = chromium.new_context()
        Tab(first, url).log_in("webtimer", PASSWORD, new=True)
        first.close()
        for _ in range(5):
            context = chromium.new_context()
            tab = Tab(context, url)
            started = time.perf_counter()
            tab.log_in("webtimer", PASSWORD)
            tab.wait_for("Walk:", timeout=30, poll=5)
            logins.append(time.perf_counter() - started)
            context.close()
        context = chromium.new_context()
        tab = Tab(context, url)
        tab.log_in("webtimer", PASSWORD)
        tab.wait_for("Walk:")
        for i in range(rounds):
            word = f"ping{i:03d}x"
            started = time.perf_counter()
            tab.type(f"say {word}")
            tab.wait_for(word, poll=2)
            trips.append(time.perf_counter() - started)
        context.close()
        chromium.close()
    return {"logins": logins, "trips": trips}


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1000:.0f} ms, "
            f"p90 {ordered[int(0.9 * (len(ordered) - 1))] * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server, ports = start(data)
        try:
            mem = asyncio.run(memory(server.pid, ports, args.sessions))
            print(f"memory per session ({args.sessions} at the Crossroads, 100x30): "
                  f"web {mem['web'] / 1e6:.2f} MB, SSH TUI {mem['ssh'] / 1e6:.2f} MB")
            seen = browser_figures(ports["web"], args.rounds)
            if seen:
                print(f"login to first screen in chromium (existing account): {ms(seen['logins'])}")
                print(f"say, typed to seen, in chromium: {ms(seen['trips'])}")
            else:
                print("chromium or Playwright missing: no browser figures")
            print(f"say, typed to seen, the page's protocol without a browser: "
                  f"{ms(asyncio.run(web_round_trips(ports['web'], args.rounds)))}")
            print(f"say, typed to seen, over SSH (TUI): {ms(asyncio.run(ssh_round_trips(ports['ssh'], args.rounds)))}")
        finally:
            server.terminate()
            server.wait(20)


if __name__ == "__main__":
    main()
