#!/usr/bin/env bash
# real-slurm.sh [blocks [per-block]] (benchmarks/run bridge-srun): what the SPANK bridge costs a real
# `srun true`, and the node daemon's idle memory. Root only (slurmd runs as root); Debian's Slurm 22.05
# is installed by runtime/bridge/real-slurm/cluster.sh when missing.
#
# In one run, on one loopback cluster (cluster.sh, ports SLURMCTLD_PORT/SLURMD_PORT, default
# 18817/18818) and one node daemon (a copy of the built distribution; its plugstack.conf: the shipped
# plugins renice and private-tmp), blocks of `srun true` alternate across Slurm plugstack.conf
# configs, the order rotated from block to block so drift hits all of them alike:
#   empty   an empty plugstack.conf: no SPANK plugin at all
#   cnoop   `required noop_spank.so`, a C plugin whose init returns 0: what any SPANK plugin costs
#           in Slurm itself, the floor under the bridge
#   bare    `required plugstack_bridge_nojs.so`, the node daemon's plugstack.conf empty: the bridge's
#           own cost (sessions, round trips), no Java plugin at work
#   nojs    `required plugstack_bridge_nojs.so`: the bridge built without job_prolog/job_epilog, with
#           the shipped plugins
#   bridge  `required plugstack_bridge.so`: every callback, job_script (prolog/epilog) included
# (CONFIGS="empty nojs bridge" leaves bare out.) Switching config restarts slurmd (it decides at its
# start whether to spawn a prolog and an epilog slurmstepd per job; the daemon reads its own
# plugstack.conf at every session); then WARM untimed sruns and one checked srun (--renice=3 must
# give niceness 3 and private-tmp's TMPDIR under the shipped plugins; after the job that directory must
# be gone: job_epilog removes it with job_script, the job's last step without). Each timed srun starts with the queue
# empty (the previous job's epilog done). Prints per config the median wall time, p10-p90, and the
# differences of the medians; the daemon's VmRSS after its boot and after the runs, each after IDLE
# seconds idle.
#
# srun runs as SRUN_AS (default plugstackit, an unprivileged user made when missing): a user's srun is
# served by the daemon's user role through the root role's relay, as on a real node; SRUN_AS=root
# times root's own srun, which the root role serves itself.
# Defaults: 5 blocks x 10 timed sruns per config, WARM=2, IDLE=5. Everything lives in one fresh
# directory under /tmp, removed at the end (KEEP=1 keeps it); the cluster is stopped by cluster.sh
# stop (its recorded PIDs) and the daemon by its recorded PID.
set -euo pipefail
export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=node-daemon.sh
. "$ROOT/benchmarks/node-daemon.sh"
CLUSTER_SH=$ROOT/runtime/bridge/real-slurm/cluster.sh
BLOCKS=${1:-5}
PER=${2:-10}
WARM=${WARM:-2}
IDLE=${IDLE:-5}
export SLURMCTLD_PORT=${SLURMCTLD_PORT:-18817} SLURMD_PORT=${SLURMD_PORT:-18818}
read -r -a CONFIGS <<<"${CONFIGS:-empty cnoop bare nojs bridge}"
[[ $BLOCKS =~ ^[1-9][0-9]*$ && $PER =~ ^[1-9][0-9]*$ && $WARM =~ ^[0-9]+$ && $IDLE =~ ^[0-9]+$ ]] \
  || bench_die "usage: real-slurm.sh [blocks [per-block]]  (env CONFIGS, WARM, IDLE, SLURMCTLD_PORT, SLURMD_PORT, KEEP, NODE_JAVA_OPTS)"
[[ $(id -u) == 0 ]] || bench_die "needs root: slurmd runs as root and starts the jobs"

bash "$CLUSTER_SH" install
ensure_dist
SRUN_AS=${SRUN_AS:-plugstackit}
[[ $SRUN_AS == root ]] || ensure_user "$SRUN_AS"
# srun as SRUN_AS, with this shell's environment (SLURM_CONF) and working directory
as_user() {
  if [[ $SRUN_AS == root ]]; then "$@"; else setpriv --reuid="$SRUN_AS" --regid="$(id -g "$SRUN_AS")" --init-groups -- "$@"; fi
}
WORK=$(mktemp -d /tmp/plugstack-bench-srun.XXXXXX)
CLUSTER=$WORK/cluster
cluster_started=
cleanup() {
  set +e
  cd /
  # the cluster first: slurmd's slurmd_exit still reaches the daemon
  [[ -n $cluster_started ]] && bash "$CLUSTER_SH" stop "$CLUSTER"
  node_stop
  if [[ -n ${KEEP:-} ]]; then bench_say "kept $WORK"; else rm -rf -- "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
chmod 755 "$WORK"

# the bridge, built from this checkout against the installed spank.h, into the work directory
# (other builds may clean runtime/bridge/target while this runs)
make -s --no-print-directory -C "$ROOT/runtime/bridge" OUT="$WORK/so" so test-plugins >/dev/null
install -d -m 1777 "$WORK/tmp" "$WORK/jobs"
SHIPPED="required renice min=-5 max=19
optional private-tmp base=$WORK/tmp
"
node_start "$WORK/node" "$SHIPPED"
sleep "$IDLE"
rss_boot=$(node_rss)
echo "node daemon after boot, $IDLE s idle: $rss_boot"

conf_line() {
  case $1 in
    empty) echo "" ;;
    bare | nojs) echo "required $WORK/so/plugstack_bridge_nojs.so socket_dir=$NODE_SOCKETS" ;;
    bridge) echo "required $WORK/so/plugstack_bridge.so socket_dir=$NODE_SOCKETS" ;;
    cnoop) echo "required $WORK/so/noop_spank.so" ;;
    *) bench_die "unknown config $1 (empty, cnoop, bare, nojs, bridge)" ;;
  esac
}
for cfg in "${CONFIGS[@]}"; do conf_line "$cfg" >/dev/null; done
install -d -m 0755 "$CLUSTER" "$CLUSTER/etc"
conf_line empty > "$CLUSTER/etc/plugstack.conf"
cluster_started=1
bash "$CLUSTER_SH" start "$CLUSTER"
export SLURM_CONF=$CLUSTER/etc/slurm.conf
unset TMPDIR
cd "$WORK/jobs"

# wait_empty: until squeue lists no job (the last one's epilog done), at most 30 s
wait_empty() {
  local i
  for ((i = 0; i < 600; i++)); do
    [[ -z $(timeout 5 squeue -h -o %A 2>/dev/null || echo busy) ]] && return 0
    sleep 0.05
  done
  bench_die "jobs still queued after 30 s: $(timeout 5 squeue -h 2>&1 | head -3)"
}

# use CONFIG: Slurm's plugstack.conf for CONFIG, slurmd restarted, warmed up and checked
use() {
  local cfg=$1 out want i job niceness tmp removed
  conf_line "$cfg" > "$CLUSTER/etc/plugstack.conf"
  if [[ $cfg == bare ]]; then
    printf '# bench: no Java plugin\n' > "$NODE_DIR/home/etc/plugstack.conf"
  else
    printf '%s' "$SHIPPED" > "$NODE_DIR/home/etc/plugstack.conf"
  fi
  bash "$CLUSTER_SH" restart-slurmd "$CLUSTER" > "$WORK/restart.out" 2>&1 || { cat "$WORK/restart.out" >&2; bench_die "slurmd did not restart"; }
  for ((i = 0; i < WARM; i++)); do wait_empty; as_user timeout 60 srun true; done
  wait_empty
  if [[ $cfg == empty || $cfg == bare || $cfg == cnoop ]]; then
    out=$(as_user timeout 60 srun sh -c 'echo "$SLURM_JOB_ID $(nice) ${TMPDIR:-none}"')
  else
    out=$(as_user timeout 60 srun --renice=3 sh -c 'echo "$SLURM_JOB_ID $(nice) ${TMPDIR:-none}"')
  fi
  read -r job niceness tmp <<<"$out"
  wait_empty
  case $cfg in
    empty | bare | cnoop) [[ $tmp != "$WORK/tmp/"* ]] || bench_die "$cfg: no Java plugin, yet private-tmp's TMPDIR=$tmp" ;;
    *) want="3 $WORK/tmp/slurm-$job"
       [[ "$niceness $tmp" == "$want" ]] || bench_die "$cfg: srun --renice=3 gave '$niceness $tmp', not '$want'" ;;
  esac
  removed=n/a
  if [[ $cfg == nojs || $cfg == bridge ]]; then
    # bridge: job_epilog removes it; nojs: the job's last step does, at slurmstepd's exit (at most 10 s)
    for ((i = 0; i < 200; i++)); do [[ -e $tmp ]] || break; sleep 0.05; done
    if [[ -e $tmp ]]; then removed=no; else removed=yes; fi
    [[ $removed == yes ]] || bench_die "$cfg: private-tmp's directory $tmp is still there 10 s after the job"
  fi
  CHECK="checked: niceness $niceness, TMPDIR ${tmp/#$WORK/WORK}, removed after the job: $removed"
}

echo "$BLOCKS blocks x $PER timed 'srun true' as $SRUN_AS per config, configs rotated per block; before: $(load_line)"
fails=0
for ((blk = 0; blk < BLOCKS; blk++)); do
  for ((k = 0; k < ${#CONFIGS[@]}; k++)); do
    cfg=${CONFIGS[$(((blk + k) % ${#CONFIGS[@]}))]}
    use "$cfg"
    : > "$WORK/block"
    for ((i = 0; i < PER; i++)); do
      wait_empty
      a=$EPOCHREALTIME
      if as_user timeout 60 srun true; then
        b=$EPOCHREALTIME
        awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f\n", (b - a) * 1000}' | tee -a "$WORK/srun.$cfg" >> "$WORK/block"
      else
        fails=$((fails + 1))
        ((fails <= 3)) || bench_die "more than 3 sruns failed"
        echo "bench: srun failed ($cfg, block $((blk + 1)))" >&2
      fi
    done
    wait_empty
    state=$(timeout 5 sinfo -h -N -n localhost -o %T 2>/dev/null || true)
    printf '  block %d %-7s median %6s ms   [%s]   %s; node %s\n' $((blk + 1)) "$cfg" "$(median "$WORK/block")" \
      "$(paste -sd' ' "$WORK/block")" "$CHECK" "${state:-?}"
  done
done
echo "after: $(load_line)"
wait_empty
sleep "$IDLE"
rss_runs=$(node_rss)

echo
echo "srun true wall time (ms), $((BLOCKS * PER)) per config:"
for cfg in "${CONFIGS[@]}"; do
  what=$(conf_line "$cfg" | sed "s|$WORK|WORK|g; s|^$|(empty plugstack.conf)|")
  [[ $cfg == bare ]] && what+=", no Java plugin"
  [[ $cfg == cnoop ]] && what+=" (a C plugin whose init returns 0)"
  [[ $cfg == nojs || $cfg == bridge ]] && what+=", renice + private-tmp"
  printf '  %-7s %s   %s\n' "$cfg" "$(stats "$WORK/srun.$cfg")" "$what"
done
declare -A m
for cfg in "${CONFIGS[@]}"; do m[$cfg]=$(median "$WORK/srun.$cfg"); done
diff_line() { # diff_line A B TEXT [NOTE]: the difference of the medians of A and B, when both ran
  [[ -n ${m[$1]:-} && -n ${m[$2]:-} ]] || return 0
  awk -v a="${m[$1]}" -v b="${m[$2]}" -v t="$3" -v note="${4:-}" 'BEGIN {printf "  %-66s %+7.2f ms%s\n", t, a - b, note}'
}
diff_line nojs empty "bridge + shipped plugins, no job_script (nojs - empty):" "   target < 3 ms"
diff_line bare empty "  the bridge alone, no Java plugin (bare - empty):"
diff_line cnoop empty "    any SPANK plugin, in Slurm itself (cnoop - empty):"
diff_line bare cnoop "    the bridge's own part (bare - cnoop):"
diff_line nojs bare "  the shipped plugins' work (nojs - bare):"
diff_line bridge empty "bridge + shipped plugins with job_script (bridge - empty):"
diff_line bridge nojs "  job_prolog/job_epilog: the prolog/epilog stepd (bridge - nojs):"
echo "  failed sruns: $fails"
echo "node daemon idle RSS: after boot $rss_boot; after the runs ($IDLE s idle) $rss_runs"
echo "node daemon log: $(grep -c 'plugstack: error' "$NODE_DIR/log/plugstack-node.log" 2>/dev/null || true) error line(s)"
