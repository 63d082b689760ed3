"""The shared world of the server: the Crossroads hub, its game rooms, their tables, and the
command loop of a connected player. Pure Python, no asyncio: the server drives it with lines,
connections and clock ticks, so tests can drive it the same way without a network."""
