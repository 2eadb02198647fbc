#!/bin/bash
# cluster.sh - a real single-node Slurm cluster (Debian 12's Slurm 22.05 packages) for the
# integration tests, isolated in one directory so that it can run next to any other cluster on the
# machine: its own ports, its own munged (own key and socket), its own state, spool, logs and PIDs.
# Everything listens on 127.0.0.1 only. Processes are stopped ONLY by the PIDs this script recorded
# itself (never by name: other clusters and other people's daemons may run here).
#
#   cluster.sh install               install Debian's packages when one is missing (root, apt)
#   cluster.sh start DIR             configure and start munged, slurmctld, slurmd in DIR; wait idle
#   cluster.sh stop DIR              cancel DIR's jobs, stop the recorded PIDs; safe to run twice
#   cluster.sh restart-slurmd DIR    restart slurmd only (it reads plugstack.conf at its start)
#
# SLURM_ROOT: a Debian root (debian-root.sh) whose Slurm runs the cluster instead of this machine's.
# Environment: SLURMCTLD_PORT (16817), SLURMD_PORT (16818): not Slurm's defaults, so a site
# cluster on 6817/6818 is never touched; both must sit below net.ipv4.ip_local_port_range (checked).
# JOB_SUBMIT_PLUGINS, CLI_FILTER_PLUGINS (e.g. lua): slurm.conf's
# JobSubmitPlugins= and CliFilterPlugins= (their scripts, job_submit.lua and cli_filter.lua, go in
# DIR/etc beside slurm.conf, where Slurm looks for them). PLUGIN_DIR: slurm.conf's PluginDir= (a colon-
# separated list: Debian's own directory and where job_submit_plugstack.so is). EXTRA_PARTITION: the name
# of a second partition on the node; EXTRA_PARTITION_OPTS: more of its slurm.conf keys (DefMemPerCPU=1000 ...).
# NODE_GRES: a GRES the node has (gpu:2), counted in gres.conf with no device file.
#
# NODES="login c1 c2" (with NET=10.77.0, a /24 prefix): a cluster of several nodes instead, each slurmd in
# network, UTS and mount namespaces of its own (hostname = node name, address NET.11, NET.12, ... on a
# bridge in slurmctld's namespace, NET.1): addresses exist only inside those namespaces. DIR/node is each
# node's own directory there (DIR/nodes/<name> bound on it): its spool, log, and whatever a test puts
# under it (the Plugstack socket directory). COMPUTE_NODES (c1,c2; default all) make the debug partition.
#   cluster.sh on DIR NODE CMD...    run CMD in NODE's namespaces (ctl: slurmctld's)
set -euo pipefail
# SLURM_ROOT: run this script, and so every daemon and command it starts, inside that Debian root
# (debian-root.sh mounts this machine's /tmp and this script's directory there, at the same paths)
if [[ -n ${SLURM_ROOT:-} && ${CLUSTER_SH_IN_ROOT:-} != 1 ]]; then
  [[ ${1:-} == install ]] && exit 0 # the root's packages are debian-root.sh's
  exec chroot "$SLURM_ROOT" /usr/bin/env CLUSTER_SH_IN_ROOT=1 /bin/bash "$(readlink -f "$0")" "$@"
fi

# valgrind: runtime/bridge checks its C code under it; lua-socket: the job_submit/cli_filter Lua shims'
# transport to the node daemon (socket.unix), loaded by Slurm's own job_submit/lua and cli_filter/lua;
# dpkg-dev: apt-get source unpacks Slurm's source package with it (slurm-source.sh, job_submit/plugstack)
# iproute2: the network namespaces of a cluster of several nodes (NODES=)
PKGS=(slurmctld slurmd slurm-client munge libslurm-dev slurm-wlm-basic-plugins gcc make libc6-dev valgrind lua-socket dpkg-dev iproute2)
WAIT=30        # seconds: the bound of every wait below
NODE=localhost # the NodeName; slurmd -N selects it (NodeHostname is the real short hostname)

say() { echo "real-slurm: $*"; }
die() { echo "real-slurm: $*" >&2; exit 1; }

# ------------------------------------------------------------------------------------ install
install_packages() {
  local missing=() p reason log made_policy=0
  for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
  done
  [[ ${#missing[@]} == 0 ]] && return 0
  fail() { echo "real-slurm: cannot install Debian's Slurm packages (${missing[*]}): $1; the real-Slurm tests need root and Debian's package archive" >&2; exit 1; }
  [[ $(id -u) == 0 ]] || fail "not root (uid $(id -u))"
  command -v apt-get >/dev/null || fail "no apt-get on this machine"
  # Debian's postinst would start the daemons with the package's own config; policy-rc.d exit 101
  # forbids it. Made only when absent (Docker images ship one), removed again on any exit.
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\n# real-slurm cluster.sh: no service starts during apt-get install\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d; made_policy=1
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  log=$(mktemp)
  if ! { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    reason=$(grep -E '^(E|Err):' "$log" | tail -1); reason=${reason:-$(tail -1 "$log")}
    rm -f "$log"; fail "apt-get failed: ${reason:-no output}"
  fi
  rm -f "$log"
  [[ $made_policy == 1 ]] && { rm -f /usr/sbin/policy-rc.d; trap - EXIT; }
  say "installed ${missing[*]}"
}

# ------------------------------------------------------------------------------------ helpers
set_paths() {
  [[ -n ${1:-} ]] || die "usage: cluster.sh $CMD DIR"
  DIR=$(realpath -m -- "$1")
  CONF=$DIR/etc/slurm.conf
  RUN=$DIR/run   # the PIDs recorded with $!, root-owned
  LOG=$DIR/log
  MUNGE=$DIR/munge
  export SLURM_CONF=$CONF
}

# load_nodes: a cluster of several nodes says so (run/nodes) for the commands after its start
load_nodes() {
  if [[ -z ${NODES:-} && -s $RUN/nodes ]]; then NODES=$(<"$RUN/nodes"); fi
}

# gone PID: true when the process no longer runs. A zombie counts as stopped: PID 1 here reaps late.
gone() {
  local st
  [[ -d /proc/$1 ]] || return 0
  st=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "/proc/$1/status" 2>/dev/null) || return 0
  [[ -z $st || $st == Z || $st == X ]]
}

# recorded NAME: prints the PID recorded for NAME when that PID is still that daemon of THIS
# cluster (its command name and its command line naming DIR), so a reused PID is never signalled.
# Right after spawn the PID may still be a launcher on its way to exec the daemon (setsid, setpriv,
# nsenter, unshare, the sh that binds a node's directory): that is the daemon too.
recorded() {
  local f=$RUN/$1.pid p comm
  [[ -s $f ]] || return 1
  p=$(<"$f")
  [[ $p =~ ^[0-9]+$ ]] && ! gone "$p" || return 1
  comm=$(cat "/proc/$p/comm" 2>/dev/null || true)
  [[ $comm == "${1%%-*}" || $comm =~ ^(setsid|setpriv|nsenter|unshare|sh)$ ]] || return 1 # slurmd-c1 is a slurmd
  tr '\0' ' ' < "/proc/$p/cmdline" 2>/dev/null | grep -qF -- "$DIR/" || return 1
  echo "$p"
}

# spawn NAME CMD...: the daemon in the foreground form, in its own session, in the background.
# setsid execs in place (this non-interactive shell makes no process groups), so $! is the daemon.
spawn() {
  local name=$1; shift
  setsid "$@" </dev/null >>"$LOG/$name.out" 2>&1 &
  echo $! > "$RUN/$name.pid"
}

# died NAME: the recorded PID has exited (whatever it runs now: right after spawn it may still be
# setsid or setpriv on its way to exec the daemon)
died() { local p; p=$(cat "$RUN/$1.pid" 2>/dev/null) || return 0; [[ -z $p ]] || gone "$p"; }

# tails: the end of each daemon's log (its stdout when it wrote no log: slurmctld -D copies its
# log to stdout, munged -F writes to stderr only)
tails() {
  local name f
  for name in munged slurmctld $(daemons); do
    f=$LOG/$name.log; [[ $name == slurmd-* && -s $DIR/nodes/${name#slurmd-}/slurmd.log ]] && f=$DIR/nodes/${name#slurmd-}/slurmd.log
    [[ -s $f ]] || f=$LOG/$name.out
    [[ -s $f ]] || continue
    echo "----- tail of $f" >&2; tail -n 25 "$f" >&2
  done
}

port_taken() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# A listening port inside the kernel's ephemeral range can be held at any moment as the local port of
# some outgoing connection (a test's, munge's, Maven's): bind then fails though nothing listens there.
# Slurm's defaults (6817/6818) sit below it for the same reason.
port_outside_ephemeral_range() {
  local lo hi
  read -r lo hi < /proc/sys/net/ipv4/ip_local_port_range || return 0
  ((lo <= $1 && $1 <= hi)) && die "port $1 is inside the kernel's ephemeral port range ($lo-$hi, net.ipv4.ip_local_port_range): an outgoing connection may hold it when a daemon binds; choose a port below $lo"
  return 0
}

# ------------------------------------------------------------------------------------ many nodes
# ns NAME: the network namespace of node NAME (ctl: slurmctld's) of this DIR's cluster
ns() { echo "ps$(printf %s "$DIR" | md5sum | cut -c1-6)-$1"; }
# daemons: the recorded names of the slurmd(s): slurmd, or slurmd-<node> for each of NODES
daemons() { if [[ -n ${NODES:-} ]]; then printf 'slurmd-%s ' $NODES; else echo slurmd; fi; }
# on NODE CMD...: CMD in NODE's namespaces (network, UTS, mount: its slurmd's), or slurmctld's (ctl)
on_node() {
  local n=$1 p; shift
  if [[ $n == ctl ]]; then in_ctl "$@"; return; fi
  p=$(recorded "slurmd-$n") || die "no slurmd of node $n runs in $DIR"
  # the caller's working directory and SLURM_CONF (a submit host's) go with the command
  SLURM_CONF=${CALLER_SLURM_CONF:-$CONF} nsenter --target "$p" --net --uts --mount --wd="$PWD" -- "$@"
}
# in_ctl CMD...: a client command where slurmctld is reachable
in_ctl() { if [[ -n ${NODES:-} ]]; then nsenter --net="/run/netns/$(ns ctl)" "$@"; else "$@"; fi; }
net_down() { local n; for n in ctl ${NODES:-}; do ip netns del "$(ns "$n")" 2>/dev/null || true; done; }
net_up() {
  local ctl i=0 n node
  ctl=$(ns ctl)
  [[ ${NET:-} =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "NODES needs NET, a /24 prefix such as 10.77.0 (got '${NET:-}')"
  net_down
  # (called in a condition, where set -e does not hold: every step checked)
  { ip netns add "$ctl" && ip -n "$ctl" link set lo up &&
    ip -n "$ctl" link add br0 type bridge && ip -n "$ctl" addr add "$NET.1/24" dev br0 && ip -n "$ctl" link set br0 up; } \
    || { net_down; return 1; }
  for n in $NODES; do
    node=$(ns "$n")
    { ip netns add "$node" && ip -n "$node" link set lo up &&
      ip -n "$ctl" link add "v$i" type veth peer name eth0 netns "$node" && ip -n "$ctl" link set "v$i" master br0 up &&
      ip -n "$node" addr add "$NET.$((11 + i))/24" dev eth0 && ip -n "$node" link set eth0 up; } || { net_down; return 1; }
    i=$((i + 1))
  done
}

# (every query below may fail while a daemon starts or stops: `|| true` keeps set -e from exiting)
node_state() { in_ctl timeout 5 sinfo -h -N -n "$NODE" -o %T 2>/dev/null | head -1 || true; }
slurmd_start_time() { in_ctl timeout 5 scontrol show node "$NODE" 2>/dev/null | sed -n 's/.*SlurmdStartTime=\([^ ]*\).*/\1/p' || true; }

# wait_idle [OLD_START]: until the node is idle (a '*' suffix means slurmd not responding); with
# OLD_START, also until slurmctld saw a slurmd registration newer than that SlurmdStartTime.
wait_idle() {
  local old=${1:-} end=$((SECONDS + WAIT)) st start resumed=0 d
  while ((SECONDS < end)); do
    died slurmctld && { echo "real-slurm: slurmctld (PID $(cat "$RUN/slurmctld.pid" 2>/dev/null)) exited" >&2; return 1; }
    for d in $(daemons); do
      died "$d" && { echo "real-slurm: $d (PID $(cat "$RUN/$d.pid" 2>/dev/null)) exited" >&2; return 1; }
    done
    if [[ -n ${NODES:-} ]]; then
      # every node idle (sinfo would not list a node in no partition: the login node)
      st=$(in_ctl timeout 5 scontrol -o show node 2>/dev/null | sed -n 's/^NodeName=\([^ ]*\) .* State=\([^ ]*\) .*/\1=\2/p' | tr '\n' ' ' || true)
      [[ $(echo "$st" | tr ' ' '\n' | grep -c '=IDLE$') == $(echo $NODES | wc -w) ]] && return 0
      sleep 0.2; continue
    fi
    st=$(node_state)
    start=$(slurmd_start_time)
    if [[ -z $old || ( -n $start && $start != "$old" && $start != None ) ]]; then
      [[ $st == idle ]] && return 0
      # a restarted slurmd may find its node drained or down (a failed job, a killed step): resume
      if [[ $resumed == 0 && ( $st == drain* || $st == down* ) ]]; then
        say "node is $st, resuming it"; in_ctl timeout 5 scontrol update nodename="$NODE" state=resume || true; resumed=1
      fi
    fi
    sleep 0.2
  done
  echo "real-slurm: the node did not become idle within $WAIT s (state: ${st:-none})" >&2
  return 1
}

# stop_daemon NAME: SIGTERM the recorded PID, wait for it (bounded), SIGKILL that same PID if needed.
stop_daemon() {
  local name=$1 p end
  if ! p=$(recorded "$name"); then rm -f "$RUN/$name.pid"; return 0; fi
  kill -TERM "$p" 2>/dev/null || true
  end=$((SECONDS + WAIT))
  while ((SECONDS < end)) && ! gone "$p"; do sleep 0.1; done
  if ! gone "$p"; then
    say "$name (PID $p) still running $WAIT s after SIGTERM: SIGKILL"
    kill -KILL "$p" 2>/dev/null || true
    end=$((SECONDS + 5)); while ((SECONDS < end)) && ! gone "$p"; do sleep 0.1; done
    gone "$p" || { echo "real-slurm: $name (PID $p) survived SIGKILL" >&2; return 1; }
  fi
  rm -f "$RUN/$name.pid"
  say "stopped $name (PID $p)"
}

start_slurmctld() {
  if [[ -z ${NODES:-} ]]; then spawn slurmctld /usr/sbin/slurmctld -D -f "$CONF"; return; fi
  # slurmctld checks that its host name is SlurmctldHost's (ctl)
  spawn slurmctld nsenter --net="/run/netns/$(ns ctl)" unshare --uts /bin/sh -c 'hostname ctl && exec /usr/sbin/slurmctld -D -f "$1"' sh "$CONF"
}

start_slurmd() {
  local n
  if [[ -z ${NODES:-} ]]; then spawn slurmd /usr/sbin/slurmd -D -N "$NODE" -f "$CONF"; return; fi
  for n in $NODES; do
    install -d -m 0755 "$DIR/nodes/$n" "$DIR/nodes/$n/spool"
    # nsenter (the network namespace only: /sys stays this machine's, cgroups and all), unshare and sh exec in place: the recorded PID is slurmd's, which holds the namespaces
    spawn "slurmd-$n" nsenter --net="/run/netns/$(ns "$n")" unshare --mount --uts --propagation private /bin/sh -c \
      'hostname "$1" && mount --bind "$2" "$3" && exec /usr/sbin/slurmd -D -N "$1" -f "$4"' sh "$n" "$DIR/nodes/$n" "$DIR/node" "$CONF"
  done
}

# ------------------------------------------------------------------------------------ start
write_conf() {
  local mem ctld_host comm spool dpid dlog nodes partition n i=0
  mem=$(/usr/sbin/slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' | head -1 || true)
  if [[ -z ${NODES:-} ]]; then
    ctld_host="SlurmctldHost=$NODE(127.0.0.1)"
    # bind to what \$(hostname) resolves to (127.0.0.1, checked) instead of 0.0.0.0
    comm=CommunicationParameters=NoInAddrAny,NoCtldInAddrAny
    spool=$DIR/spool dpid=$DIR/state/slurmd.pid dlog=$LOG/slurmd.log partition=$NODE
    nodes="NodeName=$NODE NodeHostname=$(hostname -s) NodeAddr=127.0.0.1 CPUs=$(nproc)${mem:+ RealMemory=$mem}${NODE_GRES:+ Gres=$NODE_GRES} State=UNKNOWN"
  else
    # each daemon binds 0.0.0.0 of its own namespace, where only its one address exists
    ctld_host="SlurmctldHost=ctl($NET.1)" comm="#"
    spool=$DIR/node/spool dpid=$DIR/node/slurmd.pid dlog=$DIR/node/slurmd.log
    partition=${COMPUTE_NODES:-$(echo $NODES | tr ' ' ,)} nodes=""
    for n in $NODES; do
      nodes+="NodeName=$n NodeHostname=$n NodeAddr=$NET.$((11 + i)) CPUs=$(nproc)${mem:+ RealMemory=$mem} State=UNKNOWN"$'\n'
      i=$((i + 1))
    done
  fi
  cat > "$CONF.new" <<EOF
# written by cluster.sh: a cluster isolated in $DIR, on loopback or in namespaces of its own
ClusterName=plugstackit
$ctld_host
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
$comm
AuthType=auth/munge
CredType=cred/munge
# this cluster's own munged: clients, daemons and slurmstepd all read the socket from here
AuthInfo=socket=$MUNGE/munge.sock
SlurmUser=slurm
SlurmdUser=root
StateSaveLocation=$DIR/state/slurmctld
SlurmdSpoolDir=$spool
SlurmctldPidFile=$DIR/state/slurmctld.pid
SlurmdPidFile=$dpid
SlurmctldLogFile=$LOG/slurmctld.log
SlurmdLogFile=$dlog
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$DIR/etc/plugstack.conf
${JOB_SUBMIT_PLUGINS:+JobSubmitPlugins=$JOB_SUBMIT_PLUGINS}
${PLUGIN_DIR:+PluginDir=$PLUGIN_DIR}
${CLI_FILTER_PLUGINS:+CliFilterPlugins=$CLI_FILTER_PLUGINS}
# no systemd, no cgroups, no accounting here
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MailProg=/bin/true
InactiveLimit=0
# short: tests end jobs quickly, and stop does not wait long for them
KillWait=2
MinJobAge=60
${NODE_GRES:+GresTypes=${NODE_GRES%%:*}}
$nodes
PartitionName=debug Nodes=$partition Default=YES MaxTime=INFINITE State=UP
${EXTRA_PARTITION:+PartitionName=$EXTRA_PARTITION Nodes=$partition MaxTime=INFINITE State=UP${EXTRA_PARTITION_OPTS:+ $EXTRA_PARTITION_OPTS}}
EOF
  mv -f "$CONF.new" "$CONF"
  chmod 644 "$CONF"
  # a GRES with no device file behind it: counted and scheduled, never bound
  rm -f "$DIR/etc/gres.conf"
  if [[ -n ${NODE_GRES:-} ]]; then
    echo "NodeName=$NODE Name=${NODE_GRES%%:*} Count=${NODE_GRES##*:} File=/dev/null" > "$DIR/etc/gres.conf"
    chmod 644 "$DIR/etc/gres.conf"
  fi
}

start_munged() {
  local end
  # munged checks its paths: owned by munge, not writable by others; the socket's directory must
  # stay searchable by everyone (job users sign credentials through it too)
  install -d -o munge -g munge -m 0755 "$MUNGE"
  if [[ ! -s $MUNGE/munge.key ]]; then
    dd if=/dev/urandom of="$MUNGE/munge.key" bs=1024 count=1 status=none
  fi
  chown munge:munge "$MUNGE/munge.key"; chmod 0400 "$MUNGE/munge.key"
  rm -f "$MUNGE/munge.sock" "$MUNGE/munge.sock.lock"
  # setpriv execs munged as the munge user (no fork), so the recorded PID is munged's
  spawn munged setpriv --reuid=munge --regid=munge --init-groups /usr/sbin/munged -F \
    --socket="$MUNGE/munge.sock" --key-file="$MUNGE/munge.key" --pid-file="$MUNGE/munged.pid" \
    --seed-file="$MUNGE/munged.seed" --log-file="$MUNGE/munged.log"
  end=$((SECONDS + WAIT))
  until [[ -S $MUNGE/munge.sock ]] && munge -n -S "$MUNGE/munge.sock" 2>/dev/null | unmunge -S "$MUNGE/munge.sock" >/dev/null 2>&1; do
    died munged && { echo "real-slurm: munged (PID $(cat "$RUN/munged.pid" 2>/dev/null)) exited" >&2; return 1; }
    ((SECONDS < end)) || { echo "real-slurm: munged did not answer within $WAIT s" >&2; return 1; }
    sleep 0.1
  done
}

start_cluster() {
  local t0=$SECONDS ip name alive=() len p
  CTLD_PORT=${SLURMCTLD_PORT:-16817}
  SLURMD_PORT=${SLURMD_PORT:-16818}
  [[ $(id -u) == 0 ]] || die "start needs root (slurmd runs as root and starts jobs as their users)"
  for name in munged slurmctld $(daemons); do recorded "$name" >/dev/null && alive+=("$name"); done
  if [[ ${#alive[@]} == $((2 + $(daemons | wc -w))) ]]; then say "already running in $DIR"; return 0; fi
  [[ ${#alive[@]} == 0 ]] || die "part of a cluster still runs in $DIR (${alive[*]}): run cluster.sh stop $DIR first"
  [[ $CTLD_PORT =~ ^[0-9]+$ && $SLURMD_PORT =~ ^[0-9]+$ && $CTLD_PORT != "$SLURMD_PORT" ]] \
    || die "bad ports SLURMCTLD_PORT=$CTLD_PORT SLURMD_PORT=$SLURMD_PORT"
  for p in "$CTLD_PORT" "$SLURMD_PORT"; do port_outside_ephemeral_range "$p"; done
  if [[ -z ${NODES:-} ]]; then
    # with NoInAddrAny every daemon binds what $(hostname) resolves to: it must be loopback
    ip=$(getent ahostsv4 "$(hostname)" 2>/dev/null | awk 'NR==1{print $1}' || true)
    [[ $ip == 127.* ]] || die "hostname $(hostname) resolves to '${ip:-nothing}', not 127.x: the daemons would listen there (loopback only); refusing"
    for p in "$CTLD_PORT" "$SLURMD_PORT"; do
      port_taken "$p" && die "port $p on 127.0.0.1 is taken (another cluster?): set SLURMCTLD_PORT/SLURMD_PORT"
    done
  fi
  # slurmstepd's unix sockets (DIR/spool/localhost_<job>.<step>) must fit in sun_path (108)
  len=${#DIR}; ((len <= 70)) || die "$DIR is too long ($len characters, at most 70): slurmstepd's sockets live under it"
  # slurm, munge and job users must reach DIR: every parent must be searchable by others
  mkdir -p "$DIR"; chmod 755 "$DIR"
  p=$(dirname "$DIR")
  while [[ $p != / ]]; do
    [[ $(( 0$(stat -c %a "$p") & 1 )) == 1 ]] || die "$p is not searchable by other users (mode $(stat -c %a "$p")): slurm, munge and job users must reach $DIR"
    p=$(dirname "$p")
  done

  install -d -m 0755 "$DIR/etc" "$RUN" "$DIR/spool" "$DIR/node"
  install -d -o slurm -g slurm -m 0755 "$LOG" "$DIR/state" "$DIR/state/slurmctld"
  # the test may have written its plugstack.conf before start: keep it
  [[ -e $DIR/etc/plugstack.conf ]] || : > "$DIR/etc/plugstack.conf"
  chmod 644 "$DIR/etc/plugstack.conf"
  write_conf

  [[ -z ${NODES:-} ]] || net_up || die "cannot make the network namespaces of $DIR's nodes"
  if [[ -n ${NODES:-} ]]; then echo "$NODES" > "$RUN/nodes"; else rm -f "$RUN/nodes"; fi
  if ! { start_munged &&
         start_slurmctld &&
         start_slurmd &&
         wait_idle; }; then
    tails
    stop_cluster >&2 || true
    die "the cluster in $DIR did not start (logs above)"
  fi
  if [[ -n ${NODES:-} ]]; then
    say "started in $DIR in $((SECONDS - t0)) s: slurmctld $NET.1:$CTLD_PORT (PID $(<"$RUN/slurmctld.pid")), $(for n in $NODES; do printf 'slurmd %s (PID %s), ' "$n" "$(<"$RUN/slurmd-$n.pid")"; done)munged $MUNGE/munge.sock (PID $(<"$RUN/munged.pid"))"
    return 0
  fi
  say "started in $DIR in $((SECONDS - t0)) s: slurmctld 127.0.0.1:$CTLD_PORT (PID $(<"$RUN/slurmctld.pid")), slurmd 127.0.0.1:$SLURMD_PORT (PID $(<"$RUN/slurmd.pid")), munged $MUNGE/munge.sock (PID $(<"$RUN/munged.pid"))"
}

# ------------------------------------------------------------------------------------ stop
stop_cluster() {
  local ids end
  # cancel the jobs first, so no slurmstepd outlives its slurmd (bounded: slurmctld may be hung)
  if recorded slurmctld >/dev/null && for d in $(daemons); do recorded "$d" >/dev/null && break; done; then
    ids=$(in_ctl timeout 5 squeue -h -o %A 2>/dev/null || true)
    if [[ -n $ids ]]; then
      say "cancelling job(s) $(echo $ids)"
      in_ctl timeout 5 scancel $ids 2>/dev/null || true
      end=$((SECONDS + 15))
      while ((SECONDS < end)) && [[ -n $(in_ctl timeout 5 squeue -h -o %A 2>/dev/null || true) ]]; do sleep 0.2; done
    fi
  fi
  local rc=0 d
  for d in $(daemons); do stop_daemon "$d" || rc=1; done   # first: they run the plugins' slurmd_exit
  stop_daemon slurmctld || rc=1
  stop_daemon munged || rc=1
  [[ -z ${NODES:-} ]] || net_down
  rm -f "$RUN/nodes"
  return $rc
}

restart_slurmd() {
  local old
  [[ -z ${NODES:-} ]] || die "restart-slurmd restarts the one slurmd of a single-node cluster; $DIR has several nodes ($NODES)"
  recorded slurmctld >/dev/null && recorded munged >/dev/null || die "no cluster runs in $DIR"
  old=$(slurmd_start_time)
  stop_daemon slurmd
  # SlurmdStartTime has whole seconds: start in a later second than the old slurmd did, so its
  # registration can be told apart from the old one
  while [[ $(date +%Y-%m-%dT%H:%M:%S) == "$old" ]]; do sleep 0.1; done
  start_slurmd
  wait_idle "${old:-None}" || { tails; die "slurmd did not come back in $DIR (logs above)"; }
  say "slurmd restarted (PID $(<"$RUN/slurmd.pid"))"
}

# ------------------------------------------------------------------------------------ main
CMD=${1:-}
CALLER_SLURM_CONF=${SLURM_CONF:-}
case $CMD in
  install)        install_packages ;;
  start)          set_paths "${2:-}"; start_cluster ;;
  stop)           set_paths "${2:-}"; load_nodes; if [[ -d $RUN ]]; then stop_cluster; fi ;;
  restart-slurmd) set_paths "${2:-}"; load_nodes; restart_slurmd ;;
  on)             set_paths "${2:-}"; load_nodes; [[ $# -ge 4 ]] || die "usage: cluster.sh on DIR NODE CMD..."; shift 2; on_node "$@" ;;
  *) die "usage: cluster.sh install | start DIR | stop DIR | restart-slurmd DIR | on DIR NODE CMD..." ;;
esac
