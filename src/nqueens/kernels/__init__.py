"""The kernels, over the native core (:mod:`nqueens._core`): integers and arrays in,
integers and arrays out.

Nothing here prints, parses or knows about files. Python-level code in
:mod:`nqueens.algorithms.search` and :mod:`nqueens.algorithms.counter` prepares the masks
and calls them.
"""
