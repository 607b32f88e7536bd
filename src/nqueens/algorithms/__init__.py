"""The algorithms: the exact search, the closed forms and the repairs, the readable
algorithms of the sources, and the counter, over the kernels of the core."""
