"""Every gadget's truth table, computed by enumerating its consistent arrangements."""

from __future__ import annotations

import pytest

from minesweeper.circuits.circuit import gadget_names, get_gadget
from minesweeper.circuits.gadgets import GADGETS, truth_table


@pytest.mark.parametrize("name", gadget_names())
def test_gadget_is_as_intended(name: str) -> None:
    t = truth_table(get_gadget(name))
    assert t.matches is True


def test_nor_table() -> None:
    t = truth_table(get_gadget("nor"))
    table = {ins: outs for ins, outs in t.rows}
    assert table == {(False, False): (True,), (False, True): (False,),
                     (True, False): (False,), (True, True): (False,)}
    assert t.arrangements == 4  # helper squares are forced too


def test_wire_and_not() -> None:
    assert truth_table(get_gadget("wire")).rows == [((False,), (False,)), ((True,), (True,))]
    assert truth_table(get_gadget("not")).rows == [((False,), (True,)), ((True,), (False,))]


def test_crossover_independent() -> None:
    t = truth_table(get_gadget("crossover"))
    # each output equals its own input, for all four combinations
    assert sorted(t.rows) == [((a, b), (a, b)) for a in (False, True) for b in (False, True)]
    assert t.arrangements == 4


def test_terminator_and_true() -> None:
    assert [ins for ins, _ in truth_table(get_gadget("terminator")).rows] == [(False,), (True,)]
    assert [ins for ins, _ in truth_table(get_gadget("true")).rows] == [(True,)]


def test_splitters() -> None:
    assert truth_table(get_gadget("split")).rows == [((False,), (False, False)),
                                                     ((True,), (True, True))]
    assert truth_table(get_gadget("split3")).rows == [((False,), (False,) * 3),
                                                      ((True,), (True,) * 3)]


def test_and_or() -> None:
    assert {i: o for i, o in truth_table(get_gadget("and")).rows}[(True, True)] == (True,)
    assert {i: o for i, o in truth_table(get_gadget("or")).rows}[(False, False)] == (False,)


def test_tiles_keep_unknowns_off_their_edges() -> None:
    # composition relies on this: only port squares are unknown on a tile's edge
    for t in GADGETS.values():
        kinds, _ = t.cells()
        ports = {t.port_square(p) for p in t.ports}
        edge = [(0, c) for c in range(kinds.shape[1])]
        edge += [(r, 0) for r in range(kinds.shape[0])]
        edge += [(r, kinds.shape[1] - 1) for r in range(kinds.shape[0])]
        for sq in edge:
            if kinds[sq] == 1:
                assert sq in ports, (t.name, sq)
