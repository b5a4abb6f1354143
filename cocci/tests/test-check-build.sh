#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Build the expected results of the cases listed in tests/build-cases as
# modules against a prepared 6.1 tree, warnings as errors: the forms the
# semantic patches write must compile (module_param_cb setter, aliases,
# module_param_named on v[0], charp without const, ...).
# usage: test-check-build.sh KBUILD_OUT   (the O= directory; its source
#                                        link names the tree)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/ktap.sh"
kout=$1
ksrc=$kout/source
if [ ! -f "$kout/.config" ] || [ ! -f "$ksrc/Makefile" ] || [ ! -f "$kout/Module.symvers" ]; then
	skip "build of the expected results" "no built kernel in $kout"
	finish
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-build.XXXXXX")
trap "rm -rf \"\$T\"" EXIT; [ -n "${KEEP:-}" ] && trap - EXIT
cp -r "$here/include" "$T/"
# the cases' own local headers (#include "x.h")
cp "$here"/*.h "$T/"
while read -r c; do
	case $c in ''|'#'*) continue ;; esac
	# macros/CASE: a converter case (test-macros.sh), built as t_macros_CASE
	t=$(printf '%s' "$c" | tr / _)
	# our test headers, not the tree's (video/pm3fb.h exists in 6.1)
	{ sed 's|#include <video/\(.*\)>|#include "include/video/\1"|' "$here/$c.res"; printf '\nMODULE_LICENSE("GPL");\n'; } > "$T/t_$t.c"
	echo "obj-m += t_$t.o" >> "$T/Kbuild"
done < "$here/build-cases"
echo "ccflags-y += -I$T/include" >> "$T/Kbuild"
if make -C "$ksrc" O="$kout" M="$T" KCFLAGS=-Werror modules > "$T/log" 2>&1; then
	for k in "$T"/t_*.ko; do ok "build ${k##*/t_}"; done
else
	not_ok "build: the expected results do not compile" \
		"$(grep -E 'error|warning' "$T/log" | head -n 20)"
fi
finish
