"""A server kept running: the operator's files and log, the garbage collector tuned."""
