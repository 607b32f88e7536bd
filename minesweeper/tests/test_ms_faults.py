"""A fault inside the program, and Ctrl-C, through the real command line."""

from __future__ import annotations

import pytest

import minesweeper.cli as cli


def test_a_fault_is_one_line_with_exit_70(monkeypatch, capsys, tmp_path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("1?\n??\n")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("minesweeper.base.board.parse_board", broken)
    assert cli.main(["check", str(board)]) == 70
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("minesweeper: internal error: RuntimeError: boom")
    assert len(err.strip().splitlines()) == 1
    with pytest.raises(RuntimeError):
        cli.main(["--debug", "check", str(board)])


def test_ctrl_c_is_exit_130(monkeypatch, capsys, tmp_path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("1?\n??\n")

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("minesweeper.base.board.parse_board", interrupted)
    assert cli.main(["check", str(board)]) == 130
    assert "interrupted" in capsys.readouterr().err
