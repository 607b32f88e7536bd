"""Minesweeper played by a person, with the analyser beside them: in the terminal
(:mod:`.terminal`, ``minesweeper play --interactive``) and in a web page served on this
machine (:mod:`.server`, ``minesweeper serve``). Both show the analyser's hint and every
covered square's mine probability, computed by :mod:`minesweeper.analysis` from what the
player sees (:mod:`.advice`)."""
