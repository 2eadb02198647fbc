#!/usr/bin/env bash
# node-restart.sh [rounds] (benchmarks/run node-restart): how long a node daemon takes from kill -9 to
# serving again, and what a hostile user's flood costs it in memory. Root only (the daemon runs its user
# role as `plugstack`; the flood runs as the unprivileged user `plugstackit`, both made when missing).
# No Slurm needed: the sockets are the daemon's own.
#
# 1. Restart: ROUNDS times, SIGKILL to the recorded PID and a new launch on the same home: the time
#    until root.sock is served (slurmstepd, the prolog) and until the user role's role.sock is (srun,
#    sbatch); the bridge's connect_wait (10 s by default) must stay above both.
# 2. Flood: the daemon's and its user role's VmRSS after boot, then while plugstackit holds 600 user.sock
#    connections with a HELLO each (its share is 512: 88 refused), then after a 10 s connect flood and a
#    10 s protocol fuzz (features/src/test/resources/realslurm/peer.py), each after IDLE seconds.
#
# Defaults: 10 rounds, IDLE=5. Everything lives in one fresh directory under /tmp, removed at the end
# (KEEP=1 keeps it); the daemon is stopped by its recorded PID.
set -euo pipefail
export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=node-daemon.sh
. "$ROOT/benchmarks/node-daemon.sh"
ROUNDS=${1:-10}
# bin/plugstack-node's own JVM options (heap, collector, class-data sharing); NODE_JAVA_OPTS adds to them
export NODE_JAVA_OPTS=${NODE_JAVA_OPTS:-}
IDLE=${IDLE:-5}
HOSTILE=plugstackit
[[ $ROUNDS =~ ^[1-9][0-9]*$ && $IDLE =~ ^[0-9]+$ ]] || bench_die "usage: benchmarks/run node-restart [rounds]"
[[ $(id -u) == 0 ]] || bench_die "run as root: the node daemon splits into roles only as root"
[[ -x /usr/bin/python3 ]] || bench_die "/usr/bin/python3 is needed for the flood (features/src/test/resources/realslurm/peer.py)"
id -u plugstack >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin plugstack
ensure_user "$HOSTILE"
ensure_dist
work=$(mktemp -d /tmp/plugstack-restart-bench.XXXXXX)
chmod 0755 "$work"
cleanup() { node_stop; [[ ${KEEP:-0} == 1 ]] || rm -rf "$work"; }
trap cleanup EXIT
# the hostile client RealSlurmUserLimitsIT runs, one copy
install -m 0755 "$ROOT/features/src/test/resources/realslurm/peer.py" "$work/peer.py"
# a first start and a clean stop, as a node's first `systemctl restart plugstack-node` does: the JVM writes
# the home's class-data archive (data/cds) at that exit, and every later start maps it
node_start "$work/node" "" >/dev/null
node_stop
ls "$work/node/home/data/cds/"node-*.jsa >/dev/null 2>&1 || bench_say "no class-data archive after a clean stop (PLUGSTACK_CDS=off?)"
node_start "$work/node" ""
role_sock=$NODE_SOCKETS/user-role/role.sock
for ((i = 0; i < 600; i++)); do [[ -S $role_sock ]] && break; sleep 0.05; done
[[ -S $role_sock ]] || bench_die "no $role_sock after 30 s"
load_line

: > "$work/root.ms"; : > "$work/user.ms"
for ((r = 1; r <= ROUNDS; r++)); do
  kill -KILL "$NODE_PID"; wait "$NODE_PID" 2>/dev/null || true
  rm -f "$role_sock" "$NODE_SOCKETS/root.sock" # a killed daemon leaves them: connect() is refused until it binds again
  t0=$EPOCHREALTIME
  node_start "$work/node" "" >/dev/null
  awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.0f\n", (b-a)*1000}' >> "$work/root.ms"
  for ((i = 0; i < 600; i++)); do [[ -S $role_sock ]] && break; sleep 0.02; done
  [[ -S $role_sock ]] || bench_die "round $r: no $role_sock after 12 s"
  awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.0f\n", (b-a)*1000}' >> "$work/user.ms"
done
echo "restart, kill -9 to root.sock served (ms):          $(stats "$work/root.ms")"
echo "restart, kill -9 to the user role's socket (ms):    $(stats "$work/user.ms")"

sleep "$IDLE"; echo "RSS after boot:                    $(node_rss)"
peer() { setpriv --reuid=$HOSTILE --regid="$(id -g $HOSTILE)" --init-groups -- /usr/bin/python3 "$work/peer.py" "$NODE_SOCKETS/user.sock" "$@"; }
coproc HOLD { peer hold 600; }
read -r held <&"${HOLD[0]}"
sleep "$IDLE"; echo "RSS holding 600 connections:       $(node_rss)   ($held)"
exec {HOLD[1]}>&-; wait "$HOLD_PID" 2>/dev/null || true
echo "connect flood: $(peer flood 10)"
sleep "$IDLE"; echo "RSS after a 10 s connect flood:    $(node_rss)"
echo "fuzz: $(peer fuzz 10)"
sleep "$IDLE"; echo "RSS after a 10 s protocol fuzz:    $(node_rss)"
echo "daemon log: $(wc -l < "$work/node/log/plugstack-node.log") lines"
