"""What the tests of a program of this shell hold its commands to, written once.

A program's own tests call these with its own commands: a signal ends a long
computation at once (:func:`interrupt`, :func:`assert_ended`), also during start-up
(:func:`signal_during_start_up`); an error is one line with exit 2
(:func:`assert_one_line_error`); any input, however hostile, is answered in one line
and bounded memory (:func:`hostile_inputs`, :func:`judge`, :func:`run_bounded`), and
a reader waiting for input ends at once on a signal (:func:`signal_while_waiting`).
Needs Linux's ``/proc`` to see a program's work begin; the fuzzing needs hypothesis.

>>> assert_one_line_error(subprocess.CompletedProcess([], 2, "", "demo: error: no\\n"), "no")
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import resource
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: The most CPU seconds a program may spend after a signal before it has ended: it
#: stops within a second of Ctrl-C or SIGTERM. CPU time, not wall-clock time, so that a
#: busy machine that leaves the program waiting does not count against it (a program
#: that ignored the signal would go on computing; one that hung is caught by a timeout).
DEADLINE = 1.0


def program(name: str) -> list[str]:
    """The command that runs the installed program ``name``: its console script, else
    ``python -m name``.

    >>> program("python-has-no-such-program")[1:]
    ['-m', 'python-has-no-such-program']
    """
    exe = shutil.which(name, path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", name]


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (the solvers run in a child), running or
    finished, in seconds.

    >>> cpu_seconds(os.getpid()) > 0
    True
    """
    total = 0.0
    pids = [pid]
    try:
        pids += [int(p) for p in
                 Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # utime, stime, and cutime, cstime: those of the children it has waited for
        total += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


def handlers_installed(pid: int) -> bool:
    """Whether process ``pid`` has its own SIGTERM handler yet (Python sets only
    SIGINT's).

    >>> handlers_installed(os.getpid()) in (True, False)
    True
    """
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    except OSError:
        pass
    return False


_STARTUP: dict[tuple[str, ...], float] = {}


def start_up_seconds(args: list[str]) -> float:
    """CPU seconds of the short run ``args`` (a program's imports), measured once."""
    key = tuple(args)
    if key not in _STARTUP:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE)
        _STARTUP[key] = max(0.5, finish(proc, timeout=120)[2])
    return _STARTUP[key]


def interrupt(args: list[str], sig: signal.Signals, cwd: Path, quick: list[str],
              busy: float = 1.5) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start ``args``, wait until it has computed ``busy`` CPU seconds more than the
    short run ``quick`` takes in all (its start-up), send ``sig``; the finished process
    and the CPU seconds it spent after the signal."""
    start = start_up_seconds(quick)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd)
    deadline = time.monotonic() + 120
    try:
        while (at_signal := cpu_seconds(proc.pid)) < start + busy:
            if proc.poll() is not None:
                raise AssertionError(f"{args} ended before the signal: {proc.communicate()[1]}")
            assert time.monotonic() < deadline, "the work never began"
            time.sleep(0.05)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    proc.send_signal(sig)
    out, err, cpu = finish(proc)
    after = max(0.0, cpu - at_signal)
    return subprocess.CompletedProcess(args, proc.returncode, out, err), after


def assert_ended(r: subprocess.CompletedProcess[str], cpu_after: float, sig: signal.Signals,
                 prog: str) -> None:
    """That the program ended as ``sig`` ends it: exit 128 + sig, having spent less than
    :data:`DEADLINE` CPU seconds after the signal, no traceback, one line at most
    (``PROG: interrupted...`` for SIGINT)."""
    assert r.returncode == 128 + sig, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) <= 1, r.stderr
    if sig == signal.SIGINT:
        assert lines and lines[0].startswith(f"{prog}: interrupted"), r.stderr
    assert cpu_after < DEADLINE, f"computed {cpu_after:.2f} CPU s after the signal"


def signal_during_start_up(args: list[str], trials: int = 8) -> None:
    """From the moment the program's handlers are set (the first thing it does, before
    its imports) a signal (SIGINT, SIGTERM or SIGHUP) ends it with 130 / 143 / 129 and no
    traceback; once the work is done the program may also end normally, or by the signal
    itself while Python exits."""
    rng = random.Random(12)
    for trial in range(trials):
        sig = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)[trial % 3]
        delay = rng.uniform(0.0, 1.0) if trial > 1 else 0.0
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        deadline = time.monotonic() + 60
        while not handlers_installed(proc.pid) and proc.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.002)
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode in (0, 128 + sig, -sig), (delay, proc.returncode, err)
        assert "Traceback" not in err and err.count("\n") <= 1, (delay, err)


def assert_one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    """That a run failed as bad input does: exit 2, one line ``PROG: error: ...`` holding
    each of ``words``, no traceback."""
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.split(":")[1].strip() == "error", done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


# ------------------------------------------------------------------ hostile input

#: The address space a program started by these checks may use: a normal run needs
#: well under 1 GiB, an unbounded reader of /dev/zero would pass it in a second.
ADDRESS_SPACE = 2 << 30


def memory_ceiling(address_space: int = ADDRESS_SPACE) -> Callable[[], None]:
    """A ``preexec_fn`` that limits the child's address space to ``address_space`` bytes."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    return limit


def run_bounded(argv: Sequence[str], timeout: float = 120, address_space: int = ADDRESS_SPACE,
                **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` under :func:`memory_ceiling`, with no standard input unless given."""
    kwargs.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout,
                          preexec_fn=memory_ceiling(address_space), **kwargs)


def in_process(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str]:
    """Run a program's ``main(argv)`` here; its exit code and what it said on stderr.

    >>> in_process(lambda argv: print("x", file=sys.stderr) or 2, [])
    (2, 'x\\n')
    """
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(argv)
    return code, err.getvalue()


def judge(code: int, err: str, what: object) -> None:
    """That an answer to any input keeps the contract: exit 0, 1 or 2, at most one line
    on stderr, never an internal error (exit 70) or a traceback, no raw control
    character in what it says.

    >>> judge(2, "demo: error: line 1: '\\\\x1b[31m' is not a square\\n", "input")
    """
    assert code in (0, 1, 2), (what, code, err)
    assert len(err.strip("\n").splitlines()) <= 1, (what, err)
    assert "internal error" not in err and "Traceback" not in err, (what, err)
    assert not any(ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0 or ch == "\u202e"
                   for ch in err.strip("\n")), (what, err)


#: Pieces that mean something to some reader of either program, put together at random.
TOKENS = [b"Q", b".", b"q", b" ", b"\n", b"\r\n", b"\t", b"0", b"1", b"2", b"4", b"8", b"9",
          b",", b"[", b"]", b"{", b"}", b'"', b":", b'"n"', b'"queens"', b"a", b"h", b"aa",
          b"+", b"-", b"?", b"H", b"F", b"*", b"/", b"#", b"mines: ", b"3x3x1\n",
          b"# input a 1 1\n", b"p cnf 2 1\n", b"(", b")", b" not ", b" and ", b" or ",
          b" nor ", b"AND(", b"\xef\xbb\xbf", b"\x1b[31m", b"\x00", b"\xff", b"\xe2\x80\xae",
          b"\xd9\xa3", b"\xc2\xb2", b"\x93NUMPY", b"9" * 40]


def huge(k: int) -> bytes:
    """A number of ``k + 1`` digits.

    >>> huge(3)
    b'1000'
    """
    return b"1" + b"0" * k


def hostile_inputs() -> Any:
    """A hypothesis strategy of hostile files: random bytes, the readers' tokens at
    random, nesting far deeper than any reader recurses, numbers of thousands of digits
    where every reader wants a number."""
    from hypothesis import strategies as st

    return st.one_of(
        st.binary(max_size=600),
        st.lists(st.sampled_from(TOKENS), max_size=60).map(b"".join),
        st.integers(300, 6000).flatmap(lambda k: st.sampled_from([
            b"[" * k, b"[" * k + b"]" * k, b'{"n": ' + b"[" * k,
            b'{"n": 2, "queens": ' + b"[" * k, b"(" * k + b"a" + b")" * k, b"not " * k + b"a",
            b" nor ".join([b"a"] * k), b" or ".join(b"x%d" % i for i in range(k)),
            b"- " * k + b"a", b"NOT(" * k])),
        st.integers(4000, 6000).flatmap(lambda k: st.sampled_from([
            huge(k), b"2 " + huge(k) + b" 1", b'{"n": ' + huge(k) + b', "queens": []}',
            b'{"n": 1, "queens": [[0, ' + huge(k) + b"]]}", b"a" + huge(k) + b" b1",
            b"a" * k + b"1 b2", b"mines: " + huge(k) + b"\n??\n", b"3x3x" + huge(k) + b"\n",
            huge(k) + b"x2x1\n??\n", b"p cnf " + huge(k) + b" 1\n1 0\n",
            b"p cnf 2 1\n" + huge(k) + b" 0\n", b"# input a " + huge(k) + b" 1\n1?\n"])),
    )


def fuzz(max_examples: int) -> Any:
    """Hypothesis settings for hostile input: ``max_examples`` examples, no deadline (a
    shared machine may be busy), fixtures of the test function allowed.

    >>> fuzz(6).max_examples
    6
    """
    from hypothesis import HealthCheck, settings

    return settings(max_examples=max_examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def device_node(path: Path, minor: int) -> Path:
    """A character device node of the memory driver at ``path``: minor 3 reads as empty,
    5 as endless zero bytes (made here: never the system's /dev/null or /dev/zero).
    Needs root."""
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    return path


def endless_pipe_into(argv: list[str], chunk: str) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with ``chunk`` repeated without end on its standard input."""
    writer = subprocess.Popen([sys.executable, "-c",
                               f"import sys\nwhile True: sys.stdout.write({chunk!r} * 4096)"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert writer.stdout is not None
    try:
        return run_bounded(argv, timeout=300, stdin=writer.stdout)
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()


def _wait_until_blocked(proc: subprocess.Popen[bytes]) -> None:
    """Wait (at most 60 s) until ``proc``, its start-up done, waits in open() for a
    writer of the FIFO it was given."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        try:
            wchan = Path(f"/proc/{proc.pid}/wchan").read_text()
        except OSError:
            wchan = ""
        if "partner" in wchan or "fifo" in wchan:
            return
        time.sleep(0.05)
    raise AssertionError("the program never reached the FIFO")


def signal_while_waiting(argv: list[str], sig: signal.Signals) -> tuple[int, bytes, float]:
    """Start ``argv`` (a program given a FIFO nobody writes), send ``sig`` once it waits
    for a writer; its exit status, its stderr, and the CPU seconds it spent after the
    signal."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=memory_ceiling())
    try:
        _wait_until_blocked(proc)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    at_signal = cpu_seconds(proc.pid)
    proc.send_signal(sig)
    _, err, cpu = finish(proc)
    return proc.returncode, err, cpu - at_signal


def fed_through_fifo(argv: list[str], fifo: Path, data: bytes) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` (given the FIFO ``fifo``) while another thread writes ``data`` into it."""
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "wb") as fh:
            fh.write(data)

    feeder = threading.Thread(target=write, daemon=True)
    feeder.start()
    try:
        return run_bounded(argv)
    finally:
        feeder.join(timeout=30)


def finish(proc: subprocess.Popen[Any], timeout: float = 60) -> tuple[Any, Any, float]:
    """Read ``proc``'s output to its end, reap it, and return its stdout, its stderr and
    the CPU seconds it spent in all (its own and its finished children's): from
    ``wait4`` on that process alone, so that no other child of the caller (one reaped
    meanwhile by :mod:`subprocess`, say) is counted. A process still running after
    ``timeout`` seconds is killed, and the call fails.

    >>> p = subprocess.Popen([sys.executable, "-c", "print('hi')"], stdout=subprocess.PIPE,
    ...                      stderr=subprocess.PIPE, text=True)
    >>> out, err, cpu = finish(p)
    >>> out, err, p.returncode, 0 < cpu < 30
    ('hi\\n', '', 0, True)
    """
    got: dict[str, Any] = {}
    readers = [threading.Thread(target=lambda name=name, pipe=pipe: got.update({name: pipe.read()}),
                                daemon=True)
               for name, pipe in (("out", proc.stdout), ("err", proc.stderr)) if pipe is not None]
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            raise AssertionError(f"{proc.args!r} still ran {timeout:.0f} s on")
        time.sleep(0.01)
    proc.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join(timeout=30)
    for pipe in (proc.stdout, proc.stderr):
        if pipe is not None:
            pipe.close()
    return got.get("out"), got.get("err"), usage.ru_utime + usage.ru_stime


# ------------------------------------------------------------------ start-up, examples

#: Runs the code in argv[1] with the rest as its arguments; then writes the names of the
#: modules it imported to the file named by $MODULES_FILE and exits with its status.
_LISTING_WRAPPER = """\
import os, sys
code, sys.argv[1:] = sys.argv[1], sys.argv[2:]
try:
    exec(compile(code, "<program>", "exec"), {"__name__": "__main__"})
    status = 0
except SystemExit as exc:
    status = exc.code
with open(os.environ["MODULES_FILE"], "w") as out:
    out.write("\\n".join(sorted(sys.modules)))
sys.exit(status)
"""


def imported_modules(code: str, *args: str, cwd: Path | None = None,
                     env: dict[str, str] | None = None
                     ) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """Run ``code`` (with ``args`` in ``sys.argv[1:]``) in a fresh interpreter; the
    modules it had imported when it ended, and the finished process.

    >>> modules, done = imported_modules("import json")
    >>> "json" in modules and "click" not in modules, done.returncode
    (True, 0)
    """
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "modules.txt"
        proc = subprocess.run([sys.executable, "-c", _LISTING_WRAPPER, code, *args],
                              capture_output=True, text=True, timeout=120, cwd=cwd,
                              env={**os.environ, **(env or {}), "MODULES_FILE": str(listing)})
        modules = set(listing.read_text().split()) if listing.exists() else set()
    assert modules, f"the program wrote no list of modules: {proc.stderr[-2000:]}"
    return modules, proc


def imported_before_handlers(entry: str, watched: Sequence[str]) -> list[str]:
    """Which of the modules ``watched`` the console script's module ``entry`` (its
    ``main`` not called) has imported: none should be, so that its handlers are set
    before anything slow is loaded.

    >>> imported_before_handlers("puzzleshell.signals", ["click", "typing"])
    []
    """
    code = (f"import sys, {entry}; "
            f"print(' '.join(m for m in {list(watched)!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.split()


def modules_of(package: str) -> list[str]:
    """The names of ``package`` and of every module in it, but its ``__main__``.

    >>> modules_of("puzzleshell")[:2]
    ['puzzleshell', 'puzzleshell.build']
    """
    import importlib
    import pkgutil

    root = importlib.import_module(package)
    names = [package] + [info.name for info in pkgutil.walk_packages(root.__path__, f"{package}.")
                         if not info.name.endswith("__main__")]
    return sorted(names)


def assert_examples_run(module_name: str) -> None:
    """That every example in the docstrings of module ``module_name`` runs as written
    (``...`` stands for any text, and runs of white space are alike)."""
    import doctest
    import importlib

    module = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} example(s) failed in {module_name}"


class PtySession:
    """The installed program ``name`` with ``args`` on a pseudo-terminal of ``rows`` x
    ``cols``: read its screen, send keys, wait for it to end (its interactive screens,
    as a person at a terminal or over ssh sees them)."""

    def __init__(self, name: str, *args: str, rows: int = 40, cols: int = 120) -> None:
        import fcntl
        import pty
        import struct
        import termios

        argv = program(name)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            os.execv(argv[0], [*argv, *args])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.out = b""
        self.closed = False

    def read_until(self, needle: bytes, timeout: float = 60.0, start: int = 0) -> bool:
        """Read the screen until ``needle`` shows after ``start`` (a :meth:`mark`; by
        default anywhere) (True) or the time is up / it ends."""
        import select

        deadline = time.monotonic() + timeout
        while needle not in self.out[start:] and time.monotonic() < deadline and \
                not self.closed:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
            self.out += chunk
        return needle in self.out[start:]

    def mark(self) -> int:
        """Where the screen read so far ends: :meth:`since` gives what came after."""
        return len(self.out)

    def since(self, mark: int) -> str:
        """The screen's text written after ``mark``."""
        return self.out[mark:].decode(errors="ignore")

    def send(self, keys: bytes) -> None:
        """Type ``keys`` (an escape sequence for an arrow: ``b"\\x1b[C"``)."""
        os.write(self.fd, keys)

    def wait(self, timeout: float = 10.0) -> int | None:
        """The exit status once the program has ended, or None (it is then killed)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.read_until(b"\0never\0", timeout=0.1)  # keep draining the screen
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        return None

    @property
    def text(self) -> str:
        """Everything the program wrote to the terminal."""
        return self.out.decode(errors="ignore")


#: The flags every test starts Chromium with: headless, no sandbox, nothing fetched.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars")


def browser_missing() -> str | None:
    """Why the page tests cannot drive a browser here, or None when they can."""
    if (shutil.which("chromium") or shutil.which("chromium-browser")) is None or \
            shutil.which("chromedriver") is None:
        return ("chromium and chromium-driver are not installed (apt-get install chromium "
                "chromium-driver)")
    return None


def start_browser(profile: Path, window: tuple[int, int] = (1300, 1400)) -> Any:
    """A real headless Chromium (Debian's ``chromium``, driven through its
    ``chromedriver`` by Selenium) with a fresh profile folder and a window of this size."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for flag in (*CHROMIUM_FLAGS, f"--window-size={window[0]},{window[1]}",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")),
                            options=options)


def set_screen(driver: Any, width: int, height: int) -> None:
    """The page's viewport exactly this size, as a projector or a phone shows it."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
