"""Playing yourself: the game people play (open, flag, chord), the terminal screen of
``play --interactive`` through a real pseudo-terminal, and the page's server."""

from __future__ import annotations

import json
import random
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper.analysis.game import Game, numbers_of, parse_level
from minesweeper.analysis.play import play_game
from minesweeper.analysis.probability import probabilities
from minesweeper.base.board import UNKNOWN, Board, parse_board
from minesweeper.base.errors import BadInput
from minesweeper.interactive.advice import advise
from minesweeper.interactive.server import MAX_BODY, make_server
from puzzleshell import testing

from ms_support import PROGRAM


def winning_seed(level: str, seeds: range = range(200)) -> int:
    """The first seed whose game the hint wins, opening its square each time (what the
    tests then do through the terminal and the page)."""
    for seed in seeds:
        game = Game(parse_level(level), seed=seed)
        while not game.over:
            best = advise(game.position()).best
            assert best is not None
            game.open(best)
        if game.state == "won":
            return seed
    raise AssertionError(f"no game of {level} won by the hint among seeds {seeds}")


# --- the game ---------------------------------------------------------------------------

@given(st.integers(0, 10_000), st.sampled_from(["classic", "safe-opening"]),
       st.integers(0, 8), st.integers(0, 8))
def test_the_first_click_is_safe_and_opens_what_the_rules_say(seed: int, rules: str,
                                                              r: int, c: int) -> None:
    game = Game(parse_level("9x9x20"), rules, seed)
    game.open((r, c))
    assert game.state in ("playing", "won") and not game.mine[r, c]
    assert int(game.mine.sum()) == 20
    if rules == "safe-opening":
        assert not game.mine[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2].any()
        assert game.cells[r, c] == 0
    shown = game.cells != UNKNOWN
    assert (game.cells[shown] == numbers_of(game.mine)[shown]).all()


def test_flags_count_down_the_mines_left_and_are_never_opened() -> None:
    game = Game(parse_level("beginner"), seed=3)
    assert game.flag((8, 8)) and game.mines_left == 9
    game.open((0, 0))
    assert game.view()[8][8] == "F" and game.open((8, 8)) == 0
    assert not game.flag((8, 8)) and game.mines_left == 10
    opened = game.view()[0][0]
    assert opened != "?" and game.flag((0, 0)) is False      # an open square takes no flag


def _the_mine_in_the_corner() -> Game:
    """A 3x3 game with its one mine at (1, 1), the 1 at (2, 1) open."""
    game = Game(parse_level("3x3x1"), seed=0)
    game.mine[:] = False
    game.mine[0, 0] = True
    game.numbers, game.state = numbers_of(game.mine), "playing"
    assert game.open((0, 1)) == 1 and game.view()[0] == "?1?"
    return game


def test_a_chord_opens_the_other_neighbours_once_the_flags_match() -> None:
    game = _the_mine_in_the_corner()
    assert game.chord((0, 1)) == 0                       # no flag yet: nothing opens
    game.flag((0, 0))
    assert game.chord((0, 1)) > 0 and game.state == "won"


def test_a_wrong_flag_makes_a_chord_open_the_mine() -> None:
    game = _the_mine_in_the_corner()
    game.flag((0, 2))
    game.chord((0, 1))
    assert game.state == "lost" and game.exploded == (0, 0)
    assert game.view()[0] == "X1!"


def test_the_analyser_is_told_the_numbers_and_the_mines_not_the_flags() -> None:
    game = Game(parse_level("beginner"), seed=5)
    game.open((4, 4))
    covered = [(r, c) for r in range(9) for c in range(9) if game.cells[r, c] == UNKNOWN]
    game.flag(covered[0])
    position = game.position()
    assert position.total == 10 and (position.cells[game.cells != UNKNOWN] >= 0).all()
    assert position.cells[covered[0]] == UNKNOWN


def test_the_analysers_games_and_a_persons_deal_the_same_way() -> None:
    # one module deals and opens for both: the same seed, the same mines
    game = Game(parse_level("expert"), seed=11)
    game.open((0, 0))
    again = Game(parse_level("expert"), seed=11)
    again.open((0, 0))
    assert np.array_equal(game.mine, again.mine)
    assert play_game(parse_level("beginner"), random.Random(4)) in (True, False)


def test_off_board_squares_and_unknown_rules_are_refused() -> None:
    with pytest.raises(BadInput, match="off the 9x9 board"):
        Game(parse_level("beginner")).open((9, 0))
    with pytest.raises(BadInput, match="the rules are classic, safe-opening"):
        Game(parse_level("beginner"), "modern")


# --- the advice both screens show -------------------------------------------------------

def test_the_advice_shows_the_probabilities_check_prints() -> None:
    board = parse_board("mines: 5\n??1?\n?21?\n????\n????")
    a = advise(board, probabilities=True)
    assert a.cells == probabilities(board).cells() and a.best is not None


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_the_hint_is_the_move_the_analysers_player_makes(level: str) -> None:
    from minesweeper.analysis.play import _next_moves

    positions: list[Board] = []
    for seed in range(6):
        play_game(parse_level(level), random.Random(seed), look_ahead=True,
                  seen=positions.append, endgame=True)
    assert len(positions) > 20
    for board in positions:
        move = _next_moves(board, True, endgame=True)[0]
        assert advise(board).best == move
        assert advise(board, probabilities=True).best == move


def test_the_screens_give_a_long_exact_chance_as_a_percentage_alone() -> None:
    import re

    from minesweeper.analysis.advice import SHORT_DENOMINATOR, hint

    board = parse_board("mines: 99\n1" + "?" * 29 + ("\n" + "?" * 30) * 15)
    told = hint(board, look_ahead=True, endgame=True)
    assert told.look_ahead is not None
    assert told.look_ahead.survival.denominator > SHORT_DENOMINATOR
    exact = "\n".join(told.lines())
    shown = "\n".join(advise(board).lines)
    assert f"({told.look_ahead.survival})" in exact
    assert not [f for f in re.findall(r"\d+/(\d+)", shown) if int(f) > SHORT_DENOMINATOR]
    assert re.findall(r"\d+\.\d%", shown) == re.findall(r"\d+\.\d%", exact)


def test_a_position_too_entangled_still_gets_its_certain_squares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from minesweeper.interactive import advice as advice_module

    def refuse(_board: object) -> None:
        raise BadInput("too entangled for the exact probabilities")

    monkeypatch.setattr(advice_module, "exact_probabilities", refuse)
    a = advise(parse_board("mines: 1\n1?/1?/.."), probabilities=True)
    assert a.best == (1, 1) and a.cells == {(1, 1): "s", (0, 1): "m"}
    assert "too entangled" in a.note


# --- the terminal -----------------------------------------------------------------------

def _open_by_hint_until_over(tty: testing.PtySession) -> bytes:
    for _ in range(80):
        mark = tty.mark()
        tty.send(b"h")
        assert tty.read_until(b"hint: ", 20, mark), tty.since(mark)[-500:]
        mark = tty.mark()
        tty.send(b" ")
        tty.read_until(b"quit", 20, mark)
        if b"won!" in tty.out[mark:] or b"lost" in tty.out[mark:]:
            return tty.out[mark:]
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_a_whole_game_won_in_a_pseudo_terminal_by_the_hint_key() -> None:
    seed = winning_seed("beginner")
    tty = testing.PtySession("minesweeper", "play", "--interactive", "--level", "beginner",
                             "--seed", str(seed), rows=30, cols=100)
    assert tty.read_until(b"mines left 10")
    end = _open_by_hint_until_over(tty)
    assert b"won!" in end and b"mines left 0" in end
    tty.send(b"q")
    assert tty.wait() == 0


@pytest.mark.slow
def test_typed_squares_flags_and_the_probabilities_in_a_pseudo_terminal() -> None:
    tty = testing.PtySession("minesweeper", "play", "--interactive", "--level", "beginner",
                             "--seed", "2", rows=30, cols=100)
    assert tty.read_until(b"mines left 10")
    tty.send(b"9,9f")                       # a typed square, flagged
    assert tty.read_until(b"mines left 9")
    tty.send(b"5,5\r")                      # a typed square, opened: the game starts
    assert tty.read_until(b"playing")
    mark = tty.mark()
    tty.send(b"p")                          # every covered square's probability
    assert tty.read_until(b"s: safe in every arrangement", 20, mark), tty.since(mark)[-400:]
    mark = tty.mark()
    tty.send(b"0,3\r")
    assert tty.read_until(b"is off the 9x9 board", 10, mark)
    mark = tty.mark()
    tty.send(b"n")                          # a new game: nothing flagged
    assert tty.read_until(b"mines left 10", 20, mark)
    tty.send(b"q")
    assert tty.wait() == 0


@pytest.mark.slow
def test_ctrl_c_leaves_the_terminal_game_with_one_line() -> None:
    tty = testing.PtySession("minesweeper", "play", "--interactive", "--level", "beginner")
    assert tty.read_until(b"mines left 10")
    tty.send(b"\x03")
    assert tty.wait() == 130
    assert "Traceback" not in tty.text


@pytest.mark.slow
def test_a_board_larger_than_the_terminal_is_refused() -> None:
    tty = testing.PtySession("minesweeper", "play", "--interactive", "--level", "60x20x100",
                             rows=24, cols=80)
    assert tty.wait(30) == 2
    assert "needs a terminal of at least 124 columns and 27 lines; this one has 80 and 24" \
        in tty.text.replace("\r\n", " ").replace("  ", " ")


def test_interactive_play_needs_a_terminal() -> None:
    done = subprocess.run([*PROGRAM, "play", "--interactive"], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.PIPE)
    testing.assert_one_line_error(done, "--interactive needs a terminal")
    done = subprocess.run([*PROGRAM, "play", "--interactive", "--json"], capture_output=True,
                          text=True, timeout=60)
    testing.assert_one_line_error(done, "writes no result")


# --- the server -------------------------------------------------------------------------

def _post(url: str, path: str, body: bytes | dict[str, Any]) -> tuple[int, dict[str, Any]]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url + path.lstrip("/"), data),
                                    timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def test_the_server_plays_a_whole_game_by_its_requests() -> None:
    seed = winning_seed("beginner")
    server = make_server(seed=seed)
    app = server.app
    try:
        state = app.new({"level": "beginner"})
        while state["state"] not in ("won", "lost"):
            best = app.advice({"game": state["game"]})["best"]
            state = app.move({"game": state["game"], "action": "open", **best})
        assert state["state"] == "won" and state["mines_left"] == 0
        assert all("?" not in row for row in state["rows"])
    finally:
        server.server_close()


@pytest.mark.parametrize("request_body, words", [
    ({"level": "1001x2x1"}, "each side must be 1 to 1000"),
    ({"level": "200x200x10"}, "up to 100x100"),
    ({"level": "beginner", "rules": "modern"}, "the rules are classic, safe-opening"),
])
def test_the_server_refuses_games_it_cannot_show(request_body: dict[str, Any],
                                                 words: str) -> None:
    server = make_server()
    try:
        with pytest.raises(BadInput, match=words):
            server.app.new(request_body)
    finally:
        server.server_close()


def test_the_server_binds_this_machine_alone_unless_asked() -> None:
    for host in ("0.0.0.0", "::", "192.0.2.1"):
        with pytest.raises(BadInput, match="--allow-remote"):
            make_server(host)
    done = subprocess.run([*PROGRAM, "serve", "--host", "0.0.0.0"], capture_output=True,
                          text=True, timeout=60)
    testing.assert_one_line_error(done, "--host 0.0.0.0 lets other machines")


@pytest.mark.slow
def test_the_server_stays_up_under_bad_requests() -> None:
    import socket

    with subprocess.Popen([*PROGRAM, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as proc:
        try:
            assert proc.stdout is not None
            url = proc.stdout.readline().strip()
            assert url.startswith("http://127.0.0.1:")
            host, port = url[7:].rstrip("/").split(":")
            bad: list[tuple[str, bytes | dict[str, Any], int, str]] = [
                ("/api/new", b"{not json", 400, "not JSON"),
                ("/api/new", b"[1, 2]", 400, "a JSON object"),
                ("/api/new", b"\xff\xfe", 400, "not JSON"),
                ("/api/new", {"level": "9x9x81"}, 400, "leave no square"),
                ("/api/move", {"game": "nope", "action": "open", "x": 1, "y": 1}, 400,
                 "no such game"),
                ("/api/analyse", {"position": "1?x"}, 400, ""),
                ("/api/analyse", {"position": 7}, 400, "no position given"),
                ("/api/nothing", {}, 404, "no such request"),
            ]
            for path, body, status, words in bad:
                code, answer = _post(url, path, body)
                assert code == status and words in answer.get("error", ""), (path, answer)
            state = _post(url, "/api/new", {"level": "beginner"})[1]
            for move in ({"action": "dig", "x": 1, "y": 1}, {"action": "open", "x": 0, "y": 1},
                         {"action": "open", "x": "1", "y": 1}, {"action": "open", "x": True,
                                                                "y": 1}):
                code, answer = _post(url, "/api/move", {"game": state["game"], **move})
                assert code == 400 and answer["error"], move
            # a body over the limit, a length that lies, a request that is not HTTP
            for raw in (f"POST /api/new HTTP/1.1\r\nContent-Length: {MAX_BODY + 1}\r\n\r\n",
                        "POST /api/new HTTP/1.1\r\nContent-Length: x\r\n\r\n",
                        "\x00\x01garbage\r\n\r\n", "GET /" + "a" * 70000 + " HTTP/1.1\r\n\r\n"):
                with socket.create_connection((host, int(port)), timeout=30) as s:
                    s.sendall(raw.encode())
                    s.shutdown(socket.SHUT_WR)
                    s.recv(4096)
            with socket.create_connection((host, int(port)), timeout=30) as s:
                s.sendall(b"POST /api/new HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
            with urllib.request.urlopen(url, timeout=60) as r:       # still up
                assert r.status == 200 and b"<title>Minesweeper" in r.read()
            assert _post(url, "/api/new", {"level": "expert"})[1]["mines_left"] == 99
        finally:
            proc.terminate()
            proc.wait(30)
        assert proc.stderr is not None
        err = proc.stderr.read()
        assert "Traceback" not in err, err


@pytest.mark.slow
def test_serve_writes_its_address_to_a_file_or_as_json(tmp_path: Path) -> None:
    import time

    with subprocess.Popen([*PROGRAM, "serve", "-q", "-o", "address.json"], cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            written = tmp_path / "address.json"
            deadline = time.monotonic() + 60
            while not written.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            url = json.loads(written.read_text())["url"]
            with urllib.request.urlopen(url, timeout=60) as r:
                assert r.status == 200
        finally:
            proc.terminate()
            out, err = proc.communicate(timeout=30)
        assert out == "" and err == ""                # -q: nothing on standard error
    with subprocess.Popen([*PROGRAM, "serve", "--json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None
            lines = [proc.stdout.readline() for _ in range(3)]
            assert json.loads("".join(lines))["url"].startswith("http://127.0.0.1:")
        finally:
            proc.terminate()
            proc.wait(30)
