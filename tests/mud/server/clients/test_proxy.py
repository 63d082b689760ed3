"""The client's address behind a trusted proxy (mud/server/clients/proxy.py, issue 42 finding 8)."""

from __future__ import annotations

from mud.server.clients.proxy import client_address, networks

PROXY = networks(["127.0.0.1", "10.0.0.0/8"])


def test_only_a_trusted_proxy_is_believed():
    said = {"X-Forwarded-For": "203.0.113.9"}
    assert client_address("127.0.0.1", said, PROXY) == "203.0.113.9"
    assert client_address("198.51.100.7", said, PROXY) == "198.51.100.7"  # anyone else: their own address
    assert client_address("127.0.0.1", said, ()) == "127.0.0.1"  # no proxy trusted: nobody is


def test_a_chain_is_read_from_the_right_past_the_trusted_proxies():
    # the client wrote a lie first; the outer proxy (10.1.1.1) appended who really connected
    said = {"X-Forwarded-For": "192.0.2.1, 203.0.113.9, 10.1.1.1"}
    assert client_address("127.0.0.1", said, PROXY) == "203.0.113.9"


def test_forwarded_is_read_before_x_forwarded_for_and_odd_hops_count_as_the_proxy():
    said = {"Forwarded": 'for=192.0.2.60;proto=https, for="[2001:db8::17]:4711"', "X-Forwarded-For": "1.2.3.4"}
    assert client_address("127.0.0.1", said, PROXY) == "2001:db8::17"
    assert client_address("127.0.0.1", {"Forwarded": "for=unknown"}, PROXY) == "127.0.0.1"
    assert client_address("127.0.0.1", {"X-Forwarded-For": "not an address"}, PROXY) == "127.0.0.1"
    assert client_address("127.0.0.1", {}, PROXY) == "127.0.0.1"
