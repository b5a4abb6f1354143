#!/bin/sh
# scripts/ktap-summary on KTAP logs with known content: counts, failure
# diagnostics, short plans, CRLF, bail-outs and empty logs.  Each
# ktap/NAME.ktap has its expected output, ending in the exit status
# (1 exactly when something failed), in ktap/NAME.expect (ktap.sh's
# expect_pairs; KTAP_UPDATE=1 rewrites them).  Last, ktap.sh's same_text,
# expect_pairs, result and closed_to_nobody.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
expect_pairs "$top/scripts/tests/ktap" ktap expect "$top/scripts/ktap-summary"
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
# expect_pairs itself: a pair whose output differs, or whose exit status
# does, fails; a missing expected file fails and names it.
T=$(mktemp -d "${TMPDIR:-/tmp}/ktap-pairs.XXXXXX")
trap 'rm -rf "$T"' EXIT
printf 'x\n' > "$T/same.in"; printf 'x\n[exit 0]\n' > "$T/same.out"
printf 'y\n' > "$T/text.in"; printf 'z\n[exit 0]\n' > "$T/text.out"
printf 'y\n' > "$T/status.in"; printf 'y\n[exit 1]\n' > "$T/status.out"
printf 'y\n' > "$T/missing.in"
suite=$(sh -c '. "$1/scripts/ktap.sh"; expect_pairs "$2" in out cat; finish' sh "$top" "$T")
same_text "$(printf '%s\n' "$suite" | grep '^ok\|^not ok')" "not ok 1 missing
ok 2 same
not ok 3 status
not ok 4 text" "expect_pairs: the same output and status pass, any other fails"
# result: a status of 0 passes; another fails with $ktap_why's lines as
# diagnostics, and the file goes either way
suite=$(sh -c '. "$1/scripts/ktap.sh"; ktap_why=$2/why
	: > "$ktap_why"; result fine 0; [ -e "$ktap_why" ] && echo "# left"
	echo because > "$ktap_why"; false; result broken $?; [ -e "$ktap_why" ] && echo "# left"
	finish' sh "$top" "$T")
same_text "$(printf '%s\n' "$suite" | grep '^ok\|^not ok\|^# ')" "ok 1 fine
not ok 2 broken
# because
# Totals: pass:1 fail:1 skip:0" "result: status 0 passes, another fails showing why; the file goes"
# closed_to_nobody: the first directory on the way that nobody cannot
# enter, nothing once every one is open
if [ "$(id -u)" -eq 0 ]; then
	mkdir -p "$T/open/shut/deep" && : > "$T/open/shut/deep/prog" &&
		chmod 755 "$T" "$T/open" "$T/open/shut/deep" "$T/open/shut/deep/prog" && chmod 700 "$T/open/shut"
	same_text "$(closed_to_nobody "$T/open/shut/deep/prog")" "$T/open/shut" \
		"closed_to_nobody: names the first directory nobody cannot enter"
	chmod 755 "$T/open/shut"
	same_text "$(closed_to_nobody "$T/open/shut/deep/prog")" "" \
		"closed_to_nobody: nothing when nobody can enter every directory"
else
	skip "closed_to_nobody: names the closed directory" "needs root to become nobody"
	skip "closed_to_nobody: nothing when all are open" "needs root to become nobody"
fi
finish
