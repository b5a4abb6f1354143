#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Debian's own 6.1 kernel, the one whose source the pipeline patches:
# print its image and its headers' build directory, one a line.
#
# usage: debian-kernel.sh [--fetch] BUILD_DIR
#
# The release (6.1.0-NN-amd64) is the one whose headers package has the
# version of the installed linux-source-6.1 (6.1.192-3 is 6.1.0-57), so
# nothing names NN.  The image is /boot/vmlinuz-RELEASE when
# linux-image-RELEASE is installed (a user's running kernel), else
# BUILD_DIR/debian-kernel/RELEASE/boot/vmlinuz-RELEASE, which --fetch
# makes with apt-get download and dpkg-deb -x: only the file is needed,
# and installing the package would also build an initrd for this
# machine, pull in udev and initramfs-tools, and write /boot.
# The headers are linux-headers-RELEASE (scripts/ensure-deps.sh installs
# them).  Exit status 1, with the reason, when either is missing.
set -eu

die() {
	echo "debian-kernel: $*" >&2
	exit 1
}
fetch=
[ "${1:-}" != --fetch ] || { fetch=1; shift; }
[ $# -eq 1 ] || { echo "usage: debian-kernel.sh [--fetch] BUILD_DIR" >&2; exit 2; }
build=$1

ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "linux-source-6.1 is not installed"
rel=
for d in /usr/src/linux-headers-6.1.0-*-amd64; do
	[ -d "$d" ] || continue
	p=${d##*/}
	[ "$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null)" = "$ver" ] || continue
	rel=${p#linux-headers-}
done
[ -n "$rel" ] ||
	die "no linux-headers-6.1.0-NN-amd64 of version $ver (that of linux-source-6.1) is installed; scripts/ensure-deps.sh installs it"
kdir=/usr/src/linux-headers-$rel
[ -f "$kdir/Module.symvers" ] || die "$kdir has no Module.symvers: not a kernel's headers"

image=/boot/vmlinuz-$rel
if [ ! -f "$image" ]; then
	dir=$build/debian-kernel/$rel
	image=$dir/boot/vmlinuz-$rel
	if [ ! -f "$image" ] && [ -n "$fetch" ]; then
		rm -rf "$dir.tmp"
		mkdir -p "$dir.tmp"
		echo "debian-kernel: fetching linux-image-$rel ($ver) into $dir" >&2
		(cd "$dir.tmp" && apt-get download -q "linux-image-$rel=$ver" >&2) ||
			die "apt-get download linux-image-$rel=$ver failed"
		dpkg-deb --fsys-tarfile "$dir.tmp"/linux-image-"$rel"_*.deb |
			tar -x -C "$dir.tmp" ./boot ||
			die "could not extract the image of linux-image-$rel"
		rm -f "$dir.tmp"/*.deb
		rm -rf "$dir"
		mv "$dir.tmp" "$dir"
	fi
	[ -f "$image" ] ||
		die "no image of $rel: neither /boot/vmlinuz-$rel (linux-image-$rel) nor $image (scripts/ensure-deps.sh fetches it)"
fi
echo "$image"
echo "$kdir"
