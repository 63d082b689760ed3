"""``mud serve``: one asyncio process holding the world, reached over SSH and telnet."""
