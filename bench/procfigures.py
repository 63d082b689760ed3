"""A server process's own figures, read from /proc: its memory (RSS), the CPU seconds it spent in its
own code and in the kernel, the processes it started (the TUI workers) and theirs added, and the time
its threads waited for a CPU another process had. The load benches (bench/load.py and those built on
it) measure the server with these, so its figures are its own."""

from __future__ import annotations

import os
from pathlib import Path


def proc_figures(pid: int) -> tuple[int, float]:
    """(RSS in bytes, CPU seconds used so far) of a process, from /proc."""
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
    return rss, cpu_seconds(pid, user=True) + cpu_seconds(pid)


def cpu_seconds(pid: int, user: bool = False) -> float:
    """CPU seconds the process spent so far in its own code (``user``) or in the kernel (its I/O)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11 if user else 12]) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (the server's TUI workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


def tree_figures(pid: int) -> tuple[int, float, float]:
    """(RSS, CPU seconds, of which the world process's) of the server and its TUI workers."""
    rss, cpu = proc_figures(pid)
    world = cpu
    for child in children(pid):
        try:
            more = proc_figures(child)
        except OSError:
            continue
        rss, cpu = rss + more[0], cpu + more[1]
    return rss, cpu, world


def cpu_wait(pid: int) -> float:
    """Seconds the process's threads spent runnable but waiting for a CPU (other processes had it),
    from /proc/PID/task/*/schedstat: how much a busy machine delayed the server."""
    total = 0
    for proc in [pid] + children(pid):
        try:
            tasks = os.listdir(f"/proc/{proc}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{proc}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[1])
            except (OSError, IndexError, ValueError):
                pass
    return total / 1e9
