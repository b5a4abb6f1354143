# SPDX-License-Identifier: GPL-2.0-only
#
# Sourced by a KTAP suite (after scripts/ktap.sh, with top set to the
# repository's root) that needs Debian's own 6.1 kernel:
#
#   debian_kernel_or_skip BUILD_DIR NAME
#
# sets debian_image (its bzImage) and debian_headers (its headers' build
# directory) from qemu/debian-kernel.sh; when that finds no such kernel,
# the suite's test NAME is skipped with its reason and the suite ends.
debian_kernel_or_skip() {
	if ! debian_found=$("$top/qemu/debian-kernel.sh" "$1" 2>&1); then
		skip "$2" "$debian_found"
		finish
		exit
	fi
	debian_image=$(printf '%s\n' "$debian_found" | sed -n 1p)
	debian_headers=$(printf '%s\n' "$debian_found" | sed -n 2p)
}
