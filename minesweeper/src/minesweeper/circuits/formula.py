"""Boolean formulas: a small expression language and DIMACS CNF.

Expressions use named variables, ``not``/``!``/``~``, ``and``/``&``, ``or``/``|`` and
``nor``, with parentheses; ``and`` binds tighter than ``or`` and ``nor`` (which are read
left to right).  The function forms ``NOT(a)``, ``AND(a, b, ...)``, ``OR(a, b, ...)`` and
``NOR(a, b)`` are accepted as well.

>>> f = parse_formula("a and not (b or c)")
>>> sorted(variables(f))
['a', 'b', 'c']
>>> evaluate(f, {"a": True, "b": False, "c": False})
True
>>> evaluate(parse_dimacs("p cnf 2 2\\n1 2 0\\n-1 0\\n"), {"x1": False, "x2": True})
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from puzzleshell.text import printable

from ..base.errors import BadInput
from ..base.words import plural


@dataclass(frozen=True)
class Var:
    """A named variable."""

    name: str


@dataclass(frozen=True)
class Not:
    """Negation."""

    arg: Formula


@dataclass(frozen=True)
class Op:
    """``and``, ``or`` or ``nor`` of two or more arguments (``nor`` of exactly two)."""

    kind: str
    args: tuple[Formula, ...]


Formula = Var | Not | Op

_KEYWORDS = {"and", "or", "nor", "not"}

#: The deepest nesting a formula may have (parentheses, ``not``, chains of ``nor``):
#: the formula is walked recursively when it is laid out or evaluated.  A chain of
#: ``and`` or ``or`` is one level, however long.
MAX_DEPTH = 200
#: The most variables and clauses a DIMACS header may declare (every declared variable
#: gets a lane of the board, each clause a row of gadgets).
MAX_DIMACS_VARIABLES = 100_000
MAX_DIMACS_CLAUSES = 100_000
#: The most literals a DIMACS file may hold, all clauses together (refused as soon as
#: the count passes it: the file is read in one pass, a line at a time).
MAX_DIMACS_LITERALS = 400_000
#: The most names and symbols an expression may hold (a board laid out from one is far
#: smaller: every occurrence of a variable crosses lanes), the longest name, and the most
#: distinct variables (as a DIMACS header may declare).  An expression beyond them is
#: refused in one line while it is read, before any work that grows faster than its
#: length: reading is linear, one pass over the text.
MAX_TOKENS = 100_000
MAX_NAME = 255
MAX_VARIABLES = MAX_DIMACS_VARIABLES
#: One token: a name, a symbol, or any other character (refused).
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[()!~&|,\-]|\S")
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")


def evaluate(f: Formula, values: dict[str, bool]) -> bool:
    """Value of a formula under an assignment.

    >>> evaluate(parse_formula("x nor y"), {"x": False, "y": False})
    True
    """
    if isinstance(f, Var):
        return values[f.name]
    if isinstance(f, Not):
        return not evaluate(f.arg, values)
    vals = [evaluate(a, values) for a in f.args]
    if f.kind == "and":
        return all(vals)
    if f.kind == "or":
        return any(vals)
    return not any(vals)


def random_cnf(n: int, m: int, rng: random.Random) -> Formula:
    """``m`` random clauses, each of three distinct variables ``x1 .. xn`` (``n >= 3``),
    each negated or not with even chances: the formulas the benchmarks and tests build
    boards from.

    >>> to_text(random_cnf(4, 2, random.Random(1)))
    '((x2 or x3 or x1) and (x4 or not x1 or x3))'
    """
    clauses: list[Formula] = []
    for _ in range(m):
        lits: list[Formula] = []
        for v in rng.sample(range(1, n + 1), 3):
            lits.append(Var(f"x{v}") if rng.random() < 0.5 else Not(Var(f"x{v}")))
        clauses.append(Op("or", tuple(lits)))
    return Op("and", tuple(clauses))


def variables(f: Formula) -> set[str]:
    """Names of the variables that occur.

    >>> sorted(variables(parse_formula("b | a & b")))
    ['a', 'b']
    """
    if isinstance(f, Var):
        return {f.name}
    if isinstance(f, Not):
        return variables(f.arg)
    out: set[str] = set()
    for a in f.args:
        out |= variables(a)
    return out


def to_text(f: Formula) -> str:
    """A fully parenthesised text form that :func:`parse_formula` reads back.

    >>> to_text(parse_formula("a & !b | c"))
    '((a and not b) or c)'
    """
    if isinstance(f, Var):
        return f.name
    if isinstance(f, Not):
        return f"not {to_text(f.arg)}"
    return "(" + f" {f.kind} ".join(to_text(a) for a in f.args) + ")"


class _Parser:
    """A recursive descent over tokens read as they are needed, one pass of a regular
    expression that never looks back: linear in the text, and a formula that passes a
    limit (:data:`MAX_TOKENS`, :data:`MAX_NAME`, :data:`MAX_VARIABLES`,
    :data:`MAX_DEPTH`) is refused where it passes it, before the rest is read."""

    def __init__(self, text: str):
        self.text = text
        self.tokens: list[tuple[str, int]] = []
        self.scan = _TOKEN.finditer(text)
        self.names: set[str] = set()
        self.ended = False
        self.i = 0
        self.depth = 0

    def token(self, k: int) -> tuple[str, int] | None:
        """Token ``k`` (text, column), read when first needed; None past the end."""
        while len(self.tokens) <= k:
            if self.ended:
                return None
            m = next(self.scan, None)
            if m is None:
                self.ended = True
                return None
            tok, col = m.group(), m.start() + 1
            if tok[0] in _NAME_START:
                self.named(tok, col)
            elif len(tok) == 1 and tok not in "()!~&|,-":
                raise BadInput(f"unexpected character {tok!r} in the formula", 1, col)
            if len(self.tokens) == MAX_TOKENS:
                raise BadInput(f"the formula has more than {MAX_TOKENS:,} names and symbols "
                               "(a board laid out from it would be far larger than a board "
                               "is read up to)", 1, col)
            self.tokens.append((tok, col))
        return self.tokens[k]

    def named(self, tok: str, col: int) -> None:
        """Count a name among the variables (refused past the limits)."""
        if len(tok) > MAX_NAME:
            raise BadInput(f"a name of {len(tok):,} characters: names are at most "
                           f"{MAX_NAME} long", 1, col)
        if tok in self.names or tok.lower() in _KEYWORDS:
            return
        if len(self.names) == MAX_VARIABLES:
            raise BadInput(f"the formula has more than {MAX_VARIABLES:,} variables (each "
                           "gets a lane of the board)", 1, col)
        self.names.add(tok)

    def deeper(self) -> None:
        """One more level of nesting (refused past :data:`MAX_DEPTH`)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise BadInput(f"the formula nests more than {MAX_DEPTH} levels deep", 1,
                           self.col())

    def peek(self) -> str | None:
        t = self.token(self.i)
        return None if t is None else t[0]

    def col(self) -> int:
        t = self.token(self.i)
        return len(self.text) + 1 if t is None else t[1]

    def take(self) -> str:
        t = self.token(self.i)
        assert t is not None
        self.i += 1
        return t[0]

    def expect(self, tok: str) -> None:
        if self.peek() != tok:
            found = self.peek()
            what = "the end" if found is None else repr(found)
            raise BadInput(f"expected {tok!r} but found {what}", 1, self.col())
        self.take()

    def parse(self) -> Formula:
        if self.token(0) is None:
            raise BadInput("the formula is empty")
        f = self.expr()
        if self.peek() is not None:
            raise BadInput(f"unexpected {self.peek()!r} after the formula", 1, self.col())
        if depth(f) > MAX_DEPTH:
            raise BadInput(f"the formula nests more than {MAX_DEPTH} levels deep (a chain "
                           "of nor counts one level a nor)")
        return f

    def expr(self) -> Formula:
        # a chain of or is one Op (a long chain is not a deep tree); nor is read left to
        # right: (a or b) nor c
        args = [self.term()]
        while (self.peek() or "").lower() in ("or", "|", "nor"):
            op = self.take().lower()
            g = self.term()
            if op == "nor":
                args = [Op("nor", (_joined("or", args), g))]
            else:
                args.append(g)
        return _joined("or", args)

    def term(self) -> Formula:
        args = [self.factor()]
        while (self.peek() or "").lower() in ("and", "&"):
            self.take()
            args.append(self.factor())
        return _joined("and", args)

    def factor(self) -> Formula:
        tok = self.peek()
        if tok is None:
            raise BadInput("the formula ends too early", 1, self.col())
        low = tok.lower()
        if low in ("not", "!", "~", "-"):
            col = self.col()
            self.deeper()
            self.take()
            if low == "not" and self.peek() == "(" and tok.isupper():
                f: Formula = Not(self.call_args(col, 1, 1)[0])
            else:
                f = Not(self.factor())
            self.depth -= 1
            return f
        if tok == "(":
            self.deeper()
            self.take()
            f = self.expr()
            self.expect(")")
            self.depth -= 1
            return f
        if low in ("and", "or", "nor") and (self.token(self.i + 1) or ("",))[0] == "(":
            col = self.col()
            self.deeper()
            self.take()
            args = self.call_args(col, 2, 2 if low == "nor" else 10**9)
            self.depth -= 1
            return Op(low, tuple(args))
        if low in _KEYWORDS or not (tok[0].isalpha() or tok[0] == "_"):
            raise BadInput(f"expected a variable, 'not' or '(' but found {tok!r}", 1,
                           self.col())
        self.take()
        return Var(tok)

    def call_args(self, col: int, least: int, most: int) -> list[Formula]:
        self.expect("(")
        args = [self.expr()]
        while self.peek() == ",":
            self.take()
            args.append(self.expr())
        self.expect(")")
        if not least <= len(args) <= most:
            raise BadInput(f"wrong number of arguments ({len(args)})", 1, col)
        return args


def _joined(kind: str, args: list[Formula]) -> Formula:
    return args[0] if len(args) == 1 else Op(kind, tuple(args))


def depth(f: Formula) -> int:
    """How deeply ``f`` nests (a variable: 0), found without recursion.

    >>> depth(parse_formula("a or b or c")), depth(parse_formula("not (a nor b) nor c"))
    (1, 3)
    """
    deepest = 0
    todo: list[tuple[Formula, int]] = [(f, 0)]
    while todo:
        g, d = todo.pop()
        deepest = max(deepest, d)
        if isinstance(g, Not):
            todo.append((g.arg, d + 1))
        elif isinstance(g, Op):
            todo.extend((a, d + 1) for a in g.args)
    return deepest


def parse_formula(text: str) -> Formula:
    """Read an expression (see the module notes).

    >>> to_text(parse_formula("NOR(a, AND(b, c, d))"))
    '(a nor (b and c and d))'
    >>> parse_formula("a and")
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: line 1, column 6: the formula ends too early
    >>> parse_formula("(" * 400 + "a" + ")" * 400)
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: line 1, column 201: the formula nests more than 200 ...
    """
    return _Parser(text).parse()


def parse_dimacs(text: str) -> Formula:
    """Read a DIMACS CNF file; variable ``k`` is named ``xk``.

    >>> to_text(parse_dimacs("c example\\np cnf 3 2\\n1 -3 0\\n2 0\\n"))
    '((x1 or not x3) and x2)'
    """
    return read_dimacs(text)[0]


_LITERAL = re.compile(r"-?[0-9]{1,12}")


def _plain_literals(tokens: list[str], declared: int) -> list[int] | None:
    """The literals of a line when every token is one (of at most 12 digits, none
    above the ``declared`` variables); None when a token needs the careful reading,
    which says where it is wrong."""
    if not all(map(_LITERAL.fullmatch, tokens)):
        return None
    lits = list(map(int, tokens))
    if lits and (max(lits) > declared or -min(lits) > declared):
        return None
    return lits


def read_dimacs(text: str) -> tuple[Formula, list[str]]:
    """Read a DIMACS CNF file: the formula and the names of every declared variable,
    ``x1`` to ``xn`` (``n`` from the header), including those no clause mentions.

    An empty clause (false whatever the values) is read as the two clauses ``x1`` and
    ``not x1``, which are false together: the same unsatisfiable formula, in a form
    that can be laid out (a file that declares no variable gets ``x1`` for this).

    >>> f, names = read_dimacs("p cnf 3 1\\n1 0\\n")
    >>> to_text(f), names
    ('x1', ['x1', 'x2', 'x3'])
    >>> f, names = read_dimacs("p cnf 2 2\\n1 2 0\\n0\\n")
    >>> to_text(f), names
    ('((x1 or x2) and x1 and not x1)', ['x1', 'x2'])
    """
    header: tuple[int, int] | None = None
    clauses: list[list[int]] = []
    current: list[int] = []
    literals = 0
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("c") or line.startswith("%"):
            continue
        if line.startswith("p"):
            parts = line.split()
            if header is not None:
                raise BadInput("a second 'p cnf' line", line_no, 1)
            if len(parts) != 4 or parts[1] != "cnf" or not all(
                    p.isdigit() and p.isascii() for p in parts[2:]):
                raise BadInput("the header must read 'p cnf VARIABLES CLAUSES'", line_no, 1)
            if len(parts[2]) > 9 or int(parts[2]) > MAX_DIMACS_VARIABLES:
                raise BadInput(f"the header declares more than {MAX_DIMACS_VARIABLES:,} "
                               "variables (each gets a lane of the board)", line_no, 1)
            if len(parts[3]) > 9 or int(parts[3]) > MAX_DIMACS_CLAUSES:
                raise BadInput(f"the header declares more than {MAX_DIMACS_CLAUSES:,} clauses",
                               line_no, 1)
            header = (int(parts[2]), int(parts[3]))
            continue
        if header is None:
            raise BadInput("clauses before the 'p cnf' line", line_no, 1)
        tokens = raw.split()
        literals += len(tokens)
        if literals > MAX_DIMACS_LITERALS + len(clauses) + 1:
            raise BadInput(f"the file holds more than {MAX_DIMACS_LITERALS:,} literals",
                           line_no, 1)
        if len(clauses) > header[1]:
            raise BadInput(f"more clauses than the {header[1]:,} the header declares",
                           line_no, 1)
        fast = _plain_literals(tokens, header[0])
        if fast is not None:            # a line of plain literals: read in bulk
            for value in fast:
                if value == 0:
                    clauses.append(current)
                    current = []
                else:
                    current.append(value)
            continue
        col = 1
        for tok in tokens:
            col = raw.index(tok, col - 1) + 1
            if len(tok) > 12 or not tok.lstrip("-").isascii():
                lit = None
            else:
                try:
                    lit = int(tok)
                except ValueError:
                    lit = None
            if lit is None:
                raise BadInput(f"{printable(repr(tok), 40)} is not a literal", line_no, col)
            if abs(lit) > header[0]:
                raise BadInput(f"variable {abs(lit)} is above the {header[0]} declared",
                               line_no, col)
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                current.append(lit)
            col += len(tok)
    if header is None:
        raise BadInput("no 'p cnf' line: not a DIMACS CNF file")
    if current:
        clauses.append(current)
    if not clauses:
        raise BadInput("the file has no clauses")
    if len(clauses) != header[1]:
        raise BadInput(f"{plural(len(clauses), 'clause')} where the header declares "
                       f"{header[1]}")
    declared = header[0]
    if any(not c for c in clauses):
        # false whatever the values: the same as the pair of clauses x1 and not x1
        clauses = [c for c in clauses if c] + [[1], [-1]]
        declared = max(declared, 1)

    made: dict[int, Formula] = {}         # one object for each literal, however often

    def lit_formula(lit: int) -> Formula:
        f = made.get(lit)
        if f is None:
            v = Var(f"x{abs(lit)}")
            f = made[lit] = v if lit > 0 else Not(v)
        return f

    conj: list[Formula] = [
        lit_formula(c[0]) if len(c) == 1 else Op("or", tuple(lit_formula(x) for x in c))
        for c in clauses]
    names = [f"x{k}" for k in range(1, declared + 1)]
    return (conj[0] if len(conj) == 1 else Op("and", tuple(conj))), names
