#!/bin/sh
# Runs rollout_mpi on 2 and 3 oversubscribed ranks of this machine (loopback only) and checks the
# gathered results equal the single-process rollout bit for bit (--verify), and that the output
# file does not depend on the number of ranks. Exits 77 (skipped) without MPI.
#   run_test.sh ROLLOUT_MPI_BINARY MODEL WORKDIR
set -eu
bin=$1 model=$2 dir=$3
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "rollout_mpi was not built (MPI not found at configure time): skipped"
  exit 77
fi
if ! command -v mpirun >/dev/null 2>&1; then
  echo "mpirun not found (apt-get install openmpi-bin): skipped"
  exit 77
fi
root=""
if [ "$(id -u)" = 0 ]; then root="--allow-run-as-root"; fi
mkdir -p "$dir"
run() {
  np=$1; shift
  # TCP over the loopback interface only; no shared-memory transport, which containers often
  # restrict
  mpirun $root --oversubscribe -np "$np" --mca btl self,tcp --mca btl_tcp_if_include lo \
    --mca oob_tcp_if_include lo "$bin" "$model" --nroll 11 --nstep 30 "$@"
}
run 2 --threads 2 --verify --out "$dir/np2.bin"
run 3 --threads 1 --verify --out "$dir/np3.bin"
cmp "$dir/np2.bin" "$dir/np3.bin"
echo "rollout_mpi: 2 and 3 ranks give the same bytes"
