"""A page to play Minesweeper in the browser with the analyser beside you, served by
this machine (``minesweeper serve``): the standard library's threading HTTP server, on
127.0.0.1 unless asked otherwise.

The page computes nothing itself: every move and every piece of advice is a request.

- ``GET /``: the page;
- ``POST /api/new`` ``{"level": "expert" | "WxHxM", "rules": "classic" | "safe-opening"}``:
  a new game, its state;
- ``POST /api/move`` ``{"game": ID, "action": "open" | "flag" | "chord", "x": X, "y": Y}``
  (squares from 1, column then row): the state after the move;
- ``POST /api/advice`` ``{"game": ID, "probabilities": true | false}``: the hint (and
  every covered square's probability) on what the player sees;
- ``POST /api/analyse`` ``{"position": TEXT, "probabilities": true | false}``: the same
  for a position given as text (the board files ``minesweeper check`` reads).

Answers are JSON; a bad request is answered ``400`` with ``{"error": ...}`` and the
server goes on.

>>> server = make_server(seed=1)
>>> state = server.app.new({"level": "beginner"})
>>> state["state"], state["mines_left"], len(state["rows"])
('ready', 10, 9)
>>> server.app.move({"game": state["game"], "action": "open", "x": 5, "y": 5})["state"]
'playing'
>>> server.server_close()
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import socket
import threading
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from ..analysis.game import RULES, Game, Level, parse_level
from ..base.board import Board, format_board, parse_board
from ..base.errors import BadInput
from .advice import advise

#: The largest request body taken (a pasted position included).
MAX_BODY = 4 << 20
#: The largest board of a game on the page (a side).
MAX_SIDE = 100
#: The games kept at once; the oldest goes when a new one would pass this.
MAX_GAMES = 200
#: The hosts that are this machine alone.
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine alone (a loopback address or ``localhost``).

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def position_text(board: Board) -> str:
    """A position as the board files read by ``minesweeper check`` write it.

    >>> position_text(parse_board("mines: 2\\n1?/??"))
    'mines: 2\\n1?\\n??\\n'
    """
    head = f"mines: {board.total}\n" if board.total is not None else ""
    return head + format_board(board) + "\n"


class Games:
    """The games being played and the answers to the page's requests (each takes the
    request's JSON object and gives the answer's; bad input is a
    :class:`~minesweeper.base.errors.BadInput`). Game ``k`` (from 0) of a server started
    with a ``seed`` is dealt from ``seed + k``; without one, at random."""

    def __init__(self, seed: int | None = None) -> None:
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()
        self._seed = seed
        self._made = 0

    def new(self, request: dict[str, Any]) -> dict[str, object]:
        """A new game of ``level`` (default expert) under ``rules`` (default classic)."""
        level = parse_level(str(request.get("level", "expert")))
        if level.width > MAX_SIDE or level.height > MAX_SIDE:
            raise BadInput(f"level {level.name}: the page plays boards of up to "
                           f"{MAX_SIDE}x{MAX_SIDE} squares")
        rules = str(request.get("rules", "classic"))
        if rules not in RULES:
            raise BadInput(f"rules {rules!r}: the rules are {', '.join(RULES)}")
        with self._lock:
            seed = None if self._seed is None else self._seed + self._made
            self._made += 1
            ident = f"g{self._made}-{secrets.token_hex(4)}"
            self._games[ident] = Game(level, rules, seed)
            while len(self._games) > MAX_GAMES:
                self._games.popitem(last=False)
        return self._state(ident)

    def move(self, request: dict[str, Any]) -> dict[str, object]:
        """Open, flag or chord a square of a game."""
        ident, game = self._game(request)
        square = _square(request, game.level)
        action = request.get("action")
        with self._lock:
            if action == "open":
                game.open(square)
            elif action == "flag":
                game.flag(square)
            elif action == "chord":
                game.chord(square)
            else:
                raise BadInput(f"action {action!r}: the actions are open, flag and chord")
        return self._state(ident)

    def advice(self, request: dict[str, Any]) -> dict[str, object]:
        """The hint, and with ``probabilities`` every covered square's, on a game."""
        _, game = self._game(request)
        with self._lock:
            position = game.position()
        return advise(position, bool(request.get("probabilities"))).to_json()

    def analyse(self, request: dict[str, Any]) -> dict[str, object]:
        """The hint and probabilities on a position given as text."""
        text = request.get("position")
        if not isinstance(text, str) or not text.strip():
            raise BadInput("no position given: paste a board, such as '?1?/???'")
        board = parse_board(text)
        if board.width > MAX_SIDE or board.height > MAX_SIDE:
            raise BadInput(f"the page shows boards of up to {MAX_SIDE}x{MAX_SIDE} squares; "
                           f"this one is {board.width}x{board.height} (use minesweeper "
                           "check --probabilities)")
        rows = format_board(board).splitlines()
        return {"rows": rows, "width": board.width, "height": board.height,
                "mines": board.total, "position": position_text(board),
                "advice": advise(board, bool(request.get("probabilities", True))).to_json()}

    def _game(self, request: dict[str, Any]) -> tuple[str, Game]:
        ident = request.get("game")
        game = self._games.get(ident) if isinstance(ident, str) else None
        if game is None:
            raise BadInput("no such game (the server keeps the last "
                           f"{MAX_GAMES}): start a new one")
        return str(ident), game

    def _state(self, ident: str) -> dict[str, object]:
        game = self._games[ident]
        level = game.level
        return {"game": ident, "level": level.name, "width": level.width,
                "height": level.height, "mines": level.mines, "rules": game.rules,
                "state": game.state, "rows": game.view(), "mines_left": game.mines_left,
                "seconds": round(game.seconds, 1),
                "exploded": None if game.exploded is None else
                [game.exploded[1] + 1, game.exploded[0] + 1],
                "position": position_text(game.position())}


def _square(request: dict[str, Any], level: Level) -> tuple[int, int]:
    x, y = request.get("x"), request.get("y")
    if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool) or \
            isinstance(y, bool):
        raise BadInput("a square is given as whole numbers x (column) and y (row), from 1")
    if not (1 <= x <= level.width and 1 <= y <= level.height):
        raise BadInput(f"({x}, {y}) is off the {level.width}x{level.height} board")
    return (y - 1, x - 1)


def page() -> bytes:
    """The page, one self-contained HTML file (its style and script inside)."""
    return resources.files(__package__).joinpath("page.html").read_bytes()


class _Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "minesweeper"
    protocol_version = "HTTP/1.1"
    timeout = 30

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Requests are not logged: the terminal shows only the address."""

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value: object) -> None:
        self._send(status, json.dumps(value).encode(), "application/json")

    def do_GET(self) -> None:  # noqa: N802 - the base's name
        if self.path.split("?")[0] in ("/", "/index.html"):
            self._send(HTTPStatus.OK, page(), "text/html; charset=utf-8")
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no page {self.path[:100]!r}"})

    do_HEAD = do_GET

    def do_POST(self) -> None:  # noqa: N802 - the base's name
        routes = {"/api/new": self.server.app.new, "/api/move": self.server.app.move,
                  "/api/advice": self.server.app.advice,
                  "/api/analyse": self.server.app.analyse}
        route = routes.get(self.path)
        if route is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such request {self.path[:100]!r}"})
            return
        try:
            length = int(self.headers.get("Content-Length") or "")
        except ValueError:
            self.close_connection = True
            self._json(HTTPStatus.LENGTH_REQUIRED, {"error": "a request needs its length"})
            return
        if not 0 <= length <= MAX_BODY:
            self.close_connection = True
            self._json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                       {"error": f"a request holds at most {MAX_BODY >> 20} MiB"})
            return
        try:
            body = self.rfile.read(length)
            request = json.loads(body)
            if not isinstance(request, dict):
                raise BadInput("a request is a JSON object")
            answer = route(request)
        except (BadInput, ValueError, UnicodeDecodeError) as exc:
            message = str(exc) if isinstance(exc, BadInput) else f"not JSON: {exc}"
            self._json(HTTPStatus.BAD_REQUEST, {"error": message})
            return
        except MemoryError:
            self._json(HTTPStatus.INSUFFICIENT_STORAGE,
                       {"error": "this machine ran out of memory for that request"})
            return
        except (ConnectionError, TimeoutError):
            raise
        except Exception as exc:  # a fault of this program: said, and the server goes on
            self.server.said(f"a request to {self.path} failed: {type(exc).__name__}: {exc}")
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR,
                       {"error": f"the analyser failed on this request ({type(exc).__name__})"})
            return
        self._json(HTTPStatus.OK, answer)


class Server(ThreadingHTTPServer):
    """The HTTP server of the page, with its games (``app``)."""

    daemon_threads = True
    allow_reuse_address = False

    def __init__(self, address: tuple[str, int], seed: int | None = None) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.app = Games(seed)
        super().__init__(address, _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away, or a request that timed out, is no event; any other
        failure is one line on standard error, and the server goes on."""
        import sys

        exc = sys.exc_info()[1]
        if not isinstance(exc, ConnectionError | TimeoutError):
            self.said(f"a request failed: {type(exc).__name__}: {exc}")

    @staticmethod
    def said(line: str) -> None:
        """One line on standard error."""
        import sys

        print(f"minesweeper: {line}", file=sys.stderr, flush=True)

    @property
    def url(self) -> str:
        """The page's address."""
        host, port = str(self.server_address[0]), int(self.server_address[1])
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"


def make_server(host: str = "127.0.0.1", port: int = 0, seed: int | None = None,
                allow_remote: bool = False) -> Server:
    """The page's server, bound to ``host`` and ``port`` (0: a free port); a host that
    is not this machine alone is refused unless ``allow_remote``.

    >>> make_server("0.0.0.0")
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: --host 0.0.0.0 lets other machines play and read \
this server; give --allow-remote to mean it
    """
    if not allow_remote and not is_loopback(host):
        raise BadInput(f"--host {host} lets other machines play and read this server; "
                       "give --allow-remote to mean it")
    if not 0 <= port <= 65535:
        raise BadInput(f"--port {port}: a port is 0 (a free one) to 65535")
    try:
        return Server((host, port), seed)
    except OSError as exc:
        why = exc.strerror if isinstance(exc.strerror, str) else str(exc)
        raise BadInput(f"cannot serve on {host} port {port}: {why}") from None
