#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# mypy (cocci/mypy.ini) on the converter's two packages and on the SmPL
# generator gen_smpl_types.py, one result each: a call or an assignment
# that contradicts an annotation, a module global whose type is not
# declared.  No cache is written (make
# check writes only under build/).  KTAP (scripts/ktap.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/ktap.sh"
py=/usr/bin/python3
if ! "$py" -m mypy --version >/dev/null 2>&1; then
	skip "mypy" "mypy not installed (scripts/ensure-deps.sh installs it)"
	finish
	exit
fi
cd "$here/.."
for p in modparm_convert modparm_rules; do
	out=$("$py" -m mypy --config-file mypy.ini --cache-dir=/dev/null -p "$p" 2>&1)
	if [ $? -eq 0 ]; then ok "mypy $p"; else not_ok "mypy $p" "$out"; fi
done
out=$("$py" -m mypy --config-file mypy.ini --cache-dir=/dev/null gen_smpl_types.py 2>&1)
if [ $? -eq 0 ]; then ok "mypy gen_smpl_types.py"; else not_ok "mypy gen_smpl_types.py" "$out"; fi
finish
