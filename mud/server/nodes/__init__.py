"""This server as one node of a world of several: the bus, and the node joined to the world."""
