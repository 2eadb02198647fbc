#!/bin/sh
# Builds Plugstack's Debian package from the assembled distribution, with dpkg-deb (Debian's own
# tool): build-deb.sh DIST OUT VERSION. The bridge, plugstack-run and job_submit/plugstack in it are
# this machine's builds (bridge/prebuilt), for the Slurm whose headers they were built against, so the
# package is for this machine's architecture. Without dpkg-deb or prebuilt plugins it says so and
# builds nothing (the package test then fails naming this).
set -eu
DIST=$1
OUT=$2
VERSION=$3
HERE=$(cd "$(dirname "$0")" && pwd)

if ! command -v dpkg-deb >/dev/null 2>&1; then
    echo "deb: dpkg-deb not found: no Debian package built" >&2
    exit 0
fi
for so in plugstack_bridge.so plugstack_bridge_nojs.so job_submit_plugstack.so plugstack-run; do
    if [ ! -f "$DIST/bridge/prebuilt/$so" ]; then
        echo "deb: $DIST/bridge/prebuilt/$so not built (Slurm's headers or source missing): no Debian package built" >&2
        exit 0
    fi
done
VERSION_H=/usr/include/slurm/slurm_version.h
if [ ! -f "$VERSION_H" ]; then
    echo "deb: $VERSION_H not found (Slurm's headers, which tell what release the prebuilt plugins are for): no Debian package built" >&2
    exit 0
fi
ARCH=$(dpkg --print-architecture)
MULTIARCH=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
LIBDIR=/usr/lib/$MULTIARCH/plugstack
SLURM_PLUGIN_DIR=/usr/lib/$MULTIARCH/slurm-wlm
# the release the plugins were built against: SLURM_VERSION_NUMBER of its headers (0x160508 is 22.05.8)
NUMBER=$(awk '/^#define SLURM_VERSION_NUMBER/ { print $3 }' "$VERSION_H")
RELEASE=$(printf '%d.%02d.%d' $((NUMBER >> 16 & 255)) $((NUMBER >> 8 & 255)) $((NUMBER & 255)))

STAGE=$(mktemp -d)
chmod 0755 "$STAGE" # the package's root directory: mktemp makes it 0700
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE/DEBIAN" "$STAGE/usr/share/plugstack" "$STAGE/etc/plugstack" "$STAGE$LIBDIR" \
    "$STAGE/lib/systemd/system" "$STAGE/usr/sbin" "$STAGE/usr/share/doc/plugstack"
for part in plugstack.jar lib system features bin bridge; do
    cp -a "$DIST/$part" "$STAGE/usr/share/plugstack/"
done
rm -rf "$STAGE/usr/share/plugstack/bridge/target"
printf '%s\n' "$RELEASE" > "$STAGE/usr/share/plugstack/bridge/prebuilt/SLURM_RELEASE"
cp -a "$DIST/etc/." "$STAGE/etc/plugstack/"
for so in plugstack_bridge.so plugstack_bridge_nojs.so job_submit_plugstack.so; do
    install -m 0644 "$DIST/bridge/prebuilt/$so" "$STAGE$LIBDIR/$so"
done
install -m 0644 "$HERE/plugstack-node.service" "$STAGE/lib/systemd/system/"
install -m 0755 "$HERE/plugstack-admin" "$STAGE/usr/sbin/"
printf 'Plugstack %s: a plugin host for Slurm. The admin guide is docs/admin-guide.md of its sources.\n' "$VERSION" \
    > "$STAGE/usr/share/doc/plugstack/README"

(cd "$STAGE" && find etc -type f | sed 's,^,/,' | sort) > "$STAGE/DEBIAN/conffiles"
SIZE=$(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
for f in control postinst prerm postrm; do
    sed -e "s,@VERSION@,$VERSION,g" -e "s,@ARCH@,$ARCH,g" -e "s,@SIZE@,$SIZE,g" -e "s,@LIBDIR@,$LIBDIR,g" \
        -e "s,@SLURM_RELEASE@,$RELEASE,g" -e "s,@SLURM_PLUGIN_DIR@,$SLURM_PLUGIN_DIR,g" "$HERE/$f" > "$STAGE/DEBIAN/$f"
done
chmod 0755 "$STAGE/DEBIAN/postinst" "$STAGE/DEBIAN/prerm" "$STAGE/DEBIAN/postrm"
chmod -R go-w "$STAGE"
mkdir -p "$OUT"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$OUT/plugstack_${VERSION}_${ARCH}.deb" >/dev/null
echo "deb: $OUT/plugstack_${VERSION}_${ARCH}.deb (Slurm plugins for $RELEASE)"
