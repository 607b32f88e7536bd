"""Counting on a GPU: the kernel's one source built for the host and for CUDA, the host
build held against the CPU engine subproblem by subproblem, the whole GPU path (items,
journal, totals) run on the host, and the CUDA build compiled by NVRTC and by nvcc.
Tests that need a GPU are skipped, with the reason, where none is present."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from nqueens.algorithms.counter import constellations as cons
from nqueens.algorithms.counter import count, gpu
from nqueens.algorithms.counter.engines import solve_batch
from nqueens.algorithms.counter.journal import Journal, JournalHeader
from nqueens.base.errors import BadInput

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
           14772512, 95815104, 666090624]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
           11977939, 83263591]


def _has_extra() -> bool:
    try:
        import cuda.bindings.nvrtc  # noqa: F401
    except ImportError:
        return False
    return True


def _gpu_reason() -> str | None:
    """Why the CUDA tests cannot run here, or None when a GPU answers."""
    if not _has_extra():
        return "the gpu extra is not installed (pip install 'nqueens[gpu]')"
    try:
        gpu.CudaBackend().close()
    except BadInput as exc:
        return str(exc)
    return None


F = TypeVar("F", bound=Any)

NO_GPU = _gpu_reason()


def needs_extra(test: F) -> F:
    """A test of the gpu extra (CUDA's binding, NVRTC): marked ``gpu``, skipped without it."""
    marked: F = pytest.mark.gpu(
        pytest.mark.skipif(not _has_extra(), reason="the gpu extra is not installed")(test))
    return marked


# Under .ci/sanitize the sanitizer's runtime is preloaded into every process, which NVRTC
# (its built-ins library) and nvcc do not survive; the plain test run compiles them.
compiles = pytest.mark.skipif(os.environ.get("NQUEENS_SANITIZED") == "1",
                              reason="the compilers do not run under the preloaded sanitizer")
needs_gpu = pytest.mark.skipif(NO_GPU is not None, reason=NO_GPU or "")


def cons_split(n: int) -> int:
    """The split the count uses for n (by the first row to fill from n = 19)."""
    from nqueens.algorithms.counter.constellations import default_split

    return default_split(n)


@pytest.mark.parametrize("n", range(4, 16))
def test_the_host_build_of_the_kernel_is_the_cpu_engine_subproblem_by_subproblem(
        n: int) -> None:
    subs = cons.make_subproblems(n, split=cons_split(n))
    want = [tuple(r) for r in solve_batch(subs)]
    levels = range(5) if n <= 12 else (0, 2, 4)
    for level in levels:  # each split of the subproblems into items
        got = gpu.count_batch(subs, gpu.HostBackend(), level=level)
        assert [tuple(r) for r in got] == want, (n, level)


@pytest.mark.parametrize("n", range(4, 16))
def test_the_gpu_path_on_the_host_counts_as_the_oeis_says(n: int) -> None:
    r = count(n, device="host")
    assert (r.total, r.fundamental) == (A000170[n - 1], A002562[n - 1])
    assert r.engine == "constellations" and r.device == "host"
    assert r.subproblems == len(cons.make_subproblems(n, split=cons_split(n)))


def test_the_gpu_path_shares_its_journal_with_the_cpu_engine(tmp_path: Path) -> None:
    n = 13
    subs = cons.make_subproblems(n)
    header = JournalHeader(n, "queen", cons.ENGINE_VERSION, len(subs), cons.digest(subs))
    path = tmp_path / "q13.sqlite"
    half = subs[: len(subs) // 2]
    with Journal.open(str(path), header, key="a key of sixteen characters") as j:
        j.record(solve_batch(half))  # half of the count done on the CPU
    r = count(n, device="host", journal=str(path), journal_key="a key of sixteen characters")
    assert (r.total, r.fundamental) == (73712, 9233)
    with Journal.open(str(path), header, key="a key of sixteen characters") as j:
        rows = sorted(j.results())
    assert rows == sorted(solve_batch(subs))  # every row as the CPU engine makes it
    again = count(n, device="host", journal=str(path), journal_key="a key of sixteen characters")
    assert (again.total, again.fundamental) == (73712, 9233)


def test_batches_are_planned_by_work_and_keep_every_subproblem() -> None:
    subs = cons.make_subproblems(16)
    plan = gpu.GpuMap.plan(subs, 32)
    assert [s.id for b in plan for s in b] == [s.id for s in subs]
    costs = [sum(max(1, s.cost) for s in b) for b in plan]
    assert len(plan) <= 33 and max(costs[:-1]) < 3 * min(costs[:-1])


def test_the_split_level_gives_each_core_several_items() -> None:
    subs = [s for s in cons.make_subproblems(14) if not s.sym]
    assert gpu.choose_level(subs, 1) == 0  # one host core: the subproblems themselves
    level = gpu.choose_level(subs, 50_000)
    assert gpu.make_items(subs, level).count >= gpu.THREADS_PER_CORE * 50_000
    assert level == 0 or gpu.make_items(subs, level - 1).count < gpu.THREADS_PER_CORE * 50_000


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"piece": "superqueen"}, "takes the whole queen board"),
    ({"torus": True}, "takes the whole queen board"),
    ({"fixed": [(0, 0)]}, "takes the whole queen board"),
    ({"executor": ThreadPoolExecutor(1)}, "exclude each other"),
])
def test_what_the_gpu_path_does_not_take_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        count(10, device="host", **kwargs)


def test_unknown_devices_are_refused() -> None:
    with pytest.raises(BadInput, match="unknown device 'tpu'"):
        count(10, device="tpu")


def test_the_cli_counts_on_the_host_device_and_refuses_mixtures(run) -> None:
    import json

    r = run("count", "12", "--device", "host", "--json")
    assert r.code == 0 and json.loads(r.out)["all"] == 14200
    assert json.loads(r.out)["device"] == "host"
    for args, words in ((["--gpu", "--workers", "2"], "--workers and --memory-limit"),
                        (["--gpu", "--device", "host"], "say two things"),
                        (["--gpu", "--piece", "superqueen"], "takes the whole queen board"),
                        (["--device", "tpu"], "unknown device")):
        r = run("count", "10", *args)
        assert r.code == 2 and r.out == "" and words in r.err
        assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err


def test_without_the_extra_the_gpu_is_one_line_and_exit_2(tmp_path: Path) -> None:
    # the binding made unimportable, as on a machine without the extra
    script = ("import sys; sys.modules['cuda'] = None\n"
              "from nqueens.cli import main\n"
              "sys.exit(main(['count', '10', '--gpu']))\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == ("nqueens: error: counting on a GPU needs the gpu extra: "
                                "pip install 'nqueens[gpu]' (cuda-bindings and NVRTC)")


@pytest.mark.skipif(NO_GPU is None, reason="a GPU is present")
@needs_extra
def test_without_a_gpu_the_gpu_is_one_line_and_exit_2(run) -> None:
    r = run("count", "10", "--gpu")
    assert r.code == 2 and r.out == "" and r.err.startswith("nqueens: error: counting on a GPU")
    assert len(r.err.strip().splitlines()) == 1


@needs_extra
@compiles
def test_nvrtc_builds_the_kernel_to_ptx_and_cubin_and_caches_it(tmp_path: Path) -> None:
    told: list[str] = []
    ptx = gpu.compile_kernel("compute_90", "ptx", told.append)
    assert b".entry nq_count_items_kernel" in ptx and told == ["compiling the GPU kernel (once)"]
    cubin = gpu.compile_kernel("sm_90", "cubin", told.append)
    assert cubin[:4] == b"\x7fELF" and len(told) == 2
    assert gpu.compile_kernel("sm_90", "cubin", told.append) == cubin and len(told) == 2
    cached = sorted(p.name for p in gpu.cache_dir().iterdir())
    assert len(cached) == 2 and all(name.startswith("count_items-") for name in cached)


@needs_extra
@compiles
def test_a_kernel_that_does_not_compile_says_why_in_one_line() -> None:
    with pytest.raises(BadInput, match="does not compile: .*undefined_name") as caught:
        gpu.nvrtc_compile(b'extern "C" __global__ void k() { undefined_name(); }',
                          [b"--gpu-architecture=compute_90"], "ptx")
    assert "\n" not in str(caught.value) and "\0" not in str(caught.value)


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not installed")
@compiles
def test_nvcc_builds_the_kernel_without_a_warning(tmp_path: Path) -> None:
    out = tmp_path / "count_items.ptx"
    r = subprocess.run(["nvcc", "--ptx", "-arch=compute_90", "-Werror", "all-warnings",
                        "-I", str(gpu.include_dir()),
                        str(Path(str(gpu.include_dir())).parent / "gpu" / "count_items.cu"),
                        "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert b".entry nq_count_items_kernel" in out.read_bytes()


@needs_gpu
@pytest.mark.parametrize("n", range(4, 17))
def test_the_gpu_counts_as_the_oeis_says(n: int) -> None:
    r = count(n, device="cuda")
    assert (r.total, r.fundamental) == (A000170[n - 1], A002562[n - 1])


@needs_gpu
def test_the_gpu_makes_the_cpu_engines_rows() -> None:
    subs = cons.make_subproblems(15)
    with gpu.GpuMap(gpu.CudaBackend()) as executor:
        got = [r for b in executor(None, executor.plan(subs)) for r in b]
    assert sorted(got) == sorted(solve_batch(subs))


def test_the_environment_keeps_the_cache_out_of_the_users_home() -> None:
    assert str(gpu.cache_dir()).startswith(os.environ["XDG_CACHE_HOME"])
