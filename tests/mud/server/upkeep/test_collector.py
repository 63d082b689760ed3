"""mud serve tunes the garbage collector once it is up (mud/server/upkeep/collector.py)."""

import gc

from mud.server.upkeep import collector


def test_the_collector_looks_at_young_objects_less_often_and_freezes_what_was_built():
    before = gc.get_threshold()
    try:
        collector.tune()
        assert gc.get_threshold()[0] == collector.YOUNG
        assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
