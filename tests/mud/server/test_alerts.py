"""The example alerts (docs/alerts.yml) and Grafana dashboard (docs/grafana-dashboard.json) that the
docs offer an operator name only what the server serves (issue 40, item 19): a real ``mud serve
--metrics-port`` is scraped, and every metric either file queries -- and every label value it
matches on -- is in that first scrape, before anything happened (every counter is there at 0)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.net_clients import ServerProcess, free_port

yaml = pytest.importorskip("yaml", reason="PyYAML (the test extra: pip install -e '.[test]') reads docs/alerts.yml")

DOCS = Path(__file__).resolve().parents[3] / "docs"
OURS = re.compile(r"\b(?:questmud|process)_[a-z0-9_]+\b")  # the server's metrics (process_*: its process)
SELECTOR = re.compile(r"\b((?:questmud|process)_[a-z0-9_]+)\s*\{([^}]*)\}")
MATCHER = re.compile(r'(\w+)\s*(=~|!~|!=|=)\s*"([^"]*)"')
BY = re.compile(r"\b(?:by|without)\s*\(([^)]*)\)")
ADDED_BY_PROMETHEUS = {"instance", "job"}  # labels of the scrape target, not of the server's samples


@pytest.fixture(scope="module")
def scraped(tmp_path_factory) -> dict[str, list[dict]]:
    """A fresh server's first scrape: metric sample name -> the label sets it has."""
    port = free_port()
    server = ServerProcess(str(tmp_path_factory.mktemp("data")), "--web-port", str(free_port()), "--metrics-port",
                           str(port), "--tui-workers", "0", ssh=True).start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
            text = reply.read().decode()
    finally:
        server.stop()
    samples: dict[str, list[dict]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples.setdefault(sample.name, []).append(sample.labels)
    return samples


def alert_rules() -> list[dict]:
    return [rule for group in yaml.safe_load((DOCS / "alerts.yml").read_text())["groups"] for rule in group["rules"]]


def dashboard_queries() -> list[str]:
    """Every PromQL expression of the dashboard: its panels' targets, variables and annotations."""
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("expr", "definition") and isinstance(value, str):
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
    walk(json.loads((DOCS / "grafana-dashboard.json").read_text()))
    return found


def unknown(expr: str, samples: dict[str, list[dict]]) -> list[str]:
    """What ``expr`` asks of the server that its scrape lacks: a metric, a label value, a label."""
    wrong = [f"no metric {name}" for name in OURS.findall(expr) if name not in samples]
    for name, matchers in SELECTOR.findall(expr):
        for label, op, wanted in MATCHER.findall(matchers):
            if label in ADDED_BY_PROMETHEUS or name not in samples or op in ("!=", "!~"):
                continue
            for value in (wanted.split("|") if op == "=~" else [wanted]):
                if not any(labels.get(label) == value for labels in samples[name]):
                    wrong.append(f"no {name}{{{label}={value!r}}}")
    labels = {label for name in OURS.findall(expr) for sets in samples.get(name, []) for label in sets}
    for group in BY.findall(expr):
        for label in (word.strip() for word in group.split(",")):
            if label and label not in ADDED_BY_PROMETHEUS and label not in labels:
                wrong.append(f"no label {label} on {sorted(set(OURS.findall(expr)))}")
    return wrong


def test_every_alert_queries_only_what_the_server_serves(scraped):
    rules = alert_rules()
    assert len(rules) >= 10
    for rule in rules:
        assert rule["alert"].startswith("Questmud") and rule["labels"]["severity"] in ("critical", "warning", "info")
        assert rule["annotations"]["summary"], rule["alert"]
        assert not unknown(rule["expr"], scraped), (rule["alert"], unknown(rule["expr"], scraped))
    named = {name for rule in rules for name in OURS.findall(rule["expr"])}
    for wanted in ("questmud_errors_total", "questmud_store_failing", "questmud_logins_total",
                   "questmud_sessions", "questmud_refused_logins_total", "questmud_store_failures_total"):
        assert wanted in named, wanted  # errors, no logins while players are on, store failures ...


def test_every_dashboard_query_asks_only_what_the_server_serves(scraped):
    queries = dashboard_queries()
    assert len(queries) >= 20
    for expr in queries:
        assert not unknown(expr, scraped), (expr, unknown(expr, scraped))
    shown = {name for expr in queries for name in OURS.findall(expr)}
    counters = {name for name in scraped if name.startswith("questmud_") and name.endswith("_total")}
    assert counters <= shown, f"counters no panel shows: {sorted(counters - shown)}"


def test_the_check_itself_catches_a_misspelt_metric_and_a_label_value_never_served(scraped):
    assert unknown('increase(questmud_eror_total[1h]) > 0', scraped) == ["no metric questmud_eror_total"]
    assert unknown('questmud_disconnects_total{cause="vanished"}', scraped) == \
        ["no questmud_disconnects_total{cause='vanished'}"]
    assert unknown('sum by (colour) (questmud_sessions)', scraped) == ["no label colour on ['questmud_sessions']"]
