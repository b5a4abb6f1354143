# KTAP results for shell test suites (Documentation/dev-tools/ktap.rst),
# sourced, POSIX sh; the counterpart of the kernel's kselftest.h.
#
#   ok NAME / not_ok NAME [DIAG] / skip NAME REASON   one result
#   check NAME COMMAND...          passes when COMMAND exits 0
#   result NAME STATUS             one result from the status ($?) of the
#                                  commands before it; a failure shows
#                                  the first 30 lines of the file
#                                  $ktap_why (a suite sets it) if there;
#                                  the file is removed either way
#   expect_fail NAME PATTERN COMMAND...
#                                  passes when COMMAND fails and its
#                                  output matches the extended regex
#   same_text GOT WANT NAME        passes when GOT is WANT, letter for
#                                  letter; else both are shown
#   expect_pairs DIR IN OUT COMMAND...
#                                  the one runner of expected-output
#                                  pairs: one result per DIR/NAME.IN,
#                                  passing when COMMAND... NAME.IN, run
#                                  in DIR, prints (stdout and stderr)
#                                  DIR/NAME.OUT, whose last line is its
#                                  "[exit STATUS]"; with KTAP_UPDATE=1 it
#                                  rewrites NAME.OUT first (review the diff)
#   finish                         the plan, the totals; status 1 on a failure
#   closed_to_nobody PATH...       prints the first directory on the way
#                                  to a PATH that nobody cannot enter
#                                  (mktemp -d makes 0700 ones), or PATH
#                                  if nobody cannot run it: a test that
#                                  drops to nobody skips, naming it
#
# The header goes out when this file is sourced; the plan comes last, as
# the number of tests is known only then (TAP allows a trailing plan,
# and scripts/ktap-summary reads it).  DIAG lines become "# " lines.
# Its variables start with ktap_: a suite's own stay its own.
ktap_pass=0
ktap_fail=0
ktap_skip=0
ktap_n=0
echo "KTAP version 1"

ok() {
	ktap_n=$((ktap_n + 1))
	ktap_pass=$((ktap_pass + 1))
	printf '%s\n' "ok $ktap_n $1"
}

not_ok() {
	ktap_n=$((ktap_n + 1))
	ktap_fail=$((ktap_fail + 1))
	printf '%s\n' "not ok $ktap_n $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/# /'
}

skip() {
	ktap_n=$((ktap_n + 1))
	ktap_skip=$((ktap_skip + 1))
	printf '%s\n' "ok $ktap_n $1 # SKIP $2"
}

result() {
	if [ "$2" = 0 ]; then ok "$1"
	else not_ok "$1" "$([ -n "${ktap_why:-}" ] && [ -f "$ktap_why" ] && head -n 30 "$ktap_why")"; fi
	[ -z "${ktap_why:-}" ] || rm -f "$ktap_why"
}

check() {
	ktap_name=$1
	shift
	if ktap_out=$("$@" 2>&1); then ok "$ktap_name"; else not_ok "$ktap_name" "$ktap_out"; fi
}

expect_fail() {
	ktap_name=$1 ktap_pat=$2
	shift 2
	if ktap_out=$("$@" 2>&1); then
		not_ok "$ktap_name" "exited 0; output: $ktap_out"
	elif printf '%s\n' "$ktap_out" | grep -qE -- "$ktap_pat"; then
		ok "$ktap_name"
	else
		not_ok "$ktap_name" "output does not match /$ktap_pat/: $ktap_out"
	fi
}

same_text() {
	if [ "$1" = "$2" ]; then
		ok "$3"
	else
		not_ok "$3" "want:
$2
got:
$1"
	fi
}

expect_pairs() {
	ktap_dir=$1 ktap_in=$2 ktap_out=$3
	shift 3
	ktap_none=1
	for ktap_file in "$ktap_dir"/*."$ktap_in"; do
		[ -e "$ktap_file" ] || continue
		ktap_none=0
		ktap_case=${ktap_file##*/}
		ktap_case=${ktap_case%."$ktap_in"}
		ktap_want=$ktap_dir/$ktap_case.$ktap_out
		ktap_got=$(cd "$ktap_dir" && "$@" "$ktap_case.$ktap_in" 2>&1
			   echo "[exit $?]")
		[ "${KTAP_UPDATE:-}" != 1 ] || printf '%s\n' "$ktap_got" > "$ktap_want"
		if [ ! -f "$ktap_want" ]; then
			not_ok "$ktap_case" "$ktap_want: missing (KTAP_UPDATE=1 writes it)"
		elif [ "$ktap_got" = "$(cat "$ktap_want")" ]; then
			ok "$ktap_case"
		else
			not_ok "$ktap_case" "$(printf '%s\n' "$ktap_got" | diff "$ktap_want" -)"
		fi
	done
	[ "$ktap_none" = 0 ] || not_ok "$ktap_dir/*.$ktap_in" "no such inputs"
}

finish() {
	echo "1..$ktap_n"
	echo "# Totals: pass:$ktap_pass fail:$ktap_fail skip:$ktap_skip"
	if [ "$ktap_skip" -gt 0 ]; then
		echo "$ktap_pass passed, $ktap_fail failed, $ktap_skip skipped"
	else
		echo "$ktap_pass passed, $ktap_fail failed"
	fi
	[ "$ktap_fail" -eq 0 ]
}

closed_to_nobody() {
	for ktap_path; do
		setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c '
			w= rest=${1#/}
			while :; do
				w="$w/${rest%%/*}"
				[ -x "$w" ] || { printf "%s\n" "$w"; exit 1; }
				case $rest in */*) rest=${rest#*/} ;; *) break ;; esac
			done' sh "$ktap_path" || return 0
	done
}

