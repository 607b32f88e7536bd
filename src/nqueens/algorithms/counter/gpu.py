"""Counting on a GPU: the start constellations of :mod:`nqueens.algorithms.counter.constellations`,
one GPU thread an item, with the counting loop the host runs too.

**Why the constellations and not the half boards.** A start constellation is a small
independent search (a few masks, a stack of at most n levels, no allocation): exactly a
GPU thread's work. The half-board engine joins lists of half boards through tables of
gigabytes, which suits a CPU's caches and vector units, not thousands of threads.

**Items.** Each subproblem (the journal's unit, the same list as on the CPU) is split
further on the host by the queens of its first rows to fill (``make_items``): an *item*
is a partial placement, three masks, that a thread completes with
``nq_count_queen_from`` (``nq_count_queen.h``, the loop the CPU engine runs). The level
is chosen per batch so that a launch has several threads per GPU core; the items' counts
and column sums are added back per subproblem. Subproblems that test rotations (frames a
half turn leaves unchanged, about 1 in 150) are counted on the host, beside.

**Backends.** :class:`CudaBackend` compiles ``gpu/count_items.cu`` with NVRTC for the
device at first use (cached on disk under the user's cache folder; the caller is told
once, "compiling the GPU kernel (once)") and runs it through the CUDA driver
(``cuda-bindings``, the ``nqueens[gpu]`` extra). :class:`HostBackend` runs the very same
item function on the host processor, one item after another: the GPU path checked on a
machine without a GPU.

>>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
>>> subs = make_subproblems(10)
>>> with GpuMap(HostBackend()) as gpu:
...     results = [r for batch in gpu(None, GpuMap.plan(subs)) for r in batch]
>>> tally(subs, results)
(724, 92)
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ...base.errors import BadInput
from ...kernels import constellations as kc
from .constellations import queen_rows, solve
from .work import Subproblem, SubResult

#: What a backend returns for a batch of items: each item's completions, column sum and
#: slices (shape (items, 3)), uint64.
ItemCounts = tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]

#: The largest board the GPU kernel takes (its threads keep a stack of 32 levels).
MAX_GPU_N = 32

#: A launch should give each GPU core about this many threads (or the host this many items).
THREADS_PER_CORE = 8

#: The deepest split of a subproblem into items.
MAX_LEVEL = 6

#: What the extra installs, for the messages.
EXTRA_HINT = "pip install 'nqueens[gpu]' (cuda-bindings and NVRTC)"

KERNEL_NAME = b"nq_count_items_kernel"


def kernel_source() -> bytes:
    """The CUDA source of the kernel (``nqueens/_core/gpu/count_items.cu``).

    >>> b"nq_count_item" in kernel_source()
    True
    """
    return (resources.files("nqueens._core") / "gpu" / "count_items.cu").read_bytes()


def include_dir() -> Path:
    """The folder of the shared headers (``nq_board.h``, ``nq_count_queen.h``)."""
    return Path(str(resources.files("nqueens._core") / "include"))


@dataclass(frozen=True)
class Items:
    """A batch of subproblems split into items, in the arrays the kernel reads."""

    avail: npt.NDArray[np.uint64]     # (subproblems, n): the columns of each row to fill
    gap: npt.NDArray[np.uint8]        # (subproblems, n): the rows to the next row to fill
    m_of: npt.NDArray[np.uint8]       # rows to fill (255: the queens attack each other)
    level_of: npt.NDArray[np.uint8]   # the level each subproblem's items start at
    sub: npt.NDArray[np.int32]        # the subproblem of each item
    masks: npt.NDArray[np.uint64]     # (items, 3): cols, d1, d2 at that level
    level: int                        # the split asked for

    @property
    def count(self) -> int:
        return int(self.sub.shape[0])


def make_items(batch: Sequence[Subproblem], level: int) -> Items:
    """Split plain-queen subproblems (no knight, no rotation test) into the items of
    their first ``level`` rows to fill.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> subs = [s for s in make_subproblems(12) if not s.sym]
    >>> len(subs), [make_items(subs, level).count for level in range(4)]
    (705, [705, 3352, 9728, 20094])
    """
    n = batch[0].n
    queens, nq = queen_rows(batch)
    avail = np.zeros((len(batch), n), dtype=np.uint64)
    gap = np.zeros((len(batch), n), dtype=np.uint8)
    m_of = np.zeros(len(batch), dtype=np.uint8)
    level_of = np.zeros(len(batch), dtype=np.uint8)
    raw_sub, raw_masks = kc.make_items(n, queens, nq, level, avail, gap, m_of, level_of)
    sub = np.frombuffer(raw_sub, dtype=np.int32)
    masks = np.frombuffer(raw_masks, dtype=np.uint64).reshape(-1, 3)
    return Items(avail, gap, m_of, level_of, sub, masks, level)


class Backend(Protocol):
    """Where items are counted: ``count(items)`` returns each item's completions and
    column sum (uint64 arrays)."""

    name: str
    cores: int

    def count(self, items: Items) -> ItemCounts: ...

    def describe(self) -> dict[str, object]: ...

    def close(self) -> None: ...


class HostBackend:
    """The item function run on the host processor, item after item (no GPU needed).

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> items = make_items([s for s in make_subproblems(8) if not s.sym], 2)
    >>> int(HostBackend().count(items)[0].sum()) > 0
    True
    """

    name = "host"
    cores = 1

    def count(self, items: Items) -> ItemCounts:
        totals = np.zeros(items.count, dtype=np.uint64)
        colsums = np.zeros(items.count, dtype=np.uint64)
        slices = np.zeros((items.count, 3), dtype=np.uint64)
        kc.count_items(items.avail, items.gap, items.m_of, items.level_of, items.sub,
                       items.masks, totals, colsums, slices)
        return totals, colsums, slices

    def describe(self) -> dict[str, object]:
        return {"device": "host"}

    def close(self) -> None:
        pass


def choose_level(batch: Sequence[Subproblem], cores: int) -> int:
    """The split level of a batch: the smallest that gives at least
    :data:`THREADS_PER_CORE` items per core (counted, not guessed), at most
    :data:`MAX_LEVEL`."""
    want = THREADS_PER_CORE * cores
    for level in range(MAX_LEVEL + 1):
        if make_items(batch, level).count >= want:
            return level
    return MAX_LEVEL


def count_batch(batch: Sequence[Subproblem], backend: Backend,
                level: int | None = None) -> list[SubResult]:
    """Count a batch of subproblems: the plain ones as items on ``backend``, those with
    a knight or a rotation test on the host
    (:func:`nqueens.algorithms.counter.constellations.solve`).

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
    >>> subs = make_subproblems(8)
    >>> tally(subs, count_batch(subs, HostBackend()))
    (92, 12)
    """
    plain = [s for s in batch if not s.knight and not s.sym]
    results: dict[int, SubResult] = {}
    if plain:
        chosen = choose_level(plain, backend.cores) if level is None else level
        items = make_items(plain, chosen)
        totals, colsums, slices = backend.count(items)
        per_total = np.zeros(len(plain), dtype=np.uint64)
        per_colsum = np.zeros(len(plain), dtype=np.uint64)
        per_slices = np.zeros((len(plain), 3), dtype=np.uint64)
        if items.count:  # a subproblem's items lie together: one sum a run
            starts = np.flatnonzero(np.r_[True, items.sub[1:] != items.sub[:-1]])
            per_total[items.sub[starts]] = np.add.reduceat(totals, starts)
            per_colsum[items.sub[starts]] = np.add.reduceat(colsums, starts)
            per_slices[items.sub[starts]] = np.add.reduceat(slices, starts, axis=0)
        for s, t, c, sl in zip(plain, per_total.tolist(), per_colsum.tolist(),
                               per_slices.tolist(), strict=True):
            results[s.id] = SubResult(s.id, int(t), 0, 0, int(c), (sl[0], sl[1], sl[2]))
    for s in batch:
        if s.id not in results:
            results[s.id] = solve(s)
    return [results[s.id] for s in batch]


class GpuMap:
    """An executor (see :class:`nqueens.algorithms.counter.runner.MapUnordered`) that counts each
    batch with :func:`count_batch` on ``backend``; :meth:`plan` makes the batches (a few
    dozen, equal in estimated work, so progress is reported and the journal written
    as the count goes)."""

    def __init__(self, backend: Backend):
        self.backend = backend
        #: The source of results named in messages.
        self.source = f"the {backend.name} device"

    def __call__(self, fn: Callable[[list[Subproblem]], list[SubResult]] | None,
                 batches: Iterable[list[Subproblem]]) -> Iterator[list[SubResult]]:
        for b in batches:
            yield count_batch(b, self.backend)

    @staticmethod
    def plan(todo: Sequence[Subproblem], parts: int = 32) -> list[list[Subproblem]]:
        """Split the subproblems still to do into about ``parts`` batches of equal
        estimated work (their order kept).

        >>> from nqueens.algorithms.counter.constellations import make_subproblems
        >>> subs = make_subproblems(12)
        >>> plan = GpuMap.plan(subs, 4)
        >>> sum(len(b) for b in plan) == len(subs), len(plan) <= 5
        (True, True)
        """
        if not todo:
            return []
        total = sum(max(1, s.cost) for s in todo)
        share = total / parts
        out: list[list[Subproblem]] = [[]]
        acc = 0.0
        for s in todo:
            if acc >= share and out[-1]:
                out.append([])
                acc = 0.0
            out[-1].append(s)
            acc += max(1, s.cost)
        return out

    def close(self) -> None:
        self.backend.close()

    def __enter__(self) -> GpuMap:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ------------------------------------------------------------------------------ CUDA
def _cuda() -> tuple[Any, Any]:
    """The driver and NVRTC bindings, or BadInput saying what to install."""
    try:
        from cuda.bindings import driver, nvrtc
    except ImportError:
        raise BadInput(f"counting on a GPU needs the gpu extra: {EXTRA_HINT}") from None
    return driver, nvrtc


def _check(result: Any, what: str) -> Any:
    """The values a binding call returned after its status, or BadInput naming the
    failure in one line."""
    status, *values = result if isinstance(result, tuple) else (result,)
    if int(status) != 0:
        name = getattr(status, "name", str(status))
        raise BadInput(f"the GPU: {what} failed ({name})")
    return values[0] if len(values) == 1 else tuple(values)


def cache_dir() -> Path:
    """Where compiled kernels are kept: ``$XDG_CACHE_HOME/nqueens/gpu`` (or
    ``~/.cache/nqueens/gpu``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nqueens" / "gpu"


def compile_kernel(arch: str, target: str = "cubin",
                   notify: Callable[[str], None] | None = None) -> bytes:
    """The kernel compiled by NVRTC for ``arch`` (``sm_90``: a cubin; ``compute_90``
    with ``target="ptx"``: PTX), from the disk cache when it was compiled before.
    ``notify`` is told once, before a compilation. A compile error raises BadInput with
    NVRTC's log.

    Needs no GPU, only the extra (the tests compile so):

    >>> compile_kernel("compute_90", "ptx")[:40]  # doctest: +SKIP
    b'//\\n// Generated by NVIDIA NVVM Compiler\\n'
    """
    _, nvrtc = _cuda()
    source = kernel_source()
    headers = b"".join((include_dir() / h).read_bytes()
                       for h in ("nq_board.h", "nq_count_queen.h"))
    major, minor = _check(nvrtc.nvrtcVersion(), "asking NVRTC its version")
    options = [f"--gpu-architecture={arch}".encode(), b"-std=c++17",
               f"--include-path={include_dir()}".encode()]
    key = hashlib.sha256(source + headers + b"\0".join(options) +
                         f"{major}.{minor}".encode()).hexdigest()[:32]
    path = cache_dir() / f"count_items-{arch}-{key}.{target}"
    try:
        return path.read_bytes()
    except OSError:
        pass
    if notify is not None:
        notify("compiling the GPU kernel (once)")
    code = nvrtc_compile(source, options, target)
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(path.suffix + f".{os.getpid()}.tmp")
    temp.write_bytes(code)
    os.replace(temp, path)  # whole or not at all, for another process reading it
    return code


def nvrtc_compile(source: bytes, options: list[bytes], target: str = "cubin") -> bytes:
    """Compile CUDA ``source`` with NVRTC: PTX or a cubin. A compile error raises
    BadInput with the first lines of NVRTC's log."""
    _, nvrtc = _cuda()
    prog = _check(nvrtc.nvrtcCreateProgram(source, b"count_items.cu", 0, [], []),
                  "creating the NVRTC program")
    try:
        status = nvrtc.nvrtcCompileProgram(prog, len(options), options)[0]
        if int(status) != 0:
            size = _check(nvrtc.nvrtcGetProgramLogSize(prog), "reading the compile log")
            log = b" " * size
            _check(nvrtc.nvrtcGetProgramLog(prog, log), "reading the compile log")
            text = log.rstrip(b"\0").decode(errors="replace")
            lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
            raise BadInput("the GPU kernel does not compile: " + " / ".join(lines[:3]))
        if target == "ptx":
            size = _check(nvrtc.nvrtcGetPTXSize(prog), "sizing the PTX")
            code = b" " * size
            _check(nvrtc.nvrtcGetPTX(prog, code), "reading the PTX")
        else:
            size = _check(nvrtc.nvrtcGetCUBINSize(prog), "sizing the cubin")
            code = b" " * size
            _check(nvrtc.nvrtcGetCUBIN(prog, code), "reading the cubin")
    finally:
        nvrtc.nvrtcDestroyProgram(prog)
    return code  # (PTX ends with the NUL the driver reads it up to)


class CudaBackend:
    """The kernel on CUDA device ``device`` (0: the first), through the driver API.

    The first use on a machine compiles the kernel for the device's architecture
    (``notify`` is told); the launch's block size is the one the driver's occupancy
    calculator gives for the kernel (:meth:`describe` says which).
    """

    name = "cuda"

    def __init__(self, device: int = 0, notify: Callable[[str], None] | None = None):
        cu, _ = _cuda()
        self._cu = cu
        try:
            started = cu.cuInit(0)
        except Exception as exc:  # the binding finds no driver library: no GPU here
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BadInput(f"counting on a GPU: no NVIDIA driver on this machine ({first})"
                           ) from None
        _check(started, "starting the CUDA driver (no GPU here?)")
        count = _check(cu.cuDeviceGetCount(), "counting the GPUs")
        if count < 1:
            raise BadInput("counting on a GPU: no CUDA device is present")
        self._dev = _check(cu.cuDeviceGet(device), f"opening GPU {device}")
        attr = cu.CUdevice_attribute
        major = _check(cu.cuDeviceGetAttribute(
            attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, self._dev), "reading the GPU")
        minor = _check(cu.cuDeviceGetAttribute(
            attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, self._dev), "reading the GPU")
        self.sms = _check(cu.cuDeviceGetAttribute(
            attr.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, self._dev), "reading the GPU")
        raw_name = _check(cu.cuDeviceGetName(64, self._dev), "reading the GPU's name")
        self.device_name = bytes(raw_name).split(b"\0")[0].decode(errors="replace")
        self.arch = f"sm_{major}{minor}"
        self._ctx = _check(cu.cuDevicePrimaryCtxRetain(self._dev), "opening a context")
        _check(cu.cuCtxSetCurrent(self._ctx), "opening a context")
        cubin = compile_kernel(self.arch, "cubin", notify)
        image = np.frombuffer(cubin, dtype=np.uint8).copy()  # alive through the call
        self._module = _check(cu.cuModuleLoadData(image.ctypes.data), "loading the kernel")
        self._fn = _check(cu.cuModuleGetFunction(self._module, KERNEL_NAME), "finding the kernel")
        self.block = self._block_size()
        self.blocks_per_sm = _check(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(
            self._fn, self.block, 0), "reading the occupancy")
        self.cores = int(self.sms) * int(self.block) * int(self.blocks_per_sm)
        self._stream = _check(cu.cuStreamCreate(0), "creating a stream")

    def _block_size(self) -> int:
        """The block size of the driver's occupancy calculator (no shared memory), or
        256 where the binding takes no empty size callback."""
        try:
            _, block = _check(self._cu.cuOccupancyMaxPotentialBlockSize(self._fn, 0, 0, 0),
                              "choosing the block size")
        except TypeError:
            return 256
        return int(block)

    def describe(self) -> dict[str, object]:
        """The device and the occupancy chosen."""
        return {"device": self.device_name, "arch": self.arch, "multiprocessors": self.sms,
                "block": self.block, "blocks_per_multiprocessor": self.blocks_per_sm,
                "resident_threads": self.cores}

    def _upload(self, arr: npt.NDArray[Any]) -> Any:
        cu = self._cu
        data = np.ascontiguousarray(arr)
        ptr = _check(cu.cuMemAlloc(max(1, data.nbytes)), "allocating GPU memory")
        if data.nbytes:
            _check(cu.cuMemcpyHtoD(ptr, data.ctypes.data, data.nbytes), "copying to the GPU")
        return ptr

    def count(self, items: Items) -> ItemCounts:
        cu = self._cu
        k = items.count
        totals = np.zeros(k, dtype=np.uint64)
        colsums = np.zeros(k, dtype=np.uint64)
        slices = np.zeros((k, 3), dtype=np.uint64)
        if k == 0:
            return totals, colsums, slices
        width = items.avail.shape[1]
        arrays: list[npt.NDArray[Any]] = [items.avail, items.gap, items.m_of, items.level_of,
                                          items.sub, items.masks, totals, colsums, slices]
        ptrs = [self._upload(a) for a in arrays]
        try:
            values = [np.array([int(p)], dtype=np.uint64) for p in ptrs[:6]]
            values += [np.array([width], dtype=np.int64), np.array([k], dtype=np.int64)]
            values += [np.array([int(p)], dtype=np.uint64) for p in ptrs[6:]]
            params = np.array([v.ctypes.data for v in values], dtype=np.uint64)
            grid = (k + self.block - 1) // self.block
            _check(cu.cuLaunchKernel(self._fn, grid, 1, 1, self.block, 1, 1, 0, self._stream,
                                     params.ctypes.data, 0), "launching the kernel")
            _check(cu.cuStreamSynchronize(self._stream), "running the kernel")
            _check(cu.cuMemcpyDtoH(totals.ctypes.data, ptrs[6], totals.nbytes),
                   "copying from the GPU")
            _check(cu.cuMemcpyDtoH(colsums.ctypes.data, ptrs[7], colsums.nbytes),
                   "copying from the GPU")
            _check(cu.cuMemcpyDtoH(slices.ctypes.data, ptrs[8], slices.nbytes),
                   "copying from the GPU")
        finally:
            for p in ptrs:
                cu.cuMemFree(p)
        return totals, colsums, slices

    def close(self) -> None:
        cu = self._cu
        cu.cuStreamDestroy(self._stream)
        cu.cuModuleUnload(self._module)
        cu.cuDevicePrimaryCtxRelease(self._dev)


def open_backend(device: str, notify: Callable[[str], None] | None = None) -> Backend:
    """The backend of ``device``: ``"cuda"`` (or ``"cuda:K"``) or ``"host"``; BadInput
    in one line when the machine has no GPU or the extra is missing.

    >>> open_backend("host").name
    'host'
    >>> open_backend("tpu")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: unknown device 'tpu' (choose cpu, cuda, cuda:K or host)
    """
    if device == "host":
        return HostBackend()
    if device == "cuda" or (device.startswith("cuda:") and device[5:].isdigit()):
        return CudaBackend(int(device[5:]) if ":" in device else 0, notify)
    raise BadInput(f"unknown device {device!r} (choose cpu, cuda, cuda:K or host)")
