"""`mud arena`: many bots-only games of one game, played in worker processes, and what they say of
the levels -- wins per seat and per level, a rating per level with its uncertainty (openskill's
Plackett-Luce model, which rates games of more than two and shared wins), the average game length.

Reproducible for a seed whatever the number of workers: game ``i`` is seed ``seed + i`` with the
levels rotated by ``i`` seats (no level always sits first), each game is played whole in one
process with the strong bot's clock cap switched off (its iteration budget alone decides), and the
ratings are updated in game order once the results are in. Ctrl+C stops the run; what finished is
reported.
"""

from __future__ import annotations

import os
import signal
import statistics
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace

from openskill.models import PlackettLuce

import games
from games.botgame import play_levels
from games.engine import LEVELS


@dataclass
class Result:
    """One finished game: its number, the level in each seat, the seats that won, its length."""

    index: int
    levels: list[str]
    winners: list[int]  # seat numbers, from 0
    actions: int


@dataclass
class Report:
    game: str
    bots: list[str]
    seed: int
    asked: int
    results: list[Result] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False


def seating(levels: list[str], index: int) -> list[str]:
    """The levels of game ``index``: rotated by ``index`` seats."""
    k = index % len(levels)
    return levels[k:] + levels[:k]


def play_one(name: str, seed: int, index: int, levels: list[str], options: dict, iterations: int = 0) -> Result:
    """Game ``index`` of a run (in a worker process); ``iterations`` overrides the search's budget."""
    game = games.get(name)
    if game.search is not None:  # no clock: the iterations alone decide, so a run is reproducible
        game = replace(game, search=replace(game.search, budget_ms=None,
                                            iterations=iterations or game.search.iterations))
    seats = seating(levels, index)
    done = play_levels(game, seed + index, seats, options)
    return Result(index, seats, [done.seats.index(w) for w in done.winners], done.actions)


def check_bots(name: str, bots: list[str]) -> None:
    """ValueError naming what is wrong with a game and its list of levels."""
    game = games.get(name)  # KeyError for an unknown game
    bad = [b for b in bots if b not in LEVELS]
    if bad:
        raise ValueError(f"'{bad[0]}' is not a level: {', '.join(LEVELS)}.")
    if not game.min_players <= len(bots) <= game.max_players:
        raise ValueError(f"{game.title} seats {game.min_players} to {game.max_players}, not {len(bots)}.")


def run(name: str, bots: list[str], count: int, seed: int = 1, workers: int = 1, options: dict | None = None,
        progress=None, iterations: int = 0) -> Report:
    """Play ``count`` games; ``progress(done)`` after each. Ctrl+C ends it with what is finished."""
    check_bots(name, bots)
    options = dict(options or {})
    report = Report(name, list(bots), seed, count)
    start = time.perf_counter()
    try:
        if workers <= 1:
            for i in range(count):
                report.results.append(play_one(name, seed, i, list(bots), options, iterations))
                if progress:
                    progress(len(report.results))
        else:
            _in_pool(report, name, bots, count, seed, workers, options, progress, iterations)
    except KeyboardInterrupt:
        report.interrupted = True
    report.results.sort(key=lambda r: r.index)
    report.seconds = time.perf_counter() - start
    return report


def _quiet_worker() -> None:
    """A worker leaves Ctrl+C to the parent, which stops the run and reports what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_pool(report, name, bots, count, seed, workers, options, progress, iterations) -> None:
    pool = ProcessPoolExecutor(workers, initializer=_quiet_worker)
    try:
        pending = {pool.submit(play_one, name, seed, i, list(bots), options, iterations) for i in range(count)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                report.results.append(f.result())
            if progress:
                progress(len(report.results))
    except KeyboardInterrupt:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def summary(report: Report) -> dict:
    """The figures of a run, as data (``--json`` prints this): wins per seat and per level (a win
    shared by k seats counts 1/k), a rating per level (mu, sigma, ordinal = mu - 3 sigma), the
    average game length."""
    seats = len(report.bots)
    per_seat = [0.0] * seats
    per_level = {lv: {"seats": 0, "wins": 0.0} for lv in dict.fromkeys(report.bots)}
    for r in report.results:
        for s, lv in enumerate(r.levels):
            per_level[lv]["seats"] += 1
        for s in r.winners:
            per_seat[s] += 1 / len(r.winners)
            per_level[r.levels[s]]["wins"] += 1 / len(r.winners)
    n = len(report.results)
    for lv, row in per_level.items():
        row["wins"] = round(row["wins"], 3)
        row["share"] = round(row["wins"] / row["seats"], 4) if row["seats"] else 0.0
        row["fair"] = round(1 / seats, 4)
    return {"game": report.game, "bots": report.bots, "seed": report.seed, "games": n, "asked": report.asked,
            "interrupted": report.interrupted,
            "seats": [{"seat": i + 1, "wins": round(w, 3)} for i, w in enumerate(per_seat)],
            "levels": per_level, "ratings": ratings(report),
            "length": round(statistics.mean(r.actions for r in report.results), 1) if n else 0.0,
            "seconds": round(report.seconds, 1)}


def ratings(report: Report) -> dict:
    """A Plackett-Luce rating per level, updated game by game in order: every seat is its own team,
    the winners share the first place and the others the second. A level seated twice in a game
    moves by the mean of its seats' updates."""
    model = PlackettLuce()
    rating = {lv: model.rating(name=lv) for lv in dict.fromkeys(report.bots)}
    for r in report.results:
        teams = [[rating[lv]] for lv in r.levels]
        ranks = [1 if s in r.winners else 2 for s in range(len(r.levels))]
        new = model.rate(teams, ranks=ranks)
        for lv in dict.fromkeys(r.levels):
            mine = [new[s][0] for s, x in enumerate(r.levels) if x == lv]
            rating[lv] = model.rating(mu=statistics.mean(x.mu for x in mine),
                                      sigma=statistics.mean(x.sigma for x in mine), name=lv)
    return {lv: {"mu": round(x.mu, 2), "sigma": round(x.sigma, 2), "ordinal": round(x.ordinal(), 2)}
            for lv, x in rating.items()}


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))
