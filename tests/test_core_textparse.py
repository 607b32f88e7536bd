"""The C one-pass number parser against a readable Python parser, the number writer
against Python's own formatting, and their argument checks."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.kernels import textparse as tp
from nqueens.kernels.textparse import parse_uints, token_offset

LIMIT = 2**62
TOKEN = re.compile(rb"[^ \t\n\r,\v\f]+")


def readable_parse(data: bytes, cap: int) -> tuple[list[int], int]:
    """The numbers of ``data`` (at most ``cap``) and the offset of the token that stopped
    the parse, or -1."""
    values: list[int] = []
    for m in TOKEN.finditer(data):
        body = m.group()[1:] if m.group().startswith(b"+") else m.group()
        if not re.fullmatch(rb"[0-9]+", body) or len(values) >= cap:
            return values, m.start()
        values.append(min(int(body), LIMIT))
    return values, -1


TEXT = st.lists(st.sampled_from([b"0", b"1", b"7", b"9" * 19, b"9" * 25, b"4611686018427387904",
                                 b"4611686018427387903", b"4611686018427387905", b"+", b"-",
                                 b"x", b"\xff", b" ", b"\t", b"\n", b"\r\n", b",", b"\v", b"\f",
                                 b"  "]),
                max_size=40).map(b"".join)


@given(data=TEXT, cap=st.integers(0, 30))
def test_the_kernel_parses_as_the_readable_parser(data: bytes, cap: int) -> None:
    out = np.full(cap, -7, dtype=np.int64)
    count, bad = parse_uints(np.frombuffer(data, dtype=np.uint8), out)
    values, where = readable_parse(data, cap)
    assert (count, bad) == (len(values), where)
    assert out[:count].tolist() == values
    assert (out[count:] == -7).all()  # nothing written past the numbers


@given(data=TEXT, k=st.integers(-2, 45))
def test_token_offsets_are_where_the_tokens_start(data: bytes, k: int) -> None:
    starts = [m.start() for m in TOKEN.finditer(data)]
    assert token_offset(np.frombuffer(data, dtype=np.uint8), k) == (
        starts[k] if 0 <= k < len(starts) else -1)


def test_huge_values_are_clipped_never_wrapped() -> None:
    out = np.zeros(4, dtype=np.int64)
    data = b"18446744073709551617 " + b"9" * 5000 + b" 4611686018427387904 3"
    assert parse_uints(data, out) == (4, -1)
    assert out.tolist() == [LIMIT, LIMIT, LIMIT, 3]


def test_one_number_more_than_out_holds_stops_at_that_number() -> None:
    out = np.zeros(2, dtype=np.int64)
    assert parse_uints(b"1 2  3", out) == (2, 5)
    assert parse_uints(b"1 2 ,,", out) == (2, -1)


def test_bytes_and_arrays_of_any_shape_are_read() -> None:
    out = np.zeros((2, 2), dtype=np.int64)
    assert parse_uints(np.frombuffer(b"4 3 2 1", np.uint8).reshape(1, 7), out) == (4, -1)
    assert out.ravel().tolist() == [4, 3, 2, 1]
    assert token_offset(b"", 0) == -1 and parse_uints(b"", out) == (0, -1)


@pytest.mark.parametrize(("buf", "out", "error"), [
    (np.zeros(4, np.int64), np.zeros(4, np.int64), TypeError),
    (np.frombuffer(b"1 2 3 4", np.uint8)[::2], np.zeros(4, np.int64), TypeError),
    ("1 2 3", np.zeros(4, np.int64), TypeError),
    (b"1 2", np.zeros(4, np.int32), TypeError),
    (b"1 2", np.zeros(4, np.uint64), TypeError),
    (b"1 2", bytearray(32), TypeError),
], ids=["int64-buf", "strided-buf", "str-buf", "int32-out", "uint64-out", "bytes-out"])
def test_bad_arguments_raise(buf: object, out: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_uints(buf, out)  # type: ignore[arg-type]


def test_a_read_only_out_is_refused() -> None:
    out = np.zeros(4, np.int64)
    out.flags.writeable = False
    with pytest.raises(TypeError, match="writable"):
        parse_uints(b"1 2", out)
    with pytest.raises(TypeError):
        token_offset(np.zeros(3, np.int32), 0)  # type: ignore[arg-type]


# ---- the writer -------------------------------------------------------------------


@given(st.lists(st.integers(min_value=0, max_value=2**31 - 2), max_size=300),
       st.sampled_from([np.int32, np.int64]), st.integers(min_value=21, max_value=200))
@settings(max_examples=200, deadline=None)
def test_the_writer_joins_chunks_into_the_text_python_writes(
        values: list[int], dtype: type, room: int) -> None:
    arr = np.array(values, dtype=dtype)
    out = bytearray(room)
    text = b""
    start = 0
    while start < len(values):
        stop, written = tp.format_uints(arr, start, 1, out)
        assert stop > start  # 21 bytes always hold one more number
        text += bytes(out[:written])
        start = stop
    assert text == " ".join(str(v + 1) for v in values).encode()


def test_the_writer_covers_the_widest_numbers() -> None:
    big = np.array([0, 2**62, 2**63 - 2], dtype=np.int64)
    out = bytearray(100)
    stop, written = tp.format_uints(big, 0, 1, out)
    assert (stop, bytes(out[:written])) == (3, b"1 4611686018427387905 9223372036854775807")


def test_the_writer_refuses_what_it_cannot_write() -> None:
    out = bytearray(64)
    with pytest.raises(ValueError, match="value 1 plus 1 is negative"):
        tp.format_uints(np.array([3, -2], dtype=np.int64), 0, 1, out)
    with pytest.raises(ValueError, match="too large"):
        tp.format_uints(np.array([2**63 - 1], dtype=np.int64), 0, 1, out)
    with pytest.raises(ValueError, match="start 3 is outside the 2 values"):
        tp.format_uints(np.array([1, 2], dtype=np.int64), 3, 1, out)
    with pytest.raises(TypeError, match="int32 or int64"):
        tp.format_uints(np.array([1.0, 2.0]), 0, 1, out)
    with pytest.raises(TypeError, match="writable"):
        tp.format_uints(np.array([1, 2], dtype=np.int64), 0, 1, b"read only bytes" * 4)
    assert tp.format_uints(np.array([1, 2], dtype=np.int64), 0, 1, bytearray(20)) == (0, 0)
