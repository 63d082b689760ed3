"""mud serve tunes the garbage collector once it is up (mud/server/upkeep/collector.py): young objects
looked at less often, what survives a full collection frozen, and thawed once enough sessions ended."""

import asyncio
import gc
import weakref

import pytest

from mud.server.upkeep import collector


class Cycle:
    """An object in a reference cycle: only the cycle collector frees it."""

    def __init__(self):
        self.me = self


@pytest.fixture
def tuned():
    before = gc.get_threshold()
    collector.tune()
    try:
        yield
    finally:
        collector.untune()
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_collector_looks_at_young_objects_less_often_and_freezes_what_was_built(tuned):
    assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, collector.OLDEST)
    assert gc.get_freeze_count() > 0


def test_what_survives_a_full_collection_is_frozen_and_never_walked_again(tuned):
    kept = [Cycle() for _ in range(100)]
    gc.collect()
    frozen = gc.get_freeze_count()
    assert all(gc.is_tracked(x) for x in kept)
    oldest = {id(o) for o in gc.get_objects(2)}
    assert not any(id(x) in oldest for x in kept)  # not in the oldest generation: frozen
    gc.collect()
    assert gc.get_freeze_count() >= frozen


def test_garbage_made_after_a_freeze_is_collected_as_ever(tuned):
    young = Cycle()
    gone = weakref.ref(young)
    del young
    gc.collect()
    assert gone() is None


def test_a_frozen_cycle_that_became_garbage_waits_for_enough_sessions_to_end(tuned):
    """Garbage among frozen objects (a session's TUI that ended) is kept until the thaw: after
    THAW_AFTER sessions ended, and a quarter of those still open."""
    old = Cycle()
    gone = weakref.ref(old)
    gc.collect()  # it survives: frozen
    del old
    gc.collect()
    assert gone() is not None  # frozen garbage: not looked at
    for _ in range(collector.THAW_AFTER - 1):
        collector.ended(still_open=10)
    gc.collect()
    assert gone() is not None
    collector.ended(still_open=10)  # the one that makes THAW_AFTER: everything thawed and collected
    assert gone() is None
    assert gc.get_freeze_count() > 0  # what survived the thaw's collection is frozen again


def test_with_many_sessions_open_a_thaw_waits_for_a_quarter_of_them_to_end(tuned):
    open_now = collector.THAW_AFTER * 8
    for _ in range(open_now // 4 - 1):
        collector.ended(still_open=open_now)
    assert collector.state.ended == open_now // 4 - 1
    collector.ended(still_open=open_now)
    assert collector.state.ended == 0  # thawed


def test_an_untuned_process_neither_freezes_nor_thaws():
    """Tests and tools that never call tune() keep Python's collector as it is."""
    assert collector._freeze_survivors not in gc.callbacks
    before = collector.state.ended
    collector.ended(still_open=0)
    assert collector.state.ended == before


def test_frozen_objects_grown_past_thaw_growth_call_for_a_thaw_on_the_servers_loop():
    """Growth alone (no session ended) thaws too: garbage among frozen objects stays bounded."""
    before = gc.get_threshold()

    async def grow():
        collector.tune(asyncio.get_running_loop().call_soon_threadsafe)
        gc.collect()  # the first full collection after tune sets the base growth is counted from
        assert not collector.state.due and not collector.state.base_pending
        collector.state.base = 100  # as if the last thaw had left this little memory (KB): any full collection has grown
        thaws = collector.state.thaws
        kept = [Cycle() for _ in range(1000)]
        gc.collect()  # the survivors are frozen: past the growth
        assert collector.state.due
        await asyncio.sleep(0)  # the thaw runs on the loop, after the collection
        assert collector.state.thaws == thaws + 1 and not collector.state.due
        assert collector.state.base == collector.heap_size()  # the next growth counts from the memory after the thaw

    try:
        asyncio.run(grow())
    finally:
        collector.untune()
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_stopping_server_thaws_nothing_as_everyone_leaves(tuned):
    collector.stopping()
    thaws = collector.state.thaws
    for _ in range(collector.THAW_AFTER * 2):
        collector.ended(still_open=0)
    assert collector.state.thaws == thaws


def test_the_first_full_collection_after_tune_sets_the_base_and_thaws_nothing(tuned):
    """tune() froze the idle server; the sessions' heap, built since, is no growth to thaw for."""
    collector.state.base = 10  # an idle server this small (KB): the sessions' heap is many times its size
    kept = [Cycle() for _ in range(1000)]
    thaws = collector.state.thaws
    gc.collect()
    assert not collector.state.due and collector.state.thaws == thaws
    assert collector.state.base == collector.heap_size()  # counted from the sessions' heap


def test_what_survives_a_middle_collection_is_frozen_too(tuned):
    """No collection walks the sessions' whole heap: what lives through the middle generation is
    the sessions' state, frozen at once (the first full collection once cost a second at K=80)."""
    kept = [Cycle() for _ in range(100)]
    frozen = gc.get_freeze_count()
    gc.collect(1)
    assert gc.get_freeze_count() >= frozen + len(kept)
    oldest = {id(o) for o in gc.get_objects(2)}
    assert not any(id(x) in oldest for x in kept)


def test_as_everyone_leaves_each_thaw_waits_for_a_quarter_of_those_open_at_the_last(tuned):
    """At the evening's end the sessions still open fall with every departure: a thaw waits for a
    quarter of those open at the last thaw, not of a number that keeps shrinking."""
    open_then = collector.THAW_AFTER * 8
    collector.thaw(open_then)
    thaws = collector.state.thaws
    for n in range(open_then // 4 - 1):
        collector.ended(still_open=open_then - 1 - n)
    assert collector.state.thaws == thaws  # still_open fell to three quarters: not yet
    collector.ended(still_open=open_then - open_then // 4)
    assert collector.state.thaws == thaws + 1


def test_the_beat_collects_the_middle_generation_on_a_clock_and_comes_again():
    """Python counts allocations less deallocations, so on a busy evening its collections come ever
    further apart and each walks more: the beat collects the middle generation when none came for
    MIDDLE_EVERY seconds (and the young one after YOUNG_EVERY), then asks to run again."""
    before = gc.get_threshold()
    asked = []
    try:
        collector.tune(None, lambda seconds, f: asked.append((seconds, f)))
        assert asked == [(collector.BEAT, collector._beat)]
        kept = [Cycle() for _ in range(50)]
        collector.state.last_middle -= collector.MIDDLE_EVERY  # none for that long
        frozen = gc.get_freeze_count()
        collector._beat()
        assert gc.get_freeze_count() >= frozen + len(kept)  # collected, its survivors frozen
        assert len(asked) == 2 and asked[-1][1] is collector._beat
        young = Cycle()
        gone = weakref.ref(young)
        del young
        collector.state.last_young -= collector.YOUNG_EVERY
        collector._beat()
        assert gone() is None  # a young collection found it
        collector.untune()
        collector._beat()
        assert len(asked) == 3  # an untuned process's beat stops
    finally:
        collector.untune()
        gc.unfreeze()
        gc.set_threshold(*before)
