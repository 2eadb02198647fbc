# node-daemon.sh - sourced by benchmarks/bridge-c.sh and benchmarks/real-slurm.sh, not run.
# A Plugstack node daemon for a benchmark: a copy of the built distribution in its own directory,
# started as this shell's child (`bin/plugstack-node`, as an admin starts it), and stopped
# ONLY by the PID recorded at its start (SIGTERM, then SIGKILL to that same PID), never by name.
#
# Needs: $ROOT (the repository). Sets: NODE_DIR, NODE_PID, NODE_SOCKETS, NODE_BOOT_MS.

DIST=${PLUGSTACK_DIST:-$ROOT/features/target/plugstack}
JAVA=${JAVA:-java}
NODE_PID=

bench_say() { echo "bench: $*"; }
bench_die() { echo "bench: $*" >&2; exit 1; }

# ensure_user NAME: an unprivileged login user NAME, made (with a home) when missing
ensure_user() {
  id -u "$1" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$1"
}

# ensure_dist: the built distribution, built (as benchmarks/run does) when missing
ensure_dist() {
  if [[ ! -f $DIST/plugstack.jar ]]; then
    bench_say "no distribution in $DIST: mvn install -DskipTests"
    (cd "$ROOT" && mvn -B -q install -DskipTests) >&2
  fi
  [[ -f $DIST/plugstack.jar ]] || bench_die "no $DIST/plugstack.jar"
}

# node_alive: the recorded PID still runs this daemon (its command line names its own home: bin/plugstack-node's
# sh for the moment before it execs java, then java's -jar .../plugstack.jar)
node_alive() {
  local st
  [[ -n $NODE_PID && -d /proc/$NODE_PID ]] || return 1
  st=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "/proc/$NODE_PID/status" 2>/dev/null) || return 1
  [[ -n $st && $st != Z && $st != X ]] || return 1
  tr '\0' ' ' < "/proc/$NODE_PID/cmdline" 2>/dev/null | grep -qE -- "$NODE_DIR/home/(plugstack\.jar|bin/plugstack-node)"
}

# node_start DIR CONF: a copy of the distribution in DIR/home whose plugstack.conf is CONF; returns
# once root.sock is served (at most 60 s)
node_start() {
  local dir=$1 conf=$2 sub t0 i
  NODE_DIR=$dir
  NODE_SOCKETS=$dir/run
  install -d -m 0755 "$dir" "$dir/home" "$dir/log"
  # bridge/: the user role's monitor client, bridge/prebuilt/plugstack-run; bin/: the product's own launcher
  for sub in system features etc lib bridge bin; do [[ -e $dir/home/$sub ]] || cp -R "$DIST/$sub" "$dir/home/"; done
  [[ -e $dir/home/plugstack.jar ]] || cp -p "$DIST/plugstack.jar" "$dir/home/"
  printf '%s' "$conf" > "$dir/home/etc/plugstack.conf"
  t0=$EPOCHREALTIME
  # as an admin starts it: bin/plugstack-node and its JVM options (NODE_JAVA_OPTS adds to them), exec'd: the PID is java's
  PLUGSTACK_SOCKET_DIR=$NODE_SOCKETS PLUGSTACK_LOG=$dir/log/plugstack-node.log PLUGSTACK_JAVA_OPTS=${NODE_JAVA_OPTS:-} \
    sh "$dir/home/bin/plugstack-node" </dev/null >>"$dir/daemon.out" 2>&1 &
  NODE_PID=$!
  echo "$NODE_PID" > "$dir/daemon.pid"
  for ((i = 0; i < 1200; i++)); do
    [[ -S $NODE_SOCKETS/root.sock ]] && break
    node_alive || { tail -n 30 "$dir/daemon.out" "$dir/log/plugstack-node.log" >&2 2>/dev/null; bench_die "the node daemon (PID $NODE_PID) exited"; }
    sleep 0.05
  done
  [[ -S $NODE_SOCKETS/root.sock ]] || { tail -n 30 "$dir/log/plugstack-node.log" >&2 2>/dev/null; bench_die "no $NODE_SOCKETS/root.sock after 60 s"; }
  NODE_BOOT_MS=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.0f", (b-a)*1000}')
  bench_say "node daemon PID $NODE_PID serving $NODE_SOCKETS ($NODE_BOOT_MS ms from launch to root.sock)"
}

# node_rss: "VmRSS=N MB VmHWM=N MB" of the daemon (its JVM), and of its user role's JVM (the pid the
# daemon's log names in its last "user role started (pid N)" line) when it runs one
node_rss() {
  local role
  node_alive || { echo "(daemon not running)"; return 0; }
  awk '/^VmRSS:/ {r=$2} /^VmHWM:/ {h=$2} END {printf "root role VmRSS %.1f MB (peak VmHWM %.1f MB)", r/1024, h/1024}' "/proc/$NODE_PID/status"
  role=$(sed -n 's/.*node: user role started (pid \([0-9]*\)).*/\1/p' "$NODE_DIR/log/plugstack-node.log" 2>/dev/null | tail -1)
  if [[ -n $role && -r /proc/$role/status ]]; then
    awk '/^VmRSS:/ {r=$2} /^VmHWM:/ {h=$2} END {printf "; user role VmRSS %.1f MB (peak VmHWM %.1f MB)", r/1024, h/1024}' "/proc/$role/status"
  fi
}

# node_stop: SIGTERM the recorded PID, wait (30 s), SIGKILL that same PID if it is still there
node_stop() {
  local i
  [[ -n $NODE_PID ]] || return 0
  if node_alive; then
    kill -TERM "$NODE_PID" 2>/dev/null || true
    for ((i = 0; i < 300; i++)); do node_alive || break; sleep 0.1; done
    if node_alive; then
      bench_say "node daemon PID $NODE_PID still running 30 s after SIGTERM: SIGKILL"
      kill -KILL "$NODE_PID" 2>/dev/null || true
    fi
  fi
  wait "$NODE_PID" 2>/dev/null || true
  bench_say "node daemon PID $NODE_PID stopped"
  NODE_PID=
}

# stats FILE: "median M  p10 A  p90 B  min C  max D  (n=N)" of the numbers in FILE, one per line
# (ranks as benchmarks' Stats.java: round(p/100 * (n-1)))
stats() {
  sort -g "$1" | awk '{a[NR]=$1} END {n=NR; if (!n) {print "(no samples)"; exit}
    m = (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    printf "median %6.2f  p10 %6.2f  p90 %6.2f  min %6.2f  max %6.2f  (n=%d)", m, a[int(0.1*(n-1)+0.5)+1], a[int(0.9*(n-1)+0.5)+1], a[1], a[n], n}'
}

median() {
  sort -g "$1" | awk '{a[NR]=$1} END {n=NR; if (!n) {print "nan"; exit}; printf "%.2f", (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2}'
}

# the machine's load, for reading the figures: 2 shared cores here, other builds run beside
load_line() { echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"; }
