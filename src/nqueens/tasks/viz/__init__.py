"""Seeing a search work: the board as text, the terminal animation, the HTML player."""
