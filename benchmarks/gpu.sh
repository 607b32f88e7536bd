#!/usr/bin/env bash
# The GPU benchmark, for a machine with an NVIDIA GPU and the CUDA driver: build the
# project in place, make sure the gpu extra is there (installed, or wheels carried in
# .whl/), check n = 8…18 against the OEIS, time N = 19, 20 and 21 (benchmarks/bench_gpu.py).
# Sized for under 8 minutes on one H200; its output goes into benchmarks/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
python3 setup.py -q build_ext --inplace >/dev/null
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
if ! python3 -c "import cuda.bindings.driver, cuda.bindings.nvrtc" 2>/dev/null; then
  if [ -d .whl ]; then
    python3 -m pip install -q --no-index --no-deps --target /tmp/nqueens-gpu-site .whl/*.whl
    export PYTHONPATH="$PYTHONPATH:/tmp/nqueens-gpu-site"
  else
    echo "gpu.sh: the gpu extra is missing: pip install 'nqueens[gpu]'" >&2
    exit 2
  fi
fi
python3 -c "import cuda.bindings.nvrtc as r; print('NVRTC', r.nvrtcVersion()[1:])"
timeout 450 python3 benchmarks/bench_gpu.py "$@"
