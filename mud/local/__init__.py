"""One player on this machine: local play, plain mode, command files, a terminal that goes away."""
