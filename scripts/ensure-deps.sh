#!/bin/sh
# Install the Debian packages the pipeline needs, and only those missing.
#
# Both `make` and `make check` call this first, so a fresh Debian 12
# machine (or CI) needs no manual set-up step.  When everything is present
# it prints nothing and touches nothing.  With --bench it also installs
# what only the benchmarks need (the reorder bench's Debian
# configuration, linux-config-6.1).
#
# Debian's own kernel of the installed linux-source-6.1 (the converter's
# checks build and load modules against it, as a Debian user would):
# linux-headers-6.1.0-NN-amd64 whose version is linux-source-6.1's,
# installed, and its image, taken from /boot when linux-image is
# installed, else fetched into build/ by qemu/debian-kernel.sh (see
# there why it is not installed).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)

PACKAGES="
	make gcc libc6-dev binutils patch file perl python3 rsync
	coccinelle python3-pyflakes mypy
	linux-source-6.1
	sparse
	qemu-system-x86 qemu-user
	libnl-3-dev libnl-genl-3-dev
	libncurses-dev ncurses-base
	busybox-static
	bc bison flex libelf-dev libssl-dev cpio xz-utils kmod
	clang-14 libclang-rt-14-dev valgrind time
	gnuplot-nox
	libglib2.0-dev
"

# --bench: also what only the benchmarks need (the reorder bench
# kernel starts from Debian's own configuration).
[ "${1:-}" != --bench ] || PACKAGES="$PACKAGES linux-config-6.1"

installed() {
	[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]
}
missing=
for p in $PACKAGES; do
	installed "$p" || missing="$missing $p"
done

# The headers of Debian's kernel built from linux-source-6.1's version:
# the installed one when there, else the package apt has at that
# version (6.1.0-NN names the ABI, which nothing here should hard-code).
kernel_headers() {
	ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
		ver=$(apt-cache policy linux-source-6.1 | sed -n 's/^ *Candidate: //p')
	for d in /usr/src/linux-headers-6.1.0-*-amd64; do
		p=${d##*/}
		[ "$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null)" = "$ver" ] &&
			installed "$p" && { echo "$p"; return; }
	done
	for p in $(apt-cache search --names-only '^linux-headers-6\.1\.0-[0-9]+-amd64$' |
			cut -d' ' -f1 | sort -rV); do
		apt-cache madison "$p" | grep -q "| *$ver *|" && { echo "$p"; return; }
	done
}
# An old package list may not have the image's version any more: refresh
# once and retry; failing that, the suites that boot Debian's kernel SKIP
# naming why, and nothing else needs it.
dk() {
	"$top/qemu/debian-kernel.sh" --fetch "${BUILD:-$top/build}" >/dev/null
}
fetch_image() {
	dk 2>/dev/null && return
	${SUDO:-} apt-get update -q >/dev/null 2>&1 || true
	dk ||
		echo "ensure-deps: warning: no image of Debian's kernel; the tests that boot it will SKIP" >&2
}
headers=$(kernel_headers) || headers=
[ -n "$headers" ] && ! installed "$headers" && missing="$missing $headers"
if [ -z "$missing" ]; then
	[ -z "$headers" ] || fetch_image
	exit 0
fi

echo "ensure-deps: installing missing Debian packages:$missing"
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		SUDO=sudo
	else
		echo "ensure-deps: not root and no sudo; install as root:$missing" >&2
		exit 1
	fi
else
	SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
# An old package list may not know linux-source-6.1 or may point at
# versions the mirror no longer has: refresh once, then install.
$SUDO apt-get update -q || echo "ensure-deps: apt-get update failed, trying with the lists we have" >&2
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -q --no-install-recommends $missing; then
	echo "ensure-deps: apt-get install failed for:$missing" >&2
	exit 1
fi
# linux-source-6.1 may have come only now, and with it the version
[ -n "$headers" ] || headers=$(kernel_headers) || headers=
if [ -z "$headers" ]; then
	echo "ensure-deps: apt has no linux-headers-6.1.0-NN-amd64 of linux-source-6.1's version" >&2
	exit 1
fi
installed "$headers" || $SUDO apt-get install -y -q --no-install-recommends "$headers" || {
	echo "ensure-deps: apt-get install failed for: $headers" >&2
	exit 1
}
fetch_image
