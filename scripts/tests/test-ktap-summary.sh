#!/bin/sh
# scripts/ktap-summary on KTAP logs with known content: counts, failure
# diagnostics, short plans, CRLF, bail-outs and empty logs.  Each
# ktap/NAME.ktap has its expected output in ktap/NAME.expect; the exit
# status must be 0 exactly when nothing failed.  Last, ktap.sh's same_text.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
cd "$top/scripts/tests/ktap"
for k in *.ktap; do
	name=${k%.ktap}
	out=$("$top/scripts/ktap-summary" "$k" 2>&1)
	rc=$?
	if [ "$out" != "$(cat "$name.expect")" ]; then
		not_ok "$name output" "$(printf '%s\n' "$out" | diff "$name.expect" - )"
		continue
	fi
	want=1
	grep -q "^FAIL:" "$name.expect" || want=0
	[ "$want" -eq 1 ] && [ "$rc" -ne 0 ] && { ok "$name"; continue; }
	[ "$want" -eq 0 ] && [ "$rc" -eq 0 ] && { ok "$name"; continue; }
	not_ok "$name exit status" "got $rc"
done
expect_fail "unreadable log is an error" "cannot read" "$top/scripts/ktap-summary" /nonexistent.ktap
# ktap.sh's own same_text, in a suite of its own whose output
# ktap-summary must read as one failure and one pass.
suite=$(sh -c '. "$1/scripts/ktap.sh"; same_text a "a" same; same_text "b
c" b differs; finish' sh "$top")
same_text "$(printf '%s\n' "$suite" | grep '^ok\|^not ok')" "ok 1 same
not ok 2 differs" "same_text: the same text passes, another fails"
same_text "$(printf '%s\n' "$suite" | grep -c '^# \(want:\|b\|got:\|c\)$')" 5 \
	"same_text: want and got shown as diagnostics"
same_text "$(printf '%s\n' "$suite" | "$top/scripts/ktap-summary" /dev/stdin 2>&1 | tail -n 1)" \
	"1 passed, 1 failed" "same_text: the suite reads as one pass and one failure"
finish
