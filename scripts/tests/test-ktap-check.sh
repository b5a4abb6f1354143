#!/bin/sh
# scripts/include/ktap_check.h with every compiler the project builds C
# unit tests with: a test's KTAP lines as the header documents them (a
# check without a description named by its place and condition, one
# with a description named by it and its failure located, a skip, the
# plan last, the totals, exit status 1 after a failed check), and a
# description or skip reason whose format does not match its arguments
# rejected under -Werror.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
flags="-Wall -Wextra -Werror -I$top/scripts/include"

cat > "$T/good.c" <<'EOF'
#include "ktap_check.h"

int main(void)
{
	int three = 3;

	check_header();
	CHECK(three == 3);
	CHECK(three == 3, "three is %d", three);
	CHECK(three == 4, "three is %s", "four");
	check_skip("no %s here", "disk");
	return check_done("good");
}
EOF
want="KTAP version 1
ok 1 good.c:8: three == 3
ok 2 three is 3
not ok 3 three is four
# failed: good.c:10: three == 4
ok 4 # SKIP no disk here
1..4
# good: 2 passed, 1 failed, 1 skipped
# good: done"

# one wrong format each: a description's argument, a skip reason's
cat > "$T/bad-check.c" <<'EOF'
#include "ktap_check.h"

int main(void)
{
	CHECK(1, "count %s", 3);
	return check_done("bad");
}
EOF
cat > "$T/bad-skip.c" <<'EOF'
#include "ktap_check.h"

int main(void)
{
	check_skip("%d files", "no");
	return check_done("bad");
}
EOF

for cc in gcc ${CLANG:-clang-14}; do
	if ! command -v $cc > /dev/null 2>&1; then
		skip "$cc: KTAP lines as documented" "$cc not installed"
		skip "$cc: a wrong description format is a compile error" "$cc not installed"
		skip "$cc: a wrong skip format is a compile error" "$cc not installed"
		continue
	fi
	# built in $T so that the file name in the results is good.c
	if (cd "$T" && $cc $flags -o "good-$cc" good.c) > "$T/cc.log" 2>&1; then
		got=$("$T/good-$cc")
		rc=$?
		same_text "$got
[exit $rc]" "$want
[exit 1]" "$cc: KTAP lines as documented"
	else
		not_ok "$cc: KTAP lines as documented" "$(cat "$T/cc.log")"
	fi
	expect_fail "$cc: a wrong description format is a compile error" \
		"error: format" $cc $flags -o "$T/bad" "$T/bad-check.c"
	expect_fail "$cc: a wrong skip format is a compile error" \
		"error: format" $cc $flags -o "$T/bad" "$T/bad-skip.c"
done
finish
