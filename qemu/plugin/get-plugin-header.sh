#!/bin/sh
# Get QEMU's TCG plugin API header, include/qemu/qemu-plugin.h, for the
# installed qemu-system-x86: it is in no binary package, only in Debian's
# qemu source package of the same version.  Adds a deb-src entry for the
# suites the system already uses (once), downloads that source package
# without building it, and extracts the one header.
#
# usage: get-plugin-header.sh DESTDIR
#   writes DESTDIR/qemu-plugin.h (and the source package in DESTDIR/src);
#   does nothing when DESTDIR/qemu-plugin.h is there for this version.
set -eu
die() { echo "get-plugin-header: error: $*" >&2; exit 1; }
[ $# -eq 1 ] || die "usage: get-plugin-header.sh DESTDIR"
dest=$1
ver=$(dpkg-query -W -f='${Source:Version}' qemu-system-x86 2>/dev/null) ||
	die "qemu-system-x86 is not installed"
[ -n "$ver" ] || die "cannot tell the source version of qemu-system-x86"
if [ -f "$dest/qemu-plugin.h" ] && [ "$(cat "$dest/version" 2>/dev/null)" = "$ver" ]; then
	exit 0
fi

src=/etc/apt/sources.list.d/kpatchgen-deb-src.sources
if ! apt-get source --print-uris "qemu=$ver" >/dev/null 2>&1; then
	if [ ! -f "$src" ]; then
		[ "$(id -u)" -eq 0 ] || die "no deb-src entry for qemu; as root, add one (see $0)"
		# The same archives and suites as the binary entries.
		awk '/^Types:/ { $0 = "Types: deb-src" } { print }' \
			/etc/apt/sources.list.d/debian.sources > "$src.tmp" ||
			die "cannot read /etc/apt/sources.list.d/debian.sources"
		mv "$src.tmp" "$src"
		echo "get-plugin-header: added $src"
	fi
	apt-get update -q >/dev/null || die "apt-get update failed"
fi

mkdir -p "$dest/src"
echo "get-plugin-header: downloading the source of qemu $ver (for one header)"
(cd "$dest/src" && apt-get source -q --download-only "qemu=$ver" >/dev/null) ||
	die "apt-get source --download-only qemu=$ver failed"
orig=$(ls "$dest"/src/qemu_*.orig.tar.* 2>/dev/null | head -n 1)
[ -n "$orig" ] || die "no qemu orig tarball in $dest/src"
tar -xf "$orig" -C "$dest/src" --wildcards '*/include/qemu/qemu-plugin.h' ||
	die "$orig has no include/qemu/qemu-plugin.h"
h=$(find "$dest/src" -path '*/include/qemu/qemu-plugin.h' | head -n 1)
cp "$h" "$dest/qemu-plugin.h.tmp"
mv "$dest/qemu-plugin.h.tmp" "$dest/qemu-plugin.h"
echo "$ver" > "$dest/version"
echo "get-plugin-header: $dest/qemu-plugin.h from qemu $ver"
