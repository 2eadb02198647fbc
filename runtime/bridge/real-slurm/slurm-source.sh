#!/bin/bash
# slurm-source.sh DIR: the installed Slurm's own source tree, configured, in DIR/slurm-<version>;
# prints that path. job_submit/plugstack is built against it: a job_submit plugin sees slurmctld's
# internal job_record_t and part_record_t, and Slurm loads it only at its exact release.
#
# Debian's source package of the installed version (apt-get source slurm-wlm=<version>), fetched
# with a private apt state in DIR/apt whose deb-src lines are this machine's deb lines: the
# machine's own apt configuration is not touched. Configured once (./configure, about 20 s); a
# second call finds it done.
set -euo pipefail

die() { echo "slurm-source: $*" >&2; exit 1; }

[[ $# -eq 1 ]] || die "usage: slurm-source.sh DIR"
dir=$(mkdir -p "$1" && cd "$1" && pwd)
command -v dpkg-source >/dev/null || die "dpkg-source is missing: apt-get source needs it (Debian: dpkg-dev; as root: real-slurm/cluster.sh install)"
command -v apt-get >/dev/null || die "no apt-get on this machine: build job_submit_plugstack.so with SLURM_SRC=<a configured source tree of the installed Slurm>"
version=$(dpkg-query -W -f='${Version}' slurmctld 2>/dev/null) \
  || die "slurmctld is not installed (as root: real-slurm/cluster.sh install)"
upstream=${version%%-*}
tree=$dir/slurm-$version
if [[ -f $tree/.configured ]]; then
  echo "$tree"
  exit 0
fi

apt=$dir/apt
rm -rf "$apt" "$tree" "$dir/unpack"
mkdir -p "$apt/parts" "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/unpack"
# deb-src twins of the machine's deb sources (deb822 .sources files and one-line .list files)
for f in /etc/apt/sources.list.d/*.sources; do
  [[ -f $f ]] && sed -E 's/^Types:.*\bdeb\b.*$/Types: deb-src/' "$f" > "$apt/parts/$(basename "$f")"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [[ -f $f ]] && sed -nE 's/^deb (.*)$/deb-src \1/p' "$f" > "$apt/parts/$(basename "$f" .list).list"
done
opts=(-o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$apt/parts" -o Dir::State::Lists="$apt/lists"
      -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root -q)
log=$dir/fetch.log
apt-get "${opts[@]}" update > "$log" 2>&1 || die "apt-get update of the deb-src lists failed: $(tail -3 "$log")"
(cd "$dir/unpack" && apt-get "${opts[@]}" source "slurm-wlm=$version") >> "$log" 2>&1 \
  || die "apt-get source slurm-wlm=$version failed (is Debian's source archive reachable?): $(tail -3 "$log")"
mv "$dir/unpack/slurm-wlm-$upstream" "$tree"
rm -rf "$dir/unpack"
# configure only writes config.h and the generated headers; nothing of Slurm itself is built
(cd "$tree" && ./configure --quiet --without-hdf5 --without-rrdtool --without-pmix --disable-x11 > "$dir/configure.log" 2>&1) \
  || die "configure of $tree failed: $(tail -3 "$dir/configure.log")"
[[ -f $tree/config.h && -f $tree/slurm/slurm_version.h ]] || die "configure of $tree left no config.h or slurm_version.h"
touch "$tree/.configured"
echo "$tree"
