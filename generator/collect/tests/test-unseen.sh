#!/bin/sh
# The held-out classes no training run does (unseen/, one program a
# class) run on the host for a moment each: every one exits 0, and the
# counts it prints say it did its work, checked here against its
# iterations (KTAP).  Their C passes checkpatch.
#
# usage: test-unseen.sh BINDIR [CHECKPATCH]
set -u
[ $# -ge 1 ] || { echo "usage: test-unseen.sh BINDIR [CHECKPATCH]" >&2; exit 2; }
bin=$1 checkpatch=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SECS=0.2

# run CLASS [ARGS]: its output in $tmp/CLASS.out, status in $rc
run() {
	c=$1
	shift
	"$bin/unseen-$c" "$SECS" "$@" > "$tmp/$c.out" 2> "$tmp/$c.err"
	rc=$?
}
# val CLASS NAME: NAME=VALUE of its output; "iterations" the second word
val() {
	if [ "$2" = iterations ]; then
		awk '{ print $2 }' "$tmp/$1.out"
	else
		tr ' ' '\n' < "$tmp/$1.out" | sed -n "s/^$2=//p"
	fi
}
# counts CLASS CONDITION WHAT: the class ran, exit 0, and CONDITION
# (shell arithmetic over its counts, read into variables) holds
counts() {
	c=$1
	if [ "$rc" -ne 0 ] || [ "$(awk '{ print $1 }' "$tmp/$c.out")" != "$c" ]; then
		not_ok "unseen-$c: $3" "exit $rc: $(cat "$tmp/$c.out" "$tmp/$c.err")"
		return
	fi
	it=$(val "$c" iterations)
	if [ "${it:-0}" -gt 0 ] && [ "$(eval "echo \$(( $2 ))")" = 1 ]; then
		ok "unseen-$c: $3 ($(cat "$tmp/$c.out"))"
	else
		not_ok "unseen-$c: $3" "$(cat "$tmp/$c.out")"
	fi
}

for c in tcp fault walk threads poll; do
	[ -x "$bin/unseen-$c" ] || { echo "Bail out! $bin/unseen-$c not built"; exit 1; }
done

run tcp
conn=$(val tcp connections) bytes=$(val tcp bytes)
counts tcp '${conn:-0} == it && ${bytes:-0} == it * 16384' \
	"one loopback connection an iteration, 16 KiB echoed each"

# Every fourth step maps the tmpfs file (64 pages), the others 256
# anonymous pages; each anonymous page faults at least once.
run fault
anon=$(val fault anon_pages) file=$(val fault file_pages) faults=$(val fault faults)
counts fault '${file:-0} == it / 4 * 64 && ${anon:-0} == (it - it / 4) * 256 && ${faults:-0} >= anon' \
	"256 anonymous pages touched a step (64 file pages every fourth), at least as many minor faults"

mkdir "$tmp/a" "$tmp/b"
run walk "$tmp/a" "$tmp/b"
walks=$(val walk walks) files=$(val walk files) stats=$(val walk stats) roots=$(val walk roots)
counts walk '${roots:-0} == 2 && ${walks:-0} == it && ${files:-0} == it * 3200 && ${stats:-0} == it * 3232' \
	"each walk of a root finds its 32 directories and 3,200 files, each stat'ed"
same_text "$(find "$tmp/a" "$tmp/b" -mindepth 1 | wc -l)" 0 \
	"unseen-walk removes the trees it made"

run threads
items=$(val threads items) threads=$(val threads threads)
counts threads '${items:-0} == it * 64 && ${threads:-0} == it' \
	"the pool does 64 items a step, one thread created and joined a step"

run poll
events=$(val poll events) polls=$(val poll polls) epolls=$(val poll epoll_waits)
counts poll '${events:-0} == it * 16 && (it < 2 || (${polls:-0} > 0 && ${epolls:-0} > 0))' \
	"16 pipe bytes seen and read a step, through poll and epoll in turn"

expect_fail "a bad duration is refused" "bad duration 'x'" "$bin/unseen-tcp" x
expect_fail "unseen-walk names a root it cannot use" "$tmp/none/unseen-walk" \
	"$bin/unseen-walk" "$SECS" "$tmp/none"

if [ -n "$checkpatch" ] && [ -f "$checkpatch" ]; then
	check "unseen/*.[ch] pass checkpatch" \
		sh -c 'cd "$1" && perl "$2" --no-tree -q --terse -f unseen/*.c unseen/*.h' sh "$here/.." "$checkpatch"
else
	skip "unseen/*.[ch] pass checkpatch" "no checkpatch.pl (${checkpatch:-not given}): a kernel tree is prepared by make"
fi
finish
