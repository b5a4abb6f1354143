# Helpers for the pipeline's host tests (sourced, POSIX sh).
passed=0
failed=0
n=0

ok() {
	n=$((n + 1))
	passed=$((passed + 1))
	echo "ok $n $1"
}

not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/# /'
}

# check NAME COMMAND...: passes when COMMAND exits 0.
check() {
	name=$1
	shift
	if out=$("$@" 2>&1); then ok "$name"; else not_ok "$name" "$out"; fi
}

# expect_fail NAME PATTERN COMMAND...: passes when COMMAND exits non-zero
# and its output matches the extended regex PATTERN.
expect_fail() {
	name=$1 pat=$2
	shift 2
	if out=$("$@" 2>&1); then
		not_ok "$name" "exited 0; output: $out"
	elif printf '%s\n' "$out" | grep -qE -- "$pat"; then
		ok "$name"
	else
		not_ok "$name" "output does not match /$pat/: $out"
	fi
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
