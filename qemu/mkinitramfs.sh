#!/bin/sh
# Build the guest initramfs (gzip'd newc cpio).
#
# usage: mkinitramfs.sh GEN_INIT_CPIO INIT GUEST_DIR OUT.cpio.gz
#
# Contents: busybox-static as /bin/busybox, INIT as /init, and GUEST_DIR
# laid over the root: GUEST_DIR/bin -> /usr/bin, every other directory
# GUEST_DIR/X -> /X (tests, modules, data, ...).  The list is fed to the
# kernel's own usr/gen_init_cpio, so device nodes need no root privilege.
# GEN_INIT_CPIO "cpio" builds the archive with Debian's cpio instead, for
# a kernel whose source is not at hand (a distribution's image): the
# tree is laid out in OUT.root and archived with every owner root; it
# has no device nodes (making them needs root), which /init's devtmpfs
# provides.
set -eu

die() {
	echo "mkinitramfs: error: $*" >&2
	exit 1
}

[ $# -eq 4 ] || die "usage: mkinitramfs.sh GEN_INIT_CPIO INIT GUEST_DIR OUT.cpio.gz"
gen=$1 init=$2 guest=$3 out=$4
busybox=${BUSYBOX:-/bin/busybox}
if [ "$gen" = cpio ]; then
	command -v cpio >/dev/null 2>&1 || die "cpio not found; install the Debian package cpio"
else
	[ -x "$gen" ] || die "$gen not found (built from the kernel's usr/gen_init_cpio.c)"
fi
[ -f "$init" ] || die "$init not found"
[ -x "$busybox" ] || die "$busybox not found; install the Debian package busybox-static"
file -L "$busybox" 2>/dev/null | grep -q 'statically linked' ||
	ldd "$busybox" 2>&1 | grep -q 'not a dynamic' ||
	die "$busybox is not statically linked; install the Debian package busybox-static"

list=$out.list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	for d in /bin /sbin /proc /sys /tmp /run /usr /usr/bin /usr/sbin /root; do
		echo "dir $d 0755 0 0"
	done
	echo "file /bin/busybox $busybox 0755 0 0"
	echo "slink /bin/sh busybox 0777 0 0"
	echo "file /init $init 0755 0 0"
	if [ -d "$guest" ]; then
		(cd "$guest" && find . -mindepth 1 | LC_ALL=C sort) | while IFS= read -r rel; do
			rel=${rel#./}
			case $rel in
			bin) continue ;;
			bin/*) dest=/usr/$rel ;;
			*) dest=/$rel ;;
			esac
			src=$guest/$rel
			if [ -d "$src" ]; then
				echo "dir $dest 0755 0 0"
			elif [ -x "$src" ]; then
				echo "file $dest $src 0755 0 0"
			else
				echo "file $dest $src 0644 0 0"
			fi
		done
	fi
} > "$list"

if [ "$gen" != cpio ]; then
	"$gen" "$list" | gzip -n -6 > "$out.tmp" || die "gen_init_cpio failed on $list"
	mv "$out.tmp" "$out"
	exit 0
fi

# The same list, laid out as a tree for cpio (nod lines skipped).
root=$out.root
rm -rf "$root"
mkdir -p "$root"
while read -r kind dest a b _; do
	case $kind in
	dir) mkdir -p "$root$dest" ;;
	file) cp "$a" "$root$dest" && chmod "$b" "$root$dest" ;;
	slink) ln -s "$a" "$root$dest" ;;
	esac
done < "$list"
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0) | gzip -n -6 > "$out.tmp" ||
	die "cpio failed on $root"
rm -rf "$root"
mv "$out.tmp" "$out"
