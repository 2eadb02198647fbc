#!/bin/bash
# debian-root.sh - a clean Debian root (debootstrap, Debian's own archive) with Debian's Slurm in it,
# for the tests that install Plugstack's Debian package the way an admin would. The root is kept
# between runs (made again when it lacks its .complete mark); only the mounts a test needs are made,
# and every one is undone by `umount`, before anything under the root is ever deleted.
#
#   debian-root.sh make ROOT [SUITE [PKG...]]
#                                      debootstrap SUITE (bookworm) into ROOT and install PKG... there (slurmd,
#                                      slurmctld, slurm-client, munge); a ROOT already made with them is reused
#                                      (one line says so), one that lacks any is made again
#   debian-root.sh mount ROOT [DIR...] /proc, /dev, /dev/pts, /sys (slurmd needs the cgroup tree), this
#                                      machine's /etc/hosts (the daemons listen on loopback only), and each DIR
#                                      of this machine at the same path inside ROOT
#   debian-root.sh umount ROOT         undo every mount under ROOT; safe to run twice
#   debian-root.sh mounts ROOT         list the mounts under ROOT
#
# Mounts are this machine's, not one run's: one test run uses a root at a time (a second run's mount
# or umount would undo the first's).
set -euo pipefail
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEFAULT_PKGS=(slurmd slurmctld slurm-client munge)
die() { echo "debian-root: $*" >&2; exit 1; }

mounts() { awk -v r="$1" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts; }

umount_all() {
  local m
  # deepest first; -l only when a busy mount would not go otherwise
  for m in $(mounts "$1" | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m"
  done
  [[ -z $(mounts "$1") ]] || die "mounts left under $1: $(mounts "$1" | tr '\n' ' ')"
}

# intact: made to the end, for this suite, with every package installed
intact() {
  local root=$1 suite=$2 p; shift 2
  [[ -f $root/.complete && $(cat "$root/.complete") == "$suite" ]] || return 1
  for p in "$@"; do
    chroot "$root" dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || return 1
  done
}

# install_in ROOT PKG...: apt-get install in the root, mounted for it and unmounted after, whatever happens
install_in() {
  local root=$1 log rc=0
  shift
  log=$(mktemp)
  mount_all "$root"
  # testing's and unstable's Release files carry a Valid-Until a week ahead: a mirror snapshot older than
  # that is still Debian's own archive, so its date is not checked
  { chroot "$root" apt-get -o Acquire::Check-Valid-Until=false update -q &&
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"; } >"$log" 2>&1 || rc=$?
  umount_all "$root"
  if [[ $rc != 0 ]]; then
    tail -5 "$log" >&2; rm -f "$log"; die "apt-get install $* in $root failed"
  fi
  rm -f "$log"
}

make_root() {
  local root=$1 suite=${2:-bookworm} log script
  shift 2 || shift $#
  local PKGS=("$@")
  [[ ${#PKGS[@]} -gt 0 ]] || PKGS=("${DEFAULT_PKGS[@]}")
  [[ $(id -u) == 0 ]] || die "not root (uid $(id -u)): debootstrap and chroot need root"
  if intact "$root" "$suite" "${PKGS[@]}"; then
    echo "debian-root: reused the $suite root in $root ($(chroot "$root" dpkg-query -W -f '${Package} ${Version}' slurmd))"
    return 0
  fi
  if intact "$root" "$suite"; then # made, but without some package asked for now: add it
    install_in "$root" "${PKGS[@]}"
    echo "debian-root: reused the $suite root in $root, with ${PKGS[*]} now installed"
    return 0
  fi
  command -v debootstrap >/dev/null || {
    apt-get install -y -q debootstrap >/dev/null 2>&1 || die "cannot install debootstrap from Debian's archive"
  }
  umount_all "$root"
  # never through a mount: --one-file-system does not stop at a bind of the same file system (/tmp, /home)
  [[ -z $(mounts "$root") ]] || die "mounts left under $root; not deleting it"
  rm -rf --one-file-system "$root"
  mkdir -p "$root"
  log=$(mktemp)
  # a suite newer than this machine's debootstrap (forky on Debian 12) is made by sid's script, as
  # debootstrap's own scripts for every Debian suite are
  script=/usr/share/debootstrap/scripts/$suite
  [[ -e $script ]] || script=/usr/share/debootstrap/scripts/sid
  if ! debootstrap --variant=minbase "$suite" "$root" "$MIRROR" "$script" >"$log" 2>&1; then
    tail -5 "$log" >&2; rm -f "$log"; die "debootstrap $suite from $MIRROR failed"
  fi
  # no service starts during apt-get install in the root (Debian's postinst would start munge, slurm)
  printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
  rm -f "$log"
  install_in "$root" "${PKGS[@]}"
  echo "debian-root: $suite with $(chroot "$root" dpkg-query -W -f '${Package} ${Version}' slurmd) in $root"
  echo "$suite" > "$root/.complete"
}

mount_all() {
  local root=$1 d
  shift
  [[ -d $root/proc ]] || die "$root is not a Debian root (make it first)"
  [[ -z $(mounts "$root") ]] || umount_all "$root"
  mount -t proc proc "$root/proc"
  mount --bind /dev "$root/dev"
  mount --make-rslave "$root/dev" # the pts mount below must not propagate onto this machine's /dev
  mount --bind /dev/pts "$root/dev/pts"
  mount --rbind /sys "$root/sys"
  mount --make-rslave "$root/sys"
  cp /etc/hosts "$root/etc/hosts"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  for d in "$@"; do
    [[ $d == /* && -d $d ]] || die "cannot bind $d into $root: not an absolute directory"
    mkdir -p "$root$d"
    mount --rbind "$d" "$root$d"
    mount --make-rslave "$root$d"
  done
}

CMD=${1:-}; ROOT=${2:-}
# the root as /proc/self/mounts writes it: absolute, no link, no trailing slash (mounts() compares strings)
[[ -z $ROOT ]] || ROOT=$(realpath -m -- "$ROOT")
[[ $ROOT != / ]] || die "the root cannot be /"
[[ -n $ROOT ]] || die "usage: debian-root.sh make ROOT [SUITE [PKG...]] | mount ROOT [DIR...] | umount ROOT | mounts ROOT"
case $CMD in
  make) shift 2; make_root "$ROOT" "$@" ;;
  mount) shift 2; mount_all "$ROOT" "$@" ;;
  umount) umount_all "$ROOT" ;;
  mounts) mounts "$ROOT" ;;
  *) die "unknown command $CMD (make, mount, umount, mounts)" ;;
esac
