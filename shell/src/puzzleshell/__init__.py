"""puzzleshell: the program shell that ``nqueens`` and ``minesweeper`` share.

What every command of both programs does the same way lives here once:

* :mod:`puzzleshell.signals`: SIGINT, SIGTERM and SIGHUP obeyed at once, even inside
  compiled code, with the clean-ups and the exit statuses 130, 143 and 129;
* :mod:`puzzleshell.output`: an output file written as a shell redirection would, whole
  or not at all;
* :mod:`puzzleshell.input`: input read within a size limit;
* :mod:`puzzleshell.text`: text from files made safe to show in a message;
* :mod:`puzzleshell.errors`: the errors that become one line and an exit code, memory
  that runs out among them (``OutOfMemory``; :mod:`puzzleshell.memory` says what the
  machine allowed);
* :mod:`puzzleshell.command`: the command group, the one-line-error wrapper and the
  options every command shares (``-q``, ``--json``, ``-o``, ``--debug``);
* ``include/shell_py.h``: the argument checks of the C bindings (:func:`get_include`).

This package imports nothing when it is imported, so that a program's console script
can install its signal handlers first.

>>> get_include().endswith("include")
True
"""

from __future__ import annotations

__version__ = "0.1.0"


def get_include() -> str:
    """The folder of ``shell_py.h``, for a C extension's ``include_dirs``.

    >>> import os
    >>> os.path.exists(os.path.join(get_include(), "shell_py.h"))
    True
    """
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")
