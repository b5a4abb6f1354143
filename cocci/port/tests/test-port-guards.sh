#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The guards of the migrations, each shown by a case: every line of
# guards.txt weakens one guard of a semantic patch (a sed expression
# over it) and names the _used case that keeps the construct the guard
# protects.  The weakened patch must then change that case (its output
# is no longer CASE.res) or fail on it; a guard whose weakening leaves
# the case as it is has no case, and a sed expression that no longer
# applies names a guard that was renamed.  KTAP (scripts/ktap.sh).
#
#   test-port-guards.sh [SCRATCH]
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
. "$repo/scripts/ktap.sh"
scratch=${1:-$repo/build/port-guard-tests}
spatch=${SPATCH:-spatch}
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1

grep -v -e '^#' -e '^$' "$here/guards.txt" >"$scratch/guards" || exit 1
while read -r rule case guard expr; do
	name="$rule: $guard (shown by $case)"
	weak=$scratch/$rule-$guard.cocci
	sed "$expr" "$here/../$rule.cocci" >"$weak"
	if cmp -s "$weak" "$here/../$rule.cocci"; then
		not_ok "$name" "the sed expression changes nothing: '$expr'"
		continue
	fi
	cp "$here/$case.c" "$scratch/$case.c"
	if "$spatch" --sp-file "$weak" -D patch --very-quiet --in-place --include-headers \
		--no-includes "$scratch/$case.c" >"$scratch/spatch.log" 2>&1 &&
		cmp -s "$scratch/$case.c" "$here/$case.res"; then
		not_ok "$name" "weakened, $rule.cocci still gives $case.res: no case shows the guard"
	else
		ok "$name"
	fi
done <"$scratch/guards"
finish
