#!/bin/sh
# Install the Debian packages the pipeline needs, and only those missing.
#
# Both `make` and `make check` call this first, so a fresh Debian 12
# machine (or CI) needs no manual set-up step.  When everything is present
# it prints nothing and touches nothing.  With --bench it also installs
# what only the benchmarks need (the reorder bench's Debian
# configuration, linux-config-6.1).
set -eu

PACKAGES="
	make gcc libc6-dev binutils patch file perl python3 rsync
	coccinelle python3-pyflakes
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

missing=
for p in $PACKAGES; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) || st=
	[ "$st" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

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
