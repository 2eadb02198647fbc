#!/usr/bin/env bash
# bridge-c.sh [calls [warmup]] (benchmarks/run bridge-c): one forwarded SPANK callback's round trip,
# timed in C with the bridge's own codec and connection code (runtime/bridge's bench_roundtrip),
# against a real node daemon: a copy of the built distribution started here with the shipped plugins
# in its plugstack.conf. Target: under 50 us median. Defaults: 20 000 calls after 20 000 warm-up, per
# figure. The figures:
#   srun      local_user_init over user.sock, local context (neither shipped plugin has that
#             callback: the bare forwarding through the daemon's SPANK stack)
#   stepd     user_init over root.sock, remote context (root only): private-tmp reads the job's items,
#             checks its directory and sets TMPDIR, which comes back in DONE
#   floor     the same client and frames against a forked C peer answering an empty DONE: what the
#             socket round trip costs with no daemon at all
# each with both ends where the scheduler puts them, then (with taskset and 2+ CPUs) both pinned to
# CPU 0, then the client on CPU 1 and the daemon (or peer) on CPU 0: on a VM a message that has to wake
# another vCPU costs tens of microseconds, which the first figure mixes in at the scheduler's whim.
# Everything lives in one fresh directory under /tmp, removed at the end (KEEP=1 keeps it); the
# daemon is stopped by its recorded PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=node-daemon.sh
. "$ROOT/benchmarks/node-daemon.sh"
CALLS=${1:-20000}
WARMUP=${2:-$CALLS}
[[ $CALLS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+$ ]] || bench_die "usage: bridge-c.sh [calls [warmup]]"

ensure_dist
WORK=$(mktemp -d /tmp/plugstack-bench-c.XXXXXX)
cleanup() {
  set +e
  node_stop
  if [[ -n ${KEEP:-} ]]; then bench_say "kept $WORK"; else rm -rf -- "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
chmod 755 "$WORK"

make -s --no-print-directory -C "$ROOT/runtime/bridge" OUT="$WORK/bin" bench-roundtrip
BENCH=$WORK/bin/bench_roundtrip
conf="required renice min=-5 max=19
"
modes=(floor srun)
if [[ $(id -u) == 0 ]]; then
  # private-tmp's base must be root's and sticky (as /tmp), every directory above it too
  install -d -m 1777 "$WORK/tmp"
  conf+="optional private-tmp base=$WORK/tmp
"
  modes+=(stepd)
else
  bench_say "not root: private-tmp left out (it makes its directories for the job's user) and no root.sock figure"
fi
placements=(any)
if command -v taskset >/dev/null && (($(nproc) >= 2)); then placements+=(one two); fi

node_start "$WORK/node" "$conf"
echo "plugstack.conf of the daemon: $(echo "$conf" | paste -sd';' | sed 's/;*$//')"
echo "before: $(load_line)"

declare -A med
ncalls=0
for place in "${placements[@]}"; do
  client=()
  case $place in
    any) echo "--- both ends where the scheduler puts them" ;;
    one) echo "--- both ends on CPU 0"; taskset -a -p -c 0 "$NODE_PID" >/dev/null; client=(taskset -c 0) ;;
    two) echo "--- client on CPU 1, daemon (or peer) on CPU 0"; client=(taskset -c 1) ;;
  esac
  for mode in "${modes[@]}"; do
    case $mode in
      floor) peer=-e; [[ $place == any ]] || peer=-e0; args=("$peer") ;;
      srun) args=("$NODE_SOCKETS") ;;
      stepd) args=(-r "$NODE_SOCKETS") ;;
    esac
    out=$("${client[@]}" "$BENCH" "${args[@]}" "$CALLS" "$WARMUP") || { echo "$out"; bench_die "bench_roundtrip $mode failed"; }
    echo "$out"
    med[$mode.$place]=$(sed -n 's/^  median \([0-9.]*\) us.*/\1/p' <<<"$out")
    [[ $mode == floor ]] || ncalls=$((ncalls + CALLS + WARMUP))
  done
done
echo "after:  $(load_line)"
echo "node daemon after $ncalls calls: $(node_rss)"
echo
echo "medians (us)     $(printf '%-10s' "${placements[@]}")   (any: where the scheduler puts them; one: both on CPU 0; two: client CPU 1, daemon CPU 0)"
for mode in "${modes[@]}"; do
  line=$(printf '%-16s' "$mode")
  for place in "${placements[@]}"; do line+=$(printf ' %-10s' "${med[$mode.$place]:-?}"); done
  echo "$line"
done
