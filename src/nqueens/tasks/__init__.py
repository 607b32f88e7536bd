"""What a command asks for, over the algorithms and the outputs: one solution and why
its method, the trace summary and the players (terminal, page), the linear listing,
the motion demonstration."""
