#!/bin/sh
# scripts/ktap-nest on suites with known results: each suite nested one
# level with its own result line, a suite that exits non-zero without a
# failing test counted as one failure, a "1..0 # SKIP" suite skipped,
# leaf tests counted, and the exit status 1 exactly when something failed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
nest=$top/scripts/ktap-nest

good="printf 'KTAP version 1\n1..2\nok 1 a\nok 2 b # SKIP not here\n'"
bad="printf 'KTAP version 1\n1..2\nok 1 c\nnot ok 2 d\n# d: why\n'"
crash="printf 'KTAP version 1\nok 1 e\n'; exit 3"
skipped="printf 'KTAP version 1\n1..0 # SKIP no kernel\n'"

out=$("$nest" "$T/logs" "good:$good" "skipped:$skipped" 2>&1)
rc=$?
[ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = "1 passed, 0 failed, 2 skipped" ]
check "passing suites: exit 0, leaves counted, a skipped suite counts as skipped" [ $? -eq 0 ]
printf '%s\n' "$out" | grep -qx 'ok 2 skipped # SKIP no kernel'
check "a suite whose plan is 1..0 with SKIP gets a SKIP result line with its reason" [ $? -eq 0 ]
printf '%s\n' "$out" | grep -qx '    ok 1 a' && printf '%s\n' "$out" | grep -qx 'ok 1 good'
check "a suite's lines are nested one level (4 spaces) under its result" [ $? -eq 0 ]

out=$("$nest" "$T/logs" "good:$good" "bad:$bad" "crash:$crash" 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = "3 passed, 2 failed, 1 skipped" ]
check "a failing test and a suite that exits 3 without one: 2 failed, exit 1" [ $? -eq 0 ]
printf '%s\n' "$out" | grep -qx 'not ok 2 bad' && printf '%s\n' "$out" | grep -qx 'not ok 3 crash'
check "the failing suites' result lines say not ok" [ $? -eq 0 ]
head -n 1 "$T/logs/all.ktap" | grep -qx 'KTAP version 1' && tail -n 1 "$T/logs/all.ktap" | grep -qx '1\.\.3'
check "the log is one KTAP document with its plan" [ $? -eq 0 ]
expect_fail "no suite is a usage error" "usage" "$nest" "$T/x"
finish
