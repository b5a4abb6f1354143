#!/bin/sh
# Run every test suite, keep going past failures, print one grand total.
#
# usage: run-suites.sh LOGDIR "NAME:COMMAND" ...
#
# Each suite's output is shown and kept in LOGDIR/NAME.log.  A suite's
# count is its last "N passed, N failed[, N skipped]" line; a suite that
# exits non-zero without such a line (or claiming no failures) counts
# one failure more.  The last line printed is the total, in that same
# form, and the exit status is non-zero when anything failed.
set -u
[ $# -ge 2 ] || { echo "usage: run-suites.sh LOGDIR NAME:COMMAND..." >&2; exit 2; }
logs=$1
shift
mkdir -p "$logs"
tp=0 tf=0 ts=0 table=
for suite in "$@"; do
	name=${suite%%:*}
	cmd=${suite#*:}
	log=$logs/$name.log
	echo "==== $name: $cmd"
	st=$logs/.$name.status
	{ sh -c "$cmd" 2>&1; echo $? > "$st"; } | tee "$log"
	rc=$(cat "$st" 2>/dev/null || echo 1)
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$log" | tail -n 1)
	p=0 f=0 s=0
	if [ -n "$line" ]; then
		set -- $(echo "$line" | sed -E 's/^[A-Za-z-]+: //; s/[^0-9]+/ /g')
		p=$1 f=$2 s=${3:-0}
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "run-suites: $name exited with status $rc without reporting a failure; counting one" >&2
		f=1
	fi
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
	table="$table$(printf '  %-14s %4d passed %4d failed %4d skipped   %s' "$name" "$p" "$f" "$s" "$log")
"
done
echo "==== summary"
printf '%s' "$table"
total="$tp passed, $tf failed"
[ "$ts" -gt 0 ] && total="$total, $ts skipped"
echo "$total"
[ "$tf" -eq 0 ]
