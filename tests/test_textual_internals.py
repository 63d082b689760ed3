"""The SSH driver (mud/server/textual_driver.py) leans on two Textual internals. Textual is pinned to
the range tested (pyproject.toml); if an upgrade moves these, this test fails and says what to fix."""

import importlib.metadata
import inspect

PINNED = "8.2"  # the Textual minor version the driver was written and tested against


def test_textual_is_the_pinned_version():
    version = importlib.metadata.version("textual")
    assert version.startswith(PINNED + "."), (
        f"Textual {version} is installed but the SSH driver was tested with {PINNED}.x: check "
        "textual._xterm_parser.XTermParser and its cached _parse_extended_key, then move the pin "
        "in pyproject.toml and PINNED here.")


def test_the_xterm_parser_and_its_cached_extended_keys_are_still_there():
    try:
        from textual._xterm_parser import XTermParser
    except ImportError as err:  # pragma: no cover - only on a Textual that moved it
        raise AssertionError("textual._xterm_parser.XTermParser is gone: mud/server/textual_driver.py "
                             "subclasses it to parse each SSH session's keys") from err
    method = getattr(XTermParser, "_parse_extended_key", None)
    assert method is not None, "XTermParser._parse_extended_key is gone: _Parser in textual_driver.py overrides it"
    assert hasattr(method, "__wrapped__"), (
        "XTermParser._parse_extended_key is no longer wrapped by a cache: _Parser's override in "
        "textual_driver.py calls __wrapped__ to bypass that cache; drop the override")
    assert list(inspect.signature(method.__wrapped__).parameters) == ["self", "sequence"]
    assert "debug" in inspect.signature(XTermParser.__init__).parameters


def test_the_served_parser_reads_keys():
    from textual import events
    from mud.server.textual_driver import _Parser
    keys = [e for e in _Parser().feed("a") if isinstance(e, events.Key)]
    assert [k.character for k in keys] == ["a"]
