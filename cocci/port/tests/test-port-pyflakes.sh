#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# pyflakes on port-driver's Python, one result a file: an undefined name
# fails here, not only on the path that uses it.  KTAP (scripts/ktap.sh).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
py=/usr/bin/python3
if ! "$py" -m pyflakes --version >/dev/null 2>&1; then
	skip "pyflakes" "python3-pyflakes not installed (scripts/ensure-deps.sh installs it)"
	finish
	exit
fi
for f in "$here"/../../port_driver/*.py "$here"/*.py; do
	name=${f#"$here/../../"}
	out=$("$py" -m pyflakes "$f" 2>&1)
	if [ -z "$out" ]; then ok "pyflakes $name"; else not_ok "pyflakes $name" "$out"; fi
done
finish
