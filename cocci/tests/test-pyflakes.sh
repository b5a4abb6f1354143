#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# pyflakes on the converter's Python, one result a file: an undefined
# name, an import that is missing or unused, a variable never read.
# Every name is imported by name (no "import *"): a star import would
# hide the names it brings from pyflakes, and fails here.  KTAP
# (scripts/ktap.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/ktap.sh"
py=/usr/bin/python3
if ! "$py" -m pyflakes --version >/dev/null 2>&1; then
	skip "pyflakes" "python3-pyflakes not installed (scripts/ensure-deps.sh installs it)"
	finish
	exit
fi
cd "$here/.."
for f in modparm_convert/*.py modparm_rules/*.py tests/*.py bench_placement.py gen_smpl_types.py; do
	out=$("$py" -m pyflakes "$f" 2>&1)
	if [ -z "$out" ]; then ok "pyflakes $f"; else not_ok "pyflakes $f" "$out"; fi
done
finish
