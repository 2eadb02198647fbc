#!/usr/bin/env bash
# real-slurm-jobsubmit.sh [rounds [submissions]] (benchmarks/run jobsubmit-real): what Plugstack's
# job_submit costs a REAL slurmctld per submission, as Slurm reports it (sdiag's mean time per
# REQUEST_SUBMIT_BATCH_JOB), and real sbatch's wall time, side by side in one run. Root only; Debian's
# Slurm 22.05 (and lua-socket) are installed by runtime/bridge/real-slurm/cluster.sh when missing.
#
# One node daemon (a copy of the built distribution); per round, one fresh loopback cluster per config,
# configs alternated round by round so drift hits all alike:
#   none      no JobSubmitPlugins
#   chain     JobSubmitPlugins=lua with Plugstack's shim -> the daemon's chain of the seven sample plugins
#             (all_partitions,defaults,logging,partition,pbs,require_timelimit,throttle)
#   cchain    JobSubmitPlugins=plugstack, the C plugin (built against the installed Slurm's source) -> the same chain
#   cempty    the C plugin -> a daemon whose chain is empty: what the transport alone costs
#   plualua   the shim -> the daemon's own job_submit/lua running the benchmark's policy.lua
#   slurmlua  Slurm's own job_submit/lua running the same policy.lua (the anchor)
# Each config: WARM (50) untimed submissions to a fresh slurmctld, sdiag -r, then SUBMISSIONS x `sbatch -H -t 10 -o /dev/null --wrap true` (held: nothing is
# scheduled), then sdiag; then throughput: PAR (4) sbatch loops at once, SUBMISSIONS in all, jobs per second. The cluster is stopped by cluster.sh stop (its recorded PIDs), the daemon by
# its recorded PID; everything lives in one fresh directory under /tmp, removed at the end.
set -euo pipefail
export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=node-daemon.sh
. "$ROOT/benchmarks/node-daemon.sh"
CLUSTER_SH=$ROOT/runtime/bridge/real-slurm/cluster.sh
SHIM=$ROOT/runtime/bridge/lua/job_submit.lua
POLICY=$ROOT/benchmarks/src/main/resources/io/plugstack/benchmarks/policy.lua
ROUNDS=${1:-6}
N=${2:-150}
WARM=${WARM:-50}
PAR=${PAR:-4}
export SLURMCTLD_PORT=${SLURMCTLD_PORT:-22817} SLURMD_PORT=${SLURMD_PORT:-22818}
# CONFIGS="none cempty ..." runs those only (none first: every other is paired with it)
read -r -a CONFIGS <<< "${CONFIGS:-none chain cchain cempty plualua slurmlua}"
[[ ${CONFIGS[0]} == none ]] || bench_die "CONFIGS must start with none"
OTHERS=("${CONFIGS[@]:1}")
PLUGIN_SO_DIR=$ROOT/runtime/bridge/target/c
[[ $ROUNDS =~ ^[1-9][0-9]*$ && $N =~ ^[1-9][0-9]*$ ]] || bench_die "usage: real-slurm-jobsubmit.sh [rounds [submissions]]"
[[ $(id -u) == 0 ]] || bench_die "needs root (slurmd runs as root; sdiag -r)"

bash "$CLUSTER_SH" install
make -s -C "$ROOT/runtime/bridge" job-submit-installed >/dev/null || bench_die "job_submit_plugstack.so did not build"
ensure_dist
WORK=$(mktemp -d /tmp/ps-jsbench.XXXXXX)
chmod 755 "$WORK"
CLUSTER=$WORK/cluster
cluster_up=
cleanup() {
  [[ -n $cluster_up ]] && bash "$CLUSTER_SH" stop "$CLUSTER" >/dev/null 2>&1
  node_stop
  [[ -n ${KEEP:-} ]] || rm -rf "$WORK"
}
trap cleanup EXIT

# the daemon: no SPANK plugin; its job_submit/lua script is the policy; its chain set per config
mkdir -p "$WORK/node/home/deploy"
node_start "$WORK/node" "# no SPANK plugin"$'\n'
cp "$POLICY" "$WORK/node/home/etc/job_submit.lua"

chain_is() { # the daemon's JobSubmitPlugins=, through ConfigAdmin (written whole, renamed in)
  printf 'JobSubmitPlugins=%s\n' "$1" > "$WORK/node/home/deploy/plugstack.slurm.cfg.new"
  mv -f "$WORK/node/home/deploy/plugstack.slurm.cfg.new" "$WORK/node/home/deploy/plugstack.slurm.cfg"
  sleep 1 # FileInstall's scan and ConfigAdmin's update
}

start_cluster() { # CONFIG
  rm -rf "$CLUSTER"
  mkdir -p "$CLUSTER/etc"
  local knob= plugindir=
  case $1 in
    none) ;;
    cchain|cempty)
      knob=plugstack
      plugindir=/usr/lib/x86_64-linux-gnu/slurm-wlm:$PLUGIN_SO_DIR
      echo "socket=$NODE_SOCKETS/ctld.sock" > "$CLUSTER/etc/job_submit_plugstack.conf"
      chmod 644 "$CLUSTER/etc/job_submit_plugstack.conf" ;;
    chain|plualua)
      knob=lua
      sed "s|\"/run/plugstack/ctld.sock\"|\"$NODE_SOCKETS/ctld.sock\"|" "$SHIM" > "$CLUSTER/etc/job_submit.lua" ;;
    slurmlua)
      knob=lua
      cp "$POLICY" "$CLUSTER/etc/job_submit.lua" ;;
  esac
  chmod 644 "$CLUSTER"/etc/*.lua 2>/dev/null || true
  JOB_SUBMIT_PLUGINS=$knob PLUGIN_DIR=$plugindir bash "$CLUSTER_SH" start "$CLUSTER" > "$WORK/start.out" 2>&1 || { cat "$WORK/start.out" >&2; bench_die "cluster did not start"; }
  cluster_up=1
}

ave_time() { # sdiag's mean usec per REQUEST_SUBMIT_BATCH_JOB
  SLURM_CONF=$CLUSTER/etc/slurm.conf sdiag | sed -n 's/.*REQUEST_SUBMIT_BATCH_JOB.*count:\([0-9]*\).*ave_time:\([0-9]*\).*/\1 \2/p' | head -1
}

declare -A AVE WALL RATE DIFF SHARE ROUND_AVE ROUND_RATE
for ((round = 1; round <= ROUNDS; round++)); do
  for ((k = 0; k < ${#CONFIGS[@]}; k++)); do
    config=${CONFIGS[(k + round - 1) % ${#CONFIGS[@]}]}
    case $config in
      chain|cchain) chain_is "all_partitions,defaults,logging,partition,pbs,require_timelimit,throttle" ;;
      cempty) chain_is "" ;;
      plualua) chain_is "lua" ;;
    esac
    start_cluster "$config"
    export SLURM_CONF=$CLUSTER/etc/slurm.conf
    # one checked submission (accepted: the policy routes it to debug), then a warm-up of a fresh slurmctld
    out=$(sbatch -H -t 10 -o /dev/null --wrap true 2>&1) || bench_die "$config: sbatch refused: $out"
    for ((i = 0; i < WARM; i++)); do sbatch -H -t 10 -o /dev/null --wrap true >/dev/null 2>&1 || bench_die "$config: warm-up sbatch failed"; done
    sdiag -r >/dev/null
    walls=()
    for ((i = 0; i < N; i++)); do
      t0=$EPOCHREALTIME
      sbatch -H -t 10 -o /dev/null --wrap true >/dev/null 2>&1 || bench_die "$config: sbatch $i failed"
      walls+=("$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.3f", (b-a)*1000}')")
    done
    read -r count ave < <(ave_time)
    [[ $count == "$N" ]] || bench_die "$config: sdiag counted $count submissions, not $N"
    wall=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
    # throughput: PAR loops at once, N submissions in all (sbatch is a client: its own cost counts too)
    t0=$EPOCHREALTIME
    pids=()
    for ((p = 0; p < PAR; p++)); do
      ( for ((i = p; i < N; i += PAR)); do sbatch -H -t 10 -o /dev/null --wrap true >/dev/null 2>&1 || exit 1; done ) &
      pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p" || bench_die "$config: a parallel sbatch failed"; done
    rate=$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v n="$N" 'BEGIN{printf "%.1f", n/(b-a)}')
    AVE[$config]+="$ave "
    WALL[$config]+="$wall "
    RATE[$config]+="$rate "
    ROUND_AVE[$config]=$ave
    ROUND_RATE[$config]=$rate
    printf '  round %d %-8s sdiag ave_time %6d us   sbatch wall median %7.3f ms   %d at once: %6.1f jobs/s\n' "$round" "$config" "$ave" "$wall" "$PAR" "$rate"
    bash "$CLUSTER_SH" stop "$CLUSTER" >/dev/null 2>&1
    cluster_up=
  done
  # paired with none of the same round: the machine's drift over minutes (seen here: every config's
  # ave_time x4 from the first round to the third) cancels out
  for c in "${OTHERS[@]}"; do
    DIFF[$c]+="$(( ROUND_AVE[$c] - ROUND_AVE[none] )) "
    SHARE[$c]+="$(awk -v r="${ROUND_RATE[$c]}" -v n="${ROUND_RATE[none]}" 'BEGIN{printf "%.0f", 100*r/n}') "
  done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{a[NR]=$1} END{print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo
echo "per submission in the real slurmctld (sdiag ave_time, median of $ROUNDS rounds x $N):"
for c in "${CONFIGS[@]}"; do
  printf '  %-8s %6s us   (rounds: %s)   sbatch wall %s ms   %s jobs/s with %d at once\n' "$c" "$(echo "${AVE[$c]}" | median)" "${AVE[$c]% }" \
    "$(echo "${WALL[$c]}" | median)" "$(echo "${RATE[$c]}" | median)" "$PAR"
done
echo "paired with none in the same round (median over the $ROUNDS rounds):"
for c in "${OTHERS[@]}"; do
  printf '  %-8s - none: %+.0f us per submission (rounds: %s)   sbatch throughput %s%% of none (rounds: %s)\n' "$c" \
    "$(echo "${DIFF[$c]}" | median)" "${DIFF[$c]% }" "$(echo "${SHARE[$c]}" | median)" "${SHARE[$c]% }"
done
