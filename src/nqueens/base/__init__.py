"""The bottom of the house: what every layer above speaks in, importing nothing above.

The errors, the size checks and limits, the pieces and their attack rule, square names,
the board (:class:`~nqueens.base.board.Solution`) and a partial placement, the events
of a trace, the records of the methods, and the table forms.
"""
