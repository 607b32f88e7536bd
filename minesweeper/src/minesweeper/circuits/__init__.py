"""Boards that compute: formulas, the gadgets (wires, gates, crossovers) and the
circuits laid out from them."""
