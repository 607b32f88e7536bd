"""The native core: the compiled kernels, one extension module per family.

The modules here know nothing of files or printing; the Python modules in
:mod:`nqueens.kernels` wrap them with checked arguments and
documented examples.
"""
