#!/bin/bash
# slurm-source.sh DIR: the installed Slurm's own source tree, configured, in DIR/slurm-<version>;
# prints that path. job_submit/plugstack is built against it: a job_submit plugin sees slurmctld's
# internal job_record_t and part_record_t, and Slurm loads it only at its exact release.
#
# Debian's source package of the installed version (apt-get source slurm-wlm=<version>), fetched
# with a private apt state in DIR/apt whose deb-src lines are this machine's deb lines: the
# machine's own apt configuration is not touched. Where the archive lists the package but serves
# only its upstream tarball (seen for Debian 13's 24.11.5-4+deb13u1: .dsc and debian.tar.xz 404),
# that tarball is used, checked against the hash the archive's Sources index gives, and one line
# says Debian's patches are not in the tree (they change no structure a job_submit plugin reads).
# Configured once (./configure, about 20 s); a second call finds it done.
set -euo pipefail

die() { echo "slurm-source: $*" >&2; exit 1; }

[[ $# -eq 1 ]] || die "usage: slurm-source.sh DIR"
dir=$(mkdir -p "$1" && cd "$1" && pwd)
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
# testing's and unstable's Release files expire a week after they are signed: a mirror that lags is
# still Debian's archive (the signature and every hash are still checked)
opts=(-o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$apt/parts" -o Dir::State::Lists="$apt/lists"
      -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root -o Acquire::Check-Valid-Until=false -q)
log=$dir/fetch.log
apt-get "${opts[@]}" update > "$log" 2>&1 || die "apt-get update of the deb-src lists failed: $(tail -3 "$log")"
# upstream_tarball WHY: the .orig tarball alone, hash-checked, when the whole source package is not served
upstream_tarball() {
  local uri name hash why=${1:-no reason logged}
  read -r uri name _ hash < <(apt-get "${opts[@]}" source --print-uris "slurm-wlm=$version" 2>>"$log" | grep "\.orig\.tar\." | head -1) \
    || die "apt-get source slurm-wlm=$version failed and the archive lists no upstream tarball: $(tail -3 "$log")"
  uri=${uri//\'/}
  /usr/lib/apt/apt-helper download-file "$uri" "$dir/unpack/$name" "$hash" >> "$log" 2>&1 \
    || die "neither Debian's source package slurm-wlm=$version nor its upstream tarball $uri could be fetched: $(tail -3 "$log")"
  tar -xf "$dir/unpack/$name" -C "$dir/unpack" || die "cannot unpack $name"
  rm -f "$dir/unpack/$name"
  echo "slurm-source: apt-get source slurm-wlm=$version failed ($why); its upstream tarball $name (hash checked) is used, without Debian's patches" >&2
}
# dpkg-source unpacks a source package: without it, say so (Debian: dpkg-dev) rather than fall back quietly
command -v dpkg-source >/dev/null || die "dpkg-source is missing: apt-get source needs it (Debian: dpkg-dev; as root: real-slurm/cluster.sh install)"
if ! (cd "$dir/unpack" && apt-get "${opts[@]}" source "slurm-wlm=$version") >> "$log" 2>&1; then
  rm -rf "$dir/unpack" && mkdir -p "$dir/unpack"
  upstream_tarball "$(grep -E '^E: ' "$log" | head -1 | cut -c1-160 || true)"
fi
# slurm-wlm-22.05.8 from a source package; slurm-slurm-24-11-5-1 from SchedMD's tag tarball
mapfile -t unpacked < <(find "$dir/unpack" -mindepth 1 -maxdepth 1 -type d)
[[ ${#unpacked[@]} -eq 1 ]] || die "expected one source directory in what was fetched, found: $(ls "$dir/unpack")"
unpacked=${unpacked[0]}
mv "$unpacked" "$tree"
rm -rf "$dir/unpack"
# configure only writes config.h and the generated headers; nothing of Slurm itself is built
(cd "$tree" && ./configure --quiet --without-hdf5 --without-rrdtool --without-pmix --disable-x11 > "$dir/configure.log" 2>&1) \
  || die "configure of $tree failed: $(tail -3 "$dir/configure.log")"
[[ -f $tree/config.h && -f $tree/slurm/slurm_version.h ]] || die "configure of $tree left no config.h or slurm_version.h"
touch "$tree/.configured"
echo "$tree"
